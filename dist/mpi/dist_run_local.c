/* The local part of hkz_dist_engine_run: this rank's rows (SPLIT_P) or
 * modes (SPLIT_K), computed chunk by chunk (columns [t0, t1) of
 * hkz_engine_chunk_range: sub-problems with the same bits as one run),
 * in a worker thread that posts each finished chunk on a hkz_signal. */
#include <stdio.h>
#include <string.h>
#include "dist_run.h"

static int fill_shift(double *blk, size_t ld, size_t p0, size_t np,
                      size_t k0, size_t nk, void *ctx)
{
    const _hkz_dist_fill_shift_t *f = ctx;
    return f->fill(blk, ld, p0 + f->p_off, np, k0, nk, f->ctx);
}

void _hkz_dist_run_local(_hkz_dist_worker_t *W, hkz_engine_t e, double *out,
                         const hkz_engine_problem_t *pb,
                         const hkz_dist_plan_t *plan, int N, int me)
{
    size_t ldo = pb->ldo ? pb->ldo : pb->P;
    W->e = e;
    W->loc = *pb;
    W->loc.ready = NULL;
    W->loc.err_layout = HKZ_ERR_PER_COLUMN;
    W->ldo = ldo;
    W->nch = plan->nchunks;
    W->out = out;
    if (plan->shard == HKZ_SHARD_SPLIT_P)
    {
        size_t p0, p1;
        _hkz_dist_rows(&p0, &p1, pb->P, N, me);
        W->empty = p0 == p1;
        W->loc.P = p1 - p0;
        W->loc.ldo = ldo;
        W->out = out + p0;
        if (pb->x != NULL)
            W->loc.x = pb->x + p0;
        if (pb->basis == HKZ_BASIS_USER)
        {
            W->fs.fill = pb->fill;
            W->fs.ctx = pb->fill_ctx;
            W->fs.p_off = p0;
            W->loc.fill = fill_shift;
            W->loc.fill_ctx = &W->fs;
        }
    }
    else
    {
        size_t k0, k1;
        _hkz_dist_modes(&k0, &k1, pb->K, N, me);
        W->empty = k0 == k1;
        W->loc.K = k1 - k0;
        W->loc.k_begin = pb->k_begin + k0;
        W->loc.ldo = ldo;
        W->P_out = pb->P;
        if (pb->weights == HKZ_WEIGHTS_GIVEN)
            W->loc.C = pb->C + k0;
        if (pb->basis == HKZ_BASIS_USER)
        {
            W->loc.user_bmax = pb->user_bmax + k0;
            if (pb->user_berr != NULL)
                W->loc.user_berr = pb->user_berr + k0;
        }
    }
}

int _hkz_dist_compute_chunk(_hkz_dist_worker_t *W, size_t c)
{
    size_t t0, t1, i, j;
    hkz_engine_problem_t sub;

    hkz_engine_chunk_range(&t0, &t1, W->loc.T, W->nch, c);
    if (t0 == t1)
        return HKZ_SUCCESS;
    if (W->empty)
    {
        /* a SPLIT_K rank without modes contributes a zero partial */
        for (j = t0; j < t1; j++)
        {
            for (i = 0; i < W->P_out; i++)
                W->out[i + j * W->ldo] = 0.0;
            W->errc[j] = 0.0;
            W->magc[j] = 0.0;
        }
        return HKZ_SUCCESS;
    }
    sub = W->loc;
    sub.T = t1 - t0;
    if (sub.weights == HKZ_WEIGHTS_GIVEN)
        sub.C = W->loc.C + t0 * W->loc.ldc;
    else
        sub.times = W->loc.times + t0;
    return hkz_engine_run_mag(W->e, W->out + t0 * W->ldo, W->errc + t0,
                              W->magc + t0, &sub);
}

void *_hkz_dist_worker_main(void *p)
{
    _hkz_dist_worker_t *W = p;
    size_t c;
    for (c = 0; c < W->nch; c++)
    {
        if (W->status == HKZ_SUCCESS)
        {
            W->status = _hkz_dist_compute_chunk(W, c);
            if (W->status != HKZ_SUCCESS)   /* messages are per thread */
                snprintf(W->msg, sizeof(W->msg), "%s", hkz_errmsg());
        }
        hkz_signal_post(W->sig, c, 1);
    }
    hkz_signal_post(W->sig, W->nch, 1);
    return NULL;
}
