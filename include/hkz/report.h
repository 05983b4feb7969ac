/* hkz/report.h -- the built-in default experiment: a short certified SU(2)
 * report (heat kernels, sub-Laplacian kernels, the Milnor kernel,
 * distances) at reference points of the spec, each compared with the
 * spec's reference value. */
#ifndef HKZ_REPORT_H
#define HKZ_REPORT_H

#include "hkz/compare.h"

#ifdef __cplusplus
extern "C" {
#endif

/** The report at digits (1 ... 10000) into r (initialized by the caller;
 *  name "report"): one row per item with the columns quantity, t, x1, x2,
 *  reference, agrees_with_reference, value (ball) and status (int:
 *  HKZ_SUCCESS, or HKZ_ERR_PREC for an item that missed the goal and
 *  keeps its wider ball); keys: items, agree (how many agree with their
 *  reference), worst_status (int: HKZ_SUCCESS or HKZ_ERR_PREC).  pass:
 *  every item met the goal and agrees.  HKZ_ERR_ARG for bad digits;
 *  another status when an evaluation fails. */
HKZ_API HKZ_WARN_UNUSED int hkz_report_su2(hkz_compare_result_t *r,
                                           slong digits);

#ifdef __cplusplus
}
#endif
#endif
