/* theta_j(tb) from the nodes of a tracking box (track_cw_box.c).  At the
 * exact end t = tb of T the factors of the nodes are exact:
 *   K(tb, theta) = 2h Re sum_k W_k w^k,
 *   W_k = V_k exp((u_k^2/(2 tb tm) - lam)(tb - tm))
 *       = Vr_k exp(u_k^2 (tb - tref)/(2 tb tref) - lam (tb - tm))
 * (track_cw_line.c: V_k = Vr_k exp(u_k^2 (tm - tref)/(2 tm tref)); from
 * the line's values at the working precision, V_k may be rounded to the
 * precision of the certificate),
 *   K_theta(tb, theta) = -2h Im sum_k u_k W_k w^k / tb,
 * with w = e^{-i h D(tb, theta)}, and err0 bounds the trapezoid error on
 * all of B.  Newton steps at the midpoints, then certified opposite signs
 * of K(tb, .) at x -+ e inside X: the zero of index j (the only one in X)
 * lies in [x - e, x + e]. */
#include <acb_poly.h>
#include "track_cw_internal.h"

/* K (and K_theta if Kth != NULL) at (tb, x) from W, W1 */
static void eval_tb(arb_t K, arb_t Kth, const _hkz_lyt_box_t *B,
                    acb_srcptr W, acb_srcptr W1, const arb_t tb,
                    const arf_t x)
{
    slong wp = B->c.wp;
    arb_t D, y;
    acb_t w, wk, S;

    arb_init(D);
    arb_init(y);
    acb_init(w);
    acb_init(wk);
    acb_init(S);
    arb_set_arf(D, x);
    arb_sub(D, B->cc, D, wp);
    arb_div(D, D, tb, wp);
    arb_div(y, B->bb, B->tref, wp);
    arb_sub(D, D, y, wp);
    _hkz_lyt_phases(w, wk, B, D, wp);
    _acb_poly_evaluate(S, W, B->len, w, wp);
    acb_mul(S, S, wk, wp);
    arb_mul_arf(K, acb_realref(S), B->c.hh, wp);
    arb_mul_2exp_si(K, K, 1);
    arb_add_error_mag(K, B->err0);
    if (Kth != NULL)
    {
        _acb_poly_evaluate(S, W1, B->len, w, wp);
        acb_mul(S, S, wk, wp);
        arb_div(y, acb_imagref(S), tb, wp);
        arb_mul_arf(Kth, y, B->c.hh, wp);
        arb_mul_2exp_si(Kth, Kth, 1);
        arb_neg(Kth, Kth);
    }
    arb_clear(D);
    arb_clear(y);
    acb_clear(w);
    acb_clear(wk);
    acb_clear(S);
}

int _hkz_lyt_box_zero(arb_t res, double *xn, const _hkz_lyt_box_t *B,
                      const arf_t tb, double guess, slong rel_bits,
                      slong prec)
{
    slong k, it, wp = B->c.wp;
    acb_ptr W = _acb_vec_init(B->len), W1 = _acb_vec_init(B->len);
    arb_t t, x, K, Kth, q, e2;
    arf_t xm, st, e, a, b, lo, hi;
    int ok = 0, sa, sb;

    arb_init(q);
    arb_init(e2);
    arb_init(t);
    arb_init(x);
    arb_init(K);
    arb_init(Kth);
    arf_init(xm);
    arf_init(st);
    arf_init(e);
    arf_init(a);
    arf_init(b);
    arf_init(lo);
    arf_init(hi);
    arb_set_arf(t, tb);
    /* q = (tb - tref)/(2 tb tref), e = lam (tb - tm) */
    arb_sub(q, t, B->tref, wp);
    arb_div(q, q, t, wp);
    arb_div(q, q, B->tref, wp);
    arb_mul_2exp_si(q, q, -1);
    arb_sub(e2, t, B->tm, wp);
    arb_mul(e2, e2, B->lam, wp);
    for (k = 0; k < B->len; k++)
    {
        arb_set_arf(x, B->c.hh);
        arb_mul_si(x, x, B->c.L.klo + k, wp);
        arb_sqr(K, x, wp);
        arb_mul(K, K, q, wp);
        arb_sub(K, K, e2, wp);
        arb_exp(K, K, wp);
        acb_mul_arb(W + k, B->Vr + k, K, wp);
        acb_mul_arb(W1 + k, W + k, x, wp);
    }
    arf_set_d(xm, guess);
    arf_zero(st);
    for (it = 0; it < 8; it++)
    {
        eval_tb(K, Kth, B, W, W1, t, xm);
        if (arf_is_zero(arb_midref(Kth)))
            break;
        arf_div(st, arb_midref(K), arb_midref(Kth), wp, ARF_RND_NEAR);
        arf_sub(xm, xm, st, wp, ARF_RND_NEAR);
        arf_abs(st, st);
        arf_mul_2exp_si(e, xm, -rel_bits - 8);
        if (arf_cmpabs(st, e) < 0)
            break;
    }
    *xn = arf_get_d(xm, ARF_RND_NEAR);
    arb_get_lbound_arf(lo, B->X, wp);
    arb_get_ubound_arf(hi, B->X, wp);
    /* e = max(|x| 2^-(rel_bits + 2), 4 |last step|), widened if needed
     * (res == NULL: the Newton point only) */
    arf_abs(e, xm);
    arf_mul_2exp_si(e, e, -rel_bits - 2);
    arf_mul_2exp_si(st, st, 2);
    arf_max(e, e, st);
    for (it = 0; it < 3 && !ok && res != NULL; it++,
         arf_mul_2exp_si(e, e, 16))
    {
        arf_sub(a, xm, e, ARF_PREC_EXACT, ARF_RND_DOWN);
        arf_add(b, xm, e, ARF_PREC_EXACT, ARF_RND_DOWN);
        if (arf_cmp(a, lo) <= 0 || arf_cmp(b, hi) >= 0)
            break;
        eval_tb(K, NULL, B, W, W1, t, a);
        sa = arb_is_positive(K) ? 1 : arb_is_negative(K) ? -1 : 0;
        eval_tb(K, NULL, B, W, W1, t, b);
        sb = arb_is_positive(K) ? 1 : arb_is_negative(K) ? -1 : 0;
        if (sa * sb == -1)
        {
            arb_set_interval_arf(res, a, b, prec);
            ok = 1;
        }
    }
    _acb_vec_clear(W, B->len);
    _acb_vec_clear(W1, B->len);
    arb_clear(q);
    arb_clear(e2);
    arb_clear(t);
    arb_clear(x);
    arb_clear(K);
    arb_clear(Kth);
    arf_clear(xm);
    arf_clear(st);
    arf_clear(e);
    arf_clear(a);
    arf_clear(b);
    arf_clear(lo);
    arf_clear(hi);
    return ok;
}
