/* One tile of a grid: the engine route (hkz_su2_heat_*_grid) where its
 * ball meets the goal, the scalar route elsewhere.
 *
 * The engine computes at doubles (x~, t~) near the exact inputs (x, t);
 * the ball radius is err + L_x |x - x~| + L_t |t - t~| (+ L_w |w - w~| for
 * Milnor weights), with Lipschitz bounds over the segment between them
 * (lip.c):
 *   su2    |d/dalpha h| <= sum n (n^2/2) e^{-(n^2-1)t}   (|chi_n'| <=
 *          sum |k| <= n^2/2), |d/dt h| <= sum n^4 e^{-(n^2-1)t}; for
 *          d^k/dt^k h every term gains lambda_n^k = (n^2-1)^k <= n^{2k}:
 *          exponents 3 + 2k and 4 + 2k;
 *   sub    |grad D^n_kk| <= (n-1) (|dr| + |dz|) (||dpi_n(W)|| = n - 1 for
 *          unit W), sum_k e^{-t lambda_nk} <= n e^{-2t(n-1)}: L_x <= sum
 *          n^3 e^{-2t(n-1)}, L_t <= sum n^4 e^{-2t(n-1)};
 *   milnor L >= m (-(X^2+Y^2)), m = min(a, b), so tr e^{-tL_n} <= n
 *          e^{-2mt(n-1)}; |pi_n(g) - pi_n(g')| <= (n-1) d(g, g') <= (n-1)
 *          (pi/2) |g - g'|; |lambda| <= (a+b+c) n^2; Duhamel + Hoelder:
 *          |d/da tr(pi e^{-tL})| <= t (n-1)^2 tr e^{-tL}. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "grid_internal.h"
#include "hkz_check.h"

#define TILE_PREC 128

/* the most balls the su2-sub weight cache keeps between slices of a
 * tile's scalar route (about 80 bytes each), and the times of a slice */
#define WCACHE_BALLS ((slong) 1 << 22)
#define WCACHE_TIMES 1024

static double clamp(double x, double lo, double hi)
{
    return x < lo ? lo : (x > hi ? hi : x);
}

/* Milnor inputs as doubles: the element of point p (4 doubles) and the
 * upper bound of the chord |g_exact - g~ / |g~||. */
static void milnor_point(double *gd, double *chord, const hkz_grid_heat_t g,
                         slong p)
{
    arb_struct e[4];
    arb_t n2, s, c;
    arf_t ub;
    int k;

    for (k = 0; k < 4; k++)
        arb_init(e + k);
    arb_init(n2); arb_init(s); arb_init(c);
    arf_init(ub);
    if (g->path != NULL)
        for (k = 0; k < 4; k++)
            arb_set(e + k, g->g + 4 * p + k);
    else
    {
        /* a = cos r e^{iz}, b = -sin r e^{iz} (phi = 0) */
        arb_sin_cos(s, c, g->r->v + p / g->z->n, TILE_PREC);
        arb_sin_cos(e + 1, e + 0, g->z->v + p % g->z->n, TILE_PREC);
        arb_mul(e + 2, e + 0, s, TILE_PREC);
        arb_mul(e + 3, e + 1, s, TILE_PREC);
        arb_neg(e + 2, e + 2);
        arb_neg(e + 3, e + 3);
        arb_mul(e + 0, e + 0, c, TILE_PREC);
        arb_mul(e + 1, e + 1, c, TILE_PREC);
    }
    for (k = 0; k < 4; k++)
        gd[k] = arf_get_d(arb_midref(e + k), ARF_RND_NEAR);
    arb_zero(n2);
    for (k = 0; k < 4; k++)
    {
        arb_set_d(s, gd[k]);
        arb_addmul(n2, s, s, TILE_PREC);
    }
    arb_rsqrt(n2, n2, TILE_PREC);
    arb_zero(c);
    for (k = 0; k < 4; k++)
    {
        arb_set_d(s, gd[k]);
        arb_mul(s, s, n2, TILE_PREC);
        arb_sub(s, s, e + k, TILE_PREC);
        arb_addmul(c, s, s, TILE_PREC);
    }
    arb_sqrtpos(c, c, TILE_PREC);
    arb_get_ubound_arf(ub, c, TILE_PREC);
    *chord = arb_is_finite(c) ? arf_get_d(ub, ARF_RND_UP) : INFINITY;
    for (k = 0; k < 4; k++)
        arb_clear(e + k);
    arb_clear(n2); arb_clear(s); arb_clear(c);
    arf_clear(ub);
}

int _hkz_grid_engine_tile(double *out, double *err, _hkz_grid_lip_t *L,
                          const hkz_grid_heat_t g, slong p0, slong np,
                          const _hkz_grid_times_t *tm, hkz_engine_t e)
{
    slong T = tm->T, i, j;
    double *x = malloc(4 * np * sizeof(double));
    double *dx = L->dx, *Lx = L->Lx, *Lt = L->Lt, *Lw = L->Lw, dw = 0.0;
    int status = HKZ_SUCCESS;

    HKZ_CHECK_GOTO(x != NULL, HKZ_ERR_NOMEM, "grid: out of memory");
    /* time derivatives: engine route for su2 and su2-sub (the Milnor
     * engine grid has no derivative weights yet) */
    if (g->deriv > 0 && g->kind == HKZ_GRID_SU2_MILNOR)
    {
        status = HKZ_ERR_UNSUPPORTED;
        goto cleanup;
    }
    for (j = 0; j < T; j++)
        Lw[j] = 0.0;
    if (g->kind == HKZ_GRID_SU2)
    {
        for (i = 0; i < np; i++)
        {
            const arb_struct *a = g->alpha->v + p0 + i;
            x[i] = clamp(arf_get_d(arb_midref(a), ARF_RND_NEAR), 0.0, M_PI);
            dx[i] = _hkz_grid_dist_up(a, x[i]);
        }
        /* deriv k: the weights gain lambda_n^k <= n^{2k} (lip.c) */
        memcpy(Lx, tm->lx, T * sizeof(double));
        memcpy(Lt, tm->lt, T * sizeof(double));
        status = hkz_su2_heat_bi_grid_deriv(out, err, np, e, x, np, tm->t,
                                            T, 0, g->deriv);
    }
    else if (g->kind == HKZ_GRID_SU2_SUB)
    {
        double *z = x + np;
        for (i = 0; i < np; i++)
        {
            const arb_struct *r = g->r->v + (p0 + i) / g->z->n;
            const arb_struct *zz = g->z->v + (p0 + i) % g->z->n;
            x[i] = clamp(arf_get_d(arb_midref(r), ARF_RND_NEAR), 0.0, M_PI_2);
            z[i] = arf_get_d(arb_midref(zz), ARF_RND_NEAR);
            dx[i] = (_hkz_grid_dist_up(r, x[i]) + _hkz_grid_dist_up(zz, z[i]))
                    * (1.0 + 0x1p-50);
        }
        /* deriv k: lambda_nk = n^2 - 1 - k'^2 <= n^2 (n = 2m+k'+1), so
         * the terms gain lambda^k <= n^{2k} (lip.c) */
        memcpy(Lx, tm->lx, T * sizeof(double));
        memcpy(Lt, tm->lt, T * sizeof(double));
        status = hkz_su2_heat_sub_grid_deriv(out, err, np, e, x, z, np,
                                             tm->t, T, g->deriv);
    }
    else
    {
        double w[3], m, msum = 0.0;
        arf_t lo, hi;
        int k;

        arf_init(lo);
        arf_init(hi);
        m = INFINITY;
        for (k = 0; k < 3; k++)
        {
            double l, h;
            w[k] = arf_get_d(arb_midref(g->w + k), ARF_RND_NEAR);
            if (k == 2 && w[k] < 0)
                w[k] = 0.0;
            dw += _hkz_grid_dist_up(g->w + k, w[k]);
            arb_get_lbound_arf(lo, g->w + k, 64);
            arb_get_ubound_arf(hi, g->w + k, 64);
            l = arf_get_d(lo, ARF_RND_DOWN);
            h = arf_get_d(hi, ARF_RND_UP);
            if (k < 2)
                m = fmin(m, fmin(l, w[k]));
            msum += fmax(h, w[k]);
        }
        arf_clear(lo);
        arf_clear(hi);
        msum *= 1.0 + 0x1p-50;
        dw *= 1.0 + 0x1p-50;
        m *= 1.0 - 0x1p-50;
        for (i = 0; i < np; i++)
            milnor_point(x + 4 * i, dx + i, g, p0 + i);
        for (j = 0; j < T; j++)
        {
            double tau = m * tm->tlo[j] * (1.0 - 0x1p-50), s4;
            if (!(w[0] > 0 && w[1] > 0 && tau > 0))
            {
                status = hkz_error_set(HKZ_ERR_DOMAIN, "grid: weights");
                goto cleanup;
            }
            s4 = _hkz_grid_series_up(tau, 4, 0);
            Lx[j] = M_PI_2 * _hkz_grid_series_up(tau, 3, 0) * (1.0 + 0x1p-50);
            Lt[j] = msum * s4 * (1.0 + 0x1p-50);
            Lw[j] = tm->thi[j] * s4 * (1.0 + 0x1p-50);
        }
        status = hkz_su2_heat_milnor_grid(out, err, np, e, w[0], w[1], w[2],
                                          x, np, tm->t, T, 0);
    }
    L->dw = dw;
cleanup:
    free(x);
    return status;
}

/* the scalar route for the entries idx[0..n) of a tile, on the engine's
 * threads (each entry depends on its inputs only) */
typedef struct
{
    const _hkz_grid_tbuf_t *tb;
    const slong *idx;
    int *st;
    const hkz_grid_heat_struct *g;
    slong p0, T;
    const hkz_goal_t *goal;
} scalar_par_t;

static void scalar_range(size_t i0, size_t i1, void *arg)
{
    const scalar_par_t *A = arg;
    size_t i;
    for (i = i0; i < i1; i++)
    {
        slong k = A->idx[i];
        A->st[i] = _hkz_grid_scalar(_hkz_grid_tb_row(A->tb, k), A->g,
                                    A->p0 + k / A->T, k % A->T, A->goal);
    }
    flint_cleanup();
}

static int scalar_entries(const _hkz_grid_tbuf_t *tb, const slong *idx,
                          slong n, const hkz_grid_heat_t g, hkz_engine_t e,
                          const hkz_goal_t *goal)
{
    slong p0 = tb->p0, T = tb->T;
    scalar_par_t A;
    slong i;
    int status = HKZ_SUCCESS;

    if (n == 0)
        return HKZ_SUCCESS;
    A.st = malloc(n * sizeof(int));
    HKZ_CHECK(A.st != NULL, HKZ_ERR_NOMEM, "grid: out of memory");
    A.tb = tb;
    A.idx = idx;
    A.g = g;
    A.p0 = p0;
    A.T = T;
    A.goal = goal;
    if (e != NULL && n > 1)
        status = hkz_engine_parallel_for(e, (size_t) n, scalar_range, &A);
    else
        scalar_range(0, (size_t) n, &A);
    /* the first failing entry again, here, for its message */
    for (i = 0; status == HKZ_SUCCESS && i < n; i++)
        if (A.st[i] != HKZ_SUCCESS)
            status = _hkz_grid_scalar(_hkz_grid_tb_row(tb, idx[i]), g,
                                      p0 + idx[i] / T, idx[i] % T, goal);
    free(A.st);
    return status;
}

int _hkz_grid_tile_engine(_hkz_grid_tbuf_t *tb, const hkz_grid_heat_t g,
        slong p0, slong np, const _hkz_grid_times_t *tm, hkz_engine_t e,
        const hkz_goal_t *goal)
{
    slong T = tm->T, k, n = np * T, m = 0;
    slong *idx = NULL;
    _hkz_grid_lip_t L;
    double t0;
    int status = HKZ_SUCCESS, have = 0;

    memset(&L, 0, sizeof(L));
    HKZ_TRY(_hkz_grid_tb_reset(tb, p0 / HKZ_GRID_TILE, np, T));
    if (tm->ok && e != NULL && _hkz_grid_engine_in_reach(e, g, goal))
    {
        L.dx = malloc(np * sizeof(double));
        L.Lx = malloc(3 * T * sizeof(double));
        HKZ_CHECK_GOTO(L.dx != NULL && L.Lx != NULL, HKZ_ERR_NOMEM,
                       "grid: out of memory");
        L.Lt = L.Lx + T;
        L.Lw = L.Lt + T;
        t0 = hkz_prof_now();
        status = _hkz_grid_engine_cols_run(tb->eout, tb->eerr, &L, g, p0, np,
                                           tm, e);
        hkz_prof_add(HKZ_PROF_ENGINE, t0);
        if (status == HKZ_SUCCESS)
            have = 1;
        else if (status == HKZ_ERR_DOMAIN || status == HKZ_ERR_TOO_LARGE
                 || status == HKZ_ERR_UNSUPPORTED)
            status = HKZ_SUCCESS;   /* no engine route for these inputs */
        else
            goto cleanup;
    }
    t0 = hkz_prof_now();
    if (have)
        HKZ_TRY_GOTO(_hkz_grid_tile_goal(tb, &L, tm->dt, goal, e));
    else
        memset(tb->cert, -1, (size_t) n);
    /* the entries below the goal, held for the next tiers */
    idx = malloc(FLINT_MAX(1, n) * sizeof(slong));
    HKZ_CHECK_GOTO(idx != NULL, HKZ_ERR_NOMEM, "grid: out of memory");
    for (k = 0; k < n; k++)
        if (tb->cert[k] < 0)
            idx[m++] = k;
    status = _hkz_grid_tb_hold(tb, idx, m);
    hkz_prof_add(HKZ_PROF_GOAL, t0);
cleanup:
    free(idx);
    free(L.dx);
    free(L.Lx);
    return status;
}

static int cmp_slong(const void *a, const void *b)
{
    slong x = *(const slong *) a, y = *(const slong *) b;
    return x < y ? -1 : (x > y);
}

/* The batched fallback of su2-sub over the entries idx[0..*n) (held, not
 * certified by the fixed-point tier) in slices of WCACHE_TIMES times (one
 * slice when T <= WCACHE_TIMES), the weight cache emptied before a slice
 * when it outgrows WCACHE_BALLS: host memory independent of the grid's
 * size.  The same bits (an entry depends on its own inputs; the cache's
 * values on their keys).  The entries it leaves are idx[0..*n),
 * increasing. */
static int sub_slices(_hkz_grid_tbuf_t *tb, slong *idx, slong *n,
                      const hkz_grid_heat_t g, const _hkz_grid_times_t *tm,
                      hkz_engine_t e, const hkz_goal_t *goal)
{
    slong T = tb->T, j0, j1, k, m, left = 0, n0 = *n;
    slong *sl = malloc(2 * FLINT_MAX(1, n0) * sizeof(slong)), *all = sl + n0;
    int status = HKZ_SUCCESS;

    HKZ_CHECK(sl != NULL, HKZ_ERR_NOMEM, "grid: out of memory");
    memcpy(all, idx, n0 * sizeof(slong));
    for (j0 = 0; j0 < T && status == HKZ_SUCCESS; j0 = j1)
    {
        j1 = FLINT_MIN(T, j0 + WCACHE_TIMES);
        /* (not the tier's entries: they are certified, their balls
           stay) */
        for (k = m = 0; k < n0; k++)
            if (all[k] % T >= j0 && all[k] % T < j1)
                sl[m++] = all[k];
        if (m == 0)
            continue;
        if (hkz_su2_sub_wcache_size(tm->sub_w) > WCACHE_BALLS)
            hkz_su2_sub_wcache_reset(tm->sub_w);
        status = _hkz_grid_sub_multi(tb, sl, &m, g, e, goal, tm->sub_w);
        for (k = 0; k < m; k++)
            idx[left++] = sl[k];
    }
    free(sl);
    qsort(idx, left, sizeof(slong), cmp_slong);
    *n = left;
    return status;
}

int _hkz_grid_tile_rest(_hkz_grid_tbuf_t *tb, const hkz_grid_heat_t g,
        const _hkz_grid_times_t *tm, hkz_engine_t e,
        const hkz_goal_t *goal)
{
    slong nsc = 0, k;
    slong *idx = malloc(FLINT_MAX(1, tb->nsc) * sizeof(slong));
    double t0;
    int status = HKZ_SUCCESS;

    HKZ_CHECK(idx != NULL, HKZ_ERR_NOMEM, "grid: out of memory");
    if (!tb->tiered)
        status = _hkz_grid_tile_tier(tb, g, tm, e, goal);
    /* the held entries the tier left, increasing */
    for (k = 0; k < tb->nsc; k++)
        if (!tb->sc[k].tier2)
            idx[nsc++] = tb->key[k];
    t0 = hkz_prof_now();
    if (status == HKZ_SUCCESS && nsc > 0 && g->kind == HKZ_GRID_SU2_SUB
        && tm->sub_w != NULL)
    {
        status = _hkz_grid_sub_mfirst(tb, idx, &nsc, g, e, goal, tm->sub_w);
        if (status == HKZ_SUCCESS && nsc > 0)
            status = sub_slices(tb, idx, &nsc, g, tm, e, goal);
    }
    if (status == HKZ_SUCCESS)
        status = scalar_entries(tb, idx, nsc, g, e, goal);
    hkz_prof_add(HKZ_PROF_ARB, t0);
    if (status == HKZ_SUCCESS)
        _hkz_grid_tb_finish(tb);
    free(idx);
    return status;
}

int _hkz_grid_tile(hkz_grid_entry_t *rows, _hkz_grid_tbuf_t *tb,
                   const hkz_grid_heat_t g, slong p0, slong np,
                   const _hkz_grid_times_t *tm, hkz_engine_t e,
                   const hkz_goal_t *goal, int scalar)
{
    int status = _hkz_grid_tile_engine(tb, g, p0, np, tm, e, goal);
    if (scalar && status == HKZ_SUCCESS)
        status = _hkz_grid_tile_rest(tb, g, tm, e, goal);
    if (status == HKZ_SUCCESS)
        _hkz_grid_tb_rows(rows, tb);
    return status;
}
