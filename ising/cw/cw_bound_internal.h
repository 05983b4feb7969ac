/* cw_bound_internal.h -- line bounds of |g| shared by
 * cw_integral_bound.c (cells) and cw_bound_line.c (tails and the two
 * exported bounds). */
#ifndef HKZ_CW_BOUND_INTERNAL_H
#define HKZ_CW_BOUND_INTERNAL_H

#include "zeros/zeros_internal.h"

typedef struct
{
    slong N, prec;
    arb_struct t, inv2t, y2, C, psiref, halfN;
} _hkz_lyb_bl_t;

void _hkz_lyb_bl_init(_hkz_lyb_bl_t *B, slong N, const arb_t t,
                      const arb_t theta, const arf_t y, const arb_t psiref);
void _hkz_lyb_bl_clear(_hkz_lyb_bl_t *B);
/* adds to acc a bound of the integral (nodes == NULL) or node sum of |g|
 * over [u0, u1], bisecting cells (cw_integral_bound.c) */
void _hkz_lyb_region(mag_t acc, const _hkz_lyb_bl_t *B, const arf_t u0,
                     const arf_t u1, const arf_t nodes, const mag_t eps_len,
                     const mag_t cap_len, double wmin, int depth);

#endif
