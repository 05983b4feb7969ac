/* Edge-list writer (hkz_ising_model_get_str), the inverse of
 * hkz_ising_model_read_str. */
#include <stdio.h>
#include <string.h>
#include "ising_impl.h"
#include "hkz_check.h"

/* Appends s to the growing buffer. */
static void put(char **buf, size_t *len, size_t *cap, const char *s)
{
    size_t l = strlen(s);
    if (*len + l + 1 > *cap)
    {
        *cap = FLINT_MAX(2 * *cap, *len + l + 256);
        *buf = flint_realloc(*buf, *cap);
    }
    memcpy(*buf + *len, s, l + 1);
    *len += l;
}

int hkz_ising_model_get_str(char **text, const hkz_ising_model_t m)
{
    char *buf = NULL, tmp[64];
    size_t len = 0, cap = 0;
    slong i;

    *text = NULL;
    HKZ_CHECK(hkz_ising_model_is_exact(m), HKZ_ERR_ARG,
              "hkz_ising_model_get_str: a coupling is a ball, not exact");
    HKZ_CHECK(arb_is_one(&m->scale), HKZ_ERR_ARG,
              "hkz_ising_model_get_str: coupling scale is not 1");
    snprintf(tmp, sizeof(tmp), "vertices %ld\n", (long) m->n);
    put(&buf, &len, &cap, tmp);
    if (m->w != NULL)
        for (i = 0; i < m->n; i++)
            if (m->w[i] != 1)
            {
                snprintf(tmp, sizeof(tmp), "weight %ld %ld\n", (long) i,
                         (long) m->w[i]);
                put(&buf, &len, &cap, tmp);
            }
    for (i = 0; i < m->nedges; i++)
    {
        char *q = fmpq_get_str(NULL, 10, m->c + i);
        snprintf(tmp, sizeof(tmp), "%ld %ld ", (long) m->eu[i],
                 (long) m->ev[i]);
        put(&buf, &len, &cap, tmp);
        put(&buf, &len, &cap, q);
        put(&buf, &len, &cap, "\n");
        flint_free(q);
    }
    *text = buf;
    return HKZ_SUCCESS;
}
