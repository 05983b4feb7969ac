/* The box sums of mu^L_t(e) block by block (spec 5.4), their certified
 * tail through the minorant (spec F2 applied to L >= L0/K, minorant.c),
 * and the blockwise comparisons of X8(ii). */
#include <math.h>
#include <string.h>
#include "box_internal.h"
#include "hkz_check.h"

void _hkz_su2mix_blk_init(_hkz_su2mix_blk_t *r, slong nt)
{
    memset(r, 0, sizeof(*r));
    arb_init(r->lmin);
    arb_init(r->lmin0);
    r->sd = flint_calloc(nt > 0 ? nt : 1, sizeof(double));
    r->tr = _arb_vec_init(nt);
}

void _hkz_su2mix_blk_clear(_hkz_su2mix_blk_t *r, slong nt)
{
    arb_clear(r->lmin);
    arb_clear(r->lmin0);
    flint_free(r->sd);
    _arb_vec_clear(r->tr, nt);
}

void _hkz_su2mix_blk_work_init(_hkz_su2mix_blk_work_t *wk,
                               const hkz_su2mix_box_struct *bx,
                               int certified)
{
    slong i;
    wk->dmax = 1;
    for (i = 0; i < bx->n; i++)
        wk->dmax *= bx->nmax[i];
    wk->nvec = flint_malloc(bx->n * sizeof(slong));
    wk->H = flint_malloc(2 * wk->dmax * wk->dmax * sizeof(double));
    wk->w = flint_malloc(wk->dmax * sizeof(double));
    wk->lam = certified ? _arb_vec_init(wk->dmax) : NULL;
    acb_mat_init(wk->Hb, 0, 0);
}

void _hkz_su2mix_blk_work_clear(_hkz_su2mix_blk_work_t *wk)
{
    flint_free(wk->nvec);
    flint_free(wk->H);
    flint_free(wk->w);
    if (wk->lam != NULL)
        _arb_vec_clear(wk->lam, wk->dmax);
    acb_mat_clear(wk->Hb);
}

int _hkz_su2mix_blk_run(_hkz_su2mix_blk_t *r, _hkz_su2mix_blk_work_t *wk,
                        const hkz_su2mix_box_struct *bx,
                        const hkz_su2mix_op_t op, slong b, int certified,
                        slong prec)
{
    slong n = bx->n, j, k, d = 1, i;
    slong *nvec = wk->nvec;
    double *w = wk->w;
    arb_ptr lam = wk->lam;
    arb_t tr0, s, u;
    int status = HKZ_SUCCESS;

    hkz_su2mix_box_index(nvec, (hkz_su2mix_box_t) bx, b);
    for (i = 0; i < n; i++)
        d *= nvec[i];
    r->b = b;
    r->d = d;
    r->le = 1;
    HKZ_TRY(hkz_su2mix_block_d(wk->H, op, nvec));
    if (certified)
    {
        /* the ball matrix before H is overwritten by the eigenvectors */
        acb_mat_clear(wk->Hb);
        acb_mat_init(wk->Hb, d, d);
        HKZ_TRY(hkz_su2mix_block(wk->Hb, op, nvec, prec));
    }
    HKZ_TRY(hkz_su2mix_eigh_d(w, wk->H, d));
    r->lmin_d = w[0];
    hkz_su2mix_minorant_lmin(r->lmin0, bx->mn, nvec, prec);
    arb_init(tr0);
    arb_init(s);
    arb_init(u);
    if (certified)
    {
        HKZ_TRY_GOTO(hkz_su2mix_eig_enclose(lam, wk->Hb, w, wk->H, prec));
        /* Lhat(pi) = sum_k dpi(V_k)^* dpi(V_k) is PSD: clip at 0 */
        for (k = 0; k < d; k++)
            if (!arb_is_nonnegative(lam + k))
                arb_nonnegative_part(lam + k, lam + k);
        arb_set(r->lmin, lam + 0);
        arb_div(u, r->lmin0, bx->mn->K, prec);
        if (arb_lt(r->lmin, u))
            r->le = 0;
    }
    else
        arb_set_d(r->lmin, w[0]);
    for (j = 0; j < bx->nt; j++)
    {
        double sd = 0.0, td = arf_get_d(arb_midref(bx->t + j),
                                        ARF_RND_NEAR);
        for (k = 0; k < d; k++)
            sd += exp(-td * w[k]);
        r->sd[j] = sd;
        arb_zero(r->tr + j);
        if (!certified)
            continue;
        for (k = 0; k < d; k++)
        {
            arb_mul(u, bx->t + j, lam + k, prec);
            arb_neg(u, u);
            arb_exp(u, u, prec);
            arb_add(r->tr + j, r->tr + j, u, prec);
        }
        /* blockwise tr e^{-t Lhat} <= tr e^{-(t/K) Lhat0} */
        arb_div(s, bx->t + j, bx->mn->K, prec);
        hkz_su2mix_minorant_trace(tr0, bx->mn, nvec, s, prec);
        if (arb_gt(r->tr + j, tr0))
            r->le = 0;
    }
cleanup:
    arb_clear(tr0);
    arb_clear(s);
    arb_clear(u);
    return status;
}

void _hkz_su2mix_blk_add(hkz_su2mix_box_struct *bx,
                         const _hkz_su2mix_blk_t *r, int certified,
                         slong prec)
{
    slong j;
    if (r->d > bx->maxdim)
        bx->maxdim = r->d;
    bx->lmin_d[r->b] = r->lmin_d;
    arb_set(bx->lmin0 + r->b, r->lmin0);
    arb_set(bx->lmin + r->b, r->lmin);
    if (!r->le)
        bx->blocks_le = 0;
    for (j = 0; j < bx->nt; j++)
    {
        bx->mu_d[j] += (double) r->d * r->sd[j];
        if (certified)
            arb_addmul_si(bx->box + j, r->tr + j, r->d, prec);
        else
            arb_set_d(bx->box + j, bx->mu_d[j]);
    }
}

int hkz_su2mix_box_range(hkz_su2mix_box_t bx, const hkz_su2mix_op_t op,
                         slong b0, slong b1, int certified, slong prec)
{
    _hkz_su2mix_blk_work_t wk;
    _hkz_su2mix_blk_t r;
    slong b;
    int status = HKZ_SUCCESS;

    HKZ_CHECK(op->n == bx->n, HKZ_ERR_ARG, "hkz_su2mix_box_range: the "
              "operator has %ld factors, the box %ld", (long) op->n,
              (long) bx->n);
    HKZ_CHECK(0 <= b0 && b0 <= b1 && b1 <= bx->nblocks, HKZ_ERR_ARG,
              "hkz_su2mix_box_range: bad block range [%ld, %ld)", (long) b0,
              (long) b1);
    HKZ_CHECK(bx->mn->type != NULL, HKZ_ERR_ARG,
              "hkz_su2mix_box_range: no minorant (hkz_su2mix_box_set_"
              "minorant first)");
    _hkz_su2mix_blk_work_init(&wk, bx, certified);
    _hkz_su2mix_blk_init(&r, bx->nt);
    for (b = b0; b < b1 && status == HKZ_SUCCESS; b++)
    {
        status = _hkz_su2mix_blk_run(&r, &wk, bx, op, b, certified, prec);
        if (status == HKZ_SUCCESS)
            _hkz_su2mix_blk_add(bx, &r, certified, prec);
    }
    _hkz_su2mix_blk_clear(&r, bx->nt);
    _hkz_su2mix_blk_work_clear(&wk);
    return status;
}

int hkz_su2mix_box_finish(hkz_su2mix_box_t bx, slong prec)
{
    slong j;
    arb_t s, half;
    int st = HKZ_SUCCESS;

    HKZ_CHECK(bx->mn->type != NULL, HKZ_ERR_ARG,
              "hkz_su2mix_box_finish: no minorant");
    arb_init(s);
    arb_init(half);
    for (j = 0; j < bx->nt && st == HKZ_SUCCESS; j++)
    {
        arb_div(s, bx->t + j, bx->mn->K, prec);
        st = hkz_su2mix_minorant_tail(bx->tail + j, bx->box0 + j, bx->mn,
                                      bx->nmax, s, prec);
        if (st != HKZ_SUCCESS)
            break;
        /* mu = box + [0, tail] */
        arb_mul_2exp_si(half, bx->tail + j, -1);
        arb_add(bx->mu + j, bx->box + j, half, prec);
        arb_add_error(bx->mu + j, half);
        arb_add(bx->mu0 + j, bx->box0 + j, half, prec);
        arb_add_error(bx->mu0 + j, half);
    }
    arb_clear(s);
    arb_clear(half);
    return st;
}

int hkz_su2mix_box_run(hkz_su2mix_box_t bx, const hkz_su2mix_op_t op,
                       int certified, slong prec)
{
    HKZ_TRY(hkz_su2mix_minorant(bx->mn, op, prec));
    HKZ_TRY(hkz_su2mix_box_range(bx, op, 0, bx->nblocks, certified, prec));
    return hkz_su2mix_box_finish(bx, prec);
}
