// Exact density of states g[b][k] by Gray-code enumeration on the GPU
// (issue 3; the CPU counterpart is ising/dos/dos_enum.c, spec 3.2).
//
// Spin 0 is fixed up and the spin-flip images are added at the end
// (b unchanged, k -> W - k), so 2^(nv-1) configurations are visited.
// A configuration is a bit mask x (bit v set: spin v down).  The free
// spins 1..nv-1 are split into L low spins (bits 1..L), enumerated by a
// Gray code inside one thread, and a prefix of high spins, one per thread
// (grid-stride).  A flip of spin j changes b by
//     degw[j] - 2 * (weight of the unsatisfied edges at j before the flip),
// and the edge weights are split into binary digits: mask[t][j] holds the
// neighbours v of j whose edge weight has bit t, so the unsatisfied weight
// is sum_t 2^t popcount(d & mask[t][j]) with d = the spins that differ
// from s_j: O(number of weight bits) per flip, whatever the degree (one
// popcount for unit weights).  Counts go to a 32-bit shared-memory
// histogram per block (replicated per warp group when it is small, to
// spread atomic contention), flushed by 64-bit global atomics; tables too
// large for shared memory use global atomics directly.
#include <cuda_runtime.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "hkz/cuda.h"
#include "hkz/status.h"

#define DOS_MAX_NV 40
#define DOS_MAX_LEV 24                     // weights < 2^23 (see the size cap)
#define DOS_MAX_ENTRIES (INT64_C(1) << 22) // = HKZ_ISING_DOS_MAX_ENTRIES
#define DOS_BLOCK 256
#define DOS_PREFIX_BITS 20                 // at most 2^20 prefixes
#define DOS_MIN_LOW_BITS 8                 // Gray steps amortize the setup

__constant__ uint64_t c_mask[DOS_MAX_LEV][DOS_MAX_NV];
__constant__ int c_degw[DOS_MAX_NV];
__constant__ int c_vw[DOS_MAX_NV];

// Unsatisfied weight at vertex j of configuration x.
template <bool UNIT>
__device__ __forceinline__ int unsat_at(uint64_t x, int j, int nlev)
{
    uint64_t d = x ^ (UINT64_C(0) - ((x >> j) & 1));
    if (UNIT)
        return __popcll(d & c_mask[0][j]);
    int u = 0;
    for (int t = 0; t < nlev; t++)
        u += __popcll(d & c_mask[t][j]) << t;
    return u;
}

// SHARED: hist is dynamic shared memory with nrep copies of the table;
// otherwise counts go straight to g.
template <bool UNIT, bool SHARED>
__global__ static void dos_enum_kernel(unsigned long long *g, int nv,
                                       int nlev, int L, uint64_t nprefix,
                                       int nk, int size, int nrep)
{
    extern __shared__ unsigned int hist[];
    unsigned int *h = NULL;

    if (SHARED)
    {
        for (int i = threadIdx.x; i < nrep * size; i += blockDim.x)
            hist[i] = 0;
        __syncthreads();
        h = hist + ((threadIdx.x >> 5) % nrep) * size;
    }
    const uint32_t nsteps = UINT32_C(1) << L;
    const uint64_t stride = (uint64_t) gridDim.x * blockDim.x;
    for (uint64_t p = (uint64_t) blockIdx.x * blockDim.x + threadIdx.x;
         p < nprefix; p += stride)
    {
        uint64_t x = p << (L + 1);
        int b = 0, k = 0;
        for (int j = 0; j < nv; j++)
        {
            b += unsat_at<UNIT>(x, j, nlev);
            if ((x >> j) & 1)
                k += c_vw[j];
        }
        b >>= 1;                // every edge was seen from both ends
        int idx = b * nk + k;
        if (SHARED)
            atomicAdd(h + idx, 1u);
        else
            atomicAdd(g + idx, 1ull);
        for (uint32_t s = 1; s < nsteps; s++)
        {
            int j = __ffs(s);   // 1 + ctz(s): low spin j = bit j
            int old = (int) ((x >> j) & 1);
            b += c_degw[j] - 2 * unsat_at<UNIT>(x, j, nlev);
            k += old ? -c_vw[j] : c_vw[j];
            x ^= UINT64_C(1) << j;
            idx = b * nk + k;
            if (SHARED)
                atomicAdd(h + idx, 1u);
            else
                atomicAdd(g + idx, 1ull);
        }
    }
    if (SHARED)
    {
        __syncthreads();
        for (int i = threadIdx.x; i < size; i += blockDim.x)
        {
            unsigned long long c = 0;
            for (int r = 0; r < nrep; r++)
                c += hist[r * size + i];
            if (c != 0)
                atomicAdd(g + i, c);
        }
    }
}

// Occupancy-sized grid, large enough that one block never counts more
// than 2^31 configurations (its 32-bit shared counters cannot overflow).
template <bool UNIT, bool SHARED>
static cudaError_t dos_launch(unsigned long long *d_g, int nv, int nlev,
                              int L, uint64_t nprefix, int nk, int size,
                              int nrep, size_t smem)
{
    cudaError_t e;
    int dev, nsm, per_sm = 0;
    uint64_t grid, gmin, gmax, maxiters;

    if ((e = cudaGetDevice(&dev)) != cudaSuccess)
        return e;
    if ((e = cudaDeviceGetAttribute(&nsm, cudaDevAttrMultiProcessorCount,
                                    dev)) != cudaSuccess)
        return e;
    if (smem > 48 * 1024 &&
        (e = cudaFuncSetAttribute(dos_enum_kernel<UNIT, SHARED>,
                                  cudaFuncAttributeMaxDynamicSharedMemorySize,
                                  (int) smem)) != cudaSuccess)
        return e;
    if ((e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm,
                 dos_enum_kernel<UNIT, SHARED>, DOS_BLOCK, smem))
        != cudaSuccess)
        return e;
    grid = (uint64_t) nsm * (per_sm > 0 ? per_sm : 1);
    maxiters = UINT64_C(1) << (31 - 8 - L);     // 2^8 threads, 2^L each
    gmin = (nprefix + DOS_BLOCK * maxiters - 1) / (DOS_BLOCK * maxiters);
    gmax = (nprefix + DOS_BLOCK - 1) / DOS_BLOCK;
    if (grid < gmin)
        grid = gmin;
    if (grid > gmax)
        grid = gmax;
    dos_enum_kernel<UNIT, SHARED><<<(unsigned int) grid, DOS_BLOCK, smem>>>(
        d_g, nv, nlev, L, nprefix, nk, size, nrep);
    return cudaGetLastError();
}

static int dos_check(int nv, int ne, const int *eu, const int *ev,
                     const int *ew, const int *vw, int *bmax, int *kmax)
{
    if (bmax == NULL || kmax == NULL)
        return hkz_error_set(HKZ_ERR_ARG, "hkz_cuda_dos_enum: bmax and kmax "
                             "must not be NULL");
    if (nv < 1 || nv > DOS_MAX_NV)
        return hkz_error_set(HKZ_ERR_ARG, "hkz_cuda_dos_enum: nv must be in "
                             "[1, %d] (got %d)", DOS_MAX_NV, nv);
    if (ne < 0 || (ne > 0 && (eu == NULL || ev == NULL || ew == NULL)))
        return hkz_error_set(HKZ_ERR_ARG, "hkz_cuda_dos_enum: bad edge list "
                             "(ne = %d)", ne);
    for (int i = 0; i < ne; i++)
    {
        if (eu[i] < 0 || eu[i] >= nv || ev[i] < 0 || ev[i] >= nv)
            return hkz_error_set(HKZ_ERR_ARG, "hkz_cuda_dos_enum: edge %d "
                                 "(%d, %d) has a vertex outside [0, %d)", i,
                                 eu[i], ev[i], nv);
        if (eu[i] == ev[i])
            return hkz_error_set(HKZ_ERR_ARG, "hkz_cuda_dos_enum: edge %d is "
                                 "a self-loop at %d", i, eu[i]);
        if (ew[i] < 1)
            return hkz_error_set(HKZ_ERR_ARG, "hkz_cuda_dos_enum: edge %d has "
                                 "weight %d (must be >= 1)", i, ew[i]);
    }
    if (vw != NULL)
        for (int u = 0; u < nv; u++)
            if (vw[u] < 1)
                return hkz_error_set(HKZ_ERR_ARG, "hkz_cuda_dos_enum: site %d "
                                     "has weight %d (must be >= 1)", u, vw[u]);
    return HKZ_SUCCESS;
}

extern "C" int hkz_cuda_dos_enum(uint64_t *counts, int nv, int ne,
                                 const int *eu, const int *ev, const int *ew,
                                 const int *vw, int *bmax, int *kmax)
{
    uint64_t mask[DOS_MAX_LEV][DOS_MAX_NV];
    int64_t wm[DOS_MAX_NV][DOS_MAX_NV], bsum = 0, W = 0, wmaxe = 0;
    int degw[DOS_MAX_NV], vws[DOS_MAX_NV], nlev = 0, L, nf, nk, size, nrep;
    int status = HKZ_SUCCESS, dev = 0, optin = 0;
    unsigned long long *d_g = NULL;
    uint64_t *h = NULL, nprefix;
    cudaError_t e = cudaSuccess;
    size_t smem = 0;

    status = dos_check(nv, ne, eu, ev, ew, vw, bmax, kmax);
    if (status != HKZ_SUCCESS)
        return status;
    // merged weight matrix (parallel edges add); sums in 64 bits before
    // the size cap so that no int overflows
    memset(wm, 0, sizeof(wm));
    for (int i = 0; i < ne; i++)
    {
        wm[eu[i]][ev[i]] += ew[i];
        wm[ev[i]][eu[i]] += ew[i];
        bsum += ew[i];
    }
    for (int u = 0; u < nv; u++)
    {
        vws[u] = vw != NULL ? vw[u] : 1;
        W += vws[u];
    }
    if (bsum >= DOS_MAX_ENTRIES || W >= DOS_MAX_ENTRIES ||
        (bsum + 1) * (W + 1) > DOS_MAX_ENTRIES)
        return hkz_error_set(HKZ_ERR_UNSUPPORTED, "hkz_cuda_dos_enum: table "
                             "of (%lld + 1) x (%lld + 1) entries exceeds "
                             "2^22", (long long) bsum, (long long) W);
    *bmax = (int) bsum;
    *kmax = (int) W;
    if (counts == NULL)
        return HKZ_SUCCESS;

    // binary digits of the merged weights (each <= bsum < 2^22)
    memset(mask, 0, sizeof(mask));
    for (int u = 0; u < nv; u++)
    {
        int64_t dw = 0;
        for (int v = 0; v < nv; v++)
        {
            int64_t c = wm[u][v];
            dw += c;
            if (c > wmaxe)
                wmaxe = c;
            for (int t = 0; c != 0; t++, c >>= 1)
                if (c & 1)
                    mask[t][u] |= UINT64_C(1) << v;
        }
        degw[u] = (int) dw;
    }
    while (nlev < DOS_MAX_LEV && (wmaxe >> nlev) != 0)
        nlev++;
    if (nlev == 0)
        nlev = 1;

    nf = nv - 1;
    L = nf - (nf < DOS_PREFIX_BITS ? nf : DOS_PREFIX_BITS);
    if (L < DOS_MIN_LOW_BITS)
        L = nf < DOS_MIN_LOW_BITS ? nf : DOS_MIN_LOW_BITS;
    nprefix = UINT64_C(1) << (nf - L);
    nk = (int) W + 1;
    size = ((int) bsum + 1) * nk;

    e = cudaGetDevice(&dev);
    if (e == cudaSuccess)
        e = cudaDeviceGetAttribute(&optin,
                                   cudaDevAttrMaxSharedMemoryPerBlockOptin,
                                   dev);
    if (e != cudaSuccess)
        goto done;
    if ((size_t) size * sizeof(unsigned int) <= (size_t) optin)
    {
        nrep = (int) ((48 * 1024) / ((size_t) size * sizeof(unsigned int)));
        nrep = nrep < 1 ? 1 : (nrep > 8 ? 8 : nrep);
        smem = (size_t) nrep * size * sizeof(unsigned int);
    }
    else
        nrep = 0;
    e = cudaMemcpyToSymbol(c_mask, mask, sizeof(mask));
    if (e == cudaSuccess)
        e = cudaMemcpyToSymbol(c_degw, degw, nv * sizeof(int));
    if (e == cudaSuccess)
        e = cudaMemcpyToSymbol(c_vw, vws, nv * sizeof(int));
    if (e == cudaSuccess)
        e = cudaMalloc((void **) &d_g, (size_t) size * sizeof(*d_g));
    if (e == cudaSuccess)
        e = cudaMemset(d_g, 0, (size_t) size * sizeof(*d_g));
    if (e != cudaSuccess)
        goto done;
    if (nlev == 1 && nrep > 0)
        e = dos_launch<true, true>(d_g, nv, nlev, L, nprefix, nk, size, nrep,
                                   smem);
    else if (nrep > 0)
        e = dos_launch<false, true>(d_g, nv, nlev, L, nprefix, nk, size,
                                    nrep, smem);
    else if (nlev == 1)
        e = dos_launch<true, false>(d_g, nv, nlev, L, nprefix, nk, size, 0, 0);
    else
        e = dos_launch<false, false>(d_g, nv, nlev, L, nprefix, nk, size, 0,
                                     0);
    if (e == cudaSuccess)
        e = cudaDeviceSynchronize();
    if (e != cudaSuccess)
        goto done;
    h = (uint64_t *) malloc((size_t) size * sizeof(uint64_t));
    if (h == NULL)
    {
        status = hkz_error_set(HKZ_ERR_NOMEM, "hkz_cuda_dos_enum: out of "
                               "host memory");
        goto done;
    }
    e = cudaMemcpy(h, d_g, (size_t) size * sizeof(uint64_t),
                   cudaMemcpyDeviceToHost);
    if (e != cudaSuccess)
        goto done;
    // spin-flip images: g[b][k] = h[b][k] + h[b][W - k]
    for (int64_t b = 0; b <= bsum; b++)
        for (int k = 0; k < nk; k++)
            counts[b * nk + k] = h[b * nk + k] + h[b * nk + nk - 1 - k];
done:
    if (e != cudaSuccess)
        status = hkz_error_set(HKZ_ERR_CUDA, "hkz_cuda_dos_enum: %s",
                               cudaGetErrorString(e));
    cudaFree(d_g);
    free(h);
    return status;
}
