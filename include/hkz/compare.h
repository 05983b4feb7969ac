/* hkz/compare.h -- the comparison experiments of spec 6.4 (X1-X8, the
 * sweep, the report) as library functions.
 *
 * Every experiment fills a hkz_compare_result_t: its data rows (the rows
 * the CLI writes to stdout and notebooks_data), the key numbers of the
 * verdict (one row), the verdict and its reason.  Nothing is printed; the
 * return value is a status (HKZ_SUCCESS also when the verdict is FAIL).
 */
#ifndef HKZ_COMPARE_H
#define HKZ_COMPARE_H

#include "hkz/config.h"
#include "hkz/flint_compat.h"
#include "hkz/table.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct
{
    char name[16];      /* "X3" */
    hkz_table_t rows;   /* data rows */
    hkz_table_t keys;   /* one row: the verdict's key numbers */
    int pass;           /* 1: PASS, 0: FAIL */
    char reason[512];   /* why it failed ("" on PASS) */
} hkz_compare_result_t;

HKZ_API HKZ_WARN_UNUSED int hkz_compare_result_init(hkz_compare_result_t *r,
                                                    const char *name);
HKZ_API void hkz_compare_result_clear(hkz_compare_result_t *r);

/** Records the first failure reason (printf style); later calls keep the
 *  first reason.  Sets pass = 0. */
HKZ_API void hkz_compare_fail(hkz_compare_result_t *r, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* The experiments' parameter structs and entry points follow (added by
 * the experiments' files; X8, sweep and report have their own headers
 * compare_x8.h, compare_sweep.h, report.h that include this one). */

#ifdef __cplusplus
}
#endif
#endif
