/* Per-factor operators (hkz_su2n_ops_*): all-DELTA / all-L operators
 * reproduce hkz_su2n_heat / hkz_su2n_dist (R33, R34 and random splits of
 * head and tail), a Milnor factor with a = b = c is DELTA (a = b, c = 0 is
 * L), the Milnor references M1-M4 of spec 7.6 inside products, the metric
 * comparison enclosure of Milnor distances, DIVERGENT / PARTIAL tails and
 * bad input. */
#include "su2n_test.h"

#define PREC 128
#define BITS 70

static void set_d(arb_t x, const char *s)
{
    su2n_str(x, s);
}

/* ops of len factors DELTA/L with weights w_1..w_len of w, tail w */
static void ops_from_weights(hkz_su2n_ops_t o, const hkz_su2n_weights_t w,
                             int op, slong len, int tail)
{
    arb_t a;
    slong i;
    arb_init(a);
    hkz_su2n_ops_clear(o);
    hkz_su2n_ops_init(o, len);
    for (i = 1; i <= len; i++)
    {
        HKZ_TEST_OK(hkz_su2n_weights_get(a, w, i, PREC));
        HKZ_TEST_OK(hkz_su2n_ops_set_factor(o, i, op, a, NULL, NULL));
    }
    if (tail)
        HKZ_TEST_OK(hkz_su2n_ops_set_tail(o, w, op));
    arb_clear(a);
}

/* R33, R34: a_i = b_i = i^2, x = (P1, P2, P4) */
static void reference(void)
{
    static const char *heat_ref[2] = {"1.845006619646889400905053",
                                      "2.494208278232695250264061"};
    static const char *dist_ref[2] = {"1.157984897733341142252359",
                                      "1.957506153461302193508371"};
    hkz_su2n_weights_t w;
    hkz_su2n_point_t x;
    hkz_su2n_ops_t o;
    hkz_su2n_info_t info;
    arb_t t, r, u;
    int op;
    slong len;

    hkz_su2n_weights_init(w);
    hkz_su2n_point_init(x, 3);
    hkz_su2n_ops_init(o, 0);
    arb_init(t);
    arb_init(r);
    arb_init(u);
    HKZ_TEST_OK(hkz_su2n_weights_set_str(w, "i^2", PREC));
    su2n_point_set(x, 1, "0.3", "0.5");
    su2n_point_set(x, 2, "0.7", "2.0");
    su2n_point_set(x, 3, "0", "1");
    set_d(t, "0.5");
    for (op = HKZ_SU2N_DELTA; op <= HKZ_SU2N_L; op++)
        for (len = 0; len <= 5; len++)
        {
            ops_from_weights(o, w, op, len, 1);
            HKZ_TEST_CHECK(hkz_su2n_ops_length(o) == -1, "length");
            HKZ_TEST_OK(hkz_su2n_ops_heat(r, &info, o, t, x, PREC));
            HKZ_TEST_CONTAINS(r, heat_ref[op], BITS, "R34 via ops");
            HKZ_TEST_CHECK(info.kind == HKZ_SU2N_FINITE && info.nfactors
                           >= FLINT_MAX(len, 3), "R34 info");
            HKZ_TEST_OK(hkz_su2n_heat(u, NULL, w, op, t, x, PREC));
            HKZ_TEST_OVERLAP(r, u, "ops = hkz_su2n_heat");
            HKZ_TEST_OK(hkz_su2n_ops_dist(r, o, x, PREC));
            HKZ_TEST_CONTAINS(r, dist_ref[op], BITS, "R33 via ops");
            HKZ_TEST_OK(hkz_su2n_dist(u, w, op, x, PREC));
            HKZ_TEST_OVERLAP(r, u, "ops = hkz_su2n_dist");
            /* without the tail (len >= 3): SU(2)^len, equal to the list */
            if (len >= 3)
            {
                hkz_su2n_weights_t h;
                hkz_su2n_weights_init(h);
                HKZ_TEST_OK(hkz_su2n_weights_set_head(h, w, len, PREC));
                ops_from_weights(o, w, op, len, 0);
                HKZ_TEST_CHECK(hkz_su2n_ops_length(o) == len, "length");
                HKZ_TEST_OK(hkz_su2n_ops_heat(r, &info, o, t, x, PREC));
                HKZ_TEST_OK(hkz_su2n_heat(u, NULL, h, op, t, x, PREC));
                HKZ_TEST_OVERLAP(r, u, "ops = hkz_su2n_heat on SU(2)^n");
                HKZ_TEST_CHECK(info.nfactors == len, "nfactors");
                hkz_su2n_weights_clear(h);
            }
        }
    arb_clear(t);
    arb_clear(r);
    arb_clear(u);
    hkz_su2n_ops_clear(o);
    hkz_su2n_point_clear(x);
    hkz_su2n_weights_clear(w);
}

/* random families, splits and points: ops = hkz_su2n_heat / dist */
static void random_splits(flint_rand_t st)
{
    static const char *specs[] = {"i^2", "2^i", "i", "0.5*i^1.5",
                                  "2*log(1+i)", "log(1+i)^2", "1,2,3,4,5,6",
                                  "0.7,3.5,0.25,2"};
    hkz_su2n_weights_t w;
    hkz_su2n_point_t x;
    hkz_su2n_ops_t o;
    hkz_su2n_info_t i1, i2;
    arb_t t, r, u, a, b;
    slong it, i, len, xl;

    hkz_su2n_weights_init(w);
    hkz_su2n_ops_init(o, 0);
    arb_init(t);
    arb_init(r);
    arb_init(u);
    arb_init(a);
    arb_init(b);
    for (it = 0; it < hkz_test_iters(60); it++)
    {
        const char *spec = specs[n_randint(st, 8)];
        int op = (int) n_randint(st, 2);
        slong m;
        HKZ_TEST_OK(hkz_su2n_weights_set_str(w, spec, PREC));
        m = hkz_su2n_weights_length(w);
        len = (slong) n_randint(st, 6);
        if (m >= 0)
            len = FLINT_MIN(len, m);
        xl = (slong) n_randint(st, 5);
        if (m >= 0)
            xl = FLINT_MIN(xl, m);
        hkz_su2n_point_init(x, xl);
        for (i = 1; i <= xl; i++)
        {
            arb_set_ui(a, n_randint(st, 1000));
            arb_div_ui(a, a, 700, PREC);       /* r in [0, 1.43] */
            arb_set_si(b, (slong) n_randint(st, 2001) - 1000);
            arb_div_ui(b, b, 400, PREC);       /* z in [-2.5, 2.5] */
            if (n_randint(st, 4) == 0)
                arb_zero(a);
            HKZ_TEST_OK(hkz_su2n_point_set_cyl(x, i, a, NULL, b));
        }
        arb_set_ui(t, 20 + n_randint(st, 80));
        arb_div_ui(t, t, 100, PREC);           /* t in [0.2, 1) */
        if (w->family == HKZ_SU2N_LOG)
            arb_add_ui(t, t, 1, PREC);          /* convergent: 6 t > 1 */
        ops_from_weights(o, w, op, len, 1);
        HKZ_TEST_OK(hkz_su2n_ops_heat(r, &i1, o, t, x, PREC));
        HKZ_TEST_OK(hkz_su2n_heat(u, &i2, w, op, t, x, PREC));
        HKZ_TEST_CHECK(arb_overlaps(r, u) && arb_rel_accuracy_bits(r) > 80,
                       "random heat %s op %d len %ld xlen %ld: %ld, %ld bits, "
                       "overlap %d", spec, op, (long) len, (long) xl,
                       (long) arb_rel_accuracy_bits(r),
                       (long) arb_rel_accuracy_bits(u), arb_overlaps(r, u));
        HKZ_TEST_CHECK(i1.kind == i2.kind, "kind");
        HKZ_TEST_OK(hkz_su2n_ops_dist(r, o, x, PREC));
        HKZ_TEST_OK(hkz_su2n_dist(u, w, op, x, PREC));
        HKZ_TEST_CHECK(arb_overlaps(r, u), "random dist %s", spec);
        hkz_su2n_point_clear(x);
    }
    arb_clear(t);
    arb_clear(r);
    arb_clear(u);
    arb_clear(a);
    arb_clear(b);
    hkz_su2n_ops_clear(o);
    hkz_su2n_weights_clear(w);
}

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
        set_d(a, M[k].a);
        set_d(b, M[k].b);
        set_d(c, M[k].c);
        set_d(t, M[k].t);
        set_d(rr, M[k].r);
        set_d(phi, M[k].phi);
        set_d(z, M[k].z);

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
        set_d(v, M[k].val);
        arb_set_ui(s, 10);
        arb_pow_ui(s, s, 24, PREC);
        arb_inv(s, s, PREC);
        arb_add_error(v, s);             /* the reference's last digit */
        arb_mul_ui(s, t, 2, PREC);
        HKZ_TEST_OK(hkz_su2_heat_sub(u, s, zero, zero, 0, PREC));
        arb_mul(v, v, u, PREC);
        set_d(rr, "0.3");
        set_d(z, "0.5");
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
    set_d(a, "1");
    set_d(b, "2");
    set_d(c, "0.5");
    HKZ_TEST_OK(hkz_su2n_ops_set_factor(o, 1, HKZ_SU2N_MILNOR, a, b, c));
    arb_zero(c);
    set_d(a, "3");
    HKZ_TEST_OK(hkz_su2n_ops_set_factor(o, 2, HKZ_SU2N_MILNOR, a, b, c));
    HKZ_TEST_OK(hkz_su2n_ops_dist(r, o, x, PREC));
    /* [sqrt(dR1^2/2 + dS2^2/3), sqrt(dR1^2/0.5 + dS2^2/2)] */
    set_d(dR, "0.5764797514967706987419415");
    set_d(dS, "2.237226266351433902977342");
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

static int seq_lin(arb_t w, ulong i, void *param, slong prec)
{
    arb_set_ui(w, i);
    return HKZ_SUCCESS;
}

/* tails: divergent, partial, lists; and bad input */
static void tails_and_errors(void)
{
    hkz_su2n_ops_t o;
    hkz_su2n_point_t x;
    hkz_su2n_weights_t w;
    hkz_su2n_info_t info;
    arb_t t, r, one;

    hkz_su2n_ops_init(o, 2);
    hkz_su2n_point_init(x, 2);
    hkz_su2n_weights_init(w);
    arb_init(t);
    arb_init(r);
    arb_init(one);
    arb_one(one);
    HKZ_TEST_OK(hkz_su2n_ops_set_factor(o, 1, HKZ_SU2N_DELTA, one, NULL,
                                        NULL));
    /* factor 2 unset */
    set_d(t, "0.5");
    HKZ_TEST_STATUS(hkz_su2n_ops_heat(r, NULL, o, t, x, PREC), HKZ_ERR_ARG);
    HKZ_TEST_CHECK(strstr(hkz_errmsg(), "factor 2") != NULL, "unset: %s",
                   hkz_errmsg());
    HKZ_TEST_STATUS(hkz_su2n_ops_dist(r, o, x, PREC), HKZ_ERR_ARG);
    HKZ_TEST_OK(hkz_su2n_ops_set_factor(o, 2, HKZ_SU2N_L, one, NULL, NULL));
    HKZ_TEST_OK(hkz_su2n_ops_heat(r, NULL, o, t, x, PREC));

    /* E-e tail: log(1+i) (Delta) diverges at t = 0.3, fine at 0.4 */
    HKZ_TEST_OK(hkz_su2n_weights_set_str(w, "log(1+i)", PREC));
    HKZ_TEST_OK(hkz_su2n_ops_set_tail(o, w, HKZ_SU2N_DELTA));
    set_d(t, "0.3");
    HKZ_TEST_OK(hkz_su2n_ops_heat(r, &info, o, t, x, PREC));
    HKZ_TEST_CHECK(info.kind == HKZ_SU2N_DIVERGENT
                   && arf_is_pos_inf(arb_midref(r)), "divergent tail");
    set_d(t, "0.4");
    HKZ_TEST_OK(hkz_su2n_ops_heat(r, &info, o, t, x, PREC));
    HKZ_TEST_CHECK(info.kind == HKZ_SU2N_FINITE && arb_is_finite(r),
                   "finite tail");

    /* a sequence without gap: PARTIAL with info, refused without */
    HKZ_TEST_OK(hkz_su2n_weights_set_seq(w, seq_lin, NULL, NULL, 6));
    HKZ_TEST_OK(hkz_su2n_ops_set_tail(o, w, HKZ_SU2N_L));
    HKZ_TEST_OK(hkz_su2n_ops_heat(r, &info, o, t, x, PREC));
    HKZ_TEST_CHECK(info.kind == HKZ_SU2N_PARTIAL && info.nfactors == 6,
                   "partial tail: kind %d, %ld factors", info.kind,
                   (long) info.nfactors);
    HKZ_TEST_STATUS(hkz_su2n_ops_heat(r, NULL, o, t, x, PREC),
                    HKZ_ERR_NOT_CERTIFIED);

    /* a list tail: factors 3..4 beyond a head of 2; x may have 4 coords */
    HKZ_TEST_OK(hkz_su2n_weights_set_str(w, "1,2,3,4", PREC));
    HKZ_TEST_OK(hkz_su2n_ops_set_tail(o, w, HKZ_SU2N_DELTA));
    HKZ_TEST_CHECK(hkz_su2n_ops_length(o) == 4, "length with list tail");
    hkz_su2n_point_clear(x);
    hkz_su2n_point_init(x, 5);
    HKZ_TEST_STATUS(hkz_su2n_ops_heat(r, NULL, o, t, x, PREC), HKZ_ERR_ARG);
    HKZ_TEST_STATUS(hkz_su2n_ops_dist(r, o, x, PREC), HKZ_ERR_ARG);
    hkz_su2n_point_clear(x);
    hkz_su2n_point_init(x, 4);
    su2n_point_set(x, 4, "0.3", "0.5");
    HKZ_TEST_OK(hkz_su2n_ops_heat(r, &info, o, t, x, PREC));
    HKZ_TEST_CHECK(info.nfactors == 4, "list tail nfactors");
    {
        /* ops = h_t(e) p_t(e) h_{3t}(e) h_{4t}(P1) = heat(list) p_t(e) /
           h_{2t}(e) */
        arb_t u, zero, f;
        arb_init(u);
        arb_init(zero);
        arb_init(f);
        HKZ_TEST_OK(hkz_su2n_heat(r, NULL, w, HKZ_SU2N_DELTA, t, x, PREC));
        arb_mul_ui(u, t, 2, PREC);
        HKZ_TEST_OK(hkz_su2_heat_bi(f, u, zero, 0, PREC));
        arb_div(r, r, f, PREC);
        HKZ_TEST_OK(hkz_su2_heat_sub(f, t, zero, zero, 0, PREC));
        arb_mul(r, r, f, PREC);
        HKZ_TEST_OK(hkz_su2n_ops_heat(u, NULL, o, t, x, PREC));
        HKZ_TEST_OVERLAP(r, u, "list tail with a point beyond the head");
        arb_clear(u);
        arb_clear(zero);
        arb_clear(f);
    }

    /* bad input */
    HKZ_TEST_STATUS(hkz_su2n_ops_set_factor(o, 3, HKZ_SU2N_DELTA, one, NULL,
                                            NULL), HKZ_ERR_ARG);
    HKZ_TEST_STATUS(hkz_su2n_ops_set_factor(o, 1, 9, one, NULL, NULL),
                    HKZ_ERR_ARG);
    HKZ_TEST_STATUS(hkz_su2n_ops_set_factor(o, 1, HKZ_SU2N_MILNOR, one,
                                            NULL, one), HKZ_ERR_ARG);
    arb_neg(r, one);
    HKZ_TEST_STATUS(hkz_su2n_ops_set_factor(o, 1, HKZ_SU2N_MILNOR, one, one,
                                            r), HKZ_ERR_DOMAIN);
    HKZ_TEST_STATUS(hkz_su2n_ops_set_factor(o, 1, HKZ_SU2N_L, r, NULL,
                                            NULL), HKZ_ERR_DOMAIN);
    HKZ_TEST_STATUS(hkz_su2n_ops_set_tail(o, w, HKZ_SU2N_MILNOR),
                    HKZ_ERR_ARG);
    arb_zero(t);
    HKZ_TEST_STATUS(hkz_su2n_ops_heat(r, NULL, o, t, x, PREC),
                    HKZ_ERR_DOMAIN);
    HKZ_TEST_CHECK(!arb_is_finite(r), "indeterminate on error");

    arb_clear(t);
    arb_clear(r);
    arb_clear(one);
    hkz_su2n_weights_clear(w);
    hkz_su2n_point_clear(x);
    hkz_su2n_ops_clear(o);
}

int main(void)
{
    flint_rand_t st;
    hkz_test_rand_init(st);
    reference();
    random_splits(st);
    milnor_special(st);
    milnor_reference();
    milnor_dist();
    tails_and_errors();
    hkz_rand_clear(st);
    HKZ_TEST_END("su2n.ops");
}
