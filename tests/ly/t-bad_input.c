/* Bad inputs and degenerate polynomials: clear errors, never a silently
 * partial or wrong list. */
#include "hkz_test.h"

int main(void)
{
    hkz_ly_zeros_t z;
    hkz_ly_opts_t o;
    arb_t t, x;
    arb_struct a[5], v[2];
    arf_t th;
    slong i;

    arb_init(t);
    arb_init(x);
    arf_init(th);
    for (i = 0; i < 5; i++)
        arb_init(a + i);
    arb_init(v + 0);
    arb_init(v + 1);
    hkz_ly_opts_init(&o);

    /* Curie-Weiss arguments */
    hkz_ly_zeros_init(z, 10);
    arb_set_d(t, 0.1);
    HKZ_TEST_STATUS(hkz_ly_cw_zeros(z, 0, t, &o), HKZ_ERR_ARG);
    HKZ_TEST_STATUS(hkz_ly_cw_zeros(z, 12, t, &o), HKZ_ERR_ARG);
    arb_zero(t);
    HKZ_TEST_STATUS(hkz_ly_cw_zeros(z, 10, t, &o), HKZ_ERR_DOMAIN);
    arb_set_si(t, -1);
    HKZ_TEST_STATUS(hkz_ly_cw_zeros(z, 10, t, &o), HKZ_ERR_DOMAIN);
    arb_indeterminate(t);
    HKZ_TEST_STATUS(hkz_ly_cw_zeros(z, 10, t, &o), HKZ_ERR_DOMAIN);
    arb_set_d(t, 0.1);
    o.goal.rel_bits = 0;
    HKZ_TEST_STATUS(hkz_ly_cw_zeros(z, 10, t, &o), HKZ_ERR_ARG);
    hkz_ly_opts_init(&o);
    hkz_ly_zeros_clear(z);
    HKZ_TEST_STATUS(hkz_ly_cw_coeffs(a, 0, 0, t, 64), HKZ_ERR_ARG);
    arb_set_si(t, -1);
    HKZ_TEST_STATUS(hkz_ly_cw_coeffs(a, 0, 4, t, 64), HKZ_ERR_DOMAIN);
    HKZ_TEST_CHECK(!arb_is_finite(a + 0), "indeterminate on error");
    arb_set_d(x, 0.3);
    HKZ_TEST_STATUS(hkz_ly_cw_eval(v, NULL, NULL, 0, t, x, 64), HKZ_ERR_ARG);
    arb_indeterminate(x);
    arb_set_d(t, 0.1);
    HKZ_TEST_STATUS(hkz_ly_cw_eval(v, NULL, NULL, 4, t, x, 64), HKZ_ERR_ARG);
    arf_set_d(th, 0.3);
    HKZ_TEST_STATUS(hkz_ly_cw_integral(v, NULL, th, 0, 4, t, 64),
                    HKZ_ERR_ARG);
    HKZ_TEST_STATUS(hkz_ly_cos_eval(v, -1, a, 4, x, 64), HKZ_ERR_ARG);
    arb_set_d(x, 0.3);
    HKZ_TEST_STATUS(hkz_ly_cos_eval(v, 0, a, -1, x, 64), HKZ_ERR_ARG);

    /* N = 1: no principal zero, only the trivial one at pi/2 */
    hkz_ly_zeros_init(z, 1);
    HKZ_TEST_OK(hkz_ly_cw_zeros(z, 1, t, &o));
    HKZ_TEST_CHECK(z->n == 0 && z->complete && z->trivial, "N = 1");
    hkz_ly_zeros_clear(z);

    /* (1 + z)^2: a double zero at pi/2 (W even) is not simple: no
     * certificate, and nothing is flagged certified */
    hkz_ly_zeros_init(z, 2);
    arb_set_si(a + 0, 1);
    arb_set_si(a + 1, 2);
    arb_set_si(a + 2, 1);
    o.goal.max_prec = 512;
    HKZ_TEST_STATUS(hkz_ly_zeros_poly(z, a, 2, &o), HKZ_ERR_NOT_CERTIFIED);
    HKZ_TEST_CHECK(!z->complete && z->flag[0] != HKZ_LY_ZERO_CERTIFIED,
                   "double zero flagged");
    /* 1 + 3z + z^2: roots off the unit circle, F = 2 cos 2theta + 3 > 0 */
    arb_set_si(a + 1, 3);
    HKZ_TEST_STATUS(hkz_ly_zeros_poly(z, a, 2, &o), HKZ_ERR_NOT_CERTIFIED);
    HKZ_TEST_CHECK(z->nisolated == 0, "no zero on the circle");
    hkz_ly_zeros_clear(z);
    /* (1 + z + z^2)^2 = 1 + 2z + 3z^2 + 2z^3 + z^4: double zeros at
     * z = exp(-2i pi/3), theta = pi/3 */
    hkz_ly_zeros_init(z, 4);
    arb_set_si(a + 0, 1);
    arb_set_si(a + 1, 2);
    arb_set_si(a + 2, 3);
    arb_set_si(a + 3, 2);
    arb_set_si(a + 4, 1);
    HKZ_TEST_STATUS(hkz_ly_zeros_poly(z, a, 4, &o), HKZ_ERR_NOT_CERTIFIED);
    HKZ_TEST_CHECK(!z->complete, "double zero at pi/3");
    /* a NaN coefficient */
    arb_indeterminate(a + 2);
    HKZ_TEST_STATUS(hkz_ly_zeros_poly(z, a, 4, &o), HKZ_ERR_ARG);
    /* result made for another W */
    arb_set_si(a + 2, 3);
    HKZ_TEST_STATUS(hkz_ly_zeros_poly(z, a, 3, &o), HKZ_ERR_ARG);
    hkz_ly_zeros_clear(z);

    for (i = 0; i < 5; i++)
        arb_clear(a + i);
    arb_clear(v + 0);
    arb_clear(v + 1);
    arb_clear(t);
    arb_clear(x);
    arf_clear(th);
    HKZ_TEST_END("ly.bad_input");
}
