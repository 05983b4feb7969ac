/* Curie-Weiss principal zeros against spec section 5 A (50-digit mpmath
 * references), the Lee-Yang count, and the sign of d theta/dt (spec 2.6:
 * every principal zero strictly decreases in t). */
#include <math.h>
#include "hkz_test.h"

typedef struct
{
    slong N;
    const char *t;
    const char *ref[5];      /* theta_1, theta_2, ..., or first, second, last */
    int nref;
    int last;                /* 1: ref[2] is theta_n */
} cw_case_t;

static const cw_case_t cases[] = {
    {2, "0.5", {"0.97376191742673582425"}, 1, 0},
    {3, "0.5", {"0.63462502095857435390"}, 1, 0},
    {4, "0.1", {"0.88207924131338128913", "1.3516337765035467624"}, 2, 0},
    {4, "1", {"0.39469642676192499786", "1.1796036725099792722"}, 2, 0},
    {5, "0.5", {"0.32896170308977065835", "0.95729055608034137320"}, 2, 0},
    {10, "0.1", {"0.31048584370406750410", "0.63234549419985154838",
                 "0.91644896459947349846", "1.1835454129790259736",
                 "1.4425284531691055557"}, 5, 0},
    {10, "0.05", {"0.57843462421772419363", "0.83789104582873816164",
                  "1.0618795943096210035", "1.2702888322582967687",
                  "1.4713607226713734033"}, 5, 0},
    {50, "0.01", {"0.38842025984751393885", "0.47222636901574407704",
                  "1.5505387416757694388"}, 3, 1},
    {50, "0.02", {"0.095924434971863481027", "0.19098831179231167206",
                  "1.5447195299148768870"}, 3, 1},
    {50, "0.04", {"0.032982367393370236569", "0.098894522727173484099",
                  "1.5404379423076991007"}, 3, 1},
    {50, "0.1", {"0.031419413217976075014", "0.094258184437874268332",
                 "1.5393838772680853698"}, 3, 1},
    {100, "0.005", {"0.35090517699370110171", "0.40310466154813088710",
                    "1.5606433182421471677"}, 3, 1},
};

/* sign of d theta_j/dt = -G_t/G_theta on the zero's ball (0: unknown) */
static int dtheta_sign(slong N, const arb_t t, const arb_t th, slong prec)
{
    arb_t Gth, Gt;
    int s = 0;
    arb_init(Gth);
    arb_init(Gt);
    if (hkz_ly_cw_eval(NULL, Gth, Gt, N, t, th, prec) == HKZ_SUCCESS &&
        !arb_contains_zero(Gth) && !arb_contains_zero(Gt))
        s = (arb_is_positive(Gth) == arb_is_positive(Gt)) ? -1 : 1;
    arb_clear(Gth);
    arb_clear(Gt);
    return s;
}

static void run_case(const cw_case_t *c, int method)
{
    hkz_ly_zeros_t z;
    hkz_ly_opts_t o;
    arb_t t;
    slong i, n = c->N / 2;
    char what[128];

    arb_init(t);
    HKZ_TEST_OK(hkz_ball_set_str(t, c->t, 2048));
    hkz_ly_opts_init(&o);
    hkz_ly_opts_set_digits(&o, 18);
    o.method = method;
    hkz_ly_zeros_init(z, c->N);
    HKZ_TEST_OK(hkz_ly_cw_zeros(z, c->N, t, &o));
    HKZ_TEST_CHECK(z->complete && z->nisolated == n && z->n == n,
                   "N=%ld t=%s: count %ld of %ld", (long) c->N, c->t,
                   (long) z->nisolated, (long) n);
    HKZ_TEST_CHECK(z->trivial == (int) (c->N & 1), "trivial flag N=%ld",
                   (long) c->N);
    for (i = 0; i < c->nref; i++)
    {
        slong j = (c->last && i == 2) ? n - 1 : i;
        snprintf(what, sizeof(what), "CW N=%ld t=%s method %d theta_%ld",
                 (long) c->N, c->t, method, (long) j + 1);
        HKZ_TEST_CONTAINS(z->theta + j, c->ref[i], 56, what);
    }
    for (i = 0; i < n; i++)
    {
        HKZ_TEST_CHECK(z->flag[i] == HKZ_LY_ZERO_CERTIFIED, "flag");
        HKZ_TEST_CHECK(arb_is_positive(z->theta + i), "theta > 0");
        if (i > 0)
            HKZ_TEST_CHECK(arb_lt(z->theta + i - 1, z->theta + i),
                           "increasing");
        /* spec 2.6: strictly decreasing in t */
        HKZ_TEST_CHECK(dtheta_sign(c->N, t, z->theta + i, 4 * c->N + 256)
                       == -1, "N=%ld t=%s: d theta_%ld/dt not certified "
                       "negative", (long) c->N, c->t, (long) i + 1);
    }
    hkz_ly_zeros_clear(z);
    arb_clear(t);
}

/* A13 (t -> 0, Hermite scaling) and A14 (t -> infinity). */
static void limits(void)
{
    static const char *a13[5] = {"4.85945472922", "3.58181751384",
        "2.48432170110", "1.46598665108", "0.484934899289"};
    static const char *a14[5] = {"4.2e-28", "6.9e-28", "-4e-36", "-6.9e-28",
                                 "-4.2e-28"};
    hkz_ly_zeros_t z;
    hkz_ly_opts_t o;
    arb_t t, x, y, pi;
    slong j, prec = 256;

    arb_init(t);
    arb_init(x);
    arb_init(y);
    arb_init(pi);
    arb_const_pi(pi, prec);
    hkz_ly_opts_init(&o);
    hkz_ly_opts_set_digits(&o, 20);
    hkz_ly_zeros_init(z, 10);
    /* A13: N = 10, t = 1e-6: (pi/2 - theta_j)/sqrt(t), j = 1..5 */
    HKZ_TEST_OK(hkz_ball_set_str(t, "1e-6", 2048));
    HKZ_TEST_OK(hkz_ly_cw_zeros(z, 10, t, &o));
    for (j = 0; j < 5 && z->complete; j++)
    {
        arb_mul_2exp_si(x, pi, -1);
        arb_sub(x, x, z->theta + j, prec);
        arb_sqrt(y, t, prec);
        arb_div(x, x, y, prec);
        HKZ_TEST_CONTAINS(x, a13[j], 30, "A13 (pi/2 - theta_j)/sqrt(t)");
    }
    /* A14: N = 10, t = 2: theta_j - (2j-1)pi/20 - e^{-36} sin((2j-1)pi/10) */
    hkz_ly_opts_set_digits(&o, 45);
    HKZ_TEST_OK(hkz_ball_set_str(t, "2", 2048));
    HKZ_TEST_OK(hkz_ly_cw_zeros(z, 10, t, &o));
    for (j = 0; j < 5 && z->complete; j++)
    {
        arb_mul_si(x, pi, 2 * j + 1, prec);
        arb_div_si(y, x, 10, prec);
        arb_sin(y, y, prec);
        arb_set_si(t, -36);
        arb_exp(t, t, prec);
        arb_mul(y, y, t, prec);
        arb_div_si(x, x, 20, prec);
        arb_add(x, x, y, prec);
        arb_sub(x, z->theta + j, x, prec);
        HKZ_TEST_CONTAINS(x, a14[j], 1, "A14 deviation from the "
                          "large-t asymptotics");
    }
    hkz_ly_zeros_clear(z);
    arb_clear(t);
    arb_clear(x);
    arb_clear(y);
    arb_clear(pi);
}

/* required assertion 1: F(pi/2) = 0 for odd N (every term has an odd
 * frequency N - 2k), and F(pi/2) != 0 for even N (no double zero) */
static void trivial_zero(void)
{
    arb_t t, th, G;
    slong N;
    arb_init(t);
    arb_init(th);
    arb_init(G);
    arb_set_d(t, 0.25);
    arb_const_pi(th, 512);
    arb_mul_2exp_si(th, th, -1);
    for (N = 2; N <= 9; N++)
    {
        HKZ_TEST_OK(hkz_ly_cw_eval(G, NULL, NULL, N, t, th, 512));
        if (N & 1)
            HKZ_TEST_CHECK(arb_contains_zero(G) &&
                           mag_cmp_2exp_si(arb_radref(G), -400) < 0,
                           "F(pi/2) = 0 for odd N = %ld", (long) N);
        else
            HKZ_TEST_CHECK(!arb_contains_zero(G), "F(pi/2) != 0 for even "
                           "N = %ld", (long) N);
    }
    arb_clear(t);
    arb_clear(th);
    arb_clear(G);
}

int main(void)
{
    size_t i;
    trivial_zero();
    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
    {
        run_case(cases + i, HKZ_LY_METHOD_DIRECT);
        if (cases[i].N >= 10)
            run_case(cases + i, HKZ_LY_METHOD_INTEGRAL);
    }
    limits();
    HKZ_TEST_END("ly.cw_values");
}
