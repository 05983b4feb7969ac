/* elem_internal.h -- private helpers of the SU(2) element and distance
 * code (groups/su2/elem_*.c, dist_*.c); not installed. */
#ifndef HKZ_SU2_ELEM_INTERNAL_H
#define HKZ_SU2_ELEM_INTERNAL_H

#include "hkz/su2.h"

/* res = atan2(y, x) in [0, pi] for a quantity y known to be >= 0 (the
 * negative part of the ball y is discarded).  Unlike arb_atan2 this stays
 * finite and tight when y contains 0 and x < 0 (angle near pi).  When both
 * x and y contain 0 the angle is unknown and res = [0, pi]. */
void _hkz_su2_atan2_nonneg(arb_t res, const arb_t y, const arb_t x,
                           slong prec);

/* Validates the coordinates (r, z) of a distance function fn: r and z
 * finite, r not certainly outside [0, pi/2].  On success rc = r clamped to
 * [0, pi/2] (the result then encloses the distance for every point of the
 * input balls that lies in the domain). */
int _hkz_su2_dist_args(arb_t rc, const arb_t r, const arb_t z,
                       const char *fn, slong prec);

#endif
