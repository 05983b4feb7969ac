// Access to the CUDA engine for the multi-GPU layer (dist/nccl), through
// hkz/cuda.h only: options, device, streams, the enqueue-only run with
// chunk hooks, device weights, and the bounds of a reduction over ranks.
// Streams are cudaStream_t passed as void *.
#include "engine_cuda.h"

extern "C" void hkz_cuda_engine_get_opts(hkz_engine_opts_t *o,
                                         const hkz_cuda_engine_t e)
{
    *o = e->o;
}

extern "C" int hkz_cuda_engine_enter(hkz_cuda_engine_t e, int *prev)
{
    return _hkz_cuda_engine_enter(e, prev);
}

extern "C" void hkz_cuda_engine_leave(int prev)
{
    _hkz_cuda_engine_leave(prev);
}

extern "C" void *hkz_cuda_engine_stream(const hkz_cuda_engine_t e)
{
    return (void *) e->s_main;
}

extern "C" int hkz_cuda_engine_join(hkz_cuda_engine_t e, void *stream)
{
    cudaError_t c = cudaEventRecord(e->ev_aux, e->s_main);
    if (c == cudaSuccess)
        c = cudaStreamWaitEvent((cudaStream_t) stream, e->ev_aux, 0);
    return c == cudaSuccess ? HKZ_SUCCESS
                            : HKZ_CUDA_ERR(c, "hkz_cuda_engine_join");
}

extern "C" int hkz_cuda_engine_heat_weights(hkz_cuda_engine_t e,
        const hkz_engine_problem_t *pb, const double **d_C,
        const double **d_cerr)
{
    int status = _hkz_cuda_engine_heat_weights(e, pb);
    if (status == HKZ_SUCCESS)
    {
        *d_C = e->d_C;
        *d_cerr = e->d_cerr;
    }
    return status;
}

typedef struct
{
    hkz_cuda_chunk_hook_t hook;
    void *arg;
} hook_adapter;

static int call_hook(void *arg, size_t t_done, cudaStream_t stream)
{
    const hook_adapter *a = (const hook_adapter *) arg;
    return a->hook(a->arg, t_done, (void *) stream);
}

extern "C" int hkz_cuda_engine_enqueue(hkz_cuda_engine_t e, double *d_out,
        size_t ldo, double *d_col, const hkz_engine_problem_t *pb,
        const double *d_C, size_t ldc, const double *d_cerr,
        hkz_cuda_chunk_hook_t hook, void *hook_arg)
{
    _hkz_cuda_weights_t w;
    hook_adapter a;
    w.d_C = d_C;
    w.ldc = ldc;
    w.d_cerr = d_cerr;
    a.hook = hook;
    a.arg = hook_arg;
    return _hkz_cuda_engine_enqueue(e, d_out, ldo, d_col, pb, &w,
                                    hook != NULL ? call_hook : NULL, &a);
}

extern "C" int hkz_cuda_engine_finish(hkz_cuda_engine_t e)
{
    return _hkz_cuda_engine_finish(e);
}

extern "C" void hkz_cuda_reduce_bounds(double *err, double *mag,
        const double *all, size_t nranks, size_t T)
{
    _hkz_cuda_reduce_bounds(err, mag, all, nranks, T);
}
