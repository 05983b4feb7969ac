/* Results of comparison experiments (hkz/compare.h). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "hkz/compare.h"
#include "hkz/status.h"

int hkz_compare_result_init(hkz_compare_result_t *r, const char *name)
{
    int s;
    memset(r, 0, sizeof(*r));
    snprintf(r->name, sizeof(r->name), "%s", name);
    r->pass = 1;
    if ((s = hkz_table_create(&r->rows)) != HKZ_SUCCESS ||
        (s = hkz_table_create(&r->keys)) != HKZ_SUCCESS)
        hkz_compare_result_clear(r);
    return s;
}

void hkz_compare_result_clear(hkz_compare_result_t *r)
{
    hkz_table_destroy(&r->rows);
    hkz_table_destroy(&r->keys);
}

void hkz_compare_fail(hkz_compare_result_t *r, const char *fmt, ...)
{
    va_list ap;
    if (r->pass)
    {
        va_start(ap, fmt);
        vsnprintf(r->reason, sizeof(r->reason), fmt, ap);
        va_end(ap);
    }
    r->pass = 0;
}
