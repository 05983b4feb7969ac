// Meet in the middle for L x M tori on the GPU (issue 20.2; the host
// driver with the primes, the checkpoint and the CRT is
// ising/transfer/transfer_cuda_meet.c, the CPU counterpart
// transfer_torus.c / transfer_meet.c).
//
// One first-row run from s0 of a = floor(M/2) and a' = M - a rows gives
// u_a(s) and u_a'(s) for every state s (the steps of transfer_par.cuh,
// parity boxes [s][b/2][k'], k' = k - popcount(s)); the
// torus is sum_s u_a(s) u_a'(s) with the rows 0 and a counted twice.
//
// EXACT FACTORS.  Every count of u_r(s) is < 2^((r-1)L) (the rows strictly
// inside are free), so two words, modulo 2^64 and modulo the prime
// p1 = 2^62 - 57, give it exactly when (a'-1)L <= 125 (the driver checks):
// x = r0 + 2^64 t, t = (r1 - r0) 2^-64 mod p1 (Garner, t by one 64-bit
// Montgomery reduction).  The steps run twice per run, whatever the number
// of primes of the closing.
//
// CLOSING IN THE TRANSFORM DOMAIN.  Per prime q < 2^31 (q = 1 mod T) the
// sum D = sum_s w_s shift_s(u_a(s) * u_a'(s)) (2D convolution in
// (b/2, k)) is accumulated as its 2D NTT of size T x T (T = 2^t >= N):
// per state a row NTT over k' (kernel tm_row), a column NTT over
// beta = (b - pi)/2 (tm_col; pi = b mod 2 = k(s0) + k(s) mod 2 on the
// whole box), then Dhat += w_s w^(r db + j dk) X_s Y_s (tm_acc), with the
// shift db = pi - (h(s) + h(s0))/2, dk = k(s) - k(s0) of the doubly
// counted rows.  Everything is linear: the inverse is taken once, on the
// host, after all runs.  Cyclic wrap-around is harmless: every term lands
// at its true (b/2, k) in [0, N]^2 modulo T (the driver unfolds T = N).
// Arithmetic mod q in 32-bit Montgomery form (R = 2^32, q < 2^31).
//
// MEMORY PLAN: 3 (even M) or 5 (odd M: snapshots of u_a) boxes of
//   2^L x ceil((L + 2 L a' + 1) / 2) x (a' L + 1) x 8 bytes
//   16 x 16: 65536 x 137 x 129 x 8 = 9.3 GB each, 27.8 GB in all,
// plus the transforms of a chunk of states (<= 1 GB) and nq T^2 words.
#include <cuda_runtime.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "hkz/cuda.h"
#include "hkz/status.h"
#include "transfer_step.cuh"
#include "transfer_close.cuh"
#include "transfer_par.cuh"

#define TMM_CHUNK_BYTES ((size_t) 1 << 30)
#define TMM_SLICES 8        // acc blocks per frequency block

static int tmm_check(cudaError_t e, const char *what)
{
    if (e == cudaSuccess)
        return HKZ_SUCCESS;
    return hkz_error_set(HKZ_ERR_CUDA, "hkz_cuda_transfer_meet: %s: %s", what,
                         cudaGetErrorString(e));
}

#define TMM_CUDA(call, what)                                                 \
    do {                                                                     \
        status = tmm_check((call), (what));                                  \
        if (status != HKZ_SUCCESS)                                           \
            goto cleanup;                                                    \
    } while (0)

typedef struct
{
    int L, a, a2;
    int64_t BB, BH, KB;             // b values, parity rows, k' values
    uint8_t *par[2];                // parities of the states
    int64_t nbs, nks, nbf, nkf;     // active boxes after a and a' rows
    size_t vbytes;
} tmm_run;

// One word (p = 0: 2^64, else p1) of the run from s0 on V[0], V[1]: the
// result in *fin, the snapshot after a rows (odd M) copied to snap.
static int tmm_rows(tmm_run *R, uint64_t **V, uint64_t **fin, uint64_t *snap,
                    uint64_t s0, uint64_t p)
{
    int64_t nbo = R->L + 1, nko = 1;
    int cur = 0, L = R->L, status = HKZ_SUCCESS;
    tmm_set_kernel<<<(int) (((1 << L) + TM_BLOCK - 1) / TM_BLOCK),
                     TM_BLOCK>>>(V[0], R->par[0], L, R->BH, R->KB, s0);
    for (int row = 1; row <= R->a2; row++)
    {
        if (row == R->a + 1)
        {
            R->nbs = nbo;
            R->nks = nko;
            TMM_CUDA(cudaMemcpy(snap, V[cur], R->vbytes,
                                cudaMemcpyDeviceToDevice), "snapshot");
        }
        for (int c = 0; c < L; c += 2)
        {
            int two = c + 1 < L;        // columns c and c+1 at once
            int64_t nbn = TM_MIN(nbo + 1 + (c >= 1) + (c == L - 1) +
                                 (two ? 2 + (c + 1 == L - 1) : 0), R->BB);
            int64_t nkn = TM_MIN(nko + 1 + two, R->KB);
            dim3 g((unsigned) ((nbn + 1) / 2),
                   (unsigned) TM_MIN(((int64_t) 1 << (L - 1 - two)),
                                     (int64_t) 65535));
            int nt = (int) TM_MIN((nkn + 31) / 32 * 32, (int64_t) 256);
            if (two)
                tmm_step2_kernel<<<g, nt>>>(V[1 - cur], V[cur],
                    R->par[1 - cur], R->par[cur], L, c, R->BH, R->KB, nbo,
                    nko, nkn, p);
            else
                tm_step_kernel<1><<<g, nt>>>(V[1 - cur], V[cur],
                    R->par[1 - cur], R->par[cur], L, c, R->BH, R->KB, nbo,
                    nko, nkn, p);
            cur = 1 - cur;
            nbo = nbn;
            nko = nkn;
        }
    }
    R->nbf = nbo;
    R->nkf = nko;
    *fin = V[cur];
    TMM_CUDA(cudaGetLastError(), "step kernels");
cleanup:
    return status;
}

static uint64_t tmm_powmod(uint64_t x, uint64_t e, uint64_t q)
{
    uint64_t r = 1;
    for (; e != 0; e >>= 1, x = x * x % q)
        if (e & 1)
            r = r * x % q;
    return r;
}

extern "C" int hkz_cuda_transfer_meet(uint32_t *acc, int L, int M, int T,
        int nq, const uint32_t *qw, const uint64_t *s0, const int64_t *off,
        const uint32_t *st, const uint32_t *wt, long nrun, double *bytes,
        double *seconds)
{
    tmm_run R;
    int64_t N = (int64_t) L * M, TT = (int64_t) T * T, ntot, maxn = 1, CB;
    int odd = (M & 1), nbox = odd ? 5 : 3, lt = 0, status = HKZ_SUCCESS;
    int ndev = 0;
    uint64_t *box[5] = {NULL, NULL, NULL, NULL, NULL}, p1n = TMM_P1;
    uint32_t *X = NULL, *d_st = NULL, *d_wt = NULL, *d_tw = NULL;
    unsigned long long *D = NULL, *acc64 = NULL;    // sums of residues
    uint32_t *tw = NULL;
    tmm_prime *P = NULL;
    cudaEvent_t ev[3] = {NULL, NULL, NULL};
    double tstep = 0, tclose = 0;

    while (lt < 12 && (1 << lt) < T)
        lt++;
    if (L < 3 || L > 16 || M < 3 || T < 16 || T > 1024 || (1 << lt) != T ||
        T < N || nq < 1 || nrun < 0 || (nrun > 0 && (off == NULL ||
        s0 == NULL || st == NULL || wt == NULL || qw == NULL)))
        return hkz_error_set(HKZ_ERR_ARG, "hkz_cuda_transfer_meet: bad "
                             "arguments");
    R.L = L;
    R.a = M / 2;
    R.a2 = M - R.a;
    R.BB = L + 2 * (int64_t) L * R.a2 + 1;
    R.BH = (R.BB + 1) / 2;
    R.par[0] = R.par[1] = NULL;
    R.KB = (int64_t) R.a2 * L + 1;
    R.vbytes = ((size_t) 1 << L) * R.BH * R.KB * sizeof(uint64_t);
    ntot = nrun > 0 ? off[nrun] : 0;
    for (long r = 0; r < nrun; r++)
        maxn = maxn > off[r + 1] - off[r] ? maxn : off[r + 1] - off[r];
    CB = (int64_t) (TMM_CHUNK_BYTES / ((size_t) TT * 4 * (odd ? 2 : 1)));
    CB = CB < 1 ? 1 : (CB > maxn ? maxn : CB);
    CB = CB > 32768 ? 32768 : CB;       // grid.y of the NTT kernels
    if (bytes != NULL)
        *bytes = (double) nbox * R.vbytes + 4.0 * CB * TT * (odd ? 2 : 1) +
                 2.0 * ((size_t) 1 << L) +
                 8.0 * nq * TT + 8.0 * ntot;
    if (cudaGetDeviceCount(&ndev) != cudaSuccess || ndev == 0)
    {
        cudaGetLastError();
        return hkz_error_set(HKZ_ERR_UNSUPPORTED, "hkz_cuda_transfer_meet: "
                             "no CUDA device");
    }
    if (acc == NULL || nrun == 0)
        return HKZ_SUCCESS;
    // Montgomery constants and twiddles w^e R of every prime
    P = (tmm_prime *) malloc(nq * sizeof(tmm_prime));
    tw = (uint32_t *) malloc((size_t) nq * T * sizeof(uint32_t));
    acc64 = (unsigned long long *) malloc((size_t) nq * TT * 8);
    if (P == NULL || tw == NULL || acc64 == NULL)
    {
        status = hkz_error_set(HKZ_ERR_NOMEM, "hkz_cuda_transfer_meet: out "
                               "of memory");
        goto cleanup;
    }
    for (int i = 0; i < 6; i++)
        p1n *= 2 - TMM_P1 * p1n;
    p1n = (uint64_t) 0 - p1n;
    for (int i = 0; i < nq; i++)
    {
        uint64_t q = qw[2 * i], w = qw[2 * i + 1], inv = q, Rm, pw = 1;
        for (int j = 0; j < 5; j++)
            inv *= 2 - q * inv;
        Rm = ((uint64_t) 1 << 32) % q;
        P[i].q = (uint32_t) q;
        P[i].qn = (uint32_t) (0 - inv);
        P[i].r2 = (uint32_t) (Rm * Rm % q);
        P[i].r3 = (uint32_t) ((uint64_t) P[i].r2 * Rm % q);
        if (q < ((uint64_t) 1 << 31) / 3 * 2 + 1 || q >= ((uint64_t) 1 << 31)
            || tmm_powmod(w, T / 2, q) != q - 1)
        {
            status = hkz_error_set(HKZ_ERR_ARG, "hkz_cuda_transfer_meet: "
                                   "bad prime or root of unity");
            goto cleanup;
        }
        for (int e = 0; e < T; e++, pw = pw * w % q)
            tw[(size_t) i * T + e] = (uint32_t) (pw * Rm % q);
    }
    for (int i = 0; i < nbox; i++)
        TMM_CUDA(cudaMalloc((void **) &box[i], R.vbytes), "cudaMalloc (box)");
    TMM_CUDA(cudaMalloc((void **) &X, (size_t) CB * TT * 4 * (odd ? 2 : 1)),
             "cudaMalloc (transforms)");
    TMM_CUDA(cudaMalloc((void **) &D, (size_t) nq * TT * 8), "cudaMalloc");
    TMM_CUDA(cudaMalloc((void **) &R.par[0], (size_t) 2 << L), "cudaMalloc");
    R.par[1] = R.par[0] + ((size_t) 1 << L);
    TMM_CUDA(cudaMalloc((void **) &d_st, (size_t) ntot * 4), "cudaMalloc");
    TMM_CUDA(cudaMalloc((void **) &d_wt, (size_t) ntot * 4), "cudaMalloc");
    TMM_CUDA(cudaMalloc((void **) &d_tw, (size_t) nq * T * 4), "cudaMalloc");
    for (int64_t e = 0; e < nq * TT; e++)
        acc64[e] = acc[e];
    TMM_CUDA(cudaMemcpy(D, acc64, (size_t) nq * TT * 8,
                        cudaMemcpyHostToDevice), "cudaMemcpy");
    TMM_CUDA(cudaMemcpy(d_st, st, (size_t) ntot * 4, cudaMemcpyHostToDevice),
             "cudaMemcpy");
    TMM_CUDA(cudaMemcpy(d_wt, wt, (size_t) ntot * 4, cudaMemcpyHostToDevice),
             "cudaMemcpy");
    TMM_CUDA(cudaMemcpy(d_tw, tw, (size_t) nq * T * 4,
                        cudaMemcpyHostToDevice), "cudaMemcpy");
    for (int i = 0; i < 3; i++)
        TMM_CUDA(cudaEventCreate(&ev[i]), "event");
    for (long r = 0; r < nrun; r++)
    {
        int64_t ns = off[r + 1] - off[r];
        uint64_t *F0, *F1, *V1[2];
        uint64_t *S0 = odd ? box[3] : NULL, *S1 = odd ? box[4] : NULL;
        float ms = 0;
        if (ns == 0)
            continue;
        TMM_CUDA(cudaEventRecord(ev[0]), "event");
        if ((status = tmm_rows(&R, box, &F0, S0, s0[r], 0)) != HKZ_SUCCESS)
            goto cleanup;
        V1[0] = box[2];
        V1[1] = F0 == box[0] ? box[1] : box[0];
        if ((status = tmm_rows(&R, V1, &F1, S1, s0[r], TMM_P1)) !=
            HKZ_SUCCESS)
            goto cleanup;
        TMM_CUDA(cudaEventRecord(ev[1]), "event");
        for (int i = 0; i < nq; i++)
            for (int64_t c0 = 0; c0 < ns; c0 += CB)
            {
                int64_t n = ns - c0 < CB ? ns - c0 : CB;
                const uint32_t *sp = d_st + off[r] + c0;
                uint32_t *Y = odd ? X + CB * TT : X;
                dim3 gr((unsigned) (T / TMM_ROWS), (unsigned) n);
                size_t shb = ((size_t) TMM_ROWS * T + T / 2) * 4;
                tmm_row_kernel<<<gr, 256, shb>>>(X, F0, F1, R.BH, R.KB, R.nbf,
                    R.nkf, sp, s0[r], d_tw + (size_t) i * T, T, lt, p1n,
                    P[i]);
                if (odd)
                    tmm_row_kernel<<<gr, 256, shb>>>(Y, S0, S1, R.BH, R.KB,
                        R.nbs, R.nks, sp, s0[r], d_tw + (size_t) i * T, T, lt,
                        p1n, P[i]);
                dim3 gc((unsigned) (T / TMM_COLS), (unsigned) n);
                size_t shc = ((size_t) TMM_COLS * T + T / 2) * 4;
                // rows beta with 2 beta + pi < nb, whole groups of TMM_ROWS
                tmm_col_kernel<<<gc, 256, shc>>>(X, d_tw + (size_t) i * T, T,
                    lt, (R.nbf + 2 * TMM_ROWS - 1) / (2 * TMM_ROWS) *
                    TMM_ROWS, P[i]);
                if (odd)
                    tmm_col_kernel<<<gc, 256, shc>>>(Y, d_tw + (size_t) i * T,
                        T, lt, (R.nbs + 2 * TMM_ROWS - 1) / (2 * TMM_ROWS) *
                        TMM_ROWS, P[i]);
                dim3 ga((unsigned) ((TT + 255) / 256), TMM_SLICES);
                tmm_acc_kernel<<<ga, 256>>>(
                    D + (size_t) i * TT, X, Y, n, sp, d_wt + off[r] + c0,
                    s0[r], L, d_tw + (size_t) i * T, T, P[i]);
            }
        TMM_CUDA(cudaGetLastError(), "closing kernels");
        TMM_CUDA(cudaEventRecord(ev[2]), "event");
        TMM_CUDA(cudaEventSynchronize(ev[2]), "run");
        TMM_CUDA(cudaEventElapsedTime(&ms, ev[0], ev[1]), "event");
        tstep += ms / 1e3;
        TMM_CUDA(cudaEventElapsedTime(&ms, ev[1], ev[2]), "event");
        tclose += ms / 1e3;
    }
    TMM_CUDA(cudaMemcpy(acc64, D, (size_t) nq * TT * 8,
                        cudaMemcpyDeviceToHost), "cudaMemcpy");
    for (int64_t e = 0; e < nq * TT; e++)
        acc[e] = (uint32_t) (acc64[e] % P[e / TT].q);
    if (seconds != NULL)
    {
        seconds[0] = tstep;
        seconds[1] = tclose;
    }
cleanup:
    for (int i = 0; i < 3; i++)
        if (ev[i] != NULL)
            cudaEventDestroy(ev[i]);
    for (int i = 0; i < nbox; i++)
        cudaFree(box[i]);
    cudaFree(X);
    cudaFree(D);
    cudaFree(R.par[0]);
    cudaFree(d_st);
    cudaFree(d_wt);
    cudaFree(d_tw);
    free(P);
    free(acc64);
    free(tw);
    return status;
}
