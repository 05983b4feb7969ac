/* Progress counts over MPI, never blocking: every rank but 0 sends its
 * count (MPI_Isend on a communicator of its own) at most every
 * HKZ_DIST_PROGRESS_PERIOD seconds and only when the previous send has
 * completed; rank 0 drains what has arrived (MPI_Iprobe) whenever it asks
 * for the total.  hkz_dist_progress_drain (collective; called by
 * hkz_dist_destroy and so by hkz_dist_finalize) receives every message
 * still in flight, completes the sends and gathers the last counts. */
#include "dist_internal.h"
#include "hkz_check.h"

#define SERIAL(d) ((d)->comm == MPI_COMM_NULL)

/* rank 0, lock held: receive everything that has arrived */
static int drain_arrived(hkz_dist_t d)
{
    for (;;)
    {
        int flag = 0, rc;
        MPI_Status st;
        long v;
        rc = MPI_Iprobe(MPI_ANY_SOURCE, HKZ_DIST_TAG_PROGRESS, d->pcomm,
                        &flag, &st);
        if (rc != MPI_SUCCESS)
            return _hkz_dist_mpi_error(rc, "hkz_dist_progress");
        if (!flag)
            return HKZ_SUCCESS;
        rc = MPI_Recv(&v, 1, MPI_LONG, st.MPI_SOURCE, HKZ_DIST_TAG_PROGRESS,
                      d->pcomm, MPI_STATUS_IGNORE);
        if (rc != MPI_SUCCESS)
            return _hkz_dist_mpi_error(rc, "hkz_dist_progress");
        d->pknown[st.MPI_SOURCE] = (slong) v;
        d->pnrecv[st.MPI_SOURCE]++;
    }
}

static slong total(hkz_dist_t d)
{
    slong t = d->pmine;
    int r;
    for (r = 1; r < d->size; r++)
        t += d->pknown[r];
    return t;
}

int hkz_dist_progress(hkz_dist_t d, slong mine_done, slong *all_done)
{
    int status = HKZ_SUCCESS, rc, flag;
    slong tot;
    if (d == NULL)
        d = hkz_dist_world();
    pthread_mutex_lock(&d->pmu);
    d->pmine = mine_done;
    tot = mine_done;
    if (SERIAL(d) || d->size == 1)
        goto done;
    if (d->rank == 0)
    {
        if (pthread_equal(pthread_self(), d->owner))
            status = drain_arrived(d);
        tot = total(d);
        goto done;
    }
    if (!pthread_equal(pthread_self(), d->owner))
        goto done;
    flag = 1;
    if (d->preq != MPI_REQUEST_NULL)
    {
        rc = MPI_Test(&d->preq, &flag, MPI_STATUS_IGNORE);
        if (rc != MPI_SUCCESS)
        {
            status = _hkz_dist_mpi_error(rc, "hkz_dist_progress");
            goto done;
        }
    }
    if (flag && (d->pnsent == 0 || mine_done != d->psent) &&
        hkz_dist_wtime() - d->plast >= HKZ_DIST_PROGRESS_PERIOD)
    {
        d->psent = mine_done;
        rc = MPI_Isend(&d->psent, 1, MPI_LONG, 0, HKZ_DIST_TAG_PROGRESS,
                       d->pcomm, &d->preq);
        if (rc != MPI_SUCCESS)
            status = _hkz_dist_mpi_error(rc, "hkz_dist_progress");
        else
        {
            d->pnsent++;
            d->plast = hkz_dist_wtime();
        }
    }
done:
    pthread_mutex_unlock(&d->pmu);
    if (all_done != NULL)
        *all_done = tot;
    return status;
}

int hkz_dist_progress_drain(hkz_dist_t d, slong *all_done)
{
    long *nsent, mine[2];
    int rc = MPI_SUCCESS, r, status = HKZ_SUCCESS;
    if (d == NULL)
        d = hkz_dist_world();
    if (SERIAL(d) || d->size == 1)
    {
        if (all_done != NULL)
            *all_done = d->pmine;
        return HKZ_SUCCESS;
    }
    pthread_mutex_lock(&d->pmu);
    mine[0] = d->pnsent;
    mine[1] = (long) d->pmine;
    nsent = d->pgath;
    rc = MPI_Gather(mine, 2, MPI_LONG, nsent, 2, MPI_LONG, 0, d->pcomm);
    if (rc == MPI_SUCCESS && d->rank == 0)
    {
        /* the sends still in flight: at most one per rank */
        for (r = 1; r < d->size && rc == MPI_SUCCESS; r++)
            while (d->pnrecv[r] < nsent[2 * r] && rc == MPI_SUCCESS)
            {
                long v;
                rc = MPI_Recv(&v, 1, MPI_LONG, r, HKZ_DIST_TAG_PROGRESS,
                              d->pcomm, MPI_STATUS_IGNORE);
                d->pnrecv[r]++;
            }
        for (r = 1; r < d->size; r++)
            d->pknown[r] = (slong) nsent[2 * r + 1];
    }
    else if (rc == MPI_SUCCESS && d->preq != MPI_REQUEST_NULL)
        rc = MPI_Wait(&d->preq, MPI_STATUS_IGNORE);
    if (rc != MPI_SUCCESS)
        status = _hkz_dist_mpi_error(rc, "hkz_dist_progress_drain");
    if (all_done != NULL)
        *all_done = d->rank == 0 ? total(d) : d->pmine;
    pthread_mutex_unlock(&d->pmu);
    return hkz_dist_agree(d, status);
}
