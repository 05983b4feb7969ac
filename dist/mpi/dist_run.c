/* The engine over MPI ranks: split P / split K, chunked, the
 * communication of chunk c overlapping the computation of chunk c + 1.
 *
 * A worker thread runs the engine chunk by chunk (columns [t0, t1) of
 * hkz_engine_chunk_range, sub-problems with the same bits as one run) and
 * posts each finished chunk on a hkz_signal; the calling thread, the only
 * one that calls MPI, waits for the signals while progressing the
 * requests of earlier chunks.  Without MPI_THREAD_FUNNELED (or with
 * overlap = 0) the chunks are computed in the calling thread between the
 * MPI progress calls.
 *
 * Per chunk (SPLIT_K, REDUCE_FIXED): stage 1 sends each owner its column
 * slab of this rank's partial and receives the other ranks' partials of
 * its own slab; stage 2 sums the N partials in rank order 0..N-1 and, for
 * a replicated output, sends the sum to every rank.  SPLIT_K with
 * REDUCE_MPI uses MPI_Iallreduce / MPI_Ireduce_scatter on a packed copy
 * of the chunk.  SPLIT_P sends this rank's rows of the chunk to every
 * rank (replicated output only).
 *
 * Error bound of SPLIT_K: fl(sum_r S~_r) with any order of the N - 1
 * additions differs from sum_r S~_r by at most gamma_{N-1} sum_r |S~_r|,
 * and |S~_r| <= mag_r + err_r (hkz_engine_run_mag), so
 *   err = sum_r err_r + gamma_{N-1} sum_r (mag_r + err_r) + N 2^-1020;
 * the sums over ranks are MPI_SUM in double (N - 1 roundings of
 * non-negative numbers: exact <= computed (1 + 2 gamma_{N-1})). */
#include <limits.h>
#include <stdio.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "dist_internal.h"
#include "hkz/flint_compat.h"
#include "hkz_check.h"

enum { ST_WAIT = 0, ST_ONE, ST_TWO, ST_DONE };

typedef struct
{
    int stage;
    size_t t0, t1;
    MPI_Request *req;       /* up to 2 (N - 1) requests of the stage */
    int nreq;
    double *buf;            /* stage-1 receive buffers / packed chunk */
} chunk_t;

typedef struct
{
    hkz_engine_t e;
    hkz_engine_problem_t loc;   /* local problem, all T columns */
    int empty;                  /* nothing to compute on this rank */
    double *out;                /* local output (rows p0.. or all rows) */
    double *errc, *magc;        /* per-column err / mag of the local run */
    size_t ldo, P_out, nch;     /* P_out: rows to zero when empty */
    hkz_signal_t sig;
    int status;
    char msg[400];              /* the worker thread's error message */
} worker_t;

/* user-basis callback of a SPLIT_P rank: shift the point index */
typedef struct
{
    hkz_basis_fill_t fill;
    void *ctx;
    size_t p_off;
} fill_shift_t;

static int fill_shift(double *blk, size_t ld, size_t p0, size_t np,
                      size_t k0, size_t nk, void *ctx)
{
    const fill_shift_t *f = ctx;
    return f->fill(blk, ld, p0 + f->p_off, np, k0, nk, f->ctx);
}

static int compute_chunk(worker_t *W, size_t c)
{
    size_t t0, t1, i, j;
    hkz_engine_problem_t sub;

    hkz_engine_chunk_range(&t0, &t1, W->loc.T, W->nch, c);
    if (t0 == t1)
        return HKZ_SUCCESS;
    if (W->empty)
    {
        /* a SPLIT_K rank without modes contributes a zero partial */
        for (j = t0; j < t1; j++)
        {
            for (i = 0; i < W->P_out; i++)
                W->out[i + j * W->ldo] = 0.0;
            W->errc[j] = 0.0;
            W->magc[j] = 0.0;
        }
        return HKZ_SUCCESS;
    }
    sub = W->loc;
    sub.T = t1 - t0;
    if (sub.weights == HKZ_WEIGHTS_GIVEN)
        sub.C = W->loc.C + t0 * W->loc.ldc;
    else
        sub.times = W->loc.times + t0;
    return hkz_engine_run_mag(W->e, W->out + t0 * W->ldo, W->errc + t0,
                              W->magc + t0, &sub);
}

static void *worker_main(void *p)
{
    worker_t *W = p;
    size_t c;
    for (c = 0; c < W->nch; c++)
    {
        if (W->status == HKZ_SUCCESS)
        {
            W->status = compute_chunk(W, c);
            if (W->status != HKZ_SUCCESS)   /* messages are per thread */
                snprintf(W->msg, sizeof(W->msg), "%s", hkz_errmsg());
        }
        hkz_signal_post(W->sig, c, 1);
    }
    hkz_signal_post(W->sig, W->nch, 1);
    return NULL;
}

/* vector type: ncols columns of nrows doubles, stride ld */
static int col_type(MPI_Datatype *t, size_t nrows, size_t ncols, size_t ld)
{
    int rc = MPI_Type_vector((int) ncols, (int) nrows, (int) ld, MPI_DOUBLE,
                             t);
    if (rc == MPI_SUCCESS)
        rc = MPI_Type_commit(t);
    return rc;
}

typedef struct
{
    hkz_dist_t d;
    const hkz_dist_plan_t *pl;
    int mode, reduce;
    double *out;
    size_t P, T, ldo;
} comm_t;

/* tags: 3 per chunk */
#define TAG(c, s) ((int) ((c) % 10000) * 3 + (s))

/* stage 1 of chunk c (its columns are final on this rank) */
static int start_one(comm_t *X, chunk_t *ch, size_t c)
{
    const int N = X->d->size, me = X->d->rank;
    const size_t tc = ch->t1 - ch->t0, P = X->P;
    int q, rc = MPI_SUCCESS;
    MPI_Datatype ty;

    ch->nreq = 0;
    if (X->pl->shard == HKZ_SHARD_SPLIT_P)
    {
        size_t a, b;
        if (X->mode == HKZ_DIST_OUT_SHARDED)
            return MPI_SUCCESS;
        _hkz_dist_rows(&a, &b, P, N, me);
        for (q = 0; q < N && rc == MPI_SUCCESS; q++)
        {
            size_t qa, qb;
            if (q == me)
                continue;
            _hkz_dist_rows(&qa, &qb, P, N, q);
            if (a < b)
            {
                rc = col_type(&ty, b - a, tc, X->ldo);
                if (rc == MPI_SUCCESS)
                    rc = MPI_Isend(X->out + a + ch->t0 * X->ldo, 1, ty, q,
                                   TAG(c, 0), X->d->comm,
                                   &ch->req[ch->nreq++]);
                MPI_Type_free(&ty);
            }
            if (qa < qb && rc == MPI_SUCCESS)
            {
                rc = col_type(&ty, qb - qa, tc, X->ldo);
                if (rc == MPI_SUCCESS)
                    rc = MPI_Irecv(X->out + qa + ch->t0 * X->ldo, 1, ty, q,
                                   TAG(c, 0), X->d->comm,
                                   &ch->req[ch->nreq++]);
                MPI_Type_free(&ty);
            }
        }
        return rc;
    }
    if (X->reduce == HKZ_DIST_REDUCE_MPI)
    {
        size_t j, s0, s1;
        double *buf = ch->buf;
        for (j = 0; j < tc; j++)
            memcpy(buf + j * P, X->out + (ch->t0 + j) * X->ldo,
                   P * sizeof(double));
        if (X->mode == HKZ_DIST_OUT_REPLICATED)
            return MPI_Iallreduce(MPI_IN_PLACE, buf, (int) (P * tc),
                                  MPI_DOUBLE, MPI_SUM, X->d->comm,
                                  &ch->req[ch->nreq++]);
        {
            int *counts = malloc((size_t) N * sizeof(int));
            if (counts == NULL)
                return MPI_ERR_NO_MEM;
            for (q = 0; q < N; q++)
            {
                _hkz_dist_slab(&s0, &s1, tc, N, q);
                counts[q] = (int) (P * (s1 - s0));
            }
            _hkz_dist_slab(&s0, &s1, tc, N, me);
            rc = MPI_Ireduce_scatter(MPI_IN_PLACE, buf, counts, MPI_DOUBLE,
                                     MPI_SUM, X->d->comm,
                                     &ch->req[ch->nreq++]);
            free(counts);
            return rc;
        }
    }
    /* REDUCE_FIXED: partial slabs to their owners */
    {
        size_t s0, s1, m0, m1, slot = 0;
        _hkz_dist_slab(&m0, &m1, tc, N, me);
        for (q = 0; q < N && rc == MPI_SUCCESS; q++)
        {
            if (q == me)
                continue;
            _hkz_dist_slab(&s0, &s1, tc, N, q);
            if (s0 < s1)
            {
                rc = col_type(&ty, P, s1 - s0, X->ldo);
                if (rc == MPI_SUCCESS)
                    rc = MPI_Isend(X->out + (ch->t0 + s0) * X->ldo, 1, ty, q,
                                   TAG(c, 1), X->d->comm,
                                   &ch->req[ch->nreq++]);
                MPI_Type_free(&ty);
            }
            if (m0 < m1 && rc == MPI_SUCCESS)
                rc = MPI_Irecv(ch->buf + slot * P * (m1 - m0),
                               (int) (P * (m1 - m0)), MPI_DOUBLE, q,
                               TAG(c, 1), X->d->comm, &ch->req[ch->nreq++]);
            slot++;
        }
    }
    return rc;
}

/* stage 1 of chunk c done: finish (SPLIT_P, REDUCE_MPI) or sum and start
 * stage 2 (REDUCE_FIXED).  Returns with ch->stage updated. */
static int finish_one(comm_t *X, chunk_t *ch, size_t c)
{
    const int N = X->d->size, me = X->d->rank;
    const size_t tc = ch->t1 - ch->t0, P = X->P;
    size_t s0, s1, i, j;
    int q, rc = MPI_SUCCESS;

    ch->nreq = 0;
    if (X->pl->shard == HKZ_SHARD_SPLIT_P)
    {
        ch->stage = ST_DONE;
        return MPI_SUCCESS;
    }
    _hkz_dist_slab(&s0, &s1, tc, N, me);
    if (X->reduce == HKZ_DIST_REDUCE_MPI)
    {
        if (X->mode == HKZ_DIST_OUT_REPLICATED)
            for (j = 0; j < tc; j++)
                memcpy(X->out + (ch->t0 + j) * X->ldo, ch->buf + j * P,
                       P * sizeof(double));
        else
            for (j = s0; j < s1; j++)
                memcpy(X->out + (ch->t0 + j) * X->ldo,
                       ch->buf + (j - s0) * P, P * sizeof(double));
        ch->stage = ST_DONE;
        return MPI_SUCCESS;
    }
    /* the fixed order: ((p_0 + p_1) + p_2) + ... whoever owns the slab */
    for (j = s0; j < s1; j++)
    {
        double *o = X->out + (ch->t0 + j) * X->ldo;
        for (i = 0; i < P; i++)
        {
            double s = 0.0;
            size_t slot = 0;
            for (q = 0; q < N; q++)
            {
                double v;
                if (q == me)
                    v = o[i];
                else
                    v = ch->buf[slot++ * P * (s1 - s0) + (j - s0) * P + i];
                s = q == 0 ? v : s + v;
            }
            o[i] = s;
        }
    }
    if (X->mode == HKZ_DIST_OUT_SHARDED)
    {
        ch->stage = ST_DONE;
        return MPI_SUCCESS;
    }
    for (q = 0; q < N && rc == MPI_SUCCESS; q++)
    {
        size_t a, b;
        MPI_Datatype ty;
        if (q == me)
            continue;
        _hkz_dist_slab(&a, &b, tc, N, q);
        if (s0 < s1)
        {
            rc = col_type(&ty, P, s1 - s0, X->ldo);
            if (rc == MPI_SUCCESS)
                rc = MPI_Isend(X->out + (ch->t0 + s0) * X->ldo, 1, ty, q,
                               TAG(c, 2), X->d->comm, &ch->req[ch->nreq++]);
            MPI_Type_free(&ty);
        }
        if (a < b && rc == MPI_SUCCESS)
        {
            rc = col_type(&ty, P, b - a, X->ldo);
            if (rc == MPI_SUCCESS)
                rc = MPI_Irecv(X->out + (ch->t0 + a) * X->ldo, 1, ty, q,
                               TAG(c, 2), X->d->comm, &ch->req[ch->nreq++]);
            MPI_Type_free(&ty);
        }
    }
    ch->stage = ST_TWO;
    return rc;
}

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

int hkz_dist_engine_run(hkz_dist_t d, hkz_engine_t e, double *out,
                        double *err, const hkz_engine_problem_t *pb,
                        const hkz_dist_opts_t *opts,
                        const hkz_dist_plan_t *plan)
{
    static const char fn[] = "hkz_dist_engine_run";
    hkz_dist_opts_t o;
    hkz_dist_plan_t pl;
    worker_t W;
    comm_t X;
    fill_shift_t fs;
    chunk_t *ch = NULL;
    double *errc = NULL, *magc = NULL, *red = NULL;
    long fp[2 * NFP], fpr[2 * NFP];
    int status = HKZ_SUCCESS, rc = MPI_SUCCESS, threaded, started = 0, i;
    int N, me, have_plan;
    size_t c, nch, ldo, next = 0, ndone = 0, j, p, p0 = 0, p1 = 0;
    pthread_t th;

    HKZ_CHECK(d != NULL, HKZ_ERR_ARG, "%s: NULL dist handle", fn);
    N = d->size;
    me = d->rank;
    memset(&W, 0, sizeof(W));
    if (opts != NULL)
        o = *opts;
    else
        hkz_dist_opts_init(&o);

    /* 1. local checks, then agreement on the status and on the sizes */
    if (e == NULL || out == NULL)
        status = hkz_error_set(HKZ_ERR_ARG, "%s: NULL engine or output", fn);
    else
        status = hkz_engine_problem_check(pb);
    if (status == HKZ_SUCCESS &&
        (o.out_mode < 0 || o.out_mode > 1 || o.reduce < 0 || o.reduce > 1))
        status = hkz_error_set(HKZ_ERR_ARG, "%s: bad out_mode / reduce", fn);
    if (status == HKZ_SUCCESS && (pb->P * pb->T > INT_MAX))
        status = hkz_error_set(HKZ_ERR_ARG, "%s: P T = %zu exceeds the MPI "
                               "count limit", fn, pb->P * pb->T);
    if (status == HKZ_SUCCESS && plan != NULL &&
        (plan->nranks != N || plan->nchunks < 1 ||
         (plan->shard != HKZ_SHARD_SPLIT_P && plan->shard != HKZ_SHARD_SPLIT_K)))
        status = hkz_error_set(HKZ_ERR_ARG, "%s: the plan is not for this "
                               "communicator", fn);
    status = _hkz_dist_agree(d, status, fn);
    if (status != HKZ_SUCCESS)
        return status;
    have_plan = plan != NULL;
    if (!have_plan)
    {
        HKZ_TRY(hkz_dist_plan(&pl, d, e, pb, &o));
        plan = &pl;
    }
    fingerprint(fp, pb, &o, plan);
    for (i = 0; i < NFP; i++)
        fp[NFP + i] = -fp[i];
    rc = MPI_Allreduce(fp, fpr, 2 * NFP, MPI_LONG, MPI_MIN, d->comm);
    if (rc != MPI_SUCCESS)
        return _hkz_dist_agree(d, _hkz_dist_mpi_error(rc, fn), fn);
    for (i = 0; i < NFP; i++)
        if (fpr[i] != -fpr[NFP + i])
            return hkz_error_set(HKZ_ERR_ARG, "%s: ranks disagree on the "
                    "problem (field %d: %ld .. %ld)", fn, i, fpr[i],
                    -fpr[NFP + i]);

    /* 2. the local problem */
    ldo = pb->ldo ? pb->ldo : pb->P;
    nch = plan->nchunks;
    W.e = e;
    W.loc = *pb;
    W.loc.ready = NULL;
    W.loc.err_layout = HKZ_ERR_PER_COLUMN;
    W.ldo = ldo;
    W.nch = nch;
    W.out = out;
    if (plan->shard == HKZ_SHARD_SPLIT_P)
    {
        _hkz_dist_rows(&p0, &p1, pb->P, N, me);
        W.empty = p0 == p1;
        W.loc.P = p1 - p0;
        W.loc.ldo = ldo;
        W.out = out + p0;
        if (pb->x != NULL)
            W.loc.x = pb->x + p0;
        if (pb->basis == HKZ_BASIS_USER)
        {
            fs.fill = pb->fill;
            fs.ctx = pb->fill_ctx;
            fs.p_off = p0;
            W.loc.fill = fill_shift;
            W.loc.fill_ctx = &fs;
        }
    }
    else
    {
        size_t k0, k1;
        _hkz_dist_modes(&k0, &k1, pb->K, N, me);
        W.empty = k0 == k1;
        W.loc.K = k1 - k0;
        W.loc.k_begin = pb->k_begin + k0;
        W.loc.ldo = ldo;
        W.P_out = pb->P;
        if (pb->weights == HKZ_WEIGHTS_GIVEN)
            W.loc.C = pb->C + k0;
        if (pb->basis == HKZ_BASIS_USER)
        {
            W.loc.user_bmax = pb->user_bmax + k0;
            if (pb->user_berr != NULL)
                W.loc.user_berr = pb->user_berr + k0;
        }
    }
    errc = calloc(pb->T, sizeof(double));
    magc = calloc(pb->T, sizeof(double));
    red = malloc(2 * pb->T * sizeof(double));
    ch = calloc(nch, sizeof(chunk_t));
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
    status = _hkz_dist_agree(d, status, fn);
    if (status != HKZ_SUCCESS)
        goto cleanup;

    /* 3. compute (worker) and communicate (this thread) */
    X.d = d; X.pl = plan; X.mode = o.out_mode; X.reduce = o.reduce;
    X.out = out; X.P = pb->P; X.T = pb->T; X.ldo = ldo;
    threaded = o.overlap && N > 1 && d->thread_level >= MPI_THREAD_FUNNELED;
    if (threaded && pthread_create(&th, NULL, worker_main, &W) == 0)
        started = 1;
    while (ndone < nch && rc == MPI_SUCCESS)
    {
        int progress = 0;
        if (next < nch)
        {
            int ready;
            if (started)
                ready = hkz_signal_test(W.sig, next, 1);
            else
            {
                if (W.status == HKZ_SUCCESS)
                    W.status = compute_chunk(&W, next);
                ready = 1;
            }
            if (ready)
            {
                /* chunks are exchanged even after a local failure, so
                 * that every rank issues the same operations */
                rc = start_one(&X, &ch[next], next);
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
                rc = finish_one(&X, &ch[c], c);
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
        if (W.status != HKZ_SUCCESS)
            hkz_error_set(W.status, "%s", W.msg);
    }
    if (rc != MPI_SUCCESS)
        status = _hkz_dist_mpi_error(rc, fn);
    else
        status = W.status;

    /* 4. bounds: agree on them (every rank takes part, even after a
     * failure) */
    if (plan->shard == HKZ_SHARD_SPLIT_K)
    {
        memcpy(red, errc, pb->T * sizeof(double));
        memcpy(red + pb->T, magc, pb->T * sizeof(double));
        rc = MPI_Allreduce(MPI_IN_PLACE, red, (int) (2 * pb->T), MPI_DOUBLE,
                           MPI_SUM, d->comm);
    }
    else
    {
        memcpy(red, errc, pb->T * sizeof(double));
        rc = MPI_Allreduce(MPI_IN_PLACE, red, (int) pb->T, MPI_DOUBLE,
                           MPI_MAX, d->comm);
    }
    if (rc != MPI_SUCCESS && status == HKZ_SUCCESS)
        status = _hkz_dist_mpi_error(rc, fn);
    status = _hkz_dist_agree(d, status, fn);
    if (status != HKZ_SUCCESS)
        goto cleanup;
    if (plan->shard == HKZ_SHARD_SPLIT_K && N > 1)
    {
        mag_t g, s, m, f;
        mag_init(g); mag_init(s); mag_init(m); mag_init(f);
        /* gamma_{N-1} <= (N-1) u (1 + 2^-12); sums inflated by
         * 1 + 2 gamma_{N-1} */
        mag_set_ui(g, (ulong) (N - 1));
        mag_mul_2exp_si(g, g, -53);
        mag_set_ui_2exp_si(f, 4097, -12);
        mag_mul(g, g, f);
        mag_mul_2exp_si(f, g, 1);
        mag_one(m);
        mag_add(f, f, m);
        for (j = 0; j < pb->T; j++)
        {
            arf_t ub;
            mag_set_d(s, red[j]);
            mag_mul(s, s, f);                      /* sum err_r */
            mag_set_d(m, red[pb->T + j]);
            mag_mul(m, m, f);                      /* sum mag_r */
            mag_add(m, m, s);
            mag_mul(m, m, g);
            mag_add(s, s, m);
            /* N - 1 additions, each off by 2^-1022 at most if subnormals
             * are flushed */
            mag_set_ui_2exp_si(m, (ulong) N, -1020);
            mag_add(s, s, m);
            arf_init_set_mag_shallow(ub, s);
            red[j] = mag_is_inf(s) ? INFINITY : arf_get_d(ub, ARF_RND_UP);
        }
        mag_clear(g); mag_clear(s); mag_clear(m); mag_clear(f);
    }
    if (err != NULL)
    {
        if (pb->err_layout == HKZ_ERR_PER_COLUMN)
            memcpy(err, red, pb->T * sizeof(double));
        else
            for (j = 0; j < pb->T; j++)
                for (p = 0; p < pb->P; p++)
                    err[p + j * ldo] = red[j];
    }
cleanup:
    hkz_signal_destroy(&W.sig);
    if (ch != NULL)
        for (c = 0; c < nch; c++)
        {
            free(ch[c].req);
            free(ch[c].buf);
        }
    free(ch); free(errc); free(magc); free(red);
    return status;
}
