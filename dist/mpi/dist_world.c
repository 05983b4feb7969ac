/* MPI bootstrap: the world, communicators created from an MPI_Comm
 * (duplicate, node-local layout), and their accessors. */
#include <stdlib.h>
#include <string.h>
#include "dist_internal.h"
#include "hkz_check.h"

/* the one-rank world before hkz_dist_init (no MPI call touches it) */
static struct hkz_dist_s one = {
    .comm = MPI_COMM_NULL, .node = MPI_COMM_NULL, .pcomm = MPI_COMM_NULL,
    .rank = 0, .size = 1, .lrank = 0, .lsize = 1, .nnodes = 1,
    .pmu = PTHREAD_MUTEX_INITIALIZER, .preq = MPI_REQUEST_NULL};
static hkz_dist_t world = NULL;
static int we_initialized = 0;

int _hkz_dist_mpi_error(int rc, const char *what)
{
    char msg[MPI_MAX_ERROR_STRING];
    int len = 0;
    if (MPI_Error_string(rc, msg, &len) != MPI_SUCCESS)
        len = 0;
    msg[len] = '\0';
    return hkz_error_set(HKZ_ERR_MPI, "%s: %s", what, msg);
}

int hkz_dist_init(int *argc, char ***argv)
{
    int init = 0, fin = 0, provided;
    if (world != NULL)
        return HKZ_SUCCESS;
    MPI_Finalized(&fin);
    HKZ_CHECK(!fin, HKZ_ERR_MPI, "hkz_dist_init: MPI is already finalized");
    MPI_Initialized(&init);
    if (!init)
    {
        /* the library's worker threads never call MPI */
        int rc = MPI_Init_thread(argc, argv, MPI_THREAD_FUNNELED, &provided);
        if (rc != MPI_SUCCESS)
            return _hkz_dist_mpi_error(rc, "hkz_dist_init: MPI_Init_thread");
        we_initialized = 1;
    }
    return hkz_dist_create(&world, MPI_COMM_WORLD);
}

void hkz_dist_finalize(void)
{
    int fin = 0;
    if (world != NULL)
    {
        hkz_dist_destroy(&world);
        world = NULL;
    }
    MPI_Finalized(&fin);
    if (we_initialized && !fin)
        MPI_Finalize();
    we_initialized = 0;
}

hkz_dist_t hkz_dist_world(void)
{
    return world != NULL ? world : &one;
}

int hkz_dist_create(hkz_dist_t *d, MPI_Comm comm)
{
    int rc, init = 0, one_node;
    hkz_dist_t x;

    HKZ_CHECK(d != NULL, HKZ_ERR_ARG, "hkz_dist_create: NULL handle");
    *d = NULL;
    MPI_Initialized(&init);
    HKZ_CHECK(init, HKZ_ERR_MPI, "hkz_dist_create: MPI is not initialized");
    x = calloc(1, sizeof(struct hkz_dist_s));
    HKZ_CHECK(x != NULL, HKZ_ERR_NOMEM, "hkz_dist_create: out of memory");
    x->comm = x->node = x->pcomm = MPI_COMM_NULL;
    x->preq = MPI_REQUEST_NULL;
    x->owner = pthread_self();
    pthread_mutex_init(&x->pmu, NULL);
    rc = MPI_Comm_dup(comm, &x->comm);
    if (rc == MPI_SUCCESS)
        rc = MPI_Comm_set_errhandler(x->comm, MPI_ERRORS_RETURN);
    if (rc == MPI_SUCCESS)
        rc = MPI_Comm_dup(x->comm, &x->pcomm);
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
    one_node = x->lrank == 0;
    if (rc == MPI_SUCCESS)
        rc = MPI_Allreduce(&one_node, &x->nnodes, 1, MPI_INT, MPI_SUM,
                           x->comm);
    if (rc == MPI_SUCCESS)
        rc = MPI_Query_thread(&x->thread_level);
    if (rc == MPI_SUCCESS && x->rank == 0)
    {
        x->pknown = calloc((size_t) x->size, sizeof(slong));
        x->pnrecv = calloc((size_t) x->size, sizeof(long));
        x->pgath = calloc(2 * (size_t) x->size, sizeof(long));
        if (x->pknown == NULL || x->pnrecv == NULL || x->pgath == NULL)
            rc = MPI_ERR_NO_MEM;
    }
    if (rc != MPI_SUCCESS)
    {
        rc = _hkz_dist_mpi_error(rc, "hkz_dist_create");
        hkz_dist_destroy(&x);
        return rc;
    }
    *d = x;
    return HKZ_SUCCESS;
}

void hkz_dist_destroy(hkz_dist_t *d)
{
    hkz_dist_t x;
    if (d == NULL || *d == NULL || *d == &one)
        return;
    x = *d;
    if (x->pcomm != MPI_COMM_NULL && x->comm != MPI_COMM_NULL)
    {
        /* the last counts: errors are of no use to anybody here */
        slong tot;
        if (hkz_dist_progress_drain(x, &tot) != HKZ_SUCCESS)
            tot = 0;
    }
    if (x->pcomm != MPI_COMM_NULL)
        MPI_Comm_free(&x->pcomm);
    if (x->node != MPI_COMM_NULL)
        MPI_Comm_free(&x->node);
    if (x->comm != MPI_COMM_NULL)
        MPI_Comm_free(&x->comm);
    pthread_mutex_destroy(&x->pmu);
    free(x->pknown);
    free(x->pnrecv);
    free(x->pgath);
    free(x);
    *d = NULL;
}

#define DIST_OR_WORLD(d) ((d) != NULL ? (d) : hkz_dist_world())

int hkz_dist_rank(const hkz_dist_t d) { return DIST_OR_WORLD(d)->rank; }
int hkz_dist_size(const hkz_dist_t d) { return DIST_OR_WORLD(d)->size; }
int hkz_dist_local_rank(const hkz_dist_t d) { return DIST_OR_WORLD(d)->lrank; }
int hkz_dist_local_size(const hkz_dist_t d) { return DIST_OR_WORLD(d)->lsize; }
int hkz_dist_num_nodes(const hkz_dist_t d) { return DIST_OR_WORLD(d)->nnodes; }
MPI_Comm hkz_dist_comm(const hkz_dist_t d) { return DIST_OR_WORLD(d)->comm; }
