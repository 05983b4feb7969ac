// Batched dense eigensolvers on the GPU (cuSOLVER): complex Hermitian
// (zheevd / zheevjBatched) and real symmetric (dsyevd / dsyevjBatched).
// Generic: plain C types in hkz/cuda.h, no group knowledge; hkz_cuda_register
// hands hkz_cuda_eigh_herm to the group that wants it, through the group's
// own hook.  Double results, not certified.
#include <cuda_runtime.h>
#include <cusolverDn.h>
#include <cuComplex.h>
#include <stdlib.h>
#include "hkz/cuda.h"
#include "hkz/status.h"
#include "cuda_dl.h"

namespace {

int dev_state = -1;  // -1 unknown, 0 no device, 1 device
cusolverDnHandle_t handle = NULL;
const _hkz_cusolver_t *sv = NULL;   // set with handle (cuda_dl.h)

int have_device(void)
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

int get_handle(const char *fn)
{
    if (!have_device())
        return hkz_error_set(HKZ_ERR_UNSUPPORTED, "%s: no CUDA device", fn);
    if (sv == NULL && (sv = _hkz_cusolver()) == NULL)
        return HKZ_ERR_UNSUPPORTED;   // (the message is set)
    if (handle == NULL
        && sv->Create(&handle) != CUSOLVER_STATUS_SUCCESS)
    {
        handle = NULL;
        return hkz_error_set(HKZ_ERR_CUDA, "%s: cusolverDnCreate failed", fn);
    }
    return HKZ_SUCCESS;
}

#define CU_TRY(call, what)                                                  \
    do {                                                                    \
        cudaError_t e_ = (call);                                            \
        if (e_ != cudaSuccess) {                                            \
            status = hkz_error_set(HKZ_ERR_CUDA, "%s: %s: %s", fn, what,    \
                                   cudaGetErrorString(e_));                 \
            goto cleanup;                                                   \
        }                                                                   \
    } while (0)

#define CS_TRY(call, what)                                                  \
    do {                                                                    \
        cusolverStatus_t s_ = (call);                                       \
        if (s_ != CUSOLVER_STATUS_SUCCESS) {                                \
            status = hkz_error_set(HKZ_ERR_CUDA, "%s: %s: cusolver status " \
                                   "%d", fn, what, (int) s_);               \
            goto cleanup;                                                   \
        }                                                                   \
    } while (0)

// cuSOLVER entry points of one element type
struct herm_t
{
    typedef cuDoubleComplex T;
    static const size_t ndouble = 2;
    static cusolverStatus_t evd_size(int n, T *A, double *W, int *lw)
    {
        return sv->Zheevd_bufferSize(handle,
                CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_UPPER, n, A, n, W,
                lw);
    }
    static cusolverStatus_t evd(int n, T *A, double *W, T *work, int lw,
                                int *info)
    {
        return sv->Zheevd(handle, CUSOLVER_EIG_MODE_VECTOR,
                CUBLAS_FILL_MODE_UPPER, n, A, n, W, work, lw, info);
    }
    static cusolverStatus_t evj_size(int n, T *A, double *W, int *lw,
                                     syevjInfo_t p, int batch)
    {
        return sv->ZheevjBatched_bufferSize(handle,
                CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_UPPER, n, A, n, W,
                lw, p, batch);
    }
    static cusolverStatus_t evj(int n, T *A, double *W, T *work, int lw,
                                int *info, syevjInfo_t p, int batch)
    {
        return sv->ZheevjBatched(handle,
                CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_UPPER, n, A, n, W,
                work, lw, info, p, batch);
    }
};

struct sym_t
{
    typedef double T;
    static const size_t ndouble = 1;
    static cusolverStatus_t evd_size(int n, T *A, double *W, int *lw)
    {
        return sv->Dsyevd_bufferSize(handle,
                CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_UPPER, n, A, n, W,
                lw);
    }
    static cusolverStatus_t evd(int n, T *A, double *W, T *work, int lw,
                                int *info)
    {
        return sv->Dsyevd(handle, CUSOLVER_EIG_MODE_VECTOR,
                CUBLAS_FILL_MODE_UPPER, n, A, n, W, work, lw, info);
    }
    static cusolverStatus_t evj_size(int n, T *A, double *W, int *lw,
                                     syevjInfo_t p, int batch)
    {
        return sv->DsyevjBatched_bufferSize(handle,
                CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_UPPER, n, A, n, W,
                lw, p, batch);
    }
    static cusolverStatus_t evj(int n, T *A, double *W, T *work, int lw,
                                int *info, syevjInfo_t p, int batch)
    {
        return sv->DsyevjBatched(handle,
                CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_UPPER, n, A, n, W,
                work, lw, info, p, batch);
    }
};

// batch matrices of order n: Jacobi batched when n <= 32 and batch > 1,
// else divide and conquer one matrix after the other
template <class S>
int eigh(double *w, double *A, size_t n, size_t batch, const char *fn)
{
    typedef typename S::T T;
    T *dA = NULL, *dWork = NULL;
    double *dW = NULL;
    int *dInfo = NULL, *info = NULL, lwork = 0;
    syevjInfo_t params = NULL;
    int status = HKZ_SUCCESS;
    const int jacobi = n <= 32 && batch > 1;
    size_t i, nb = jacobi ? batch : 1;
    size_t one = n * n * sizeof(T);

    if (n < 1 || n > 46340 || batch < 1 || batch > ((size_t) 1 << 24) ||
        w == NULL || A == NULL)
        return hkz_error_set(HKZ_ERR_ARG, "%s: need 1 <= n <= 46340, "
                             "1 <= batch <= 2^24 and non-NULL w, A (n = %zu,"
                             " batch = %zu)", fn, n, batch);
    if ((status = get_handle(fn)) != HKZ_SUCCESS)
        return status;
    info = (int *) malloc(nb * sizeof(int));
    if (info == NULL)
        return hkz_error_set(HKZ_ERR_NOMEM, "%s: out of memory", fn);
    CU_TRY(cudaMalloc((void **) &dA, one * nb), "cudaMalloc");
    CU_TRY(cudaMalloc((void **) &dW, n * nb * sizeof(double)), "cudaMalloc");
    CU_TRY(cudaMalloc((void **) &dInfo, nb * sizeof(int)), "cudaMalloc");
    if (jacobi)
    {
        CS_TRY(sv->CreateSyevjInfo(&params), "CreateSyevjInfo");
        CS_TRY(sv->XsyevjSetTolerance(params, 0.0),
               "SetTolerance");
        CS_TRY(sv->XsyevjSetMaxSweeps(params, 100),
               "SetMaxSweeps");
        CS_TRY(sv->XsyevjSetSortEig(params, 1), "SetSortEig");
        CU_TRY(cudaMemcpy(dA, A, one * batch, cudaMemcpyHostToDevice),
               "copy in");
        CS_TRY(S::evj_size((int) n, dA, dW, &lwork, params, (int) batch),
               "syevjBatched_bufferSize");
        CU_TRY(cudaMalloc((void **) &dWork,
                          (size_t) (lwork > 0 ? lwork : 1) * sizeof(T)),
               "cudaMalloc");
        CS_TRY(S::evj((int) n, dA, dW, dWork, lwork, dInfo, params,
                      (int) batch), "syevjBatched");
        CU_TRY(cudaMemcpy(info, dInfo, batch * sizeof(int),
                          cudaMemcpyDeviceToHost), "copy info");
        for (i = 0; i < batch; i++)
            if (info[i] != 0)
            {
                status = hkz_error_set(HKZ_ERR_LAPACK, "%s: syevjBatched "
                                       "info = %d at matrix %zu", fn,
                                       info[i], i);
                goto cleanup;
            }
        CU_TRY(cudaMemcpy(A, dA, one * batch, cudaMemcpyDeviceToHost),
               "copy out");
        CU_TRY(cudaMemcpy(w, dW, n * batch * sizeof(double),
                          cudaMemcpyDeviceToHost), "copy out");
        goto cleanup;
    }
    CS_TRY(S::evd_size((int) n, dA, dW, &lwork), "syevd_bufferSize");
    CU_TRY(cudaMalloc((void **) &dWork,
                      (size_t) (lwork > 0 ? lwork : 1) * sizeof(T)),
           "cudaMalloc");
    for (i = 0; i < batch; i++)
    {
        double *Ai = A + i * n * n * S::ndouble;
        CU_TRY(cudaMemcpy(dA, Ai, one, cudaMemcpyHostToDevice), "copy in");
        CS_TRY(S::evd((int) n, dA, dW, dWork, lwork, dInfo), "syevd");
        CU_TRY(cudaMemcpy(info, dInfo, sizeof(int), cudaMemcpyDeviceToHost),
               "copy info");
        if (info[0] != 0)
        {
            status = hkz_error_set(HKZ_ERR_LAPACK, "%s: syevd info = %d "
                                   "(n = %zu, matrix %zu)", fn, info[0], n,
                                   i);
            goto cleanup;
        }
        CU_TRY(cudaMemcpy(Ai, dA, one, cudaMemcpyDeviceToHost), "copy out");
        CU_TRY(cudaMemcpy(w + i * n, dW, n * sizeof(double),
                          cudaMemcpyDeviceToHost), "copy out");
    }
cleanup:
    if (params != NULL)
        sv->DestroySyevjInfo(params);
    cudaFree(dA);
    cudaFree(dW);
    cudaFree(dInfo);
    cudaFree(dWork);
    free(info);
    return status;
}

}  // namespace

extern "C" int hkz_cuda_eigh_herm(double *w, double *A, size_t n,
                                  size_t batch)
{
    return eigh<herm_t>(w, A, n, batch, "hkz_cuda_eigh_herm");
}

extern "C" int hkz_cuda_eigh_sym(double *w, double *A, size_t n,
                                 size_t batch)
{
    return eigh<sym_t>(w, A, n, batch, "hkz_cuda_eigh_sym");
}
