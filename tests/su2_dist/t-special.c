/* Special values of the CC distance (spec 4.2): z = 0 -> r, |z| = pi ->
 * pi - r, r = pi/2 -> pi/2, the fibre sqrt(2 pi |z| - z^2); symmetry in z
 * and 2 pi periodicity; the same for the double path. */
#include <math.h>
#include "hkz_test.h"

#define PREC 128

static const char *rs[] = {"0.3", "0.01", "1.2", "1.5", "1e-6", "0.7"};

int main(void)
{
    arb_t r, z, d, d2, want, pi, t;
    size_t i;
    int k;

    arb_init(r);
    arb_init(z);
    arb_init(d);
    arb_init(d2);
    arb_init(want);
    arb_init(pi);
    arb_init(t);
    arb_const_pi(pi, PREC);

    for (i = 0; i < sizeof(rs) / sizeof(rs[0]); i++)
    {
        double rd = strtod(rs[i], NULL), dd;

        HKZ_TEST_OK(hkz_ball_set_str(r, rs[i], PREC));

        /* z = 0 (exact) and z = 2 pi (a ball): d = r */
        arb_zero(z);
        HKZ_TEST_OK(hkz_su2_dist_cc(d, r, z, PREC));
        HKZ_TEST_CHECK(arb_equal(d, r), "z = 0: d = r (r = %s)", rs[i]);
        arb_mul_2exp_si(z, pi, 1);
        HKZ_TEST_OK(hkz_su2_dist_cc(d, r, z, PREC));
        HKZ_TEST_CHECK(arb_overlaps(d, r)
                       && arb_rel_accuracy_bits(d) > PREC - 20,
                       "z = 2 pi: d = r (r = %s)", rs[i]);

        /* |z| = pi, -pi, 3 pi (balls): d = pi - r */
        arb_sub(want, pi, r, PREC);
        for (k = -1; k <= 3; k += 2)
        {
            arb_mul_si(z, pi, k, PREC);
            HKZ_TEST_OK(hkz_su2_dist_cc(d, r, z, PREC));
            HKZ_TEST_CHECK(arb_overlaps(d, want)
                           && arb_rel_accuracy_bits(d) > PREC - 20,
                           "z = %d pi: d = pi - r (r = %s)", k, rs[i]);
        }

        /* symmetry and periodicity in z */
        arb_set_d(z, 1.25);
        HKZ_TEST_OK(hkz_su2_dist_cc(d, r, z, PREC));
        arb_neg(z, z);
        HKZ_TEST_OK(hkz_su2_dist_cc(d2, r, z, PREC));
        HKZ_TEST_OVERLAP(d, d2, "d(r, -z) = d(r, z)");
        arb_addmul_si(z, pi, 4, PREC);
        HKZ_TEST_OK(hkz_su2_dist_cc(d2, r, z, PREC));
        HKZ_TEST_OVERLAP(d, d2, "d(r, 4 pi - z) = d(r, z)");

        /* the double path at the same special values */
        HKZ_TEST_OK(hkz_su2_dist_cc_d(&dd, rd, 0.0));
        HKZ_TEST_CHECK(dd == rd, "double z = 0");
        HKZ_TEST_OK(hkz_su2_dist_cc_d(&dd, rd, 3.141592653589793));
        HKZ_TEST_CHECK(fabs(dd - (3.141592653589793 - rd)) < 1e-7,
                       "double z = pi: %.17g (r = %s)", dd, rs[i]);
        HKZ_TEST_OK(hkz_su2_dist_cc_d(&dd, rd, -1.25));
        arb_set_d(z, -1.25);
        arb_set_d(t, rd);
        HKZ_TEST_OK(hkz_su2_dist_cc(d, t, z, PREC));
        HKZ_TEST_CHECK(fabs(dd - arf_get_d(arb_midref(d), ARF_RND_NEAR))
                       < 1e-13, "double z = -1.25 (r = %s)", rs[i]);
    }

    /* r = pi/2: d = pi/2 for every z */
    arb_mul_2exp_si(r, pi, -1);
    for (k = -3; k <= 4; k++)
    {
        double dd;
        arb_set_si(z, k);
        HKZ_TEST_OK(hkz_su2_dist_cc(d, r, z, PREC));
        HKZ_TEST_CHECK(arb_overlaps(d, r)
                       && arb_rel_accuracy_bits(d) > PREC - 10,
                       "r = pi/2, z = %d", k);
        HKZ_TEST_OK(hkz_su2_dist_cc_d(&dd, 1.5707963267948966, k));
        HKZ_TEST_CHECK(fabs(dd - 1.5707963267948966) < 1e-15,
                       "double r = pi/2");
    }

    /* fibre r = 0: sqrt(2 pi |z| - z^2), exactly through the fibre formula */
    arb_zero(r);
    arb_set_d(z, -0.125);
    HKZ_TEST_OK(hkz_su2_dist_cc(d, r, z, PREC));
    arb_mul_2exp_si(want, pi, 1);
    arb_add(want, want, z, PREC);           /* 2 pi - 1/8 = 2 pi - |z| */
    arb_mul_2exp_si(want, want, -3);        /* |z| (2 pi - |z|) */
    arb_sqrt(want, want, PREC);
    HKZ_TEST_CHECK(arb_overlaps(d, want) && arb_rel_accuracy_bits(d) > PREC - 10,
                   "fibre z = -1/8");

    arb_clear(r);
    arb_clear(z);
    arb_clear(d);
    arb_clear(d2);
    arb_clear(want);
    arb_clear(pi);
    arb_clear(t);
    HKZ_TEST_END("su2_dist.special");
}
