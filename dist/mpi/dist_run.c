/* The engine over MPI ranks: split P / split K, chunked, the
 * communication of chunk c overlapping the computation of chunk c + 1.
 *
 * A worker thread runs the engine chunk by chunk (dist_run_local.c) and
 * posts each finished chunk on a hkz_signal; the calling thread, the only
 * one that calls MPI, waits for the signals while progressing the
 * requests of earlier chunks (dist_run_comm.c).  Without
 * MPI_THREAD_FUNNELED (or with overlap = 0) the chunks are computed in
 * the calling thread between the MPI progress calls.  The bounds are
 * agreed at the end (dist_run_bounds.c).
 *
 * The worker is a raw pthread on purpose, the one outside hkz_parallel_for
 * (src/parallel.c): it lives for the whole run beside the MPI thread and
 * itself fills the engine's FLINT pool; a pool worker would sit in a pool
 * that the engine's ranges also draw on, and the overlap must not depend
 * on a free worker (a busy pool would run the chunks in the MPI thread and
 * stall the communication). */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "dist_run.h"
#include "hkz_check.h"

/* fingerprint of everything that must agree across ranks */
#define NFP 14

static void fingerprint(long *fp, const hkz_engine_problem_t *pb,
                        const hkz_dist_opts_t *o, const hkz_dist_plan_t *pl)
{
    fp[0] = (long) pb->P; fp[1] = (long) pb->K; fp[2] = (long) pb->T;
    fp[3] = (long) pb->k_begin; fp[4] = pb->basis; fp[5] = pb->weights;
    fp[6] = (long) pb->cos_n; fp[7] = pb->err_layout;
    fp[8] = (long) (pb->ldo ? pb->ldo : pb->P); fp[9] = o->out_mode;
    fp[10] = o->reduce; fp[11] = pl != NULL ? pl->shard : -1;
    fp[12] = pl != NULL ? (long) pl->nchunks : -1;
    fp[13] = pl != NULL ? pl->nranks : -1;
}

static int check_same(hkz_dist_t d, const hkz_engine_problem_t *pb,
                      const hkz_dist_opts_t *o, const hkz_dist_plan_t *pl)
{
    long fp[2 * NFP], fpr[2 * NFP];
    int i, rc;
    fingerprint(fp, pb, o, pl);
    for (i = 0; i < NFP; i++)
        fp[NFP + i] = -fp[i];
    rc = MPI_Allreduce(fp, fpr, 2 * NFP, MPI_LONG, MPI_MIN, d->comm);
    if (rc != MPI_SUCCESS)
        return hkz_dist_agree(d, _hkz_dist_mpi_error(rc,
                                                     "hkz_dist_engine_run"));
    for (i = 0; i < NFP; i++)
        if (fpr[i] != -fpr[NFP + i])
            return hkz_error_set(HKZ_ERR_ARG, "hkz_dist_engine_run: ranks "
                    "disagree on the problem (field %d: %ld .. %ld)", i,
                    fpr[i], -fpr[NFP + i]);
    return HKZ_SUCCESS;
}

/* compute (worker thread, or here) and communicate (this thread) */
static int drive(hkz_dist_t d, _hkz_dist_worker_t *W, _hkz_dist_comm_t *X,
                 _hkz_dist_chunk_t *ch, int threaded)
{
    size_t c, nch = W->nch, next = 0, ndone = 0;
    int rc = MPI_SUCCESS, started = 0;
    pthread_t th;

    if (threaded && pthread_create(&th, NULL, _hkz_dist_worker_main, W) == 0)
        started = 1;
    while (ndone < nch && rc == MPI_SUCCESS)
    {
        int progress = 0;
        if (next < nch)
        {
            int ready;
            if (started)
                ready = hkz_signal_test(W->sig, next, 1);
            else
            {
                if (W->status == HKZ_SUCCESS)
                    W->status = _hkz_dist_compute_chunk(W, next);
                ready = 1;
            }
            if (ready)
            {
                /* chunks are exchanged even after a local failure, so
                 * that every rank issues the same operations */
                rc = _hkz_dist_start_one(X, &ch[next], next);
                ch[next].stage = ST_ONE;
                next++;
                progress = 1;
            }
        }
        for (c = 0; c < next && rc == MPI_SUCCESS; c++)
        {
            int flag = 1;
            if (ch[c].stage != ST_ONE && ch[c].stage != ST_TWO)
                continue;
            if (ch[c].nreq > 0)
                rc = MPI_Testall(ch[c].nreq, ch[c].req, &flag,
                                 MPI_STATUSES_IGNORE);
            if (rc != MPI_SUCCESS || !flag)
                continue;
            progress = 1;
            if (ch[c].stage == ST_ONE)
                rc = _hkz_dist_finish_one(X, &ch[c], c);
            else
                ch[c].stage = ST_DONE;
            if (ch[c].stage == ST_DONE)
                ndone++;
        }
        if (!progress && started)
        {
            struct timespec ts = {0, 20000};
            nanosleep(&ts, NULL);
        }
    }
    if (started)
    {
        pthread_join(th, NULL);
        if (W->status != HKZ_SUCCESS)
            hkz_error_set(W->status, "%s", W->msg);
    }
    if (rc != MPI_SUCCESS)
        return _hkz_dist_mpi_error(rc, "hkz_dist_engine_run");
    return W->status;
}

static void free_chunks(_hkz_dist_chunk_t *ch, size_t nch)
{
    size_t c;
    if (ch == NULL)
        return;
    for (c = 0; c < nch; c++)
    {
        free(ch[c].req);
        free(ch[c].buf);
    }
    free(ch);
}

int hkz_dist_engine_run(hkz_dist_t d, hkz_engine_t e, double *out,
                        double *err, const hkz_engine_problem_t *pb,
                        const hkz_dist_opts_t *opts,
                        const hkz_dist_plan_t *plan)
{
    static const char fn[] = "hkz_dist_engine_run";
    hkz_dist_opts_t o;
    hkz_dist_plan_t pl;
    _hkz_dist_worker_t W;
    _hkz_dist_comm_t X;
    _hkz_dist_chunk_t *ch = NULL;
    double *errc = NULL, *magc = NULL, *red = NULL;
    int status, N, me;
    size_t c, nch;

    if (d == NULL)
        d = hkz_dist_world();
    N = d->size;
    me = d->rank;
    memset(&W, 0, sizeof(W));
    if (opts != NULL)
        o = *opts;
    else
        hkz_dist_opts_init(&o);

    /* 1. local checks, then agreement on the status and on the sizes */
    status = _hkz_dist_run_check(e, out, pb, &o, plan, N, fn);
    if (d->comm == MPI_COMM_NULL)       /* one rank, no MPI: the engine */
        return status != HKZ_SUCCESS ? status
                                     : hkz_engine_run(e, out, err, pb);
    status = hkz_dist_agree(d, status);
    if (status != HKZ_SUCCESS)
        return status;
    if (plan == NULL)
    {
        HKZ_TRY(hkz_dist_plan(&pl, d, e, pb, &o));
        plan = &pl;
    }
    HKZ_TRY(check_same(d, pb, &o, plan));

    /* 2. the local problem and the buffers */
    nch = plan->nchunks;
    _hkz_dist_run_local(&W, e, out, pb, plan, N, me);
    errc = calloc(pb->T, sizeof(double));
    magc = calloc(pb->T, sizeof(double));
    red = malloc(2 * pb->T * sizeof(double));
    ch = calloc(nch, sizeof(_hkz_dist_chunk_t));
    if (errc == NULL || magc == NULL || red == NULL || ch == NULL)
        status = hkz_error_set(HKZ_ERR_NOMEM, "%s: out of memory", fn);
    W.errc = errc;
    W.magc = magc;
    for (c = 0; c < nch && status == HKZ_SUCCESS; c++)
    {
        size_t bufn = 0, s0, s1;
        hkz_engine_chunk_range(&ch[c].t0, &ch[c].t1, pb->T, nch, c);
        _hkz_dist_slab(&s0, &s1, ch[c].t1 - ch[c].t0, N, me);
        ch[c].req = malloc(2 * (size_t) N * sizeof(MPI_Request));
        if (plan->shard == HKZ_SHARD_SPLIT_K)
            bufn = o.reduce == HKZ_DIST_REDUCE_MPI
                   ? pb->P * (ch[c].t1 - ch[c].t0)
                   : pb->P * (s1 - s0) * (size_t) (N - 1);
        ch[c].buf = bufn ? malloc(bufn * sizeof(double)) : NULL;
        if (ch[c].req == NULL || (bufn && ch[c].buf == NULL))
            status = hkz_error_set(HKZ_ERR_NOMEM, "%s: out of memory", fn);
    }
    if (status == HKZ_SUCCESS)
        status = hkz_signal_create(&W.sig, nch + 1);
    /* a rank that cannot even allocate stops everybody before any
     * chunk exchange starts */
    status = hkz_dist_agree(d, status);
    if (status != HKZ_SUCCESS)
        goto cleanup;

    /* 3. compute and communicate */
    X.d = d; X.pl = plan; X.mode = o.out_mode; X.reduce = o.reduce;
    X.out = out; X.P = pb->P; X.T = pb->T;
    X.ldo = pb->ldo ? pb->ldo : pb->P;
    status = drive(d, &W, &X, ch, o.overlap && N > 1 &&
                   d->thread_level >= MPI_THREAD_FUNNELED);

    /* 4. bounds, agreed (every rank takes part, even after a failure) */
    status = _hkz_dist_run_bounds(d, err, red, errc, magc, pb, plan->shard,
                                  status);
cleanup:
    hkz_signal_destroy(&W.sig);
    free_chunks(ch, nch);
    free(errc); free(magc); free(red);
    return status;
}
