/* heat_sub_internal.h -- private helpers of the sub-Laplacian heat kernel
 * p_t(r, z) (groups/su2/heat_sub*.c; not installed).
 *
 * Spectral sum (spec heat_kernels_su2.md (3.1)):
 *   p_t = sum_{k in Z} sum_{m >= 0} (2m+|k|+1) e^{-lambda t} e^{ikz}
 *         cos(r)^|k| P_m^{(0,|k|)}(cos 2r),  lambda = 4m(m+|k|+1) + 2|k|.
 * It is truncated at |k| <= K and, for each k, m <= M_k.  The functions
 * below only STEER that choice (natural logarithms of approximate tail
 * bounds in double precision); the certified code recomputes the bounds
 * rigorously in mag arithmetic.
 */
#ifndef HKZ_SU2_HEAT_SUB_INTERNAL_H
#define HKZ_SU2_HEAT_SUB_INTERNAL_H

#include "hkz/su2.h"

/* Work caps: above them the result is still an enclosure, only wide. */
#define HKZ_SUB_KMAX (WORD(1) << 18)
#define HKZ_SUB_MMAX (WORD(1) << 12)
#define HKZ_SUB_DERIV_MAX 64

/* Validates (t, r, z, deriv, prec) for the ball functions; r may be NULL
 * (fibre).  Returns HKZ_SUCCESS or an error status with a message naming
 * fn. */
int hkz_su2_sub_check_internal(const char *fn, const arb_t t, const arb_t r,
        const arb_t z, ulong deriv, slong prec);

/* zr = z - 2 pi n for an integer n making |zr| <= pi + tiny when z is a
 * narrow ball (exact periodicity of p in z). */
void hkz_su2_sub_reduce_z_internal(arb_t zr, const arb_t z, slong prec);

/* Approximate d_sR(e, g)^2 (spec 4.2) of the point (r, z) in double:
 * steering only (how many bits the cancellation in (3.1) costs). */
double hkz_su2_sub_dist2_estimate_internal(double r, double z);

/* ln of an estimate of sum |terms| of (3.1) with weights lambda^d (the size
 * of d^d/dt^d p_t(e)); steering only. */
double hkz_su2_sub_log_scale_internal(double t, ulong d);

/* Proven bounds (spec 3.5) for the omitted part of (3.1) with weights
 * lambda^d, valid for every t >= tlo and every point: the m > M part of one
 * k (both signs of k if k > 0) and the whole |k| > K part. */
void hkz_su2_sub_tail_m_internal(mag_t res, ulong k, ulong M,
                                 const mag_t tlo, ulong d);
void hkz_su2_sub_tail_k_internal(mag_t res, ulong K, const mag_t tlo,
                                 ulong d);

/* Smallest K (>= the one making lambda0 = 2(K+1) >= 2d/t) whose k-tail
 * bound is below e^{logtol}; at most HKZ_SUB_KMAX. */
slong hkz_su2_sub_choose_K_internal(double t, ulong d, double logtol);

/* Smallest M (searched from Mstart) whose m-tail bound for this k is below
 * e^{logtol}; at most HKZ_SUB_MMAX. */
slong hkz_su2_sub_choose_M_internal(slong Mstart, slong k, double t,
        ulong d, double logtol);

/* Certified spectral sum at working precision prec, inputs validated and
 * z reduced by the caller. */
void hkz_su2_sub_spectral_internal(arb_t res, const arb_t t, const arb_t r,
        const arb_t z, ulong deriv, slong prec);

/* Certified fibre closed form (3.4), inputs validated, z reduced. */
void hkz_su2_sub_fibre_internal(arb_t res, const arb_t t, const arb_t z,
        slong prec);

#endif
