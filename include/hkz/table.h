/* hkz/table.h -- owned tables of records, returned by library experiments
 * (compare.h) and written by the CLI through a hkz_writer_t.
 *
 * A row is a list of fields as in io.h (string, integer, double, ball,
 * bool, raw token); hkz_table_add copies the keys, strings and balls, so
 * the caller's storage may go away.  Rows need not share columns, but a
 * CSV writer takes its columns from the first row.
 */
#ifndef HKZ_TABLE_H
#define HKZ_TABLE_H

#include "hkz/config.h"
#include "hkz/flint_compat.h"
#include "hkz/io.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct hkz_table_s *hkz_table_t;

HKZ_API HKZ_WARN_UNUSED int hkz_table_create(hkz_table_t *t);
/** NULL-safe; sets *t = NULL. */
HKZ_API void hkz_table_destroy(hkz_table_t *t);

/** Appends a deep copy of the n fields f as one row. */
HKZ_API HKZ_WARN_UNUSED int hkz_table_add(hkz_table_t t,
                                          const hkz_field_t *f, slong n);

HKZ_API slong hkz_table_nrows(const hkz_table_t t);
/** Row i (0-based): its fields (owned by the table) and their count. */
HKZ_API const hkz_field_t *hkz_table_row(const hkz_table_t t, slong i,
                                         slong *n);
/** The field named key in row i, or NULL. */
HKZ_API const hkz_field_t *hkz_table_find(const hkz_table_t t, slong i,
                                          const char *key);

/** Writes every row to w, in order. */
HKZ_API HKZ_WARN_UNUSED int hkz_table_write(hkz_writer_t *w,
                                            const hkz_table_t t);

#ifdef __cplusplus
}
#endif
#endif
