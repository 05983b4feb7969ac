// The CUDA engine's DGEMM plan (the summation order of engine_cuda.h): one
// call of the fixed shape family, the mode blocks in generation order, the
// calls of one column panel.
#include "engine_cuda.h"

// The 32-bit entry point when every size fits (the call plain cuBLAS users
// make; the _64 entry point may route to other kernels), else the 64-bit
// one.
extern "C" int _hkz_cuda_gemm(hkz_cuda_engine_t e, int q, double *d_out,
        size_t ldo, const double *Bblk, const _hkz_cuda_weights_t *w,
        size_t P, size_t k0, size_t nb, size_t t0, size_t nt, int acc)
{
    cublasHandle_t h = q != 0 ? e->blas2 : e->blas;
    const _hkz_cublas_t *b = _hkz_cublas();   // (loaded: h exists)
    const double one = 1.0, zero = 0.0;
    const double *Cb = w->d_C + k0 + t0 * w->ldc;
    const double *beta = acc ? &one : &zero;
    int status = HKZ_SUCCESS;
    if (!e->gemm64 && P <= 0x7fffffff && ldo <= 0x7fffffff &&
        w->ldc <= 0x7fffffff)
        HKZ_CUBLAS_TRY_GOTO(b->Dgemm(h, CUBLAS_OP_N, CUBLAS_OP_N,
                (int) P, (int) nt, (int) nb, &one, Bblk, (int) P, Cb,
                (int) w->ldc, beta, d_out + t0 * ldo, (int) ldo),
                "hkz_cuda_engine (cublasDgemm)");
    else
        HKZ_CUBLAS_TRY_GOTO(b->Dgemm_64(h, CUBLAS_OP_N,
                CUBLAS_OP_N, (int64_t) P, (int64_t) nt, (int64_t) nb, &one,
                Bblk, (int64_t) P, Cb, (int64_t) w->ldc, beta,
                d_out + t0 * ldo, (int64_t) ldo),
                "hkz_cuda_engine (cublasDgemm)");
cleanup:
    return status;
}

// Reversed when the last block's highest degree is below the first's.
extern "C" void _hkz_cuda_blocks_init(_hkz_cuda_blocks_t *o,
        const hkz_engine_problem_t *pb, size_t KB)
{
    size_t lo, hi0, hi1;
    o->KB = KB;
    o->K = pb->K;
    o->nkb = (pb->K + KB - 1) / KB;
    o->rev = 0;
    if (pb->basis == HKZ_BASIS_COS && o->nkb > 1)
    {
        hi0 = _hkz_cuda_basis_degrees(&lo, pb->basis, pb->cos_n,
                                      pb->k_begin, KB);
        hi1 = _hkz_cuda_basis_degrees(&lo, pb->basis, pb->cos_n,
                pb->k_begin + (o->nkb - 1) * KB, pb->K - (o->nkb - 1) * KB);
        o->rev = hi1 < hi0;
    }
}

extern "C" size_t _hkz_cuda_kb_at(const _hkz_cuda_blocks_t *o, size_t j)
{
    return o->rev ? o->nkb - 1 - j : j;
}

extern "C" size_t _hkz_cuda_kb_size(const _hkz_cuda_blocks_t *o, size_t kb)
{
    return o->K - kb * o->KB < o->KB ? o->K - kb * o->KB : o->KB;
}

// The panel of columns [t0, t0 + nt): by mode blocks (the first panel's
// GEMM on the block of step j waits for that block only, so the
// generation of the later blocks runs under it) or, once B is complete,
// by one call over all K.
extern "C" int _hkz_cuda_gemm_panel(hkz_cuda_engine_t e, int q,
        double *d_out, size_t ldo, const hkz_engine_problem_t *pb,
        const _hkz_cuda_weights_t *w, const _hkz_cuda_blocks_t *bl,
        size_t kbpan, size_t pan, size_t t0, size_t nt)
{
    cudaStream_t s = q != 0 ? e->s_pan : e->s_main;
    size_t j;
    int status = HKZ_SUCCESS;
    if (pan >= kbpan)
    {
        if (pan == 0)
            HKZ_CUDA_TRY_GOTO(cudaStreamWaitEvent(s, e->ev_gen[bl->nkb - 1],
                                                  0), "hkz_cuda_engine");
        return _hkz_cuda_gemm(e, q, d_out, ldo, e->d_B, w, pb->P, 0, pb->K,
                              t0, nt, 0);
    }
    for (j = 0; j < bl->nkb; j++)
    {
        size_t kb = _hkz_cuda_kb_at(bl, j);
        if (pan == 0)
            HKZ_CUDA_TRY_GOTO(cudaStreamWaitEvent(s, e->ev_gen[j], 0),
                              "hkz_cuda_engine");
        HKZ_TRY_GOTO(_hkz_cuda_gemm(e, q, d_out, ldo,
                e->d_B + kb * bl->KB * pb->P, w, pb->P, kb * bl->KB,
                _hkz_cuda_kb_size(bl, kb), t0, nt, j > 0));
    }
cleanup:
    return status;
}


// Every panel of a resident B, calling hook as columns become final.  With
// two panel streams, panel pan runs on stream pan % 2, so that its GEMM
// starts on the SMs that the last CTAs of panel pan - 1 leave idle; the
// event after panel pan (ev_gen[2 nkb + pan]) also waits for panel pan - 1,
// so the hook's stream has every column before t0 + nt, and s_main has the
// whole product at the end.
extern "C" int _hkz_cuda_gemm_panels(hkz_cuda_engine_t e, double *d_out,
        size_t ldo, const hkz_engine_problem_t *pb,
        const _hkz_cuda_weights_t *w, const _hkz_cuda_blocks_t *bl,
        size_t kbpan, _hkz_cuda_chunk_hook_t hook, void *hook_arg)
{
    const size_t TP = e->tpanel, T = pb->T, npan = (T + TP - 1) / TP;
    cudaEvent_t *ev = e->ev_gen + 2 * bl->nkb;    // npan + 1 events
    int two = e->pstreams > 1 && npan > 1, status = HKZ_SUCCESS;
    size_t pan;
    if (two)
    {
        // s_pan after the caller's work on s_main and after all of B
        HKZ_CUDA_TRY_GOTO(cudaEventRecord(ev[npan], e->s_main),
                          "hkz_cuda_engine");
        HKZ_CUDA_TRY_GOTO(cudaStreamWaitEvent(e->s_pan, ev[npan], 0),
                          "hkz_cuda_engine");
        HKZ_CUDA_TRY_GOTO(cudaStreamWaitEvent(e->s_pan,
                                              e->ev_gen[bl->nkb - 1], 0),
                          "hkz_cuda_engine");
    }
    for (pan = 0; pan < npan; pan++)
    {
        size_t t0 = pan * TP, nt = T - t0 < TP ? T - t0 : TP;
        int q = two ? (int) (pan & 1) : 0;
        cudaStream_t s = q != 0 ? e->s_pan : e->s_main;
        HKZ_TRY_GOTO(_hkz_cuda_gemm_panel(e, q, d_out, ldo, pb, w, bl, kbpan,
                                          pan, t0, nt));
        if (two)
        {
            if (pan > 0)
                HKZ_CUDA_TRY_GOTO(cudaStreamWaitEvent(s, ev[pan - 1], 0),
                                  "hkz_cuda_engine");
            HKZ_CUDA_TRY_GOTO(cudaEventRecord(ev[pan], s),
                              "hkz_cuda_engine");
        }
        if (hook != NULL)
            HKZ_TRY_GOTO(hook(hook_arg, t0 + nt, s));
    }
    if (two)
        HKZ_CUDA_TRY_GOTO(cudaStreamWaitEvent(e->s_main, ev[npan - 1], 0),
                          "hkz_cuda_engine");
cleanup:
    return status;
}
