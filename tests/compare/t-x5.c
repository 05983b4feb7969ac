/* X5 (spec F2, F3, R44, R45): the spec's case PASSes with R44, R45 in the
 * balls; an unsupported pair of weight families and bad t lists are
 * refused. */
#include "compare_test.h"

int main(void)
{
    static const char *const cols[] = {"delta_weights", "sub_weights", "t",
        "C_star", "C_star_mid", "s", "s_mid", "mu_L", "mu_L_mid", "mu_sub",
        "mu_sub_mid", "ratio", "ratio_mid", "ok", NULL};
    hkz_compare_result_t r;
    hkz_compare_x5_opts_t o;

    HKZ_TEST_OK(hkz_compare_result_init(&r, "?"));
    hkz_compare_x5_opts_init(&o);
    HKZ_TEST_CHECK(strcmp(o.t, "0.5,0.2") == 0, "defaults");
    HKZ_TEST_OK(hkz_compare_x5(&r, &o));
    CT_PASS(&r);
    HKZ_TEST_CHECK(hkz_table_nrows(r.rows) == 2, "rows");
    HKZ_TEST_CHECK(ct_columns(r.rows, 0, cols), "columns");
    HKZ_TEST_CHECK(strcmp(ct_str(r.rows, 0, "t"), "0.5") == 0 &&
                   strcmp(ct_str(r.rows, 1, "t"), "0.2") == 0, "t as given");
    CT_CONTAINS(r.rows, 0, "mu_L", "4.376646730330928059680882");      /* R44 */
    CT_CONTAINS(r.rows, 0, "mu_sub", "534.4109604322566287995852");
    CT_CONTAINS(r.rows, 1, "mu_L", "45.00518637063329394976989");      /* R45 */
    CT_CONTAINS(r.rows, 1, "mu_sub", "1566510.023288229579092341");
    HKZ_TEST_CHECK(hkz_table_find(r.keys, 0, "C_star") != NULL, "key");

    /* one t, written as given */
    o.t = " 1 ";
    HKZ_TEST_OK(hkz_compare_x5(&r, &o));
    CT_PASS(&r);
    HKZ_TEST_CHECK(hkz_table_nrows(r.rows) == 1 &&
                   strcmp(ct_str(r.rows, 0, "t"), "1") == 0, "t = 1");

    /* bad arguments */
    o.t = "0";
    HKZ_TEST_STATUS(hkz_compare_x5(&r, &o), HKZ_ERR_ARG);
    o.t = "0.5,-1";
    HKZ_TEST_STATUS(hkz_compare_x5(&r, &o), HKZ_ERR_ARG);
    o.t = "0.5";
    o.delta_weights = "i^2";     /* needs a finite list */
    HKZ_TEST_STATUS(hkz_compare_x5(&r, &o), HKZ_ERR_ARG);
    o.delta_weights = "1,4";
    o.sub_weights = "log(1+i)";
    HKZ_TEST_STATUS(hkz_compare_x5(&r, &o), HKZ_ERR_UNSUPPORTED);
    o.sub_weights = "1,4";
    o.digits = -3;
    HKZ_TEST_STATUS(hkz_compare_x5(&r, &o), HKZ_ERR_ARG);

    hkz_compare_result_clear(&r);
    HKZ_TEST_END("compare.x5");
}
