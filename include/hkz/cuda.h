/* hkz/cuda.h -- CUDA kernels (library hkz_cuda, built with -DHKZ_CUDA=ON).
 * Plain C types only: no FLINT and no CUDA headers.  Results are doubles
 * and NOT certified. */
#ifndef HKZ_CUDA_H
#define HKZ_CUDA_H

#include <stddef.h>
#include <stdint.h>
#include "hkz/config.h"
#include "hkz/engine.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Fills every GPU hook of libhkz (which does not link CUDA): the
 *  engine's CUDA backend (HKZ_BACKEND_CUDA / AUTO: grids and the other
 *  engine users), the su2mix eigensolver (hkz_cuda_eigh_herm for blocks
 *  of dimension >= 64), the Ising density of states on the GPU
 *  (hkz_cuda_dos_enum, hkz_cuda_transfer_pass: hkz_ising_dos_device,
 *  hkz_ising_dos_transfer_cuda).  Call it once, before the library
 *  computes (the hkz tool does at start); idempotent; works without a
 *  device (the hooks then fall back to the CPU or report
 *  HKZ_ERR_UNSUPPORTED / HKZ_ERR_CUDA).  HKZ_SUCCESS or a status.  File:
 *  src/cuda/cuda_register.c. */
HKZ_API HKZ_WARN_UNUSED int hkz_cuda_register(void);

/** Number of CUDA devices (0 when there is no GPU or driver); returns
 *  HKZ_SUCCESS, or HKZ_ERR_CUDA for a real driver error. */
HKZ_API HKZ_WARN_UNUSED int hkz_cuda_device_count(int *count);

/** Double-precision character sum h_t(alpha_i) = sum_{n <= nmax} n
 *  e^{-(n^2-1)t} sin(n alpha_i)/sin(alpha_i) for i < npts on device 0
 *  (host arrays in and out).  Not certified.  File:
 *  groups/su2/cuda/heat_bi_grid.cu (the certified grids run on the
 *  engine: hkz/grid.h). */
HKZ_API HKZ_WARN_UNUSED int hkz_cuda_heat_bi_grid_d(double *out, double t,
        const double *alpha, size_t npts, int nmax);


/* ======================================================================
 * Spectral-sum engine, CUDA backend (issue 4).  Files: kernels/cuda/
 * engine_*.cu, basis_*.cu, scan_*.cu, signal_*.cu.  "Device pointer"
 * means memory of the engine's device (cudaMalloc, ncclMemAlloc, ...).
 * The engine implements hkz/engine.h (same problem, same error bound,
 * same chunk signals); these functions add device-resident runs, the
 * sign-change scan for zero finding and device-side readiness signals.
 * ====================================================================== */

typedef struct hkz_cuda_engine_s *hkz_cuda_engine_t;

/** Registers the CUDA backend with hkz_engine (HKZ_BACKEND_CUDA / AUTO):
 *  the engine's part of hkz_cuda_register, which programs call. */
HKZ_API HKZ_WARN_UNUSED int hkz_cuda_engine_register(void);

/** opts may be NULL (defaults; device -1 = local MPI rank modulo the
 *  device count, from the launcher's environment, else 0).
 *  HKZ_ERR_UNSUPPORTED when there is no CUDA device. */
HKZ_API HKZ_WARN_UNUSED int hkz_cuda_engine_create(hkz_cuda_engine_t *e,
        const hkz_engine_opts_t *opts);
/** NULL-safe; sets *e = NULL. */
HKZ_API void hkz_cuda_engine_destroy(hkz_cuda_engine_t *e);
/** The CUDA device the engine runs on. */
HKZ_API int hkz_cuda_engine_device(const hkz_cuda_engine_t e);

/** Device-resident hkz_engine_run_mag: d_out (P x T, ld pb->ldo or P),
 *  d_err (layout pb->err_layout) and d_mag (T entries) are device
 *  pointers, d_err and d_mag may be NULL; for GIVEN weights pb->C is a
 *  device pointer (ld pb->ldc) whose finiteness is checked on the device.
 *  pb->x, pb->times and the USER arrays stay on the host.  pb->ready, if
 *  set, gets slot c posted when chunk c of d_out and d_err is final on the
 *  device, and slot nchunks when the call returns.  Synchronous. */
HKZ_API HKZ_WARN_UNUSED int hkz_cuda_engine_run_dev(hkz_cuda_engine_t e,
        double *d_out, double *d_err, double *d_mag,
        const hkz_engine_problem_t *pb);

/** Certified sign changes and minima, column by column, of a device
 *  matrix d_out (P x T, ld ldo) with the device error bound d_err (layout
 *  err_layout: P x T with ld ldo, or T column values).  Entry i of column
 *  t is certified positive if out > err, negative if out < -err, uncertain
 *  otherwise.  For each column t (host outputs):
 *    nchange[t]    number of i < P - 1 where entries i and i + 1 have
 *                  certified opposite signs (a zero lies between them);
 *    idx[t cap + j] the first min(nchange[t], cap) such i, ascending
 *                  (idx may be NULL when cap = 0);
 *    nuncertain[t] number of uncertain entries (may be NULL);
 *    argmin[t]     smallest i minimizing |out| (may be NULL).
 *  Double results: only the sign decisions are certified (given a valid
 *  bound).  Runs on device `device` (-1: the current one). */
HKZ_API HKZ_WARN_UNUSED int hkz_cuda_sign_scan(size_t *nchange, size_t *idx,
        size_t cap, size_t *nuncertain, size_t *argmin, const double *d_out,
        size_t ldo, const double *d_err, int err_layout, size_t P, size_t T,
        int device);

/* Device-side readiness signals: the hkz_signal_t protocol (slots of
 * monotonically growing 64-bit epochs, release on post, acquire on
 * test/wait) on slots in pinned, mapped host memory, so that the host and
 * every device can post and wait.  Streams are cudaStream_t passed as
 * void * (NULL: the legacy default stream).  One producer per slot. */
typedef struct hkz_cuda_signal_s *hkz_cuda_signal_t;

HKZ_API HKZ_WARN_UNUSED int hkz_cuda_signal_create(hkz_cuda_signal_t *s,
        size_t n);
/** NULL-safe; sets *s = NULL.  No stream may still use the slots. */
HKZ_API void hkz_cuda_signal_destroy(hkz_cuda_signal_t *s);
HKZ_API size_t hkz_cuda_signal_count(const hkz_cuda_signal_t s);
/** Host post (release; a smaller epoch than the current one is ignored). */
HKZ_API void hkz_cuda_signal_post(hkz_cuda_signal_t s, size_t i,
        uint64_t epoch);
/** Host acquire-load of slot i. */
HKZ_API uint64_t hkz_cuda_signal_read(const hkz_cuda_signal_t s, size_t i);
HKZ_API int hkz_cuda_signal_test(const hkz_cuda_signal_t s, size_t i,
        uint64_t epoch);
/** Host wait; timeout_s < 0 waits forever; HKZ_ERR_INTERNAL on timeout. */
HKZ_API HKZ_WARN_UNUSED int hkz_cuda_signal_wait(const hkz_cuda_signal_t s,
        size_t i, uint64_t epoch, double timeout_s);
/** Enqueues on stream: post epoch on slot i once all earlier work of the
 *  stream is done and visible system-wide. */
HKZ_API HKZ_WARN_UNUSED int hkz_cuda_signal_post_async(hkz_cuda_signal_t s,
        size_t i, uint64_t epoch, void *stream);
/** Enqueues on stream: later work of the stream waits until slot i holds
 *  >= epoch (stream memory operation; no SM is held while waiting). */
HKZ_API HKZ_WARN_UNUSED int hkz_cuda_signal_wait_async(hkz_cuda_signal_t s,
        size_t i, uint64_t epoch, void *stream);
/** Device address of slot 0 (for kernels: see kernels/cuda/signal_dev.cuh). */
HKZ_API uint64_t *hkz_cuda_signal_device_ptr(hkz_cuda_signal_t s);


/* ----------------------------------------------------------------------
 * Engine access for the multi-GPU layer (dist/nccl; file
 * kernels/cuda/engine_access.cu).  Streams are cudaStream_t as void *.
 * The computation of hkz_cuda_engine_run_dev split into its steps, so
 * that a caller can reduce finished column chunks while later ones are
 * still being computed.
 * ---------------------------------------------------------------------- */

/** Called on the host while work is being enqueued, each time the GEMMs
 *  of columns [0, t_done) have all been enqueued on `stream` (t_done grows
 *  to T): record events / post signals on it there. */
typedef int (*hkz_cuda_chunk_hook_t)(void *arg, size_t t_done,
        void *stream);

/** The engine's options (nchunks, shard, ...). */
HKZ_API void hkz_cuda_engine_get_opts(hkz_engine_opts_t *o,
        const hkz_cuda_engine_t e);
/** Makes e's device current; *prev receives the caller's device, to be
 *  given back to hkz_cuda_engine_leave. */
HKZ_API HKZ_WARN_UNUSED int hkz_cuda_engine_enter(hkz_cuda_engine_t e,
        int *prev);
HKZ_API void hkz_cuda_engine_leave(int prev);
/** The stream of the engine's GEMMs. */
HKZ_API void *hkz_cuda_engine_stream(const hkz_cuda_engine_t e);
/** Makes stream wait for the work enqueued so far on the engine's GEMM
 *  stream. */
HKZ_API HKZ_WARN_UNUSED int hkz_cuda_engine_join(hkz_cuda_engine_t e,
        void *stream);
/** HEAT weights of pb on the device: *d_C (K x T, ld K) and their error
 *  bounds *d_cerr, valid until the engine's next call. */
HKZ_API HKZ_WARN_UNUSED int hkz_cuda_engine_heat_weights(
        hkz_cuda_engine_t e, const hkz_engine_problem_t *pb,
        const double **d_C, const double **d_cerr);
/** Enqueues d_out (P x T, ld ldo, device) = B C for pb with the device
 *  weights d_C (ld ldc) and their bounds d_cerr (may be NULL), calling
 *  hook (may be NULL) as columns become final, and the column bounds
 *  d_col[0..T) (err) and d_col[T..2T) (mag).  Returns after enqueueing;
 *  errors found on the device come from hkz_cuda_engine_finish. */
HKZ_API HKZ_WARN_UNUSED int hkz_cuda_engine_enqueue(hkz_cuda_engine_t e,
        double *d_out, size_t ldo, double *d_col,
        const hkz_engine_problem_t *pb, const double *d_C, size_t ldc,
        const double *d_cerr, hkz_cuda_chunk_hook_t hook, void *hook_arg);
/** Waits for the engine's streams and checks the device-side flags. */
HKZ_API HKZ_WARN_UNUSED int hkz_cuda_engine_finish(hkz_cuda_engine_t e);
/** Bounds of a sum of partial products over nranks ranks: err = sum_r
 *  err_r + gamma_{N-1} sum_r (mag_r + err_r), mag = sum_r mag_r, from
 *  all[2 T r + t] = err_r[t], all[2 T r + T + t] = mag_r[t] (host,
 *  rounded up); err, mag may be NULL. */
HKZ_API void hkz_cuda_reduce_bounds(double *err, double *mag,
        const double *all, size_t nranks, size_t T);

/* ======================================================================
 * Batched dense eigensolvers (cuSOLVER).  File: kernels/cuda/eigh.cu.
 * Generic (no group knowledge): a group registers them with its own hook,
 * e.g. hkz_su2mix_eigh_register(hkz_cuda_eigh_herm, 64) (hkz/su2mix.h).
 * Double results, NOT certified (callers re-check eigenvectors in Arb).
 * Not thread-safe (one cuSOLVER handle per process).
 * ====================================================================== */

/** batch Hermitian matrices of order n, stored one after another, each
 *  column-major with interleaved (re, im) doubles (2 n^2 doubles, LAPACK
 *  zheevd layout, upper triangle read): the eigenvectors overwrite A
 *  (columns) and w gets batch * n eigenvalues, ascending per matrix.
 *  Jacobi (zheevjBatched) when n <= 32 and batch > 1, else zheevd matrix
 *  by matrix.  HKZ_ERR_UNSUPPORTED when there is no CUDA device (w and A
 *  untouched), HKZ_ERR_ARG for n < 1, n > 46340, batch < 1 or > 2^24,
 *  HKZ_ERR_CUDA / HKZ_ERR_LAPACK on failures. */
HKZ_API HKZ_WARN_UNUSED int hkz_cuda_eigh_herm(double *w, double *A,
        size_t n, size_t batch);

/** Same for real symmetric matrices (n^2 doubles each; dsyevd /
 *  dsyevjBatched). */
HKZ_API HKZ_WARN_UNUSED int hkz_cuda_eigh_sym(double *w, double *A,
        size_t n, size_t batch);


/* ======================================================================
 * Exact density of states by Gray-code enumeration on the GPU (issue 3).
 * File: ising/cuda/dos_enum.cu; the host driver is hkz_ising_dos_device
 * (hkz/ising.h).  Exact integers (certified).
 * ====================================================================== */

/** g[b][k] for the Ising model on nv vertices (1 <= nv <= 40) with edges
 *  eu[i]-ev[i] (i < ne) of integer weight ew[i] >= 1 and site weights
 *  vw[u] >= 1 (NULL: all 1): the number of spin configurations whose
 *  unsatisfied edges weigh b and whose down spins weigh k.  Same table as
 *  hkz_ising_dos_enum with multipliers n_e = ew (parallel edges add).
 *  Sets *bmax = sum ew and *kmax = sum vw; counts (host, row-major
 *  [b][k], (*bmax + 1) x (*kmax + 1) entries) may be NULL to query the
 *  size only.  HKZ_ERR_ARG for bad input, HKZ_ERR_UNSUPPORTED when the
 *  table exceeds 2^22 entries, HKZ_ERR_CUDA for CUDA errors (also when
 *  there is no device). */
HKZ_API HKZ_WARN_UNUSED int hkz_cuda_dos_enum(uint64_t *counts, int nv,
        int ne, const int *eu, const int *ev, const int *ew, const int *vw,
        int *bmax, int *kmax);

/* ======================================================================
 * Exact g(b, k) of L x M lattices by the site-by-site transfer matrix on
 * the GPU (issue 12).  File: ising/cuda/transfer.cu; the host driver
 * with the CRT is hkz_ising_dos_transfer_cuda (hkz/ising.h).
 * ====================================================================== */

/** One modular pass: out[b (N+1) + k] (host, (nb+1)(N+1) entries, nb =
 *  2N torus / N + L(M-1) cylinder) = the counts modulo the prime p
 *  (3 <= p < 2^62).  Cylinder (torus = 0): one run from every first row.
 *  Torus: sum over i < nrun of w[i] x (T^M)[s0[i], s0[i]], each run of
 *  M - 1 rows closed by the vertical bonds back to s0[i] (w[i] < 2^20).
 *  1 <= L <= 16.  *bytes (may be NULL) gets the device memory:
 *  2 x 2^L x (nb + 1) x (N - L + 1) x 8 + the result; *seconds (may be
 *  NULL) the device time.  out = NULL: only *bytes.  HKZ_ERR_UNSUPPORTED
 *  without a device, HKZ_ERR_CUDA for CUDA errors (out of memory). */
HKZ_API HKZ_WARN_UNUSED int hkz_cuda_transfer_pass(uint64_t *out, int L,
        int M, int torus, const uint64_t *s0, const uint64_t *w, long nrun,
        uint64_t p, double *bytes, double *seconds);

/** Meet in the middle on a torus (ising/cuda/transfer_meet.cu): for each
 *  run r < nrun (first row s0[r]; states st[off[r] .. off[r+1]) with
 *  pair weights wt[..]), adds to acc[i T^2 + r' T + j] (host, in/out,
 *  values < q_i) the 2D NTT modulo q_i = qw[2i] (w_i = qw[2i+1] of order
 *  T) at frequency (r', j) of sum_s wt_s u_a(s) u_a'(s) shifted by the
 *  doubly counted rows, indexed by (b/2, k) modulo T.  3 <= L <= 16,
 *  M >= 3, 16 <= T <= 1024 a power of two >= L M, 2^32/3 < q_i < 2^31,
 *  counts of the half runs < 2^125 ((M - floor(M/2) - 1) L <= 125: the
 *  caller checks).  *bytes (may be NULL): the device memory; seconds (may
 *  be NULL): [0] the step kernels, [1] the closing.  acc = NULL: only
 *  *bytes.  HKZ_ERR_UNSUPPORTED without a device, HKZ_ERR_CUDA. */
HKZ_API HKZ_WARN_UNUSED int hkz_cuda_transfer_meet(uint32_t *acc, int L,
        int M, int T, int nq, const uint32_t *qw, const uint64_t *s0,
        const int64_t *off, const uint32_t *st, const uint32_t *wt,
        long nrun, double *bytes, double *seconds);

#ifdef __cplusplus
}
#endif
#endif
