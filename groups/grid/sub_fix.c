/* The second tier of su2-sub tiles: the entries the double engine leaves
 * (small values after cancellation) by the exact fixed-point tier
 * (hkz_su2_sub_fix_eval_list, on the engine's device; _hkz_grid_tile_tier
 * runs it at 8 digits, then at 16 on what is left), before the Arb
 * fallback.  One call (one exact sum) for the held entries of up to
 * SUB_FIX_R r of the tile; an entry whose ball meets the goal is set
 * (tier2 = 1), the others stay in idx for the Arb routes.  A ball depends
 * on the entry's own (r, z, t) only (the tier's sums are exact), so the
 * bytes do not depend on tiling, blocks, ranks or threads. */
#include <stdlib.h>
#include <string.h>
#include "grid_internal.h"
#include "hkz_check.h"

/* the r values of one call of the tier at most */
#define SUB_FIX_R 4

int _hkz_grid_sub_fix(_hkz_grid_tbuf_t *tb, slong *idx, slong *n,
                      const hkz_grid_heat_t g, hkz_su2_sub_fix_t f,
                      hkz_engine_t e, const hkz_goal_t *goal)
{
    slong p0 = tb->p0, T = tb->T, nz = g->z->n, a, b, k, m = 0, c;
    slong *l = malloc(3 * FLINT_MAX(*n, 1) * sizeof(slong));
    arb_ptr res = NULL;
    int *ok = malloc(FLINT_MAX(*n, 1) * sizeof(int));
    int status = HKZ_SUCCESS;

    HKZ_CHECK_GOTO(l != NULL && ok != NULL, HKZ_ERR_NOMEM,
                   "grid: out of memory");
    /* idx increases: the entries of one r are consecutive; a call takes
       those of SUB_FIX_R r at most (the rows it holds at once) */
    for (a = 0; a < *n; a = b)
    {
        slong ir0 = (p0 + idx[a] / T) / nz;
        for (b = a; b < *n && (p0 + idx[b] / T) / nz < ir0 + SUB_FIX_R; b++)
        {
            l[b - a] = (p0 + idx[b] / T) / nz;
            l[*n + b - a] = (p0 + idx[b] / T) % nz;
            l[2 * *n + b - a] = idx[b] % T;
        }
        res = _arb_vec_init(b - a);
        status = hkz_su2_sub_fix_eval_list(res, ok, f, e, l, l + *n,
                                           l + 2 * *n, b - a, goal->rel_bits);
        for (k = a; status == HKZ_SUCCESS && k < b; k++)
        {
            hkz_grid_entry_t *row = _hkz_grid_tb_row(tb, idx[k]);
            c = k - a;
            if (ok[c] == 1 && arb_is_finite(res + c))
            {
                arb_swap(&row->value, res + c);
                row->scalar = 0;
                row->tier2 = 1;
                row->certified = 1;
                row->status = HKZ_SUCCESS;
            }
            else
                idx[m++] = idx[k];
        }
        _arb_vec_clear(res, b - a);
        if (status != HKZ_SUCCESS)
            goto cleanup;
    }
    *n = m;
cleanup:
    free(l);
    free(ok);
    return status;
}

/* the fixed-point tier (su2-sub) at 8 digits, then at 16 on what is
 * left: its balls stay held (tier2 = 1).  The tier's results depend on
 * each entry's inputs only (exact sums): on any thread, the same bits. */
int _hkz_grid_tile_tier(_hkz_grid_tbuf_t *tb, const hkz_grid_heat_t g,
        const _hkz_grid_times_t *tm, hkz_engine_t e,
        const hkz_goal_t *goal)
{
    slong nsc = tb->nsc;
    slong *idx = malloc(FLINT_MAX(1, nsc) * sizeof(slong));
    double t0 = hkz_prof_now(), t1;
    int status = HKZ_SUCCESS, k;

    HKZ_CHECK(idx != NULL, HKZ_ERR_NOMEM, "grid: out of memory");
    if (nsc > 0)
        memcpy(idx, tb->key, nsc * sizeof(slong));
    for (k = 0; k < 2 && status == HKZ_SUCCESS; k++)
        if (nsc > 0 && g->kind == HKZ_GRID_SU2_SUB && tm->sub_fix[k] != NULL)
        {
            t1 = hkz_prof_now();
            status = _hkz_grid_sub_fix(tb, idx, &nsc, g, tm->sub_fix[k], e,
                                       goal);
            hkz_prof_add(k == 0 ? HKZ_PROF_FIX8 : HKZ_PROF_FIX16, t1);
        }
    tb->tiered = 1;
    free(idx);
    hkz_prof_add(HKZ_PROF_TIER, t0);
    return status;
}

/* the r rows of tiles [t0, t1) (at most AHEAD_R of them) and (zt & 1)
 * the z rows, (zt & 2) the t rows, made on the host thread while the
 * device threads run the tiles before: their tiers then find them made
 * (the 16-digit level's only once it has been needed) */
#define AHEAD_R 12
int _hkz_grid_tier_ahead(const hkz_grid_heat_struct *g,
        const _hkz_grid_times_t *tm, hkz_engine_t e, slong t0, slong t1,
        int zt)
{
    slong nz = g->z->n, P = g->r->n * nz, ir0, ir1, k;
    double w0 = hkz_prof_now();
    int status = HKZ_SUCCESS;

    if (g->kind != HKZ_GRID_SU2_SUB || t1 <= t0 || nz == 0)
        return HKZ_SUCCESS;
    ir0 = FLINT_MIN(t0 * HKZ_GRID_TILE, P) / nz;
    ir1 = (FLINT_MIN(t1 * HKZ_GRID_TILE, P) + nz - 1) / nz;
    ir1 = FLINT_MIN(ir1, ir0 + AHEAD_R);
    for (k = 0; k < 2 && status == HKZ_SUCCESS; k++)
        if (tm->sub_fix[k] != NULL)
            status = hkz_su2_sub_fix_ahead(tm->sub_fix[k], e, ir0, ir1,
                    ((zt & 1) ? HKZ_SUB_FIX_Z : 0)
                    | ((zt & 2) ? HKZ_SUB_FIX_T : 0)
                    | (k > 0 ? HKZ_SUB_FIX_USED : 0));
    hkz_prof_add(HKZ_PROF_AHEAD, w0);
    return status;
}
