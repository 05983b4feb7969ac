/* Bounds for moving the exact inputs of a grid entry (decimal balls) to
 * the doubles the engine uses.
 *
 * For a unimodal f >= 0 on [0, inf), sum_{n>=1} f(n) <= int_0^inf f +
 * max f.  With f(x) = x^a e^{-tau x^2}: int = Gamma((a+1)/2) / (2
 * tau^((a+1)/2)), max = (a / (2 tau))^(a/2) e^{-a/2}; with f(x) = x^a
 * e^{-2 tau x}: int = a! / (2 tau)^(a+1), max = (a / (2 tau))^a e^{-a}.
 * The prefactors e^{tau} (n^2 - 1 = n^2 - 1) and e^{2 tau} (n - 1)
 * shift the exponents. */
#include <math.h>
#include <stdlib.h>
#include "grid_internal.h"

#define LIP_PREC 64

double _hkz_grid_series_up(double tau, int a, int gauss)
{
    arb_t t, s, m, u, v;
    arf_t ub;
    double res;

    arb_init(t); arb_init(s); arb_init(m); arb_init(u); arb_init(v);
    arf_init(ub);
    arb_set_d(t, tau);
    if (gauss)
    {
        /* Gamma((a+1)/2) / (2 tau^((a+1)/2)) */
        arb_set_si(u, a + 1);
        arb_mul_2exp_si(u, u, -1);
        arb_gamma(s, u, LIP_PREC);
        arb_pow(v, t, u, LIP_PREC);
        arb_div(s, s, v, LIP_PREC);
        arb_mul_2exp_si(s, s, -1);
        /* (a / (2 tau))^(a/2) e^{-a/2} */
        arb_set_si(u, a);
        arb_div(m, u, t, LIP_PREC);
        arb_mul_2exp_si(m, m, -1);
        arb_mul_2exp_si(u, u, -1);
        arb_pow(m, m, u, LIP_PREC);
        arb_neg(v, u);
        arb_exp(v, v, LIP_PREC);
        arb_mul(m, m, v, LIP_PREC);
        arb_add(s, s, m, LIP_PREC);
        arb_exp(v, t, LIP_PREC);
    }
    else
    {
        /* a! / (2 tau)^(a+1) */
        arb_mul_2exp_si(u, t, 1);
        arb_fac_ui(s, (ulong) a, LIP_PREC);
        arb_pow_ui(v, u, (ulong) a + 1, LIP_PREC);
        arb_div(s, s, v, LIP_PREC);
        /* (a / (2 tau))^a e^{-a} */
        arb_set_si(m, a);
        arb_div(m, m, u, LIP_PREC);
        arb_pow_ui(m, m, (ulong) a, LIP_PREC);
        arb_set_si(v, -a);
        arb_exp(v, v, LIP_PREC);
        arb_mul(m, m, v, LIP_PREC);
        arb_add(s, s, m, LIP_PREC);
        arb_exp(v, u, LIP_PREC);
    }
    arb_mul(s, s, v, LIP_PREC);
    arb_get_ubound_arf(ub, s, LIP_PREC);
    res = arb_is_finite(s) ? arf_get_d(ub, ARF_RND_UP) : INFINITY;
    arb_clear(t); arb_clear(s); arb_clear(m); arb_clear(u); arb_clear(v);
    arf_clear(ub);
    return res;
}

double _hkz_grid_dist_up(const arb_t x, double d)
{
    arf_t f;
    mag_t m;
    double res;

    if (!arb_is_finite(x))
        return INFINITY;
    arf_init(f);
    mag_init(m);
    arf_set_d(f, d);
    arf_sub(f, arb_midref(x), f, ARF_PREC_EXACT, ARF_RND_DOWN);
    arf_get_mag(m, f);
    mag_add(m, m, arb_radref(x));
    arf_set_mag(f, m);
    res = arf_get_d(f, ARF_RND_UP);
    arf_clear(f);
    mag_clear(m);
    return res;
}

/* L_x, L_t of su2 and su2-sub grids at every time (heat_tile.c has the
 * bounds): once per run, not per tile.  deriv k: lambda^k <= n^{2k}
 * (su2: lambda_n = n^2 - 1; sub: lambda_nk = n^2 - 1 - k'^2). */
static int times_lip(_hkz_grid_times_t *tm, const hkz_grid_heat_t g)
{
    int k = (int) g->deriv, gauss = g->kind == HKZ_GRID_SU2;
    slong j;

    tm->lx = tm->lt = NULL;
    if (!tm->ok || (g->kind != HKZ_GRID_SU2 && g->kind != HKZ_GRID_SU2_SUB))
        return HKZ_SUCCESS;
    tm->lx = malloc(2 * tm->T * sizeof(double));
    if (tm->lx == NULL)
    {
        _hkz_grid_times_clear(tm);
        return hkz_error_set(HKZ_ERR_NOMEM, "grid: out of memory");
    }
    tm->lt = tm->lx + tm->T;
    for (j = 0; j < tm->T; j++)
    {
        if (gauss)
            tm->lx[j] = 0.5 * _hkz_grid_series_up(tm->tlo[j], 3 + 2 * k, 1)
                        * (1.0 + 0x1p-50);
        else
            tm->lx[j] = _hkz_grid_series_up(tm->tlo[j], 3 + 2 * k, 0);
        tm->lt[j] = _hkz_grid_series_up(tm->tlo[j], 4 + 2 * k, gauss);
    }
    return HKZ_SUCCESS;
}

int _hkz_grid_times_init(_hkz_grid_times_t *tm, const hkz_grid_heat_t g)
{
    slong j, T = g->t->n;
    arf_t lo, hi;

    tm->T = T;
    tm->t = malloc(T * sizeof(double));
    tm->dt = malloc(T * sizeof(double));
    tm->tlo = malloc(T * sizeof(double));
    tm->thi = malloc(T * sizeof(double));
    tm->lx = tm->lt = NULL;
    tm->eoff = NULL;
    tm->ecols = NULL;
    tm->sub_w = NULL;
    if (g->kind == HKZ_GRID_SU2_SUB
        && hkz_su2_sub_wcache_init(&tm->sub_w) != HKZ_SUCCESS)
        tm->sub_w = NULL;   /* no batched fallback: the scalar route */
    if (!tm->t || !tm->dt || !tm->tlo || !tm->thi)
    {
        _hkz_grid_times_clear(tm);
        return hkz_error_set(HKZ_ERR_NOMEM, "grid: out of memory");
    }
    /* deriv > 0: engine route for su2 and su2-sub (heat_tile.c refuses
     * Milnor, which then takes the scalar route) */
    tm->ok = (g->deriv == 0 || g->kind == HKZ_GRID_SU2
              || g->kind == HKZ_GRID_SU2_SUB) && g->kind != HKZ_GRID_PRODUCT;
    arf_init(lo);
    arf_init(hi);
    for (j = 0; j < T; j++)
    {
        const arb_struct *x = g->t->v + j;
        double d = arf_get_d(arb_midref(x), ARF_RND_NEAR), l, h;

        arb_get_lbound_arf(lo, x, LIP_PREC);
        arb_get_ubound_arf(hi, x, LIP_PREC);
        l = arf_get_d(lo, ARF_RND_DOWN);
        h = arf_get_d(hi, ARF_RND_UP);
        tm->t[j] = d;
        tm->dt[j] = _hkz_grid_dist_up(x, d);
        tm->tlo[j] = l < d ? l : d;
        tm->thi[j] = h > d ? h : d;
        if (!(d > 0) || !(tm->tlo[j] > 0) || !isfinite(tm->thi[j]))
            tm->ok = 0;
    }
    arf_clear(lo);
    arf_clear(hi);
    return times_lip(tm, g);
}

void _hkz_grid_times_clear(_hkz_grid_times_t *tm)
{
    free(tm->t);
    free(tm->dt);
    free(tm->tlo);
    free(tm->thi);
    hkz_su2_sub_wcache_clear(tm->sub_w);
    tm->sub_w = NULL;
    hkz_su2_sub_fix_clear(tm->sub_fix[0]);
    hkz_su2_sub_fix_clear(tm->sub_fix[1]);
    tm->sub_fix[0] = tm->sub_fix[1] = NULL;
    free(tm->lx);
    _hkz_grid_engine_cols_clear(tm);
    tm->t = tm->dt = tm->tlo = tm->thi = tm->lx = tm->lt = NULL;
}
