// The CUDA engine's buffers: device and pinned host buffers that grow on
// demand (contents lost), the generation events, and the HEAT weights
// uploaded to the device.  Used by the runs (engine_run*.cu) and the chunk
// tree (engine_ktree.cu).
#include <stdlib.h>
#include "engine_cuda.h"

extern "C" int _hkz_cuda_grow(double **buf, size_t *cap, size_t n,
                              const char *what)
{
    cudaError_t e;
    if (n <= *cap && *buf != NULL)
        return HKZ_SUCCESS;
    if (*buf != NULL)
        cudaFree(*buf);
    *buf = NULL;
    *cap = 0;
    e = cudaMalloc((void **) buf, (n > 0 ? n : 1) * sizeof(double));
    if (e != cudaSuccess)
    {
        *buf = NULL;
        cudaGetLastError();
        return hkz_error_set(e == cudaErrorMemoryAllocation ? HKZ_ERR_NOMEM
                             : HKZ_ERR_CUDA, "hkz_cuda_engine: cannot "
                             "allocate %zu doubles for %s: %s", n, what,
                             cudaGetErrorString(e));
    }
    *cap = n;
    return HKZ_SUCCESS;
}

extern "C" int _hkz_cuda_grow_pinned(double **buf, size_t *cap, size_t n)
{
    cudaError_t e;
    if (n <= *cap && *buf != NULL)
        return HKZ_SUCCESS;
    if (*buf != NULL)
        cudaFreeHost(*buf);
    *buf = NULL;
    *cap = 0;
    e = cudaMallocHost((void **) buf, n * sizeof(double));
    if (e != cudaSuccess)
    {
        *buf = NULL;
        cudaGetLastError();
        return HKZ_CUDA_ERR(e, "hkz_cuda_engine (pinned staging)");
    }
    *cap = n;
    return HKZ_SUCCESS;
}

// At least n events in e->ev_gen.
extern "C" int _hkz_cuda_grow_gen_events(hkz_cuda_engine_t e, size_t n)
{
    cudaEvent_t *ev;
    int status = HKZ_SUCCESS;
    if (n <= e->nev_gen)
        return HKZ_SUCCESS;
    ev = (cudaEvent_t *) realloc(e->ev_gen, n * sizeof(cudaEvent_t));
    if (ev == NULL)
        return hkz_error_set(HKZ_ERR_NOMEM, "hkz_cuda_engine: out of memory");
    e->ev_gen = ev;
    while (e->nev_gen < n)
    {
        HKZ_CUDA_TRY_GOTO(cudaEventCreateWithFlags(&e->ev_gen[e->nev_gen],
                                                   cudaEventDisableTiming),
                          "hkz_cuda_engine");
        e->nev_gen++;
    }
cleanup:
    return status;
}

extern "C" int _hkz_cuda_engine_heat_weights(hkz_cuda_engine_t e,
        const hkz_engine_problem_t *pb)
{
    double *hC = NULL, *hE = NULL;
    size_t n = pb->K * pb->T;
    int status = HKZ_SUCCESS;
    hC = (double *) malloc(n * sizeof(double));
    hE = (double *) malloc(n * sizeof(double));
    HKZ_TRY_GOTO(hC != NULL && hE != NULL ? HKZ_SUCCESS
                 : hkz_error_set(HKZ_ERR_NOMEM, "hkz_cuda_engine: out of "
                                 "host memory"));
    HKZ_TRY_GOTO(hkz_engine_heat_weights(hC, hE, pb->K, pb->K, pb->k_begin,
                                         pb->times, pb->T));
    HKZ_TRY_GOTO(_hkz_cuda_grow(&e->d_C, &e->cap_C, n, "weights"));
    HKZ_TRY_GOTO(_hkz_cuda_grow(&e->d_cerr, &e->cap_cerr, n, "weights"));
    HKZ_CUDA_TRY_GOTO(cudaMemcpy(e->d_C, hC, n * sizeof(double),
                                 cudaMemcpyHostToDevice), "hkz_cuda_engine");
    HKZ_CUDA_TRY_GOTO(cudaMemcpy(e->d_cerr, hE, n * sizeof(double),
                                 cudaMemcpyHostToDevice), "hkz_cuda_engine");
cleanup:
    free(hC);
    free(hE);
    return status;
}
