/* Exact numbers in text: hkz_exact_get_str reads back (hkz_exact_set_str)
 * as the same rational (times pi), hkz_ball_set_str as a ball containing
 * it; decimals where they terminate (issue 18.3). */
#include "hkz_test.h"

static void same(const char *s, const char *want)
{
    fmpq_t c;
    int pi;
    char *t;
    fmpq_init(c);
    HKZ_TEST_OK(hkz_exact_set_str(c, &pi, s));
    t = hkz_exact_get_str(c, pi);
    HKZ_TEST_CHECK(t != NULL && strcmp(t, want) == 0, "'%s' -> '%s', want "
                   "'%s'", s, t ? t : "(null)", want);
    free(t);
    fmpq_clear(c);
}

int main(void)
{
    flint_rand_t state;
    fmpq_t c, d;
    arb_t x, y;
    slong iter;
    int pi, pj;

    hkz_test_rand_init(state);
    fmpq_init(c);
    fmpq_init(d);
    arb_init(x);
    arb_init(y);
    for (iter = 0; iter < hkz_test_iters(5000); iter++)
    {
        char *s;
        if (n_randint(state, 2))
            fmpq_randtest(c, state, 1 + n_randint(state, 100));
        else
        {
            /* a terminating decimal n / (2^a 5^b) */
            fmpz_randtest(fmpq_numref(c), state, 60);
            fmpz_one(fmpq_denref(c));
            fmpz_mul_2exp(fmpq_denref(c), fmpq_denref(c),
                          n_randint(state, 80));
            fmpz_set_ui(fmpq_numref(d), 5);
            fmpz_pow_ui(fmpq_numref(d), fmpq_numref(d), n_randint(state, 40));
            fmpz_mul(fmpq_denref(c), fmpq_denref(c), fmpq_numref(d));
            fmpq_canonicalise(c);
        }
        pi = n_randint(state, 3) == 0;
        s = hkz_exact_get_str(c, pi);
        HKZ_TEST_CHECK(s != NULL, "no string");
        HKZ_TEST_OK(hkz_exact_set_str(d, &pj, s));
        HKZ_TEST_CHECK(fmpq_equal(c, d) && (pj == pi || fmpq_is_zero(c)),
                       "'%s' does not read back", s);
        HKZ_TEST_CHECK(pi || strchr(s, '/') == NULL ||
                       !fmpz_is_one(fmpq_denref(c)), "'%s'", s);
        /* the ball read from the string contains the exact value */
        HKZ_TEST_OK(hkz_ball_set_str(x, s, 200));
        if (pi)
        {
            arb_const_pi(y, 400);
            arb_mul_fmpz(y, y, fmpq_numref(c), 400);
            arb_div_fmpz(y, y, fmpq_denref(c), 400);
            HKZ_TEST_CHECK(arb_overlaps(x, y), "'%s' misses c pi", s);
        }
        else
        {
            arb_set_fmpq(y, c, 100000);
            HKZ_TEST_CHECK(arb_contains(x, y), "'%s' misses c", s);
        }
        free(s);
    }
    same("71/60", "71/60");
    same("1.18333", "1.18333");
    same("0.5/2", "0.25");
    same("-1e-3", "-0.001");
    same("3*pi/4", "3*pi/4");
    same("-pi", "-pi");
    same("pi/2", "pi/2");
    same("2.5e2", "250");
    same("0", "0");
    same("1e-40", "1e-40");
    HKZ_TEST_STATUS(hkz_exact_set_str(c, &pi, "1/0"), HKZ_ERR_ARG);
    HKZ_TEST_STATUS(hkz_exact_set_str(c, &pi, "pi*2"), HKZ_ERR_ARG);
    HKZ_TEST_STATUS(hkz_exact_set_str(c, &pi, "1/"), HKZ_ERR_ARG);
    HKZ_TEST_STATUS(hkz_exact_set_str(c, &pi, ""), HKZ_ERR_ARG);
    HKZ_TEST_STATUS(hkz_ball_set_str(x, "1/3x", 64), HKZ_ERR_ARG);
    {
        double v;
        HKZ_TEST_OK(hkz_double_set_str(&v, "1/3"));
        HKZ_TEST_CHECK(v == 1.0 / 3.0, "double 1/3: %.17g", v);
        HKZ_TEST_OK(hkz_double_set_str(&v, "0.1"));
        HKZ_TEST_CHECK(v == 0.1, "double 0.1");
        HKZ_TEST_STATUS(hkz_double_set_str(&v, "0.1x"), HKZ_ERR_ARG);
    }
    HKZ_TEST_OK(hkz_ball_set_str(x, "1/3", 64));
    fmpq_set_si(c, 1, 3);
    arb_set_fmpq(y, c, 1000);
    HKZ_TEST_CHECK(arb_contains(x, y), "1/3");

    fmpq_clear(c);
    fmpq_clear(d);
    arb_clear(x);
    arb_clear(y);
    hkz_rand_clear(state);
    HKZ_TEST_END("io_exact");
}
