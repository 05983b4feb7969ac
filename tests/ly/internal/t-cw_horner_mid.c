/* The block's Newton step reads the midpoints of its Horner sums from
 * _hkz_lyi_horner_mid (ising/cw/cw_horner_mid.c, compiled into this test):
 * they must be the bits of Arb's ball evaluation, _acb_poly_evaluate then
 * acb_mul by wk, for random balls (random radii, exact ones, zero real or
 * imaginary parts, zero coefficients), lengths 3..60 and precisions below
 * 1024 bits.  A change of Arb's rounding or of its Horner's order fails
 * here before it changes a certified bracket. */
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
    hkz_rand_clear(st);
    HKZ_TEST_END("ly.cw_horner_mid");
}
