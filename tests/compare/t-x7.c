/* X7 (spec 5.4, E-e): the kinds follow the thresholds 1/3 (Delta) and
 * 1/2 (L); a scaled family moves the threshold; bad arguments. */
#include "compare_test.h"

int main(void)
{
    static const char *const cols[] = {"op", "weights", "t", "threshold",
        "threshold_mid", "kind", "log_mu", "log_mu_mid", "expected",
        "density_at_t", "nfactors", "pass", NULL};
    hkz_compare_result_t r;
    hkz_compare_x7_opts_t o;
    const hkz_field_t *f;
    slong i;

    HKZ_TEST_OK(hkz_compare_result_init(&r, "?"));
    hkz_compare_x7_opts_init(&o);
    HKZ_TEST_OK(hkz_compare_x7(&r, &o));
    CT_PASS(&r);
    HKZ_TEST_CHECK(hkz_table_nrows(r.rows) == 24, "rows");
    HKZ_TEST_CHECK(ct_columns(r.rows, 0, cols), "columns");
    HKZ_TEST_CHECK(ct_all_true(r.rows, "pass"), "every row passes");
    /* Delta: +inf at t = 0.3 (the string "+inf", mid +inf) */
    HKZ_TEST_CHECK(strcmp(ct_str(r.rows, 0, "kind"), "divergent") == 0 &&
                   strcmp(ct_str(r.rows, 0, "log_mu"), "+inf") == 0,
                   "Delta t = 0.3 divergent");
    f = hkz_table_find(r.rows, 0, "log_mu_mid");
    HKZ_TEST_CHECK(f != NULL && f->d == INFINITY, "log_mu_mid = inf");
    for (i = 0; i < 24; i++)
    {
        arb_t t, thr;
        arb_init(t);
        arb_init(thr);
        HKZ_TEST_OK(hkz_ball_set_str(t, ct_str(r.rows, i, "t"), 64));
        arb_set_ui(thr, i < 12 ? 3 : 2);
        arb_inv(thr, thr, 64);
        HKZ_TEST_CHECK(strcmp(ct_str(r.rows, i, "kind"), arb_gt(t, thr) ?
                              "finite" : "divergent") == 0, "row %ld", i);
        arb_clear(t);
        arb_clear(thr);
    }
    HKZ_TEST_CHECK(hkz_table_find(r.keys, 0, "mu_delta_t0.4") != NULL &&
                   strcmp(ct_str(r.keys, 0, "mu_sub_t0.4"), "+inf") == 0,
                   "named keys");

    /* 0.9 log(1+i): Delta threshold 1/2.7 = 0.370...; no named keys */
    o.delta_weights = "0.9*log(1+i)";
    o.t = "0.36,0.4";
    HKZ_TEST_OK(hkz_compare_x7(&r, &o));
    CT_PASS(&r);
    HKZ_TEST_CHECK(hkz_table_nrows(r.rows) == 4 &&
                   strcmp(ct_str(r.rows, 0, "kind"), "divergent") == 0 &&
                   strcmp(ct_str(r.rows, 1, "kind"), "finite") == 0 &&
                   strcmp(ct_str(r.rows, 2, "kind"), "divergent") == 0,
                   "scaled family kinds");
    HKZ_TEST_CHECK(hkz_table_find(r.keys, 0, "mu_delta_t0.4") == NULL,
                   "no named keys for c != 1");

    /* bad arguments */
    hkz_compare_x7_opts_init(&o);
    o.delta_weights = "i^2";
    HKZ_TEST_STATUS(hkz_compare_x7(&r, &o), HKZ_ERR_ARG);
    o.delta_weights = "log(1+i)";
    o.t = "0";
    HKZ_TEST_STATUS(hkz_compare_x7(&r, &o), HKZ_ERR_ARG);
    o.t = "[0.5 +/- 0.01]";     /* straddles the L threshold 1/2 */
    HKZ_TEST_STATUS(hkz_compare_x7(&r, &o), HKZ_ERR_ARG);

    hkz_compare_result_clear(&r);
    HKZ_TEST_END("compare.x7");
}
