/* Brute-force form constant over the joint spectrum (F1), spec 6.4 X4:
 * R48, agreement with the closed form P3 (hkz_su2n_form_const) for random
 * small lists and gamma <= 1/2, growth in nmax for gamma = 3/4, and bad
 * input. */
#include "su2n_test.h"

#define PREC 128

static void r48(void)
{
    hkz_su2n_weights_t a;
    arb_t g, r, p3;
    slong arg[4];

    hkz_su2n_weights_init(a);
    arb_init(g);
    arb_init(r);
    arb_init(p3);
    HKZ_TEST_OK(hkz_su2n_weights_set_str(a, "1,4", PREC));
    arb_set_d(g, 0.5);
    HKZ_TEST_OK(hkz_su2n_form_const_brute(r, arg, a, a, g, 20, PREC));
    HKZ_TEST_CONTAINS(r, "0.8660254037844386467637232", 100, "R48 brute");
    HKZ_TEST_CHECK(arg[0] == 2 && (arg[1] == 1 || arg[1] == -1)
                   && arg[2] == 1 && arg[3] == 0, "R48 argmax (%ld, %ld, %ld, "
                   "%ld)", (long) arg[0], (long) arg[1], (long) arg[2],
                   (long) arg[3]);
    HKZ_TEST_OK(hkz_su2n_form_const(p3, a, a, g, PREC));
    HKZ_TEST_OVERLAP(r, p3, "R48 brute force = closed form P3");
    HKZ_TEST_OK(hkz_su2n_form_const_brute(r, NULL, a, a, g, 2, PREC));
    HKZ_TEST_OVERLAP(r, p3, "R48 with nmax = 2");
    arb_clear(g);
    arb_clear(r);
    arb_clear(p3);
    hkz_su2n_weights_clear(a);
}

/* random lists, gamma in [0, 1/2]: brute force = P3 */
static void random_p3(flint_rand_t st)
{
    hkz_su2n_weights_t a, b;
    arb_ptr va, vb;
    arb_t g, r, p3;
    slong it, i, n, nmax, arg[6];

    hkz_su2n_weights_init(a);
    hkz_su2n_weights_init(b);
    va = _arb_vec_init(3);
    vb = _arb_vec_init(3);
    arb_init(g);
    arb_init(r);
    arb_init(p3);
    for (it = 0; it < hkz_test_iters(40); it++)
    {
        n = 1 + (slong) n_randint(st, 3);
        nmax = 2 + (slong) n_randint(st, n == 3 ? 4 : 8);
        for (i = 0; i < n; i++)
        {
            arb_set_ui(va + i, 1 + n_randint(st, 100));
            arb_div_ui(va + i, va + i, 1 + n_randint(st, 20), PREC);
            arb_set_ui(vb + i, 1 + n_randint(st, 100));
            arb_div_ui(vb + i, vb + i, 1 + n_randint(st, 20), PREC);
        }
        HKZ_TEST_OK(hkz_su2n_weights_set_list(a, va, n));
        HKZ_TEST_OK(hkz_su2n_weights_set_list(b, vb, n));
        arb_set_ui(g, n_randint(st, 65));
        arb_mul_2exp_si(g, g, -7);              /* gamma in [0, 1/2] */
        HKZ_TEST_OK(hkz_su2n_form_const_brute(r, arg, a, b, g, nmax, PREC));
        HKZ_TEST_OK(hkz_su2n_form_const(p3, a, b, g, PREC));
        HKZ_TEST_CHECK(arb_overlaps(r, p3) && arb_rel_accuracy_bits(r) > 100,
                       "brute = P3: n = %ld, nmax = %ld, gamma = %g", (long) n,
                       (long) nmax, arf_get_d(arb_midref(g), ARF_RND_NEAR));
        /* the maximizer: one factor at n = 2, |k| = 1, the rest trivial
           (P3) -- unless gamma = 0 or ties make another tuple equal */
        if (!arb_is_zero(g))
        {
            slong act = 0;
            for (i = 0; i < n; i++)
                act += arg[2 * i] != 1;
            HKZ_TEST_CHECK(act >= 1, "argmax is not trivial");
        }
    }
    _arb_vec_clear(va, 3);
    _arb_vec_clear(vb, 3);
    arb_clear(g);
    arb_clear(r);
    arb_clear(p3);
    hkz_su2n_weights_clear(a);
    hkz_su2n_weights_clear(b);
}

/* gamma = 3/4 > 1/2: the brute force grows with nmax (like nmax^{2 gamma
   - 1}); P3 says +inf */
static void growth(void)
{
    hkz_su2n_weights_t a, b;
    arb_t g, r1, r2, r3, p3;
    slong arg[4];

    hkz_su2n_weights_init(a);
    hkz_su2n_weights_init(b);
    arb_init(g);
    arb_init(r1);
    arb_init(r2);
    arb_init(r3);
    arb_init(p3);
    HKZ_TEST_OK(hkz_su2n_weights_set_str(a, "1,4", PREC));
    HKZ_TEST_OK(hkz_su2n_weights_set_str(b, "1,2", PREC));
    arb_set_d(g, 0.75);
    HKZ_TEST_OK(hkz_su2n_form_const_brute(r1, NULL, a, b, g, 10, PREC));
    HKZ_TEST_OK(hkz_su2n_form_const_brute(r2, NULL, a, b, g, 20, PREC));
    HKZ_TEST_OK(hkz_su2n_form_const_brute(r3, arg, a, b, g, 40, PREC));
    HKZ_TEST_CHECK(arb_lt(r1, r2) && arb_lt(r2, r3), "gamma = 3/4: growth");
    HKZ_TEST_CHECK(arg[0] == 40 || arg[2] == 40, "gamma = 3/4: the max is "
                   "at n_max (%ld, %ld)", (long) arg[0], (long) arg[2]);
    HKZ_TEST_OK(hkz_su2n_form_const(p3, a, b, g, PREC));
    HKZ_TEST_CHECK(arf_is_pos_inf(arb_midref(p3)), "P3: +inf");
    /* single factor closed form at n: ((n^2-1) a)^g / (2 b (n-1)) */
    HKZ_TEST_OK(hkz_su2n_weights_set_str(a, "1", PREC));
    HKZ_TEST_OK(hkz_su2n_form_const_brute(r1, arg, a, a, g, 30, PREC));
    arb_set_ui(r2, 30 * 30 - 1);
    arb_pow(r2, r2, g, PREC);
    arb_div_ui(r2, r2, 2 * 29, PREC);
    HKZ_TEST_OVERLAP(r1, r2, "one factor, gamma = 3/4, n = 30");
    HKZ_TEST_CHECK(arg[0] == 30 && (arg[1] == 29 || arg[1] == -29),
                   "one factor argmax (%ld, %ld)", (long) arg[0],
                   (long) arg[1]);
    arb_clear(g);
    arb_clear(r1);
    arb_clear(r2);
    arb_clear(r3);
    arb_clear(p3);
    hkz_su2n_weights_clear(a);
    hkz_su2n_weights_clear(b);
}

static void bad(void)
{
    hkz_su2n_weights_t a, b;
    arb_t g, r;

    hkz_su2n_weights_init(a);
    hkz_su2n_weights_init(b);
    arb_init(g);
    arb_init(r);
    arb_set_d(g, 0.5);
    HKZ_TEST_OK(hkz_su2n_weights_set_str(a, "i^2", PREC));
    HKZ_TEST_OK(hkz_su2n_weights_set_str(b, "1,2", PREC));
    HKZ_TEST_STATUS(hkz_su2n_form_const_brute(r, NULL, a, b, g, 5, PREC),
                    HKZ_ERR_ARG);
    HKZ_TEST_OK(hkz_su2n_weights_set_str(a, "1,2,3", PREC));
    HKZ_TEST_STATUS(hkz_su2n_form_const_brute(r, NULL, a, b, g, 5, PREC),
                    HKZ_ERR_ARG);
    HKZ_TEST_STATUS(hkz_su2n_form_const_brute(r, NULL, a, a, g, 1, PREC),
                    HKZ_ERR_ARG);
    HKZ_TEST_OK(hkz_su2n_weights_set_str(a, "1,2,3,4", PREC));
    HKZ_TEST_STATUS(hkz_su2n_form_const_brute(r, NULL, a, a, g, 200, PREC),
                    HKZ_ERR_ARG);
    HKZ_TEST_CHECK(strstr(hkz_errmsg(), "combinations") != NULL, "cap: %s",
                   hkz_errmsg());
    HKZ_TEST_CHECK(!arb_is_finite(r), "indeterminate on error");
    arb_set_si(g, -1);
    HKZ_TEST_STATUS(hkz_su2n_form_const_brute(r, NULL, a, a, g, 3, PREC),
                    HKZ_ERR_DOMAIN);
    arb_clear(g);
    arb_clear(r);
    hkz_su2n_weights_clear(a);
    hkz_su2n_weights_clear(b);
}

int main(void)
{
    flint_rand_t st;
    hkz_test_rand_init(st);
    r48();
    random_p3(st);
    growth();
    bad();
    hkz_rand_clear(st);
    HKZ_TEST_END("su2n.brute");
}
