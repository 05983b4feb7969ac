/* The box of mu^L_t(e) = sum_pi d_pi tr e^{-t Lhat(pi)} (spec 5.4) over
 * n_i <= nmax_i: the opaque handle, its accessors and block indices.  The
 * sums are in box_range.c, the records of shards in box_rec.c, the C*
 * bracket in box_cstar.c. */
#include <stdlib.h>
#include <string.h>
#include "box_internal.h"
#include "hkz_check.h"

int hkz_su2mix_box_create(hkz_su2mix_box_t *out, slong n, const slong *nmax,
                          arb_srcptr t, slong nt)
{
    hkz_su2mix_box_struct *bx;
    slong i, nb = 1;

    HKZ_CHECK(out != NULL, HKZ_ERR_ARG, "hkz_su2mix_box_create: NULL");
    *out = NULL;
    HKZ_CHECK(n >= 1 && nt >= 0 && nmax != NULL, HKZ_ERR_ARG,
              "hkz_su2mix_box_create: n >= 1");
    for (i = 0; i < n; i++)
    {
        HKZ_CHECK(nmax[i] >= 1 && nmax[i] <= 1000, HKZ_ERR_ARG,
                  "hkz_su2mix_box_create: nmax_%ld = %ld outside 1..1000",
                  (long) i + 1, (long) nmax[i]);
        HKZ_CHECK(nb <= (WORD(1) << 24) / nmax[i], HKZ_ERR_ARG,
                  "hkz_su2mix_box_create: more than 2^24 blocks");
        nb *= nmax[i];
    }
    for (i = 0; i < nt; i++)
        HKZ_CHECK(arb_is_finite(t + i) && arb_is_positive(t + i),
                  HKZ_ERR_DOMAIN, "hkz_su2mix_box_create: t must be > 0");
    bx = flint_calloc(1, sizeof(*bx));
    hkz_su2mix_minorant_init(bx->mn);
    bx->n = n;
    bx->nmax = flint_malloc(n * sizeof(slong));
    memcpy(bx->nmax, nmax, n * sizeof(slong));
    bx->nblocks = nb;
    bx->nt = nt;
    bx->t = _arb_vec_init(nt);
    _arb_vec_set(bx->t, t, nt);
    bx->mu = _arb_vec_init(nt);
    bx->box = _arb_vec_init(nt);
    bx->tail = _arb_vec_init(nt);
    bx->box0 = _arb_vec_init(nt);
    bx->mu0 = _arb_vec_init(nt);
    bx->lmin = _arb_vec_init(nb);
    bx->lmin0 = _arb_vec_init(nb);
    bx->lmin_d = flint_calloc(nb, sizeof(double));
    bx->mu_d = flint_calloc(nt > 0 ? nt : 1, sizeof(double));
    bx->blocks_le = 1;
    bx->maxdim = 1;
    *out = bx;
    return HKZ_SUCCESS;
}

void hkz_su2mix_box_destroy(hkz_su2mix_box_t *p)
{
    hkz_su2mix_box_struct *bx;
    if (p == NULL || *p == NULL)
        return;
    bx = *p;
    flint_free(bx->nmax);
    _arb_vec_clear(bx->t, bx->nt);
    _arb_vec_clear(bx->mu, bx->nt);
    _arb_vec_clear(bx->box, bx->nt);
    _arb_vec_clear(bx->tail, bx->nt);
    _arb_vec_clear(bx->box0, bx->nt);
    _arb_vec_clear(bx->mu0, bx->nt);
    _arb_vec_clear(bx->lmin, bx->nblocks);
    _arb_vec_clear(bx->lmin0, bx->nblocks);
    flint_free(bx->lmin_d);
    flint_free(bx->mu_d);
    hkz_su2mix_minorant_clear(bx->mn);
    flint_free(bx);
    *p = NULL;
}

slong hkz_su2mix_box_n(const hkz_su2mix_box_t bx)
{
    return bx->n;
}

const slong *hkz_su2mix_box_nmax(const hkz_su2mix_box_t bx)
{
    return bx->nmax;
}

slong hkz_su2mix_box_nblocks(const hkz_su2mix_box_t bx)
{
    return bx->nblocks;
}

slong hkz_su2mix_box_nt(const hkz_su2mix_box_t bx)
{
    return bx->nt;
}

arb_srcptr hkz_su2mix_box_times(const hkz_su2mix_box_t bx)
{
    return bx->t;
}

slong hkz_su2mix_box_maxdim(const hkz_su2mix_box_t bx)
{
    return bx->maxdim;
}

int hkz_su2mix_box_blocks_le(const hkz_su2mix_box_t bx)
{
    return bx->blocks_le;
}

arb_srcptr hkz_su2mix_box_vec(const hkz_su2mix_box_t bx,
                              hkz_su2mix_box_vec_t which)
{
    switch (which)
    {
    case HKZ_SU2MIX_BOX_MU: return bx->mu;
    case HKZ_SU2MIX_BOX_SUM: return bx->box;
    case HKZ_SU2MIX_BOX_TAIL: return bx->tail;
    case HKZ_SU2MIX_BOX_SUM0: return bx->box0;
    case HKZ_SU2MIX_BOX_MU0: return bx->mu0;
    case HKZ_SU2MIX_BOX_LMIN: return bx->lmin;
    case HKZ_SU2MIX_BOX_LMIN0: return bx->lmin0;
    }
    return NULL;
}

const double *hkz_su2mix_box_mu_d(const hkz_su2mix_box_t bx)
{
    return bx->mu_d;
}

const double *hkz_su2mix_box_lmin_d(const hkz_su2mix_box_t bx)
{
    return bx->lmin_d;
}

const hkz_su2mix_minorant_struct *hkz_su2mix_box_minorant(
        const hkz_su2mix_box_t bx)
{
    return bx->mn;
}

int hkz_su2mix_box_set_minorant(hkz_su2mix_box_t bx,
                                const hkz_su2mix_op_t op, slong prec)
{
    return hkz_su2mix_minorant(bx->mn, op, prec);
}

void hkz_su2mix_box_index(slong *nvec, const hkz_su2mix_box_t bx, slong b)
{
    slong i;
    for (i = bx->n - 1; i >= 0; i--)
    {
        nvec[i] = 1 + b % bx->nmax[i];
        b /= bx->nmax[i];
    }
}
