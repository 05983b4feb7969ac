/* hkz/compare_x8.h -- experiment X8 of spec 6.4: mixing-type
 * (non-product) left-invariant operators on SU(2)^n (groups/su2mix).
 *
 * L = -sum_k V_k^2 given as an operator (hkz/su2mix.h).  For every irrep
 * pi = (x) V_{n_i} of the box n_i <= nmax_i the block Lhat(pi) is
 * diagonalized and its eigenvalues certified; the tail outside the box is
 * bounded through a product-type L0 <= K L.  Rows (one per t): mu^L_t(e)
 * (certified ball), its box part, the tail bound, mu^{L0}_{t/K}(e), the
 * comparison at K_check.  Verdict PASS when, certified:
 *   - L >= L0/K holds blockwise (lambda_min and every trace) on the box;
 *   - K <= K_check, lambda_min(Lhat) >= lambda_min(Lhat0)/K_check for
 *     every block and mu^L_t(e) <= mu^{L0}_{t/K_check}(e) for every t;
 *   - the C*(gamma) bracket [max over the box, K C*_{L0}] is consistent;
 *   - the double values lie in the certified enclosures, which carry
 *     min(digits, 30 bits) of accuracy.
 * With certified = 0 only the double path runs and the verdict uses the
 * double numbers.
 *
 * Distributed runs: the blocks are independent.  Every process creates
 * the experiment, computes a block range into exact text records
 * (hkz_compare_x8_blocks), one process concatenates them in block order
 * (hkz_dist_gather) and finishes: the result is bitwise that of the
 * unsplit run, whatever the split.
 */
#ifndef HKZ_COMPARE_X8_H
#define HKZ_COMPARE_X8_H

#include "hkz/compare.h"
#include "hkz/progress.h"
#include "hkz/su2n.h"
#include "hkz/su2mix.h"
#include "hkz/dist.h"

#ifdef __cplusplus
extern "C" {
#endif

/* at most this many factors and times */
#define HKZ_COMPARE_X8_MAXN 16
#define HKZ_COMPARE_X8_MAXT 64

typedef struct
{
    slong digits;          /* working precision (hkz_compare_x8_prec) */
    int certified;         /* 1; 0: the double path only */
    const hkz_su2mix_op_struct *op;   /* L (n = op->n factors) */
    const slong *nmax;     /* n entries >= 1; largest block <= 4096 */
    arb_srcptr t;          /* nt > 0 times */
    slong nt;
    const arb_struct *gamma;   /* > 0 (spec: 1/2) */
    arb_srcptr dw;         /* Delta weights a_i > 0, n entries */
    const arb_struct *K_check; /* > 0; NULL: the proven K */
    int blocks;            /* also one row per block */
    const hkz_su2n_point_struct *at;  /* NULL, or a point with <= n
                              coordinates: rows mu^L_t(x) (engine, double,
                              certified: false) */
    const char *at_label;  /* the point's text for the rows ("pi") */
    hkz_dist_t dist;       /* ranks sharing the blocks (hkz_compare_x8_run;
                              NULL: this process alone) */
} hkz_compare_x8_opts_t;

/** Zero / NULL everywhere, digits = 30, certified = 1. */
HKZ_API void hkz_compare_x8_opts_init(hkz_compare_x8_opts_t *o);

/** Working precision for digits: max(128, 3.33 digits + 64) bits (the
 *  eigenvalue enclosures carry about 13 digits whatever it is). */
HKZ_API slong hkz_compare_x8_prec(slong digits);

/** Default box: nmax_i = 6 (n <= 2), 4 (n = 3), 2 (n >= 4). */
HKZ_API slong hkz_compare_x8_default_nmax(slong n);

/** The default operator of example (ii): b_i = (i+1)^2 (i < n) and
 *  eps_i = 1/2 (i < n - 1). */
HKZ_API void hkz_compare_x8_example_defaults(arb_ptr b, arb_ptr eps,
                                             slong n);

/** The default Delta weights: a_i = b_i for example (ii) (b: its
 *  operator's weights), a_i = 1 for an operator from fields (b = NULL). */
HKZ_API void hkz_compare_x8_default_dw(arb_ptr dw, arb_srcptr b, slong n);

/** The comparison constant of example (ii) (spec X8(ii)):
 *  K_spec = max(2, 1 + 2 sup_i eps_i^2 b_i / b_{i+1}), i < n - 1. */
HKZ_API void hkz_compare_x8_kspec(arb_t K, arb_srcptr b, arb_srcptr eps,
                                  slong n, slong prec);

typedef struct hkz_compare_x8_s *hkz_compare_x8_t;

/** Checks the options and sets up the box and the minorant.  The arrays
 *  and objects of o are borrowed until destroy.  HKZ_ERR_ARG ("name:
 *  why") for bad options, HKZ_ERR_UNSUPPORTED when L has no product-type
 *  minorant (no certified tail). */
HKZ_API HKZ_WARN_UNUSED int hkz_compare_x8_create(hkz_compare_x8_t *x,
        const hkz_compare_x8_opts_t *o);
/** NULL-safe; sets *x = NULL. */
HKZ_API void hkz_compare_x8_destroy(hkz_compare_x8_t *x);

/** Number of blocks of the box (prod nmax_i). */
HKZ_API slong hkz_compare_x8_nblocks(const hkz_compare_x8_t x);

/** Computes the blocks [b0, b1) and appends their exact records to *rec
 *  (flint_realloc'ed, length *len; start with NULL, 0), reporting
 *  (blocks done, b1 - b0) to p (NULL ok) after each block; when p asks to
 *  stop with blocks left: HKZ_ERR_INTERRUPTED (no checkpoint: the box is
 *  recomputed). */
HKZ_API HKZ_WARN_UNUSED int hkz_compare_x8_blocks(char **rec, size_t *len,
        hkz_compare_x8_t x, slong b0, slong b1, const hkz_progress_t *p);

/** From the records of all blocks in block order: the tails, the checks,
 *  the rows and the verdict into r (initialized by the caller). */
HKZ_API HKZ_WARN_UNUSED int hkz_compare_x8_finish(hkz_compare_result_t *r,
        hkz_compare_x8_t x, const char *rec, size_t len);

/** Collective over o.dist (NULL: this process alone): the blocks split
 *  over the ranks by the runner (hkz/runner.h), rank 0 receives every
 *  block's record and finishes into r (initialized by the caller; other
 *  ranks leave it as it is).  p gets (blocks done on this rank, blocks)
 *  after each block; a stop request: HKZ_ERR_INTERRUPTED.  The status
 *  is agreed over the ranks. */
HKZ_API HKZ_WARN_UNUSED int hkz_compare_x8_run(hkz_compare_result_t *r,
        hkz_compare_x8_t x, const hkz_progress_t *p);

/** The whole experiment (create, hkz_compare_x8_run); p as there. */
HKZ_API HKZ_WARN_UNUSED int hkz_compare_x8(hkz_compare_result_t *r,
        const hkz_compare_x8_opts_t *o, const hkz_progress_t *p);

#ifdef __cplusplus
}
#endif
#endif
