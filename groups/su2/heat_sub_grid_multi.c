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
 * truncates it (K, M_k from heat_sub_steer.c at the working precision, at
 * small t at that of the entry's source: heat_sub_grid_wcache.c) and
 * with the same proven tails (spec 3.5: hkz_su2_sub_tail_m_internal per k,
 * hkz_su2_sub_tail_k_internal for |k| > K, heat_sub_tail.c), valid for
 * every point since |D^n_kk| <= 1.  Every product and sum is in Arb
 * (arb_dot), so the ball contains p_t; or the outer sum over k is in
 * double-double with the proven bound of heat_sub_grid_dd.c.
 *
 * Two cuts of the k-sum, both with proven remainders added to the radius:
 * for d = 0 the a priori cut k1(r, t) of heat_sub_grid_kcut.c (the basis,
 * weights and inner sums stop there; remainder T(k1) from |B_km| <=
 * cos(r)^k (k+1)^m), then the cut kt on the computed inner
 * sums d_k (remainder 2 sum_{k > kt} |d_k|, |c_k| <= 2;
 * _hkz_su2_sub_kcut_post in heat_sub_grid_kcut.c).
 *
 * Working precision of an entry: the one hkz_su2_heat_sub uses (prec + 8 +
 * d^2/(4t ln 2) + 2 log2(1/t), heat_sub.c) plus the guard bits of
 * hkz_su2_sub_spectral_internal (10 + 18 >= bits(K), + 0.08/t for the
 * wrapping of the P_m recurrence), rounded up to a multiple of 64: a
 * function of the entry's own (t, r, z, d, prec).  The basis and 2 cos(kz)
 * are computed at the precision _hkz_su2_sub_basis_key(wp, t) >= wp of
 * that (128, 256, then multiples of 256, and 512 for 256 at small t:
 * fewer bases per r), the truncation, weights and inner sums at
 * _hkz_su2_sub_went_wsrc(wp, t) >= wp (few sets per small t: heat_sub_
 * grid_wcache.c), the cut kt and the entry's sum at wp.  So the value of
 * an entry does not depend on the other entries (tiling, shards,
 * ranks). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "hkz_check.h"
#include "heat_sub_internal.h"
#include "su2_grid_internal.h"

/* the entries sel[0..ns) (one r, basis key wpb): the r-basis once at
 * wpb (heat_sub_grid_coef.c), the inner sums d_k(t) = sum_m B_km W_km
 * once per truncation (an entry's own, or its source's: heat_sub_grid_
 * wcache.c) at that truncation's precision, then per entry, at its own
 * precision w->wp, its cut kt and the sum over k <= kt with c_k(z) (from
 * the cache wc, else computed here) plus the dropped part */
static int one_class(arb_ptr res, int *ok,
                     const _hkz_su2_sub_went_t *const *wt, const slong *cut,
                     const slong *sel, slong ns, const arb_t r,
                     const arb_struct *const *z, slong wpb, slong prec,
                     const struct hkz_su2_sub_wcache_struct *wc,
                     _hkz_su2_sub_mws_t *W)
{
    slong K = 0, k, i, f, nb, nd = 0;
    slong *Mx, *bo, *first, *rep, *kte;
    const _hkz_su2_sub_cos_t *ce = NULL;
    const arb_struct *zprev = NULL;
    arb_t zr;
    mag_t e;

    if (!_hkz_su2_sub_mws_room(W, ns, wc))
        return hkz_error_set(HKZ_ERR_NOMEM, "out of memory");
    first = W->first;
    rep = W->rep;
    kte = W->kt + 2 * ns;
    arb_init(zr);
    mag_init(e);
    arb_cos(zr, r, 30);
    arb_get_mag(e, zr);                  /* >= cos r */
    /* the distinct truncations (weights entries, or their sources; rep[f]
     * the first entry of f), and for each the a priori cut k1 <= K
     * (heat_sub_grid_kcut.c) at kt[ns + f], its tail at tl[ns + f]; the
     * basis stops at the largest k1 */
    for (i = 0; i < ns; i++)
    {
        const _hkz_su2_sub_went_t *ws = HKZ_SUB_WSRC(wc, wt[sel[i]]);
        slong q = ws - wc->e;
        if (W->mark[q] >= 0)
        {
            first[i] = W->mark[q];
            continue;
        }
        W->mark[q] = first[i] = nd;
        rep[nd] = i;
        W->kt[ns + nd] = cut == NULL
            ? _hkz_su2_sub_kcut(W->tl + ns + nd, ws, e)
            : _hkz_su2_sub_kcut_known(W->tl + ns + nd, ws, e, cut[sel[i]]);
        /* weights not made that far (not prepared for this r), or no
         * tails: skipped (ok = 0) */
        if (W->kt[ns + nd] > ws->Kc || !ws->tails)
            W->kt[ns + nd] = -1;
        K = FLINT_MAX(K, W->kt[ns + nd]);
        nd++;
    }
    for (f = 0; f < nd; f++)
        W->mark[HKZ_SUB_WSRC(wc, wt[sel[rep[f]]]) - wc->e] = -1;
    Mx = calloc(K + 1, sizeof(slong));
    bo = malloc((K + 2) * sizeof(slong));
    if (Mx == NULL || bo == NULL)
    {
        free(Mx); free(bo);
        arb_clear(zr); mag_clear(e);
        return hkz_error_set(HKZ_ERR_NOMEM, "out of memory");
    }
    for (f = 0; f < nd; f++)
        for (k = 0; k <= W->kt[ns + f]; k++)
            Mx[k] = FLINT_MAX(Mx[k], HKZ_SUB_WSRC(wc, wt[sel[rep[f]]])->M[k]);
    bo[0] = 0;
    for (k = 0; k <= K; k++)
        bo[k + 1] = bo[k] + Mx[k] + 1;
    nb = bo[K + 1];
    if (!_hkz_su2_sub_mws_vec(&W->B, &W->nB, nb)
        || !_hkz_su2_sub_mws_vec(&W->dk, &W->ndk, nd * (K + 1))
        || !_hkz_su2_sub_mws_vec(&W->c, &W->nc, K + 1)
        || !_hkz_su2_sub_mws_mag(W, nd * (K + 2)))
    {
        free(Mx); free(bo);
        arb_clear(zr); mag_clear(e);
        return hkz_error_set(HKZ_ERR_NOMEM, "out of memory");
    }
    _hkz_su2_sub_r_basis(W->B, bo, K, Mx, r, wpb, wc, W->ws);
    /* d_k once per truncation, the sums S of its cuts (heat_sub_grid_
     * kcut.c), the tail beyond k1 (also times |c_k| <= 2) */
    for (f = 0; f < nd; f++)
    {
        const _hkz_su2_sub_went_t *ws = HKZ_SUB_WSRC(wc, wt[sel[rep[f]]]);
        arb_ptr dk = W->dk + f * (K + 1);
        mag_ptr S = W->S + f * (K + 2), tot = S + K + 1;
        slong k1 = W->kt[ns + f];
        W->ydd[f].n = -1;
        W->kt[f] = -1;                   /* the longest dd prefix needed */
        if (k1 < 0)
            continue;
        for (k = 0; k <= k1; k++)
            arb_dot(dk + k, NULL, 0, W->B + bo[k], 1, ws->W + ws->off[k],
                    1, ws->M[k] + 1, ws->wp);
        _hkz_su2_sub_kcut_sums(S, tot, dk, k1);
        mag_mul_2exp_si(W->tl + ns + f, W->tl + ns + f, 1);
    }
    /* per entry its cut kt at its own precision (kte), its dropped part
     * (tl[i]: 2 T(k1) + the post tail), the dd prefix of its truncation */
    for (f = 0; f < nd; f++)
        W->kt[3 * ns + f] = -1;          /* the last entry of f cut */
    for (i = 0; i < ns; i++)
    {
        const _hkz_su2_sub_went_t *w = wt[sel[i]];
        slong i0;
        f = first[i];
        i0 = W->kt[3 * ns + f];
        kte[i] = -1;
        if (W->kt[ns + f] < 0)
            continue;
        if (i0 >= 0 && wt[sel[i0]]->wp == w->wp)
        {
            kte[i] = kte[i0];            /* the same cut */
            mag_set(W->tl + 2 * ns + i, W->tl + 2 * ns + i0);
            continue;
        }
        W->kt[3 * ns + f] = i;
        _hkz_su2_sub_kcut_post(kte + i, W->tl + 2 * ns + i,
                W->S + f * (K + 2), W->S + f * (K + 2) + K + 1,
                W->kt[ns + f], w->wp);
        mag_add(W->tl + 2 * ns + i, W->tl + 2 * ns + i, W->tl + ns + f);
        if (w->wp <= HKZ_SUB_DD_WP)
            W->kt[f] = FLINT_MAX(W->kt[f], kte[i]);
    }
    for (f = 0; f < nd; f++)
        if (W->kt[f] >= 0)
            _hkz_su2_sub_dd_set(W->ydd + f, W->dk + f * (K + 1),
                                W->kt[f] + 1);
    for (i = 0; i < ns; i++)
    {
        const _hkz_su2_sub_went_t *w = wt[sel[i]];
        const arb_struct *zi = z[sel[i]];
        arb_ptr v = res + sel[i];
        slong kt = kte[i];
        arb_srcptr cz = NULL;
        const _hkz_su2_sub_dd_t *xd;

        if (kt < 0)
            continue;
        /* the vector of the previous entry if it has the same z */
        if (ce == NULL || ce->K < kt || (zi != zprev
                                         && !arb_equal(zi, zprev)))
            ce = _hkz_su2_sub_wcache_cos(wc, zi, wpb, kt);
        zprev = zi;
        /* 2 cos(kz) at the basis precision: cached for the grid, else
         * computed here (the same bits: c_k does not depend on how many
         * are computed, nor do its double-doubles) */
        cz = ce != NULL ? ce->c : NULL;
        xd = ce != NULL ? &ce->dd : W->xdd;
        if (cz != NULL && w->wp <= HKZ_SUB_DD_WP && ce->Kd < kt)
        {
            _hkz_su2_sub_dd_set(W->xdd, cz, kt + 1);   /* not cached */
            xd = W->xdd;
        }
        if (cz == NULL)
        {
            hkz_su2_sub_reduce_z_internal(zr, zi, wpb);
            _hkz_su2_sub_cos_factors(W->c, kt, zr, wpb);
            cz = W->c;
            _hkz_su2_sub_dd_set(W->xdd, cz, kt + 1);
        }
        mag_add(e, HKZ_SUB_WSRC(wc, w)->tail, W->tl + 2 * ns + i);
        /* the double-double sum, else arb_dot: a choice made by the
         * entry's own terms */
        if (w->wp > HKZ_SUB_DD_WP
            || !_hkz_su2_sub_dd_try(v, xd, W->ydd + first[i], kt + 1, e,
                                    prec))
        {
            arb_dot(v, NULL, 0, cz, 1, W->dk + first[i] * (K + 1), 1,
                    kt + 1, w->wp);
            arb_add_error_mag(v, e);
        }
        if (w->d % 2 == 1)
            arb_neg(v, v);   /* (-lambda)^d */
        arb_set_round(v, v, prec);
        ok[sel[i]] = 1;
    }
    arb_clear(zr);
    mag_clear(e);
    free(Mx);
    free(bo);
    return HKZ_SUCCESS;
}

/* the entries [0, n) of one r with weights wt[i] (NULL: none, ok = 0)
 * and k-cuts cut[i] (NULL: made here), class by class of basis
 * precision */
static int one_r(arb_ptr res, int *ok, const _hkz_su2_sub_went_t *const *wt,
                 const slong *cut, slong n, const arb_t r, const arb_struct *const *z,
                 slong prec, const struct hkz_su2_sub_wcache_struct *c,
                 slong *sel, char *done, _hkz_su2_sub_mws_t *W)
{
    slong i, i2, ns, wpb;
    int status = HKZ_SUCCESS;

    for (i = 0; i < n; i++)
        done[i] = wt[i] == NULL;
    for (i = 0; i < n && status == HKZ_SUCCESS; i++)
    {
        if (done[i])
            continue;
        /* the class of entries whose basis precision is that of entry i */
        wpb = _hkz_su2_sub_basis_key(wt[i]->wp, wt[i]->td);
        ns = 0;
        for (i2 = i; i2 < n; i2++)
            if (!done[i2]
                && _hkz_su2_sub_basis_key(wt[i2]->wp, wt[i2]->td) == wpb)
            {
                sel[ns++] = i2;
                done[i2] = 1;
            }
        status = one_class(res, ok, wt, cut, sel, ns, r, z, wpb, prec, c,
                           W);
    }
    return status;
}

int hkz_su2_heat_sub_multi(arb_ptr res, int *ok, const arb_struct *t,
        slong n, const arb_t r, const arb_struct *z, ulong d, slong prec,
        const struct hkz_su2_sub_wcache_struct *c)
{
    const _hkz_su2_sub_went_t **wt = malloc(n * sizeof(_hkz_su2_sub_went_t *));
    const arb_struct **zp = malloc(n * sizeof(arb_struct *));
    slong *sel = malloc(n * sizeof(slong)), i;
    char *done = malloc(n);
    double td;
    _hkz_su2_sub_mws_t W;
    _hkz_su2_sub_d2memo_t memo;
    int status = HKZ_SUCCESS;

    memset(&W, 0, sizeof(W));
    _hkz_su2_sub_d2memo_init(&memo);
    memo.ptr_ok = 1;          /* r and z do not change during the call */
    W.ws = _arb_vec_init(4);
    HKZ_CHECK_GOTO(wt != NULL && zp != NULL && sel != NULL && done != NULL,
                   HKZ_ERR_NOMEM, "hkz_su2_heat_sub_multi: out of memory");
    for (i = 0; i < n; i++)
    {
        ok[i] = 0;
        arb_indeterminate(res + i);
        wt[i] = NULL;
        zp[i] = z + i;
        if (hkz_su2_sub_check_internal("hkz_su2_heat_sub_multi", t + i, r,
                                       z + i, d, prec) != HKZ_SUCCESS)
        {
            status = HKZ_ERR_DOMAIN;
            goto cleanup;
        }
        td = arf_get_d(arb_midref(t + i), ARF_RND_NEAR);
        wt[i] = _hkz_su2_sub_wcache_find(c, t + i, td,
                _hkz_su2_sub_entry_wp(td, r, z + i, prec, &memo), d);
    }
    status = one_r(res, ok, wt, NULL, n, r, zp, prec, c, sel, done, &W);
cleanup:
    free(wt);
    free(zp);
    free(sel);
    free(done);
    _hkz_su2_sub_mws_clear(&W);
    _hkz_su2_sub_d2memo_clear(&memo);
    return status;
}

int hkz_su2_heat_sub_multi_keys(arb_ptr res, int *ok, slong n,
        const slong *key, const slong *cut, const arb_struct *const *r,
        const arb_struct *const *z, slong prec,
        const struct hkz_su2_sub_wcache_struct *c)
{
    const _hkz_su2_sub_went_t **wt = malloc(FLINT_MAX(n, 1)
                                            * sizeof(_hkz_su2_sub_went_t *));
    slong *sel = malloc(FLINT_MAX(n, 1) * sizeof(slong)), i, a;
    char *done = malloc(FLINT_MAX(n, 1));
    _hkz_su2_sub_mws_t W;
    int status = HKZ_SUCCESS;

    memset(&W, 0, sizeof(W));
    W.ws = _arb_vec_init(4);
    HKZ_CHECK_GOTO(wt != NULL && sel != NULL && done != NULL, HKZ_ERR_NOMEM,
                   "hkz_su2_heat_sub_multi_keys: out of memory");
    for (i = 0; i < n; i++)
    {
        ok[i] = 0;
        arb_indeterminate(res + i);
        wt[i] = key[i] >= 0 && key[i] < c->n ? c->e + key[i] : NULL;
    }
    /* runs of one r, each as one call of hkz_su2_heat_sub_multi */
    for (a = 0; a < n && status == HKZ_SUCCESS; a = i)
    {
        for (i = a + 1; i < n && (r[i] == r[a] || arb_equal(r[i], r[a]));
             i++)
            ;
        status = one_r(res + a, ok + a, wt + a, cut != NULL ? cut + a : NULL,
                       i - a, r[a], z + a, prec, c, sel, done, &W);
    }
cleanup:
    free(wt);
    free(sel);
    free(done);
    _hkz_su2_sub_mws_clear(&W);
    return status;
}
