/* Two routes, one function: the character sum (2.1) and the paired image
 * forms (2.3)/(2.4) must overlap on a grid of t in [0.05, 1] and alpha in
 * [0, pi]; h_t(e) against an independent plain sum; the Weyl normalization
 * R9 by a trapezoidal rule whose aliasing error is bounded. */
#include "hkz_test.h"

static void check_pair(const arb_t t, const arb_t a, slong prec,
        slong min_bits, const char *label)
{
    arb_t s, m;
    arb_init(s);
    arb_init(m);
    HKZ_TEST_OK(hkz_su2_heat_bi_spectral(s, t, a, 0, prec));
    HKZ_TEST_OK(hkz_su2_heat_bi_images(m, t, a, prec));
    HKZ_TEST_OVERLAP(s, m, label);
    HKZ_TEST_CHECK(arb_rel_accuracy_bits(s) >= min_bits
                   && arb_rel_accuracy_bits(m) >= min_bits,
                   "%s: accuracy %ld / %ld bits at prec %ld", label,
                   (long) arb_rel_accuracy_bits(s),
                   (long) arb_rel_accuracy_bits(m), (long) prec);
    arb_clear(s);
    arb_clear(m);
}

/* h_t(e) = sum_{n>=1} n^2 e^{-(n^2-1)t} summed plainly to n = 600; for
 * t >= 0.05 the omitted terms are below e^{-0.05 (600^2-1)} 601^2 /
 * (1 - e^{-60}) < 1e-7000, added as an error of 1e-1000. */
static void plain_h_e(arb_t res, const arb_t t, slong prec)
{
    arb_t u;
    ulong n;
    arb_init(u);
    arb_zero(res);
    for (n = 1; n <= 600; n++)
    {
        arb_mul_ui(u, t, n * n - 1, prec);
        arb_neg(u, u);
        arb_exp(u, u, prec);
        arb_mul_ui(u, u, n * n, prec);
        arb_add(res, res, u, prec);
    }
    arb_set_str(u, "1e-1000", prec);
    arb_add_error(res, u);
    arb_clear(u);
}

int main(void)
{
    static const char *ts[] = {"0.05", "0.1", "0.2", "0.35", "0.5", "0.75",
                               "1"};
    static const char *as[] = {"0", "1e-12", "0.3", "1", "1.5", "pi/2",
                               "1.6", "2", "2.5", "3.14", "pi"};
    static const slong precs[2] = {128, 320};
    flint_rand_t state;
    arb_t t, a, r, s, pi;
    size_t i, j;
    int p, rep;
    char label[96];

    hkz_test_rand_init(state);
    arb_init(t); arb_init(a); arb_init(r); arb_init(s); arb_init(pi);

    for (p = 0; p < 2; p++)
    {
        slong prec = precs[p];
        arb_const_pi(pi, prec + 64);
        for (i = 0; i < sizeof(ts) / sizeof(ts[0]); i++)
        {
            HKZ_TEST_OK(hkz_ball_set_str(t, ts[i], prec + 64));
            for (j = 0; j < sizeof(as) / sizeof(as[0]); j++)
            {
                if (strcmp(as[j], "pi/2") == 0)
                    arb_mul_2exp_si(a, pi, -1);
                else
                    HKZ_TEST_OK(hkz_ball_set_str(a, as[j], prec + 64));
                snprintf(label, sizeof(label), "t=%s alpha=%s prec=%ld",
                         ts[i], as[j], (long) prec);
                check_pair(t, a, prec, prec - 12, label);
            }
            for (rep = 0; rep < 5; rep++)
            {
                arb_urandom(a, state, prec + 64);
                arb_mul(a, a, pi, prec + 64);
                snprintf(label, sizeof(label), "t=%s random alpha #%d "
                         "prec=%ld", ts[i], rep, (long) prec);
                check_pair(t, a, prec, prec - 12, label);
            }
            /* identity h_t(e) = sum n^2 e^{-(n^2-1)t}, images at alpha = 0 */
            arb_zero(a);
            HKZ_TEST_OK(hkz_su2_heat_bi_images(r, t, a, prec));
            plain_h_e(s, t, prec + 32);
            snprintf(label, sizeof(label), "h_t(e) t=%s prec=%ld", ts[i],
                     (long) prec);
            HKZ_TEST_OVERLAP(r, s, label);
        }
    }

    /* small t: the character sum cancels ~alpha^2/(4t ln 2) bits (up to
     * ~1800 here) and must still be accurate for exact inputs; for inputs
     * given as 200-bit balls its accuracy is limited (centered form of
     * first order) but the enclosures must still overlap */
    {
        static const double small_ts[] = {0.002, 0.01};
        static const char *small_as[] = {"1", "2", "2.5", "3", "pi"};
        int exact;
        arb_const_pi(pi, 200);
        for (i = 0; i < 2; i++)
        {
            for (j = 0; j < 5; j++)
            {
                for (exact = 0; exact < 2; exact++)
                {
                    arb_set_d(t, small_ts[i]);
                    if (strcmp(small_as[j], "pi") == 0)
                        arb_set(a, pi);
                    else
                        HKZ_TEST_OK(hkz_ball_set_str(a, small_as[j], 200));
                    if (exact)
                        mag_zero(arb_radref(a));
                    else
                        arb_add_error_2exp_si(t, -200);
                    snprintf(label, sizeof(label), "t=%g alpha=%s prec=128 "
                             "exact=%d", small_ts[i], small_as[j], exact);
                    check_pair(t, a, 128, exact ? 116 : -WORD_MAX, label);
                }
            }
        }
    }

    /* R9: (2/pi) int_0^pi h_t(a) sin^2 a da = 1 at t = 0.05.  With
     * theta_j = 2 pi j / M the trapezoidal sum (2/M) sum_j h(theta_j)
     * sin^2(theta_j) over a period (h(2pi - a) = h(a)) equals
     * (4/M) sum_{j=1}^{M/2-1} h(theta_j) sin^2(theta_j); chi_n(a) sin^2 a =
     * (cos((n-1)a) - cos((n+1)a))/2, so it differs from 1 only through
     * n >= M - 1: by at most 2 sum_{n>=63} n e^{-(n^2-1)/20} < 1e-80 for
     * M = 64. */
    {
        const slong prec = 300, M = 64;
        arb_t sum, th, sn;
        arb_init(sum); arb_init(th); arb_init(sn);
        arb_const_pi(pi, prec);
        HKZ_TEST_OK(hkz_ball_set_str(t, "0.05", prec));
        arb_zero(sum);
        for (j = 1; j < (size_t) M / 2; j++)
        {
            arb_mul_ui(th, pi, 2 * j, prec);
            arb_div_ui(th, th, M, prec);
            HKZ_TEST_OK(hkz_su2_heat_bi(r, t, th, 0, prec));
            arb_sin(sn, th, prec);
            arb_sqr(sn, sn, prec);
            arb_addmul(sum, r, sn, prec);
        }
        arb_mul_ui(sum, sum, 4, prec);
        arb_div_ui(sum, sum, M, prec);
        arb_one(s);
        arb_set_str(r, "1e-80", prec);
        arb_add_error(s, r);
        HKZ_TEST_CHECK(arb_contains(s, sum), "R9 Weyl normalization");
        HKZ_TEST_CHECK(arb_rel_accuracy_bits(sum) >= 250,
                       "R9 accuracy %ld", (long) arb_rel_accuracy_bits(sum));
        arb_clear(sum); arb_clear(th); arb_clear(sn);
    }

    arb_clear(t); arb_clear(a); arb_clear(r); arb_clear(s); arb_clear(pi);
    hkz_rand_clear(state);
    HKZ_TEST_END("su2_bi.routes");
}
