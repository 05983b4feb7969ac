/* The coupling limits of spec 2.6 (hkz_ly_limit_zero_coupling,
 * hkz_ly_cw_limit_theta) and the square-lattice K_c (hkz_ising_kc). */
#include "hkz_test.h"

int main(void)
{
    arb_t x, y;
    slong N, j;
    arb_init(x);
    arb_init(y);
    hkz_ly_limit_zero_coupling(x, 128);
    HKZ_TEST_CONTAINS(x, "1.5707963267948966192313216916397514", 100,
                      "pi/2");
    for (N = 2; N <= 9; N++)
        for (j = 1; j <= N / 2; j++)
        {
            hkz_ly_cw_limit_theta(x, j, N, 128);
            /* cos(N theta_j(inf)) = 0 and 0 < theta < pi/2 */
            arb_mul_si(y, x, N, 128);
            arb_cos(y, y, 128);
            HKZ_TEST_CHECK(arb_contains_zero(y) && arb_is_positive(x) &&
                           arb_rel_accuracy_bits(x) > 100,
                           "cw_limit_theta N=%ld j=%ld", (long) N, (long) j);
        }
    hkz_ly_cw_limit_theta(x, 1, 4, 128);
    HKZ_TEST_CONTAINS(x, "0.39269908169872415480783042290993786", 100,
                      "pi/8");
    hkz_ising_kc(x, 128);
    HKZ_TEST_CONTAINS(x, "0.44068679350977151261630466248989615", 100,
                      "K_c");
    arb_mul_2exp_si(y, x, 1);
    arb_sinh(y, y, 128);
    HKZ_TEST_CHECK(arb_contains_si(y, 1), "sinh 2 K_c = 1");
    arb_clear(x);
    arb_clear(y);
    HKZ_TEST_END("ly.limits");
}
