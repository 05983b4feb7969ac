/* Element-wise reductions over one rank: the argument checks of the MPI
 * version, then nothing to do. */
#include "dist_common.h"
#include "hkz_check.h"

static int reduce(const void *buf, size_t n, int op, const char *fn)
{
    HKZ_CHECK(op == HKZ_DIST_SUM || op == HKZ_DIST_MIN || op == HKZ_DIST_MAX,
              HKZ_ERR_ARG, "%s: bad operation %d", fn, op);
    HKZ_CHECK(buf != NULL || n == 0, HKZ_ERR_ARG, "%s: NULL buffer", fn);
    return HKZ_SUCCESS;
}

int hkz_dist_allreduce_double(hkz_dist_t d, double *buf, size_t n, int op)
{
    return reduce(buf, n, op, "hkz_dist_allreduce_double");
}

int hkz_dist_allreduce_int(hkz_dist_t d, int *buf, size_t n, int op)
{
    return reduce(buf, n, op, "hkz_dist_allreduce_int");
}

int hkz_dist_allreduce_slong(hkz_dist_t d, slong *buf, size_t n, int op)
{
    return reduce(buf, n, op, "hkz_dist_allreduce_slong");
}
