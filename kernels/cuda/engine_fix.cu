/* hkz_engine_fix_sum on the device (kernels/cpu/engine_fix.c has the CPU
 * code and why the sums are exact): the same integer operations, so the
 * same digits.  Stage 1 (fix_pairs): a thread per (pair, group) sums its
 * terms.  Stage 2 (fix_gemm): 16 x 16 entries (z row, pair) a block, the
 * digits of 16 groups of both sides in shared memory per step; for few
 * entries or 16 digits fix_gemm_rows, a block per entry; stage 2 keeps
 * the digit products of level >= HKZ_FIX_LOW(L) only (hkz/engine.h).  Digit
 * products (< 2^52) go into int64 levels, spilled into __int128 levels
 * every 2^10 / L terms (<= 2^10 products a level: < 2^62).  L = 8 or 16
 * (templates).  Rows are
 * cached on the device by key (hkz_engine_fix_t: a key names one content),
 * least recently used out beyond FIX_CACHE_BYTES.  Own stream and
 * buffers: safe beside the engine's runs on another host thread (one
 * hkz_engine_fix_sum at a time per engine). */
#include <stdlib.h>
#include <string.h>
#include "engine_cuda.h"

#define D HKZ_FIX_D
#define FIX_CACHE_BYTES ((size_t) 8 << 30)
#define TB 16          /* entries per block side (stage 2) */
#define KC 16          /* groups per shared-memory step (stage 2) */

typedef __int128 i128;

typedef struct
{
    uint64_t key, use;
    void *d;           /* digits, then (y rows) the counts */
    size_t bytes;
} fix_ent;

struct _hkz_cuda_fix_s
{
    cudaStream_t s;
    fix_ent *ent;
    size_t n, cap, bytes;
    uint64_t clock;
    void *d_tab;  size_t cap_tab;    /* pointer tables, off */
    int32_t *d_G; size_t cap_G;
    int64_t *d_V; size_t cap_V;
    int *d_bad;
};

static int grow(void **p, size_t *cap, size_t bytes, const char *what)
{
    cudaError_t c;
    if (bytes <= *cap)
        return HKZ_SUCCESS;
    cudaFree(*p);
    *p = NULL;
    *cap = 0;
    c = cudaMalloc(p, bytes);
    if (c != cudaSuccess)
        return HKZ_CUDA_ERR(c, what);
    *cap = bytes;
    return HKZ_SUCCESS;
}

/* the device copy of a row (uploaded if not cached); key 0: uploaded into
 * a fresh entry that is dropped after the call (use = 0) */
static int row_get(struct _hkz_cuda_fix_s *F, void **d, uint64_t key,
                   const void *h, size_t bytes, const void *h2,
                   size_t bytes2)
{
    size_t i;
    cudaError_t c;

    for (i = 0; key != 0 && i < F->n; i++)
        if (F->ent[i].key == key)
        {
            F->ent[i].use = F->clock;
            *d = F->ent[i].d;
            return HKZ_SUCCESS;
        }
    /* evict the least recently used (not of this call) */
    while (F->bytes + bytes + bytes2 > FIX_CACHE_BYTES && F->n > 0)
    {
        size_t j = 0;
        for (i = 1; i < F->n; i++)
            if (F->ent[i].use < F->ent[j].use)
                j = i;
        if (F->ent[j].use == F->clock)
            break;
        cudaStreamSynchronize(F->s);
        cudaFree(F->ent[j].d);
        F->bytes -= F->ent[j].bytes;
        F->ent[j] = F->ent[--F->n];
    }
    if (F->n == F->cap)
    {
        size_t nc = 2 * F->cap + 64;
        fix_ent *e = (fix_ent *) realloc(F->ent, nc * sizeof(fix_ent));
        if (e == NULL)
            return hkz_error_set(HKZ_ERR_NOMEM, "fix_sum: out of memory");
        F->ent = e;
        F->cap = nc;
    }
    c = cudaMalloc(d, bytes + bytes2);
    if (c == cudaSuccess)
        c = cudaMemcpyAsync(*d, h, bytes, cudaMemcpyHostToDevice, F->s);
    if (c == cudaSuccess && bytes2 > 0)
        c = cudaMemcpyAsync((char *) *d + bytes, h2, bytes2,
                            cudaMemcpyHostToDevice, F->s);
    if (c != cudaSuccess)
        return HKZ_CUDA_ERR(c, "fix_sum (rows)");
    F->ent[F->n].key = key;
    F->ent[F->n].use = key != 0 ? F->clock : 0;
    F->ent[F->n].d = *d;
    F->ent[F->n].bytes = bytes + bytes2;
    F->bytes += bytes + bytes2;
    F->n++;
    return HKZ_SUCCESS;
}

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
    int64_t a[NLEV], d[NLEV];
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
    i128 c = lev_norm<L>(d, lev);
    int64_t *v = V + (i * nq + q) * 2 * L;
    for (int l = 0; l < NLEV; l++)
        v[l] = d[l];
    if (c >= ((i128) 1 << 62) || c < -((i128) 1 << 62))
        *bad = 1;
    else
        v[NLEV] = (int64_t) c;
}

/* stage 2 for few entries (or L = 16, where the 16 x 16 tiles spill
 * registers): a block per entry, its FIXB threads over the groups (at most
 * 2^10 / L groups a thread between spills into the int128 levels), the
 * int64 levels summed exactly as int128 across the block (warp shuffles
 * of both halves, then shared memory) */
#define FIXB 256
template <int L>
__global__ static void fix_gemm_rows(int64_t *V, size_t nk,
        const int32_t *const *z, size_t nz, const int32_t *G, size_t nq,
        int *bad)
{
    const int NLEV = 2 * L - 1, SPILL = 1024 / L;
    __shared__ i128 sh[FIXB / 32][2 * L - 1];
    size_t n = blockIdx.x, i = n / nq, q = n % nq;
    const int32_t *zp = z[i], *gp = G + q * nk * L;
    int64_t a[NLEV], d[NLEV];
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
    i128 c = lev_norm<L>(d, lev);
    int64_t *v = V + (i * nq + q) * 2 * L;
    for (int l = 0; l < NLEV; l++)
        v[l] = d[l];
    if (c >= ((i128) 1 << 62) || c < -((i128) 1 << 62))
        *bad = 1;
    else
        v[NLEV] = (int64_t) c;
}

/* both kernels on F->s; d_tab: x, y, counts, z pointers, then off */
template <int L>
static void launch(struct _hkz_cuda_fix_s *F, size_t nk, size_t nq,
                   size_t nz, size_t ntab)
{
    void **t = (void **) F->d_tab;
    size_t nth = nq * nk;
    fix_pairs<L><<<(unsigned) ((nth + 127) / 128), 128, 0, F->s>>>(
        F->d_G, nk, (const size_t *) (t + ntab), nq,
        (const int32_t *const *) t, (const int32_t *const *) (t + nq),
        (const uint32_t *const *) (t + 2 * nq), F->d_bad);
    if (L > 8 || nz * nq < 8192)
    {
        fix_gemm_rows<L><<<(unsigned) (nz * nq), FIXB, 0, F->s>>>(F->d_V,
            nk, (const int32_t *const *) (t + 3 * nq), nz, F->d_G, nq,
            F->d_bad);
        return;
    }
    dim3 blk(TB, TB), grd((unsigned) ((nq + TB - 1) / TB),
                          (unsigned) ((nz + TB - 1) / TB));
    fix_gemm<L><<<grd, blk, 0, F->s>>>(F->d_V, nk,
        (const int32_t *const *) (t + 3 * nq), nz, F->d_G, nq, F->d_bad);
}

extern "C" void _hkz_cuda_fix_free(hkz_cuda_engine_t e)
{
    struct _hkz_cuda_fix_s *F = (struct _hkz_cuda_fix_s *) e->fix;
    if (F == NULL)
        return;
    if (F->s != NULL)
        cudaStreamSynchronize(F->s);
    for (size_t i = 0; i < F->n; i++)
        cudaFree(F->ent[i].d);
    free(F->ent);
    cudaFree(F->d_tab);
    cudaFree(F->d_G);
    cudaFree(F->d_V);
    cudaFree(F->d_bad);
    if (F->s != NULL)
        cudaStreamDestroy(F->s);
    free(F);
    e->fix = NULL;
}

/* drops the uncached (key 0) rows of this call */
static void drop_uncached(struct _hkz_cuda_fix_s *F)
{
    size_t i = 0;
    cudaStreamSynchronize(F->s);
    while (i < F->n)
        if (F->ent[i].key == 0)
        {
            cudaFree(F->ent[i].d);
            F->bytes -= F->ent[i].bytes;
            F->ent[i] = F->ent[--F->n];
        }
        else
            i++;
}

extern "C" int _hkz_cuda_fix_sum(void *state, int64_t *V,
                                 const hkz_engine_fix_t *f)
{
    hkz_cuda_engine_t e = (hkz_cuda_engine_t) state;
    struct _hkz_cuda_fix_s *F;
    size_t nk = f->nk, nq = f->nq, nz = f->nz, L = (size_t) f->L;
    size_t row = f->off[nk] * L;
    size_t ntab = 3 * nq + nz, i;
    void **h_tab = NULL;
    int prev = -1, bad = 0, status;
    cudaError_t c;

    status = _hkz_cuda_engine_enter(e, &prev);
    if (status != HKZ_SUCCESS)
        return status;
    if (e->fix == NULL)
    {
        e->fix = calloc(1, sizeof(struct _hkz_cuda_fix_s));
        F = (struct _hkz_cuda_fix_s *) e->fix;
        if (F == NULL)
        {
            status = hkz_error_set(HKZ_ERR_NOMEM, "fix_sum: out of memory");
            goto cleanup;
        }
        HKZ_CUDA_TRY_GOTO(cudaStreamCreateWithFlags(&F->s,
                          cudaStreamNonBlocking), "fix_sum (stream)");
        HKZ_CUDA_TRY_GOTO(cudaMalloc((void **) &F->d_bad, sizeof(int)),
                          "fix_sum (flag)");
    }
    F = (struct _hkz_cuda_fix_s *) e->fix;
    F->clock++;
    h_tab = (void **) malloc((ntab + nk + 1) * sizeof(void *));
    if (h_tab == NULL)
    {
        status = hkz_error_set(HKZ_ERR_NOMEM, "fix_sum: out of memory");
        goto cleanup;
    }
    /* the rows on the device: x[q], y[q] (+ counts), z[i] */
    for (i = 0; i < nq; i++)
    {
        HKZ_TRY_GOTO(row_get(F, h_tab + i, f->xkey ? f->xkey[i] : 0, f->x[i],
                             row * sizeof(int32_t), NULL, 0));
        HKZ_TRY_GOTO(row_get(F, h_tab + nq + i, f->ykey ? f->ykey[i] : 0,
                             f->y[i], row * sizeof(int32_t), f->yl[i],
                             nk * sizeof(uint32_t)));
        h_tab[2 * nq + i] = (char *) h_tab[nq + i] + row * sizeof(int32_t);
    }
    for (i = 0; i < nz; i++)
        HKZ_TRY_GOTO(row_get(F, h_tab + 3 * nq + i, f->zkey ? f->zkey[i] : 0,
                             f->z[i], nk * L * sizeof(int32_t), NULL, 0));
    memcpy(h_tab + ntab, f->off, (nk + 1) * sizeof(size_t));
    HKZ_TRY_GOTO(grow(&F->d_tab, &F->cap_tab, (ntab + nk + 1) * 8,
                      "fix_sum (tables)"));
    HKZ_TRY_GOTO(grow((void **) &F->d_G, &F->cap_G,
                      nq * nk * L * sizeof(int32_t), "fix_sum (G)"));
    HKZ_TRY_GOTO(grow((void **) &F->d_V, &F->cap_V,
                      nq * nz * 2 * L * sizeof(int64_t), "fix_sum (V)"));
    HKZ_CUDA_TRY_GOTO(cudaMemcpyAsync(F->d_tab, h_tab, (ntab + nk + 1) * 8,
                      cudaMemcpyHostToDevice, F->s), "fix_sum (tables)");
    HKZ_CUDA_TRY_GOTO(cudaMemsetAsync(F->d_bad, 0, sizeof(int), F->s),
                      "fix_sum (flag)");
    if (f->L == 8)
        launch<8>(F, nk, nq, nz, ntab);
    else
        launch<HKZ_FIX_LMAX>(F, nk, nq, nz, ntab);
    HKZ_CUDA_TRY_GOTO(cudaGetLastError(), "fix_sum (kernels)");
    HKZ_CUDA_TRY_GOTO(cudaMemcpyAsync(V, F->d_V,
                      nq * nz * 2 * L * sizeof(int64_t),
                      cudaMemcpyDeviceToHost, F->s), "fix_sum (V)");
    HKZ_CUDA_TRY_GOTO(cudaMemcpyAsync(&bad, F->d_bad, sizeof(int),
                      cudaMemcpyDeviceToHost, F->s), "fix_sum (flag)");
    c = cudaStreamSynchronize(F->s);
    if (c != cudaSuccess)
    {
        status = HKZ_CUDA_ERR(c, "fix_sum");
        goto cleanup;
    }
    status = bad ? hkz_error_set(HKZ_ERR_TOO_LARGE, "hkz_engine_fix_sum: "
                                 "a sum does not fit in its digits")
                 : HKZ_SUCCESS;
cleanup:
    if (e->fix != NULL)
        drop_uncached((struct _hkz_cuda_fix_s *) e->fix);
    free(h_tab);
    _hkz_cuda_engine_leave(prev);
    return status;
}
