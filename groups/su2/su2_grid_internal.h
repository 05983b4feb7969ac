/* su2_grid_internal.h -- the driver shared by the engine grid callers
 * heat_bi_grid.c, heat_sub_grid.c and heat_milnor_grid.c (not installed;
 * implemented in su2_grid.c over the public engine API).
 *
 * Both callers evaluate out = B C with a USER basis B (points x modes) and
 * GIVEN weights C (modes x times), both computed in Arb and rounded to
 * double.  For a batch of points, with B~, C~ the doubles and
 *   bmax_k >= |B~[p,k]|, berr_k >= |B~[p,k] - B[p,k]|,
 *   cerr_kj >= |C~[k,j] - C[k,j]|,
 * the engine's bound (hkz/engine.h, kernels/cpu/engine_bounds.c)
 *   |out~ - B C| <= gamma_K sum_k bmax_k |C~_kj| + sum_k berr_k |C~_kj|
 *                   + sum_k (bmax_k + berr_k) cerr_kj + K 2^-1020
 * is what hkz_engine_col_bounds returns; the engine itself treats GIVEN
 * weights as exact, so the callers run it without a bound and add the
 * cerr term through hkz_engine_col_bounds.  The truncation tail of the
 * spectral sum is added on top (tail[j], one per time).  The basis of a
 * batch is computed once and kept (np x K doubles); the batch size depends
 * on K only (never on the engine's block sizes) and is a multiple of
 * HKZ_ENGINE_TALIGN, so the results do not depend on the engine's kblock
 * / pblock / nchunks / nthreads (bitwise). */
#ifndef HKZ_SU2_GRID_INTERNAL_H
#define HKZ_SU2_GRID_INTERNAL_H

#include <stddef.h>
#include "hkz/su2.h"
#include "hkz/engine.h"

/* bytes of basis kept per batch of points */
#define HKZ_GRID_BATCH_BYTES ((size_t) 32 << 20)

double _hkz_su2_grid_add_up(double a, double b);   /* >= a + b (a, b >= 0) */

/* Returns x~ = mid(x) rounded to the nearest double and sets *e to an
 * upper bound (double) of |x~ - y| for every y in the ball x:
 * |mid - x~| (exact in arf) + rad. */
double _hkz_su2_grid_get_d(double *e, const arb_t x);

double _hkz_su2_grid_mag_get_d(const mag_t m);   /* >= m (+inf if large) */

/* Points per batch: the basis of a batch holds at most
 * HKZ_GRID_BATCH_BYTES, at least HKZ_ENGINE_TALIGN points, a multiple of
 * HKZ_ENGINE_TALIGN. */
size_t _hkz_su2_grid_batch(size_t npts, size_t K);

#define HKZ_GRID_BATCH_GPU 8192        /* points and basis bytes per batch */
#define HKZ_GRID_BATCH_GPU_BYTES ((size_t) 1 << 30)       /* on a GPU engine */

/* Points per batch for the engine e: _hkz_su2_grid_batch on CPUs; on a
 * GPU up to HKZ_GRID_BATCH_GPU points while the basis stays below
 * HKZ_GRID_BATCH_GPU_BYTES (never fewer than on CPUs). */
size_t _hkz_su2_grid_batch_e(hkz_engine_t e, size_t npts, size_t K);

/* Fills rows [i0, i1) of the basis B (leading dimension ld) of a batch
 * and raises bmax[k], berr[k] (K entries) to cover them; ctx: the
 * caller's inputs.  Runs on several threads at once (disjoint rows). */
typedef void (*_hkz_su2_grid_rows_fn)(double *B, size_t ld, double *bmax,
        double *berr, size_t i0, size_t i1, const void *ctx);

/* The basis of a batch of np points (B: np x K, leading dimension np) on
 * the engine's threads (hkz_engine_parallel_for), points split in nth
 * fixed ranges; bmax, berr are the maxima over the ranges (the values do
 * not depend on nth). */
int _hkz_su2_grid_basis(double *B, double *bmax, double *berr, size_t np,
        size_t K, hkz_engine_t e, _hkz_su2_grid_rows_fn fn,
        const void *ctx);

/* On failure every grid output is NaN (out and err, npts x nt). */
void _hkz_su2_grid_set_nan(double *out, double *err, size_t ldo,
        size_t npts, size_t nt);

/* One batch of np points: out[i + j ldo] = (B~ C~)[i, j] by the engine e,
 * err[i + j ldo] >= the bound above + tail[j].  colerr: T doubles of
 * scratch.  ckey != 0 names the contents of C (hkz_engine_problem_t's
 * c_key; 0: none). */
int _hkz_su2_grid_run(double *out, double *err, size_t ldo, hkz_engine_t e,
        const double *B, size_t np, const double *bmax, const double *berr,
        size_t K, const double *C, const double *cerr, const double *tail,
        size_t T, double *colerr, uint64_t ckey);

/* ---- the bi-invariant grids (heat_bi_grid_util.c) ---- */

/* Checks the arguments of hkz_su2_heat_bi_grid[_deriv] (fn names the
 * caller in messages), sets *ldo (0: nalpha) and *tmin_j (index of the
 * smallest t). */
int _hkz_su2_bi_grid_check(const char *fn, const double *out,
        const double *err, size_t *ldo, const double *alpha, size_t nalpha,
        const double *t, size_t nt, size_t *tmin_j);

/* x[i] = cos(alpha[i]) rounded into [-1, 1], dx[i] >= |x[i] - cos
 * alpha[i]|; bd[k] >= (n-1) n (n+1) / 3 (n = k + 1), the largest slope
 * of U_{n-1} on [-1, 1]. */
void _hkz_su2_bi_grid_points(double *x, double *dx, double *bd,
        const double *alpha, size_t nalpha, size_t K);

/* An upper bound of a + b c for doubles a, b, c >= 0. */
double _hkz_su2_grid_fma_up(double a, double b, double c);

/* ---- the sub-Laplacian basis in double (heat_sub_grid_basis.c) ---- */

/* Recurrence coefficients and their errors for the modes (k, m), k <= K,
 * m <= Mk[k] (in that order), and the a priori bounds per k of
 * heat_sub_grid_basis.c. */
typedef struct
{
    slong K, nblk;            /* nblk: block length of the k chains */
    const slong *Mk;          /* not owned */
    size_t nmodes;
    double *A, *Bc, *Cc;      /* step to (k, m), m >= 2 (DLMF 18.9.1) */
    double *dA, *dB, *dC;     /* their errors */
    double *fe, *gq, *dh;     /* per k: |f~ - f|, |G~ - G| / |G~|, |h~ - h| */
} _hkz_su2_sub_basis_t;

int _hkz_su2_sub_basis_init(_hkz_su2_sub_basis_t *S, slong K,
                            const slong *Mk, size_t nmodes);
void _hkz_su2_sub_basis_clear(_hkz_su2_sub_basis_t *S);

/* ctx of _hkz_su2_sub_basis_rows: the batch's points */
typedef struct
{
    const _hkz_su2_sub_basis_t *S;
    const double *r, *z;
} _hkz_su2_sub_rows_ctx;

/* a _hkz_su2_grid_rows_fn: rows [i0, i1) of the basis in double, with
 * berr[mode] raised to a proven bound of |B~ - B| at these points */
void _hkz_su2_sub_basis_rows(double *B, size_t ld, double *bmax,
        double *berr, size_t i0, size_t i1, const void *ctx);

/* ---- the time-dependent part (heat_sub_grid_plan.c) ---- */

/* The weights (2m+k+1) e^{-lambda t} of one time (d = 0; modes k <= K,
 * m <= Mk[k], in that order) in double with proven errors cerr
 * (heat_sub_grid_weights.c); returns 0 if the tables cannot be certified
 * (then the caller computes them in Arb). */
int _hkz_su2_sub_weights_d(double *C, double *cerr, double t,
                           const slong *Mk, slong K);

/* Everything of a sub-Laplacian grid that depends on (t, d) only. */
typedef struct
{
    ulong d;
    size_t nt;
    double *t;                /* copy of the times (the cache key) */
    slong K, *Mk;             /* modes (k, m): k <= K, m <= Mk[k] */
    size_t nmodes;
    double *C, *cerr;         /* nmodes x nt weights, errors (ld nmodes) */
    double *tail;             /* nt truncation tails */
    _hkz_su2_sub_basis_t S;
    int refs;
    uint64_t ckey;            /* names C for the engine (unique per plan) */
} _hkz_su2_sub_plan_t;

/* The plan of (t, d), reused from the last call when t (bitwise), nt and
 * d match; release it with _hkz_su2_sub_plan_release.  The cache keeps
 * the last plan (its C and cerr: nmodes x nt doubles each) until a call
 * with other times or the end of the process.  Built on e's threads (e
 * may be NULL), one build at a time. */
int _hkz_su2_sub_plan_get(_hkz_su2_sub_plan_t **P, const double *t,
                          size_t nt, ulong d, hkz_engine_t e);
void _hkz_su2_sub_plan_release(_hkz_su2_sub_plan_t *P);

/* ---- the batched Arb fallback (heat_sub_grid_multi.c, _wcache.c) ---- */

typedef struct
{
    arb_t t;
    double td;     /* mid(t) as a double: a quick first test in searches */
    slong wp;
    ulong d;
    slong K;
    slong *M;      /* K + 1 */
    slong *off;    /* K + 2: weights of k at W + off[k] */
    slong Kc;      /* weights made for k <= Kc (extended on demand) */
    arb_ptr W;     /* off[Kc + 1] weights */
    mag_t tail;    /* m-tails for k <= K and the k-tail beyond K */
    int tails;     /* tail made (not for an entry linked to a source) */
    arb_struct st[5];  /* the weight recurrence's state at k = Kc + 1 */
    arb_ptr r1;        /* the last r prepared, and its k-cut kr (-1: none) */
    slong kr;
    slong src;         /* slot of the entry of (t, _hkz_su2_sub_went_wsrc
                          (wp), d) whose truncation, tails and W serve
                          this one (heat_sub_grid_wcache.c), or -1 */
} _hkz_su2_sub_went_t;

/* the precision of the truncation and weights an entry of (t, wp) sums
 * with: at small t and wp > 128 its basis precision (one set serves
 * several working precisions of a t: heat_sub_grid_wcache.c), else wp */
slong _hkz_su2_sub_went_wsrc(slong wp, double td);
/* links the entry of slot q of c to the entry of (t, its wsrc, d) if
 * that one is cached and q has no W yet */
void _hkz_su2_sub_went_link(struct hkz_su2_sub_wcache_struct *c, slong q);
/* the entry whose W serve w (w itself, or the slot w->src of c) */
#define HKZ_SUB_WSRC(c, w) ((w)->src >= 0 ? (c)->e + (w)->src : (w))

/* the distance estimate of the last (r, z) of _hkz_su2_sub_entry_wp */
typedef struct
{
    arb_ptr rz;        /* r, z */
    const arb_struct *rp, *zp;  /* their addresses: the same balls when
                                   ptr_ok */
    int ptr_ok;        /* set by callers whose balls do not change while
                          the memo lives */
    slong prec;
    double d2;
    int have;
} _hkz_su2_sub_d2memo_t;

void _hkz_su2_sub_d2memo_init(_hkz_su2_sub_d2memo_t *m);
void _hkz_su2_sub_d2memo_clear(_hkz_su2_sub_d2memo_t *m);

/* heat_sub_grid_dd.c: a vector of balls as double-doubles, v_k in
 * [h_k + l_k - e_k, h_k + l_k + e_k] for k < n (the longest prefix that
 * converts, at most 2^16; n < 0: none), and the sum over k < n of x_k y_k
 * as a ball with the proven bound of that file (n <= x->n, y->n) */
typedef struct
{
    double *h, *l, *e;         /* one allocation of 7 alloc doubles */
    double *amax, *asum;       /* [k] >= max, sum over j <= k of |h+l| */
    double *emax, *esum;       /* [k] >= max, sum over j <= k of e_j */
    slong n, alloc;
} _hkz_su2_sub_dd_t;

void _hkz_su2_sub_dd_init(_hkz_su2_sub_dd_t *v);
void _hkz_su2_sub_dd_clear(_hkz_su2_sub_dd_t *v);
/* an array *v of *n vectors grown to need (new ones empty); need < 0:
 * cleared and freed; 0 if out of memory */
int _hkz_su2_sub_dd_vec_room(_hkz_su2_sub_dd_t **v, slong *n, slong need);
int _hkz_su2_sub_dd_set(_hkz_su2_sub_dd_t *v, arb_srcptr x, slong n);
void _hkz_su2_sub_dd_dot(arb_t res, const _hkz_su2_sub_dd_t *x,
                         const _hkz_su2_sub_dd_t *y, slong n);
/* res = that sum + [+-tail]; 1 if both have n terms and res is within
 * 2^-(prec+4) (the entry keeps it), else 0 (res: scratch) */
int _hkz_su2_sub_dd_try(arb_t res, const _hkz_su2_sub_dd_t *x,
        const _hkz_su2_sub_dd_t *y, slong n, const mag_t tail, slong prec);

/* entries of working precision above this take arb_dot only (their
 * cancellation leaves too few of a double-double's 106 bits) */
#define HKZ_SUB_DD_WP 256

typedef struct
{
    arb_t z;
    double zd;     /* mid(z) as a double */
    slong wp, K;
    arb_ptr c;     /* K + 1: 2 cos(kz) (c_0 = 1) */
    _hkz_su2_sub_dd_t dd;   /* c_k, k <= Kd, as double-doubles (for the
                               entries of wp <= HKZ_SUB_DD_WP) */
    slong Kd;               /* -1: none */
} _hkz_su2_sub_cos_t;

/* recurrence coefficients of the Arb basis at one working precision
 * (heat_sub_grid_coef.c): al, be, ga of the step m -> m+1 of chain k at
 * c[k] + 3 (m - 1), 1 <= m < M[k] */
typedef struct
{
    slong wp, K;
    slong *M;      /* K + 1 */
    arb_ptr *c;    /* K + 1 vectors (NULL: none) */
} _hkz_su2_sub_coef_t;

#define HKZ_SUB_MF_CACHE 4   /* m-first parts kept: ~7 MB each at t = 0.01 */
struct _hkz_sub_mf_part_struct;
struct hkz_su2_sub_wcache_struct
{
    _hkz_su2_sub_went_t *e;
    slong n, alloc;
    _hkz_su2_sub_cos_t *cz;
    slong ncz, alloccz;
    _hkz_su2_sub_coef_t *cf;
    slong ncf, alloccf;
    slong *ord;     /* n: e sorted by key (_hkz_su2_sub_went_cmp) */
    slong *ordcz;   /* ncz: cz sorted by (zd, wp, z) */
    struct _hkz_sub_mf_part_struct *mf[HKZ_SUB_MF_CACHE];
    slong nmf;      /* the slot of mf replaced next */
};

/* heat_sub_grid_wcache.c: the weights entry of (t, wp, d) without weights
 * (0 if K >= HKZ_SUB_KMAX: nothing allocated); its weights up to k <= kn
 * (the bits of W_km do not depend on the steps); free an entry */
int _hkz_su2_sub_went_make(_hkz_su2_sub_went_t *w, const arb_t t, slong wp,
                           ulong d);
int _hkz_su2_sub_went_extend(_hkz_su2_sub_went_t *w, slong kn);
void _hkz_su2_sub_went_clear(_hkz_su2_sub_went_t *w);

/* heat_sub_grid_prep.c: the order of the weight keys (td, wp, d, mid t,
 * rad t): a total order whose equality is that of the cache's search */
int _hkz_su2_sub_went_cmp(double td1, slong wp1, ulong d1, const arb_t t1,
        double td2, slong wp2, ulong d2, const arb_t t2);

/* heat_sub_grid_coef.c: al, be, ga of the step m -> m + 1 (m >= 1) of chain
 * k at precision wp: P_{m+1} = (al - be sin^2 r) P_m - ga P_{m-1} */
void _hkz_su2_sub_step_coef(arb_ptr c, ulong k, ulong m, slong wp);
/* heat_sub_grid_coef.c: raise the table of wp to the steps m < M[k],
 * k <= K (not thread-safe); free the tables */
int _hkz_su2_sub_coef_add(struct hkz_su2_sub_wcache_struct *c, slong wp,
                          slong K, const slong *M);
void _hkz_su2_sub_coef_clear(struct hkz_su2_sub_wcache_struct *c);
/* B + bo[k] = cos(r)^k P_m^{(0,k)}(cos 2r), k <= K, m <= Mx[k], at
 * precision wp (tables of c where they cover it; c may be NULL); ws: 4
 * scratch balls; B[k, m] depends on (r, k, m, wp) only */
/* the precision of the basis of an entry of working precision wp:
 * 256 up to 256, else wp rounded up to a multiple of 256 */
slong _hkz_su2_sub_basis_wp(slong wp);
/* the precision of the basis and 2 cos(kz) of an entry of (t, wp):
 * _hkz_su2_sub_basis_wp, but 512 for 256 at t < HKZ_SUB_SMALL_T (its r
 * has entries of 512 there: one basis serves both) */
#define HKZ_SUB_SMALL_T 0.0625
slong _hkz_su2_sub_basis_key(slong wp, double td);
void _hkz_su2_sub_r_basis(arb_ptr B, const slong *bo, slong K,
        const slong *Mx, const arb_t r, slong wp,
        const struct hkz_su2_sub_wcache_struct *c, arb_ptr ws);

/* heat_sub_grid_cos.c: c[k] = 2 cos(kz) (c_0 = 1), k <= K, z reduced */
void _hkz_su2_sub_cos_factors(arb_ptr c, slong K, const arb_t z, slong wp);
/* the cached vector of (z, wp) with at least K + 1 entries, or NULL */
const _hkz_su2_sub_cos_t *_hkz_su2_sub_wcache_cos(
        const struct hkz_su2_sub_wcache_struct *c, const arb_t z, slong wp,
        slong K);
/* caches the vectors of (z[i], wp[i]) with K[i] + 1 entries (K[i] < 0:
 * none), i < n, and their double-doubles for k <= Kd[i] (-1: none): each
 * distinct (z, wp) once with its largest K and Kd, the missing ones
 * computed on the engine's threads (e may be NULL), then inserted (not
 * thread-safe; the cache holds at most COS_CACHE_MAX vectors, the others
 * are computed by the readers, as are double-doubles beyond Kd: the same
 * bits, a prefix of a vector's double-doubles does not depend on its
 * length) */
int _hkz_su2_sub_wcache_cos_many(struct hkz_su2_sub_wcache_struct *c,
        slong n, const arb_struct *const *z, const slong *wp,
        const slong *K, const slong *Kd, hkz_engine_t e);
void _hkz_su2_sub_wcache_cos_clear(struct hkz_su2_sub_wcache_struct *c);

/* scratch of one call, reused by its classes and r values (grown on
 * demand: the balls of B, dk keep their limbs from one r to the next) */
typedef struct
{
    arb_ptr B, dk, c, ws;     /* basis, inner sums, 2 cos(kz), 4 balls */
    slong nB, ndk, nc;
    slong *kt;                /* per truncation f: dd prefix, a priori
                                 cut; per entry: its cut; per f: its
                                 last entry cut (4 ns) */
    mag_ptr tl;               /* per f: post and a priori tails; per
                                 entry: its dropped part (3 ns) */
    slong nt;
    mag_ptr S;                /* per f: the sums of post_cut (K + 2) */
    slong nS;
    slong *first, *rep;       /* per entry: its time; per time: an entry */
    slong ne;
    slong *mark;              /* per weight slot: its time index, or -1 */
    slong nmark;
    _hkz_su2_sub_dd_t *ydd;   /* per distinct time: d_k as double-doubles */
    slong nydd;
    _hkz_su2_sub_dd_t xdd[1]; /* 2 cos(kz) computed here, as those */
} _hkz_su2_sub_mws_t;

/* heat_sub_grid_mws.c: free W; room for ns entries of a class and the
 * slots of c (0: out of memory); a vector *v of *n balls grown to need;
 * W->S grown to need mags */
void _hkz_su2_sub_mws_clear(_hkz_su2_sub_mws_t *W);
int _hkz_su2_sub_mws_room(_hkz_su2_sub_mws_t *W, slong ns,
                          const struct hkz_su2_sub_wcache_struct *c);
int _hkz_su2_sub_mws_vec(arb_ptr *v, slong *n, slong need);
int _hkz_su2_sub_mws_mag(_hkz_su2_sub_mws_t *W, slong need);

/* heat_sub_grid_kcut.c: the k1 <= w->K beyond which the inner sums
 * d_k(t) (k1 < k <= w->K) of the weights w (d = 0) may be dropped at every
 * r with cos r <= c, and tail >= sum_{k > k1} |d_k| (proven a priori
 * bound); k1 = w->K, tail = 0 when none is found or d > 0 */
slong _hkz_su2_sub_kcut(mag_t tail, const _hkz_su2_sub_went_t *w,
                        const mag_t c);
/* kt <= Kw and tl >= 2 sum_{k > kt} |d_k| with that sum below
 * 2^{-wp-4} sum_k |d_k| (the cut on computed inner sums), from S and
 * tot >= sum_k |d_k| made once per d by _hkz_su2_sub_kcut_sums (S: Kw + 1
 * mags, S[k] >= sum_{j >= k} |d_j| for k >= 1) for any wp */
void _hkz_su2_sub_kcut_sums(mag_ptr S, mag_t tot, arb_srcptr dk, slong Kw);
void _hkz_su2_sub_kcut_post(slong *kt, mag_t tl, mag_srcptr S,
                            const mag_t tot, slong Kw, slong wp);
/* the same for a k1 it returned before for (w, c): only the tail made */
slong _hkz_su2_sub_kcut_known(mag_t tail, const _hkz_su2_sub_went_t *w,
                              const mag_t c, slong k1);
/* k1[i] = the k-cut of entry i at r[i] with the weights of slot wi[i]
 * of c (-1: none), once per distinct (r, slot), on e's threads */
int _hkz_su2_sub_kcut_many(slong *k1, slong n, const arb_struct *const *r,
        const slong *wi, const struct hkz_su2_sub_wcache_struct *c,
        hkz_engine_t e);

/* heat_sub_grid_prep.c: first[i] = the smallest i2 with p[i2] == p[i]
 * (the same address) and w[i2] == w[i] (w may be NULL: no tag), i < n;
 * a hash of the addresses, so O(n) */
int _hkz_su2_sub_first_of(slong *first, slong n,
        const arb_struct *const *p, const slong *w);

/* working precision of an entry (a function of its own inputs) */
slong _hkz_su2_sub_entry_wp(double td, const arb_t r, const arb_t z,
                            slong prec, _hkz_su2_sub_d2memo_t *m);
/* the cached weights of (t, wp, d), or NULL */
const _hkz_su2_sub_went_t *_hkz_su2_sub_wcache_find(
        const struct hkz_su2_sub_wcache_struct *c, const arb_t t, double td,
        slong wp, ulong d);

#endif
