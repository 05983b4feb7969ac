/* Random Curie-Weiss tests: the direct cosine sum and the saddle-line
 * integral give overlapping certified zeros; the zeros lie in (0, pi/2)
 * and there are floor(N/2) of them; for small N they agree with the roots
 * of P(z) on |z| = 1 found independently by acb_poly_find_roots, and with
 * hkz_ly_zeros_poly on the unfolded coefficients. */
#include "hkz_test.h"

/* independent check: roots of P(z) = sum_k C(N,k) q^{k(N-k)} z^k */
static void poly_check(const hkz_ly_zeros_t z, slong N, const arb_t t)
{
    slong prec = 6 * N + 128, k, found, n = N / 2, cnt = 0;
    acb_poly_t P;
    acb_ptr roots;
    arb_t x, y, qk;
    fmpz_t bin;
    double *th = flint_malloc(sizeof(double) * N);
    arb_struct *thb = _arb_vec_init(N);

    acb_poly_init(P);
    roots = _acb_vec_init(N);
    arb_init(x);
    arb_init(y);
    arb_init(qk);
    fmpz_init(bin);
    for (k = 0; k <= N; k++)
    {
        fmpz_bin_uiui(bin, (ulong) N, (ulong) k);
        arb_mul_si(qk, t, -2 * k * (N - k), prec);
        arb_exp(qk, qk, prec);
        arb_mul_fmpz(qk, qk, bin, prec);
        {
            acb_t c;
            acb_init(c);
            acb_set_arb(c, qk);
            acb_poly_set_coeff_acb(P, k, c);
            acb_clear(c);
        }
    }
    found = acb_poly_find_roots(roots, P, NULL, 0, prec);
    HKZ_TEST_CHECK(found == N, "acb_poly_find_roots: %ld of %ld", (long) found,
                   (long) N);
    for (k = 0; k < N && found == N; k++)
    {
        /* on the circle, lower half plane: theta = -arg(z)/2 */
        acb_abs(x, roots + k, prec);
        HKZ_TEST_CHECK(arb_contains_si(x, 1), "root off the unit circle");
        if (arb_is_negative(acb_imagref(roots + k)))
        {
            acb_arg(y, roots + k, prec);
            arb_neg(y, y);
            arb_mul_2exp_si(y, y, -1);
            if (cnt < N)
            {
                arb_set(thb + cnt, y);
                th[cnt++] = arf_get_d(arb_midref(y), ARF_RND_NEAR);
            }
        }
    }
    HKZ_TEST_CHECK(found != N || cnt == n, "lower half-plane roots: %ld of "
                   "%ld", (long) cnt, (long) n);
    if (found == N && cnt == n)
    {
        /* sort the balls by midpoints */
        for (k = 0; k < n; k++)
        {
            slong i, best = k;
            for (i = k + 1; i < n; i++)
                if (th[i] < th[best])
                    best = i;
            if (best != k)
            {
                double d = th[k];
                th[k] = th[best];
                th[best] = d;
                arb_swap(thb + k, thb + best);
            }
        }
        for (k = 0; k < n; k++)
            HKZ_TEST_OVERLAP(thb + k, z->theta + k, "cosine sum vs P(z) "
                             "roots");
    }
    acb_poly_clear(P);
    _acb_vec_clear(roots, N);
    arb_clear(x);
    arb_clear(y);
    arb_clear(qk);
    fmpz_clear(bin);
    flint_free(th);
    _arb_vec_clear(thb, N);
}

int main(void)
{
    flint_rand_t state;
    slong iter;
    hkz_ly_opts_t o;
    arb_t t, hpi;

    hkz_test_rand_init(state);
    arb_init(t);
    arb_init(hpi);
    arb_const_pi(hpi, 128);
    arb_mul_2exp_si(hpi, hpi, -1);
    hkz_ly_opts_init(&o);
    for (iter = 0; iter < hkz_test_iters(12); iter++)
    {
        slong N = 6 + n_randint(state, iter < 6 ? 20 : 110), j, n = N / 2;
        double beta = 0.1 + 3.0 * (double) n_randint(state, 1000) / 1000;
        hkz_ly_zeros_t zd, zi, zp;
        arb_ptr a;

        arb_set_d(t, beta / N);
        hkz_ly_opts_set_digits(&o, 12 + n_randint(state, 20));
        o.nthreads = 1 + n_randint(state, 2);
        hkz_ly_zeros_init(zd, N);
        hkz_ly_zeros_init(zi, N);
        o.method = HKZ_LY_METHOD_DIRECT;
        HKZ_TEST_OK(hkz_ly_cw_zeros(zd, N, t, &o));
        o.method = HKZ_LY_METHOD_INTEGRAL;
        HKZ_TEST_OK(hkz_ly_cw_zeros(zi, N, t, &o));
        HKZ_TEST_CHECK(zd->complete && zi->complete, "N=%ld beta=%g: not "
                       "complete", (long) N, beta);
        for (j = 0; j < n && zd->complete && zi->complete; j++)
        {
            HKZ_TEST_OVERLAP(zd->theta + j, zi->theta + j, "direct vs "
                             "integral");
            HKZ_TEST_CHECK(arb_is_positive(zd->theta + j) &&
                           arb_lt(zd->theta + j, hpi), "theta in (0, pi/2)");
            HKZ_TEST_CHECK(arb_rel_accuracy_bits(zd->theta + j) >=
                           o.goal.rel_bits - 2, "accuracy goal");
        }
        if (N <= 26)
        {
            poly_check(zd, N, t);
            /* fixed unfolded coefficients a_k = C(N,k) q^{k(N-k)} */
            a = _arb_vec_init(N + 1);
            {
                slong k, prec = 4 * N + 256;
                fmpz_t bin;
                fmpz_init(bin);
                for (k = 0; k <= N; k++)
                {
                    fmpz_bin_uiui(bin, (ulong) N, (ulong) k);
                    arb_mul_si(a + k, t, -2 * k * (N - k), prec);
                    arb_exp(a + k, a + k, prec);
                    arb_mul_fmpz(a + k, a + k, bin, prec);
                }
                fmpz_clear(bin);
            }
            hkz_ly_zeros_init(zp, N);
            HKZ_TEST_OK(hkz_ly_zeros_poly(zp, a, N, &o));
            for (j = 0; j < n && zp->complete; j++)
                HKZ_TEST_OVERLAP(zp->theta + j, zd->theta + j, "poly vs cw");
            hkz_ly_zeros_clear(zp);
            _arb_vec_clear(a, N + 1);
        }
        hkz_ly_zeros_clear(zd);
        hkz_ly_zeros_clear(zi);
    }
    arb_clear(t);
    arb_clear(hpi);
    hkz_rand_clear(state);
    HKZ_TEST_END("ly.cw_methods");
}
