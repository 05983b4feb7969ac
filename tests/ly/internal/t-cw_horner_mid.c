/* The block's Newton step reads the midpoints of its Horner sums from
 * _hkz_lyi_horner_mid (ising/cw/cw_horner_mid.c, compiled into this test):
 * they must be the bits of Arb's ball evaluation, _acb_poly_evaluate then
 * acb_mul by wk, for random balls (random radii, exact ones, zero real or
 * imaginary parts, zero coefficients), lengths 3..60 and precisions below
 * 1024 bits.  A change of Arb's rounding or of its Horner's order fails
 * here before it changes a certified bracket.  A second loop aims at the
 * fixed-buffer steps (precisions <= 128, midpoints of <= 128 bits): random
 * balls, chains f_i ~ -f_{i+1} with w ~ +-1, +-i that cancel exactly
 * or nearly (zero sums, borrows), and powers of two far apart (bits shifted
 * out of the window). */
#include "hkz_test.h"
#include "cw_integral_internal.h"

/* a random ball of a kind: k = 0 random, 1 exact, 2 real, 3 imaginary */
static void rand_ball(acb_t x, flint_rand_t st, slong prec, int k)
{
    acb_randtest(x, st, prec, 8);
    if (k == 1)
        acb_get_mid(x, x);
    else if (k == 2)
        arb_zero(acb_imagref(x));
    else if (k == 3)
        arb_zero(acb_realref(x));
}

int main(void)
{
    flint_rand_t st;
    slong it, iters = hkz_test_iters(4000);

    hkz_test_rand_init(st);
    for (it = 0; it < iters; it++)
    {
        slong len = 3 + n_randint(st, 58), prec = 2 + n_randint(st, 1021), i;
        acb_ptr f = _acb_vec_init(len);
        acb_t w, wk, S;
        arf_t re, im;

        acb_init(w);
        acb_init(wk);
        acb_init(S);
        arf_init(re);
        arf_init(im);
        for (i = 0; i < len; i++)
        {
            if (n_randint(st, 8) == 0)
                acb_zero(f + i);
            else
                rand_ball(f + i, st, 2 + n_randint(st, 400),
                          (int) n_randint(st, 6) % 4);
        }
        do
            rand_ball(w, st, 2 + n_randint(st, 400),
                      (int) n_randint(st, 6) % 4);
        while (acb_is_zero(w));
        rand_ball(wk, st, 2 + n_randint(st, 400),
                  (int) n_randint(st, 6) % 4);
        _acb_poly_evaluate(S, f, len, w, prec);
        acb_mul(S, S, wk, prec);
        _hkz_lyi_horner_mid(re, im, f, len, w, wk, prec);
        HKZ_TEST_CHECK(arf_equal(re, arb_midref(acb_realref(S))) &&
                       arf_equal(im, arb_midref(acb_imagref(S))),
                       "iteration %ld: len %ld prec %ld: midpoints differ",
                       (long) it, (long) len, (long) prec);
        _acb_vec_clear(f, len);
        acb_clear(w);
        acb_clear(wk);
        acb_clear(S);
        arf_clear(re);
        arf_clear(im);
    }
    for (it = 0; it < 2 * iters; it++)
    {
        slong len = 3 + n_randint(st, 58), prec = 2 + n_randint(st, 127), i;
        int chain = n_randint(st, 3);
        acb_ptr f = _acb_vec_init(len);
        acb_t w, wk, S, e;
        arf_t re, im;

        acb_init(w);
        acb_init(wk);
        acb_init(S);
        acb_init(e);
        arf_init(re);
        arf_init(im);
        if (chain)
        {
            /* w = +-1, +-i, times 1 + 2^-k or exactly */
            acb_one(w);
            if (n_randint(st, 2))
                acb_mul_onei(w, w);
            if (n_randint(st, 2))
                acb_neg(w, w);
            if (n_randint(st, 2))
            {
                acb_one(e);
                acb_mul_2exp_si(e, e, -(slong) n_randint(st, 200));
                acb_add_ui(e, e, 1, 130);
                acb_mul(w, w, e, 130);
                acb_get_mid(w, w);
            }
        }
        else if (chain == 2)
        {
            /* powers of two: one-bit products and sums whose smaller part
             * falls (partly) below the window */
            acb_one(w);
            acb_mul_2exp_si(w, w, -(slong) n_randint(st, 400));
            if (n_randint(st, 2))
                acb_mul_onei(w, w);
        }
        else
            do
                rand_ball(w, st, 2 + n_randint(st, 127), 1 + n_randint(st, 3));
            while (acb_is_zero(w));
        rand_ball(wk, st, 2 + n_randint(st, 127), 1 + n_randint(st, 3));
        rand_ball(f + len - 1, st, 2 + n_randint(st, 127), 1);
        for (i = len - 2; i >= 0; i--)
        {
            if (chain == 2)
            {
                acb_one(f + i);
                if (n_randint(st, 2))
                    rand_ball(f + i, st, 2 + n_randint(st, 8), 1);
                acb_mul_2exp_si(f + i, f + i,
                                (slong) n_randint(st, 400) - 200);
                if (n_randint(st, 2))
                    acb_neg(f + i, f + i);
            }
            else if (chain && n_randint(st, 4) != 0)
            {
                /* -f_{i+1} w^-1 ... as a rounded value, perturbed */
                acb_div(f + i, f + i + 1, w, 2 + n_randint(st, 127));
                acb_neg(f + i, f + i);
                if (n_randint(st, 2))
                {
                    acb_one(e);
                    acb_mul_2exp_si(e, e, -(slong) n_randint(st, 300));
                    acb_add_ui(e, e, 1, 128);
                    acb_mul(f + i, f + i, e, 2 + n_randint(st, 127));
                }
                acb_get_mid(f + i, f + i);
            }
            else if (n_randint(st, 8) == 0)
                acb_zero(f + i);
            else
                rand_ball(f + i, st, 2 + n_randint(st, 127), 1);
        }
        _acb_poly_evaluate(S, f, len, w, prec);
        acb_mul(S, S, wk, prec);
        _hkz_lyi_horner_mid(re, im, f, len, w, wk, prec);
        HKZ_TEST_CHECK(arf_equal(re, arb_midref(acb_realref(S))) &&
                       arf_equal(im, arb_midref(acb_imagref(S))),
                       "fixed %ld: len %ld prec %ld chain %d: midpoints "
                       "differ", (long) it, (long) len, (long) prec, chain);
        _acb_vec_clear(f, len);
        acb_clear(w);
        acb_clear(wk);
        acb_clear(S);
        acb_clear(e);
        arf_clear(re);
        arf_clear(im);
    }
    hkz_rand_clear(st);
    HKZ_TEST_END("ly.cw_horner_mid");
}
