/* The saddle-line integral against the direct cosine sum:
 * res e^{logscale} = F_N(t, theta) = e^{t(N^2-N)/2} G_N(t, theta). */
#include "hkz_test.h"

int main(void)
{
    flint_rand_t state;
    slong iter;
    arb_t t, th, G, F, ls, e;
    arf_t x;

    hkz_test_rand_init(state);
    arb_init(t);
    arb_init(th);
    arb_init(G);
    arb_init(F);
    arb_init(ls);
    arb_init(e);
    arf_init(x);
    for (iter = 0; iter < hkz_test_iters(40); iter++)
    {
        slong N = 4 + n_randint(state, 200), prec = 4 * N + 256;
        double beta = 0.05 + 4.0 * (double) n_randint(state, 1000) / 1000;
        double thd = 0.05 + 1.52 * (double) n_randint(state, 1000) / 1000;

        arb_set_d(t, beta / N);
        arf_set_d(x, thd);
        arb_set_arf(th, x);
        HKZ_TEST_OK(hkz_ly_cw_integral(F, ls, x, 1, N, t, 128));
        arb_exp(e, ls, prec);
        arb_mul(F, F, e, prec);
        HKZ_TEST_OK(hkz_ly_cw_eval(G, NULL, NULL, N, t, th, prec));
        arb_mul_si(e, t, N * (N - 1), prec);
        arb_mul_2exp_si(e, e, -1);
        arb_exp(e, e, prec);
        arb_mul(G, G, e, prec);
        HKZ_TEST_OVERLAP(F, G, "integral vs direct sum");
        HKZ_TEST_CHECK(arb_rel_accuracy_bits(F) > 20 ||
                       arb_rel_accuracy_bits(G) < 40,
                       "integral too inaccurate: N=%ld beta=%g theta=%g",
                       (long) N, beta, thd);
    }
    /* t = 0 is refused: the Gaussian needs t > 0 */
    arb_zero(t);
    HKZ_TEST_STATUS(hkz_ly_cw_integral(F, NULL, x, 1, 10, t, 64),
                    HKZ_ERR_DOMAIN);
    arb_clear(t);
    arb_clear(th);
    arb_clear(G);
    arb_clear(F);
    arb_clear(ls);
    arb_clear(e);
    arf_clear(x);
    hkz_rand_clear(state);
    HKZ_TEST_END("ly.cw_integral");
}
