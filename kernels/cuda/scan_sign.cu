// Sign-change / minimum scan of the columns of a device matrix, for zero
// finding on engine output (hkz/cuda.h, hkz_cuda_sign_scan).  An entry is
// certified positive when out > err and negative when out < -err (exact
// double comparisons), so a reported change i has a true zero between
// points i and i + 1 for a continuous function whose values lie in
// [out - err, out + err].  One block per column; the change indices are
// ordered by a block-wide prefix sum, tile by tile.
#include <stdlib.h>
#include <math.h>
#include <cub/block/block_reduce.cuh>
#include <cub/block/block_scan.cuh>
#include "engine_cuda.h"

#define SCAN_THREADS 256

struct minloc
{
    double v;
    size_t i;
};

struct minloc_op
{
    __device__ __forceinline__ minloc operator()(const minloc &a,
                                                 const minloc &b) const
    {
        if (b.v < a.v || (b.v == a.v && b.i < a.i))
            return b;
        return a;
    }
};

__device__ __forceinline__ int cert_sign(double v, double e)
{
    return v > e ? 1 : (v < -e ? -1 : 0);
}

__global__ static void scan_kernel(size_t *res, size_t *idx, size_t cap,
                                   const double *out, size_t ldo,
                                   const double *err, int per_entry,
                                   size_t P)
{
    typedef cub::BlockScan<int, SCAN_THREADS> scan_t;
    typedef cub::BlockReduce<minloc, SCAN_THREADS> min_t;
    typedef cub::BlockReduce<int, SCAN_THREADS> sum_t;
    __shared__ union
    {
        typename scan_t::TempStorage scan;
        typename min_t::TempStorage min;
        typename sum_t::TempStorage sum;
    } tmp;
    __shared__ size_t base;
    size_t t = blockIdx.x;
    const double *o = out + t * ldo;
    const double *e = per_entry ? err + t * ldo : err + t;
    size_t ecol = per_entry ? 1 : 0;
    size_t nunc = 0;
    minloc best = {INFINITY, (size_t) -1};

    if (threadIdx.x == 0)
        base = 0;
    __syncthreads();
    for (size_t i0 = 0; i0 < P; i0 += SCAN_THREADS)
    {
        size_t i = i0 + threadIdx.x;
        int change = 0, total;
        if (i < P)
        {
            double v = o[i], a = fabs(v);
            int s = cert_sign(v, e[i * ecol]);
            if (s == 0)
                nunc++;
            if (a < best.v)   // NaN never wins
            {
                best.v = a;
                best.i = i;
            }
            if (i + 1 < P && s != 0)
                change = s * cert_sign(o[i + 1], e[(i + 1) * ecol]) < 0;
        }
        int pos;
        scan_t(tmp.scan).ExclusiveSum(change, pos, total);
        if (change && base + pos < cap)
            idx[t * cap + base + pos] = i;
        __syncthreads();
        if (threadIdx.x == 0)
            base += total;
        __syncthreads();
    }
    minloc m = min_t(tmp.min).Reduce(best, minloc_op());
    __syncthreads();
    int u = sum_t(tmp.sum).Sum((int) (nunc < 0x7fffffff ? nunc : 0x7fffffff));
    if (threadIdx.x == 0)
    {
        res[3 * t] = base;
        res[3 * t + 1] = (size_t) u;
        res[3 * t + 2] = m.i == (size_t) -1 ? 0 : m.i;
    }
}

extern "C" int hkz_cuda_sign_scan(size_t *nchange, size_t *idx, size_t cap,
        size_t *nuncertain, size_t *argmin, const double *d_out, size_t ldo,
        const double *d_err, int err_layout, size_t P, size_t T, int device)
{
    size_t *d_res = NULL, *h_res = NULL, t;
    int prev = -1, status = HKZ_SUCCESS;
    cudaError_t ce;

    if (nchange == NULL || d_out == NULL || d_err == NULL ||
        (cap > 0 && idx == NULL))
        return hkz_error_set(HKZ_ERR_ARG, "hkz_cuda_sign_scan: NULL "
                             "argument");
    if (ldo == 0)
        ldo = P;
    if (P < 1 || T < 1 || ldo < P || T > 0x7fffffff ||
        P > 0x7fffffff || cap > ((size_t) 1 << 40) / T)
        return hkz_error_set(HKZ_ERR_ARG, "hkz_cuda_sign_scan: bad sizes "
                             "(P = %zu, T = %zu, ldo = %zu, cap = %zu)", P,
                             T, ldo, cap);
    if (err_layout != HKZ_ERR_PER_ENTRY && err_layout != HKZ_ERR_PER_COLUMN)
        return hkz_error_set(HKZ_ERR_ARG, "hkz_cuda_sign_scan: unknown "
                             "err_layout %d", err_layout);
    if (device >= 0)
    {
        ce = cudaGetDevice(&prev);
        if (ce == cudaSuccess)
            ce = cudaSetDevice(device);
        if (ce != cudaSuccess)
            return HKZ_CUDA_ERR(ce, "hkz_cuda_sign_scan");
    }
    h_res = (size_t *) malloc(3 * T * sizeof(size_t));
    if (h_res == NULL)
    {
        status = hkz_error_set(HKZ_ERR_NOMEM, "hkz_cuda_sign_scan: out of "
                               "memory");
        goto cleanup;
    }
    HKZ_CUDA_TRY_GOTO(cudaMalloc((void **) &d_res,
                                 (3 * T + T * cap) * sizeof(size_t)),
                      "hkz_cuda_sign_scan");
    scan_kernel<<<(unsigned) T, SCAN_THREADS>>>(d_res, d_res + 3 * T, cap,
            d_out, ldo, d_err, err_layout == HKZ_ERR_PER_ENTRY, P);
    HKZ_CUDA_TRY_GOTO(cudaGetLastError(), "hkz_cuda_sign_scan");
    HKZ_CUDA_TRY_GOTO(cudaMemcpy(h_res, d_res, 3 * T * sizeof(size_t),
                                 cudaMemcpyDeviceToHost),
                      "hkz_cuda_sign_scan");
    if (cap > 0)
        HKZ_CUDA_TRY_GOTO(cudaMemcpy(idx, d_res + 3 * T,
                                     T * cap * sizeof(size_t),
                                     cudaMemcpyDeviceToHost),
                          "hkz_cuda_sign_scan");
    for (t = 0; t < T; t++)
    {
        nchange[t] = h_res[3 * t];
        if (nuncertain != NULL)
            nuncertain[t] = h_res[3 * t + 1];
        if (argmin != NULL)
            argmin[t] = h_res[3 * t + 2];
    }
cleanup:
    cudaFree(d_res);
    free(h_res);
    if (prev >= 0)
        cudaSetDevice(prev);
    return status;
}
