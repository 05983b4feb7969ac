/* heat_sub_fix_internal.h -- the fixed-point tier of su2-sub grids
 * (heat_sub_grid_fix.c: the bound and the evaluation; heat_sub_grid_fix_
 * rows.c: the rows of digits; heat_sub_grid_fix_claim.c: which thread
 * makes them).  Not installed. */
#ifndef HKZ_HEAT_SUB_FIX_INTERNAL_H
#define HKZ_HEAT_SUB_FIX_INTERNAL_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include "hkz/su2.h"
#include "hkz/engine.h"

/* per handle F of L digits: the bits of a number, the scales Fb (basis)
 * and Fc (2 cos kz), the Arb precision of the rows, the truncation
 * tolerance (2^-tolbits of p_t(e)) */
#define FIX_BITS(F) (HKZ_FIX_D * (slong) (F)->L)
#define FB(F) (FIX_BITS(F) - 2)
#define FC(F) (FIX_BITS(F) - 3)
#define FIX_WP(F) (FIX_BITS(F) + 112)
#define FIX_TOLBITS(F) (FIX_BITS(F) - 8)

typedef struct
{
    int32_t *d;          /* digits (NULL: not made yet) */
    uint32_t *yl;        /* t rows: terms of each k */
    mag_t e, S, tail;    /* input error; t rows: S and tail of (*) */
    slong K, fw;         /* t rows: own K, Fw */
    double N;            /* t rows: modes */
    int made, ok;        /* row computed (or being computed); usable */
    int ready;           /* computed (made and not ready: another thread
                            is computing it) */
    uint64_t key;        /* names the digits for a device cache */
    int users;           /* r rows: evaluations reading the digits */
} _hkz_sub_fix_row;

struct hkz_su2_sub_fix_struct
{
    const arb_struct *r, *z, *t;
    slong nr, nz, nt;
    int L;               /* digits per number (hkz/engine.h) */
    slong K, h;          /* frame: k <= K; 2^h > M_k + 1 */
    slong *M, *bo;       /* K + 1 each; bo: offsets (slong) */
    size_t *off;         /* K + 2 offsets */
    int frame;           /* a frame exists */
    slong bits;          /* inputs rounded to 2^-bits (0: their F) */
    _hkz_sub_fix_row *R, *Z, *T;
    hkz_su2_sub_wcache_t cf;   /* Jacobi recurrence tables at FIX_WP(F) */
    /* evaluations on several threads at once (hkz_su2_sub_fix_eval):
     * rows are claimed (made = 1), marked ready and r rows freed under
     * the lock; a thread computes the rows it claimed outside the lock and
     * waits on `ready` for those others claimed; a ready row stays as it
     * is while read (z, t rows: until set_bits or clear; an r row: while
     * users > 0) */
    pthread_mutex_t lock;
    pthread_cond_t ready;
    _Atomic int used;    /* an evaluation asked for rows */
};

/* frees a row's digits (made again when needed; its mags stay valid) */
void _hkz_sub_fix_row_clear(_hkz_sub_fix_row *w);

/* the truncation of (3.1) at t (a double lower bound) at the tolerance
 * 2^-tolbits p_t(e): K (-1 if above Kmax) and M[0..K] */
slong _hkz_sub_fix_trunc(slong *M, slong Kmax, double td, slong tolbits);

/* a double lower bound of x */
double _hkz_sub_fix_lower_d(const arb_t x);

/* makes row x of kind 0 (r), 1 (z) or 2 (t) (heat_sub_grid_fix_rows.c;
 * claimed by the caller: heat_sub_grid_fix_claim.c) with a fresh key */
void _hkz_sub_fix_make(hkz_su2_sub_fix_t F, int kind, slong x);

/* makes the missing rows of r[ir] (and of a few r after it: the grids
 * visit r in increasing order), z[iz[]], t[jt[]] on the engine's threads
 * (waiting for those another thread makes); frees the r rows more than
 * FIX_R_KEEP below ir that no evaluation reads (other threads' tiles lag
 * a few r behind).  *pinned = 1: r[ir] is usable (ok) and kept until the
 * caller lowers its users (under F->lock). */
#define FIX_R_KEEP 16
int _hkz_sub_fix_rows(hkz_su2_sub_fix_t F, hkz_engine_t e, slong ir,
        const slong *iz, slong ni, const slong *jt, slong nj, int *pinned);

#endif
