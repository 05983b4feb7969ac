// The CUDA engine: device-resident runs (hkz_cuda_engine_run_dev), chunk
// readiness posted from the device streams.  Summation order: engine_cuda.h.
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include "engine_cuda.h"

/* ---- device-resident run ------------------------------------------- */

typedef struct
{
    hkz_cuda_engine_t e;
    const hkz_engine_problem_t *pb;
    double *d_err;
    size_t ldo, nchunks, next;
    cudaEvent_t *ev;
    size_t nev;
} dev_hook_arg;

typedef struct
{
    hkz_signal_t s;
    size_t slot;
    uint64_t epoch;
} post_arg;

static void CUDART_CB post_host(void *p)
{
    post_arg *a = (post_arg *) p;
    hkz_signal_post(a->s, a->slot, a->epoch);
}

// Chunk c of the engine.h chunking is final once its columns' GEMMs are
// done and the bounds are known: broadcast its bounds and post slot c on
// s_aux, behind an event of s_main.
static int dev_hook(void *varg, size_t t_done, cudaStream_t s)
{
    dev_hook_arg *a = (dev_hook_arg *) varg;
    hkz_cuda_engine_t e = a->e;
    int status = HKZ_SUCCESS;
    while (a->next < a->nchunks)
    {
        size_t t0, t1, c = a->next;
        hkz_engine_chunk_range(&t0, &t1, a->pb->T, a->nchunks, c);
        if (t1 > t_done)
            break;
        HKZ_CUDA_TRY_GOTO(cudaEventRecord(a->ev[c], s), "hkz_cuda_engine");
        HKZ_CUDA_TRY_GOTO(cudaStreamWaitEvent(e->s_aux, a->ev[c], 0),
                          "hkz_cuda_engine");
        if (a->d_err != NULL && a->pb->err_layout == HKZ_ERR_PER_ENTRY)
            HKZ_TRY_GOTO(_hkz_cuda_err_broadcast(a->d_err + t0 * a->ldo,
                    a->ldo, e->d_col + t0, a->pb->P, t1 - t0, e->s_aux));
        if (a->pb->ready != NULL)
        {
            post_arg *pa = (post_arg *) (a->ev + a->nev) + c;
            pa->s = a->pb->ready;
            pa->slot = c;
            pa->epoch = a->pb->epoch;
            HKZ_CUDA_TRY_GOTO(cudaLaunchHostFunc(e->s_aux, post_host, pa),
                              "hkz_cuda_engine");
        }
        a->next++;
    }
cleanup:
    return status;
}

static int dev_check(const hkz_engine_problem_t *pb)
{
    if (pb == NULL)
        return hkz_error_set(HKZ_ERR_ARG, "hkz_engine: NULL problem");
    if (pb->weights == HKZ_WEIGHTS_GIVEN)
    {
        // the weights live on the device: check everything else on a copy
        // with one dummy finite column, finiteness of C on the device
        hkz_engine_problem_t q = *pb;
        double *dummy;
        int status;
        if (pb->C == NULL)
            return hkz_error_set(HKZ_ERR_ARG, "hkz_engine: NULL weights C");
        dummy = (double *) calloc(pb->K > 0 ? pb->K : 1, sizeof(double));
        if (dummy == NULL)
            return hkz_error_set(HKZ_ERR_NOMEM, "hkz_engine: out of memory");
        q.C = dummy;
        q.T = pb->T > 0 ? 1 : 0;
        q.ldc = pb->ldc;
        status = hkz_engine_problem_check(&q);
        free(dummy);
        if (status == HKZ_SUCCESS && pb->T < 1)
            status = hkz_error_set(HKZ_ERR_ARG, "hkz_engine: need T >= 1");
        if (status == HKZ_SUCCESS && pb->T > 0x7fffffff)
            status = hkz_error_set(HKZ_ERR_ARG, "hkz_engine: T too large");
        return status;
    }
    return hkz_engine_problem_check(pb);
}

extern "C" int hkz_cuda_engine_run_dev(hkz_cuda_engine_t e, double *d_out,
        double *d_err, double *d_mag, const hkz_engine_problem_t *pb)
{
    int prev = -1, entered = 0, status;
    size_t nchunks = 1, c, ldo;
    dev_hook_arg ha;
    _hkz_cuda_weights_t w;

    memset(&ha, 0, sizeof(ha));
    if (e == NULL || d_out == NULL)
    {
        status = hkz_error_set(HKZ_ERR_ARG, "hkz_cuda_engine_run_dev: NULL "
                               "engine or output");
        goto cleanup;
    }
    HKZ_TRY_GOTO(dev_check(pb));
    ldo = pb->ldo != 0 ? pb->ldo : pb->P;
    nchunks = e->o.nchunks < pb->T ? e->o.nchunks : pb->T;
    if (nchunks < 1)
        nchunks = 1;
    if (pb->ready != NULL && hkz_signal_count(pb->ready) < nchunks + 1)
    {
        status = hkz_error_set(HKZ_ERR_ARG, "hkz_cuda_engine_run_dev: the "
                               "ready signal needs nchunks + 1 = %zu slots",
                               nchunks + 1);
        goto cleanup;
    }
    HKZ_TRY_GOTO(_hkz_cuda_engine_enter(e, &prev));
    entered = 1;
    HKZ_TRY_GOTO(_hkz_cuda_grow(&e->d_col, &e->cap_col, 2 * pb->T,
                                "column bounds"));
    if (pb->weights == HKZ_WEIGHTS_GIVEN)
    {
        w.d_C = pb->C;
        w.ldc = pb->ldc;
        w.d_cerr = NULL;
    }
    else
    {
        HKZ_TRY_GOTO(_hkz_cuda_engine_heat_weights(e, pb));
        w.d_C = e->d_C;
        w.ldc = pb->K;
        w.d_cerr = e->d_cerr;
    }
    // chunk events, then post arguments, in one allocation
    ha.e = e;
    ha.pb = pb;
    ha.d_err = d_err;
    ha.ldo = ldo;
    ha.nchunks = nchunks;
    ha.nev = nchunks;
    ha.ev = (cudaEvent_t *) calloc(1, nchunks * (sizeof(cudaEvent_t) +
                                                 sizeof(post_arg)) + 16);
    if (ha.ev == NULL)
    {
        status = hkz_error_set(HKZ_ERR_NOMEM, "hkz_cuda_engine: out of "
                               "memory");
        goto cleanup;
    }
    for (c = 0; c < nchunks; c++)
        HKZ_CUDA_TRY_GOTO(cudaEventCreateWithFlags(&ha.ev[c],
                                                   cudaEventDisableTiming),
                          "hkz_cuda_engine");
    e->tail_ok = pb->ready == NULL;
    status = _hkz_cuda_engine_enqueue(e, d_out, ldo, e->d_col, pb, &w,
                                      dev_hook, &ha);
    e->tail_ok = 0;
    if (status != HKZ_SUCCESS)
        goto cleanup;
    if (d_err != NULL && pb->err_layout == HKZ_ERR_PER_COLUMN)
        HKZ_CUDA_TRY_GOTO(cudaMemcpyAsync(d_err, e->d_col,
                                          pb->T * sizeof(double),
                                          cudaMemcpyDeviceToDevice,
                                          e->s_aux), "hkz_cuda_engine");
    if (d_mag != NULL)
        HKZ_CUDA_TRY_GOTO(cudaMemcpyAsync(d_mag, e->d_col + pb->T,
                                          pb->T * sizeof(double),
                                          cudaMemcpyDeviceToDevice,
                                          e->s_aux), "hkz_cuda_engine");
    HKZ_TRY_GOTO(_hkz_cuda_engine_finish(e));
cleanup:
    if (entered)
    {
        // never leave queued work behind (the post arguments die here)
        cudaStreamSynchronize(e->s_main);
        cudaStreamSynchronize(e->s_aux);
        _hkz_cuda_engine_drain(e);
        cudaGetLastError();
    }
    if (ha.ev != NULL)
    {
        for (c = 0; c < ha.nev; c++)
            if (ha.ev[c] != NULL)
                cudaEventDestroy(ha.ev[c]);
        free(ha.ev);
    }
    if (entered)
        _hkz_cuda_engine_leave(prev);
    if (pb != NULL && pb->ready != NULL)
        hkz_signal_post(pb->ready, hkz_signal_count(pb->ready) - 1,
                        pb->epoch);
    return status;
}
