/* hkz_dist_stream over MPI: every rank's bytes to a sink on rank 0, in
 * rank order, in pieces of at most 64 MiB (any total size), with point-to-
 * point messages on the world communicator (rank 0 receives from rank 1,
 * then rank 2, ...; a rank waits in its send until rank 0 reaches it). */
#include <stdint.h>
#include "dist_internal.h"
#include "hkz_check.h"

#define PIECE ((size_t) 1 << 26)
#define TAG_STREAM 31001

int hkz_dist_stream(hkz_dist_t d, const char *mine, size_t n,
                    int (*sink)(void *ctx, const char *buf, size_t len),
                    void *ctx)
{
    int st = HKZ_SUCCESS, rc = MPI_SUCCESS, r;
    uint64_t total;
    size_t off, k;
    char *buf;

    if (d == NULL)
        d = hkz_dist_world();
    if (mine == NULL && n > 0)
    {
        st = hkz_error_set(HKZ_ERR_ARG, "hkz_dist_stream: NULL bytes");
        n = 0;
    }
    if (d->rank == 0)
    {
        if (st == HKZ_SUCCESS && n > 0)
            st = sink(ctx, mine, n);
        if (d->comm == MPI_COMM_NULL)
            return st;
        buf = flint_malloc(PIECE);
        for (r = 1; r < d->size && rc == MPI_SUCCESS; r++)
        {
            rc = MPI_Recv(&total, 1, MPI_UINT64_T, r, TAG_STREAM, d->comm,
                          MPI_STATUS_IGNORE);
            for (off = 0; off < total && rc == MPI_SUCCESS; off += k)
            {
                k = FLINT_MIN(PIECE, (size_t) (total - off));
                rc = MPI_Recv(buf, (int) k, MPI_BYTE, r, TAG_STREAM, d->comm,
                              MPI_STATUS_IGNORE);
                /* after a failure of the sink the rest is dropped */
                if (rc == MPI_SUCCESS && st == HKZ_SUCCESS)
                    st = sink(ctx, buf, k);
            }
        }
        flint_free(buf);
    }
    else
    {
        total = n;
        rc = MPI_Send(&total, 1, MPI_UINT64_T, 0, TAG_STREAM, d->comm);
        for (off = 0; off < n && rc == MPI_SUCCESS; off += k)
        {
            k = FLINT_MIN(PIECE, n - off);
            rc = MPI_Send(mine + off, (int) k, MPI_BYTE, 0, TAG_STREAM,
                          d->comm);
        }
    }
    if (rc != MPI_SUCCESS && st == HKZ_SUCCESS)
        st = _hkz_dist_mpi_error(rc, "hkz_dist_stream");
    return hkz_dist_agree(d, st);
}
