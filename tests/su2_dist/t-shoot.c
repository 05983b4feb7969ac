/* Independent check of the CC distance by shooting (spec 4.2): from d
 * recover theta by solving theta sin r / sin theta = d (this uses only f,
 * not Psi), then u sin theta = sqrt(sin^2 theta - sin^2 r), c = u /
 * sqrt(1 - u^2), s = theta / sqrt(1 + c^2), and follow the geodesic
 *   gamma(s) = exp(s (X + c Z)) exp(-s c Z)
 * with closed-form exponentials ((X + cZ)^2 = -(1 + c^2) I).  Its end point
 * must have g11 = cos r e^{iz} (and |g21| = sin r), and its length s must
 * be d (a consistency check of the u, c algebra).  Arb arithmetic at 256
 * bits, used as plain arithmetic (not a certificate); tolerance 1e-30. */
#include "hkz_test.h"

#define PREC 256

static const double pts[][2] = {
    {0.3, 0.5}, {0.7, 2.0}, {1.2, -1.0}, {0.01, 3.1}, {1.5, 3.1},
    {0.2, 0.05}, {0.05, 1.0}, {1.0, 3.0}, {0.4, -2.9}, {1.55, 0.2}
};

static double rand_unit(flint_rand_t state)
{
    return (double) n_randint(state, UWORD(1) << 52) / 4503599627370496.0;
}

/* drop the radius: the bisection below works on midpoints */
static void mid(arb_t x)
{
    mag_zero(arb_radref(x));
}

static void shoot(double rd, double zd)
{
    arb_t r, z, d, lo, hi, th, f, t, u, c, k, s, eps;
    acb_t a, b, e, w;
    slong i;
    int sgn = zd < 0 ? -1 : 1;

    arb_init(r);
    arb_init(z);
    arb_init(d);
    arb_init(lo);
    arb_init(hi);
    arb_init(th);
    arb_init(f);
    arb_init(t);
    arb_init(u);
    arb_init(c);
    arb_init(k);
    arb_init(s);
    arb_init(eps);
    acb_init(a);
    acb_init(b);
    acb_init(e);
    acb_init(w);

    arb_set_d(r, rd);
    arb_set_d(z, zd);
    HKZ_TEST_OK(hkz_su2_dist_cc(d, r, z, PREC));
    mid(d);

    /* theta in [r, pi - r] with theta sin r / sin theta = d (increasing) */
    arb_set(lo, r);
    arb_const_pi(hi, PREC);
    arb_sub(hi, hi, r, PREC);
    for (i = 0; i < PREC + 10; i++)
    {
        arb_add(th, lo, hi, PREC);
        arb_mul_2exp_si(th, th, -1);
        mid(th);
        arb_sin(t, r, PREC);
        arb_mul(f, th, t, PREC);
        arb_sin(t, th, PREC);
        arb_div(f, f, t, PREC);
        if (arf_cmp(arb_midref(f), arb_midref(d)) > 0)
            arb_set(hi, th);
        else
            arb_set(lo, th);
    }

    /* u sin theta = sqrt(sin^2 theta - sin^2 r), sign of z */
    arb_sin(t, th, PREC);
    arb_sin(u, r, PREC);
    arb_sqr(u, u, PREC);
    arb_submul(u, t, t, PREC);
    arb_neg(u, u);
    arb_sqrtpos(u, u, PREC);
    arb_div(u, u, t, PREC);
    if (sgn < 0)
        arb_neg(u, u);
    arb_sqr(c, u, PREC);
    arb_sub_ui(c, c, 1, PREC);
    arb_neg(c, c);
    arb_rsqrt(c, c, PREC);
    arb_mul(c, c, u, PREC);                 /* c = u / sqrt(1 - u^2) */
    arb_sqr(k, c, PREC);
    arb_add_ui(k, k, 1, PREC);
    arb_sqrt(k, k, PREC);                   /* sqrt(1 + c^2) */
    arb_div(s, th, k, PREC);                /* arc length */

    /* exp(s(X + cZ)) = cos(sk) I + sin(sk)/k (X + cZ); first column
       (X + cZ = [[ic, 1], [-1, -ic]]): (cos + i c sin/k, -sin/k) */
    arb_mul(t, s, k, PREC);
    arb_sin_cos(acb_imagref(a), acb_realref(a), t, PREC);
    arb_div(acb_realref(b), acb_imagref(a), k, PREC);
    arb_neg(acb_realref(b), acb_realref(b));
    arb_zero(acb_imagref(b));
    arb_mul(acb_imagref(a), acb_imagref(a), c, PREC);
    arb_div(acb_imagref(a), acb_imagref(a), k, PREC);
    /* times exp(-scZ) = diag(e^{-isc}, e^{isc}): first column * e^{-isc} */
    arb_mul(t, s, c, PREC);
    arb_neg(t, t);
    arb_sin_cos(acb_imagref(e), acb_realref(e), t, PREC);
    acb_mul(a, a, e, PREC);
    acb_mul(b, b, e, PREC);

    /* target: a = cos r e^{iz} (then |b| = sin r).  phi is not checked:
       conjugation by exp(alpha Z) rotates phi and fixes a and d_sR */
    arb_sin_cos(acb_imagref(e), acb_realref(e), z, PREC);
    arb_cos(t, r, PREC);
    acb_mul_arb(w, e, t, PREC);
    acb_sub(w, w, a, PREC);
    acb_abs(t, w, PREC);
    arb_set_d(eps, 1e-30);
    HKZ_TEST_CHECK(arb_lt(t, eps), "end point a (r = %g, z = %g)", rd, zd);
    acb_abs(t, b, PREC);
    arb_sin(u, r, PREC);
    arb_sub(t, t, u, PREC);
    arb_abs(t, t);
    HKZ_TEST_CHECK(arb_lt(t, eps), "end point |b| (r = %g, z = %g)", rd, zd);
    arb_sub(t, s, d, PREC);
    arb_abs(t, t);
    HKZ_TEST_CHECK(arb_lt(t, eps), "length (r = %g, z = %g)", rd, zd);

    arb_clear(r);
    arb_clear(z);
    arb_clear(d);
    arb_clear(lo);
    arb_clear(hi);
    arb_clear(th);
    arb_clear(f);
    arb_clear(t);
    arb_clear(u);
    arb_clear(c);
    arb_clear(k);
    arb_clear(s);
    arb_clear(eps);
    acb_clear(a);
    acb_clear(b);
    acb_clear(e);
    acb_clear(w);
}

int main(void)
{
    flint_rand_t state;
    size_t i;
    slong iter;

    hkz_test_rand_init(state);
    for (i = 0; i < sizeof(pts) / sizeof(pts[0]); i++)
        shoot(pts[i][0], pts[i][1]);
    for (iter = 0; iter < hkz_test_iters(30); iter++)
    {
        double rd = 0.02 + 1.5 * rand_unit(state);
        double zd = 3.1 * (2 * rand_unit(state) - 1);
        if (zd != 0)
            shoot(rd, zd);
    }
    hkz_rand_clear(state);
    HKZ_TEST_END("su2_dist.shoot");
}
