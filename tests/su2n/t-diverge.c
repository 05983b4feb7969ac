/* Existence thresholds (spec 5.4, experiment X7) and the statuses of
 * uncertified tails: a_i = c log(1+i) has a continuous density iff
 * 3 c t > 1 (Delta), 2 c t > 1 (L); +inf must be reported as such. */
#include "su2n_test.h"

static int seq_sq(arb_t w, ulong i, void *param, slong prec)
{
    arb_set_ui(w, i * i);
    return HKZ_SUCCESS;
}

static void check_kind(hkz_su2n_weights_t w, int op, const char *ts,
                       int kind, const char *what)
{
    hkz_su2n_info_t info;
    hkz_su2n_point_t x;
    arb_t t, r, B;

    arb_init(t);
    arb_init(r);
    arb_init(B);
    su2n_str(t, ts);
    HKZ_TEST_OK(hkz_su2n_heat_e(r, &info, w, op, t, 96));
    HKZ_TEST_CHECK(info.kind == kind, "%s: kind %d, expected %d", what,
                   info.kind, kind);
    if (kind == HKZ_SU2N_DIVERGENT)
    {
        HKZ_TEST_CHECK(arf_is_pos_inf(arb_midref(r)), "%s: res must be +inf",
                       what);
        /* also without info: +inf is the true value */
        HKZ_TEST_OK(hkz_su2n_heat_e(r, NULL, w, op, t, 96));
        HKZ_TEST_CHECK(arf_is_pos_inf(arb_midref(r)), "%s: +inf", what);
        HKZ_TEST_OK(hkz_su2n_delta_tail(B, w, op, t, 10, 64));
        HKZ_TEST_CHECK(arf_is_pos_inf(arb_midref(B)), "%s: tail +inf", what);
        hkz_su2n_point_init(x, 2);
        su2n_point_set(x, 1, "0.3", "0.5");
        HKZ_TEST_OK(hkz_su2n_heat(r, &info, w, op, t, x, 96));
        HKZ_TEST_CHECK(info.kind == kind && arf_is_pos_inf(arb_midref(r)),
                       "%s: point", what);
        hkz_su2n_point_clear(x);
    }
    else
    {
        HKZ_TEST_CHECK(arb_is_finite(r) && arb_rel_accuracy_bits(r) > 80,
                       "%s: finite value expected", what);
        HKZ_TEST_OK(hkz_su2n_delta_tail(B, w, op, t, 10, 64));
        HKZ_TEST_CHECK(arb_is_finite(B), "%s: finite tail", what);
    }
    arb_clear(t);
    arb_clear(r);
    arb_clear(B);
}

int main(void)
{
    hkz_su2n_weights_t w;
    hkz_su2n_info_t info;
    arb_t t, r, g, p;

    hkz_su2n_weights_init(w);
    arb_init(t);
    arb_init(r);
    arb_init(g);
    arb_init(p);

    /* X7 (E-e) */
    su2n_set_family(w, HKZ_SU2N_LOG, 1.0);
    check_kind(w, HKZ_SU2N_DELTA, "0.4", HKZ_SU2N_FINITE, "Delta t=0.4");
    check_kind(w, HKZ_SU2N_DELTA, "0.3", HKZ_SU2N_DIVERGENT, "Delta t=0.3");
    check_kind(w, HKZ_SU2N_L, "0.6", HKZ_SU2N_FINITE, "L t=0.6");
    check_kind(w, HKZ_SU2N_L, "0.4", HKZ_SU2N_DIVERGENT, "L t=0.4");
    check_kind(w, HKZ_SU2N_L, "0.5", HKZ_SU2N_DIVERGENT, "L t=1/2");
    check_kind(w, HKZ_SU2N_DELTA, "0.334", HKZ_SU2N_FINITE, "Delta 0.334");
    check_kind(w, HKZ_SU2N_DELTA, "0.333", HKZ_SU2N_DIVERGENT, "Delta .333");
    /* t = 1/3 as a ball straddles the threshold: not decidable */
    arb_set_ui(t, 3);
    arb_inv(t, t, 96);
    HKZ_TEST_STATUS(hkz_su2n_heat_e(r, &info, w, HKZ_SU2N_DELTA, t, 96),
                    HKZ_ERR_NOT_CERTIFIED);
    HKZ_TEST_CHECK(!arb_is_finite(r), "undecided: indeterminate");
    HKZ_TEST_STATUS(hkz_su2n_delta_tail(r, w, HKZ_SU2N_DELTA, t, 0, 64),
                    HKZ_ERR_NOT_CERTIFIED);
    /* scaling moves the threshold: 2 log(1+i) at t = 0.2 (3ct = 1.2) */
    su2n_set_family(w, HKZ_SU2N_LOG, 2.0);
    check_kind(w, HKZ_SU2N_DELTA, "0.2", HKZ_SU2N_FINITE, "2log t=0.2");
    check_kind(w, HKZ_SU2N_DELTA, "0.15", HKZ_SU2N_DIVERGENT, "2log t=.15");
    /* spin weights log(1+i): N_unit log(1+i)/4, threshold t = 4/3 */
    su2n_set_family(w, HKZ_SU2N_LOG, 1.0);
    hkz_su2n_weights_from_spin(w);
    check_kind(w, HKZ_SU2N_DELTA, "1.3", HKZ_SU2N_DIVERGENT, "spin log 1.3");
    check_kind(w, HKZ_SU2N_DELTA, "1.4", HKZ_SU2N_FINITE, "spin log 1.4");
    /* log(1+i)^2, i^p, 2^i: continuous for all t */
    su2n_set_family(w, HKZ_SU2N_LOG2, 1.0);
    check_kind(w, HKZ_SU2N_DELTA, "0.5", HKZ_SU2N_FINITE, "log^2");
    check_kind(w, HKZ_SU2N_L, "0.5", HKZ_SU2N_FINITE, "log^2 L");
    su2n_set_pow(w, 1.0, 1.0);
    check_kind(w, HKZ_SU2N_DELTA, "0.02", HKZ_SU2N_FINITE, "i");

    /* a user sequence without gap bound: partial product, flagged */
    HKZ_TEST_OK(hkz_su2n_weights_set_seq(w, seq_sq, NULL, NULL, 5));
    su2n_str(t, "0.1");
    HKZ_TEST_STATUS(hkz_su2n_heat_e(r, NULL, w, HKZ_SU2N_DELTA, t, 96),
                    HKZ_ERR_NOT_CERTIFIED);
    HKZ_TEST_CHECK(!arb_is_finite(r), "refused partial: indeterminate");
    HKZ_TEST_OK(hkz_su2n_heat_e(r, &info, w, HKZ_SU2N_DELTA, t, 96));
    HKZ_TEST_CHECK(info.kind == HKZ_SU2N_PARTIAL && info.nfactors == 5,
                   "partial kind");
    su2n_set_pow(w, 1.0, 2.0);
    HKZ_TEST_OK(hkz_su2n_heat_e_partial(g, w, HKZ_SU2N_DELTA, t, 5, 96));
    HKZ_TEST_OVERLAP(r, g, "partial product of the sequence");
    HKZ_TEST_OK(hkz_su2n_weights_set_seq(w, seq_sq, NULL, NULL, 5));
    HKZ_TEST_STATUS(hkz_su2n_delta_tail(r, w, HKZ_SU2N_DELTA, t, 5, 64),
                    HKZ_ERR_NOT_CERTIFIED);
    /* with a gap bound (i^2 has gaps 2i + 1 >= 3): certified, = R27 */
    arb_set_ui(g, 3);
    HKZ_TEST_OK(hkz_su2n_weights_set_seq(w, seq_sq, NULL, g, 0));
    HKZ_TEST_OK(hkz_su2n_heat_e(r, &info, w, HKZ_SU2N_DELTA, t, 96));
    HKZ_TEST_CHECK(info.kind == HKZ_SU2N_FINITE, "sequence with gap");
    HKZ_TEST_CONTAINS(r, "53.43942425755931410494466", 80, "R27 by sequence");

    /* infinite distances (pitfall 13) and diameters */
    {
        hkz_su2n_point_t x;
        arb_t lo, hi, pi;
        arb_init(lo);
        arb_init(hi);
        arb_init(pi);
        arb_const_pi(pi, 96);
        hkz_su2n_point_init(x, 1);
        su2n_point_set(x, 1, "0.3", "0.5");
        su2n_set_pow(w, 1.0, 1.0);
        arb_set_d(lo, 0.1);
        HKZ_TEST_OK(hkz_su2n_dist_tail(r, w, HKZ_SU2N_DELTA, x, lo, pi, 96));
        HKZ_TEST_CHECK(arf_is_pos_inf(arb_midref(r)), "d = +inf for a_i = i");
        HKZ_TEST_OK(hkz_su2n_diam(r, w, 96));
        HKZ_TEST_CHECK(arf_is_pos_inf(arb_midref(r)), "diam = +inf");
        HKZ_TEST_OK(hkz_su2n_dist_tail(r, w, HKZ_SU2N_L, x, t, pi, 96));
        HKZ_TEST_CHECK(arf_is_pos_inf(arb_midref(r)), "d_L = +inf, b_i = i");
        arb_zero(lo);
        HKZ_TEST_STATUS(hkz_su2n_dist_tail(r, w, HKZ_SU2N_L, x, lo, pi, 96),
                        HKZ_ERR_NOT_CERTIFIED);
        su2n_set_family(w, HKZ_SU2N_LOG2, 1.0);
        HKZ_TEST_OK(hkz_su2n_diam(r, w, 96));
        HKZ_TEST_CHECK(arf_is_pos_inf(arb_midref(r)), "diam log^2 = +inf");
        /* a_i = i^2: finite, tail bounded by pi^2 sum_{i>1} 1/i^2 */
        su2n_set_pow(w, 1.0, 2.0);
        HKZ_TEST_OK(hkz_su2n_dist_tail(r, w, HKZ_SU2N_DELTA, x, lo, pi, 96));
        HKZ_TEST_CHECK(arb_is_finite(r), "finite for i^2");
        HKZ_TEST_OK(hkz_su2n_diam(hi, w, 96));
        HKZ_TEST_CHECK(!arb_gt(r, hi), "below the diameter");
        /* diam = pi^2 / sqrt 6 */
        arb_sqr(lo, pi, 96);
        arb_set_ui(p, 6);
        arb_rsqrt(p, p, 96);
        arb_mul(lo, lo, p, 96);
        HKZ_TEST_OVERLAP(hi, lo, "diam i^2 = pi^2/sqrt 6");
        su2n_set_family(w, HKZ_SU2N_GEOM, 1.0);
        HKZ_TEST_OK(hkz_su2n_diam(hi, w, 96));
        HKZ_TEST_OVERLAP(hi, pi, "diam 2^i = pi");
        hkz_su2n_point_clear(x);
        arb_clear(lo);
        arb_clear(hi);
        arb_clear(pi);
    }

    arb_clear(t);
    arb_clear(r);
    arb_clear(g);
    arb_clear(p);
    hkz_su2n_weights_clear(w);
    HKZ_TEST_END("su2n.diverge");
}
