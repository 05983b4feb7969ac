// hkz_engine_run_ktree on the device (hkz/engine.h): a node of the fixed
// mode-chunk tree with its chunk products and additions kept on the GPU.
// Per node one upload of the basis (USER: the caller's fill over the
// node's modes) and of the weights (kept between runs with the same
// c_key), one download of the finished node.
//
// Same doubles as the chunk runs of the host backend added on the host
// (kernels/cpu/engine_ktree.c): chunk c is computed by the GEMM plan of
// engine_cuda.h for that chunk's problem (_hkz_cuda_gemm_panels, the same
// calls: B with ld P, the chunk's weights compact with ld = its modes, out
// with ld P, every array at the start of a cudaMalloc'd region or at a
// multiple of 2 KiB from it), and the additions are IEEE additions
// rounded to nearest in the same tree (__dadd_rn: never contracted).
#include <stdlib.h>
#include <string.h>
#include "engine_cuda.h"

// v[k] = v[k] + w[k]
__global__ static void kt_add(double *v, const double *w, size_t n)
{
    size_t k = blockIdx.x * (size_t) blockDim.x + threadIdx.x;
    size_t s = (size_t) gridDim.x * blockDim.x;
    for (; k < n; k += s)
        v[k] = __dadd_rn(v[k], w[k]);
}

// *flag = 1 when a weight is not finite
__global__ static void kt_finite(const double *c, size_t n, int *flag)
{
    size_t k = blockIdx.x * (size_t) blockDim.x + threadIdx.x;
    size_t s = (size_t) gridDim.x * blockDim.x;
    for (; k < n; k += s)
        if (!isfinite(c[k]))
            *flag = 1;
}

static unsigned kt_blocks(size_t n)
{
    size_t b = (n + 255) / 256;
    return (unsigned) (b < 4096 ? (b > 0 ? b : 1) : 4096);
}

typedef struct
{
    hkz_cuda_engine_t e;
    const hkz_engine_problem_t *pb;
    size_t P, T, m, kc, c0;   // c0: the node's first chunk
    size_t PT;                // doubles per node buffer (P T, rounded up
                              // to 256 bytes: the alignment of a fresh
                              // cudaMalloc, as the host backend's out)
} kt_dev_t;

// chunk c's product into v (P x T, ld P) on s_main: the host backend's
// plan for that chunk's problem
static int chunk(const kt_dev_t *X, size_t c, double *v)
{
    hkz_cuda_engine_t e = X->e;
    hkz_engine_problem_t q = *X->pb;
    size_t a = c * X->kc, off = a - X->c0 * X->kc;
    _hkz_cuda_blocks_t bl;
    _hkz_cuda_weights_t w;
    double *B0 = e->d_B;
    int status;

    q.K = (a + X->kc < X->pb->K ? a + X->kc : X->pb->K) - a;
    q.k_begin += a;
    q.ldo = X->P;
    w.d_C = e->d_ktC + off * X->T;
    w.ldc = q.K;
    w.d_cerr = NULL;
    _hkz_cuda_blocks_init(&bl, &q, e->kblock);
    // the plan reads the resident basis from e->d_B: the chunk's columns
    e->d_B = e->d_ktB + off * X->P;
    status = _hkz_cuda_gemm_panels(e, v, X->P, &q, &w, &bl, e->kbpan, NULL,
                                   NULL);
    e->d_B = B0;
    return status;
}

static int right_exists(const kt_dev_t *X, int l, size_t i)
{
    return ((2 * i + 1) << (l - 1)) < X->m;
}

// node (l, i) into v; tmp: l buffers of P T doubles after it
static int node(const kt_dev_t *X, int l, size_t i, double *v, double *tmp)
{
    size_t PT = X->PT;
    int status = HKZ_SUCCESS;
    if (l == 0)
        return chunk(X, i, v);
    HKZ_TRY_GOTO(node(X, l - 1, 2 * i, v, tmp + PT));
    if (right_exists(X, l, i))
    {
        HKZ_TRY_GOTO(node(X, l - 1, 2 * i + 1, tmp, tmp + PT));
        kt_add<<<kt_blocks(PT), 256, 0, X->e->s_main>>>(v, tmp,
                                                        X->P * X->T);
        HKZ_CUDA_TRY_GOTO(cudaGetLastError(), "hkz_engine_run_ktree");
    }
cleanup:
    return status;
}

// The node's weights, rows [a, b) of C, chunk by chunk compact (chunk c at
// (c kc - a) T, ld its modes) in e->d_ktC, unless the key says they are
// there; non-finite ones flagged in e->d_flag.
static int weights(kt_dev_t *X, size_t a, size_t b, int *fresh)
{
    hkz_cuda_engine_t e = X->e;
    const hkz_engine_problem_t *pb = X->pb;
    size_t n = b - a, T = X->T, c, c1 = (b + X->kc - 1) / X->kc;
    cudaStream_t s = e->s_main;
    int status = HKZ_SUCCESS;

    *fresh = 0;
    if (pb->c_key != 0 && e->kt_key == pb->c_key && e->kt_a == a
        && e->kt_b == b && e->kt_kc == X->kc && e->kt_T == T
        && e->kt_K == pb->K && e->kt_kb == pb->k_begin)
        return HKZ_SUCCESS;
    e->kt_key = 0;
    *fresh = 1;
    HKZ_TRY_GOTO(_hkz_cuda_grow(&e->d_ktC, &e->cap_ktC, n * T, "weights"));
    HKZ_TRY_GOTO(_hkz_cuda_grow(&e->d_ktS, &e->cap_ktS, n * T, "weights"));
    if (pb->ldc == n)
        HKZ_CUDA_TRY_GOTO(cudaMemcpyAsync(e->d_ktS, pb->C + a,
                n * T * sizeof(double), cudaMemcpyHostToDevice, s),
                "hkz_engine_run_ktree (weights)");
    else
        HKZ_CUDA_TRY_GOTO(cudaMemcpy2DAsync(e->d_ktS, n * sizeof(double),
                pb->C + a, pb->ldc * sizeof(double), n * sizeof(double), T,
                cudaMemcpyHostToDevice, s), "hkz_engine_run_ktree (weights)");
    for (c = X->c0; c < c1; c++)
    {
        size_t ca = c * X->kc, cb = ca + X->kc < b ? ca + X->kc : b;
        HKZ_CUDA_TRY_GOTO(cudaMemcpy2DAsync(e->d_ktC + (ca - a) * T,
                (cb - ca) * sizeof(double), e->d_ktS + (ca - a),
                n * sizeof(double), (cb - ca) * sizeof(double), T,
                cudaMemcpyDeviceToDevice, s), "hkz_engine_run_ktree");
    }
    kt_finite<<<kt_blocks(n * T), 256, 0, s>>>(e->d_ktC, n * T, e->d_flag);
    HKZ_CUDA_TRY_GOTO(cudaGetLastError(), "hkz_engine_run_ktree");
cleanup:
    return status;
}

extern "C" int _hkz_cuda_engine_ktree(void *state, double *out,
        const hkz_engine_problem_t *pb, size_t kc, int l, size_t i)
{
    hkz_cuda_engine_t e = (hkz_cuda_engine_t) state;
    kt_dev_t X;
    size_t a, b, n, ldo = pb->ldo != 0 ? pb->ldo : pb->P, j, nkb, npan;
    int prev = -1, entered = 0, fresh = 0, flag = 0, status = HKZ_SUCCESS;

    X.e = e;
    X.pb = pb;
    X.P = pb->P;
    X.T = pb->T;
    X.kc = kc;
    X.m = (pb->K + kc - 1) / kc;
    X.c0 = i << l;
    X.PT = (pb->P * pb->T + 31) / 32 * 32;
    a = X.c0 * kc;
    b = ((i + 1) << l) * kc < pb->K ? ((i + 1) << l) * kc : pb->K;
    n = b - a;
    nkb = (kc + e->kblock - 1) / e->kblock;
    npan = (pb->T + e->tpanel - 1) / e->tpanel;
    // a basis of more than 1 GiB: the host backend's plan for its chunks
    // may differ (engine_run.cu), so it computes them; HKZ_CUDA_KTREE=0
    // leaves every node to the host (diagnostics: the same bits)
    if ((double) pb->P * (double) n * 8.0 > 1073741824.0
        || (getenv("HKZ_CUDA_KTREE") != NULL
            && atoi(getenv("HKZ_CUDA_KTREE")) == 0))
        return HKZ_ERR_UNSUPPORTED;
    HKZ_TRY_GOTO(_hkz_cuda_engine_enter(e, &prev));
    entered = 1;
    HKZ_TRY_GOTO(_hkz_cuda_grow(&e->d_ktB, &e->cap_ktB, pb->P * n, "basis"));
    HKZ_TRY_GOTO(_hkz_cuda_grow(&e->d_ktO, &e->cap_ktO,
                                (size_t) (l + 1) * X.PT, "nodes"));
    HKZ_TRY_GOTO(_hkz_cuda_grow_gen_events(e, 2 * nkb + npan + 1));
    HKZ_CUBLAS_TRY_GOTO(_hkz_cublas()->SetStream(e->blas,
                        e->s_main), "hkz_engine_run_ktree");
    HKZ_CUBLAS_TRY_GOTO(_hkz_cublas()->SetWorkspace(e->blas,
                        e->blas_ws, e->blas_ws_bytes), "hkz_engine_run_ktree");
    HKZ_CUDA_TRY_GOTO(cudaMemsetAsync(e->d_flag, 0, sizeof(int), e->s_main),
                      "hkz_engine_run_ktree");
    // the basis of the node's modes through the pinned staging buffer
    HKZ_TRY_GOTO(_hkz_cuda_grow_pinned(&e->h_stage, &e->cap_stage,
                                       pb->P * n));
    HKZ_TRY_GOTO(pb->fill(e->h_stage, pb->P, 0, pb->P, pb->k_begin + a, n,
                          pb->fill_ctx));
    HKZ_CUDA_TRY_GOTO(cudaMemcpyAsync(e->d_ktB, e->h_stage,
                                      pb->P * n * sizeof(double),
                                      cudaMemcpyHostToDevice, e->s_main),
                      "hkz_engine_run_ktree (basis)");
    HKZ_TRY_GOTO(weights(&X, a, b, &fresh));
    // the plan waits for its blocks' generation events: all there now
    for (j = 0; j < nkb; j++)
        HKZ_CUDA_TRY_GOTO(cudaEventRecord(e->ev_gen[j], e->s_main),
                          "hkz_engine_run_ktree");
    HKZ_TRY_GOTO(node(&X, l, i, e->d_ktO, e->d_ktO + X.PT));
    HKZ_CUDA_TRY_GOTO(cudaMemcpy2DAsync(out, ldo * sizeof(double), e->d_ktO,
                                        pb->P * sizeof(double),
                                        pb->P * sizeof(double), pb->T,
                                        cudaMemcpyDeviceToHost, e->s_main),
                      "hkz_engine_run_ktree (download)");
    HKZ_CUDA_TRY_GOTO(cudaMemcpyAsync(&flag, e->d_flag, sizeof(int),
                                      cudaMemcpyDeviceToHost, e->s_main),
                      "hkz_engine_run_ktree");
    HKZ_CUDA_TRY_GOTO(cudaStreamSynchronize(e->s_main),
                      "hkz_engine_run_ktree");
    if (flag != 0)
        status = hkz_error_set(HKZ_ERR_ARG, "hkz_engine: a weight is not "
                               "finite");
    else if (fresh)
    {
        // the weights stay for the next node with this key
        e->kt_key = pb->c_key;
        e->kt_a = a;
        e->kt_b = b;
        e->kt_kc = kc;
        e->kt_T = pb->T;
        e->kt_K = pb->K;
        e->kt_kb = pb->k_begin;
    }
cleanup:
    if (entered)
    {
        if (status != HKZ_SUCCESS)
        {
            e->kt_key = 0;
            cudaStreamSynchronize(e->s_main);
            _hkz_cuda_engine_drain(e);
            cudaGetLastError();
        }
        _hkz_cuda_engine_leave(prev);
    }
    return status;
}
