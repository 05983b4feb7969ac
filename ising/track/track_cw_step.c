/* Certified tracking steps of Curie-Weiss zeros by the saddle-line
 * integral (family hkz_ly_cw_family_integral; spec 3.5): the step
 * control's rates, theta_j(tb) and the record of a step.  A step is a
 * wedge that follows the zero (track_cw_wedge.c, its certificate in
 * track_cw_wedge_cert.c); theta_j(tb) is the certified bracket of
 * cw_integral_eval.c at the exact tb, inside the slice of the wedge at tb
 * (so it is the zero of index j). */
#include <math.h>
#include "track_cw_internal.h"
#include "hkz/status.h"

/* Newton on the double node sum at (t, th); returns th on failure. */
double _hkz_lyt_newton_d(slong N, double t, double th, double *xsre)
{
    _hkz_ly_cw_line_t L;
    double re, im, x = th;
    int it;
    *xsre = 0;
    if (_hkz_ly_cw_saddle_top_d(&re, &im, th, N * t) ||
        _hkz_ly_cw_line_d(&L, N, t, th, re, im, 40.0))
        return th;
    *xsre = re;
    _hkz_ly_cw_line_nodes_d(&L);
    for (it = 0; it < 8; it++)
    {
        double f, df, s;
        f = _hkz_ly_cw_integral_d(&df, &L, x);
        if (df == 0 || !isfinite(f) || !isfinite(df))
            return th;
        s = f / df;
        x -= s;
        if (fabs(s) < 1e-15 * x)
            break;
    }
    return isfinite(x) && x > 0 && x < HKZ_LY_PI / 2 ? x : th;
}

double _hkz_lyt_spread(slong N)
{
    return FLINT_MAX(1.0, sqrt((double) N / 500));
}

/* theta'(t) by a difference quotient of the double zero; lambda encodes a
 * step limit: dt <= t/8 up to N = 500, t/(8 sqrt(N/500)) beyond (run_zero
 * takes dt <= 0.5/lambda; the wedges of track_cw_wedge.c are not limited
 * by the spacing of the zeros, but their t-remainders spread like sqrt N:
 * N = 2000, 10 zeros, t/16 took 1.41 s against 2.34 s at t/8 and 1.77 s
 * at t/12, N = 500 t/8 0.93 s against 1.13 s at t/12). */
void _hkz_ly_track_rates_cwi(double *dth, double *lam,
                             const hkz_ly_track_struct *tr, const arf_t t,
                             const arb_t theta, slong prec)
{
    slong N = *(const slong *) tr->param;
    double td = arf_get_d(t, ARF_RND_NEAR), dt = 1e-5 * td, re, re2;
    double th = arf_get_d(arb_midref(theta), ARF_RND_NEAR);
    double x0 = _hkz_lyt_newton_d(N, td, th, &re);
    double x1 = _hkz_lyt_newton_d(N, td + dt, x0, &re2);
    (void) prec;
    (void) re2;
    *dth = (x1 - x0) / dt;
    if (!isfinite(*dth))
        *dth = 0;
    *lam = 4.0 * _hkz_lyt_spread(N) / td;
}

/* theta_j(tb) inside [lo, hi]: the bracket of cw_integral_eval.c, first to
 * ~2^-40 (from the double Newton zero), then to the goal from the midpoint
 * of the first (its linear shift needs a start near the zero), the two on
 * one line and one set of bounds; the box itself if that fails. */
int _hkz_lyt_zero_at(arb_t res, const hkz_ly_track_struct *tr, slong N,
                    const arf_t tb, double guess, const arf_t lo,
                    const arf_t hi, slong prec)
{
    arb_t t;
    arf_t x0, wt, w2, a, b;
    int sa, sb, k, got, ok = 0;
    double re;

    arb_init(t);
    arf_init(x0);
    arf_init(wt);
    arf_init(w2);
    arf_init(a);
    arf_init(b);
    arb_set_interval_arf(res, lo, hi, prec);
    arb_set_arf(t, tb);
    arf_set_d(x0, _hkz_lyt_newton_d(N, arf_get_d(tb, ARF_RND_NEAR), guess, &re));
    for (k = 0; k < 3; k++)
    {
        /* the first two brackets on one line (one set of bounds), then
         * (if needed) one more */
        arf_mul_2exp_si(wt, x0, k == 0 ? -40 : -tr->rel_bits - 2);
        arf_mul_2exp_si(w2, x0, -tr->rel_bits - 2);
        got = k == 0 ? _hkz_ly_cw_integral_bracket2(a, b, &sa, &sb, x0, wt,
                                                    w2, N, t, prec)
                     : _hkz_ly_cw_integral_bracket(a, b, &sa, &sb, x0, wt, N,
                                                   t, prec);
        if (got == 0 || arf_cmp(a, lo) <= 0 || arf_cmp(b, hi) >= 0)
            break;
        k += k == 0 ? got - 1 : 0;
        arb_set_interval_arf(res, a, b, prec);
        ok = 1;
        arf_add(x0, a, b, prec, ARF_RND_NEAR);
        arf_mul_2exp_si(x0, x0, -1);
        arf_sub(a, b, a, prec, ARF_RND_UP);
        arf_mul_2exp_si(wt, x0, -tr->rel_bits);
        if (k > 0 && arf_cmp(a, wt) <= 0)
            break;
    }
    arb_clear(t);
    arf_clear(x0);
    arf_clear(wt);
    arf_clear(w2);
    arf_clear(a);
    arf_clear(b);
    return ok;
}

int _hkz_lyt_record(hkz_ly_track_struct *tr, slong i, const arf_t tb,
                    const arf_t lo, const arf_t hi, int dir,
                    const _hkz_lyt_box_t *B, double gbox, double gat,
                    const arf_t a, const arf_t b, slong prec)
{
    hkz_ly_step_struct *st;
    slong N = *(const slong *) tr->param;
    double xn;
    arb_t th;
    mag_t m;

    mag_init(m);
    arb_init(th);
    /* the nodes bracket to the goal only if err0 is near eps (the goal
     * is 2^-6 eps-bumps above it); else straight to the bracket, and if
     * that fails (its start, Newton in doubles, or its line near the
     * degenerate saddles of beta = 1), again from the Newton point on the
     * nodes, else the nodes' bracket to 2^-40 (a narrower ball than the
     * slice: the next step needs room of 4 radii); those two need the
     * line of the strict first pass (B->loose: not recorded, 0) */
    mag_mul_2exp_si(m, B->c.eps, 16);
    xn = gat;
    if ((mag_cmp(B->err0, m) > 0 || !_hkz_lyt_box_zero(th, &xn, B, tb, gbox,
         tr->rel_bits, prec)) &&
        !_hkz_lyt_zero_at(th, tr, N, tb, gat, a, b, prec))
    {
        if (B->loose)
        {
            arb_clear(th);
            mag_clear(m);
            return 0;
        }
        if (xn == gat)
            (void) _hkz_lyt_box_zero(NULL, &xn, B, tb, gbox, tr->rel_bits,
                                     prec);
        if (!_hkz_lyt_zero_at(th, tr, N, tb, xn, a, b, prec))
            (void) _hkz_lyt_box_zero(th, &xn, B, tb, xn, 40, prec);
    }
    st = _hkz_ly_track_new_step(tr, i);
    arb_set_arf(&st->ta, tr->ta + i);
    arb_set_arf(&st->tb, tb);
    arb_set_interval_arf(&st->box, lo, hi, prec);
    st->dir = dir;
    arb_swap(&st->theta_b, th);
    arb_set(tr->theta + i, &st->theta_b);
    arf_set(tr->ta + i, tb);
    if (tr->dir[i] == 0 && tr->nsteps[i] == 1)
        tr->dir[i] = dir == 0 ? 2 : dir;
    else if (tr->dir[i] != dir)
        tr->dir[i] = 2;
    arb_clear(th);
    mag_clear(m);
    return 1;
}

int _hkz_ly_track_try_step_cwi(hkz_ly_track_struct *tr, slong i,
                               const arf_t tb, const arf_t thpred,
                               slong prec)
{
    /* the wedge on the line of the loose first pass, if that fails on
     * the strict one (then the step is the one of the strict lines alone:
     * the same bytes).  The axis-aligned box once tried where only the
     * direction of a wedge stayed open is gone: with the direction on the
     * zero's band (track_cw_wedge_cert.c) it certified none of the steps
     * (N = 100, 500 in full, N = 2000 zeros 990-1000, N = 10^4 zeros
     * 4990-5000) and cost a line each time. */
    int loose = 1, r = _hkz_lyt_wedge_step(tr, i, tb, thpred, prec, &loose);
    if (r != 1 && loose)
    {
        loose = 0;
        r = _hkz_lyt_wedge_step(tr, i, tb, thpred, prec, &loose);
    }
    return r == 1;
}
