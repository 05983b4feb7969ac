/* hkz/ly.h -- certified Lee-Yang zeros (and, through hkz/ly_track.h and
 * hkz/ly_family.h, which it includes, their trajectories).
 *
 * CONVENTIONS (spec lee_yang_zeros.md sections 1.2-1.5, 3).  For a model
 * with total field weight W, z = exp(-2h) and on the imaginary field axis
 * h = i theta
 *   F(theta) = Z(i theta) = sum_{k=0}^{W} a_k cos((W - 2k) theta)
 *            = sum_{j=0}^{W/2} c_j cos((W - 2j) theta)            (folded)
 * with c_j = a_j + a_{W-j} for 2j < W and c_{W/2} = a_{W/2}.  F is real,
 * F(pi - theta) = (-1)^W F(theta), and F(pi/2) = 0 when W is odd (the
 * trivial zero).  The principal zeros are 0 < theta_1 < ... < theta_n <
 * pi/2, n = floor(W/2), i.e. z_j = exp(-2 i theta_j).
 *
 * CERTIFICATE (spec 3.4).  A real trigonometric polynomial of degree W
 * with F(pi - theta) = (-1)^W F(theta) has at most W zeros in [0, pi)
 * counted with multiplicity (any real coefficients).  If n disjoint
 * intervals in (0, pi/2) each show certified opposite signs of F at their
 * ends, they hold 2n (+1 for pi/2 when W is odd) = W zeros: every zero is
 * simple, each interval holds exactly one, and the list is complete.  A
 * result is flagged certified only through this count; otherwise the
 * driver returns HKZ_ERR_NOT_CERTIFIED and says what is missing.
 *
 * CURIE-WEISS (spec 2.6, 3.1).  K_N with coupling t PER EDGE (beta = N t):
 *   F_N(t, theta) = e^{t(N^2-N)/2} G_N(t, theta),
 *   G_N(t, theta) = sum_{k=0}^{N/2} b_k cos((N-2k) theta),
 *   b_k = eps_k C(N,k) q^{k(N-k)},  q = e^{-2t},  eps_k = 2 (2k<N), 1 (2k=N).
 * Functions named hkz_ly_cw_* evaluate the normalized G_N (the positive
 * factor is dropped: same zeros and signs; dG/dt = dF/dt at a zero).
 * hkz_ly_cw_integral uses the Hubbard-Stratonovich form
 *   F_N(t, theta) = e^{-tN/2} (2 pi t)^{-1/2}
 *                   int_R e^{-x^2/(2t)} (2 cosh(x + i theta))^N dx,
 * integrated on a horizontal line through the saddle points, where it has
 * no exponential cancellation (see ising/cw/cw_integral.c).
 *
 * Conventions: outputs first, then inputs, then options, then prec (bits).
 * Functions return HKZ_SUCCESS or an error code with a message in
 * hkz_errmsg().  Ball outputs are enclosures.
 */
#ifndef HKZ_LY_H
#define HKZ_LY_H

#include "hkz/config.h"
#include "hkz/flint_compat.h"
#include "hkz/ising.h"
#include "hkz/goal.h"
#include "hkz/progress.h"
#include "hkz/checkpoint.h"
#include "hkz/dist.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- options and results (ising/zeros/zeros_opts.c, zeros_init.c) -------- */

typedef enum
{
    HKZ_LY_METHOD_AUTO = 0,     /* Curie-Weiss: direct for N <= 256 or
                                   beta = N t >= 8, else integral */
    HKZ_LY_METHOD_DIRECT,       /* cosine sum of the coefficients (any model) */
    HKZ_LY_METHOD_INTEGRAL      /* Curie-Weiss saddle-line integral */
} hkz_ly_method_t;

typedef struct
{
    hkz_goal_t goal;    /* goal.rel_bits: relative accuracy of every zero
                           (default 53); goal.max_prec: largest working
                           precision, 0: automatic (2 rel_bits + 4 W +
                           1024); goal.start_prec: unused */
    int nthreads;       /* at most this many threads of FLINT's pool
                           (flint_set_num_threads sets its size); <= 0: 2 */
    int method;         /* hkz_ly_method_t (Curie-Weiss only) */
    slong grid;         /* scan points per principal zero (0: 8) */
    const hkz_progress_t *progress; /* per zero / per round of steps; a
                           non-zero return stops with HKZ_ERR_INTERRUPTED
                           (NULL: none) */
    hkz_ckpt_t checkpoint;  /* zero drivers: a record per finished zero,
                           reused on resume; opened by the caller after
                           hkz_ly_zeros_ckpt_params (NULL: none) */
    hkz_dist_t dist;    /* zero drivers: the ranks sharing the units of
                           one run (hkz/runner.h: each refines its block
                           of the zeros, every rank ends with the bytes of
                           one process); NULL: this process alone */
} hkz_ly_opts_t;

/** Defaults: 53 bits, automatic max_prec, 2 threads, automatic method, no
 *  progress, checkpoint or ranks. */
HKZ_API void hkz_ly_opts_init(hkz_ly_opts_t *opts);

/** Sets goal.rel_bits for the given number of significant decimal digits
 *  (ceil(digits log2 10) + 4 guard bits; max_prec stays automatic). */
HKZ_API void hkz_ly_opts_set_digits(hkz_ly_opts_t *opts, slong digits);

/** Declares every option that determines a zero list (rel_bits,
 *  max_prec, method, grid) as checkpoint parameters; the caller adds the
 *  model's own (family, N / graph checksum, t, ...) and then opens c. */
HKZ_API HKZ_WARN_UNUSED int hkz_ly_zeros_ckpt_params(hkz_ckpt_t c,
        const hkz_ly_opts_t *opts);

/* Per-zero flags. */
#define HKZ_LY_ZERO_UNKNOWN 0     /* nothing certified */
#define HKZ_LY_ZERO_ISOLATED 1    /* the ball holds a zero of F; index unknown */
#define HKZ_LY_ZERO_CERTIFIED 2   /* the ball holds theta_j, simple, list complete */

typedef struct
{
    slong W;            /* degree (total field weight) */
    slong n;            /* floor(W/2) principal zeros */
    arb_ptr theta;      /* theta[0..n-1] = theta_1 < ... < theta_n */
    int *flag;          /* HKZ_LY_ZERO_* per entry */
    slong nisolated;    /* entries 0..nisolated-1 hold isolated zeros */
    int complete;       /* 1: n certified simple zeros (Lee-Yang count) */
    int trivial;        /* 1: W odd, theta = pi/2 is a zero (not listed) */
    slong prec;         /* largest working precision used (bits) */
    int method;         /* hkz_ly_method_t actually used */
    slong j0, len;      /* theta[i], flag[i] are the zeros j0 + i + 1,
                           i < len: j0 = 0, len = n unless part */
    int part;           /* 1: this process holds only its block (see
                           hkz_ly_zeros_init_part) */
    double done_wall, done_cpu; /* part results: CLOCK_MONOTONIC and
                           process CPU seconds when this process had
                           certified its block (before waiting for the
                           others); 0 otherwise */
    slong done_count;   /* part results: zeros this process certified
                           (pieces of its block and of others'); -1:
                           not counted */
} hkz_ly_zeros_struct;
typedef hkz_ly_zeros_struct hkz_ly_zeros_t[1];

HKZ_API void hkz_ly_zeros_init(hkz_ly_zeros_t z, slong W);
/** A result for rank `rank` of size (size > 1) sharing one run through
 *  opts->dist (of that rank and size): z holds only the block [j0, j0 + len) of the n zeros
 *  (hkz_dist_block rule; hkz_ly_cw_zeros moves the boundaries to balance
 *  its cost model and to its pieces, the same on every process), part =
 *  1.  Without a checkpoint hkz_ly_cw_zeros certifies in pieces of <=
 *  1024 zeros taken at run time: a process that has done its block takes
 *  pieces of the others' and sends the results to their owners, so that
 *  the processes end together.
 *  hkz_ly_cw_zeros (integral method)
 *  then predicts and certifies only this block (memory O(n / size)); the
 *  fields nisolated, complete, prec are global (agreed over the
 *  processes).  When the block method cannot certify every zero, the
 *  driver falls back to the whole list on every process (part = 0, j0 =
 *  0, len = n).  Other drivers need part = 0.  size <= 1: as
 *  hkz_ly_zeros_init. */
HKZ_API void hkz_ly_zeros_init_part(hkz_ly_zeros_t z, slong W, int rank,
        int size);
/** The result of this rank of d in one run over d (opts->dist = d): a
 *  part result (hkz_ly_zeros_init_part) under several ranks, a whole one
 *  for one rank or d = NULL (ising/zeros/zeros_ranks.c). */
HKZ_API void hkz_ly_zeros_init_dist(hkz_ly_zeros_t z, slong W,
        hkz_dist_t d);
HKZ_API void hkz_ly_zeros_clear(hkz_ly_zeros_t z);

/* ---- cosine sums (ising/zeros/zeros_cos*.c) ------------------------------ */

/** c_j = a_j + a_{W-j} (2j < W), c_{W/2} = a_{W/2}: W/2 + 1 entries. */
HKZ_API void hkz_ly_fold(arb_ptr c, arb_srcptr a, slong W, slong prec);

/** res[r] = d^r F / d theta^r for r = 0..nder at the ball theta, where
 *  F = sum_j c_j cos((W-2j) theta) (c has W/2 + 1 entries).  Evaluated as
 *  Re of exp(i m theta) powers on the unit circle (never the Chebyshev
 *  recurrence); a ball theta uses a Taylor form at its midpoint (point
 *  derivatives plus a ball remainder of adaptive order). */
HKZ_API HKZ_WARN_UNUSED int hkz_ly_cos_eval(arb_ptr res, slong nder,
        arb_srcptr c, slong W, const arb_t theta, slong prec);

/* ---- the generic certified driver (ising/zeros/zeros_fun.c) -------------- */

/* A real function F of theta on (0, pi/2) with the degree-W structure
 * above.  eval: res[i] encloses F(theta[i]) at the exact points (npts of
 * them, all close together; thread safe).  newton: F and dF/dtheta at a
 * point (may be approximate unless newton_rigorous).  predict (optional):
 * approximations of all n zeros, increasing; NULL means a grid scan.
 * prec_hint (optional): bits to add to the starting precision near theta
 * (the expected cancellation of an evaluation there).  bracket (optional):
 * from an approximation x0, one Newton step to x1 and a certified bracket
 * a < b around x1 of width about wt (opposite signs sa, sb); returns 1 on
 * success and 0 to let the driver use newton and eval instead. */
typedef struct
{
    slong W;
    int (*eval)(arb_ptr res, arf_srcptr theta, slong npts, void *ctx,
                slong prec);
    int (*newton)(arb_t F, arb_t dF, const arf_t theta, void *ctx,
                  slong prec);
    int newton_rigorous;
    int (*predict)(double *theta, slong n, void *ctx);
    slong (*prec_hint)(double theta, void *ctx);
    int (*bracket)(arf_t a, arf_t b, int *sa, int *sb, const arf_t x0,
                   const arf_t wt, void *ctx, slong prec);
    void *ctx;
} hkz_ly_fun_struct;

/** All principal zeros of f, certified by the count (see top).  Returns
 *  HKZ_SUCCESS (complete, each radius <= 2^-rel_bits theta_j),
 *  HKZ_ERR_PREC (complete but some zero wider than asked at max_prec) or
 *  HKZ_ERR_NOT_CERTIFIED (fewer than n isolated; the message says how many
 *  and where the search stopped). */
HKZ_API HKZ_WARN_UNUSED int hkz_ly_zeros_fun(hkz_ly_zeros_t z,
        const hkz_ly_fun_struct *f, const hkz_ly_opts_t *opts);

/* ---- zeros of coefficient vectors (ising/zeros/zeros_cos_zeros.c, ...) --- */

/* Fills the folded coefficients c_0..c_{W/2} at working precision prec
 * (called with increasing prec; need not be thread safe). */
typedef int (*hkz_ly_coeffs_fn)(arb_ptr c, void *param, slong prec);

/** Zeros of F = sum c_j cos((W-2j) theta), coefficients from fn. */
HKZ_API HKZ_WARN_UNUSED int hkz_ly_zeros_cos(hkz_ly_zeros_t z, slong W,
        hkz_ly_coeffs_fn fn, void *param, const hkz_ly_opts_t *opts);

/** Zeros for fixed coefficient balls a_0..a_W (no precision increase of
 *  the coefficients: too wide balls give HKZ_ERR_NOT_CERTIFIED/PREC). */
HKZ_API HKZ_WARN_UNUSED int hkz_ly_zeros_poly(hkz_ly_zeros_t z,
        arb_srcptr a, slong W, const hkz_ly_opts_t *opts);

/** Zeros of a ferromagnetic model (hkz_ising_poly at increasing
 *  precision).  HKZ_ERR_DOMAIN if some coupling may be negative. */
HKZ_API HKZ_WARN_UNUSED int hkz_ly_zeros_model(hkz_ly_zeros_t z,
        const hkz_ising_model_t m, const hkz_ly_opts_t *opts);

/** Interval Newton step (spec 3.4): X' = m - F(m)/F'(X) for X = theta,
 *  F the cosine sum c.  Sets res = X' intersected with X and *inside = 1
 *  iff X' lies in the interior of X (then X holds exactly one zero, which
 *  is simple).  F'(X) uses the Taylor form of hkz_ly_cos_eval. */
HKZ_API HKZ_WARN_UNUSED int hkz_ly_cos_newton(arb_t res, int *inside,
        arb_srcptr c, slong W, const arb_t theta, slong prec);

/* ---- Curie-Weiss (ising/cw_*.c) ----------------------------------------- */

/** b[r*(N/2+1) + k] = d^r b_k / dt^r = (-2k(N-k))^r b_k for r = 0..nder,
 *  k = 0..N/2 (t may be a ball; t >= 0). */
HKZ_API HKZ_WARN_UNUSED int hkz_ly_cw_coeffs(arb_ptr b, slong nder, slong N,
        const arb_t t, slong prec);

/** G_N, dG_N/dtheta, dG_N/dt at the balls (t, theta) by the direct cosine
 *  sum; outputs may be NULL. */
HKZ_API HKZ_WARN_UNUSED int hkz_ly_cw_eval(arb_t G, arb_t Gtheta, arb_t Gt,
        slong N, const arb_t t, const arb_t theta, slong prec);

/** Saddle-line integral: res[i] * exp(logscale) encloses F_N(t, theta_i)
 *  (unnormalized, spec 2.6) at the exact points theta[0..npts-1], which
 *  should lie close together in (0, pi/2].  logscale may be NULL.  Rigorous:
 *  discretization (Poisson summation / contour shift), node truncation
 *  and tail bounds are added to the radius. */
HKZ_API HKZ_WARN_UNUSED int hkz_ly_cw_integral(arb_ptr res, arb_t logscale,
        arf_srcptr theta, slong npts, slong N, const arb_t t, slong prec);

/** Double-precision approximations of all N/2 principal zeros (saddle
 *  phase + Newton on the integral).  NOT certified.  Returns the number of
 *  zeros produced (N/2) or -1 on failure. */
HKZ_API slong hkz_ly_cw_predict_d(double *theta, slong N, double t);

/** All principal Curie-Weiss zeros at coupling t > 0 (t may be a ball: the
 *  balls then hold theta_j(t) for every t in it; the direct method needs
 *  rad(t)/t below about 2^-(rel_bits + 2.3 N), so read a decimal t at
 *  max_prec + 64 bits, i.e. 2 rel_bits + 4 N + 1088 bits when max_prec is
 *  automatic -- or call hkz_ly_cw_zeros_digits of hkz/digits.h, which
 *  reads t and sizes z itself). */
HKZ_API HKZ_WARN_UNUSED int hkz_ly_cw_zeros(hkz_ly_zeros_t z, slong N,
        const arb_t t, const hkz_ly_opts_t *opts);

/** The coupling per edge t from an input x: t = x, or t = x / N when beta
 *  (beta = N t, a label).  HKZ_ERR_DOMAIN unless t > 0. */
HKZ_API HKZ_WARN_UNUSED int hkz_ly_cw_coupling(arb_t t, const arb_t x,
        int beta, slong N, slong prec);

/** HKZ_ERR_DOMAIN "K must be > 0" unless the uniform bond coupling K of a
 *  model (hkz_ising_model_set_scale) is > 0. */
HKZ_API HKZ_WARN_UNUSED int hkz_ly_coupling_check(const arb_t K);

#ifdef __cplusplus
}
#endif
#include "hkz/ly_track.h"    /* trajectories and their verifiers */
#include "hkz/ly_family.h"   /* the tracking families */
#endif
