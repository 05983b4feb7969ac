/* Element-wise reductions over the ranks (in place, every rank gets the
 * result). */
#include <limits.h>
#include "dist_internal.h"
#include "hkz_check.h"

static int reduce(hkz_dist_t d, void *buf, size_t n, MPI_Datatype ty,
                  int op, const char *fn)
{
    MPI_Op mop;
    int rc;
    if (d == NULL)
        d = hkz_dist_world();
    HKZ_CHECK(op == HKZ_DIST_SUM || op == HKZ_DIST_MIN || op == HKZ_DIST_MAX,
              HKZ_ERR_ARG, "%s: bad operation %d", fn, op);
    HKZ_CHECK(buf != NULL || n == 0, HKZ_ERR_ARG, "%s: NULL buffer", fn);
    HKZ_CHECK(n < (size_t) INT_MAX, HKZ_ERR_TOO_LARGE, "%s: %zu elements "
              "exceed the MPI count limit", fn, n);
    if (d->comm == MPI_COMM_NULL || n == 0)
        return HKZ_SUCCESS;
    mop = op == HKZ_DIST_SUM ? MPI_SUM : (op == HKZ_DIST_MIN ? MPI_MIN
                                                             : MPI_MAX);
    rc = MPI_Allreduce(MPI_IN_PLACE, buf, (int) n, ty, mop, d->comm);
    if (rc != MPI_SUCCESS)
        return _hkz_dist_mpi_error(rc, fn);
    return HKZ_SUCCESS;
}

int hkz_dist_allreduce_double(hkz_dist_t d, double *buf, size_t n, int op)
{
    return reduce(d, buf, n, MPI_DOUBLE, op, "hkz_dist_allreduce_double");
}

int hkz_dist_allreduce_int(hkz_dist_t d, int *buf, size_t n, int op)
{
    return reduce(d, buf, n, MPI_INT, op, "hkz_dist_allreduce_int");
}

int hkz_dist_allreduce_slong(hkz_dist_t d, slong *buf, size_t n, int op)
{
    /* slong is a long on the LP64 systems FLINT supports, else a long
     * long */
    return reduce(d, buf, n, sizeof(slong) == sizeof(long) ? MPI_LONG
                  : MPI_LONG_LONG, op, "hkz_dist_allreduce_slong");
}
