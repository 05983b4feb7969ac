/* sum_{i>n} 1/w_i and the diameter pi (sum_i 1/w_i)^{1/2} (spec 5.3):
 * d_Delta is finite and continuous iff sum 1/a_i < inf. */
#include "hkz_check.h"
#include "su2n_internal.h"

int hkz_su2n_inv_sum(arb_t res, const hkz_su2n_weights_t w, slong n,
        slong prec)
{
    const char *fn = "hkz_su2n_inv_sum";
    arb_t u, v;
    slong i;
    int status;

    HKZ_CHECK(res != NULL, HKZ_ERR_ARG, "%s: res is NULL", fn);
    status = _hkz_su2n_check_weights(w, fn);
    if (status == HKZ_SUCCESS && (n < 0 || prec < 2))
        status = hkz_error_set(HKZ_ERR_ARG, "%s: need n >= 0, prec >= 2", fn);
    if (status != HKZ_SUCCESS)
    {
        arb_indeterminate(res);
        return status;
    }
    arb_init(u);
    arb_init(v);
    switch (w->family)
    {
        case HKZ_SU2N_LIST:
            arb_zero(res);
            for (i = n; i < w->len; i++)
            {
                arb_inv(u, w->list + i, prec);
                arb_add(res, res, u, prec);
            }
            break;
        case HKZ_SU2N_POW:
            /* (1/c) sum_{i>n} i^{-p} = zeta(p, n+1)/c, finite iff p > 1 */
            arb_sub_ui(u, &w->p, 1, prec);
            if (arb_is_positive(u))
            {
                arb_set_ui(v, (ulong) (n + 1));
                arb_hurwitz_zeta(res, &w->p, v, prec);
                arb_div(res, res, &w->c, prec);
            }
            else if (arb_is_nonpositive(u))
                arb_pos_inf(res);
            else
                status = hkz_error_set(HKZ_ERR_NOT_CERTIFIED, "%s: p straddles "
                                       "1", fn);
            break;
        case HKZ_SU2N_GEOM:
            /* sum_{i>n} 2^{-i} / c = 2^{-n} / c */
            arb_inv(res, &w->c, prec);
            arb_mul_2exp_si(res, res, -n);
            break;
        case HKZ_SU2N_LOG:
        case HKZ_SU2N_LOG2:
            arb_pos_inf(res);     /* 1/log(1+i)^2 is not summable */
            break;
        default:
            status = hkz_error_set(HKZ_ERR_NOT_CERTIFIED, "%s: unknown for a "
                                   "user sequence", fn);
            break;
    }
    if (status != HKZ_SUCCESS)
        arb_indeterminate(res);
    arb_clear(u);
    arb_clear(v);
    return status;
}

int hkz_su2n_diam(arb_t d, const hkz_su2n_weights_t w, slong prec)
{
    arb_t pi;
    int status;

    HKZ_CHECK(d != NULL, HKZ_ERR_ARG, "hkz_su2n_diam: d is NULL");
    status = hkz_su2n_inv_sum(d, w, 0, prec + 10);
    if (status != HKZ_SUCCESS || arf_is_pos_inf(arb_midref(d)))
        return status;
    arb_init(pi);
    arb_const_pi(pi, prec + 10);
    arb_sqrtpos(d, d, prec + 10);
    arb_mul(d, d, pi, prec);
    arb_clear(pi);
    return HKZ_SUCCESS;
}
