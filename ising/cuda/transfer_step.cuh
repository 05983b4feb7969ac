// transfer_step.cuh -- the column step of the GPU transfer matrix, shared
// by the full runs (transfer.cu) and the meet in the middle
// (transfer_meet.cu, on parity boxes); private to ising/cuda.  p = 0:
// counts modulo 2^64 (tm_add then wraps: s >= 0 always, s - 0 = s).
#ifndef HKZ_TRANSFER_STEP_CUH
#define HKZ_TRANSFER_STEP_CUH

#include <stdint.h>

#define TM_BLOCK 256
#define TM_MIN(a, b) ((a) < (b) ? (a) : (b))

__device__ __forceinline__ uint64_t tm_add(uint64_t a, uint64_t b, uint64_t p)
{
    uint64_t s = a + b;
    return s >= p ? s - p : s;
}

// Unsatisfied horizontal bonds of the spin x placed at column c of state
// t: to column c-1 and, at c = L-1, the periodic one to column 0.
__device__ __forceinline__ int tm_hbonds(uint64_t t, int c, int L, int x)
{
    int h = 0;
    if (c >= 1)
        h += (int) (((t >> (c - 1)) & 1) != (uint64_t) x);
    if (c == L - 1)
        h += (int) ((t & 1) != (uint64_t) x);
    return h;
}

// The state q with w zero bits inserted at column c (q < 2^(L-w)
// enumerates the pairs, w = 1, or quads, w = 2, of states that differ in
// columns c .. c+w-1 only).
__device__ __forceinline__ uint64_t tm_spread(int64_t q, int c, int w)
{
    uint64_t low = ((uint64_t) 1 << c) - 1;
    return (((uint64_t) q & ~low) << w) | ((uint64_t) q & low);
}

// rt[k'] = ra[k'] (oka, k' < nko) + rb[k'] (okb, 1 <= k' <= nko; rb is
// the old row of B shifted by one k) for k' < nkn, threads over k'.
__device__ __forceinline__ void tm_row_add(uint64_t *rt, const uint64_t *ra,
                                           const uint64_t *rb, int oka,
                                           int okb, int64_t nko, int64_t nkn,
                                           uint64_t p)
{
    for (int64_t kp = threadIdx.x; kp < nkn; kp += blockDim.x)
    {
        uint64_t v = 0;
        if (oka && kp < nko)
            v = ra[kp];
        if (okb && kp >= 1 && kp - 1 < nko)
            v = tm_add(v, rb[kp], p);
        rt[kp] = v;
    }
}

// One column step.  Block (row j, pair q): rows are the fast grid index
// (the blocks in flight share a few states' contiguous boxes and their
// rows of the old box in L2), threads over k'.  PAR = 0: row j holds b =
// j (full runs, transfer.cu; pnew, pold unused).  PAR = 1: the parity
// boxes of transfer_par.cuh (row j of state t holds b = 2j + par[t]), the
// new parity taken from a reachable parent.
template <int PAR>
__global__ static void tm_step_kernel(uint64_t *nw, const uint64_t *old,
                                      uint8_t *pnew, const uint8_t *pold,
                                      int L, int c, int64_t RB, int64_t KB,
                                      int64_t nbo, int64_t nko, int64_t nkn,
                                      uint64_t p)
{
    int64_t SB = RB * KB, j = blockIdx.x, npair = (int64_t) 1 << (L - 1);
    for (int64_t q = blockIdx.y; q < npair; q += gridDim.y)
    {
        uint64_t A = tm_spread(q, c, 1), B = A | ((uint64_t) 1 << c);
        int pa = PAR ? pold[A] : 0, pb = PAR ? pold[B] : 0;
        for (int x = 0; x < 2; x++)
        {
            uint64_t t = A | ((uint64_t) x << c);
            int h = tm_hbonds(t, c, L, x), pt = 0;
            int dA = h + (x != 0), dB = h + (x != 1);
            if (PAR)
            {
                pt = pa != 2 ? (pa + dA) & 1 : pb != 2 ? (pb + dB) & 1 : 2;
                if (j == 0 && threadIdx.x == 0)
                    pnew[t] = (uint8_t) pt;
            }
            int64_t b = PAR ? 2 * j + (pt & 1) : j, ba = b - dA, bb = b - dB;
            int oka = pt != 2 && pa != 2 && ba >= 0 && ba < nbo;
            int okb = pt != 2 && pb != 2 && bb >= 0 && bb < nbo;
            const uint64_t *ra = old + A * SB + (oka ? ba >> PAR : 0) * KB;
            const uint64_t *rb = old + B * SB + (okb ? bb >> PAR : 0) * KB
                                 - 1;
            tm_row_add(nw + t * SB + j * KB, ra, rb, oka, okb, nko, nkn, p);
        }
    }
}

#endif
