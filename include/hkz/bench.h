/* hkz/bench.h -- measurements of the spectral-sum engine (issue 11.3),
 * library side of `hkz bench ssum` (library hkz_bench: bench/ssum; link
 * hkz::hkz_bench).
 *
 * One call measures, in the same run and on the same data:
 *   PLAIN   the best non-split GEMM: one plain DGEMM (cblas_dgemm of
 *           OpenBLAS on the CPU, cublasDgemm on a GPU) of this rank's
 *           local slice on a pregenerated basis; Flux's "GEMM alone";
 *   ENGINE  the engine on the same local slice: basis generated in blocks,
 *           DGEMMs and the per-column error bound (hkz_engine_run, or
 *           hkz_cuda_engine_run_dev with device-resident data);
 *   COMM    the reduction alone: an all-reduce of P x T doubles
 *           (hkz_dist_allreduce_double; hkz_nccl_reduce_dev on GPUs);
 *   SEQ     the engine over the ranks, all DGEMMs, then the reduction
 *           (hkz_dist_engine_run with overlap 0 and one chunk; NCCL mode
 *           NONE): "GEMM-then-all-reduce";
 *   OVL     the same with the reduction of chunk c overlapping the DGEMMs
 *           of chunk c + 1 (CPU: MPI on the calling thread, engine in a
 *           worker; GPU: hkz_nccl chunked or window mode).
 * Local slice: split K (default) gives rank r the modes [k_r, k_{r+1}) of
 * the dist layer (K_loc = K / N), split P the rows [p_r, p_{r+1}).
 *
 * Timing: before every repetition the ranks meet (a collective), each
 * rank times the step (GPU steps end with a device synchronisation), and
 * the repetition's time is the maximum over the ranks; the figure is the
 * median over opts.reps repetitions after opts.warmup untimed ones (on
 * the CPU a repetition times PLAIN and ENGINE 3 times each, alternating:
 * the median of 3 opts.reps samples).  The per-rank figures (rank 0) are
 * each rank's own median.
 *
 * Flux's overlap efficiency (overlap_kernels.md 1.1):
 *   ECT = total time - GEMM-alone time (PLAIN),
 *   E_overlap = 1 - ECT_overlap / ECT_sequential (NaN if ECT_seq <= 0).
 *
 * On one rank the reduction is a no-op (the serial build, or one MPI
 * rank): SEQ and OVL then measure the machinery's overhead only.
 *
 * GPU: the CUDA steps (PLAIN, ENGINE: hkz_cuda_bench_ssum_hook,
 * bench/ssum/ssum_cuda.cu) and the NCCL steps (COMM, SEQ, OVL:
 * hkz_nccl_bench_ssum_hook, ssum_nccl.cu) are compiled into libhkz_bench
 * when the build has CUDA / NCCL and registered there by default;
 * hkz_bench_ssum_register replaces or removes them.  Without the NCCL
 * hook a CUDA run on one rank takes SEQ = OVL = ENGINE (no reduction) and
 * refuses several ranks.
 */
#ifndef HKZ_BENCH_H
#define HKZ_BENCH_H

#include <stddef.h>
#include "hkz/config.h"
#include "hkz/engine.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Same values as hkz_overlap_t of hkz/nccl.h. */
typedef enum
{
    HKZ_BENCH_OVERLAP_NONE = 0,     /* chunks computed, then reduced */
    HKZ_BENCH_OVERLAP_CHUNKED = 1,  /* reduction of c || DGEMMs of c + 1 */
    HKZ_BENCH_OVERLAP_WINDOW = 2    /* GPU only: NCCL 2.28 windows */
} hkz_bench_overlap_t;

/* The measured steps (indices of hkz_bench_ssum_t.t). */
enum
{
    HKZ_BENCH_PLAIN = 0,
    HKZ_BENCH_ENGINE = 1,
    HKZ_BENCH_COMM = 2,
    HKZ_BENCH_SEQ = 3,
    HKZ_BENCH_OVL = 4,
    HKZ_BENCH_NSTEPS = 5
};

typedef struct
{
    size_t P, K, T;     /* points, modes, columns (times) */
    int basis;          /* HKZ_BASIS_CHEB_U (default) or HKZ_BASIS_COS */
    int backend;        /* HKZ_BACKEND_CPU (default) or HKZ_BACKEND_CUDA */
    int shard;          /* HKZ_SHARD_SPLIT_K (default) or SPLIT_P */
    int overlap;        /* the OVL step: CHUNKED (default), WINDOW (GPU),
                           NONE (chunked without overlap) */
    int reduce;         /* CPU: hkz_dist_reduce_t (default FIXED) */
    int reps;           /* timed repetitions (default 3) */
    int warmup;         /* untimed repetitions first (default 1) */
    int nthreads;       /* CPU engine threads (0: one per CPU) */
    size_t nchunks;     /* column chunks of OVL (0: 4 on CPUs, 8 GPUs) */
    int device;         /* CUDA device (-1: local rank modulo count) */
    unsigned long seed; /* weights C: uniform in [-1, 1] from this seed */
} hkz_bench_ssum_opts_t;

typedef struct
{
    hkz_bench_ssum_opts_t opts;   /* in force (defaults resolved; CPU:
                                     nchunks as planned) */
    int nranks;
    size_t p_loc, k_loc;          /* rank 0's local slice */
    int nthreads;                 /* CPU engine threads in force */
    char backend[160];            /* "cpu" or "cuda <device name>" */
    char plain_via[32];           /* "openblas" or "cublas" */
    char *blas_core;              /* CPU: the BLAS kernel that runs
                                     (openblas_get_corename(), e.g.
                                     "SkylakeX"; "unknown" for another
                                     BLAS); heap, freed by clear */
    char *blas_config;            /* CPU: openblas_get_config() (heap) */
    int blas_generic;             /* CPU: 1 when blas_core is a generic or
                                     pre-AVX kernel (Prescott, Core2,
                                     ...): plain DGEMM then runs far below
                                     the CPU's speed and the efficiency
                                     compares against a crippled baseline */
    char *reduction;              /* what COMM / SEQ / OVL reduce with
                                     (heap, any length; freed by
                                     hkz_bench_ssum_clear) */
    double flops;                 /* 2 P K T: the whole problem (the
                                     FLOP/s below aggregate the ranks) */
    double t[HKZ_BENCH_NSTEPS];   /* seconds (see above) */
    double cpu[HKZ_BENCH_NSTEPS]; /* this rank's CPU seconds (process, all
                                     threads; median): far below t when the
                                     machine is shared and the rank waits
                                     for a core */
    int inner[HKZ_BENCH_NSTEPS];  /* runs per timing: a step shorter
                                     than 0.1 s is repeated inside one
                                     timing (the time is per run) */
    double spread[HKZ_BENCH_NSTEPS]; /* (max - min) / median of t's runs:
                                     above ~0.1 the figure is not stable */
    double engine_flops;          /* flops / t[ENGINE] */
    double plain_flops;           /* flops / t[PLAIN] */
    double efficiency;            /* t[PLAIN] / t[ENGINE] */
    double ect_seq, ect_ovl;      /* t[SEQ] - t[PLAIN], t[OVL] - t[PLAIN] */
    double e_overlap;             /* 1 - ect_ovl / ect_seq */
    double max_diff;              /* max over ranks of max |engine -
                                     plain|: CPU Chebyshev basis only (its
                                     cos baseline multiplies other values);
                                     GPU both bases (NaN without the hook's
                                     check) */
    double max_bound;             /* the largest error bound of the
                                     engine's local runs (max over ranks) */
    double ovl_diff;              /* CPU: max |OVL's output - SEQ's| over
                                     the ranks (0 for the fixed-order
                                     reduction: bitwise equal; NaN on GPUs) */
    double *rank_t;               /* rank 0: rank_t[r * NSTEPS + s], the
                                     median of rank r alone; else NULL */
    char straggler[256];          /* rank 0: the ENGINE step per rank as
                                     hkz_dist_times_format's line */
} hkz_bench_ssum_t;

/** P = K = T = 0 (set them), Chebyshev U, CPU, split K, chunked overlap,
 *  fixed-order reduction, 3 repetitions after 1 warm-up, automatic
 *  threads and chunks, device -1, seed 1. */
HKZ_API void hkz_bench_ssum_opts_init(hkz_bench_ssum_opts_t *o);

HKZ_API void hkz_bench_ssum_init(hkz_bench_ssum_t *r);
HKZ_API void hkz_bench_ssum_clear(hkz_bench_ssum_t *r);

/** Collective over hkz_dist_world(): runs the five steps above and fills
 *  r (initialized with hkz_bench_ssum_init).  Every rank returns the same
 *  status.  HKZ_ERR_ARG for zero sizes, reps < 1, a size that does not
 *  fit the BLAS's int, an option out of range, or a slice that is empty
 *  on some rank; HKZ_ERR_UNSUPPORTED for the window mode on the CPU, a
 *  CUDA run without a registered CUDA hook or device, several ranks on
 *  CUDA without the NCCL hook; HKZ_ERR_NOMEM. */
HKZ_API HKZ_WARN_UNUSED int hkz_bench_ssum(hkz_bench_ssum_t *r,
        const hkz_bench_ssum_opts_t *opts);

/** The baseline's pregenerated basis, rows p0 .. p0 + np - 1 of x and
 *  modes k0 .. k0 + nk - 1: B[i + j ldb] = U_{k0+j}(x_{p0+i}) (CHEB_U) or
 *  T_{k0+j}(x_{p0+i}) (COS: the same flops as the engine's T_{|N-2g|},
 *  other values), by the engine's three-term recurrence in double. */
HKZ_API void hkz_bench_basis(double *B, size_t ldb, const double *x,
        size_t p0, size_t np, size_t k0, size_t nk, int basis);

/* ---- GPU hooks ------------------------------------------------------- */

/* What a hook gets: the whole problem (host arrays) and this rank's
 * slice. */
typedef struct
{
    size_t P, K, T;
    size_t p0, p1, k0, k1;     /* local slice: rows, modes */
    int basis;                 /* hkz_basis_kind_t */
    size_t cos_n;              /* COS: N */
    const double *x;           /* P points in [-1, 1] */
    const double *C;           /* K x T weights, leading dimension K */
    int shard, overlap;        /* as in the options */
    size_t nchunks;
    int device;
} hkz_bench_ssum_task_t;

typedef struct
{
    const char *name;
    /* Sets up (collective for the NCCL hook); sets *desc to a description
     * in malloc'ed memory, any length, freed by the library (CUDA hook:
     * the device name; NCCL hook: the reduction path), or NULL. */
    int (*create)(void **state, char **desc,
                  const hkz_bench_ssum_task_t *task);
    void (*destroy)(void *state);
    /* One synchronous run of a step (HKZ_BENCH_*): HKZ_ERR_UNSUPPORTED for
     * a step the hook does not provide. */
    int (*step)(void *state, int step);
    /* Optional (NULL: the figures stay NaN), CUDA hook, after the timed
     * steps: max |ENGINE's output - PLAIN's| over the local slice and the
     * largest error bound of ENGINE's run, reduced on the device (the
     * built-in hook's PLAIN multiplies the engine's own basis). */
    int (*check)(void *state, double *maxdiff, double *maxbound);
} hkz_bench_ssum_hook_t;

enum
{
    HKZ_BENCH_HOOK_CUDA = 0,    /* PLAIN, ENGINE on one GPU */
    HKZ_BENCH_HOOK_NCCL = 1     /* COMM, SEQ, OVL over the ranks' GPUs */
};

/** Registers (h = NULL: removes) a hook; the table must stay valid.  The
 *  built-in GPU steps below are registered until then. */
HKZ_API HKZ_WARN_UNUSED int hkz_bench_ssum_register(int slot,
        const hkz_bench_ssum_hook_t *h);

/** In libhkz_bench built with CUDA (bench/ssum/ssum_cuda.cu). */
HKZ_API const hkz_bench_ssum_hook_t *hkz_cuda_bench_ssum_hook(void);
/** The same, the cuda PLAIN's cos basis: the engine's own values,
 *  B[i + j np] = T_{|N - 2g|}(x_i) for g = k0 + j (the recurrence with
 *  fma, in double). */
HKZ_API void hkz_bench_basis_cos(double *B, const double *x, size_t np,
        size_t k0, size_t nk, size_t N);
/** In libhkz_bench built with NCCL (bench/ssum/ssum_nccl.cu). */
HKZ_API const hkz_bench_ssum_hook_t *hkz_nccl_bench_ssum_hook(void);

#ifdef __cplusplus
}
#endif
#endif
