/* engine_cuda.h -- private pieces of the CUDA spectral-sum engine, shared by
 * kernels/cuda/ and dist/nccl/ sources (not installed).
 *
 * Summation order (what makes results bitwise reproducible).  Out is
 * computed by cuBLAS DGEMM calls of one fixed shape family: column panels
 * of HKZ_CUDA_TPANEL columns; the first e->kbpan panels (default none) by
 * mode blocks of HKZ_CUDA_KBLOCK modes, out_panel (+)= B_block C_block,
 * blocks in generation order (_hkz_cuda_kb_at; beta = 0 for the first
 * block, 1 after), every later panel by one call over all K modes (beta =
 * 0: Out is written once, not re-read per block).  The plan depends on
 * P, K, T, the basis and the engine's kblock, tpanel, kbpan only: the same
 * calls, with the same pointers' alignments, are issued whatever the
 * chunking, the overlap mode or the number of panel streams, so every
 * output entry sees the same sequence of floating-point operations (cuBLAS
 * is deterministic for identical calls on one GPU model with one workspace
 * size and no atomics).  A B of more than 1 GiB uses mode blocks in every
 * panel, resident or streamed.
 *
 * Measured on one H200 at P = K = T = 8192 (bench/NOTES.md, issue 19.3):
 * cuBLAS' FP64 kernel holds the register file of every SM, so no other
 * kernel runs beside it; the generation costs its own time, and what pays
 * is fewer GEMM tails (one call over all K; consecutive panels on two
 * streams).  The bounds need C only: at the lowest priority they take the
 * SMs that the last panel's final CTAs leave idle (bounds_early 2). */
#ifndef HKZ_ENGINE_CUDA_H
#define HKZ_ENGINE_CUDA_H

#include <stddef.h>
#include <stdint.h>
#include <cuda_runtime.h>
#include <cublas_v2.h>
#include "cuda_dl.h"
#include "hkz/cuda.h"
#include "hkz/engine.h"
#include "hkz/status.h"

/* modes per DGEMM call and columns per DGEMM call (see above): the
 * defaults of e->kblock, e->tpanel (HKZ_CUDA_KBLOCK / HKZ_CUDA_TPANEL in
 * the environment override them at hkz_cuda_engine_create, for tuning;
 * the bits then change with them) */
#define HKZ_CUDA_KBLOCK 2048
#define HKZ_CUDA_TPANEL 1024
/* panels computed by mode blocks (the rest: one call over all K); the
 * default of e->kbpan (HKZ_CUDA_KBPAN overrides it) */
#define HKZ_CUDA_KBPAN 0
/* defaults of e->pstreams, e->bounds_early (HKZ_CUDA_PANEL_STREAMS: 1 or
 * 2; HKZ_CUDA_BOUNDS_EARLY: 0 after the generation, 1 beside it, 2 at the
 * lowest stream priority once B is generated, where the GEMMs' last CTAs
 * leave SMs idle -- in runs whose chunks nobody waits for, else 0; the
 * bits do not depend on them) */
#define HKZ_CUDA_PANEL_STREAMS 2
#define HKZ_CUDA_BOUNDS_EARLY 2

/* Records a CUDA failure with its text; evaluates to the status. */
#define HKZ_CUDA_ERR(e, where)                                              \
    hkz_error_set(HKZ_ERR_CUDA, "%s: %s", (where), cudaGetErrorString(e))

#define HKZ_CUDA_TRY_GOTO(call, where)                                      \
    do {                                                                    \
        cudaError_t hkz_ce_ = (call);                                       \
        if (hkz_ce_ != cudaSuccess) {                                       \
            status = HKZ_CUDA_ERR(hkz_ce_, where);                          \
            goto cleanup;                                                   \
        }                                                                   \
    } while (0)

/* As in src/hkz_check.h (not visible to this library). */
#ifndef HKZ_TRY
#define HKZ_TRY(expr)                                                       \
    do {                                                                    \
        int hkz_try_s_ = (expr);                                            \
        if (hkz_try_s_ != HKZ_SUCCESS)                                      \
            return hkz_try_s_;                                              \
    } while (0)
#endif

/* Likewise; needs `int status` and a `cleanup:` label. */
#ifndef HKZ_TRY_GOTO
#define HKZ_TRY_GOTO(expr)                                                  \
    do {                                                                    \
        status = (expr);                                                    \
        if (status != HKZ_SUCCESS)                                          \
            goto cleanup;                                                   \
    } while (0)
#endif

#define HKZ_CUBLAS_TRY_GOTO(call, where)                                    \
    do {                                                                    \
        cublasStatus_t hkz_cs_ = (call);                                    \
        if (hkz_cs_ != CUBLAS_STATUS_SUCCESS) {                             \
            status = hkz_error_set(HKZ_ERR_CUDA, "%s: cuBLAS %s", (where),  \
                                   _hkz_cublas()->GetStatusString(    \
                                       hkz_cs_));                           \
            goto cleanup;                                                   \
        }                                                                   \
    } while (0)

#ifdef __cplusplus
extern "C" {
#endif

/* Called (on the host, while work is being enqueued) each time the GEMMs
 * of columns [0, t_done) have all been enqueued on the engine's main
 * stream; t_done grows to T.  A caller records events / posts signals on
 * `stream` there. */
typedef int (*_hkz_cuda_chunk_hook_t)(void *arg, size_t t_done,
                                      cudaStream_t stream);

/* Where the problem's arrays live for _hkz_cuda_engine_enqueue: x, times,
 * user arrays on the host; C (GIVEN weights) and cerr on the device. */
typedef struct
{
    const double *d_C;       /* K x T weights on the device, ld ldc */
    size_t ldc;
    const double *d_cerr;    /* K x T weight errors (ld ldc) or NULL */
} _hkz_cuda_weights_t;

struct hkz_cuda_engine_s
{
    hkz_engine_opts_t o;
    int device;
    cudaStream_t s_main;     /* GEMMs */
    cudaStream_t s_aux;      /* basis generation, bounds, copies */
    cudaStream_t s_pan;      /* odd column panels (pstreams = 2) */
    cudaStream_t s_bnd;      /* column bounds first (bounds_early) */
    cudaEvent_t ev_bnd;      /* column bounds done (s_bnd) */
    cudaStream_t s_ckpt;     /* checkpoints beside the generation */
    cudaEvent_t ev_ckpt;     /* first checkpoints done (s_aux) */
    cublasHandle_t blas, blas2;  /* on s_main, s_pan */
    void *blas_ws, *blas_ws2;
    size_t blas_ws_bytes;
    cudaEvent_t ev_block[2]; /* streaming: block in buffer b generated */
    cudaEvent_t ev_free[2];  /* streaming: GEMMs done with buffer b */
    cudaEvent_t ev_aux;      /* generic join */
    cudaEvent_t *ev_gen;     /* resident: mode block kb generated */
    size_t nev_gen;
    size_t kblock, tpanel;   /* DGEMM call shape (summation order) */
    size_t kbpan;            /* panels by mode blocks (summation order) */
    int bounds_early;        /* bounds on s_bnd beside the generation (1)
                                or in the GEMMs' tail (2) */
    int tail_ok;             /* this run's chunks have no early consumer
                                (run_dev without a ready signal): bounds
                                may wait for the GEMMs' tail */
    int pstreams;            /* 2: odd panels on s_pan, so that a panel's
                                GEMM fills the SMs that the previous one's
                                last CTAs leave idle (same calls, bits) */
    int gemm64;              /* always the _64 cuBLAS entry point */
    /* device buffers, grown on demand */
    double *d_x;       size_t cap_x;
    double *d_B;       size_t cap_B;
    double *d_ckpt;    size_t cap_ckpt;
    double *d_C;       size_t cap_C;     /* host-run weights */
    double *d_cerr;    size_t cap_cerr;
    double *d_out;     size_t cap_out;   /* host-run output */
    double *d_kb;      size_t cap_kb;    /* bmax, berr (2 K) */
    double *d_col;     size_t cap_col;   /* err, mag (2 T) */
    int *d_flag;                         /* non-finite weight found */
    double *h_stage;   size_t cap_stage; /* pinned staging (USER basis) */
    /* cache of hkz_engine_basis_bounds for the last problem */
    double *h_bmax, *h_berr;
    size_t cache_cap;
    int cache_ok, cache_basis;
    int kb_dev_ok;     /* d_kb holds the cached bmax, berr */
    size_t cache_K, cache_kb, cache_n;
    /* per-column bounds on the host (host runs) */
    double *h_col;     size_t cap_hcol;
    void *fix;         /* hkz_engine_fix_sum's stream, cache (engine_fix.cu) */
    /* hkz_engine_run_ktree (engine_ktree.cu): the node's basis, weights
     * (compact per chunk; staging), node buffers; the weights' key */
    double *d_ktB;     size_t cap_ktB;
    double *d_ktC;     size_t cap_ktC;
    double *d_ktS;     size_t cap_ktS;
    double *d_ktO;     size_t cap_ktO;
    uint64_t kt_key;
    size_t kt_a, kt_b, kt_kc, kt_T, kt_K, kt_kb;
};

/* hkz_engine_run_ktree on the device (engine_ktree.cu): the backend's
 * ktree; HKZ_ERR_UNSUPPORTED (no message) for a node it leaves to the
 * host */
int _hkz_cuda_engine_ktree(void *state, double *out,
        const hkz_engine_problem_t *pb, size_t kc, int l, size_t i);

/* Grows e->ev_gen to n events; a pinned host buffer (contents lost). */
int _hkz_cuda_grow_gen_events(hkz_cuda_engine_t e, size_t n);
int _hkz_cuda_grow_pinned(double **buf, size_t *cap, size_t n);

/* hkz_engine_fix_sum on the device (engine_fix.cu); its state freed */
int _hkz_cuda_fix_sum(void *state, int64_t *V, const hkz_engine_fix_t *f);
void _hkz_cuda_fix_free(hkz_cuda_engine_t e);

/* Makes e's device current; *prev receives the caller's device. */
int _hkz_cuda_engine_enter(hkz_cuda_engine_t e, int *prev);
void _hkz_cuda_engine_leave(int prev);

/* Grows a device buffer (contents are lost). */
int _hkz_cuda_grow(double **buf, size_t *cap, size_t n, const char *what);

/* Enqueues the whole computation of d_out (P x T, ld ldo, device) on
 * e->s_main, calling hook as columns become final, and the column bounds
 * d_col[0..T) (err) and d_col[T..2T) (mag) on e->s_aux (e->ev_aux is
 * recorded after them).  Returns after enqueueing; errors found on the
 * device (non-finite weights) are reported by _hkz_cuda_engine_finish. */
int _hkz_cuda_engine_enqueue(hkz_cuda_engine_t e, double *d_out,
        size_t ldo, double *d_col, const hkz_engine_problem_t *pb,
        const _hkz_cuda_weights_t *w, _hkz_cuda_chunk_hook_t hook,
        void *hook_arg);

/* HEAT weights of pb (Arb, on the host) into e->d_C and e->d_cerr (K x T,
 * ld K). */
int _hkz_cuda_engine_heat_weights(hkz_cuda_engine_t e,
        const hkz_engine_problem_t *pb);

/* Waits for both streams and checks the device-side flags. */
int _hkz_cuda_engine_finish(hkz_cuda_engine_t e);
/* Waits for the side streams (panels, checkpoints, bounds): after a failed
 * enqueue nothing of the run may still write. */
void _hkz_cuda_engine_drain(hkz_cuda_engine_t e);

/* Basis generation (basis_gen.cu).  Checkpoints every `stride` degrees of
 * the recurrence v_0 = 1, v_1 = c x, v_j = fma(2x, v_{j-1}, -v_{j-2}) for
 * the P points, for the degrees in (dfrom, dto] (continuing from the
 * checkpoint at dfrom rounded down to a multiple of stride: call with
 * dfrom = 0 first); then the block of modes [g0, g1) (global) written
 * column-major (ld P) into B. */
size_t _hkz_cuda_basis_stride(size_t P, size_t dmax);
int _hkz_cuda_basis_checkpoints(double *d_ckpt, const double *d_x, size_t P,
        int basis, size_t dfrom, size_t dto, size_t stride, cudaStream_t s);
int _hkz_cuda_basis_block(double *d_B, const double *d_ckpt,
        const double *d_x, size_t P, int basis, size_t cos_n, size_t g0,
        size_t g1, size_t stride, cudaStream_t s);
/* Largest degree used by modes [g0, g0 + K) (and the smallest, in *dlo). */
size_t _hkz_cuda_basis_degrees(size_t *dlo, int basis, size_t cos_n,
        size_t g0, size_t K);

/* The DGEMM plan (engine_gemm.cu).  Mode blocks of KB modes in the order
 * they are generated and summed: block _hkz_cuda_kb_at(j) at step j; a
 * basis whose degrees fall with the mode (COS with 2 g <= N) starts with
 * its last block, whose checkpoint recurrence is the shortest. */
typedef struct
{
    size_t KB, nkb, K;
    int rev;
} _hkz_cuda_blocks_t;

void _hkz_cuda_blocks_init(_hkz_cuda_blocks_t *o,
        const hkz_engine_problem_t *pb, size_t KB);
size_t _hkz_cuda_kb_at(const _hkz_cuda_blocks_t *o, size_t j);
size_t _hkz_cuda_kb_size(const _hkz_cuda_blocks_t *o, size_t kb);
/* Columns [t0, t0 + nt) of Out (+)= B(:, k0 .. k0 + nb) C(k0 .. k0 + nb,
 * cols) (acc: beta = 1), Bblk the first of those columns of B, on s_main
 * (q = 0) or s_pan (q = 1). */
int _hkz_cuda_gemm(hkz_cuda_engine_t e, int q, double *d_out, size_t ldo,
        const double *Bblk, const _hkz_cuda_weights_t *w, size_t P,
        size_t k0, size_t nb, size_t t0, size_t nt, int acc);
/* Panel pan (columns [t0, t0 + nt)) of a resident B (e->d_B), on stream
 * q as in _hkz_cuda_gemm: by mode blocks if pan < kbpan (pan 0 waits for
 * e->ev_gen[j] before step j), else by one call over all K (pan 0 waits
 * for the last block). */
int _hkz_cuda_gemm_panel(hkz_cuda_engine_t e, int q, double *d_out,
        size_t ldo,
        const hkz_engine_problem_t *pb, const _hkz_cuda_weights_t *w,
        const _hkz_cuda_blocks_t *bl, size_t kbpan, size_t pan, size_t t0,
        size_t nt);

/* Every panel of a resident B (e->d_B generated; e->ev_gen holds 2 nkb +
 * npan + 1 events), hook called as columns become final. */
int _hkz_cuda_gemm_panels(hkz_cuda_engine_t e, double *d_out, size_t ldo,
        const hkz_engine_problem_t *pb, const _hkz_cuda_weights_t *w,
        const _hkz_cuda_blocks_t *bl, size_t kbpan,
        _hkz_cuda_chunk_hook_t hook, void *hook_arg);

/* Column bounds (engine_bounds.cu): the formula of engine.h / kernels/cpu/
 * engine_bounds.c, sums on the device, post-processing rounded upwards. */
int _hkz_cuda_col_bounds(double *d_col, int *d_flag, const double *d_bmax,
        const double *d_berr, const double *d_C, const double *d_cerr,
        size_t ldc, size_t K, size_t T, cudaStream_t s);

/* Per-entry broadcast: err[p + t ld] = col[t] (device). */
int _hkz_cuda_err_broadcast(double *d_err, size_t ld, const double *d_col,
        size_t P, size_t T, cudaStream_t s);

/* Device signal stream operations (signal_dev.cu). */
int _hkz_cuda_signal_post_stream(uint64_t *flag_dev, uint64_t epoch,
        cudaStream_t s);
int _hkz_cuda_signal_wait_stream(const uint64_t *flag_dev, uint64_t epoch,
        cudaStream_t s);

/* Upper bounds used by the reduction of partial products over N ranks:
 * err_tot = sum_r err_r + gamma_{N-1} sum_r (mag_r + err_r), mag_tot =
 * sum_r mag_r, from all[2 T r + t] = err_r[t], all[2 T r + T + t] =
 * mag_r[t] (host, rounded up). */
void _hkz_cuda_reduce_bounds(double *err, double *mag, const double *all,
        size_t nranks, size_t T);

#ifdef __cplusplus
}
#endif
#endif
