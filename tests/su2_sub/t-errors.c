/* Bad inputs: right status, a message naming the function, and an
 * indeterminate (or NaN) result. */
#include <math.h>
#include "sub_test.h"

#define CHECK_MSG(fn)                                                       \
    HKZ_TEST_CHECK(strstr(hkz_errmsg(), (fn)) != NULL,                      \
                   "message '%s' should name %s", hkz_errmsg(), (fn))

static void expect_ball(const arb_t t, const arb_t r, const arb_t z,
                        ulong d, slong prec, int code)
{
    arb_t res;

    arb_init(res);
    arb_one(res);
    HKZ_TEST_STATUS(hkz_su2_heat_sub(res, t, r, z, d, prec), code);
    CHECK_MSG("hkz_su2_heat_sub:");
    HKZ_TEST_CHECK(!arb_is_finite(res), "result must be indeterminate");
    arb_one(res);
    HKZ_TEST_STATUS(hkz_su2_heat_sub_spectral(res, t, r, z, d, prec), code);
    CHECK_MSG("hkz_su2_heat_sub_spectral");
    HKZ_TEST_CHECK(!arb_is_finite(res), "result must be indeterminate");
    arb_clear(res);
}

static void expect_fibre(const arb_t t, const arb_t z, slong prec, int code)
{
    arb_t res;

    arb_init(res);
    arb_one(res);
    HKZ_TEST_STATUS(hkz_su2_heat_sub_fibre(res, t, z, prec), code);
    CHECK_MSG("hkz_su2_heat_sub_fibre");
    HKZ_TEST_CHECK(!arb_is_finite(res), "result must be indeterminate");
    arb_clear(res);
}

static void expect_d(double t, double r, double z, ulong d, int code)
{
    double x = 1.0;

    HKZ_TEST_STATUS(hkz_su2_heat_sub_d(&x, t, r, z, d), code);
    CHECK_MSG("hkz_su2_heat_sub_d");
    HKZ_TEST_CHECK(isnan(x), "double result must be NaN on error");
}

int main(void)
{
    arb_t t, r, z, bad, res;
    double x;

    arb_init(t);
    arb_init(r);
    arb_init(z);
    arb_init(bad);
    arb_init(res);
    arb_set_d(t, 0.5);
    arb_set_d(r, 0.3);
    arb_set_d(z, 1.0);

    /* t: zero, negative, NaN, infinite, a ball reaching 0 */
    arb_zero(bad);
    expect_ball(bad, r, z, 0, 64, HKZ_ERR_DOMAIN);
    expect_fibre(bad, z, 64, HKZ_ERR_DOMAIN);
    HKZ_TEST_CHECK(strstr(hkz_errmsg(), "t must be") != NULL, "%s",
                   hkz_errmsg());
    arb_set_si(bad, -1);
    expect_ball(bad, r, z, 0, 64, HKZ_ERR_DOMAIN);
    arb_indeterminate(bad);
    expect_ball(bad, r, z, 0, 64, HKZ_ERR_DOMAIN);
    expect_fibre(bad, z, 64, HKZ_ERR_DOMAIN);
    arb_pos_inf(bad);
    expect_ball(bad, r, z, 0, 64, HKZ_ERR_DOMAIN);
    arb_set_d(bad, 0.001);
    arb_add_error_2exp_si(bad, -6);
    expect_ball(bad, r, z, 0, 64, HKZ_ERR_DOMAIN);

    /* r outside [0, pi/2], NaN */
    arb_set_si(bad, -1);
    expect_ball(t, bad, z, 0, 64, HKZ_ERR_DOMAIN);
    HKZ_TEST_CHECK(strstr(hkz_errmsg(), "r must") != NULL, "%s",
                   hkz_errmsg());
    arb_set_si(bad, 2);
    expect_ball(t, bad, z, 0, 64, HKZ_ERR_DOMAIN);
    arb_indeterminate(bad);
    expect_ball(t, bad, z, 0, 64, HKZ_ERR_DOMAIN);

    /* z not finite */
    arb_pos_inf(bad);
    expect_ball(t, r, bad, 0, 64, HKZ_ERR_DOMAIN);
    expect_fibre(t, bad, 64, HKZ_ERR_DOMAIN);
    arb_indeterminate(bad);
    expect_ball(t, r, bad, 0, 64, HKZ_ERR_DOMAIN);

    /* derivative order, precision */
    expect_ball(t, r, z, 65, 64, HKZ_ERR_ARG);
    expect_ball(t, r, z, 0, 1, HKZ_ERR_ARG);
    expect_fibre(t, z, 0, HKZ_ERR_ARG);

    /* accepted edge cases: r = pi/2 as a ball, huge z, deriv 64 */
    arb_const_pi(bad, 64);
    arb_mul_2exp_si(bad, bad, -1);
    HKZ_TEST_OK(hkz_su2_heat_sub(res, t, bad, z, 0, 64));
    HKZ_TEST_CHECK(arb_is_finite(res), "r = pi/2");
    arb_set_d(bad, 1e30);
    HKZ_TEST_OK(hkz_su2_heat_sub(res, t, r, bad, 0, 64));
    HKZ_TEST_CHECK(arb_is_finite(res), "z = 1e30");
    HKZ_TEST_OK(hkz_su2_heat_sub(res, t, r, z, 64, 64));
    HKZ_TEST_CHECK(arb_is_finite(res), "deriv = 64");
    /* tiny t off the fibre: beyond the work cap, the a priori enclosure
     * [0, p_t(e)] comes back at once */
    arb_set_d(bad, 1e-5);
    HKZ_TEST_OK(hkz_su2_heat_sub(res, bad, r, z, 0, 64));
    HKZ_TEST_CHECK(arb_is_finite(res) && !arb_is_positive(res)
                   && !arb_is_negative(res), "t = 1e-5: [0, p_t(e)]");

    /* double path */
    expect_d(NAN, 0.3, 1.0, 0, HKZ_ERR_DOMAIN);
    expect_d(0.0, 0.3, 1.0, 0, HKZ_ERR_DOMAIN);
    expect_d(-1.0, 0.3, 1.0, 0, HKZ_ERR_DOMAIN);
    expect_d(INFINITY, 0.3, 1.0, 0, HKZ_ERR_DOMAIN);
    expect_d(0.5, -0.1, 1.0, 0, HKZ_ERR_DOMAIN);
    expect_d(0.5, 1.6, 1.0, 0, HKZ_ERR_DOMAIN);
    expect_d(0.5, NAN, 1.0, 0, HKZ_ERR_DOMAIN);
    expect_d(0.5, 0.3, INFINITY, 0, HKZ_ERR_DOMAIN);
    expect_d(0.5, 0.3, NAN, 0, HKZ_ERR_DOMAIN);
    expect_d(0.5, 0.3, 1.0, 65, HKZ_ERR_ARG);
    HKZ_TEST_STATUS(hkz_su2_heat_sub_d(NULL, 0.5, 0.3, 1.0, 0), HKZ_ERR_ARG);
    HKZ_TEST_OK(hkz_su2_heat_sub_d(&x, 0.5, M_PI / 2, 1.0, 0));

    arb_clear(t);
    arb_clear(r);
    arb_clear(z);
    arb_clear(bad);
    arb_clear(res);
    HKZ_TEST_END("su2_sub.errors");
}
