// The CUDA spectral-sum engine: basis blocks generated on the device, cuBLAS
// DGEMM (FP64 tensor cores on Hopper) accumulating Out over the K blocks,
// column bounds on a second stream.  Summation order: engine_cuda.h.
// Runs: engine_run_dev.cu (device-resident), engine_run_host.cu (the
// hkz_engine backend).
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include "engine_cuda.h"

// bmax, berr of hkz_engine_basis_bounds, cached for repeated problems (the
// bounds depend only on basis, k_begin, K and cos_n, not on the points).
static int basis_bounds(hkz_cuda_engine_t e, const hkz_engine_problem_t *pb)
{
    int status;
    if (pb->basis != HKZ_BASIS_USER && e->cache_ok &&
        e->cache_basis == pb->basis && e->cache_K == pb->K &&
        e->cache_kb == pb->k_begin &&
        (pb->basis != HKZ_BASIS_COS || e->cache_n == pb->cos_n))
        return HKZ_SUCCESS;
    e->cache_ok = 0;
    e->kb_dev_ok = 0;
    if (e->cache_cap < pb->K)
    {
        free(e->h_bmax);
        free(e->h_berr);
        e->h_bmax = (double *) malloc(pb->K * sizeof(double));
        e->h_berr = (double *) malloc(pb->K * sizeof(double));
        e->cache_cap = 0;
        if (e->h_bmax == NULL || e->h_berr == NULL)
            return hkz_error_set(HKZ_ERR_NOMEM, "hkz_cuda_engine: out of "
                                 "host memory");
        e->cache_cap = pb->K;
    }
    status = hkz_engine_basis_bounds(e->h_bmax, e->h_berr, pb);
    if (status != HKZ_SUCCESS)
        return status;
    e->cache_ok = 1;
    e->cache_basis = pb->basis;
    e->cache_K = pb->K;
    e->cache_kb = pb->k_begin;
    e->cache_n = pb->cos_n;
    return HKZ_SUCCESS;
}

// Generates modes [g0, g0 + nb) (global) into dst (P x nb, ld P) on s_aux.
static int gen_block(hkz_cuda_engine_t e, double *dst,
                     const hkz_engine_problem_t *pb, size_t g0, size_t nb,
                     size_t stride)
{
    int status = HKZ_SUCCESS;
    if (pb->basis != HKZ_BASIS_USER)
        return _hkz_cuda_basis_block(dst, e->d_ckpt, e->d_x, pb->P,
                                     pb->basis, pb->cos_n, g0, g0 + nb,
                                     stride, e->s_aux);
    // USER: the callback fills a pinned host block, copied to the device
    HKZ_CUDA_TRY_GOTO(cudaStreamSynchronize(e->s_aux),
                      "hkz_cuda_engine (user basis)");
    status = _hkz_cuda_grow_pinned(&e->h_stage, &e->cap_stage, pb->P * nb);
    if (status != HKZ_SUCCESS)
        goto cleanup;
    status = pb->fill(e->h_stage, pb->P, 0, pb->P, g0, nb, pb->fill_ctx);
    if (status != HKZ_SUCCESS)
        goto cleanup;
    HKZ_CUDA_TRY_GOTO(cudaMemcpyAsync(dst, e->h_stage,
                                      pb->P * nb * sizeof(double),
                                      cudaMemcpyHostToDevice, e->s_aux),
                      "hkz_cuda_engine (user basis)");
cleanup:
    return status;
}

// Column bounds on s (host part cached), then e->ev_aux (s_aux) or
// e->ev_bnd (s_bnd).  (Beside the GEMMs they gain nothing at the same
// priority: cuBLAS' FP64 kernel holds the register file of every SM, so
// any CTA of another kernel takes a GEMM slot.  At a lower priority than
// the GEMMs' (bounds_early 2) they only get the slots no GEMM CTA waits
// for: the tail of the last panel.)
static int upload_bounds(hkz_cuda_engine_t e, const hkz_engine_problem_t *pb,
                         cudaStream_t s)
{
    size_t K = pb->K;
    int status = HKZ_SUCCESS;
    HKZ_TRY_GOTO(basis_bounds(e, pb));
    // the device copy of a cached pair stays valid: no pageable copies
    // (each may wait for the stream) in a repeated run
    if (e->kb_dev_ok && pb->basis != HKZ_BASIS_USER)
        return HKZ_SUCCESS;
    e->kb_dev_ok = 0;
    HKZ_TRY_GOTO(_hkz_cuda_grow(&e->d_kb, &e->cap_kb, 2 * K, "bounds"));
    HKZ_CUDA_TRY_GOTO(cudaMemcpyAsync(e->d_kb, e->h_bmax, K * sizeof(double),
                                      cudaMemcpyHostToDevice, s),
                      "hkz_cuda_engine");
    HKZ_CUDA_TRY_GOTO(cudaMemcpyAsync(e->d_kb + K, e->h_berr,
                                      K * sizeof(double),
                                      cudaMemcpyHostToDevice, s),
                      "hkz_cuda_engine");
    e->kb_dev_ok = pb->basis != HKZ_BASIS_USER;
cleanup:
    return status;
}

// The bounds kernel on s after upload_bounds on s.
static int launch_bounds(hkz_cuda_engine_t e, double *d_col,
                         const hkz_engine_problem_t *pb,
                         const _hkz_cuda_weights_t *w, cudaStream_t s)
{
    size_t K = pb->K;
    int status = HKZ_SUCCESS;
    HKZ_CUDA_TRY_GOTO(cudaMemsetAsync(e->d_flag, 0, sizeof(int), s),
                      "hkz_cuda_engine");
    HKZ_TRY_GOTO(_hkz_cuda_col_bounds(d_col, e->d_flag, e->d_kb, e->d_kb + K,
                                      w->d_C, w->d_cerr, w->ldc, K, pb->T,
                                      s));
    HKZ_CUDA_TRY_GOTO(cudaEventRecord(s == e->s_aux ? e->ev_aux : e->ev_bnd,
                                      s), "hkz_cuda_engine");
cleanup:
    return status;
}

static int enqueue_bounds(hkz_cuda_engine_t e, double *d_col,
                          const hkz_engine_problem_t *pb,
                          const _hkz_cuda_weights_t *w, cudaStream_t s)
{
    int status = upload_bounds(e, pb, s);
    return status == HKZ_SUCCESS ? launch_bounds(e, d_col, pb, w, s)
                                 : status;
}

// The checkpoints of the degrees (d0, dmax] (after the first block's).
static int ckpt_rest(hkz_cuda_engine_t e, const hkz_engine_problem_t *pb,
                     size_t d0, size_t dmax, size_t stride)
{
    if (pb->basis == HKZ_BASIS_USER || d0 >= dmax)
        return HKZ_SUCCESS;
    return _hkz_cuda_basis_checkpoints(e->d_ckpt, e->d_x, pb->P, pb->basis,
                                       d0, dmax, stride, e->s_aux);
}

extern "C" int _hkz_cuda_engine_enqueue(hkz_cuda_engine_t e, double *d_out,
        size_t ldo, double *d_col, const hkz_engine_problem_t *pb,
        const _hkz_cuda_weights_t *w, _hkz_cuda_chunk_hook_t hook,
        void *hook_arg)
{
    const size_t KB = e->kblock, TP = e->tpanel;
    size_t P = pb->P, K = pb->K, T = pb->T, g0 = pb->k_begin;
    size_t nkb = (K + KB - 1) / KB;
    size_t npan = (T + TP - 1) / TP;
    size_t stride = 0, dlo, dmax = 0, d0 = 0, j, kb, pan, freeb = 0;
    size_t totalb = 0;
    _hkz_cuda_blocks_t bl;
    // B of up to 1 GiB is resident (a size rule, not the free memory: the
    // summation order of engine_cuda.h must not depend on the machine)
    int small = (double) P * (double) K * 8.0 <= 1073741824.0 || nkb == 1;
    int resident = small, early = small ? e->bounds_early : 0;
    int status = HKZ_SUCCESS;

    if (early == 2 && !e->tail_ok)
        early = 0;
    // 0. with a small B, the bounds (they need C only) start first, on
    //    their own stream, beside the checkpoints and the generation
    //    (early 1), or at the lowest priority once B is generated, in the
    //    slots that the GEMMs' last CTAs leave idle (early 2; the uploads
    //    now, while s_bnd is idle)
    if (early == 1)
        HKZ_TRY_GOTO(enqueue_bounds(e, d_col, pb, w, e->s_bnd));
    else if (early == 2)
        HKZ_TRY_GOTO(upload_bounds(e, pb, e->s_bnd));

    // 1. points and checkpoints of the recurrence: those of the first
    //    generated block first (it starts the GEMMs); the rest on s_ckpt
    //    beside the generation (resident B) or after the first block
    //    (streamed B: ckpt_rest)
    _hkz_cuda_blocks_init(&bl, pb, KB);
    if (pb->basis != HKZ_BASIS_USER)
    {
        dmax = _hkz_cuda_basis_degrees(&dlo, pb->basis, pb->cos_n, g0, K);
        stride = _hkz_cuda_basis_stride(P, dmax);
        kb = _hkz_cuda_kb_at(&bl, 0);
        d0 = _hkz_cuda_basis_degrees(&dlo, pb->basis, pb->cos_n,
                g0 + kb * KB, _hkz_cuda_kb_size(&bl, kb));
        HKZ_TRY_GOTO(_hkz_cuda_grow(&e->d_x, &e->cap_x, P, "points"));
        HKZ_TRY_GOTO(_hkz_cuda_grow(&e->d_ckpt, &e->cap_ckpt,
                                    2 * P * (dmax / stride + 1),
                                    "checkpoints"));
        HKZ_CUDA_TRY_GOTO(cudaMemcpyAsync(e->d_x, pb->x, P * sizeof(double),
                                          cudaMemcpyHostToDevice, e->s_aux),
                          "hkz_cuda_engine");
        HKZ_TRY_GOTO(_hkz_cuda_basis_checkpoints(e->d_ckpt, e->d_x, P,
                                                 pb->basis, 0, d0, stride,
                                                 e->s_aux));
        HKZ_CUDA_TRY_GOTO(cudaEventRecord(e->ev_ckpt, e->s_aux),
                          "hkz_cuda_engine");
    }

    // 2. B resident (generated once, GEMMs panel by panel so that columns
    //    become final early) or streamed through two block buffers; the
    //    column bounds go on s_aux behind the generation, before any hook.
    //    A large B is resident if there is room (up to half the free
    //    memory, 16 GiB at most); it is then computed by mode blocks in
    //    every panel, as a streamed one.
    if (!resident)
    {
        cudaMemGetInfo(&freeb, &totalb);
        resident = (double) P * (double) K * 8.0 <=
                   fmin(0.5 * (double) freeb, 17179869184.0);
        if (resident && _hkz_cuda_grow(&e->d_B, &e->cap_B, P * K, "basis")
                        != HKZ_SUCCESS)
        {
            hkz_errmsg_clear();      // no room for all of B: stream it
            resident = 0;
        }
    }
    HKZ_TRY_GOTO(_hkz_cuda_grow(&e->d_B, &e->cap_B,
                                P * (resident ? K : 2 * KB),
                                "basis blocks"));
    HKZ_CUBLAS_TRY_GOTO(_hkz_cublas()->SetStream(e->blas,
                        e->s_main), "hkz_cuda_engine");
    HKZ_CUBLAS_TRY_GOTO(_hkz_cublas()->SetWorkspace(e->blas,
                        e->blas_ws, e->blas_ws_bytes), "hkz_cuda_engine");
    if (resident)
    {
        // one event per generated block (gemm_panel); a large B by mode
        // blocks in every panel (as when streamed)
        size_t kbpan = small ? e->kbpan : npan;
        HKZ_TRY_GOTO(_hkz_cuda_grow_gen_events(e, 2 * nkb + npan + 1));
        if (pb->basis != HKZ_BASIS_USER)
            HKZ_CUDA_TRY_GOTO(cudaStreamWaitEvent(e->s_ckpt, e->ev_ckpt, 0),
                              "hkz_cuda_engine");
        for (j = 0; j < nkb; j++)
        {
            kb = _hkz_cuda_kb_at(&bl, j);
            // the checkpoints of step j's block (a chain per point, on few
            // CTAs) run on s_ckpt beside the generation of step j - 1
            if (j > 0 && pb->basis != HKZ_BASIS_USER)
            {
                size_t dj = _hkz_cuda_basis_degrees(&dlo, pb->basis,
                        pb->cos_n, g0 + kb * KB, _hkz_cuda_kb_size(&bl, kb));
                if (dj > d0)
                {
                    HKZ_TRY_GOTO(_hkz_cuda_basis_checkpoints(e->d_ckpt,
                            e->d_x, P, pb->basis, d0, dj, stride,
                            e->s_ckpt));
                    d0 = dj;
                }
                HKZ_CUDA_TRY_GOTO(cudaEventRecord(e->ev_gen[nkb + j],
                                                  e->s_ckpt),
                                  "hkz_cuda_engine");
                HKZ_CUDA_TRY_GOTO(cudaStreamWaitEvent(e->s_aux,
                                                      e->ev_gen[nkb + j], 0),
                                  "hkz_cuda_engine");
            }
            HKZ_TRY_GOTO(gen_block(e, e->d_B + kb * KB * P, pb,
                                   g0 + kb * KB, _hkz_cuda_kb_size(&bl, kb),
                                   stride));
            HKZ_CUDA_TRY_GOTO(cudaEventRecord(e->ev_gen[j], e->s_aux),
                              "hkz_cuda_engine");
        }
        if (early == 2)
        {
            HKZ_CUDA_TRY_GOTO(cudaStreamWaitEvent(e->s_bnd,
                                                  e->ev_gen[nkb - 1], 0),
                              "hkz_cuda_engine");
            HKZ_TRY_GOTO(launch_bounds(e, d_col, pb, w, e->s_bnd));
        }
        if (early)
        {
            HKZ_CUDA_TRY_GOTO(cudaStreamWaitEvent(e->s_aux, e->ev_bnd, 0),
                              "hkz_cuda_engine");
            HKZ_CUDA_TRY_GOTO(cudaEventRecord(e->ev_aux, e->s_aux),
                              "hkz_cuda_engine");
        }
        else
            HKZ_TRY_GOTO(enqueue_bounds(e, d_col, pb, w, e->s_aux));
        HKZ_TRY_GOTO(_hkz_cuda_gemm_panels(e, d_out, ldo, pb, w, &bl, kbpan,
                                           hook, hook_arg));
    }
    else
    {
        for (j = 0; j < nkb; j++)
        {
            size_t b = j & 1;
            double *buf = e->d_B + b * KB * P;
            size_t nb;
            kb = _hkz_cuda_kb_at(&bl, j);
            nb = _hkz_cuda_kb_size(&bl, kb);
            if (j >= 2)
                HKZ_CUDA_TRY_GOTO(cudaStreamWaitEvent(e->s_aux,
                                                      e->ev_free[b], 0),
                                  "hkz_cuda_engine");
            HKZ_TRY_GOTO(gen_block(e, buf, pb, g0 + kb * KB, nb, stride));
            HKZ_CUDA_TRY_GOTO(cudaEventRecord(e->ev_block[b], e->s_aux),
                              "hkz_cuda_engine");
            if (j == 0)
                HKZ_TRY_GOTO(ckpt_rest(e, pb, d0, dmax, stride));
            HKZ_CUDA_TRY_GOTO(cudaStreamWaitEvent(e->s_main,
                                                  e->ev_block[b], 0),
                              "hkz_cuda_engine");
            for (pan = 0; pan < npan; pan++)
            {
                size_t t0 = pan * TP;
                size_t nt = T - t0 < TP ? T - t0 : TP;
                HKZ_TRY_GOTO(_hkz_cuda_gemm(e, 0, d_out, ldo, buf, w, P,
                                            kb * KB, nb, t0, nt, j > 0));
            }
            HKZ_CUDA_TRY_GOTO(cudaEventRecord(e->ev_free[b], e->s_main),
                              "hkz_cuda_engine");
        }
        HKZ_TRY_GOTO(enqueue_bounds(e, d_col, pb, w, e->s_aux));
        if (hook != NULL)
            HKZ_TRY_GOTO(hook(hook_arg, T, e->s_main));
    }
cleanup:
    return status;
}

extern "C" void _hkz_cuda_engine_drain(hkz_cuda_engine_t e)
{
    if (e->s_pan != NULL)
        cudaStreamSynchronize(e->s_pan);
    cudaStreamSynchronize(e->s_ckpt);
    cudaStreamSynchronize(e->s_bnd);
}

extern "C" int _hkz_cuda_engine_finish(hkz_cuda_engine_t e)
{
    int flag = 0, status = HKZ_SUCCESS;
    HKZ_CUDA_TRY_GOTO(cudaStreamSynchronize(e->s_main), "hkz_cuda_engine");
    HKZ_CUDA_TRY_GOTO(cudaStreamSynchronize(e->s_aux), "hkz_cuda_engine");
    HKZ_CUDA_TRY_GOTO(cudaMemcpy(&flag, e->d_flag, sizeof(int),
                                 cudaMemcpyDeviceToHost), "hkz_cuda_engine");
    if (flag != 0)
        status = hkz_error_set(HKZ_ERR_ARG, "hkz_engine: a weight of column "
                               "%d is not finite", flag - 1);
cleanup:
    return status;
}
