/* Spec 5 E: CW N = 10, t = 0.05 at 60 digits.  Each zero theta_j +- 1e-30
 * shows certified opposite signs, the interval Newton image lies inside X
 * with width about 1e-60, and 5 = floor(10/2) certified simple zeros make
 * the list complete.  Also: certified zeros at two precisions overlap. */
#include "hkz_test.h"

int main(void)
{
    hkz_ly_zeros_t z, z2;
    hkz_ly_opts_t o;
    arb_t t, X, Y, e, v;
    arb_ptr b;
    slong j, prec = 256, inside_count = 0, signs_ok = 0;
    int inside;

    arb_init(t);
    arb_init(X);
    arb_init(Y);
    arb_init(e);
    arb_init(v);
    b = _arb_vec_init(6);
    HKZ_TEST_OK(hkz_ball_set_str(t, "0.05", 1024));
    HKZ_TEST_OK(hkz_ly_cw_coeffs(b, 0, 10, t, prec));
    hkz_ly_opts_init(&o);
    hkz_ly_opts_set_digits(&o, 60);
    hkz_ly_zeros_init(z, 10);
    HKZ_TEST_OK(hkz_ly_cw_zeros(z, 10, t, &o));
    HKZ_TEST_CHECK(z->complete && z->nisolated == 5, "5 certified zeros");
    HKZ_TEST_CONTAINS(z->theta + 0, "0.57843462421772419363", 190,
                      "E: theta_1 at 60 digits");
    arb_set_str(e, "1e-30", prec);
    for (j = 0; j < 5; j++)
    {
        /* signs at mid -+ 1e-30 */
        int s1, s2;
        arb_set_arf(X, arb_midref(z->theta + j));
        arb_sub(Y, X, e, prec);
        HKZ_TEST_OK(hkz_ly_cos_eval(v, 0, b, 10, Y, prec));
        s1 = arb_is_positive(v) ? 1 : arb_is_negative(v) ? -1 : 0;
        arb_add(Y, X, e, prec);
        HKZ_TEST_OK(hkz_ly_cos_eval(v, 0, b, 10, Y, prec));
        s2 = arb_is_positive(v) ? 1 : arb_is_negative(v) ? -1 : 0;
        signs_ok += (s1 * s2 == -1);
        /* interval Newton on X = mid +- 1e-30 */
        arb_set_arf(X, arb_midref(z->theta + j));
        arb_add_error(X, e);
        HKZ_TEST_OK(hkz_ly_cos_newton(Y, &inside, b, 10, X, prec));
        inside_count += inside;
        HKZ_TEST_CHECK(inside && mag_cmp_2exp_si(arb_radref(Y), -190) < 0,
                       "E: N(X) inside X and width ~1e-60 for zero %ld",
                       (long) j + 1);
        HKZ_TEST_OVERLAP(Y, z->theta + j, "Newton image vs zero");
    }
    HKZ_TEST_CHECK(signs_ok == 5 && inside_count == 5, "E: %ld signs, %ld "
                   "Newton inclusions", (long) signs_ok, (long) inside_count);
    /* a wide X with no zero: Newton must not claim one */
    arb_set_d(X, 0.7);
    arb_add_error_2exp_si(X, -10);
    HKZ_TEST_OK(hkz_ly_cos_newton(Y, &inside, b, 10, X, prec));
    HKZ_TEST_CHECK(!inside, "no zero near 0.7");

    /* two precisions overlap */
    hkz_ly_opts_set_digits(&o, 20);
    hkz_ly_zeros_init(z2, 10);
    HKZ_TEST_OK(hkz_ly_cw_zeros(z2, 10, t, &o));
    for (j = 0; j < 5; j++)
        HKZ_TEST_OVERLAP(z->theta + j, z2->theta + j, "20 vs 60 digits");
    hkz_ly_zeros_clear(z);
    hkz_ly_zeros_clear(z2);
    _arb_vec_clear(b, 6);
    arb_clear(t);
    arb_clear(X);
    arb_clear(Y);
    arb_clear(e);
    arb_clear(v);
    HKZ_TEST_END("ly.certify");
}
