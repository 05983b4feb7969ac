// transfer_par.cuh -- the steps of the torus half runs on parity boxes
// (transfer_meet.cu; private to ising/cuda): one b parity per state, the
// first row and the two-column step (the single-column step is
// tm_step_kernel<1> of transfer_step.cuh).
#ifndef HKZ_TRANSFER_PAR_CUH
#define HKZ_TRANSFER_PAR_CUH

#include <stdint.h>
#include "transfer_step.cuh"
#include "transfer_close.cuh"

// Boxes keep one b parity per state (2x less memory and traffic than
// transfer_step.cuh): the parity of b is that of the sum over the placed
// spins of their placed degree times the spin, so it is a function of the
// state (and the step); row j of state t holds b = 2j + par[t].  par[t]
// = 2: t not reachable yet (its rows are zero).

// V[s][j][0] for b = 2j + par <= L: 1 at (s0, h(s0)) (h even), else 0
// (the only entries the first step reads); par[s0] = 0, the rest 2.
__global__ static void tmm_set_kernel(uint64_t *V, uint8_t *par, int L,
                                      int64_t BH, int64_t KB, uint64_t s0)
{
    int64_t S = (int64_t) 1 << L;
    for (int64_t s = blockIdx.x * (int64_t) blockDim.x + threadIdx.x; s < S;
         s += (int64_t) gridDim.x * blockDim.x)
    {
        par[s] = (uint64_t) s == s0 ? 0 : 2;
        for (int j = 0; 2 * j <= L; j++)
            V[(s * BH + j) * KB] = (uint64_t) s == s0 &&
                                   2 * j == tmm_row_bonds(s0, L);
    }
}

// Two steps at once (columns c, c+1; half the traffic of two single
// steps: the middle box is never written): block (row j, quad q), threads
// over k'.  The new spins x1, x2 replace y1, y2 of the predecessor P(y):
// b moves by D = h1 + h2 + [x1 != y1] + [x2 != y2] (h1: x1 to column c-1,
// h2: x2 to x1 and, at c+1 = L-1, to column 0), k' by y1 + y2.  Threads
// 0..3 set up the rows of the 16 (x, y) once per block (in shared memory)
// and every thread issues its 16 loads before its 4 stores: the step was
// bound by the warps launched (per-thread set-up, latency), not by bytes.
__global__ static void tmm_step2_kernel(uint64_t *__restrict__ nw,
                                        const uint64_t *__restrict__ old,
                                        uint8_t *pnew, const uint8_t *pold,
                                        int L, int c, int64_t BH, int64_t KB,
                                        int64_t nbo, int64_t nko,
                                        int64_t nkn, uint64_t p)
{
    __shared__ const uint64_t *sr[16];
    __shared__ int sok[4];      // bit y of sok[x]: row of P(y) read for x
    int64_t SB = BH * KB, j = blockIdx.x, nquad = (int64_t) 1 << (L - 2);
    for (int64_t q = blockIdx.y; q < nquad; q += gridDim.y)
    {
        uint64_t A0 = tm_spread(q, c, 2);
        if (threadIdx.x < 4)
        {
            int x = threadIdx.x, x1 = x & 1, x2 = x >> 1, pt = 2, pp[4];
            int D[4], ok = 0;
            uint64_t t = A0 | ((uint64_t) x << c);
            int h = tm_hbonds(t, c, L, x1) + (x2 != x1) +
                    (c + 1 == L - 1 ? (int) ((t & 1) != (uint64_t) x2) : 0);
            for (int y = 3; y >= 0; y--)
            {
                pp[y] = pold[A0 | ((uint64_t) y << c)];
                D[y] = h + (x1 != (y & 1)) + (x2 != (y >> 1));
                if (pp[y] != 2)
                    pt = (pp[y] + D[y]) & 1;
            }
            if (j == 0)
                pnew[t] = (uint8_t) pt;
            for (int y = 0; y < 4; y++)
            {
                int64_t by = 2 * j + (pt & 1) - D[y];
                int o = pt != 2 && pp[y] != 2 && by >= 0 && by < nbo;
                ok |= o << y;
                sr[4 * x + y] = old + (A0 | ((uint64_t) y << c)) * SB +
                                (o ? by >> 1 : 0) * KB - ((y & 1) + (y >> 1));
            }
            sok[x] = ok;
        }
        __syncthreads();
        int ok = sok[0] | sok[1] << 4 | sok[2] << 8 | sok[3] << 12;
        for (int64_t kp = threadIdx.x; kp < nkn; kp += blockDim.x)
        {
            uint64_t w[16], v;
            for (int e = 0; e < 16; e++)
            {
                int64_t ky = kp - ((e & 1) + ((e >> 1) & 1));
                w[e] = (ok >> e & 1) && ky >= 0 && ky < nko ? sr[e][kp] : 0;
            }
            for (int x = 0; x < 4; x++)
            {
                v = tm_add(tm_add(w[4 * x], w[4 * x + 1], p),
                           tm_add(w[4 * x + 2], w[4 * x + 3], p), p);
                nw[(A0 | ((uint64_t) x << c)) * SB + j * KB + kp] = v;
            }
        }
        __syncthreads();        // sr, sok are rewritten for the next quad
    }
}

#endif
