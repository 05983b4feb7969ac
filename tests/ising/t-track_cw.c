/* Curie-Weiss trajectories by the saddle-line integral
 * (hkz_ly_cw_family_integral, ising/track/track_cw_*.c) against the cosine-sum
 * tracker (hkz_ly_cw_family) at small N: both finish, theta_j(t1)
 * overlap, every integral step certifies the decrease (spec 2.6); every
 * box re-checked at random t with the cosine sum at high precision
 * (opposite signs of F at lo X and hi X, theta_b holds a sign change of
 * F(tb, .)); the same steps (arb_equal) with 1 and 2 threads and after a
 * pack / unpack round trip; a range across beta = 2 (cosine steps
 * beyond). */
#include "ising_test.h"

static const arb_struct *last(const hkz_ly_track_t tr, slong j)
{
    return &hkz_ly_track_step(tr, j, hkz_ly_track_nsteps(tr, j) - 1)
            ->theta_b;
}

static hkz_ly_track_t make(slong *N, hkz_ly_family_fn fn, const arb_t t0,
                           const arb_t t1, const hkz_ly_opts_t *o)
{
    hkz_ly_track_t tr = NULL;
    HKZ_TEST_OK(hkz_ly_track_create(&tr, *N, fn, N, "cw test", t0, t1, 0,
                                    *N / 2, o));
    HKZ_TEST_OK(hkz_ly_track_start(tr, o));
    return tr;
}

/* sign of the cosine sum G_N(t, x) at high precision (0: undecided) */
static int cos_sign(slong N, const arb_t t, const arb_t x)
{
    slong len = N / 2 + 1, prec = 4 * N + 256;
    arb_ptr c = _arb_vec_init(len);
    arb_t v;
    int s = 0;
    arb_init(v);
    if (hkz_ly_cw_coeffs(c, 0, N, t, prec) == HKZ_SUCCESS &&
        hkz_ly_cos_eval(v, 0, c, N, x, prec) == HKZ_SUCCESS)
        s = arb_is_positive(v) ? 1 : arb_is_negative(v) ? -1 : 0;
    _arb_vec_clear(c, len);
    arb_clear(v);
    return s;
}

/* random boxes of tr: F(t, lo X) F(t, hi X) < 0 at a random t in the step,
 * F(tb, .) changes sign across theta_b */
static void recheck(const hkz_ly_track_t tr, slong N, flint_rand_t st,
                    slong count)
{
    slong it, j, k;
    arb_t t, x, u;
    arf_t a;
    arb_init(t);
    arb_init(x);
    arb_init(u);
    arf_init(a);
    for (it = 0; it < count; it++)
    {
        const hkz_ly_step_struct *s;
        j = n_randint(st, N / 2);
        k = n_randint(st, hkz_ly_track_nsteps(tr, j));
        s = hkz_ly_track_step(tr, j, k);
        /* t = ta + (tb - ta) r, r in [0, 1] dyadic */
        arb_sub(u, &s->tb, &s->ta, 128);
        arb_mul_ui(u, u, n_randint(st, 1025), 128);
        arb_mul_2exp_si(u, u, -10);
        arb_add(t, &s->ta, u, 128);
        arb_set_arf(t, arb_midref(t));
        arb_get_lbound_arf(a, &s->box, 128);
        arb_set_arf(x, a);
        k = cos_sign(N, t, x);
        arb_get_ubound_arf(a, &s->box, 128);
        arb_set_arf(x, a);
        HKZ_TEST_CHECK(k * cos_sign(N, t, x) == -1, "N=%ld zero %ld: no "
                       "sign change across the box at a random t", (long) N,
                       (long) j + 1);
        arb_get_lbound_arf(a, &s->theta_b, 128);
        arb_set_arf(x, a);
        k = cos_sign(N, &s->tb, x);
        arb_get_ubound_arf(a, &s->theta_b, 128);
        arb_set_arf(x, a);
        HKZ_TEST_CHECK(k * cos_sign(N, &s->tb, x) == -1, "N=%ld zero %ld: "
                       "theta_b without a sign change", (long) N,
                       (long) j + 1);
    }
    arb_clear(t);
    arb_clear(x);
    arb_clear(u);
    arf_clear(a);
}

int main(void)
{
    /* beta = N t from b0 to b1; the last crosses beta = 2, where the
     * tracker switches to the cosine sum (ising/track/track_run.c) */
    static const slong Ns[4] = {20, 33, 40, 24};
    static const double b0[4] = {0.1, 0.1, 0.5, 1.9}, b1[4] = {0.3, 0.3,
                                                              0.6, 2.2};
    flint_rand_t st;
    hkz_ly_opts_t o;
    arb_t t0, t1;
    slong i, j, N;

    hkz_test_rand_init(st);
    arb_init(t0);
    arb_init(t1);
    hkz_ly_opts_init(&o);
    for (i = 0; i < 4; i++)
    {
        hkz_ly_track_t a, b;
        N = Ns[i];
        o.goal.rel_bits = i == 1 ? 80 : 53;
        o.nthreads = 2;
        arb_set_d(t0, b0[i]);
        arb_div_si(t0, t0, N, 64);
        arb_set_d(t1, b1[i]);
        arb_div_si(t1, t1, N, 64);
        arb_set_arf(t0, arb_midref(t0));
        arb_set_arf(t1, arb_midref(t1));
        a = make(&N, hkz_ly_cw_family_integral, t0, t1, &o);
        b = make(&N, hkz_ly_cw_family, t0, t1, &o);
        HKZ_TEST_OK(hkz_ly_track_run(a, 0, &o));
        HKZ_TEST_OK(hkz_ly_track_run(b, 0, &o));
        HKZ_TEST_CHECK(hkz_ly_track_finished(a) && hkz_ly_track_finished(b),
                       "N=%ld: not finished", (long) N);
        HKZ_TEST_CHECK(hkz_ly_track_all_decreasing(a), "N=%ld: integral "
                       "steps without the certified decrease", (long) N);
        for (j = 0; j < N / 2; j++)
        {
            HKZ_TEST_OVERLAP(last(a, j), last(b, j), "theta_j(t1): integral "
                             "vs cosine sum");
            HKZ_TEST_CHECK(hkz_ly_track_dir(b, j) == 2 ||
                           hkz_ly_track_dir(b, j) == hkz_ly_track_dir(a, j),
                           "N=%ld zero %ld: directions differ", (long) N,
                           (long) j + 1);
        }
        recheck(a, N, st, hkz_test_iters(12));
        if (i == 0)
        {
            hkz_ly_track_t c;
            char *buf;
            size_t len;
            /* 1 thread, and two halves joined by pack / unpack */
            o.nthreads = 1;
            c = make(&N, hkz_ly_cw_family_integral, t0, t1, &o);
            HKZ_TEST_OK(hkz_ly_track_run(c, 0, &o));
            it_track_same(a, c, "1 vs 2 threads");
            hkz_ly_track_destroy(&c);
            c = make(&N, hkz_ly_cw_family_integral, t0, t1, &o);
            HKZ_TEST_OK(hkz_ly_track_run(c, 7, &o));
            HKZ_TEST_OK(hkz_ly_track_pack(&buf, &len, c));
            hkz_ly_track_destroy(&c);
            HKZ_TEST_OK(hkz_ly_track_create(&c, N, hkz_ly_cw_family_integral,
                                            &N, "cw test", t0, t1, 0, N / 2,
                                            &o));
            HKZ_TEST_OK(hkz_ly_track_unpack(c, buf, len));
            flint_free(buf);
            HKZ_TEST_OK(hkz_ly_track_start(c, &o));
            HKZ_TEST_OK(hkz_ly_track_run(c, 0, &o));
            it_track_same(a, c, "resumed");
            hkz_ly_track_destroy(&c);
        }
        hkz_ly_track_destroy(&a);
        hkz_ly_track_destroy(&b);
    }
    arb_clear(t0);
    arb_clear(t1);
    hkz_rand_clear(st);
    HKZ_TEST_END("ising.track_cw");
}
