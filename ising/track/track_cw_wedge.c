/* Certified tracking steps of Curie-Weiss zeros by the saddle-line
 * integral (family hkz_ly_cw_family_integral; spec 3.5) in wedges that
 * follow the zeros.
 *
 * The line of a step (track_cw_line.c) has the phase variable
 *   D(t, theta) = (c - theta)/t - b/tref,   theta = c - t (D + b/tref),
 * and the node sums depend on theta only through D (track_cw_box.c).  A
 * zero keeps D nearly constant: with the saddle xs of the integrand,
 * Im psi(xs) = pi/2 mod pi at a zero, d/dtheta Im psi = Re xs/t and
 * d/dt Im psi = Re xs (Im xs - theta)/t^2, so theta' = (theta - Im xs)/t
 * and dD/dt = -(theta' + (c - theta)/t)/t = (Im xs - c)/t^2, zero where
 * the line passes through the saddle (c = Im xs at tm).  So the step of
 * zero j is the wedge
 *   W = {(t, theta): t in T = [ta, tb], D(t, theta) in [Dlo, Dhi]},
 * whose slices S(t) = c - t ([Dlo, Dhi] + b/tref) move with the zero
 * however far it moves in theta: the length of a step is no longer bound
 * to the spacing of the zeros (an axis-aligned box is), only to the drift
 * of D, O(r^2/t^2) in theta, and to the remainders of the t-ball.
 *
 * Certificate.  With G(t, D) = K(t, theta(t, D)) (K = Q I, Q > 0, the
 * enclosures of track_cw_box.c valid on T x X, X the theta hull of W,
 * checked to contain W):
 *   1. G(t, Dlo), G(t, Dhi) have opposite constant signs on T: by the mean
 *      value theorem G(t, D) in G(tm, D) + G_t(T, D) [-r, r];
 *   2. K_theta excludes 0 on W (sub-boxes of T x [Dlo, Dhi]).
 * For each t, D -> theta(t, D) is affine and strictly decreasing, and
 * dG/dD = -t K_theta, so G(t, .) has exactly one zero in [Dlo, Dhi], simple:
 * S(t) holds exactly one zero of F(t, .).  The D-ball of theta_j(ta) lies
 * inside (Dlo, Dhi), so at ta that zero is theta_j(ta), and by continuity
 * (no zero crosses the edges of W, condition 1) it is theta_j(t) for every
 * t in T.  If K_t excludes 0 on W, d theta_j/dt has the sign -sign(K_t)
 * sign(K_theta) on the whole step (implicit function theorem; at a zero
 * K_t/K_theta = F_t/F_theta since F/K > 0).  Next to pi/2, K_t changes
 * sign inside W: then K_t is checked on an inner band of D that holds the
 * zero for every t, by the signs of G at its edges (track_cw_wedge_cert.c,
 * band_sign).  theta_j(tb) is a certified
 * sign bracket inside S(tb).  The recorded box is the theta hull of W:
 * it holds theta_j(t) for every t in T (the uniqueness is that of the
 * slices).  The conditions are checked in track_cw_wedge_cert.c. */
#include <math.h>
#include "track_cw_internal.h"

/* theta_j(tb) in doubles: four Newton continuation steps from (ta, th)
 * with the secant velocity (a guess; the step certifies); the path at
 * ta + k (tb - ta)/4 into xs[k] (xs[0] = th); *sp = the smaller local
 * spacing pi t/(Re xs + 2 sqrt t) at ta and tb. */
static double predict_d(double *sp, double *xs, slong N, double ta,
                        double th, double v, double tb)
{
    double h = (tb - ta) / 4, x = th, y, re;
    int k;
    (void) _hkz_lyt_newton_d(N, ta, th, &re);
    *sp = HKZ_LY_PI * ta / (re + 2 * sqrt(ta));
    xs[0] = th;
    for (k = 1; k <= 4; k++)
    {
        y = _hkz_lyt_newton_d(N, ta + k * h, x + v * h, &re);
        v = (y - x) / h;
        x = y;
        xs[k] = x;
    }
    *sp = FLINT_MIN(*sp, HKZ_LY_PI * tb / (re + 2 * sqrt(tb)));
    return x;
}

/* lo, hi widened to the theta range of the wedge of the path xs (at ta
 * + k (tb - ta)/4, xs[0] = theta(ta)) with D margin m/tb, on the line
 * through the double saddle at ((ta + tb)/2, (xs[0] + xs[4])/2): a guess,
 * less twice m (the caller widens by that) plus m/4 of slack */
static void wedge_hull_d(arf_t lo, arf_t hi, slong N, double ta, double tb,
                         double tha, const double *xs, double m)
{
    _hkz_ly_cw_line_t L;
    double tr = 0.5 * (ta + tb), th0 = 0.5 * (tha + xs[4]), re, im, c, d,
           dlo = HUGE_VAL, dhi = -HUGE_VAL, x;
    arf_t u;
    int k;
    if (_hkz_ly_cw_saddle_top_d(&re, &im, th0, N * tr) ||
        _hkz_ly_cw_line_d(&L, N, tr, th0, re, im, 40.0))
        return;
    c = L.b + th0;
    for (k = 0; k <= 4; k++)
    {
        d = (c - xs[k]) / (ta + k * (tb - ta) / 4);
        dlo = FLINT_MIN(dlo, d);
        dhi = FLINT_MAX(dhi, d);
    }
    if (!isfinite(dlo) || !isfinite(dhi))
        return;
    arf_init(u);
    x = c - tb * (dhi + m / tb) + 1.75 * m;
    arf_set_d(u, x);
    arf_min(lo, lo, u);
    x = c - ta * (dlo - m / tb) - 1.75 * m;
    arf_set_d(u, x);
    arf_max(hi, hi, u);
    arf_clear(u);
}

int _hkz_lyt_wedge_step(hkz_ly_track_struct *tr, slong i, const arf_t tb,
                        const arf_t thpred, slong prec, int *loose)
{
    const arf_struct *ta = tr->ta + i;
    const arb_struct *A = tr->theta + i;
    slong N = *(const slong *) tr->param, wp;
    _hkz_lyt_box_t B, *Bp = &B;
    arf_t lo, hi, m, Dlo, Dhi, u;
    arb_t v, g, x, y, hpi;
    int ok = 0, k, dir = 0, allow = *loose;
    arf_t xl0, xl1;
    arf_struct band[2];
    double tad = arf_get_d(ta, ARF_RND_NEAR), tbd = arf_get_d(tb,
                 ARF_RND_NEAR), tha = arf_get_d(arb_midref(A), ARF_RND_NEAR),
           sp, pb, xs[5];

    *loose = 0;
    _hkz_lyt_box_init(&B);
    arf_init(xl0);
    arf_init(xl1);
    arf_init(band + 0);
    arf_init(band + 1);
    arf_init(lo);
    arf_init(hi);
    arf_init(m);
    arf_init(Dlo);
    arf_init(Dhi);
    arf_init(u);
    arb_init(v);
    arb_init(g);
    arb_init(x);
    arb_init(y);
    arb_init(hpi);
    pb = predict_d(&sp, xs, N, tad, tha, (arf_get_d(thpred, ARF_RND_NEAR) -
                   tha) / (tbd - tad), tbd);
    if (!isfinite(pb) || !isfinite(sp) || sp <= 0 || pb <= 0 ||
        pb >= HKZ_LY_PI / 2)
        goto cleanup;
    /* the margin of the wedge in theta: an eighth of the spacing (a third
     * of the distance to 0 and pi/2, where the mirror zeros are), at least
     * 4 rad A and 2^(3 - rel_bits) |theta| */
    arf_set_d(m, FLINT_MIN(sp / 8, FLINT_MIN(FLINT_MIN(tha, pb),
              HKZ_LY_PI / 2 - FLINT_MAX(tha, pb)) / 3));
    arf_set_mag(u, arb_radref(A));
    arf_mul_2exp_si(u, u, 2);
    arf_max(m, m, u);
    arf_abs(u, arb_midref(A));
    arf_mul_2exp_si(u, u, -tr->rel_bits + 3);
    arf_max(m, m, u);
    /* the region X of the line: hull(A, the predicted path) widened by
     * twice the margin */
    arb_get_lbound_arf(lo, A, prec);
    arb_get_ubound_arf(hi, A, prec);
    xs[0] = tha;
    for (k = 1; k <= 4; k++)
    {
        arf_set_d(u, xs[k]);
        arf_min(lo, lo, u);
        arf_max(hi, hi, u);
    }
    /* and the wedge itself, estimated in doubles on the line that
     * _hkz_lyt_line_build will take (checked once it is built) */
    wedge_hull_d(lo, hi, N, tad, tbd, tha, xs, arf_get_d(m, ARF_RND_UP));
    arf_mul_2exp_si(m, m, 1);
    arf_sub(lo, lo, m, prec, ARF_RND_DOWN);
    arf_add(hi, hi, m, prec, ARF_RND_UP);
    arf_mul_2exp_si(m, m, -1);
    arb_const_pi(hpi, 64);
    arb_mul_2exp_si(hpi, hpi, -1);
    arb_set_arf(v, hi);
    if (arf_sgn(lo) <= 0 || !arb_lt(v, hpi))
        goto cleanup;
    arf_set_d(u, 0.5 * (tha + pb));
    B.loose = allow;
    if (_hkz_lyt_line_build(Bp, N, ta, tb, lo, hi, u, prec))
        goto cleanup;
    *loose = B.loose;
    /* 64 bits for the certificate, raised with the Ziv loop of run_zero */
    B.pw = FLINT_MIN(B.c.wp, 64 + prec - tr->prec0[i]);
    wp = B.c.wp;
    /* [Dlo, Dhi] = hull(D(ta, A), D(tb, pb)) widened by margin/tb */
    arb_set_arf(x, ta);
    arb_sub(v, B.cc, A, wp);
    arb_div(v, v, x, wp);
    arb_div(g, B.bb, B.tref, wp);
    arb_sub(v, v, g, wp);
    arb_set_d(y, pb);
    arb_sub(y, B.cc, y, wp);
    arb_set_arf(x, tb);
    arb_div(y, y, x, wp);
    arb_sub(y, y, g, wp);
    arb_union(v, v, y, wp);
    /* and D at the predicted path inside T: with the line through the
     * saddle at tref, D is stationary there and its drift
     * over the step bends the path away from both ends (the hull of the
     * ends alone would need a margin of that drift) */
    for (k = 1; k < 4; k++)
    {
        arb_set_d(y, xs[k]);
        arb_sub(y, B.cc, y, wp);
        arb_set_d(x, tad + k * (tbd - tad) / 4);
        arb_div(y, y, x, wp);
        arb_sub(y, y, g, wp);
        arb_union(v, v, y, wp);
    }
    arb_set_arf(x, tb);
    arb_set_arf(y, m);
    arb_div(y, y, x, wp);
    arb_get_lbound_arf(Dlo, v, wp);
    arb_get_ubound_arf(Dhi, v, wp);
    /* the band of the direction (_hkz_lyt_wedge_pieces): the path widened
     * by 2^-5 of the margin (N = 10^4, zero 5000 over [1e-5, 2e-5]: 171,
     * 118, 99, 90 steps at 2^-3, -4, -5, -6, 2.4 s at 2^-4 to -6; zeros
     * 4990-4999 8.9 s at 2^-4, 8.3 s at 2^-5; without: 13256 steps of
     * 2.7e-4 t, where K_t changes sign inside the wedge) */
    arf_mul_2exp_si(u, arb_midref(y), -5);
    arf_sub(band + 0, Dlo, u, wp, ARF_RND_DOWN);
    arf_add(band + 1, Dhi, u, wp, ARF_RND_UP);
    arf_sub(Dlo, Dlo, arb_midref(y), wp, ARF_RND_DOWN);
    arf_add(Dhi, Dhi, arb_midref(y), wp, ARF_RND_UP);
    /* the wedge inside the region of the bounds: theta(T, [Dlo, Dhi]) in X */
    arb_set_interval_arf(v, Dlo, Dhi, wp);
    _hkz_lyt_wedge_theta(y, Bp, v, B.T);
    arb_get_lbound_arf(u, y, wp);
    if (arf_cmp(u, lo) < 0)
        goto cleanup;
    arb_get_ubound_arf(u, y, wp);
    if (arf_cmp(u, hi) > 0)
        goto cleanup;
    arf_set(xl0, lo);
    arf_set(xl1, hi);
    arb_get_lbound_arf(lo, y, wp);
    arb_get_ubound_arf(hi, y, wp);
    /* 1-3 on T, or on its halves, quarters, eighths; a long step first
     * in pieces of about t/(32 max(1, sqrt(N/500))), a quarter of the step
     * cap of _hkz_ly_track_rates_cwi (the length whose edges certify: their
     * t-ball remainders spread like sqrt N; N = 10^4, zeros 2001-2004,
     * 3 pieces of t/107 or 5 of t/179 a step of t/36 took 0.65 and 0.70 s
     * of steps against 0.59 s with 4 of t/143) */
    k = _hkz_lyt_wedge_pieces(Bp, ta, tb, xl0, xl1, Dlo, Dhi, band, 3,
                              1.0 / (32 * _hkz_lyt_spread(N)), &dir);
    if (k != 1)
    {
        ok = k;
        goto cleanup;
    }
    /* the slice S(tb), inner bounds (the bracket must lie inside) */
    arb_set_arf(x, tb);
    arb_set_arf(v, Dhi);
    _hkz_lyt_wedge_theta(y, Bp, v, x);
    arb_get_ubound_arf(xl0, y, wp);
    arb_set_arf(v, Dlo);
    _hkz_lyt_wedge_theta(y, Bp, v, x);
    arb_get_lbound_arf(xl1, y, wp);
    arb_set_interval_arf(B.X, xl0, xl1, ARF_PREC_EXACT);
    ok = _hkz_lyt_record(tr, i, tb, lo, hi, dir, Bp, _hkz_lyt_newton_d(N,
                         tbd, pb, &sp), pb, xl0, xl1, prec);
cleanup:
    _hkz_lyt_box_clear(&B);
    arf_clear(xl0);
    arf_clear(xl1);
    arf_clear(band + 0);
    arf_clear(band + 1);
    arf_clear(lo);
    arf_clear(hi);
    arf_clear(m);
    arf_clear(Dlo);
    arf_clear(Dhi);
    arf_clear(u);
    arb_clear(v);
    arb_clear(g);
    arb_clear(x);
    arb_clear(y);
    arb_clear(hpi);
    return ok;
}
