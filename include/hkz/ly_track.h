/* hkz/ly_track.h -- certified Lee-Yang trajectories t -> theta_j(t) and
 * their verifiers (included by hkz/ly.h; the families a tracker follows
 * are in hkz/ly_family.h).  Conventions as in ly.h. */
#ifndef HKZ_LY_TRACK_H
#define HKZ_LY_TRACK_H

#include "hkz/ly.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- trajectories (ising/track/track_*.c) -------------------------------- */

/* A one-parameter family t -> F(t, .): c[r*(W/2+1) + j] = d^r c_j / dt^r
 * at t (a ball: enclosures over it) for r = 0..nder. */
typedef int (*hkz_ly_family_fn)(arb_ptr c, slong nder, const arb_t t,
                                void *param, slong prec);

/* One certified step of zero j: for every t in [ta, tb] the box holds
 * theta_j(t), a simple zero; it holds no other zero of F(t, .), except for
 * the Curie-Weiss steps by the saddle-line integral, where the box is the
 * theta hull of a wedge that follows the zero and the uniqueness is that
 * of the wedge's slices (ising/track/track_cw_wedge.c), and the lockstep
 * steps, where the box is the hull of a tube y_j(t) +- eps holding
 * theta_j(t) alone (ising/track/track_lockstep_cert.c);
 * dir = sign of d theta_j/dt on the whole step (0 if not certified). */
typedef struct
{
    arb_struct ta, tb;          /* exact endpoints */
    arb_struct box;             /* theta_j([ta, tb]) is inside */
    arb_struct theta_b;         /* tight enclosure of theta_j(tb) */
    int dir;
} hkz_ly_step_struct;

/* A trajectory tracker (opaque; ising/track/track_*.c). */
typedef struct hkz_ly_track_s *hkz_ly_track_t;

/** Sets up tracking of zeros j0..j1-1 (0-based) over [t0, t1], 0 < t0 < t1
 *  (the midpoints of the balls, exactly), to opts->goal (rel_bits,
 *  max_prec; opts may be NULL: 53 bits).  family: a short description
 *  that is a checkpoint parameter (it must name everything fn and param
 *  depend on). */
HKZ_API HKZ_WARN_UNUSED int hkz_ly_track_create(hkz_ly_track_t *tr,
        slong W, hkz_ly_family_fn fn, void *param, const char *family,
        const arb_t t0, const arb_t t1, slong j0, slong j1,
        const hkz_ly_opts_t *opts);
/** NULL-safe; sets *tr = NULL. */
HKZ_API void hkz_ly_track_destroy(hkz_ly_track_t *tr);

/** The inputs of a range before a family is built: HKZ_ERR_DOMAIN "need
 *  0 < t0 < t1" unless t0 > 0 and t0 < t1 (as balls). */
HKZ_API HKZ_WARN_UNUSED int hkz_ly_track_check_range(const arb_t t0,
        const arb_t t1);

/** t_max = (rel_bits + 2 W + 64) ln(2)/2: beyond it the zeros of a family
 *  of weight W sit at their limits to far below 2^-rel_bits.  Sets *tmax;
 *  HKZ_ERR_DOMAIN when mid(t1) > t_max. */
HKZ_API HKZ_WARN_UNUSED int hkz_ly_track_check_t1(double *tmax,
        const arb_t t1, slong W, slong rel_bits);

/* Accessors.  j is a zero index (0-based) in [j0, j1). */
HKZ_API slong hkz_ly_track_W(const hkz_ly_track_t tr);
HKZ_API slong hkz_ly_track_j0(const hkz_ly_track_t tr);
HKZ_API slong hkz_ly_track_j1(const hkz_ly_track_t tr);
HKZ_API slong hkz_ly_track_rel_bits(const hkz_ly_track_t tr);
HKZ_API const arb_struct *hkz_ly_track_t0(const hkz_ly_track_t tr);
HKZ_API const arb_struct *hkz_ly_track_t1(const hkz_ly_track_t tr);
HKZ_API slong hkz_ly_track_nsteps(const hkz_ly_track_t tr, slong j);
HKZ_API const hkz_ly_step_struct *hkz_ly_track_step(const hkz_ly_track_t tr,
        slong j, slong k);
/** -1/+1: every step so far in that direction; 0: no step; 2: mixed or
 *  some step undecided. */
HKZ_API int hkz_ly_track_dir(const hkz_ly_track_t tr, slong j);
/** 1 reached t1, 0 not yet, -1 could not be continued. */
HKZ_API int hkz_ly_track_done(const hkz_ly_track_t tr, slong j);

/** Certified zeros at t0 (all n, by the count); the tracked ones become
 *  the starting enclosures (skipped for zeros restored from a
 *  checkpoint). */
HKZ_API HKZ_WARN_UNUSED int hkz_ly_track_start(hkz_ly_track_t tr,
        const hkz_ly_opts_t *opts);

/** Advances every unfinished tracked zero by at most max_steps certified
 *  steps (max_steps <= 0: until t1), in rounds of `every` steps per zero
 *  (hkz_ly_track_checkpoint; default 32): after each round the new steps
 *  are committed to the checkpoint (if any) and opts->progress gets
 *  (finished zeros, zeros); a non-zero return there stops the run with
 *  HKZ_ERR_INTERRUPTED (state committed).  HKZ_SUCCESS when all reached
 *  t1 or max_steps were done, HKZ_ERR_NOT_CERTIFIED if some zero could
 *  not be continued (hkz_ly_track_status). */
HKZ_API HKZ_WARN_UNUSED int hkz_ly_track_run(hkz_ly_track_t tr,
        slong max_steps, const hkz_ly_opts_t *opts);

/** 1 iff every tracked zero has reached t1. */
HKZ_API int hkz_ly_track_finished(const hkz_ly_track_t tr);

/** HKZ_ERR_NOT_CERTIFIED (message naming the first zero and the t it
 *  reached) if some zero could not be continued, else HKZ_SUCCESS. */
HKZ_API HKZ_WARN_UNUSED int hkz_ly_track_status(const hkz_ly_track_t tr);

/** Checkpoints through hkz/checkpoint.h (kind "track").  Declares the
 *  parameters that determine the trajectories (family, W, n, j0, j1, t0,
 *  t1, rel_bits, max_prec; after any the caller declared, e.g. digits),
 *  opens c (resume: HKZ_ERR_CHECKPOINT naming the first parameter that
 *  differs) and restores the recorded steps.  Records: "start j prec
 *  theta", "step j dir prec dt ta tb box theta_b", "fail j ta" with exact
 *  balls.  The tracker commits c after every round of `every` steps
 *  (<= 0: 32) and at the end; c must outlive the runs. */
HKZ_API HKZ_WARN_UNUSED int hkz_ly_track_checkpoint(hkz_ly_track_t tr,
        hkz_ckpt_t c, int resume, slong every);

/** The records of every tracked zero (checkpoint format, one per line)
 *  as one buffer (flint_free): what a process sends to the one that
 *  writes.  unpack applies such buffers (their zeros must lie in tr's
 *  range) to a tracker of the same family, range and goal. */
HKZ_API HKZ_WARN_UNUSED int hkz_ly_track_pack(char **buf, size_t *len,
        const hkz_ly_track_t tr);
HKZ_API HKZ_WARN_UNUSED int hkz_ly_track_unpack(hkz_ly_track_t tr,
        const char *buf, size_t len);

/* One tracking run over ranks (hkz_ly_track_ranks): the arguments of
 * hkz_ly_track_create and the checkpoint of hkz_ly_track_checkpoint. */
typedef struct
{
    slong W;
    hkz_ly_family_fn fn;
    void *param;
    const char *family;             /* a checkpoint parameter */
    const arb_struct *t0, *t1;
    slong j0, j1;                   /* zeros j0..j1-1 (0-based) */
    const char *checkpoint;         /* PATH (under several ranks: PATH
                                       declares the run, PATH.p<k> holds
                                       piece k); NULL: none */
    int resume;
    slong every;                    /* steps per zero between commits */
    slong digits;                   /* > 0: declared first as checkpoint
                                       parameter "digits" */
    double *done;                   /* NULL, or [2]: set to this process's
                                       CLOCK_MONOTONIC and process CPU
                                       seconds when its zeros were tracked
                                       (before it waits for the others) */
} hkz_ly_track_job_t;

/** Collective over opts->dist (NULL: this process alone): creates,
 *  checkpoints, starts and runs the tracking of job's zeros: several ranks
 *  take pieces of them at run time (hkz_run_claim: the ranks end together
 *  whatever the speed of their cores; a checkpointed piece resumes on any
 *  rank, under any rank count up to 16); *tr
 *  receives on rank 0 the tracker of the whole range (the same bytes as
 *  one process), NULL on other ranks.  Returns the agreed status:
 *  HKZ_SUCCESS, HKZ_ERR_NOT_CERTIFIED (*tr set: some zero could not be
 *  continued, hkz_ly_track_status), HKZ_ERR_INTERRUPTED (checkpoints
 *  committed), or an error (HKZ_ERR_CHECKPOINT: a checkpoint of other
 *  parameters; *tr NULL). */
HKZ_API HKZ_WARN_UNUSED int hkz_ly_track_ranks(hkz_ly_track_t *tr,
        const hkz_ly_track_job_t *job, const hkz_ly_opts_t *opts);

/** 1 iff every tracked zero reached t1 and the theta-ranges (unions of
 *  the boxes) of consecutive tracked zeros are disjoint: max I_j <
 *  min I_{j+1}, compared as balls. */
HKZ_API int hkz_ly_track_disjoint(const hkz_ly_track_t tr);

/** Curie-Weiss limit t -> infinity (spec 2.3, 2.6): a t* > 0 such that for
 *  every t >= t* every principal zero satisfies |theta_j(t) - (2j-1)
 *  pi/(2N)| <= rad, rad <= 2^-rel_bits (2j-1) pi/(2N) (proof in
 *  ising/cw/cw_limit.c).  rad receives the bound at t*. */
HKZ_API HKZ_WARN_UNUSED int hkz_ly_cw_limit_t(arb_t tstar, mag_t rad,
        slong N, slong rel_bits);

/** The Curie-Weiss tracking range for [t0, t1] (spec 2.6): tstar, rad
 *  of hkz_ly_cw_limit_t, *tail = 1 iff t* < t1 (track [t0, t*], the tail
 *  enclosures hkz_ly_cw_tail_theta cover [t*, t1]).  HKZ_ERR_DOMAIN
 *  (message with t*) unless t0 < t*. */
HKZ_API HKZ_WARN_UNUSED int hkz_ly_cw_track_range(int *tail, arb_t tstar,
        mag_t rad, slong N, const arb_t t0, const arb_t t1, slong rel_bits);

/** x = pi/2, the limit of every zero as the coupling t -> 0+ (spec 2.6). */
HKZ_API void hkz_ly_limit_zero_coupling(arb_t x, slong prec);

/** x = theta_j(inf) = (2j-1) pi/(2N), the limit of the Curie-Weiss zero j
 *  (1-based) as t -> infinity (spec 2.6). */
HKZ_API void hkz_ly_cw_limit_theta(arb_t x, slong j, slong N, slong prec);

/** x = (2j-1) pi/(2N) +- rad: for rad from hkz_ly_cw_limit_t, it holds
 *  theta_j(t) for every t >= t* (the tail beyond the tracked range). */
HKZ_API void hkz_ly_cw_tail_theta(arb_t x, slong j, slong N,
        const mag_t rad, slong prec);

/* ---- verifiers (ising/track/track_verify*.c) ----------------------------- */

/** CW decrease (spec 2.6): 1 iff every tracked zero has dir = -1 on every
 *  step and all reached t1 (strict decrease on [t0, t1] certified). */
HKZ_API int hkz_ly_track_all_decreasing(const hkz_ly_track_t tr);

/* Endpoints of single-edge trajectories (spec 2.3, 2.5): theta_j(0) from
 * G - e (with multiplicities when G - e is disconnected), theta_j(inf)
 * from G / e. */
typedef struct
{
    slong n;
    arb_ptr th0, thinf;         /* theta_j(0), theta_j(inf) */
    slong *class0;              /* th0 entries with equal class are equal */
    int ok0, okinf;             /* endpoint lists certified */
    int *dir;                   /* sign(thinf - th0): -1, +1, 0 undecided */
    int disjoint;               /* 1 strict, 2 weak (touching), 0 not shown */
    slong first_fail;           /* first j (0-based) where disjointness failed */
} hkz_ly_edge_ends_struct;
typedef hkz_ly_edge_ends_struct hkz_ly_edge_ends_t[1];

HKZ_API void hkz_ly_edge_ends_init(hkz_ly_edge_ends_t e);
HKZ_API void hkz_ly_edge_ends_clear(hkz_ly_edge_ends_t e);

/** Computes both endpoint lists, the directions and the disjointness test
 *  max(th_j(0), th_j(inf)) < min(th_{j+1}(0), th_{j+1}(inf)). */
HKZ_API HKZ_WARN_UNUSED int hkz_ly_edge_ends(hkz_ly_edge_ends_t e,
        const hkz_ising_model_t m, slong edge, const hkz_ly_opts_t *opts);

#ifdef __cplusplus
}
#endif
#endif
