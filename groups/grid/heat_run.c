/* The grid driver: row blocks of whole tiles, the engine, the checkpoint
 * (one record per tile), progress, the sink. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "grid_internal.h"
#include "hkz/checkpoint.h"
#include "hkz_check.h"

void hkz_grid_opts_init(hkz_grid_opts_t *o)
{
    memset(o, 0, sizeof(hkz_grid_opts_t));
    o->device = HKZ_BACKEND_AUTO;
    o->shard = HKZ_SHARD_AUTO;
    o->overlap = HKZ_GRID_OVERLAP_NONE;
}

int hkz_grid_opts_writes(const hkz_grid_opts_t *o)
{
    return hkz_dist_rank(o->dist != NULL ? o->dist : hkz_dist_world()) == 0;
}

const char *hkz_grid_kind_name(int kind)
{
    static const char *n[] = {"su2", "su2-sub", "su2-milnor", "product"};
    return kind >= 0 && kind < 4 ? n[kind] : "?";
}

/* The parameters that determine the result, in a fixed order. */
static int ckpt_params(hkz_ckpt_t c, const hkz_grid_heat_t g,
                       const hkz_grid_opts_t *o)
{
    char buf[64];

    HKZ_TRY(hkz_ckpt_param(c, "kernel", hkz_grid_kind_name(g->kind)));
    HKZ_TRY(hkz_ckpt_param(c, "t", g->t->src));
    HKZ_TRY(hkz_ckpt_param_slong(c, "log", g->t->log));
    if (g->alpha->src != NULL)
        HKZ_TRY(hkz_ckpt_param(c, "alpha", g->alpha->src));
    if (g->r->src != NULL)
        HKZ_TRY(hkz_ckpt_param(c, "r", g->r->src));
    if (g->z->src != NULL)
        HKZ_TRY(hkz_ckpt_param(c, "z", g->z->src));
    if (g->wsrc != NULL)
        HKZ_TRY(hkz_ckpt_param(c, "weights", g->wsrc));
    if (g->pwsrc != NULL)
    {
        HKZ_TRY(hkz_ckpt_param(c, g->pop == HKZ_SU2N_L ? "sub-weights" :
                               "delta-weights", g->pwsrc));
    }
    if (g->path != NULL)
    {
        snprintf(buf, sizeof(buf), "%016lx", (unsigned long) g->hash);
        HKZ_TRY(hkz_ckpt_param(c, "file", g->path));
        HKZ_TRY(hkz_ckpt_param(c, "file-hash", buf));
    }
    HKZ_TRY(hkz_ckpt_param_slong(c, "deriv", (slong) g->deriv));
    HKZ_TRY(hkz_ckpt_param_slong(c, "digits", g->digits));
    HKZ_TRY(hkz_ckpt_param_slong(c, "tile", HKZ_GRID_TILE));
    /* engine sums in fixed mode chunks (hkz/dist_ksum.h) */
    HKZ_TRY(hkz_ckpt_param_slong(c, "kchunk", HKZ_DIST_KCHUNK));
    HKZ_TRY(hkz_ckpt_param_slong(c, "kchunks", HKZ_DIST_KCHUNKS_MAX));
    if (o->scalar_only)
        HKZ_TRY(hkz_ckpt_param(c, "method", "scalar"));
    return HKZ_SUCCESS;
}

/* About how many modes the engine grids of g take (for the planner; the
 * grids choose their own: hkz/su2.h). */
static double modes_estimate(const hkz_grid_heat_t g, const _hkz_grid_times_t *tm)
{
    double tmin = INFINITY, x, n;
    slong j;

    for (j = 0; j < tm->T; j++)
        tmin = fmin(tmin, tm->t[j]);
    x = 60.0 / tmin;
    if (g->kind == HKZ_GRID_SU2)
        return ceil(sqrt(1.0 + x));
    if (g->kind == HKZ_GRID_SU2_SUB)   /* (k, m) with lambda t <= 60 */
        return fmin(0x1p20, 0.25 * x * fmax(1.0, log(x)));
    /* Milnor: sum_{n <= N} n^2 modes, N^2 min(a, b) t ~ 60, N <= 250 */
    n = fmin(250.0, ceil(sqrt(x / fmax(1e-3, fmin(
            arf_get_d(arb_midref(g->w), ARF_RND_NEAR),
            arf_get_d(arb_midref(g->w + 1), ARF_RND_NEAR))))));
    return n * n * n / 3.0;
}

/* SPLIT_P or SPLIT_K for this run (the same on every rank): split K only
 * with an engine route and several ranks; auto asks the planner */
static int resolve_shard(const _hkz_grid_run_t *R)
{
    hkz_dist_plan_t pl;
    if (!R->tm->ok || R->size == 1 || R->o->shard == HKZ_SHARD_SPLIT_P)
        return HKZ_SHARD_SPLIT_P;
    if (R->o->shard == HKZ_SHARD_SPLIT_K)
        return HKZ_SHARD_SPLIT_K;
    return hkz_dist_plan_grid(&pl, R->size, (size_t) R->P, HKZ_GRID_TILE,
                              (size_t) modes_estimate(R->g, R->tm),
                              (size_t) R->T, NULL);
}

/* Entries of a rank's share of a default flat block (several ranks). */
#define FLAT_SHARE ((slong) 1 << 20)

/* Seconds a default row block aims at. */
#define BLOCK_SECONDS 1.0

/* The next default block size (tiles) after k tiles took w seconds: about
 * BLOCK_SECONDS, growing at most 4-fold, at least kmin (a tile per rank;
 * two for the GPU pipeline), at most bt (the rows held in memory). */
slong _hkz_grid_next_block(slong k, double w, slong bt, slong kmin)
{
    double want = w > 0 ? k * (BLOCK_SECONDS / w) : 4.0 * k;
    slong n = (slong) FLINT_MIN(want, 4.0 * k);
    return FLINT_MAX(FLINT_MIN(bt, kmin), FLINT_MIN(n, bt));
}

int hkz_grid_heat_run(hkz_grid_summary_t *sum, const hkz_grid_heat_t g,
                      const hkz_grid_opts_t *o)
{
    _hkz_grid_run_t R;
    _hkz_grid_times_t tm;
    hkz_engine_opts_t eo;
    slong bt, nb, kmin, tile, k;
    double p0 = hkz_prof_now(), p1;
    int status = HKZ_SUCCESS, st;

    memset(&R, 0, sizeof(R));
    memset(&tm, 0, sizeof(tm));
    for (k = 0; k < 2 * HKZ_GRID_DEV_MAX; k++)
        _hkz_grid_tb_init(R.tb + k);
    HKZ_CHECK(o != NULL, HKZ_ERR_ARG, "hkz_grid_heat_run: NULL options");
    R.d = o->dist != NULL ? o->dist : hkz_dist_world();
    R.rank = hkz_dist_rank(R.d);
    R.size = hkz_dist_size(R.d);
    /* argument errors are the same on every rank: no agreement needed */
    HKZ_CHECK(R.rank != 0 || o->sink != NULL || o->local_sink != NULL
              || (o->cols_sink != NULL && R.size == 1), HKZ_ERR_ARG,
              "hkz_grid_heat_run: no sink");
    HKZ_TRY(hkz_grid_heat_check(&R.P, &R.T, g));
    HKZ_CHECK(o->block >= 0, HKZ_ERR_ARG, "grid: block size must be >= 0");
    R.g = g;
    R.o = o;
    R.tm = &tm;
    hkz_goal_init_digits(&R.goal, g->digits);
    R.ntiles = (R.P + HKZ_GRID_TILE - 1) / HKZ_GRID_TILE;
    if (o->block > 0)
        bt = (o->block + HKZ_GRID_TILE - 1) / HKZ_GRID_TILE;
    else if (o->scalar_only)
        bt = 1;  /* ~ms an entry: one tile a block keeps progress,
                    checkpoints and stops within seconds */
    else
        bt = FLINT_MAX(1, ((slong) 1 << 18) / (HKZ_GRID_TILE * R.T));
    bt = FLINT_MIN(bt, R.ntiles);
    R.S.entries = R.P * R.T;
    R.S.backend = HKZ_BACKEND_CPU;

    status = _hkz_grid_times_init(&tm, g);
    if (status == HKZ_SUCCESS)
        status = _hkz_grid_engine_cols(&tm, g, &R.goal);
    if (o->scalar_only)
    {
        /* every entry by the scalar route, not the batched fallback */
        tm.ok = 0;
        hkz_su2_sub_wcache_clear(tm.sub_w);
        tm.sub_w = NULL;
    }
    if (status == HKZ_SUCCESS)
    {
        /* without an engine route the engine lends its CPU threads to
         * the scalar route */
        hkz_engine_opts_init(&eo);
        eo.backend = tm.ok ? o->device : HKZ_BACKEND_CPU;
        eo.nthreads = o->nthreads;
        eo.shard = o->shard;
        eo.nchunks = o->overlap == HKZ_GRID_OVERLAP_NONE ? 1 : 4;
        status = _hkz_grid_engines_tier(&R, &eo);
    }
    if (status == HKZ_SUCCESS)
    {
        /* every engine run goes through the fixed mode chunks, so the
         * bytes do not depend on the shard or the rank count */
        R.splitk = resolve_shard(&R) == HKZ_SHARD_SPLIT_K;
        R.ks.d = R.d;
        R.ks.split = R.splitk;
        for (k = 0; k < R.ne; k++)
            hkz_engine_set_hook(R.ex[k], hkz_dist_ksum_hook, &R.ks);
        if (R.pipe && o->block == 0)
            bt = FLINT_MIN(R.ntiles, FLINT_MAX(bt, FLINT_MAX(2,
                    ((slong) 1 << 21) / (HKZ_GRID_TILE * R.T))));
    }
    /* several ranks, split P, no local sink of rows (or one of columns):
       flat blocks of at most FLAT_SHARE entries a rank (block_flat.c) */
    if (status == HKZ_SUCCESS && R.size > 1 && !R.splitk
        && (o->local_sink == NULL || o->local_cols_sink != NULL))
    {
        status = _hkz_grid_flat_init(&R);
        if (o->block == 0)
            bt = FLINT_MIN(R.ntiles, R.size * FLINT_MAX(1, FLAT_SHARE
                                                 / (HKZ_GRID_TILE * R.T)));
    }
    else if (R.size > 1 && !R.splitk && o->block == 0)
        bt = FLINT_MIN(R.ntiles, FLINT_MAX(bt, R.size));  /* a tile a rank */
    R.S.shard = R.splitk ? HKZ_SHARD_SPLIT_K : HKZ_SHARD_SPLIT_P;
    R.rec = malloc(R.ntiles * sizeof(slong));
    R.done = calloc(R.ntiles, 1);
    if (status == HKZ_SUCCESS && (R.rec == NULL || R.done == NULL))
        status = hkz_error_set(HKZ_ERR_NOMEM, "grid: out of memory");
    for (k = 0; R.rec != NULL && k < R.ntiles; k++)
        R.rec[k] = -1;
    /* the checkpoint lives on rank 0, its records in the file (streamed:
     * memory does not grow with the grid) */
    if (status == HKZ_SUCCESS && o->checkpoint != NULL && R.rank == 0)
    {
        status = hkz_ckpt_create(&R.ck, o->checkpoint, "grid-heat");
        if (status == HKZ_SUCCESS)
            status = hkz_ckpt_set_stream(R.ck);
        if (status == HKZ_SUCCESS)
            status = ckpt_params(R.ck, g, o);
        if (status == HKZ_SUCCESS)
            status = hkz_ckpt_open(R.ck, o->resume);
        for (k = 0; status == HKZ_SUCCESS && k < hkz_ckpt_count(R.ck); k++)
        {
            status = _hkz_grid_record_load(NULL, 0, &tile,
                                           hkz_ckpt_get(R.ck, k));
            if (status == HKZ_SUCCESS && (tile < 0 || tile >= R.ntiles))
                status = hkz_error_set(HKZ_ERR_CHECKPOINT, "checkpoint: "
                                       "tile %ld out of range", (long) tile);
            if (status == HKZ_SUCCESS)
            {
                R.rec[tile] = k;
                R.done[tile] = 1;
            }
        }
    }
    /* several ranks: block rows (rank 0) or one tile (others); one rank:
     * one tile for the row sinks, none for cols_sink (tile_pipe.c) */
    if (R.flat != NULL)   /* rank 0: a tile of rows for a rows sink */
        R.nrows = R.rank == 0 && !(R.flat_rec & (HKZ_GRID_FLAT_COLS
                  | HKZ_GRID_FLAT_LOCAL)) ? HKZ_GRID_TILE * R.T : 0;
    else if (R.size > 1)
        R.nrows = (R.rank == 0 || o->local_sink != NULL ? bt : 1)
                  * HKZ_GRID_TILE * R.T;
    else
    {
        R.nrows = o->cols_sink != NULL ? 0 : HKZ_GRID_TILE * R.T;
        /* the blocks (timed) only pace commits and progress reports */
        if (o->block == 0 && !o->scalar_only)
            bt = R.ntiles;
    }
    if (status == HKZ_SUCCESS && R.nrows > 0)
    {
        R.rows = malloc(R.nrows * sizeof(hkz_grid_entry_t));
        if (R.rows == NULL)
        {
            status = hkz_error_set(HKZ_ERR_NOMEM, "grid: out of memory "
                                   "(%ld rows per block)", (long) R.nrows);
            R.nrows = 0;
        }
        for (k = 0; k < R.nrows; k++)
            arb_init(&R.rows[k].value);
    }
    else
        R.nrows = 0;
    status = hkz_dist_agree(R.d, status);
    if (status == HKZ_SUCCESS && R.size > 1)
        status = hkz_dist_bcast(R.d, R.done, R.ntiles, 0);
    if (status == HKZ_SUCCESS && R.flat != NULL)
        status = hkz_dist_bcast(R.d, &R.flat_rec, sizeof(int), 0);

    /* a given block size, or (default) blocks timed to about
       BLOCK_SECONDS each, at most bt tiles: a stop, a checkpoint commit
       and a progress report come every second or so however slow an
       entry is (a tile stays the unit; the bytes do not depend on the
       blocks: hkz/grid.h, DETERMINISM) */
    /* (the GPU pipeline overlaps two tiles at least) */
    kmin = R.pipe ? FLINT_MAX(2 * FLINT_MAX(R.ne, 1), R.size) : R.size;
    hkz_prof_add(HKZ_PROF_SETUP, p0);
    nb = o->block > 0 ? bt : FLINT_MIN(bt, kmin);
    /* one rank on the GPU pipeline: a block's end drains the pipeline, so
       one stream for the whole grid, paced from within
       (HKZ_GRID_ONE_STREAM=0: timed blocks) */
    if (R.size == 1 && R.pipe && o->block == 0 && !o->scalar_only
        && (getenv("HKZ_GRID_ONE_STREAM") == NULL
            || atoi(getenv("HKZ_GRID_ONE_STREAM")) != 0))
    {
        R.pace = BLOCK_SECONDS;
        R.paced = hkz_dist_wtime();
        nb = bt;
    }
    if (status == HKZ_SUCCESS && R.flat != NULL)
        status = _hkz_grid_flat_run(&R, nb, bt, kmin);
    for (tile = 0; status == HKZ_SUCCESS && R.flat == NULL
                   && tile < R.ntiles; tile += k)
    {
        double w0 = hkz_dist_wtime();
        k = FLINT_MIN(nb, R.ntiles - tile);
        status = _hkz_grid_block(&R, tile, tile + k);
        if (o->block > 0 || status != HKZ_SUCCESS)
            continue;
        nb = _hkz_grid_next_block(k, hkz_dist_wtime() - w0, bt, kmin);
        if (R.size > 1)   /* rank 0's choice, so that the ranks agree */
            status = hkz_dist_bcast(R.d, &nb, sizeof(nb), 0);
    }

    p1 = hkz_prof_now();
    if (R.rows != NULL)
        for (k = 0; k < R.nrows; k++)
            arb_clear(&R.rows[k].value);
    free(R.rows);
    for (k = 0; k < 2 * HKZ_GRID_DEV_MAX; k++)
        _hkz_grid_tb_clear(R.tb + k);
    _hkz_grid_flat_clear(&R);
    free(R.rec);
    free(R.done);
    hkz_ckpt_destroy(&R.ck);
    st = _hkz_grid_ahead_clear(&R.ahead);
    if (status == HKZ_SUCCESS)
        status = st;
    for (k = 1; k < R.ne; k++)
        hkz_engine_destroy(&R.ex[k]);
    hkz_engine_destroy(&R.e);
    _hkz_grid_times_clear(&tm);
    hkz_prof_add(HKZ_PROF_CLOSE, p1);
    if (sum != NULL)
        *sum = R.S;
    hkz_prof_add(HKZ_PROF_RUN, p0);
    hkz_prof_report();
    return status;
}
