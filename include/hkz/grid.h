/* hkz/grid.h -- certified tables of heat kernels over points x times
 * (the library side of `hkz grid heat`, issue 11 section 1).
 *
 * A grid is P points x T times (time derivative of order deriv).  Every
 * entry is an Arb ball [mid +/- rad] whose radius is a proven bound:
 *   engine route   the double spectral-sum engine grids of hkz/su2.h
 *                  (hkz_su2_heat_bi_grid / _sub_grid / _milnor_grid): the
 *                  engine's rounding bound + truncation tail + basis error
 *                  (their err), plus a Lipschitz bound for rounding the
 *                  exact decimal coordinates and times to doubles;
 *   scalar route   the certified scalar functions (hkz_su2_heat_bi, _sub,
 *                  _milnor, hkz_su2n_heat) under the Ziv loop of
 *                  hkz/goal.h.
 * Entries must meet digits as relative accuracy: an engine entry whose
 * ball misses the goal is recomputed by the scalar route, so no entry is
 * silently below the goal (the summary counts both kinds; an entry the
 * scalar route cannot bring to the goal is kept with status HKZ_ERR_PREC).
 * Time derivatives (deriv > 0) have an engine route for su2 and su2-sub
 * (hkz_su2_heat_bi_grid_deriv, hkz_su2_heat_sub_grid_deriv); su2-milnor
 * with deriv > 0 (hkz_su2_heat_milnor_deriv, deriv <= 8) and products
 * SU(2)^n (hkz_su2n_heat_deriv) take the scalar route.
 *
 * DETERMINISM.  Points are computed in fixed tiles of HKZ_GRID_TILE
 * consecutive points (tile i = points [i G, (i+1) G)), one engine call per
 * tile, whatever the row-block size, chunking or shard choice; every
 * engine run is cut into fixed chunks of HKZ_DIST_KCHUNK modes whose
 * partial sums are added along a fixed tree (hkz/dist_ksum.h: an engine
 * hook), whichever rank computes which chunk; the engine sums a chunk in
 * a fixed order (hkz/engine.h, DETERMINISM) and the scalar route
 * depends on the entry only.  So every ball is bitwise the same for any
 * block size, nchunks, shard and for resumed runs (records hold exact
 * ball strings).  The CUDA backend gives other (equally certified) balls.
 *
 * Rows are point-major: row (p, j) for point p, time j, in the order
 * p = 0..P-1, j = 0..T-1.  Point numbering per kind:
 *   SU2         p = index in the alpha list;
 *   SU2_SUB     p = ir nz + iz (r outer, z inner);
 *   SU2_MILNOR  r x z as SU2_SUB, or p = the p-th element of the --g file;
 *   PRODUCT     p = the p-th point of the points file.
 */
#ifndef HKZ_GRID_H
#define HKZ_GRID_H

#include "hkz/config.h"
#include "hkz/flint_compat.h"
#include "hkz/dist.h"
#include "hkz/io_h5.h"
#include "hkz/progress.h"
#include "hkz/su2.h"
#include "hkz/su2n.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Points per tile (a multiple of HKZ_ENGINE_TALIGN). */
#define HKZ_GRID_TILE 256

/* ---- LIST: "v1,v2,..." or "A:B:N" (groups/grid/list.c) --------------- */

typedef struct
{
    arb_ptr v;      /* the values as balls (exact for comma lists) */
    char **label;   /* per value: the decimal as given, or 17 digits */
    slong n;
    char *src;      /* the list as given (for run records) */
    int log;        /* A:B:N spaced geometrically */
} hkz_grid_list_struct;
typedef hkz_grid_list_struct hkz_grid_list_t[1];

HKZ_API void hkz_grid_list_init(hkz_grid_list_t l);
HKZ_API void hkz_grid_list_clear(hkz_grid_list_t l);

/** Parses a LIST: a comma list of exact decimals ("0.1,0.25,pi"; read by
 *  hkz_ball_set_str), or "A:B:N" with N >= 1 points, both ends included:
 *  A + (B - A) k / (N - 1), k = 0..N-1, as balls at prec (exact whenever
 *  that is exact); with log != 0 (A, B > 0) geometric: A (B / A)^(k/(N-1)).
 *  At most 2^24 values.  HKZ_ERR_ARG with one readable message naming what
 *  is wrong ("LIST '0:1:x': N must be an integer >= 1"); l is unchanged on
 *  error. */
HKZ_API HKZ_WARN_UNUSED int hkz_grid_list_set_str(hkz_grid_list_t l,
        const char *s, int log, slong prec);

/* ---- the problem ------------------------------------------------------- */

typedef enum
{
    HKZ_GRID_SU2 = 0,        /* h_t(alpha), Delta = -(X^2+Y^2+Z^2) */
    HKZ_GRID_SU2_SUB = 1,    /* p_t(r, z), L = -(X^2+Y^2) */
    HKZ_GRID_SU2_MILNOR = 2, /* L = -(a X^2 + b Y^2 + c Z^2) */
    HKZ_GRID_PRODUCT = 3     /* mu_t(x) on SU(2)^n, hkz_su2n_heat */
} hkz_grid_kind_t;

typedef struct
{
    int kind;                 /* hkz_grid_kind_t */
    hkz_grid_list_t t;        /* times (> 0) */
    hkz_grid_list_t alpha;    /* SU2 */
    hkz_grid_list_t r, z;     /* SU2_SUB; SU2_MILNOR without a g file */
    arb_struct w[3];          /* SU2_MILNOR: a, b, c */
    char *wsrc;               /* SU2_MILNOR: the weights as given */
    /* SU2_MILNOR --g file / PRODUCT points file */
    char *path;               /* NULL: no file */
    slong nfile;              /* elements read */
    slong *line;              /* their line numbers (1-based), "i" */
    arb_ptr g;                /* SU2_MILNOR: 4 per element (a_re, a_im,
                                 b_re, b_im), normalized to norm 1 */
    hkz_su2n_point_struct *pts; /* PRODUCT */
    hkz_su2n_weights_t pw;    /* PRODUCT weights */
    char *pwsrc;
    int pop;                  /* PRODUCT: HKZ_SU2N_DELTA or HKZ_SU2N_L */
    ulong deriv;
    slong digits;             /* relative accuracy goal (decimal digits) */
    ulong hash;               /* FNV-1a of the file contents (records) */
} hkz_grid_heat_struct;
typedef hkz_grid_heat_struct hkz_grid_heat_t[1];

/** "su2", "su2-sub", "su2-milnor", "product" ("?" otherwise). */
HKZ_API const char *hkz_grid_kind_name(int kind);

/** An empty problem of the given kind; digits 10, deriv 0. */
HKZ_API void hkz_grid_heat_init(hkz_grid_heat_t g, int kind);
HKZ_API void hkz_grid_heat_clear(hkz_grid_heat_t g);

/** SU2_MILNOR weights "a,b,c" (exact decimals, a, b > 0, c >= 0). */
HKZ_API HKZ_WARN_UNUSED int hkz_grid_heat_set_weights(hkz_grid_heat_t g,
        const char *s, slong prec);

/** SU2_MILNOR: reads one element per line "a_re,a_im,b_re,b_im" (the form
 *  `hkz heat su2-milnor --g` takes: |a|^2+|b|^2 = 1 within 1e-10, then
 *  normalized); blank lines and '#' comments are skipped, the line
 *  numbers kept as coordinate i.  PRODUCT: one point of SU(2)^n per line
 *  in the POINT syntax (hkz_su2n_point_set_str).  HKZ_ERR_IO if the file
 *  cannot be read, HKZ_ERR_ARG naming the line otherwise. */
HKZ_API HKZ_WARN_UNUSED int hkz_grid_heat_read_file(hkz_grid_heat_t g,
        const char *path, slong prec);

/** PRODUCT: the operator (HKZ_SU2N_DELTA with --delta-weights, HKZ_SU2N_L
 *  with --sub-weights) and its weight spec (hkz_su2n_weights_set_str). */
HKZ_API HKZ_WARN_UNUSED int hkz_grid_heat_set_product(hkz_grid_heat_t g,
        int op, const char *spec, slong prec);

/** Checks the problem (lists present and in their domains, deriv
 *  supported by the kind) and returns P (points) and T (times). */
HKZ_API HKZ_WARN_UNUSED int hkz_grid_heat_check(slong *P, slong *T,
        const hkz_grid_heat_t g);

/* Coordinates of a point for output rows: names "alpha" | "r", "z" | "i"
 * (line number in the file).  ncoords is 1 or 2. */
HKZ_API slong hkz_grid_heat_ncoords(const hkz_grid_heat_t g);
HKZ_API const char *hkz_grid_heat_coord_name(const hkz_grid_heat_t g,
        slong c);
/** The coordinate as text (a decimal as given, 17 digits for computed
 *  list values, the line number for files) and as a double. */
HKZ_API const char *hkz_grid_heat_coord_str(const hkz_grid_heat_t g,
        slong p, slong c);
HKZ_API double hkz_grid_heat_coord_d(const hkz_grid_heat_t g, slong p,
        slong c);

/* ---- running ------------------------------------------------------------ */

#define HKZ_GRID_OVERLAP_NONE 0
#define HKZ_GRID_OVERLAP_CHUNKED 1
#define HKZ_GRID_OVERLAP_WINDOW 2

typedef struct
{
    slong p, j;        /* point, time */
    arb_struct value;  /* the ball */
    int certified;     /* radius is a proven bound (value finite) */
    int scalar;        /* computed by the scalar route */
    int tier2;         /* certified by the exact fixed-point tier
                          (su2-sub: hkz_su2_sub_fix_eval; scalar = 0) */
    int status;        /* HKZ_SUCCESS, or HKZ_ERR_PREC: goal missed */
} hkz_grid_entry_t;

/** Receives the rows of points [p0, p1) (n = (p1 - p0) T entries,
 *  point-major), in increasing p0, exactly once per point.  A non-zero
 *  return stops the run with that status. */
typedef int (*hkz_grid_sink_fn)(void *ctx, const hkz_grid_entry_t *rows,
        slong n, slong p0, slong p1);

/** A tile's rows as columns (the HDF5 datasets as they are): the rows of
 *  points [p0, p1), n = (p1 - p0) T entries, point-major; mid[k], rad[k]
 *  = hkz_grid_ball_get_d of entry k's ball, certified[k] and scalar[k] 0
 *  or 1 (the fields of hkz_grid_entry_t).  The arrays live until the call
 *  returns. */
typedef struct
{
    slong p0, p1, n;
    const double *mid, *rad;
    const int8_t *certified, *scalar;
} hkz_grid_cols_t;

/** Receives a tile's columns, in increasing p0, exactly once per point; a
 *  non-zero return stops the run with that status. */
typedef int (*hkz_grid_cols_fn)(void *ctx, const hkz_grid_cols_t *c);

typedef struct
{
    int device;        /* hkz_backend_t: AUTO, CPU, CUDA */
    int shard;         /* hkz_shard_t over the ranks: SPLIT_P deals the
                          tiles, SPLIT_K runs every tile on all ranks with
                          the modes split (hkz/dist_ksum.h), AUTO asks
                          hkz_dist_plan_grid; without an engine route
                          (product, scalar_only) or on one rank: SPLIT_P.
                          The same bytes for every choice */
    int overlap;       /* HKZ_GRID_OVERLAP_*: engine column chunks, 1 for
                          NONE, 4 otherwise (same bytes) */
    int nthreads;      /* engine threads (0: one per CPU) */
    int scalar_only;   /* every entry by the scalar route (reference and
                          benchmarks; a checkpoint parameter) */
    slong block;       /* points per row block, rounded up to a multiple
                          of HKZ_GRID_TILE; 0: blocks timed to about a
                          second each (a stop, a checkpoint, a progress
                          report come that often; the same bytes) */
    const hkz_progress_t *progress;  /* per block, units = entries */
    const char *checkpoint;          /* NULL: none */
    int resume;
    hkz_grid_sink_fn sink;    /* called on rank 0 only (may be NULL when
                                 local_sink is set) */
    void *sink_ctx;
    hkz_grid_sink_fn local_sink;  /* NULL, or called on EVERY rank once
                                 per row block (collective) with the rows
                                 this rank computed (rank 0: also those
                                 read from the checkpoint), increasing in
                                 (p, j), n possibly 0; p0, p1 are the
                                 block's points.  Each row reaches exactly
                                 one rank's local_sink. */
    hkz_dist_t dist;          /* ranks sharing the work (NULL: the world,
                                 one rank without MPI) */
    hkz_grid_cols_fn cols_sink;  /* NULL, or on one rank: called per tile
                                 instead of sink and local_sink, with the
                                 rows as columns (no Arb ball per entry:
                                 the fast path of large grids); several
                                 ranks: on rank 0 instead of sink when the
                                 tiles are dealt (split P) and there is no
                                 local_sink, else sink / local_sink (set
                                 sink too) */
    hkz_grid_cols_fn local_cols_sink;  /* NULL, or several ranks, split P:
                                 instead of local_sink, called on EVERY
                                 rank the same number of times per row
                                 block (collective), each call with one
                                 tile this rank computed (rank 0: also
                                 those read from the checkpoint) or with
                                 none (n = 0, NULL arrays); each tile
                                 reaches exactly one rank.  Set local_sink
                                 too (split K uses it). */
} hkz_grid_opts_t;

HKZ_API void hkz_grid_opts_init(hkz_grid_opts_t *o);

/** 1 on the rank whose sink gets the rows (rank 0 of o->dist), 0 on the
 *  others: the one that opens a serial output. */
HKZ_API int hkz_grid_opts_writes(const hkz_grid_opts_t *o);

typedef struct
{
    slong entries;     /* P T */
    slong engine;      /* entries from the engine meeting the goal */
    slong scalar;      /* entries recomputed by the scalar route */
    slong missed;      /* entries below the goal (status HKZ_ERR_PREC) */
    slong resumed;     /* entries read back from the checkpoint */
    /* which tier certified an entry (certified_* + below_goal = entries):
     * the double engine's bound, the fixed-point tier (su2-sub), the
     * scalar routes (Arb); below_goal = missed */
    slong certified_engine, certified_tier2, certified_scalar, below_goal;
    int backend;       /* the engine backend used (CPU / CUDA) */
    int shard;         /* the split used: HKZ_SHARD_SPLIT_P or _K */
} hkz_grid_summary_t;

/** Computes the grid block by block and hands each block's rows to
 *  o->sink.  Checkpoint (o->checkpoint): kind "grid-heat", parameters =
 *  the kind, every list and file as given (+ a hash of the file), weights,
 *  deriv, digits; one record per finished tile with the exact ball
 *  strings, appended to the file as tiles finish (hkz_ckpt_set_stream:
 *  memory does not grow with the grid); resume re-emits finished tiles from the records (identical
 *  bytes) and computes the rest.  Progress: after each block; a stop
 *  request commits the checkpoint and returns HKZ_ERR_INTERRUPTED.
 *  Returns HKZ_SUCCESS also when entries missed the goal (see summary).
 *
 *  Over several ranks (o->dist; collective): the unfinished tiles of each
 *  block are split over the ranks (contiguous, hkz_dist_block), each rank
 *  computes its tiles, rank 0 receives them as exact ball strings (the
 *  checkpoint record format; with a cols_sink on rank 0 as columns too),
 *  commits the checkpoint (rank 0 alone writes it; a resume may use
 *  another rank count) and hands them to the sinks: the rows are bitwise
 *  those of one rank.  Split P without a local_sink streams them tile by
 *  tile (the sinks get one tile at a time, as on one rank; memory: a
 *  rank's share of a block); split K and local_sink get whole blocks.  Progress reports
 *  this rank's entries (the caller aggregates); summary counts are
 *  complete on rank 0. */
HKZ_API HKZ_WARN_UNUSED int hkz_grid_heat_run(hkz_grid_summary_t *sum,
        const hkz_grid_heat_t g, const hkz_grid_opts_t *o);

/* ---- HDF5 tables of grids (groups/grid/h5.c) --------------------------- */

/** Creates the HDF5 file of g (hkz/io_h5.h): datasets "mid", "rad"
 *  (doubles; [mid - rad, mid + rad] encloses the ball: rad is rounded up
 *  and covers the rounding of mid), "certified", "scalar" (int8), each
 *  shaped like the grid: alpha x t (su2), r x z x t (su2-sub), i x t
 *  (points files), with the axes "alpha" | "r", "z" | "i" and "t" as
 *  dimension scales (doubles), a "description" attribute per dataset and
 *  the root attribute deriv (a number).  HKZ_ERR_UNSUPPORTED in a build
 *  without HDF5. */
HKZ_API HKZ_WARN_UNUSED int hkz_grid_h5_create(hkz_h5_t *h,
        const char *path, const hkz_grid_heat_t g);

/** Appends n rows (a sink's block). */
HKZ_API HKZ_WARN_UNUSED int hkz_grid_h5_append(hkz_h5_t h,
        const hkz_grid_heat_t g, const hkz_grid_entry_t *rows, slong n);

/** Collective over d (NULL: the world): the table above as one file of
 *  P T rows written by all ranks (hkz_h5_create_dist; parallel HDF5). */
HKZ_API HKZ_WARN_UNUSED int hkz_grid_h5_create_dist(hkz_h5_t *h,
        const char *path, const hkz_grid_heat_t g, hkz_dist_t d);

/** Collective on a create_dist handle: writes n rows (increasing (p, j))
 *  at rows p T + j (a local_sink's rows; n may be 0). */
HKZ_API HKZ_WARN_UNUSED int hkz_grid_h5_write(hkz_h5_t h,
        const hkz_grid_heat_t g, const hkz_grid_entry_t *rows, slong n);

/** A cols_sink's tile into the file of hkz_grid_h5_create (appended in
 *  order) or of hkz_grid_h5_create_dist on one rank (written at rows
 *  p T + j); a local_cols_sink's tile (c->n may be 0) into the file of
 *  hkz_grid_h5_create_dist, one collective write. */
HKZ_API HKZ_WARN_UNUSED int hkz_grid_h5_write_cols(hkz_h5_t h,
        const hkz_grid_heat_t g, const hkz_grid_cols_t *c);

/** hkz_ball_get_d (hkz/io.h) with a NaN *mid for non-finite balls. */
HKZ_API void hkz_grid_ball_get_d(double *mid, double *rad, const arb_t x);

#ifdef __cplusplus
}
#endif
#endif
