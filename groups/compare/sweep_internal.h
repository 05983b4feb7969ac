/* sweep_internal.h -- private state of the sweep (groups/compare/
 * sweep*.c).  Not installed. */
#ifndef HKZ_COMPARE_SWEEP_INTERNAL_H
#define HKZ_COMPARE_SWEEP_INTERNAL_H

#include "hkz/compare_sweep.h"
#include "hkz/checkpoint.h"
#include "hkz/record.h"
#include "hkz/su2n.h"

struct hkz_compare_sweep_s
{
    hkz_compare_sweep_opts_t o;      /* resolved (head filled in) */
    hkz_su2n_weights_t a, b;         /* as given: the group */
    hkz_su2n_weights_t ah, bh;       /* the first head weights */
    double *ab;                      /* a_i/b_i (double): fibre direction */
    double ab_max;
    slong nfibre, goal, prec;
    char *dws, *sws;                 /* canonical weight texts */
    /* this process's range and its samples */
    slong lo, hi;
    char **dd, **dl;                 /* exact strings of sample lo + i */
    hkz_ckpt_t ck;                   /* own checkpoint (NULL: none) */
};

/* floor(j F); sample j is a fibre sample iff it grows at j + 1 */
slong _hkz_sweep_fibre_count(const struct hkz_compare_sweep_s *sw,
                             slong j);
int _hkz_sweep_is_fibre(const struct hkz_compare_sweep_s *sw, slong j);

/* The exact (dyadic) point of sample j; *eps its scale. */
int _hkz_sweep_point(hkz_su2n_point_t x, double *eps,
                     const struct hkz_compare_sweep_s *sw, slong j);

/* d_Delta(e, x) and d_L(e, x) of sample j at the goal (sweep_sample.c). */
int _hkz_sweep_dist(arb_t dd, arb_t dl, const struct hkz_compare_sweep_s *sw,
                    slong j);

/* Sample records "<j> <d_Delta> <d_L> end" (the record codec of
 * hkz/record.h, exact balls): 1 if l ends with " end" (else a cut write);
 * the fields of l; sample i of sw's range encoded into e (e->s). */
int _hkz_sweep_complete(const char *l);
int _hkz_sweep_parse(slong *j, arb_t dd, arb_t dl, const char *l, slong n);
int _hkz_sweep_record(hkz_rec_enc_t *e, const struct hkz_compare_sweep_s *sw,
                      slong i);

/* The estimate c_hat (double, not certified; sweep_estimate.c). */
double _hkz_sweep_estimate_c(const double *ldd, const double *ldl,
                             slong n);

/* The summary's rows and keys from the distances (sweep_finish.c). */
int _hkz_sweep_analyse(hkz_compare_result_t *r,
                       const struct hkz_compare_sweep_s *sw, arb_srcptr dd,
                       arb_srcptr dl);

#endif
