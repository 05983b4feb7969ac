/* hkz/su2n_ops.h -- SU(2)^n, continued (included by hkz/su2n.h): per-factor
 * operators (Milnor triples), accuracy goals, distances, comparison
 * constants, subordination and (CK*) integrals.  Conventions as in su2n.h.
 */
#ifndef HKZ_SU2N_OPS_H
#define HKZ_SU2N_OPS_H

#include "hkz/su2n.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- per-factor operators, incl. Milnor triples (ops*.c) --------------- */

#define HKZ_SU2N_MILNOR 2  /* factor operator -(a X^2 + b Y^2 + c Z^2),
                              a, b > 0, c >= 0 (spec 7.6) */

/** One factor's operator: op = HKZ_SU2N_DELTA (weight a: a Delta_i),
 *  HKZ_SU2N_L (weight a: a L_i) or HKZ_SU2N_MILNOR (a, b, c).  op = -1
 *  marks a factor not yet set. */
typedef struct
{
    int op;
    arb_struct a, b, c;
} hkz_su2n_factor_op_struct;

/** The operator sum_i (factor operator)_i on SU(2)^n or SU(2)^infinity:
 *  factors 1..len are given one by one (head); if has_tail, factors
 *  i > len carry tail_op (DELTA or L) with weight w_i, the i-th weight of
 *  the family (or list) tail -- so a tail list of length m <= len adds no
 *  factor.  The group is SU(2)^len without a tail, SU(2)^max(len, m) with
 *  a tail list of length m, SU(2)^infinity with an infinite family. */
typedef struct
{
    hkz_su2n_factor_op_struct *head;
    slong len;
    hkz_su2n_weights_struct tail;
    int tail_op;
    int has_tail;
} hkz_su2n_ops_struct;
typedef hkz_su2n_ops_struct hkz_su2n_ops_t[1];

/** len factors, none set (each must be set before use), no tail. */
HKZ_API void hkz_su2n_ops_init(hkz_su2n_ops_t o, slong len);
HKZ_API void hkz_su2n_ops_clear(hkz_su2n_ops_t o);

/** Factor i (1 <= i <= len).  DELTA and L: the single weight is passed in
 *  a (> 0); b and c are ignored and may be NULL.  MILNOR: a, b > 0,
 *  c >= 0 (all finite).  HKZ_ERR_ARG / HKZ_ERR_DOMAIN otherwise. */
HKZ_API HKZ_WARN_UNUSED int hkz_su2n_ops_set_factor(hkz_su2n_ops_t o,
        slong i, int op, const arb_t a, const arb_t b, const arb_t c);

/** Factors i > len carry op (DELTA or L) with weight w_i (w copied). */
HKZ_API HKZ_WARN_UNUSED int hkz_su2n_ops_set_tail(hkz_su2n_ops_t o,
        const hkz_su2n_weights_t w, int op);

/** Number of factors: -1 for SU(2)^infinity. */
HKZ_API slong hkz_su2n_ops_length(const hkz_su2n_ops_t o);

/** mu_t(x) = prod_{i<=len} k_i(x_i) * (tail), k_i the factor kernel at
 *  time t: h_{a t}(alpha(x_i)) (DELTA), p_{a t}(r_i, z_i) (L), the Milnor
 *  kernel with (a, b, c) at time t at x_i = (r_i, phi_i, z_i) (MILNOR,
 *  hkz_su2_heat_milnor).  The factors i > len are evaluated at x_i
 *  (coordinates of x beyond len) and at e beyond, with the certified
 *  factor-tail enclosure of hkz_su2n_heat (spec 5.5); info and the kinds
 *  FINITE / DIVERGENT (+inf) / PARTIAL as for hkz_su2n_heat (info->nfactors
 *  counts head and tail factors evaluated).  x may not have more
 *  coordinates than there are factors. */
HKZ_API HKZ_WARN_UNUSED int hkz_su2n_ops_heat(arb_t res,
        hkz_su2n_info_t *info, const hkz_su2n_ops_t o, const arb_t t,
        const hkz_su2n_point_t x, slong prec);

/** d(e, x) = (sum_i d_i(x_i)^2)^{1/2} over the coordinates of x (the
 *  rest are e), d_i the factor's intrinsic distance: d_R/sqrt(a) (DELTA),
 *  d_sR/sqrt(a) (L), tail factors likewise with w_i.  A Milnor factor has
 *  no closed-form distance; it is enclosed by comparison of metrics: its
 *  metric |v|^2 = v_X^2/a + v_Y^2/b + v_Z^2/c lies between |v|_R^2 / max
 *  and |v|_R^2 / min, so for c > 0, d in [d_R/sqrt(max(a,b,c)),
 *  d_R/sqrt(min(a,b,c))], and for c = 0 (horizontal paths only) d in
 *  [d_sR/sqrt(max(a,b)), d_sR/sqrt(min(a,b))]; exact when a = b = c
 *  resp. a = b, c = 0.  The result encloses the true distance. */
HKZ_API HKZ_WARN_UNUSED int hkz_su2n_ops_dist(arb_t d,
        const hkz_su2n_ops_t o, const hkz_su2n_point_t x, slong prec);

/** Parses "delta:A; sub:B; milnor:A,B,C" (one factor per ';'-separated
 *  item, spaces allowed; numbers read exactly as by hkz_ball_set_str at
 *  prec) into o (re-initialized with one factor per item, no tail).
 *  spin != 0: every coefficient is divided by 4 before it is set
 *  (N_spin -> N_unit, as hkz_su2n_weights_from_spin).  HKZ_ERR_ARG with a
 *  message "factor I: ..." or "empty factor in '...'" on bad input. */
HKZ_API HKZ_WARN_UNUSED int hkz_su2n_ops_set_str(hkz_su2n_ops_t o,
        const char *s, int spin, slong prec);

/* ---- accuracy goals (goal.c) ------------------------------------------- */

/** One evaluation of mu_t at prec: hkz_su2n_ops_heat(o, t, x) if o is not
 *  NULL, else hkz_su2n_heat(w, op, t, x), or hkz_su2n_heat_e(w, op, t)
 *  when x is NULL. */
HKZ_API HKZ_WARN_UNUSED int hkz_su2n_heat_any(arb_t res,
        hkz_su2n_info_t *info, const hkz_su2n_weights_t w, int op,
        const hkz_su2n_ops_struct *o, const arb_t t,
        const hkz_su2n_point_struct *x, slong prec);

/** hkz_su2n_heat_any to bits of relative accuracy by a Ziv loop
 *  (precision bits + 32 doubled up to 16 bits + 4096); stops early, with
 *  HKZ_SUCCESS, when info->kind is DIVERGENT (+inf) or PARTIAL (a lower
 *  bound: no accuracy to gain).  info must not be NULL.  HKZ_ERR_PREC
 *  (res still an enclosure) when the goal is missed at the largest
 *  precision. */
HKZ_API HKZ_WARN_UNUSED int hkz_su2n_heat_goal(arb_t res,
        hkz_su2n_info_t *info, const hkz_su2n_weights_t w, int op,
        const hkz_su2n_ops_struct *o, const arb_t t,
        const hkz_su2n_point_struct *x, slong bits);

/** hkz_su2n_dist (dlo, dhi NULL) or hkz_su2n_dist_tail (range [dlo, dhi])
 *  to bits of relative accuracy by the same loop; stops early for d = +inf
 *  or 0 and, with a tail range (a genuine interval), after the second
 *  precision.  HKZ_ERR_NOT_CERTIFIED (the value may be finite or infinite)
 *  and HKZ_ERR_PREC as for those functions and hkz_su2n_heat_goal. */
HKZ_API HKZ_WARN_UNUSED int hkz_su2n_dist_goal(arb_t d,
        const hkz_su2n_weights_t w, int op, const hkz_su2n_point_t x,
        const arb_t dlo, const arb_t dhi, slong bits);

/* ---- distances (dist*.c) ----------------------------------------------- */

/** d(e, x): d_Delta^2 = sum_{i<=len} d_R(x_i)^2 / a_i (op DELTA) or
 *  d_L^2 = sum d_sR(x_i)^2 / b_i (op L) (spec 5.3). */
HKZ_API HKZ_WARN_UNUSED int hkz_su2n_dist(arb_t d,
        const hkz_su2n_weights_t w, int op, const hkz_su2n_point_t x,
        slong prec);

/** d(x, y) = d(e, x^{-1} y). */
HKZ_API HKZ_WARN_UNUSED int hkz_su2n_dist_pair(arb_t d,
        const hkz_su2n_weights_t w, int op, const hkz_su2n_point_t x,
        const hkz_su2n_point_t y, slong prec);

/** Distance from e of a point of G_infinity whose coordinates i <= len
 *  are those of x and whose coordinates i > len are unknown but have
 *  single-factor distance (d_R resp. d_sR) in [dlo, dhi] (0 <= dlo <= dhi
 *  <= pi): an enclosure of all possible values, using sum_{i>len} 1/w_i
 *  (spec 5.3).  +inf when sum 1/w_i = +inf and dlo > 0 (pitfall 13);
 *  HKZ_ERR_NOT_CERTIFIED when the value may be finite or infinite. */
HKZ_API HKZ_WARN_UNUSED int hkz_su2n_dist_tail(arb_t d,
        const hkz_su2n_weights_t w, int op, const hkz_su2n_point_t x,
        const arb_t dlo, const arb_t dhi, slong prec);

/** The tail range of hkz_su2n_dist_tail read from input: HKZ_ERR_DOMAIN
 *  "need 0 <= DLO <= DHI <= pi" unless dlo >= 0, dlo <= dhi and dhi is not
 *  above pi (at prec). */
HKZ_API HKZ_WARN_UNUSED int hkz_su2n_dist_tail_check(const arb_t dlo,
        const arb_t dhi, slong prec);

/** res = sum_{i>n} 1/w_i, or +inf (i^p with p <= 1, log families).
 *  HKZ_ERR_NOT_CERTIFIED for user sequences. */
HKZ_API HKZ_WARN_UNUSED int hkz_su2n_inv_sum(arb_t res,
        const hkz_su2n_weights_t w, slong n, slong prec);

/** Diameter pi (sum_i 1/w_i)^{1/2} of d_Delta (d_L alike), +inf if the
 *  sum diverges (then d is infinite off a dense subgroup). */
HKZ_API HKZ_WARN_UNUSED int hkz_su2n_diam(arb_t d,
        const hkz_su2n_weights_t w, slong prec);

/* ---- comparison constants of spec 6.3 (const*.c) ----------------------- */

/** (P2) sup_{x != e} d_L(e,x) / d_Delta(e,x)^{1/2} = sqrt(2 pi) S^{1/4},
 *  S = sum_i a_i / b_i^2 (not attained); +inf if S = +inf.  Supported: two
 *  lists of equal length; a, b both i^p-type (zeta), both 2^i-type,
 *  a = c i^p with b = c' 2^i (polylog); pairs that provably diverge.
 *  Otherwise HKZ_ERR_UNSUPPORTED. */
HKZ_API HKZ_WARN_UNUSED int hkz_su2n_dist_const(arb_t res,
        const hkz_su2n_weights_t a, const hkz_su2n_weights_t b, slong prec);

/** ratio = d_L / d_Delta^{1/2}, the quantity bounded by (P2).
 *  HKZ_ERR_DOMAIN unless d_delta > 0 and both are finite. */
HKZ_API HKZ_WARN_UNUSED int hkz_su2n_dist_ratio(arb_t ratio,
        const arb_t d_delta, const arb_t d_L, slong prec);

/** The (P2) comparison of a ratio with the constant C: 1 if ratio <= C
 *  is proven, 0 if ratio > C is proven, -1 if the balls cannot decide. */
HKZ_API int hkz_su2n_dist_ratio_le(const arb_t ratio, const arb_t C);

/** (P3) best C in E_{Delta^gamma} <= C E_L (spec F1, P3): for 0 <= gamma
 *  <= 1/2, C*(gamma) = sup_i (3 a_i)^gamma / (2 b_i); +inf for gamma >
 *  1/2 or an unbounded sup.  Supported: two lists of equal length, or two
 *  families of the same type (i^p-type with any exponents). */
HKZ_API HKZ_WARN_UNUSED int hkz_su2n_form_const(arb_t res,
        const hkz_su2n_weights_t a, const hkz_su2n_weights_t b,
        const arb_t gamma, slong prec);

/** (F1) by brute force over the joint spectrum (an independent check of
 *  the closed form P3): the max over all (n_i, k_i), 1 <= n_i <= nmax,
 *  k_i in {-(n_i-1), -(n_i-3), ..., n_i-1}, not all n_i = 1 (then
 *  lambda^L > 0), of (sum_i a_i (n_i^2-1))^gamma / sum_i b_i (n_i^2-1-k_i^2).
 *  a, b: finite lists of equal length n >= 1; gamma >= 0; nmax >= 2.
 *  Every (n, k) is enumerated (for each n-tuple the min over its k-tuples
 *  of the denominator is taken with arb_min, then the ratio, then arb_max
 *  over the n-tuples), so res encloses the exact maximum.  argmax (NULL
 *  or 2n entries n_1, k_1, ..., n_n, k_n) receives a maximizer (largest
 *  midpoint; first in enumeration order on ties, k ascending).
 *  HKZ_ERR_ARG if more than 1e8 combinations would be enumerated. */
HKZ_API HKZ_WARN_UNUSED int hkz_su2n_form_const_brute(arb_t res,
        slong *argmax, const hkz_su2n_weights_t a,
        const hkz_su2n_weights_t b, const arb_t gamma, slong nmax,
        slong prec);

/* ---- subordination (F3) and (CK*) integrals (subord.c, ck*.c) ---------- */

/** mu^{op^{1/2}}_s(e) = sum_pi d_pi tr e^{-s op(pi)^{1/2}}
 *  = 1 + int_0^inf (mu^op_u(e) - 1) eta_s(u) du, eta_s(u) =
 *  s/(2 sqrt pi) u^{-3/2} e^{-s^2/(4u)} (spec F3), by acb_calc_integrate
 *  with proven bounds for the two ends.  w must be a finite list
 *  (HKZ_ERR_UNSUPPORTED otherwise; truncations are lower bounds); s > 0.
 *  HKZ_ERR_PREC if the integrator returns no finite enclosure. */
HKZ_API HKZ_WARN_UNUSED int hkz_su2n_heat_e_subord(arb_t res,
        const hkz_su2n_weights_t w, int op, const arb_t s, slong prec);

/** int_a^inf log F(x^p) dx, F(s) = h_s(e) (DELTA) or p_s(e) (L), p > 0,
 *  a >= 0.  For weights i^p, t^{1/p} log mu_t(e) lies in
 *  [value at a = t^{1/p}, value at a = 0] and tends to the value at a = 0
 *  as t -> 0 ((CK*) limit; spec 5.4, R38-R41).  Certified: [0, x0] by the
 *  small-time closed forms with a proven bound on the correction, [x0, X]
 *  by acb_calc_integrate of the holomorphic factor, [X, inf) by the
 *  delta bound.  HKZ_ERR_PREC if the integrator returns no finite
 *  enclosure. */
HKZ_API HKZ_WARN_UNUSED int hkz_su2n_ck_integral(arb_t res, int op,
        const arb_t p, const arb_t a, slong prec);

#ifdef __cplusplus
}
#endif
#endif
