/* Random tests of the su2n module: results at two precisions overlap,
 * mu_t(x) <= mu_t(e), |factor - 1| <= factor(e) - 1 <= delta, P_n
 * increasing in n and below mu_t(e), the exact tail series against the
 * plain delta bound, the holomorphic factor against the su2 kernels,
 * subordination against a direct sum, distance identities. */
#include <math.h>
#include "su2n_test.h"

static double rnd(flint_rand_t st, double lo, double hi)
{
    return lo + (hi - lo) * (double) n_randint(st, 1000001) / 1e6;
}

/* a random weight object; t is set to a time where it converges */
static void random_weights(hkz_su2n_weights_t w, arb_t t, int op,
                           flint_rand_t st)
{
    int kind = (int) n_randint(st, 6);
    double c = rnd(st, 0.5, 2.0);
    arb_set_d(t, rnd(st, 0.05, 1.5));
    if (kind == 0)
    {
        slong n = 1 + (slong) n_randint(st, 5), i;
        arb_ptr v = _arb_vec_init(n);
        for (i = 0; i < n; i++)
            arb_set_d(v + i, rnd(st, 0.2, 5.0));
        HKZ_TEST_OK(hkz_su2n_weights_set_list(w, v, n));
        _arb_vec_clear(v, n);
    }
    else if (kind == 1)
        su2n_set_pow(w, c, 1.0 + (double) n_randint(st, 3) / 2);
    else if (kind == 2)
        su2n_set_family(w, HKZ_SU2N_GEOM, c);
    else if (kind == 3)
        su2n_set_pow(w, c, 1.0);
    else if (kind == 4)
    {
        su2n_set_family(w, HKZ_SU2N_LOG, c);
        /* convergent: lambda c t >= 1.2 */
        arb_set_d(t, (1.2 + rnd(st, 0.0, 1.0)) / (c * (op == 0 ? 3 : 2)));
    }
    else
    {
        su2n_set_family(w, HKZ_SU2N_LOG2, c);
        arb_set_d(t, rnd(st, 0.7, 2.0));
    }
}

static void random_point(hkz_su2n_point_t x, flint_rand_t st)
{
    slong i;
    arb_t r, z;
    arb_init(r);
    arb_init(z);
    for (i = 1; i <= x->len; i++)
    {
        arb_set_d(r, n_randint(st, 4) == 0 ? 0.0 : rnd(st, 0.0, 1.57));
        arb_set_d(z, rnd(st, -3.14, 3.14));
        HKZ_TEST_OK(hkz_su2n_point_set_cyl(x, i, r, NULL, z));
    }
    arb_clear(r);
    arb_clear(z);
}

static void heat_tests(flint_rand_t st)
{
    slong iter, n;
    hkz_su2n_weights_t w;
    hkz_su2n_point_t x;
    hkz_su2n_info_t info;
    arb_t t, a, b, c, d;

    hkz_su2n_weights_init(w);
    arb_init(t);
    arb_init(a);
    arb_init(b);
    arb_init(c);
    arb_init(d);
    for (iter = 0; iter < hkz_test_iters(25); iter++)
    {
        int op = (int) n_randint(st, 2);
        slong len;
        random_weights(w, t, op, st);
        HKZ_TEST_OK(hkz_su2n_heat_e(a, &info, w, op, t, 64));
        HKZ_TEST_OK(hkz_su2n_heat_e(b, &info, w, op, t, 160));
        HKZ_TEST_OVERLAP(a, b, "mu_t(e) at 64 and 160 bits");
        HKZ_TEST_CHECK(info.kind == HKZ_SU2N_FINITE
                       && arb_rel_accuracy_bits(b) > 140,
                       "mu_t(e) accuracy %ld (family %d)",
                       (long) arb_rel_accuracy_bits(b), w->family);
        /* P_n increases with n and stays below mu_t(e) */
        len = hkz_su2n_weights_length(w);
        n = (len >= 0) ? len : 6;
        arb_one(c);
        for (slong k = 0; k <= n; k++)
        {
            HKZ_TEST_OK(hkz_su2n_heat_e_partial(d, w, op, t, k, 96));
            HKZ_TEST_CHECK(!arb_gt(c, d), "P_n decreased at n = %ld",
                           (long) k);
            HKZ_TEST_CHECK(!arb_gt(d, b), "P_n > mu_t(e)");
            arb_set(c, d);
        }
        /* sup_x mu_t(x) = mu_t(e) */
        hkz_su2n_point_init(x, FLINT_MIN(n, 3));
        random_point(x, st);
        HKZ_TEST_OK(hkz_su2n_heat(c, &info, w, op, t, x, 96));
        HKZ_TEST_CHECK(!arb_gt(c, b) && arb_is_positive(c),
                       "mu_t(x) > mu_t(e)");
        HKZ_TEST_OK(hkz_su2n_heat(d, &info, w, op, t, x, 150));
        HKZ_TEST_OVERLAP(c, d, "mu_t(x) at two precisions");
        hkz_su2n_point_clear(x);
    }
    hkz_su2n_weights_clear(w);
    arb_clear(t);
    arb_clear(a);
    arb_clear(b);
    arb_clear(c);
    arb_clear(d);
}

/* |F(x) - 1| <= F(e) - 1 <= delta(s) for single factors */
static void factor_tests(flint_rand_t st)
{
    slong iter;
    arb_t s, r, z, f, fe, dl, zero;
    arb_init(s);
    arb_init(r);
    arb_init(z);
    arb_init(f);
    arb_init(fe);
    arb_init(dl);
    arb_init(zero);
    for (iter = 0; iter < hkz_test_iters(40); iter++)
    {
        int op = (int) n_randint(st, 2);
        arb_set_d(s, exp(rnd(st, log(0.02), log(20.0))));
        arb_set_d(r, rnd(st, 0.0, 1.5));
        arb_set_d(z, rnd(st, -3.1, 3.1));
        if (op == HKZ_SU2N_DELTA)
        {
            HKZ_TEST_OK(hkz_su2_dist_riem(f, r, z, 128));
            HKZ_TEST_OK(hkz_su2_heat_bi(f, s, f, 0, 128));
            HKZ_TEST_OK(hkz_su2_heat_bi(fe, s, zero, 0, 128));
        }
        else
        {
            HKZ_TEST_OK(hkz_su2_heat_sub(f, s, r, z, 0, 128));
            HKZ_TEST_OK(hkz_su2_heat_sub(fe, s, zero, zero, 0, 128));
        }
        HKZ_TEST_OK(hkz_su2n_delta(dl, op, s, 128));
        arb_sub_ui(f, f, 1, 128);
        arb_abs(f, f);
        arb_sub_ui(fe, fe, 1, 128);
        HKZ_TEST_CHECK(!arb_gt(f, fe), "|F - 1| > F(e) - 1");
        HKZ_TEST_CHECK(!arb_gt(fe, dl) && arb_is_positive(fe),
                       "F(e) - 1 > delta(s) at s = %g",
                       arf_get_d(arb_midref(s), ARF_RND_NEAR));
    }
    /* pitfall 10: delta at s = 50 is ~4e^{-150}, not 0 */
    arb_set_ui(s, 50);
    HKZ_TEST_OK(hkz_su2n_delta(dl, HKZ_SU2N_DELTA, s, 64));
    HKZ_TEST_CHECK(arb_is_positive(dl) && arb_rel_accuracy_bits(dl) > 50,
                   "delta_R(50) lost to cancellation");
    arb_clear(s);
    arb_clear(r);
    arb_clear(z);
    arb_clear(f);
    arb_clear(fe);
    arb_clear(dl);
    arb_clear(zero);
}

/* the holomorphic factor against the su2 kernels, reflection symmetry */
static void acb_tests(flint_rand_t st)
{
    slong iter;
    acb_t s, f, g;
    arb_t zero, h;
    acb_init(s);
    acb_init(f);
    acb_init(g);
    arb_init(zero);
    arb_init(h);
    for (iter = 0; iter < hkz_test_iters(30); iter++)
    {
        int op = (int) n_randint(st, 2);
        acb_set_d(s, exp(rnd(st, log(0.01), log(10.0))));
        HKZ_TEST_OK(hkz_su2n_factor_e_acb(f, op, s, 128));
        if (op == HKZ_SU2N_DELTA)
            HKZ_TEST_OK(hkz_su2_heat_bi(h, acb_realref(s), zero, 0, 128));
        else
            HKZ_TEST_OK(hkz_su2_heat_sub(h, acb_realref(s), zero, zero, 0,
                                         128));
        HKZ_TEST_OVERLAP(acb_realref(f), h, "factor_e_acb = su2 kernel");
        HKZ_TEST_CHECK(arb_rel_accuracy_bits(acb_realref(f)) > 110,
                       "factor_e_acb accuracy");
        acb_set_d_d(s, rnd(st, 0.05, 3.0), rnd(st, -5.0, 5.0));
        HKZ_TEST_OK(hkz_su2n_factor_e_acb(f, op, s, 96));
        acb_conj(s, s);
        HKZ_TEST_OK(hkz_su2n_factor_e_acb(g, op, s, 160));
        acb_conj(g, g);
        HKZ_TEST_CHECK(acb_overlaps(f, g) && acb_is_finite(f),
                       "F(conj s) = conj F(s)");
    }
    acb_set_d_d(s, -0.1, 1.0);
    HKZ_TEST_OK(hkz_su2n_factor_e_acb(f, 0, s, 64));
    HKZ_TEST_CHECK(!acb_is_finite(f), "Re s < 0 must be indeterminate");
    acb_clear(s);
    acb_clear(f);
    acb_clear(g);
    arb_clear(zero);
    arb_clear(h);
}

static int seq_lin(arb_t w, ulong i, void *param, slong prec)
{
    arb_set_ui(w, i);
    return HKZ_SUCCESS;
}

/* exact tail series (c i, c log(1+i)) against the plain delta bound and
 * against another splitting point */
static void series_tests(flint_rand_t st)
{
    static const double ts[3] = {0.05, 0.3, 1.0};
    hkz_su2n_weights_t w, v;
    hkz_su2n_info_t info;
    hkz_su2n_point_t x;
    arb_t t, a, b, g;
    int k, op;
    slong nser;

    hkz_su2n_weights_init(w);
    hkz_su2n_weights_init(v);
    arb_init(t);
    arb_init(a);
    arb_init(b);
    arb_init(g);
    for (k = 0; k < 3; k++)
    {
        op = k % 2;
        /* 1.25 i: series (family) against plain (user sequence, gap 1) */
        su2n_set_pow(w, 1.25, 1.0);
        arb_set_d(t, ts[k]);
        HKZ_TEST_OK(hkz_su2n_heat_e(a, &info, w, op, t, 128));
        HKZ_TEST_CHECK(info.accelerated && arb_rel_accuracy_bits(a) > 110,
                       "series: accelerated %d, accuracy %ld",
                       info.accelerated, (long) arb_rel_accuracy_bits(a));
        arb_one(g);
        HKZ_TEST_OK(hkz_su2n_weights_set_seq(v, seq_lin, NULL, g, 0));
        arb_set_d(g, 1.25);
        HKZ_TEST_OK(hkz_su2n_weights_scale(v, g, 128));
        HKZ_TEST_OK(hkz_su2n_heat_e(b, &info, v, op, t, 128));
        HKZ_TEST_CHECK(!info.accelerated && arb_rel_accuracy_bits(b) > 110,
                       "plain sequence accuracy");
        HKZ_TEST_OVERLAP(a, b, "series = plain delta bound (c i)");
    }
    for (k = 0; k < 2; k++)
    {
        /* log(1+i) near the thresholds: split at n and at n + 300 */
        op = k;
        su2n_set_family(w, HKZ_SU2N_LOG, 1.0);
        hkz_su2n_weights_set_max_factors(w, WORD(1) << 20);
        arb_set_d(t, op == 0 ? 0.4 + rnd(st, 0, 0.3) : 0.6 + rnd(st, 0, 0.3));
        HKZ_TEST_OK(hkz_su2n_heat_e(a, &info, w, op, t, 128));
        HKZ_TEST_CHECK(info.accelerated && arb_rel_accuracy_bits(a) > 110,
                       "log series accuracy: op %d t %g acc %d bits %ld n %ld", op, arf_get_d(arb_midref(t), ARF_RND_NEAR), info.accelerated, (long) arb_rel_accuracy_bits(a), (long) info.nfactors);
        nser = info.nfactors;
        hkz_su2n_point_init(x, nser + 300);
        HKZ_TEST_OK(hkz_su2n_heat(b, &info, w, op, t, x, 128));
        HKZ_TEST_OVERLAP(a, b, "log(1+i): two splitting points");
        /* and the plain delta bound with few factors: wide but valid */
        hkz_su2n_weights_set_max_factors(w, nser - 1);
        HKZ_TEST_OK(hkz_su2n_heat_e(b, &info, w, op, t, 128));
        HKZ_TEST_CHECK(!info.accelerated && info.nfactors == nser - 1,
                       "log plain fallback");
        HKZ_TEST_OVERLAP(a, b, "log(1+i): series in the delta bound");
        hkz_su2n_point_clear(x);
    }
    hkz_su2n_weights_clear(w);
    hkz_su2n_weights_clear(v);
    arb_clear(t);
    arb_clear(a);
    arb_clear(b);
    arb_clear(g);
}

/* subordination against the direct sum sum n^2 e^{-s sqrt(w (n^2 - 1))},
 * tail after N: consecutive terms shrink by <= ((N+2)/(N+1))^2 e^{-s sqrt w}
 * (sqrt((n+1)^2 - 1) - sqrt(n^2 - 1) >= 1) */
static void subord_tests(flint_rand_t st)
{
    hkz_su2n_weights_t w;
    arb_t s, r, d, u, v, q;
    slong iter, n, N;
    hkz_su2n_weights_init(w);
    arb_init(s);
    arb_init(r);
    arb_init(d);
    arb_init(u);
    arb_init(v);
    arb_init(q);
    for (iter = 0; iter < hkz_test_iters(3); iter++)
    {
        arb_set_d(u, rnd(st, 0.5, 3.0));
        HKZ_TEST_OK(hkz_su2n_weights_set_list(w, u, 1));
        arb_set_d(s, rnd(st, 0.6, 2.0));
        HKZ_TEST_OK(hkz_su2n_heat_e_subord(r, w, HKZ_SU2N_DELTA, s, 100));
        arb_sqrt(q, u, 128);
        arb_mul(q, q, s, 128);                      /* s sqrt(w) */
        N = 200;
        arb_zero(d);
        for (n = 1; n <= N + 1; n++)
        {
            arb_set_ui(v, (ulong) (n * n - 1));
            arb_sqrt(v, v, 128);
            arb_mul(v, v, q, 128);
            arb_neg(v, v);
            arb_exp(v, v, 128);
            arb_mul_ui(v, v, (ulong) (n * n), 128);
            if (n <= N)
                arb_add(d, d, v, 128);
        }
        /* v = term N+1; tail <= v / (1 - rho) */
        arb_neg(q, q);
        arb_exp(q, q, 128);
        arb_mul_ui(q, q, (ulong) ((N + 2) * (N + 2)), 128);
        arb_div_ui(q, q, (ulong) ((N + 1) * (N + 1)), 128);
        arb_sub_ui(q, q, 1, 128);
        arb_neg(q, q);
        arb_div(v, v, q, 128);
        arb_add_error(d, v);
        HKZ_TEST_OVERLAP(r, d, "subordination = direct sum");
        HKZ_TEST_CHECK(arb_rel_accuracy_bits(r) > 80, "subord accuracy");
    }
    hkz_su2n_weights_clear(w);
    arb_clear(s);
    arb_clear(r);
    arb_clear(d);
    arb_clear(u);
    arb_clear(v);
    arb_clear(q);
}

/* (CK*): the bracket for a_i = i^p, p in {1, 2}, random t */
static void ck_tests(flint_rand_t st)
{
    hkz_su2n_weights_t w;
    hkz_su2n_info_t info;
    arb_t p, t, a, lo, hi, m, zero;
    int k;
    hkz_su2n_weights_init(w);
    arb_init(p);
    arb_init(t);
    arb_init(a);
    arb_init(lo);
    arb_init(hi);
    arb_init(m);
    arb_init(zero);
    for (k = 0; k < 3; k++)
    {
        int op = k % 2, pp = 1 + (k == 2);
        arb_set_ui(p, (ulong) pp);
        su2n_set_pow(w, 1.0, pp);
        arb_set_d(t, rnd(st, 0.02, 0.5));
        arb_root_ui(a, t, (ulong) pp, 96);            /* t^{1/p} */
        HKZ_TEST_OK(hkz_su2n_ck_integral(lo, op, p, a, 80));
        HKZ_TEST_OK(hkz_su2n_ck_integral(hi, op, p, zero, 80));
        HKZ_TEST_OK(hkz_su2n_heat_e(m, &info, w, op, t, 80));
        arb_log(m, m, 80);
        arb_mul(m, m, a, 80);
        HKZ_TEST_CHECK(arb_lt(lo, m) && arb_lt(m, hi),
                       "(CK*) bracket fails (op %d, p %d)", op, pp);
        /* int_0^inf = int_0^a + int_a^inf: precision independence */
        HKZ_TEST_OK(hkz_su2n_ck_integral(m, op, p, a, 150));
        HKZ_TEST_OVERLAP(lo, m, "ck integral at two precisions");
    }
    hkz_su2n_weights_clear(w);
    arb_clear(p);
    arb_clear(t);
    arb_clear(a);
    arb_clear(lo);
    arb_clear(hi);
    arb_clear(m);
    arb_clear(zero);
}

/* distances: symmetry, triangle inequality, d_Delta <= d_L (same
 * weights), d_L <= C d_Delta^{1/2} (P2), dist_tail with a trivial tail */
static void dist_tests(flint_rand_t st)
{
    hkz_su2n_weights_t w;
    hkz_su2n_point_t x, y;
    arb_t a, b, c, C, zero;
    slong iter, n;
    hkz_su2n_weights_init(w);
    arb_init(a);
    arb_init(b);
    arb_init(c);
    arb_init(C);
    arb_init(zero);
    for (iter = 0; iter < hkz_test_iters(10); iter++)
    {
        n = 1 + (slong) n_randint(st, 4);
        su2n_set_pow_list(w, rnd(st, 0.5, 2.0), 1 + (double) n_randint(st, 3),
                          n);
        hkz_su2n_point_init(x, n);
        hkz_su2n_point_init(y, n);
        random_point(x, st);
        random_point(y, st);
        for (int op = 0; op < 2; op++)
        {
            HKZ_TEST_OK(hkz_su2n_dist_pair(a, w, op, x, y, 96));
            HKZ_TEST_OK(hkz_su2n_dist_pair(b, w, op, y, x, 96));
            HKZ_TEST_OVERLAP(a, b, "d(x,y) = d(y,x)");
            HKZ_TEST_OK(hkz_su2n_dist(b, w, op, x, 96));
            HKZ_TEST_OK(hkz_su2n_dist(c, w, op, y, 96));
            arb_add(b, b, a, 96);
            HKZ_TEST_CHECK(!arb_gt(c, b), "triangle inequality");
            HKZ_TEST_OK(hkz_su2n_dist_tail(b, w, op, x, zero, zero, 96));
            HKZ_TEST_OK(hkz_su2n_dist(c, w, op, x, 96));
            HKZ_TEST_OVERLAP(b, c, "dist_tail with trivial tail");
        }
        HKZ_TEST_OK(hkz_su2n_dist(a, w, HKZ_SU2N_DELTA, x, 96));
        HKZ_TEST_OK(hkz_su2n_dist(b, w, HKZ_SU2N_L, x, 96));
        HKZ_TEST_CHECK(!arb_gt(a, b), "d_Delta > d_L");
        HKZ_TEST_OK(hkz_su2n_dist_const(C, w, w, 96));
        arb_sqrt(a, a, 96);
        arb_mul(a, a, C, 96);
        HKZ_TEST_CHECK(!arb_gt(b, a), "d_L > C d_Delta^{1/2} (P2)");
        hkz_su2n_point_clear(x);
        hkz_su2n_point_clear(y);
    }
    hkz_su2n_weights_clear(w);
    arb_clear(a);
    arb_clear(b);
    arb_clear(c);
    arb_clear(C);
    arb_clear(zero);
}

int main(void)
{
    flint_rand_t st;
    hkz_test_rand_init(st);
    heat_tests(st);
    factor_tests(st);
    acb_tests(st);
    series_tests(st);
    subord_tests(st);
    ck_tests(st);
    dist_tests(st);
    hkz_rand_clear(st);
    HKZ_TEST_END("su2n.random");
}
