/* track_internal.h -- the tracker's state (private to
 * ising/track/track_*.c). */
#ifndef HKZ_TRACK_INTERNAL_H
#define HKZ_TRACK_INTERNAL_H

#include "zeros/zeros_internal.h"

typedef struct hkz_ly_track_s hkz_ly_track_struct;

struct hkz_ly_track_s
{
    slong W, n;                 /* degree, number of principal zeros */
    slong j0, j1;               /* tracked zero indices j0..j1-1 (0-based) */
    hkz_ly_family_fn fn;
    void *param;
    arb_struct t0, t1;          /* t-range (exact), t0 < t1 */
    slong rel_bits, max_prec;   /* the goal (max_prec resolved) */
    char family[256];           /* checkpoint parameter */
    /* per tracked zero i = j - j0 */
    arf_ptr ta;                 /* current t */
    arb_ptr theta;              /* enclosure of theta_j(ta) */
    double *dt;                 /* next step length */
    slong *prec;                /* working precision */
    int *dir;                   /* -1/+1 all steps so far, 0 none, 2 mixed */
    int *done;                  /* 1 reached t1, -1 failed */
    int *started;               /* theta0 holds the start at t0 */
    arb_ptr theta0;             /* enclosure of theta_j(t0) */
    slong *prec0;               /* precision at the start */
    hkz_ly_step_struct **steps; /* certified steps */
    slong *nsteps, *alloc;
    slong *saved;               /* steps already in the checkpoint */
    int *saved_start, *saved_fail;
    hkz_ckpt_t ckpt;            /* NULL: none */
    slong every;                /* steps per zero between commits */
    int cwint;                  /* family hkz_ly_cw_family_integral: steps
                                 * by the saddle-line integral */
    int lockstep;               /* family hkz_ly_cw_family_lockstep: all
                                 * zeros together (track_lockstep_run.c) */
};

void _hkz_ly_track_clear_steps(hkz_ly_track_t tr, slong i);
hkz_ly_step_struct *_hkz_ly_track_new_step(hkz_ly_track_t tr, slong i);

/* Records (track_records.c): appends the records of zero i not yet in
 * the checkpoint (all of them when all != 0) to a string buffer. */
typedef struct
{
    char *s;
    size_t len, alloc;
} _hkz_ly_sbuf_t;

int _hkz_ly_sbuf_add(_hkz_ly_sbuf_t *b, const char *s);
int _hkz_ly_track_records(_hkz_ly_sbuf_t *b, const hkz_ly_track_struct *tr,
                          slong i, int all, char sep);
/* Applies one record line (start/step/fail) to tr. */
int _hkz_ly_track_apply(hkz_ly_track_t tr, const char *rec);
/* Marks every record of tr as saved. */
void _hkz_ly_track_mark_saved(hkz_ly_track_t tr);

/* Taylor model of F on a box (track_tmodel.c): coefficients a_rs at the
 * centre (tm, thm) and remainder bounds for F, F_theta, F_t. */
#define HKZ_LY_TRACK_R 20

typedef struct
{
    slong R;
    arb_ptr a;              /* a[r (R+1) + s] */
    mag_struct rem0, remth, remt;
} _hkz_ly_tmodel_t;

void _hkz_ly_tmodel_init(_hkz_ly_tmodel_t *M, slong R);
void _hkz_ly_tmodel_clear(_hkz_ly_tmodel_t *M);
int _hkz_ly_tmodel_build(_hkz_ly_tmodel_t *M, const hkz_ly_track_struct *tr,
                         const arf_t tm, const arf_t thm, const arf_t rt,
                         const arf_t rth, slong prec);
/* sum w_rs a_rs dt^r dth^s: (dr, ds) = (0, 0) F, (1, 0) F_t, (0, 1)
 * F_theta, plus the matching remainder */
void _hkz_ly_tmodel_eval(arb_t res, const _hkz_ly_tmodel_t *M, int dr,
                         int ds, const arb_t dt, const arb_t dth, slong prec);

/* Steps (track_step.c): theta'(t) and the coefficient rate at (t, theta)
 * in doubles; one certified step attempt of zero i to tb (1: recorded). */
void _hkz_ly_track_rates(double *dth, double *lam,
                         const hkz_ly_track_struct *tr, const arf_t t,
                         const arb_t theta, slong prec);
/* The theta interval of a step: hull(A, thpred) widened by the larger of
 * 2^-shift of the motion, 4 rad A and 2^(3 - rel_bits) |mid A|. */
void _hkz_ly_track_box_x(arf_t lo, arf_t hi, const arb_t A,
                         const arf_t thpred, slong shift, slong rel_bits,
                         slong prec);
int _hkz_ly_track_try_step(hkz_ly_track_struct *tr, slong i, const arf_t tb,
                           const arf_t thpred, slong prec);
/* The sign of a function on a two-dimensional box, 0 if not certified:
 * the box whole, then m x m sub-boxes (m = 2, 4, 8) while the sign is
 * open; sign(ctx, a, b, m) is the certified sign (or 0) on sub-box (a, b),
 * the a-th of m pieces of the first side and the b-th of the second.  The
 * enclosures behind sign must hold on every sub-box. */
int _hkz_ly_track_subbox_sign(int (*sign)(void *ctx, slong a, slong b,
                                          slong m), void *ctx);
/* the same with m = 1, 2, ..., mmax (a power of 2) */
int _hkz_ly_track_subbox_sign_m(int (*sign)(void *ctx, slong a, slong b,
                                            slong m), void *ctx, slong mmax);

/* One round of at most max_steps steps of every unfinished zero
 * (track_run.c). */
void _hkz_ly_track_round(hkz_ly_track_t tr, slong max_steps, int nthreads);

/* Appends the records not yet saved to the checkpoint (if any) and
 * commits it (track_run.c). */
int _hkz_ly_track_commit(hkz_ly_track_t tr);

/* Declares the checkpoint parameters that determine tr's trajectories
 * (those of hkz_ly_track_checkpoint) (track_records.c). */
int _hkz_ly_track_params(hkz_ckpt_t c, const hkz_ly_track_struct *tr);

/* The checkpoint of tracker tr at path: the job's "digits" first, then
 * the tracker's parameters; its records restored (resume)
 * (track_ranks.c). */
int _hkz_ly_track_open_ckpt(hkz_ckpt_t *ck, const char *path,
                            hkz_ly_track_t tr, const hkz_ly_track_job_t *jb,
                            int resume);

/* The start of hkz_ly_track_start in two parts (track_start.c): all
 * principal zeros at t0 into z (initialised), and the zeros of tr not yet
 * started from such a list (one list serves many trackers of the same
 * family and t0: track_ranks.c). */
int _hkz_ly_track_start_zeros(hkz_ly_zeros_t z, hkz_ly_track_t tr,
                              const hkz_ly_opts_t *opts);
int _hkz_ly_track_start_from(hkz_ly_track_t tr, const hkz_ly_zeros_t z);

#endif
