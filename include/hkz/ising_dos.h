/* hkz/ising_dos.h -- exact partition functions of Ising models
 * (included by hkz/ising.h): the density of states g[b][k] by enumeration
 * or transfer matrices (also on a GPU), the fugacity polynomial, and
 * Kaufman's zero-field torus.  Conventions as in ising.h. */
#ifndef HKZ_ISING_DOS_H
#define HKZ_ISING_DOS_H

#include <stdint.h>
#include "hkz/ising.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- exact density of states (ising/dos/, ising/transfer/) --------------- */

/* g[b][k] = number of configurations with energy index b and down-weight k:
 * E = J0 * (S - 2b) (times the model's scale), k = sum of weights of down
 * spins.  b runs over bmin..bmin+nb-1 (bmin < 0 only with negative
 * couplings).  J0 = unit, S = sum of multipliers n_e. */
typedef struct
{
    slong nb, nk;           /* rows b - bmin = 0..nb-1, columns k = 0..nk-1 */
    slong bmin;
    fmpz *g;                /* g[(b - bmin) * nk + k] */
    fmpq_t unit;            /* J0 (exact) */
    fmpz_t S;               /* sum of the multipliers n_e */
} hkz_ising_dos_struct;
typedef hkz_ising_dos_struct hkz_ising_dos_t[1];

/** K = K_c = log(1 + sqrt 2)/2, the critical coupling of the square
 *  lattice (sinh 2K_c = 1). */
HKZ_API void hkz_ising_kc(arb_t K, slong prec);

/* Size limits of the exact methods. */
#define HKZ_ISING_ENUM_MAX_N 40          /* Gray-code enumeration */
#define HKZ_ISING_DOS_MAX_ENTRIES (WORD(1) << 22)   /* nb * nk */
#define HKZ_ISING_TRANSFER_MAX_L 16      /* 2^L row states */
#define HKZ_ISING_ENUM_ARB_MAX_N 22      /* enumeration in balls */

HKZ_API void hkz_ising_dos_init(hkz_ising_dos_t d);
HKZ_API void hkz_ising_dos_clear(hkz_ising_dos_t d);

/** Exact table by Gray-code enumeration over 2^(n-1) configurations (spin
 *  flip symmetry), nthreads threads (<= 0: 2; private FLINT pool).
 *  Needs exact couplings;
 *  HKZ_ERR_TOO_LARGE if n > HKZ_ISING_ENUM_MAX_N or the table would
 *  exceed HKZ_ISING_DOS_MAX_ENTRIES (incommensurate couplings). */
HKZ_API HKZ_WARN_UNUSED int hkz_ising_dos_enum(hkz_ising_dos_t d,
        const hkz_ising_model_t m, int nthreads);

/** Tables of G - e split by the sign of s_u s_v on the removed edge:
 *  dp counts s_u s_v = +1, dm counts -1 (same unit and S, S without e). */
HKZ_API HKZ_WARN_UNUSED int hkz_ising_dos_enum_edge(hkz_ising_dos_t dp,
        hkz_ising_dos_t dm, const hkz_ising_model_t m, slong edge,
        int nthreads);

/** Exact table of a lattice model with all c_e equal (b = number of
 *  unsatisfied bonds) by the site-by-site transfer matrix (spec 3.3, exact
 *  counting variant; torus trace over first rows reduced by the dihedral
 *  and spin-flip symmetries).  Exact integers at any size (multi-modular
 *  beyond 64 sites); HKZ_ERR_TOO_LARGE when the 2^L state vectors need
 *  more than 1 GiB (8x8 torus: 17 MB, about 2 s on 2 cores). */
HKZ_API HKZ_WARN_UNUSED int hkz_ising_dos_transfer(hkz_ising_dos_t d,
        const hkz_ising_model_t m);

/* Upper bound (bytes) of the memory plan of the sparse transfer matrix. */
#define HKZ_ISING_TRANSFER_MEM_MAX (WORD(20) << 30)

/** Measurements of one hkz_ising_dos_transfer_sparse call. */
typedef struct
{
    slong runs;             /* first-row runs (1 for the cylinder) */
    slong words;            /* moduli (2^64 and primes < 2^62) */
    slong peak_entries;     /* largest number of (state, b, k) counts held */
    double peak_bytes;      /* peak_entries x words x 8 + result table */
    double plan_bytes;      /* the a-priori memory plan (upper bound) */
    double seconds;         /* GPU time of the passes (CUDA), else 0 */
} hkz_ising_transfer_stats_t;

/** Exact table of a lattice model with all c_e equal by the sparse
 *  site-by-site transfer matrix (ising/transfer/transfer_sparse.c): per
 *  boundary state only the box of reachable (b, k) pairs (one b parity on the
 *  torus), counts modulo 2^64 and word primes, CRT to fmpz.  Torus
 *  (transfer_torus.c): meet in the middle, runs of ceil(M/2) rows from
 *  the first rows up to rotation, reflection and spin flip, closed by
 *  exact products of the two halves over first-row pairs up to symmetry
 *  (transfer_meet.c).  nthreads
 *  threads (<= 0: 2) on a private FLINT thread pool.  pr (NULL
 *  ok) gets one unit per row of every run; a stop request returns
 *  HKZ_ERR_INTERRUPTED (no checkpoint).  stats may be NULL.
 *  HKZ_ERR_TOO_LARGE when the memory plan exceeds
 *  HKZ_ISING_TRANSFER_MEM_MAX or L > HKZ_ISING_TRANSFER_MAX_L (after
 *  transposing a torus so that L <= M). */
HKZ_API HKZ_WARN_UNUSED int hkz_ising_dos_transfer_sparse(hkz_ising_dos_t d,
        const hkz_ising_model_t m, int nthreads, const hkz_progress_t *pr,
        hkz_ising_transfer_stats_t *stats);

/** A-priori cost of hkz_ising_dos_transfer_sparse(d, m, nthreads):
 *  est->runs, est->words, est->plan_bytes (the other fields 0) and
 *  *cpu_seconds, a model of its CPU time (all threads together) fitted
 *  to measured tori (ising/transfer/transfer_estimate.c: within ~2x on similar
 *  cores, not a bound).  Cheap (no table is built).  HKZ_ERR_ARG as the
 *  transfer matrix, HKZ_ERR_TOO_LARGE past HKZ_ISING_TRANSFER_MAX_L. */
HKZ_API HKZ_WARN_UNUSED int hkz_ising_dos_transfer_estimate(
        hkz_ising_transfer_stats_t *est, double *cpu_seconds,
        const hkz_ising_model_t m, int nthreads);

/** The CPU transfer matrix has no checkpoint and no stop: callers (the
 *  CLI, the Python package) refuse a lattice whose estimated wall time
 *  (cpu_seconds / nthreads) passes this budget unless forced. */
#define HKZ_ISING_DOS_CPU_BUDGET_S 7200.0

/** Same table by the transfer matrix on the GPU (ising/cuda/transfer.cu,
 *  the pass registered by hkz_cuda_register): dense boxes per state,
 *  one prime < 2^62 per pass, CRT to fmpz on the host; tori by meet in
 *  the middle (hkz_ising_dos_transfer_cuda_ckpt without a checkpoint)
 *  where it applies, else every first row up to symmetry in full.
 *  Same argument checks as hkz_ising_dos_transfer_sparse; pr gets one
 *  unit per prime (meet in the middle: per first-row run).
 *  HKZ_ERR_UNSUPPORTED without a registered pass or without a device;
 *  HKZ_ERR_CUDA when the device memory is short (16 x 16: 126 GB
 *  cylinder; torus by meet in the middle 28 GB, in full runs 130 GB).
 *  stats->seconds = device time. */
HKZ_API HKZ_WARN_UNUSED int hkz_ising_dos_transfer_cuda(hkz_ising_dos_t d,
        const hkz_ising_model_t m, const hkz_progress_t *pr,
        hkz_ising_transfer_stats_t *stats);

/** Same, with tori (3 <= L <= M after transposing, (ceil(M/2) - 1) L <=
 *  125) by meet in the middle (ising/cuda/transfer_meet.cu: half runs in
 *  two exact words, the closing as 2D NTTs modulo primes < 2^31 summed
 *  over runs; pr: one unit per first-row run) and a checkpoint:
 *  checkpoint != NULL writes the per-prime accumulators after every batch
 *  of runs (hkz/checkpoint.h, a few MB); resume = 1 starts from it (a
 *  checkpoint of another lattice: HKZ_ERR_CHECKPOINT).  A stop asked by
 *  pr returns HKZ_ERR_INTERRUPTED with the last batch checkpointed.
 *  HKZ_ERR_UNSUPPORTED for a checkpoint on another lattice kind. */
HKZ_API HKZ_WARN_UNUSED int hkz_ising_dos_transfer_cuda_ckpt(
        hkz_ising_dos_t d, const hkz_ising_model_t m, const char *checkpoint,
        int resume, const hkz_progress_t *pr,
        hkz_ising_transfer_stats_t *stats);

/* ---- the tables on a GPU (ising/dos/dos_gpu.c) -------------------------
 * libhkz does not link CUDA: hkz_cuda_register (hkz/cuda.h, libhkz_cuda)
 * registers the device counting here.  Both hooks return exact counts. */
typedef struct
{
    /* hkz_cuda_dos_enum: g[b][k] by Gray-code enumeration (hkz/cuda.h) */
    int (*enumerate)(uint64_t *counts, int nv, int ne, const int *eu,
                     const int *ev, const int *ew, const int *vw, int *bmax,
                     int *kmax);
    /* hkz_cuda_transfer_pass: one modular transfer-matrix pass */
    int (*transfer_pass)(uint64_t *out, int L, int M, int torus,
                         const uint64_t *s0, const uint64_t *w, long nrun,
                         uint64_t p, double *bytes, double *seconds);
    /* hkz_cuda_transfer_meet: runs of the torus meet in the middle */
    int (*transfer_meet)(uint32_t *acc, int L, int M, int T, int nq,
                         const uint32_t *qw, const uint64_t *s0,
                         const int64_t *off, const uint32_t *st,
                         const uint32_t *wt, long nrun, double *bytes,
                         double *seconds);
} hkz_ising_dos_gpu_t;

/** Registers (g == NULL: removes) the GPU counting; the table must stay
 *  valid while registered.  HKZ_ERR_ARG for an incomplete table. */
HKZ_API HKZ_WARN_UNUSED int hkz_ising_dos_gpu_register(
        const hkz_ising_dos_gpu_t *g);

/* hkz_ising_dos_device: with HKZ_BACKEND_AUTO a graph goes to the GPU from
 * this many vertices (below, the CPU enumeration takes less than the CUDA
 * start-up); lattices always do. */
#define HKZ_ISING_DOS_GPU_MIN_N 28

/** The table of m on the GPU where device (hkz_backend_t of hkz/engine.h)
 *  says: graphs by the Gray-code enumeration (exact couplings >= 0,
 *  N <= HKZ_ISING_ENUM_MAX_N; the same unit J0, S and integers as
 *  hkz_ising_dos_enum), lattices by hkz_ising_dos_transfer_cuda (pr: one
 *  unit per prime; tori by meet in the middle: per first-row run).  *on_gpu = 1 when d holds the GPU table; 0 when the
 *  caller should count on the CPU (d untouched): device CPU, or AUTO
 *  without a registered GPU path and device, for a graph below
 *  HKZ_ISING_DOS_GPU_MIN_N vertices, or when the GPU path does not apply
 *  (HKZ_ERR_UNSUPPORTED / HKZ_ERR_CUDA from it).  Device CUDA returns
 *  those errors: HKZ_ERR_UNSUPPORTED without a registered GPU path, for a
 *  negative or ball coupling, N > 40 or a table over 2^22 entries,
 *  HKZ_ERR_CUDA without a device.  Check the table (hkz_ising_dos_check)
 *  before use, as every table. */
HKZ_API HKZ_WARN_UNUSED int hkz_ising_dos_device(hkz_ising_dos_t d,
        int *on_gpu, const hkz_ising_model_t m, int device,
        const hkz_progress_t *pr);

/** Checks a table against the model before use: total 2^n, the
 *  k-marginal (binomial C(n, k), or the coefficients of
 *  prod_u (1 + z^{w_u}) with weights), g[b][k] = g[b][W-k] and, for a
 *  lattice torus with one exact positive coupling, the zero-field
 *  marginal against Kaufman's formula at two couplings.  HKZ_ERR_ARG
 *  naming the first failed check. */
HKZ_API HKZ_WARN_UNUSED int hkz_ising_dos_check(const hkz_ising_dos_t d,
        const hkz_ising_model_t m);

/** Writes d to a text file ("hkz-dos 1" header, the model description
 *  line `desc` (may be NULL), nb nk bmin, unit, S, one "b k g" line per
 *  nonzero count, and a closing "checksum" line: FNV-1a 64 of all bytes
 *  before it).  Reads it back: HKZ_ERR_IO if unreadable, HKZ_ERR_ARG
 *  "checksum mismatch" / "line L: ..." for a damaged file.  desc (if not
 *  NULL) gets the description (flint_free).  A table read back should be
 *  checked with hkz_ising_dos_check against the model it is used for. */
HKZ_API HKZ_WARN_UNUSED int hkz_ising_dos_write(const char *path,
        const hkz_ising_dos_t d, const char *desc);
HKZ_API HKZ_WARN_UNUSED int hkz_ising_dos_read(hkz_ising_dos_t d,
        char **desc, const char *path);

/** DOS files tied to a model (ising/dos/dos_model_io.c).  desc: the model's
 *  description line "<kind> vertices=n edges=e W=w model-fnv1a64:<hex>"
 *  (fingerprint of the vertex count, weights and exact edge couplings c_e;
 *  the common scale is not part of it).  save: hkz_ising_dos_write with
 *  that line.  load: hkz_ising_dos_read, then HKZ_ERR_ARG "PATH: the table
 *  of another model (...)" when the fingerprints differ, "PATH: table
 *  refused: ..." when hkz_ising_dos_check fails (HKZ_ERR_IO: unreadable;
 *  HKZ_ERR_ARG also for a damaged file).  set_dos: checks d against m and
 *  installs a copy in m, so that hkz_ising_poly, the zero finders
 *  and the trackers use it instead of computing the table (an edit of the
 *  model drops it). */
HKZ_API HKZ_WARN_UNUSED int hkz_ising_dos_model_desc(char **desc,
        const hkz_ising_model_t m);
HKZ_API HKZ_WARN_UNUSED int hkz_ising_dos_save(const char *path,
        const hkz_ising_dos_t d, const hkz_ising_model_t m);
HKZ_API HKZ_WARN_UNUSED int hkz_ising_dos_load(hkz_ising_dos_t d,
        const hkz_ising_model_t m, const char *path);
HKZ_API HKZ_WARN_UNUSED int hkz_ising_model_set_dos(hkz_ising_model_t m,
        const hkz_ising_dos_t d);

/** Best exact method: the sparse transfer matrix for lattices (table
 *  checked with hkz_ising_dos_check; a failed check is HKZ_ERR_INTERNAL),
 *  the closed form
 *  g[k(N-k)][k] = C(N, k) for complete graphs (positive coupling, N up to
 *  ~200 within the table limit), else enumeration. */
HKZ_API HKZ_WARN_UNUSED int hkz_ising_dos_compute(hkz_ising_dos_t d,
        const hkz_ising_model_t m, int nthreads);

/** a_k = sum_b g[b][k] exp(J (S - 2b)) where J = scale*J0 (k = 0..nk-1). */
HKZ_API HKZ_WARN_UNUSED int hkz_ising_dos_poly(arb_ptr a,
        const hkz_ising_dos_t d, const arb_t scale, slong prec);

/** da_k = d a_k / d scale = sum_b g[b][k] J0 (S - 2b) exp(J (S - 2b)). */
HKZ_API HKZ_WARN_UNUSED int hkz_ising_dos_poly_dscale(arb_ptr da,
        const hkz_ising_dos_t d, const arb_t scale, slong prec);

/** Zero-field Z = sum_k a_k. */
HKZ_API HKZ_WARN_UNUSED int hkz_ising_dos_Z(arb_t Z, const hkz_ising_dos_t d,
        const arb_t scale, slong prec);

/** Total count (sum of g) and the table summed over k: gb[i] for
 *  b = bmin + i (gb has nb entries). */
HKZ_API void hkz_ising_dos_total(fmpz_t total, const hkz_ising_dos_t d);
HKZ_API void hkz_ising_dos_energy_counts(fmpz *gb, const hkz_ising_dos_t d);
/** The energy of unsatisfied weight b: E = S - 2b (in units of J0). */
HKZ_API void hkz_ising_dos_energy(fmpz_t E, const hkz_ising_dos_t d,
                                  slong b);

/* ---- fugacity polynomial (ising/dos/poly*.c) ----------------------------- */

/** a_0..a_W of P(z) (length W+1) at the model's couplings, best method:
 *  exact table when all c_e are exact and commensurate (transfer matrix
 *  for lattices), else enumeration in ball arithmetic (n <= 22).
 *  Complete graphs use the closed form of spec 2.6 (any N).  The exact
 *  table is computed at every call unless installed in the model
 *  (hkz_ising_model_set_dos); a caller at many precisions holds the table
 *  (hkz_ising_dos_compute, hkz_ising_dos_poly), as the zero finders do.
 *  Negative couplings are allowed here (evaluation only). */
HKZ_API HKZ_WARN_UNUSED int hkz_ising_poly(arb_ptr a,
        const hkz_ising_model_t m, slong prec);

/** d a_k / d scale (length W+1): for uniform couplings J_e = scale this is
 *  the derivative in J of all couplings together ("param: all J"). */
HKZ_API HKZ_WARN_UNUSED int hkz_ising_poly_dscale(arb_ptr da,
        const hkz_ising_model_t m, slong prec);

/** Decomposition of spec 2.1 for the coupling t of edge `edge` (exact
 *  tables by enumeration, so n <= HKZ_ISING_ENUM_MAX_N, lattices
 *  included; ball enumeration for ball couplings): with that
 *  edge removed, ap[k] sums configurations with s_u s_v = +1 and am[k]
 *  those with -1, so a_k(t) = e^t ap[k] + e^{-t} am[k] (each of length
 *  W+1).  ap is the polynomial of the contracted graph G/e. */
HKZ_API HKZ_WARN_UNUSED int hkz_ising_poly_edge(arb_ptr ap, arb_ptr am,
        const hkz_ising_model_t m, slong edge, slong prec);

/** Enumeration in ball arithmetic for any couplings (n <=
 *  HKZ_ISING_ENUM_ARB_MAX_N): the fallback of hkz_ising_poly, and an
 *  independent check. */
HKZ_API HKZ_WARN_UNUSED int hkz_ising_poly_enum_arb(arb_ptr a,
        const hkz_ising_model_t m, slong prec);

/* ---- Kaufman (ising/dos/kaufman.c) --------------------------------------- */

/** Kaufman's zero-field partition function of the L x M torus (spec 4.1),
 *  isotropic coupling K > 0, L, M >= 1. */
HKZ_API HKZ_WARN_UNUSED int hkz_ising_kaufman(arb_t Z, slong L, slong M,
        const arb_t K, slong prec);

#ifdef __cplusplus
}
#endif
#endif
