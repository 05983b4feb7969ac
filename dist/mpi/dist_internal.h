/* dist_internal.h -- private state of the MPI implementation (dist/mpi). */
#ifndef HKZ_DIST_INTERNAL_H
#define HKZ_DIST_INTERNAL_H

#include <pthread.h>
#include "hkz/dist_mpi.h"
#include "dist_common.h"

/* progress counts travel on their own communicator with this tag */
#define HKZ_DIST_TAG_PROGRESS 7

struct hkz_dist_s
{
    MPI_Comm comm;      /* duplicate, MPI_ERRORS_RETURN; MPI_COMM_NULL for
                           the one-rank world before hkz_dist_init */
    MPI_Comm node;      /* shared-memory split */
    MPI_Comm pcomm;     /* progress messages */
    int rank, size, lrank, lsize, nnodes;
    int thread_level;   /* MPI_Query_thread */
    pthread_t owner;    /* the thread that created it: it alone calls MPI
                           from hkz_dist_progress */
    /* progress (hkz_dist_progress): guarded by pmu */
    pthread_mutex_t pmu;
    slong pmine;        /* this rank's latest count */
    slong psent;        /* value in flight (send buffer) */
    MPI_Request preq;   /* pending send, MPI_REQUEST_NULL if none */
    double plast;       /* time of the last send */
    long pnsent;        /* messages sent */
    slong *pknown;      /* rank 0: latest count of every rank */
    long *pnrecv;       /* rank 0: messages received from every rank */
    long *pgath;        /* rank 0: 2 size longs for the drain */
};

/* HKZ_ERR_MPI with MPI_Error_string, for an MPI return code rc. */
int _hkz_dist_mpi_error(int rc, const char *what);

#endif
