/* Generated bases (CHEB_U, COS) on the CPU: every K-block of a block of
 * points in ONE parallel region, without a barrier between K-blocks.
 *
 * Why (issue 19.5).  With a region (and a barrier) per K-block, each of
 * the 8 K-blocks of a 4096^3 run on 16 cores ended on its slowest sub-
 * tile: the engine's 3.1 CPU-s of work took 0.225 s, 13.8 of 16 cores
 * busy (device batch s5b1).  One tile per thread over all K, without
 * barriers, was worse (0.254 s, 12.2 cores: the host's cores do not run
 * at the same speed).  So the work stays in small items taken one at a
 * time, now from one list for the whole run:
 *     gen(0) | gen(1) tiles(0) | gen(2) tiles(1) | ... | tiles(n-1) | bounds
 * gen(j): row chunks of K-block j into buffer j mod NBUF (the recurrence
 * carried per row chunk); tiles(j): the sub-tiles of the region scheme
 * (_hkz_engine_cpu_tiles) times K-block j; bounds: the column bounds in
 * pieces, for the threads that run out of tiles.  An item waits for what
 * it reads: a sub-tile for K-block j's generation and for its own K-block
 * j - 1 (the summation order of every output is unchanged: the same calls
 * in the same order, so not a bit changes); gen(j) for its row chunk of
 * K-block j - 1 and for every sub-tile of K-block j - NBUF (the buffer it
 * overwrites).  Items are handed out in list order and wait only for
 * earlier items, so the earliest unfinished item can always run: no
 * deadlock, whatever the threads (one thread runs the list in order). */
#include <sched.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "engine_cpu_internal.h"
#include "hkz_check.h"

#define NBUF HKZ_CPU_FLOW_NBUF

typedef struct
{
    _hkz_cpu_gemm_t *G;          /* the block: its status and bad entry */
    _hkz_cpu_gemm_t tmpl;        /* a copy of *G made before the region */
    const hkz_engine_problem_t *pb;
    const double *x;             /* the block's points */
    const double *tab;           /* COS: T_0 .. T_M of the points (ld np) */
    double *buf[NBUF];           /* K-blocks, ldb x kb each */
    double *prev, *cur;          /* the recurrence's carry, np rows */
    size_t kb, nkb, ntiles, ngen;
    size_t *tile_next;           /* per sub-tile: K-blocks done */
    size_t *gen_next;            /* per row chunk: K-blocks generated */
    size_t *tiles_done;          /* per K-block: sub-tiles done */
    size_t *gens_done;           /* per K-block: row chunks done */
    _hkz_col_bounds_t *bnd;      /* column bounds at the end, or NULL */
    size_t T, nbnd;
} flow_t;

static size_t cos_m(size_t N, size_t g)
{
    return 2 * g > N ? 2 * g - N : N - 2 * g;
}

static void wait_for(size_t *p, size_t v)
{
    while (__atomic_load_n(p, __ATOMIC_ACQUIRE) < v)
        sched_yield();
}

static void done(size_t *p)
{
    __atomic_fetch_add(p, 1, __ATOMIC_RELEASE);
}

/* row chunk r of K-block j */
static void gen_item(flow_t *F, size_t r, size_t j)
{
    const hkz_engine_problem_t *pb = F->pb;
    const size_t np = F->tmpl.np, ldb = F->tmpl.ldb, i0 = np * r / F->ngen;
    const size_t i1 = np * (r + 1) / F->ngen, k0 = j * F->kb;
    const size_t nk = F->tmpl.K - k0 < F->kb ? F->tmpl.K - k0 : F->kb;
    double *blk = F->buf[j % NBUF];
    size_t g, c;

    wait_for(&F->gen_next[r], j);
    if (j >= NBUF)
        wait_for(&F->tiles_done[j - NBUF], F->ntiles);
    if (pb->basis == HKZ_BASIS_CHEB_U)
    {
        _hkz_cpu_gen_t A;
        A.x = F->x;
        A.c1 = 2.0;
        A.prev = F->prev;
        A.cur = F->cur;
        A.blk = blk;
        A.ld = ldb;
        for (g = 0; j == 0 && g < pb->k_begin; g += A.nk)
        {
            /* the recurrence up to the first mode (discarded) */
            A.g0 = g;
            A.nk = pb->k_begin - g < F->kb ? pb->k_begin - g : F->kb;
            _hkz_engine_cpu_gen_range(i0, i1, &A);
        }
        A.g0 = pb->k_begin + k0;
        A.nk = nk;
        _hkz_engine_cpu_gen_range(i0, i1, &A);
    }
    else
        for (c = 0; c < nk; c++)
            memcpy(blk + i0 + c * ldb, F->tab + cos_m(pb->cos_n,
                   pb->k_begin + k0 + c) * np + i0,
                   (i1 - i0) * sizeof(double));
    if (i1 == np && np % HKZ_ENGINE_TALIGN != 0)
        /* the zero rows up to the next multiple of 64 (the ragged scratch
         * tiles read them; a previous block of points may have used them) */
        for (c = 0; c < nk; c++)
            memset(blk + np + c * ldb, 0,
                   (HKZ_ALIGN_UP(np) - np) * sizeof(double));
    __atomic_store_n(&F->gen_next[r], j + 1, __ATOMIC_RELEASE);
    done(&F->gens_done[j]);
}

/* sub-tile t of the grid times K-block j */
static void tile_item(flow_t *F, size_t t, size_t j)
{
    _hkz_cpu_gemm_t *G = F->G, W = F->tmpl;
    const size_t k0 = j * F->kb;

    wait_for(&F->gens_done[j], F->ngen);
    wait_for(&F->tile_next[t], j);
    W.blk = F->buf[j % NBUF];
    W.k0 = k0;
    W.nk = G->K - k0 < F->kb ? G->K - k0 : F->kb;
    W.last = k0 + W.nk == G->K;
    W.bad = SIZE_MAX;
    W.status = HKZ_SUCCESS;
    _hkz_engine_cpu_gemm_tile(&W,
            _hkz_engine_cpu_split(G->np, G->nr, t % G->nr),
            _hkz_engine_cpu_split(G->np, G->nr, t % G->nr + 1),
            _hkz_engine_cpu_split(G->tc, G->nc, t / G->nr),
            _hkz_engine_cpu_split(G->tc, G->nc, t / G->nr + 1));
    if (W.status != HKZ_SUCCESS)
        __atomic_store_n(&G->status, W.status, __ATOMIC_RELAXED);
    if (W.bad != SIZE_MAX)
    {
        size_t cur = __atomic_load_n(&G->bad, __ATOMIC_RELAXED);
        while (W.bad < cur && !__atomic_compare_exchange_n(&G->bad, &cur,
               W.bad, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED))
            ;
    }
    __atomic_store_n(&F->tile_next[t], j + 1, __ATOMIC_RELEASE);
    done(&F->tiles_done[j]);
}

static void flow_range(size_t i0, size_t i1, void *varg)
{
    flow_t *F = varg;
    const size_t per = F->ngen + F->ntiles;
    const size_t nmain = F->ngen + (F->nkb - 1) * per + F->ntiles;
    size_t i;

    for (i = i0; i < i1; i++)
    {
        size_t q, j, o;
        if (i >= nmain)
        {
            q = i - nmain;
            _hkz_engine_col_bounds_range(F->T * q / F->nbnd,
                                         F->T * (q + 1) / F->nbnd, F->bnd);
            continue;
        }
        if (i < F->ngen)
        {
            gen_item(F, i, 0);
            continue;
        }
        j = (i - F->ngen) / per;
        o = (i - F->ngen) % per;
        if (j + 1 < F->nkb && o < F->ngen)
            gen_item(F, o, j + 1);
        else
            tile_item(F, j + 1 < F->nkb ? o - F->ngen : o, j);
    }
}

int _hkz_engine_cpu_flow(hkz_pool_t pool, int nth, _hkz_cpu_gemm_t *G,
                         const _hkz_cpu_flow_in_t *in)
{
    flow_t F;
    size_t ur = (G->np + HKZ_ENGINE_TALIGN - 1) / HKZ_ENGINE_TALIGN;
    size_t uc = (G->tc + HKZ_ENGINE_TALIGN - 1) / HKZ_ENGINE_TALIGN;
    size_t n, b, *cnt;

    _hkz_engine_cpu_tiles(&G->nr, &G->nc, ur, uc, nth);
    F.G = G;
    F.tmpl = *G;
    F.pb = in->pb;
    F.x = in->x;
    F.tab = in->tab;
    for (b = 0; b < NBUF; b++)
        F.buf[b] = in->buf[b];
    F.prev = in->prev;
    F.cur = in->cur;
    F.kb = in->kb;
    F.nkb = (G->K + in->kb - 1) / in->kb;
    F.ntiles = G->nr * G->nc;
    /* the generation's own rule: threads only when a block is worth it */
    F.ngen = (double) G->np * (double) in->kb < 65536.0 ? 1 : (size_t) nth;
    F.bnd = in->bnd;
    F.T = in->T;
    F.nbnd = in->bnd == NULL ? 0 : (in->T < 4 * (size_t) nth ? in->T
                                                            : 4 * (size_t) nth);
    n = F.ntiles + F.ngen + 2 * F.nkb;
    cnt = calloc(n, sizeof(size_t));
    HKZ_CHECK(cnt != NULL, HKZ_ERR_NOMEM, "hkz_engine_run: out of memory");
    F.tile_next = cnt;
    F.gen_next = cnt + F.ntiles;
    F.tiles_done = F.gen_next + F.ngen;
    F.gens_done = F.tiles_done + F.nkb;
    n = F.ngen + (F.nkb - 1) * (F.ngen + F.ntiles) + F.ntiles + F.nbnd;
    hkz_parallel_for(pool, n, nth, 1, flow_range, &F);
    free(cnt);
    return HKZ_SUCCESS;
}
