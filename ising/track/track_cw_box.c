/* Enclosures of the Curie-Weiss saddle-line integral on a tracking box
 * B = T x X, T = [ta, tb], X = [lo, hi] (spec 3.5 by the integral of
 * cw_integral.c; certificate: track_cw_step.c, nodes: track_cw_line.c,
 * errors: track_cw_bound.c).
 *
 * With x' = x + i theta (cw_integral_block.c) the integral is, on any line
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
 *   sum (u_k^2/(2t^2) - lam) V_k w^k (1 + e_k) in S2 + eta S3 + disk(RA),
 *     RA = sum |V_k| (|alpha_k| + u_k^2 sup|eta|) e_k,
 * (S0, S1, S2, S3 Horner sums of V_k, u_k V_k, alpha_k V_k, u_k^2 V_k in
 * w, |w| = 1; u^2/(2t^2) - lam = alpha_k + u_k^2 eta, and eta S3 keeps the
 * cancellation of the sum, which sup|eta| sum |u_k^2 V_k| would lose), so
 *   K       = 2h Re S0,
 *   K_theta = -2h Im S1 / t,
 *   K_t     = 2h (Re (S2 + eta S3) - (c - theta) Im S1 / t^2),
 * each plus its trapezoid error (track_cw_bound.c), enclose the exact
 * values for every (t, theta) in the balls.  lam (~ Re(xs)^2/(2 tm^2))
 * removes the common growth in t so that the remainders stay small. */
#include <acb_poly.h>
#include "track_cw_internal.h"

void _hkz_lyt_box_init(_hkz_lyt_box_t *B)
{
    _hkz_lyi_ictx_init(&B->c);
    arb_init(B->tm);
    arb_init(B->tref);
    mag_init(B->e0r);
    mag_init(B->e1r);
    mag_init(B->etr);
    B->valid = 0;
    B->loose = 0;
    B->pw = 0;
    B->Vr = NULL;
    arb_init(B->T);
    arb_init(B->X);
    arf_init(B->th0);
    arb_init(B->cc);
    arb_init(B->bb);
    arb_init(B->lam);
    mag_init(B->r);
    arb_init(B->ig);
    B->len = 0;
    B->V = B->V1 = B->V2 = B->V3 = NULL;
    B->E = NULL;
    mag_init(B->R0);
    mag_init(B->R1);
    mag_init(B->RA);
    mag_init(B->err0);
    mag_init(B->err1);
    mag_init(B->errt);
}

void _hkz_lyt_box_resize(_hkz_lyt_box_t *B, slong len)
{
    if (B->len > 0)
    {
        _acb_vec_clear(B->V, B->len);
        _acb_vec_clear(B->V1, B->len);
        _acb_vec_clear(B->V2, B->len);
        _acb_vec_clear(B->V3, B->len);
        _acb_vec_clear(B->Vr, B->len);
        _mag_vec_clear(B->E, B->len);
    }
    B->len = FLINT_MAX(len, 0);
    if (len > 0)
    {
        B->V = _acb_vec_init(len);
        B->V1 = _acb_vec_init(len);
        B->V2 = _acb_vec_init(len);
        B->V3 = _acb_vec_init(len);
        B->Vr = _acb_vec_init(len);
        B->E = _mag_vec_init(len);
    }
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
    arb_clear(B->ig);
    _hkz_lyt_box_resize(B, 0);
    mag_clear(B->R0);
    mag_clear(B->R1);
    mag_clear(B->RA);
    mag_clear(B->err0);
    mag_clear(B->err1);
    mag_clear(B->errt);
}

void _hkz_lyt_phases(acb_t w, acb_t wk, const _hkz_lyt_box_t *B,
                     const arb_t D, slong wp)
{
    arb_t x;
    arb_init(x);
    arb_mul_arf(x, D, B->c.hh, wp);
    arb_neg(x, x);
    arb_sin_cos(acb_imagref(w), acb_realref(w), x, wp);
    arb_mul_si(x, x, B->c.L.klo, wp);
    arb_sin_cos(acb_imagref(wk), acb_realref(wk), x, wp);
    arb_clear(x);
}

/* In the phase variable D = (c - theta)/t - b/tref (a wedge of the (t,
 * theta) plane for D in an interval, track_cw_step.c): at fixed D,
 * theta = c - t (D + b/tref), so G(t, D) = K(t, theta(t, D)) has
 *   G_t = K_t - (D + b/tref) K_theta,
 * and the node sums give exactly 2h Re S2 - 2h (D + b/tref) Im S1/t
 * + 2h (D + b/tref) Im S1/t = 2h Re S2 (the phases w^k depend on D only).
 * Its trapezoid error is at most errt + |D + b/tref| err1 (the errors of
 * K_t and K_theta on the region, combined linearly). */
void _hkz_lyt_box_eval_d(arb_t K, arb_t Kth, arb_t Gt, arb_t Kt,
                         const _hkz_lyt_box_t *B, const arb_t DD,
                         const arb_t tt)
{
    slong wp = B->pw;
    const arb_struct *t = tt != NULL ? tt : B->tm;
    int full = tt != NULL, two = Gt != NULL || Kt != NULL;
    arb_t D, x, y;
    acb_t w, wk, S0, S1, S2;
    mag_t m;

    arb_init(D);
    arb_init(x);
    arb_init(y);
    acb_init(w);
    acb_init(wk);
    acb_init(S0);
    acb_init(S1);
    acb_init(S2);
    mag_init(m);
    _hkz_lyt_phases(w, wk, B, DD, wp);
    if (K != NULL)
    {
        _acb_poly_evaluate(S0, B->V, B->len, w, wp);
        acb_mul(S0, S0, wk, wp);
    }
    if (Kth != NULL || Kt != NULL)
    {
        _acb_poly_evaluate(S1, B->V1, B->len, w, wp);
        acb_mul(S1, S1, wk, wp);
    }
    if (two)
    {
        _acb_poly_evaluate(S2, B->V2, B->len, w, wp);
        if (full)
        {
            /* + eta(t) S3, eta = 1/(2t^2) - 1/(2tm^2) on the ball t */
            acb_t S3;
            acb_init(S3);
            _acb_poly_evaluate(S3, B->V3, B->len, w, wp);
            arb_sqr(x, t, wp);
            arb_mul_2exp_si(x, x, 1);
            arb_inv(x, x, wp);
            arb_sqr(y, B->tm, wp);
            arb_mul_2exp_si(y, y, 1);
            arb_inv(y, y, wp);
            arb_sub(x, x, y, wp);
            acb_mul_arb(S3, S3, x, wp);
            acb_add(S2, S2, S3, wp);
            acb_clear(S3);
        }
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
    /* x = (c - theta)/t = D + b/tref */
    arb_div(x, B->bb, B->tref, wp);
    arb_add(x, x, DD, wp);
    if (Gt != NULL)
    {
        arb_mul_arf(Gt, acb_realref(S2), B->c.hh, wp);
        arb_mul_2exp_si(Gt, Gt, 1);
        arb_get_mag(m, x);
        mag_mul(m, m, B->err1);
        mag_add(m, m, B->errt);
        arb_add_error_mag(Gt, m);
    }
    if (Kt != NULL)
    {
        /* Re S2 - (c - theta) Im S1 / t^2 */
        arb_mul(y, x, acb_imagref(S1), wp);
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
    mag_clear(m);
}

void _hkz_lyt_box_eval(arb_t K, arb_t Kth, arb_t Kt, const _hkz_lyt_box_t *B,
                       const arb_t theta, const arb_t tt)
{
    slong wp = B->pw;
    arb_t D, x;
    arb_init(D);
    arb_init(x);
    /* D = (c - theta)/t - (c - theta0)/tref = (c - theta)/t - b/tref */
    arb_sub(D, B->cc, theta, wp);
    arb_div(D, D, tt != NULL ? tt : B->tm, wp);
    arb_div(x, B->bb, B->tref, wp);
    arb_sub(D, D, x, wp);
    _hkz_lyt_box_eval_d(K, Kth, NULL, Kt, B, D, tt);
    arb_clear(D);
    arb_clear(x);
}
