/* Curie-Weiss zeros by the saddle-line integral at N where many zeros
 * share one set of nodes (ising/cw/cw_integral_block.c): complete, in
 * (0, pi/2), to the goal; the same balls (arb_equal) with 1 and 2
 * threads (the block anchors depend on the zero alone); overlapping
 * balls at another accuracy goal (other blocks, other precision);
 * increasing.  Values against mpmath: bench/cw_mpmath_check.py. */
#include "hkz_test.h"

int main(void)
{
    static const slong Ns[] = {3000, 4001};
    static const double betas[] = {0.5, 1.0, 2.0};
    hkz_ly_opts_t o;
    arb_t t, hpi;
    slong a, b, j;

    arb_init(t);
    arb_init(hpi);
    arb_const_pi(hpi, 128);
    arb_mul_2exp_si(hpi, hpi, -1);
    for (a = 0; a < 2; a++)
        for (b = 0; b < 3; b++)
        {
            slong N = Ns[a], n = N / 2;
            hkz_ly_zeros_t z1, z2, z3;

            arb_set_d(t, betas[b]);
            arb_div_si(t, t, N, 128);
            hkz_ly_opts_init(&o);
            hkz_ly_opts_set_digits(&o, 15);
            o.method = HKZ_LY_METHOD_INTEGRAL;
            hkz_ly_zeros_init(z1, N);
            hkz_ly_zeros_init(z2, N);
            hkz_ly_zeros_init(z3, N);
            o.nthreads = 1;
            HKZ_TEST_OK(hkz_ly_cw_zeros(z1, N, t, &o));
            o.nthreads = 2;
            HKZ_TEST_OK(hkz_ly_cw_zeros(z2, N, t, &o));
            hkz_ly_opts_set_digits(&o, 22);
            HKZ_TEST_OK(hkz_ly_cw_zeros(z3, N, t, &o));
            HKZ_TEST_CHECK(z1->complete && z2->complete && z3->complete,
                           "N=%ld beta=%g: not complete", (long) N,
                           betas[b]);
            for (j = 0; j < n && z1->complete && z3->complete; j++)
            {
                HKZ_TEST_CHECK(arb_equal(z1->theta + j, z2->theta + j),
                               "N=%ld beta=%g zero %ld: 1 and 2 threads "
                               "differ", (long) N, betas[b], (long) j + 1);
                HKZ_TEST_OVERLAP(z1->theta + j, z3->theta + j, "15 vs 22 "
                                 "digits");
                HKZ_TEST_CHECK(arb_is_positive(z1->theta + j) &&
                               arb_lt(z1->theta + j, hpi),
                               "theta in (0, pi/2)");
                HKZ_TEST_CHECK(arb_rel_accuracy_bits(z1->theta + j) >=
                               o.goal.rel_bits * 15 / 22 - 2 &&
                               arb_rel_accuracy_bits(z3->theta + j) >=
                               o.goal.rel_bits - 2, "accuracy goal");
                HKZ_TEST_CHECK(j == 0 || arb_gt(z1->theta + j,
                               z1->theta + j - 1), "increasing");
            }
            hkz_ly_zeros_clear(z1);
            hkz_ly_zeros_clear(z2);
            hkz_ly_zeros_clear(z3);
        }
    arb_clear(t);
    arb_clear(hpi);
    HKZ_TEST_END("ly.cw_block");
}
