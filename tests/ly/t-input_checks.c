/* The input checks a caller runs before it builds a family or a model
 * (hkz_ly_track_check_range, _check_t1, hkz_ly_coupling_check): the
 * boundaries, as balls, and the status HKZ_ERR_DOMAIN with its message. */
#include <math.h>
#include <string.h>
#include "hkz_test.h"

int main(void)
{
    arb_t t0, t1, K;
    double tmax;
    arb_init(t0);
    arb_init(t1);
    arb_init(K);

    arb_set_d(t0, 0.1);
    arb_set_d(t1, 0.5);
    HKZ_TEST_OK(hkz_ly_track_check_range(t0, t1));
    HKZ_TEST_STATUS(hkz_ly_track_check_range(t1, t0), HKZ_ERR_DOMAIN);
    HKZ_TEST_CHECK(strcmp(hkz_errmsg(), "need 0 < t0 < t1") == 0,
                   "message '%s'", hkz_errmsg());
    HKZ_TEST_STATUS(hkz_ly_track_check_range(t0, t0), HKZ_ERR_DOMAIN);
    arb_zero(t0);
    HKZ_TEST_STATUS(hkz_ly_track_check_range(t0, t1), HKZ_ERR_DOMAIN);
    /* a ball that straddles t1: not certainly below it */
    arb_set_d(t0, 0.5);
    mag_set_d(arb_radref(t0), 1e-10);
    HKZ_TEST_STATUS(hkz_ly_track_check_range(t0, t1), HKZ_ERR_DOMAIN);

    /* t_max = (rel_bits + 2 W + 64) ln(2)/2: 53 bits, W = 8 */
    arb_set_d(t1, 40.0);
    HKZ_TEST_OK(hkz_ly_track_check_t1(&tmax, t1, 8, 53));
    HKZ_TEST_CHECK(fabs(tmax - 133 * 0.34657359027997264) < 1e-12,
                   "tmax %.17g", tmax);
    arb_set_d(t1, 47.0);
    HKZ_TEST_STATUS(hkz_ly_track_check_t1(&tmax, t1, 8, 53),
                    HKZ_ERR_DOMAIN);

    arb_set_d(K, 0.3);
    HKZ_TEST_OK(hkz_ly_coupling_check(K));
    arb_zero(K);
    HKZ_TEST_STATUS(hkz_ly_coupling_check(K), HKZ_ERR_DOMAIN);
    arb_set_d(K, -1.0);
    HKZ_TEST_STATUS(hkz_ly_coupling_check(K), HKZ_ERR_DOMAIN);

    arb_clear(t0);
    arb_clear(t1);
    arb_clear(K);
    HKZ_TEST_END("ly.input_checks");
}
