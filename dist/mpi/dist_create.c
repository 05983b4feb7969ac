/* MPI bootstrap: duplicate communicator, node-local layout, status
 * agreement, and the partitions shared by the planner and the driver. */
#include <stdlib.h>
#include "dist_internal.h"
#include "hkz_check.h"

int _hkz_dist_mpi_error(int rc, const char *what)
{
    char msg[MPI_MAX_ERROR_STRING];
    int len = 0;
    if (MPI_Error_string(rc, msg, &len) != MPI_SUCCESS)
        len = 0;
    msg[len] = '\0';
    return hkz_error_set(HKZ_ERR_MPI, "%s: %s", what, msg);
}

int _hkz_dist_agree(const hkz_dist_t d, int status, const char *fn)
{
    int all = status, rc;
    rc = MPI_Allreduce(&status, &all, 1, MPI_INT, MPI_MAX, d->comm);
    if (rc != MPI_SUCCESS)
        return _hkz_dist_mpi_error(rc, fn);
    if (all != HKZ_SUCCESS && status == HKZ_SUCCESS)
        hkz_error_set(all, "%s: failed on another rank (%s)", fn,
                      hkz_status_name(all));
    return all;
}

void _hkz_dist_rows(size_t *p0, size_t *p1, size_t P, int n, int r)
{
    size_t a = P * (size_t) r / (size_t) n, b = P * (size_t) (r + 1) / n;
    a = (a + HKZ_ENGINE_TALIGN - 1) / HKZ_ENGINE_TALIGN * HKZ_ENGINE_TALIGN;
    b = (b + HKZ_ENGINE_TALIGN - 1) / HKZ_ENGINE_TALIGN * HKZ_ENGINE_TALIGN;
    *p0 = a < P ? a : P;
    *p1 = r == n - 1 ? P : (b < P ? b : P);
}

void _hkz_dist_modes(size_t *k0, size_t *k1, size_t K, int n, int r)
{
    *k0 = K / (size_t) n * (size_t) r + K % (size_t) n * (size_t) r / n;
    *k1 = K / (size_t) n * (size_t) (r + 1) +
          K % (size_t) n * (size_t) (r + 1) / n;
}

void _hkz_dist_slab(size_t *s0, size_t *s1, size_t tc, int n, int o)
{
    _hkz_dist_modes(s0, s1, tc, n, o);
}

int hkz_dist_create(hkz_dist_t *d, MPI_Comm comm)
{
    int rc, init = 0, one;
    hkz_dist_t x;

    HKZ_CHECK(d != NULL, HKZ_ERR_ARG, "hkz_dist_create: NULL handle");
    *d = NULL;
    MPI_Initialized(&init);
    HKZ_CHECK(init, HKZ_ERR_MPI, "hkz_dist_create: MPI is not initialized");
    x = calloc(1, sizeof(struct hkz_dist_s));
    HKZ_CHECK(x != NULL, HKZ_ERR_NOMEM, "hkz_dist_create: out of memory");
    x->comm = MPI_COMM_NULL;
    x->node = MPI_COMM_NULL;
    rc = MPI_Comm_dup(comm, &x->comm);
    if (rc == MPI_SUCCESS)
        rc = MPI_Comm_set_errhandler(x->comm, MPI_ERRORS_RETURN);
    if (rc == MPI_SUCCESS)
        rc = MPI_Comm_rank(x->comm, &x->rank);
    if (rc == MPI_SUCCESS)
        rc = MPI_Comm_size(x->comm, &x->size);
    if (rc == MPI_SUCCESS)
        rc = MPI_Comm_split_type(x->comm, MPI_COMM_TYPE_SHARED, x->rank,
                                 MPI_INFO_NULL, &x->node);
    if (rc == MPI_SUCCESS)
        rc = MPI_Comm_rank(x->node, &x->lrank);
    if (rc == MPI_SUCCESS)
        rc = MPI_Comm_size(x->node, &x->lsize);
    one = x->lrank == 0;
    if (rc == MPI_SUCCESS)
        rc = MPI_Allreduce(&one, &x->nnodes, 1, MPI_INT, MPI_SUM, x->comm);
    if (rc == MPI_SUCCESS)
        rc = MPI_Query_thread(&x->thread_level);
    if (rc != MPI_SUCCESS)
    {
        hkz_dist_destroy(&x);
        return _hkz_dist_mpi_error(rc, "hkz_dist_create");
    }
    *d = x;
    return HKZ_SUCCESS;
}

void hkz_dist_destroy(hkz_dist_t *d)
{
    if (d == NULL || *d == NULL)
        return;
    if ((*d)->node != MPI_COMM_NULL)
        MPI_Comm_free(&(*d)->node);
    if ((*d)->comm != MPI_COMM_NULL)
        MPI_Comm_free(&(*d)->comm);
    free(*d);
    *d = NULL;
}

int hkz_dist_rank(const hkz_dist_t d) { return d->rank; }
int hkz_dist_size(const hkz_dist_t d) { return d->size; }
int hkz_dist_local_rank(const hkz_dist_t d) { return d->lrank; }
int hkz_dist_local_size(const hkz_dist_t d) { return d->lsize; }
int hkz_dist_num_nodes(const hkz_dist_t d) { return d->nnodes; }
MPI_Comm hkz_dist_comm(const hkz_dist_t d) { return d->comm; }

void hkz_dist_opts_init(hkz_dist_opts_t *o)
{
    o->out_mode = HKZ_DIST_OUT_REPLICATED;
    o->reduce = HKZ_DIST_REDUCE_FIXED;
    o->overlap = 1;
    o->nchunks = 0;
    o->flop_rate = 0.0;
    o->bandwidth = 0.0;
}
