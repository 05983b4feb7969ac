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
#include "hkz/su2.h"

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
    hkz_su2_sub_wcache_t sub_w;  /* SU2_SUB: Arb weights of the batched
                                    fallback (scalar.c), else NULL */
    hkz_su2_sub_fix_t sub_fix[2];  /* SU2_SUB, d = 0: the fixed-point
                                    tier at 8 and 16 digits (sub_fix.c;
                                    heat_run.c decides), else NULL */
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

/* _hkz_grid_tile in two steps (block.c overlaps them on a GPU): the
 * engine route of the tile, which lists in idx (np T slots; *nsc of them)
 * the entries i T + j it leaves to the scalar route, then that route for
 * them (idx is overwritten). */
int _hkz_grid_tile_engine(hkz_grid_entry_t *rows, slong *idx, slong *nsc,
        const hkz_grid_heat_t g, slong p0, slong np,
        const _hkz_grid_times_t *tm, hkz_engine_t e,
        const hkz_goal_t *goal);
int _hkz_grid_tile_rest(hkz_grid_entry_t *rows, slong *idx, slong nsc,
        const hkz_grid_heat_t g, slong p0, const _hkz_grid_times_t *tm,
        hkz_engine_t e, const hkz_goal_t *goal);

/* The fixed-point tier of an su2-sub tile (sub_fix.c): the entries
 * idx[0..*n) (i T + j, increasing) by hkz_su2_sub_fix_eval of f; those
 * whose ball meets the goal are set (tier2 = 1), the others stay in idx
 * (*n lowered). */
int _hkz_grid_sub_fix(hkz_grid_entry_t *rows, slong *idx, slong *n,
                      const hkz_grid_heat_t g, slong p0, slong T,
                      hkz_su2_sub_fix_t f, hkz_engine_t e,
                      const hkz_goal_t *goal);

/* The scalar route for one entry (point p, time j) under the Ziv loop:
 * status HKZ_SUCCESS / HKZ_ERR_PREC in the entry, errors returned. */
int _hkz_grid_scalar(hkz_grid_entry_t *row, const hkz_grid_heat_t g,
                     slong p, slong j, const hkz_goal_t *goal);

/* The batched certified fallback of an su2-sub tile: the entries
 * idx[0..*n) (i T + j, increasing) grouped by point, each point's Arb
 * basis built once (hkz_su2_heat_sub_multi, weights cached in w); the
 * entries whose ball meets the goal are set (scalar = 1), the others stay
 * in idx (*n lowered) for _hkz_grid_scalar.  An entry's value depends on
 * its own inputs only. */
int _hkz_grid_sub_multi(hkz_grid_entry_t *rows, slong *idx, slong *n,
                        const hkz_grid_heat_t g, slong p0, slong T,
                        hkz_engine_t e, const hkz_goal_t *goal,
                        hkz_su2_sub_wcache_t w);

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
    int pipe;                 /* one rank: overlap the engine route of a
                                 tile with the scalar route of the one
                                 before (tile_pipe.c) */
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

/* The unfinished tiles of [t0, t1) on one rank, the engine route of each
 * tile beside the scalar route of the one before (tile_pipe.c); the rows,
 * records and counts of compute() in block.c. */
int _hkz_grid_compute_pipe(_hkz_grid_run_t *R, slong t0, slong t1);

/* Checkpoint records of tiles: "tile <i> <flags>:<ball>;..." */
char *_hkz_grid_record(slong tile, const hkz_grid_entry_t *rows, slong n);
int _hkz_grid_record_load(hkz_grid_entry_t *rows, slong n, slong *tile,
                          const char *rec);

#endif
