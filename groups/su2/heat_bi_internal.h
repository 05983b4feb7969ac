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
