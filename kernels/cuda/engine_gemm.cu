// The CUDA engine's DGEMM plan (the summation order of engine_cuda.h): one
// call of the fixed shape family, the mode blocks in generation order, the
// calls of one column panel.
#include "engine_cuda.h"

// The 32-bit entry point when every size fits (the call plain cuBLAS users
// make; the _64 entry point may route to other kernels), else the 64-bit
// one.
extern "C" int _hkz_cuda_gemm(hkz_cuda_engine_t e, double *d_out,
        size_t ldo, const double *Bblk, const _hkz_cuda_weights_t *w,
        size_t P, size_t k0, size_t nb, size_t t0, size_t nt, int acc)
{
    const double one = 1.0, zero = 0.0;
    const double *Cb = w->d_C + k0 + t0 * w->ldc;
    const double *beta = acc ? &one : &zero;
    int status = HKZ_SUCCESS;
    if (!e->gemm64 && P <= 0x7fffffff && ldo <= 0x7fffffff &&
        w->ldc <= 0x7fffffff)
        HKZ_CUBLAS_TRY_GOTO(cublasDgemm(e->blas, CUBLAS_OP_N, CUBLAS_OP_N,
                (int) P, (int) nt, (int) nb, &one, Bblk, (int) P, Cb,
                (int) w->ldc, beta, d_out + t0 * ldo, (int) ldo),
                "hkz_cuda_engine (cublasDgemm)");
    else
        HKZ_CUBLAS_TRY_GOTO(cublasDgemm_v2_64(e->blas, CUBLAS_OP_N,
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
extern "C" int _hkz_cuda_gemm_panel(hkz_cuda_engine_t e, double *d_out,
        size_t ldo, const hkz_engine_problem_t *pb,
        const _hkz_cuda_weights_t *w, const _hkz_cuda_blocks_t *bl,
        size_t kbpan, size_t pan, size_t t0, size_t nt)
{
    size_t j;
    int status = HKZ_SUCCESS;
    if (pan >= kbpan)
    {
        if (pan == 0)
            HKZ_CUDA_TRY_GOTO(cudaStreamWaitEvent(e->s_main,
                                                  e->ev_gen[bl->nkb - 1], 0),
                              "hkz_cuda_engine");
        return _hkz_cuda_gemm(e, d_out, ldo, e->d_B, w, pb->P, 0, pb->K, t0,
                              nt, 0);
    }
    for (j = 0; j < bl->nkb; j++)
    {
        size_t kb = _hkz_cuda_kb_at(bl, j);
        if (pan == 0)
            HKZ_CUDA_TRY_GOTO(cudaStreamWaitEvent(e->s_main, e->ev_gen[j],
                                                  0), "hkz_cuda_engine");
        HKZ_TRY_GOTO(_hkz_cuda_gemm(e, d_out, ldo,
                e->d_B + kb * bl->KB * pb->P, w, pb->P, kb * bl->KB,
                _hkz_cuda_kb_size(bl, kb), t0, nt, j > 0));
    }
cleanup:
    return status;
}

