// CUDA engine handle: device choice, streams, cuBLAS, and the hkz_engine
// backend registration.
#include <stdlib.h>
#include <string.h>
#include "engine_cuda.h"

extern "C" int _hkz_cuda_engine_run_host(hkz_cuda_engine_t e, double *out,
        double *err, double *mag, const hkz_engine_problem_t *pb);

#define BLAS_WS_BYTES ((size_t) 32 << 20)

// Local rank from the launcher (Open MPI, MPICH/Hydra, Slurm, MVAPICH).
static int local_rank_env(void)
{
    static const char *vars[] = {"OMPI_COMM_WORLD_LOCAL_RANK",
                                 "MPI_LOCALRANKID", "SLURM_LOCALID",
                                 "MV2_COMM_WORLD_LOCAL_RANK",
                                 "PMI_LOCAL_RANK"};
    for (size_t i = 0; i < sizeof(vars) / sizeof(vars[0]); i++)
    {
        const char *v = getenv(vars[i]);
        if (v != NULL && *v != '\0')
            return atoi(v);
    }
    return 0;
}

// A DGEMM call-shape override from the environment (tuning only: the
// shape fixes the summation order): multiples of 64, at least 64; or a
// 0/1 switch when the default is below 64.
static size_t env_size(const char *name, size_t dflt)
{
    const char *v = getenv(name);
    long long n = v != NULL && *v != '\0' ? atoll(v) : -1;
    if (dflt < 64)               // a switch: 0 or 1
        return n == 0 || n == 1 ? (size_t) n : dflt;
    return n >= 64 && n % 64 == 0 && n <= (1LL << 20) ? (size_t) n : dflt;
}

// A count from the environment in [lo, hi] (tuning and diagnostics only;
// kbpan changes the summation order with it), else dflt.
static size_t env_count(const char *name, size_t dflt, long long lo,
                        long long hi)
{
    const char *v = getenv(name);
    long long n = v != NULL && *v != '\0' ? atoll(v) : -1;
    return n >= lo && n <= hi ? (size_t) n : dflt;
}

// A cuBLAS handle on stream s with its own workspace: default math (FP64
// tensor cores, DMMA: IEEE fma arithmetic), no atomics, so identical calls
// give identical bits.
static int blas_init(cublasHandle_t *h, void **ws, cudaStream_t s)
{
    const _hkz_cublas_t *b = _hkz_cublas();
    int status = HKZ_SUCCESS;
    if (b == NULL)
        return HKZ_ERR_UNSUPPORTED;   // (the message is set)
    HKZ_CUDA_TRY_GOTO(cudaMalloc(ws, BLAS_WS_BYTES),
                      "hkz_cuda_engine_create");
    HKZ_CUBLAS_TRY_GOTO(b->Create(h), "hkz_cuda_engine_create");
    HKZ_CUBLAS_TRY_GOTO(b->SetMathMode(*h, CUBLAS_DEFAULT_MATH),
                        "hkz_cuda_engine_create");
    HKZ_CUBLAS_TRY_GOTO(b->SetAtomicsMode(*h,
                        CUBLAS_ATOMICS_NOT_ALLOWED), "hkz_cuda_engine_create");
    HKZ_CUBLAS_TRY_GOTO(b->SetPointerMode(*h,
                        CUBLAS_POINTER_MODE_HOST), "hkz_cuda_engine_create");
    HKZ_CUBLAS_TRY_GOTO(b->SetStream(*h, s),
                        "hkz_cuda_engine_create");
    HKZ_CUBLAS_TRY_GOTO(b->SetWorkspace(*h, *ws, BLAS_WS_BYTES),
                        "hkz_cuda_engine_create");
cleanup:
    return status;
}

extern "C" int _hkz_cuda_engine_enter(hkz_cuda_engine_t e, int *prev)
{
    cudaError_t c = cudaGetDevice(prev);
    if (c == cudaSuccess && *prev != e->device)
        c = cudaSetDevice(e->device);
    return c == cudaSuccess ? HKZ_SUCCESS
                            : HKZ_CUDA_ERR(c, "hkz_cuda_engine (device)");
}

extern "C" void _hkz_cuda_engine_leave(int prev)
{
    int cur = -1;
    if (prev >= 0 && cudaGetDevice(&cur) == cudaSuccess && cur != prev)
        cudaSetDevice(prev);
}

extern "C" int hkz_cuda_engine_create(hkz_cuda_engine_t *ep,
                                      const hkz_engine_opts_t *opts)
{
    hkz_cuda_engine_t e;
    int ndev = 0, prev = -1, status = HKZ_SUCCESS, prio_lo = 0, prio_hi = 0;
    int prio_gemm = 0;
    const char *emu = getenv("CUBLAS_EMULATE_DOUBLE_PRECISION");

    if (ep == NULL)
        return hkz_error_set(HKZ_ERR_ARG, "hkz_cuda_engine_create: NULL "
                             "handle");
    *ep = NULL;
    // the bound assumes IEEE double arithmetic in the DGEMM
    if (emu != NULL && *emu != '\0' && strcmp(emu, "0") != 0)
        return hkz_error_set(HKZ_ERR_UNSUPPORTED, "hkz_cuda_engine_create: "
                             "CUBLAS_EMULATE_DOUBLE_PRECISION is set; the "
                             "error bound needs true FP64 arithmetic");
    status = hkz_cuda_device_count(&ndev);
    if (status != HKZ_SUCCESS)
        return status;
    if (ndev == 0)
        return hkz_error_set(HKZ_ERR_UNSUPPORTED, "hkz_cuda_engine_create: "
                             "no CUDA device");
    e = (hkz_cuda_engine_t) calloc(1, sizeof(struct hkz_cuda_engine_s));
    if (e == NULL)
        return hkz_error_set(HKZ_ERR_NOMEM, "hkz_cuda_engine_create: out of "
                             "memory");
    if (opts != NULL)
        e->o = *opts;
    else
        hkz_engine_opts_init(&e->o);
    if (e->o.nchunks == 0)
        e->o.nchunks = 1;
    e->o.backend = HKZ_BACKEND_CUDA;
    if (e->o.device >= ndev)
    {
        int dev = e->o.device;
        free(e);
        return hkz_error_set(HKZ_ERR_ARG, "hkz_cuda_engine_create: device "
                             "%d does not exist (%d devices)", dev, ndev);
    }
    e->device = e->o.device >= 0 ? e->o.device : local_rank_env() % ndev;
    e->o.device = e->device;
    *ep = e;
    HKZ_TRY_GOTO(_hkz_cuda_engine_enter(e, &prev));
    e->bounds_early = (int) env_count("HKZ_CUDA_BOUNDS_EARLY",
                                      HKZ_CUDA_BOUNDS_EARLY, 0, 2);
    // basis generation and bounds feed the GEMMs: their CTAs go first;
    // bounds in the GEMMs' tail (bounds_early 2) go last, so the GEMM
    // streams sit one level above the lowest priority
    HKZ_CUDA_TRY_GOTO(cudaDeviceGetStreamPriorityRange(&prio_lo, &prio_hi),
                      "hkz_cuda_engine_create");
    prio_gemm = e->bounds_early == 2 && prio_hi < prio_lo ? prio_lo - 1
                                                          : prio_lo;
    HKZ_CUDA_TRY_GOTO(cudaStreamCreateWithPriority(&e->s_main,
            cudaStreamNonBlocking, prio_gemm), "hkz_cuda_engine_create");
    // (HKZ_CUDA_AUX_PRIO=0, HKZ_CUDA_GEMM64=1: diagnostics of the bench)
    HKZ_CUDA_TRY_GOTO(cudaStreamCreateWithPriority(&e->s_aux,
            cudaStreamNonBlocking, env_size("HKZ_CUDA_AUX_PRIO", 1) != 0
                                   ? prio_hi : prio_lo),
                      "hkz_cuda_engine_create");
    // checkpoints beside the generation (engine_run.cu)
    HKZ_CUDA_TRY_GOTO(cudaStreamCreateWithPriority(&e->s_ckpt,
            cudaStreamNonBlocking, prio_hi), "hkz_cuda_engine_create");
    HKZ_CUDA_TRY_GOTO(cudaStreamCreateWithPriority(&e->s_bnd,
            cudaStreamNonBlocking, e->bounds_early == 2 ? prio_lo : prio_hi),
            "hkz_cuda_engine_create");
    e->kblock = env_size("HKZ_CUDA_KBLOCK", HKZ_CUDA_KBLOCK);
    e->tpanel = env_size("HKZ_CUDA_TPANEL", HKZ_CUDA_TPANEL);
    e->gemm64 = env_size("HKZ_CUDA_GEMM64", 0) != 0;
    e->kbpan = env_count("HKZ_CUDA_KBPAN", HKZ_CUDA_KBPAN, 0, 1 << 20);
    e->pstreams = (int) env_count("HKZ_CUDA_PANEL_STREAMS",
                                  HKZ_CUDA_PANEL_STREAMS, 1, 2);

    for (int i = 0; i < 2; i++)
    {
        HKZ_CUDA_TRY_GOTO(cudaEventCreateWithFlags(&e->ev_block[i],
                                                   cudaEventDisableTiming),
                          "hkz_cuda_engine_create");
        HKZ_CUDA_TRY_GOTO(cudaEventCreateWithFlags(&e->ev_free[i],
                                                   cudaEventDisableTiming),
                          "hkz_cuda_engine_create");
    }
    HKZ_CUDA_TRY_GOTO(cudaEventCreateWithFlags(&e->ev_aux,
                                               cudaEventDisableTiming),
                      "hkz_cuda_engine_create");
    HKZ_CUDA_TRY_GOTO(cudaEventCreateWithFlags(&e->ev_ckpt,
                                               cudaEventDisableTiming),
                      "hkz_cuda_engine_create");
    HKZ_CUDA_TRY_GOTO(cudaEventCreateWithFlags(&e->ev_bnd,
                                               cudaEventDisableTiming),
                      "hkz_cuda_engine_create");
    HKZ_CUDA_TRY_GOTO(cudaMalloc((void **) &e->d_flag, sizeof(int)),
                      "hkz_cuda_engine_create");
    e->blas_ws_bytes = BLAS_WS_BYTES;
    HKZ_TRY_GOTO(blas_init(&e->blas, &e->blas_ws, e->s_main));
    // the second panel stream: its own handle and workspace (two GEMMs
    // run at once there), configured alike, so its calls give the same bits
    if (e->pstreams > 1)
    {
        HKZ_CUDA_TRY_GOTO(cudaStreamCreateWithPriority(&e->s_pan,
                cudaStreamNonBlocking, prio_gemm), "hkz_cuda_engine_create");
        HKZ_TRY_GOTO(blas_init(&e->blas2, &e->blas_ws2, e->s_pan));
    }
cleanup:
    if (prev >= 0)
        _hkz_cuda_engine_leave(prev);
    if (status != HKZ_SUCCESS)
        hkz_cuda_engine_destroy(ep);
    return status;
}

extern "C" void hkz_cuda_engine_destroy(hkz_cuda_engine_t *ep)
{
    hkz_cuda_engine_t e;
    int prev = -1;
    if (ep == NULL || *ep == NULL)
        return;
    e = *ep;
    if (_hkz_cuda_engine_enter(e, &prev) != HKZ_SUCCESS)
        prev = -1;
    if (e->s_main != NULL)
        cudaStreamSynchronize(e->s_main);
    if (e->s_aux != NULL)
        cudaStreamSynchronize(e->s_aux);
    if (e->s_ckpt != NULL)
        cudaStreamSynchronize(e->s_ckpt);
    if (e->s_bnd != NULL)
        cudaStreamSynchronize(e->s_bnd);
    if (e->s_pan != NULL)
        cudaStreamSynchronize(e->s_pan);
    _hkz_cuda_fix_free(e);
    if (e->blas != NULL)
        _hkz_cublas()->Destroy(e->blas);
    if (e->blas2 != NULL)
        _hkz_cublas()->Destroy(e->blas2);
    cudaFree(e->blas_ws);
    cudaFree(e->blas_ws2);
    cudaFree(e->d_flag);
    cudaFree(e->d_x);
    cudaFree(e->d_B);
    cudaFree(e->d_ckpt);
    cudaFree(e->d_C);
    cudaFree(e->d_cerr);
    cudaFree(e->d_out);
    cudaFree(e->d_kb);
    cudaFree(e->d_col);
    cudaFree(e->d_ktB);
    cudaFree(e->d_ktC);
    cudaFree(e->d_ktS);
    cudaFree(e->d_ktO);
    if (e->h_stage != NULL)
        cudaFreeHost(e->h_stage);
    for (int i = 0; i < 2; i++)
    {
        if (e->ev_block[i] != NULL)
            cudaEventDestroy(e->ev_block[i]);
        if (e->ev_free[i] != NULL)
            cudaEventDestroy(e->ev_free[i]);
    }
    if (e->ev_aux != NULL)
        cudaEventDestroy(e->ev_aux);
    if (e->ev_ckpt != NULL)
        cudaEventDestroy(e->ev_ckpt);
    if (e->ev_bnd != NULL)
        cudaEventDestroy(e->ev_bnd);
    for (size_t i = 0; i < e->nev_gen; i++)
        cudaEventDestroy(e->ev_gen[i]);
    free(e->ev_gen);
    if (e->s_main != NULL)
        cudaStreamDestroy(e->s_main);
    if (e->s_aux != NULL)
        cudaStreamDestroy(e->s_aux);
    if (e->s_ckpt != NULL)
        cudaStreamDestroy(e->s_ckpt);
    if (e->s_bnd != NULL)
        cudaStreamDestroy(e->s_bnd);
    if (e->s_pan != NULL)
        cudaStreamDestroy(e->s_pan);
    cudaGetLastError();
    if (prev >= 0)
        _hkz_cuda_engine_leave(prev);
    free(e->h_bmax);
    free(e->h_berr);
    free(e->h_col);
    free(e);
    *ep = NULL;
}

extern "C" int hkz_cuda_engine_device(const hkz_cuda_engine_t e)
{
    return e != NULL ? e->device : -1;
}

/* ---- hkz_engine backend ---------------------------------------------- */

static int be_create(void **state, const hkz_engine_opts_t *opts)
{
    hkz_cuda_engine_t e = NULL;
    int status = hkz_cuda_engine_create(&e, opts);
    *state = e;
    return status;
}

static void be_destroy(void *state)
{
    hkz_cuda_engine_t e = (hkz_cuda_engine_t) state;
    hkz_cuda_engine_destroy(&e);
}

static int be_run(void *state, double *out, double *err, double *mag,
                  const hkz_engine_problem_t *pb)
{
    return _hkz_cuda_engine_run_host((hkz_cuda_engine_t) state, out, err,
                                     mag, pb);
}

extern "C" int hkz_cuda_device_count(int *count)
{
    cudaError_t e = cudaGetDeviceCount(count);
    if (e == cudaErrorNoDevice || e == cudaErrorInsufficientDriver)
    {
        *count = 0;
        cudaGetLastError();  // clear the sticky error
        return HKZ_SUCCESS;
    }
    if (e != cudaSuccess)
        return hkz_error_set(HKZ_ERR_CUDA, "cudaGetDeviceCount: %s",
                             cudaGetErrorString(e));
    return HKZ_SUCCESS;
}

static int be_devices(void)
{
    int n = 0;
    if (hkz_cuda_device_count(&n) != HKZ_SUCCESS)
    {
        hkz_errmsg_clear();
        return 0;
    }
    // a device: cuBLAS will be wanted; its load beside the caller's work
    if (n > 0)
        _hkz_cuda_dl_preload();
    return n;
}

static const hkz_engine_backend_t cuda_backend = {"cuda", be_create,
                                                  be_destroy, be_run,
                                                  be_devices,
                                                  _hkz_cuda_fix_sum,
                                                  _hkz_cuda_engine_ktree};

// called by hkz_cuda_register (src/cuda/cuda_register.c)
extern "C" int hkz_cuda_engine_register(void)
{
    return hkz_engine_backend_register(HKZ_BACKEND_CUDA, &cuda_backend);
}
