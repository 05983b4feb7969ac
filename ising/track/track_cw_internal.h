/* track_cw_internal.h -- certified tracking steps of Curie-Weiss zeros by
 * the saddle-line integral (ising/track/track_cw_*.c); the method and the
 * proofs: track_cw_box.c (enclosures), track_cw_line.c (nodes),
 * track_cw_bound.c (errors). */
#ifndef HKZ_TRACK_CW_INTERNAL_H
#define HKZ_TRACK_CW_INTERNAL_H

#include "track_internal.h"
#include "cw/cw_integral_internal.h"

/* One box B = [ta, tb] x [lo, hi]: the nodes of the line through the
 * saddle of (tm, theta0) and the bounds that make the node sums enclose
 * K, K_theta, K_t on all of B (track_cw_box.c). */
typedef struct
{
    _hkz_lyi_ictx_t c;      /* line at (tm, theta0): nodes, h, psiref */
    arb_t tm, T, X;         /* centre of T (exact), the balls T and X */
    arf_t th0;              /* anchor theta0 (exact, 53 bits) */
    arb_t cc, bb, lam;      /* c = b + theta0, b, lambda */
    mag_t r;                /* (tb - ta)/2 */
    arb_t ig;               /* 1/(2 T tm) */
    slong len;
    acb_ptr V, V1, V2;      /* V_k, u_k V_k, (u_k^2/(2 tm^2) - lam) V_k */
    acb_ptr V3;             /* u_k^2 V_k */
    mag_ptr E;              /* e_k = e^{w_k} - 1 (_hkz_lyt_growth) */
    mag_t R0, R1, RA;       /* the t-ball remainders */
    mag_t err0, err1, errt; /* trapezoid errors of K, K_theta, K_t */
    /* the line: node values at (tref, theta0), errors on its region */
    arb_t tref;
    acb_ptr Vr;
    mag_t e0r, e1r, etr;
    /* the precision of the step's certificate (node values of the box,
     * remainders, signs: the sums cancel little, and the t-remainders are
     * far above 2^-64 of them); wp where the goal is needed */
    slong pw;
    int valid;
    /* in: the first pass of _hkz_lyt_line_build may keep errors of 2^-8
     * bumps (else 2^-24); out: 1 iff it did, beyond 2^-24 */
    int loose;
} _hkz_lyt_box_t;

void _hkz_lyt_box_init(_hkz_lyt_box_t *B);
void _hkz_lyt_box_clear(_hkz_lyt_box_t *B);
/* the node vectors (V, V1, V2, V3, Vr, E) for len nodes (0: none) */
void _hkz_lyt_box_resize(_hkz_lyt_box_t *B, slong len);
/* A line through the saddle of (tref, theta0), tref the centre of
 * [tl0, tl1], with its errors for all t in [tl0, tl1] and theta in [xl0,
 * xl1]; then the boxes of steps inside that region (_hkz_lyt_box_step);
 * _hkz_lyt_box_build: both for the region of one step.  0 on success
 * (track_cw_line.c). */
int _hkz_lyt_line_build(_hkz_lyt_box_t *B, slong N, const arf_t tl0,
                        const arf_t tl1, const arf_t xl0, const arf_t xl1,
                        const arf_t th0, slong prec);
void _hkz_lyt_box_step(_hkz_lyt_box_t *B, const arf_t ta, const arf_t tb,
                       const arf_t lo, const arf_t hi);
int _hkz_lyt_box_build(_hkz_lyt_box_t *B, slong N, const arf_t ta,
                       const arf_t tb, const arf_t lo, const arf_t hi,
                       slong prec);
/* Enclosures of K, K_theta, K_t (any may be NULL) at theta (a ball inside
 * X) and t = tm (t == NULL) or every t in the ball t (inside T). */
void _hkz_lyt_box_eval(arb_t K, arb_t Kth, arb_t Kt, const _hkz_lyt_box_t *B,
                       const arb_t theta, const arb_t t);
/* The same in the phase variable D = (c - theta)/t - b/tref (a ball, for
 * t in the ball t or t = tm): K, K_theta, G_t = dK/dt at fixed D, K_t. */
void _hkz_lyt_box_eval_d(arb_t K, arb_t Kth, arb_t Gt, arb_t Kt,
                         const _hkz_lyt_box_t *B, const arb_t D,
                         const arb_t t);
/* res = [x - e, x + e] inside X holding the zero of K(tb, .), to about
 * rel_bits (track_cw_zero.c); 0 if not certified (always with res =
 * NULL); *xn = the Newton point on the nodes of B from guess */
int _hkz_lyt_box_zero(arb_t res, double *xn, const _hkz_lyt_box_t *B,
                      const arf_t tb, double guess, slong rel_bits,
                      slong prec);
/* w = e^{-i h D}, wk = w^klo (track_cw_box.c); e = e^{w_k} - 1 >= |e^{a_k(t)}
 * - 1| on T, w_k = sup_T |u^2/(2 t tm) - lam| r (track_cw_line.c) */
void _hkz_lyt_phases(acb_t w, acb_t wk, const _hkz_lyt_box_t *B,
                     const arb_t D, slong wp);
void _hkz_lyt_growth(mag_t e, const _hkz_lyt_box_t *B, const arb_t u);
/* Second-order enclosures in t at fixed D on one step box (proof at
 * the top of track_cw_curv.c): the node sums of N_tt (V4, R4) and of d/dt
 * K_theta t (V5, R5); S = wk sum V_k w^k + disk(R); K_t on D x t
 * (t inside T). */
typedef struct
{
    acb_ptr V4, V5;
    mag_t R4, R5;
    slong len;
} _hkz_lyt_curv_t;

void _hkz_lyt_curv_init(_hkz_lyt_curv_t *C, slong len);
void _hkz_lyt_curv_clear(_hkz_lyt_curv_t *C);
void _hkz_lyt_curv_nodes(_hkz_lyt_curv_t *C, const _hkz_lyt_box_t *B);
void _hkz_lyt_curv_sum(acb_t S, acb_srcptr V, const mag_t R,
                       const _hkz_lyt_box_t *B, const acb_t w,
                       const acb_t wk);
void _hkz_lyt_kt_second(arb_t v, const _hkz_lyt_box_t *B,
                        const _hkz_lyt_curv_t *C, const arb_t D,
                        const arb_t t);
/* G(t, D) = K(t, theta(t, D)) for all t in T (D a ball) */
void _hkz_lyt_g_second(arb_t v, const _hkz_lyt_box_t *B,
                       const _hkz_lyt_curv_t *C, const arb_t D);
/* err0, err1, errt of B (track_cw_bound.c) */
void _hkz_lyt_box_errors(_hkz_lyt_box_t *B, slong N, const arf_t ta,
                         const arf_t tb);

/* Newton on the double node sum at (t, th) (th on failure; *xsre = Re
 * of the saddle); theta_j(tb) in [lo, hi] by the certified bracket of
 * cw_integral_eval.c (the interval itself and 0 on failure)
 * (track_cw_step.c). */
double _hkz_lyt_newton_d(slong N, double t, double th, double *xsre);
int _hkz_lyt_zero_at(arb_t res, const hkz_ly_track_struct *tr, slong N,
                      const arf_t tb, double guess, const arf_t lo,
                      const arf_t hi, slong prec);
/* One step of zero i to tb in a wedge that follows the zero
 * (track_cw_wedge.c); 1 if certified (recorded), -1 if only the sign of
 * d theta/dt was not certified, 0 otherwise; *loose as B->loose of its
 * line. */
int _hkz_lyt_wedge_step(hkz_ly_track_struct *tr, slong i, const arf_t tb,
                        const arf_t thpred, slong prec, int *loose);
/* The certificate of a wedge (track_cw_wedge_cert.c): the conditions of
 * track_cw_wedge.c on the sub-wedge [t0, t1] x [Dlo, Dhi] of the line, the
 * direction on T x band if not on the wedge (band = [D1, D2] inside
 * [Dlo, Dhi], or NULL) (1: certified, direction into *dir; -1: only the
 * direction open; 0: not certified); theta = c - t (D + b/tref) for balls
 * D, t. */
int _hkz_lyt_wedge_pieces(_hkz_lyt_box_t *B, const arf_t t0, const arf_t t1,
                          const arf_t xl0, const arf_t xl1, const arf_t Dlo,
                          const arf_t Dhi, const arf_struct *band,
                          int depth, double rc, int *dir);
void _hkz_lyt_wedge_theta(arb_t res, const _hkz_lyt_box_t *B, const arb_t D,
                          const arb_t t);
/* Records the certified step of zero i to tb (box [lo, hi], direction
 * dir) and theta_j(tb): from the nodes of B (Newton from gbox), else the
 * bracket inside [a, b] (from gat) (track_cw_step.c); 1, or 0 (nothing
 * recorded) where the bracket fails on a loose line (B->loose). */
int _hkz_lyt_record(hkz_ly_track_struct *tr, slong i, const arf_t tb,
                    const arf_t lo, const arf_t hi, int dir,
                    const _hkz_lyt_box_t *B, double gbox, double gat,
                    const arf_t a, const arf_t b, slong prec);

/* The tracker's step and rates for the family hkz_ly_cw_family_integral
 * (track_cw_step.c). */
int _hkz_ly_track_try_step_cwi(hkz_ly_track_struct *tr, slong i,
                               const arf_t tb, const arf_t thpred,
                               slong prec);
void _hkz_ly_track_rates_cwi(double *dth, double *lam,
                             const hkz_ly_track_struct *tr, const arf_t t,
                             const arb_t theta, slong prec);
/* max(1, sqrt(N/500)), how the steps' t-remainders spread with N: the
 * step cap is t/(8 x) (_hkz_ly_track_rates_cwi), a step's first pieces
 * t/(32 x) (_hkz_lyt_wedge_step) (track_cw_step.c). */
double _hkz_lyt_spread(slong N);

#endif
