/* engine_fix_kernels.cuh -- the device kernels of hkz_engine_fix_sum
 * (included by engine_fix.cu only; why the sums are exact: kernels/cpu/
 * engine_fix.c).  Stage 1 (fix_pairs): a thread per (pair, group), which
 * also records per pair the groups with terms (kq).  Stage 2 (fix_gemm):
 * 16 x 16 entries (z row, pair) a block, split over the groups: block z of
 * the grid takes the SPILL groups [z SPILL, (z + 1) SPILL) (no spill
 * inside: at most 2^10 digit products a level, < 2^62 in an int64 level),
 * stopping at the block's last group with terms (G_qk = 0 beyond kq[q]),
 * the digits of 16 groups of both sides in shared memory per step; its
 * int64 levels go into the entries' int128 levels (acc) by 64-bit atomic
 * adds with the carries counted (fix_acc_add): integer additions, exact
 * in any order.  fix_store: the levels' digits and carry (V).  Stage 2
 * keeps the products of level >= HKZ_FIX_LOW(L) (hkz/engine.h). */
#ifndef HKZ_ENGINE_FIX_KERNELS_CUH
#define HKZ_ENGINE_FIX_KERNELS_CUH

#include <stdint.h>
#include "hkz/engine.h"

#define D HKZ_FIX_D
#define TB 16          /* entries per block side (stage 2) */
#define KC 16          /* groups per shared-memory step (stage 2) */

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
        const uint32_t *const *yl, unsigned *kq, int *bad)
{
    size_t id = (size_t) blockIdx.x * blockDim.x + threadIdx.x;
    if (id >= nq * nk)
        return;
    size_t q = id / nk, k = id % nk, n = yl[q][k];
    if (n > 0)
        atomicMax(kq + q, (unsigned) k + 1);
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

/* adds the int64 x to the int128 (hi, lo) (two's complement words) with
 * atomics: lo += x mod 2^64, and hi += the sign word of x plus the carry
 * out of that very addition (known from lo's old value).  Every addition
 * is exact mod 2^128, so the words hold the exact sum in any order as
 * long as it fits in an int128. */
__device__ static void fix_acc_add(unsigned long long *acc, int64_t x)
{
    unsigned long long u = (unsigned long long) x, old;
    unsigned long long h = x < 0 ? ~0ull : 0ull;
    if (x == 0)
        return;
    old = atomicAdd(acc, u);
    h += old + u < old;                 /* the carry out of lo */
    if (h != 0)
        atomicAdd(acc + 1, h);
}

/* the groups with terms of pair q: kq[q] = 1 + the last k with
 * yl[q][k] > 0 (stage 1 records them) */
template <int L>
__global__ static void fix_gemm(unsigned long long *acc, size_t nk,
        const int32_t *const *z, size_t nz, const int32_t *G, size_t nq,
        const unsigned *kq)
{
    __shared__ int32_t zs[TB][KC * L + 1], gs[TB][KC * L + 1];
    const int SPILL = 1024 / L, NLEV = 2 * L - 1;
    int ti = threadIdx.y, tq = threadIdx.x;
    size_t i = (size_t) blockIdx.y * TB + ti, q = (size_t) blockIdx.x * TB + tq;
    size_t k0 = (size_t) blockIdx.z * SPILL, kend = 0;
    int64_t a[2 * L - 1];
    /* the block's last group with terms (every thread finds the same) */
    for (int u = 0; u < TB; u++)
    {
        size_t iq = (size_t) blockIdx.x * TB + u;
        if (iq < nq && kq[iq] > kend)
            kend = kq[iq];
    }
    kend = kend < nk ? kend : nk;
    if (k0 >= kend)
        return;
    kend = kend - k0 < (size_t) SPILL ? kend : k0 + SPILL;
    for (int l = 0; l < NLEV; l++)
        a[l] = 0;
    for (; k0 < kend; k0 += KC)
    {
        int kn = kend - k0 < KC ? (int) (kend - k0) : KC;
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
    }
    if (i >= nz || q >= nq)
        return;
    for (int l = HKZ_FIX_LOW(L); l < NLEV; l++)
        fix_acc_add(acc + ((i * nq + q) * NLEV + l) * 2, a[l]);
}

/* V from the int128 levels of every entry (a thread an entry) */
template <int L>
__global__ static void fix_store(int64_t *V,
        const unsigned long long *acc, size_t n, int *bad)
{
    const int NLEV = 2 * L - 1;
    size_t id = (size_t) blockIdx.x * blockDim.x + threadIdx.x;
    i128 lev[2 * L - 1];
    if (id >= n)
        return;
    for (int l = 0; l < NLEV; l++)
    {
        const unsigned long long *w = acc + (id * NLEV + l) * 2;
        lev[l] = (i128) (((unsigned __int128) w[1] << 64) | w[0]);
    }
    lev_store<L>(V + id * 2 * L, lev, bad);
}

#endif
