/* heat_sub_integral_internal.h -- pieces of the Baudoin-Bonnefont
 * integral route (groups/su2/heat_sub_integral*.c; not installed):
 * heat_sub_integral.c (the driver), heat_sub_integral_q.c (q_t by the
 * spectral sum), heat_sub_integral_f.c (the image form and the
 * integrand), heat_sub_integral_tail.c (the tail bounds past Y). */
#ifndef HKZ_SU2_HEAT_SUB_INTEGRAL_INTERNAL_H
#define HKZ_SU2_HEAT_SUB_INTEGRAL_INTERNAL_H

#include "hkz/su2.h"

/* truncation orders of q_t beyond this are refused (indeterminate value) */
#define BB_NMAX WORD(200000)

/* double constants for heuristics only (M_PI is not in strict C11) */
#define BB_PI 3.14159265358979323846
#define BB_LN2 0.69314718055994530942

/* the U recurrence is restarted at least every BB_RESTART steps where
 * needed (see bb_q_spectral) */
#define BB_RESTART 6

/* e^{-pi^2 k^2/t} is tabulated for k <= BB_KMAX (image form) */
#define BB_KMAX 64

/* |z| >= 2^BB_ZBITS is refused (reduction mod 2 pi too costly) */
#define BB_ZBITS 65536

typedef struct
{
    arb_struct t;     /* t */
    arb_struct c;     /* cos r */
    arb_struct w;     /* z/(2t) */
    arb_struct g;     /* 1/(4t) */
    arb_struct pit;   /* pi/t */
    arb_struct pref;  /* sqrt(pi) e^t / (4 t^{3/2}) */
    arb_ptr ek;       /* ek[k] = e^{-pi^2 k^2/t}, k = 0..kmax */
    slong kmax;
    arb_ptr wt;       /* wt[n-1] = n e^{-(n^2-1)t}, n = 1..len */
    slong len;
    slong alloc;
    slong wprec;      /* precision of the tables */
    double td;        /* t, for choosing truncation orders only */
    double ysw;       /* image form used on boxes with Re y >= ysw */
    double lrmax;     /* boxes with log(rho) > lrmax are refused */
}
bb_param_struct;

/* q_t(x) by the spectral sum (heat_sub_integral_q.c); 0: not evaluated */
int _hkz_su2_bb_q_spectral(acb_t res, const acb_t x, bb_param_struct *p,
                         slong prec);

/* e^{-y^2/(4t)} q_t(c cosh y) by the image form; 0: not good enough
 * (heat_sub_integral_f.c) */
int _hkz_su2_bb_f_image(acb_t res, const acb_t y, bb_param_struct *p,
                      slong prec);

/* the integrand f(y) for acb_calc_integrate (heat_sub_integral_f.c) */
int _hkz_su2_bb_integrand(acb_ptr res, const acb_t y, void *param,
                        slong order, slong prec);

/* bounds for |int_Y^inf f(y) dy| and their logarithms in doubles
 * (heat_sub_integral_tail.c) */
void _hkz_su2_bb_tail_img(mag_t res, const arb_t t, const arb_t pref0,
                           const arb_t l, const arb_t Y, slong prec);
void _hkz_su2_bb_tail_spec(mag_t res, const arb_t t, const arb_t l,
                            const arb_t Y, slong prec);
double _hkz_su2_bb_tail_img_log_d(double t, double l, double Y);
double _hkz_su2_bb_tail_spec_log_d(double t, double l, double Y);

#endif
