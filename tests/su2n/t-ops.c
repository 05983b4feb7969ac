/* Per-factor operators (hkz_su2n_ops_*): all-DELTA / all-L operators
 * reproduce hkz_su2n_heat / hkz_su2n_dist (R33, R34 and random splits of
 * head and tail), DIVERGENT / PARTIAL tails and bad input (Milnor factors:
 * t-milnor.c). */
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
    tails_and_errors();
    hkz_rand_clear(st);
    HKZ_TEST_END("su2n.ops");
}
