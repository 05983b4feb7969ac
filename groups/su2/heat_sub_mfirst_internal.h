/* heat_sub_mfirst_internal.h -- the m-first sum of p_t(r, z) at small t
 * (heat_sub_mfirst.c, heat_sub_mfirst_family.c; not installed).
 *
 * The families m <= HKZ_SUB_MF_M0 of the spectral sum (3.1), each summed
 * over every k in closed form; the modes m > M0 by the spectral sum with
 * the proven tails of spec 3.5 for each k <= K and _hkz_sub_mf_tail_k
 * beyond K. */
#ifndef HKZ_SU2_HEAT_SUB_MFIRST_INTERNAL_H
#define HKZ_SU2_HEAT_SUB_MFIRST_INTERNAL_H

#include <acb.h>
#include "hkz/su2.h"

#define HKZ_SUB_MF_M0 16      /* families in closed form: m <= M0 */
#define HKZ_SUB_MF_GUARD 32   /* their bits over the sum's precision */

/* the families' coefficients at one (t, r): gam[m (M0 + 2) + i] = 2 E_m
 * gamma_{m,i} (i <= m + 1), w[m] = cos(r) e^{-(4m+2)t}, h = sum_m E_m
 * (2m+1) P_m(cos 2r), E_m = e^{-4m(m+1)t} (heat_sub_mfirst_family.c) */
typedef struct
{
    arb_ptr gam, w;
    arb_t h;
    slong wp;
} _hkz_sub_mf_fam_t;

void _hkz_sub_mf_fam_init(_hkz_sub_mf_fam_t *F, const arb_t t,
                          const arb_t r, slong wp);
void _hkz_sub_mf_fam_clear(_hkz_sub_mf_fam_t *F);
/* res = sum_{m <= M0} sum_{k >= 0} c_k(z) b_km(r) W_km(t) (exact sum of
 * the families), eiz = e^{iz} */
void _hkz_sub_mf_fam_eval(arb_t res, const _hkz_sub_mf_fam_t *F,
                          const acb_t eiz);

/* res >= sum_{|k| > K} sum_{m > M0} |e^{ikz} b_km W_km| at every point,
 * for every t >= tlo (proven: heat_sub_mfirst_family.c) */
void _hkz_sub_mf_tail_k(mag_t res, slong K, const mag_t tlo);
/* the natural logarithm of that bound at t in double (steering only) */
double _hkz_sub_mf_log_tail_k(slong K, double t);

/* the spectral part of one precision ws at one t (heat_sub_mfirst_part.c):
 * truncation, tails (top comment of heat_sub_mfirst.c), weights, the basis
 * recurrence's coefficients, the precision of each chain k */
typedef struct _hkz_sub_mf_part_struct
{
    arb_t t;              /* the key: t and ws */
    slong ws, wf, K;
    slong *M, *bo, *wo;   /* K + 1 each (bo, wo: K + 2) */
    slong *pk;            /* K + 1: the precision of chain k */
    arb_ptr W;            /* W_km of M0 < m <= M_k at W + wo[k] + m - M0 - 1 */
    arb_ptr cf;           /* the steps m -> m + 1 of chain k, 1 <= m < M_k:
                             al, be, ga at cf + 3 (bo[k] + m - 1) */
    mag_t tail;
} _hkz_sub_mf_part_t;

int _hkz_sub_mf_part_init(_hkz_sub_mf_part_t *S, const arb_t t, slong ws);
void _hkz_sub_mf_part_clear(_hkz_sub_mf_part_t *S);
/* *S = the part of (t, ws): from the cache c (not thread-safe; *own = 0)
 * or made (c NULL: *own = 1, the caller clears and frees it) */
int _hkz_sub_mf_part_get(_hkz_sub_mf_part_t **S, int *own,
                         struct hkz_su2_sub_wcache_struct *c, const arb_t t,
                         slong ws);
/* frees the parts kept in c (hkz_su2_sub_wcache_reset and _clear) */
void _hkz_sub_mf_cache_clear(struct hkz_su2_sub_wcache_struct *c);
/* B + bo[k] = cos(r)^k P_m^{(0,k)}(cos 2r), m <= M_k, k <= K; ws: 5
 * scratch balls */
void _hkz_sub_mf_basis(arb_ptr B, const _hkz_sub_mf_part_t *S, const arb_t r,
                       arb_ptr ws);

#endif
