/* Sub-Laplacian heat kernel at several times of one point, sharing the
 * point's Arb basis: the certified fallback of the grids for the entries
 * that the double engine cannot certify (small values: small t, far
 * points).
 *
 * The sum is (3.1) of spec heat_kernels_su2.md, written as
 *   p_t = sum_{k=0}^{K} c_k sum_{m=0}^{M_k} B_km W_km(t) + tail,
 *   c_0 = 1, c_k = 2 cos(kz), B_km = cos(r)^k P_m^{(0,k)}(cos 2r),
 *   W_km(t) = (2m+k+1) lambda^d e^{-lambda t}, lambda = 4m(m+k+1) + 2k,
 * (times (-1)^d), truncated exactly as hkz_su2_sub_spectral_internal
 * truncates it (K, M_k from heat_sub_steer.c at the working precision) and
 * with the same proven tails (spec 3.5: hkz_su2_sub_tail_m_internal per k,
 * hkz_su2_sub_tail_k_internal for |k| > K, heat_sub_tail.c), valid for
 * every point since |D^n_kk| <= 1.  Every product and sum is in Arb
 * (arb_dot), so the ball contains p_t.
 *
 * Working precision of an entry: the one hkz_su2_heat_sub uses (prec + 8 +
 * d^2/(4t ln 2) + 2 log2(1/t), heat_sub.c) plus the guard bits of
 * hkz_su2_sub_spectral_internal (10 + 18 >= bits(K), + 0.08/t for the
 * wrapping of the P_m recurrence), rounded up to a multiple of 64: a
 * function of the entry's own (t, r, z, d, prec), so the value of an entry
 * does not depend on the other entries (tiling, shards, ranks). */
#include <math.h>
#include <stdlib.h>
#include "hkz_check.h"
#include "heat_sub_internal.h"
#include "su2_grid_internal.h"

/* B + bo[k] = cos(r)^k P_m^{(0,k)}(cos 2r), k <= K, m <= Mx[k], at
 * precision wp (the recurrence of hkz_su2_sub_spectral_internal) */
static void r_basis(arb_ptr B, const slong *bo, slong K, const slong *Mx,
                    const arb_t r, slong wp)
{
    slong k, m;
    arb_t cr, y, g0, a;

    arb_init(cr); arb_init(y); arb_init(g0); arb_init(a);
    arb_sin_cos(y, cr, r, wp);
    arb_sqr(y, y, wp);                  /* cos 2r = 1 - 2y */
    arb_one(g0);
    for (k = 0; k <= K; k++)
    {
        ulong ku = (ulong) k;
        arb_ptr G = B + bo[k];

        arb_set(G, g0);
        if (Mx[k] >= 1)
        {
            /* P_1^{(0,k)} = 1 - (k+2) y */
            arb_mul_ui(a, y, ku + 2, wp);
            arb_sub_ui(a, a, 1, wp);
            arb_neg(a, a);
            arb_mul(G + 1, g0, a, wp);
        }
        for (m = 1; m < Mx[k]; m++)
        {
            /* DLMF 18.9.1 (alpha = 0, beta = k, n = m, x = 1 - 2y) */
            ulong mu = (ulong) m, n2k = 2 * mu + ku;
            ulong lam = 4 * mu * (mu + ku + 1) + 2 * ku;

            arb_mul_ui(a, y, 2 * n2k * (n2k + 2), wp);
            arb_neg(a, a);
            arb_add_ui(a, a, lam, wp);
            arb_mul_ui(a, a, n2k + 1, wp);
            arb_mul(a, a, G + m, wp);
            arb_submul_ui(a, G + m - 1, 2 * mu * (mu + ku) * (n2k + 2), wp);
            arb_div_ui(G + m + 1, a, 2 * (mu + 1) * (mu + ku + 1) * n2k, wp);
        }
        arb_mul(g0, g0, cr, wp);
    }
    arb_clear(cr); arb_clear(y); arb_clear(g0); arb_clear(a);
}

/* the entries sel[0..ns) (all of precision wp, one r): the r-basis once,
 * the inner sums d_k(t) = sum_m B_km W_km(t) once per time, then per entry
 * the K-term sum with c_k(z) (from the cache wc, else computed here) */
static int one_class(arb_ptr res, int *ok, const _hkz_su2_sub_went_t **wt,
                     const slong *sel, slong ns, const arb_t r,
                     const arb_struct *z, slong wp, slong prec,
                     const struct hkz_su2_sub_wcache_struct *wc)
{
    slong K = 0, k, i, i2, nb, nd = 0;
    slong *Mx, *bo, *first;
    arb_ptr B, c, dk;
    arb_t zr;

    for (i = 0; i < ns; i++)
        K = FLINT_MAX(K, wt[sel[i]]->K);
    Mx = calloc(K + 1, sizeof(slong));
    bo = malloc((K + 2) * sizeof(slong));
    first = malloc(ns * sizeof(slong));
    if (Mx == NULL || bo == NULL || first == NULL)
    {
        free(Mx); free(bo); free(first);
        return hkz_error_set(HKZ_ERR_NOMEM, "out of memory");
    }
    for (i = 0; i < ns; i++)
        for (k = 0; k <= wt[sel[i]]->K; k++)
            Mx[k] = FLINT_MAX(Mx[k], wt[sel[i]]->M[k]);
    bo[0] = 0;
    for (k = 0; k <= K; k++)
        bo[k + 1] = bo[k] + Mx[k] + 1;
    nb = bo[K + 1];
    /* the distinct times (same weights entry: same t, wp, d) */
    for (i = 0; i < ns; i++)
    {
        for (i2 = 0; i2 < i && wt[sel[i2]] != wt[sel[i]]; i2++)
            ;
        first[i] = i2 < i ? first[i2] : nd++;
    }
    B = _arb_vec_init(nb);
    c = _arb_vec_init(K + 1);
    dk = _arb_vec_init(nd * (K + 1));
    arb_init(zr);
    r_basis(B, bo, K, Mx, r, wp);
    /* d_k once per distinct time */
    for (i = 0; i < ns; i++)
    {
        const _hkz_su2_sub_went_t *w = wt[sel[i]];
        for (i2 = 0; i2 < i && wt[sel[i2]] != w; i2++)
            ;
        if (i2 < i)
            continue;
        for (k = 0; k <= w->K; k++)
            arb_dot(dk + first[i] * (K + 1) + k, NULL, 0, B + bo[k], 1,
                    w->W + w->off[k], 1, w->M[k] + 1, wp);
    }
    for (i = 0; i < ns; i++)
    {
        const _hkz_su2_sub_went_t *w = wt[sel[i]];
        arb_ptr v = res + sel[i];
        arb_srcptr cz = _hkz_su2_sub_wcache_cos(wc, z + sel[i], wp, w->K);

        /* 2 cos(kz): cached for the grid, else computed here */
        if (cz == NULL)
        {
            hkz_su2_sub_reduce_z_internal(zr, z + sel[i], wp);
            _hkz_su2_sub_cos_factors(c, w->K, zr, wp);
            cz = c;
        }
        arb_dot(v, NULL, 0, cz, 1, dk + first[i] * (K + 1), 1, w->K + 1, wp);
        if (w->d % 2 == 1)
            arb_neg(v, v);   /* (-lambda)^d */
        arb_add_error_mag(v, w->tail);
        arb_set_round(v, v, prec);
        ok[sel[i]] = 1;
    }
    _arb_vec_clear(B, nb);
    _arb_vec_clear(c, K + 1);
    _arb_vec_clear(dk, nd * (K + 1));
    arb_clear(zr);
    free(Mx);
    free(bo);
    free(first);
    return HKZ_SUCCESS;
}

int hkz_su2_heat_sub_multi(arb_ptr res, int *ok, const arb_struct *t,
        slong n, const arb_t r, const arb_struct *z, ulong d, slong prec,
        const struct hkz_su2_sub_wcache_struct *c)
{
    const _hkz_su2_sub_went_t **wt = malloc(n * sizeof(_hkz_su2_sub_went_t *));
    slong *wps = malloc(n * sizeof(slong)), *sel = malloc(n * sizeof(slong));
    slong i, i2, ns;
    int status = HKZ_SUCCESS;

    HKZ_CHECK_GOTO(wt != NULL && wps != NULL && sel != NULL, HKZ_ERR_NOMEM,
                   "hkz_su2_heat_sub_multi: out of memory");
    for (i = 0; i < n; i++)
    {
        ok[i] = 0;
        arb_indeterminate(res + i);
        wt[i] = NULL;
        if (hkz_su2_sub_check_internal("hkz_su2_heat_sub_multi", t + i, r,
                                       z + i, d, prec) != HKZ_SUCCESS)
        {
            status = HKZ_ERR_DOMAIN;
            goto cleanup;
        }
        wps[i] = _hkz_su2_sub_entry_wp(t + i, r, z + i, prec);
        wt[i] = _hkz_su2_sub_wcache_find(c, t + i, wps[i], d);
    }
    for (i = 0; i < n && status == HKZ_SUCCESS; i++)
    {
        if (wt[i] == NULL || ok[i])
            continue;
        /* the class of entries with the working precision of entry i */
        ns = 0;
        for (i2 = i; i2 < n; i2++)
            if (wt[i2] != NULL && wps[i2] == wps[i])
                sel[ns++] = i2;
        status = one_class(res, ok, wt, sel, ns, r, z, wps[i], prec, c);
    }
cleanup:
    free(wt);
    free(wps);
    free(sel);
    return status;
}
