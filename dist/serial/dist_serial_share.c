/* Shared counters and the exchange for one rank (dist.h): a local array
 * and a copy. */
#include <stdint.h>
#include <string.h>
#include "dist_common.h"
#include "hkz_check.h"

struct hkz_dist_counters_s
{
    int64_t *v;
    slong n;
};

int hkz_dist_counters_init(hkz_dist_counters_t *c, hkz_dist_t d, slong n)
{
    HKZ_CHECK(c != NULL && n >= 0 && n < (WORD(1) << 40), HKZ_ERR_ARG,
              "hkz_dist_counters_init: NULL or n = %ld", (long) n);
    *c = flint_calloc(1, sizeof(**c));
    (*c)->v = flint_calloc((size_t) FLINT_MAX(n, 1), sizeof(int64_t));
    (*c)->n = n;
    return HKZ_SUCCESS;
}

int hkz_dist_counters_add(hkz_dist_counters_t c, slong k, slong inc,
                          slong *old)
{
    HKZ_CHECK(c != NULL && k >= 0 && k < c->n && old != NULL, HKZ_ERR_ARG,
              "hkz_dist_counters_add: counter %ld not in [0, %ld)", (long) k,
              c != NULL ? (long) c->n : 0L);
    *old = (slong) c->v[k];
    c->v[k] += inc;
    return HKZ_SUCCESS;
}

void hkz_dist_counters_clear(hkz_dist_counters_t *c)
{
    if (c == NULL || *c == NULL)
        return;
    flint_free((*c)->v);
    flint_free(*c);
    *c = NULL;
}

int hkz_dist_exchange(hkz_dist_t d, char **in, size_t *in_len,
                      const char *out, const size_t *out_len)
{
    HKZ_CHECK(in != NULL && in_len != NULL && out_len != NULL &&
              (out != NULL || out_len[0] == 0), HKZ_ERR_ARG,
              "hkz_dist_exchange: NULL argument");
    *in = flint_malloc(out_len[0] + 1);
    if (out_len[0] > 0)
        memcpy(*in, out, out_len[0]);
    (*in)[out_len[0]] = '\0';
    *in_len = out_len[0];
    return HKZ_SUCCESS;
}
