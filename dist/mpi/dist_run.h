/* dist_run.h -- private pieces of hkz_dist_engine_run over MPI
 * (dist/mpi/dist_run*.c). */
#ifndef HKZ_DIST_RUN_H
#define HKZ_DIST_RUN_H

#include "dist_internal.h"
#include "hkz/engine.h"

enum { ST_WAIT = 0, ST_ONE, ST_TWO, ST_DONE };

/* one column chunk and the requests of its current stage */
typedef struct
{
    int stage;
    size_t t0, t1;
    MPI_Request *req;       /* up to 2 (N - 1) requests of the stage */
    int nreq;
    double *buf;            /* stage-1 receive buffers / packed chunk */
} _hkz_dist_chunk_t;

/* user-basis callback of a SPLIT_P rank: shift the point index */
typedef struct
{
    hkz_basis_fill_t fill;
    void *ctx;
    size_t p_off;
} _hkz_dist_fill_shift_t;

/* the computation of this rank (worker thread or calling thread) */
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
    _hkz_dist_fill_shift_t fs;
} _hkz_dist_worker_t;

/* the communication of this rank (calling thread only) */
typedef struct
{
    hkz_dist_t d;
    const hkz_dist_plan_t *pl;
    int mode, reduce;
    double *out;
    size_t P, T, ldo;
} _hkz_dist_comm_t;

/* dist_run_local.c: the local problem of this rank (rows or modes of the
 * plan) in W; chunk c computed into W's output; the worker thread. */
void _hkz_dist_run_local(_hkz_dist_worker_t *W, hkz_engine_t e, double *out,
        const hkz_engine_problem_t *pb, const hkz_dist_plan_t *plan,
        int N, int me);
int _hkz_dist_compute_chunk(_hkz_dist_worker_t *W, size_t c);
void *_hkz_dist_worker_main(void *W);

/* dist_run_comm.c: stage 1 of chunk c (its columns are final on this
 * rank); completion of stage 1 (sum, start of stage 2 or done).  MPI
 * return codes. */
int _hkz_dist_start_one(_hkz_dist_comm_t *X, _hkz_dist_chunk_t *ch,
        size_t c);
int _hkz_dist_finish_one(_hkz_dist_comm_t *X, _hkz_dist_chunk_t *ch,
        size_t c);

/* dist_run_bounds.c: the agreed column bounds red[0..T) from the local
 * errc, magc (red: 2 T doubles); err written in pb->err_layout.
 * Collective, also after a local failure (status: this rank's). */
int _hkz_dist_run_bounds(hkz_dist_t d, double *err, double *red,
        const double *errc, const double *magc,
        const hkz_engine_problem_t *pb, int shard, int status);

#endif
