/* compare_grid_internal.h -- private helpers of the experiments on grids
 * (groups/compare/varadhan*.c, gauss*.c).  Not installed. */
#ifndef HKZ_COMPARE_GRID_INTERNAL_H
#define HKZ_COMPARE_GRID_INTERNAL_H

#include "compare_internal.h"
#include "hkz/compare_grid.h"

/* most items in a ';'-separated list of tuples (points, operators) */
#define HKZ_COMPARE_GRID_MAX 64

/* Parses "x1,y1;x2,y2;..." (arity numbers per tuple, positive unless
 * allow_zero) into v (arity * *n balls); HKZ_ERR_ARG "name: ...". */
int _hkz_compare_tuples(arb_ptr v, slong *n, slong arity, const char *name,
                        const char *s, int allow_zero, slong prec);

/* The three-point fit e/t = A log t + B + C t through (t_i, e_i), i = 0..2
 * (double statistic): returns A. */
double _hkz_compare_fit_tlogt(const double *t, const double *e);

#endif
