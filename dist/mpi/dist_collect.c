/* Collectives of the world API over MPI: status agreement, gather and
 * allgather of variable-size records, broadcast, per-rank times. */
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include "dist_internal.h"
#include "hkz_check.h"

#define MSG_LEN 512

/* one rank without MPI (the world before hkz_dist_init) */
#define SERIAL(d) ((d)->comm == MPI_COMM_NULL)

int hkz_dist_agree(hkz_dist_t d, int status)
{
    int who, first, rc;
    struct { int status; char msg[MSG_LEN]; } m;

    if (d == NULL)
        d = hkz_dist_world();
    if (SERIAL(d))
        return status;
    who = status != HKZ_SUCCESS ? d->rank : d->size;
    rc = MPI_Allreduce(&who, &first, 1, MPI_INT, MPI_MIN, d->comm);
    if (rc != MPI_SUCCESS)
        return _hkz_dist_mpi_error(rc, "hkz_dist_agree");
    if (first >= d->size)
        return HKZ_SUCCESS;
    memset(&m, 0, sizeof(m));
    if (d->rank == first)
    {
        const char *e = hkz_errmsg();
        m.status = status;
        snprintf(m.msg, sizeof(m.msg), "%s",
                 e != NULL && e[0] != '\0' ? e : hkz_status_name(status));
    }
    rc = MPI_Bcast(&m, (int) sizeof(m), MPI_BYTE, first, d->comm);
    if (rc != MPI_SUCCESS)
        return _hkz_dist_mpi_error(rc, "hkz_dist_agree");
    m.msg[MSG_LEN - 1] = '\0';
    if (first == 0)
        hkz_error_set(m.status, "%s", m.msg);
    else
        hkz_error_set(m.status, "rank %d: %s", first, m.msg);
    return m.status;
}

int hkz_dist_gather(hkz_dist_t d, char **all, size_t *len, const char *mine,
                    size_t n)
{
    int *lens = NULL, *off = NULL, ln, r, rc = MPI_SUCCESS;
    int status = HKZ_SUCCESS;
    char *buf = NULL;

    HKZ_CHECK(all != NULL && len != NULL, HKZ_ERR_ARG,
              "hkz_dist_gather: NULL output");
    *all = NULL;
    *len = 0;
    if (d == NULL)
        d = hkz_dist_world();
    if (mine == NULL && n > 0)
        status = hkz_error_set(HKZ_ERR_ARG, "hkz_dist_gather: NULL records");
    else if (n >= (size_t) INT_MAX)
        status = hkz_error_set(HKZ_ERR_TOO_LARGE, "hkz_dist_gather: %zu "
                               "bytes exceed the MPI count limit", n);
    if (d->rank == 0 && status == HKZ_SUCCESS)
    {
        lens = flint_calloc((size_t) d->size, sizeof(int));
        off = flint_calloc((size_t) d->size, sizeof(int));
    }
    if (SERIAL(d))
    {
        if (status == HKZ_SUCCESS)
        {
            buf = flint_malloc(n + 1);
            if (n > 0)
                memcpy(buf, mine, n);
            buf[n] = '\0';
            *all = buf;
            *len = n;
        }
        flint_free(lens);
        flint_free(off);
        return status;
    }
    /* every rank takes part in every collective, failed or not */
    status = hkz_dist_agree(d, status);
    if (status != HKZ_SUCCESS)
        goto cleanup;
    ln = (int) n;
    rc = MPI_Gather(&ln, 1, MPI_INT, lens, 1, MPI_INT, 0, d->comm);
    if (rc != MPI_SUCCESS)
    {
        status = _hkz_dist_mpi_error(rc, "hkz_dist_gather");
        goto cleanup;
    }
    if (d->rank == 0)
    {
        size_t tot = 0;
        for (r = 0; r < d->size; r++)
        {
            off[r] = (int) tot;
            tot += (size_t) lens[r];
            if (tot >= (size_t) INT_MAX)
                break;
        }
        if (tot >= (size_t) INT_MAX)
            status = hkz_error_set(HKZ_ERR_TOO_LARGE, "hkz_dist_gather: "
                                   "more than %d bytes in all", INT_MAX);
        else
        {
            buf = flint_malloc(tot + 1);
            buf[tot] = '\0';
            *len = tot;
        }
    }
    status = hkz_dist_agree(d, status);
    if (status != HKZ_SUCCESS)
        goto cleanup;
    rc = MPI_Gatherv(mine, ln, MPI_CHAR, buf, lens, off, MPI_CHAR, 0,
                     d->comm);
    if (rc != MPI_SUCCESS)
        status = _hkz_dist_mpi_error(rc, "hkz_dist_gather");
    status = hkz_dist_agree(d, status);
cleanup:
    flint_free(lens);
    flint_free(off);
    if (status != HKZ_SUCCESS)
    {
        flint_free(buf);
        *len = 0;
        return status;
    }
    *all = buf;
    return HKZ_SUCCESS;
}

int hkz_dist_allgather(hkz_dist_t d, char **all, size_t *len,
                       const char *mine, size_t n)
{
    int *lens = NULL, *off = NULL, ln, r, rc;
    int status = HKZ_SUCCESS;
    size_t tot = 0;
    char *buf = NULL;

    HKZ_CHECK(all != NULL && len != NULL, HKZ_ERR_ARG,
              "hkz_dist_allgather: NULL output");
    *all = NULL;
    *len = 0;
    if (d == NULL)
        d = hkz_dist_world();
    if (SERIAL(d))
        return hkz_dist_gather(d, all, len, mine, n);
    if (mine == NULL && n > 0)
        status = hkz_error_set(HKZ_ERR_ARG, "hkz_dist_allgather: NULL "
                               "records");
    else if (n >= (size_t) INT_MAX)
        status = hkz_error_set(HKZ_ERR_TOO_LARGE, "hkz_dist_allgather: %zu "
                               "bytes exceed the MPI count limit", n);
    status = hkz_dist_agree(d, status);
    if (status != HKZ_SUCCESS)
        return status;
    lens = flint_calloc((size_t) d->size, sizeof(int));
    off = flint_calloc((size_t) d->size, sizeof(int));
    ln = (int) n;
    rc = MPI_Allgather(&ln, 1, MPI_INT, lens, 1, MPI_INT, d->comm);
    if (rc != MPI_SUCCESS)
    {
        status = _hkz_dist_mpi_error(rc, "hkz_dist_allgather");
        goto cleanup;
    }
    for (r = 0; r < d->size && tot < (size_t) INT_MAX; r++)
    {
        off[r] = (int) tot;
        tot += (size_t) lens[r];
    }
    /* the same decision on every rank: the same lengths everywhere */
    if (tot >= (size_t) INT_MAX)
    {
        status = hkz_error_set(HKZ_ERR_TOO_LARGE, "hkz_dist_allgather: more "
                               "than %d bytes in all", INT_MAX);
        goto cleanup;
    }
    buf = flint_malloc(tot + 1);
    buf[tot] = '\0';
    rc = MPI_Allgatherv(mine, ln, MPI_CHAR, buf, lens, off, MPI_CHAR,
                        d->comm);
    if (rc != MPI_SUCCESS)
        status = _hkz_dist_mpi_error(rc, "hkz_dist_allgather");
    status = hkz_dist_agree(d, status);
cleanup:
    flint_free(lens);
    flint_free(off);
    if (status != HKZ_SUCCESS)
    {
        flint_free(buf);
        return status;
    }
    *all = buf;
    *len = tot;
    return HKZ_SUCCESS;
}

int hkz_dist_bcast(hkz_dist_t d, void *buf, size_t n, int root)
{
    size_t done = 0;
    if (d == NULL)
        d = hkz_dist_world();
    HKZ_CHECK(root >= 0 && root < d->size, HKZ_ERR_ARG, "hkz_dist_bcast: "
              "root %d not in [0, %d)", root, d->size);
    HKZ_CHECK(buf != NULL || n == 0, HKZ_ERR_ARG, "hkz_dist_bcast: NULL "
              "buffer");
    if (SERIAL(d))
        return HKZ_SUCCESS;
    while (done < n)
    {
        size_t m = n - done < (1u << 30) ? n - done : (1u << 30);
        int rc = MPI_Bcast((char *) buf + done, (int) m, MPI_BYTE, root,
                           d->comm);
        if (rc != MPI_SUCCESS)
            return _hkz_dist_mpi_error(rc, "hkz_dist_bcast");
        done += m;
    }
    return HKZ_SUCCESS;
}

int hkz_dist_times(hkz_dist_t d, double mine, double *all)
{
    int rc, status = HKZ_SUCCESS;
    if (d == NULL)
        d = hkz_dist_world();
    if (d->rank == 0 && all == NULL)
        status = hkz_error_set(HKZ_ERR_ARG, "hkz_dist_times: NULL output "
                               "on rank 0");
    if (SERIAL(d))
    {
        if (status == HKZ_SUCCESS)
            all[0] = mine;
        return status;
    }
    status = hkz_dist_agree(d, status);
    if (status != HKZ_SUCCESS)
        return status;
    rc = MPI_Gather(&mine, 1, MPI_DOUBLE, all, 1, MPI_DOUBLE, 0, d->comm);
    if (rc != MPI_SUCCESS)
        return _hkz_dist_mpi_error(rc, "hkz_dist_times");
    return HKZ_SUCCESS;
}
