/* hkz/engine.h -- the spectral-sum engine: Out[P x T] = B[P x K] * C[K x T]
 * with the basis B generated block by block (never stored whole), plus a
 * rigorous floating-point error bound for every output entry.
 *
 * Plain C types only (no FLINT, MPI or CUDA types): the CPU engine
 * (kernels/cpu, in libhkz) and the CUDA engine (kernels/cuda, in
 * libhkz_cuda) implement this one interface; the CUDA library plugs in
 * through hkz_engine_backend_register().
 *
 * Layout: every matrix is column-major.  Out has leading dimension ldo
 * (>= P); C (given weights) has leading dimension ldc (>= K).
 *
 * Modes.  The problem covers the global modes k_begin .. k_begin + K - 1
 * (a rank of a split-K run passes its slice; single runs use k_begin = 0).
 * Row k of C belongs to global mode k_begin + k.
 *
 * Bases (column k of B, global mode g = k_begin + k, point x_p in [-1, 1]):
 *   HKZ_BASIS_CHEB_U  B[p,k] = U_g(x_p); with x_p = cos(alpha_p) this is the
 *                     SU(2) character chi_n(alpha_p) = sin(n alpha_p) /
 *                     sin(alpha_p), n = g + 1 (spec heat_kernels_su2.md 2.1).
 *   HKZ_BASIS_COS     B[p,k] = T_{|N-2g|}(x_p); with x_p = cos(theta_p) this is
 *                     cos((N - 2g) theta_p) (Lee-Yang, N = cos_n).
 *   HKZ_BASIS_USER    a callback fills blocks; the caller supplies, per mode,
 *                     bmax[k] >= |computed B[p,k]| and berr[k] >= |computed
 *                     B[p,k] - exact B[p,k]| for every p (berr NULL: exact).
 * The points x_p are exact doubles; converting angles to x_p (and bounding
 * that rounding) is the caller's job (see hkz_su2_heat_bi_grid and
 * hkz_engine_cos_scan, which do it with Arb).
 *
 * Weights:
 *   HKZ_WEIGHTS_GIVEN C given by the caller; its entries are exact by
 *                     definition and must be finite.
 *   HKZ_WEIGHTS_HEAT  C[k,j] = n e^{-(n^2-1) t_j}, n = g + 1, t_j = times[j]
 *                     > 0, generated with Arb (error bounded rigorously).
 *
 * BASIS GENERATION (the bounds below are proven for exactly this scheme; a
 * backend must generate the values the same way, fma or not):
 *   v_0 = 1, v_1 = c x (c = 2 for U, 1 for T), y = 2x (exact),
 *   v_j = fl(y * v_{j-1} - v_{j-2}) for j >= 2, with one rounding (fma) or
 *   two (product, then difference).
 *
 * ERROR BOUND (derivation in kernels/cpu/engine_bounds.c).  With B~, C~ the
 * generated values, E_j a bound on |v_j - exact| from the recurrence's
 * Green function (|U_m(x)| <= m + 1 on [-1, 1]), bmax_k >= |B~[p,k]|,
 * berr_k >= |B~[p,k] - B[p,k]|, cerr_kt >= |C~[k,t] - C[k,t]|:
 *   |Out~[p,t] - (B C)[p,t]| <= gamma_K sum_k bmax_k |C~_kt|
 *        + sum_k berr_k |C~_kt| + sum_k (bmax_k + berr_k) cerr_kt
 *        + K 2^-1020 (underflow, also with flush-to-zero),
 *   gamma_K = K u / (1 - K u), u = 2^-53,
 * valid for ANY summation order of the K products (Higham, Accuracy and
 * Stability of Numerical Algorithms, 2nd ed., section 3.1),
 * so for blocked / chunked / split-K GEMMs alike.  All sums above are
 * evaluated with outward rounding.  The bound does not depend on p: the
 * per-column form (HKZ_ERR_PER_COLUMN) returns T numbers.
 *
 * DETERMINISM (CPU backend): modes are summed in fixed panels of
 * HKZ_ENGINE_KPANEL modes, panel by panel in increasing order; every BLAS
 * call starts at a row and a column that are multiples of
 * HKZ_ENGINE_TALIGN; the BLAS runs single-threaded during a run (process-
 * wide openblas_set_num_threads(1), restored when the last concurrent run
 * ends) and the engine's own threads work on aligned sub-tiles.  Results
 * are bitwise identical whatever kblock, pblock, nchunks and nthreads.
 * Creating a CPU engine and ending the last run also stop the worker
 * threads of a pthread OpenBLAS (they spin for ~0.1 s after each start;
 * OpenBLAS starts them again on its next threaded call): as with the
 * thread count, the process should not run threaded BLAS calls of its
 * own at those moments.
 */
#ifndef HKZ_ENGINE_H
#define HKZ_ENGINE_H

#include <stddef.h>
#include <stdint.h>
#include "hkz/config.h"
#include "hkz/signal.h"   /* hkz_signal_t: readiness of column chunks */

#ifdef __cplusplus
extern "C" {
#endif

/* Depth of the fixed K-panels that define the CPU summation order. */
#define HKZ_ENGINE_KPANEL 256
/* Chunk boundaries are multiples of this many columns (BLAS kernels treat
 * a column differently at the ragged end of a call). */
#define HKZ_ENGINE_TALIGN 64

typedef enum
{
    HKZ_BASIS_CHEB_U = 0,
    HKZ_BASIS_COS = 1,
    HKZ_BASIS_USER = 2
} hkz_basis_kind_t;

typedef enum
{
    HKZ_WEIGHTS_GIVEN = 0,
    HKZ_WEIGHTS_HEAT = 1
} hkz_weights_kind_t;

typedef enum
{
    HKZ_ERR_PER_ENTRY = 0,   /* err is P x T, leading dimension ldo */
    HKZ_ERR_PER_COLUMN = 1   /* err has T entries, each valid for all p */
} hkz_err_layout_t;

typedef enum
{
    HKZ_BACKEND_AUTO = 0,    /* CUDA if registered and a device exists */
    HKZ_BACKEND_CPU = 1,
    HKZ_BACKEND_CUDA = 2
} hkz_backend_t;

typedef enum
{
    HKZ_SHARD_AUTO = 0,      /* planner (cost model, overlap_kernels.md 0) */
    HKZ_SHARD_SPLIT_P = 1,   /* points split over ranks: no reduction */
    HKZ_SHARD_SPLIT_K = 2    /* modes split: partial products + reduction */
} hkz_shard_t;

/* ---- problem ---------------------------------------------------------- */

/** Fills blk[i + j*ld] = B(point p0 + i, global mode k0 + j) for i < np,
 *  j < nk.  Called from one thread at a time.  Returns HKZ_SUCCESS or an
 *  error code (which the engine returns). */
typedef int (*hkz_basis_fill_t)(double *blk, size_t ld, size_t p0,
        size_t np, size_t k0, size_t nk, void *ctx);

typedef struct
{
    size_t P, K, T;
    size_t k_begin;            /* global index of the first mode */

    int basis;                 /* hkz_basis_kind_t */
    const double *x;           /* CHEB_U, COS: P points in [-1, 1] */
    size_t cos_n;              /* COS: N (modes are T_{|N-2g|}) */
    hkz_basis_fill_t fill;     /* USER */
    void *fill_ctx;
    const double *user_bmax;   /* USER: K bounds on |B~[p,k]| */
    const double *user_berr;   /* USER: K bounds on |B~ - B|, or NULL */

    int weights;               /* hkz_weights_kind_t */
    const double *C;           /* GIVEN: K x T, leading dimension ldc */
    size_t ldc;
    const double *times;       /* HEAT: T times > 0 */
    uint64_t c_key;            /* GIVEN: a key != 0 always names the same
                                  K x T contents of C (a backend may keep
                                  them on the device between runs); 0: no
                                  caching */

    size_t ldo;                /* leading dimension of out (0 means P) */
    int err_layout;            /* hkz_err_layout_t */

    /* optional readiness signal: the engine splits the columns into
     * nchunks = min(opts.nchunks, T) chunks (hkz_engine_chunk_range) and,
     * when chunk c of out (and of err) is final, posts `epoch` on slot c.
     * The signal needs >= nchunks + 1 slots; its LAST slot is posted when
     * the run returns, success or not: a consumer waits on "chunk c or
     * done" and then reads the status. */
    hkz_signal_t ready;
    uint64_t epoch;
} hkz_engine_problem_t;

/** Zero sizes, CHEB_U basis, GIVEN weights, per-entry error, no signal. */
HKZ_API void hkz_engine_problem_init(hkz_engine_problem_t *pb);

/* ---- engine handle ---------------------------------------------------- */

typedef struct
{
    int backend;        /* hkz_backend_t */
    size_t kblock;      /* modes generated per block (0: auto); the CPU
                           backend rounds up to a multiple of
                           HKZ_ENGINE_KPANEL.  Memory, not numerics. */
    size_t pblock;      /* points generated per block (0: auto) */
    int nthreads;       /* threads of the CPU backend (0: one per online
                           CPU, at most 64): basis generation, bounds and
                           DGEMM sub-tiles (see DETERMINISM) */
    int shard;          /* hkz_shard_t, read by the dist layers */
    size_t nchunks;     /* column chunks (overlap, signals); 0 means 1 */
    int device;         /* CUDA device, -1: by local rank */
} hkz_engine_opts_t;

HKZ_API void hkz_engine_opts_init(hkz_engine_opts_t *o);

typedef struct hkz_engine_s *hkz_engine_t;

/** opts may be NULL (defaults).  HKZ_ERR_UNSUPPORTED for backend CUDA when
 *  no CUDA backend is registered or no device exists; AUTO falls back to
 *  the CPU. */
HKZ_API HKZ_WARN_UNUSED int hkz_engine_create(hkz_engine_t *e,
        const hkz_engine_opts_t *opts);
/** NULL-safe; sets *e = NULL.  (A CPU engine keeps its basis blocks
 *  between runs, up to about 64 MB; destroy frees them.) */
HKZ_API void hkz_engine_destroy(hkz_engine_t *e);
/** The options in force (backend resolved to CPU or CUDA). */
HKZ_API void hkz_engine_get_opts(hkz_engine_opts_t *o, const hkz_engine_t e);

/** The engine's CPU threads for a caller's own work (e.g. a USER basis
 *  computed in Arb): calls fn(i0, i1, arg) for [0, n) cut into
 *  m = min(n, opts.nthreads) contiguous ranges [n r / m, n (r + 1) / m),
 *  r < m, and returns when all are done.  The ranges run on the handle's
 *  worker threads (a FLINT thread pool of nthreads - 1 workers, created
 *  with the handle) and on the caller's thread; a range that finds no free
 *  worker (concurrent calls on one handle, or a nested call from fn) runs
 *  in the caller.  The split depends on n and nthreads only, never on
 *  timing.  fn must be safe to run on several threads at once (disjoint
 *  outputs).  Workers are persistent: fn should call flint_cleanup() if it
 *  leaves FLINT caches behind.  e NULL: one call fn(0, n, arg) in the
 *  caller.  HKZ_ERR_ARG on NULL fn. */
HKZ_API HKZ_WARN_UNUSED int hkz_engine_parallel_for(hkz_engine_t e,
        size_t n, void (*fn)(size_t i0, size_t i1, void *arg), void *arg);

/** out = B C and, if err != NULL, the rigorous bound described above
 *  (layout pb->err_layout).  Double results: certified only through err.
 *  On error out and err are filled with NaN where they were touched. */
HKZ_API HKZ_WARN_UNUSED int hkz_engine_run(hkz_engine_t e, double *out,
        double *err, const hkz_engine_problem_t *pb);

/** Same, plus mag (T entries, may be NULL): mag[t] >= sum_k |B~[p,k]|
 *  |C~[k,t]| for every p.  Dist layers need it to bound the reduction of
 *  partial products: |fl(sum_r S~_r) - sum_r S_r| <= sum_r err_r +
 *  gamma_{N-1} sum_r (mag_r + err_r). */
HKZ_API HKZ_WARN_UNUSED int hkz_engine_run_mag(hkz_engine_t e, double *out,
        double *err, double *mag, const hkz_engine_problem_t *pb);

/** A run hook (the dist layers, hkz/dist_ksum.h): while set, hkz_engine_run
 *  and hkz_engine_run_mag on e check the problem and then call
 *  hook(ctx, e, out, err, mag, pb) instead of the backend (with the same
 *  contract: out = B C, err and mag as in run_mag, NaN on error, the ready
 *  signal's last slot posted by the caller).  The hook computes through
 *  hkz_engine_run_direct.  hook NULL removes it; not thread-safe against
 *  concurrent runs on e. */
typedef int (*hkz_engine_hook_t)(void *ctx, hkz_engine_t e, double *out,
        double *err, double *mag, const hkz_engine_problem_t *pb);
HKZ_API void hkz_engine_set_hook(hkz_engine_t e, hkz_engine_hook_t hook,
        void *ctx);
/** hkz_engine_run_mag on the backend itself, ignoring a hook. */
HKZ_API HKZ_WARN_UNUSED int hkz_engine_run_direct(hkz_engine_t e,
        double *out, double *err, double *mag,
        const hkz_engine_problem_t *pb);

/** The fixed mode-chunk tree (the split-K sum of hkz/dist_ksum.h).  The
 *  K modes are cut into m = ceil(K / kc) chunks [c kc, (c + 1) kc); chunk
 *  c's product S_c is one hkz_engine_run_direct over its modes (k_begin,
 *  C rows, user_bmax / user_berr moved to the chunk, ldo = P, no signal).
 *  Node (l, i) covers the chunks [i 2^l, (i + 1) 2^l) and is left child
 *  + right child, (l - 1, 2 i) + (l - 1, 2 i + 1), added in double
 *  (round to nearest), the left child alone when the right one starts at
 *  or past m; (0, c) is S_c.  So its doubles do not depend on where or
 *  how the nodes are computed.  out = node (l, i) (P x T, ld pb->ldo or
 *  P); err, mag (may be NULL) the chunks' run_mag bounds added along the
 *  same tree, each addition rounded upward (the tree's own rounding is
 *  the caller's: hkz/dist_ksum.h).  A backend may compute the node on the
 *  device (the same doubles); pb->ready is ignored.  NaN on error. */
HKZ_API HKZ_WARN_UNUSED int hkz_engine_run_ktree(hkz_engine_t e,
        double *out, double *err, double *mag,
        const hkz_engine_problem_t *pb, size_t kc, int l, size_t i);

/** Columns [*t0, *t1) of chunk c of T columns in nchunks chunks:
 *  t0 = floor(c T / nchunks). */
HKZ_API void hkz_engine_chunk_range(size_t *t0, size_t *t1, size_t T,
        size_t nchunks, size_t c);

/* ---- shared pieces of the bound (any backend may call these) ---------- */

/** Checks sizes, pointers and values of pb (finite points in [-1, 1],
 *  finite weights, positive times); HKZ_ERR_ARG with a message. */
HKZ_API HKZ_WARN_UNUSED int hkz_engine_problem_check(
        const hkz_engine_problem_t *pb);

/** bmax[k], berr[k] (K entries each) for the problem's basis, as described
 *  above (copies of user_bmax / user_berr for USER). */
HKZ_API HKZ_WARN_UNUSED int hkz_engine_basis_bounds(double *bmax,
        double *berr, const hkz_engine_problem_t *pb);

/** Heat weights C~ (K x T, leading dimension ldc) and their error bounds
 *  cerr (same layout, may be NULL), for global modes k_begin.. and the
 *  given times (> 0). */
HKZ_API HKZ_WARN_UNUSED int hkz_engine_heat_weights(double *C, double *cerr,
        size_t ldc, size_t K, size_t k_begin, const double *times,
        size_t T);

/** Column bounds: err[t] (the bound above) and mag[t] (see run_mag), for
 *  t < T, from bmax, berr, C~ (ldc) and cerr (ldc, or NULL: exact C).
 *  Either output may be NULL.  HKZ_ERR_ARG on non-finite weights. */
HKZ_API HKZ_WARN_UNUSED int hkz_engine_col_bounds(double *err, double *mag,
        const double *bmax, const double *berr, const double *C,
        const double *cerr, size_t ldc, size_t K, size_t T);

/* ---- exact fixed-point sums (kernels/cpu/engine_fix.c) ----------------- */

/* A fixed-point number is L int32 digits x_i, |x_i| < 2^HKZ_FIX_D,
 * standing for the integer X = sum_i x_i 2^{HKZ_FIX_D i} (the caller keeps
 * the scale); L = 8 or HKZ_FIX_LMAX = 16.  The sums below are exact
 * integer arithmetic (no rounding, no overflow): the same bits on every
 * backend, order and thread count. */
#define HKZ_FIX_D 26
#define HKZ_FIX_LMAX 16
/* the lowest digit-product level hkz_engine_fix_sum keeps in stage 2 */
#define HKZ_FIX_LOW(L) ((L) - 2)

/* The rows of hkz_engine_fix_sum.  Row keys name contents for a device
 * cache: a key != 0 must always denote the same row (digits and counts);
 * 0: no caching. */
typedef struct
{
    int L;                     /* digits per number: 8 or 16 */
    size_t nk;                 /* groups k of a row */
    const size_t *off;         /* nk + 1: group k = numbers off[k] ..
                                  off[k+1) of an x or y row */
    size_t nq;                 /* pairs q: rows x[q], y[q] (off[nk]
                                  numbers each), counts yl[q] (nk) */
    const int32_t *const *x, *const *y;
    const uint32_t *const *yl;
    const uint64_t *xkey, *ykey;   /* nq keys each (NULL: no caching) */
    size_t nz;                 /* rows z[i] of nk numbers */
    const int32_t *const *z;
    const uint64_t *zkey;
} hkz_engine_fix_t;

/** Exact two-stage sums: per pair q and group k
 *    G_qk = floor(sum_{j < yl[q][k]} x[q][off[k]+j] y[q][off[k]+j]
 *                 / 2^{D L}),
 *  each required to satisfy |G_qk| < 2^{D L - 1} (HKZ_ERR_TOO_LARGE
 *  otherwise: the caller's scales are wrong), then per row i of z and pair
 *  q: V_iq = sum_{k < nk} (z[i][k] G_qk without the digit products of
 *  level u + v < L - 2), as 2L digits V[(i nq + q) 2L + l] (V_iq =
 *  sum_l V[..l] 2^{D l}, the lower 2L - 1 digits in [0, 2^D), the top one
 *  signed).  The dropped products sum to less than HKZ_FIX_DROP(nk, L) =
 *  nk L 2^{D (L - 1)} in absolute value: sum_{l <= L-3} (l + 1) 2^{2D}
 *  2^{D l} < L 2^{D (L - 1)} per group.  On the engine's backend (CUDA: device kernels, rows
 *  cached on the device by key); the same integers everywhere. */
HKZ_API HKZ_WARN_UNUSED int hkz_engine_fix_sum(hkz_engine_t e, int64_t *V,
        const hkz_engine_fix_t *f);

/* ---- backends ---------------------------------------------------------- */

/* A backend implements create / destroy / run on its own state; run gets
 * a checked problem.  libhkz_cuda registers HKZ_BACKEND_CUDA. */
typedef struct
{
    const char *name;
    int (*create)(void **state, const hkz_engine_opts_t *opts);
    void (*destroy)(void *state);
    int (*run)(void *state, double *out, double *err, double *mag,
               const hkz_engine_problem_t *pb);
    int (*devices)(void);   /* devices visible now (NULL: 1) */
    /* hkz_engine_fix_sum on the backend (NULL: the CPU code; the same
     * bits either way: exact integer sums) */
    int (*fix_sum)(void *state, int64_t *V, const hkz_engine_fix_t *f);
    /* hkz_engine_run_ktree's out for err = mag = NULL, GIVEN weights, on
     * the backend (NULL: chunk runs added on the host; the same bits),
     * called with a checked problem */
    int (*ktree)(void *state, double *out, const hkz_engine_problem_t *pb,
                 size_t kc, int l, size_t i);
} hkz_engine_backend_t;

/** Registers (or, with b == NULL, removes) the backend for kind CUDA
 *  (hkz_cuda_register of hkz/cuda.h does it).  The table must stay valid
 *  while registered. */
HKZ_API HKZ_WARN_UNUSED int hkz_engine_backend_register(int backend,
        const hkz_engine_backend_t *b);

/** Devices a backend can run on now: 1 for CPU; for CUDA the devices
 *  visible to the registered backend (0 when none is registered, no
 *  device or no driver). */
HKZ_API int hkz_engine_backend_devices(int backend);

/* ---- callers ----------------------------------------------------------- */

/** Lee-Yang grid scan: out[p + j ldo] = sum_{k=0}^{N} c[k + j ldc]
 *  cos((N - 2k) theta_p) for P angles theta_p (exact doubles) and T
 *  coefficient columns (exact doubles, K = N + 1 rows), with a rigorous
 *  per-column bound err[j] (T entries, valid for every p) that includes
 *  the rounding of cos(theta_p) to double (computed with Arb).
 *  e may be NULL (a CPU engine with default options is used). */
HKZ_API HKZ_WARN_UNUSED int hkz_engine_cos_scan(double *out, double *err,
        size_t ldo, hkz_engine_t e, const double *theta, size_t P,
        const double *c, size_t ldc, size_t N, size_t T);

#ifdef __cplusplus
}
#endif
#endif
