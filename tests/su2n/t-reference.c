/* Reference values R27-R49 of spec heat_kernels_su2.md sections 7.4, 7.5
 * (N_unit): every ball must contain the value (25 digits given; >= 70
 * bits of relative accuracy demanded, i.e. > 20 digits). */
#include "su2n_test.h"

#define PREC 128
#define BITS 70

/* R27-R32: partial products P_n and the certified infinite products */
static void products(void)
{
    static const struct
    {
        const char *id;
        int op, fam;     /* fam: 0 = i^2, 1 = 2^i, 2 = i */
        const char *t;
        slong n;
        const char *pn, *inf;
    } R[] = {
        {"R27", HKZ_SU2N_DELTA, 0, "0.1", 10, "53.43942425755927733696507",
         "53.43942425755931410494466"},
        {"R28", HKZ_SU2N_DELTA, 0, "0.01", 10, "286379843.1944014497233662",
         "348647866.2690328253991421"},
        {"R29", HKZ_SU2N_DELTA, 1, "0.01", 20, "9563149.748459064867925382",
         "9563149.748459064867925382"},
        {"R30", HKZ_SU2N_L, 0, "0.1", 10, "888.1159688647624230986698",
         "888.1159689756738066882605"},
        {"R31", HKZ_SU2N_L, 1, "0.01", 20, "61029729975.78085400463765",
         "61029729975.78085400463765"},
        {"R32", HKZ_SU2N_DELTA, 2, "0.1", 10, "10300.48257150898600269453",
         "17834.65749956941520991529"},
    };
    hkz_su2n_weights_t w;
    hkz_su2n_info_t info;
    arb_t t, r;
    size_t k;

    hkz_su2n_weights_init(w);
    arb_init(t);
    arb_init(r);
    for (k = 0; k < sizeof(R) / sizeof(R[0]); k++)
    {
        if (R[k].fam == 0)
            su2n_set_pow(w, 1, 2);
        else if (R[k].fam == 1)
            su2n_set_family(w, HKZ_SU2N_GEOM, 1);
        else
            su2n_set_pow(w, 1, 1);
        su2n_str(t, R[k].t);
        HKZ_TEST_OK(hkz_su2n_heat_e_partial(r, w, R[k].op, t, R[k].n, PREC));
        HKZ_TEST_CONTAINS(r, R[k].pn, BITS, R[k].id);
        HKZ_TEST_OK(hkz_su2n_heat_e(r, &info, w, R[k].op, t, PREC));
        HKZ_TEST_CONTAINS(r, R[k].inf, BITS, R[k].id);
        HKZ_TEST_CHECK(info.kind == HKZ_SU2N_FINITE, "%s: kind %d", R[k].id,
                       info.kind);
        /* the same numbers from the truncated list (SU(2)^n) */
        HKZ_TEST_OK(hkz_su2n_weights_set_head(w, w, R[k].n, PREC));
        HKZ_TEST_OK(hkz_su2n_heat_e(r, &info, w, R[k].op, t, PREC));
        HKZ_TEST_CONTAINS(r, R[k].pn, BITS, R[k].id);
        HKZ_TEST_CHECK(info.nfactors == R[k].n && info.tail == 0.0,
                       "%s: list", R[k].id);
    }
    arb_clear(t);
    arb_clear(r);
    hkz_su2n_weights_clear(w);
}

/* R33, R34: x = (P1, P2, P4, e, ...), a_i = b_i = i^2 */
static void point(void)
{
    hkz_su2n_weights_t w;
    hkz_su2n_point_t x;
    hkz_su2n_info_t info;
    arb_t t, r;

    hkz_su2n_weights_init(w);
    hkz_su2n_point_init(x, 3);
    arb_init(t);
    arb_init(r);
    su2n_set_pow(w, 1, 2);
    su2n_point_set(x, 1, "0.3", "0.5");
    su2n_point_set(x, 2, "0.7", "2.0");
    su2n_point_set(x, 3, "0", "1");
    HKZ_TEST_OK(hkz_su2n_dist(r, w, HKZ_SU2N_DELTA, x, PREC));
    HKZ_TEST_CONTAINS(r, "1.157984897733341142252359", BITS, "R33 d_Delta");
    HKZ_TEST_OK(hkz_su2n_dist(r, w, HKZ_SU2N_L, x, PREC));
    HKZ_TEST_CONTAINS(r, "1.957506153461302193508371", BITS, "R33 d_L");
    su2n_str(t, "0.5");
    HKZ_TEST_OK(hkz_su2n_heat(r, &info, w, HKZ_SU2N_DELTA, t, x, PREC));
    HKZ_TEST_CONTAINS(r, "1.845006619646889400905053", BITS, "R34 mu^Delta");
    HKZ_TEST_OK(hkz_su2n_heat(r, &info, w, HKZ_SU2N_L, t, x, PREC));
    HKZ_TEST_CONTAINS(r, "2.494208278232695250264061", BITS, "R34 mu^L");
    arb_clear(t);
    arb_clear(r);
    hkz_su2n_point_clear(x);
    hkz_su2n_weights_clear(w);
}

/* R35, R36, R42, R43: distance constants and experiments X2, X3 */
static void distances(void)
{
    hkz_su2n_weights_t a, b;
    hkz_su2n_point_t x;
    arb_t r, dD, dL, S, u, pi;
    slong i, k;
    static const slong Ns[3] = {10, 100, 1000};
    static const char *refD[3] = {"0.9934588265796101234433551",
        "0.3141592653589793238462643", "0.09934588265796101234433551"};
    static const char *refL[3] = {"3.782978506624055615625611",
        "3.84123138845196243603033", "3.847008162122026645823299"};

    hkz_su2n_weights_init(a);
    hkz_su2n_weights_init(b);
    arb_init(r);
    arb_init(dD);
    arb_init(dL);
    arb_init(S);
    arb_init(u);
    arb_init(pi);
    arb_const_pi(pi, PREC);

    su2n_set_pow_list(a, 1, 2, 10);
    HKZ_TEST_OK(hkz_su2n_dist_const(r, a, a, PREC));
    HKZ_TEST_CONTAINS(r, "2.796768938733018556652118", BITS, "R35 C_10");
    su2n_set_pow(a, 1, 2);
    HKZ_TEST_OK(hkz_su2n_dist_const(r, a, a, PREC));
    HKZ_TEST_CONTAINS(r, "2.838749416309706354552907", BITS, "R36 C_inf");

    /* R42: a = b = i^2, n = 10, x_i = exp(0.01 Z_i) */
    hkz_su2n_point_init(x, 10);
    for (i = 1; i <= 10; i++)
        su2n_point_set(x, i, "0", "0.01");
    HKZ_TEST_OK(hkz_su2n_dist(dD, a, HKZ_SU2N_DELTA, x, PREC));
    HKZ_TEST_OK(hkz_su2n_dist(dL, a, HKZ_SU2N_L, x, PREC));
    arb_sqrt(r, dD, PREC);
    arb_div(r, dL, r, PREC);
    HKZ_TEST_CONTAINS(r, "2.794542454483892291568793", BITS, "R42");
    /* closed form sqrt((2 pi - eps) S^{1/2}), S = sum_{i<=10} 1/i^2 */
    arb_zero(S);
    for (i = 1; i <= 10; i++)
    {
        arb_set_ui(u, (ulong) (i * i));
        arb_inv(u, u, PREC);
        arb_add(S, S, u, PREC);
    }
    arb_sqrt(S, S, PREC);
    su2n_str(u, "0.01");
    arb_mul_2exp_si(dD, pi, 1);
    arb_sub(u, dD, u, PREC);
    arb_mul(u, u, S, PREC);
    arb_sqrt(u, u, PREC);
    HKZ_TEST_OVERLAP(r, u, "R42 closed form");
    /* the ratio stays below C_10 = R35 */
    su2n_set_pow_list(b, 1, 2, 10);
    HKZ_TEST_OK(hkz_su2n_dist_const(S, b, b, PREC));
    HKZ_TEST_CHECK(arb_lt(r, S), "R42 ratio < C_10");
    hkz_su2n_point_clear(x);

    /* R43 (X3, E-b): a_i = i^2, b_i = i, x_i = exp((pi i/N) Z_i) */
    su2n_set_pow(b, 1, 1);
    for (k = 0; k < 3; k++)
    {
        slong N = Ns[k];
        hkz_su2n_point_init(x, N);
        for (i = 1; i <= N; i++)
        {
            arb_mul_ui(u, pi, (ulong) i, PREC + 20);
            arb_div_ui(u, u, (ulong) N, PREC + 20);
            arb_zero(r);
            HKZ_TEST_OK(hkz_su2n_point_set_cyl(x, i, r, NULL, u));
        }
        HKZ_TEST_OK(hkz_su2n_dist(dD, a, HKZ_SU2N_DELTA, x, PREC));
        HKZ_TEST_OK(hkz_su2n_dist(dL, b, HKZ_SU2N_L, x, PREC));
        HKZ_TEST_CONTAINS(dD, refD[k], BITS, "R43 d_Delta");
        HKZ_TEST_CONTAINS(dL, refL[k], BITS, "R43 d_L");
        /* closed forms pi / sqrt N and pi sqrt((3N - 1)/(2N)) */
        arb_set_ui(u, (ulong) N);
        arb_rsqrt(u, u, PREC);
        arb_mul(u, u, pi, PREC);
        HKZ_TEST_OVERLAP(dD, u, "R43 pi/sqrt(N)");
        arb_set_ui(u, (ulong) (3 * N - 1));
        arb_div_ui(u, u, (ulong) (2 * N), PREC);
        arb_sqrt(u, u, PREC);
        arb_mul(u, u, pi, PREC);
        HKZ_TEST_OVERLAP(dL, u, "R43 closed form");
        hkz_su2n_point_clear(x);
    }
    arb_clear(r);
    arb_clear(dD);
    arb_clear(dL);
    arb_clear(S);
    arb_clear(u);
    arb_clear(pi);
    hkz_su2n_weights_clear(a);
    hkz_su2n_weights_clear(b);
}

/* R37, R44, R45, R49: subordination (F3) and the transfer (F2) */
static void subordination(void)
{
    hkz_su2n_weights_t a, b;
    arb_t r, l, s, t, C, g;
    hkz_su2n_info_t info;
    static const char *ts[2] = {"0.5", "0.2"};
    static const char *lhs[2] = {"4.376646730330928059680882",
        "45.00518637063329394976989"};
    static const char *rhs[2] = {"534.4109604322566287995852",
        "1566510.023288229579092341"};
    int k;

    hkz_su2n_weights_init(a);
    hkz_su2n_weights_init(b);
    arb_init(r);
    arb_init(l);
    arb_init(s);
    arb_init(t);
    arb_init(C);
    arb_init(g);

    /* C*(1/2) = sqrt(3)/2 for a = b = i^2 */
    su2n_set_pow_list(a, 1, 2, 3);
    arb_set_d(g, 0.5);
    HKZ_TEST_OK(hkz_su2n_form_const(C, a, a, g, PREC));
    HKZ_TEST_CONTAINS(C, "0.8660254037844386467637232", BITS, "C*(1/2)");

    /* R37: p_1(e) <= sum n^2 e^{-(2/sqrt 3) sqrt(n^2-1)} */
    su2n_set_pow_list(b, 1, 1, 1);
    arb_one(t);
    HKZ_TEST_OK(hkz_su2n_heat_e(l, &info, b, HKZ_SU2N_L, t, PREC));
    HKZ_TEST_CONTAINS(l, "1.676079176957747290819961", BITS, "R37 lhs");
    arb_div(s, t, C, PREC);
    HKZ_TEST_OK(hkz_su2n_heat_e_subord(r, b, HKZ_SU2N_DELTA, s, PREC));
    HKZ_TEST_CONTAINS(r, "2.221162585457409089632513", BITS, "R37 rhs");
    HKZ_TEST_CHECK(arb_lt(l, r), "R37 inequality");

    /* R44, R45 (X5): E-a, n = 3 */
    for (k = 0; k < 2; k++)
    {
        su2n_str(t, ts[k]);
        HKZ_TEST_OK(hkz_su2n_heat_e(l, &info, a, HKZ_SU2N_L, t, PREC));
        HKZ_TEST_CONTAINS(l, lhs[k], BITS, "R44/R45 mu^L");
        arb_div(s, t, C, PREC);
        HKZ_TEST_OK(hkz_su2n_heat_e_subord(r, a, HKZ_SU2N_DELTA, s, PREC));
        HKZ_TEST_CONTAINS(r, rhs[k], BITS, "R44/R45 mu^(Delta^1/2)");
        HKZ_TEST_CHECK(arb_lt(l, r), "R44/R45 transfer inequality (F2)");
    }

    /* R49 */
    arb_one(s);
    HKZ_TEST_OK(hkz_su2n_heat_e_subord(r, b, HKZ_SU2N_DELTA, s, PREC));
    HKZ_TEST_CONTAINS(r, "2.945713677839849182799467", BITS, "R49 one");
    su2n_set_pow_list(a, 1, 2, 2);          /* (1, 4) */
    su2n_str(s, "0.5");
    HKZ_TEST_OK(hkz_su2n_heat_e_subord(r, a, HKZ_SU2N_DELTA, s, PREC));
    HKZ_TEST_CONTAINS(r, "215.2275570439208076962303", BITS, "R49 two");

    arb_clear(r);
    arb_clear(l);
    arb_clear(s);
    arb_clear(t);
    arb_clear(C);
    arb_clear(g);
    hkz_su2n_weights_clear(a);
    hkz_su2n_weights_clear(b);
}

/* R38-R41: the (CK*) integrals and the bracket */
static void ck(void)
{
    hkz_su2n_weights_t w;
    hkz_su2n_info_t info;
    arb_t r, p, a, hi, lo, t;

    hkz_su2n_weights_init(w);
    arb_init(r);
    arb_init(p);
    arb_init(a);
    arb_init(hi);
    arb_init(lo);
    arb_init(t);
    arb_one(p);
    arb_zero(a);
    HKZ_TEST_OK(hkz_su2n_ck_integral(hi, HKZ_SU2N_DELTA, p, a, PREC));
    HKZ_TEST_CONTAINS(hi, "1.249561413755993546324564", BITS, "R38");
    HKZ_TEST_OK(hkz_su2n_ck_integral(r, HKZ_SU2N_L, p, a, PREC));
    HKZ_TEST_CONTAINS(r, "2.28036282128570551494916", BITS, "R39");
    arb_set_ui(p, 2);
    HKZ_TEST_OK(hkz_su2n_ck_integral(r, HKZ_SU2N_DELTA, p, a, PREC));
    HKZ_TEST_CONTAINS(r, "2.547330152164169545294799", BITS, "R40");

    /* R41: a_i = i, t = 0.1 */
    arb_one(p);
    su2n_str(t, "0.1");
    HKZ_TEST_OK(hkz_su2n_ck_integral(lo, HKZ_SU2N_DELTA, p, t, PREC));
    HKZ_TEST_CONTAINS(lo, "0.83056659162640574689814", BITS, "R41 lower");
    su2n_set_pow(w, 1, 1);
    HKZ_TEST_OK(hkz_su2n_heat_e(r, &info, w, HKZ_SU2N_DELTA, t, PREC));
    arb_log(r, r, PREC);
    arb_mul(r, r, t, PREC);
    HKZ_TEST_CONTAINS(r, "0.9788898893771725393402968", BITS, "R41 value");
    HKZ_TEST_CHECK(arb_lt(lo, r) && arb_lt(r, hi), "R41 bracket");
    /* the same bracket for L with the R39 limit */
    HKZ_TEST_OK(hkz_su2n_ck_integral(lo, HKZ_SU2N_L, p, t, PREC));
    HKZ_TEST_OK(hkz_su2n_ck_integral(hi, HKZ_SU2N_L, p, a, PREC));
    HKZ_TEST_OK(hkz_su2n_heat_e(r, &info, w, HKZ_SU2N_L, t, PREC));
    arb_log(r, r, PREC);
    arb_mul(r, r, t, PREC);
    HKZ_TEST_CHECK(arb_lt(lo, r) && arb_lt(r, hi), "R41 bracket for L");

    arb_clear(r);
    arb_clear(p);
    arb_clear(a);
    arb_clear(hi);
    arb_clear(lo);
    arb_clear(t);
    hkz_su2n_weights_clear(w);
}

/* R46, R47: spin normalization, h^spin_1(e) = h_{1/4}(e) */
static void spin(void)
{
    hkz_su2n_weights_t w;
    hkz_su2n_info_t info;
    arb_t r, t, u;

    hkz_su2n_weights_init(w);
    arb_init(r);
    arb_init(t);
    arb_init(u);
    su2n_set_pow_list(w, 1, 1, 1);
    hkz_su2n_weights_from_spin(w);
    arb_one(t);
    HKZ_TEST_OK(hkz_su2n_heat_e(r, &info, w, HKZ_SU2N_DELTA, t, PREC));
    HKZ_TEST_CONTAINS(r, "4.551751588937489391739636", BITS, "R46");
    HKZ_TEST_OK(hkz_su2n_heat_e(r, &info, w, HKZ_SU2N_L, t, PREC));
    HKZ_TEST_CONTAINS(r, "12.67282290365193020613294", BITS, "R47");
    /* and a family: spin weights i^2 are the N_unit weights i^2/4 */
    su2n_set_pow(w, 1, 2);
    hkz_su2n_weights_from_spin(w);
    su2n_str(t, "0.4");
    HKZ_TEST_OK(hkz_su2n_heat_e(r, &info, w, HKZ_SU2N_DELTA, t, PREC));
    su2n_str(t, "0.1");
    su2n_set_pow(w, 1, 2);
    HKZ_TEST_OK(hkz_su2n_heat_e(u, &info, w, HKZ_SU2N_DELTA, t, PREC));
    HKZ_TEST_CONTAINS(u, "53.43942425755931410494466", BITS, "spin i^2");
    HKZ_TEST_OVERLAP(r, u, "spin weights i^2 at 0.4 = unit i^2 at 0.1");
    arb_clear(r);
    arb_clear(t);
    arb_clear(u);
    hkz_su2n_weights_clear(w);
}

/* R48 (X4): weights (1, 4), gamma = 1/2, brute force over n_i <= 20 in
 * exact rationals: max lambda_D / lambda_L^2 = 3/4, at (2, +-1, 1). */
static void brute(void)
{
    fmpq_t best, q;
    hkz_su2n_weights_t a;
    arb_t r, g;
    slong n1, k1, n2, k2, arg[4] = {0, 0, 0, 0};

    fmpq_init(best);
    fmpq_init(q);
    for (n1 = 1; n1 <= 20; n1++)
        for (k1 = -(n1 - 1); k1 <= n1 - 1; k1 += 2)
            for (n2 = 1; n2 <= 20; n2++)
                for (k2 = -(n2 - 1); k2 <= n2 - 1; k2 += 2)
                {
                    slong lD = (n1 * n1 - 1) + 4 * (n2 * n2 - 1);
                    slong lL = (n1 * n1 - 1 - k1 * k1)
                               + 4 * (n2 * n2 - 1 - k2 * k2);
                    if (lL <= 0)
                        continue;
                    fmpq_set_si(q, lD, (ulong) (lL * lL));
                    if (fmpq_cmp(q, best) > 0)
                    {
                        fmpq_set(best, q);
                        arg[0] = n1;
                        arg[1] = k1;
                        arg[2] = n2;
                        arg[3] = k2;
                    }
                }
    fmpq_set_si(q, 3, 4);
    HKZ_TEST_CHECK(fmpq_equal(best, q), "R48: brute-force sup^2 != 3/4");
    HKZ_TEST_CHECK(arg[0] == 2 && (arg[1] == 1 || arg[1] == -1)
                   && arg[2] == 1, "R48: attained at (%ld, %ld, %ld)",
                   (long) arg[0], (long) arg[1], (long) arg[2]);
    hkz_su2n_weights_init(a);
    arb_init(r);
    arb_init(g);
    su2n_set_pow_list(a, 1, 2, 2);
    arb_set_d(g, 0.5);
    HKZ_TEST_OK(hkz_su2n_form_const(r, a, a, g, PREC));
    HKZ_TEST_CONTAINS(r, "0.8660254037844386467637232", BITS, "R48");
    arb_set_fmpq(g, best, PREC);
    arb_sqrt(g, g, PREC);
    HKZ_TEST_OVERLAP(r, g, "R48 brute force = closed form");
    arb_clear(r);
    arb_clear(g);
    hkz_su2n_weights_clear(a);
    fmpq_clear(best);
    fmpq_clear(q);
}

int main(void)
{
    products();
    point();
    distances();
    subordination();
    ck();
    spin();
    brute();
    HKZ_TEST_END("su2n.reference");
}
