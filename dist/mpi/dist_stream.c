/* hkz_dist_stream over MPI: every rank's bytes to a sink on rank 0, in
 * rank order, in pieces of at most 64 MiB (any total size), with point-to-
 * point messages on the world communicator (rank 0 receives from rank 1,
 * then rank 2, ...).  hkz_dist_post is its first half: ranks > 0 start
 * non-blocking sends of the total and the pieces (nothing copied: the
 * caller keeps the bytes until hkz_dist_post_wait), so that their bytes
 * travel while they compute; hkz_dist_stream is post, wait, agree. */
#include <stdint.h>
#include <stdlib.h>
#include "dist_internal.h"
#include "hkz_check.h"

#define PIECE ((size_t) 1 << 26)
#define TAG_STREAM 31001

struct hkz_dist_post_s
{
    hkz_dist_t d;
    uint64_t total;      /* (the buffer of the first send) */
    int nreq;
    MPI_Request req[];   /* the total, then the pieces */
};

/* rank 0: every other rank's bytes to sink, in rank order; after a
 * failure of the sink the rest is received and dropped */
static int take(hkz_dist_t d, int st,
                int (*sink)(void *ctx, const char *buf, size_t len),
                void *ctx)
{
    int rc = MPI_SUCCESS, r;
    uint64_t total, off;
    size_t k;
    char *buf = flint_malloc(PIECE);

    for (r = 1; r < d->size && rc == MPI_SUCCESS; r++)
    {
        rc = MPI_Recv(&total, 1, MPI_UINT64_T, r, TAG_STREAM, d->comm,
                      MPI_STATUS_IGNORE);
        for (off = 0; off < total && rc == MPI_SUCCESS; off += k)
        {
            k = FLINT_MIN(PIECE, (size_t) (total - off));
            rc = MPI_Recv(buf, (int) k, MPI_BYTE, r, TAG_STREAM, d->comm,
                          MPI_STATUS_IGNORE);
            if (rc == MPI_SUCCESS && st == HKZ_SUCCESS)
                st = sink(ctx, buf, k);
        }
    }
    flint_free(buf);
    if (rc != MPI_SUCCESS && st == HKZ_SUCCESS)
        st = _hkz_dist_mpi_error(rc, "hkz_dist_post");
    return st;
}

int hkz_dist_post(hkz_dist_post_t *p, hkz_dist_t d, const char *mine,
                  size_t n, int (*sink)(void *ctx, const char *buf,
                  size_t len), void *ctx)
{
    int st = HKZ_SUCCESS, rc = MPI_SUCCESS, i;
    struct hkz_dist_post_s *q;
    size_t np, off;

    *p = NULL;
    if (d == NULL)
        d = hkz_dist_world();
    if (mine == NULL && n > 0)
    {
        st = hkz_error_set(HKZ_ERR_ARG, "hkz_dist_post: NULL bytes");
        n = 0;
    }
    if (d->rank == 0)
    {
        if (st == HKZ_SUCCESS && n > 0)
            st = sink(ctx, mine, n);
        return d->comm == MPI_COMM_NULL ? st : take(d, st, sink, ctx);
    }
    np = (n + PIECE - 1) / PIECE;
    q = malloc(sizeof(*q) + (np + 1) * sizeof(MPI_Request));
    if (q == NULL)   /* (rank 0 still waits for the total) */
    {
        uint64_t z = 0;
        MPI_Send(&z, 1, MPI_UINT64_T, 0, TAG_STREAM, d->comm);
        return hkz_error_set(HKZ_ERR_NOMEM, "hkz_dist_post: out of memory");
    }
    q->d = d;
    q->total = n;
    q->nreq = (int) np + 1;
    for (i = 0; i < q->nreq; i++)
        q->req[i] = MPI_REQUEST_NULL;
    rc = MPI_Isend(&q->total, 1, MPI_UINT64_T, 0, TAG_STREAM, d->comm,
                   q->req);
    for (i = 1, off = 0; i < q->nreq && rc == MPI_SUCCESS; i++, off += PIECE)
        rc = MPI_Isend(mine + off, (int) FLINT_MIN(PIECE, n - off), MPI_BYTE,
                       0, TAG_STREAM, d->comm, q->req + i);
    *p = q;
    if (rc != MPI_SUCCESS && st == HKZ_SUCCESS)
        st = _hkz_dist_mpi_error(rc, "hkz_dist_post");
    return st;
}

int hkz_dist_post_wait(hkz_dist_post_t *p)
{
    struct hkz_dist_post_s *q = *p;
    int rc;

    if (q == NULL)
        return HKZ_SUCCESS;
    rc = MPI_Waitall(q->nreq, q->req, MPI_STATUSES_IGNORE);
    free(q);
    *p = NULL;
    return rc == MPI_SUCCESS ? HKZ_SUCCESS
                             : _hkz_dist_mpi_error(rc, "hkz_dist_post_wait");
}

int hkz_dist_stream(hkz_dist_t d, const char *mine, size_t n,
                    int (*sink)(void *ctx, const char *buf, size_t len),
                    void *ctx)
{
    hkz_dist_post_t p;
    int st = hkz_dist_post(&p, d, mine, n, sink, ctx), st2;

    st2 = hkz_dist_post_wait(&p);
    return hkz_dist_agree(d, st != HKZ_SUCCESS ? st : st2);
}
