/* compare_test.h -- helpers of the X1-X7 library tests (hkz/compare.h). */
#ifndef HKZ_COMPARE_TEST_H
#define HKZ_COMPARE_TEST_H

#include "hkz_test.h"

/* The ball of field key in row i of t (a ball field, or "+inf"). */
static inline int ct_ball(arb_t x, const hkz_table_t t, slong i,
                          const char *key)
{
    const hkz_field_t *f = hkz_table_find(t, i, key);
    if (f == NULL)
        return 0;
    if (f->kind == HKZ_FIELD_BALL)
    {
        arb_set(x, f->ball);
        return 1;
    }
    if (f->kind == HKZ_FIELD_STR && strcmp(f->s, "+inf") == 0)
    {
        arb_pos_inf(x);
        return 1;
    }
    return 0;
}

/* Field key of row i of t must be a ball containing the reference. */
#define CT_CONTAINS(t, i, key, ref)                                         \
    do {                                                                    \
        arb_t ct_x_;                                                        \
        arb_init(ct_x_);                                                    \
        if (!ct_ball(ct_x_, (t), (i), (key)))                               \
            HKZ_TEST_FAIL("row %ld: no ball field %s", (long) (i), (key));  \
        else                                                                \
            HKZ_TEST_CONTAINS(ct_x_, (ref), 64, (key));                     \
        arb_clear(ct_x_);                                                   \
    } while (0)

/* The verdict must be PASS. */
#define CT_PASS(r)                                                          \
    HKZ_TEST_CHECK((r)->pass && (r)->reason[0] == '\0', "%s: FAIL (%s)",    \
                   (r)->name, (r)->reason)

/* The verdict must be FAIL with a reason starting with prefix. */
#define CT_FAIL(r, prefix)                                                  \
    HKZ_TEST_CHECK(!(r)->pass && strncmp((r)->reason, (prefix),             \
                   strlen(prefix)) == 0, "%s: expected FAIL (%s...), got "  \
                   "%s (%s)", (r)->name, (prefix), (r)->pass ? "PASS" :     \
                   "FAIL", (r)->reason)

/* Row i of t has exactly the columns cols (NULL-terminated), in order. */
static inline int ct_columns(const hkz_table_t t, slong i,
                             const char *const *cols)
{
    slong n, j;
    const hkz_field_t *f = hkz_table_row(t, i, &n);
    for (j = 0; j < n && cols[j] != NULL; j++)
        if (strcmp(f[j].key, cols[j]) != 0)
            return 0;
    return j == n && cols[j] == NULL;
}

/* Boolean field key is true in every row of t. */
static inline int ct_all_true(const hkz_table_t t, const char *key)
{
    slong i;
    for (i = 0; i < hkz_table_nrows(t); i++)
    {
        const hkz_field_t *f = hkz_table_find(t, i, key);
        if (f == NULL || f->kind != HKZ_FIELD_BOOL || !f->i)
            return 0;
    }
    return 1;
}

/* String field key of row i of t. */
static inline const char *ct_str(const hkz_table_t t, slong i,
                                 const char *key)
{
    const hkz_field_t *f = hkz_table_find(t, i, key);
    return f != NULL && f->kind == HKZ_FIELD_STR ? f->s : "";
}

#endif
