/* The double fast path (not certified) against the certified value: within
 * 1e-12 relative where (3.1) does not cancel badly (moderate t), on the
 * fibre (closed form, any t < 1), and for derivatives at the identity
 * (all terms of one sign). */
#include <math.h>
#include "sub_test.h"

static double rand_d(flint_rand_t state, double lo, double hi)
{
    return lo + (hi - lo) * ldexp((double) n_randint(state, 1 << 20), -20);
}

static void check(double t, double r, double z, ulong d, double tol)
{
    arb_t at, ar, az, v;
    double x, ref;

    arb_init(at);
    arb_init(ar);
    arb_init(az);
    arb_init(v);
    arb_set_d(at, t);
    arb_set_d(ar, r);
    arb_set_d(az, z);
    HKZ_TEST_OK(hkz_su2_heat_sub(v, at, ar, az, d, 80));
    HKZ_TEST_OK(hkz_su2_heat_sub_d(&x, t, r, z, d));
    ref = arf_get_d(arb_midref(v), ARF_RND_NEAR);
    HKZ_TEST_CHECK(fabs(x - ref) <= tol * fabs(ref),
                   "double path t=%.17g r=%.17g z=%.17g d=%lu: %.17g vs "
                   "%.17g (rel %.3g)", t, r, z, (unsigned long) d, x, ref,
                   fabs(x - ref) / fabs(ref));
    arb_clear(at);
    arb_clear(ar);
    arb_clear(az);
    arb_clear(v);
}

int main(void)
{
    flint_rand_t state;
    slong iter;

    hkz_test_rand_init(state);
    for (iter = 0; iter < hkz_test_iters(100); iter++)
    {
        /* off the fibre, t >= 0.3: at most ~16 bits of cancellation */
        check(rand_d(state, 0.3, 4.0), rand_d(state, 0.0, M_PI / 2),
              rand_d(state, -M_PI, M_PI), 0, 1e-12);
        /* the fibre, closed form */
        check(rand_d(state, 0.02, 0.999), 0.0, rand_d(state, -4.0, 4.0), 0,
              1e-12);
        /* derivatives at e */
        check(rand_d(state, 0.1, 4.0), 0.0, 0.0, 1 + n_randint(state, 2),
              1e-12);
    }
    check(0.01, 0.0, 0.0, 0, 1e-12);
    check(5.0, 0.0, 0.0, 0, 1e-14);
    check(30.0, 1.0, 2.0, 0, 1e-14);
    check(0.3, M_PI / 2, 1.0, 0, 1e-12);
    check(1.0, 1.2, -2.5, 0, 1e-13);
    hkz_rand_clear(state);
    HKZ_TEST_END("su2_sub.double");
}
