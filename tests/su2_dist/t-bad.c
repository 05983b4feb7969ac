/* Bad inputs of the distance functions: HKZ_ERR_DOMAIN with a message and
 * an indeterminate (or NaN) result; balls that only touch the domain
 * [0, pi/2] are accepted. */
#include <math.h>
#include "hkz_test.h"

typedef int (*dist_fn)(arb_t, const arb_t, const arb_t, slong);
typedef int (*dist_d_fn)(double *, double, double);

int main(void)
{
    dist_fn fns[2] = {hkz_su2_dist_riem, hkz_su2_dist_cc};
    dist_d_fn dfns[2] = {hkz_su2_dist_riem_d, hkz_su2_dist_cc_d};
    const double bad_r[] = {-0.1, 2.0, 1.5708, NAN, INFINITY};
    arb_t r, z, d, t;
    int k;
    size_t i;

    arb_init(r);
    arb_init(z);
    arb_init(d);
    arb_init(t);

    for (k = 0; k < 2; k++)
    {
        double dd;

        arb_set_d(z, 1.0);
        for (i = 0; i < sizeof(bad_r) / sizeof(bad_r[0]); i++)
        {
            if (isfinite(bad_r[i]))
                arb_set_d(r, bad_r[i]);
            else if (isnan(bad_r[i]))
                arb_indeterminate(r);
            else
                arb_pos_inf(r);
            arb_one(d);
            HKZ_TEST_STATUS(fns[k](d, r, z, 64), HKZ_ERR_DOMAIN);
            HKZ_TEST_CHECK(!arb_is_finite(d), "indeterminate on error");
            HKZ_TEST_CHECK(strstr(hkz_errmsg(), "hkz_su2_dist_") != NULL,
                           "message names the function: %s", hkz_errmsg());
            dd = 1.0;
            HKZ_TEST_STATUS(dfns[k](&dd, bad_r[i], 1.0), HKZ_ERR_DOMAIN);
            HKZ_TEST_CHECK(isnan(dd), "NaN on error");
        }

        arb_set_d(r, 0.5);
        HKZ_TEST_STATUS(fns[k](d, r, z, 1), HKZ_ERR_ARG);

        /* z not finite */
        arb_set_d(r, 0.5);
        arb_indeterminate(z);
        HKZ_TEST_STATUS(fns[k](d, r, z, 64), HKZ_ERR_DOMAIN);
        arb_neg_inf(z);
        HKZ_TEST_STATUS(fns[k](d, r, z, 64), HKZ_ERR_DOMAIN);
        HKZ_TEST_STATUS(dfns[k](&dd, 0.5, NAN), HKZ_ERR_DOMAIN);
        HKZ_TEST_STATUS(dfns[k](&dd, 0.5, -INFINITY), HKZ_ERR_DOMAIN);
        /* a huge z is fine (reduced mod 2 pi) */
        arb_set_d(z, 1e30);
        HKZ_TEST_OK(fns[k](d, r, z, 128));
        HKZ_TEST_CHECK(arb_is_finite(d) && arb_rel_accuracy_bits(d) > 90,
                       "z = 1e30");

        /* balls straddling 0 or pi/2 are clamped to the domain */
        arb_set_d(z, 1.0);
        arb_zero(r);
        mag_set_d(arb_radref(r), 1e-10);
        HKZ_TEST_OK(fns[k](d, r, z, 64));
        HKZ_TEST_CHECK(arb_is_finite(d), "r = [0 +/- 1e-10]");
        arb_const_pi(r, 64);
        arb_mul_2exp_si(r, r, -1);
        mag_set_d(arb_radref(r), 1e-10);
        HKZ_TEST_OK(fns[k](d, r, z, 64));
        arb_const_pi(t, 64);
        arb_mul_2exp_si(t, t, -1);
        HKZ_TEST_CHECK(arb_is_finite(d) && (k == 0 || arb_overlaps(d, t)),
                       "r = [pi/2 +/- 1e-10]");
        /* ... but a ball entirely outside is not */
        arb_set_d(r, -1e-5);
        mag_set_d(arb_radref(r), 1e-6);
        HKZ_TEST_STATUS(fns[k](d, r, z, 64), HKZ_ERR_DOMAIN);
    }

    arb_clear(r);
    arb_clear(z);
    arb_clear(d);
    arb_clear(t);
    HKZ_TEST_END("su2_dist.bad");
}
