/* Random points: two precisions overlap, evenness and 2 pi periodicity in
 * z, automatic vs spectral route, and 0 < p_t(g) and |p_t(g) - 1| <=
 * p_t(e) - 1 (|D^n_kk| <= 1; spec heat_kernels_su2.md section 5.2). */
#include "sub_test.h"

/* x = random dyadic in [lo, hi) with 20 random bits */
static void rand_in(arb_t x, flint_rand_t state, double lo, double hi)
{
    arb_set_d(x, lo + (hi - lo) * ldexp((double) n_randint(state, 1 << 20),
                                        -20));
}

int main(void)
{
    flint_rand_t state;
    arb_t t, r, z, z2, zero, a, b, c, pe, twopi;
    slong iter, p1, p2;
    ulong d;

    hkz_test_rand_init(state);
    arb_init(t);
    arb_init(r);
    arb_init(z);
    arb_init(z2);
    arb_init(zero);
    arb_init(a);
    arb_init(b);
    arb_init(c);
    arb_init(pe);
    arb_init(twopi);
    arb_const_pi(twopi, 1000);
    arb_mul_2exp_si(twopi, twopi, 1);
    for (iter = 0; iter < hkz_test_iters(100); iter++)
    {
        /* log-uniform t in [0.05, 4] */
        rand_in(t, state, log(0.05), log(4.0));
        arb_exp(t, t, 1000);
        rand_in(r, state, 0.0, 1.5707963);
        if (iter % 5 == 0)
            arb_zero(r);   /* the fibre */
        rand_in(z, state, -3.2, 3.2);
        d = n_randint(state, 4) == 0 ? n_randint(state, 3) : 0;
        p1 = 30 + n_randint(state, 200);
        p2 = p1 + 1 + n_randint(state, 200);

        HKZ_TEST_OK(hkz_su2_heat_sub(a, t, r, z, d, p1));
        HKZ_TEST_OK(hkz_su2_heat_sub(b, t, r, z, d, p2));
        HKZ_TEST_OVERLAP(a, b, "two precisions");
        /* (a derivative may vanish: relative accuracy only for d = 0) */
        HKZ_TEST_CHECK(d != 0 || arb_rel_accuracy_bits(b) >= p2 - 10,
                       "accuracy %ld at prec %ld (iter %ld)",
                       (long) arb_rel_accuracy_bits(b), (long) p2,
                       (long) iter);
        HKZ_TEST_OK(hkz_su2_heat_sub_spectral(c, t, r, z, d, p2 + 80));
        HKZ_TEST_OVERLAP(b, c, "automatic vs spectral");

        arb_neg(z2, z);
        HKZ_TEST_OK(hkz_su2_heat_sub(c, t, r, z2, d, p2));
        HKZ_TEST_OVERLAP(b, c, "p(r, -z) = p(r, z)");
        arb_add(z2, z, twopi, 1000);
        if (iter % 2)
            arb_submul_ui(z2, twopi, 4, 1000);   /* z - 6 pi */
        HKZ_TEST_OK(hkz_su2_heat_sub(c, t, r, z2, d, p2));
        HKZ_TEST_OVERLAP(b, c, "p(r, z + 2 pi n) = p(r, z)");

        if (d == 0)
        {
            HKZ_TEST_OK(hkz_su2_heat_sub(pe, t, zero, zero, 0, p2));
            HKZ_TEST_CHECK(!arb_is_nonpositive(b), "p_t(g) > 0");
            arb_sub_ui(c, b, 1, p2);
            arb_abs(c, c);
            arb_sub_ui(pe, pe, 1, p2);
            HKZ_TEST_CHECK(!arb_gt(c, pe), "|p_t(g) - 1| <= p_t(e) - 1");
        }
    }
    arb_clear(t);
    arb_clear(r);
    arb_clear(z);
    arb_clear(z2);
    arb_clear(zero);
    arb_clear(a);
    arb_clear(b);
    arb_clear(c);
    arb_clear(pe);
    arb_clear(twopi);
    hkz_rand_clear(state);
    HKZ_TEST_END("su2_sub.random");
}
