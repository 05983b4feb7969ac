// Site-by-site transfer matrix of L x M tori and cylinders on the GPU,
// one prime at a time (issue 12; the CPU counterpart is
// ising/transfer/transfer_*.c, the host driver with the CRT is
// ising/transfer/transfer_cuda.c).
//
// Dense boxes: state s holds g[b][k'] for 0 <= b <= nb and
// k' = k - popcount(s) in 0..N-L (every placed spin but the boundary's),
// row-major [s][b][k'].  Placing the spin x at column c: the new state t
// (bit c = x) gets, from the old pair A (bit c = 0) and B (bit c = 1),
//     new[t][b][k'] = old[A][b - dA][k'] + old[B][b - dB][k' - 1],
// dA = h + (x != 0), dB = h + (x != 1), h = unsatisfied horizontal bonds
// of x (column c-1, and column 0 at c = L-1).  Reads and writes overlap
// through the shifts, so two buffers alternate; a step touches only the
// active box (b <= bmax, k' <= kmax, both bounded from the bonds and
// spins placed so far).  One thread per (pair, b, k'), writing both new
// states: no dependences inside a step.
//
// MEMORY PLAN: 2 x 2^L x (nb + 1) x (N - L + 1) x 8 bytes
//   16 x 16 cylinder: 2 x 65536 x 497 x 241 x 8 = 125.6 GB
//   16 x 16 torus (one first row): 2 x 65536 x 513 x 241 x 8 = 129.6 GB
// on an H200 (141 GB), plus the (nb + 1)(N + 1) result.
#include <cuda_runtime.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "hkz/cuda.h"
#include "hkz/status.h"

#include "transfer_step.cuh"

// out[b][k] (+)= w * sum_s V[s][b - off(s)][k - popcount(s)], off(s) =
// popcount(s ^ s0) for the torus (vertical bonds back to s0), else 0.
__global__ static void tm_close_kernel(uint64_t *out, const uint64_t *V,
                                       int L, int64_t BB, int64_t KB,
                                       int64_t nbo, int64_t nko, int64_t N,
                                       int torus, uint64_t s0, uint64_t w,
                                       uint64_t p)
{
    int64_t total = BB * (N + 1), S = (int64_t) 1 << L, SB = BB * KB;
    for (int64_t i = blockIdx.x * (int64_t) blockDim.x + threadIdx.x;
         i < total; i += (int64_t) gridDim.x * blockDim.x)
    {
        int64_t k = i % (N + 1), b = i / (N + 1);
        uint64_t acc = 0;
        for (int64_t s = 0; s < S; s++)
        {
            int64_t kp = k - __popcll((unsigned long long) s);
            int64_t bs = b - (torus ? __popcll((unsigned long long)
                                               ((uint64_t) s ^ s0)) : 0);
            if (kp >= 0 && kp < nko && bs >= 0 && bs < nbo)
                acc = tm_add(acc, V[s * SB + bs * KB + kp], p);
        }
        // acc * w mod p by doubling (w is a small orbit weight)
        uint64_t m = 0;
        for (uint64_t ww = w; ww != 0; ww >>= 1)
        {
            if (ww & 1)
                m = tm_add(m, acc, p);
            acc = tm_add(acc, acc, p);
        }
        out[i] = tm_add(out[i], m, p);
    }
}

__global__ static void tm_set_kernel(uint64_t *V, int L, int64_t BB,
                                     int64_t KB, int torus, uint64_t s0)
{
    int64_t S = (int64_t) 1 << L;
    for (int64_t s = blockIdx.x * (int64_t) blockDim.x + threadIdx.x; s < S;
         s += (int64_t) gridDim.x * blockDim.x)
    {
        uint64_t rot = (((uint64_t) s << 1) | ((uint64_t) s >> (L - 1))) &
                       (uint64_t) (S - 1);
        int h = __popcll((unsigned long long) ((uint64_t) s ^ rot));
        if (!torus || (uint64_t) s == s0)
            V[s * BB * KB + h * KB] = 1;
    }
}

static int tm_cuda_check(cudaError_t e, const char *what)
{
    if (e == cudaSuccess)
        return HKZ_SUCCESS;
    return hkz_error_set(HKZ_ERR_CUDA, "hkz_cuda_transfer_pass: %s: %s", what,
                         cudaGetErrorString(e));
}

#define TM_CUDA(call, what)                                                  \
    do {                                                                     \
        status = tm_cuda_check((call), (what));                              \
        if (status != HKZ_SUCCESS)                                           \
            goto cleanup;                                                    \
    } while (0)

extern "C" int hkz_cuda_transfer_pass(uint64_t *out, int L, int M, int torus,
                                      const uint64_t *s0, const uint64_t *w,
                                      long nrun, uint64_t p, double *bytes,
                                      double *seconds)
{
    int64_t N = (int64_t) L * M, nb = torus ? 2 * N : N + (int64_t) L * (M - 1);
    int64_t BB = nb + 1, KB = N - L + 1, S = (int64_t) 1 << L;
    int64_t E = BB * (N + 1);
    size_t vbytes = (size_t) S * BB * KB * sizeof(uint64_t);
    uint64_t *V[2] = {NULL, NULL}, *d_out = NULL;
    int status = HKZ_SUCCESS, ndev = 0, grid = 0;
    cudaEvent_t ev[2] = {NULL, NULL};
    float ms = 0;

    if (L < 1 || L > 16 || M < 1 || p < 3 || p >= ((uint64_t) 1 << 62) ||
        (torus && nrun < 1))
        return hkz_error_set(HKZ_ERR_ARG, "hkz_cuda_transfer_pass: bad "
                             "arguments");
    if (bytes != NULL)
        *bytes = 2.0 * (double) vbytes + 8.0 * (double) E;
    if (cudaGetDeviceCount(&ndev) != cudaSuccess || ndev == 0)
    {
        cudaGetLastError();
        return hkz_error_set(HKZ_ERR_UNSUPPORTED, "hkz_cuda_transfer_pass: "
                             "no CUDA device");
    }
    if (out == NULL)
        return HKZ_SUCCESS;
    {
        int dev = 0, nsm = 0;
        TM_CUDA(cudaGetDevice(&dev), "device");
        TM_CUDA(cudaDeviceGetAttribute(&nsm, cudaDevAttrMultiProcessorCount,
                                       dev), "attribute");
        grid = 16 * nsm;
    }
    TM_CUDA(cudaMalloc((void **) &V[0], vbytes), "cudaMalloc (state vector)");
    TM_CUDA(cudaMalloc((void **) &V[1], vbytes), "cudaMalloc (state vector)");
    TM_CUDA(cudaMalloc((void **) &d_out, E * sizeof(uint64_t)),
            "cudaMalloc (result)");
    TM_CUDA(cudaMemset(d_out, 0, E * sizeof(uint64_t)), "cudaMemset");
    TM_CUDA(cudaEventCreate(&ev[0]), "event");
    TM_CUDA(cudaEventCreate(&ev[1]), "event");
    TM_CUDA(cudaEventRecord(ev[0]), "event");
    for (long run = 0; run < (torus ? nrun : 1); run++)
    {
        int64_t nbo = L + 1, nko = 1;     // active box of the first row
        int cur = 0;
        uint64_t r0 = torus ? s0[run] : 0;
        TM_CUDA(cudaMemset(V[0], 0, vbytes), "cudaMemset");
        TM_CUDA(cudaMemset(V[1], 0, vbytes), "cudaMemset");
        tm_set_kernel<<<(int) ((S + TM_BLOCK - 1) / TM_BLOCK), TM_BLOCK>>>(
            V[0], L, BB, KB, torus, r0);
        for (int row = 1; row < M; row++)
            for (int c = 0; c < L; c++)
            {
                int64_t nbn = TM_MIN(nbo + 1 + (c >= 1) + (c == L - 1),
                                            BB);
                int64_t nkn = TM_MIN(nko + 1, KB);
                dim3 g((unsigned) nbn, (unsigned) TM_MIN(
                           ((int64_t) 1 << (L - 1)), (int64_t) 65535));
                int nt = (int) TM_MIN((nkn + 31) / 32 * 32, (int64_t) 256);
                tm_step_kernel<0><<<g, nt>>>(V[1 - cur], V[cur], NULL, NULL,
                                             L, c, BB, KB, nbo, nko, nkn, p);
                cur = 1 - cur;
                nbo = nbn;
                nko = nkn;
            }
        tm_close_kernel<<<grid, TM_BLOCK>>>(d_out, V[cur], L, BB, KB, nbo,
                                             nko, N, torus, r0,
                                             torus ? w[run] % p : 1, p);
        TM_CUDA(cudaGetLastError(), "kernel launch");
    }
    TM_CUDA(cudaEventRecord(ev[1]), "event");
    TM_CUDA(cudaMemcpy(out, d_out, E * sizeof(uint64_t),
                       cudaMemcpyDeviceToHost), "cudaMemcpy");
    TM_CUDA(cudaEventElapsedTime(&ms, ev[0], ev[1]), "event");
    if (seconds != NULL)
        *seconds = ms / 1e3;
cleanup:
    if (ev[0] != NULL)
        cudaEventDestroy(ev[0]);
    if (ev[1] != NULL)
        cudaEventDestroy(ev[1]);
    cudaFree(V[0]);
    cudaFree(V[1]);
    cudaFree(d_out);
    return status;
}
