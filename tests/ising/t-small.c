/* Spec section 5 B (small graphs) and A (Curie-Weiss, N <= 10) from the
 * fugacity coefficients of hkz_ising_poly: F changes sign at every
 * reference zero (+-1e-16 around the 20-digit value), the derivative
 * signs and values of dtheta/dt (spec 2.2), closed forms N = 3, 4. */
#include "ising_test.h"

#define PREC 128

typedef struct
{
    const char *id;
    slong n;
    it_edge e[9];
    slong ne;
    slong w[6];                 /* all zero: unit weights */
    slong vary;                 /* edge index, -1: all couplings, -2: none */
    const char *zeros[3];
    const char *dtheta[3];      /* 6-digit spec values */
    const char *J;              /* uniform coupling for "all J" (divisor) */
} small_case;

static const small_case cases[] = {
    {"B1", 3, {{0, 1, "1"}, {1, 2, "0.5"}}, 2, {0}, 1,
     {"0.67269670567539589508"}, {"-0.214253"}, NULL},
    {"B2", 3, {{0, 1, "1"}, {1, 2, "0.5"}, {0, 2, "2"}}, 3, {0}, 1,
     {"0.54047056635056698935"}, {"-0.0320291"}, NULL},
    {"B3", 4, {{0, 1, "1"}, {1, 2, "1"}, {2, 3, "1"}, {3, 0, "1"}}, 4, {0},
     -1, {"0.41434624888562524654", "1.1819050744136287180"},
     {"-0.0848431", "-0.0152901"}, "1"},
    {"B4", 4, {{0, 1, "1"}, {1, 2, "1"}, {2, 3, "1"}}, 3, {0}, -1,
     {"0.47770912733856172772", "1.1952313651435163141"},
     {"-0.176906", "-0.0403141"}, "1"},
    {"B5", 4, {{0, 1, "1"}, {0, 2, "1"}, {0, 3, "1"}, {1, 2, "1"},
               {1, 3, "1"}, {2, 3, "0"}}, 6, {0}, 5,
     {"0.40124913015850366509", "1.1842159575991723918"},
     {"-0.0149911", "-0.0107898"}, NULL},
    {"B6", 4, {{0, 1, "1"}, {0, 2, "1"}, {0, 3, "1"}, {1, 2, "1"},
               {1, 3, "1"}, {2, 3, "0.5"}}, 6, {0}, 5,
     {"0.39647293937339423970", "1.1808338745917345944"},
     {"-0.00560407", "-0.00390411"}, NULL},
    {"B7", 4, {{0, 1, "1"}, {0, 2, "1"}, {0, 3, "1"}, {1, 2, "1"},
               {1, 3, "1"}, {2, 3, "1"}}, 6, {0}, 5,
     {"0.39469642676192499786", "1.1796036725099792722"},
     {"-0.00207396", "-0.00142757"}, NULL},
    {"B8", 3, {{0, 1, "1"}, {0, 2, "2"}, {1, 2, "2"}}, 3, {1, 1, 2}, -2,
     {"0.39365763922693614819", "1.1788911424022592925"}, {NULL}, NULL},
    {"B9", 4, {{0, 1, "2"}, {1, 2, "1"}, {2, 3, "2"}, {3, 0, "0.05"}}, 4,
     {0}, 1, {"0.42976131062043599625", "1.1537503917412366043"},
     {"-0.0626499", "0.0607281"}, NULL},
    {"B10", 6, {{0, 1, "2"}, {1, 2, "2"}, {0, 2, "2"}, {3, 4, "2"},
                {4, 5, "2"}, {3, 5, "2"}, {2, 3, "2"}}, 7, {0}, -1,
     {"0.26506265239993956747", "0.78257036377298948916",
      "1.3120642063098701304"},
     {"-0.00695176", "0.00520372", "-0.00616323"}, "2"},
    {"B11", 6, {{0, 1, "1"}, {0, 2, "1"}, {0, 3, "1"}, {1, 2, "1"},
                {1, 3, "1"}, {2, 3, "1"}, {3, 4, "1"}, {4, 5, "1"}}, 8, {0},
     -1, {"0.29227561232497613755", "0.81292286894852374917",
          "1.3026897928644277171"},
     {"-0.0634186", "-0.066587", "0.00719058"}, "1"},
    {"F3 t=1", 4, {{0, 1, "2"}, {1, 2, "1"}, {2, 3, "2"}}, 3, {0}, 1,
     {"0.433537105511", "1.15105934332"}, {"-0.0691185", "0.0674734"}, NULL},
    {"C4 t=0", 4, {{0, 1, "2"}, {1, 2, "0"}, {2, 3, "2"}, {3, 0, "0.05"}}, 4,
     {0}, -2, {"0.6843862767097713231", "0.90428558967776875802"}, {NULL},
     NULL},
    {"C4 t=30", 4, {{0, 1, "2"}, {1, 2, "30"}, {2, 3, "2"}, {3, 0, "0.05"}},
     4, {0}, -2, {"0.3985735696312237258", "1.1839413201471896772"}, {NULL},
     NULL},
    {"A3", 4, {{0, 1, "0.1"}, {0, 2, "0.1"}, {0, 3, "0.1"}, {1, 2, "0.1"},
               {1, 3, "0.1"}, {2, 3, "0.1"}}, 6, {0}, -2,
     {"0.88207924131338128913", "1.3516337765035467624"}, {NULL}, NULL},
};

/* delta for the sign-change check: 20-digit references are within 1e-19
 * of the zero, 12-digit ones within 1e-11 */
static const char *delta_for(const char *ref)
{
    return strlen(ref) > 18 ? "1e-16" : "1e-10";
}

static void check_case(const small_case *c)
{
    hkz_ising_model_t m;
    slong W, j, nz = 0;
    arb_ptr a, da, ap, am;
    arb_t t, x, d;

    hkz_ising_model_init(m);
    HKZ_TEST_OK(it_model(m, c->n, c->e, c->ne, c->w[0] ? c->w : NULL));
    W = hkz_ising_model_weight(m);
    a = _arb_vec_init(W + 1);
    da = _arb_vec_init(W + 1);
    ap = _arb_vec_init(W + 1);
    am = _arb_vec_init(W + 1);
    arb_init(t);
    arb_init(x);
    arb_init(d);
    HKZ_TEST_OK(hkz_ising_poly(a, m, PREC));
    for (j = 0; j < 3 && c->zeros[j] != NULL; j++, nz++)
        HKZ_TEST_CHECK(it_sign_change(a, W, c->zeros[j],
                                      delta_for(c->zeros[j]), PREC),
                       "%s: no certified sign change at zero %ld = %s",
                       c->id, (long) j + 1, c->zeros[j]);
    HKZ_TEST_CHECK(nz == W / 2, "%s: %ld reference zeros, floor(W/2) = %ld",
                   c->id, (long) nz, (long) W / 2);
    if (c->vary >= 0)
    {
        /* d a_k / dt = e^t a+_k - e^{-t} a-_k (spec 2.1) */
        HKZ_TEST_OK(hkz_ising_poly_edge(ap, am, m, c->vary, PREC));
        HKZ_TEST_OK(hkz_ising_model_get_coupling(t, m, c->vary, PREC));
        for (j = 0; j <= W; j++)
        {
            arb_exp(x, t, PREC);
            arb_mul(da + j, ap + j, x, PREC);
            arb_neg(x, t);
            arb_exp(x, x, PREC);
            arb_submul(da + j, am + j, x, PREC);
            /* and a_k itself = e^t a+_k + e^{-t} a-_k */
            arb_mul(d, am + j, x, PREC);
            arb_neg(x, t);
            arb_neg(x, x);
            arb_exp(x, x, PREC);
            arb_addmul(d, ap + j, x, PREC);
            HKZ_TEST_OVERLAP(d, a + j, "a_k = e^t a+_k + e^-t a-_k");
        }
    }
    else if (c->vary == -1)
    {
        HKZ_TEST_OK(hkz_ising_poly_dscale(da, m, PREC));
        /* d/dscale = J d/dJ for uniform couplings J */
        arb_set_str(x, c->J, PREC);
        _arb_vec_scalar_div(da, da, W + 1, x, PREC);
    }
    if (c->vary >= -1)
        for (j = 0; j < nz; j++)
        {
            it_dtheta(d, a, da, W, c->zeros[j], PREC);
            HKZ_TEST_CONTAINS(d, c->dtheta[j], 20, c->id);
        }
    _arb_vec_clear(a, W + 1);
    _arb_vec_clear(da, W + 1);
    _arb_vec_clear(ap, W + 1);
    _arb_vec_clear(am, W + 1);
    arb_clear(t);
    arb_clear(x);
    arb_clear(d);
    hkz_ising_model_clear(m);
}

/* B8: the contracted K4 equals a+ of K4's edge 2-3 (spec 2.1). */
static void check_contraction(void)
{
    static const it_edge k4[] = {{0, 1, "1"}, {0, 2, "1"}, {0, 3, "1"},
                                 {1, 2, "1"}, {1, 3, "1"}, {2, 3, "1"}};
    static const it_edge c3[] = {{0, 1, "1"}, {0, 2, "2"}, {1, 2, "2"}};
    static const slong w3[] = {1, 1, 2};
    hkz_ising_model_t m, c, c2;
    arb_ptr ap, am, b, b2;
    slong k;

    hkz_ising_model_init(m);
    hkz_ising_model_init(c);
    hkz_ising_model_init(c2);
    ap = _arb_vec_init(5);
    am = _arb_vec_init(5);
    b = _arb_vec_init(5);
    b2 = _arb_vec_init(5);
    HKZ_TEST_OK(it_model(m, 4, k4, 6, NULL));
    HKZ_TEST_OK(it_model(c, 3, c3, 3, w3));
    HKZ_TEST_OK(hkz_ising_poly_edge(ap, am, m, 5, PREC));
    HKZ_TEST_OK(hkz_ising_poly(b, c, PREC));
    HKZ_TEST_OK(hkz_ising_model_contract_edge(c2, m, 5));
    HKZ_TEST_CHECK(hkz_ising_model_weight(c2) == 4 && c2->n == 3 &&
                   c2->nedges == 3, "contraction: wrong shape");
    HKZ_TEST_OK(hkz_ising_poly(b2, c2, PREC));
    for (k = 0; k <= 4; k++)
    {
        HKZ_TEST_OVERLAP(ap + k, b + k, "B8: a+ of K4 = contracted graph");
        HKZ_TEST_OVERLAP(b2 + k, b + k, "B8: contract_edge");
        HKZ_TEST_CHECK(arb_rel_accuracy_bits(b + k) > PREC - 20,
                       "B8: inaccurate");
    }
    _arb_vec_clear(ap, 5);
    _arb_vec_clear(am, 5);
    _arb_vec_clear(b, 5);
    _arb_vec_clear(b2, 5);
    hkz_ising_model_clear(m);
    hkz_ising_model_clear(c);
    hkz_ising_model_clear(c2);
}

/* Closed forms of spec 2.6 for any graph on 3 or 4 vertices: with
 * d_v = sum of couplings at v, W_J = sum of couplings, cut(S):
 * a_0 = e^{W_J}, a_1 = sum_v e^{W_J - 2 d_v}, a_2 (N = 4) =
 * sum_{|S| = 2} e^{W_J - 2 cut(S)}. */
static void check_closed_forms(flint_rand_t st)
{
    slong it;
    for (it = 0; it < hkz_test_iters(40); it++)
    {
        slong N = 3 + n_randint(st, 2), i, j, v, e;
        hkz_ising_model_t m;
        arb_ptr a = _arb_vec_init(N + 1);
        arb_t WJ, d, x, s;
        arb_ptr J = _arb_vec_init(6);
        fmpq_t q;

        hkz_ising_model_init(m);
        arb_init(WJ);
        arb_init(d);
        arb_init(x);
        arb_init(s);
        fmpq_init(q);
        HKZ_TEST_OK(hkz_ising_model_set_empty(m, N));
        for (i = 0; i < N; i++)
            for (j = i + 1; j < N; j++)
                if (n_randint(st, 4) != 0)
                {
                    fmpq_set_si(q, n_randint(st, 40), 1 + n_randint(st, 9));
                    HKZ_TEST_OK(hkz_ising_model_add_edge(m, i, j, q));
                }
        HKZ_TEST_OK(hkz_ising_poly(a, m, PREC));
        for (e = 0; e < m->nedges; e++)
        {
            HKZ_TEST_OK(hkz_ising_model_get_coupling(J + e, m, e, PREC));
            arb_add(WJ, WJ, J + e, PREC);
        }
        arb_exp(x, WJ, PREC);
        HKZ_TEST_OVERLAP(x, a, "closed form a_0");
        arb_zero(s);
        for (v = 0; v < N; v++)
        {
            arb_zero(d);
            for (e = 0; e < m->nedges; e++)
                if (m->eu[e] == v || m->ev[e] == v)
                    arb_add(d, d, J + e, PREC);
            arb_mul_2exp_si(d, d, 1);
            arb_sub(d, WJ, d, PREC);
            arb_exp(d, d, PREC);
            arb_add(s, s, d, PREC);
        }
        HKZ_TEST_OVERLAP(s, a + 1, "closed form a_1");
        if (N == 4)
        {
            arb_zero(s);
            for (i = 0; i < 4; i++)
                for (j = i + 1; j < 4; j++)
                {
                    arb_zero(d);
                    for (e = 0; e < m->nedges; e++)
                    {
                        int inu = m->eu[e] == i || m->eu[e] == j;
                        int inv = m->ev[e] == i || m->ev[e] == j;
                        if (inu != inv)
                            arb_add(d, d, J + e, PREC);
                    }
                    arb_mul_2exp_si(d, d, 1);
                    arb_sub(d, WJ, d, PREC);
                    arb_exp(d, d, PREC);
                    arb_add(s, s, d, PREC);
                }
            HKZ_TEST_OVERLAP(s, a + 2, "closed form a_2");
        }
        else
        {
            /* N = 3: F = 2 cos t (a_0 (4 cos^2 t - 3) + a_1), so the
               zero has cos^2 = (3 - a_1/a_0)/4 = (3 - sum e^{-2 d_v})/4 */
            arb_div(x, a + 1, a, PREC);
            arb_neg(x, x);
            arb_add_si(x, x, 3, PREC);
            arb_mul_2exp_si(x, x, -2);
            arb_zero(s);
            for (v = 0; v < 3; v++)
            {
                arb_zero(d);
                for (e = 0; e < m->nedges; e++)
                    if (m->eu[e] == v || m->ev[e] == v)
                        arb_sub(d, d, J + e, PREC);
                arb_mul_2exp_si(d, d, 1);
                arb_exp(d, d, PREC);
                arb_add(s, s, d, PREC);
            }
            arb_neg(s, s);
            arb_add_si(s, s, 3, PREC);
            arb_mul_2exp_si(d, s, -2);
            arb_set(s, x);
            HKZ_TEST_OVERLAP(s, d, "closed form N = 3");
        }
        _arb_vec_clear(a, N + 1);
        _arb_vec_clear(J, 6);
        arb_clear(WJ);
        arb_clear(d);
        arb_clear(x);
        arb_clear(s);
        fmpq_clear(q);
        hkz_ising_model_clear(m);
    }
}

/* Curie-Weiss rows A5, A6, A7 (N = 5, 10) through the complete graph. */
static void check_cw(void)
{
    static const struct
    {
        slong N;
        slong tn, td;
        const char *z[5];
    } cw[] = {
        {5, 1, 2, {"0.32896170308977065835", "0.95729055608034137320"}},
        {10, 1, 10, {"0.31048584370406750410", "0.63234549419985154838",
                     "0.91644896459947349846", "1.1835454129790259736",
                     "1.4425284531691055557"}},
        {10, 1, 20, {"0.57843462421772419363", "0.83789104582873816164",
                     "1.0618795943096210035", "1.2702888322582967687",
                     "1.4713607226713734033"}},
    };
    slong i, j;
    for (i = 0; i < 3; i++)
    {
        hkz_ising_model_t m;
        arb_ptr a = _arb_vec_init(cw[i].N + 1), da = _arb_vec_init(cw[i].N + 1);
        fmpq_t t;
        arb_t d;
        hkz_ising_model_init(m);
        fmpq_init(t);
        arb_init(d);
        fmpq_set_si(t, cw[i].tn, cw[i].td);
        HKZ_TEST_OK(hkz_ising_model_complete(m, cw[i].N, t));
        HKZ_TEST_OK(hkz_ising_poly(a, m, PREC));
        HKZ_TEST_OK(hkz_ising_poly_dscale(da, m, PREC));
        if (cw[i].N % 2 == 1)
        {
            /* trivial zero: F(pi/2) = 0 exactly for odd N (spec 1.5) */
            arb_t h;
            arb_init(h);
            arb_const_pi(h, PREC);
            arb_mul_2exp_si(h, h, -1);
            it_F(d, NULL, a, cw[i].N, h, PREC);
            HKZ_TEST_CHECK(arb_contains_zero(d) &&
                           arb_rel_accuracy_bits(a) > PREC - 20,
                           "CW: F(pi/2) != 0");
            arb_clear(h);
        }
        for (j = 0; j < cw[i].N / 2; j++)
        {
            HKZ_TEST_CHECK(it_sign_change(a, cw[i].N, cw[i].z[j], "1e-16",
                                          PREC), "CW N=%ld zero %ld",
                           (long) cw[i].N, (long) j + 1);
            /* every principal zero decreases in t (spec 2.6) */
            it_dtheta(d, a, da, cw[i].N, cw[i].z[j], PREC);
            HKZ_TEST_CHECK(arb_is_negative(d), "CW N=%ld: dtheta_%ld/dt "
                           "not negative", (long) cw[i].N, (long) j + 1);
        }
        _arb_vec_clear(a, cw[i].N + 1);
        _arb_vec_clear(da, cw[i].N + 1);
        fmpq_clear(t);
        arb_clear(d);
        hkz_ising_model_clear(m);
    }
}

int main(void)
{
    flint_rand_t st;
    slong i;
    hkz_test_rand_init(st);
    for (i = 0; i < (slong) (sizeof(cases) / sizeof(cases[0])); i++)
        check_case(cases + i);
    check_contraction();
    check_closed_forms(st);
    check_cw();
    hkz_rand_clear(st);
    HKZ_TEST_END("ising.small");
}
