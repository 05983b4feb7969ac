/* The m-first route of su2-sub tiles (grid_internal.h): the held entries
 * of the small-time columns by hkz_su2_heat_sub_mfirst, one call per
 * column, before the batched fallback.  A choice of route: an entry's
 * ball depends on its own (t, r, z) and the goal only, so the bytes do
 * not depend on tiling, ranks or threads. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "grid_internal.h"
#include "hkz_check.h"

static int by_col(const void *x, const void *y)
{
    const slong *a = x, *b = y;
    if (a[0] != b[0])
        return a[0] < b[0] ? -1 : 1;
    return a[1] < b[1] ? -1 : (a[1] > b[1]);
}

static int mfirst_on(void)
{
    const char *v = getenv("HKZ_GRID_MFIRST");
    return v == NULL || atoi(v) != 0;
}

int _hkz_grid_sub_mfirst(_hkz_grid_tbuf_t *tb, slong *idx, slong *n,
                         const hkz_grid_heat_t g, hkz_engine_t e,
                         const hkz_goal_t *goal, hkz_su2_sub_wcache_t w)
{
    slong T = tb->T, p0 = tb->p0, nz = g->z->n, N = *n, j, k, m, a, b;
    slong prec = _hkz_grid_sub_prec(goal);
    slong *jk = NULL, *ir = NULL, *iz = NULL, left, ns = 0;
    double tmin = INFINITY, tmax;
    int *ok = NULL, status = HKZ_SUCCESS;
    char *done = NULL;
    arb_ptr res = NULL;

    if (N == 0 || g->kind != HKZ_GRID_SU2_SUB || g->deriv != 0
        || !mfirst_on())
        return HKZ_SUCCESS;
    jk = malloc(2 * N * sizeof(slong));
    ir = malloc(N * sizeof(slong));
    iz = malloc(N * sizeof(slong));
    ok = malloc(N * sizeof(int));
    done = calloc(N, 1);
    res = _arb_vec_init(N);
    HKZ_CHECK_GOTO(jk && ir && iz && ok && done, HKZ_ERR_NOMEM,
                   "grid: out of memory");
    /* the route's times: below HKZ_GRID_MFIRST_T and within 1/4 of the
       grid's smallest time (the batched fallback shares one basis per r
       over all its times, the m-first sum makes one per time: measured in
       bench/NOTES.md "mfirst") */
    tmax = HKZ_GRID_MFIRST_T;
    for (j = 0; j < g->t->n; j++)
        tmin = FLINT_MIN(tmin, arf_get_d(arb_midref(g->t->v + j),
                                         ARF_RND_NEAR));
    tmax = FLINT_MIN(tmax, 1.25 * tmin);
    /* (column, position) of the entries of those times, by column */
    for (k = 0; k < N; k++)
    {
        j = idx[k] % T;
        if (arf_cmp_d(arb_midref(g->t->v + j), tmax) < 0)
        {
            jk[2 * ns] = j;
            jk[2 * ns + 1] = k;
            ns++;
        }
    }
    qsort(jk, ns, 2 * sizeof(slong), by_col);
    for (a = 0; a < ns && status == HKZ_SUCCESS; a = b)
    {
        j = jk[2 * a];
        for (b = a; b < ns && jk[2 * b] == j; b++)
        {
            slong p = p0 + idx[jk[2 * b + 1]] / T;
            ir[b - a] = p / nz;
            iz[b - a] = p % nz;
        }
        m = b - a;
        status = hkz_su2_heat_sub_mfirst(res, ok, g->t->v + j, g->r->v, ir,
                                         g->z->v, iz, m, prec,
                                         goal->rel_bits, e, w);
        for (k = 0; status == HKZ_SUCCESS && k < m; k++)
        {
            slong q = jk[2 * (a + k) + 1];
            hkz_grid_entry_t *row;
            if (!ok[k])
                continue;
            row = _hkz_grid_tb_row(tb, idx[q]);
            arb_swap(&row->value, res + k);
            row->scalar = 1;
            row->certified = 1;
            row->status = HKZ_SUCCESS;
            row->p = p0 + idx[q] / T;
            row->j = j;
            done[q] = 1;
        }
    }
    for (k = left = 0; status == HKZ_SUCCESS && k < N; k++)
        if (!done[k])
            idx[left++] = idx[k];
    if (status == HKZ_SUCCESS)
        *n = left;
cleanup:
    free(jk); free(ir); free(iz); free(ok); free(done);
    if (res != NULL)
        _arb_vec_clear(res, N);
    return status;
}
