/* The subordinated kernel at e (spec 6.2, F3):
 *   mu^{op^{1/2}}_s(e) = int_0^inf mu_u(e) eta_s(u) du
 *                      = 1 + int_0^inf (mu_u(e) - 1) eta_s(u) du,
 *   eta_s(u) = s/(2 sqrt pi) u^{-3/2} e^{-s^2/(4u)},  int_0^inf eta_s = 1,
 * for a finite list of weights, mu_u(e) = prod_i F(w_i u).  Three pieces:
 *  [0, u1]: 0 <= (mu - 1) eta <= mu eta, and for w_i u <= 1 the small-time
 *     forms give F(s) <= 2 A s^{-B} e^s (A = sqrt(pi)/4, B = 3/2 for h;
 *     A = pi^2/16, B = 2 for p; the image corrections are below 1e-2 for
 *     s <= 1, see ck_integral.c), so mu_u eta <= K u^{-beta} e^{-c/u} with
 *     K = (s/(2 sqrt pi)) prod_i 2 A w_i^{-B} e^{w_i u1}, beta = B n + 3/2,
 *     c = s^2/4; this is increasing on (0, c/beta], so for u1 <= c/beta
 *     the piece is in [0, u1 K u1^{-beta} e^{-c/u1}];
 *  [u1, U]: acb_calc_integrate (the integrand is holomorphic on Re u > 0);
 *  [U, inf): mu_u - 1 decreases, mu_U - 1 <= exp(sum_i delta(w_i U)) - 1,
 *     and int_U^inf eta_s <= s / sqrt(pi U): the piece is in
 *     [0, (exp(sum delta) - 1) s / sqrt(pi U)]. */
#include <math.h>
#include "hkz_check.h"
#include "su2n_internal.h"

typedef struct
{
    const hkz_su2n_weights_struct *w;
    int op;
    const arb_struct *s;
} subord_param;

static int integrand(acb_ptr res, const acb_t u, void *param, slong order,
                     slong prec)
{
    subord_param *P = (subord_param *) param;
    const hkz_su2n_weights_struct *w = P->w;
    acb_t mu, f, v, e;
    slong i;

    acb_init(mu);
    acb_init(f);
    acb_init(v);
    acb_init(e);
    acb_one(mu);
    for (i = 0; i < w->len; i++)
    {
        acb_mul_arb(v, u, w->list + i, prec);
        if (hkz_su2n_factor_e_acb(f, P->op, v, prec) != HKZ_SUCCESS)
            acb_indeterminate(f);
        acb_mul(mu, mu, f, prec);
    }
    acb_sub_ui(mu, mu, 1, prec);
    /* eta_s(u) = s/(2 sqrt pi) u^{-3/2} e^{-s^2/(4u)}, principal branch */
    acb_rsqrt_analytic(v, u, order != 0, prec);
    acb_div(v, v, u, prec);
    acb_inv(e, u, prec);
    acb_mul_arb(e, e, P->s, prec);
    acb_mul_arb(e, e, P->s, prec);
    acb_mul_2exp_si(e, e, -2);
    acb_neg(e, e);
    acb_exp(e, e, prec);
    acb_mul(v, v, e, prec);
    acb_mul(res, mu, v, prec);
    arb_const_sqrt_pi(acb_realref(e), prec);
    arb_zero(acb_imagref(e));
    acb_div(res, res, e, prec);
    acb_mul_arb(res, res, P->s, prec);
    acb_mul_2exp_si(res, res, -1);
    acb_clear(mu);
    acb_clear(f);
    acb_clear(v);
    acb_clear(e);
    return 0;
}

/* upper bound of the piece [0, u1] */
static void head_bound(arb_t H, const hkz_su2n_weights_t w, int op,
                       const arb_t s, const arb_t u1, slong prec)
{
    arb_t K, u, A;
    slong i, n = w->len;
    double B = (op == HKZ_SU2N_DELTA) ? 1.5 : 2.0;

    arb_init(K);
    arb_init(u);
    arb_init(A);
    if (op == HKZ_SU2N_DELTA)
    {
        arb_const_sqrt_pi(A, prec);
        arb_mul_2exp_si(A, A, -2);
    }
    else
    {
        arb_const_pi(A, prec);
        arb_sqr(A, A, prec);
        arb_mul_2exp_si(A, A, -4);
    }
    arb_const_sqrt_pi(K, prec);
    arb_div(K, s, K, prec);
    arb_mul_2exp_si(K, K, -1);
    for (i = 0; i < n; i++)
    {
        arb_set_d(u, -B);
        arb_pow(u, w->list + i, u, prec);
        arb_mul(K, K, u, prec);
        arb_mul(u, w->list + i, u1, prec);
        arb_exp(u, u, prec);
        arb_mul(K, K, u, prec);
        arb_mul(K, K, A, prec);
        arb_mul_2exp_si(K, K, 1);
    }
    /* u1 K u1^{-beta} e^{-c/u1} = K u1^{1-beta} e^{-s^2/(4 u1)} */
    arb_set_d(u, 1.0 - (B * n + 1.5));
    arb_pow(u, u1, u, prec);
    arb_mul(K, K, u, prec);
    arb_sqr(u, s, prec);
    arb_div(u, u, u1, prec);
    arb_mul_2exp_si(u, u, -2);
    arb_neg(u, u);
    arb_exp(u, u, prec);
    arb_mul(H, K, u, prec);
    arb_clear(K);
    arb_clear(u);
    arb_clear(A);
}

/* upper bound of the piece [U, inf) */
static void tail_bound(arb_t T, const hkz_su2n_weights_t w, int op,
                       const arb_t s, const arb_t U, slong prec)
{
    arb_t u, d;
    slong i;
    arb_init(u);
    arb_init(d);
    arb_zero(T);
    for (i = 0; i < w->len; i++)
    {
        arb_mul(u, w->list + i, U, prec);
        if (hkz_su2n_delta(d, op, u, prec) != HKZ_SUCCESS)
            arb_indeterminate(d);
        arb_add(T, T, d, prec);
    }
    arb_expm1(T, T, prec);
    arb_const_pi(u, prec);
    arb_mul(u, u, U, prec);
    arb_rsqrt(u, u, prec);
    arb_mul(T, T, u, prec);
    arb_mul(T, T, s, prec);
    arb_clear(u);
    arb_clear(d);
}

int hkz_su2n_heat_e_subord(arb_t res, const hkz_su2n_weights_t w, int op,
        const arb_t s, slong prec)
{
    const char *fn = "hkz_su2n_heat_e_subord";
    arb_t u1, U, H, T, wmax, v;
    acb_t a, b, I;
    arf_t ub, zero;
    mag_t tol;
    acb_calc_integrate_opt_t opt;
    subord_param P;
    slong wp, i, iter;
    int status;

    HKZ_CHECK(res != NULL, HKZ_ERR_ARG, "%s: res is NULL", fn);
    status = _hkz_su2n_check_op(op, fn);
    if (status == HKZ_SUCCESS)
        status = _hkz_su2n_check_weights(w, fn);
    if (status == HKZ_SUCCESS && w->family != HKZ_SU2N_LIST)
        status = hkz_error_set(HKZ_ERR_UNSUPPORTED, "%s: only finite lists "
                               "of weights (use hkz_su2n_weights_set_head)",
                               fn);
    if (status == HKZ_SUCCESS)
        status = _hkz_su2n_check_pos(s, "s", fn);
    if (status == HKZ_SUCCESS && prec < 2)
        status = hkz_error_set(HKZ_ERR_ARG, "%s: prec must be >= 2", fn);
    if (status != HKZ_SUCCESS)
    {
        arb_indeterminate(res);
        return status;
    }
    if (w->len == 0)
    {
        arb_one(res);
        return HKZ_SUCCESS;
    }
    wp = prec + 20;
    arb_init(u1);
    arb_init(U);
    arb_init(H);
    arb_init(T);
    arb_init(wmax);
    arb_init(v);
    acb_init(a);
    acb_init(b);
    acb_init(I);
    arf_init(ub);
    arf_init(zero);
    mag_init(tol);

    /* u1 <= min(c/beta, 1/max w), halved until the head piece is small */
    arb_set(wmax, w->list);
    for (i = 1; i < w->len; i++)
        arb_max(wmax, wmax, w->list + i, wp);
    arb_sqr(u1, s, wp);
    arb_mul_2exp_si(u1, u1, -2);
    arb_div_si(u1, u1, (op == HKZ_SU2N_DELTA ? 3 : 4) * w->len + 3, wp);
    arb_mul_2exp_si(u1, u1, 1);             /* c / beta, beta = B n + 3/2 */
    arb_inv(v, wmax, wp);
    arb_min(u1, u1, v, wp);
    arb_get_lbound_arf(ub, u1, 30);
    arb_set_arf(u1, ub);                    /* an exact point below */
    for (iter = 0; iter < 200; iter++)
    {
        head_bound(H, w, op, s, u1, wp);
        arb_get_ubound_arf(ub, H, wp);
        if (arf_cmp_2exp_si(ub, -prec - 8) <= 0)
            break;
        arb_mul_2exp_si(u1, u1, -1);
    }
    /* U doubled until the tail piece is small */
    arb_one(U);
    for (iter = 0; iter < 200; iter++)
    {
        tail_bound(T, w, op, s, U, wp);
        arb_get_ubound_arf(ub, T, wp);
        if (arf_cmp_2exp_si(ub, -prec - 8) <= 0 && arb_gt(U, u1))
            break;
        arb_mul_2exp_si(U, U, 1);
    }

    P.w = w;
    P.op = op;
    P.s = s;
    acb_set_arb(a, u1);
    acb_set_arb(b, U);
    acb_calc_integrate_opt_init(opt);
    opt->eval_limit = 200000;
    mag_set_ui_2exp_si(tol, 1, -prec - 8);
    acb_calc_integrate(I, integrand, &P, a, b, wp, tol, opt, wp);
    HKZ_CHECK_GOTO(acb_is_finite(I), HKZ_ERR_PREC, "%s: the integrator gave "
                   "no finite enclosure", fn);

    /* 1 + I + [0, H] + [0, T] */
    arb_add_ui(res, acb_realref(I), 1, wp);
    arb_get_ubound_arf(ub, H, wp);
    _hkz_su2n_interval(H, zero, ub, wp);
    arb_add(res, res, H, wp);
    arb_get_ubound_arf(ub, T, wp);
    _hkz_su2n_interval(T, zero, ub, wp);
    arb_add(res, res, T, prec);

cleanup:
    if (status != HKZ_SUCCESS)
        arb_indeterminate(res);
    arb_clear(u1);
    arb_clear(U);
    arb_clear(H);
    arb_clear(T);
    arb_clear(wmax);
    arb_clear(v);
    acb_clear(a);
    acb_clear(b);
    acb_clear(I);
    arf_clear(ub);
    arf_clear(zero);
    mag_clear(tol);
    return status;
}
