/* engine_fix_kernels.cuh -- the device kernels of hkz_engine_fix_sum
 * (included by engine_fix.cu only; why the sums are exact: kernels/cpu/
 * engine_fix.c).  Stage 1 (fix_pairs): a thread per (pair, group).  Stage
 * 2 (fix_gemm): 16 x 16 entries (z row, pair) a block, the digits of 16
 * groups of both sides in shared memory per step; fix_gemm_rows: a block
 * per entry.  Digit products (< 2^52) go into int64 levels, spilled into
 * __int128 levels every 2^10 / L terms (<= 2^10 products a level: < 2^62);
 * stage 2 keeps the products of level >= HKZ_FIX_LOW(L) (hkz/engine.h). */
#ifndef HKZ_ENGINE_FIX_KERNELS_CUH
#define HKZ_ENGINE_FIX_KERNELS_CUH

#include <stdint.h>
#include "hkz/engine.h"

#define D HKZ_FIX_D
#define TB 16          /* entries per block side (stage 2) */
#define KC 16          /* groups per shared-memory step (stage 2) */
#define FIXB 256       /* threads of fix_gemm_rows */

typedef __int128 i128;

template <int L>
__device__ static void lev_add(i128 *lev, int64_t *a)
{
    for (int l = 0; l < 2 * L - 1; l++)
    {
        lev[l] += a[l];
        a[l] = 0;
    }
}

/* digits and carry of sum_l lev[l] 2^{D l} (as engine_fix.c) */
template <int L>
__device__ static i128 lev_norm(int64_t *d, const i128 *lev)
{
    i128 c = 0, v;
    for (int l = 0; l < 2 * L - 1; l++)
    {
        v = lev[l] + c;
        d[l] = (int64_t) (v & (((i128) 1 << D) - 1));
        c = (v - d[l]) >> D;    /* exact: a multiple of 2^D */
    }
    return c;
}

/* an entry of V: the 2 L - 1 digits of lev, then its carry; a carry
   outside (-2^62, 2^62) is flagged in *bad (stage 2 of both kernels) */
template <int L>
__device__ static void lev_store(int64_t *v, const i128 *lev, int *bad)
{
    int64_t d[2 * L - 1];
    i128 c = lev_norm<L>(d, lev);
    for (int l = 0; l < 2 * L - 1; l++)
        v[l] = d[l];
    if (c >= ((i128) 1 << 62) || c < -((i128) 1 << 62))
        *bad = 1;
    else
        v[2 * L - 1] = (int64_t) c;
}

template <int L>
__global__ static void fix_pairs(int32_t *G, size_t nk, const size_t *off,
        size_t nq, const int32_t *const *x, const int32_t *const *y,
        const uint32_t *const *yl, int *bad)
{
    size_t id = (size_t) blockIdx.x * blockDim.x + threadIdx.x;
    if (id >= nq * nk)
        return;
    size_t q = id / nk, k = id % nk, n = yl[q][k];
    const int32_t *xp = x[q] + off[k] * L, *yp = y[q] + off[k] * L;
    const int NLEV = 2 * L - 1, SPILL = 1024 / L;
    int64_t a[NLEV], d[NLEV];
    i128 lev[NLEV];
    for (int l = 0; l < NLEV; l++)
    {
        a[l] = 0;
        lev[l] = 0;
    }
    for (size_t t = 0; t < n; t++)
    {
        int32_t xv[L], yv[L];
        for (int i = 0; i < L; i++)
        {
            xv[i] = xp[t * L + i];
            yv[i] = yp[t * L + i];
        }
        for (int i = 0; i < L; i++)
            for (int j = 0; j < L; j++)
                a[i + j] += (int64_t) xv[i] * yv[j];
        if ((t + 1) % SPILL == 0)
            lev_add<L>(lev, a);
    }
    lev_add<L>(lev, a);
    i128 c = lev_norm<L>(d, lev);
    int32_t *g = G + id * L;
    for (int l = 0; l < L - 1; l++)
        g[l] = (int32_t) d[L + l];
    if (c >= ((i128) 1 << (D - 1)) || c < -((i128) 1 << (D - 1)))
        *bad = 1;
    else
        g[L - 1] = (int32_t) c;
}

template <int L>
__global__ static void fix_gemm(int64_t *V, size_t nk,
        const int32_t *const *z, size_t nz, const int32_t *G, size_t nq,
        int *bad)
{
    __shared__ int32_t zs[TB][KC * L + 1], gs[TB][KC * L + 1];
    int ti = threadIdx.y, tq = threadIdx.x;
    size_t i = (size_t) blockIdx.y * TB + ti, q = (size_t) blockIdx.x * TB + tq;
    const int NLEV = 2 * L - 1, SPILL = 1024 / L;
    int64_t a[NLEV];
    i128 lev[NLEV];
    for (int l = 0; l < NLEV; l++)
    {
        a[l] = 0;
        lev[l] = 0;
    }
    for (size_t k0 = 0; k0 < nk; k0 += KC)
    {
        int kn = nk - k0 < KC ? (int) (nk - k0) : KC;
        /* thread (ti, tq) loads digits tq, tq + 16, ... of row ti */
        for (int u = tq; u < KC * L; u += TB)
        {
            size_t iz = (size_t) blockIdx.y * TB + ti;
            size_t iq = (size_t) blockIdx.x * TB + ti;
            int kk = u / L;
            zs[ti][u] = iz < nz && kk < kn ? z[iz][(k0 + kk) * L + u % L] : 0;
            gs[ti][u] = iq < nq && kk < kn
                        ? G[(iq * nk + k0 + kk) * L + u % L] : 0;
        }
        __syncthreads();
        for (int kk = 0; kk < kn; kk++)
        {
            int32_t zv[L], gv[L];
            for (int l = 0; l < L; l++)
            {
                zv[l] = zs[ti][kk * L + l];
                gv[l] = gs[tq][kk * L + l];
            }
            for (int u = 0; u < L; u++)
                for (int v = u < HKZ_FIX_LOW(L) ? HKZ_FIX_LOW(L) - u : 0;
                     v < L; v++)
                    a[u + v] += (int64_t) zv[u] * gv[v];
        }
        __syncthreads();
        /* KC groups a step: spill every SPILL groups */
        if ((k0 / KC + 1) % (SPILL / KC) == 0)
            lev_add<L>(lev, a);
    }
    lev_add<L>(lev, a);
    if (i >= nz || q >= nq)
        return;
    lev_store<L>(V + (i * nq + q) * 2 * L, lev, bad);
}

/* stage 2 for few entries (or L = 16, where the 16 x 16 tiles spill
 * registers): a block per entry, its FIXB threads over the groups (at most
 * 2^10 / L groups a thread between spills into the int128 levels), the
 * int64 levels summed exactly as int128 across the block (warp shuffles
 * of both halves, then shared memory) */
template <int L>
__global__ static void fix_gemm_rows(int64_t *V, size_t nk,
        const int32_t *const *z, size_t nz, const int32_t *G, size_t nq,
        int *bad)
{
    const int NLEV = 2 * L - 1, SPILL = 1024 / L;
    __shared__ i128 sh[FIXB / 32][2 * L - 1];
    size_t n = blockIdx.x, i = n / nq, q = n % nq;
    const int32_t *zp = z[i], *gp = G + q * nk * L;
    int64_t a[NLEV];
    i128 lev[NLEV];
    int cnt = 0;
    for (int l = 0; l < NLEV; l++)
    {
        a[l] = 0;
        lev[l] = 0;
    }
    for (size_t k = threadIdx.x; k < nk; k += FIXB)
    {
        int32_t zv[L], gv[L];
        for (int l = 0; l < L; l++)
        {
            zv[l] = zp[k * L + l];
            gv[l] = gp[k * L + l];
        }
        for (int u = 0; u < L; u++)
            for (int v = u < HKZ_FIX_LOW(L) ? HKZ_FIX_LOW(L) - u : 0; v < L;
                 v++)
                a[u + v] += (int64_t) zv[u] * gv[v];
        if (++cnt == SPILL)
        {
            lev_add<L>(lev, a);
            cnt = 0;
        }
    }
    lev_add<L>(lev, a);
    /* |lev| < 2^62 (nk / (FIXB SPILL) + 1): the block sum fits in int128 */
    for (int l = 0; l < NLEV; l++)
    {
        i128 x = lev[l];
        for (int o = 16; o > 0; o /= 2)
        {
            uint64_t lo = __shfl_down_sync(0xffffffffu, (uint64_t) x, o);
            int64_t hi = __shfl_down_sync(0xffffffffu, (int64_t) (x >> 64),
                                          o);
            x += (i128) (((unsigned __int128) (uint64_t) hi << 64) | lo);
        }
        if (threadIdx.x % 32 == 0)
            sh[threadIdx.x / 32][l] = x;
    }
    __syncthreads();
    if (threadIdx.x != 0)
        return;
    for (int l = 0; l < NLEV; l++)
    {
        lev[l] = 0;
        for (int w = 0; w < FIXB / 32; w++)
            lev[l] += sh[w][l];
    }
    lev_store<L>(V + (i * nq + q) * 2 * L, lev, bad);
}

#endif
