/* zeros_internal.h -- private helpers of the Lee-Yang zero code (not
 * installed). */
#ifndef HKZ_ZEROS_INTERNAL_H
#define HKZ_ZEROS_INTERNAL_H

#include "hkz/ly.h"
#include "hkz_parallel.h"
#include "hkz/dist.h"

#define HKZ_LY_PI 3.14159265358979323846
#define HKZ_LY_LN2 0.69314718055994530942

/* ---- threads ------------------------------------------------------------ */

/* The loops of the Lee-Yang drivers run on FLINT's global pool
 * (hkz_parallel_for(hkz_pool_flint(), ...), dynamic schedule): at most
 * nthreads threads, the calling one included, and only as many as FLINT's
 * pool holds (flint_set_num_threads; the hkz CLI sets it from --threads).
 * A nested loop finds the pool busy and runs in its own thread. */
int _hkz_ly_nthreads(const hkz_ly_opts_t *opts);

/* HKZ_ERR_UNSUPPORTED of the coefficient methods (size limits of the
 * exact tables and of the enumeration) as HKZ_ERR_TOO_LARGE, message kept
 * (zeros_model.c). */
int _hkz_ly_too_large(int st);

/* Default largest precision for degree W and rel_bits. */
slong _hkz_ly_max_prec(const hkz_ly_opts_t *opts, slong W);

/* ---- cosine sums (zeros_cos.c) ------------------------------------------ */

/* Kept range [jlo, jhi] of folded coefficients and the bound tail >=
 * sum of |c_j| over the dropped ones: only terms below 2^-prec max|c_j|
 * are dropped (spec 3.1, optional truncation, tail added to radii). */
void _hkz_ly_cos_trunc(slong *jlo, slong *jhi, mag_t tail, arb_srcptr c,
                       slong len, slong prec);

/* E[i] = exp(i (W - 2 (jlo + i)) theta), i = 0..n-1, by multiplication on
 * the unit circle (radii grow linearly). */
void _hkz_ly_cos_powers(acb_ptr E, slong W, slong jlo, slong n,
                        const arb_t theta, slong prec);

/* res[r] = Re(i^r sum_{i<n} c[i] m_i^r E[i]), m_i = W - 2(jlo + i),
 * r = 0..nder (c points at c_jlo). */
void _hkz_ly_cos_sums(arb_ptr res, slong nder, arb_srcptr c, acb_srcptr E,
                      slong W, slong jlo, slong n, slong prec);

/* d^r F/dtheta^r, r = 0..nder, of the truncated sum plus the tail bound
 * (W^r tail for order r); Taylor form when theta has a radius. */
void _hkz_ly_cos_eval_trunc(arb_ptr res, slong nder, arb_srcptr c, slong W,
                            slong jlo, slong jhi, const mag_t tail,
                            const arb_t theta, slong prec);

/* ---- the direct-sum driver (zeros_cos_zeros.c) ------------------------- */

/* hkz_ly_zeros_cos with an optional predictor and precision hint. */
int _hkz_ly_zeros_cos_pred(hkz_ly_zeros_t z, slong W, hkz_ly_coeffs_fn fn,
        void *param, int (*predict)(double *, slong, void *),
        slong (*prec_hint)(double, void *), void *pctx,
        const hkz_ly_opts_t *opts);

/* ---- Curie-Weiss internals ---------------------------------------------- */

/* Largest N for which the automatic method is the direct sum. */
#define HKZ_LY_CW_DIRECT_MAX_N 256

/* The saddle-line geometry of the Hubbard-Stratonovich integral
 *   I(theta) = int_R g(x) dx,  g(x) = exp(psi(x)),
 *   psi(x) = -x^2/(2t) + N log(2 cosh(x + i theta))
 * on the line Im x = b through the saddle points +-Re(xs) + i b
 * (psi'(xs) = 0).  All values are plain doubles (not certified); b and h
 * are short (float) so that the nodes k h + i b are exact. */
typedef struct
{
    slong N;
    double t, beta, theta;
    double xs_re, xs_im;    /* saddle point (Re >= 0) */
    double b;               /* line height (exact float value) */
    double a;               /* contour shift of the discretization bound */
    double h;               /* node spacing (exact float value) */
    double psiref;          /* scale: Re psi(xs) */
    double sigw;            /* width of the bump, 1/sqrt(N rho) */
    double sigh;            /* oscillation scale, 1/sqrt(N kappa) */
    double E;               /* accuracy goal in nats */
    slong klo, khi;         /* node range k h, k = klo..khi */
} _hkz_ly_cw_line_t;

/* Saddle by Newton from x0 (re, im); 0 on success. */
int _hkz_ly_cw_saddle_d(double *re, double *im, double theta, double beta,
                        double re0, double im0);

/* Saddle by continuation from theta = pi/2 (real saddle x tanh x = beta). */
int _hkz_ly_cw_saddle_top_d(double *re, double *im, double theta,
                            double beta);

/* Fills the line parameters for accuracy E nats from a saddle; h is set
 * from the quadratic model (the rigorous code recomputes it).  0 on
 * success. */
int _hkz_ly_cw_line_d(_hkz_ly_cw_line_t *L, slong N, double t, double theta,
                      double xs_re, double xs_im, double E);

/* Node range k_lo..k_hi where |g(kh + ib)| e^{-psiref} h >= e^{-E}/16. */
void _hkz_ly_cw_line_nodes_d(_hkz_ly_cw_line_t *L);

/* Re psi(u + i y) - psiref for the line's theta (double). */
double _hkz_ly_cw_repsi_d(const _hkz_ly_cw_line_t *L, double u, double y);

/* Double node sum: returns e^{-psiref} I(theta), *dI its theta-derivative
 * (theta may differ slightly from L->theta: the line is kept). */
double _hkz_ly_cw_integral_d(double *dI, const _hkz_ly_cw_line_t *L,
                             double theta);

/* Rigorous upper bounds (cw_integral_bound.c), all in units e^{psiref}:
 * M = int_R |g(u + i y)| du, and the node sum
 * 2 h sum_{k in [k1, k2]} |g(k h + i y)| with k2 = -1 meaning infinity.
 * theta is a ball (bounds hold for all theta in it); t may be a ball. */
void _hkz_ly_cw_bound_line_int(mag_t res, slong N, const arb_t t,
        const arb_t theta, const arf_t y, const arb_t psiref,
        const mag_t eps, double width);
void _hkz_ly_cw_bound_line_nodes(mag_t res, slong N, const arb_t t,
        const arb_t theta, const arf_t y, const arf_t h, slong k1, slong k2,
        const arb_t psiref, const mag_t eps, double width);

/* Saddle-line integral at npts exact points (cw_integral.c): res[i] =
 * e^{-psiref} I(theta_i); rigorous != 0 adds every error bound, otherwise
 * only rounding is enclosed (Newton steps).  dres (may be NULL): the
 * theta-derivative, never rigorous.  logscale (may be NULL): psiref -
 * tN/2 - log(2 pi t)/2, so that res * e^{logscale} = F_N(t, theta). */
int _hkz_ly_cw_integral_eval(arb_ptr res, arb_ptr dres, arb_t logscale,
        arf_srcptr theta, slong npts, slong N, const arb_t t, slong prec,
        int rigorous);

/* hkz_ly_cw_predict_d on nthreads threads (cw_predict.c). */
slong _hkz_ly_cw_predict_par(double *theta, slong N, double t, int nthreads);
/* Predictions of the zeros lo + 1 .. hi into theta[0 .. hi - lo), the same
 * bits as in the whole list; hi - lo on success, -1 on failure. */
slong _hkz_ly_cw_predict_block(double *theta, slong N, double t, slong lo,
                               slong hi, int nthreads);
/* Predictions of the zeros lo + 1 .. hi into theta[0 .. hi - lo) by one
 * sweep from pi/2 (one thread; the bits depend on N, t, lo, hi only: the
 * pieces of _hkz_lyz_fun_pieces); hi - lo on success, -1 on failure. */
slong _hkz_ly_cw_predict_sweep(double *theta, slong N, double t, slong lo,
                               slong hi);
/* This rank's block [lo, hi) of the n = N/2 Curie-Weiss zeros, balanced
 * by a cost model (cw_predict.c); the same on every process. */
void _hkz_ly_cw_blocks(slong *lo, slong *hi, slong N, double t, int rank,
                       int size);

/* Frees z's entries and makes room for the zeros j0 + 1 .. j0 + len
 * (indeterminate, unknown). */
void _hkz_ly_zeros_resize(hkz_ly_zeros_t z, slong j0, slong len);

/* From x0: one Newton step x1 and a certified bracket x1 -+ e (e about
 * wt/4) with one pass over the nodes (cw_integral.c).  1 on success. */
int _hkz_ly_cw_integral_bracket(arf_t a, arf_t b, int *sa, int *sb,
        const arf_t x0, const arf_t wt, slong N, const arb_t t, slong prec);
/* Two stages from x0 on one line and one set of bounds: the bracket with
 * wt1, then from its midpoint the bracket with wt2.  The stages done (0, 1,
 * 2); (a, b) the last bracket certified (when a stage fails, its
 * predecessor's bracket stays). */
int _hkz_ly_cw_integral_bracket2(arf_t a, arf_t b, int *sa, int *sb,
        const arf_t x0, const arf_t wt1, const arf_t wt2, slong N,
        const arb_t t, slong prec);

/* Brackets of nearby zeros from one set of nodes per thread
 * (cw_integral_block.c): same contract as _hkz_ly_cw_integral_bracket;
 * the cache holds the blocks of all threads until _hkz_lyi_cache_free. */
typedef struct _hkz_lyi_cache_s _hkz_lyi_cache_t;
_hkz_lyi_cache_t *_hkz_lyi_cache_new(void);
void _hkz_lyi_cache_free(_hkz_lyi_cache_t *ca);
int _hkz_ly_cw_integral_bracket_blk(_hkz_lyi_cache_t *ca, arf_t a, arf_t b,
        int *sa, int *sb, const arf_t x0, const arf_t wt, slong N,
        const arb_t t, slong prec);

/* Tracker internals (track_init.c). */
void _hkz_ly_track_clear_steps(hkz_ly_track_t tr, slong i);
hkz_ly_step_struct *_hkz_ly_track_new_step(hkz_ly_track_t tr, slong i);

#endif
