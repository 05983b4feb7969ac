/* X1 (spec 4.2, 6.4): the spec's grid PASSes with the grid maximum
 * 2 pi - pi/30 at r = 0, z = pi/30; a small grid PASSes; bad arguments. */
#include "compare_test.h"

int main(void)
{
    static const char *const cols[] = {"r", "z", "d_R", "d_R_mid", "d_sR",
        "d_sR_mid", "ratio", "ratio_mid", "fibre_formula",
        "fibre_formula_mid", "ok", NULL};
    hkz_compare_result_t r;
    hkz_compare_x1_opts_t o;
    const hkz_field_t *f;

    HKZ_TEST_OK(hkz_compare_result_init(&r, "?"));

    /* the spec's case: 31 x 30 */
    hkz_compare_x1_opts_init(&o);
    HKZ_TEST_CHECK(o.digits == 30 && o.nr == 31 && o.nz == 30, "defaults");
    HKZ_TEST_OK(hkz_compare_x1(&r, &o));
    CT_PASS(&r);
    HKZ_TEST_CHECK(strcmp(r.name, "X1") == 0, "name %s", r.name);
    HKZ_TEST_CHECK(hkz_table_nrows(r.rows) == 930, "%ld rows",
                   (long) hkz_table_nrows(r.rows));
    HKZ_TEST_CHECK(ct_columns(r.rows, 0, cols) &&
                   ct_columns(r.rows, 929, cols), "columns");
    HKZ_TEST_CHECK(ct_all_true(r.rows, "ok"), "every row ok");
    /* 2 pi - pi/30 = 59 pi/30 */
    CT_CONTAINS(r.keys, 0, "max_ratio", "6.178465552059926702309865");
    CT_CONTAINS(r.keys, 0, "two_pi", "6.283185307179586476925287");
    HKZ_TEST_CHECK(strcmp(ct_str(r.keys, 0, "grid"), "31 x 30") == 0,
                   "grid key");
    f = hkz_table_find(r.keys, 0, "max_ratio_mid");
    HKZ_TEST_CHECK(f != NULL && f->kind == HKZ_FIELD_DOUBLE &&
                   f->d > 6.178 && f->d < 6.1785, "max_ratio_mid");
    /* off the fibre the fibre formula is empty, its mid NaN */
    f = hkz_table_find(r.rows, 30, "fibre_formula_mid");
    HKZ_TEST_CHECK(f != NULL && f->d != f->d, "fibre_formula_mid NaN");

    /* a small grid, at 50 digits */
    o.nr = 5;
    o.nz = 4;
    o.digits = 50;
    HKZ_TEST_OK(hkz_compare_x1(&r, &o));
    CT_PASS(&r);
    HKZ_TEST_CHECK(hkz_table_nrows(r.rows) == 20, "small grid rows");
    CT_CONTAINS(r.keys, 0, "max_ratio",
                "5.497787143782138167309625");   /* 2 pi - pi/4 */

    /* bad arguments */
    hkz_compare_x1_opts_init(&o);
    o.nr = 1;
    HKZ_TEST_STATUS(hkz_compare_x1(&r, &o), HKZ_ERR_ARG);
    o.nr = 31;
    o.nz = 0;
    HKZ_TEST_STATUS(hkz_compare_x1(&r, &o), HKZ_ERR_ARG);
    o.nz = 30;
    o.digits = 0;
    HKZ_TEST_STATUS(hkz_compare_x1(&r, &o), HKZ_ERR_ARG);
    HKZ_TEST_STATUS(hkz_compare_x1(&r, NULL), HKZ_ERR_ARG);
    HKZ_TEST_STATUS(hkz_compare_x1(NULL, &o), HKZ_ERR_ARG);

    hkz_compare_result_clear(&r);
    HKZ_TEST_END("compare.x1");
}
