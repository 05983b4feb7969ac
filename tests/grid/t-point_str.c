/* hkz_su2n_point_set_str: the POINT syntax of the CLI in the library. */
#include "grid_test.h"

static void bad(const char *s, const char *needle)
{
    hkz_su2n_point_t x;
    hkz_su2n_point_init(x, 1);
    HKZ_TEST_STATUS(hkz_su2n_point_set_str(x, s, 128), HKZ_ERR_ARG);
    HKZ_TEST_CHECK(strstr(hkz_errmsg(), needle) != NULL, "'%s': message "
                   "'%s' lacks '%s'", s, hkz_errmsg(), needle);
    HKZ_TEST_CHECK(x->len == 1, "'%s': changed on error", s);
    hkz_su2n_point_clear(x);
}

int main(void)
{
    hkz_su2n_point_t x;
    arb_t v;

    arb_init(v);
    hkz_su2n_point_init(x, 0);
    HKZ_TEST_OK(hkz_su2n_point_set_str(x, " 0.3,0.2 ; e;1.2, 0.5,-2 ", 128));
    HKZ_TEST_CHECK(x->len == 3, "len %ld", (long) x->len);
    arb_set_str(v, "0.3", 128);
    HKZ_TEST_CHECK(arb_overlaps(x->r + 0, v), "r_1");
    HKZ_TEST_CHECK(arb_is_zero(x->r + 1) && arb_is_zero(x->z + 1), "e");
    arb_set_str(v, "0.5", 128);
    HKZ_TEST_CHECK(arb_equal(x->phi + 2, v), "phi_3");
    arb_set_si(v, -2);
    HKZ_TEST_CHECK(arb_equal(x->z + 2, v), "z_3");
    HKZ_TEST_OK(hkz_su2n_point_set_str(x, "e", 128));
    HKZ_TEST_CHECK(x->len == 1, "len of 'e'");
    hkz_su2n_point_clear(x);

    bad("", "empty coordinate");
    bad("0.3,0.2;;e", "empty coordinate");
    bad("0.3", "coordinate 1: expected");
    bad("0.3,0.2;1,2,3,4", "coordinate 2: expected");
    bad("0.3,x", "'x' is not a decimal");
    bad("2,0", "r must lie in [0, pi/2]");
    arb_clear(v);
    flint_cleanup();
    return hkz_test_failures ? 1 : 0;
}
