/* gauss_internal.h -- private state of hkz compare gauss (gauss*.c). */
#ifndef HKZ_COMPARE_GAUSS_INTERNAL_H
#define HKZ_COMPARE_GAUSS_INTERNAL_H

#include "compare_grid_internal.h"

/* The certified values of one operator: val[(p nt + i) 4 + k] =
 * d^k/dt^k p_t(g_p) at t = t[i] = 2^(-i/m), i = 0..m J, k = 0..3. */
typedef struct
{
    slong np, nt, J, m;
    arb_ptr t;             /* nt */
    arb_ptr alpha;         /* np: d_Delta(e, g_p) */
    double *alpha_d;
    const char **dir;      /* "X", "Z", "XYZ" or "any" */
    arb_ptr val;           /* np nt 4 */
    const hkz_progress_t *progress;  /* set by the caller: points done */
    slong done, total;     /* before this operator; of all operators */
} gauss_vals_t;

/* The points of operator w (delta: a = b = c) on the angles al[0..nal-1]. */
slong _hkz_gauss_npoints(int delta, arb_srcptr al, slong nal);

/* Fills v (always cleared later with _hkz_gauss_vals_clear) for the
 * operator w = (a, b, c) (delta: a = b = c, class function: one point per
 * angle) on the angles al[0..nal-1]. */
int _hkz_gauss_vals(gauss_vals_t *v, arb_srcptr w, int delta,
                    arb_srcptr al, slong nal, slong J, slong m, slong bits,
                    slong prec);
void _hkz_gauss_vals_clear(gauss_vals_t *v);

/* R = t^k |d^k p_t(g_p)| t^(3/2) exp(alpha_p^2 / (c0 t)) at t = t[i] */
void _hkz_gauss_R(arb_t R, const gauss_vals_t *v, slong p, slong i,
                  slong k, const arb_t c0, slong prec);

#endif
