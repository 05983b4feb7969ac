/* Bad arguments of the certified functions: right status, a message,
 * an indeterminate result; borderline balls that must be accepted. */
#include "hkz_test.h"

#define ALL_FUNCS(res, t, a, k, prec, code)                                  \
    do {                                                                     \
        arb_zero(res);                                                       \
        HKZ_TEST_STATUS(hkz_su2_heat_bi(res, t, a, k, prec), code);          \
        HKZ_TEST_CHECK(!arb_is_finite(res), "indeterminate on error");      \
        arb_zero(res);                                                       \
        HKZ_TEST_STATUS(hkz_su2_heat_bi_spectral(res, t, a, k, prec), code); \
        HKZ_TEST_CHECK(!arb_is_finite(res), "indeterminate on error");      \
        if ((k) == 0)                                                        \
        {                                                                    \
            arb_zero(res);                                                   \
            HKZ_TEST_STATUS(hkz_su2_heat_bi_images(res, t, a, prec), code);  \
            HKZ_TEST_CHECK(!arb_is_finite(res), "indeterminate on error");  \
        }                                                                    \
    } while (0)

int main(void)
{
    arb_t t, a, r, pi;

    arb_init(t); arb_init(a); arb_init(r); arb_init(pi);
    arb_const_pi(pi, 128);

    arb_set_d(a, 1.0);
    arb_zero(t);                                   /* t = 0 */
    ALL_FUNCS(r, t, a, 0, 64, HKZ_ERR_DOMAIN);
    HKZ_TEST_CHECK(strstr(hkz_errmsg(), "t must be") != NULL, "message: %s",
                   hkz_errmsg());
    arb_set_d(t, -0.5);                            /* t < 0 */
    ALL_FUNCS(r, t, a, 0, 64, HKZ_ERR_DOMAIN);
    arb_set_d(t, 0.1);
    mag_set_d(arb_radref(t), 0.2);                 /* may be <= 0 */
    ALL_FUNCS(r, t, a, 1, 64, HKZ_ERR_DOMAIN);
    arb_pos_inf(t);
    ALL_FUNCS(r, t, a, 0, 64, HKZ_ERR_DOMAIN);
    arb_indeterminate(t);
    ALL_FUNCS(r, t, a, 0, 64, HKZ_ERR_DOMAIN);

    arb_set_d(t, 0.5);
    arb_set_d(a, -1e-20);                          /* alpha < 0 */
    ALL_FUNCS(r, t, a, 0, 64, HKZ_ERR_DOMAIN);
    HKZ_TEST_CHECK(strstr(hkz_errmsg(), "alpha must") != NULL, "message: %s",
                   hkz_errmsg());
    arb_set_d(a, 3.1416);                          /* alpha > pi */
    ALL_FUNCS(r, t, a, 0, 64, HKZ_ERR_DOMAIN);
    arb_set_d(a, 4.0);                             /* a ball above pi */
    mag_set_d(arb_radref(a), 0.5);
    ALL_FUNCS(r, t, a, 0, 64, HKZ_ERR_DOMAIN);
    arb_indeterminate(a);
    ALL_FUNCS(r, t, a, 0, 64, HKZ_ERR_DOMAIN);

    arb_set_d(a, 1.0);
    ALL_FUNCS(r, t, a, 65, 64, HKZ_ERR_ARG);       /* deriv too big */
    ALL_FUNCS(r, t, a, 0, 1, HKZ_ERR_ARG);         /* prec too small */
    HKZ_TEST_STATUS(hkz_su2_heat_bi(NULL, t, a, 0, 64), HKZ_ERR_ARG);

    arb_set_d(t, 1.5);                             /* images need t <= 1 */
    HKZ_TEST_STATUS(hkz_su2_heat_bi_images(r, t, a, 64), HKZ_ERR_DOMAIN);
    HKZ_TEST_CHECK(!arb_is_finite(r), "indeterminate on error");
    arb_set_d(t, 0.9);
    mag_set_d(arb_radref(t), 0.2);
    HKZ_TEST_STATUS(hkz_su2_heat_bi_images(r, t, a, 64), HKZ_ERR_DOMAIN);

    /* accepted: alpha = pi as a ball, a ball around 0, t very small for
     * the image route, a ball straddling pi/2 */
    arb_set_d(t, 0.5);
    HKZ_TEST_OK(hkz_su2_heat_bi(r, t, pi, 0, 64));
    HKZ_TEST_CONTAINS(r, "0.2636234626801400783094266", 50, "R6, alpha = pi");
    arb_zero(a);
    mag_set_d(arb_radref(a), 1e-30);
    HKZ_TEST_OK(hkz_su2_heat_bi(r, t, a, 0, 64));
    HKZ_TEST_OK(hkz_su2_heat_bi(r, t, a, 2, 64));
    arb_set_d(t, 1e-9);
    arb_set_d(a, 3.0);
    HKZ_TEST_OK(hkz_su2_heat_bi(r, t, a, 0, 64));
    HKZ_TEST_CHECK(arb_is_positive(r) && arb_rel_accuracy_bits(r) >= 50,
                   "t = 1e-9 through the images");
    HKZ_TEST_STATUS(hkz_su2_heat_bi(r, t, a, 1, 64), HKZ_ERR_PREC);
    arb_set_d(t, 0.2);
    arb_set_d(a, 1.5);
    mag_set_d(arb_radref(a), 0.3);
    HKZ_TEST_OK(hkz_su2_heat_bi(r, t, a, 0, 64));
    {
        arb_t p;
        arb_init(p);
        arb_set_d(p, 1.3);
        HKZ_TEST_OK(hkz_su2_heat_bi(p, t, p, 0, 64));
        HKZ_TEST_CHECK(arb_contains(r, p), "wide ball contains alpha = 1.3");
        arb_set_d(p, 1.75);
        HKZ_TEST_OK(hkz_su2_heat_bi(p, t, p, 0, 64));
        HKZ_TEST_CHECK(arb_contains(r, p), "wide ball contains alpha = 1.75");
        arb_clear(p);
    }

    arb_clear(t); arb_clear(a); arb_clear(r); arb_clear(pi);
    HKZ_TEST_END("su2_bi.args");
}
