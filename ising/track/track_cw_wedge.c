/* Certified tracking steps of Curie-Weiss zeros by the saddle-line
 * integral (family hkz_ly_cw_family_integral; spec 3.5) in wedges that
 * follow the zeros (track_cw_step.c falls back to axis-aligned boxes).
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
 * K_t/K_theta = F_t/F_theta since F/K > 0).  theta_j(tb) is a certified
 * sign bracket inside S(tb).  The recorded box is the theta hull of W:
 * it holds theta_j(t) for every t in T (the uniqueness is that of the
 * slices). */
#include <math.h>
#include <acb_poly.h>
#include "track_cw_internal.h"

static int sgn(const arb_t x)
{
    return arb_is_positive(x) ? 1 : arb_is_negative(x) ? -1 : 0;
}

/* theta_j(tb) in doubles: four Newton continuation steps from (ta, th)
 * with the secant velocity (a guess; the step certifies); *sp = the
 * smaller local spacing pi t/(Re xs + 2 sqrt t) at ta and tb. */
static double predict_d(double *sp, slong N, double ta, double th, double v,
                        double tb)
{
    double h = (tb - ta) / 4, x = th, y, re;
    int k;
    (void) _hkz_lyt_newton_d(N, ta, th, &re);
    *sp = HKZ_LY_PI * ta / (re + 2 * sqrt(ta));
    for (k = 1; k <= 4; k++)
    {
        y = _hkz_lyt_newton_d(N, ta + k * h, x + v * h, &re);
        v = (y - x) / h;
        x = y;
    }
    *sp = FLINT_MIN(*sp, HKZ_LY_PI * tb / (re + 2 * sqrt(tb)));
    return x;
}

typedef struct
{
    const _hkz_lyt_box_t *B;
    const arf_struct *Dlo, *Dhi;
    int which;
} sub_ctx_t;

/* the sign on the a-th of m pieces of [Dlo, Dhi] x the b-th of m pieces
 * of T (a piece of the wedge) */
static int piece_sign(void *ctx, slong a, slong b, slong m)
{
    const sub_ctx_t *c = ctx;
    const _hkz_lyt_box_t *B = c->B;
    slong wp = B->c.wp;
    arb_t D, t, v;
    arf_t lo, hi;
    int s;

    arb_init(D);
    arb_init(t);
    arb_init(v);
    arf_init(lo);
    arf_init(hi);
    _hkz_lyt_sub_interval(D, c->Dlo, c->Dhi, a, m, wp);
    arb_get_lbound_arf(lo, B->T, wp);
    arb_get_ubound_arf(hi, B->T, wp);
    _hkz_lyt_sub_interval(t, lo, hi, b, m, wp);
    if (c->which == 0)
        _hkz_lyt_box_eval_d(NULL, v, NULL, NULL, B, D, t);
    else
        _hkz_lyt_box_eval_d(NULL, NULL, NULL, v, B, D, t);
    s = sgn(v);
    arb_clear(D);
    arb_clear(t);
    arb_clear(v);
    arf_clear(lo);
    arf_clear(hi);
    return s;
}

/* The sign of K_theta (which = 0) or K_t (which = 1) on all of the wedge,
 * 0 if not certified (_hkz_ly_track_subbox_sign: the enclosures of
 * track_cw_box.c hold on each sub-box). */
static int sub_sign(const _hkz_lyt_box_t *B, const arf_t Dlo,
                    const arf_t Dhi, int which)
{
    sub_ctx_t c = {B, Dlo, Dhi, which};
    return _hkz_ly_track_subbox_sign(piece_sign, &c);
}

/* Second order in t at fixed D.  The node sum N(t, D) = 2h Re wk sum_k
 * V_k e^{a_k(t)} w^k (wk = e^{-i h klo D}, a_k(t) = (u_k^2/(2 t tm) -
 * lam)(t - tm), a_k(tm) = 0) differs from G by at most err0 on the region,
 * and N_tt = 2h Re wk sum_k beta_k(t) V_k e^{a_k(t)} w^k with beta_k =
 * a_k'^2 + a_k'' = (u_k^2/(2t^2) - lam)^2 - u_k^2/t^3.  For t in T,
 *   sum beta_k(t) V_k e^{a_k} w^k in S4 + disk(R4),  S4 = sum V4_k w^k,
 *   V4_k = beta_k(tm) V_k,  R4 = sum |V_k| (sup_T |beta_k - beta_k(tm)|
 *                                          + sup_T |beta_k| e_k)
 * (|e^{a_k} - 1| <= e_k = e^{w_k} - 1 as in track_cw_box.c, |w| = 1), and
 * by Taylor's theorem with the Lagrange remainder
 *   G(t, D) in N(tm, D) + N_t(tm, D) [-r, r] + N_tt(T, D) [0, r^2/2]
 *              + [-err0, err0],
 * N_t(tm, D) = 2h Re S2 (track_cw_box.c).  The second-order term keeps the
 * cancellation of the sum, so the edges hold for longer steps than the
 * mean value form (whose t-ball remainder RA is first order in r). */
static void curv_nodes(acb_ptr V4, mag_t R4, const _hkz_lyt_box_t *B)
{
    slong k, wp = B->c.wp;
    arb_t u, bm, bT, x, y;
    mag_t m, e;

    arb_init(u);
    arb_init(bm);
    arb_init(bT);
    arb_init(x);
    arb_init(y);
    mag_init(m);
    mag_init(e);
    mag_zero(R4);
    for (k = 0; k < B->len; k++)
    {
        int j;
        arb_set_arf(u, B->c.hh);
        arb_mul_si(u, u, B->c.L.klo + k, wp);
        for (j = 0; j < 2; j++)
        {
            /* beta at tm (j = 0) and on T (j = 1) */
            const arb_struct *t = j == 0 ? B->tm : B->T;
            arb_struct *b = j == 0 ? bm : bT;
            arb_div(x, u, t, wp);
            arb_sqr(x, x, wp);
            arb_mul_2exp_si(x, x, -1);
            arb_sub(x, x, B->lam, wp);
            arb_sqr(b, x, wp);
            arb_sqr(x, u, wp);
            arb_pow_ui(y, t, 3, wp);
            arb_div(x, x, y, wp);
            arb_sub(b, b, x, wp);
        }
        acb_mul_arb(V4 + k, B->V + k, bm, wp);
        /* e_k = e^{w_k} - 1, w_k = sup |u^2/(2 t tm) - lam| r */
        arb_sqr(x, u, wp);
        arb_div(x, x, B->T, wp);
        arb_div(x, x, B->tm, wp);
        arb_mul_2exp_si(x, x, -1);
        arb_sub(x, x, B->lam, wp);
        arb_get_mag(m, x);
        mag_mul(m, m, B->r);
        mag_expm1(e, m);
        arb_get_mag(m, bT);
        mag_mul(e, e, m);
        arb_sub(x, bT, bm, wp);
        arb_get_mag(m, x);
        mag_add(e, e, m);
        acb_get_mag(m, B->V + k);
        mag_mul(e, e, m);
        mag_add(R4, R4, e);
    }
    arb_clear(u);
    arb_clear(bm);
    arb_clear(bT);
    arb_clear(x);
    arb_clear(y);
    mag_clear(m);
    mag_clear(e);
}

/* The sign of G(t, D) for all t in T (D exact), 0 if not certified: the
 * second-order form above, then the mean value form G(tm, D) + G_t(T, D)
 * [-r, r] of track_cw_box.c. */
static int edge_sign(const _hkz_lyt_box_t *B, acb_srcptr V4, const mag_t R4,
                     const arb_t D)
{
    slong wp = B->c.wp;
    arb_t v, g, x, q;
    acb_t w, wk, S;
    mag_t m;
    int s;

    arb_init(v);
    arb_init(g);
    arb_init(x);
    arb_init(q);
    acb_init(w);
    acb_init(wk);
    acb_init(S);
    mag_init(m);
    _hkz_lyt_box_eval_d(v, NULL, g, NULL, B, D, NULL);
    arb_zero(x);
    arb_add_error_mag(x, B->r);
    arb_addmul(v, g, x, wp);
    /* N_tt enclosure: 2h (Re S4 + [-R4, R4]) */
    arb_mul_arf(x, D, B->c.hh, wp);
    arb_neg(x, x);
    arb_sin_cos(acb_imagref(w), acb_realref(w), x, wp);
    arb_mul_si(x, x, B->c.L.klo, wp);
    arb_sin_cos(acb_imagref(wk), acb_realref(wk), x, wp);
    _acb_poly_evaluate(S, V4, B->len, w, wp);
    acb_mul(S, S, wk, wp);
    arb_set(q, acb_realref(S));
    arb_add_error_mag(q, R4);
    arb_mul_arf(q, q, B->c.hh, wp);
    arb_mul_2exp_si(q, q, 1);
    /* times [0, r^2/2] */
    mag_mul(m, B->r, B->r);
    mag_mul_2exp_si(m, m, -2);
    arb_zero(x);
    arb_add_error_mag(x, m);
    arf_set_mag(arb_midref(x), m);
    arb_addmul(v, q, x, wp);
    s = sgn(v);
    if (s == 0)
    {
        /* the mean value form */
        _hkz_lyt_box_eval_d(v, NULL, NULL, NULL, B, D, NULL);
        _hkz_lyt_box_eval_d(NULL, NULL, g, NULL, B, D, B->T);
        arb_zero(x);
        arb_add_error_mag(x, B->r);
        arb_addmul(v, g, x, wp);
        s = sgn(v);
    }
    arb_clear(v);
    arb_clear(g);
    arb_clear(x);
    arb_clear(q);
    acb_clear(w);
    acb_clear(wk);
    acb_clear(S);
    mag_clear(m);
    return s;
}

/* theta = c - t (D + b/tref) for the ball D and the ball t */
static void theta_of(arb_t res, const _hkz_lyt_box_t *B, const arb_t D,
                     const arb_t t)
{
    slong wp = B->c.wp;
    arb_div(res, B->bb, B->tref, wp);
    arb_add(res, res, D, wp);
    arb_mul(res, res, t, wp);
    arb_sub(res, B->cc, res, wp);
}

/* Conditions 1-3 (see top) on the sub-wedge t in [t0, t1] (inside the
 * region of the line; _hkz_lyt_box_step re-centres the nodes and the
 * t-ball remainders there, a positive factor on K), on its halves if they
 * fail, to the given depth.  1: certified, with the direction combined
 * into *dir; -1: only the direction open (or mixed); 0: not certified.
 * The slices of every piece hold exactly one zero, so the pieces together
 * certify [t0, t1] (the last piece is the one at t1). */
static int pieces(_hkz_lyt_box_t *B, const arf_t t0, const arf_t t1,
                  const arf_t xl0, const arf_t xl1, const arf_t Dlo,
                  const arf_t Dhi, int depth, int *dir)
{
    int s[2], k, d, r = 0;
    arb_t x;
    arf_t m;
    acb_ptr V4;
    mag_t R4;

    _hkz_lyt_box_step(B, t0, t1, xl0, xl1);
    arb_init(x);
    mag_init(R4);
    V4 = _acb_vec_init(B->len);
    curv_nodes(V4, R4, B);
    for (k = 0; k < 2; k++)
    {
        arb_set_arf(x, k == 0 ? Dlo : Dhi);
        s[k] = edge_sign(B, V4, R4, x);
    }
    _acb_vec_clear(V4, B->len);
    mag_clear(R4);
    arb_clear(x);
    if (s[0] * s[1] == -1 && (s[0] = sub_sign(B, Dlo, Dhi, 0)) != 0)
    {
        s[1] = sub_sign(B, Dlo, Dhi, 1);
        d = -s[0] * s[1];
        r = d == 0 ? -1 : 1;
        if (r == 1 && *dir != 0 && *dir != d)
            return -1;
        if (r == 1)
        {
            *dir = d;
            return 1;
        }
    }
    if (depth == 0)
        return r;
    arf_init(m);
    arf_add(m, t0, t1, ARF_PREC_EXACT, ARF_RND_DOWN);
    arf_mul_2exp_si(m, m, -1);
    r = pieces(B, t0, m, xl0, xl1, Dlo, Dhi, depth - 1, dir);
    if (r == 1)
        r = pieces(B, m, t1, xl0, xl1, Dlo, Dhi, depth - 1, dir);
    arf_clear(m);
    return r;
}

int _hkz_lyt_wedge_step(hkz_ly_track_struct *tr, slong i, const arf_t tb,
                        const arf_t thpred, slong prec)
{
    const arf_struct *ta = tr->ta + i;
    const arb_struct *A = tr->theta + i;
    slong N = *(const slong *) tr->param, wp;
    _hkz_lyt_box_t B, *Bp = &B;
    arf_t lo, hi, m, Dlo, Dhi, u;
    arb_t v, g, x, y, hpi;
    int ok = 0, k, dir = 0;
    arf_t xl0, xl1;
    double tad = arf_get_d(ta, ARF_RND_NEAR), tbd = arf_get_d(tb,
                 ARF_RND_NEAR), tha = arf_get_d(arb_midref(A), ARF_RND_NEAR),
           sp, pb;

    _hkz_lyt_box_init(&B);
    arf_init(xl0);
    arf_init(xl1);
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
    pb = predict_d(&sp, N, tad, tha, (arf_get_d(thpred, ARF_RND_NEAR) - tha) /
                   (tbd - tad), tbd);
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
    /* the region X of the line: hull(A, pb) widened by twice the margin */
    arf_set_d(u, pb);
    arb_get_lbound_arf(lo, A, prec);
    arf_min(lo, lo, u);
    arf_mul_2exp_si(m, m, 1);
    arf_sub(lo, lo, m, prec, ARF_RND_DOWN);
    arb_get_ubound_arf(hi, A, prec);
    arf_max(hi, hi, u);
    arf_add(hi, hi, m, prec, ARF_RND_UP);
    arf_mul_2exp_si(m, m, -1);
    arb_const_pi(hpi, 64);
    arb_mul_2exp_si(hpi, hpi, -1);
    arb_set_arf(v, hi);
    if (arf_sgn(lo) <= 0 || !arb_lt(v, hpi))
        goto cleanup;
    arf_set_d(u, 0.5 * (tha + pb));
    if (_hkz_lyt_line_build(Bp, N, ta, tb, lo, hi, u, prec))
        goto cleanup;
    _hkz_lyt_box_step(Bp, ta, tb, lo, hi);
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
    arb_set_arf(y, m);
    arb_div(y, y, x, wp);
    arb_get_lbound_arf(Dlo, v, wp);
    arb_get_ubound_arf(Dhi, v, wp);
    arf_sub(Dlo, Dlo, arb_midref(y), wp, ARF_RND_DOWN);
    arf_add(Dhi, Dhi, arb_midref(y), wp, ARF_RND_UP);
    /* the wedge inside the region of the bounds: theta(T, [Dlo, Dhi]) in X */
    arb_set_interval_arf(v, Dlo, Dhi, wp);
    theta_of(y, Bp, v, B.T);
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
    /* 1-3 on T, or on its halves, quarters, eighths */
    k = pieces(Bp, ta, tb, xl0, xl1, Dlo, Dhi, 3, &dir);
    if (k != 1)
    {
        ok = k;
        goto cleanup;
    }
    ok = 1;
    {
        hkz_ly_step_struct *st = _hkz_ly_track_new_step(tr, i);
        arf_t a, b;
        arf_init(a);
        arf_init(b);
        arb_set_arf(&st->ta, ta);
        arb_set_arf(&st->tb, tb);
        arb_set_interval_arf(&st->box, lo, hi, prec);
        st->dir = dir;
        /* the slice S(tb), inner bounds (the bracket must lie inside) */
        arb_set_arf(x, tb);
        arb_set_arf(v, Dhi);
        theta_of(y, Bp, v, x);
        arb_get_ubound_arf(a, y, wp);
        arb_set_arf(v, Dlo);
        theta_of(y, Bp, v, x);
        arb_get_lbound_arf(b, y, wp);
        arb_set_interval_arf(B.X, a, b, ARF_PREC_EXACT);
        if (!_hkz_lyt_box_zero(&st->theta_b, Bp, tb, _hkz_lyt_newton_d(N, tbd, pb,
                               &sp), tr->rel_bits, prec))
            _hkz_lyt_zero_at(&st->theta_b, tr, N, tb, pb, a, b, prec);
        arf_clear(a);
        arf_clear(b);
        arb_set(tr->theta + i, &st->theta_b);
        arf_set(tr->ta + i, tb);
        if (tr->dir[i] == 0 && tr->nsteps[i] == 1)
            tr->dir[i] = dir == 0 ? 2 : dir;
        else if (tr->dir[i] != dir)
            tr->dir[i] = 2;
    }
cleanup:
    _hkz_lyt_box_clear(&B);
    arf_clear(xl0);
    arf_clear(xl1);
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
