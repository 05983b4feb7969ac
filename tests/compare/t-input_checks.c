/* Input checks and defaults the CLI takes from the library: the Milnor
 * weights (a, b > 0, c >= 0), the tail range of hkz_su2n_dist_tail
 * (0 <= dlo <= dhi <= pi) and the operator of X8 example (ii). */
#include <string.h>
#include "hkz_test.h"
#include "hkz/compare_x8.h"
#include "hkz/su2n_ops.h"

int main(void)
{
    arb_t a, b, c;
    arb_ptr bv = _arb_vec_init(4), ev = _arb_vec_init(3);
    slong i;
    arb_init(a);
    arb_init(b);
    arb_init(c);

    arb_one(a);
    arb_one(b);
    arb_zero(c);
    HKZ_TEST_OK(hkz_su2_milnor_weights_check(a, b, c));
    arb_zero(b);
    HKZ_TEST_STATUS(hkz_su2_milnor_weights_check(a, b, c), HKZ_ERR_DOMAIN);
    HKZ_TEST_CHECK(strcmp(hkz_errmsg(), "need a > 0, b > 0, c >= 0") == 0,
                   "message '%s'", hkz_errmsg());
    arb_one(b);
    arb_set_si(c, -1);
    HKZ_TEST_STATUS(hkz_su2_milnor_weights_check(a, b, c), HKZ_ERR_DOMAIN);

    /* [0, pi] is fine; 3.15 > pi and a reversed range are not */
    arb_zero(a);
    arb_const_pi(b, 128);
    HKZ_TEST_OK(hkz_su2n_dist_tail_check(a, b, 128));
    arb_set_d(b, 3.15);
    HKZ_TEST_STATUS(hkz_su2n_dist_tail_check(a, b, 128), HKZ_ERR_DOMAIN);
    arb_set_d(a, 0.5);
    arb_set_d(b, 0.1);
    HKZ_TEST_STATUS(hkz_su2n_dist_tail_check(a, b, 128), HKZ_ERR_DOMAIN);
    arb_set_si(a, -1);
    arb_set_d(b, 0.1);
    HKZ_TEST_STATUS(hkz_su2n_dist_tail_check(a, b, 128), HKZ_ERR_DOMAIN);

    hkz_compare_x8_example_defaults(bv, ev, 4);
    for (i = 0; i < 4; i++)
        HKZ_TEST_CHECK(arb_equal_si(bv + i, (i + 1) * (i + 1)), "b_%ld",
                       (long) i);
    hkz_compare_x8_default_dw(ev, bv, 3);
    HKZ_TEST_CHECK(arb_equal(ev + 2, bv + 2), "dw = b");
    hkz_compare_x8_default_dw(ev, NULL, 3);
    HKZ_TEST_CHECK(arb_is_one(ev + 1), "dw = 1");
    hkz_compare_x8_example_defaults(bv, ev, 4);
    for (i = 0; i < 3; i++)
    {
        arb_mul_2exp_si(ev + i, ev + i, 1);
        HKZ_TEST_CHECK(arb_is_one(ev + i), "eps_%ld", (long) i);
    }

    _arb_vec_clear(bv, 4);
    _arb_vec_clear(ev, 3);
    arb_clear(a);
    arb_clear(b);
    arb_clear(c);
    HKZ_TEST_END("compare.input_checks");
}
