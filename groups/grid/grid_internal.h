/* grid_internal.h -- pieces shared by the files of groups/grid (not
 * installed). */
#ifndef HKZ_GRID_INTERNAL_H
#define HKZ_GRID_INTERNAL_H

#include "hkz/grid.h"
#include "hkz/engine.h"
#include "hkz/goal.h"
#include "hkz/status.h"
#include "hkz/checkpoint.h"
#include "hkz/dist.h"
#include "hkz/dist_ksum.h"

/* Upper bound (a double, +inf if not finite) of
 *   gauss != 0:  sum_{n>=1} n^a e^{-tau (n^2 - 1)}
 *   gauss == 0:  sum_{n>=1} n^a e^{-2 tau (n - 1)}
 * for tau > 0, a >= 1 (a unimodal summand: sum <= integral + max). */
double _hkz_grid_series_up(double tau, int a, int gauss);

/* |mid(x) - d| + rad(x) rounded up: how far the double d may be from the
 * exact value x. */
double _hkz_grid_dist_up(const arb_t x, double d);

/* The run's per-time data for the engine route. */
typedef struct
{
    slong T;
    double *t;      /* exact doubles used by the engine */
    double *dt;     /* bound on |t_exact - t| */
    double *tlo;    /* lower bound of every time between them (> 0) */
    double *thi;    /* upper bound likewise */
    int ok;         /* 0: no engine route (deriv, a time not a positive
                       double, product kind) */
} _hkz_grid_times_t;

int _hkz_grid_times_init(_hkz_grid_times_t *tm, const hkz_grid_heat_t g);
void _hkz_grid_times_clear(_hkz_grid_times_t *tm);

/* Computes the entries of points [p0, p0 + np) (one tile) into rows
 * (np T entries, point-major; values initialized by the caller): the
 * engine route where it meets the goal, else (scalar != 0) the scalar
 * route; scalar == 0 leaves those entries unset (split-K ranks other than
 * 0).  e may be NULL when tm->ok == 0. */
int _hkz_grid_tile(hkz_grid_entry_t *rows, const hkz_grid_heat_t g,
                   slong p0, slong np, const _hkz_grid_times_t *tm,
                   hkz_engine_t e, const hkz_goal_t *goal, int scalar);

/* The scalar route for one entry (point p, time j) under the Ziv loop:
 * status HKZ_SUCCESS / HKZ_ERR_PREC in the entry, errors returned. */
int _hkz_grid_scalar(hkz_grid_entry_t *row, const hkz_grid_heat_t g,
                     slong p, slong j, const hkz_goal_t *goal);

/* The state of a run (heat_run.c), shared with the block loop
 * (block.c). */
typedef struct
{
    const hkz_grid_heat_struct *g;
    const hkz_grid_opts_t *o;
    _hkz_grid_times_t *tm;
    hkz_engine_t e;
    hkz_goal_t goal;
    hkz_ckpt_t ck;            /* rank 0 only */
    slong *rec;               /* rank 0: record index of a finished tile */
    char *done;               /* every rank: tile finished (resume) */
    hkz_dist_t d;
    int rank, size;
    int splitk;               /* SPLIT_K: every rank takes part in every
                                 tile (mode chunks, hkz/dist_ksum.h); rank
                                 0 alone runs the scalar route */
    hkz_dist_ksum_t ks;       /* the engine hook's context */
    slong P, T, ntiles;
    hkz_grid_entry_t *rows;   /* rank 0: a block; others: one tile */
    slong nrows;
    slong off;                /* rows packed by this rank in the block
                                 (ranks > 0 with a local_sink) */
    slong mine;               /* entries this rank computed or resumed */
    hkz_grid_summary_t S;
} _hkz_grid_run_t;

/* One row block: tiles [t0, t1), collective over R->d. */
int _hkz_grid_block(_hkz_grid_run_t *R, slong t0, slong t1);

/* Checkpoint records of tiles: "tile <i> <flags>:<ball>;..." */
char *_hkz_grid_record(slong tile, const hkz_grid_entry_t *rows, slong n);
int _hkz_grid_record_load(hkz_grid_entry_t *rows, slong n, slong *tile,
                          const char *rec);

#endif
