/* heat_bi_internal.h -- private helpers of the bi-invariant heat kernel
 * h_t(alpha) on SU(2) (groups/su2/heat_bi*.c; spec heat_kernels_su2.md
 * section 2).  Not installed. */
#ifndef HKZ_SU2_HEAT_BI_INTERNAL_H
#define HKZ_SU2_HEAT_BI_INTERNAL_H

#include "hkz/su2.h"

#define HKZ_SU2_HEAT_BI_MAX_DERIV 64

/* Checks the arguments of the function named fn (prec >= 2, deriv <= 64,
 * t a finite ball with t > 0, alpha a finite ball meeting [0, pi]) and sets
 * a to a ball containing alpha intersected with [0, pi] (possibly extending
 * above pi by a rounding error; h is symmetric about pi).  Returns a status
 * with the message set. */
int _hkz_su2_heat_bi_args(arb_t a, const arb_t t, const arb_t alpha,
        ulong deriv, slong prec, const char *fn);

/* Certified routes on checked arguments (a from _hkz_su2_heat_bi_args).
 * res may alias t or a.  The images route needs t <= 1. */
int _hkz_su2_heat_bi_spectral(arb_t res, const arb_t t, const arb_t a,
        ulong deriv, slong prec, const char *fn);
void _hkz_su2_heat_bi_images(arb_t res, const arb_t t, const arb_t a,
        slong prec);

/* (TB1): hkz_su2_tb1 (hkz/su2.h). */

/* ---- pieces of the character sum (heat_bi_spectral.c, heat_bi_tail.c,
 * heat_bi_sums.c) ---- */

/* refuse work beyond N terms or N * wp bit-terms (t far too small) */
#define HKZ_SU2_BI_MAX_TERMS (WORD(1) << 20)
#define HKZ_SU2_BI_MAX_WORK 4.0e9

/* restart of the rotation in _hkz_su2_heat_bi_partial_sums: at most
 * 2^(HKZ_SU2_BI_ROT_BLOCK/2) growth */
#define HKZ_SU2_BI_ROT_BLOCK 16

/* Smallest N (with lambda0 >= 2k/t) whose tail majorant is <=
 * e^{log_target} (doubles, steering only; heat_bi_tail.c). */
ulong _hkz_su2_heat_bi_choose_N(double t, ulong k, double log_target);

/* B >= |sum_{n>N} n (-lambda_n)^k e^{-lambda_n t} chi_n| for every t >= tlo
 * and every alpha (heat_bi_tail.c). */
void _hkz_su2_heat_bi_tail_bound(mag_t B, const arf_t tlo, ulong N,
        ulong k);

/* Truncated sums over n <= N at working precision wp (s, st, sa optional;
 * see heat_bi_sums.c). */
void _hkz_su2_heat_bi_partial_sums(arb_t s, arb_t st, arb_t sa,
        const arb_t t, const arb_t a, ulong N, ulong k, slong wp);

/* Double helpers (not certified; they steer truncation and precision).
 * images_log_d: log h_t(alpha) from the paired image forms (2.3)/(2.4),
 * accurate for 0 < t <= 1, computed in the log domain (no overflow).
 * spectral_d: the character sum of d^k/dt^k h as value = ret *
 * exp(*log_scale); *log_abs receives log sum_n n^2 lambda_n^k
 * e^{-lambda_n t}, the size of the terms (|chi_n| <= n). */
double _hkz_su2_heat_bi_images_log_d(double t, double alpha);
double _hkz_su2_heat_bi_spectral_d(double *log_scale, double *log_abs,
        double t, double alpha, ulong k);

#endif
