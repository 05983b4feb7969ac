/* SU(2) coordinates: set_cyl / get_cyl round trip, class angle
 * (cos alpha = Re a = cos r cos z, stable near 0 and pi), set_acb. */
#include "hkz_test.h"

static double rand_unit(flint_rand_t state)
{
    return (double) n_randint(state, UWORD(1) << 52) / 4503599627370496.0;
}

int main(void)
{
    flint_rand_t state;
    hkz_su2_elem_t g, h;
    arb_t r, phi, z, r2, phi2, z2, t, u, alpha, pi;
    acb_t a, b;
    slong iter;

    hkz_test_rand_init(state);
    hkz_su2_elem_init(g);
    hkz_su2_elem_init(h);
    arb_init(r);
    arb_init(phi);
    arb_init(z);
    arb_init(r2);
    arb_init(phi2);
    arb_init(z2);
    arb_init(t);
    arb_init(u);
    arb_init(alpha);
    arb_init(pi);
    acb_init(a);
    acb_init(b);

    for (iter = 0; iter < hkz_test_iters(1000); iter++)
    {
        slong prec = 30 + n_randint(state, 300);

        /* exact coordinates away from the places where they jump */
        arb_const_pi(pi, prec);
        arb_set_d(r, 0.01 + 1.55 * rand_unit(state));
        arb_set_d(phi, 0.01 + 6.26 * rand_unit(state));
        arb_set_d(z, -3.13 + 6.26 * rand_unit(state));
        hkz_su2_elem_set_cyl(g, r, phi, z, prec);

        /* first column as in spec 1.2: |a| = cos r, |b| = sin r */
        acb_abs(t, &g->a, prec);
        arb_cos(u, r, prec);
        HKZ_TEST_OVERLAP(t, u, "|a| = cos r");
        acb_abs(t, &g->b, prec);
        arb_sin(u, r, prec);
        HKZ_TEST_OVERLAP(t, u, "|b| = sin r");

        hkz_su2_elem_get_cyl(r2, phi2, z2, g, prec);
        HKZ_TEST_CHECK(arb_contains(r2, r) && arb_contains(phi2, phi)
                       && arb_contains(z2, z), "round trip (prec %ld)",
                       (long) prec);
        HKZ_TEST_CHECK(arb_rel_accuracy_bits(r2) > prec - 20
                       && arb_rel_accuracy_bits(z2) > prec - 20
                       && arb_rel_accuracy_bits(phi2) > prec - 20,
                       "round trip accuracy");
        hkz_su2_elem_get_cyl(r2, NULL, z2, g, prec);
        HKZ_TEST_CHECK(arb_contains(r2, r) && arb_contains(z2, z),
                       "phi = NULL");

        /* class angle: cos alpha = Re a = cos r cos z, and = d_R */
        hkz_su2_elem_class_angle(alpha, g, prec);
        arb_cos(t, alpha, prec);
        HKZ_TEST_OVERLAP(t, acb_realref(&g->a), "cos alpha = Re a");
        arb_cos(u, r, prec);
        arb_cos(t, z, prec);
        arb_mul(u, u, t, prec);
        arb_acos(u, u, prec);
        HKZ_TEST_OVERLAP(alpha, u, "alpha = arccos(cos r cos z)");
        HKZ_TEST_CHECK(!arb_is_negative(alpha) && !arb_gt(alpha, pi),
                       "alpha in [0, pi]");
        HKZ_TEST_OK(hkz_su2_dist_riem(t, r, z, prec));
        HKZ_TEST_OVERLAP(alpha, t, "alpha = d_R");

        /* set_acb accepts unit columns and copies them */
        HKZ_TEST_OK(hkz_su2_elem_set_acb(h, &g->a, &g->b, prec));
        HKZ_TEST_CHECK(acb_equal(&h->a, &g->a) && acb_equal(&h->b, &g->b),
                       "set_acb copies");
    }

    /* phi = NULL in set_cyl is phi = 0: b = -sin r e^{iz} */
    HKZ_TEST_OK(hkz_ball_set_str(r, "0.7", 128));
    HKZ_TEST_OK(hkz_ball_set_str(z, "2.0", 128));
    arb_zero(phi);
    hkz_su2_elem_set_cyl(g, r, phi, z, 128);
    hkz_su2_elem_set_cyl(h, r, NULL, z, 128);
    HKZ_TEST_CHECK(acb_overlaps(&g->b, &h->b) && acb_overlaps(&g->a, &h->a),
                   "set_cyl phi NULL");
    /* spec 7.3 P2: a = -0.318... + 0.695... i */
    HKZ_TEST_CONTAINS(acb_realref(&g->a), "-0.31828665669623687049", 100,
                      "P2 Re a");
    HKZ_TEST_CONTAINS(acb_imagref(&g->a), "0.69546903282551144963", 100,
                      "P2 Im a");

    /* class angle near 0 and pi keeps relative accuracy */
    arb_zero(r);
    arb_set_d(z, 1e-30);
    hkz_su2_elem_set_cyl(g, r, NULL, z, 128);
    hkz_su2_elem_class_angle(alpha, g, 128);
    HKZ_TEST_CHECK(arb_contains(alpha, z)
                   && arb_rel_accuracy_bits(alpha) > 110,
                   "class angle of exp(1e-30 Z)");
    hkz_su2_elem_one(h);
    acb_neg(&h->a, &h->a);                 /* -I */
    hkz_su2_elem_class_angle(alpha, h, 128);
    arb_const_pi(pi, 128);
    HKZ_TEST_CHECK(arb_equal(alpha, pi), "class angle of -I is pi");
    hkz_su2_elem_mul(g, h, g, 128);        /* -exp(1e-30 Z) */
    hkz_su2_elem_class_angle(alpha, g, 128);
    arb_sub(t, pi, z, 128);
    HKZ_TEST_CHECK(arb_contains(alpha, t) && arb_rel_accuracy_bits(alpha) > 110,
                   "class angle of -exp(1e-30 Z)");
    hkz_su2_elem_one(g);
    hkz_su2_elem_class_angle(alpha, g, 128);
    HKZ_TEST_CHECK(arb_is_zero(alpha), "class angle of e");

    /* r = pi/2 (a = 0): r comes back, z is wide but finite */
    arb_const_pi(r, 128);
    arb_mul_2exp_si(r, r, -1);
    arb_set_d(z, 1.0);
    hkz_su2_elem_set_cyl(g, r, NULL, z, 128);
    hkz_su2_elem_get_cyl(r2, phi2, z2, g, 128);
    HKZ_TEST_CHECK(arb_overlaps(r2, r) && arb_rel_accuracy_bits(r2) > 110,
                   "r = pi/2");
    HKZ_TEST_CHECK(arb_is_finite(z2) && arb_is_finite(phi2),
                   "z, phi finite at r = pi/2");
    /* r = 0: exact coordinates of exp(zZ) */
    arb_zero(r);
    hkz_su2_elem_set_cyl(g, r, NULL, z, 128);
    hkz_su2_elem_get_cyl(r2, NULL, z2, g, 128);
    HKZ_TEST_CHECK(arb_is_zero(r2) && arb_contains(z2, z), "r = 0");

    /* set_acb rejects non-unit or non-finite columns */
    acb_one(a);
    acb_one(b);
    HKZ_TEST_STATUS(hkz_su2_elem_set_acb(g, a, b, 128), HKZ_ERR_DOMAIN);
    HKZ_TEST_CHECK(!acb_is_finite(&g->a) && !acb_is_finite(&g->b),
                   "indeterminate on error");
    acb_set_d(a, 0.5);
    acb_zero(b);
    HKZ_TEST_STATUS(hkz_su2_elem_set_acb(g, a, b, 128), HKZ_ERR_DOMAIN);
    acb_indeterminate(a);
    HKZ_TEST_STATUS(hkz_su2_elem_set_acb(g, a, b, 128), HKZ_ERR_DOMAIN);
    /* ... and accepts a ball containing a unit column */
    acb_set_d(a, 0.6);
    acb_set_d_d(b, 0, 0.8);
    mag_set_d(arb_radref(acb_realref(a)), 1e-15);  /* covers 0.6, 0.8 rounded to double */
    HKZ_TEST_OK(hkz_su2_elem_set_acb(g, a, b, 128));

    hkz_su2_elem_clear(g);
    hkz_su2_elem_clear(h);
    arb_clear(r);
    arb_clear(phi);
    arb_clear(z);
    arb_clear(r2);
    arb_clear(phi2);
    arb_clear(z2);
    arb_clear(t);
    arb_clear(u);
    arb_clear(alpha);
    arb_clear(pi);
    acb_clear(a);
    acb_clear(b);
    hkz_rand_clear(state);
    HKZ_TEST_END("su2_elem.coords");
}
