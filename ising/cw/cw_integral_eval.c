/* Evaluations of the saddle-line integral at exact points (see
 * cw_integral.c for the method and the node sums): values, one pass
 * certifying both ends of a tight bracket, the public hkz_ly_cw_integral. */
#include <math.h>
#include "cw_integral_internal.h"
#include "hkz_check.h"

static void set_logscale(arb_t ls, const _hkz_lyi_ictx_t *c, slong prec)
{
    /* psiref - t N/2 - log(2 pi t)/2 */
    arb_t s;
    arb_init(s);
    arb_mul_si(s, c->t, c->N, c->wp);
    arb_mul_2exp_si(s, s, -1);
    arb_sub(ls, c->psiref, s, c->wp);
    arb_const_pi(s, c->wp);
    arb_mul(s, s, c->t, c->wp);
    arb_mul_2exp_si(s, s, 1);
    arb_log(s, s, c->wp);
    arb_mul_2exp_si(s, s, -1);
    arb_sub(ls, ls, s, prec);
    arb_clear(s);
}

int _hkz_ly_cw_integral_eval(arb_ptr res, arb_ptr dres, arb_t logscale,
        arf_srcptr theta, slong npts, slong N, const arb_t t, slong prec,
                             int rigorous)
{
    _hkz_lyi_ictx_t c;
    double thd = 0;
    slong i;
    acb_ptr S, D;
    arb_t Th;

    for (i = 0; i < npts; i++)
        thd += arf_get_d(theta + i, ARF_RND_NEAR) / npts;
    _hkz_lyi_ictx_init(&c);
    if (_hkz_lyi_ictx_setup(&c, N, t, thd, prec))
    {
        for (i = 0; i < npts; i++)
        {
            arb_indeterminate(res + i);
            if (dres != NULL)
                arb_indeterminate(dres + i);
        }
        if (logscale != NULL)
            arb_indeterminate(logscale);
        _hkz_lyi_ictx_clear(&c);
        return HKZ_SUCCESS;
    }
    arb_init(Th);
    S = _acb_vec_init(npts);
    D = dres != NULL ? _acb_vec_init(npts) : NULL;
    if (rigorous)
    {
        /* the theta-ball covering all points (bounds hold on it) */
        arf_srcptr lo = theta, hi = theta;
        for (i = 1; i < npts; i++)
        {
            if (arf_cmp(theta + i, lo) < 0)
                lo = theta + i;
            if (arf_cmp(theta + i, hi) > 0)
                hi = theta + i;
        }
        arb_set_interval_arf(Th, lo, hi, c.wp);
    }
    _hkz_lyi_ictx_bounds(&c, Th, rigorous);
    _hkz_lyi_node_loop(&c, S, D, NULL, NULL, NULL, NULL, theta, npts);
    for (i = 0; i < npts; i++)
    {
        _hkz_lyi_finish(res + i, &c, S + i, rigorous, prec);
        if (dres != NULL)
            _hkz_lyi_finish(dres + i, &c, D + i, 0, prec);
    }
    if (logscale != NULL)
        set_logscale(logscale, &c, prec);
    _acb_vec_clear(S, npts);
    if (D != NULL)
        _acb_vec_clear(D, npts);
    arb_clear(Th);
    _hkz_lyi_ictx_clear(&c);
    return HKZ_SUCCESS;
}

/* Node sum at theta0 + delta from the sums at theta0: each node value is
 * multiplied by (cosh(z_k + i delta)/cosh z_k)^N = (1 + w_k)^N,
 *   w_k = cos(delta) - 1 + i tanh(z_k) sin(delta),
 * and (1 + w)^N = 1 + N w + R with |R| <= sum_{j >= 2} (N|w|)^j/j!
 * <= (N|w|)^2 e^{N|w|}/2 (C(N, j) <= N^j/j!).  The linear part sums to
 *   S0 (1 + N (cos(delta) - 1)) + sin(delta) D0,  D0 = sum_k V_k i N tanh z_k,
 * and N|w_k| <= m = N|cos(delta) - 1| + tmax |sin(delta)| (tmax >= max_k
 * |N tanh z_k|), so the remainders add at most vsum m^2 e^m/2 (vsum >=
 * sum_k |V_k|). */
static void shifted_sum(acb_t S, const acb_t S0, const acb_t D0,
                        const mag_t vsum, const mag_t tmax,
                        const arf_t delta, slong N, slong wp)
{
    arb_t d, sd, cd1;
    mag_t m, r, e;

    arb_init(d);
    arb_init(sd);
    arb_init(cd1);
    mag_init(m);
    mag_init(r);
    mag_init(e);
    arb_set_arf(d, delta);
    arb_sin_cos(sd, cd1, d, wp);
    arb_sub_ui(cd1, cd1, 1, wp);
    arb_mul_si(cd1, cd1, N, wp);
    /* m = N |cos - 1| + tmax |sin| */
    arb_get_mag(m, cd1);
    arb_get_mag(r, sd);
    mag_mul(r, r, tmax);
    mag_add(m, m, r);
    mag_exp(e, m);
    mag_mul(r, m, m);
    mag_mul(r, r, e);
    mag_mul(r, r, vsum);
    mag_mul_2exp_si(r, r, -1);
    arb_add_ui(cd1, cd1, 1, wp);
    acb_mul_arb(S, S0, cd1, wp);
    acb_addmul_arb(S, D0, sd, wp);
    if (!mag_is_finite(r) || !acb_is_finite(S))
        acb_indeterminate(S);
    else
    {
        arb_add_error_mag(acb_realref(S), r);
        arb_add_error_mag(acb_imagref(S), r);
    }
    arb_clear(d);
    arb_clear(sd);
    arb_clear(cd1);
    mag_clear(m);
    mag_clear(r);
    mag_clear(e);
}

void _hkz_lyi_newton_radius(arf_t r, const arf_t x0, const arf_t wt)
{
    arf_abs(r, x0);
    arf_mul_2exp_si(r, r, -34);
    arf_max(r, r, wt);
}

/* One Newton step from x0 on the line c, whose bounds hold for theta in
 * x0 +- r, and the bracket x1 -+ e (_hkz_ly_cw_integral_bracket) */
static int newton_bracket(arf_t a, arf_t b, int *sa, int *sb,
                          _hkz_lyi_ictx_t *c, const arf_t x0, const arf_t wt,
                          const arf_t r, slong N, slong prec)
{
    arb_t I0;
    acb_t S, D, S1;
    mag_t vsum, tmax;
    arf_t x1, e, dl;
    int ok = 0;

    arb_init(I0);
    acb_init(S);
    acb_init(D);
    acb_init(S1);
    mag_init(vsum);
    mag_init(tmax);
    arf_init(x1);
    arf_init(e);
    arf_init(dl);
    _hkz_lyi_node_loop(c, S, D, vsum, tmax, NULL, NULL, x0, 1);
    /* Newton step x1 = x0 - I/I' (midpoints) */
    if (!arf_is_zero(arb_midref(acb_realref(D))))
    {
        arf_div(x1, arb_midref(acb_realref(S)), arb_midref(acb_realref(D)),
                c->wp, ARF_RND_NEAR);
        arf_abs(dl, x1);
        arf_sub(x1, x0, x1, c->wp, ARF_RND_NEAR);
        /* e = max(wt/4, 8 N step^2) (quadratic convergence), e, |step|
         * well below r */
        arf_mul(e, dl, dl, 64, ARF_RND_UP);
        arf_mul_si(e, e, 8 * N, 64, ARF_RND_UP);
        arf_mul_2exp_si(dl, dl, 2);
        if (arf_cmp(dl, r) < 0)
        {
            arf_struct ends[2];
            int k, sg[2];
            arf_mul_2exp_si(dl, wt, -2);
            arf_max(e, e, dl);
            arf_mul_2exp_si(dl, r, -2);
            if (arf_cmp(e, dl) < 0)
            {
                arf_init(ends + 0);
                arf_init(ends + 1);
                arf_sub(ends + 0, x1, e, ARF_PREC_EXACT, ARF_RND_DOWN);
                arf_add(ends + 1, x1, e, ARF_PREC_EXACT, ARF_RND_DOWN);
                for (k = 0; k < 2; k++)
                {
                    arf_sub(dl, ends + k, x0, ARF_PREC_EXACT, ARF_RND_DOWN);
                    shifted_sum(S1, S, D, vsum, tmax, dl, N, c->wp);
                    _hkz_lyi_finish(I0, c, S1, 1, prec);
                    sg[k] = arb_is_positive(I0) ? 1
                            : arb_is_negative(I0) ? -1 : 0;
                }
                if (sg[0] != 0 && sg[1] != 0 && sg[0] != sg[1])
                {
                    arf_set(a, ends + 0);
                    arf_set(b, ends + 1);
                    *sa = sg[0];
                    *sb = sg[1];
                    ok = 1;
                }
                arf_clear(ends + 0);
                arf_clear(ends + 1);
            }
        }
    }
    arb_clear(I0);
    acb_clear(S);
    acb_clear(D);
    acb_clear(S1);
    mag_clear(vsum);
    mag_clear(tmax);
    arf_clear(x1);
    arf_clear(e);
    arf_clear(dl);
    return ok;
}

/* The bracket with wt1 from x0, then (wt2 != NULL) from its midpoint the
 * bracket with wt2, on one line; the bounds on x0 +- R, R = the radius of
 * the first stage (twice that with a second stage, whose x1 +- r2 must lie
 * inside: checked).  The stages done. */
static int brackets(arf_t a, arf_t b, int *sa, int *sb, const arf_t x0,
                    const arf_t wt1, const arf_struct *wt2, slong N,
                    const arb_t t, slong prec)
{
    _hkz_lyi_ictx_t c;
    arb_t Th;
    arf_t r, R, x1, u;
    int k = 0;

    _hkz_lyi_ictx_init(&c);
    if (_hkz_lyi_ictx_setup(&c, N, t, arf_get_d(x0, ARF_RND_NEAR), prec))
    {
        _hkz_lyi_ictx_clear(&c);
        return 0;
    }
    arb_init(Th);
    arf_init(r);
    arf_init(R);
    arf_init(x1);
    arf_init(u);
    /* bounds for theta in x0 +- R: the Newton step must stay well inside */
    _hkz_lyi_newton_radius(r, x0, wt1);
    arf_mul_2exp_si(R, r, wt2 != NULL);
    arb_set_arf(Th, x0);
    arb_add_error_arf(Th, R);
    _hkz_lyi_ictx_bounds(&c, Th, 1);
    if (newton_bracket(a, b, sa, sb, &c, x0, wt1, r, N, prec))
    {
        k = 1;
        if (wt2 != NULL)
        {
            arf_add(x1, a, b, ARF_PREC_EXACT, ARF_RND_DOWN);
            arf_mul_2exp_si(x1, x1, -1);
            _hkz_lyi_newton_radius(r, x1, wt2);
            arf_sub(u, x1, x0, ARF_PREC_EXACT, ARF_RND_DOWN);
            arf_abs(u, u);
            arf_add(u, u, r, ARF_PREC_EXACT, ARF_RND_DOWN);
            if (arf_cmp(u, R) <= 0 &&
                newton_bracket(a, b, sa, sb, &c, x1, wt2, r, N, prec))
                k = 2;
        }
    }
    arb_clear(Th);
    arf_clear(r);
    arf_clear(R);
    arf_clear(x1);
    arf_clear(u);
    _hkz_lyi_ictx_clear(&c);
    return k;
}

int _hkz_ly_cw_integral_bracket(arf_t a, arf_t b, int *sa, int *sb,
        const arf_t x0, const arf_t wt, slong N, const arb_t t, slong prec)
{
    return brackets(a, b, sa, sb, x0, wt, NULL, N, t, prec);
}

int _hkz_ly_cw_integral_bracket2(arf_t a, arf_t b, int *sa, int *sb,
        const arf_t x0, const arf_t wt1, const arf_t wt2, slong N,
        const arb_t t, slong prec)
{
    return brackets(a, b, sa, sb, x0, wt1, wt2, N, t, prec);
}

int hkz_ly_cw_integral(arb_ptr res, arb_t logscale, arf_srcptr theta,
                       slong npts, slong N, const arb_t t, slong prec)
{
    slong i;
    if (N < 1 || npts < 1 || prec < 2 || !arb_is_finite(t) ||
        !arb_is_positive(t))
    {
        for (i = 0; i < npts; i++)
            arb_indeterminate(res + i);
        if (logscale != NULL)
            arb_indeterminate(logscale);
        HKZ_CHECK(N >= 1, HKZ_ERR_ARG, "hkz_ly_cw_integral: N must be >= 1 "
                  "(got %ld)", (long) N);
        HKZ_CHECK(npts >= 1, HKZ_ERR_ARG, "hkz_ly_cw_integral: no points");
        HKZ_CHECK(prec >= 2, HKZ_ERR_ARG, "hkz_ly_cw_integral: prec must be "
                  ">= 2");
        return hkz_error_set(HKZ_ERR_DOMAIN, "hkz_ly_cw_integral: t must be "
                             "> 0 (the integral form needs a Gaussian)");
    }
    for (i = 0; i < npts; i++)
        HKZ_CHECK(arf_is_finite(theta + i), HKZ_ERR_ARG,
                  "hkz_ly_cw_integral: theta[%ld] is not finite", (long) i);
    return _hkz_ly_cw_integral_eval(res, NULL, logscale, theta, npts, N, t,
                                    prec, 1);
}
