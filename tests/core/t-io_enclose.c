/* hkz_ball_get_d: [mid - rad, mid + rad] contains the ball (issue 18.3),
 * mid is the double nearest to the midpoint, and non-finite balls keep
 * their conventions. */
#include <math.h>
#include "hkz_test.h"

/* the exact interval [mid - rad, mid + rad] as a ball (rad rounded up
 * into a mag: only wider) contains x */
static int encloses(double mid, double rad, const arb_t x)
{
    arb_t y;
    int r;
    arb_init(y);
    arf_set_d(arb_midref(y), mid);
    mag_set_d(arb_radref(y), rad);
    r = arb_contains(y, x);
    arb_clear(y);
    return r;
}

int main(void)
{
    flint_rand_t state;
    arb_t x;
    double mid, rad;
    slong iter;

    hkz_test_rand_init(state);
    arb_init(x);
    for (iter = 0; iter < hkz_test_iters(20000); iter++)
    {
        slong prec = 2 + n_randint(state, 300);
        arb_randtest(x, state, prec, n_randint(state, 2) ? 8 : 1100);
        if (n_randint(state, 4) == 0)
            mag_zero(arb_radref(x));
        hkz_ball_get_d(&mid, &rad, x);
        if (!arb_is_finite(x))
        {
            HKZ_TEST_CHECK(rad == INFINITY, "non-finite ball, rad %g", rad);
            continue;
        }
        if (!isfinite(mid))
        {
            /* the midpoint is beyond the doubles */
            HKZ_TEST_CHECK(rad == INFINITY && arf_cmpabs_2exp_si(
                           arb_midref(x), 1023) >= 0, "overflow");
            continue;
        }
        HKZ_TEST_CHECK(mid == arf_get_d(arb_midref(x), ARF_RND_NEAR),
                       "mid is not the nearest double");
        {
            /* rad: the bits of the formula through Arb's arf_get_d (the
               conversion has its own path without MPFR) */
            arf_t d;
            mag_t m;
            arf_init(d);
            mag_init(m);
            arf_set_d(d, mid);
            arf_sub(d, arb_midref(x), d, ARF_PREC_EXACT, ARF_RND_DOWN);
            arf_get_mag(m, d);
            mag_add(m, m, arb_radref(x));
            arf_set_mag(d, m);
            HKZ_TEST_CHECK(rad == arf_get_d(d, ARF_RND_UP), "rad %.17g is "
                           "not Arb's upward double", rad);
            arf_clear(d);
            mag_clear(m);
        }
        HKZ_TEST_CHECK(rad >= 0 && encloses(mid, rad, x),
                       "[%.17g +/- %.17g] misses the ball", mid, rad);
        /* rad is not needlessly wide: at most a few ulps above the
           distance plus the radius (both upper bounds, rounded up) */
        if (!mag_is_zero(arb_radref(x)) || rad != 0)
        {
            arb_t e;
            mag_t m;
            arb_init(e);
            mag_init(m);
            arb_set_d(e, mid);
            arb_sub(e, e, x, ARF_PREC_EXACT);
            arb_get_mag(m, e);
            HKZ_TEST_CHECK(rad <= 1.0001 * mag_get_d(m) + 1e-300,
                           "rad %g too wide", rad);
            mag_clear(m);
            arb_clear(e);
        }
    }

    /* issue 18: 30 digits of a ball whose midpoint is 4e-17 from the
       nearest double; the bare radius (1e-40) does not reach the truth */
    HKZ_TEST_OK(hkz_ball_set_str(x, "[1.489421113832661756 +/- 1e-30]",
                                 200));
    hkz_ball_get_d(&mid, &rad, x);
    HKZ_TEST_CHECK(encloses(mid, rad, x) && rad > 1e-17 && rad < 1e-16,
                   "issue example: rad %g", rad);

    /* ties go to even, as MPFR's nearest: 1 + 2^-53 -> 1, 1 + 3 2^-53
       -> 1 + 2^-51, at 1 and near the low end of the normal range */
    {
        slong e;
        for (e = -1018; e <= 1019; e += 1019)
        {
            arb_one(x);
            arb_mul_2exp_si(x, x, e);
            arf_set_ui_2exp_si(arb_midref(x), (UWORD(1) << 53) + 1, e - 53);
            hkz_ball_get_d(&mid, &rad, x);
            HKZ_TEST_CHECK(mid == ldexp(1.0, (int) e), "tie at 2^%ld",
                           (long) e);
            arf_set_ui_2exp_si(arb_midref(x), (UWORD(1) << 53) + 3, e - 53);
            hkz_ball_get_d(&mid, &rad, x);
            HKZ_TEST_CHECK(mid == ldexp(1.0 + ldexp(1.0, -51), (int) e),
                           "tie up at 2^%ld", (long) e);
        }
    }

    /* non-finite conventions */
    arb_indeterminate(x);
    hkz_ball_get_d(&mid, &rad, x);
    HKZ_TEST_CHECK(isnan(mid) && rad == INFINITY, "nan ball");
    arb_pos_inf(x);
    hkz_ball_get_d(&mid, &rad, x);
    HKZ_TEST_CHECK(mid == INFINITY && rad == INFINITY, "+inf ball");
    arb_one(x);
    mag_inf(arb_radref(x));
    hkz_ball_get_d(&mid, &rad, x);
    HKZ_TEST_CHECK(isnan(mid) && rad == INFINITY, "infinite radius");

    arb_clear(x);
    hkz_rand_clear(state);
    HKZ_TEST_END("io_enclose");
}
