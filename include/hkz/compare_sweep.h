/* hkz/compare_sweep.h -- the sweep of spec 6.3 (P1, P2) / 6.4 X2: the best
 * exponent c and constant C in d_L(e,x) <= C d_Delta(e,x)^c on SU(2)^n /
 * SU(2)^infinity (Delta = sum a_i Delta_i, L = sum b_i L_i, N_unit),
 * estimated from certified distances on a deterministic sample of points,
 * with the certified bounds behind the estimate.
 *
 * Samples x (x_i = e for i > head):
 *   random  (r, phi, z) per coordinate, scaled by eps = 10^(-K u), u
 *           uniform, so that distances over K decades are sampled;
 *   fibre   x_i = exp(eps (a_i/b_i) Z_i) (the direction of P2), eps on a
 *           log grid of K + 2 decades below 1/max(a_i/b_i); sample j is a
 *           fibre sample iff floor((j+1) F) > floor(j F).
 * Sample j is a deterministic function of (seed, j) and the parameters
 * only, so samples can be computed in any order, on any process.
 *
 * Certified: every ratio d_L/d_Delta^{1/2} (a lower bound for the best
 * C(1/2)); C_head = sqrt(2 pi) S_n^{1/4}, S_n = sum_{i<=n} a_i/b_i^2 (P2),
 * the exact sup over points with head n; C_upper the same for the whole
 * group (inf when S = inf).  Verdict: PASS when every ratio <= C_head is
 * certified; FAIL when one exceeds it; undecided at this precision
 * otherwise.  Estimate (not certified): c_hat, the Theil-Sen slope of the
 * upper envelope of log d_L against log d_Delta over the smallest-distance
 * half of the decades (at least 3); C_hat = max d_L/d_Delta^c_hat.
 *
 * Work split: hkz_compare_sweep_ranks runs the sweep over the ranks of
 * o.dist.  Its pieces: hkz_compare_sweep_start takes a sample range
 * [lo, hi) (one per process, hkz_dist_block), hkz_compare_sweep_run
 * computes it, hkz_compare_sweep_records returns its exact records, which
 * one process concatenates and hands to hkz_compare_sweep_finish: the
 * result does not depend on the split.
 *
 * Checkpoints (hkz/checkpoint.h, kind "sweep"): every process commits its
 * samples to PATH.r<rank> (at least every second); its parameters are the
 * canonical weight texts, head, samples, seed, fibre fraction, decades
 * and digits.  A resume reads every PATH.r<k> (any earlier process count)
 * and computes only the missing samples; a checkpoint made with another
 * parameter is refused (HKZ_ERR_CHECKPOINT naming it).
 */
#ifndef HKZ_COMPARE_SWEEP_H
#define HKZ_COMPARE_SWEEP_H

#include "hkz/compare.h"
#include "hkz/progress.h"
#include "hkz/dist.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct
{
    slong digits;               /* 30: goal of every distance */
    const char *delta_weights;  /* a: "i^2" (hkz_su2n_weights_set_str) */
    const char *sub_weights;    /* b: "i^2" */
    slong head;                 /* n; 0: min(10, the weights' length) */
    slong samples;              /* N = 200, in [1, 2^24] */
    ulong seed;                 /* 1, < 2^62 */
    double fibre;               /* F = 0.25, in [0, 1] */
    slong decades;              /* K = 8, in [0, 60] */
    hkz_dist_t dist;            /* ranks sharing the samples
                                   (hkz_compare_sweep_ranks; NULL: this
                                   process alone) */
} hkz_compare_sweep_opts_t;

/** The defaults above. */
HKZ_API void hkz_compare_sweep_opts_init(hkz_compare_sweep_opts_t *o);

typedef struct hkz_compare_sweep_s *hkz_compare_sweep_t;

/** Checks and resolves the options.  HKZ_ERR_ARG ("name: why"). */
HKZ_API HKZ_WARN_UNUSED int hkz_compare_sweep_create(hkz_compare_sweep_t *sw,
        const hkz_compare_sweep_opts_t *o);
/** NULL-safe; sets *sw = NULL. */
HKZ_API void hkz_compare_sweep_destroy(hkz_compare_sweep_t *sw);

/** The resolved run: options (head filled in), number of fibre samples
 *  and the canonical weight texts (owned by sw). */
typedef struct
{
    hkz_compare_sweep_opts_t o;
    slong fibre_samples;
    const char *delta_weights, *sub_weights;
} hkz_compare_sweep_info_t;
HKZ_API void hkz_compare_sweep_info(hkz_compare_sweep_info_t *info,
        const hkz_compare_sweep_t sw);

/** This process's samples [lo, hi) and its checkpoint: path NULL: none;
 *  else PATH.r<rank>.  resume = 0: rank 0 removes every PATH.r<k> (call a
 *  barrier before any process runs); resume = 1: the samples of [lo, hi)
 *  found in any PATH.r<k> are loaded (*found receives their count).
 *  HKZ_ERR_CHECKPOINT for a checkpoint of other parameters. */
HKZ_API HKZ_WARN_UNUSED int hkz_compare_sweep_start(hkz_compare_sweep_t sw,
        slong lo, slong hi, const char *path, int rank, int resume,
        slong *found);

/** Computes the missing samples of the range, reporting (done, total) of
 *  the range to p (NULL ok) after each.  The checkpoint is committed at
 *  least every second (or ten times the duration of a commit), at the end
 *  and when p asks to stop; with samples left that is HKZ_ERR_INTERRUPTED
 *  (resumable from the checkpoint). */
HKZ_API HKZ_WARN_UNUSED int hkz_compare_sweep_run(hkz_compare_sweep_t sw,
        const hkz_progress_t *p);

/** The range's samples as exact text records (one line each; flint_free),
 *  after a complete run. */
HKZ_API HKZ_WARN_UNUSED int hkz_compare_sweep_records(char **rec,
        size_t *len, const hkz_compare_sweep_t sw);

/** From the records of ALL samples (any order, each once): rows (one per
 *  sample: sample, kind, eps, d_delta, d_delta_mid, d_L, d_L_mid, ratio,
 *  ratio_mid, below_bound, certified), keys (the summary: S, C_upper,
 *  C_upper_mid, S_head, C_head, C_head_mid, C_sample_max,
 *  C_sample_max_mid, argmax_sample, c_hat, C_hat, samples, fibre_samples,
 *  head, exceed, undecided, verdict, upper_note, C_sample_max_lower: the
 *  certified lower bound for C(1/2)), pass (no sample exceeds C_head and
 *  none is undecided) and reason (the verdict) into r. */
HKZ_API HKZ_WARN_UNUSED int hkz_compare_sweep_finish(hkz_compare_result_t *r,
        const hkz_compare_sweep_t sw, const char *rec, size_t len);

/* A sweep run over ranks: checkpoint, resume, progress, and a call once
 * the ranks have started (the samples found in the checkpoint and those
 * left to compute on this rank). */
typedef struct
{
    const char *checkpoint;     /* PATH (PATH.r<rank>); NULL: none */
    int resume;
    const hkz_progress_t *progress;     /* this rank's samples */
    void (*started)(void *ctx, slong found, slong todo);
    void *ctx;
} hkz_compare_sweep_run_t;

/** Collective over the ranks of the sweep's dist (NULL: this process
 *  alone): every rank starts its block of the samples (hkz_dist_block;
 *  start as hkz_compare_sweep_start), the runner (hkz/runner.h) computes
 *  the blocks and brings every record to rank 0, which finishes into r
 *  (initialized by the caller; other ranks leave it as it is).  o may be
 *  NULL.  The status is agreed: HKZ_ERR_CHECKPOINT (a checkpoint of other
 *  parameters), HKZ_ERR_INTERRUPTED (resumable), ... */
HKZ_API HKZ_WARN_UNUSED int hkz_compare_sweep_ranks(hkz_compare_result_t *r,
        hkz_compare_sweep_t sw, const hkz_compare_sweep_run_t *o);

/** The whole sweep in one process, without checkpoint. */
HKZ_API HKZ_WARN_UNUSED int hkz_compare_sweep(hkz_compare_result_t *r,
        const hkz_compare_sweep_opts_t *o, const hkz_progress_t *p);

#ifdef __cplusplus
}
#endif
#endif
