/* The goal test of a tile's engine route, entry by entry on the engine's
 * threads: the ball [out +/- rad] with
 *   rad = mag(err) (+) mag(Lx[j]) mag(dx[i]) (+) mag(Lt[j]) mag(dt[j])
 *         (+) mag(Lw[j]) mag(dw),
 * where mag(x) is mag_set_d (rounded up), the products mag_mul and (+)
 * mag_add, in this order, a term left out when its distance is 0 and +inf
 * when a factor is not finite (the radii of the rows before the stream:
 * the same mags, so the same balls).  The factors that do not depend on
 * the entry are made once per tile: mag_set_d and mag_mul are functions
 * of their arguments, so this changes no bit; err is often the same down
 * a column (one bound per column on the GPU), so its mag is reused while
 * it repeats. */
#include <math.h>
#include <stdlib.h>
#include "grid_internal.h"
#include "hkz_check.h"

typedef struct
{
    _hkz_grid_tbuf_t *tb;
    const _hkz_grid_lip_t *L;
    mag_ptr lx, dx, tt, tw;   /* mag(Lx[j]), mag(dx[i]), the t and w
                                 terms of column j */
    const double *dt;
    const hkz_goal_t *goal;
} goal_t;

/* mag(L) mag(d), +inf unless both are finite (add_term of the rows) */
static void term(mag_t t, double L, double d)
{
    mag_t b;
    if (!(isfinite(L) && isfinite(d)))
    {
        mag_inf(t);
        return;
    }
    mag_init(b);
    mag_set_d(t, L);
    mag_set_d(b, d);
    mag_mul(t, t, b);
    mag_clear(b);
}

static void goal_range(size_t i0, size_t i1, void *arg)
{
    const goal_t *A = arg;
    _hkz_grid_tbuf_t *tb = A->tb;
    const _hkz_grid_lip_t *L = A->L;
    slong np = tb->np, T = tb->T, i, j;
    arb_t v;
    mag_t me, a;
    double d, elast = NAN;

    arb_init(v);
    mag_init(me);
    mag_init(a);
    for (j = 0; j < T; j++)
        for (i = (slong) i0; i < (slong) i1; i++)
        {
            slong k = i * T + j;
            double o = tb->eout[i + j * np], er = tb->eerr[i + j * np];
            mag_ptr r = arb_radref(v);

            tb->cert[k] = -1;
            if (!isfinite(er) || !isfinite(o))
                continue;
            if (!(er == elast))
            {
                mag_set_d(me, er);
                elast = er;
            }
            mag_set(r, me);
            if (L->dx[i] != 0.0)
            {
                if (isfinite(L->Lx[j]) && isfinite(L->dx[i]))
                    mag_mul(a, A->lx + j, A->dx + i);
                else
                    mag_inf(a);
                mag_add(r, r, a);
            }
            if (A->dt[j] != 0.0)
                mag_add(r, r, A->tt + j);
            if (L->dw != 0.0)
                mag_add(r, r, A->tw + j);
            arf_set_d(arb_midref(v), o);
            if (arb_rel_accuracy_bits(v) < A->goal->rel_bits
                || !arb_is_finite(v))
                continue;
            /* (a radius outside the dense range, below 2^-1000 or near
               DBL_MAX, goes the scalar route: tbuf.c) */
            d = _hkz_grid_mag_dense(r);
            if (isnan(d))
                continue;
            tb->mid[k] = o;
            tb->rad[k] = d;
            tb->cert[k] = 1;
            tb->scal[k] = 0;
        }
    arb_clear(v);
    mag_clear(me);
    mag_clear(a);
    flint_cleanup();
}

int _hkz_grid_tile_goal(_hkz_grid_tbuf_t *tb, const _hkz_grid_lip_t *L,
                        const double *dt, const hkz_goal_t *goal,
                        hkz_engine_t e)
{
    slong T = tb->T, np = tb->np, j, i;
    goal_t A;
    int status = HKZ_SUCCESS;

    A.tb = tb;
    A.L = L;
    A.dt = dt;
    A.goal = goal;
    A.lx = _mag_vec_init(3 * T + np);
    A.tt = A.lx + T;
    A.tw = A.tt + T;
    A.dx = A.tw + T;
    for (j = 0; j < T; j++)
    {
        if (isfinite(L->Lx[j]))
            mag_set_d(A.lx + j, L->Lx[j]);
        term(A.tt + j, L->Lt[j], dt[j]);
        term(A.tw + j, L->Lw[j], L->dw);
    }
    for (i = 0; i < np; i++)
        if (isfinite(L->dx[i]))
            mag_set_d(A.dx + i, L->dx[i]);
    if (e != NULL && np > 1)
        status = hkz_engine_parallel_for(e, (size_t) np, goal_range, &A);
    else
        goal_range(0, (size_t) np, &A);
    _mag_vec_clear(A.lx, 3 * T + np);
    return status;
}

/* su2-sub on the CPU: the engine's bound is at least gamma_kc sum_k
 * bmax_k |C_kj| >= kc u |out| per chunk run (kc >= 16 modes when K >= 16,
 * su2_grid.c), so above 49 bits (15 digits) it certifies (almost) nothing
 * and is skipped: a choice of route, the batched fallback certifies the
 * entries (other kinds' scalar routes are slower; other backends' tiers
 * start from the engine's rows) */
int _hkz_grid_engine_in_reach(hkz_engine_t e, const hkz_grid_heat_t g,
                              const hkz_goal_t *goal)
{
    hkz_engine_opts_t o;
    hkz_engine_get_opts(&o, e);
    return o.backend != HKZ_BACKEND_CPU || g->kind != HKZ_GRID_SU2_SUB
           || goal->rel_bits <= 49;
}

