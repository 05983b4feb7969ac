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
#include "hkz_prof.h"
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
typedef struct _hkz_grid_times_s
{
    slong T;
    double *t;      /* exact doubles used by the engine */
    double *dt;     /* bound on |t_exact - t| */
    double *tlo;    /* lower bound of every time between them (> 0) */
    double *thi;    /* upper bound likewise */
    double *lx, *lt;   /* su2, su2-sub: the Lipschitz factors L_x, L_t of
                          each time (heat_tile.c; the same for every
                          tile), else NULL */
    int ok;         /* 0: no engine route (deriv, a time not a positive
                       double, product kind) */
    hkz_su2_sub_wcache_t sub_w;  /* SU2_SUB: Arb weights of the batched
                                    fallback (scalar.c), else NULL */
    hkz_su2_sub_fix_t sub_fix[2];  /* SU2_SUB, d = 0: the fixed-point
                                    tier at 8 and 16 digits (sub_fix.c;
                                    heat_run.c decides), else NULL */
    int8_t *eoff;   /* per time: 1 if a CPU engine route leaves the column
                       to the fallback (_hkz_grid_engine_cols), NULL: none */
    struct _hkz_grid_times_s *ecols;  /* with eoff: T, t, dt, tlo, thi, lx,
                       lt of the other columns (NULL when none is left) */
} _hkz_grid_times_t;

int _hkz_grid_times_init(_hkz_grid_times_t *tm, const hkz_grid_heat_t g);
void _hkz_grid_times_clear(_hkz_grid_times_t *tm);

/* The entries of one tile in flat arrays (tbuf.c): the buffer a row block
 * streams through, a few bytes an entry and no Arb number per entry.
 * Entry k = i T + j (point p0 + i, time j).  Every entry's ball is either
 *   dense   [mid[k] +/- rad[k]]: mid a double, rad the value of a mag_t
 *           (<= 30-bit mantissa, or 0 or +inf), so that the ball converts
 *           to and from an arb_t exactly (engine and device tiers); or
 *   held    sc[m] with key[m] = k (increasing): an Arb ball (the scalar
 *           route, or a record that is not dense); mid[k], rad[k] then
 *           hold hkz_grid_ball_get_d of it (set by _hkz_grid_tb_finish).
 * mid, rad, certified, scalar are the HDF5 columns as they are. */
typedef struct
{
    slong tile, p0, np, T, n;   /* n = np T */
    double *mid, *rad;
    int8_t *cert, *scal;
    slong nsc, capsc;           /* held entries, their capacity */
    slong *key;                 /* nsc: their indices k, increasing */
    hkz_grid_entry_t *sc;       /* capsc (values arb_init'ed) */
    double *eout, *eerr;        /* the engine's out, err (np x T, ld np) */
    slong cap;                  /* entries the arrays hold */
    int tiered;                 /* the fixed-point tier ran */
} _hkz_grid_tbuf_t;

void _hkz_grid_tb_init(_hkz_grid_tbuf_t *tb);
void _hkz_grid_tb_clear(_hkz_grid_tbuf_t *tb);
/* sizes tb for tile (np points of T times); no entry held */
int _hkz_grid_tb_reset(_hkz_grid_tbuf_t *tb, slong tile, slong np, slong T);
/* makes the entries idx[0..n) (increasing) held, their balls unset */
int _hkz_grid_tb_hold(_hkz_grid_tbuf_t *tb, const slong *idx, slong n);
/* the held entry k (NULL if k is dense); 1 if the fixed-point tier
 * certified entry k */
hkz_grid_entry_t *_hkz_grid_tb_row(const _hkz_grid_tbuf_t *tb, slong k);
int _hkz_grid_tb_tier2(const _hkz_grid_tbuf_t *tb, slong k);
/* the ball of entry k, exactly (dense ones rebuilt from mid, rad) */
void _hkz_grid_tb_ball(arb_t x, int *missed, const _hkz_grid_tbuf_t *tb,
                       slong k);
/* mid, rad, cert, scal of the held entries (after the scalar route) */
void _hkz_grid_tb_finish(_hkz_grid_tbuf_t *tb);
/* the entries as rows (n of them; values initialized by the caller) */
void _hkz_grid_tb_rows(hkz_grid_entry_t *rows, const _hkz_grid_tbuf_t *tb);
/* adds the tile's counts to S (engine, scalar, missed) */
void _hkz_grid_tb_count(hkz_grid_summary_t *S, const _hkz_grid_tbuf_t *tb);
/* rad rounded up to the value of a mag_t (a dense radius) */
double _hkz_grid_rad_mag(double rad);
/* the exact double of r when a dense radius can hold it, else NAN */
double _hkz_grid_mag_dense(const mag_t r);
/* 1 and (mid, rad) if x is a dense ball, else 0 */
int _hkz_grid_tb_dense(double *mid, double *rad, const arb_t x);
/* entry k of tb from r: dense when exact and not scalar, else held (k
 * above every held one) */
int _hkz_grid_tb_load(_hkz_grid_tbuf_t *tb, const hkz_grid_entry_t *r,
                      slong k);

/* Computes the entries of points [p0, p0 + np) (one tile) into rows
 * (np T entries, point-major; values initialized by the caller) through
 * tb: the engine route where it meets the goal, else (scalar != 0) the
 * scalar route; scalar == 0 leaves those entries unset (split-K ranks
 * other than 0).  e may be NULL when tm->ok == 0. */
int _hkz_grid_tile(hkz_grid_entry_t *rows, _hkz_grid_tbuf_t *tb,
                   const hkz_grid_heat_t g, slong p0, slong np,
                   const _hkz_grid_times_t *tm, hkz_engine_t e,
                   const hkz_goal_t *goal, int scalar);

/* The Lipschitz terms of a tile's radii (heat_tile.c):
 * rad(i, j) = err(i, j) + Lx[j] dx[i] + Lt[j] dt[j] + Lw[j] dw. */
typedef struct
{
    double *dx, *Lx, *Lt, *Lw, dw;
} _hkz_grid_lip_t;

/* whether the engine e may meet the goal at all (else the tile skips it) */
int _hkz_grid_engine_in_reach(hkz_engine_t e, const hkz_grid_heat_t g,
                              const hkz_goal_t *goal);
/* The engine route for a tile (heat_tile.c): out, err (np x T, ld np) and
 * L.  Returns HKZ_SUCCESS, or HKZ_ERR_DOMAIN / _TOO_LARGE / _UNSUPPORTED
 * when the engine grid does not cover the inputs (then the scalar route
 * runs). */
int _hkz_grid_engine_tile(double *out, double *err, _hkz_grid_lip_t *L,
                          const hkz_grid_heat_t g, slong p0, slong np,
                          const _hkz_grid_times_t *tm, hkz_engine_t e);
/* The same over the columns a CPU engine runs (engine_cols.c): the
 * others NaN, which the goal test leaves to the fallback. */
int _hkz_grid_engine_cols_run(double *out, double *err, _hkz_grid_lip_t *L,
                              const hkz_grid_heat_t g, slong p0, slong np,
                              const _hkz_grid_times_t *tm, hkz_engine_t e);
/* The columns a CPU engine route runs (engine_cols.c): sets tm->eoff for
 * su2-sub from the times, the r and z lists and the goal only (so every
 * tile and rank runs the same columns); heat_tile.c applies it when the
 * tile's engine is on the CPU. */
int _hkz_grid_engine_cols(_hkz_grid_times_t *tm, const hkz_grid_heat_t g,
                          const hkz_goal_t *goal);
/* frees tm->eoff and tm->ecols */
void _hkz_grid_engine_cols_clear(_hkz_grid_times_t *tm);
/* The goal test of the engine route (tile_goal.c): from tb->eout,
 * tb->eerr, the entries meeting the goal dense (cert 1, scal 0), the
 * others cert = -1; on e's threads. */
int _hkz_grid_tile_goal(_hkz_grid_tbuf_t *tb, const _hkz_grid_lip_t *L,
                        const double *dt, const hkz_goal_t *goal,
                        hkz_engine_t e);

/* _hkz_grid_tile in two steps (tile_pipe.c overlaps them on a GPU):
 *   _hkz_grid_tile_engine  resets tb to the tile, runs the engine route
 *       (the device, on the calling thread), keeps the entries meeting the
 *       goal dense and makes the others held;
 *   _hkz_grid_tile_rest    on the host thread: the fixed-point tier
 *       (su2-sub, _hkz_grid_sub_fix: exact sums on the engine's device,
 *       its own stream) unless _hkz_grid_tile_tier ran it on the device
 *       thread, and then the scalar route (the host's Arb code, the last
 *       resort) for the held entries, then _hkz_grid_tb_finish. */
int _hkz_grid_tile_engine(_hkz_grid_tbuf_t *tb, const hkz_grid_heat_t g,
        slong p0, slong np, const _hkz_grid_times_t *tm, hkz_engine_t e,
        const hkz_goal_t *goal);
int _hkz_grid_tile_rest(_hkz_grid_tbuf_t *tb, const hkz_grid_heat_t g,
        const _hkz_grid_times_t *tm, hkz_engine_t e,
        const hkz_goal_t *goal);
int _hkz_grid_tile_tier(_hkz_grid_tbuf_t *tb, const hkz_grid_heat_t g,
        const _hkz_grid_times_t *tm, hkz_engine_t e,
        const hkz_goal_t *goal);

/* The fixed-point tier of an su2-sub tile (sub_fix.c): the held entries
 * idx[0..*n) of tb (i T + j, increasing) by hkz_su2_sub_fix_eval_list of f;
 * those whose ball meets the goal are set (certified, tier2 = 1; they stay
 * held), the others stay in idx (*n lowered). */
int _hkz_grid_sub_fix(_hkz_grid_tbuf_t *tb, slong *idx, slong *n,
                      const hkz_grid_heat_t g, hkz_su2_sub_fix_t f,
                      hkz_engine_t e, const hkz_goal_t *goal);

/* The tier's rows of the tiles [t0, t1) made ahead (sub_fix.c: a few r
 * rows, the z rows if zt & 1, the t rows if zt & 2), on the pipeline's
 * idle host thread. */
int _hkz_grid_tier_ahead(const hkz_grid_heat_struct *g,
        const _hkz_grid_times_t *tm, hkz_engine_t e, slong t0, slong t1,
        int zt);

/* The thread that makes the tier's rows ahead for a whole run
 * (tile_ahead.c): init gives NULL where there is no tier (or
 * HKZ_GRID_TIER_AHEAD=0, or no thread); wake hands it tiles [a0, a1) (zt
 * as _hkz_grid_tier_ahead's) unless it is busy; clear waits for it and
 * returns the first failure of its work. */
typedef struct _hkz_grid_ahead_s _hkz_grid_ahead_t;
int _hkz_grid_ahead_init(_hkz_grid_ahead_t **A, const hkz_grid_heat_struct *g,
                         const _hkz_grid_times_t *tm);
void _hkz_grid_ahead_wake(_hkz_grid_ahead_t *A, slong a0, slong a1, int zt);
int _hkz_grid_ahead_clear(_hkz_grid_ahead_t **A);

/* The scalar route for one entry (point p, time j) under the Ziv loop:
 * status HKZ_SUCCESS / HKZ_ERR_PREC in the entry, errors returned. */
int _hkz_grid_scalar(hkz_grid_entry_t *row, const hkz_grid_heat_t g,
                     slong p, slong j, const hkz_goal_t *goal);

/* The batched certified fallback of an su2-sub tile: the held entries
 * idx[0..*n) of tb (i T + j, increasing) grouped by point, each point's
 * Arb basis built once (hkz_su2_heat_sub_multi, weights cached in w); the
 * entries whose ball meets the goal are set (scalar = 1), the others stay
 * in idx (*n lowered) for _hkz_grid_scalar.  An entry's value depends on
 * its own inputs only. */
int _hkz_grid_sub_multi(_hkz_grid_tbuf_t *tb, slong *idx, slong *n,
                        const hkz_grid_heat_t g, hkz_engine_t e,
                        const hkz_goal_t *goal, hkz_su2_sub_wcache_t w);

/* The result precision of an su2-sub entry in the Arb routes below (the
 * goal + 16 bits, scalar.c): the same for both, so an entry's ball is a
 * function of its inputs whichever takes it */
slong _hkz_grid_sub_prec(const hkz_goal_t *goal);

/* The m-first route of an su2-sub tile (sub_mfirst.c): the held entries
 * idx[0..*n) of the columns with t < HKZ_GRID_MFIRST_T = 1/64 (where it
 * is faster than the batched fallback with 64 z per r: bench/NOTES.md
 * "mfirst") and within 1/4 of the grid's smallest time, column by column
 * (hkz_su2_heat_sub_mfirst: the families of small m in closed form, so
 * the spectral part stops at k ~ wp ln 2 / (70 t) instead of wp ln 2 /
 * (2t)), before the batched fallback, its parts kept in w.  As in
 * _hkz_grid_sub_multi, the entries whose ball meets the goal are set, the
 * others stay in idx.  HKZ_GRID_MFIRST=0: off (timings). */
#define HKZ_GRID_MFIRST_T 0.015625
int _hkz_grid_sub_mfirst(_hkz_grid_tbuf_t *tb, slong *idx, slong *n,
                         const hkz_grid_heat_t g, hkz_engine_t e,
                         const hkz_goal_t *goal, hkz_su2_sub_wcache_t w);

/* The most device threads of a one-rank GPU stream, and the default
 * (HKZ_GRID_ENGINES=n overrides it, to measure). */
#define HKZ_GRID_DEV_MAX 4
#define HKZ_GRID_DEV_DEFAULT 2

/* The state of a run (heat_run.c), shared with the block loop
 * (block.c). */
typedef struct
{
    const hkz_grid_heat_struct *g;
    const hkz_grid_opts_t *o;
    _hkz_grid_times_t *tm;
    hkz_engine_t e;
    hkz_engine_t ex[HKZ_GRID_DEV_MAX];  /* one rank, GPU: the engines of
                                 the device threads (ex[0] = e), ne of
                                 them (tile_pipe.c) */
    int ne;
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
                                 tile with the scalar route and the sink
                                 of the one before (tile_pipe.c) */
    int tier_dev;             /* pipe: the fixed-point tier on the device
                                 threads (several tiles at once) */
    _hkz_grid_ahead_t *ahead; /* tier_dev: the tier's rows made ahead */
    double pace;              /* > 0: one stream for the whole grid, its
                                 host thread commits the checkpoint and
                                 reports progress every pace seconds
                                 (tile_pipe.c), else the blocks do */
    double paced;             /* when it last did */
    _hkz_grid_tbuf_t tb[2 * HKZ_GRID_DEV_MAX];  /* the tiles in flight
                                 (several ranks: tb[0]) */
    slong P, T, ntiles;
    hkz_grid_entry_t *rows;   /* several ranks: rank 0 a block, the others
                                 one tile; one rank: one tile (rows for the
                                 sinks) or none (cols_sink) */
    slong nrows;
    slong off;                /* rows packed by this rank in the block
                                 (ranks > 0 with a local_sink) */
    slong mine;               /* entries this rank computed or resumed */
    hkz_grid_summary_t S;
    /* several ranks, split P, no local sink: blocks in flat memory
     * (block_flat.c); pack takes each finished tile of the stream */
    int (*pack)(void *R, const _hkz_grid_tbuf_t *tb);
    void *flat;
    int flat_rec;             /* what tiles carry to rank 0: HKZ_GRID_FLAT_REC
                                 their records (rank 0's checkpoint or
                                 rows sink), HKZ_GRID_FLAT_COLS their columns */
} _hkz_grid_run_t;

/* The engines of a run, the fixed-point tier and its rows thread
 * (heat_engines.c): R->e, R->ex, R->ne, R->S.backend, R->pipe,
 * R->tier_dev, R->tm->sub_fix, R->ahead. */
int _hkz_grid_engines_tier(_hkz_grid_run_t *R, const hkz_engine_opts_t *eo);

/* One row block: tiles [t0, t1), collective over R->d. */
int _hkz_grid_block(_hkz_grid_run_t *R, slong t0, slong t1);

/* After the tiles [t0, t1) went to the sinks with status: the checkpoint
 * committed (rank 0, if they were not all resumed), progress reported. */
int _hkz_grid_block_done(_hkz_grid_run_t *R, slong t0, slong t1,
                         int status);

/* The tiles of [t0, t1) on one rank, streamed (tile_pipe.c): computed or
 * resumed, records added, counted and handed to the sinks in order (the
 * block's commit and progress are the caller's). */
int _hkz_grid_stream(_hkz_grid_run_t *R, slong t0, slong t1);

/* A finished tile to the sinks (tile_pipe.c): o->cols_sink with its
 * columns, else sink / local_sink with its rows (R->rows, one tile). */
int _hkz_grid_emit(_hkz_grid_run_t *R, const _hkz_grid_tbuf_t *tb);

/* Blocks over several ranks in flat memory (block_flat.c): init sets
 * R->flat, R->pack and R->flat_rec (rank 0's choice counts: broadcast
 * it). */
#define HKZ_GRID_FLAT_REC 1     /* records (checkpoint, rows sink) */
#define HKZ_GRID_FLAT_COLS 2    /* columns (rank 0's cols_sink) */
#define HKZ_GRID_FLAT_LOCAL 4   /* counts; each rank writes its columns
                                   (o->local_cols_sink) */
int _hkz_grid_flat_init(_hkz_grid_run_t *R);
void _hkz_grid_flat_clear(_hkz_grid_run_t *R);
/* this rank's share of the tiles [t0, t1) packed into slot 0 or 1 (no
 * MPI: on the compute thread of flat_run.c) */
int _hkz_grid_flat_compute(_hkz_grid_run_t *R, int slot, slong t0,
                           slong t1);
/* the block in slot handed on: posted to rank 0, rank 0 finishes its
 * tiles (or each rank writes its columns: collective); not agreed */
int _hkz_grid_flat_drain(_hkz_grid_run_t *R, int slot, slong t0, slong t1);
/* waits until what slot posted is gone */
int _hkz_grid_flat_wait(_hkz_grid_run_t *R, int slot);
/* every block of the run, the compute of block b + 1 beside the drain of
 * block b (flat_run.c); nb, bt, kmin as in heat_run.c */
int _hkz_grid_flat_run(_hkz_grid_run_t *R, slong nb, slong bt, slong kmin);

/* The next default block size (tiles) after k tiles took w seconds
 * (heat_run.c). */
slong _hkz_grid_next_block(slong k, double w, slong bt, slong kmin);

/* Checkpoint records of tiles: "tile <i> <flags>:<ball>;..." */
char *_hkz_grid_record(slong tile, const hkz_grid_entry_t *rows, slong n);
int _hkz_grid_record_load(hkz_grid_entry_t *rows, slong n, slong *tile,
                          const char *rec);
/* the same records of tb, and into tb (reset to the record's tile first) */
char *_hkz_grid_record_tb(const _hkz_grid_tbuf_t *tb);
int _hkz_grid_record_load_tb(_hkz_grid_tbuf_t *tb, const char *rec);

#endif
