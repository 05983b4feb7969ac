/* The (CK*) integrals int_a^inf log F(x^p) dx, F(s) = h_s(e) or p_s(e)
 * (spec 5.4, R38-R41).  For weights i^p, s -> log F(s) decreasing gives
 * the Riemann-sum bracket int_{t^{1/p}}^inf <= t^{1/p} log mu_t(e) <=
 * int_0^inf.  Three pieces, with s = x^p:
 *  [a, x0] (s <= s0 <= 1): the small-time forms (2.2) at alpha = 0 and
 *     (3.3): F(s) = A s^{-B} e^s (1 + eps(s)), A = sqrt(pi)/4, B = 3/2
 *     (Delta), A = pi^2/16, B = 2 (L), where for 0 < s <= 1
 *       Delta: eps = 2 sum_k (1 - 2 pi^2 k^2/s) e^{-pi^2 k^2/s},
 *              |eps| <= (4 pi^2/s) sum_k k^2 e^{-pi^2 k^2/s}
 *                    <= (8 pi^2/s) e^{-pi^2/s},
 *       L:     eps = 2 sum_k e^{-pi^2 k^2/s} (sech^2 - 4k tanh),
 *              |eps| <= 10 sum_k k e^{-pi^2 k^2/s} <= 11 e^{-pi^2/s}
 *     (the k >= 2 terms are below e^{-3 pi^2} times the first); both bounds
 *     increase in s on (0, 1], so with E = bound(s0) < 1,
 *     |log(1 + eps)| <= E/(1 - E), and the main part
 *     int (log A - B p log x + x^p) dx is done in closed form;
 *  [x0, X]: acb_calc_integrate of log F(x^p), F holomorphic in s on
 *     Re s > 0 (hkz_su2n_factor_e_acb), positive on the real axis;
 *  [X, inf): 0 <= log F(s) <= F(s) - 1 <= delta(s) <= D e^{-lambda s},
 *     D = (delta/q)(X^p) (decreasing), and with Y = X^p, k = 1/p - 1:
 *     int_X^inf e^{-lambda x^p} dx = (1/p) int_Y^inf y^k e^{-lambda y} dy
 *        <= Y^k e^{-lambda Y} / (p (lambda - max(k, 0)/Y))
 *     (tangent bound for the concave log of the integrand). */
#include <math.h>
#include "hkz_check.h"
#include "su2n_internal.h"

typedef struct
{
    int op;
    const arb_struct *p;
    ulong pint;          /* p as a small integer, or 0 */
} ck_param;

static int integrand(acb_ptr res, const acb_t x, void *param, slong order,
                     slong prec)
{
    ck_param *P = (ck_param *) param;
    acb_t s, e;

    acb_init(s);
    acb_init(e);
    if (P->pint != 0)
        acb_pow_ui(s, x, P->pint, prec);
    else
    {
        acb_set_arb(e, P->p);
        acb_pow_analytic(s, x, e, order != 0, prec);
    }
    if (hkz_su2n_factor_e_acb(e, P->op, s, prec) != HKZ_SUCCESS)
        acb_indeterminate(e);
    acb_log_analytic(res, e, order != 0, prec);
    acb_clear(s);
    acb_clear(e);
    return 0;
}

/* bound E(s0) on |eps(s)| for s <= s0 <= 1 */
static void eps_bound(arb_t E, int op, const arb_t s0, slong prec)
{
    arb_t u;
    arb_init(u);
    arb_const_pi(u, prec);
    arb_sqr(u, u, prec);
    arb_div(E, u, s0, prec);
    arb_neg(E, E);
    arb_exp(E, E, prec);                      /* e^{-pi^2/s0} */
    if (op == HKZ_SU2N_DELTA)
    {
        arb_mul_2exp_si(u, u, 3);
        arb_div(u, u, s0, prec);
        arb_mul(E, E, u, prec);
    }
    else
        arb_mul_ui(E, E, 11, prec);
    arb_clear(u);
}

/* x log x - x at x >= 0 (0 at 0) */
static void xlogx(arb_t r, const arb_t x, slong prec)
{
    arb_t u;
    if (arb_is_zero(x))
    {
        arb_zero(r);
        return;
    }
    arb_init(u);
    arb_log(u, x, prec);
    arb_sub_ui(u, u, 1, prec);
    arb_mul(r, u, x, prec);
    arb_clear(u);
}

int hkz_su2n_ck_integral(arb_t res, int op, const arb_t p, const arb_t a,
        slong prec)
{
    const char *fn = "hkz_su2n_ck_integral";
    arb_t x0, s0, X, Y, lam, u, v, E, small, D, G, lo;
    acb_t ia, ib, I;
    arf_t ub, zero;
    mag_t tol;
    acb_calc_integrate_opt_t opt;
    ck_param P;
    slong wp = prec + 30;
    double s0d, Sd, pd, ad;
    int status, B2;

    HKZ_CHECK(res != NULL, HKZ_ERR_ARG, "%s: res is NULL", fn);
    status = _hkz_su2n_check_op(op, fn);
    if (status == HKZ_SUCCESS)
        status = _hkz_su2n_check_pos(p, "p", fn);
    if (status == HKZ_SUCCESS && (a == NULL || !arb_is_finite(a)
                                  || !arb_is_nonnegative(a)))
        status = hkz_error_set(HKZ_ERR_DOMAIN, "%s: a must be finite and "
                               ">= 0", fn);
    if (status == HKZ_SUCCESS && prec < 2)
        status = hkz_error_set(HKZ_ERR_ARG, "%s: prec must be >= 2", fn);
    if (status != HKZ_SUCCESS)
    {
        arb_indeterminate(res);
        return status;
    }
    arb_init(x0);
    arb_init(s0);
    arb_init(X);
    arb_init(Y);
    arb_init(lam);
    arb_init(u);
    arb_init(v);
    arb_init(E);
    arb_init(small);
    arb_init(D);
    arb_init(G);
    arb_init(lo);
    acb_init(ia);
    acb_init(ib);
    acb_init(I);
    arf_init(ub);
    arf_init(zero);
    mag_init(tol);

    P.op = op;
    P.p = p;
    P.pint = 0;
    if (arb_is_exact(p) && arf_is_int(arb_midref(p))
        && arf_cmp_si(arb_midref(p), 16) <= 0)
        P.pint = (ulong) arf_get_si(arb_midref(p), ARF_RND_DOWN);
    pd = arf_get_d(arb_midref(p), ARF_RND_NEAR);
    ad = arf_get_d(arb_midref(a), ARF_RND_NEAR);
    arb_set_ui(lam, _HKZ_SU2N_GAP(op));
    B2 = (op == HKZ_SU2N_DELTA) ? 3 : 4;      /* 2 B */

    /* x0 = s0^{1/p} with e^{-pi^2/s0} ~ 2^{-prec-20}, an exact point; if
       a is near x0, x0 moves below a */
    s0d = 9.8696 / ((prec + 20) * 0.6931471805599453);
    s0d = FLINT_MIN(s0d, 0.5);
    arf_set_d(ub, pow(s0d, 1.0 / pd));
    arf_set_round(ub, ub, 30, ARF_RND_DOWN);
    arb_set_arf(x0, ub);
    if (!arb_lt(a, x0) && !arb_gt(a, x0))
    {
        arb_get_lbound_arf(ub, a, 30);
        arf_set_round(ub, ub, 30, ARF_RND_DOWN);
        arf_mul_2exp_si(ub, ub, -1);
        arb_set_arf(x0, ub);
    }
    /* X = Y^{1/p}, Y = max((prec + 10) ln 2 / lambda + 2, a^p + ...) */
    Sd = (prec + 10) * 0.6931471805599453 / _HKZ_SU2N_GAP(op) + 2.0;
    Sd = FLINT_MAX(Sd, 2.0 * (1.0 / pd) / _HKZ_SU2N_GAP(op) + 1.0);
    Sd = FLINT_MAX(Sd, pow(ad, pd) + Sd);
    HKZ_CHECK_GOTO(Sd < 1e12, HKZ_ERR_DOMAIN, "%s: a is too large", fn);
    arf_set_d(ub, pow(Sd, 1.0 / pd));
    arf_set_round(ub, ub, 30, ARF_RND_UP);
    arb_set_arf(X, ub);
    if (P.pint != 0)
        arb_pow_ui(Y, X, P.pint, wp);
    else
        arb_pow(Y, X, p, wp);

    arb_zero(small);
    if (arb_lt(a, x0))
    {
        /* int_a^{x0} (log A - B p log x + x^p) dx + [-err, err] */
        if (op == HKZ_SU2N_DELTA)
        {
            arb_const_sqrt_pi(u, wp);
            arb_mul_2exp_si(u, u, -2);
        }
        else
        {
            arb_const_pi(u, wp);
            arb_sqr(u, u, wp);
            arb_mul_2exp_si(u, u, -4);
        }
        arb_log(u, u, wp);
        arb_sub(v, x0, a, wp);
        arb_mul(small, u, v, wp);
        xlogx(u, x0, wp);
        xlogx(v, a, wp);
        arb_sub(u, u, v, wp);
        arb_mul(u, u, p, wp);
        arb_mul_ui(u, u, B2, wp);
        arb_mul_2exp_si(u, u, -1);
        arb_sub(small, small, u, wp);
        arb_add_ui(v, p, 1, wp);
        arb_pow(u, x0, v, wp);
        if (!arb_is_zero(a))
        {
            arb_t w;
            arb_init(w);
            arb_pow(w, a, v, wp);
            arb_sub(u, u, w, wp);
            arb_clear(w);
        }
        arb_div(u, u, v, wp);
        arb_add(small, small, u, wp);
        /* the correction log(1 + eps) */
        if (P.pint != 0)
            arb_pow_ui(s0, x0, P.pint, wp);
        else
            arb_pow(s0, x0, p, wp);
        arb_get_ubound_arf(ub, s0, wp);
        HKZ_CHECK_GOTO(arf_cmp_si(ub, 1) <= 0, HKZ_ERR_INTERNAL,
                       "%s: s0 > 1", fn);
        eps_bound(E, op, s0, wp);
        arb_sub_ui(u, E, 1, wp);
        arb_neg(u, u);
        HKZ_CHECK_GOTO(arb_is_positive(u), HKZ_ERR_INTERNAL, "%s: E >= 1",
                       fn);
        arb_div(E, E, u, wp);
        arb_sub(v, x0, a, wp);
        arb_mul(E, E, v, wp);
        arb_get_ubound_arf(ub, E, wp);
        arb_add_error_arf(small, ub);
        arb_set(lo, x0);
    }
    else
        arb_set(lo, a);

    /* [X, inf): [0, D G] */
    _hkz_su2n_delta_over_q(D, op, Y, wp);
    arb_mul(u, lam, Y, wp);
    arb_neg(u, u);
    arb_exp(G, u, wp);                              /* e^{-lambda Y} */
    arb_inv(v, p, wp);
    arb_sub_ui(v, v, 1, wp);                        /* k = 1/p - 1 */
    arb_pow(u, Y, v, wp);
    arb_mul(G, G, u, wp);
    if (arb_is_positive(v))
        arb_div(v, v, Y, wp);
    else
        arb_zero(v);
    arb_sub(v, lam, v, wp);
    HKZ_CHECK_GOTO(arb_is_positive(v), HKZ_ERR_INTERNAL, "%s: tail "
                   "denominator", fn);
    arb_mul(v, v, p, wp);
    arb_div(G, G, v, wp);
    arb_mul(G, G, D, wp);
    arb_get_ubound_arf(ub, G, wp);
    _hkz_su2n_interval(G, zero, ub, wp);

    /* [lo, X] */
    acb_set_arb(ia, lo);
    acb_set_arb(ib, X);
    acb_calc_integrate_opt_init(opt);
    opt->eval_limit = 1000000;
    mag_set_ui_2exp_si(tol, 1, -prec - 10);
    acb_calc_integrate(I, integrand, &P, ia, ib, wp, tol, opt, wp);
    HKZ_CHECK_GOTO(acb_is_finite(I), HKZ_ERR_PREC, "%s: the integrator gave "
                   "no finite enclosure", fn);

    arb_add(res, acb_realref(I), small, wp);
    arb_add(res, res, G, prec);

cleanup:
    if (status != HKZ_SUCCESS)
        arb_indeterminate(res);
    arb_clear(x0);
    arb_clear(s0);
    arb_clear(X);
    arb_clear(Y);
    arb_clear(lam);
    arb_clear(u);
    arb_clear(v);
    arb_clear(E);
    arb_clear(small);
    arb_clear(D);
    arb_clear(G);
    arb_clear(lo);
    acb_clear(ia);
    acb_clear(ib);
    acb_clear(I);
    arf_clear(ub);
    arf_clear(zero);
    mag_clear(tol);
    return status;
}
