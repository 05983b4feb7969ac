/* hkz_engine_fix_sum on the device (kernels/cpu/engine_fix.c has the CPU
 * code and why the sums are exact): the same integer operations, so the
 * same digits; the kernels are in engine_fix_kernels.cuh (L = 8 or 16:
 * templates; stage 2 split over the groups, its levels added by exact
 * integer atomics).  Rows are cached on the device by key (hkz_engine_fix_t: a
 * key names one content), least recently used out beyond FIX_CACHE_BYTES.
 * (engine_fix_rows.cu).  Own stream and buffers: safe beside the
 * engine's runs on another host thread (one hkz_engine_fix_sum at a time
 * per engine). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "engine_fix_rows.cuh"
#include "engine_fix_kernels.cuh"

static double fix_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

static int grow(void **p, size_t *cap, size_t bytes, const char *what)
{
    cudaError_t c;
    if (bytes <= *cap)
        return HKZ_SUCCESS;
    cudaFree(*p);
    *p = NULL;
    *cap = 0;
    c = cudaMalloc(p, bytes);
    if (c != cudaSuccess)
        return HKZ_CUDA_ERR(c, what);
    *cap = bytes;
    return HKZ_SUCCESS;
}

/* the kernels on F->s (acc, kq zeroed); d_tab: x, y, counts, z
 * pointers, then off */
template <int L>
static void launch(struct _hkz_cuda_fix_s *F, size_t nk, size_t nq,
                   size_t nz, size_t ntab)
{
    void **t = (void **) F->d_tab;
    size_t nth = nq * nk, n = nz * nq, spill = 1024 / L;
    fix_pairs<L><<<(unsigned) ((nth + 127) / 128), 128, 0, F->s>>>(
        F->d_G, nk, (const size_t *) (t + ntab), nq,
        (const int32_t *const *) t, (const int32_t *const *) (t + nq),
        (const uint32_t *const *) (t + 2 * nq), F->d_kq, F->d_bad);
    dim3 blk(TB, TB), grd((unsigned) ((nq + TB - 1) / TB),
                          (unsigned) ((nz + TB - 1) / TB),
                          (unsigned) ((nk + spill - 1) / spill));
    fix_gemm<L><<<grd, blk, 0, F->s>>>(F->d_acc, nk,
        (const int32_t *const *) (t + 3 * nq), nz, F->d_G, nq, F->d_kq);
    fix_store<L><<<(unsigned) ((n + 127) / 128), 128, 0, F->s>>>(F->d_V,
        F->d_acc, n, F->d_bad);
}

extern "C" void _hkz_cuda_fix_free(hkz_cuda_engine_t e)
{
    struct _hkz_cuda_fix_s *F = (struct _hkz_cuda_fix_s *) e->fix;
    if (F == NULL)
        return;
    if (F->prof)
        fprintf(stderr, "fix_prof calls=%zu up_mb=%.1f rows=%.3f run=%.3f "
                "copy=%.3f\n", F->p_calls, F->p_up / 1e6, F->p_rows,
                F->p_run, F->p_copy);
    if (F->s != NULL)
        cudaStreamSynchronize(F->s);
    _hkz_fix_rows_free(F);
    cudaFree(F->d_tab);
    cudaFree(F->d_G);
    cudaFree(F->d_V);
    cudaFree(F->d_acc);
    cudaFree(F->d_kq);
    cudaFreeHost(F->h_V);
    cudaFree(F->d_bad);
    if (F->s != NULL)
        cudaStreamDestroy(F->s);
    free(F);
    e->fix = NULL;
}

extern "C" int _hkz_cuda_fix_sum(void *state, int64_t *V,
                                 const hkz_engine_fix_t *f)
{
    hkz_cuda_engine_t e = (hkz_cuda_engine_t) state;
    struct _hkz_cuda_fix_s *F;
    size_t nk = f->nk, nq = f->nq, nz = f->nz, L = (size_t) f->L;
    size_t row = f->off[nk] * L;
    size_t ntab = 3 * nq + nz, i;
    void **h_tab = NULL;
    int prev = -1, bad = 0, status;
    double t0;
    cudaError_t c;

    status = _hkz_cuda_engine_enter(e, &prev);
    if (status != HKZ_SUCCESS)
        return status;
    if (e->fix == NULL)
    {
        e->fix = calloc(1, sizeof(struct _hkz_cuda_fix_s));
        F = (struct _hkz_cuda_fix_s *) e->fix;
        if (F == NULL)
        {
            status = hkz_error_set(HKZ_ERR_NOMEM, "fix_sum: out of memory");
            goto cleanup;
        }
        HKZ_CUDA_TRY_GOTO(cudaStreamCreateWithFlags(&F->s,
                          cudaStreamNonBlocking), "fix_sum (stream)");
        HKZ_CUDA_TRY_GOTO(cudaMalloc((void **) &F->d_bad, sizeof(int)),
                          "fix_sum (flag)");
        F->prof = getenv("HKZ_CUDA_FIX_PROF") != NULL
                  && atoi(getenv("HKZ_CUDA_FIX_PROF")) != 0;
        HKZ_TRY_GOTO(_hkz_fix_rows_init(F));
    }
    F = (struct _hkz_cuda_fix_s *) e->fix;
    F->clock++;
    F->memo_key = 0;   /* entries may have gone since the last call */
    F->p_calls++;
    t0 = F->prof ? fix_now() : 0.0;
    h_tab = (void **) malloc((ntab + nk + 1) * sizeof(void *));
    if (h_tab == NULL)
    {
        status = hkz_error_set(HKZ_ERR_NOMEM, "fix_sum: out of memory");
        goto cleanup;
    }
    /* the rows on the device: x[q], y[q] (+ counts), z[i] */
    for (i = 0; i < nq; i++)
        HKZ_TRY_GOTO(_hkz_fix_row_get(F, h_tab + i, f->xkey ? f->xkey[i] : 0,
                                      f->x[i], row * sizeof(int32_t)));
    for (i = 0; i < nq; i++)
    {
        uint64_t key = f->ykey ? f->ykey[i] : 0;
        size_t o2 = 0, last = nk;
        void *d = _hkz_fix_row_find(F, key, &o2);
        if (d == NULL)
        {
            /* the digits of the groups with terms only: the kernels
               read no others */
            while (last > 0 && f->yl[i][last - 1] == 0)
                last--;
            o2 = f->off[last] * L * sizeof(int32_t);
            HKZ_TRY_GOTO(_hkz_fix_row_put(F, &d, key, f->y[i], o2,
                                          f->yl[i], nk * sizeof(uint32_t)));
        }
        h_tab[nq + i] = d;
        h_tab[2 * nq + i] = (char *) d + o2;
    }
    for (i = 0; i < nz; i++)
        HKZ_TRY_GOTO(_hkz_fix_row_get(F, h_tab + 3 * nq + i,
                                      f->zkey ? f->zkey[i] : 0, f->z[i],
                                      nk * L * sizeof(int32_t)));
    HKZ_TRY_GOTO(_hkz_fix_stage_flush(F));
    memcpy(h_tab + ntab, f->off, (nk + 1) * sizeof(size_t));
    if (F->prof)
    {
        cudaStreamSynchronize(F->s);
        F->p_rows += fix_now() - t0;
        t0 = fix_now();
    }
    HKZ_TRY_GOTO(grow(&F->d_tab, &F->cap_tab, (ntab + nk + 1) * 8,
                      "fix_sum (tables)"));
    HKZ_TRY_GOTO(grow((void **) &F->d_G, &F->cap_G,
                      nq * nk * L * sizeof(int32_t), "fix_sum (G)"));
    HKZ_TRY_GOTO(grow((void **) &F->d_V, &F->cap_V,
                      nq * nz * 2 * L * sizeof(int64_t), "fix_sum (V)"));
    HKZ_TRY_GOTO(grow((void **) &F->d_acc, &F->cap_acc,
                      nq * nz * (2 * L - 1) * 2 * sizeof(unsigned long long),
                      "fix_sum (levels)"));
    HKZ_TRY_GOTO(grow((void **) &F->d_kq, &F->cap_kq, nq * sizeof(unsigned),
                      "fix_sum (counts)"));
    if (nq * nz * 2 * L * sizeof(int64_t) > F->cap_hV)
    {
        cudaFreeHost(F->h_V);
        F->h_V = NULL;
        F->cap_hV = 0;
        HKZ_CUDA_TRY_GOTO(cudaMallocHost((void **) &F->h_V,
                          nq * nz * 2 * L * sizeof(int64_t)), "fix_sum (V)");
        F->cap_hV = nq * nz * 2 * L * sizeof(int64_t);
    }
    HKZ_CUDA_TRY_GOTO(cudaMemcpyAsync(F->d_tab, h_tab, (ntab + nk + 1) * 8,
                      cudaMemcpyHostToDevice, F->s), "fix_sum (tables)");
    HKZ_CUDA_TRY_GOTO(cudaMemsetAsync(F->d_bad, 0, sizeof(int), F->s),
                      "fix_sum (flag)");
    HKZ_CUDA_TRY_GOTO(cudaMemsetAsync(F->d_kq, 0, nq * sizeof(unsigned),
                      F->s), "fix_sum (counts)");
    HKZ_CUDA_TRY_GOTO(cudaMemsetAsync(F->d_acc, 0, nq * nz * (2 * L - 1) * 2
                      * sizeof(unsigned long long), F->s), "fix_sum (levels)");
    if (f->L == 8)
        launch<8>(F, nk, nq, nz, ntab);
    else
        launch<HKZ_FIX_LMAX>(F, nk, nq, nz, ntab);
    HKZ_CUDA_TRY_GOTO(cudaGetLastError(), "fix_sum (kernels)");
    HKZ_CUDA_TRY_GOTO(cudaMemcpyAsync(F->h_V, F->d_V,
                      nq * nz * 2 * L * sizeof(int64_t),
                      cudaMemcpyDeviceToHost, F->s), "fix_sum (V)");
    HKZ_CUDA_TRY_GOTO(cudaMemcpyAsync(&bad, F->d_bad, sizeof(int),
                      cudaMemcpyDeviceToHost, F->s), "fix_sum (flag)");
    c = cudaStreamSynchronize(F->s);
    if (c != cudaSuccess)
    {
        status = HKZ_CUDA_ERR(c, "fix_sum");
        goto cleanup;
    }
    if (F->prof)
    {
        F->p_run += fix_now() - t0;
        t0 = fix_now();
    }
    memcpy(V, F->h_V, nq * nz * 2 * L * sizeof(int64_t));
    if (F->prof)
        F->p_copy += fix_now() - t0;
    status = bad ? hkz_error_set(HKZ_ERR_TOO_LARGE, "hkz_engine_fix_sum: "
                                 "a sum does not fit in its digits")
                 : HKZ_SUCCESS;
cleanup:
    if (e->fix != NULL)
    {
        /* (after a failure too: the rows staged are in the cache) */
        int st = _hkz_fix_stage_flush((struct _hkz_cuda_fix_s *) e->fix);
        if (status == HKZ_SUCCESS)
            status = st;
        _hkz_fix_drop_uncached((struct _hkz_cuda_fix_s *) e->fix);
    }
    free(h_tab);
    _hkz_cuda_engine_leave(prev);
    return status;
}
