/* hkz_dist_stream and hkz_dist_post in the serial build: one rank, its
 * bytes to the sink. */
#include "hkz/dist.h"
#include "hkz_check.h"

int hkz_dist_post(hkz_dist_post_t *p, hkz_dist_t d, const char *mine,
                  size_t n, int (*sink)(void *ctx, const char *buf,
                  size_t len), void *ctx)
{
    (void) d;
    *p = NULL;
    HKZ_CHECK(mine != NULL || n == 0, HKZ_ERR_ARG,
              "hkz_dist_post: NULL bytes");
    return n > 0 ? sink(ctx, mine, n) : HKZ_SUCCESS;
}

int hkz_dist_post_wait(hkz_dist_post_t *p)
{
    *p = NULL;
    return HKZ_SUCCESS;
}

int hkz_dist_stream(hkz_dist_t d, const char *mine, size_t n,
                    int (*sink)(void *ctx, const char *buf, size_t len),
                    void *ctx)
{
    hkz_dist_post_t p;
    return hkz_dist_post(&p, d, mine, n, sink, ctx);
}
