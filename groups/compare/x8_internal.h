/* x8_internal.h -- private state of experiment X8 (groups/compare/x8*.c).
 * Not installed. */
#ifndef HKZ_COMPARE_X8_INTERNAL_H
#define HKZ_COMPARE_X8_INTERNAL_H

#include "hkz/compare_x8.h"
#include "compare_internal.h"  /* _hkz_compare_fball, _mid */

struct hkz_compare_x8_s
{
    hkz_compare_x8_opts_t o;   /* borrowed arrays */
    slong n, prec;
    slong eqbits;              /* accuracy a ball needs to confirm a
                                  double value: min(digits, 30 bits) */
    hkz_su2mix_box_t bx;
    arb_t Kc;                  /* K_check */
};

/* Rows of X8 (x8_rows.c): a block row, a t row (balls rounded to 64
 * bits by the caller) and the point rows (engine, double). */
int _hkz_x8_row_block(hkz_compare_result_t *r, const hkz_compare_x8_t x,
                      slong b, const slong *nvec);
int _hkz_x8_row_t(hkz_compare_result_t *r, const hkz_compare_x8_t x,
                  slong j, const arb_t mu, const arb_t box,
                  const arb_t mu0, const arb_t ucheck, const arb_t ratio,
                  int le);
int _hkz_x8_rows_point(hkz_compare_result_t *r, const hkz_compare_x8_t x);

/* The verdict's key numbers (one keys row). */
int _hkz_x8_keys(hkz_compare_result_t *r, const hkz_compare_x8_t x,
                 const arb_t lo, const arb_t hi, const arb_t lmn);

#endif
