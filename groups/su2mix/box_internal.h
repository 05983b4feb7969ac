/* box_internal.h -- the box of groups/su2mix (box*.c, points.c): the
 * layout behind the opaque hkz_su2mix_box_t.  Not installed. */
#ifndef HKZ_SU2MIX_BOX_INTERNAL_H
#define HKZ_SU2MIX_BOX_INTERNAL_H

#include "hkz/su2mix.h"

struct hkz_su2mix_box_s
{
    slong n;
    slong *nmax;      /* box n_i <= nmax[i] */
    slong nblocks;    /* prod nmax[i] */
    slong nt;
    arb_ptr t;        /* times */
    /* results (certified unless the double path was asked for) */
    arb_ptr mu;       /* mu^L_t(e), box + [0, tail] */
    arb_ptr box;      /* box part sum d_pi tr e^{-t Lhat(pi)} */
    arb_ptr tail;     /* upper bound of the tail (a point, >= 0) */
    arb_ptr box0;     /* box part of mu^{L0}_{t/K}(e) */
    arb_ptr mu0;      /* mu^{L0}_{t/K}(e), box0 + [0, tail] */
    arb_ptr lmin;     /* per block: certified lambda_min(Lhat(pi)) */
    arb_ptr lmin0;    /* lambda_min(Lhat0(pi)) */
    double *lmin_d;   /* double lambda_min per block */
    double *mu_d;     /* double box sums per t */
    int blocks_le;    /* see hkz_su2mix_box_blocks_le */
    slong maxdim;
    hkz_su2mix_minorant_t mn;
};
typedef struct hkz_su2mix_box_s hkz_su2mix_box_struct;

/* The results of one block b (what box_range adds to the box). */
typedef struct
{
    slong b, d;
    int le;           /* 0: the block proves a blockwise inequality false */
    double lmin_d;
    arb_t lmin, lmin0;
    double *sd;       /* nt: sum_k exp(-t_j w_k) (double) */
    arb_ptr tr;       /* nt: tr e^{-t_j Lhat(pi)} (certified path) */
} _hkz_su2mix_blk_t;

void _hkz_su2mix_blk_init(_hkz_su2mix_blk_t *r, slong nt);
void _hkz_su2mix_blk_clear(_hkz_su2mix_blk_t *r, slong nt);

/* Work space of _hkz_su2mix_blk_run for blocks of dimension <= dmax. */
typedef struct
{
    slong dmax;
    slong *nvec;
    double *H, *w;
    arb_ptr lam;
    acb_mat_t Hb;
} _hkz_su2mix_blk_work_t;

void _hkz_su2mix_blk_work_init(_hkz_su2mix_blk_work_t *wk,
                               const hkz_su2mix_box_struct *bx,
                               int certified);
void _hkz_su2mix_blk_work_clear(_hkz_su2mix_blk_work_t *wk);

/* Computes block b into r (the box itself is not changed). */
int _hkz_su2mix_blk_run(_hkz_su2mix_blk_t *r, _hkz_su2mix_blk_work_t *wk,
                        const hkz_su2mix_box_struct *bx,
                        const hkz_su2mix_op_t op, slong b, int certified,
                        slong prec);

/* Adds block r to the box, exactly as box_range does. */
void _hkz_su2mix_blk_add(hkz_su2mix_box_struct *bx,
                         const _hkz_su2mix_blk_t *r, int certified,
                         slong prec);

#endif
