/* Library-level verdicts of the experiments X1-X7 of spec 6.4, as the spec
 * states them (N_unit), with the reference values R35, R38-R45, R48 of
 * spec 7.5.  Every verdict is a certified ball comparison. */
#include "su2n_test.h"

#define PREC 128
#define BITS 70

/* X1: single-factor sharp constant d_sR^2 <= 2 pi d_R on a 31 x 30 grid
 * r = j pi/60 (j = 0..30), z = k pi/30 (k = 1..30); also d_R <= d_sR <= pi;
 * on the fibre d_sR^2/d_R = 2 pi - z exactly; the grid maximum is there at
 * the smallest z (2 pi - pi/30 = 6.178...). */
static void x1(void)
{
    arb_t pi, twopi, r, z, dR, dS, q, best, u;
    slong j, k, jb = -1, kb = -1;

    arb_init(pi);
    arb_init(twopi);
    arb_init(r);
    arb_init(z);
    arb_init(dR);
    arb_init(dS);
    arb_init(q);
    arb_init(best);
    arb_init(u);
    arb_const_pi(pi, PREC);
    arb_mul_2exp_si(twopi, pi, 1);
    arb_zero(best);
    for (j = 0; j <= 30; j++)
        for (k = 1; k <= 30; k++)
        {
            arb_mul_ui(r, pi, (ulong) j, PREC);
            arb_div_ui(r, r, 60, PREC);
            arb_mul_ui(z, pi, (ulong) k, PREC);
            arb_div_ui(z, z, 30, PREC);
            HKZ_TEST_OK(hkz_su2_dist_riem(dR, r, z, PREC));
            HKZ_TEST_OK(hkz_su2_dist_cc(dS, r, z, PREC));
            arb_sqr(q, dS, PREC);
            arb_div(q, q, dR, PREC);
            HKZ_TEST_CHECK(arb_le(q, twopi), "X1: d_sR^2/d_R <= 2 pi at "
                           "(%ld, %ld)", (long) j, (long) k);
            /* d_R <= d_sR <= pi (equalities occur: not violated) */
            HKZ_TEST_CHECK(!arb_gt(dR, dS) && !arb_gt(dS, pi),
                           "X1: d_R <= d_sR <= pi at (%ld, %ld)", (long) j,
                           (long) k);
            if (j == 0)
            {
                /* fibre: 2 pi - z exactly (R22: z = 1) */
                arb_sub(u, twopi, z, PREC);
                HKZ_TEST_CHECK(arb_overlaps(q, u), "X1: fibre value at z_%ld",
                               (long) k);
            }
            if (arf_cmp(arb_midref(q), arb_midref(best)) > 0)
            {
                arb_set(best, q);
                jb = j;
                kb = k;
            }
        }
    /* grid maximum 2 pi - pi/30 = 6.178..., at r = 0, z = pi/30 */
    HKZ_TEST_CHECK(jb == 0 && kb == 1, "X1: grid max at (%ld, %ld)",
                   (long) jb, (long) kb);
    HKZ_TEST_CONTAINS(best, "6.178465552059926", 40, "X1 grid maximum");
    /* R22: d_sR(exp Z) = sqrt(2 pi - 1) */
    arb_zero(r);
    arb_one(z);
    HKZ_TEST_OK(hkz_su2_dist_cc(dS, r, z, PREC));
    HKZ_TEST_CONTAINS(dS, "2.298518067620871775714392", BITS, "X1 R22");
    arb_clear(pi);
    arb_clear(twopi);
    arb_clear(r);
    arb_clear(z);
    arb_clear(dR);
    arb_clear(dS);
    arb_clear(q);
    arb_clear(best);
    arb_clear(u);
}

/* X2: E-a on SU(2)^10: R42 along x_i = exp(eps a_i/b_i Z_i), the closed
 * form sqrt((2 pi - eps T/S) S^{1/2}), and ratio <= C_10 = R35 at random
 * points. */
static void x2(flint_rand_t st)
{
    hkz_su2n_weights_t a;
    hkz_su2n_point_t x;
    arb_t C, dD, dL, q, u, r, z;
    slong i, it;

    hkz_su2n_weights_init(a);
    hkz_su2n_point_init(x, 10);
    arb_init(C);
    arb_init(dD);
    arb_init(dL);
    arb_init(q);
    arb_init(u);
    arb_init(r);
    arb_init(z);
    HKZ_TEST_OK(hkz_su2n_weights_set_str(a, "i^2@10", PREC));
    HKZ_TEST_OK(hkz_su2n_dist_const(C, a, a, PREC));
    HKZ_TEST_CONTAINS(C, "2.796768938733018556652118", BITS, "X2 R35 C_10");
    /* a = b: x_i = exp(0.01 Z_i) */
    for (i = 1; i <= 10; i++)
        su2n_point_set(x, i, "0", "0.01");
    HKZ_TEST_OK(hkz_su2n_dist(dD, a, HKZ_SU2N_DELTA, x, PREC));
    HKZ_TEST_OK(hkz_su2n_dist(dL, a, HKZ_SU2N_L, x, PREC));
    arb_sqrt(q, dD, PREC);
    arb_div(q, dL, q, PREC);
    HKZ_TEST_CONTAINS(q, "2.794542454483892291568793", BITS, "X2 R42");
    HKZ_TEST_CHECK(arb_lt(q, C), "X2: R42 ratio < C_10");
    /* random points of SU(2)^10: d_L / d_Delta^{1/2} <= C_10 */
    for (it = 0; it < hkz_test_iters(20); it++)
    {
        for (i = 1; i <= 10; i++)
        {
            arb_set_ui(r, n_randint(st, 1571));
            arb_div_ui(r, r, 1000, PREC);
            arb_set_si(z, (slong) n_randint(st, 6283) - 3141);
            arb_div_ui(z, z, 1000, PREC);
            if (n_randint(st, 3) == 0)
                arb_zero(r);                  /* fibre directions */
            if (n_randint(st, 4) == 0)
            {
                arb_zero(r);
                arb_zero(z);                  /* x_i = e */
            }
            HKZ_TEST_OK(hkz_su2n_point_set_cyl(x, i, r, NULL, z));
        }
        HKZ_TEST_OK(hkz_su2n_dist(dD, a, HKZ_SU2N_DELTA, x, PREC));
        if (arb_is_zero(dD))
            continue;
        HKZ_TEST_OK(hkz_su2n_dist(dL, a, HKZ_SU2N_L, x, PREC));
        arb_sqrt(q, dD, PREC);
        arb_div(q, dL, q, PREC);
        HKZ_TEST_CHECK(arb_le(q, C), "X2: random ratio <= C_10");
    }
    arb_clear(C);
    arb_clear(dD);
    arb_clear(dL);
    arb_clear(q);
    arb_clear(u);
    arb_clear(r);
    arb_clear(z);
    hkz_su2n_point_clear(x);
    hkz_su2n_weights_clear(a);
}

/* X3: E-b (a_i = i^2, b_i = i), x_i = exp((pi i/N) Z_i): R43, d_Delta ->
 * 0 while d_L -> pi sqrt(3/2), so d_L / d_Delta^c grows for every c > 0;
 * yet C*(1/2) = sqrt(3)/2 (form domination without the distance
 * hypothesis). */
static void x3(void)
{
    static const slong Ns[3] = {10, 100, 1000};
    static const char *refD[3] = {"0.9934588265796101234433551",
        "0.3141592653589793238462643", "0.09934588265796101234433551"};
    static const char *refL[3] = {"3.782978506624055615625611",
        "3.84123138845196243603033", "3.847008162122026645823299"};
    hkz_su2n_weights_t a, b;
    hkz_su2n_point_t x;
    arb_t pi, z, zero, dD, dL, q, prev[2], g;
    static const double cs[2] = {0.1, 0.5};
    slong i, k;
    int c;

    hkz_su2n_weights_init(a);
    hkz_su2n_weights_init(b);
    arb_init(pi);
    arb_init(z);
    arb_init(zero);
    arb_init(dD);
    arb_init(dL);
    arb_init(q);
    arb_init(prev[0]);
    arb_init(prev[1]);
    arb_init(g);
    arb_const_pi(pi, PREC + 20);
    HKZ_TEST_OK(hkz_su2n_weights_set_str(a, "i^2", PREC));
    HKZ_TEST_OK(hkz_su2n_weights_set_str(b, "i", PREC));
    for (k = 0; k < 3; k++)
    {
        slong N = Ns[k];
        hkz_su2n_point_init(x, N);
        for (i = 1; i <= N; i++)
        {
            arb_mul_ui(z, pi, (ulong) i, PREC + 20);
            arb_div_ui(z, z, (ulong) N, PREC + 20);
            HKZ_TEST_OK(hkz_su2n_point_set_cyl(x, i, zero, NULL, z));
        }
        HKZ_TEST_OK(hkz_su2n_dist(dD, a, HKZ_SU2N_DELTA, x, PREC));
        HKZ_TEST_OK(hkz_su2n_dist(dL, b, HKZ_SU2N_L, x, PREC));
        HKZ_TEST_CONTAINS(dD, refD[k], BITS, "X3 R43 d_Delta");
        HKZ_TEST_CONTAINS(dL, refL[k], BITS, "X3 R43 d_L");
        /* d_L >= pi (bounded below) */
        HKZ_TEST_CHECK(arb_gt(dL, pi), "X3: d_L > pi");
        for (c = 0; c < 2; c++)
        {
            arb_set_d(g, cs[c]);
            arb_pow(q, dD, g, PREC);
            arb_div(q, dL, q, PREC);
            if (k > 0)
                HKZ_TEST_CHECK(arb_gt(q, prev[c]), "X3: d_L/d_Delta^%g "
                               "grows (N = %ld)", cs[c], (long) N);
            arb_set(prev[c], q);
        }
        hkz_su2n_point_clear(x);
    }
    /* d_L / d_Delta^{1/2} at N = 1000 is already > 12 */
    arb_set_ui(q, 12);
    HKZ_TEST_CHECK(arb_gt(prev[1], q), "X3: ratio at N = 1000 > 12");
    arb_set_d(g, 0.5);
    HKZ_TEST_OK(hkz_su2n_form_const(q, a, b, g, PREC));
    HKZ_TEST_CONTAINS(q, "0.8660254037844386467637232", BITS, "X3 C*(1/2)");
    HKZ_TEST_OK(hkz_su2n_dist_const(q, a, b, PREC));
    HKZ_TEST_CHECK(arf_is_pos_inf(arb_midref(q)), "X3: S = inf, no c = 1/2 "
                   "distance constant");
    arb_clear(pi);
    arb_clear(z);
    arb_clear(zero);
    arb_clear(dD);
    arb_clear(dL);
    arb_clear(q);
    arb_clear(prev[0]);
    arb_clear(prev[1]);
    arb_clear(g);
    hkz_su2n_weights_clear(a);
    hkz_su2n_weights_clear(b);
}

/* X4: form constants from the joint spectrum: brute force over n_i <= 20
 * = sup_i (3 a_i)^gamma / (2 b_i) (R48; E-a head), growth for gamma > 1/2 */
static void x4(void)
{
    hkz_su2n_weights_t a;
    arb_t g, r, p3, r2;
    slong arg[6];

    hkz_su2n_weights_init(a);
    arb_init(g);
    arb_init(r);
    arb_init(p3);
    arb_init(r2);
    HKZ_TEST_OK(hkz_su2n_weights_set_str(a, "1,4", PREC));
    arb_set_d(g, 0.5);
    HKZ_TEST_OK(hkz_su2n_form_const_brute(r, arg, a, a, g, 20, PREC));
    HKZ_TEST_CONTAINS(r, "0.8660254037844386467637232", BITS, "X4 R48");
    HKZ_TEST_CHECK(arg[0] == 2 && (arg[1] == 1 || arg[1] == -1)
                   && arg[2] == 1, "X4 R48 argmax");
    HKZ_TEST_OK(hkz_su2n_form_const(p3, a, a, g, PREC));
    HKZ_TEST_OVERLAP(r, p3, "X4: brute force = closed form (R48)");
    /* E-a, three factors, gamma = 0.3 */
    HKZ_TEST_OK(hkz_su2n_weights_set_str(a, "i^2@3", PREC));
    arb_set_d(g, 0.3);
    HKZ_TEST_OK(hkz_su2n_form_const_brute(r, arg, a, a, g, 8, PREC));
    HKZ_TEST_OK(hkz_su2n_form_const(p3, a, a, g, PREC));
    HKZ_TEST_OVERLAP(r, p3, "X4: brute force = closed form (E-a, n = 3)");
    /* gamma = 0.75: unbounded in n_max */
    arb_set_d(g, 0.75);
    HKZ_TEST_OK(hkz_su2n_weights_set_str(a, "1,4", PREC));
    HKZ_TEST_OK(hkz_su2n_form_const_brute(r, NULL, a, a, g, 10, PREC));
    HKZ_TEST_OK(hkz_su2n_form_const_brute(r2, NULL, a, a, g, 30, PREC));
    HKZ_TEST_CHECK(arb_lt(r, r2), "X4: gamma = 3/4 grows with n_max");
    arb_clear(g);
    arb_clear(r);
    arb_clear(p3);
    arb_clear(r2);
    hkz_su2n_weights_clear(a);
}

/* X5: transfer (F2) for E-a truncated at n = 3, C* = sqrt(3)/2:
 * mu^L_t(e) <= mu^{Delta^{1/2}}_{t/C*}(e) (R44, R45), far from equality */
static void x5(void)
{
    static const char *ts[2] = {"0.5", "0.2"};
    static const char *lhs[2] = {"4.376646730330928059680882",
        "45.00518637063329394976989"};
    static const char *rhs[2] = {"534.4109604322566287995852",
        "1566510.023288229579092341"};
    hkz_su2n_weights_t a;
    hkz_su2n_info_t info;
    arb_t g, C, t, s, l, r, q;
    int k;

    hkz_su2n_weights_init(a);
    arb_init(g);
    arb_init(C);
    arb_init(t);
    arb_init(s);
    arb_init(l);
    arb_init(r);
    arb_init(q);
    HKZ_TEST_OK(hkz_su2n_weights_set_str(a, "i^2@3", PREC));
    arb_set_d(g, 0.5);
    HKZ_TEST_OK(hkz_su2n_form_const(C, a, a, g, PREC));
    for (k = 0; k < 2; k++)
    {
        su2n_str(t, ts[k]);
        HKZ_TEST_OK(hkz_su2n_heat_e(l, &info, a, HKZ_SU2N_L, t, PREC));
        HKZ_TEST_CONTAINS(l, lhs[k], BITS, "X5 mu^L (R44/R45)");
        arb_div(s, t, C, PREC);
        HKZ_TEST_OK(hkz_su2n_heat_e_subord(r, a, HKZ_SU2N_DELTA, s, PREC));
        HKZ_TEST_CONTAINS(r, rhs[k], BITS, "X5 mu^{Delta^1/2} (R44/R45)");
        HKZ_TEST_CHECK(arb_le(l, r), "X5: transfer inequality (F2)");
        /* the ratio is far from 1: the bound is lossy */
        arb_div(q, r, l, PREC);
        arb_set_ui(s, 100);
        HKZ_TEST_CHECK(arb_gt(q, s), "X5: ratio > 100");
    }
    arb_clear(g);
    arb_clear(C);
    arb_clear(t);
    arb_clear(s);
    arb_clear(l);
    arb_clear(r);
    arb_clear(q);
    hkz_su2n_weights_clear(a);
}

/* X6: (CK*) diagnostics: for a_i = i, t log mu_t(e) in [int_t^inf,
 * int_0^inf] log h_s(e) ds (R41; R38) at t = 0.1, 0.01, the same for L
 * (R39); for a_i = i^2, t^{1/2} log mu_t(e) in [int_{t^{1/2}}^inf,
 * int_0^inf] log h_{x^2}(e) dx -> R40. */
static void x6(void)
{
    static const char *ts[2] = {"0.1", "0.01"};
    static const char *lim[2] = {"1.249561413755993546324564",
                                 "2.28036282128570551494916"};
    hkz_su2n_weights_t w;
    hkz_su2n_info_t info;
    arb_t p, zero, t, lo, hi, v, st;
    int k, op;

    hkz_su2n_weights_init(w);
    arb_init(p);
    arb_init(zero);
    arb_init(t);
    arb_init(lo);
    arb_init(hi);
    arb_init(v);
    arb_init(st);
    HKZ_TEST_OK(hkz_su2n_weights_set_str(w, "i", PREC));
    arb_one(p);
    for (op = HKZ_SU2N_DELTA; op <= HKZ_SU2N_L; op++)
    {
        HKZ_TEST_OK(hkz_su2n_ck_integral(hi, op, p, zero, PREC));
        HKZ_TEST_CONTAINS(hi, lim[op], BITS, "X6 R38/R39");
        for (k = 0; k < 2; k++)
        {
            su2n_str(t, ts[k]);
            HKZ_TEST_OK(hkz_su2n_ck_integral(lo, op, p, t, PREC));
            HKZ_TEST_OK(hkz_su2n_heat_e(v, &info, w, op, t, PREC));
            HKZ_TEST_CHECK(info.kind == HKZ_SU2N_FINITE, "X6 kind");
            arb_log(v, v, PREC);
            arb_mul(v, v, t, PREC);
            if (op == HKZ_SU2N_DELTA && k == 0)
            {
                HKZ_TEST_CONTAINS(v, "0.9788898893771725393402968", BITS,
                                  "X6 R41 value");
                HKZ_TEST_CONTAINS(lo, "0.83056659162640574689814", BITS,
                                  "X6 R41 lower");
            }
            HKZ_TEST_CHECK(arb_lt(lo, v) && arb_lt(v, hi), "X6: t log mu_t "
                           "in the bracket (op %d, t = %s)", op, ts[k]);
        }
    }
    /* a_i = i^2: t^{1/2} log mu_t(e) */
    HKZ_TEST_OK(hkz_su2n_weights_set_str(w, "i^2", PREC));
    arb_set_ui(p, 2);
    HKZ_TEST_OK(hkz_su2n_ck_integral(hi, HKZ_SU2N_DELTA, p, zero, PREC));
    HKZ_TEST_CONTAINS(hi, "2.547330152164169545294799", BITS, "X6 R40");
    for (k = 0; k < 2; k++)
    {
        su2n_str(t, ts[k]);
        arb_sqrt(st, t, PREC);
        HKZ_TEST_OK(hkz_su2n_ck_integral(lo, HKZ_SU2N_DELTA, p, st, PREC));
        HKZ_TEST_OK(hkz_su2n_heat_e(v, &info, w, HKZ_SU2N_DELTA, t, PREC));
        arb_log(v, v, PREC);
        arb_mul(v, v, st, PREC);
        HKZ_TEST_CHECK(arb_lt(lo, v) && arb_lt(v, hi), "X6: t^1/2 log mu_t "
                       "(i^2) in the bracket at t = %s", ts[k]);
    }
    arb_clear(p);
    arb_clear(zero);
    arb_clear(t);
    arb_clear(lo);
    arb_clear(hi);
    arb_clear(v);
    arb_clear(st);
    hkz_su2n_weights_clear(w);
}

/* X7: existence thresholds of E-e (log(1+i)): Delta finite at 0.4, +inf at
 * 0.3; L finite at 0.6, +inf at 0.4 (declared family rule, spec 5.4) */
static void x7(void)
{
    static const struct
    {
        int op;
        const char *t;
        int finite;
    } E[] = {
        {HKZ_SU2N_DELTA, "0.4", 1},
        {HKZ_SU2N_DELTA, "0.3", 0},
        {HKZ_SU2N_L, "0.6", 1},
        {HKZ_SU2N_L, "0.4", 0},
    };
    hkz_su2n_weights_t w;
    hkz_su2n_info_t info;
    hkz_su2n_decision_t d;
    arb_t t, v;
    size_t k;

    hkz_su2n_weights_init(w);
    arb_init(t);
    arb_init(v);
    HKZ_TEST_OK(hkz_su2n_weights_set_str(w, "log(1+i)", PREC));
    for (k = 0; k < sizeof(E) / sizeof(E[0]); k++)
    {
        su2n_str(t, E[k].t);
        HKZ_TEST_OK(hkz_su2n_heat_e(v, &info, w, E[k].op, t, 64));
        HKZ_TEST_OK(hkz_su2n_decide(&d, w, E[k].op, t, PREC));
        if (E[k].finite)
        {
            HKZ_TEST_CHECK(info.kind == HKZ_SU2N_FINITE && arb_is_finite(v)
                           && arb_rel_accuracy_bits(v) > 30, "X7: op %d "
                           "finite at %s", E[k].op, E[k].t);
            HKZ_TEST_CHECK(d.density_at_t == HKZ_SU2N_YES, "X7: decide YES");
        }
        else
        {
            HKZ_TEST_CHECK(info.kind == HKZ_SU2N_DIVERGENT
                           && arf_is_pos_inf(arb_midref(v)), "X7: op %d "
                           "+inf at %s", E[k].op, E[k].t);
            HKZ_TEST_CHECK(d.density_at_t == HKZ_SU2N_NO, "X7: decide NO");
        }
        HKZ_TEST_CHECK(d.density_all_t == HKZ_SU2N_NO
                       && d.ck == HKZ_SU2N_NO, "X7: no density for small t, "
                       "no (CK*)");
    }
    arb_clear(t);
    arb_clear(v);
    hkz_su2n_weights_clear(w);
}

int main(void)
{
    flint_rand_t st;
    hkz_test_rand_init(st);
    x1();
    x2(st);
    x3();
    x4();
    x5();
    x6();
    x7();
    hkz_rand_clear(st);
    HKZ_TEST_END("su2n.experiments");
}
