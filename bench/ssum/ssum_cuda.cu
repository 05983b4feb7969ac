// The one-GPU steps of hkz_bench_ssum (hkz/bench.h): PLAIN, one
// cublasDgemm of the rank's local slice on a pregenerated basis (the best
// non-split GEMM), and ENGINE, the CUDA engine on the same slice with
// device-resident weights and output (hkz_cuda_engine_run_dev: basis
// generated on the device, DGEMMs, per-column error bound); the check
// compares the two on the device.  PLAIN's basis holds the engine's values
// (for cos too: T_{|N - 2g|}).  Compiled into libhkz_bench in a build
// with CUDA, and registered there by default.
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cuda_runtime.h>
#include <cublas_v2.h>
#include "cuda_dl.h"
#include "ssum_internal.h"
#include "hkz/cuda.h"
#include "hkz/status.h"

typedef struct
{
    hkz_cuda_engine_t e;
    cublasHandle_t h;
    int have_h, dev;
    double *d_B, *d_C, *d_out, *d_err;
    size_t pl, kl, T;
    hkz_engine_problem_t pb;      // the local slice, weights on the device
} cuda_bench_t;

static int cuda_err(cudaError_t c, const char *where)
{
    return hkz_error_set(HKZ_ERR_CUDA, "hkz_bench_ssum (cuda): %s: %s", where,
                         cudaGetErrorString(c));
}

static void cb_destroy(void *state)
{
    cuda_bench_t *s = (cuda_bench_t *) state;
    if (s == NULL)
        return;
    if (s->have_h)
        _hkz_cublas()->Destroy(s->h);
    cudaFree(s->d_B);
    cudaFree(s->d_C);
    cudaFree(s->d_out);
    cudaFree(s->d_err);
    hkz_cuda_engine_destroy(&s->e);
    free(s);
}

// B[i + j np] = T_{|N - 2 g|}(x_i), g = k0 + j (hkz/bench.h): PLAIN then
// multiplies the engine's values (the same data, so the same DGEMM power
// and clocks, and a difference to report).
extern "C" void hkz_bench_basis_cos(double *B, const double *x, size_t np,
                                    size_t k0, size_t nk, size_t N)
{
    size_t i, d, dmax = 0, j;
    for (j = 0; j < nk; j++)
    {
        size_t g2 = 2 * (k0 + j), dd = g2 > N ? g2 - N : N - g2;
        dmax = dd > dmax ? dd : dmax;
    }
    for (i = 0; i < np; i++)
    {
        double y = 2.0 * x[i], a = 1.0, b = x[i];
        for (d = 0; d <= dmax; d++)
        {
            double v = d == 0 ? 1.0 : (d == 1 ? b : fma(y, b, -a));
            if (d >= 2)
            {
                a = b;
                b = v;
            }
            if ((N + d) % 2 != 0)
                continue;
            // the modes g with |N - 2 g| = d inside [k0, k0 + nk)
            if ((N + d) / 2 >= k0 && (N + d) / 2 < k0 + nk)
                B[i + ((N + d) / 2 - k0) * np] = v;
            if (d != 0 && d <= N && (N - d) / 2 >= k0 &&
                (N - d) / 2 < k0 + nk)
                B[i + ((N - d) / 2 - k0) * np] = v;
        }
    }
}

static int cb_create(void **state, char **desc,
                     const hkz_bench_ssum_task_t *t)
{
    cuda_bench_t *s;
    hkz_engine_opts_t o;
    cudaDeviceProp prop;
    cudaError_t c;
    double *B = NULL;
    int status;

    *state = NULL;
    s = (cuda_bench_t *) calloc(1, sizeof(cuda_bench_t));
    if (s == NULL)
        return hkz_error_set(HKZ_ERR_NOMEM, "hkz_bench_ssum: out of memory");
    s->pl = t->p1 - t->p0;
    s->kl = t->k1 - t->k0;
    s->T = t->T;
    hkz_engine_opts_init(&o);
    o.backend = HKZ_BACKEND_CUDA;
    o.nchunks = t->nchunks;
    o.device = t->device;
    status = hkz_cuda_engine_create(&s->e, &o);
    if (status != HKZ_SUCCESS)
        goto cleanup;
    s->dev = hkz_cuda_engine_device(s->e);
    if ((c = cudaSetDevice(s->dev)) != cudaSuccess ||
        (c = cudaGetDeviceProperties(&prop, s->dev)) != cudaSuccess)
    {
        status = cuda_err(c, "device");
        goto cleanup;
    }
    *desc = _hkz_bench_strf("%s (device %d, %d SMs)", prop.name, s->dev,
                            prop.multiProcessorCount);
    if (_hkz_cublas() == NULL
        || _hkz_cublas()->Create(&s->h) != CUBLAS_STATUS_SUCCESS)
    {
        status = hkz_error_set(HKZ_ERR_CUDA, "hkz_bench_ssum: cublasCreate");
        goto cleanup;
    }
    s->have_h = 1;
    B = (double *) malloc(s->pl * s->kl * sizeof(double));
    if (B == NULL)
    {
        status = hkz_error_set(HKZ_ERR_NOMEM, "hkz_bench_ssum: out of memory");
        goto cleanup;
    }
    if (t->basis == HKZ_BASIS_COS)
        hkz_bench_basis_cos(B, t->x + t->p0, s->pl, t->k0, s->kl,
                            t->cos_n);
    else
        hkz_bench_basis(B, s->pl, t->x, t->p0, s->pl, t->k0, s->kl,
                        t->basis);
    if ((c = cudaMalloc((void **) &s->d_B, s->pl * s->kl * 8)) != cudaSuccess
        || (c = cudaMalloc((void **) &s->d_C, s->kl * s->T * 8))
           != cudaSuccess
        || (c = cudaMalloc((void **) &s->d_out, s->pl * s->T * 8))
           != cudaSuccess
        || (c = cudaMalloc((void **) &s->d_err, s->T * 8)) != cudaSuccess
        || (c = cudaMemcpy(s->d_B, B, s->pl * s->kl * 8,
                           cudaMemcpyHostToDevice)) != cudaSuccess
        || (c = cudaMemcpy2D(s->d_C, s->kl * 8, t->C + t->k0, t->K * 8,
                             s->kl * 8, s->T, cudaMemcpyHostToDevice))
           != cudaSuccess)
    {
        status = cuda_err(c, "device buffers");
        goto cleanup;
    }
    hkz_engine_problem_init(&s->pb);
    s->pb.P = s->pl;
    s->pb.K = s->kl;
    s->pb.T = s->T;
    s->pb.k_begin = t->k0;
    s->pb.basis = t->basis;
    s->pb.cos_n = t->cos_n;
    s->pb.x = t->x + t->p0;
    s->pb.C = s->d_C;
    s->pb.ldc = s->kl;
    s->pb.err_layout = HKZ_ERR_PER_COLUMN;

cleanup:
    free(B);
    if (status != HKZ_SUCCESS)
        cb_destroy(s);
    else
        *state = s;
    return status;
}

static int cb_step(void *state, int step)
{
    cuda_bench_t *s = (cuda_bench_t *) state;
    const double one = 1.0, zero = 0.0;
    cudaError_t c;
    int status = HKZ_SUCCESS;

    if (step == HKZ_BENCH_PLAIN)
    {
        if (_hkz_cublas()->Dgemm(s->h, CUBLAS_OP_N, CUBLAS_OP_N,
                        (int) s->pl, (int) s->T, (int) s->kl, &one, s->d_B,
                        (int) s->pl, s->d_C, (int) s->kl, &zero, s->d_out,
                        (int) s->pl) != CUBLAS_STATUS_SUCCESS)
            return hkz_error_set(HKZ_ERR_CUDA, "hkz_bench_ssum: "
                                 "cublasDgemm failed");
    }
    else if (step == HKZ_BENCH_ENGINE)
        status = hkz_cuda_engine_run_dev(s->e, s->d_out, s->d_err, NULL,
                                         &s->pb);
    else
        return hkz_error_set(HKZ_ERR_UNSUPPORTED, "hkz_bench_ssum (cuda): "
                             "step %d", step);
    if (status == HKZ_SUCCESS && (c = cudaDeviceSynchronize()) != cudaSuccess)
        status = cuda_err(c, "synchronize");
    return status;
}

// *res = max over i < n of |a[i] - b[i]| (b = NULL: |a[i]|), entries of
// columns of length m at stride ld; as the bits of non-negative doubles
// (ordered as integers; a NaN is larger than every number, so it wins).
__global__ static void max_abs_kernel(unsigned long long *res,
                                      const double *a, const double *b,
                                      size_t m, size_t ncol, size_t ld)
{
    unsigned long long mx = 0;
    for (size_t i = blockIdx.x * (size_t) blockDim.x + threadIdx.x;
         i < m * ncol; i += (size_t) gridDim.x * blockDim.x)
    {
        size_t j = i % m + i / m * ld;
        double v = fabs(b != NULL ? a[j] - b[j] : a[j]);
        unsigned long long u = (unsigned long long) __double_as_longlong(v);
        mx = u > mx ? u : mx;
    }
    for (int o = 16; o > 0; o /= 2)
    {
        unsigned long long u = __shfl_down_sync(0xffffffffu, mx, o);
        mx = u > mx ? u : mx;
    }
    if ((threadIdx.x & 31) == 0)
        atomicMax(res, mx);
}

// Runs PLAIN into a second buffer and ENGINE once more, then reduces
// max |engine - plain| and max err on the device (two scalars come back).
static int cb_check(void *state, double *maxdiff, double *maxbound)
{
    cuda_bench_t *s = (cuda_bench_t *) state;
    const double one = 1.0, zero = 0.0;
    unsigned long long *d_res = NULL, h_res[2] = {0, 0};
    double *d_ref = NULL;
    cudaError_t c;
    int status = HKZ_SUCCESS;

    if ((c = cudaMalloc((void **) &d_ref, s->pl * s->T * 8)) != cudaSuccess
        || (c = cudaMalloc((void **) &d_res, 2 * sizeof(*d_res)))
           != cudaSuccess
        || (c = cudaMemset(d_res, 0, 2 * sizeof(*d_res))) != cudaSuccess)
    {
        status = cuda_err(c, "check buffers");
        goto cleanup;
    }
    if (_hkz_cublas()->Dgemm(s->h, CUBLAS_OP_N, CUBLAS_OP_N,
                    (int) s->pl, (int) s->T, (int) s->kl, &one, s->d_B,
                    (int) s->pl, s->d_C, (int) s->kl, &zero, d_ref,
                    (int) s->pl) != CUBLAS_STATUS_SUCCESS)
    {
        status = hkz_error_set(HKZ_ERR_CUDA, "hkz_bench_ssum: cublasDgemm "
                               "failed");
        goto cleanup;
    }
    status = hkz_cuda_engine_run_dev(s->e, s->d_out, s->d_err, NULL, &s->pb);
    if (status != HKZ_SUCCESS)
        goto cleanup;
    // (cuBLAS and the engine's run ran on other streams: wait for them)
    if ((c = cudaDeviceSynchronize()) != cudaSuccess)
    {
        status = cuda_err(c, "synchronize");
        goto cleanup;
    }
    max_abs_kernel<<<1024, 256>>>(d_res, s->d_out, d_ref, s->pl, s->T,
                                  s->pl);
    max_abs_kernel<<<1, 256>>>(d_res + 1, s->d_err, NULL, s->T, 1, s->T);
    if ((c = cudaGetLastError()) != cudaSuccess ||
        (c = cudaMemcpy(h_res, d_res, sizeof(h_res),
                        cudaMemcpyDeviceToHost)) != cudaSuccess)
    {
        status = cuda_err(c, "check");
        goto cleanup;
    }
    memcpy(maxdiff, &h_res[0], sizeof(double));
    memcpy(maxbound, &h_res[1], sizeof(double));
cleanup:
    cudaFree(d_ref);
    cudaFree(d_res);
    return status;
}

static const hkz_bench_ssum_hook_t cuda_hook = {
    "cuda", cb_create, cb_destroy, cb_step, cb_check};

extern "C" const hkz_bench_ssum_hook_t *hkz_cuda_bench_ssum_hook(void)
{
    return &cuda_hook;
}
