// transfer_step.cuh -- the step kernel of the GPU transfer matrix, shared
// by the full runs (transfer.cu) and the meet in the middle
// (transfer_meet.cu); private to ising/cuda.  p = 0: counts modulo 2^64
// (tm_add then wraps: s >= 0 always, s - 0 = s).
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

// Block (q, b): pair q (grid-stride in x), row b = blockIdx.y of both
// new states, threads over k'.
__global__ static void tm_step_kernel(uint64_t *nw, const uint64_t *old,
                                      int L, int c, int64_t BB, int64_t KB,
                                      int64_t nbo, int64_t nko, int64_t nkn,
                                      uint64_t p)
{
    int64_t SB = BB * KB, b = blockIdx.y, npair = (int64_t) 1 << (L - 1);
    for (int64_t q = blockIdx.x; q < npair; q += gridDim.x)
    {
        uint64_t A = tm_spread(q, c, 1), B = A | ((uint64_t) 1 << c);
        for (int x = 0; x < 2; x++)
        {
            uint64_t t = A | ((uint64_t) x << c);
            int h = tm_hbonds(t, c, L, x);
            int64_t ba = b - (h + (x != 0)), bb = b - (h + (x != 1));
            const uint64_t *ra = old + A * SB + ba * KB;
            const uint64_t *rb = old + B * SB + bb * KB - 1;
            int oka = ba >= 0 && ba < nbo, okb = bb >= 0 && bb < nbo;
            tm_row_add(nw + t * SB + b * KB, ra, rb, oka, okb, nko, nkn, p);
        }
    }
}

#endif
