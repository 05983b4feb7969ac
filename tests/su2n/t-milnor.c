/* Milnor factors in per-factor operators (hkz_su2n_ops_set_factor with
 * HKZ_SU2N_MILNOR): a = b = c is DELTA (a = b, c = 0 is L), the Milnor
 * references M1-M4 of spec 7.6 inside products, and the metric comparison
 * enclosure of Milnor distances. */
#include "su2n_test.h"

#define PREC 128
#define BITS 70

/* Milnor with a = b = c is a Delta; a = b, c = 0 is a L */
static void milnor_special(flint_rand_t st)
{
    hkz_su2n_ops_t m, d;
    hkz_su2n_point_t x;
    arb_t t, r, u, a, z0, rr, phi, zz;
    slong it;
    int sub;

    hkz_su2n_ops_init(m, 2);
    hkz_su2n_ops_init(d, 2);
    hkz_su2n_point_init(x, 2);
    arb_init(t);
    arb_init(r);
    arb_init(u);
    arb_init(a);
    arb_init(z0);
    arb_init(rr);
    arb_init(phi);
    arb_init(zz);
    for (it = 0; it < hkz_test_iters(6); it++)
    {
        /* t a >= 0.5 for the sub-Riemannian case: the Milnor spectral sum
           needs ~1/(t a) representations */
        sub = (int) (it % 2);
        arb_set_ui(a, 2 + n_randint(st, 7));
        arb_mul_2exp_si(a, a, -2);               /* a in {0.5, ..., 2} */
        arb_set_ui(t, (sub ? 10 : 2) + n_randint(st, 8));
        arb_div_ui(t, t, 10, PREC);
        arb_set_ui(rr, n_randint(st, 150));
        arb_div_ui(rr, rr, 100, PREC);
        arb_set_ui(phi, n_randint(st, 600));
        arb_div_ui(phi, phi, 100, PREC);
        arb_set_si(zz, (slong) n_randint(st, 600) - 300);
        arb_div_ui(zz, zz, 100, PREC);
        HKZ_TEST_OK(hkz_su2n_point_set_cyl(x, 1, rr, phi, zz));
        arb_one(u);
        HKZ_TEST_OK(hkz_su2n_ops_set_factor(m, 1, HKZ_SU2N_MILNOR, a, a,
                                            sub ? z0 : a));
        HKZ_TEST_OK(hkz_su2n_ops_set_factor(d, 1, sub ? HKZ_SU2N_L
                                            : HKZ_SU2N_DELTA, a, NULL, NULL));
        HKZ_TEST_OK(hkz_su2n_ops_set_factor(m, 2, HKZ_SU2N_DELTA, u, NULL,
                                            NULL));
        HKZ_TEST_OK(hkz_su2n_ops_set_factor(d, 2, HKZ_SU2N_DELTA, u, NULL,
                                            NULL));
        HKZ_TEST_OK(hkz_su2n_ops_heat(r, NULL, m, t, x, PREC));
        HKZ_TEST_OK(hkz_su2n_ops_heat(u, NULL, d, t, x, PREC));
        HKZ_TEST_CHECK(arb_overlaps(r, u) && arb_rel_accuracy_bits(r) > 60,
                       "Milnor (a, a, %s) = %s heat", sub ? "0" : "a",
                       sub ? "L" : "DELTA");
        HKZ_TEST_OK(hkz_su2n_ops_dist(r, m, x, PREC));
        HKZ_TEST_OK(hkz_su2n_ops_dist(u, d, x, PREC));
        HKZ_TEST_CHECK(arb_overlaps(r, u) && arb_rel_accuracy_bits(r) > 100,
                       "Milnor (a, a, %s) = %s dist (exact)",
                       sub ? "0" : "a", sub ? "L" : "DELTA");
    }
    arb_clear(t);
    arb_clear(r);
    arb_clear(u);
    arb_clear(a);
    arb_clear(z0);
    arb_clear(rr);
    arb_clear(phi);
    arb_clear(zz);
    hkz_su2n_point_clear(x);
    hkz_su2n_ops_clear(m);
    hkz_su2n_ops_clear(d);
}

/* M1-M4 (spec 7.6) alone, and inside products with other factors */
static void milnor_reference(void)
{
    static const struct
    {
        const char *id, *a, *b, *c, *t, *r, *phi, *z, *val;
    } M[] = {
        {"M1", "1", "2", "0.5", "0.5", "0", "0", "0",
         "1.89116084869025795098136"},
        {"M2", "1", "1", "1", "0.37", "0", "0", "0",
         "2.850370516295159323338084"},
        {"M3", "1", "3", "0", "1", "0", "0", "0",
         "1.128979063217928241813634"},
        {"M4", "2", "0.7", "1.5", "0.8", "1.1", "2.0", "2.5",
         "0.9504637351065770082321884"},
    };
    hkz_su2n_ops_t o;
    hkz_su2n_point_t x;
    hkz_su2n_weights_t w;
    hkz_su2n_info_t info;
    arb_t a, b, c, t, r, u, v, s, rr, phi, z, zero;
    size_t k;

    hkz_su2n_weights_init(w);
    arb_init(a);
    arb_init(b);
    arb_init(c);
    arb_init(t);
    arb_init(r);
    arb_init(u);
    arb_init(v);
    arb_init(s);
    arb_init(rr);
    arb_init(phi);
    arb_init(z);
    arb_init(zero);
    HKZ_TEST_OK(hkz_su2n_weights_set_str(w, "i^2", PREC));
    for (k = 0; k < sizeof(M) / sizeof(M[0]); k++)
    {
        su2n_str(a, M[k].a);
        su2n_str(b, M[k].b);
        su2n_str(c, M[k].c);
        su2n_str(t, M[k].t);
        su2n_str(rr, M[k].r);
        su2n_str(phi, M[k].phi);
        su2n_str(z, M[k].z);

        /* alone: SU(2)^1 */
        hkz_su2n_ops_init(o, 1);
        hkz_su2n_point_init(x, 1);
        HKZ_TEST_OK(hkz_su2n_point_set_cyl(x, 1, rr, phi, z));
        HKZ_TEST_OK(hkz_su2n_ops_set_factor(o, 1, HKZ_SU2N_MILNOR, a, b, c));
        HKZ_TEST_OK(hkz_su2n_ops_heat(r, &info, o, t, x, PREC));
        HKZ_TEST_CONTAINS(r, M[k].val, BITS, M[k].id);
        hkz_su2n_point_clear(x);
        hkz_su2n_ops_clear(o);

        /* in SU(2)^infinity: (L weight 2 at e, Milnor at x_2, DELTA weight
           3 at P1, tail i^2 from i = 4 at e) */
        hkz_su2n_ops_init(o, 3);
        hkz_su2n_point_init(x, 3);
        HKZ_TEST_OK(hkz_su2n_point_set_cyl(x, 2, rr, phi, z));
        su2n_point_set(x, 3, "0.3", "0.5");
        arb_set_ui(u, 2);
        HKZ_TEST_OK(hkz_su2n_ops_set_factor(o, 1, HKZ_SU2N_L, u, NULL, NULL));
        HKZ_TEST_OK(hkz_su2n_ops_set_factor(o, 2, HKZ_SU2N_MILNOR, a, b, c));
        arb_set_ui(u, 3);
        HKZ_TEST_OK(hkz_su2n_ops_set_factor(o, 3, HKZ_SU2N_DELTA, u, NULL,
                                            NULL));
        HKZ_TEST_OK(hkz_su2n_ops_set_tail(o, w, HKZ_SU2N_DELTA));
        HKZ_TEST_OK(hkz_su2n_ops_heat(r, &info, o, t, x, PREC));
        HKZ_TEST_CHECK(info.kind == HKZ_SU2N_FINITE, "%s kind", M[k].id);
        /* independent: M * p_{2t}(e) * h_{3t}(d_R(P1)) * mu(i^2)/P_3 */
        su2n_str(v, M[k].val);
        arb_set_ui(s, 10);
        arb_pow_ui(s, s, 24, PREC);
        arb_inv(s, s, PREC);
        arb_add_error(v, s);             /* the reference's last digit */
        arb_mul_ui(s, t, 2, PREC);
        HKZ_TEST_OK(hkz_su2_heat_sub(u, s, zero, zero, 0, PREC));
        arb_mul(v, v, u, PREC);
        su2n_str(rr, "0.3");
        su2n_str(z, "0.5");
        HKZ_TEST_OK(hkz_su2_dist_riem(u, rr, z, PREC));
        arb_mul_ui(s, t, 3, PREC);
        HKZ_TEST_OK(hkz_su2_heat_bi(u, s, u, 0, PREC));
        arb_mul(v, v, u, PREC);
        HKZ_TEST_OK(hkz_su2n_heat_e(u, NULL, w, HKZ_SU2N_DELTA, t, PREC));
        arb_mul(v, v, u, PREC);
        HKZ_TEST_OK(hkz_su2n_heat_e_partial(u, w, HKZ_SU2N_DELTA, t, 3,
                                            PREC));
        arb_div(v, v, u, PREC);
        HKZ_TEST_CHECK(arb_overlaps(r, v) && arb_rel_accuracy_bits(r) > BITS,
                       "%s in a product: %.20g vs %.20g (%ld bits)", M[k].id,
                       arf_get_d(arb_midref(r), ARF_RND_NEAR),
                       arf_get_d(arb_midref(v), ARF_RND_NEAR),
                       (long) arb_rel_accuracy_bits(r));
        hkz_su2n_point_clear(x);
        hkz_su2n_ops_clear(o);
    }
    arb_clear(a);
    arb_clear(b);
    arb_clear(c);
    arb_clear(t);
    arb_clear(r);
    arb_clear(u);
    arb_clear(v);
    arb_clear(s);
    arb_clear(rr);
    arb_clear(phi);
    arb_clear(z);
    arb_clear(zero);
    hkz_su2n_weights_clear(w);
}

/* Milnor distance enclosure by comparison of metrics */
static void milnor_dist(void)
{
    hkz_su2n_ops_t o;
    hkz_su2n_point_t x;
    arb_t a, b, c, r, dR, dS, lo, hi, q;

    hkz_su2n_ops_init(o, 2);
    hkz_su2n_point_init(x, 2);
    arb_init(a);
    arb_init(b);
    arb_init(c);
    arb_init(r);
    arb_init(dR);
    arb_init(dS);
    arb_init(lo);
    arb_init(hi);
    arb_init(q);
    su2n_point_set(x, 1, "0.3", "0.5");        /* P1: R19 */
    su2n_point_set(x, 2, "0.7", "2.0");        /* P2: R20 */
    su2n_str(a, "1");
    su2n_str(b, "2");
    su2n_str(c, "0.5");
    HKZ_TEST_OK(hkz_su2n_ops_set_factor(o, 1, HKZ_SU2N_MILNOR, a, b, c));
    arb_zero(c);
    su2n_str(a, "3");
    HKZ_TEST_OK(hkz_su2n_ops_set_factor(o, 2, HKZ_SU2N_MILNOR, a, b, c));
    HKZ_TEST_OK(hkz_su2n_ops_dist(r, o, x, PREC));
    /* [sqrt(dR1^2/2 + dS2^2/3), sqrt(dR1^2/0.5 + dS2^2/2)] */
    su2n_str(dR, "0.5764797514967706987419415");
    su2n_str(dS, "2.237226266351433902977342");
    arb_sqr(dR, dR, PREC);
    arb_sqr(dS, dS, PREC);
    arb_div_ui(lo, dR, 2, PREC);
    arb_div_ui(q, dS, 3, PREC);
    arb_add(lo, lo, q, PREC);
    arb_sqrt(lo, lo, PREC);
    arb_mul_ui(hi, dR, 2, PREC);
    arb_div_ui(q, dS, 2, PREC);
    arb_add(hi, hi, q, PREC);
    arb_sqrt(hi, hi, PREC);
    /* r = [lo, hi] up to the rounding of its radius (30-bit mag): it
       contains [lo, hi] and its ends are within 2^-25 of them */
    {
        arb_t e;
        arf_t x;
        arb_init(e);
        arf_init(x);
        arb_get_lbound_arf(x, r, PREC);
        arb_set_arf(e, x);
        arb_sub(e, e, lo, PREC);
        HKZ_TEST_CHECK(!arb_is_positive(e), "Milnor distance: lower end");
        arb_add_error_2exp_si(e, -25);
        HKZ_TEST_CHECK(arb_contains_zero(e), "Milnor distance: lower end");
        arb_get_ubound_arf(x, r, PREC);
        arb_set_arf(e, x);
        arb_sub(e, e, hi, PREC);
        HKZ_TEST_CHECK(!arb_is_negative(e), "Milnor distance: upper end");
        arb_add_error_2exp_si(e, -25);
        HKZ_TEST_CHECK(arb_contains_zero(e), "Milnor distance: upper end");
        arb_clear(e);
        arf_clear(x);
    }
    arb_union(q, lo, hi, PREC);
    HKZ_TEST_CHECK(arb_overlaps(q, r), "Milnor distance enclosure");
    /* a Milnor c ball touching 0: refused */
    arb_zero(c);
    arb_add_error_2exp_si(c, -10);
    HKZ_TEST_STATUS(hkz_su2n_ops_set_factor(o, 2, HKZ_SU2N_MILNOR, a, b, c),
                    HKZ_ERR_DOMAIN);
    arb_clear(a);
    arb_clear(b);
    arb_clear(c);
    arb_clear(r);
    arb_clear(dR);
    arb_clear(dS);
    arb_clear(lo);
    arb_clear(hi);
    arb_clear(q);
    hkz_su2n_point_clear(x);
    hkz_su2n_ops_clear(o);
}

int main(void)
{
    flint_rand_t st;
    hkz_test_rand_init(st);
    milnor_special(st);
    milnor_reference();
    milnor_dist();
    hkz_rand_clear(st);
    HKZ_TEST_END("su2n.milnor");
}
