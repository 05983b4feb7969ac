/* The summed delta-tail sum_{i>n} delta(w_i t) of spec 5.5 for the weight
 * families, and the divergence rule of spec 5.4.
 *
 * For i > n, delta(w_i t) <= C e^{-lambda w_i t} with C = (delta/q)
 * (w_{n+1} t) (delta/q decreases, the weights increase), and
 * T_n = sum_{i>n} e^{-lambda w_i t} is bounded with tau = lambda c t by
 *   c i^p (p >= 1):  i^p >= m^p + p m^{p-1} (i - m), m = n+1 (convexity):
 *                    T_n <= e^{-tau m^p} / (1 - e^{-tau p m^{p-1}});
 *   c 2^i:           2^i >= 2^m (1 + i - m):
 *                    T_n <= e^{-tau 2^m} / (1 - e^{-tau 2^m});
 *   c log(1+i):      sum_{j>=m'} j^{-tau} <= m'^{-tau} + m'^{1-tau}/(tau-1),
 *                    m' = n+2, tau > 1 (decreasing summand, integral test);
 *   c log(1+i)^2:    f(x) = e^{-tau log(x)^2} decreases for x > 1; with
 *                    u = log m', v = max(u, 1/tau): sum_{j>=m'} f(j) <=
 *                    f(m') + (e^v - m') f(m') + e^{v - tau v^2}/(2 tau v - 1)
 *                    (integral test; on [v, inf) the concave exponent
 *                    u - tau u^2 lies below its tangent, of slope <= -1);
 *   c fn(i), gaps of fn >= g: T_n <= e^{-lambda t w_{n+1}}/(1 - e^{-lambda t c g}).
 */
#include "hkz_check.h"
#include "su2n_internal.h"

int _hkz_su2n_diverges(const hkz_su2n_weights_t w, int op, const arb_t t,
        slong prec)
{
    arb_t tau;
    int res;

    if (w->family != HKZ_SU2N_LOG)
        return 0;
    /* sum_i (1+i)^{-lambda c t} < inf iff lambda c t > 1 (spec 5.4); the
       product of factors >= 1 + 4 x^lambda diverges with it */
    arb_init(tau);
    arb_mul(tau, &w->c, t, prec);
    arb_mul_ui(tau, tau, _HKZ_SU2N_GAP(op), prec);
    arb_sub_ui(tau, tau, 1, prec);
    if (arb_is_positive(tau))
        res = 0;
    else if (arb_is_nonpositive(tau))
        res = 1;
    else
        res = -1;
    arb_clear(tau);
    return res;
}

int _hkz_su2n_tail_bound(arb_t res, const hkz_su2n_weights_t w, int op,
        const arb_t t, slong n, slong prec)
{
    arb_t wn, s, tau, T, u, v, C;
    int lam = _HKZ_SU2N_GAP(op), ok = 1, status = HKZ_SUCCESS;

    if (w->family == HKZ_SU2N_LIST)
    {
        slong i;
        arb_zero(res);
        if (n >= w->len)
            return 1;
        arb_init(s);
        arb_init(u);
        for (i = FLINT_MAX(n, 0); i < w->len; i++)
        {
            arb_mul(s, w->list + i, t, prec);
            _hkz_su2n_delta_over_q(u, op, s, prec);
            arb_mul_si(s, s, -lam, prec);
            arb_exp(s, s, prec);
            arb_addmul(res, u, s, prec);
        }
        arb_clear(s);
        arb_clear(u);
        return HKZ_SUCCESS;
    }
    if (w->family == HKZ_SU2N_SEQ && arb_is_zero(&w->gap))
        return HKZ_ERR_NOT_CERTIFIED;

    arb_init(wn);
    arb_init(s);
    arb_init(tau);
    arb_init(T);
    arb_init(u);
    arb_init(v);
    arb_init(C);
    status = hkz_su2n_weights_get(wn, w, n + 1, prec);
    if (status != HKZ_SUCCESS)
        goto cleanup;
    arb_mul(s, wn, t, prec);
    _hkz_su2n_delta_over_q(C, op, s, prec);
    arb_mul(tau, &w->c, t, prec);
    arb_mul_ui(tau, tau, lam, prec);
    switch (w->family)
    {
        case HKZ_SU2N_POW:
            /* e^{-lambda w_{n+1} t} / (1 - e^{-tau p m^{p-1}}) */
            arb_mul_si(u, s, -lam, prec);
            arb_exp(T, u, prec);
            arb_set_ui(u, (ulong) (n + 1));
            arb_sub_ui(v, &w->p, 1, prec);
            arb_pow(u, u, v, prec);
            arb_mul(u, u, &w->p, prec);
            arb_mul(u, u, tau, prec);
            arb_neg(u, u);
            arb_expm1(u, u, prec);
            arb_neg(u, u);
            arb_div(T, T, u, prec);
            break;
        case HKZ_SU2N_GEOM:
            arb_mul_si(u, s, -lam, prec);    /* -tau 2^{n+1} */
            arb_exp(T, u, prec);
            arb_expm1(u, u, prec);
            arb_neg(u, u);
            arb_div(T, T, u, prec);
            break;
        case HKZ_SU2N_LOG:
            /* tau > 1 is checked by the caller (convergent family) */
            arb_set_ui(u, (ulong) (n + 2));
            arb_neg(v, tau);
            arb_pow(T, u, v, prec);          /* m'^{-tau} */
            arb_mul(v, T, u, prec);          /* m'^{1-tau} */
            arb_sub_ui(u, tau, 1, prec);
            if (!arb_is_positive(u))
            {
                ok = 0;
                break;
            }
            arb_div(v, v, u, prec);
            arb_add(T, T, v, prec);
            break;
        case HKZ_SU2N_LOG2:
        {
            arb_t lu, f, ev;
            arb_init(lu);
            arb_init(f);
            arb_init(ev);
            arb_set_ui(u, (ulong) (n + 2));
            arb_log(lu, u, prec);                 /* u = log m' */
            arb_sqr(f, lu, prec);
            arb_mul(f, f, tau, prec);
            arb_neg(f, f);
            arb_exp(f, f, prec);                  /* f(m') */
            arb_inv(v, tau, prec);
            arb_max(v, v, lu, prec);              /* v = max(u, 1/tau) */
            arb_exp(ev, v, prec);
            arb_sub(ev, ev, u, prec);             /* e^v - m' */
            if (!arb_is_nonnegative(ev))
                arb_nonnegative_part(ev, ev);
            arb_add_ui(ev, ev, 1, prec);
            arb_mul(T, f, ev, prec);
            arb_sqr(f, v, prec);
            arb_mul(f, f, tau, prec);
            arb_sub(f, v, f, prec);
            arb_exp(f, f, prec);                  /* e^{v - tau v^2} */
            arb_mul(ev, tau, v, prec);
            arb_mul_2exp_si(ev, ev, 1);
            arb_sub_ui(ev, ev, 1, prec);          /* 2 tau v - 1 >= 1 */
            arb_div(f, f, ev, prec);
            arb_add(T, T, f, prec);
            arb_clear(lu);
            arb_clear(f);
            arb_clear(ev);
            break;
        }
        default: /* HKZ_SU2N_SEQ with a gap bound */
            arb_mul_si(u, s, -lam, prec);
            arb_exp(T, u, prec);
            arb_mul(u, &w->gap, tau, prec);       /* lambda t c g */
            arb_neg(u, u);
            arb_expm1(u, u, prec);
            arb_neg(u, u);
            arb_div(T, T, u, prec);
            break;
    }
    if (ok)
    {
        arb_mul(res, C, T, prec);
        ok = arb_is_finite(res);
    }
    if (!ok)
        status = HKZ_ERR_NOT_CERTIFIED;

cleanup:
    arb_clear(wn);
    arb_clear(s);
    arb_clear(tau);
    arb_clear(T);
    arb_clear(u);
    arb_clear(v);
    arb_clear(C);
    return status;
}

int hkz_su2n_delta_tail(arb_t res, const hkz_su2n_weights_t w, int op,
        const arb_t t, slong n, slong prec)
{
    const char *fn = "hkz_su2n_delta_tail";
    int status, d;
    arf_t ub;

    HKZ_CHECK(res != NULL, HKZ_ERR_ARG, "%s: res is NULL", fn);
    status = _hkz_su2n_check_op(op, fn);
    if (status == HKZ_SUCCESS)
        status = _hkz_su2n_check_weights(w, fn);
    if (status == HKZ_SUCCESS)
        status = _hkz_su2n_check_pos(t, "t", fn);
    if (status == HKZ_SUCCESS && (n < 0 || prec < 2))
        status = hkz_error_set(HKZ_ERR_ARG, "%s: need n >= 0 and prec >= 2 "
                               "(got %ld, %ld)", fn, (long) n, (long) prec);
    if (status != HKZ_SUCCESS)
    {
        arb_indeterminate(res);
        return status;
    }
    d = _hkz_su2n_diverges(w, op, t, prec);
    if (d == 1)
    {
        arb_pos_inf(res);
        return HKZ_SUCCESS;
    }
    if (d == -1)
    {
        arb_indeterminate(res);
        return hkz_error_set(HKZ_ERR_NOT_CERTIFIED, "%s: t straddles the "
                             "divergence threshold lambda c t = 1", fn);
    }
    status = _hkz_su2n_tail_bound(res, w, op, t, n, prec);
    if (status != HKZ_SUCCESS)
    {
        arb_indeterminate(res);
        if (status == HKZ_ERR_NOT_CERTIFIED)
            status = hkz_error_set(status, "%s: no certified tail bound "
                                   "(sequence without gap bound)", fn);
        return status;
    }
    arf_init(ub);
    arb_get_ubound_arf(ub, res, prec);
    arb_set_arf(res, ub);
    arf_clear(ub);
    return HKZ_SUCCESS;
}
