/* hkz_su2_heat_sub_integral at large |z| and outside its range: z is
 * reduced mod 2 pi exactly enough (z = 1e30 agrees with the spectral
 * route; a double quotient used to leave |z| ~ 1e14 and blame t), and the
 * refusals name their real cause: z too large (HKZ_ERR_TOO_LARGE, "z ="),
 * t outside the method's range ("t ="), too much cancellation ("cancel").
 * CLI check: hkz heat su2-sub --method integral --t 1 --r 0.3 --z 1e30 */
#include <string.h>
#include "hkz_test.h"

static void check_msg(const char *what, const char *needle)
{
    HKZ_TEST_CHECK(strstr(hkz_errmsg(), needle) != NULL,
                   "%s: message '%s' does not name '%s'", what, hkz_errmsg(),
                   needle);
}

int main(void)
{
    arb_t t, r, z, v, w;
    static const char *zs[] = {"1e30", "-1e30", "123456789012345678.5",
                               "1e60"};
    slong i;

    arb_init(t);
    arb_init(r);
    arb_init(z);
    arb_init(v);
    arb_init(w);
    arb_set_str(t, "1", 256);
    arb_set_str(r, "0.3", 256);

    /* large z: the integral agrees with the spectral sum */
    for (i = 0; i < 4; i++)
    {
        arb_set_str(z, zs[i], 512);
        HKZ_TEST_OK(hkz_su2_heat_sub_integral(v, t, r, z, 64));
        HKZ_TEST_OK(hkz_su2_heat_sub(w, t, r, z, 0, 64));
        HKZ_TEST_OVERLAP(v, w, zs[i]);
        HKZ_TEST_CHECK(arb_rel_accuracy_bits(v) >= 50, "z = %s: %ld bits",
                       zs[i], (long) arb_rel_accuracy_bits(v));
    }

    /* z beyond 2^65536: refused, the message names z */
    arb_one(z);
    arb_mul_2exp_si(z, z, 70000);
    HKZ_TEST_STATUS(hkz_su2_heat_sub_integral(v, t, r, z, 64),
                    HKZ_ERR_TOO_LARGE);
    check_msg("z = 2^70000", "z = ");
    check_msg("z = 2^70000", "too large");
    HKZ_TEST_CHECK(strstr(hkz_errmsg(), "t = ") == NULL,
                   "z = 2^70000: message blames t: %s", hkz_errmsg());
    HKZ_TEST_CHECK(!arb_is_finite(v), "indeterminate on error");

    /* t below the method's range */
    arb_set_str(t, "1e-5", 256);
    arb_set_str(z, "0.5", 256);
    HKZ_TEST_STATUS(hkz_su2_heat_sub_integral(v, t, r, z, 64),
                    HKZ_ERR_TOO_LARGE);
    check_msg("t = 1e-5", "t = ");
    check_msg("t = 1e-5", "range");

    /* too much cancellation (t = 2e-4, |z| = 3): names it */
    arb_set_str(t, "2e-4", 256);
    arb_set_str(z, "3", 256);
    HKZ_TEST_STATUS(hkz_su2_heat_sub_integral(v, t, r, z, 64),
                    HKZ_ERR_TOO_LARGE);
    check_msg("t = 2e-4, z = 3", "cancel");

    arb_clear(t);
    arb_clear(r);
    arb_clear(z);
    arb_clear(v);
    arb_clear(w);
    HKZ_TEST_END("su2_integral.large_z");
}
