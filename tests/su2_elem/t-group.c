/* SU(2) group operations: mul against explicit 2x2 matrices, inverse,
 * associativity, aliasing, rel = x^{-1} y, one-parameter subgroups, and
 * left invariance d(hx, hy) = d(x, y) of both distances through rel. */
#include "hkz_test.h"

static double rand_unit(flint_rand_t state)
{
    return (double) n_randint(state, UWORD(1) << 52) / 4503599627370496.0;
}

static void rand_elem(hkz_su2_elem_t g, flint_rand_t state, slong prec)
{
    arb_t r, phi, z;
    arb_init(r);
    arb_init(phi);
    arb_init(z);
    arb_set_d(r, 1.5707 * rand_unit(state));
    arb_set_d(phi, 6.28 * rand_unit(state));
    arb_set_d(z, -3.14 + 6.28 * rand_unit(state));
    hkz_su2_elem_set_cyl(g, r, phi, z, prec);
    arb_clear(r);
    arb_clear(phi);
    arb_clear(z);
}

/* the full matrix [[a, -conj b], [b, conj a]] */
static void to_mat(acb_mat_t m, const hkz_su2_elem_t g)
{
    acb_set(acb_mat_entry(m, 0, 0), &g->a);
    acb_conj(acb_mat_entry(m, 0, 1), &g->b);
    acb_neg(acb_mat_entry(m, 0, 1), acb_mat_entry(m, 0, 1));
    acb_set(acb_mat_entry(m, 1, 0), &g->b);
    acb_conj(acb_mat_entry(m, 1, 1), &g->a);
}

static int elem_overlaps(const hkz_su2_elem_t g, const hkz_su2_elem_t h)
{
    return acb_overlaps(&g->a, &h->a) && acb_overlaps(&g->b, &h->b);
}

static int elem_contains_one(const hkz_su2_elem_t g)
{
    return arb_contains_si(acb_realref(&g->a), 1)
        && arb_contains_zero(acb_imagref(&g->a)) && acb_contains_zero(&g->b);
}

/* both distances of g from e (through get_cyl) */
static void dists(arb_t dR, arb_t dS, const hkz_su2_elem_t g, slong prec)
{
    arb_t r, z;
    arb_init(r);
    arb_init(z);
    hkz_su2_elem_get_cyl(r, NULL, z, g, prec);
    HKZ_TEST_OK(hkz_su2_dist_riem(dR, r, z, prec));
    HKZ_TEST_OK(hkz_su2_dist_cc(dS, r, z, prec));
    arb_clear(r);
    arb_clear(z);
}

int main(void)
{
    flint_rand_t state;
    hkz_su2_elem_t x, y, h, p, q, s;
    acb_mat_t mx, my, mp;
    arb_t d1, d2, e1, e2, r, z, t;
    slong iter;

    hkz_test_rand_init(state);
    hkz_su2_elem_init(x);
    hkz_su2_elem_init(y);
    hkz_su2_elem_init(h);
    hkz_su2_elem_init(p);
    hkz_su2_elem_init(q);
    hkz_su2_elem_init(s);
    acb_mat_init(mx, 2, 2);
    acb_mat_init(my, 2, 2);
    acb_mat_init(mp, 2, 2);
    arb_init(d1);
    arb_init(d2);
    arb_init(e1);
    arb_init(e2);
    arb_init(r);
    arb_init(z);
    arb_init(t);

    for (iter = 0; iter < hkz_test_iters(300); iter++)
    {
        slong prec = 30 + n_randint(state, 200);

        rand_elem(x, state, prec);
        rand_elem(y, state, prec);
        rand_elem(h, state, prec);

        /* mul against the explicit matrix product */
        hkz_su2_elem_mul(p, x, y, prec);
        to_mat(mx, x);
        to_mat(my, y);
        acb_mat_mul(mp, mx, my, prec);
        HKZ_TEST_CHECK(acb_overlaps(&p->a, acb_mat_entry(mp, 0, 0))
                       && acb_overlaps(&p->b, acb_mat_entry(mp, 1, 0)),
                       "mul = matrix product");
        to_mat(mx, p);
        HKZ_TEST_CHECK(acb_mat_overlaps(mx, mp), "product stays in SU(2) "
                       "form");

        /* aliasing */
        hkz_su2_elem_set(q, x);
        hkz_su2_elem_mul(q, q, y, prec);
        HKZ_TEST_CHECK(elem_overlaps(q, p), "mul aliasing (res = g)");
        hkz_su2_elem_set(q, y);
        hkz_su2_elem_mul(q, x, q, prec);
        HKZ_TEST_CHECK(elem_overlaps(q, p), "mul aliasing (res = h)");

        /* inverse */
        hkz_su2_elem_inv(q, x);
        hkz_su2_elem_mul(s, x, q, prec);
        HKZ_TEST_CHECK(elem_contains_one(s), "x x^{-1} = e");
        hkz_su2_elem_mul(s, q, x, prec);
        HKZ_TEST_CHECK(elem_contains_one(s), "x^{-1} x = e");
        hkz_su2_elem_inv(s, q);
        HKZ_TEST_CHECK(elem_overlaps(s, x), "(x^{-1})^{-1} = x");

        /* associativity */
        hkz_su2_elem_mul(q, p, h, prec);
        hkz_su2_elem_mul(s, y, h, prec);
        hkz_su2_elem_mul(s, x, s, prec);
        HKZ_TEST_CHECK(elem_overlaps(q, s), "(xy)h = x(yh)");

        /* rel = x^{-1} y, with aliasing */
        hkz_su2_elem_rel(q, x, y, prec);
        hkz_su2_elem_inv(s, x);
        hkz_su2_elem_mul(s, s, y, prec);
        HKZ_TEST_CHECK(elem_overlaps(q, s), "rel = x^{-1} y");
        hkz_su2_elem_set(s, x);
        hkz_su2_elem_rel(s, s, y, prec);
        HKZ_TEST_CHECK(elem_overlaps(q, s), "rel aliasing");
        hkz_su2_elem_rel(s, x, x, prec);
        HKZ_TEST_CHECK(elem_contains_one(s), "rel(x, x) = e");

        /* left invariance: d(hx, hy) = d(e, (hx)^{-1} hy) = d(x, y) */
        if (iter % 4 == 0)
        {
            dists(d1, e1, q, prec);
            hkz_su2_elem_mul(p, h, x, prec);
            hkz_su2_elem_mul(s, h, y, prec);
            hkz_su2_elem_rel(s, p, s, prec);
            dists(d2, e2, s, prec);
            HKZ_TEST_OVERLAP(d1, d2, "left invariance of d_R");
            HKZ_TEST_OVERLAP(e1, e2, "left invariance of d_sR");
            /* d_R(x, y) = class angle of x^{-1} y */
            hkz_su2_elem_class_angle(t, q, prec);
            HKZ_TEST_OVERLAP(t, d1, "d_R = class angle");
        }
    }

    /* one-parameter subgroups: exp(sZ) exp(tZ) = exp((s+t)Z),
       exp(sX) exp(tX) = exp((s+t)X) */
    arb_zero(r);
    arb_set_d(z, 0.7);
    hkz_su2_elem_set_cyl(x, r, NULL, z, 128);
    arb_set_d(z, -2.1);
    hkz_su2_elem_set_cyl(y, r, NULL, z, 128);
    hkz_su2_elem_mul(p, x, y, 128);
    arb_set_d(z, 0.7 - 2.1);
    hkz_su2_elem_set_cyl(q, r, NULL, z, 128);
    HKZ_TEST_CHECK(elem_overlaps(p, q), "exp(sZ) exp(tZ)");
    arb_zero(z);
    arb_set_d(r, 0.5);
    hkz_su2_elem_set_cyl(x, r, NULL, z, 128);
    arb_set_d(r, 0.75);
    hkz_su2_elem_set_cyl(y, r, NULL, z, 128);
    hkz_su2_elem_mul(p, x, y, 128);
    arb_set_d(r, 1.25);
    hkz_su2_elem_set_cyl(q, r, NULL, z, 128);
    HKZ_TEST_CHECK(elem_overlaps(p, q), "exp(sX) exp(tX)");

    hkz_su2_elem_clear(x);
    hkz_su2_elem_clear(y);
    hkz_su2_elem_clear(h);
    hkz_su2_elem_clear(p);
    hkz_su2_elem_clear(q);
    hkz_su2_elem_clear(s);
    acb_mat_clear(mx);
    acb_mat_clear(my);
    acb_mat_clear(mp);
    arb_clear(d1);
    arb_clear(d2);
    arb_clear(e1);
    arb_clear(e2);
    arb_clear(r);
    arb_clear(z);
    arb_clear(t);
    hkz_rand_clear(state);
    HKZ_TEST_END("su2_elem.group");
}
