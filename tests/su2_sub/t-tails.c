/* Soundness of the truncation bounds: at very low precision the sums are
 * cut hard (the tail bound, not rounding, dominates the radius), so the
 * low-precision ball must contain the sharp one computed at 300 bits.
 * Covers the spectral k- and m-tails (section 3.5), their derivative
 * versions, and the k-tail of the fibre closed form (3.4). */
#include "sub_test.h"

static void rand_in(arb_t x, flint_rand_t state, double lo, double hi)
{
    arb_set_d(x, lo + (hi - lo) * ldexp((double) n_randint(state, 1 << 20),
                                        -20));
}

int main(void)
{
    flint_rand_t state;
    arb_t t, r, z, lo, hi;
    slong iter, p;
    ulong d;

    hkz_test_rand_init(state);
    arb_init(t);
    arb_init(r);
    arb_init(z);
    arb_init(lo);
    arb_init(hi);
    for (iter = 0; iter < hkz_test_iters(200); iter++)
    {
        rand_in(t, state, log(0.02), log(20.0));
        arb_exp(t, t, 600);
        rand_in(r, state, 0.0, 1.5707963);
        if (iter % 4 == 0)
            arb_zero(r);
        rand_in(z, state, -3.2, 3.2);
        d = iter % 3 == 0 ? n_randint(state, 6) : 0;
        p = 2 + n_randint(state, 24);

        HKZ_TEST_OK(hkz_su2_heat_sub_spectral(hi, t, r, z, d, 300));
        HKZ_TEST_OK(hkz_su2_heat_sub_spectral(lo, t, r, z, d, p));
        HKZ_TEST_CHECK(arb_contains(lo, hi), "spectral tail: prec %ld, "
                       "d %lu, iter %ld", (long) p, (unsigned long) d,
                       (long) iter);
        if (arb_is_zero(r) && d == 0)
        {
            HKZ_TEST_OK(hkz_su2_heat_sub_fibre(lo, t, z, p));
            HKZ_TEST_CHECK(arb_contains(lo, hi), "fibre tail: prec %ld, "
                           "iter %ld", (long) p, (long) iter);
        }
    }
    arb_clear(t);
    arb_clear(r);
    arb_clear(z);
    arb_clear(lo);
    arb_clear(hi);
    hkz_rand_clear(state);
    HKZ_TEST_END("su2_sub.tails");
}
