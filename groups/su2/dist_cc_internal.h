/* dist_cc_internal.h -- the Carnot-Caratheodory distance (dist_cc.c) and
 * its root search (dist_cc_root.c); not installed. */
#ifndef HKZ_SU2_DIST_CC_INTERNAL_H
#define HKZ_SU2_DIST_CC_INTERNAL_H

#include "hkz/su2.h"

/* The root search of Psi_r(theta) = Z (dist_cc_root.c): for
 * 0 < lower(r), r < pi/2 certainly, sets [lo, hi] around theta*. */
void _hkz_su2_cc_bisect(arf_t lo, arf_t hi, const arb_t r, const arb_t Z,
        const arf_t u0, const arf_t v0, slong wp);

#endif
