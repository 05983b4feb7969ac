/* hkz_dist_stream in the serial build: one rank, its bytes to the sink. */
#include "hkz/dist.h"
#include "hkz_check.h"

int hkz_dist_stream(hkz_dist_t d, const char *mine, size_t n,
                    int (*sink)(void *ctx, const char *buf, size_t len),
                    void *ctx)
{
    (void) d;
    HKZ_CHECK(mine != NULL || n == 0, HKZ_ERR_ARG,
              "hkz_dist_stream: NULL bytes");
    return n > 0 ? sink(ctx, mine, n) : HKZ_SUCCESS;
}
