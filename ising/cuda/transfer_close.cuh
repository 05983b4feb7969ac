// transfer_close.cuh -- the closing of the torus meet in the middle in the
// transform domain (transfer_meet.cu): 32-bit Montgomery arithmetic
// modulo q < 2^31 (R = 2^32), the exact factors from their two words,
// row and column NTTs of every state's (b/2, k') box and the sum of the
// pointwise products over the states; private to ising/cuda.
#ifndef HKZ_TRANSFER_CLOSE_CUH
#define HKZ_TRANSFER_CLOSE_CUH

#include <stdint.h>

#define TMM_P1 UINT64_C(4611686018427387847)   // 2^62 - 57, prime

typedef struct
{
    uint32_t q, qn, r2, r3;     // qn = -1/q mod 2^32, r2 = R^2, r3 = R^3 mod q
} tmm_prime;

__device__ __forceinline__ uint32_t tmm_mont(uint32_t a, uint32_t b,
                                             tmm_prime P)
{
    uint64_t t = (uint64_t) a * b;
    uint32_t m = (uint32_t) t * P.qn;
    uint32_t u = (uint32_t) ((t + (uint64_t) m * P.q) >> 32);
    return u >= P.q ? u - P.q : u;
}

__device__ __forceinline__ uint32_t tmm_addq(uint32_t a, uint32_t b,
                                             uint32_t q)
{
    uint32_t s = a + b;     // a, b < q < 2^31: no overflow
    return s >= q ? s - q : s;
}

// h mod q for h < 2^32 < 3q: two conditional subtractions, no loop
// (the loops this replaced hung the kernel on the H200 once they ran, at
// L >= 14 where the counts pass 2^64: bench/NOTES.md, torus2)
__device__ __forceinline__ uint32_t tmm_red32(uint32_t h, uint32_t q)
{
    h = h >= q ? h - q : h;
    return h >= q ? h - q : h;
}

// x mod q for x < 2^64 (q > 2^32 / 3)
__device__ __forceinline__ uint32_t tmm_red64(uint64_t x, tmm_prime P)
{
    uint32_t hi = tmm_red32((uint32_t) (x >> 32), P.q);
    uint32_t lo = tmm_red32((uint32_t) x, P.q);
    return tmm_addq(tmm_mont(hi, P.r2, P), lo, P.q);    // hi 2^32 + lo
}

// The exact count r0 + 2^64 t (residues r0 mod 2^64, r1 mod p1), mod q.
__device__ __forceinline__ uint32_t tmm_exact_mod(uint64_t r0, uint64_t r1,
                                                  uint64_t p1n, tmm_prime P)
{
    uint64_t r0m = r0, d, m, t;
    for (int j = 0; j < 3; j++)         // r0 < 2^64 < 4 p1
        r0m = r0m >= TMM_P1 ? r0m - TMM_P1 : r0m;
    d = r1 >= r0m ? r1 - r0m : r1 + (TMM_P1 - r0m);
    m = d * p1n;                        // d + m p1 = 0 mod 2^64
    t = __umul64hi(m, TMM_P1) + (d != 0);
    if (t >= TMM_P1)
        t -= TMM_P1;                    // t = d 2^-64 mod p1
    return tmm_addq(tmm_red64(r0, P), tmm_mont(tmm_red64(t, P), P.r3, P),
                    P.q);
}

// In-place NTTs of nv arrays a + v T (v < nv) in shared memory, input in
// bit-reversed order, output natural: X[r] = sum_n x[n] w^(rn);
// tw[e] = w^e R (e < T/2).
__device__ static void tmm_ntt(uint32_t *a, int nv, const uint32_t *tw,
                               int lt, tmm_prime P)
{
    int T = 1 << lt, nb = nv << (lt - 1);
    for (int lh = 0; lh < lt; lh++)     // half = 2^lh, len = 2^(lh+1)
    {
        int hm = (1 << lh) - 1, sh = lt - 1 - lh;
        __syncthreads();
        for (int u = threadIdx.x; u < nb; u += blockDim.x)
        {
            int v = u >> (lt - 1), j = u & ((T >> 1) - 1);
            int i0 = (v << lt) + ((j >> lh) << (lh + 1)) + (j & hm);
            uint32_t x = a[i0], y = tmm_mont(a[i0 + hm + 1],
                                             tw[(j & hm) << sh], P);
            a[i0] = tmm_addq(x, y, P.q);
            a[i0 + hm + 1] = tmm_addq(x, P.q - y, P.q);
        }
    }
    __syncthreads();
}

// Block (g, i): the row NTTs over k' of rows beta = TMM_ROWS g + v (v <
// TMM_ROWS) of state st[i], b = 2 beta + pi (row beta of the parity boxes
// W0, W1 of BH rows; rows from b = nbf on are zero); row groups are the
// fast grid index (one state's box at a time).
#define TMM_ROWS 8
__global__ static void tmm_row_kernel(uint32_t *X, const uint64_t *W0,
                                      const uint64_t *W1, int64_t BH,
                                      int64_t KB, int64_t nbf, int64_t nkf,
                                      const uint32_t *st, uint64_t s0,
                                      const uint32_t *tw, int T, int lt,
                                      uint64_t p1n, tmm_prime P)
{
    extern __shared__ uint32_t sh[];
    uint32_t *a = sh, *t = sh + TMM_ROWS * T;
    int64_t i = blockIdx.y, beta0 = (int64_t) blockIdx.x * TMM_ROWS;
    uint64_t s = st[i];
    int pi = (__popcll(s) + __popcll(s0)) & 1;
    uint32_t *x = X + (i * T + beta0) * T;
    if (2 * beta0 >= nbf)   // zero rows for both parities: never read
        return;
    for (int n = threadIdx.x; n < T / 2; n += blockDim.x)
        t[n] = tw[n];
    for (int u = threadIdx.x; u < TMM_ROWS * T; u += blockDim.x)
    {
        int v = u >> lt, n = u & (T - 1);
        int64_t beta = beta0 + v, at = ((int64_t) s * BH + beta) * KB + n;
        uint32_t y = 0;
        if (2 * beta + pi < nbf && n < nkf)
            y = tmm_exact_mod(W0[at], W1[at], p1n, P);
        a[v * T + (__brev((unsigned) n) >> (32 - lt))] = y;
    }
    tmm_ntt(a, TMM_ROWS, t, lt, P);
    for (int u = threadIdx.x; u < TMM_ROWS * T; u += blockDim.x)
        x[u] = a[u];
}

// Block (jg, i): the column NTTs over beta of columns TMM_COLS jg ..
// TMM_COLS jg + TMM_COLS - 1 of state i (TMM_COLS consecutive words: whole
// 32-byte sectors of the strided columns); rows from nrow on are zero
// (not read: tmm_row_kernel leaves them).
#define TMM_COLS 8
__global__ static void tmm_col_kernel(uint32_t *X, const uint32_t *tw,
                                      int T, int lt, int64_t nrow,
                                      tmm_prime P)
{
    extern __shared__ uint32_t sh[];
    uint32_t *a = sh, *t = sh + TMM_COLS * T;
    int64_t i = blockIdx.y;
    uint32_t *x = X + i * T * T + (int64_t) blockIdx.x * TMM_COLS;
    for (int n = threadIdx.x; n < T / 2; n += blockDim.x)
        t[n] = tw[n];
    for (int u = threadIdx.x; u < TMM_COLS * T; u += blockDim.x)
    {
        int n = u / TMM_COLS, v = u % TMM_COLS;
        a[v * T + (__brev((unsigned) n) >> (32 - lt))] =
            n < nrow ? x[(int64_t) n * T + v] : 0;
    }
    tmm_ntt(a, TMM_COLS, t, lt, P);
    for (int u = threadIdx.x; u < TMM_COLS * T; u += blockDim.x)
    {
        int n = u / TMM_COLS, v = u % TMM_COLS;
        x[(int64_t) n * T + v] = a[v * T + n];
    }
}

__device__ __forceinline__ int tmm_row_bonds(uint64_t s, int L)
{
    uint64_t rot = ((s << 1) | (s >> (L - 1))) & (((uint64_t) 1 << L) - 1);
    return __popcll(s ^ rot);
}

#define TMM_ACC_TILE 256

// Thread per frequency (r, j), block row y: D[r T + j] += sum_i w_i
// w^(r db_i + j dk_i) X_i Y_i over slice y of the n states of the chunk
// (gridDim.y slices; D holds sums of residues, reduced on the host).
__global__ static void tmm_acc_kernel(unsigned long long *D,
                                      const uint32_t *X, const uint32_t *Y,
                                      int64_t n, const uint32_t *st,
                                      const uint32_t *wt, uint64_t s0, int L,
                                      const uint32_t *tw, int T, tmm_prime P)
{
    __shared__ uint32_t cw[TMM_ACC_TILE];
    __shared__ int db[TMM_ACC_TILE], dk[TMM_ACC_TILE];
    int64_t TT = (int64_t) T * T;
    int64_t pt = (int64_t) blockIdx.x * blockDim.x + threadIdx.x;
    int64_t lo = n * blockIdx.y / gridDim.y, hi = n * (blockIdx.y + 1) /
                                                  gridDim.y;
    int r = (int) (pt / T), j = (int) (pt % T);
    int h0 = tmm_row_bonds(s0, L), k0 = __popcll(s0);
    uint32_t acc = 0;
    for (int64_t i0 = lo; i0 < hi; i0 += TMM_ACC_TILE)
    {
        int64_t m = hi - i0 < TMM_ACC_TILE ? hi - i0 : TMM_ACC_TILE;
        __syncthreads();
        for (int64_t i = threadIdx.x; i < m; i += blockDim.x)
        {
            uint64_t s = st[i0 + i];
            int ks = __popcll(s);
            cw[i] = tmm_mont(wt[i0 + i] % P.q, P.r3, P);    // w R^2
            db[i] = ((ks + k0) & 1) - (tmm_row_bonds(s, L) + h0) / 2;
            dk[i] = ks - k0;
        }
        __syncthreads();
        if (pt >= TT)
            continue;
        for (int64_t i = 0; i < m; i++)
        {
            int64_t at = (i0 + i) * TT + pt;
            uint32_t y = tmm_mont(X[at], Y[at], P);             // /R
            y = tmm_mont(y, tw[(r * db[i] + j * dk[i]) & (T - 1)], P);
            acc = tmm_addq(acc, tmm_mont(y, cw[i], P), P.q);
        }
    }
    if (pt < TT && acc != 0)
        atomicAdd(D + pt, (unsigned long long) acc);
}

#endif
