/* Random tests of the distances (spec 4.2):
 * - d_R <= d_sR <= pi and d_sR^2 <= 2 pi d_R (a failure needs a ball that
 *   proves the inequality false; undecided cases are counted);
 * - the Lipschitz bound |d_sR(r, z) - d_sR(0, z)| <= r near the fibre;
 * - two precisions overlap, and the double paths agree;
 * - input balls: the result contains the distance of points of the balls. */
#include <math.h>
#include "hkz_test.h"

static double rand_unit(flint_rand_t state)
{
    return (double) n_randint(state, UWORD(1) << 52) / 4503599627370496.0;
}

/* r in [0, pi/2], often tiny or close to pi/2 */
static double rand_rcoord(flint_rand_t state)
{
    switch (n_randint(state, 6))
    {
        case 0:
            return ldexp(rand_unit(state), -(int) n_randint(state, 80));
        case 1:
            return 1.5707963267948966 - ldexp(rand_unit(state),
                                              -(int) n_randint(state, 40));
        case 2:
            return 0.0;
        default:
            return 1.5707963267948966 * rand_unit(state);
    }
}

/* z anywhere in [-7, 7], often small or close to +-pi */
static double rand_zcoord(flint_rand_t state)
{
    double s = n_randint(state, 2) ? 1.0 : -1.0;
    switch (n_randint(state, 5))
    {
        case 0:
            return s * ldexp(rand_unit(state), -(int) n_randint(state, 60));
        case 1:
            return s * (3.141592653589793 - ldexp(rand_unit(state),
                                               -(int) n_randint(state, 40)));
        default:
            return s * 7.0 * rand_unit(state);
    }
}

int main(void)
{
    flint_rand_t state;
    arb_t r, z, dR, dS, d0, d2, e2, pi, t, u, rb, zb;
    slong iter, iters, undecided = 0, compared = 0, balls = 0;

    hkz_test_rand_init(state);
    arb_init(r);
    arb_init(z);
    arb_init(dR);
    arb_init(dS);
    arb_init(d0);
    arb_init(d2);
    arb_init(e2);
    arb_init(pi);
    arb_init(t);
    arb_init(u);
    arb_init(rb);
    arb_init(zb);

    iters = hkz_test_iters(100);
    for (iter = 0; iter < iters; iter++)
    {
        slong prec = 40 + n_randint(state, 160);
        double rd = rand_rcoord(state), zd = rand_zcoord(state), dd;

        arb_const_pi(pi, prec);
        arb_set_d(r, rd);
        arb_set_d(z, zd);
        HKZ_TEST_OK(hkz_su2_dist_riem(dR, r, z, prec));
        HKZ_TEST_OK(hkz_su2_dist_cc(dS, r, z, prec));
        HKZ_TEST_CHECK(arb_is_finite(dS) && arb_rel_accuracy_bits(dS)
                       > prec / 2 - 10, "d_sR accuracy %ld at prec %ld "
                       "(r = %.17g, z = %.17g)",
                       (long) arb_rel_accuracy_bits(dS), (long) prec, rd, zd);

        /* comparisons (spec 4.2) */
        compared++;
        HKZ_TEST_CHECK(!arb_gt(dR, dS), "d_R > d_sR (r = %.17g, z = %.17g)",
                       rd, zd);
        HKZ_TEST_CHECK(!arb_gt(dS, pi), "d_sR > pi (r = %.17g, z = %.17g)",
                       rd, zd);
        arb_sqr(t, dS, prec);
        arb_mul(u, dR, pi, prec);
        arb_mul_2exp_si(u, u, 1);
        HKZ_TEST_CHECK(!arb_gt(t, u), "d_sR^2 > 2 pi d_R (r = %.17g, "
                       "z = %.17g)", rd, zd);
        if (!arb_le(dR, dS) || !arb_le(dS, pi) || !arb_le(t, u))
            undecided++;

        /* Lipschitz near the fibre: |d(r, z) - d(0, z)| <= r */
        arb_zero(t);
        HKZ_TEST_OK(hkz_su2_dist_cc(d0, t, z, prec));
        arb_sub(t, dS, d0, prec);
        arb_abs(t, t);
        HKZ_TEST_CHECK(!arb_gt(t, r), "Lipschitz (r = %.17g, z = %.17g)",
                       rd, zd);

        /* two precisions */
        HKZ_TEST_OK(hkz_su2_dist_cc(d2, r, z, 2 * prec + 17));
        HKZ_TEST_OVERLAP(dS, d2, "d_sR at two precisions");
        HKZ_TEST_OK(hkz_su2_dist_riem(e2, r, z, 2 * prec + 17));
        HKZ_TEST_OVERLAP(dR, e2, "d_R at two precisions");

        /* double paths (not certified): absolute 1e-12 */
        HKZ_TEST_OK(hkz_su2_dist_riem_d(&dd, rd, zd));
        HKZ_TEST_CHECK(fabs(dd - arf_get_d(arb_midref(e2), ARF_RND_NEAR))
                       < 1e-12, "double d_R %.17g (r = %.17g, z = %.17g)",
                       dd, rd, zd);
        HKZ_TEST_OK(hkz_su2_dist_cc_d(&dd, rd, zd));
        HKZ_TEST_CHECK(fabs(dd - arf_get_d(arb_midref(d2), ARF_RND_NEAR))
                       < 1e-12, "double d_sR %.17g (r = %.17g, z = %.17g)",
                       dd, rd, zd);

        /* input balls: contain the distances of random inner points */
        if (iter % 3 == 0)
        {
            int k;
            double rr = ldexp(1.0, -(int) n_randint(state, 50));
            double rz = ldexp(1.0, -(int) n_randint(state, 50));

            arb_set(rb, r);
            mag_set_d(arb_radref(rb), rr);
            arb_set(zb, z);
            mag_set_d(arb_radref(zb), rz);
            HKZ_TEST_OK(hkz_su2_dist_cc(dS, rb, zb, prec));
            HKZ_TEST_OK(hkz_su2_dist_riem(dR, rb, zb, prec));
            for (k = 0; k < 3; k++)
            {
                /* a point of the balls inside the domain r in [0, pi/2] */
                double rp = rd + rr * (2 * rand_unit(state) - 1);
                double zp = zd + rz * (2 * rand_unit(state) - 1);
                if (k == 0)
                {
                    rp = rd + rr;
                    zp = zd - rz;
                }
                if (rp < 0)
                    rp = 0;
                if (rp > 1.5707963267948966)
                    rp = 1.5707963267948966;
                arb_set_d(t, rp);
                arb_set_d(u, zp);
                if (!arb_contains(rb, t) || !arb_contains(zb, u))
                    continue;
                balls++;
                HKZ_TEST_OK(hkz_su2_dist_cc(d2, t, u, prec + 30));
                HKZ_TEST_CHECK(arb_overlaps(dS, d2), "ball d_sR misses a "
                               "point (r = %.17g +/- %g, z = %.17g +/- %g)",
                               rd, rr, zd, rz);
                HKZ_TEST_OK(hkz_su2_dist_riem(d2, t, u, prec + 30));
                HKZ_TEST_CHECK(arb_overlaps(dR, d2), "ball d_R misses a "
                               "point");
            }
        }
    }
    /* undecided comparisons come from the equality cases z = 0, r = pi/2,
       r = 0 with z = pi, which rand_rcoord / rand_zcoord hit on purpose */
    HKZ_TEST_CHECK(undecided * 5 <= compared, "too many undecided "
                   "comparisons: %ld of %ld", (long) undecided,
                   (long) compared);
    HKZ_TEST_CHECK(balls > iters / 10, "too few ball points: %ld",
                   (long) balls);

    arb_clear(r);
    arb_clear(z);
    arb_clear(dR);
    arb_clear(dS);
    arb_clear(d0);
    arb_clear(d2);
    arb_clear(e2);
    arb_clear(pi);
    arb_clear(t);
    arb_clear(u);
    arb_clear(rb);
    arb_clear(zb);
    hkz_rand_clear(state);
    printf("undecided comparisons: %ld of %ld\n", (long) undecided,
           (long) compared);
    HKZ_TEST_END("su2_dist.random");
}
