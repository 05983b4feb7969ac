/* hkz/compare_grid.h -- the experiments on grids of issue 11 section 2
 * (spec grid_experiments.md): Varadhan's formula and Gaussian bounds for
 * time derivatives, as library functions on the hkz_compare_result_t of
 * hkz/compare.h (same calling convention: the experiment empties r's
 * tables, sets its name, fills rows, keys, pass and reason; HKZ_SUCCESS
 * whatever the verdict; HKZ_ERR_ARG "param: why" for a bad parameter).
 *
 * Values come from the certified scalar paths (hkz_su2_heat_bi with
 * deriv, hkz_su2_heat_sub, hkz_su2_dist_cc; the Milnor derivatives of
 * hkz_su2_heat_milnor_deriv, hkz/su2.h) under the Ziv loop of hkz/goal.h at
 * digits significant digits.  Rows label every number: ball columns are
 * certified (radius a proven bound), columns documented as "double
 * statistic" (fitted coefficients, ratios of midpoints) are not. */
#ifndef HKZ_COMPARE_GRID_H
#define HKZ_COMPARE_GRID_H

#include "hkz/compare.h"
#include "hkz/progress.h"
#include "hkz/su2.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Varadhan (groups/compare/varadhan*.c) ------------------------------
 * e(g, t) = -4 t log p_t(g) - d(g)^2 at t_j = t0 / 2^j, j = 0..nt-1.
 *  delta  p = h_t(alpha), d = alpha: e (certified) against the exact
 *         closed form of the spec (certified, image sum I with a proven
 *         tail): PASS needs every pair of balls to overlap and to carry
 *         digits - 4 digits (perturb, for tests, is added to the closed form);
 *  sub    p = p_t(r, z) of L = -(X^2+Y^2), d = d_cc (certified), r > 0
 *         (off the cut locus): the coefficient A of t log t fitted through
 *         three consecutive times (e/t = A log t + B + C t, a double
 *         statistic) must come within tol of 6 at the smallest times, and
 *         |A - 6| must not grow over the last fits;
 *  fibre  r = 0 (the cut locus): the same fit, reported as the contrast
 *         (p_t ~ t^-2 e^{-d^2/4t} there: A tends to 8); PASS needs its
 *         last A farther than tol from 6. */
typedef struct
{
    slong digits;          /* 20 */
    const char *alpha;     /* "0.5,1,2,2.8": Delta points, 0 < alpha < pi */
    const char *sub;       /* "0.8,0.3;0.4,1;1.2,2": r,z pairs, r > 0 */
    const char *fibre;     /* "0.3,1,2.5": z on the fibre r = 0 */
    const char *t0;        /* "0.08" (0 < t0 <= 1) */
    slong nt;              /* 6 times t0/2^j, in [3, 40] */
    double tol;            /* 0.01 */
    double perturb;        /* 0 (tests only) */
} hkz_compare_varadhan_opts_t;

HKZ_API void hkz_compare_varadhan_opts_init(hkz_compare_varadhan_opts_t *o);
/** The large preset: t0 0.16, nt 7, more points (larger machines). */
HKZ_API void hkz_compare_varadhan_opts_large(hkz_compare_varadhan_opts_t *o);
HKZ_API HKZ_WARN_UNUSED int hkz_compare_varadhan(hkz_compare_result_t *r,
        const hkz_compare_varadhan_opts_t *o);

/** The spec's closed form of e(alpha, t) for Delta, 0 < alpha < pi,
 *  0 < t <= 1: 6 t log(4 pi t) - 4 t log(2 pi^2) - 4 t log(alpha/sin alpha)
 *  - 4 t^2 - 4 t log(1 + I), I summed over 0 < |k| <= 6 plus a proven
 *  tail.  HKZ_ERR_DOMAIN outside the range. */
HKZ_API HKZ_WARN_UNUSED int hkz_compare_varadhan_closed(arb_t e,
        const arb_t alpha, const arb_t t, slong prec);

/* ---- Gaussian bounds (groups/compare/gauss*.c) ---------------------------
 * For each operator L = -(a X^2 + b Y^2 + c Z^2) (a = b = c = 1: Delta),
 * points g = exp(alpha u) (u = X, Z, (X+Y+Z)/sqrt 3; class angle =
 * d_Delta(e, g) = alpha) and times t_i = 2^(-i/m), i = 0..m J:
 *   R_k(g, t) = t^k |d^k/dt^k p_t(g)| t^(3/2) exp(alpha^2 / (c0 t)),
 *   C_k(c0, t_min) = max over the grid with t >= t_min (certified balls),
 * t_min = 2^-j, j = 1..J, k = 0..3,  c0 = 4 lambda_max (1 + eps) (the
 * bound) and c0 = 4 lambda_min (1 - eps) (the negative control), eps in
 * the list.  The last growth ratio rho = C_k(2^-J)/C_k(2^-(J-1)) (a
 * certified ball) classifies each (operator, eps, k):
 *   bound:   saturated    rho <= 1 + tol (upper end): bounded as t_min halves;
 *            transient    1 + tol < rho <= 2^(k+2): still rising on this grid
 *                         (the Gaussian gain e^{-b/t}, b ~ eps d^2/(4 lambda_max),
 *                         beats the polynomial factor only for t < ~b/k; a
 *                         deeper grid, --J or the large preset, decides);
 *            exponential  rho > 2^(k+2);
 *   control: grows        rho >= grow (lower end) and above the previous ratio.
 * PASS needs: no bound exponential; every bound saturated at the largest eps
 * (for every operator and k); every control growing.  The keys count the
 * transient cases (bound_transient). */
typedef struct
{
    slong digits;          /* 10 */
    const char *ops;       /* "1,1,1;1,1,2;1,2,3" a,b,c per operator */
    const char *alpha;     /* "0,0.5,1,2,3" */
    const char *eps;       /* "0.5,0.25,0.1" */
    slong J;               /* 4: t_min down to 2^-J, in [2, 30] */
    slong J_delta;         /* 7: J for a = b = c (cheap), >= J */
    slong m;               /* 2 times per octave, in [1, 16] */
    double tol;            /* 0.05 */
    double grow;           /* 1.5 */
    const hkz_progress_t *progress;  /* NULL; units: the points of every
                                        operator (a stop: INTERRUPTED) */
} hkz_compare_gauss_opts_t;

HKZ_API void hkz_compare_gauss_opts_init(hkz_compare_gauss_opts_t *o);
/** The large preset: J 7, J_delta 10, m 4, more points. */
HKZ_API void hkz_compare_gauss_opts_large(hkz_compare_gauss_opts_t *o);
HKZ_API HKZ_WARN_UNUSED int hkz_compare_gauss(hkz_compare_result_t *r,
        const hkz_compare_gauss_opts_t *o);

#ifdef __cplusplus
}
#endif
#endif
