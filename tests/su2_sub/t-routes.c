/* Two independent routes on the fibre: the spectral sum (3.1) against the
 * closed form (3.4) ((3.3) at z = 0); and the large-t expansion of p_t(e)
 * (spec heat_kernels_su2.md section 3.2). */
#include "sub_test.h"

static void check_fibre_point(const arb_t t, const arb_t z, slong prec)
{
    arb_t zero, a, b;

    arb_init(zero);
    arb_init(a);
    arb_init(b);
    /* +100 bits: the spectral sum cancels down to e^{-d_sR^2/(4t)} */
    HKZ_TEST_OK(hkz_su2_heat_sub_spectral(a, t, zero, z, 0, prec + 100));
    HKZ_TEST_OK(hkz_su2_heat_sub_fibre(b, t, z, prec));
    HKZ_TEST_OVERLAP(a, b, "spectral vs fibre closed form");
    /* both routes must be informative, else overlap proves little */
    HKZ_TEST_CHECK(arb_rel_accuracy_bits(a) >= prec / 2
                   && arb_rel_accuracy_bits(b) >= prec - 10,
                   "accuracy: spectral %ld, fibre %ld bits (prec %ld)",
                   (long) arb_rel_accuracy_bits(a),
                   (long) arb_rel_accuracy_bits(b), (long) prec);
    arb_clear(zero);
    arb_clear(a);
    arb_clear(b);
}

static void check_large_t(void)
{
    /* p_5(e) = 1 + 4e^{-10} + 6e^{-20} + 8e^{-30} + 13e^{-40} + 12e^{-50}
     * + R, where R = sum_{lambda >= 12} mult e^{-5 lambda} and, since
     * e^{-5 lambda} <= e^{-48} e^{-lambda} for lambda >= 12,
     * 0 <= R <= e^{-48} (p_1(e) - 1) < 0.6761 e^{-48} (R10). */
    static const int coef[6] = {1, 4, 6, 8, 13, 12};
    arb_t t, zero, p, s, e, rem;
    int i;

    arb_init(t);
    arb_init(zero);
    arb_init(p);
    arb_init(s);
    arb_init(e);
    arb_init(rem);
    arb_set_ui(t, 5);
    HKZ_TEST_OK(hkz_su2_heat_sub(p, t, zero, zero, 0, 200));
    for (i = 0; i < 6; i++)
    {
        arb_set_si(e, -10 * i);
        arb_exp(e, e, 256);
        arb_addmul_ui(s, e, coef[i], 256);
    }
    /* rem = [0, 0.6761 e^{-48}] as a ball */
    arb_set_si(rem, -48);
    arb_exp(rem, rem, 256);
    arb_mul_ui(rem, rem, 6761, 256);
    arb_div_ui(rem, rem, 20000, 256);
    arb_add_error(rem, rem);
    arb_add(s, s, rem, 256);
    HKZ_TEST_OVERLAP(p, s, "p_5(e) vs its eigenvalue expansion");
    HKZ_TEST_CHECK(mag_cmp_2exp_si(arb_radref(p), -150) < 0,
                   "p_5(e) ball too wide");
    /* and p_5(e) exceeds the partial sum: the remainder is positive */
    arb_sub(s, s, rem, 256);
    arb_get_mid_arb(rem, rem);
    arb_sub(s, s, rem, 256);
    HKZ_TEST_CHECK(!arb_lt(p, s), "p_5(e) below its partial sum");
    arb_clear(t);
    arb_clear(zero);
    arb_clear(p);
    arb_clear(s);
    arb_clear(e);
    arb_clear(rem);
}

int main(void)
{
    static const char *ts[4] = {"0.05", "0.2", "0.5", "0.9"};
    flint_rand_t state;
    arb_t t, z, pi;
    int i, j;
    slong prec;

    hkz_test_rand_init(state);
    arb_init(t);
    arb_init(z);
    arb_init(pi);
    arb_const_pi(pi, 600);
    for (i = 0; i < 4; i++)
    {
        if (hkz_ball_set_str(t, ts[i], 600) != HKZ_SUCCESS)
            HKZ_TEST_FAIL("bad t");
        for (j = 0; j < 3 + (int) hkz_test_iters(3); j++)
        {
            prec = j % 2 == 0 ? 128 : 300;
            if (j == 0)
                arb_zero(z);
            else if (j == 1)
                arb_set(z, pi);
            else if (j == 2)
                arb_neg(z, pi);
            else
            {
                /* z uniform in about [-4, 4] (beyond pi: periodicity) */
                arb_set_si(z, (slong) n_randint(state, 1 << 20) - (1 << 19));
                arb_mul_2exp_si(z, z, -17);
            }
            check_fibre_point(t, z, prec);
        }
    }
    check_large_t();
    arb_clear(t);
    arb_clear(z);
    arb_clear(pi);
    hkz_rand_clear(state);
    HKZ_TEST_END("su2_sub.routes");
}
