/* Accuracy goals and text input of groups/su2n: hkz_su2n_heat_goal /
 * hkz_su2n_dist_goal (goal reached and agreeing with a high-precision
 * evaluation; early stops for +inf and undecidable tails),
 * hkz_su2n_ops_set_str (the --factors grammar, spin, every error) and the
 * (P2) ratio hkz_su2n_dist_ratio / _ratio_le. */
#include <string.h>
#include "su2n_test.h"

#define PREC 256

static void set_w(hkz_su2n_weights_t w, const char *s)
{
    HKZ_TEST_OK(hkz_su2n_weights_set_str(w, s, PREC));
}

static void heat_goal(void)
{
    hkz_su2n_weights_t w;
    hkz_su2n_ops_t o, p;
    hkz_su2n_point_t x;
    hkz_su2n_info_t info;
    arb_t t, res, ref, a, b, c;
    slong bits;

    hkz_su2n_weights_init(w);
    hkz_su2n_ops_init(o, 0);
    hkz_su2n_ops_init(p, 3);
    hkz_su2n_point_init(x, 0);
    arb_init(t); arb_init(res); arb_init(ref);
    arb_init(a); arb_init(b); arb_init(c);
    su2n_str(t, "0.5");
    set_w(w, "i^2");
    for (bits = 20; bits <= 200; bits += 60)
    {
        HKZ_TEST_OK(hkz_su2n_heat_goal(res, &info, w, HKZ_SU2N_DELTA, NULL,
                                       t, NULL, bits));
        HKZ_TEST_CHECK(info.kind == HKZ_SU2N_FINITE &&
                       arb_rel_accuracy_bits(res) >= bits,
                       "heat_goal: %ld bits", (long) bits);
        HKZ_TEST_OK(hkz_su2n_heat_e(ref, &info, w, HKZ_SU2N_DELTA, t,
                                    4 * PREC));
        HKZ_TEST_OVERLAP(res, ref, "heat_goal vs heat_e");
    }
    /* divergent: log(1+i), 3t <= 1 -> +inf at once */
    set_w(w, "log(1+i)");
    su2n_str(t, "0.1");
    HKZ_TEST_OK(hkz_su2n_heat_goal(res, &info, w, HKZ_SU2N_DELTA, NULL, t,
                                   NULL, 100));
    HKZ_TEST_CHECK(info.kind == HKZ_SU2N_DIVERGENT && arf_is_pos_inf(arb_midref(res)),
                   "heat_goal: divergent");
    /* ops from text vs ops set factor by factor, at a point */
    HKZ_TEST_OK(hkz_su2n_ops_set_str(o, " delta:1; sub:2 ;milnor:1,2,3",
                                     0, PREC));
    HKZ_TEST_CHECK(hkz_su2n_ops_length(o) == 3, "ops_set_str length");
    su2n_str(a, "1");
    HKZ_TEST_OK(hkz_su2n_ops_set_factor(p, 1, HKZ_SU2N_DELTA, a, NULL, NULL));
    su2n_str(a, "2");
    HKZ_TEST_OK(hkz_su2n_ops_set_factor(p, 2, HKZ_SU2N_L, a, NULL, NULL));
    su2n_str(a, "1"); su2n_str(b, "2"); su2n_str(c, "3");
    HKZ_TEST_OK(hkz_su2n_ops_set_factor(p, 3, HKZ_SU2N_MILNOR, a, b, c));
    HKZ_TEST_OK(hkz_su2n_point_set_str(x, "0.1,0.2;0.3,0.1;0.2,0.5,0.3",
                                       PREC));
    su2n_str(t, "0.5");
    HKZ_TEST_OK(hkz_su2n_heat_goal(res, &info, w, 0, o, t, x, 80));
    HKZ_TEST_CHECK(arb_rel_accuracy_bits(res) >= 80, "ops heat_goal bits");
    HKZ_TEST_OK(hkz_su2n_ops_heat(ref, &info, p, t, x, 2 * PREC));
    HKZ_TEST_OVERLAP(res, ref, "ops heat_goal vs ops_heat");
    /* spin: coefficients divided by 4, exactly */
    HKZ_TEST_OK(hkz_su2n_ops_set_str(o, "milnor:1,2,3", 1, PREC));
    su2n_str(a, "0.75");
    HKZ_TEST_CHECK(arb_equal(&o->head[0].c, a), "ops_set_str spin");

    hkz_su2n_weights_clear(w);
    hkz_su2n_ops_clear(o);
    hkz_su2n_ops_clear(p);
    hkz_su2n_point_clear(x);
    arb_clear(t); arb_clear(res); arb_clear(ref);
    arb_clear(a); arb_clear(b); arb_clear(c);
}

static void ops_errors(void)
{
    static const char *bad[] = {"delta:1;foo:2", "delta:1,2", "milnor:1,2",
                                "delta:x", "delta:-1", "delta:1;;sub:1",
                                "delta1", "milnor:1,2,-3"};
    hkz_su2n_ops_t o;
    size_t i;
    hkz_su2n_ops_init(o, 0);
    for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
    {
        HKZ_TEST_STATUS(hkz_su2n_ops_set_str(o, bad[i], 0, PREC),
                        HKZ_ERR_ARG);
        HKZ_TEST_CHECK(strncmp(hkz_errmsg(), "factor ", 7) == 0 ||
                       strncmp(hkz_errmsg(), "empty factor", 12) == 0,
                       "ops_set_str '%s': message '%s'", bad[i],
                       hkz_errmsg());
    }
    hkz_su2n_ops_clear(o);
}

static void dist_goal(void)
{
    hkz_su2n_weights_t w;
    hkz_su2n_point_t x;
    arb_t d, ref, lo, hi;

    hkz_su2n_weights_init(w);
    hkz_su2n_point_init(x, 0);
    arb_init(d); arb_init(ref); arb_init(lo); arb_init(hi);
    set_w(w, "1,2,3");
    HKZ_TEST_OK(hkz_su2n_point_set_str(x, "0.1,0.2;0.3,0.4;0.5,0.1", PREC));
    HKZ_TEST_OK(hkz_su2n_dist_goal(d, w, HKZ_SU2N_L, x, NULL, NULL, 150));
    HKZ_TEST_CHECK(arb_rel_accuracy_bits(d) >= 150, "dist_goal bits");
    HKZ_TEST_OK(hkz_su2n_dist(ref, w, HKZ_SU2N_L, x, 4 * PREC));
    HKZ_TEST_OVERLAP(d, ref, "dist_goal vs dist");
    /* tail range: sum 1/i = +inf and DLO = 0 -> undecidable */
    set_w(w, "i");
    su2n_str(hi, "0.5");
    HKZ_TEST_STATUS(hkz_su2n_dist_goal(d, w, HKZ_SU2N_DELTA, x, lo, hi, 60),
                    HKZ_ERR_NOT_CERTIFIED);
    /* DLO > 0: +inf at once */
    su2n_str(lo, "0.1");
    HKZ_TEST_OK(hkz_su2n_dist_goal(d, w, HKZ_SU2N_DELTA, x, lo, hi, 60));
    HKZ_TEST_CHECK(arf_is_pos_inf(arb_midref(d)), "dist_goal tail +inf");
    /* a genuine interval: finite, contains the value with DLO = DHI */
    set_w(w, "i^2");
    HKZ_TEST_OK(hkz_su2n_dist_goal(d, w, HKZ_SU2N_DELTA, x, lo, hi, 60));
    HKZ_TEST_CHECK(arb_is_finite(d) && arb_rel_accuracy_bits(d) < 60,
                   "dist_goal tail interval");
    HKZ_TEST_STATUS(hkz_su2n_dist_goal(d, w, HKZ_SU2N_DELTA, x, lo, NULL,
                                       60), HKZ_ERR_ARG);

    hkz_su2n_weights_clear(w);
    hkz_su2n_point_clear(x);
    arb_clear(d); arb_clear(ref); arb_clear(lo); arb_clear(hi);
}

static void ratio(void)
{
    arb_t r, dD, dL, C;
    arb_init(r); arb_init(dD); arb_init(dL); arb_init(C);
    arb_set_si(dD, 4);
    arb_set_si(dL, 6);
    HKZ_TEST_OK(hkz_su2n_dist_ratio(r, dD, dL, PREC));
    HKZ_TEST_CHECK(arb_equal_si(r, 3), "ratio 6 / sqrt 4");
    arb_set_si(C, 4);
    HKZ_TEST_CHECK(hkz_su2n_dist_ratio_le(r, C) == 1, "ratio <= C");
    arb_set_si(C, 2);
    HKZ_TEST_CHECK(hkz_su2n_dist_ratio_le(r, C) == 0, "ratio > C");
    mag_set_ui(arb_radref(r), 1);
    HKZ_TEST_CHECK(hkz_su2n_dist_ratio_le(r, C) == -1, "ratio ? C");
    arb_zero(dD);
    HKZ_TEST_STATUS(hkz_su2n_dist_ratio(r, dD, dL, PREC), HKZ_ERR_DOMAIN);
    arb_pos_inf(dD);
    HKZ_TEST_STATUS(hkz_su2n_dist_ratio(r, dD, dL, PREC), HKZ_ERR_DOMAIN);
    arb_clear(r); arb_clear(dD); arb_clear(dL); arb_clear(C);
}

int main(void)
{
    heat_goal();
    ops_errors();
    dist_goal();
    ratio();
    HKZ_TEST_END("su2n.goal");
}
