// GPU eigensolvers of the su2mix blocks (groups/su2mix, spec X8): cuSOLVER
// zheevd (one block) and zheevj batched (many small blocks).  Double path
// only; the certified CPU check (hkz_su2mix_eig_enclose) can take these
// eigenvectors as its seed.  Registered with hkz_su2mix_eigh_d at load, so
// the core library never links CUDA.  slong is long on the supported
// platforms (FLINT 2.9 / 3 on LP64), which the declarations below use.
#include <cuda_runtime.h>
#include <cusolverDn.h>
#include <cuComplex.h>
#include <stdlib.h>
#include "hkz/status.h"

extern "C" {
int hkz_su2mix_eigh_lapack(double *w, double *H, long d);
void hkz_su2mix_eigh_register(int (*fn)(double *, double *, long),
                              long min_dim);
int hkz_su2mix_cuda_eigh(double *w, double *H, long d);
int hkz_su2mix_cuda_eigh_batched(double *w, double *H, long d, long batch);
void hkz_su2mix_cuda_register(long min_dim);
}

static int dev_state = -1;  // -1 unknown, 0 no device, 1 device
static cusolverDnHandle_t handle = NULL;

static int have_device(void)
{
    if (dev_state < 0)
    {
        int c = 0;
        if (cudaGetDeviceCount(&c) != cudaSuccess)
        {
            c = 0;
            (void) cudaGetLastError();
        }
        dev_state = c > 0;
    }
    return dev_state;
}

static int get_handle(void)
{
    if (!have_device())
        return hkz_error_set(HKZ_ERR_UNSUPPORTED,
                             "su2mix cuda: no CUDA device");
    if (handle == NULL && cusolverDnCreate(&handle) != CUSOLVER_STATUS_SUCCESS)
    {
        handle = NULL;
        return hkz_error_set(HKZ_ERR_CUDA, "su2mix cuda: cusolverDnCreate "
                             "failed");
    }
    return HKZ_SUCCESS;
}

#define CU_TRY(call, what)                                                  \
    do {                                                                    \
        cudaError_t e_ = (call);                                            \
        if (e_ != cudaSuccess) {                                            \
            status = hkz_error_set(HKZ_ERR_CUDA, "su2mix cuda: %s: %s",     \
                                   what, cudaGetErrorString(e_));           \
            goto cleanup;                                                   \
        }                                                                   \
    } while (0)

#define CS_TRY(call, what)                                                  \
    do {                                                                    \
        cusolverStatus_t s_ = (call);                                       \
        if (s_ != CUSOLVER_STATUS_SUCCESS) {                                \
            status = hkz_error_set(HKZ_ERR_CUDA, "su2mix cuda: %s: "        \
                                   "cusolver status %d", what, (int) s_);   \
            goto cleanup;                                                   \
        }                                                                   \
    } while (0)

extern "C" int hkz_su2mix_cuda_eigh(double *w, double *H, long d)
{
    cuDoubleComplex *dA = NULL, *dWork = NULL;
    double *dW = NULL;
    int *dInfo = NULL, info = 0, lwork = 0;
    int status = HKZ_SUCCESS;
    size_t bytes = (size_t) d * (size_t) d * sizeof(cuDoubleComplex);

    if (d < 1 || d > 46340)
        return hkz_error_set(HKZ_ERR_ARG, "hkz_su2mix_cuda_eigh: bad d");
    if ((status = get_handle()) != HKZ_SUCCESS)
        return status;
    CU_TRY(cudaMalloc((void **) &dA, bytes), "cudaMalloc");
    CU_TRY(cudaMalloc((void **) &dW, (size_t) d * sizeof(double)),
           "cudaMalloc");
    CU_TRY(cudaMalloc((void **) &dInfo, sizeof(int)), "cudaMalloc");
    CU_TRY(cudaMemcpy(dA, H, bytes, cudaMemcpyHostToDevice), "copy in");
    CS_TRY(cusolverDnZheevd_bufferSize(handle, CUSOLVER_EIG_MODE_VECTOR,
                                       CUBLAS_FILL_MODE_UPPER, (int) d, dA,
                                       (int) d, dW, &lwork),
           "zheevd_bufferSize");
    CU_TRY(cudaMalloc((void **) &dWork,
                      (size_t) (lwork > 0 ? lwork : 1) *
                      sizeof(cuDoubleComplex)), "cudaMalloc");
    CS_TRY(cusolverDnZheevd(handle, CUSOLVER_EIG_MODE_VECTOR,
                            CUBLAS_FILL_MODE_UPPER, (int) d, dA, (int) d, dW,
                            dWork, lwork, dInfo), "zheevd");
    CU_TRY(cudaMemcpy(&info, dInfo, sizeof(int), cudaMemcpyDeviceToHost),
           "copy info");
    if (info != 0)
    {
        status = hkz_error_set(HKZ_ERR_LAPACK, "su2mix cuda: zheevd info = "
                               "%d (d = %ld)", info, d);
        goto cleanup;
    }
    CU_TRY(cudaMemcpy(H, dA, bytes, cudaMemcpyDeviceToHost), "copy out");
    CU_TRY(cudaMemcpy(w, dW, (size_t) d * sizeof(double),
                      cudaMemcpyDeviceToHost), "copy out");
cleanup:
    cudaFree(dA);
    cudaFree(dW);
    cudaFree(dInfo);
    cudaFree(dWork);
    return status;
}

extern "C" int hkz_su2mix_cuda_eigh_batched(double *w, double *H, long d,
                                            long batch)
{
    cuDoubleComplex *dA = NULL, *dWork = NULL;
    double *dW = NULL;
    int *dInfo = NULL, *info = NULL, lwork = 0;
    syevjInfo_t params = NULL;
    int status = HKZ_SUCCESS;
    long i;
    size_t bytes = (size_t) d * (size_t) d * (size_t) batch *
                   sizeof(cuDoubleComplex);

    if (d < 1 || d > 32 || batch < 1 || batch > (1L << 24))
        return hkz_error_set(HKZ_ERR_ARG, "hkz_su2mix_cuda_eigh_batched: "
                             "need 1 <= d <= 32 and batch >= 1");
    if ((status = get_handle()) != HKZ_SUCCESS)
        return status;
    info = (int *) malloc((size_t) batch * sizeof(int));
    if (info == NULL)
        return hkz_error_set(HKZ_ERR_NOMEM, "su2mix cuda: no memory");
    CS_TRY(cusolverDnCreateSyevjInfo(&params), "CreateSyevjInfo");
    CS_TRY(cusolverDnXsyevjSetTolerance(params, 0.0), "SetTolerance");
    CS_TRY(cusolverDnXsyevjSetMaxSweeps(params, 100), "SetMaxSweeps");
    CS_TRY(cusolverDnXsyevjSetSortEig(params, 1), "SetSortEig");
    CU_TRY(cudaMalloc((void **) &dA, bytes), "cudaMalloc");
    CU_TRY(cudaMalloc((void **) &dW, (size_t) (d * batch) * sizeof(double)),
           "cudaMalloc");
    CU_TRY(cudaMalloc((void **) &dInfo, (size_t) batch * sizeof(int)),
           "cudaMalloc");
    CU_TRY(cudaMemcpy(dA, H, bytes, cudaMemcpyHostToDevice), "copy in");
    CS_TRY(cusolverDnZheevjBatched_bufferSize(handle,
                                              CUSOLVER_EIG_MODE_VECTOR,
                                              CUBLAS_FILL_MODE_UPPER, (int) d,
                                              dA, (int) d, dW, &lwork, params,
                                              (int) batch),
           "zheevjBatched_bufferSize");
    CU_TRY(cudaMalloc((void **) &dWork,
                      (size_t) (lwork > 0 ? lwork : 1) *
                      sizeof(cuDoubleComplex)), "cudaMalloc");
    CS_TRY(cusolverDnZheevjBatched(handle, CUSOLVER_EIG_MODE_VECTOR,
                                   CUBLAS_FILL_MODE_UPPER, (int) d, dA,
                                   (int) d, dW, dWork, lwork, dInfo, params,
                                   (int) batch), "zheevjBatched");
    CU_TRY(cudaMemcpy(info, dInfo, (size_t) batch * sizeof(int),
                      cudaMemcpyDeviceToHost), "copy info");
    for (i = 0; i < batch; i++)
        if (info[i] != 0)
        {
            status = hkz_error_set(HKZ_ERR_LAPACK, "su2mix cuda: "
                                   "zheevjBatched info = %d at block %ld",
                                   info[i], i);
            goto cleanup;
        }
    CU_TRY(cudaMemcpy(H, dA, bytes, cudaMemcpyDeviceToHost), "copy out");
    CU_TRY(cudaMemcpy(w, dW, (size_t) (d * batch) * sizeof(double),
                      cudaMemcpyDeviceToHost), "copy out");
cleanup:
    if (params != NULL)
        cusolverDnDestroySyevjInfo(params);
    cudaFree(dA);
    cudaFree(dW);
    cudaFree(dInfo);
    cudaFree(dWork);
    free(info);
    return status;
}

// Registered solver: the GPU when a device exists, else LAPACKE.
static int gpu_or_cpu(double *w, double *H, long d)
{
    if (!have_device())
        return hkz_su2mix_eigh_lapack(w, H, d);
    return hkz_su2mix_cuda_eigh(w, H, d);
}

extern "C" void hkz_su2mix_cuda_register(long min_dim)
{
    hkz_su2mix_eigh_register(gpu_or_cpu, min_dim);
}

// Loading libhkz_cuda routes blocks of dimension >= 64 to cuSOLVER (the
// device check is deferred to the first call).
__attribute__((constructor)) static void su2mix_register_at_load(void)
{
    hkz_su2mix_cuda_register(64);
}
