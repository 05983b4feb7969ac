/* X6 (spec 5.4, R38-R41): the scaled values lie in their brackets, the
 * limits are R38-R40, R41 at t = 0.1; bad t lists. */
#include "compare_test.h"

int main(void)
{
    static const char *const cols[] = {"case", "op", "weights", "p", "t",
        "log_mu", "log_mu_mid", "scaled", "scaled_mid", "bracket_lo",
        "bracket_lo_mid", "bracket_hi", "bracket_hi_mid", "in_bracket",
        "nfactors", NULL};
    hkz_compare_result_t r;
    hkz_compare_x6_opts_t o;
    const hkz_field_t *f;

    HKZ_TEST_OK(hkz_compare_result_init(&r, "?"));
    hkz_compare_x6_opts_init(&o);
    HKZ_TEST_CHECK(strcmp(o.t, "1,0.5,0.2,0.1,0.05,0.02,0.01") == 0,
                   "defaults");
    o.t = "0.5,0.1";
    HKZ_TEST_OK(hkz_compare_x6(&r, &o));
    CT_PASS(&r);
    HKZ_TEST_CHECK(hkz_table_nrows(r.rows) == 6, "rows");
    HKZ_TEST_CHECK(ct_columns(r.rows, 0, cols), "columns");
    HKZ_TEST_CHECK(ct_all_true(r.rows, "in_bracket"), "in the brackets");
    CT_CONTAINS(r.keys, 0, "limit_R38", "1.249561413755993546324564");
    CT_CONTAINS(r.keys, 0, "limit_R39", "2.28036282128570551494916");
    CT_CONTAINS(r.keys, 0, "limit_R40", "2.547330152164169545294799");
    /* row 1: E-c Delta at t = 0.1 (R41) */
    HKZ_TEST_CHECK(strcmp(ct_str(r.rows, 1, "op"), "delta") == 0 &&
                   strcmp(ct_str(r.rows, 1, "t"), "0.1") == 0, "row 1");
    CT_CONTAINS(r.rows, 1, "scaled", "0.9788898893771725393402968");
    CT_CONTAINS(r.rows, 1, "bracket_lo", "0.83056659162640574689814");
    f = hkz_table_find(r.rows, 5, "p");
    HKZ_TEST_CHECK(f != NULL && f->i == 2, "last case p = 2");

    /* bad arguments */
    o.t = "nan";
    HKZ_TEST_STATUS(hkz_compare_x6(&r, &o), HKZ_ERR_ARG);
    o.t = "0.1,,0.2";
    HKZ_TEST_STATUS(hkz_compare_x6(&r, &o), HKZ_ERR_ARG);
    o.t = "";
    HKZ_TEST_STATUS(hkz_compare_x6(&r, &o), HKZ_ERR_ARG);

    hkz_compare_result_clear(&r);
    HKZ_TEST_END("compare.x6");
}
