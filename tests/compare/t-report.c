/* The built-in report as a library function (hkz/report.h): every item
 * meets the goal and agrees with the spec's reference value. */
#include "hkz_test.h"
#include "hkz/report.h"

int main(void)
{
    hkz_compare_result_t r;
    slong i, n;
    HKZ_TEST_OK(hkz_compare_result_init(&r, "report"));
    HKZ_TEST_OK(hkz_report_su2(&r, 20));
    HKZ_TEST_CHECK(r.pass, "report: %s", r.reason);
    HKZ_TEST_CHECK(hkz_table_nrows(r.rows) == 10, "10 items");
    for (i = 0; i < hkz_table_nrows(r.rows); i++)
    {
        const hkz_field_t *f = hkz_table_row(r.rows, i, &n);
        HKZ_TEST_CHECK(n == 8 && strcmp(f[0].key, "quantity") == 0 &&
                       strcmp(f[6].key, "value") == 0 &&
                       f[6].kind == HKZ_FIELD_BALL && f[5].i == 1 &&
                       arb_rel_accuracy_bits(f[6].ball) >= 66 &&
                       f[7].i == HKZ_SUCCESS, "item %ld", (long) i);
    }
    HKZ_TEST_CHECK(hkz_table_find(r.keys, 0, "agree")->i == 10 &&
                   hkz_table_find(r.keys, 0, "worst_status")->i ==
                   HKZ_SUCCESS, "keys");
    HKZ_TEST_STATUS(hkz_report_su2(&r, 0), HKZ_ERR_ARG);
    hkz_compare_result_clear(&r);
    HKZ_TEST_END("compare.report");
}
