/* hkz/su2n.h -- products SU(2)^n and SU(2)^infinity: heat kernels,
 * intrinsic distances, existence criteria, comparison constants.
 *
 * NORMALIZATION: N_unit weights (spec heat_kernels_su2.md sections 1, 5).
 * Factor i carries X_i, Y_i, Z_i; the operators are
 *   Delta_a = sum_i a_i Delta_i  (bi-invariant, Delta_i = -(X_i^2+Y_i^2+Z_i^2))
 *   L_b     = sum_i b_i L_i      (sub-Laplacian, L_i = -(X_i^2+Y_i^2)).
 * Heat kernels are densities of exp(-t Delta_a), exp(-t L_b) (no factor
 * 1/2) with respect to the product Haar probability measure:
 *   mu_t(x) = prod_i h_{a_i t}(alpha(x_i))  resp.  prod_i p_{b_i t}(r_i, z_i).
 * Distances: d(e, x)^2 = sum_i d_R(x_i)^2 / a_i resp. sum_i d_sR(x_i)^2 / b_i.
 * Weights given in the spin normalization ([X,Y] = Z) are converted by
 * hkz_su2n_weights_from_spin (divide by 4; spec section 1.4).
 *
 * Weights and coordinates are numbered i = 1, 2, 3, ... as in the spec.
 *
 * Conventions as in su2.h: outputs first, prec (bits) last; functions
 * return HKZ_SUCCESS or an error code (message in hkz_errmsg()); a ball
 * output encloses the exact value (possibly wide) or is indeterminate on
 * error.  A value +infinity is returned as the arb +inf (arb_pos_inf), and
 * only where it is proven.
 */
#ifndef HKZ_SU2N_H
#define HKZ_SU2N_H

#include "hkz/config.h"
#include "hkz/flint_compat.h"
#include "hkz/su2.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- operator kinds ---------------------------------------------------- */

#define HKZ_SU2N_DELTA 0   /* bi-invariant Delta_a, factor h_s, gap 3 */
#define HKZ_SU2N_L 1       /* sub-Laplacian L_b, factor p_s, gap 2 */

/* ---- weight families (groups/su2n/weights*.c) -------------------------- */

#define HKZ_SU2N_LIST 0    /* finite list w_1..w_n: the group SU(2)^n */
#define HKZ_SU2N_POW 1     /* w_i = c i^p, p >= 1 real */
#define HKZ_SU2N_GEOM 2    /* w_i = c 2^i */
#define HKZ_SU2N_LOG 3     /* w_i = c log(1+i) */
#define HKZ_SU2N_LOG2 4    /* w_i = c log(1+i)^2 */
#define HKZ_SU2N_SEQ 5     /* w_i = c fn(i), increasing, user-supplied */

/** User sequence: sets w to an enclosure of fn(i) (i >= 1) and returns a
 *  status.  The sequence must be increasing and positive; with a gap bound
 *  g > 0 it must satisfy fn(i+1) - fn(i) >= g for all i >= 1. */
typedef int (*hkz_su2n_seq_fn)(arb_t w, ulong i, void *param, slong prec);

typedef struct
{
    int family;          /* HKZ_SU2N_LIST, ... */
    arb_struct c;        /* scale (families and sequences) */
    arb_struct p;        /* exponent (HKZ_SU2N_POW) */
    arb_struct gap;      /* lower bound on gaps (HKZ_SU2N_SEQ; 0: none) */
    arb_ptr list;        /* HKZ_SU2N_LIST: w_1..w_len */
    slong len;
    hkz_su2n_seq_fn fn;  /* HKZ_SU2N_SEQ */
    void *param;
    slong max_factors;   /* cap on the factors multiplied (default 2^20) */
    slong seq_len;       /* HKZ_SU2N_SEQ without gap: factors used */
} hkz_su2n_weights_struct;
typedef hkz_su2n_weights_struct hkz_su2n_weights_t[1];

/** Initializes to the empty list (the trivial group). */
HKZ_API void hkz_su2n_weights_init(hkz_su2n_weights_t w);
HKZ_API void hkz_su2n_weights_clear(hkz_su2n_weights_t w);

/** w = a[0..n-1] (copied); HKZ_ERR_DOMAIN unless every a_i > 0. */
HKZ_API HKZ_WARN_UNUSED int hkz_su2n_weights_set_list(hkz_su2n_weights_t w,
        arb_srcptr a, slong n);

/** w_i = c i^p (c > 0, p >= 1). */
HKZ_API HKZ_WARN_UNUSED int hkz_su2n_weights_set_pow(hkz_su2n_weights_t w,
        const arb_t c, const arb_t p);

/** w_i = c 2^i (c > 0). */
HKZ_API HKZ_WARN_UNUSED int hkz_su2n_weights_set_geom(hkz_su2n_weights_t w,
        const arb_t c);

/** w_i = c log(1+i) (c > 0). */
HKZ_API HKZ_WARN_UNUSED int hkz_su2n_weights_set_log(hkz_su2n_weights_t w,
        const arb_t c);

/** w_i = c log(1+i)^2 (c > 0). */
HKZ_API HKZ_WARN_UNUSED int hkz_su2n_weights_set_log2(hkz_su2n_weights_t w,
        const arb_t c);

/** w_i = c fn(i, param) (c = 1; see hkz_su2n_weights_scale), an
 *  increasing positive sequence.  gap (NULL or 0: none) is a proven lower
 *  bound g > 0 on fn(i+1) - fn(i) for all i >= 1; it certifies the
 *  infinite tail.  Without it only the partial product of the first nhead
 *  factors can be returned (flagged HKZ_SU2N_PARTIAL). */
HKZ_API HKZ_WARN_UNUSED int hkz_su2n_weights_set_seq(hkz_su2n_weights_t w,
        hkz_su2n_seq_fn fn, void *param, const arb_t gap, slong nhead);

/** w = the finite list of the first n weights of src (truncation to
 *  SU(2)^n); aliasing allowed.  HKZ_ERR_ARG unless 0 <= n <= length for a
 *  list, n <= the max_factors cap of src (default 2^20; w takes it) for a
 *  family or sequence. */
HKZ_API HKZ_WARN_UNUSED int hkz_su2n_weights_set_head(hkz_su2n_weights_t w,
        const hkz_su2n_weights_t src, slong n, slong prec);

/** Multiplies every weight by c > 0 (families and sequences: the scale). */
HKZ_API HKZ_WARN_UNUSED int hkz_su2n_weights_scale(hkz_su2n_weights_t w,
        const arb_t c, slong prec);

/** Weights given in N_spin ([X,Y] = Z): divide by 4 (exact). */
HKZ_API void hkz_su2n_weights_from_spin(hkz_su2n_weights_t w);

/** res = w_i (i >= 1; i <= length for lists). */
HKZ_API HKZ_WARN_UNUSED int hkz_su2n_weights_get(arb_t res,
        const hkz_su2n_weights_t w, slong i, slong prec);

/** Number of factors: the list length, or -1 for an infinite family. */
HKZ_API slong hkz_su2n_weights_length(const hkz_su2n_weights_t w);

/** Cap on the number of factors a product may multiply (>= 1). */
HKZ_API void hkz_su2n_weights_set_max_factors(hkz_su2n_weights_t w,
        slong n);

/** res = a copy of src (deep for lists; a user sequence shares fn and
 *  param).  Aliasing allowed. */
HKZ_API HKZ_WARN_UNUSED int hkz_su2n_weights_set(hkz_su2n_weights_t res,
        const hkz_su2n_weights_t src);

/* ---- weight specs as text (weights_str.c) ------------------------------ */

/** Parses a weight spec (numbers are decimals read exactly as by
 *  hkz_ball_set_str of hkz/io.h, or "pi"; C > 0).  Whitespace between
 *  tokens is ignored ("2 * i ^ 2", "log (1 + i)", "i^2 @ 3"), but
 *  whitespace inside a number or name is an error ("1 2" is not 12:
 *  separate weights by ','; the same holds for the lines of a file):
 *    [C*]i^P (P >= 1; "i^1" = "i"), [C*]i, [C*]2^i, [C*]log(1+i),
 *    [C*]log(1+i)^2 (also "(log(1+i))^2")      -- infinite families;
 *    "W1,W2,..." or "list:W1,W2,..." (a single number: one factor)
 *                                              -- SU(2)^n, n = length;
 *    "file:PATH" (one weight per line, blank lines and '#' comments
 *    ignored; see hkz_su2n_weights_read_file)  -- SU(2)^n.
 *  A suffix "@N" (N >= 1) on any spec keeps the first N factors only: the
 *  result is the finite list w_1..w_N (SU(2)^N; for a list N <= length,
 *  for a family N <= the max_factors cap of w, default 2^20).
 *  On error (HKZ_ERR_ARG with a message quoting the bad part, e.g.
 *  "weight spec 'i^0.5': exponent must be >= 1"; HKZ_ERR_IO for an
 *  unreadable file) w is unchanged.  The max_factors cap of w is kept. */
HKZ_API HKZ_WARN_UNUSED int hkz_su2n_weights_set_str(hkz_su2n_weights_t w,
        const char *spec, slong prec);

/** Canonical text of w for output metadata (free with flint_free): the
 *  family forms above ("i^2", "0.5*2^i", "log(1+i)") or a comma list.
 *  Numbers are written as short decimals when the ball is (to >= 50 bits)
 *  such a decimal, as "pi" when it encloses pi, else as "[mid +/- rad]";
 *  set_str of the text gives back the same family / list (balls
 *  containing the original).  A user sequence gives "seq(c=..,gap=..)",
 *  which is not parseable.  NULL only for invalid w. */
HKZ_API char *hkz_su2n_weights_get_str(const hkz_su2n_weights_t w);

/** Reads a finite list from a text file: one weight per line (a number as
 *  in set_str, whitespace around it ignored, inside it an error: "1 4" is
 *  refused, not read as 14), blank lines and '#' comments (whole or
 *  trailing) ignored.  Errors name the line: "weight file 'f' line 3:
 *  ...".  HKZ_ERR_IO if the file cannot be read, HKZ_ERR_ARG for bad
 *  contents or no weights.  On error w is unchanged. */
HKZ_API HKZ_WARN_UNUSED int hkz_su2n_weights_read_file(hkz_su2n_weights_t w,
        const char *path, slong prec);

/* ---- existence / continuity / (CK*) decisions, spec 5.4 (decide.c) ---- */

#define HKZ_SU2N_NO 0
#define HKZ_SU2N_YES 1
#define HKZ_SU2N_UNKNOWN 2

typedef struct
{
    int density_at_t;   /* mu_t has a continuous density:
                           sum_i e^{-lambda_1 w_i t} < inf */
    int l2_at_t;        /* mu_t has an L^2 density: the same at 2t */
    int density_all_t;  /* continuous density for every t > 0:
                           log N(s) = o(s), N(s) = #{i : w_i <= s} */
    int ck;             /* (CK*): lim_{t->0} t log mu_t(e) = 0: N(s) = o(s) */
} hkz_su2n_decision_t;

/** The decisions of spec 5.4 for the operator op (lambda_1 = 3 for DELTA,
 *  2 for L) with weights w, each HKZ_SU2N_YES / _NO only when proven, else
 *  HKZ_SU2N_UNKNOWN.  t may be NULL (then the at_t fields are UNKNOWN);
 *  otherwise t > 0.  Finite lists: all YES.  i^p: YES except ck = NO for
 *  p = 1; c 2^i: all YES; log(1+i): density_at_t iff lambda_1 c t > 1
 *  (UNKNOWN if the ball straddles 1), all_t NO, ck NO; log(1+i)^2: ck NO,
 *  the rest YES; user sequences with a gap bound: all YES but ck UNKNOWN,
 *  without: all UNKNOWN. */
HKZ_API HKZ_WARN_UNUSED int hkz_su2n_decide(hkz_su2n_decision_t *d,
        const hkz_su2n_weights_t w, int op, const arb_t t, slong prec);

/* ---- points with finitely many non-identity coordinates (point*.c) ---- */

typedef struct
{
    arb_ptr r;    /* r_i in [0, pi/2] */
    arb_ptr phi;  /* phi_i (irrelevant to kernels and distances from e) */
    arb_ptr z;    /* z_i in [-pi, pi] (any real: 2 pi periodic) */
    slong len;    /* x_i for i = 1..len; x_i = e for i > len (the "head") */
} hkz_su2n_point_struct;
typedef hkz_su2n_point_struct hkz_su2n_point_t[1];

/** len coordinates, all equal to e. */
HKZ_API void hkz_su2n_point_init(hkz_su2n_point_t x, slong len);
HKZ_API void hkz_su2n_point_clear(hkz_su2n_point_t x);

/** x_i = exp(r(cos phi X + sin phi Y)) exp(zZ) (1 <= i <= len); phi may be
 *  NULL (0).  HKZ_ERR_DOMAIN unless r meets [0, pi/2]. */
HKZ_API HKZ_WARN_UNUSED int hkz_su2n_point_set_cyl(hkz_su2n_point_t x,
        slong i, const arb_t r, const arb_t phi, const arb_t z);

/** x_i = g (through its cylindrical coordinates). */
HKZ_API HKZ_WARN_UNUSED int hkz_su2n_point_set_elem(hkz_su2n_point_t x,
        slong i, const hkz_su2_elem_t g, slong prec);

/** res_i = x_i^{-1} y_i (res has length max(len x, len y); res must not
 *  alias x or y): d(x, y) = d(e, x^{-1} y). */
HKZ_API HKZ_WARN_UNUSED int hkz_su2n_point_rel(hkz_su2n_point_t res,
        const hkz_su2n_point_t x, const hkz_su2n_point_t y, slong prec);

/** Parses a point (the POINT syntax of the CLI; groups/su2n/point_str.c):
 *  coordinates x_1; x_2; ... separated by ';', each "r,z", "r,phi,z"
 *  (cylindrical, r in [0, pi/2]) or "e"; numbers are decimals read
 *  exactly, or pi / -pi (hkz_ball_set_str).  x (initialized) is
 *  re-initialized to the new length.  HKZ_ERR_ARG with a message naming
 *  the coordinate ("coordinate 2: expected 'r,z', 'r,phi,z' or 'e'");
 *  x unchanged on error. */
HKZ_API HKZ_WARN_UNUSED int hkz_su2n_point_set_str(hkz_su2n_point_t x,
        const char *s, slong prec);

/** hkz_su2n_point_set_str of a file: one coordinate per line, '#'
 *  comments and blank lines dropped (hkz/text.h), at most 64 MiB.
 *  HKZ_ERR_IO if unreadable, HKZ_ERR_ARG naming the file otherwise. */
HKZ_API HKZ_WARN_UNUSED int hkz_su2n_point_set_file(hkz_su2n_point_t x,
        const char *path, slong prec);

/* ---- factor-tail bounds (spec 5.5) (delta*.c) -------------------------- */

/** delta_R(s) = q(4-3q+q^2)/(1-q)^3, q = e^{-3s} (op = DELTA), or
 *  delta_L(s) (op = L), written without cancellation: for every s > 0,
 *  0 <= h_s(e) - 1 <= delta_R(s) and 0 <= p_s(e) - 1 <= delta_L(s). */
HKZ_API HKZ_WARN_UNUSED int hkz_su2n_delta(arb_t res, int op, const arb_t s,
        slong prec);

/** res = an upper bound B (an exact point, rounded up) with
 *  sum_{i>n} delta(w_i t) <= B (0 for a list with n >= len), +inf if the
 *  declared family diverges at t (spec 5.4).  HKZ_ERR_NOT_CERTIFIED for a
 *  sequence without gap bound, or when t straddles the threshold. */
HKZ_API HKZ_WARN_UNUSED int hkz_su2n_delta_tail(arb_t res,
        const hkz_su2n_weights_t w, int op, const arb_t t, slong n,
        slong prec);

/* ---- heat kernels (heat*.c) -------------------------------------------- */

#define HKZ_SU2N_FINITE 0     /* res encloses the (finite) value */
#define HKZ_SU2N_DIVERGENT 1  /* mu_t(e) = +inf: no continuous density at t;
                                 res = +inf (proven, spec 5.4) */
#define HKZ_SU2N_PARTIAL 2    /* tail not certified: res encloses the
                                 partial product of the first nfactors
                                 factors, a lower bound only */

typedef struct
{
    int kind;        /* HKZ_SU2N_FINITE, _DIVERGENT or _PARTIAL */
    slong nfactors;  /* factors evaluated */
    double tail;     /* the bound on the omitted delta-sum used, or the
                        remainder bound of the tail series (informative;
                        the certificate is in res); 0 if exact */
    int accelerated; /* 1 if the tail was summed by the series of
                        log factors (families log(1+i) and i^1) */
} hkz_su2n_info_t;

/** mu_t(e) = prod_i factor(w_i t) on SU(2)^n or SU(2)^infinity
 *  (sup_x mu_t(x) = ||H_t||_{1->infinity}).  Infinite families: the first
 *  n factors are multiplied (n chosen for relative accuracy ~2^-prec, at
 *  most max_factors; the ball is wider if the cap is reached; the time is
 *  ~10 us per factor) and the tail is enclosed: P_n <= mu_t(e) <=
 *  P_n exp(sum_{i>n} delta(w_i t)) (spec 5.5); for log(1+i) and i^1 the
 *  tail sum_{i>n} log factor is summed exactly (Hurwitz zeta / geometric
 *  series of the power series of log factor, with a Cauchy bound).
 *  Divergent declared families (log(1+i) with 3ct <= 1 for DELTA, 2ct <= 1
 *  for L) give kind DIVERGENT and res = +inf.  info may be NULL, except
 *  that a result of kind PARTIAL is then refused (HKZ_ERR_NOT_CERTIFIED).
 *  t > 0 (a ball straddling a divergence threshold: HKZ_ERR_NOT_CERTIFIED). */
HKZ_API HKZ_WARN_UNUSED int hkz_su2n_heat_e(arb_t res, hkz_su2n_info_t *info,
        const hkz_su2n_weights_t w, int op, const arb_t t, slong prec);

/** P_n = prod_{i<=n} factor(w_i t) (exact, no tail); n <= length. */
HKZ_API HKZ_WARN_UNUSED int hkz_su2n_heat_e_partial(arb_t res,
        const hkz_su2n_weights_t w, int op, const arb_t t, slong n,
        slong prec);

/** mu_t(x) = prod_{i<=len} factor_i(x_i) * R, R = the product at e of the
 *  remaining factors, enclosed as for hkz_su2n_heat_e (1 <= R <=
 *  exp(sum delta)).  For DELTA factor_i = h_{a_i t}(alpha_i), alpha_i =
 *  d_R(x_i); for L factor_i = p_{b_i t}(r_i, z_i).  The point may not have
 *  more coordinates than a list has weights. */
HKZ_API HKZ_WARN_UNUSED int hkz_su2n_heat(arb_t res, hkz_su2n_info_t *info,
        const hkz_su2n_weights_t w, int op, const arb_t t,
        const hkz_su2n_point_t x, slong prec);

/** d^deriv/dt^deriv mu_t(x) (deriv <= 64; 0 is hkz_su2n_heat): the
 *  factors by Leibniz' rule; the tail of an infinite family by Cauchy's
 *  estimate on a disc around t, with the delta-sum bound of spec 5.5 at
 *  the disc's left end (groups/su2n/heat_deriv.c).  info as for
 *  hkz_su2n_heat; kind DIVERGENT leaves res indeterminate (no density). */
HKZ_API HKZ_WARN_UNUSED int hkz_su2n_heat_deriv(arb_t res,
        hkz_su2n_info_t *info, const hkz_su2n_weights_t w, int op,
        const arb_t t, const hkz_su2n_point_t x, ulong deriv, slong prec);

/** The single factor at e for complex s, Re s > 0: h_s(e) = sum_n n^2
 *  e^{-(n^2-1)s} (op DELTA), p_s(e) = sum_{m>=0} e^{-4m(m+1)s}
 *  [(2m+1)(1+y)/(1-y) + 2y/(1-y)^2], y = e^{-(4m+2)s} (op L; the
 *  geometric sum over k of (3.1) at e), with tail bounds valid for complex
 *  s (terms bounded at Re s).  Holomorphic in s: suitable for
 *  acb_calc_integrate.  Indeterminate (HKZ_SUCCESS) if Re s may be <= 0. */
HKZ_API HKZ_WARN_UNUSED int hkz_su2n_factor_e_acb(acb_t res, int op,
        const acb_t s, slong prec);

#ifdef __cplusplus
}
#endif

/* the rest of the SU(2)^n API (operators, goals, distances, constants) */
#include "hkz/su2n_ops.h"
#endif
