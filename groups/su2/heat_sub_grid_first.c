/* The first entry of each ball address in a list (heat_sub_grid_prep.c,
 * _cos.c): the batched fallback's entries repeat a few t, r, z balls
 * thousands of times, so the distinct keys are found by address first
 * (a hash, O(n)) and only those sorted by value.  The same ball at two
 * addresses stays two firsts; the value sort after it merges them. */
#include <stdint.h>
#include <stdlib.h>
#include "hkz_check.h"
#include "su2_grid_internal.h"

int _hkz_su2_sub_first_of(slong *first, slong n,
        const arb_struct *const *p, const slong *w)
{
    slong size = 16, i, *h;

    while (size < 2 * n)
        size *= 2;
    h = malloc(size * sizeof(slong));
    HKZ_CHECK(h != NULL, HKZ_ERR_NOMEM, "su2-sub fallback: out of memory");
    for (i = 0; i < size; i++)
        h[i] = -1;
    for (i = 0; i < n; i++)
    {
        uint64_t x = (uint64_t) (uintptr_t) p[i] ^ (uint64_t) (w != NULL
                     ? (ulong) w[i] * UWORD(0x9E3779B97F4A7C15) : 0);
        slong q = (slong) ((x * UWORD(0xD6E8FEB86659FD93)) >> 20)
                  & (size - 1);
        while (h[q] >= 0 && (p[h[q]] != p[i]
                             || (w != NULL && w[h[q]] != w[i])))
            q = (q + 1) & (size - 1);
        if (h[q] < 0)
            h[q] = i;
        first[i] = h[q];
    }
    free(h);
    return HKZ_SUCCESS;
}
