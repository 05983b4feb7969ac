/* The traps of the low-level calls that the digits-level calls close
 * (hkz/digits.h): a valid but useless ball at a small working precision,
 * Curie-Weiss t read at 53 bits, inputs that cannot meet the goal (never
 * HKZ_SUCCESS with a ball that misses it), and bad input. */
#include "hkz_test.h"

int main(void)
{
    arb_t v, t, r, z;
    hkz_su2n_info_t info;
    hkz_ly_zeros_t zs;
    hkz_ly_opts_t o;
    arb_init(v);
    arb_init(t);
    arb_init(r);
    arb_init(z);

    /* the trap: p_t at t = 0.002 and 53 bits is a valid, useless ball
     * (the value is ~1e-22, the radius ~3e-6) */
    HKZ_TEST_OK(hkz_ball_set_str(t, "0.002", 53));
    arb_set_d(r, 0.3);
    arb_set_d(z, 1.2);
    HKZ_TEST_OK(hkz_su2_heat_sub(v, t, r, z, 0, 53));
    HKZ_TEST_CHECK(arb_rel_accuracy_bits(v) < 10, "the 53-bit ball was "
                   "expected to be wide (%ld bits)",
                   (long) arb_rel_accuracy_bits(v));
    /* ... which the digits call turns into 30 digits */
    HKZ_TEST_OK(hkz_su2_heat_sub_digits(v, "0.002", "0.3", "1.2", 30));
    HKZ_TEST_CHECK(arb_rel_accuracy_bits(v) >= hkz_digits_to_bits(30),
                   "digits call: %ld bits", (long) arb_rel_accuracy_bits(v));
    /* at t = 0.001 off the fibre the spectral route gives the trivial
     * bound at every precision: HKZ_ERR_PREC, not a wide "success" */
    HKZ_TEST_STATUS(hkz_su2_heat_sub_digits(v, "0.001", "0.3", "1.2", 30),
                    HKZ_ERR_PREC);

    /* an input ball too wide for the goal: HKZ_ERR_PREC, never success,
     * and the result still an enclosure (of h at t = 1 +/- 1e-10) */
    HKZ_TEST_STATUS(hkz_su2_heat_bi_digits(v, "[1 +/- 1e-10]", "0", 30),
                    HKZ_ERR_PREC);
    HKZ_TEST_CONTAINS(v, "1.20217233250351274223932", 0, "wide R1");
    HKZ_TEST_STATUS(hkz_su2_dist_cc_digits(v, "[0.3 +/- 1e-20]", "0.5",
                                           30), HKZ_ERR_PREC);

    /* Curie-Weiss N = 50 with t read at 53 bits: not certified */
    HKZ_TEST_OK(hkz_ball_set_str(t, "0.01", 53));
    hkz_ly_opts_init(&o);
    hkz_ly_opts_set_digits(&o, 15);
    o.method = HKZ_LY_METHOD_DIRECT;
    hkz_ly_zeros_init(zs, 50);
    HKZ_TEST_CHECK(hkz_ly_cw_zeros(zs, 50, t, &o) != HKZ_SUCCESS,
                   "CW N=50 with t at 53 bits was expected to fail");
    /* the digits call reads t itself, finds W = N itself */
    HKZ_TEST_OK(hkz_ly_cw_zeros_digits(zs, 50, "0.01", 15, &o));
    HKZ_TEST_CHECK(zs->complete && zs->n == 25, "CW N=50: complete %d n %ld",
                   zs->complete, (long) zs->n);

    /* bad input: a named message, no crash */
    HKZ_TEST_STATUS(hkz_su2_heat_sub_digits(v, NULL, "0", "0", 30),
                    HKZ_ERR_ARG);
    HKZ_TEST_STATUS(hkz_su2_heat_sub_digits(v, "0.1", "x", "0", 30),
                    HKZ_ERR_ARG);
    HKZ_TEST_CHECK(strncmp(hkz_errmsg(), "r: ", 3) == 0, "message '%s'",
                   hkz_errmsg());
    HKZ_TEST_STATUS(hkz_su2_heat_bi_digits(v, "nan", "0", 30), HKZ_ERR_ARG);
    HKZ_TEST_STATUS(hkz_su2_heat_bi_digits(v, "1", "0", 0), HKZ_ERR_ARG);
    HKZ_TEST_STATUS(hkz_su2_heat_bi_deriv_digits(v, "1", "0", -1, 30),
                    HKZ_ERR_ARG);
    HKZ_TEST_STATUS(hkz_su2_heat_sub_deriv_digits(v, "1", "0", "0", 65, 30),
                    HKZ_ERR_ARG);
    HKZ_TEST_STATUS(hkz_su2_heat_bi_digits(v, "-1", "0", 30),
                    HKZ_ERR_DOMAIN);
    HKZ_TEST_STATUS(hkz_su2_heat_sub_digits(v, "1", "2", "0", 30),
                    HKZ_ERR_DOMAIN);
    HKZ_TEST_STATUS(hkz_su2_dist_riem_digits(v, "-0.5", "0", 30),
                    HKZ_ERR_DOMAIN);
    HKZ_TEST_STATUS(hkz_su2_heat_milnor_digits(v, "1", "-2", "0", "1", "1",
                    "0", "0", "0", 30), HKZ_ERR_ARG);
    HKZ_TEST_STATUS(hkz_su2_heat_milnor_digits(v, "1", "1", "1", "1", "0.5",
                    "0", "0", "0", 30), HKZ_ERR_ARG);
    HKZ_TEST_STATUS(hkz_su2_heat_milnor_cyl_digits(v, "1", "1", "1", "1",
                    "2", "0", "0", 30), HKZ_ERR_ARG);
    HKZ_TEST_STATUS(hkz_su2n_heat_digits(v, &info, "i^0.5", HKZ_SU2N_DELTA,
                                         "1", NULL, 30), HKZ_ERR_ARG);
    HKZ_TEST_STATUS(hkz_su2n_heat_digits(v, &info, "i^2", 7, "1", NULL, 30),
                    HKZ_ERR_ARG);
    HKZ_TEST_STATUS(hkz_su2n_dist_digits(v, "1,2", HKZ_SU2N_L, "0.1,0.2; "
                                         "garbage", 30), HKZ_ERR_ARG);
    HKZ_TEST_STATUS(hkz_ly_cw_zeros_digits(zs, 10, "0", 15, NULL),
                    HKZ_ERR_ARG);
    HKZ_TEST_STATUS(hkz_ly_cw_zeros_digits(zs, 0, "0.1", 15, NULL),
                    HKZ_ERR_ARG);
    HKZ_TEST_STATUS(hkz_ly_lattice_zeros_digits(zs, 4, 4, 9, "0.3", 15,
                                                NULL), HKZ_ERR_ARG);
    HKZ_TEST_STATUS(hkz_ly_lattice_zeros_digits(zs, 4, 4, HKZ_ISING_TORUS,
                                                "-0.3", 15, NULL),
                    HKZ_ERR_ARG);
    HKZ_TEST_STATUS(hkz_ly_graph_zeros_digits(zs, "0 1 -1\n", 15, NULL),
                    HKZ_ERR_DOMAIN);
    HKZ_TEST_STATUS(hkz_ly_graph_zeros_digits(zs, "0 0 1\n", 15, NULL),
                    HKZ_ERR_ARG);

    /* a divergent product is +inf, proven: success */
    HKZ_TEST_OK(hkz_su2n_heat_digits(v, &info, "0.1*log(1+i)",
                                     HKZ_SU2N_DELTA, "1", NULL, 20));
    HKZ_TEST_CHECK(info.kind == HKZ_SU2N_DIVERGENT &&
                   arf_is_pos_inf(arb_midref(v)), "divergent product");

    hkz_ly_zeros_clear(zs);
    arb_clear(v);
    arb_clear(t);
    arb_clear(r);
    arb_clear(z);
    HKZ_TEST_END("digits.errors");
}
