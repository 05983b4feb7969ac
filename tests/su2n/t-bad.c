/* Bad inputs: every function returns a status with a message and leaves
 * ball outputs indeterminate. */
#include "su2n_test.h"

static int seq_fail(arb_t w, ulong i, void *param, slong prec)
{
    if (i > 3)
        return hkz_error_set(HKZ_ERR_DOMAIN, "seq_fail: i = %lu",
                             (unsigned long) i);
    arb_set_ui(w, i);
    return HKZ_SUCCESS;
}

static int seq_neg(arb_t w, ulong i, void *param, slong prec)
{
    arb_set_si(w, -(slong) i);
    return HKZ_SUCCESS;
}

#define BAD(expr, code, x)                                                  \
    do {                                                                    \
        arb_zero(x);                                                        \
        HKZ_TEST_STATUS((expr), (code));                                    \
        HKZ_TEST_CHECK(!arb_is_finite(x), "%s: output not indeterminate",   \
                       #expr);                                              \
    } while (0)

int main(void)
{
    hkz_su2n_weights_t w, l;
    hkz_su2n_point_t x;
    hkz_su2n_info_t info;
    arb_t r, t, c, neg, nan, one;
    arb_ptr v;
    acb_t z;

    hkz_su2n_weights_init(w);
    hkz_su2n_weights_init(l);
    hkz_su2n_point_init(x, 2);
    arb_init(r);
    arb_init(t);
    arb_init(c);
    arb_init(neg);
    arb_init(nan);
    arb_init(one);
    acb_init(z);
    v = _arb_vec_init(2);
    arb_set_d(t, 0.5);
    arb_set_si(neg, -1);
    arb_indeterminate(nan);
    arb_one(one);
    su2n_set_pow(w, 1, 2);

    /* weight setters */
    arb_set_ui(v, 1);
    arb_zero(v + 1);
    HKZ_TEST_STATUS(hkz_su2n_weights_set_list(l, v, 2), HKZ_ERR_DOMAIN);
    HKZ_TEST_STATUS(hkz_su2n_weights_set_list(l, v, -1), HKZ_ERR_ARG);
    HKZ_TEST_STATUS(hkz_su2n_weights_set_pow(l, neg, one), HKZ_ERR_DOMAIN);
    arb_set_d(c, 0.5);
    HKZ_TEST_STATUS(hkz_su2n_weights_set_pow(l, one, c), HKZ_ERR_DOMAIN);
    HKZ_TEST_STATUS(hkz_su2n_weights_set_pow(l, one, nan), HKZ_ERR_DOMAIN);
    HKZ_TEST_STATUS(hkz_su2n_weights_set_geom(l, nan), HKZ_ERR_DOMAIN);
    HKZ_TEST_STATUS(hkz_su2n_weights_set_log(l, neg), HKZ_ERR_DOMAIN);
    HKZ_TEST_STATUS(hkz_su2n_weights_set_log2(l, neg), HKZ_ERR_DOMAIN);
    HKZ_TEST_STATUS(hkz_su2n_weights_set_seq(l, NULL, NULL, NULL, 0),
                    HKZ_ERR_ARG);
    HKZ_TEST_STATUS(hkz_su2n_weights_set_seq(l, seq_fail, NULL, neg, 0),
                    HKZ_ERR_DOMAIN);
    HKZ_TEST_STATUS(hkz_su2n_weights_scale(w, neg, 64), HKZ_ERR_DOMAIN);
    BAD(hkz_su2n_weights_get(r, w, 0, 64), HKZ_ERR_ARG, r);
    arb_set_ui(v + 1, 2);
    HKZ_TEST_OK(hkz_su2n_weights_set_list(l, v, 2));
    BAD(hkz_su2n_weights_get(r, l, 3, 64), HKZ_ERR_ARG, r);
    HKZ_TEST_STATUS(hkz_su2n_weights_set_head(l, l, 5, 64), HKZ_ERR_ARG);
    HKZ_TEST_CHECK(hkz_su2n_weights_length(l) == 2
                   && hkz_su2n_weights_length(w) == -1, "lengths");

    /* points */
    HKZ_TEST_STATUS(hkz_su2n_point_set_cyl(x, 3, one, NULL, one),
                    HKZ_ERR_ARG);
    HKZ_TEST_STATUS(hkz_su2n_point_set_cyl(x, 0, one, NULL, one),
                    HKZ_ERR_ARG);
    arb_set_ui(c, 2);
    HKZ_TEST_STATUS(hkz_su2n_point_set_cyl(x, 1, c, NULL, one),
                    HKZ_ERR_DOMAIN);
    HKZ_TEST_STATUS(hkz_su2n_point_set_cyl(x, 1, neg, NULL, one),
                    HKZ_ERR_DOMAIN);
    HKZ_TEST_STATUS(hkz_su2n_point_set_cyl(x, 1, one, NULL, nan),
                    HKZ_ERR_DOMAIN);
    HKZ_TEST_STATUS(hkz_su2n_point_rel(x, x, x, 64), HKZ_ERR_ARG);

    /* heat kernels */
    BAD(hkz_su2n_heat_e(r, &info, w, 2, t, 64), HKZ_ERR_ARG, r);
    BAD(hkz_su2n_heat_e(r, &info, w, HKZ_SU2N_DELTA, neg, 64),
        HKZ_ERR_DOMAIN, r);
    arb_zero(c);
    BAD(hkz_su2n_heat_e(r, &info, w, HKZ_SU2N_DELTA, c, 64),
        HKZ_ERR_DOMAIN, r);
    BAD(hkz_su2n_heat_e(r, &info, w, HKZ_SU2N_DELTA, nan, 64),
        HKZ_ERR_DOMAIN, r);
    BAD(hkz_su2n_heat_e(r, &info, w, HKZ_SU2N_DELTA, t, 1), HKZ_ERR_ARG, r);
    BAD(hkz_su2n_heat_e_partial(r, w, HKZ_SU2N_DELTA, t, -1, 64),
        HKZ_ERR_ARG, r);
    BAD(hkz_su2n_heat_e_partial(r, l, HKZ_SU2N_DELTA, t, 3, 64),
        HKZ_ERR_ARG, r);
    BAD(hkz_su2n_heat(r, &info, w, HKZ_SU2N_L, t, NULL, 64), HKZ_ERR_ARG, r);
    HKZ_TEST_OK(hkz_su2n_weights_set_list(l, v, 1));
    BAD(hkz_su2n_heat(r, &info, l, HKZ_SU2N_L, t, x, 64), HKZ_ERR_ARG, r);
    HKZ_TEST_STATUS(hkz_su2n_heat_e(NULL, &info, w, 0, t, 64), HKZ_ERR_ARG);
    /* a failing user sequence propagates its status */
    HKZ_TEST_OK(hkz_su2n_weights_set_seq(l, seq_fail, NULL, one, 0));
    BAD(hkz_su2n_heat_e(r, &info, l, HKZ_SU2N_DELTA, t, 64), HKZ_ERR_DOMAIN,
        r);
    HKZ_TEST_OK(hkz_su2n_weights_set_seq(l, seq_neg, NULL, one, 0));
    BAD(hkz_su2n_heat_e(r, &info, l, HKZ_SU2N_DELTA, t, 64), HKZ_ERR_DOMAIN,
        r);
    BAD(hkz_su2n_delta(r, 5, t, 64), HKZ_ERR_ARG, r);
    BAD(hkz_su2n_delta(r, 0, neg, 64), HKZ_ERR_DOMAIN, r);
    BAD(hkz_su2n_delta_tail(r, w, 0, t, -1, 64), HKZ_ERR_ARG, r);
    acb_zero(z);
    HKZ_TEST_STATUS(hkz_su2n_factor_e_acb(z, 7, z, 64), HKZ_ERR_ARG);

    /* distances and constants */
    BAD(hkz_su2n_dist(r, w, 3, x, 64), HKZ_ERR_ARG, r);
    BAD(hkz_su2n_dist(r, w, 0, NULL, 64), HKZ_ERR_ARG, r);
    arb_set_ui(v, 1);
    HKZ_TEST_OK(hkz_su2n_weights_set_list(l, v, 1));
    BAD(hkz_su2n_dist(r, l, 0, x, 64), HKZ_ERR_ARG, r);
    BAD(hkz_su2n_dist_tail(r, w, 0, x, neg, one, 64), HKZ_ERR_DOMAIN, r);
    arb_set_ui(c, 4);
    BAD(hkz_su2n_dist_tail(r, w, 0, x, one, c, 64), HKZ_ERR_DOMAIN, r);
    BAD(hkz_su2n_inv_sum(r, w, -2, 64), HKZ_ERR_ARG, r);
    HKZ_TEST_OK(hkz_su2n_weights_set_seq(l, seq_fail, NULL, one, 0));
    BAD(hkz_su2n_inv_sum(r, l, 0, 64), HKZ_ERR_NOT_CERTIFIED, r);
    HKZ_TEST_OK(hkz_su2n_weights_set_list(l, v, 1));
    BAD(hkz_su2n_dist_const(r, l, w, 64), HKZ_ERR_UNSUPPORTED, r);
    HKZ_TEST_OK(hkz_su2n_weights_set_list(l, v, 2));
    {
        hkz_su2n_weights_t l1;
        hkz_su2n_weights_init(l1);
        HKZ_TEST_OK(hkz_su2n_weights_set_list(l1, v, 1));
        BAD(hkz_su2n_dist_const(r, l, l1, 64), HKZ_ERR_ARG, r);
        hkz_su2n_weights_clear(l1);
    }
    BAD(hkz_su2n_form_const(r, w, w, neg, 64), HKZ_ERR_DOMAIN, r);
    BAD(hkz_su2n_form_const(r, w, w, NULL, 64), HKZ_ERR_DOMAIN, r);

    /* subordination and (CK*) */
    BAD(hkz_su2n_heat_e_subord(r, w, 0, t, 64), HKZ_ERR_UNSUPPORTED, r);
    BAD(hkz_su2n_heat_e_subord(r, l, 0, neg, 64), HKZ_ERR_DOMAIN, r);
    BAD(hkz_su2n_ck_integral(r, 0, neg, t, 64), HKZ_ERR_DOMAIN, r);
    BAD(hkz_su2n_ck_integral(r, 0, one, neg, 64), HKZ_ERR_DOMAIN, r);
    BAD(hkz_su2n_ck_integral(r, 4, one, t, 64), HKZ_ERR_ARG, r);

    _arb_vec_clear(v, 2);
    acb_clear(z);
    arb_clear(r);
    arb_clear(t);
    arb_clear(c);
    arb_clear(neg);
    arb_clear(nan);
    arb_clear(one);
    hkz_su2n_point_clear(x);
    hkz_su2n_weights_clear(w);
    hkz_su2n_weights_clear(l);
    HKZ_TEST_END("su2n.bad");
}
