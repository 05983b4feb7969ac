/* Work shared at run time (dist.h): atomic counters that every rank can
 * advance (dynamic balancing: ranks that finish early take pieces of the
 * others' work) and the exchange of variable-size bytes between all
 * pairs of ranks (the results of taken pieces to their owners). */
#include <limits.h>
#include <stdint.h>
#include <string.h>
#include "dist_internal.h"
#include "hkz_check.h"

#define SERIAL(d) ((d)->comm == MPI_COMM_NULL)

struct hkz_dist_counters_s
{
    hkz_dist_t d;
    MPI_Win win;        /* MPI_WIN_NULL: local (one rank) */
    int64_t *shm;       /* one node: the counters in shared memory */
    int64_t *local;     /* one rank */
    slong n;
};

int hkz_dist_counters_init(hkz_dist_counters_t *c, hkz_dist_t d, slong n)
{
    struct hkz_dist_counters_s *x;
    int rc = MPI_SUCCESS, st;
    MPI_Aint sz;
    int du;

    HKZ_CHECK(c != NULL && n >= 0 && n < (WORD(1) << 40), HKZ_ERR_ARG,
              "hkz_dist_counters_init: NULL or n = %ld", (long) n);
    if (d == NULL)
        d = hkz_dist_world();
    x = flint_calloc(1, sizeof(*x));
    x->d = d;
    x->n = n;
    x->win = MPI_WIN_NULL;
    *c = x;
    if (SERIAL(d) || d->size == 1)
    {
        x->local = flint_calloc((size_t) FLINT_MAX(n, 1), sizeof(int64_t));
        return HKZ_SUCCESS;
    }
    sz = d->rank == 0 ? (MPI_Aint) (n * sizeof(int64_t)) : 0;
    if (d->lsize == d->size)
    {
        /* one node: plain atomics on shared memory, no target progress */
        void *base = NULL;
        rc = MPI_Win_allocate_shared(sz, sizeof(int64_t), MPI_INFO_NULL,
                                     d->comm, &base, &x->win);
        if (rc == MPI_SUCCESS)
            rc = MPI_Win_shared_query(x->win, 0, &sz, &du, &x->shm);
        if (rc == MPI_SUCCESS && d->rank == 0 && n > 0)
            memset(x->shm, 0, (size_t) n * sizeof(int64_t));
    }
    else
    {
        int64_t *base = NULL;
        rc = MPI_Win_allocate(sz, sizeof(int64_t), MPI_INFO_NULL, d->comm,
                              &base, &x->win);
        if (rc == MPI_SUCCESS && d->rank == 0 && n > 0)
            memset(base, 0, (size_t) n * sizeof(int64_t));
    }
    if (rc == MPI_SUCCESS)
        rc = MPI_Barrier(d->comm);
    if (rc == MPI_SUCCESS)
        rc = MPI_Win_lock_all(MPI_MODE_NOCHECK, x->win);
    st = rc == MPI_SUCCESS ? HKZ_SUCCESS
         : _hkz_dist_mpi_error(rc, "hkz_dist_counters_init");
    st = hkz_dist_agree(d, st);
    if (st != HKZ_SUCCESS)
        hkz_dist_counters_clear(c);
    return st;
}

int hkz_dist_counters_add(hkz_dist_counters_t c, slong k, slong inc,
                          slong *old)
{
    int64_t v = inc, r = 0;
    int rc;

    HKZ_CHECK(c != NULL && k >= 0 && k < c->n && old != NULL, HKZ_ERR_ARG,
              "hkz_dist_counters_add: counter %ld not in [0, %ld)", (long) k,
              c != NULL ? (long) c->n : 0L);
    if (c->local != NULL)
    {
        *old = (slong) c->local[k];
        c->local[k] += v;
        return HKZ_SUCCESS;
    }
    if (c->shm != NULL)
    {
        *old = (slong) __atomic_fetch_add(c->shm + k, v, __ATOMIC_SEQ_CST);
        return HKZ_SUCCESS;
    }
    rc = MPI_Fetch_and_op(&v, &r, MPI_INT64_T, 0, (MPI_Aint) k, MPI_SUM,
                          c->win);
    if (rc == MPI_SUCCESS)
        rc = MPI_Win_flush(0, c->win);
    if (rc != MPI_SUCCESS)
        return _hkz_dist_mpi_error(rc, "hkz_dist_counters_add");
    *old = (slong) r;
    return HKZ_SUCCESS;
}

void hkz_dist_counters_clear(hkz_dist_counters_t *c)
{
    if (c == NULL || *c == NULL)
        return;
    if ((*c)->win != MPI_WIN_NULL)
    {
        (void) MPI_Win_unlock_all((*c)->win);
        (void) MPI_Win_free(&(*c)->win);
    }
    flint_free((*c)->local);
    flint_free(*c);
    *c = NULL;
}

int hkz_dist_exchange(hkz_dist_t d, char **in, size_t *in_len,
                      const char *out, const size_t *out_len)
{
    int *sc = NULL, *so = NULL, *rc_ = NULL, *ro = NULL, r, rc;
    int status = HKZ_SUCCESS;
    size_t tot = 0, stot = 0;
    char *buf = NULL;

    HKZ_CHECK(in != NULL && in_len != NULL && out_len != NULL, HKZ_ERR_ARG,
              "hkz_dist_exchange: NULL argument");
    *in = NULL;
    *in_len = 0;
    if (d == NULL)
        d = hkz_dist_world();
    if (SERIAL(d) || d->size == 1)
    {
        HKZ_CHECK(out != NULL || out_len[0] == 0, HKZ_ERR_ARG,
                  "hkz_dist_exchange: NULL bytes");
        *in = flint_malloc(out_len[0] + 1);
        if (out_len[0] > 0)
            memcpy(*in, out, out_len[0]);
        (*in)[out_len[0]] = '\0';
        *in_len = out_len[0];
        return HKZ_SUCCESS;
    }
    sc = flint_calloc((size_t) 4 * d->size, sizeof(int));
    so = sc + d->size;
    rc_ = so + d->size;
    ro = rc_ + d->size;
    for (r = 0; r < d->size; r++)
    {
        if (stot + out_len[r] >= (size_t) INT_MAX)
        {
            status = hkz_error_set(HKZ_ERR_TOO_LARGE, "hkz_dist_exchange: "
                                   "more than %d bytes to send", INT_MAX);
            break;
        }
        so[r] = (int) stot;
        sc[r] = (int) out_len[r];
        stot += out_len[r];
    }
    if (status == HKZ_SUCCESS && out == NULL && stot > 0)
        status = hkz_error_set(HKZ_ERR_ARG, "hkz_dist_exchange: NULL bytes");
    status = hkz_dist_agree(d, status);
    if (status != HKZ_SUCCESS)
        goto cleanup;
    rc = MPI_Alltoall(sc, 1, MPI_INT, rc_, 1, MPI_INT, d->comm);
    for (r = 0; r < d->size && rc == MPI_SUCCESS; r++)
    {
        ro[r] = (int) tot;
        tot += (size_t) rc_[r];
        if (tot >= (size_t) INT_MAX)
            status = HKZ_ERR_TOO_LARGE;
    }
    if (rc != MPI_SUCCESS)
        status = _hkz_dist_mpi_error(rc, "hkz_dist_exchange");
    else if (status != HKZ_SUCCESS)
        status = hkz_error_set(status, "hkz_dist_exchange: more than %d "
                               "bytes to receive", INT_MAX);
    status = hkz_dist_agree(d, status);
    if (status != HKZ_SUCCESS)
        goto cleanup;
    buf = flint_malloc(tot + 1);
    buf[tot] = '\0';
    rc = MPI_Alltoallv(out, sc, so, MPI_CHAR, buf, rc_, ro, MPI_CHAR,
                       d->comm);
    if (rc != MPI_SUCCESS)
        status = _hkz_dist_mpi_error(rc, "hkz_dist_exchange");
    status = hkz_dist_agree(d, status);
cleanup:
    flint_free(sc);
    if (status != HKZ_SUCCESS)
    {
        flint_free(buf);
        return status;
    }
    *in = buf;
    *in_len = tot;
    return HKZ_SUCCESS;
}
