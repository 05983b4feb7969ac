/* The enclosures of a tracking box of the saddle-line tracker
 * (ising/track/track_cw_box.c, track_cw_line.c, track_cw_bound.c, compiled into
 * this test) against the cosine sum G_N at high precision: with
 *   K = Q I = G exp(t N^2/2 - psiref - lam (t - tm) - (c - theta)^2/(2t)
 *               + b^2/(2 tm)) (2 pi t)^{1/2}
 * (spec 2.6: F_N = e^{t(N^2-N)/2} G = e^{-tN/2} (2 pi t)^{-1/2} I),
 *   K_theta = K (c - theta)/t + (K/G) G_theta,
 *   K_t = K (N^2/2 - lam + (c - theta)^2/(2 t^2) + 1/(2t)) + (K/G) G_t,
 * the point enclosures at t = tm and the box enclosures (t a sub-ball of
 * T, theta a sub-ball of X) contain these values at random boxes, points
 * and N; so do the second-order forms in t of track_cw_curv.c (K_t, and
 * K = G(t, D) by the Taylor form of the wedge edges), also with the node
 * values rounded to the 64 bits of the wedge certificates, and on a piece
 * of T with the nodes re-centred there (the wedge pieces); so does a node
 * sum whose range is cut short (its trapezoid errors weigh), also at N =
 * 400 and 2000 over a wide T (fails without the omitted nodes' bound); and
 * at N = 10^4 the errors over a step are those at its centre within 2^8
 * (fails with the growth of Q bounded apart). */
#include "hkz_test.h"
#include "track_cw_internal.h"

/* K, K_theta, K_t at the exact (t, theta) from the cosine sum */
static void exact(arb_t K, arb_t Kth, arb_t Kt, const _hkz_lyt_box_t *B,
                  slong N, const arb_t t, const arb_t th, slong prec)
{
    slong len = N / 2 + 1;
    arb_ptr c = _arb_vec_init(2 * len);
    arb_struct g[2];
    arb_t Gt, e, x, cm;

    arb_init(g + 0);
    arb_init(g + 1);
    arb_init(Gt);
    arb_init(e);
    arb_init(x);
    arb_init(cm);
    HKZ_TEST_OK(hkz_ly_cw_coeffs(c, 1, N, t, prec));
    HKZ_TEST_OK(hkz_ly_cos_eval(g, 1, c, N, th, prec));
    HKZ_TEST_OK(hkz_ly_cos_eval(Gt, 0, c + len, N, th, prec));
    /* e = K/G */
    arb_mul_si(e, t, N * N, prec);
    arb_mul_2exp_si(e, e, -1);
    arb_sub(e, e, B->c.psiref, prec);
    arb_sub(x, t, B->tm, prec);
    arb_submul(e, x, B->lam, prec);
    arb_sub(cm, B->cc, th, prec);
    arb_sqr(x, cm, prec);
    arb_div(x, x, t, prec);
    arb_mul_2exp_si(x, x, -1);
    arb_sub(e, e, x, prec);
    arb_sqr(x, B->bb, prec);
    arb_div(x, x, B->tm, prec);
    arb_mul_2exp_si(x, x, -1);
    arb_add(e, e, x, prec);
    arb_exp(e, e, prec);
    arb_const_pi(x, prec);
    arb_mul(x, x, t, prec);
    arb_mul_2exp_si(x, x, 1);
    arb_sqrt(x, x, prec);
    arb_mul(e, e, x, prec);
    arb_mul(K, g + 0, e, prec);
    /* K_theta */
    arb_div(x, cm, t, prec);
    arb_mul(Kth, K, x, prec);
    arb_addmul(Kth, e, g + 1, prec);
    /* K_t */
    arb_sqr(x, cm, prec);
    arb_div(x, x, t, prec);
    arb_div(x, x, t, prec);
    arb_mul_2exp_si(x, x, -1);
    arb_sub(x, x, B->lam, prec);
    arb_set_si(cm, N * N);
    arb_mul_2exp_si(cm, cm, -1);
    arb_add(x, x, cm, prec);
    arb_inv(cm, t, prec);
    arb_mul_2exp_si(cm, cm, -1);
    arb_add(x, x, cm, prec);
    arb_mul(Kt, K, x, prec);
    arb_addmul(Kt, e, Gt, prec);
    _arb_vec_clear(c, 2 * len);
    arb_clear(g + 0);
    arb_clear(g + 1);
    arb_clear(Gt);
    arb_clear(e);
    arb_clear(x);
    arb_clear(cm);
}

/* K_t and K = G(t, D) by the second-order forms on the D-ball of (T2,
 * X2) */
static void second(arb_t Kt, arb_t K, const _hkz_lyt_box_t *B,
                   const arb_t T2, const arb_t X2)
{
    _hkz_lyt_curv_t C;
    arb_t D, x;

    arb_init(D);
    arb_init(x);
    _hkz_lyt_curv_init(&C, B->len);
    _hkz_lyt_curv_nodes(&C, B);
    arb_sub(D, B->cc, X2, B->pw);
    arb_div(D, D, T2, B->pw);
    arb_div(x, B->bb, B->tref, B->pw);
    arb_sub(D, D, x, B->pw);
    _hkz_lyt_kt_second(Kt, B, &C, D, T2);
    _hkz_lyt_g_second(K, B, &C, D);
    _hkz_lyt_curv_clear(&C);
    arb_clear(D);
    arb_clear(x);
}

/* x = lo + (hi - lo) k/1024 (exact) */
static void frac(arb_t x, const arf_t lo, const arf_t hi, ulong k)
{
    arf_t d;
    arf_init(d);
    arf_sub(d, hi, lo, ARF_PREC_EXACT, ARF_RND_DOWN);
    arf_mul_ui(d, d, k, ARF_PREC_EXACT, ARF_RND_DOWN);
    arf_mul_2exp_si(d, d, -10);
    arf_add(d, d, lo, ARF_PREC_EXACT, ARF_RND_DOWN);
    arb_set_arf(x, d);
    arf_clear(d);
}

/* The trapezoid errors of track_cw_bound.c where they matter: the line's
 * node range cut to the saddle +- w nodes (the omitted nodes then weigh),
 * at an exact t in T (a piece [t, t]: no t-ball remainders), theta in X:
 * the node sum +- err0 e^{lam (t - tref)} holds the cosine-sum value. */
static void truncated(_hkz_lyt_box_t *B, slong N, const arf_t ta,
                      const arf_t tb, const arf_t lo, const arf_t hi,
                      flint_rand_t st)
{
    _hkz_lyi_ictx_t *c = &B->c;
    slong k0 = (slong) (c->L.xs_re / c->L.h), w, k, wp = 4 * N + 256;
    arb_t t, th, K, E, x;
    acb_t S;

    w = FLINT_MAX(2, (c->L.khi - c->L.klo) / 5);
    c->L.klo = FLINT_MAX(0, k0 - w);
    c->L.khi = FLINT_MAX(k0, 0) + w;
    _hkz_lyt_box_errors(B, N, ta, tb);
    mag_set(B->e0r, B->err0);
    mag_set(B->e1r, B->err1);
    mag_set(B->etr, B->errt);
    _hkz_lyt_box_resize(B, c->L.khi - c->L.klo + 1);
    arb_init(t);
    arb_init(th);
    arb_init(K);
    arb_init(E);
    arb_init(x);
    acb_init(S);
    _hkz_lyi_node_loop(c, S, NULL, NULL, NULL, B->Vr, NULL, B->th0, 1);
    for (k = 0; k < 3; k++)
    {
        /* the ends of T, then a random t */
        frac(t, ta, tb, k == 0 ? 0 : k == 1 ? 1024 : n_randint(st, 1025));
        frac(th, lo, hi, n_randint(st, 1025));
        _hkz_lyt_box_step(B, arb_midref(t), arb_midref(t), lo, hi);
        _hkz_lyt_box_eval(K, NULL, NULL, B, th, NULL);
        /* exact at t with tm = tref, times e^{lam (t - tref)} */
        arb_set(B->tm, B->tref);
        exact(E, x, x, B, N, t, th, wp);
        arb_sub(x, t, B->tref, wp);
        arb_mul(x, x, B->lam, wp);
        arb_exp(x, x, wp);
        arb_mul(E, E, x, wp);
        HKZ_TEST_CHECK(arb_contains(K, E), "N=%ld: a cut node range's sum "
                       "+- err0 misses the cosine-sum value", (long) N);
    }
    arb_clear(t);
    arb_clear(th);
    arb_clear(K);
    arb_clear(E);
    arb_clear(x);
    acb_clear(S);
}

/* truncated() where the growth of Q over T = t (1 + [0, 2^-q]) is large:
 * N = 400, beta = 0.9, q = 2 (lam r ~ 31), and N = 2000, beta = 0.9, q = 3
 * (lam r ~ 70: the omitted nodes' cells at t_R, t_L take the tolerance
 * eps/F_0 with F_0 ~ e^{-+lam r}, track_cw_bound.c) */
static void truncated_wide(flint_rand_t st, slong N, slong q)
{
    _hkz_lyt_box_t B;
    arf_t ta, tb, lo, hi;
    _hkz_lyt_box_init(&B);
    arf_init(ta);
    arf_init(tb);
    arf_init(lo);
    arf_init(hi);
    arf_set_d(ta, 0.9 / N);
    arf_mul_2exp_si(tb, ta, -q);
    arf_add(tb, tb, ta, 53, ARF_RND_UP);
    arf_set_d(lo, 1.3);
    arf_set_d(hi, 1.3005);
    HKZ_TEST_CHECK(_hkz_lyt_box_build(&B, N, ta, tb, lo, hi, 128) == 0,
                   "N = %ld: no line", (long) N);
    truncated(&B, N, ta, tb, lo, hi, st);
    _hkz_lyt_box_clear(&B);
    arf_clear(ta);
    arf_clear(tb);
    arf_clear(lo);
    arf_clear(hi);
}

/* The errors over a step of t/36 at N = 10^4, beta = 0.9 are those at its
 * centre within 2^8: the growth of Q and of the Gaussian bounded together
 * (track_cw_bound.c; apart they cost ~100 bits here, and the tracker's
 * lines a second pass and twice the nodes). */
static void sharp(void)
{
    _hkz_lyt_box_t B;
    arf_t ta, tb, tm, lo, hi;
    mag_t e;

    _hkz_lyt_box_init(&B);
    arf_init(ta);
    arf_init(tb);
    arf_init(tm);
    arf_init(lo);
    arf_init(hi);
    mag_init(e);
    arf_set_d(ta, 9e-5);
    arf_set_d(tb, 9e-5 * (1 + 1.0 / 36));
    arf_set_d(lo, 1.3);
    arf_set_d(hi, 1.3002);
    HKZ_TEST_CHECK(_hkz_lyt_box_build(&B, 10000, ta, tb, lo, hi, 128) == 0,
                   "N = 10^4: no line");
    mag_set(e, B.e0r);
    arf_set(tm, arb_midref(B.tref));
    _hkz_lyt_box_errors(&B, 10000, tm, tm);
    mag_mul_2exp_si(B.err0, B.err0, 8);
    HKZ_TEST_CHECK(mag_cmp(e, B.err0) <= 0, "N = 10^4: the errors over the "
                   "step exceed those at its centre by 2^%.0f",
                   mag_get_d_log2_approx(e) -
                   mag_get_d_log2_approx(B.err0) + 8);
    _hkz_lyt_box_clear(&B);
    arf_clear(ta);
    arf_clear(tb);
    arf_clear(tm);
    arf_clear(lo);
    arf_clear(hi);
    mag_clear(e);
}

int main(void)
{
    flint_rand_t st;
    slong it, N, prec;
    _hkz_lyt_box_t B;
    arf_t ta, tb, ta2, tb2, lo, hi;
    arb_t t, th, K, Kth, Kt, E, Eth, Et, T2, X2;
    slong built = 0;

    hkz_test_rand_init(st);
    arf_init(ta);
    arf_init(ta2);
    arf_init(tb2);
    arf_init(tb);
    arf_init(lo);
    arf_init(hi);
    arb_init(t);
    arb_init(th);
    arb_init(K);
    arb_init(Kth);
    arb_init(Kt);
    arb_init(E);
    arb_init(Eth);
    arb_init(Et);
    arb_init(T2);
    arb_init(X2);
    for (it = 0; it < hkz_test_iters(40); it++)
    {
        ulong k1, k2;
        N = 16 + n_randint(st, 60);
        prec = 64 + 53 + n_randint(st, 64);
        /* beta in [0.1, 1.9], T of relative width 2^-8..2^-12, X of
         * width 2^-7..2^-11 around theta in (0.05, 1.5) */
        arf_set_ui(ta, 1 + n_randint(st, 18));
        arf_div_si(ta, ta, 10 * N, 53, ARF_RND_DOWN);
        arf_mul_2exp_si(tb, ta, -8 - (slong) n_randint(st, 5));
        arf_add(tb, ta, tb, 53, ARF_RND_UP);
        arf_set_d(lo, 0.05 + 1.45 * n_randint(st, 1001) / 1000.0);
        arf_set_si_2exp_si(hi, 1, -7 - (slong) n_randint(st, 5));
        arf_add(hi, lo, hi, 53, ARF_RND_UP);
        _hkz_lyt_box_init(&B);
        if (_hkz_lyt_box_build(&B, N, ta, tb, lo, hi, prec) == 0)
        {
            built++;
            /* at t = tm, theta random in X */
            k1 = n_randint(st, 1025);
            frac(th, lo, hi, k1);
            _hkz_lyt_box_eval(K, Kth, Kt, &B, th, NULL);
            exact(E, Eth, Et, &B, N, B.tm, th, 4 * N + 256);
            HKZ_TEST_OVERLAP(K, E, "K(tm)");
            HKZ_TEST_OVERLAP(Kth, Eth, "K_theta(tm)");
            HKZ_TEST_OVERLAP(Kt, Et, "K_t(tm)");
            HKZ_TEST_CHECK(arb_contains(K, E) || !arb_overlaps(K, E),
                           "K(tm) ball");
            /* sub-balls of T and X (or all of B) and a point in them */
            k1 = n_randint(st, 1024);
            k2 = k1 + 1 + n_randint(st, 1024 - k1);
            frac(T2, ta, tb, k1);
            frac(t, ta, tb, k2);
            arb_union(T2, T2, t, 128);
            frac(t, ta, tb, k1 + n_randint(st, k2 - k1 + 1));
            k1 = n_randint(st, 1024);
            k2 = k1 + 1 + n_randint(st, 1024 - k1);
            frac(X2, lo, hi, k1);
            frac(th, lo, hi, k2);
            arb_union(X2, X2, th, 128);
            frac(th, lo, hi, k1 + n_randint(st, k2 - k1 + 1));
            _hkz_lyt_box_eval(K, Kth, Kt, &B, X2, T2);
            exact(E, Eth, Et, &B, N, t, th, 4 * N + 256);
            HKZ_TEST_CHECK(arb_contains(K, E) && arb_contains(Kth, Eth) &&
                           arb_contains(Kt, Et), "N=%ld: the box "
                           "enclosures miss the cosine-sum values",
                           (long) N);
            if (it % 2)
            {
                /* the node values at the certificates' 64 bits */
                B.pw = 64;
                _hkz_lyt_box_step(&B, ta, tb, lo, hi);
            }
            second(Kt, K, &B, T2, X2);
            HKZ_TEST_CHECK(arb_contains(K, E) && arb_contains(Kt, Et),
                           "N=%ld pw=%ld: the second-order forms miss the "
                           "cosine-sum values", (long) N, (long) B.pw);
            /* a piece [ta2, tb2] of T, the nodes re-centred there (tm !=
             * tref: the node factors e^{u_k^2 d} by their recurrence, the
             * growth bounds e_k of the piece): K_piece = e^{lam (tm -
             * tref)} K_ref, K_ref the values with tm = tref */
            k1 = n_randint(st, 1024);
            k2 = k1 + 1 + n_randint(st, 1024 - k1);
            frac(t, ta, tb, k1);
            arf_set(ta2, arb_midref(t));
            frac(t, ta, tb, k2);
            arf_set(tb2, arb_midref(t));
            _hkz_lyt_box_step(&B, ta2, tb2, lo, hi);
            frac(t, ta2, tb2, n_randint(st, 1025));
            frac(th, lo, hi, n_randint(st, 1025));
            _hkz_lyt_box_eval(K, Kth, Kt, &B, th, t);
            arb_swap(T2, B.tm);
            arb_set(B.tm, B.tref);
            exact(E, Eth, Et, &B, N, t, th, 4 * N + 256);
            arb_swap(T2, B.tm);
            arb_sub(X2, B.tm, B.tref, 4 * N + 256);
            arb_mul(X2, X2, B.lam, 4 * N + 256);
            arb_exp(X2, X2, 4 * N + 256);
            arb_mul(E, E, X2, 4 * N + 256);
            arb_mul(Eth, Eth, X2, 4 * N + 256);
            arb_mul(Et, Et, X2, 4 * N + 256);
            HKZ_TEST_CHECK(arb_contains(K, E) && arb_contains(Kth, Eth) &&
                           arb_contains(Kt, Et), "N=%ld pw=%ld: a re-centred "
                           "piece misses the cosine-sum values", (long) N,
                           (long) B.pw);
            truncated(&B, N, ta, tb, lo, hi, st);
        }
        _hkz_lyt_box_clear(&B);
    }
    HKZ_TEST_CHECK(built >= hkz_test_iters(40) / 2, "only %ld boxes built",
                   (long) built);
    sharp();
    truncated_wide(st, 400, 2);
    truncated_wide(st, 2000, 3);
    arf_clear(ta);
    arf_clear(tb);
    arf_clear(ta2);
    arf_clear(tb2);
    arf_clear(lo);
    arf_clear(hi);
    arb_clear(t);
    arb_clear(th);
    arb_clear(K);
    arb_clear(Kth);
    arb_clear(Kt);
    arb_clear(E);
    arb_clear(Eth);
    arb_clear(Et);
    arb_clear(T2);
    arb_clear(X2);
    hkz_rand_clear(st);
    HKZ_TEST_END("ising.track_cw_box");
}
