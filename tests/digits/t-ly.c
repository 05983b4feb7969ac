/* The digits-level Lee-Yang calls (hkz/digits.h) against spec
 * lee_yang_zeros.md section 5 (A: Curie-Weiss, B: small graphs, C:
 * lattices) and against the low-level drivers with inputs read as the
 * CLI reads them (identical balls). */
#include "hkz_test.h"

#define BITS20 66   /* 20 digits */

static void check_zero(const hkz_ly_zeros_t z, slong j, const char *ref,
                       const char *what)
{
    HKZ_TEST_CHECK(z->complete && j < z->n, "%s: complete %d, n %ld",
                   what, z->complete, (long) z->n);
    if (j < z->n)
        HKZ_TEST_CONTAINS(z->theta + j, ref, BITS20, what);
}

/* hkz_ly_cw_zeros_digits equals hkz_ly_cw_zeros with t read as hkz zeros
 * cw reads it. */
static void check_cw_same(slong N, const char *ts, slong digits)
{
    hkz_ly_zeros_t a, b;
    hkz_ly_opts_t o;
    arb_t t;
    slong j;
    arb_init(t);
    hkz_ly_zeros_init(a, 0);
    hkz_ly_zeros_init(b, N);
    HKZ_TEST_OK(hkz_ly_cw_zeros_digits(a, N, ts, digits, NULL));
    HKZ_TEST_OK(hkz_ball_set_str(t, ts, hkz_digits_to_bits(digits) + 8 * N
                                 + 1024));
    hkz_ly_opts_init(&o);
    hkz_ly_opts_set_digits(&o, digits);
    HKZ_TEST_OK(hkz_ly_cw_zeros(b, N, t, &o));
    HKZ_TEST_CHECK(a->n == b->n, "cw N=%ld: n differs", (long) N);
    for (j = 0; j < a->n && j < b->n; j++)
        HKZ_TEST_CHECK(arb_equal(a->theta + j, b->theta + j),
                       "cw N=%ld t=%s zero %ld differs from the driver",
                       (long) N, ts, (long) j);
    hkz_ly_zeros_clear(a);
    hkz_ly_zeros_clear(b);
    arb_clear(t);
}

int main(void)
{
    hkz_ly_zeros_t z, z2;
    hkz_ising_model_t m;
    fmpq_t J;
    flint_rand_t state;
    slong i;

    hkz_ly_zeros_init(z, 0);
    hkz_ly_zeros_init(z2, 0);
    hkz_ising_model_init(m);
    fmpq_init(J);
    hkz_test_rand_init(state);

    /* A: Curie-Weiss, W = N found by the call */
    HKZ_TEST_OK(hkz_ly_cw_zeros_digits(z, 2, "0.5", 25, NULL));
    check_zero(z, 0, "0.97376191742673582425", "A1");
    HKZ_TEST_OK(hkz_ly_cw_zeros_digits(z, 5, "0.5", 25, NULL));
    check_zero(z, 1, "0.95729055608034137320", "A5");
    HKZ_TEST_OK(hkz_ly_cw_zeros_digits(z, 10, "0.05", 25, NULL));
    check_zero(z, 4, "1.4713607226713734033", "A7");
    HKZ_TEST_OK(hkz_ly_cw_zeros_digits(z, 50, "0.02", 25, NULL));
    check_zero(z, 0, "0.095924434971863481027", "A9 theta_1");
    check_zero(z, 24, "1.5447195299148768870", "A9 theta_25");
    HKZ_TEST_OK(hkz_ly_cw_zeros_digits(z, 100, "0.005", 25, NULL));
    check_zero(z, 0, "0.35090517699370110171", "A12 theta_1");

    /* B: a graph as text and one built in code */
    HKZ_TEST_OK(hkz_ly_graph_zeros_digits(z, "0 1 1\n1 2 1\n2 3 1\n3 0 1\n",
                                          25, NULL));
    check_zero(z, 0, "0.41434624888562524654", "B3 theta_1");
    check_zero(z, 1, "1.1819050744136287180", "B3 theta_2");
    HKZ_TEST_OK(hkz_ising_model_set_empty(m, 4));
    fmpq_set_si(J, 2, 1);
    HKZ_TEST_OK(hkz_ising_model_add_edge(m, 0, 1, J));
    fmpq_set_si(J, 1, 1);
    HKZ_TEST_OK(hkz_ising_model_add_edge(m, 1, 2, J));
    fmpq_set_si(J, 2, 1);
    HKZ_TEST_OK(hkz_ising_model_add_edge(m, 2, 3, J));
    fmpq_set_si(J, 1, 20);
    HKZ_TEST_OK(hkz_ising_model_add_edge(m, 3, 0, J));
    HKZ_TEST_OK(hkz_ly_zeros_model_digits(z, m, NULL, 25, NULL));
    check_zero(z, 0, "0.42976131062043599625", "B9 theta_1");
    check_zero(z, 1, "1.1537503917412366043", "B9 theta_2");
    /* a coupling scale 2 is the graph with doubled couplings */
    HKZ_TEST_OK(hkz_ly_zeros_model_digits(z, m, "2", 25, NULL));
    HKZ_TEST_OK(hkz_ly_graph_zeros_digits(z2, "0 1 4\n1 2 2\n2 3 4\n"
                                          "3 0 0.1\n", 25, NULL));
    HKZ_TEST_CHECK(z->complete && z2->complete && z->n == 2 && z2->n == 2,
                   "scaled B9: not complete");
    HKZ_TEST_OVERLAP(z->theta + 0, z2->theta + 0, "scaled B9 theta_1");
    HKZ_TEST_OVERLAP(z->theta + 1, z2->theta + 1, "scaled B9 theta_2");

    /* C: the 4 x 4 torus at K = 0.3 and at K_c */
    HKZ_TEST_OK(hkz_ly_lattice_zeros_digits(z, 4, 4, HKZ_ISING_TORUS, "0.3",
                                            25, NULL));
    check_zero(z, 0, "0.18762884087762308822", "C8 theta_1");
    check_zero(z, 7, "1.4801358621841542691", "C8 theta_8");
    HKZ_TEST_OK(hkz_ly_lattice_zeros_digits(z, 4, 4, HKZ_ISING_TORUS, "kc",
                                            25, NULL));
    check_zero(z, 0, "0.11484614328609183078", "C9 theta_1");

    /* random N and t (direct and integral routes): the driver's balls */
    for (i = 0; i < hkz_test_iters(4); i++)
    {
        char ts[32];
        slong N = 2 + n_randint(state, 300);
        snprintf(ts, sizeof(ts), "0.%03lu", (unsigned long)
                 (1 + n_randint(state, 999)));
        check_cw_same(N, ts, 10 + n_randint(state, 20));
    }

    hkz_rand_clear(state);
    fmpq_clear(J);
    hkz_ising_model_clear(m);
    hkz_ly_zeros_clear(z);
    hkz_ly_zeros_clear(z2);
    HKZ_TEST_END("digits.ly");
}
