/* cw_integral_internal.h -- the node-sum context of the saddle-line integral,
 * shared by cw_integral.c (evaluation), cw_integral_eval.c (one-pass brackets)
 * and cw_integral_block.c / cw_block_bracket.c (brackets of nearby zeros
 * from one set of nodes). */
#ifndef HKZ_CW_INTEGRAL_INTERNAL_H
#define HKZ_CW_INTEGRAL_INTERNAL_H

#include <complex.h>
#include "zeros/zeros_internal.h"

typedef struct
{
    _hkz_ly_cw_line_t L;
    slong N, wp, goal;
    const arb_struct *t;
    arb_t psiref, inv2t;
    arf_t hh;
    mag_t eps, err;
    mag_t disc;     /* discretization part of err (rigorous bounds) */
    slong hmargin;  /* bits by which h pushes disc below eps/2 (0) */
} _hkz_lyi_ictx_t;

void _hkz_lyi_ictx_init(_hkz_lyi_ictx_t *c);
/* res <= e^{2 pi a/h} - 1 (the discretization bound's denominator) */
void _hkz_lyi_disc_den(mag_t res, double a, const arf_t h);
void _hkz_lyi_ictx_clear(_hkz_lyi_ictx_t *c);
int _hkz_lyi_ictx_setup(_hkz_lyi_ictx_t *c, slong N, const arb_t t,
                        double thd, slong prec);
void _hkz_lyi_ictx_bounds(_hkz_lyi_ictx_t *c, const arb_t Theta,
                          int rigorous);
void _hkz_lyi_node_loop(_hkz_lyi_ictx_t *c, acb_ptr S, acb_ptr D, mag_t vsum,
                        mag_t tmax, acb_ptr V, acb_ptr VT, arf_srcptr theta,
                        slong npts);
/* r = max(|x0| 2^-34, wt): a bracket's Newton step from x0 stays well
 * inside x0 +- r (cw_integral_eval.c, cw_block_bracket.c) */
void _hkz_lyi_newton_radius(arf_t r, const arf_t x0, const arf_t wt);
void _hkz_lyi_finish(arb_t res, const _hkz_lyi_ictx_t *c, const acb_t S,
                     int rigorous, slong prec);

/* A block of nodes for many zeros (cw_integral_block.c): the weighted
 * node values V_k, VT_k at the anchor theta0 with their error bounds;
 * cw_block_bracket.c brackets the zeros near theta0 from it. */
typedef struct _hkz_lyi_blk_s
{
    struct _hkz_lyi_blk_s *next;
    int valid;
    slong N, prec, len, alloc;
    arb_ptr t;      /* one ball: the coupling of the nodes */
    arf_t th0;
    double dmax;
    _hkz_lyi_ictx_t c;
    acb_ptr V, VT;
    arb_t invt;             /* 1/t at the working precision */
    double complex *Vd, *VTd;   /* midpoints, for the Newton step */
    int finite;     /* every V_k, VT_k finite (cw_block_bracket.c) */
    mag_t dA, dD;   /* sum |Vd_k|, sum |V_k - Vd_k| (the signs in doubles) */
} _hkz_lyi_blk_t;

/* This thread's block of the cache; new nodes and bounds at theta0 = x0
 * (0 on success, the block is then valid). */
_hkz_lyi_blk_t *_hkz_lyi_blk_mine(_hkz_lyi_cache_t *ca);
/* (re, im) = the midpoint of wk sum_k f_k w^k exactly as blk_eval's
 * balls have it, for len >= 3, w != 0 and prec < 1024 (cw_horner_mid.c) */
void _hkz_lyi_horner_mid(arf_t re, arf_t im, acb_srcptr f, slong len,
                         const acb_t w, const acb_t wk, slong prec);
/* R = Re(om sum_k a_k w^k) in doubles and E >= its error for every
 * V_k with sum |V_k - a_k| <= D, A >= sum |a_k|, |w|, |om| <= 1 in the
 * balls w, om; 0 if not finite (cw_sum_d.c, the proof there) */
int _hkz_lyi_sum_d(double *R, mag_t E, const double complex *a, slong n,
                   const mag_t A, const mag_t D, const acb_t w,
                   const acb_t om);
int _hkz_lyi_blk_rebuild(_hkz_lyi_blk_t *b, const arf_t x0, slong N,
                         const arb_t t, slong prec);

#endif
