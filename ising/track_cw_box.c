/* Enclosures of the Curie-Weiss saddle-line integral on a tracking box
 * B = T x X, T = [ta, tb], X = [lo, hi] (spec 3.5 by the integral of
 * cw_integral.c; certificate: track_cw_step.c, errors: track_cw_bound.c).
 *
 * With x' = x + i theta (cw_int_block.c) the integral is, on any line
 * Im x' = c,
 *   I(t, theta) = int e^{-(x' - i theta)^2/(2t)} (2 cosh x')^N dx'.
 * Fix the anchor (tm, theta0) (tm the centre of T, theta0 the centre of
 * X), its saddle line c = b + theta0 and nodes u_k = k h.  We certify the
 * zeros of
 *   K(t, theta) = Q(t, theta) I(t, theta),
 *   Q = exp(-psiref - lam (t - tm) - (c - theta)^2/(2t) + b^2/(2 tm)) > 0,
 * which are those of I and of F_N = e^{-tN/2} (2 pi t)^{-1/2} I (positive
 * factors), with the same direction: at a zero, K_t/K_theta = I_t/I_theta
 * (the derivative of the factor multiplies 0).  On the line x' = u + i c,
 *   Q g = V(u) exp((u^2/(2 t tm) - lam)(t - tm)) e^{-i u D},
 *   D = (c - theta)/t - (c - theta0)/tm  (tref in place of tm for the
 *   steps of a cached line, _hkz_lyt_box_step),
 * where V(u) = exp(psi(u + i b) - psiref) at (tm, theta0) are the node
 * values of cw_integral.c (k = 0 halved).  By the symmetry g(-conj x') =
 * conj g(x') the trapezoid sum is 2 h Re sum_{k >= klo} of
 *   V_k w^k (1 + e_k),  w = e^{-i h D},  |e_k| <= e^{w_k} - 1,
 *   w_k = sup_T |u_k^2/(2 t tm) - lam| r,  r = (tb - ta)/2,
 * (e_k = 0 at t = tm), and differentiating under the integral,
 *   K_theta: weight i u/t,
 *   K_t:     weight u^2/(2t^2) - lam + i u (c - theta)/t^2.
 * With alpha_k = u_k^2/(2 tm^2) - lam and eta = 1/(2t^2) - 1/(2tm^2):
 *   sum V_k w^k (1 + e_k) in S0 + disk(R0),      R0 = sum |V_k| e_k,
 *   sum u_k V_k w^k (1 + e_k) in S1 + disk(R1),  R1 = sum |u_k V_k| e_k,
 *   sum (u_k^2/(2t^2) - lam) V_k w^k (1 + e_k) in S2 + disk(RA),
 *     RA = sum |V_k| (|alpha_k| e_k + u_k^2 sup|eta| (1 + e_k)),
 * (S0, S1, S2 Horner sums of V_k, u_k V_k, alpha_k V_k in w, |w| = 1), so
 *   K       = 2h Re S0,
 *   K_theta = -2h Im S1 / t,
 *   K_t     = 2h (Re S2 - (c - theta) Im S1 / t^2),
 * each plus its trapezoid error (track_cw_bound.c), enclose the exact
 * values for every (t, theta) in the balls.  lam (~ Re(xs)^2/(2 tm^2))
 * removes the common growth in t so that the remainders stay small. */
#include <acb_poly.h>
#include "cw_track_internal.h"

void _hkz_lyt_box_init(_hkz_lyt_box_t *B)
{
    _hkz_lyi_ictx_init(&B->c);
    arb_init(B->tm);
    arb_init(B->tref);
    mag_init(B->e0r);
    mag_init(B->e1r);
    mag_init(B->etr);
    B->valid = 0;
    B->Vr = NULL;
    arb_init(B->T);
    arb_init(B->X);
    arf_init(B->th0);
    arb_init(B->cc);
    arb_init(B->bb);
    arb_init(B->lam);
    mag_init(B->r);
    B->len = 0;
    B->V = B->V1 = B->V2 = NULL;
    mag_init(B->R0);
    mag_init(B->R1);
    mag_init(B->RA);
    mag_init(B->err0);
    mag_init(B->err1);
    mag_init(B->errt);
}

void _hkz_lyt_box_clear(_hkz_lyt_box_t *B)
{
    _hkz_lyi_ictx_clear(&B->c);
    arb_clear(B->tm);
    arb_clear(B->tref);
    mag_clear(B->e0r);
    mag_clear(B->e1r);
    mag_clear(B->etr);
    arb_clear(B->T);
    arb_clear(B->X);
    arf_clear(B->th0);
    arb_clear(B->cc);
    arb_clear(B->bb);
    arb_clear(B->lam);
    mag_clear(B->r);
    if (B->len > 0)
    {
        _acb_vec_clear(B->V, B->len);
        _acb_vec_clear(B->V1, B->len);
        _acb_vec_clear(B->V2, B->len);
        _acb_vec_clear(B->Vr, B->len);
    }
    mag_clear(B->R0);
    mag_clear(B->R1);
    mag_clear(B->RA);
    mag_clear(B->err0);
    mag_clear(B->err1);
    mag_clear(B->errt);
}

/* the t-ball remainders R0, R1, RA (see top) */
static void remainders(_hkz_lyt_box_t *B)
{
    slong k, wp = B->c.wp;
    arb_t u, x, al, eta;
    mag_t w, e, m, v, ub;

    arb_init(u);
    arb_init(x);
    arb_init(al);
    arb_init(eta);
    mag_init(w);
    mag_init(e);
    mag_init(m);
    mag_init(v);
    mag_init(ub);
    mag_zero(B->R0);
    mag_zero(B->R1);
    mag_zero(B->RA);
    /* sup |eta| = sup |1/(2t^2) - 1/(2tm^2)| over T */
    arb_sqr(eta, B->T, wp);
    arb_mul_2exp_si(eta, eta, 1);
    arb_inv(eta, eta, wp);
    arb_sqr(x, B->tm, wp);
    arb_mul_2exp_si(x, x, 1);
    arb_inv(x, x, wp);
    arb_sub(eta, eta, x, wp);
    for (k = 0; k < B->len; k++)
    {
        arb_set_arf(u, B->c.hh);
        arb_mul_si(u, u, B->c.L.klo + k, wp);
        arb_get_mag(ub, u);
        /* w_k = sup |u^2/(2 t tm) - lam| r */
        arb_sqr(x, u, wp);
        arb_div(x, x, B->T, wp);
        arb_div(x, x, B->tm, wp);
        arb_mul_2exp_si(x, x, -1);
        arb_sub(x, x, B->lam, wp);
        arb_get_mag(w, x);
        mag_mul(w, w, B->r);
        mag_expm1(e, w);
        acb_get_mag(v, B->V + k);
        mag_mul(m, v, e);
        mag_add(B->R0, B->R0, m);
        mag_mul(m, m, ub);
        mag_add(B->R1, B->R1, m);
        /* |alpha_k| e_k + u^2 sup|eta| (1 + e_k) */
        arb_sqr(al, u, wp);
        arb_sqr(x, B->tm, wp);
        arb_div(al, al, x, wp);
        arb_mul_2exp_si(al, al, -1);
        arb_sub(al, al, B->lam, wp);
        arb_get_mag(m, al);
        mag_mul(m, m, e);
        arb_get_mag(w, eta);
        mag_mul(w, w, ub);
        mag_mul(w, w, ub);
        mag_add_ui(e, e, 1);
        mag_mul(w, w, e);
        mag_add(m, m, w);
        mag_mul(m, m, v);
        mag_add(B->RA, B->RA, m);
    }
    arb_clear(u);
    arb_clear(x);
    arb_clear(al);
    arb_clear(eta);
    mag_clear(w);
    mag_clear(e);
    mag_clear(m);
    mag_clear(v);
    mag_clear(ub);
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
    double tr;
    int pass;

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
    for (pass = 0; pass < 2; pass++)
    {
        /* node range and h of the line model (the errors are bounded
         * below), the range widened by the motion of the saddle over the
         * t-region; if the errors miss the target by 2^12 (degenerate
         * saddles near beta = 1, theta = 0), h from the rigorous M_+ + M_-
         * of cw_integral.c */
        c->hmargin = 8;
        _hkz_lyi_ictx_bounds(c, B->X, pass);
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
        if (B->len > 0)
        {
            _acb_vec_clear(B->V, B->len);
            _acb_vec_clear(B->V1, B->len);
            _acb_vec_clear(B->V2, B->len);
            _acb_vec_clear(B->Vr, B->len);
        }
        B->len = len;
        B->V = _acb_vec_init(len);
        B->V1 = _acb_vec_init(len);
        B->V2 = _acb_vec_init(len);
        B->Vr = _acb_vec_init(len);
        _hkz_lyi_node_loop(c, S, NULL, NULL, NULL, B->Vr, NULL, B->th0, 1);
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
        mag_mul_2exp_si(m2, c->eps, 12);
        if (mag_cmp(B->err0, m2) <= 0)
            break;
    }
    if (len < 1)
    {
        acb_clear(S);
        mag_clear(m2);
        return 1;
    }
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
 * this tm. */
void _hkz_lyt_box_step(_hkz_lyt_box_t *B, const arf_t ta, const arf_t tb,
                       const arf_t lo, const arf_t hi)
{
    slong k, wp = B->c.wp;
    arb_t u, x, d;
    arf_t m;
    mag_t f;

    arb_init(u);
    arb_init(x);
    arb_init(d);
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
    /* d = (tm - tref)/(2 tm tref) */
    arb_sub(d, B->tm, B->tref, wp);
    arb_div(d, d, B->tm, wp);
    arb_div(d, d, B->tref, wp);
    arb_mul_2exp_si(d, d, -1);
    for (k = 0; k < B->len; k++)
    {
        arb_set_arf(u, B->c.hh);
        arb_mul_si(u, u, B->c.L.klo + k, wp);
        if (arb_is_zero(d))
            acb_set(B->V + k, B->Vr + k);
        else
        {
            arb_sqr(x, u, wp);
            arb_mul(x, x, d, wp);
            arb_exp(x, x, wp);
            acb_mul_arb(B->V + k, B->Vr + k, x, wp);
        }
        acb_mul_arb(B->V1 + k, B->V + k, u, wp);
        arb_div(x, u, B->tm, wp);
        arb_sqr(x, x, wp);
        arb_mul_2exp_si(x, x, -1);
        arb_sub(x, x, B->lam, wp);
        acb_mul_arb(B->V2 + k, B->V + k, x, wp);
    }
    remainders(B);
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

void _hkz_lyt_box_eval(arb_t K, arb_t Kth, arb_t Kt, const _hkz_lyt_box_t *B,
                       const arb_t theta, const arb_t tt)
{
    slong wp = B->c.wp;
    const arb_struct *t = tt != NULL ? tt : B->tm;
    int full = tt != NULL;
    arb_t D, x, y;
    acb_t w, wk, S0, S1, S2;

    arb_init(D);
    arb_init(x);
    arb_init(y);
    acb_init(w);
    acb_init(wk);
    acb_init(S0);
    acb_init(S1);
    acb_init(S2);
    /* D = (c - theta)/t - (c - theta0)/tref = (c - theta)/t - b/tref */
    arb_sub(D, B->cc, theta, wp);
    arb_div(D, D, t, wp);
    arb_div(x, B->bb, B->tref, wp);
    arb_sub(D, D, x, wp);
    arb_mul_arf(D, D, B->c.hh, wp);
    arb_neg(D, D);
    arb_sin_cos(acb_imagref(w), acb_realref(w), D, wp);
    arb_mul_si(D, D, B->c.L.klo, wp);
    arb_sin_cos(acb_imagref(wk), acb_realref(wk), D, wp);
    _acb_poly_evaluate(S0, B->V, B->len, w, wp);
    acb_mul(S0, S0, wk, wp);
    _acb_poly_evaluate(S1, B->V1, B->len, w, wp);
    acb_mul(S1, S1, wk, wp);
    if (Kt != NULL)
    {
        _acb_poly_evaluate(S2, B->V2, B->len, w, wp);
        acb_mul(S2, S2, wk, wp);
    }
    if (full)
    {
        arb_add_error_mag(acb_realref(S0), B->R0);
        arb_add_error_mag(acb_imagref(S0), B->R0);
        arb_add_error_mag(acb_realref(S1), B->R1);
        arb_add_error_mag(acb_imagref(S1), B->R1);
        arb_add_error_mag(acb_realref(S2), B->RA);
        arb_add_error_mag(acb_imagref(S2), B->RA);
    }
    if (K != NULL)
    {
        arb_mul_arf(K, acb_realref(S0), B->c.hh, wp);
        arb_mul_2exp_si(K, K, 1);
        arb_add_error_mag(K, B->err0);
    }
    if (Kth != NULL)
    {
        arb_div(x, acb_imagref(S1), t, wp);
        arb_mul_arf(Kth, x, B->c.hh, wp);
        arb_mul_2exp_si(Kth, Kth, 1);
        arb_neg(Kth, Kth);
        arb_add_error_mag(Kth, B->err1);
    }
    if (Kt != NULL)
    {
        /* Re S2 - (c - theta) Im S1 / t^2 */
        arb_sub(y, B->cc, theta, wp);
        arb_mul(y, y, acb_imagref(S1), wp);
        arb_div(y, y, t, wp);
        arb_div(y, y, t, wp);
        arb_sub(y, acb_realref(S2), y, wp);
        arb_mul_arf(Kt, y, B->c.hh, wp);
        arb_mul_2exp_si(Kt, Kt, 1);
        arb_add_error_mag(Kt, B->errt);
    }
    arb_clear(D);
    arb_clear(x);
    arb_clear(y);
    acb_clear(w);
    acb_clear(wk);
    acb_clear(S0);
    acb_clear(S1);
    acb_clear(S2);
}
