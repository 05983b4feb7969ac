/* The communication of hkz_dist_engine_run, per chunk (calling thread
 * only).
 *
 * SPLIT_K, REDUCE_FIXED: stage 1 sends each owner its column slab of this
 * rank's partial and receives the other ranks' partials of its own slab;
 * stage 2 sums the N partials in rank order 0..N-1 and, for a replicated
 * output, sends the sum to every rank.  SPLIT_K with REDUCE_MPI uses
 * MPI_Iallreduce / MPI_Ireduce_scatter on a packed copy of the chunk.
 * SPLIT_P sends this rank's rows of the chunk to every rank (replicated
 * output only). */
#include <stdlib.h>
#include <string.h>
#include "dist_run.h"

/* vector type: ncols columns of nrows doubles, stride ld */
static int col_type(MPI_Datatype *t, size_t nrows, size_t ncols, size_t ld)
{
    int rc = MPI_Type_vector((int) ncols, (int) nrows, (int) ld, MPI_DOUBLE,
                             t);
    if (rc == MPI_SUCCESS)
        rc = MPI_Type_commit(t);
    return rc;
}

/* tags: 3 per chunk */
#define TAG(c, s) ((int) ((c) % 10000) * 3 + (s))

/* stage 1 of chunk c (its columns are final on this rank) */
int _hkz_dist_start_one(_hkz_dist_comm_t *X, _hkz_dist_chunk_t *ch,
                        size_t c)
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
int _hkz_dist_finish_one(_hkz_dist_comm_t *X, _hkz_dist_chunk_t *ch,
                         size_t c)
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
