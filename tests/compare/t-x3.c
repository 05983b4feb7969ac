/* X3 (spec 6.4, E-b, R43): the spec's N = 10, 100, 1000 PASS with the
 * closed forms and C*(1/2) = sqrt(3)/2 in the balls; bad arguments. */
#include "compare_test.h"

int main(void)
{
    static const char *const cols[] = {"N", "d_delta", "d_delta_mid",
        "d_delta_closed", "d_delta_closed_mid", "d_L", "d_L_mid",
        "d_L_closed", "d_L_closed_mid", "ratio_half", "ratio_half_mid",
        "C_star_half", "C_star_half_mid", "ok", NULL};
    hkz_compare_result_t r;
    hkz_compare_x3_opts_t o;
    const hkz_field_t *f;

    HKZ_TEST_OK(hkz_compare_result_init(&r, "?"));
    hkz_compare_x3_opts_init(&o);
    HKZ_TEST_CHECK(strcmp(o.N, "10,100,1000") == 0, "defaults");
    HKZ_TEST_OK(hkz_compare_x3(&r, &o));
    CT_PASS(&r);
    HKZ_TEST_CHECK(hkz_table_nrows(r.rows) == 3, "rows");
    HKZ_TEST_CHECK(ct_columns(r.rows, 0, cols), "columns");
    f = hkz_table_find(r.rows, 2, "N");
    HKZ_TEST_CHECK(f != NULL && f->kind == HKZ_FIELD_INT && f->i == 1000,
                   "N = 1000 last");
    CT_CONTAINS(r.rows, 0, "d_delta", "0.9934588265796101234433551");
    CT_CONTAINS(r.rows, 0, "d_L", "3.782978506624055615625611");
    CT_CONTAINS(r.rows, 1, "d_delta", "0.3141592653589793238462643");
    CT_CONTAINS(r.rows, 1, "d_L", "3.84123138845196243603033");
    CT_CONTAINS(r.rows, 2, "d_delta", "0.09934588265796101234433551");
    CT_CONTAINS(r.rows, 2, "d_L", "3.847008162122026645823299");
    CT_CONTAINS(r.keys, 0, "C_star_half", "0.8660254037844386467637232");
    /* pi sqrt(3/2) */
    CT_CONTAINS(r.keys, 0, "d_L_limit", "3.847649490485592286632109");

    /* another list (not increasing is allowed) */
    o.N = " 5 ,2";
    HKZ_TEST_OK(hkz_compare_x3(&r, &o));
    CT_PASS(&r);
    HKZ_TEST_CHECK(hkz_table_nrows(r.rows) == 2, "rows of 5,2");

    /* bad arguments */
    o.N = "0";
    HKZ_TEST_STATUS(hkz_compare_x3(&r, &o), HKZ_ERR_ARG);
    o.N = "10,x";
    HKZ_TEST_STATUS(hkz_compare_x3(&r, &o), HKZ_ERR_ARG);
    o.N = "10,,20";
    HKZ_TEST_STATUS(hkz_compare_x3(&r, &o), HKZ_ERR_ARG);
    o.N = "100001";
    HKZ_TEST_STATUS(hkz_compare_x3(&r, &o), HKZ_ERR_ARG);
    o.N = NULL;
    HKZ_TEST_STATUS(hkz_compare_x3(&r, &o), HKZ_ERR_ARG);

    hkz_compare_result_clear(&r);
    HKZ_TEST_END("compare.x3");
}
