/* X2 (spec 6.3 P2, R35, R42): the spec's case PASSes with R42 and R35 in
 * the balls; a wide eps ball makes the closed-form equality undecided
 * (FAIL, never a vacuous PASS); bad arguments. */
#include "compare_test.h"

int main(void)
{
    static const char *const cols[] = {"sample", "kind", "delta_weights",
        "sub_weights", "eps", "d_delta", "d_delta_mid", "d_L", "d_L_mid",
        "ratio", "ratio_mid", "closed_form", "closed_form_mid", "C_n",
        "C_n_mid", "ok", NULL};
    hkz_compare_result_t r;
    hkz_compare_x2_opts_t o;

    HKZ_TEST_OK(hkz_compare_result_init(&r, "?"));

    /* the spec's weights, fewer random samples */
    hkz_compare_x2_opts_init(&o);
    HKZ_TEST_CHECK(o.nseq == 4 && o.samples == 50 && o.seed == 1 &&
                   strcmp(o.eps, "0.01") == 0, "defaults");
    o.samples = 6;
    HKZ_TEST_OK(hkz_compare_x2(&r, &o));
    CT_PASS(&r);
    HKZ_TEST_CHECK(hkz_table_nrows(r.rows) == 10, "%ld rows",
                   (long) hkz_table_nrows(r.rows));
    HKZ_TEST_CHECK(ct_columns(r.rows, 0, cols) && ct_columns(r.rows, 9, cols),
                   "columns");
    HKZ_TEST_CHECK(strcmp(ct_str(r.rows, 0, "kind"), "sequence") == 0 &&
                   strcmp(ct_str(r.rows, 9, "kind"), "random") == 0, "kinds");
    HKZ_TEST_CHECK(ct_all_true(r.rows, "ok"), "every row ok");
    CT_CONTAINS(r.rows, 0, "ratio", "2.794542454483892291568793");  /* R42 */
    CT_CONTAINS(r.keys, 0, "ratio_at_eps", "2.794542454483892291568793");
    CT_CONTAINS(r.keys, 0, "C_n", "2.796768938733018556652118");    /* R35 */
    HKZ_TEST_CHECK(hkz_table_find(r.keys, 0, "max_random_ratio") != NULL,
                   "max_random_ratio key");

    /* no random samples: no max_random_ratio key */
    o.samples = 0;
    o.nseq = 2;
    HKZ_TEST_OK(hkz_compare_x2(&r, &o));
    CT_PASS(&r);
    HKZ_TEST_CHECK(hkz_table_nrows(r.rows) == 2 &&
                   hkz_table_find(r.keys, 0, "max_random_ratio") == NULL,
                   "sequence only");

    /* FAIL: eps known to 1e-12 cannot confirm a 30-digit equality */
    o.eps = "[0.01 +/- 1e-12]";
    HKZ_TEST_OK(hkz_compare_x2(&r, &o));
    CT_FAIL(&r, "sequence e = 0.01: ratio");
    HKZ_TEST_CHECK(strstr(r.reason, "undecided") != NULL, "reason: %s",
                   r.reason);

    /* bad arguments */
    hkz_compare_x2_opts_init(&o);
    o.eps = "0";
    HKZ_TEST_STATUS(hkz_compare_x2(&r, &o), HKZ_ERR_ARG);
    o.eps = "5";       /* e a_i/b_i > pi */
    HKZ_TEST_STATUS(hkz_compare_x2(&r, &o), HKZ_ERR_ARG);
    o.eps = "x";
    HKZ_TEST_STATUS(hkz_compare_x2(&r, &o), HKZ_ERR_ARG);
    o.eps = "0.01";
    o.sub_weights = "i^2@9";
    HKZ_TEST_STATUS(hkz_compare_x2(&r, &o), HKZ_ERR_ARG);
    o.sub_weights = "i^2";   /* infinite */
    HKZ_TEST_STATUS(hkz_compare_x2(&r, &o), HKZ_ERR_ARG);
    o.sub_weights = "i^2@10";
    o.nseq = 0;
    HKZ_TEST_STATUS(hkz_compare_x2(&r, &o), HKZ_ERR_ARG);
    o.nseq = 4;
    o.seed = -1;
    HKZ_TEST_STATUS(hkz_compare_x2(&r, &o), HKZ_ERR_ARG);

    hkz_compare_result_clear(&r);
    HKZ_TEST_END("compare.x2");
}
