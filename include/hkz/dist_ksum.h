/* hkz/dist_ksum.h -- engine runs over fixed mode chunks with a
 * reproducible reduction (dist/common/dist_ksum.c): the split-K runner of
 * `hkz grid heat --shard k`.
 *
 * The K modes of a problem are cut into m = ceil(K / KC) <= 32 fixed
 * chunks [c KC, (c + 1) KC), KC = hkz_dist_ksum_chunk(K) = 256 ceil(K /
 * (32 * 256)) (at least HKZ_DIST_KCHUNK = 256 modes, so small sums stay
 * one chunk and large ones make at most 32 engine runs; the cut depends
 * on K only).  Each chunk's partial product S_c = B_c C_c is computed by
 * one engine run (hkz_engine_run_direct with k_begin moved to the chunk)
 * and the partials are added along one fixed binary tree over the chunk
 * indices: node (l, i) covers the chunks [i 2^l, (i + 1) 2^l) and is
 * left child + right child (the left child alone when the right one is
 * past m): hkz_engine_run_ktree (hkz/engine.h) computes the nodes, on
 * the device where the backend can.  So the doubles are bitwise the same
 * whoever computes which
 * chunk: split over any number of ranks (split != 0: rank r computes the
 * contiguous chunks hkz_dist_block(0, m, r, N) as the maximal tree nodes
 * inside them, the nodes are all-gathered and every rank completes the
 * tree) or all on one rank (split == 0: not collective).  m = 1 is the
 * plain engine run (bitwise).
 *
 * Bound (m > 1, err != NULL): the tree performs m - 1 additions of the
 * partials, so (Higham, Accuracy and Stability of Numerical Algorithms,
 * 2nd ed., section 4.2: any order of summation of m terms has error at
 * most gamma_{m-1} sum |x_c|) with |S~_c| <= mag_c + err_c:
 *   |fl(sum_c S~_c) - sum_c S_c| <= sum_c err_c
 *                                   + gamma_{m-1} sum_c (mag_c + err_c),
 * every sum rounded upward; mag (if asked) is sum_c mag_c rounded upward.
 * A caller that bounds the error itself from the full problem (err NULL,
 * e.g. hkz_engine_col_bounds: gamma_K sum_k bmax_k |C~_kt|) stays valid:
 * the tree is one summation order of the K products (hkz/engine.h, ERROR
 * BOUND: any order). */
#ifndef HKZ_DIST_KSUM_H
#define HKZ_DIST_KSUM_H

#include "hkz/config.h"
#include "hkz/dist.h"
#include "hkz/engine.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Least modes per fixed chunk (a multiple of HKZ_ENGINE_KPANEL) and the
 * most chunks of a sum (so split K uses at most 32 ranks per tile). */
#define HKZ_DIST_KCHUNK 256
#define HKZ_DIST_KCHUNKS_MAX 32

/** The chunk length KC for a sum of K modes (see above). */
HKZ_API size_t hkz_dist_ksum_chunk(size_t K);

typedef struct
{
    hkz_dist_t d;      /* ranks (NULL: the world) */
    int split;         /* 1: chunks split over the ranks (collective) */
} hkz_dist_ksum_t;

/** The run above: out (ldo of pb), err (pb->err_layout) and mag (T) as in
 *  hkz_engine_run_mag; err / mag may be NULL.  With split, collective over
 *  X->d (every rank passes the same problem; the status is agreed). */
HKZ_API HKZ_WARN_UNUSED int hkz_dist_ksum_run(const hkz_dist_ksum_t *X,
        hkz_engine_t e, double *out, double *err, double *mag,
        const hkz_engine_problem_t *pb);

/** hkz_engine_hook_t calling hkz_dist_ksum_run with ctx a
 *  hkz_dist_ksum_t *: hkz_engine_set_hook(e, hkz_dist_ksum_hook, &X). */
HKZ_API int hkz_dist_ksum_hook(void *ctx, hkz_engine_t e, double *out,
        double *err, double *mag, const hkz_engine_problem_t *pb);

/** The planner for grids (dist/common/dist_plan.c): split P (tiles of
 *  ptile points over the ranks) or split K (the fixed chunks of
 *  hkz_dist_ksum_chunk(K) modes) for P points, about K modes and T times, from
 *  the cost model of hkz_dist_plan (overlap_kernels.md section 0; F and B
 *  from o, NULL: defaults).  Not collective (the inputs are the same on
 *  every rank, so is the answer).  Returns HKZ_SHARD_SPLIT_P or _K. */
HKZ_API int hkz_dist_plan_grid(hkz_dist_plan_t *plan, int nranks, size_t P,
        size_t ptile, size_t K, size_t T, const hkz_dist_opts_t *o);

#ifdef __cplusplus
}
#endif
#endif
