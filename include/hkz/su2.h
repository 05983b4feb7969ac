/* hkz/su2.h -- SU(2): elements, coordinates, heat kernels, distances.
 *
 * NORMALIZATION (N_unit, used everywhere in hkz; spec heat_kernels_su2.md
 * section 1).  Basis X = [[0,1],[-1,0]], Y = [[0,i],[i,0]], Z = [[i,0],[0,-i]]
 * with [X,Y] = 2Z cyclically; X, Y, Z orthonormal makes SU(2) the unit
 * 3-sphere (diameter pi).  Delta = -(X^2+Y^2+Z^2) has eigenvalue n^2-1 on
 * the irrep of dimension n; the sub-Laplacian L = -(X^2+Y^2) has n^2-1-k^2.
 * Heat kernels are densities of exp(-t Delta), exp(-t L) (no factor 1/2)
 * with respect to the Haar PROBABILITY measure.  Spin normalization
 * ([X,Y]=Z): h^spin_t = h_{t/4}, distances x 2.
 *
 * Elements g = [[a, -conj(b)], [b, conj(a)]], |a|^2+|b|^2 = 1.  Class angle
 * alpha in [0, pi]: cos alpha = Re a.  Cylindrical coordinates
 * g = exp(r(cos phi X + sin phi Y)) exp(z Z): a = cos r e^{iz},
 * b = -sin r e^{-i(phi - z)}, r in [0, pi/2], z in (-pi, pi].
 *
 * Conventions: outputs first, then inputs, then prec (bits).  Functions
 * return HKZ_SUCCESS or an error code (message in hkz_errmsg()); a ball
 * output is set to an enclosure of the exact value at any prec (possibly
 * wide), or indeterminate on error.  Functions ending in _d are plain
 * double fast paths: NOT certified.
 */
#ifndef HKZ_SU2_H
#define HKZ_SU2_H

#include "hkz/config.h"
#include "hkz/flint_compat.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- elements and coordinates (groups/su2/elem_*.c) ------------------- */

typedef struct
{
    acb_struct a;  /* g11 */
    acb_struct b;  /* g21 */
} hkz_su2_elem_struct;
typedef hkz_su2_elem_struct hkz_su2_elem_t[1];

HKZ_API void hkz_su2_elem_init(hkz_su2_elem_t g);
HKZ_API void hkz_su2_elem_clear(hkz_su2_elem_t g);
HKZ_API void hkz_su2_elem_one(hkz_su2_elem_t g);
HKZ_API void hkz_su2_elem_set(hkz_su2_elem_t res, const hkz_su2_elem_t g);

/** Sets g from (a, b); HKZ_ERR_DOMAIN unless |a|^2+|b|^2 may equal 1. */
HKZ_API HKZ_WARN_UNUSED int hkz_su2_elem_set_acb(hkz_su2_elem_t g,
        const acb_t a, const acb_t b, slong prec);

/** g = exp(r(cos phi X + sin phi Y)) exp(zZ). */
HKZ_API void hkz_su2_elem_set_cyl(hkz_su2_elem_t g, const arb_t r,
        const arb_t phi, const arb_t z, slong prec);

/** g from the coefficients of g11 = a_re + i a_im, g21 = b_re + i b_im
 *  (user input): |a|^2+|b|^2 (midpoint) must be within 2^-33 (~1e-10) of
 *  1, else HKZ_ERR_ARG "|a|^2+|b|^2 = N is not 1 (tolerance 1e-10)"; then
 *  (a, b) is divided by its norm (projected onto SU(2)) and set as by
 *  hkz_su2_elem_set_acb. */
HKZ_API HKZ_WARN_UNUSED int hkz_su2_elem_set_coeffs(hkz_su2_elem_t g,
        const arb_t a_re, const arb_t a_im, const arb_t b_re,
        const arb_t b_im, slong prec);

/** hkz_su2_elem_set_cyl after checking r in [0, pi/2] (HKZ_ERR_ARG "r
 *  must lie in [0, pi/2]" otherwise). */
HKZ_API HKZ_WARN_UNUSED int hkz_su2_elem_set_cyl_checked(hkz_su2_elem_t g,
        const arb_t r, const arb_t phi, const arb_t z, slong prec);

/** res = g h (aliasing allowed). */
HKZ_API void hkz_su2_elem_mul(hkz_su2_elem_t res, const hkz_su2_elem_t g,
        const hkz_su2_elem_t h, slong prec);

/** res = g^{-1} (aliasing allowed). */
HKZ_API void hkz_su2_elem_inv(hkz_su2_elem_t res, const hkz_su2_elem_t g);

/** res = x^{-1} y: left-invariant distances satisfy d(x,y) = d(e, x^{-1}y). */
HKZ_API void hkz_su2_elem_rel(hkz_su2_elem_t res, const hkz_su2_elem_t x,
        const hkz_su2_elem_t y, slong prec);

/** Class angle alpha = atan2(sqrt(Im(a)^2+|b|^2), Re a) in [0, pi]. */
HKZ_API void hkz_su2_elem_class_angle(arb_t alpha, const hkz_su2_elem_t g,
        slong prec);

/** Cylindrical coordinates r = atan2(|b|, |a|), z = arg a (stable forms).
 *  z is meaningless at r = pi/2; phi may be NULL. */
HKZ_API void hkz_su2_elem_get_cyl(arb_t r, arb_t phi, arb_t z,
        const hkz_su2_elem_t g, slong prec);

/* ---- bi-invariant heat kernel h_t(alpha) (groups/su2/heat_bi*.c) ------- */

/** d^k/dt^k h_t(alpha), automatic route: images (2.3)/(2.4) for t < 1 and
 *  k = 0, the character sum (2.1) with tail bound TB1 otherwise.
 *  HKZ_ERR_DOMAIN if t may be <= 0 or alpha lies entirely outside
 *  [0, pi]; a ball alpha overlapping [0, pi] is clipped to it (the result
 *  encloses h for the points of the ball inside [0, pi]). */
HKZ_API HKZ_WARN_UNUSED int hkz_su2_heat_bi(arb_t res, const arb_t t,
        const arb_t alpha, ulong deriv, slong prec);

/** Character sum (2.1) with weights (-(n^2-1))^k and its proven tail bound. */
HKZ_API HKZ_WARN_UNUSED int hkz_su2_heat_bi_spectral(arb_t res,
        const arb_t t, const arb_t alpha, ulong deriv, slong prec);

/** Paired image forms (2.3) (alpha <= pi/2) and (2.4) (alpha >= pi/2) with
 *  the TB-img bound; requires 0 < t <= 1. */
HKZ_API HKZ_WARN_UNUSED int hkz_su2_heat_bi_images(arb_t res,
        const arb_t t, const arb_t alpha, slong prec);

/** Double fast path (not certified). */
HKZ_API HKZ_WARN_UNUSED int hkz_su2_heat_bi_d(double *res, double t,
        double alpha, ulong deriv);

/* ---- sub-Laplacian heat kernel p_t(r, z) (groups/su2/heat_sub*.c) ------ */

/** d^k/dt^k p_t(r, z), automatic route: closed forms (3.3)/(3.4) on the
 *  fibre r = 0 for t < 1 and k = 0, spectral sum (3.1) otherwise, with
 *  extra working precision for cancellation.  r in [0, pi/2]. */
HKZ_API HKZ_WARN_UNUSED int hkz_su2_heat_sub(arb_t res, const arb_t t,
        const arb_t r, const arb_t z, ulong deriv, slong prec);

/** Entries (t[i], z[i]), i < n, at one r sharing the spectral basis
 *  (groups/su2/heat_sub_grid_multi.c): the Arb basis cos(r)^k
 *  P_m^{(0,k)}(cos 2r) is built once per r and working precision, the
 *  inner sums over m once per time (arb_dot with that time's Arb weights
 *  (2m+|k|+1) lambda^d e^{-lambda t}), then each entry is a K-term sum
 *  with 2 cos(k z[i]) (in double-double with a proven bound where the
 *  working precision is <= 256 bits and that ball is within 2^-(prec+4),
 *  else arb_dot: heat_sub_grid_dd.c), plus the proven tails of
 *  hkz_su2_heat_sub (spec 3.5, heat_sub_tail.c).  res[i] depends only on (t[i], r, z[i], d,
 *  prec): the working precision and truncation of an entry are chosen
 *  from its own inputs.  The weights live in a cache
 *  (hkz_su2_sub_wcache_t): hkz_su2_sub_wcache_prepare (not thread-safe)
 *  adds those of one entry (weights, 2 cos(kz) and recurrence tables up
 *  to that entry's k-cut); hkz_su2_heat_sub_multi only reads the cache
 *  (several threads may call it at once) and sets ok[i] = 0 (res[i]
 *  indeterminate) for entries that were not prepared (HKZ_SUB_KMAX
 *  exceeded, or (t, r) never passed to prepare: use hkz_su2_heat_sub).  Results are certified balls; they
 *  need not meet any accuracy goal. */
typedef struct hkz_su2_sub_wcache_struct *hkz_su2_sub_wcache_t;
HKZ_API HKZ_WARN_UNUSED int hkz_su2_sub_wcache_init(hkz_su2_sub_wcache_t *c);
HKZ_API void hkz_su2_sub_wcache_clear(hkz_su2_sub_wcache_t c);
/** The balls the cache holds (its weights and 2 cos(kz) vectors: about
 *  its memory, at some 80 bytes a ball), and emptying it (not
 *  thread-safe): an emptied cache gives the same bits, only slower
 *  (every value depends on its key alone). */
HKZ_API slong hkz_su2_sub_wcache_size(const struct hkz_su2_sub_wcache_struct *c);
HKZ_API void hkz_su2_sub_wcache_reset(hkz_su2_sub_wcache_t c);
HKZ_API HKZ_WARN_UNUSED int hkz_su2_sub_wcache_prepare(hkz_su2_sub_wcache_t c,
        const arb_t t, const arb_t r, const arb_t z, ulong d, slong prec);
HKZ_API HKZ_WARN_UNUSED int hkz_su2_heat_sub_multi(arb_ptr res, int *ok,
        const arb_struct *t, slong n, const arb_t r, const arb_struct *z,
        ulong d, slong prec, const struct hkz_su2_sub_wcache_struct *c);

/** Spectral sum (3.1) (Jacobi recurrences) with the section 3.5 bound. */
HKZ_API HKZ_WARN_UNUSED int hkz_su2_heat_sub_spectral(arb_t res,
        const arb_t t, const arb_t r, const arb_t z, ulong deriv, slong prec);

/** Closed form (3.4) on the fibre g = exp(zZ) ((3.3) at z = 0), t > 0. */
HKZ_API HKZ_WARN_UNUSED int hkz_su2_heat_sub_fibre(arb_t res,
        const arb_t t, const arb_t z, slong prec);

/** Baudoin-Bonnefont integral (3.2) through acb_calc_integrate (an
 *  independent check; slow for small t).  z is reduced mod 2 pi (|z| <
 *  2^65536).  HKZ_ERR_TOO_LARGE outside the method's range, with the cause
 *  in the message: |z| too large, t outside [1e-4, 1e8), or more than
 *  20000 bits of cancellation ((z^2 + d^2)/(4 t ln 2), small t). */
HKZ_API HKZ_WARN_UNUSED int hkz_su2_heat_sub_integral(arb_t res,
        const arb_t t, const arb_t r, const arb_t z, slong prec);

/** Double fast path (not certified). */
HKZ_API HKZ_WARN_UNUSED int hkz_su2_heat_sub_d(double *res, double t,
        double r, double z, ulong deriv);

/* ---- Milnor family L = -(a X^2 + b Y^2 + c Z^2) (heat_milnor*.c) ------- */

/** p_t(g) = sum_n n Re tr(pi_n(g) exp(-t L_n)), a, b > 0, c >= 0, certified
 *  with arb_mat / acb_mat and a proven tail bound. */
HKZ_API HKZ_WARN_UNUSED int hkz_su2_heat_milnor(arb_t res, const arb_t a,
        const arb_t b, const arb_t c, const arb_t t,
        const hkz_su2_elem_t g, slong prec);

/** HKZ_ERR_DOMAIN "need a > 0, b > 0, c >= 0" unless the weights of L
 *  satisfy it (as balls). */
HKZ_API HKZ_WARN_UNUSED int hkz_su2_milnor_weights_check(const arb_t a,
        const arb_t b, const arb_t c);

/** Double path through LAPACKE (dsyev), not certified.  g = (Re a, Im a,
 *  Re b, Im b). */
HKZ_API HKZ_WARN_UNUSED int hkz_su2_heat_milnor_d(double *res, double a,
        double b, double c, double t, const double g[4]);

/** Time derivatives (groups/su2/heat_milnor_deriv.c):
 *  res[j (K+1) + k] = d^k/dt^k p_t(g) at t = t[j], k = 0..K (K <= 8),
 *  j = 0..nt-1, of the Milnor operator L = -(a X^2 + b Y^2 + c Z^2),
 *  a, b, c > 0: sum_n n Re tr(pi_n(g) (-L_n)^k exp(-t L_n)) with a proven
 *  tail bound, at working precision prec (absolute error about 2^-prec
 *  relative to the largest term: callers check the relative accuracy and
 *  retry at a higher prec).  HKZ_ERR_DOMAIN for t or weights <= 0,
 *  HKZ_ERR_TOO_LARGE if more than 400 representations are needed. */
HKZ_API HKZ_WARN_UNUSED int hkz_su2_heat_milnor_deriv(arb_ptr res,
        ulong K, const arb_t a, const arb_t b, const arb_t c,
        arb_srcptr t, slong nt, const hkz_su2_elem_t g, slong prec);

/* ---- representation matrices (groups/su2/milnor_wigner.c) ------------- */

/** D = pi_n(g) for n = the size of the square matrix D (n >= 1), in the
 *  Z-eigenbasis of spec 1.3 stored at index i = (k + n - 1)/2
 *  (dpi_n(Z) = diag(i k); dpi_n(X) = J_+ - J_-, dpi_n(Y) = i(J_+ + J_-)
 *  with Condon-Shortley J_+ >= 0).  pi_2(g) = [[conj a, b], [-conj b, a]]
 *  in this index order.  HKZ_ERR_ARG if D is not square or empty. */
HKZ_API HKZ_WARN_UNUSED int hkz_su2_wigner_mat(acb_mat_t D,
        const hkz_su2_elem_t g, slong prec);

/* ---- distances from the identity (groups/su2/dist_*.c) ----------------- */

/** Riemannian d_R(e, g) = arccos(cos r cos z) in [0, pi]. */
HKZ_API HKZ_WARN_UNUSED int hkz_su2_dist_riem(arb_t d, const arb_t r,
        const arb_t z, slong prec);

/** Carnot-Caratheodory distance (X, Y orthonormal), spec section 4.2. */
HKZ_API HKZ_WARN_UNUSED int hkz_su2_dist_cc(arb_t d, const arb_t r,
        const arb_t z, slong prec);

HKZ_API HKZ_WARN_UNUSED int hkz_su2_dist_riem_d(double *d, double r,
        double z);
HKZ_API HKZ_WARN_UNUSED int hkz_su2_dist_cc_d(double *d, double r, double z);

/* ---- building blocks shared with other groups (su2mix, su2n) ---------- */

/** (TB1) of spec section 2: res >= sum_{n>N} n^2 e^{-(n^2-1)s} for s > 0
 *  (a ball whose upper end is the bound; non-finite if 1 - e^{-2(N+1)s}
 *  is not proven positive).  The one tail bound of every truncated
 *  bi-invariant character sum (groups/su2/heat_bi_spectral.c). */
HKZ_API void hkz_su2_tb1(arb_t res, const arb_t s, ulong N, slong prec);

/** Wigner matrices in complex double (not certified): Dn = pi_n(g) (n x n,
 *  row major, (re, im) pairs: 2 n^2 doubles) from Dp = pi_{n-1}(g)
 *  ((n-1) x (n-1)), n >= 2, g = [[a, -conj b], [b, conj a]] given as
 *  g[4] = (Re a, Im a, Re b, Im b).  Basis index i = (k + n - 1)/2 for the
 *  weight k of spec 1.3 (dpi_n(Z) e_k = i k e_k).  No aliasing
 *  (groups/su2/milnor_wigner.c). */
HKZ_API void hkz_su2_wigner_next_d(double *Dn, const double *Dp, slong n,
        const double g[4]);

/* ---- grids (engine) (groups/su2/heat_bi_grid.c) ---------------------- */
#include "hkz/engine.h"
/** hkz_su2_sub_wcache_prepare of the n entries (t[i], r[i], z[i]) at once
 *  (groups/su2/heat_sub_grid_prep.c), on the threads of the engine e (NULL:
 *  this thread): the distinct weight keys found by sorting, the missing
 *  weights, k-cuts and 2 cos(kz) computed in parallel, then inserted.  The
 *  balls of hkz_su2_heat_sub_multi are those after n single prepares (a
 *  cached value depends on its key only).  Not thread-safe on c. */
HKZ_API HKZ_WARN_UNUSED int hkz_su2_sub_wcache_prepare_many(
        hkz_su2_sub_wcache_t c, slong n, const arb_struct *const *t,
        const arb_struct *const *r, const arb_struct *const *z, ulong d,
        slong prec, hkz_engine_t e);
/** The same, and key[i] names the cached weights of entry i (-1: none),
 *  cut[i] its a priori k-cut (cut may be NULL), for
 *  hkz_su2_heat_sub_multi_keys until the next change of c (prepare or
 *  reset).  hkz_su2_heat_sub_multi_keys: the balls and ok flags of
 *  hkz_su2_heat_sub_multi for the n prepared entries (t, r[i], z[i]) of
 *  those keys and cuts (cut NULL: made again; the same d and prec),
 *  without looking the entries up again; the entries of one r must be
 *  consecutive (each run of one r is one hkz_su2_heat_sub_multi).
 *  Thread-safe as hkz_su2_heat_sub_multi. */
HKZ_API HKZ_WARN_UNUSED int hkz_su2_sub_wcache_prepare_keys(
        hkz_su2_sub_wcache_t c, slong n, const arb_struct *const *t,
        const arb_struct *const *r, const arb_struct *const *z, ulong d,
        slong prec, hkz_engine_t e, slong *key, slong *cut);
HKZ_API HKZ_WARN_UNUSED int hkz_su2_heat_sub_multi_keys(arb_ptr res,
        int *ok, slong n, const slong *key, const slong *cut,
        const arb_struct *const *r, const arb_struct *const *z, slong prec,
        const struct hkz_su2_sub_wcache_struct *c);

/** p_t(r, z) at the n entries (r[ir[k]], z[iz[k]]) of one small time t by
 *  the m-first sum (groups/su2/heat_sub_mfirst.c: families m <= 16 of
 *  (3.1) over all k in closed form, the rest spectrally, proven tails).
 *  res[k] to prec bits; ok[k] = 1 if finite with >= goal bits (goal <= 0:
 *  finite), 0 also where the truncation needs > 2^28 bits of basis.  A ball
 *  depends on its own (t, r, z, prec).  On e's threads (NULL: the caller's);
 *  c (NULL: none; not thread-safe) keeps recent truncations and weights. */
HKZ_API HKZ_WARN_UNUSED int hkz_su2_heat_sub_mfirst(arb_ptr res, int *ok,
        const arb_t t, const arb_struct *r, const slong *ir,
        const arb_struct *z, const slong *iz, slong n, slong prec,
        slong goal, hkz_engine_t e, hkz_su2_sub_wcache_t c);
/** The exact fixed-point tier of su2-sub grids (groups/su2/
 *  heat_sub_grid_fix.c): p_t(r, z) on the product of lists r (nr balls),
 *  z (nz), t (nt) by the spectral sum (3.1), with basis, 2 cos(kz) and
 *  weights from Arb rounded to L digits of 26 bits (L = 8 or
 *  HKZ_FIX_LMAX = 16: 208 or 416 bits) and summed exactly
 *  (hkz_engine_fix_sum: on the engine's device), and the proven bound of
 *  that file per entry.  For the entries the double engine cannot certify
 *  (small values after cancellation) at a fraction of the cost of Arb.
 *  The lists are not copied (they must outlive the handle); rows of r, z,
 *  t are computed on first use and kept.  hkz_su2_sub_fix_eval:
 *  res[a nj + b] for (r[ir], z[iz[a]], t[jt[b]]), ok = 1 for a ball with
 *  >= goal bits of relative accuracy (any ball when goal = 0), 2 for a
 *  ball below, 0 where the tier has no result (a time below tmin's frame,
 *  t not > 0).  d = 0 only.  Evaluations may run on several threads at
 *  once on one f, each with its own engine (init, set_bits and clear may
 *  not).  hkz_su2_sub_fix_eval_list: res[k], ok[k] likewise for the n
 *  entries (r[ir[k]], z[iz[k]], t[jt[k]]) of a list, in one exact sum
 *  (k where ok[k] = 0: res untouched); an entry's ball does not depend on
 *  the list. */
typedef struct hkz_su2_sub_fix_struct *hkz_su2_sub_fix_t;
HKZ_API HKZ_WARN_UNUSED int hkz_su2_sub_fix_init(hkz_su2_sub_fix_t *f,
        const arb_struct *r, slong nr, const arb_struct *z, slong nz,
        const arb_struct *t, slong nt, int L);
HKZ_API void hkz_su2_sub_fix_clear(hkz_su2_sub_fix_t f);
/** For tests: the inputs rounded to 2^-bits (bits < their own scale; 0:
 *  the full 26 L bits), the bound following them (so it stays valid);
 *  drops the rows made so far. */
HKZ_API void hkz_su2_sub_fix_set_bits(hkz_su2_sub_fix_t f, slong bits);
HKZ_API HKZ_WARN_UNUSED int hkz_su2_sub_fix_eval(arb_ptr res, int *ok,
        hkz_su2_sub_fix_t f, hkz_engine_t e, slong ir, const slong *iz,
        slong ni, const slong *jt, slong nj, slong goal);
HKZ_API HKZ_WARN_UNUSED int hkz_su2_sub_fix_eval_list(arb_ptr res, int *ok,
        hkz_su2_sub_fix_t f, hkz_engine_t e, const slong *ir,
        const slong *iz, const slong *jt, slong n, slong goal);
/** Makes ahead, on e's threads, the rows of r[ir0 .. ir1), (flags &
 *  HKZ_SUB_FIX_Z) of every z and (flags & HKZ_SUB_FIX_T) of every t that
 *  no thread has started, for evaluations to come on other threads (a
 *  grid's idle host thread); rows another thread is making are left to
 *  it.  HKZ_SUB_FIX_USED: nothing unless f has evaluated before (a second
 *  tier that may not be needed).  The results do not change (a row
 *  depends on its input only). */
#define HKZ_SUB_FIX_Z 1
#define HKZ_SUB_FIX_USED 2
#define HKZ_SUB_FIX_T 4
HKZ_API HKZ_WARN_UNUSED int hkz_su2_sub_fix_ahead(hkz_su2_sub_fix_t f,
        hkz_engine_t e, slong ir0, slong ir1, int flags);

/** Double grid out[i + j ldo] ~ h_{t_j}(alpha_i) (formula 2.1 summed for
 *  n <= nmax by the spectral-sum engine e, or a default CPU engine if e is
 *  NULL), with a rigorous bound err[i + j ldo] (same layout): the interval
 *  [out - err, out + err] contains h_{t_j}(alpha_i).  The bound covers the
 *  engine's floating-point error, the rounding of cos(alpha_i) to double
 *  (computed with Arb) and the truncation tail TB1.  alpha_i in [0, pi],
 *  t_j > 0 (exact doubles); nmax = 0 chooses the number of modes from the
 *  smallest t (tail <= e^-60 h_t(e)).  Not certified balls: a double
 *  interval, valid exactly as stated. */
HKZ_API HKZ_WARN_UNUSED int hkz_su2_heat_bi_grid(double *out, double *err,
        size_t ldo, hkz_engine_t e, const double *alpha, size_t nalpha,
        const double *t, size_t nt, size_t nmax);

/** As hkz_su2_heat_bi_grid for the time derivative d^deriv/dt^deriv
 *  h_t(alpha) (deriv <= 64; deriv = 0 is hkz_su2_heat_bi_grid): GIVEN
 *  engine weights n (-(n^2-1))^deriv e^{-(n^2-1)t} computed in Arb, the
 *  derivative tail bound of hkz_su2_heat_bi_spectral; nmax = 0 chooses N
 *  from the smallest t (tail about e^-60 of the n = 2 term);
 *  HKZ_ERR_TOO_LARGE if that needs more than 2^20 modes
 *  (groups/su2/heat_bi_grid_deriv.c). */
HKZ_API HKZ_WARN_UNUSED int hkz_su2_heat_bi_grid_deriv(double *out,
        double *err, size_t ldo, hkz_engine_t e, const double *alpha,
        size_t nalpha, const double *t, size_t nt, size_t nmax, ulong deriv);

/* ---- grids (engine): sub-Laplacian and Milnor -------------------------
 * (groups/su2/heat_sub_grid.c, heat_milnor_grid.c)  Double grids through
 * the spectral-sum engine e (NULL: a default CPU engine), column-major
 * out[i + j ldo] (ldo = 0 means npts) with a rigorous bound err[i + j ldo]
 * (same layout): [out - err, out + err] contains the exact kernel value at
 * the exact double inputs.  The bound covers the engine's floating-point
 * error (gamma_K), the rounding to double of the basis values and weights
 * (computed with Arb) and the truncation tail at each t.  Not certified
 * balls: a double interval, valid exactly as stated.  On error out and
 * err are NaN (when their layout is valid). */

/** p_{t_j}(r_i, z_i), spectral sum (3.1) with the tail bound of spec 3.5;
 *  r_i in [0, pi/2], z_i finite, t_j > 0.  The modes (k <= K, m <= M_k)
 *  are chosen from the smallest t (tail about 2^-56 p_t(e)); HKZ_ERR_DOMAIN
 *  if that needs more than 2^20 modes or 2^25 modes x times (then use
 *  hkz_su2_heat_sub). */
HKZ_API HKZ_WARN_UNUSED int hkz_su2_heat_sub_grid(double *out, double *err,
        size_t ldo, hkz_engine_t e, const double *r, const double *z,
        size_t npts, const double *t, size_t nt);

/** As hkz_su2_heat_sub_grid for d^d/dt^d p_t (d <= 64; d = 0 is
 *  hkz_su2_heat_sub_grid): weights (2m+k+1) (-lambda)^d e^{-lambda t} in
 *  Arb and the derivative tails of spec 3.5 (those of the certified
 *  hkz_su2_heat_sub, heat_sub_tail.c). */
HKZ_API HKZ_WARN_UNUSED int hkz_su2_heat_sub_grid_deriv(double *out,
        double *err, size_t ldo, hkz_engine_t e, const double *r,
        const double *z, size_t npts, const double *t, size_t nt, ulong d);

/** Milnor family L = -(a X^2 + b Y^2 + c Z^2) (spec 7.6), a, b > 0,
 *  c >= 0: p_{t_j}(g_i) = sum_{n <= N} n Re tr(pi_n(g_i) exp(-t_j L_n)) +
 *  the tail bound of hkz_su2_heat_milnor.  g holds 4 doubles per point
 *  (Re a, Im a, Re b, Im b) with | |a|^2 + |b|^2 - 1 | <= 1e-10; the point
 *  used is exactly (a, b) / sqrt(|a|^2 + |b|^2).  nmax = 0 chooses N from
 *  the smallest t (tail about 2^-60); HKZ_ERR_DOMAIN if N would exceed
 *  250, modes x times exceed 2^25 or (for a given nmax) the tail bound
 *  does not converge at some t; HKZ_ERR_ARG if nmax > 250. */
HKZ_API HKZ_WARN_UNUSED int hkz_su2_heat_milnor_grid(double *out,
        double *err, size_t ldo, hkz_engine_t e, double a, double b,
        double c, const double *g, size_t npts, const double *t, size_t nt,
        size_t nmax);

#ifdef __cplusplus
}
#endif
#endif
