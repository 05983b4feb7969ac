// The CUDA engine as the hkz_engine backend: host arrays in and out,
// staged through pinned buffers.  Summation order: engine_cuda.h.
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include "engine_cuda.h"

static int grow_host(double **buf, size_t *cap, size_t n)
{
    double *p;
    if (n <= *cap && *buf != NULL)
        return HKZ_SUCCESS;
    p = (double *) realloc(*buf, (n > 0 ? n : 1) * sizeof(double));
    if (p == NULL)
        return hkz_error_set(HKZ_ERR_NOMEM, "hkz_cuda_engine: out of host "
                             "memory");
    *buf = p;
    *cap = n;
    return HKZ_SUCCESS;
}

/* ---- host run (the hkz_engine backend) ------------------------------ */

typedef struct
{
    cudaEvent_t *ev;
    size_t T, nchunks, next;
} host_hook_arg;

static int host_hook(void *varg, size_t t_done, cudaStream_t s)
{
    host_hook_arg *a = (host_hook_arg *) varg;
    int status = HKZ_SUCCESS;
    while (a->next < a->nchunks)
    {
        size_t t0, t1;
        hkz_engine_chunk_range(&t0, &t1, a->T, a->nchunks, a->next);
        if (t1 > t_done)
            break;
        HKZ_CUDA_TRY_GOTO(cudaEventRecord(a->ev[a->next], s),
                          "hkz_cuda_engine");
        a->next++;
    }
cleanup:
    return status;
}

extern "C" int _hkz_cuda_engine_run_host(hkz_cuda_engine_t e, double *out,
        double *err, double *mag, const hkz_engine_problem_t *pb)
{
    size_t P = pb->P, K = pb->K, T = pb->T, c, t, i;
    size_t ldo = pb->ldo != 0 ? pb->ldo : P;
    size_t nchunks = e->o.nchunks < T ? e->o.nchunks : T;
    int prev = -1, entered = 0, status = HKZ_SUCCESS;
    host_hook_arg ha;
    _hkz_cuda_weights_t w;

    memset(&ha, 0, sizeof(ha));
    if (nchunks < 1)
        nchunks = 1;
    HKZ_TRY_GOTO(_hkz_cuda_engine_enter(e, &prev));
    entered = 1;
    HKZ_TRY_GOTO(_hkz_cuda_grow(&e->d_out, &e->cap_out, P * T, "output"));
    HKZ_TRY_GOTO(_hkz_cuda_grow(&e->d_col, &e->cap_col, 2 * T,
                                "column bounds"));
    if (pb->weights == HKZ_WEIGHTS_GIVEN)
    {
        HKZ_TRY_GOTO(_hkz_cuda_grow(&e->d_C, &e->cap_C, K * T, "weights"));
        HKZ_CUDA_TRY_GOTO(cudaMemcpy2D(e->d_C, K * sizeof(double), pb->C,
                                       pb->ldc * sizeof(double),
                                       K * sizeof(double), T,
                                       cudaMemcpyHostToDevice),
                          "hkz_cuda_engine (weights)");
        w.d_cerr = NULL;
    }
    else
    {
        HKZ_TRY_GOTO(_hkz_cuda_engine_heat_weights(e, pb));
        w.d_cerr = e->d_cerr;
    }
    w.d_C = e->d_C;
    w.ldc = K;
    ha.T = T;
    ha.nchunks = nchunks;
    ha.ev = (cudaEvent_t *) calloc(nchunks, sizeof(cudaEvent_t));
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
    HKZ_TRY_GOTO(_hkz_cuda_engine_enqueue(e, e->d_out, P, e->d_col, pb, &w,
                                          host_hook, &ha));
    // the bounds (small) first, then each chunk as soon as it is final
    HKZ_TRY_GOTO(grow_host(&e->h_col, &e->cap_hcol, 2 * T));
    HKZ_CUDA_TRY_GOTO(cudaMemcpyAsync(e->h_col, e->d_col,
                                      2 * T * sizeof(double),
                                      cudaMemcpyDeviceToHost, e->s_aux),
                      "hkz_cuda_engine");
    HKZ_CUDA_TRY_GOTO(cudaStreamSynchronize(e->s_aux), "hkz_cuda_engine");
    {
        int flag = 0;
        HKZ_CUDA_TRY_GOTO(cudaMemcpy(&flag, e->d_flag, sizeof(int),
                                     cudaMemcpyDeviceToHost),
                          "hkz_cuda_engine");
        if (flag != 0)
        {
            status = hkz_error_set(HKZ_ERR_ARG, "hkz_engine: a weight of "
                                   "column %d is not finite", flag - 1);
            goto cleanup;
        }
    }
    if (mag != NULL)
        memcpy(mag, e->h_col + T, T * sizeof(double));
    if (err != NULL && pb->err_layout == HKZ_ERR_PER_COLUMN)
        memcpy(err, e->h_col, T * sizeof(double));
    for (c = 0; c < nchunks; c++)
    {
        size_t t0, t1;
        hkz_engine_chunk_range(&t0, &t1, T, nchunks, c);
        HKZ_CUDA_TRY_GOTO(cudaStreamWaitEvent(e->s_aux, ha.ev[c], 0),
                          "hkz_cuda_engine");
        HKZ_CUDA_TRY_GOTO(cudaMemcpy2DAsync(out + t0 * ldo,
                                            ldo * sizeof(double),
                                            e->d_out + t0 * P,
                                            P * sizeof(double),
                                            P * sizeof(double), t1 - t0,
                                            cudaMemcpyDeviceToHost,
                                            e->s_aux), "hkz_cuda_engine");
        HKZ_CUDA_TRY_GOTO(cudaStreamSynchronize(e->s_aux),
                          "hkz_cuda_engine");
        if (err != NULL && pb->err_layout == HKZ_ERR_PER_ENTRY)
            for (t = t0; t < t1; t++)
                for (i = 0; i < P; i++)
                    err[i + t * ldo] = e->h_col[t];
        if (pb->ready != NULL)
            hkz_signal_post(pb->ready, c, pb->epoch);
    }
    HKZ_TRY_GOTO(_hkz_cuda_engine_finish(e));
cleanup:
    if (entered)
    {
        cudaStreamSynchronize(e->s_main);
        cudaStreamSynchronize(e->s_aux);
        _hkz_cuda_engine_drain(e);
        cudaGetLastError();
    }
    if (ha.ev != NULL)
    {
        for (c = 0; c < nchunks; c++)
            if (ha.ev[c] != NULL)
                cudaEventDestroy(ha.ev[c]);
        free(ha.ev);
    }
    if (entered)
        _hkz_cuda_engine_leave(prev);
    return status;
}
