/* LIST parsing: comma lists, A:B:N (linear and geometric), bad input. */
#include "grid_test.h"

static void check_value(const hkz_grid_list_t l, slong k, const char *ref)
{
    arb_t r;
    arb_init(r);
    arb_set_str(r, ref, 300);
    HKZ_TEST_CHECK(k < l->n && arb_overlaps(l->v + k, r)
                   && arb_rel_accuracy_bits(l->v + k) >= 200,
                   "LIST '%s' value %ld is not %s", l->src, (long) k, ref);
    arb_clear(r);
}

static void bad(const char *s, int log, const char *needle)
{
    hkz_grid_list_t l;
    hkz_grid_list_init(l);
    HKZ_TEST_STATUS(hkz_grid_list_set_str(l, s, log, 256), HKZ_ERR_ARG);
    HKZ_TEST_CHECK(strstr(hkz_errmsg(), needle) != NULL,
                   "LIST '%s': message '%s' lacks '%s'", s, hkz_errmsg(),
                   needle);
    HKZ_TEST_CHECK(l->n == 0, "LIST '%s': changed on error", s);
    hkz_grid_list_clear(l);
}

int main(void)
{
    hkz_grid_list_t l;

    hkz_grid_list_init(l);
    HKZ_TEST_OK(hkz_grid_list_set_str(l, "0.1, 0.25,pi,1e-3", 0, 256));
    HKZ_TEST_CHECK(l->n == 4, "n = %ld", (long) l->n);
    check_value(l, 0, "0.1");
    {
        arb_t pi;
        arb_init(pi);
        arb_const_pi(pi, 300);
        HKZ_TEST_CHECK(arb_overlaps(pi, l->v + 2), "pi");
        arb_clear(pi);
    }
    check_value(l, 3, "0.001");
    HKZ_TEST_CHECK(strcmp(l->label[1], "0.25") == 0 && arb_is_exact(l->v + 1),
                   "label / exactness of 0.25");

    HKZ_TEST_OK(hkz_grid_list_set_str(l, "0:1:4", 0, 256));
    HKZ_TEST_CHECK(l->n == 4, "n = %ld", (long) l->n);
    {
        arb_t third;
        arb_init(third);
        arb_set_ui(third, 1);
        arb_div_ui(third, third, 3, 300);
        HKZ_TEST_CHECK(arb_overlaps(third, l->v + 1), "1/3");
        arb_clear(third);
    }
    HKZ_TEST_CHECK(arb_is_zero(l->v) && arb_is_one(l->v + 3),
                   "ends of 0:1:4 not exact");
    HKZ_TEST_CHECK(strcmp(l->label[3], "1") == 0, "end label '%s'",
                   l->label[3]);
    HKZ_TEST_OK(hkz_grid_list_set_str(l, "0.5:0.5:1", 0, 256));
    HKZ_TEST_CHECK(l->n == 1, "N = 1");
    HKZ_TEST_OK(hkz_grid_list_set_str(l, "0.01:1:3", 1, 256));
    check_value(l, 1, "0.1");
    HKZ_TEST_CHECK(l->log == 1, "log flag");
    HKZ_TEST_OK(hkz_grid_list_set_str(l, "0.25,0.5", 1, 256));
    HKZ_TEST_CHECK(l->log == 0 && l->n == 2, "log on a comma list");

    bad("", 0, "empty");
    bad("0.1,,0.2", 0, "value 2");
    bad("0.1,x", 0, "'x'");
    bad("0:1", 0, "A:B:N");
    bad("0:1:0", 0, "N must be");
    bad("0:1:2.5", 0, "N must be");
    bad("0:1:-3", 0, "N must be");
    bad("0:1:1", 0, "N = 1");
    bad("a:1:3", 0, "decimals");
    bad("0:1:3", 1, "A, B > 0");
    bad("0:1:3:4", 0, "A:B:N");
    bad("0:1:3,2", 0, "A:B:N");
    bad("0:1:99999999", 0, "at most");
    hkz_grid_list_clear(l);
    flint_cleanup();
    return hkz_test_failures ? 1 : 0;
}
