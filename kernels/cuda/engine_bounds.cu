// Rigorous error bound of the CUDA engine, per column (engine.h, ERROR
// BOUND; derivation in kernels/cpu/engine_bounds.c, part 2):
//   |Out~[p,t] - (B C)[p,t]| <= gamma_K W1 + W2 + W3 + K 2^-1073,
//   W1 = sum_k bmax_k |C~_kt|, W2 = sum_k berr_k |C~_kt|,
//   W3 = sum_k (bmax_k + berr_k) cerr_kt,
// valid for any summation order of the K products, so for cuBLAS's blocked
// FP64 tensor-core DGEMM (DMMA is IEEE fma arithmetic, round to nearest)
// and for our fixed K blocks alike.  The W are sums of K non-negative
// products evaluated here in double, round to nearest, in a tree order
// (fma or not: at most K + 1 roundings per term), so, as on the CPU,
//   exact W <= (W^ + K 2^-1075) / (1 - gamma_{K+1}),
//   1 / (1 - gamma_{K+1}) <= 1 + 2 gamma_{K+1},  gamma_n <= n u (1 + 2^-12)
// for n u <= 2^-13 (K <= 2^40).  The post-processing is done with the
// directed-rounding intrinsics (__dadd_ru, __dmul_ru), the constants are
// exact or rounded up on the host.
#include <math.h>
#include "engine_cuda.h"

#define BOUND_THREADS 256

__global__ static void col_bounds_kernel(double *err, double *mag, int *flag,
        const double *bmax, const double *berr, const double *C,
        const double *cerr, size_t ldc, size_t K, double gam, double infl,
        double under)
{
    __shared__ double s1[BOUND_THREADS], s2[BOUND_THREADS],
        s3[BOUND_THREADS];
    __shared__ int sbad[BOUND_THREADS];
    size_t t = blockIdx.x;
    const double *c = C + t * ldc;
    const double *ce = cerr != NULL ? cerr + t * ldc : NULL;
    double w1 = 0.0, w2 = 0.0, w3 = 0.0;
    int bad = 0;

    // unrolled: several loads in flight; the fma's still run in order
#pragma unroll 4
    for (size_t k = threadIdx.x; k < K; k += BOUND_THREADS)
    {
        double a = fabs(c[k]);
        double be = berr != NULL ? berr[k] : 0.0;
        if (!isfinite(a))
            bad = 1;
        w1 = fma(bmax[k], a, w1);
        w2 = fma(be, a, w2);
        if (ce != NULL)
            w3 = fma(bmax[k] + be, ce[k], w3);
    }
    s1[threadIdx.x] = w1;
    s2[threadIdx.x] = w2;
    s3[threadIdx.x] = w3;
    sbad[threadIdx.x] = bad;
    __syncthreads();
    for (int h = BOUND_THREADS / 2; h > 0; h /= 2)
    {
        if (threadIdx.x < h)
        {
            s1[threadIdx.x] += s1[threadIdx.x + h];
            s2[threadIdx.x] += s2[threadIdx.x + h];
            s3[threadIdx.x] += s3[threadIdx.x + h];
            sbad[threadIdx.x] |= sbad[threadIdx.x + h];
        }
        __syncthreads();
    }
    if (threadIdx.x == 0)
    {
        double m1 = __dmul_ru(__dadd_ru(s1[0], under), infl);
        double m2 = __dmul_ru(__dadd_ru(s2[0], under), infl);
        double m3 = __dmul_ru(__dadd_ru(s3[0], under), infl);
        if (mag != NULL)
            mag[t] = m1;
        // gamma_K W1 + W2 + W3 + K 2^-1073 (= 4 under)
        err[t] = __dadd_ru(__dadd_ru(__dadd_ru(__dmul_ru(m1, gam), m2), m3),
                           4.0 * under);
        if (sbad[0])
        {
            err[t] = NAN;
            atomicMax(flag, 1 + (int) (t < 0x7ffffffe ? t : 0x7ffffffe));
        }
    }
}

extern "C" int _hkz_cuda_col_bounds(double *d_col, int *d_flag,
        const double *d_bmax, const double *d_berr, const double *d_C,
        const double *d_cerr, size_t ldc, size_t K, size_t T, cudaStream_t s)
{
    // gamma_K <= K 4097 2^-65 (exact: K 4097 < 2^53)
    double gam = (double) (K * 4097) * 0x1p-65;
    // 1 + 2 gamma_{K+1}, rounded up
    double infl = nextafter(1.0 + (double) ((K + 1) * 4097) * 0x1p-64,
                            INFINITY);
    // K 2^-1075 <= ceil(K / 2) 2^-1074 (exact subnormal)
    double under = (double) ((K + 1) / 2) * 0x1p-1074;
    cudaError_t e;

    if (T > 0x7fffffff)
        return hkz_error_set(HKZ_ERR_ARG, "hkz_cuda_engine: T too large");
    col_bounds_kernel<<<(unsigned) T, BOUND_THREADS, 0, s>>>(d_col,
            d_col + T, d_flag, d_bmax, d_berr, d_C, d_cerr, ldc, K, gam,
            infl, under);
    e = cudaGetLastError();
    return e == cudaSuccess ? HKZ_SUCCESS
                            : HKZ_CUDA_ERR(e, "hkz_cuda_engine (bounds)");
}

__global__ static void broadcast_kernel(double *err, size_t ld,
                                        const double *col, size_t P)
{
    size_t t = blockIdx.y;
    double v = col[t];
    for (size_t i = blockIdx.x * (size_t) blockDim.x + threadIdx.x; i < P;
         i += (size_t) gridDim.x * blockDim.x)
        err[i + t * ld] = v;
}

extern "C" int _hkz_cuda_err_broadcast(double *d_err, size_t ld,
        const double *d_col, size_t P, size_t T, cudaStream_t s)
{
    cudaError_t e = cudaSuccess;
    for (size_t t0 = 0; t0 < T && e == cudaSuccess; t0 += 65535)
    {
        size_t nt = T - t0 < 65535 ? T - t0 : 65535;
        size_t nb = (P + 255) / 256;
        dim3 grid((unsigned) (nb < 64 ? nb : 64), (unsigned) nt);
        broadcast_kernel<<<grid, 256, 0, s>>>(d_err + t0 * ld, ld,
                                              d_col + t0, P);
        e = cudaGetLastError();
    }
    return e == cudaSuccess ? HKZ_SUCCESS
                            : HKZ_CUDA_ERR(e, "hkz_cuda_engine (err)");
}

// smallest double >= a + b (a, b >= 0)
static double add_up(double a, double b)
{
    return nextafter(a + b, INFINITY);
}

static double mul_up(double a, double b)
{
    return nextafter(a * b, INFINITY);
}

extern "C" void _hkz_cuda_reduce_bounds(double *err, double *mag,
        const double *all, size_t nranks, size_t T)
{
    // gamma_{N-1} <= (N-1) 4097 2^-65, exact
    double gam = (double) ((nranks - 1) * 4097) * 0x1p-65;
    for (size_t t = 0; t < T; t++)
    {
        double se = 0.0, sm = 0.0;
        for (size_t r = 0; r < nranks; r++)
        {
            se = add_up(se, all[2 * T * r + t]);
            sm = add_up(sm, all[2 * T * r + T + t]);
        }
        if (nranks == 1)
        {
            se = all[t];
            sm = all[T + t];
        }
        else
            se = add_up(se, mul_up(gam, add_up(sm, se)));
        if (mag != NULL)
            mag[t] = sm;
        if (err != NULL)
            err[t] = se;
    }
}
