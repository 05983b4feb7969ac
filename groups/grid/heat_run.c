/* The grid driver: row blocks of whole tiles, the engine, the checkpoint
 * (one record per tile), progress, the sink. */
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

const char *hkz_grid_kind_name(int kind)
{
    static const char *n[] = {"su2", "su2-sub", "su2-milnor", "product"};
    return kind >= 0 && kind < 4 ? n[kind] : "?";
}

/* The parameters that determine the result, in a fixed order. */
static int ckpt_params(hkz_ckpt_t c, const hkz_grid_heat_t g)
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
    return HKZ_SUCCESS;
}

static void count(hkz_grid_summary_t *sum, const hkz_grid_entry_t *rows,
                  slong n)
{
    slong k;
    for (k = 0; k < n; k++)
    {
        if (rows[k].scalar)
            sum->scalar++;
        else
            sum->engine++;
        if (rows[k].status == HKZ_ERR_PREC)
            sum->missed++;
    }
}

int hkz_grid_heat_run(hkz_grid_summary_t *sum, const hkz_grid_heat_t g,
                      const hkz_grid_opts_t *o)
{
    hkz_grid_summary_t S;
    _hkz_grid_times_t tm;
    hkz_engine_t e = NULL;
    hkz_engine_opts_t eo;
    hkz_ckpt_t ck = NULL;
    hkz_goal_t goal;
    hkz_grid_entry_t *rows = NULL;
    slong P, T, ntiles, bt, nrows = 0, tile, k, *rec = NULL;
    int status = HKZ_SUCCESS;

    memset(&S, 0, sizeof(S));
    memset(&tm, 0, sizeof(tm));
    HKZ_CHECK(o != NULL && o->sink != NULL, HKZ_ERR_ARG,
              "hkz_grid_heat_run: no sink");
    HKZ_TRY(hkz_grid_heat_check(&P, &T, g));
    HKZ_CHECK(o->block >= 0, HKZ_ERR_ARG, "grid: block size must be >= 0");
    hkz_goal_init_digits(&goal, g->digits);
    ntiles = (P + HKZ_GRID_TILE - 1) / HKZ_GRID_TILE;
    if (o->block > 0)
        bt = (o->block + HKZ_GRID_TILE - 1) / HKZ_GRID_TILE;
    else
        bt = FLINT_MAX(1, ((slong) 1 << 18) / (HKZ_GRID_TILE * T));
    bt = FLINT_MIN(bt, ntiles);
    S.entries = P * T;
    S.backend = HKZ_BACKEND_CPU;

    HKZ_TRY_GOTO(_hkz_grid_times_init(&tm, g));
    if (tm.ok)
    {
        hkz_engine_opts_init(&eo);
        eo.backend = o->device;
        eo.nthreads = o->nthreads;
        eo.shard = o->shard;
        eo.nchunks = o->overlap == HKZ_GRID_OVERLAP_NONE ? 1 : 4;
        HKZ_TRY_GOTO(hkz_engine_create(&e, &eo));
        hkz_engine_get_opts(&eo, e);
        S.backend = eo.backend;
    }
    rec = malloc(ntiles * sizeof(slong));
    HKZ_CHECK_GOTO(rec != NULL, HKZ_ERR_NOMEM, "grid: out of memory");
    for (k = 0; k < ntiles; k++)
        rec[k] = -1;
    if (o->checkpoint != NULL)
    {
        HKZ_TRY_GOTO(hkz_ckpt_create(&ck, o->checkpoint, "grid-heat"));
        HKZ_TRY_GOTO(ckpt_params(ck, g));
        HKZ_TRY_GOTO(hkz_ckpt_open(ck, o->resume));
        for (k = 0; k < hkz_ckpt_count(ck); k++)
        {
            HKZ_TRY_GOTO(_hkz_grid_record_load(NULL, 0, &tile,
                                               hkz_ckpt_get(ck, k)));
            HKZ_CHECK_GOTO(tile >= 0 && tile < ntiles, HKZ_ERR_CHECKPOINT,
                           "checkpoint: tile %ld out of range", (long) tile);
            rec[tile] = k;
        }
    }
    nrows = bt * HKZ_GRID_TILE * T;
    rows = malloc(nrows * sizeof(hkz_grid_entry_t));
    HKZ_CHECK_GOTO(rows != NULL, HKZ_ERR_NOMEM, "grid: out of memory "
                   "(%ld rows per block)", (long) nrows);
    for (k = 0; k < nrows; k++)
        arb_init(&rows[k].value);

    for (tile = 0; tile < ntiles; tile += bt)
    {
        slong t1 = FLINT_MIN(ntiles, tile + bt), p0 = tile * HKZ_GRID_TILE;
        slong p1 = FLINT_MIN(P, t1 * HKZ_GRID_TILE), i, fresh = 0;

        for (i = tile; i < t1; i++)
        {
            slong q0 = i * HKZ_GRID_TILE, np = FLINT_MIN(P, q0 + HKZ_GRID_TILE)
                                               - q0;
            hkz_grid_entry_t *r = rows + (q0 - p0) * T;
            if (rec[i] >= 0)
            {
                slong tt, m;
                HKZ_TRY_GOTO(_hkz_grid_record_load(r, np * T, &tt,
                             hkz_ckpt_get(ck, rec[i])));
                for (m = 0; m < np * T; m++)
                {
                    r[m].p = q0 + m / T;
                    r[m].j = m % T;
                }
                S.resumed += np * T;
            }
            else
            {
                HKZ_TRY_GOTO(_hkz_grid_tile(r, g, q0, np, &tm, e, &goal, 0));
                if (ck != NULL)
                {
                    char *s = _hkz_grid_record(i, r, np * T);
                    HKZ_CHECK_GOTO(s != NULL, HKZ_ERR_NOMEM,
                                   "grid: out of memory");
                    status = hkz_ckpt_add(ck, s);
                    free(s);
                    if (status != HKZ_SUCCESS)
                        goto cleanup;
                    fresh = 1;
                }
            }
        }
        if (fresh)
            HKZ_TRY_GOTO(hkz_ckpt_commit(ck));
        count(&S, rows, (p1 - p0) * T);
        status = o->sink(o->sink_ctx, rows, (p1 - p0) * T, p0, p1);
        if (status != HKZ_SUCCESS)
            goto cleanup;
        HKZ_TRY_GOTO(hkz_progress_report(o->progress, p1 * T, P * T));
    }
    status = HKZ_SUCCESS;
cleanup:
    if (rows != NULL)
        for (k = 0; k < nrows; k++)
            arb_clear(&rows[k].value);
    free(rows);
    free(rec);
    hkz_ckpt_destroy(&ck);
    hkz_engine_destroy(&e);
    _hkz_grid_times_clear(&tm);
    if (sum != NULL)
        *sum = S;
    return status;
}
