/* Factor-tail functions delta_R, delta_L of spec 5.5, written without
 * cancellation (pitfall 10):
 *   h_s(e) - 1 = sum_{n>=2} n^2 e^{-(n^2-1)s} <= sum_{n>=2} n^2 q^{n-1}
 *              = q (4 - 3q + q^2)/(1-q)^3,               q = e^{-3s},
 * using n^2 - 1 >= 3(n-1), and
 *   p_s(e) - 1 <= (4q - 2q^2 + q^4 - 2q^5 + q^6)/((1-q)^2 (1-q^4))
 *                 + 2q^4(1+q)/((1-q^4)^2 (1-q)),          q = e^{-2s},
 * using 4m(m+|k|+1) + 2|k| >= 2(4m + |k|).  Both are q times a power
 * series in q with nonnegative coefficients, so delta/q decreases in s. */
#include "hkz_check.h"
#include "su2n_internal.h"

void _hkz_su2n_delta_over_q(arb_t res, int op, const arb_t s, slong prec)
{
    arb_t q, omq, u, v;

    arb_init(q);
    arb_init(omq);
    arb_init(u);
    arb_init(v);
    if (op == HKZ_SU2N_DELTA)
    {
        /* (4 - 3q + q^2)/(1-q)^3 with 1 - q = -expm1(-3s) */
        arb_mul_si(u, s, -3, prec);
        arb_exp(q, u, prec);
        arb_expm1(omq, u, prec);
        arb_neg(omq, omq);
        arb_sub_ui(u, q, 3, prec);
        arb_mul(u, u, q, prec);
        arb_add_ui(u, u, 4, prec);            /* 4 - 3q + q^2 >= 2 */
        arb_pow_ui(v, omq, 3, prec);
        arb_div(res, u, v, prec);
    }
    else
    {
        arb_t om4;
        arb_init(om4);
        arb_mul_si(u, s, -2, prec);
        arb_exp(q, u, prec);
        arb_expm1(omq, u, prec);
        arb_neg(omq, omq);                    /* 1 - q */
        arb_mul_si(u, s, -8, prec);
        arb_expm1(om4, u, prec);
        arb_neg(om4, om4);                    /* 1 - q^4 */
        /* first part: (4 - 2q + q^3 (1-q)^2) / ((1-q)^2 (1-q^4)) */
        arb_sqr(v, omq, prec);
        arb_pow_ui(u, q, 3, prec);
        arb_mul(u, u, v, prec);
        arb_submul_ui(u, q, 2, prec);
        arb_add_ui(u, u, 4, prec);
        arb_mul(v, v, om4, prec);
        arb_div(res, u, v, prec);
        /* second part: 2 q^3 (1+q) / ((1-q^4)^2 (1-q)) */
        arb_pow_ui(u, q, 3, prec);
        arb_add_ui(v, q, 1, prec);
        arb_mul(u, u, v, prec);
        arb_mul_2exp_si(u, u, 1);
        arb_sqr(v, om4, prec);
        arb_mul(v, v, omq, prec);
        arb_div(u, u, v, prec);
        arb_add(res, res, u, prec);
        arb_clear(om4);
    }
    arb_clear(q);
    arb_clear(omq);
    arb_clear(u);
    arb_clear(v);
}

int hkz_su2n_delta(arb_t res, int op, const arb_t s, slong prec)
{
    const char *fn = "hkz_su2n_delta";
    arb_t q;
    int status;

    HKZ_CHECK(res != NULL, HKZ_ERR_ARG, "%s: res is NULL", fn);
    status = _hkz_su2n_check_op(op, fn);
    if (status == HKZ_SUCCESS)
        status = _hkz_su2n_check_pos(s, "s", fn);
    if (status == HKZ_SUCCESS && prec < 2)
        status = hkz_error_set(HKZ_ERR_ARG, "%s: prec must be >= 2", fn);
    if (status != HKZ_SUCCESS)
    {
        arb_indeterminate(res);
        return status;
    }
    arb_init(q);
    arb_mul_si(q, s, -_HKZ_SU2N_GAP(op), prec);
    arb_exp(q, q, prec);
    _hkz_su2n_delta_over_q(res, op, s, prec);
    arb_mul(res, res, q, prec);
    arb_clear(q);
    return HKZ_SUCCESS;
}
