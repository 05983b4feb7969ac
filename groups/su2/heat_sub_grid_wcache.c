/* The weight cache of hkz_su2_heat_sub_multi (heat_sub_grid_multi.c):
 * per (t, working precision, d) the truncation K, M_k of
 * hkz_su2_sub_spectral_internal at that precision, the Arb weights
 * (2m+k+1) lambda^d e^{-lambda t} and the proven tails (spec 3.5,
 * heat_sub_tail.c); and the working precision of an entry (see the top
 * comment of heat_sub_grid_multi.c). */
#include <math.h>
#include <stdlib.h>
#include "hkz_check.h"
#include "heat_sub_internal.h"
#include "su2_grid_internal.h"

int hkz_su2_sub_wcache_init(hkz_su2_sub_wcache_t *c)
{
    *c = calloc(1, sizeof(struct hkz_su2_sub_wcache_struct));
    HKZ_CHECK(*c != NULL, HKZ_ERR_NOMEM, "hkz_su2_sub_wcache_init: "
              "out of memory");
    return HKZ_SUCCESS;
}

void hkz_su2_sub_wcache_clear(hkz_su2_sub_wcache_t c)
{
    slong i;
    if (c == NULL)
        return;
    for (i = 0; i < c->n; i++)
    {
        _hkz_su2_sub_went_t *w = c->e + i;
        _arb_vec_clear(w->W, w->off[w->K + 1]);
        arb_clear(w->t);
        mag_clear(w->tail);
        mag_clear(w->wsum);
        free(w->M);
        free(w->off);
    }
    free(c->e);
    _hkz_su2_sub_wcache_cos_clear(c);
    _hkz_su2_sub_coef_clear(c);
    free(c);
}

/* the working precision of an entry (see the top comment) */
slong _hkz_su2_sub_entry_wp(const arb_t t, const arb_t r, const arb_t z,
                            slong prec)
{
    double td = arf_get_d(arb_midref(t), ARF_RND_NEAR), extra = 8.0, w;
    arb_t zr;

    if (td < 1.0)
    {
        arb_init(zr);
        hkz_su2_sub_reduce_z_internal(zr, z, prec);
        extra += hkz_su2_sub_dist2_estimate_internal(
                     arf_get_d(arb_midref(r), ARF_RND_NEAR),
                     arf_get_d(arb_midref(zr), ARF_RND_NEAR))
                 / (4.0 * td * M_LN2) - 2.0 * log2(td);
        arb_clear(zr);
    }
    extra = FLINT_MIN(extra, 4.0 * prec + 1024.0);
    w = prec + extra + 28.0 + FLINT_MIN(0.08 / td, 2.0 * (prec + extra)
                                        + 256.0);
    return ((slong) w / 64 + 1) * 64;
}

const _hkz_su2_sub_went_t *_hkz_su2_sub_wcache_find(
        const struct hkz_su2_sub_wcache_struct *c, const arb_t t, slong wp,
        ulong d)
{
    slong i;
    for (i = 0; i < c->n; i++)
        if (c->e[i].wp == wp && c->e[i].d == d && arb_equal(c->e[i].t, t))
            return c->e + i;
    return NULL;
}

/* the weights of (t, wp, d) into w (the truncation of
 * hkz_su2_sub_spectral_internal at precision wp); 0 if K is too large */
static int make_weights(_hkz_su2_sub_went_t *w, const arb_t t, slong wp, ulong d)
{
    double td = arf_get_d(arb_midref(t), ARF_RND_NEAR);
    double logtol = -wp * M_LN2 + hkz_su2_sub_log_scale_internal(td, d);
    double logtol_k;
    slong K = hkz_su2_sub_choose_K_internal(td, d, logtol), M = 0, k, m;
    arb_t q, q2, gstep, g0, Q, wm, rho, a, pw;
    mag_t tlo, bk;

    if (K >= HKZ_SUB_KMAX)
        return 0;
    logtol_k = logtol - M_LN2 - log(K + 1.0);
    w->M = malloc((K + 1) * sizeof(slong));
    w->off = malloc((K + 2) * sizeof(slong));
    if (w->M == NULL || w->off == NULL)
    {
        free(w->M);
        free(w->off);
        return 0;
    }
    w->off[0] = 0;
    for (k = 0; k <= K; k++)
    {
        M = hkz_su2_sub_choose_M_internal(M, k, td, d, logtol_k);
        w->M[k] = M;
        w->off[k + 1] = w->off[k] + M + 1;
    }
    w->K = K;
    w->wp = wp;
    w->d = d;
    arb_init(w->t);
    arb_set(w->t, t);
    mag_init(w->tail);
    mag_init(w->wsum);
    w->W = _arb_vec_init(w->off[K + 1]);
    arb_init(q); arb_init(q2); arb_init(gstep); arb_init(g0); arb_init(Q);
    arb_init(wm); arb_init(rho); arb_init(a); arb_init(pw);
    mag_init(tlo); mag_init(bk);
    /* e^{-lambda t} = e^{-2kt} e^{-4m(m+k+1)t}: W_{m+1}/W_m = q^{2m+k+2},
     * q = e^{-4t} (as in hkz_su2_sub_spectral_internal) */
    arb_mul_si(a, t, -4, wp);
    arb_exp(q, a, wp);
    arb_sqr(q2, q, wp);
    arb_mul_si(a, t, -2, wp);
    arb_exp(gstep, a, wp);
    arb_one(g0);
    arb_set(Q, q2);
    arb_get_mag_lower(tlo, t);
    for (k = 0; k <= K; k++)
    {
        ulong ku = (ulong) k;
        arb_ptr W = w->W + w->off[k];

        arb_set(wm, g0);
        arb_set(rho, Q);
        for (m = 0; m <= w->M[k]; m++)
        {
            ulong mu = (ulong) m;
            arb_mul_ui(W + m, wm, 2 * mu + ku + 1, wp);
            if (d != 0)
            {
                arb_ui_pow_ui(pw, 4 * mu * (mu + ku + 1) + 2 * ku, d, wp);
                arb_mul(W + m, W + m, pw, wp);
            }
            arb_get_mag(bk, W + m);
            mag_add(w->wsum, w->wsum, bk);
            arb_mul(wm, wm, rho, wp);
            arb_mul(rho, rho, q2, wp);
        }
        hkz_su2_sub_tail_m_internal(bk, ku, (ulong) w->M[k], tlo, d);
        mag_add(w->tail, w->tail, bk);
        arb_mul(g0, g0, gstep, wp);
        arb_mul(Q, Q, q, wp);
    }
    hkz_su2_sub_tail_k_internal(bk, (ulong) K, tlo, d);
    mag_add(w->tail, w->tail, bk);
    arb_clear(q); arb_clear(q2); arb_clear(gstep); arb_clear(g0);
    arb_clear(Q); arb_clear(wm); arb_clear(rho); arb_clear(a); arb_clear(pw);
    mag_clear(tlo); mag_clear(bk);
    return 1;
}

int hkz_su2_sub_wcache_prepare(hkz_su2_sub_wcache_t c, const arb_t t,
        const arb_t r, const arb_t z, ulong d, slong prec)
{
    slong wp;
    const _hkz_su2_sub_went_t *w;
    int status = hkz_su2_sub_check_internal("hkz_su2_sub_wcache_prepare",
                                            t, r, z, d, prec);

    if (status != HKZ_SUCCESS)
        return status;
    wp = _hkz_su2_sub_entry_wp(t, r, z, prec);
    w = _hkz_su2_sub_wcache_find(c, t, wp, d);
    if (w != NULL)
    {
        _hkz_su2_sub_wcache_cos_add(c, z, _hkz_su2_sub_basis_wp(wp), w->K);
        return HKZ_SUCCESS;
    }
    if (c->n == c->alloc)
    {
        slong na = 2 * c->alloc + 8;
        _hkz_su2_sub_went_t *e = realloc(c->e, na * sizeof(_hkz_su2_sub_went_t));
        HKZ_CHECK(e != NULL, HKZ_ERR_NOMEM, "hkz_su2_sub_wcache_prepare: "
                  "out of memory");
        c->e = e;
        c->alloc = na;
    }
    if (make_weights(c->e + c->n, t, wp, d))
    {
        w = c->e + c->n++;
        _hkz_su2_sub_wcache_cos_add(c, z, _hkz_su2_sub_basis_wp(wp), w->K);
        /* the basis recurrence of this wp (heat_sub_grid_coef.c) */
        return _hkz_su2_sub_coef_add(c, _hkz_su2_sub_basis_wp(wp), w->K,
                                     w->M);
    }
    return HKZ_SUCCESS;
}

