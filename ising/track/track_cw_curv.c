/* Second-order enclosures in t of the node sums of a step box
 * (track_cw_box.c), at fixed phase D: the edges of the wedges and the sign
 * of K_t (track_cw_wedge_cert.c).
 *
 * The node sum N(t, D) = 2h Re wk sum_k V_k e^{a_k(t)} w^k (wk =
 * e^{-i h klo D}, a_k(t) = (u_k^2/(2 t tm) - lam)(t - tm), a_k(tm) = 0,
 * alpha_k = a_k' = u_k^2/(2t^2) - lam) differs from G(t, D) = K(t, theta(t,
 * D)) by at most err0 on the region, and
 *   N_tt = 2h Re wk sum_k beta_k(t) V_k e^{a_k(t)} w^k,
 *   beta_k = a_k'^2 + a_k'' = (u_k^2/(2t^2) - lam)^2 - u_k^2/t^3.
 * For t in T,
 *   sum beta_k(t) V_k e^{a_k} w^k in S4 + disk(R4),  S4 = sum V4_k w^k,
 *   V4_k = beta_k(tm) V_k,  R4 = sum |V_k| (sup_T |beta_k - beta_k(tm)|
 *                                          + sup_T |beta_k| e_k)
 * (|e^{a_k} - 1| <= e_k = e^{w_k} - 1 as in track_cw_box.c, |w| = 1), and
 * by Taylor's theorem with the Lagrange remainder
 *   G(t, D) in N(tm, D) + N_t(tm, D) [-r, r] + N_tt(T, D) [0, r^2/2]
 *              + [-err0, err0],
 * N_t(tm, D) = 2h Re S2 (track_cw_box.c).  The second-order term keeps the
 * cancellation of the sum, so the edges hold for longer steps than the
 * mean value form (whose t-ball remainder RA is first order in r).
 *
 * The same for K_t (its sign is the direction; near pi/2 K_t is small,
 * O((pi/2 - theta)^2), and the first-order remainder RA hides it).  The
 * node sum of K_t is N_K = 2h (Re wk sum alpha_k V_k e^{a_k} w^k - x Im wk
 * sum u_k V_k e^{a_k} w^k / t), x = (c - theta)/t = D + b/tref constant at
 * fixed D, so
 *   d/dt N_K = 2h (Re wk sum beta_k V_k e^{a_k} w^k
 *                  - x Im wk sum gamma_k V_k e^{a_k} w^k / t),
 *   gamma_k = u_k (alpha_k - 1/t),
 * and with S5, V5, R5 from gamma as S4, V4, R4 from beta, for t in a
 * sub-interval of T (the mean value theorem at a xi between tm and t)
 *   K_t(t, D) in N_K(tm, D) + [-errt, errt] + 2h (Re S4 + disk(R4)
 *                - x (Im S5 + disk(R5))/T) (t - tm). */
#include <acb_poly.h>
#include "track_cw_internal.h"

void _hkz_lyt_curv_init(_hkz_lyt_curv_t *C, slong len)
{
    C->V4 = _acb_vec_init(len);
    C->V5 = _acb_vec_init(len);
    mag_init(C->R4);
    mag_init(C->R5);
    C->len = len;
}

void _hkz_lyt_curv_clear(_hkz_lyt_curv_t *C)
{
    _acb_vec_clear(C->V4, C->len);
    _acb_vec_clear(C->V5, C->len);
    mag_clear(C->R4);
    mag_clear(C->R5);
}

/* 1/t, 1/(2t^2), 1/t^3 at the ball t */
static void inv_powers(arb_ptr p, const arb_t t, slong wp)
{
    arb_inv(p + 0, t, wp);
    arb_sqr(p + 1, p + 0, wp);
    arb_mul(p + 2, p + 1, p + 0, wp);
    arb_mul_2exp_si(p + 1, p + 1, -1);
}

/* beta = alpha^2 - q/t^3 (j = 0) or gamma = u (alpha - 1/t) (j = 1),
 * alpha = q/(2t^2) - lam, q = u^2, with the powers p of t */
static void curv_coef(arb_t res, const _hkz_lyt_box_t *B, const arb_t u,
                      const arb_t q, arb_srcptr p, int j)
{
    slong wp = B->pw;
    arb_t a;
    arb_init(a);
    arb_mul(a, q, p + 1, wp);
    arb_sub(a, a, B->lam, wp);
    if (j == 0)
    {
        arb_sqr(res, a, wp);
        arb_submul(res, q, p + 2, wp);
    }
    else
    {
        arb_sub(a, a, p + 0, wp);
        arb_mul(res, a, u, wp);
    }
    arb_clear(a);
}

/* V4, R4, V5, R5 (see above) */
void _hkz_lyt_curv_nodes(_hkz_lyt_curv_t *C, const _hkz_lyt_box_t *B)
{
    slong k, wp = B->pw;
    arb_ptr pm = _arb_vec_init(3), pT = _arb_vec_init(3);
    arb_t u, q, cm, cT, x;
    mag_t m, f, v;
    int j;

    arb_init(u);
    arb_init(q);
    arb_init(cm);
    arb_init(cT);
    arb_init(x);
    mag_init(m);
    mag_init(f);
    mag_init(v);
    mag_zero(C->R4);
    mag_zero(C->R5);
    inv_powers(pm, B->tm, wp);
    inv_powers(pT, B->T, wp);
    for (k = 0; k < B->len; k++)
    {
        arb_set_arf(u, B->c.hh);
        arb_mul_si(u, u, B->c.L.klo + k, wp);
        arb_sqr(q, u, wp);
        acb_get_mag(v, B->V + k);
        for (j = 0; j < 2; j++)
        {
            curv_coef(cm, B, u, q, pm, j);
            curv_coef(cT, B, u, q, pT, j);
            acb_mul_arb(j == 0 ? C->V4 + k : C->V5 + k, B->V + k, cm, wp);
            /* |V_k| (sup |c(T) - c(tm)| + sup |c(T)| e_k) */
            arb_get_mag(m, cT);
            mag_mul(f, m, B->E + k);
            arb_sub(x, cT, cm, wp);
            arb_get_mag(m, x);
            mag_add(f, f, m);
            mag_mul(f, f, v);
            mag_add(j == 0 ? C->R4 : C->R5, j == 0 ? C->R4 : C->R5, f);
        }
    }
    _arb_vec_clear(pm, 3);
    _arb_vec_clear(pT, 3);
    arb_clear(u);
    arb_clear(q);
    arb_clear(cm);
    arb_clear(cT);
    arb_clear(x);
    mag_clear(m);
    mag_clear(f);
    mag_clear(v);
}

/* S = wk sum V_k w^k + disk(R) (w, wk of the ball D) */
void _hkz_lyt_curv_sum(acb_t S, acb_srcptr V, const mag_t R,
                     const _hkz_lyt_box_t *B, const acb_t w, const acb_t wk)
{
    _acb_poly_evaluate(S, V, B->len, w, B->pw);
    acb_mul(S, S, wk, B->pw);
    arb_add_error_mag(acb_realref(S), R);
    arb_add_error_mag(acb_imagref(S), R);
}

/* K_t on D x t (t inside T) by the second-order form above */
void _hkz_lyt_kt_second(arb_t v, const _hkz_lyt_box_t *B,
                        const _hkz_lyt_curv_t *C, const arb_t D,
                        const arb_t t)
{
    slong wp = B->pw;
    acb_t w, wk, S;
    arb_t q, x;

    acb_init(w);
    acb_init(wk);
    acb_init(S);
    arb_init(q);
    arb_init(x);
    _hkz_lyt_box_eval_d(NULL, NULL, NULL, v, B, D, NULL);
    _hkz_lyt_phases(w, wk, B, D, wp);
    _hkz_lyt_curv_sum(S, C->V5, C->R5, B, w, wk);
    arb_div(x, B->bb, B->tref, wp);
    arb_add(x, x, D, wp);
    arb_mul(q, x, acb_imagref(S), wp);
    arb_div(q, q, B->T, wp);
    _hkz_lyt_curv_sum(S, C->V4, C->R4, B, w, wk);
    arb_sub(q, acb_realref(S), q, wp);
    arb_mul_arf(q, q, B->c.hh, wp);
    arb_mul_2exp_si(q, q, 1);
    arb_sub(x, t, B->tm, wp);
    arb_addmul(v, q, x, wp);
    acb_clear(w);
    acb_clear(wk);
    acb_clear(S);
    arb_clear(q);
    arb_clear(x);
}


/* G(t, D) for all t in T by the Taylor form at the top */
void _hkz_lyt_g_second(arb_t v, const _hkz_lyt_box_t *B,
                       const _hkz_lyt_curv_t *C, const arb_t D)
{
    slong wp = B->pw;
    arb_t g, x;
    acb_t w, wk, S;
    mag_t m;

    arb_init(g);
    arb_init(x);
    acb_init(w);
    acb_init(wk);
    acb_init(S);
    mag_init(m);
    _hkz_lyt_box_eval_d(v, NULL, g, NULL, B, D, NULL);
    arb_zero(x);
    arb_add_error_mag(x, B->r);
    arb_addmul(v, g, x, wp);
    /* N_tt: 2h (Re S4 + [-R4, R4]), times [0, r^2/2] */
    _hkz_lyt_phases(w, wk, B, D, wp);
    _hkz_lyt_curv_sum(S, C->V4, C->R4, B, w, wk);
    arb_mul_arf(g, acb_realref(S), B->c.hh, wp);
    arb_mul_2exp_si(g, g, 1);
    mag_mul(m, B->r, B->r);
    mag_mul_2exp_si(m, m, -2);
    arb_zero(x);
    arb_add_error_mag(x, m);
    arf_set_mag(arb_midref(x), m);
    arb_addmul(v, g, x, wp);
    arb_clear(g);
    arb_clear(x);
    acb_clear(w);
    acb_clear(wk);
    acb_clear(S);
    mag_clear(m);
}
