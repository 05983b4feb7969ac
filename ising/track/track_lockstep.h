/* track_lockstep.h -- Curie-Weiss trajectories of all zeros in lockstep
 * by their equation of motion (private to ising/track/track_lockstep*.c;
 * the method and its proof: track_lockstep_cert.c). */
#ifndef HKZ_TRACK_LOCKSTEP_H
#define HKZ_TRACK_LOCKSTEP_H

#include <arb_poly.h>
#include "track_internal.h"

/* degree of the approximants y_k (Chebyshev in tau in [-1, 1]) and the
 * working precision of their ball evaluations */
#define HKZ_LLS_P 16
#define HKZ_LLS_PREC 128

/* The pair sums of one sample in doubles with a proven rounding bound
 * (track_lockstep_pairs.c): for k in [k0, k1), over the partners of zero
 * k (the n zeros y_m, m != k, their mirrors -y_m, and pi/2 when odd),
 *   F_k = sum cot(y_k -+ y_m)  in  [fs[k] - fb[k], fs[k] + fb[k]],
 * from S[m], C[m] within din of sin y_m, cos y_m (|S|, |C| <= 1).
 * fb[k] = infinity if some partner is too close for the bound. */
void _hkz_lls_pair_sums(double *fs, double *fb, const double *S,
                        const double *C, slong n, int odd, double din,
                        slong k0, slong k1);

/* The pair bounds of one step (track_lockstep_pairs.c) from the
 * Chebyshev coefficients c[k (P + 1) + i] of the y_k and weights
 * wr[i] >= (rho^i + rho^-i)/2, wi[i] >= (rho^i - rho^-i)/2 (i <= P):
 *   cs[k] >= sum over the partners of (pi/2)(1 + Y^2)/g, where on the
 *     ellipse E_rho, |Im P| <= Y <= 1 and dist(Re P, pi Z) >= g > 0;
 *   ss[k] >= sum over the partners of 1/g1^2, g1 the same distance on
 *     [-1, 1] (rho = 1: weights 1, 0), and g1[k] <= every g1 of zero k.
 * cs[k] = infinity if some partner has g <= 0 or Y > 1 on E_rho, or
 * g1 <= 0. */
void _hkz_lls_pair_bounds(double *cs, double *ss, double *g1,
                          const double *c, slong n, int odd,
                          const double *wr, const double *wi, slong k0,
                          slong k1);

/* The state of one step shared by its stages (track_lockstep_stages.c;
 * each stage writes only the entries of its zeros k0..k1-1). */
typedef struct
{
    const double *c;
    slong n, ns;
    slong koff;             /* the stages' k start here (the rank's block) */
    int odd;
    arb_poly_struct *Y;         /* the y_k as polynomials in tau */
    arb_srcptr tau;             /* the current sample */
    double *S, *C, *fs, *fb;    /* its sines, cosines, pair sums, bounds */
    arb_ptr yv, dyv;            /* y_k, y_k' there */
    mag_ptr rin;                /* radii of sin y_k, cos y_k there */
    double din;
    const double *wr, *wi;
    double *cs, *ss, *g1;
    arb_ptr D;                  /* D[i n + k] = d_k(tau_i) */
    mag_ptr M, sup;             /* per zero */
    mag_t lam, ierr;            /* Lambda_ns, 4 rho^-ns/(rho - 1) */
    double rho;
    arb_t h;
    mag_t eps;
    arb_srcptr thb;
    arb_ptr box;
    int *dir, *bad;
} _hkz_lls_job_t;


void _hkz_lls_build_polys(size_t k0, size_t k1, void *arg);
void _hkz_lls_eval_sample(size_t k0, size_t k1, void *arg);
void _hkz_lls_pair_sums_stage(size_t k0, size_t k1, void *arg);
void _hkz_lls_pair_bounds_stage(size_t k0, size_t k1, void *arg);
void _hkz_lls_ellipse_m(size_t k0, size_t k1, void *arg);
void _hkz_lls_sup_defect(size_t k0, size_t k1, void *arg);
void _hkz_lls_boxes(size_t k0, size_t k1, void *arg);
/* weights (rho^i +- rho^-i)/2 rounded up, i = 0..P */
void _hkz_lls_weights(double *wr, double *wi, double rho);

/* One certified step of all n zeros over [ta, tb] (track_lockstep_cert.c):
 * c: the Chebyshev coefficients of y_k (any doubles: a fit), tha, thb: the
 * certified complete lists at ta and tb.  On success (1): box[k] holds
 * theta_k(t) for every t in [ta, tb], dir[k] the certified sign of its
 * derivative (0: open), *eps the tube radius: |theta_k(t) - y_k(tau)| <=
 * eps, tau = (2t - ta - tb)/(tb - ta).  0: not certified.  Collective over
 * d (NULL: this process): each rank takes a block of the zeros and every
 * rank gets every box and direction, the same for any number of ranks. */
int _hkz_lls_cert(arb_ptr box, int *dir, mag_t eps, const double *c,
                  slong n, int odd, arb_srcptr tha, arb_srcptr thb,
                  const arf_t ta, const arf_t tb, int nthreads, hkz_dist_t d);

/* Chebyshev coefficients c[k (P + 1) + i] of the interpolants through
 * z[j n + k] (j = 0..P, at tau_j = -cos(pi j / P)) in doubles. */
void _hkz_lls_fit(double *c, const double *z, slong n);

/* Y = sum_i ck[i] T_i(tau) as a polynomial (exact: doubles times
 * integers); y_k(tau) and (d/dtau) y_k at a ball tau; the ranges of Y and
 * Y' on [tc - del, tc + del] by a Taylor form at tc
 * (track_lockstep_poly.c). */
void _hkz_lls_mono(arb_poly_t Y, const double *ck);
void _hkz_lls_eval(arb_t y, arb_t dy, const double *ck, const arb_t tau,
                   slong prec);
void _hkz_lls_range(arb_t y, arb_t dy, const arb_poly_t Y, const arb_t tc,
                    const mag_t del);

/* The lockstep run of a tracker of family hkz_ly_cw_family_lockstep
 * (track_lockstep_run.c): the steps of all tracked zeros together up to
 * te = min(t1, 2/N) (_hkz_lls_end; the rounds of track_run.c go on from
 * there zero by zero). */
void _hkz_lls_end(arf_t te, const hkz_ly_track_struct *tr);
int _hkz_ly_track_lockstep_run(hkz_ly_track_t tr, slong max_steps,
                               const hkz_ly_opts_t *opts);
/* hkz_ly_track_ranks of a lockstep job over the ranks of opts->dist (size
 * > 1): every rank tracks the whole range, *full on every rank */
int _hkz_ly_track_lockstep_ranks(hkz_ly_track_t *full, int *tstatus,
                                 const hkz_ly_track_job_t *jb,
                                 const hkz_ly_opts_t *opts);

#endif
