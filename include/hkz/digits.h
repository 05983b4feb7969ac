/* hkz/digits.h -- the digits-level C API: exact inputs in, a ball that
 * meets the accuracy goal out.
 *
 * PRECISION RULE OF THE LOW-LEVEL CALLS.  Every function of su2.h, su2n.h
 * and ly.h that takes a working precision `prec` returns an ENCLOSURE of
 * the exact value for the balls it is given, at any prec: it never
 * promises accuracy.  A ball can be valid and useless (hkz_su2_heat_sub at
 * t = 0.002, r = 0.3, z = 1.2 and prec = 53 gives [8.7e-23 +/- 3.1e-6]
 * with status HKZ_SUCCESS, the kernel being 9.08e-253: the spectral sum
 * cancels).
 * Two things are the caller's job there: (1) a Ziv loop -- evaluate at
 * increasing prec until arb_rel_accuracy_bits(res) reaches the goal
 * (hkz_goal_eval of hkz/goal.h); (2) inputs read ONCE at the largest
 * precision the loop may use plus a margin (goal.max_prec + 64 bits for
 * hkz_goal_eval; for the Lee-Yang drivers 2 rel_bits + 4 W + 1088 bits,
 * W the field weight, since their automatic max_prec is 2 rel_bits + 4 W
 * + 1024), because a decimal such as 0.001 is not a binary number and
 * its reading error caps the accuracy of everything computed from it.
 *
 * THE DIGITS CALLS below do both: they read decimal strings exactly as
 * balls at that precision (hkz_ball_set_str: "0.001", "-2.5e-3", "pi",
 * "[1.5 +/- 1e-10]", and "p/q" where that parser accepts it; an fmpq q is
 * passed as fmpq_get_str(NULL, 10, q)), run the loop and return
 *   HKZ_SUCCESS   the ball has >= digits significant decimal digits
 *                 (relative accuracy >= ceil(digits log2 10) bits, or the
 *                 value is exact);
 *   HKZ_ERR_PREC  the goal was missed at the largest precision (res is
 *                 still a valid enclosure, only too wide) -- never
 *                 HKZ_SUCCESS with a ball that misses the goal;
 *   HKZ_ERR_NOT_CERTIFIED  (products, Lee-Yang) no certified result: a
 *                 product tail without a proven bound, a zero list that
 *                 the count does not certify as complete;
 *   HKZ_ERR_ARG / HKZ_ERR_DOMAIN  bad input (message in hkz_errmsg()).
 * Their balls are those of the CLI for the same inputs and --digits (the
 * CLI makes the same calls; a lattice coupling is read at more than the
 * CLI's 4096 bits where the rule asks for more).  digits must lie in
 * [1, 100000].
 */
#ifndef HKZ_DIGITS_H
#define HKZ_DIGITS_H

#include "hkz/config.h"
#include "hkz/flint_compat.h"
#include "hkz/su2n.h"
#include "hkz/ly.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- building blocks (src/digits.c) ------------------------------------ */

/** goal = hkz_goal_init_digits(digits) after checking 1 <= digits <=
 *  100000 (HKZ_ERR_ARG otherwise). */
HKZ_API HKZ_WARN_UNUSED int hkz_digits_goal(hkz_goal_t *goal, slong digits);

/** x = the number s read by hkz_ball_set_str at prec (by the rule above
 *  goal.max_prec + 64 for a loop of hkz_goal_eval); HKZ_ERR_ARG naming
 *  the input ("t: not a decimal number: 'x'") for NULL or garbage. */
HKZ_API HKZ_WARN_UNUSED int hkz_digits_read(arb_t x, const char *name,
        const char *s, slong prec);

/* ---- SU(2) heat kernels (groups/su2/digits.c) --------------------------
 * t > 0; alpha in [0, pi]; r in [0, pi/2]; z any angle.  deriv: the
 * order of the time derivative d^deriv/dt^deriv, 0 <= deriv <= 64. */

/** h_t(alpha), the bi-invariant kernel (hkz heat su2). */
HKZ_API HKZ_WARN_UNUSED int hkz_su2_heat_bi_digits(arb_t res,
        const char *t, const char *alpha, slong digits);
HKZ_API HKZ_WARN_UNUSED int hkz_su2_heat_bi_deriv_digits(arb_t res,
        const char *t, const char *alpha, slong deriv, slong digits);

/** p_t(r, z), the sub-Laplacian kernel (hkz heat su2-sub). */
HKZ_API HKZ_WARN_UNUSED int hkz_su2_heat_sub_digits(arb_t res,
        const char *t, const char *r, const char *z, slong digits);
HKZ_API HKZ_WARN_UNUSED int hkz_su2_heat_sub_deriv_digits(arb_t res,
        const char *t, const char *r, const char *z, slong deriv,
        slong digits);

/** Kernel of L = -(a X^2 + b Y^2 + c Z^2), a, b > 0, c >= 0 (hkz heat
 *  su2-milnor) at g = [[a, -conj b], [b, conj a]] given by its entries
 *  g11 = a_re + i a_im, g21 = b_re + i b_im (|a|^2 + |b|^2 within 1e-10
 *  of 1; the value refers to (a, b) / norm, as --g). */
HKZ_API HKZ_WARN_UNUSED int hkz_su2_heat_milnor_digits(arb_t res,
        const char *a, const char *b, const char *c, const char *t,
        const char *a_re, const char *a_im, const char *b_re,
        const char *b_im, slong digits);

/** The same at g = exp(r(cos phi X + sin phi Y)) exp(zZ), r in [0, pi/2]
 *  (as --cyl). */
HKZ_API HKZ_WARN_UNUSED int hkz_su2_heat_milnor_cyl_digits(arb_t res,
        const char *a, const char *b, const char *c, const char *t,
        const char *r, const char *phi, const char *z, slong digits);

/* ---- SU(2) distances from e (groups/su2/digits.c) ---------------------- */

/** Riemannian d_R(e, g) and Carnot-Caratheodory d_CC(e, g) at the point
 *  of cylindrical coordinates (r, z), r in [0, pi/2] (hkz dist su2). */
HKZ_API HKZ_WARN_UNUSED int hkz_su2_dist_riem_digits(arb_t res,
        const char *r, const char *z, slong digits);
HKZ_API HKZ_WARN_UNUSED int hkz_su2_dist_cc_digits(arb_t res,
        const char *r, const char *z, slong digits);

/* ---- products SU(2)^n, SU(2)^infinity (groups/su2n/digits.c) ----------
 * weights: a weight spec of hkz_su2n_weights_set_str ("1,2,3", "i^2",
 * "0.5*2^i", "log(1+i)^2", "i^2@10", ...); op: HKZ_SU2N_DELTA or
 * HKZ_SU2N_L; point: the POINT syntax of hkz_su2n_point_set_str ("0.3,1.2;
 * e; 0.1,0.2,0.4"), NULL or "e" for the identity.  info may be NULL. */

/** mu_t(x) (hkz product heat).  A proven divergence (info->kind =
 *  HKZ_SU2N_DIVERGENT: no continuous density at t) gives res = +inf and
 *  HKZ_SUCCESS; a tail that cannot be certified (kind HKZ_SU2N_PARTIAL,
 *  res only a lower bound) gives HKZ_ERR_NOT_CERTIFIED. */
HKZ_API HKZ_WARN_UNUSED int hkz_su2n_heat_digits(arb_t res,
        hkz_su2n_info_t *info, const char *weights, int op, const char *t,
        const char *point, slong digits);

/** mu_t(x) for per-factor operators: factors "delta:A; sub:B;
 *  milnor:A,B,C" (hkz_su2n_ops_set_str, one factor per item), followed,
 *  unless tail_weights is NULL, by the factors of the family tail_weights
 *  with operator tail_op beyond them (hkz product heat --factors F
 *  [--delta-weights W]).  Results as hkz_su2n_heat_digits. */
HKZ_API HKZ_WARN_UNUSED int hkz_su2n_ops_heat_digits(arb_t res,
        hkz_su2n_info_t *info, const char *factors, const char *tail_weights,
        int tail_op, const char *t, const char *point, slong digits);

/** The intrinsic distance d(e, x) of the operator (hkz product dist). */
HKZ_API HKZ_WARN_UNUSED int hkz_su2n_dist_digits(arb_t res,
        const char *weights, int op, const char *point, slong digits);

/* ---- Lee-Yang zeros (ising/zeros/digits.c) --------------------------------
 * z must be initialized (hkz_ly_zeros_init(z, 0) will do); it is
 * re-initialized to the model's field weight W (computed here) and holds
 * the zeros with their flags and the count certificate (z->complete,
 * z->nisolated) also on HKZ_ERR_PREC / HKZ_ERR_NOT_CERTIFIED.  HKZ_SUCCESS
 * means: complete (n = floor(W/2) simple zeros, certified by the Lee-Yang
 * count) and every theta_j to >= digits significant digits.  opts may be
 * NULL (defaults of hkz_ly_opts_init); its nthreads, method, grid,
 * progress and checkpoint are used, its goal is replaced by digits
 * (hkz_ly_opts_set_digits, automatic max_prec), the rest is ignored: a
 * digits call runs in one process.  No time budget: the exact table of a
 * large lattice can take days (hkz zeros lattice refuses those; estimate
 * the cost first with hkz_ising_dos_transfer_estimate). */

/** Curie-Weiss K_N, coupling t > 0 per edge (hkz zeros cw --t). */
HKZ_API HKZ_WARN_UNUSED int hkz_ly_cw_zeros_digits(hkz_ly_zeros_t z,
        slong N, const char *t, slong digits, const hkz_ly_opts_t *opts);

/** A ferromagnetic model built in code.  coupling: NULL keeps the
 *  model's scale; otherwise the common factor of every coupling (J_e =
 *  coupling * c_e): a decimal > 0 or "kc" (K_c = log(1 + sqrt 2)/2),
 *  read at the precision of the rule above. */
HKZ_API HKZ_WARN_UNUSED int hkz_ly_zeros_model_digits(hkz_ly_zeros_t z,
        const hkz_ising_model_t m, const char *coupling, slong digits,
        const hkz_ly_opts_t *opts);

/** A graph given as the text of an edge list (hkz_ising_model_read_str:
 *  lines "u v J", J >= 0; hkz zeros graph). */
HKZ_API HKZ_WARN_UNUSED int hkz_ly_graph_zeros_digits(hkz_ly_zeros_t z,
        const char *edges, slong digits, const hkz_ly_opts_t *opts);

/** The L x M square lattice (boundary HKZ_ISING_TORUS or
 *  HKZ_ISING_CYLINDER) with coupling K > 0 on every bond, a decimal or
 *  "kc" (hkz zeros lattice). */
HKZ_API HKZ_WARN_UNUSED int hkz_ly_lattice_zeros_digits(hkz_ly_zeros_t z,
        slong L, slong M, int boundary, const char *coupling, slong digits,
        const hkz_ly_opts_t *opts);

#ifdef __cplusplus
}
#endif
#endif
