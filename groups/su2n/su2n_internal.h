/* su2n_internal.h -- private helpers of the SU(2)^n / SU(2)^infinity
 * module (groups/su2n/ sources; spec heat_kernels_su2.md section 5).  Not
 * installed. */
#ifndef HKZ_SU2N_INTERNAL_H
#define HKZ_SU2N_INTERNAL_H

#include "hkz/su2n.h"

#define HKZ_SU2N_DEFAULT_MAX_FACTORS (WORD(1) << 20)

/* HKZ_ERR_ARG unless op is HKZ_SU2N_DELTA or HKZ_SU2N_L. */
int _hkz_su2n_check_op(int op, const char *fn);

/* HKZ_ERR_ARG unless w is a valid initialized weight object. */
int _hkz_su2n_check_weights(const hkz_su2n_weights_t w, const char *fn);

/* HKZ_ERR_DOMAIN unless t is a finite ball with t > 0. */
int _hkz_su2n_check_pos(const arb_t t, const char *what, const char *fn);

/* Spectral gap lambda_1 of one factor: 3 (DELTA) or 2 (L). */
#define _HKZ_SU2N_GAP(op) ((op) == HKZ_SU2N_DELTA ? 3 : 2)

/* The factor at the identity, h_s(e) or p_s(e), s > 0 real (through the
 * certified su2 functions). */
int _hkz_su2n_factor_e(arb_t res, int op, const arb_t s, slong prec);

/* delta(s)/q(s), q = e^{-lambda_1 s}: a decreasing function of s (its
 * power series in q has nonnegative coefficients, spec 5.5). */
void _hkz_su2n_delta_over_q(arb_t res, int op, const arb_t s, slong prec);

/* Divergence test of a declared family at time t (spec 5.4): returns 1
 * (proven divergent), 0 (proven convergent) or -1 (undecided). */
int _hkz_su2n_diverges(const hkz_su2n_weights_t w, int op, const arb_t t,
        slong prec);

/* Upper bound (as a ball whose upper end is the bound) for
 * sum_{i>n} delta(w_i t) for a convergent family with a certified tail.
 * Returns HKZ_SUCCESS, HKZ_ERR_NOT_CERTIFIED if no bound is available
 * (sequence without gap, no finite bound; no message set), or the error
 * of a user sequence. */
int _hkz_su2n_tail_bound(arb_t res, const hkz_su2n_weights_t w, int op,
        const arb_t t, slong n, slong prec);

/* 1 if the tail sum of log factors has a closed-form power-sum series
 * (families log(1+i) and c i^1). */
int _hkz_su2n_has_series(const hkz_su2n_weights_t w);

/* Smallest n >= n0 with e^{-w_{n+1} t} <= 1/16 for a series family. */
slong _hkz_su2n_series_n(const hkz_su2n_weights_t w, const arb_t t,
        slong n0, slong prec);

/* Encloses sum_{i>n} log factor(w_i t) by the series of spec 5.5
 * (log of the factor as a power series in x = e^{-s}, power sums
 * S_k = sum_{i>n} x_i^k in closed form, Cauchy bound for the rest).
 * Needs x_{n+1} <= 1/16 (else returns 0 and res indeterminate). *err
 * receives the Cauchy bound (informative). */
int _hkz_su2n_log_tail_series(arb_t res, double *err,
        const hkz_su2n_weights_t w, int op, const arb_t t, slong n,
        slong prec);

/* prod_{i>first} factor_i(x_i) (x may be NULL: e; coordinates of x with
 * index <= first are ignored), with the certified tail and the info /
 * kinds of hkz_su2n_heat; first = 0 is hkz_su2n_heat.  Messages name fn. */
int _hkz_su2n_heat_from(arb_t res, hkz_su2n_info_t *info,
        const hkz_su2n_weights_t w, int op, const arb_t t,
        const hkz_su2n_point_t x, slong first, slong prec, const char *fn);

/* Validates ops (every head factor set, a valid tail), prec >= 2 and that
 * x (may be NULL) has no more coordinates than there are factors. */
int _hkz_su2n_ops_check(const hkz_su2n_ops_t o, const hkz_su2n_point_t x,
        slong prec, const char *fn);

/* One coordinate's factor: h_{s}(d_R(r, z)) (DELTA) or p_s(r, z) (L). */
int _hkz_su2n_factor_point(arb_t res, int op, const arb_t s, const arb_t r,
        const arb_t z, slong prec);

/* Ball hull [lo, hi] of two finite arf endpoints (lo <= hi). */
void _hkz_su2n_interval(arb_t res, const arf_t lo, const arf_t hi,
        slong prec);

#endif
