/* The nodes and bounds of a tracking box (track_cw_box.c has the method
 * and the enclosures): the line through the saddle of (tref, theta0) with
 * its errors on a region, and the step boxes inside it. */
#include "track_cw_internal.h"

void _hkz_lyt_growth(mag_t e, const _hkz_lyt_box_t *B, const arb_t u)
{
    slong wp = B->pw;
    arb_t x;
    mag_t w;
    arb_init(x);
    mag_init(w);
    arb_sqr(x, u, wp);
    arb_mul(x, x, B->ig, wp);
    arb_sub(x, x, B->lam, wp);
    arb_get_mag(w, x);
    mag_mul(w, w, B->r);
    mag_expm1(e, w);
    arb_clear(x);
    mag_clear(w);
}

/* the t-ball remainders R0, R1, RA (see top), from the growth bounds
 * B->E[k] of _hkz_lyt_box_step; ig2 = 1/(2 tm^2) */
static void remainders(_hkz_lyt_box_t *B, const arb_t ig2)
{
    slong k, wp = B->pw;
    arb_t u, x, eta;
    mag_t w, m, v, ub, se;

    arb_init(u);
    arb_init(x);
    arb_init(eta);
    mag_init(w);
    mag_init(m);
    mag_init(v);
    mag_init(ub);
    mag_init(se);
    mag_zero(B->R0);
    mag_zero(B->R1);
    mag_zero(B->RA);
    /* sup |eta| = sup |1/(2t^2) - 1/(2tm^2)| over T */
    arb_sqr(eta, B->T, wp);
    arb_mul_2exp_si(eta, eta, 1);
    arb_inv(eta, eta, wp);
    arb_sub(eta, eta, ig2, wp);
    arb_get_mag(se, eta);
    for (k = 0; k < B->len; k++)
    {
        arb_set_arf(u, B->c.hh);
        arb_mul_si(u, u, B->c.L.klo + k, wp);
        arb_get_mag(ub, u);
        acb_get_mag(v, B->V + k);
        mag_mul(m, v, B->E + k);
        mag_add(B->R0, B->R0, m);
        mag_mul(m, m, ub);
        mag_add(B->R1, B->R1, m);
        /* (|alpha_k| + u^2 sup|eta|) e_k |V_k|, alpha_k = u^2 ig2 - lam */
        arb_sqr(x, u, wp);
        arb_mul(x, x, ig2, wp);
        arb_sub(x, x, B->lam, wp);
        arb_get_mag(m, x);
        mag_mul(w, se, ub);
        mag_mul(w, w, ub);
        mag_add(m, m, w);
        mag_mul(m, m, B->E + k);
        mag_mul(m, m, v);
        mag_add(B->RA, B->RA, m);
    }
    arb_clear(u);
    arb_clear(x);
    arb_clear(eta);
    mag_clear(w);
    mag_clear(m);
    mag_clear(v);
    mag_clear(ub);
    mag_clear(se);
}

int _hkz_lyt_line_build(_hkz_lyt_box_t *B, slong N, const arf_t tl0,
                        const arf_t tl1, const arf_t xl0, const arf_t xl1,
                        const arf_t th0, slong prec)
{
    _hkz_lyi_ictx_t *c = &B->c;
    acb_t S;
    arf_t m;
    mag_t m2;
    slong wp, len = 0, ext;
    double tr, x = 0;
    int pass, tol;

    B->valid = 0;
    arf_init(m);
    arf_add(m, tl0, tl1, ARF_PREC_EXACT, ARF_RND_DOWN);
    arf_mul_2exp_si(m, m, -1);
    arb_set_arf(B->tref, m);
    arb_set(B->tm, B->tref);
    arb_set_interval_arf(B->T, tl0, tl1, ARF_PREC_EXACT);
    arb_set_interval_arf(B->X, xl0, xl1, ARF_PREC_EXACT);
    arf_set(B->th0, th0);
    arf_clear(m);
    if (_hkz_lyi_ictx_setup(c, N, B->tref, arf_get_d(B->th0, ARF_RND_NEAR),
                            prec))
        return 1;
    mag_init(m2);
    acb_init(S);
    tr = arf_get_d(arb_midref(B->tref), ARF_RND_NEAR);
    /* the first pass keeps errors of 2^-8 bumps: the certificates of the
     * steps need no more (N = 2000 and 10^4: the same steps and bytes as
     * with 2^-24, and no second pass), but near beta = 1, where the
     * bracket at tb may fall back to the line's own nodes, 2^-24 */
    tol = B->loose && N * arf_get_d(tl1, ARF_RND_UP) <= 0.9 ? 8 : 24;
    B->loose = 0;
    for (pass = 0; pass < 3; pass++)
    {
        /* node range and h of the line model (the errors are bounded
         * below), the range widened by the motion of the saddle over the
         * t-region.  eps = 2^(-goal-6) saddle bumps, and errors below 2^-24
         * bumps are far below the t-remainders of the steps (the bracket
         * at tb falls back to cw_integral_eval.c where they are too large
         * for the goal).  Above: the model sharpened by the excess x bits
         * (the discretization error falls like e^{-2 pi a/h}, the omitted
         * nodes like e^{-E}); then (degenerate saddles near beta = 1,
         * theta = 0) h from the rigorous M_+ + M_- of cw_integral.c */
        c->hmargin = 8;
        /* the first pass's range 48 bits beyond the model: omitted nodes
         * just below eps cost the bisection of their rigorous bound up to
         * ~9 ms a line (N = 10^4, beta ~ 0.9: zero 4501 over [1e-5, 1e-4]
         * 2.02 s at 0, 1.90 at 8, 1.56 at 32, 1.37 at 48, 1.32 at 64 bits;
         * zero 501 1.64, 1.48, 1.47, 1.39, 1.42 s; N = 2000, zeros 500-539
         * 3.35, -, 3.05, 3.02, 3.07 s) */
        if (pass == 0)
            c->L.E += 48 * HKZ_LY_LN2;
        if (pass == 1)
        {
            double ah = 2 * HKZ_LY_PI * c->L.a / c->L.h + x * HKZ_LY_LN2;
            c->L.h = (double) (float) (2 * HKZ_LY_PI * c->L.a / ah);
            c->L.E += x * HKZ_LY_LN2;
            arf_set_d(c->hh, c->L.h);
        }
        _hkz_lyi_ictx_bounds(c, B->X, pass == 2);
        ext = (slong) (c->L.xs_re * (arf_get_d(tl1, ARF_RND_UP) -
                       arf_get_d(tl0, ARF_RND_DOWN)) / tr / c->L.h);
        if (arf_equal(tl0, tl1) || ext < 0 || ext > 1000)
            ext = 0;
        c->L.klo = FLINT_MAX(0, c->L.klo - ext);
        c->L.khi += ext;
        wp = c->wp;
        len = c->L.khi - c->L.klo + 1;
        if (len < 1)
            break;
        arb_set_d(B->bb, c->L.b);
        arb_add_arf(B->cc, B->bb, B->th0, ARF_PREC_EXACT);
        /* lam = Re(xs)^2/(2 tref^2) (any value is valid) */
        arb_set_d(B->lam, c->L.xs_re);
        arb_div(B->lam, B->lam, B->tref, wp);
        arb_sqr(B->lam, B->lam, wp);
        arb_mul_2exp_si(B->lam, B->lam, -1);
        /* errors of K_ref (Q with tm = tref) on the whole region */
        _hkz_lyt_box_errors(B, N, tl0, tl1);
        mag_set(B->e0r, B->err0);
        mag_set(B->e1r, B->err1);
        mag_set(B->etr, B->errt);
        mag_mul_2exp_si(m2, c->eps, c->goal + 6 - (pass == 0 ? tol : 16));
        /* the node values only for the line kept (the errors above read
         * only the line model; the node loop writes nothing else) */
        if (mag_cmp(B->err0, m2) <= 0 || pass == 2)
        {
            /* kept where the strict pass would not have */
            mag_mul_2exp_si(m2, c->eps, c->goal + 6 - 24);
            B->loose = pass == 0 && mag_cmp(B->err0, m2) > 0;
            _hkz_lyt_box_resize(B, len);
            _hkz_lyi_node_loop(c, S, NULL, NULL, NULL, B->Vr, NULL, B->th0, 1);
            break;
        }
        /* the excess over the strict first pass's bound (so the later
         * passes are the strict ones) */
        if (pass == 0)
            mag_mul_2exp_si(m2, c->eps, c->goal + 6 - 24);
        x = mag_get_d_log2_approx(B->err0) - mag_get_d_log2_approx(m2) + 2;
    }
    if (len < 1)
    {
        acb_clear(S);
        mag_clear(m2);
        return 1;
    }
    B->pw = wp;
    B->valid = acb_is_finite(S) && mag_is_finite(B->err0) &&
               mag_is_finite(B->err1) && mag_is_finite(B->errt);
    acb_clear(S);
    mag_clear(m2);
    return !B->valid;
}

/* The step box T x X inside the region of the line: with tm the centre of
 * T, K_step = e^{lam (tm - tref)} K_ref (a positive constant), so
 *   V_k = Vr_k exp(u_k^2 (tm - tref)/(2 tm tref))
 * are the node values of K_step at (tm, theta0) (phases still relative to
 * tref: D = (c - theta)/t - b/tref), its errors those of K_ref times
 * e^{lam (tm - tref)}, and the t-ball remainders are those of the top with
 * this tm.  All in the precision B->pw of the certificate. */
void _hkz_lyt_box_step(_hkz_lyt_box_t *B, const arf_t ta, const arf_t tb,
                       const arf_t lo, const arf_t hi)
{
    slong k, wp = B->pw;
    arb_t u, x, d, ig2, ex, rx, q2;
    arf_t m;
    mag_t f;

    arb_init(u);
    arb_init(x);
    arb_init(d);
    arb_init(ig2);
    arb_init(ex);
    arb_init(rx);
    arb_init(q2);
    arf_init(m);
    mag_init(f);
    arf_add(m, ta, tb, ARF_PREC_EXACT, ARF_RND_DOWN);
    arf_mul_2exp_si(m, m, -1);
    arb_set_arf(B->tm, m);
    arb_set_interval_arf(B->T, ta, tb, ARF_PREC_EXACT);
    arb_set_interval_arf(B->X, lo, hi, ARF_PREC_EXACT);
    arf_sub(m, tb, ta, ARF_PREC_EXACT, ARF_RND_DOWN);
    arf_mul_2exp_si(m, m, -1);
    arf_get_mag(B->r, m);
    /* ig = 1/(2 T tm) for _hkz_lyt_growth; d = (tm - tref)/(2 tm tref);
     * ig2 = 1/(2 tm^2) */
    arb_mul(B->ig, B->T, B->tm, wp);
    arb_mul_2exp_si(B->ig, B->ig, 1);
    arb_inv(B->ig, B->ig, wp);
    arb_sub(d, B->tm, B->tref, wp);
    arb_div(d, d, B->tm, wp);
    arb_div(d, d, B->tref, wp);
    arb_mul_2exp_si(d, d, -1);
    arb_sqr(ig2, B->tm, wp);
    arb_mul_2exp_si(ig2, ig2, 1);
    arb_inv(ig2, ig2, wp);
    /* exp(u_k^2 d) = q^{(klo + k)^2}, q = e^{h^2 d}, by the recurrence
     * E_{k+1} = E_k R_k, R_{k+1} = R_k q^2 (R_k = q^{2 (klo + k) + 1};
     * balls, so the products enclose the exponentials) */
    arb_set_arf(x, B->c.hh);
    arb_sqr(x, x, wp);
    arb_mul(x, x, d, wp);
    arb_mul_si(ex, x, B->c.L.klo * B->c.L.klo, wp);
    arb_exp(ex, ex, wp);
    arb_mul_si(rx, x, 2 * B->c.L.klo + 1, wp);
    arb_exp(rx, rx, wp);
    arb_mul_2exp_si(x, x, 1);
    arb_exp(q2, x, wp);
    for (k = 0; k < B->len; k++)
    {
        arb_set_arf(u, B->c.hh);
        arb_mul_si(u, u, B->c.L.klo + k, wp);
        if (arb_is_zero(d))
            acb_set_round(B->V + k, B->Vr + k, wp);
        else
        {
            acb_mul_arb(B->V + k, B->Vr + k, ex, wp);
            arb_mul(ex, ex, rx, wp);
            arb_mul(rx, rx, q2, wp);
        }
        _hkz_lyt_growth(B->E + k, B, u);
        acb_mul_arb(B->V1 + k, B->V + k, u, wp);
        acb_mul_arb(B->V3 + k, B->V1 + k, u, wp);
        arb_sqr(x, u, wp);
        arb_mul(x, x, ig2, wp);
        arb_sub(x, x, B->lam, wp);
        acb_mul_arb(B->V2 + k, B->V + k, x, wp);
    }
    remainders(B, ig2);
    /* e^{lam (tm - tref)} */
    arb_sub(x, B->tm, B->tref, wp);
    arb_mul(x, x, B->lam, wp);
    arb_exp(x, x, wp);
    arb_get_mag(f, x);
    mag_mul(B->err0, B->e0r, f);
    mag_mul(B->err1, B->e1r, f);
    mag_mul(B->errt, B->etr, f);
    arb_clear(u);
    arb_clear(x);
    arb_clear(d);
    arb_clear(ig2);
    arb_clear(ex);
    arb_clear(rx);
    arb_clear(q2);
    arf_clear(m);
    mag_clear(f);
}

int _hkz_lyt_box_build(_hkz_lyt_box_t *B, slong N, const arf_t ta,
                       const arf_t tb, const arf_t lo, const arf_t hi,
                       slong prec)
{
    arf_t m;
    int r;
    arf_init(m);
    arf_add(m, lo, hi, ARF_PREC_EXACT, ARF_RND_DOWN);
    arf_mul_2exp_si(m, m, -1);
    arf_set_round(m, m, 53, ARF_RND_NEAR);
    r = _hkz_lyt_line_build(B, N, ta, tb, lo, hi, m, prec);
    arf_clear(m);
    if (r == 0)
        _hkz_lyt_box_step(B, ta, tb, lo, hi);
    return r;
}

