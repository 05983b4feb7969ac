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
 * Two cuts of the k-sum, both with proven remainders added to the radius:
 * for d = 0 the a priori cut k1(r, t) of heat_sub_grid_kcut.c (the basis,
 * weights and inner sums stop there; remainder T(k1) from |B_km| <=
 * cos(r)^k (k+1)^m), then the cut kt of k_cut below on the computed inner
 * sums d_k (remainder 2 sum_{k > kt} |d_k|, |c_k| <= 2).
 *
 * Working precision of an entry: the one hkz_su2_heat_sub uses (prec + 8 +
 * d^2/(4t ln 2) + 2 log2(1/t), heat_sub.c) plus the guard bits of
 * hkz_su2_sub_spectral_internal (10 + 18 >= bits(K), + 0.08/t for the
 * wrapping of the P_m recurrence), rounded up to a multiple of 64: a
 * function of the entry's own (t, r, z, d, prec).  The basis and 2 cos(kz)
 * are computed at the precision _hkz_su2_sub_basis_wp(wp) >= wp of that
 * (128, 256, then multiples of 256: fewer bases per r), the inner sums
 * and the entry's sum at wp.  So the value of an entry does not depend on
 * the other entries (tiling, shards, ranks). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "hkz_check.h"
#include "heat_sub_internal.h"
#include "su2_grid_internal.h"

/* scratch of one call, reused by its classes (grown on demand) */
typedef struct
{
    arb_ptr B, dk, c, ws;     /* basis, inner sums, 2 cos(kz), 4 balls */
    slong nB, ndk, nc;
    slong *kt;                /* per distinct time: last k summed */
    mag_ptr tl;               /* per distinct time: 2 sum_{k > kt} |d_k| */
    slong nt;
} multi_ws;

static int ws_vec(arb_ptr *v, slong *n, slong need)
{
    if (need <= *n)
        return 1;
    if (*v != NULL)
        _arb_vec_clear(*v, *n);
    *v = _arb_vec_init(need);
    *n = need;
    return *v != NULL;
}

/* kt, tl of one time: the d_k (k <= Kw) beyond kt are dropped from the
 * entries' sums, kt the smallest index with sum_{k > kt} |d_k| <=
 * 2^{-wp-4} sum_k |d_k| (upper bounds of the balls, mag arithmetic: a
 * function of (r, t, wp) only); since |c_k(z)| = |2 cos kz| <= 2, the
 * dropped part sum_{k > kt} c_k d_k is at most tl = 2 sum_{k > kt} |d_k|
 * in absolute value (d_k exact inside its ball). */
static void k_cut(slong *kt, mag_t tl, arb_srcptr dk, slong Kw, slong wp)
{
    mag_t tot, acc, x, thr;
    slong k;

    mag_init(tot); mag_init(acc); mag_init(x); mag_init(thr);
    for (k = 0; k <= Kw; k++)
    {
        arb_get_mag(x, dk + k);
        mag_add(tot, tot, x);
    }
    mag_mul_2exp_si(thr, tot, -wp - 4);
    *kt = Kw;
    for (k = Kw; k >= 1; k--)
    {
        arb_get_mag(x, dk + k);
        mag_add(x, x, acc);
        if (mag_cmp(x, thr) > 0)
            break;
        mag_swap(acc, x);
        *kt = k - 1;
    }
    mag_mul_2exp_si(tl, acc, 1);
    mag_clear(tot); mag_clear(acc); mag_clear(x); mag_clear(thr);
}

/* the entries sel[0..ns) (one r, basis precision wpb): the r-basis once
 * at wpb (heat_sub_grid_coef.c), at each entry's own precision w->wp the
 * inner sums d_k(t) = sum_m B_km W_km(t) once
 * per time, then per entry the sum over k <= kt(t) with c_k(z) (from the
 * cache wc, else computed here) plus the dropped part (k_cut) */
static int one_class(arb_ptr res, int *ok, const _hkz_su2_sub_went_t **wt,
                     const slong *sel, slong ns, const arb_t r,
                     const arb_struct *z, slong wpb, slong prec,
                     const struct hkz_su2_sub_wcache_struct *wc,
                     multi_ws *W)
{
    slong K = 0, k, i, i2, nb, nd = 0;
    slong *Mx, *bo, *first;
    const _hkz_su2_sub_cos_t *ce = NULL;
    const arb_struct *zprev = NULL;
    arb_t zr;
    mag_t e;

    first = malloc(ns * sizeof(slong));
    if (first == NULL)
        return hkz_error_set(HKZ_ERR_NOMEM, "out of memory");
    if (ns > W->nt)
    {
        slong *kt = realloc(W->kt, 2 * ns * sizeof(slong));
        if (kt != NULL)
            W->kt = kt;
        if (W->tl != NULL)
            _mag_vec_clear(W->tl, 2 * W->nt);
        W->tl = _mag_vec_init(2 * ns);
        W->nt = ns;
        if (kt == NULL)
        {
            free(first);
            return hkz_error_set(HKZ_ERR_NOMEM, "out of memory");
        }
    }
    arb_init(zr);
    mag_init(e);
    arb_cos(zr, r, 30);
    arb_get_mag(e, zr);                  /* >= cos r */
    /* the distinct times (same weights entry: same t, wp, d), and for
     * each the a priori cut k1 <= w->K (heat_sub_grid_kcut.c) at kt[ns +
     * f], its tail at tl[ns + f]; the basis stops at the largest k1 */
    for (i = 0; i < ns; i++)
    {
        for (i2 = 0; i2 < i && wt[sel[i2]] != wt[sel[i]]; i2++)
            ;
        if (i2 < i)
        {
            first[i] = first[i2];
            continue;
        }
        first[i] = nd;
        W->kt[ns + nd] = _hkz_su2_sub_kcut(W->tl + ns + nd, wt[sel[i]], e);
        /* weights not made that far (not prepared for this r): skipped */
        if (W->kt[ns + nd] > wt[sel[i]]->Kc)
            W->kt[ns + nd] = -1;
        K = FLINT_MAX(K, W->kt[ns + nd]);
        nd++;
    }
    Mx = calloc(K + 1, sizeof(slong));
    bo = malloc((K + 2) * sizeof(slong));
    if (Mx == NULL || bo == NULL)
    {
        free(Mx); free(bo); free(first);
        arb_clear(zr); mag_clear(e);
        return hkz_error_set(HKZ_ERR_NOMEM, "out of memory");
    }
    for (i = 0; i < ns; i++)
        for (k = 0; k <= W->kt[ns + first[i]]; k++)
            Mx[k] = FLINT_MAX(Mx[k], wt[sel[i]]->M[k]);
    bo[0] = 0;
    for (k = 0; k <= K; k++)
        bo[k + 1] = bo[k] + Mx[k] + 1;
    nb = bo[K + 1];
    if (!ws_vec(&W->B, &W->nB, nb) || !ws_vec(&W->dk, &W->ndk, nd * (K + 1))
        || !ws_vec(&W->c, &W->nc, K + 1))
    {
        free(Mx); free(bo); free(first);
        arb_clear(zr); mag_clear(e);
        return hkz_error_set(HKZ_ERR_NOMEM, "out of memory");
    }
    _hkz_su2_sub_r_basis(W->B, bo, K, Mx, r, wpb, wc, W->ws);
    /* d_k once per distinct time, and where its sum over k stops */
    for (i = 0; i < ns; i++)
    {
        const _hkz_su2_sub_went_t *w = wt[sel[i]];
        arb_ptr dk = W->dk + first[i] * (K + 1);
        for (i2 = 0; i2 < i && wt[sel[i2]] != w; i2++)
            ;
        if (i2 < i)
            continue;
        slong k1 = W->kt[ns + first[i]];
        if (k1 < 0)
            continue;
        for (k = 0; k <= k1; k++)
            arb_dot(dk + k, NULL, 0, W->B + bo[k], 1, w->W + w->off[k], 1,
                    w->M[k] + 1, w->wp);
        k_cut(W->kt + first[i], W->tl + first[i], dk, k1, w->wp);
        /* plus the a priori part beyond k1, also times |c_k| <= 2 */
        mag_mul_2exp_si(e, W->tl + ns + first[i], 1);
        mag_add(W->tl + first[i], W->tl + first[i], e);
    }
    for (i = 0; i < ns; i++)
    {
        const _hkz_su2_sub_went_t *w = wt[sel[i]];
        arb_ptr v = res + sel[i];
        slong kt = W->kt[first[i]];
        arb_srcptr cz = NULL;

        if (W->kt[ns + first[i]] < 0)
            continue;
        /* the vector of the previous entry if it has the same z */
        if (ce == NULL || ce->K < kt || (z + sel[i] != zprev
                                         && !arb_equal(z + sel[i], zprev)))
            ce = _hkz_su2_sub_wcache_cos(wc, z + sel[i], wpb, kt);
        zprev = z + sel[i];
        if (ce != NULL)
            cz = ce->c;

        /* 2 cos(kz) at the basis precision: cached for the grid, else
         * computed here (the same bits: c_k does not depend on how many
         * are computed) */
        if (cz == NULL)
        {
            hkz_su2_sub_reduce_z_internal(zr, z + sel[i], wpb);
            _hkz_su2_sub_cos_factors(W->c, kt, zr, wpb);
            cz = W->c;
        }
        arb_dot(v, NULL, 0, cz, 1, W->dk + first[i] * (K + 1), 1, kt + 1,
                w->wp);
        if (w->d % 2 == 1)
            arb_neg(v, v);   /* (-lambda)^d */
        mag_add(e, w->tail, W->tl + first[i]);
        arb_add_error_mag(v, e);
        arb_set_round(v, v, prec);
        ok[sel[i]] = 1;
    }
    arb_clear(zr);
    mag_clear(e);
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
    double td;
    multi_ws W;
    _hkz_su2_sub_d2memo_t memo;
    int status = HKZ_SUCCESS;

    memset(&W, 0, sizeof(W));
    _hkz_su2_sub_d2memo_init(&memo);
    memo.ptr_ok = 1;                 /* r is the same for the whole call */
    W.ws = _arb_vec_init(4);
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
        td = arf_get_d(arb_midref(t + i), ARF_RND_NEAR);
        wps[i] = _hkz_su2_sub_entry_wp(td, r, z + i, prec, &memo);
        wt[i] = _hkz_su2_sub_wcache_find(c, t + i, td, wps[i], d);
    }
    for (i = 0; i < n && status == HKZ_SUCCESS; i++)
    {
        if (wt[i] == NULL || ok[i])
            continue;
        /* the class of entries whose basis precision is that of entry i */
        ns = 0;
        for (i2 = i; i2 < n; i2++)
            if (wt[i2] != NULL && _hkz_su2_sub_basis_wp(wps[i2])
                                  == _hkz_su2_sub_basis_wp(wps[i]))
                sel[ns++] = i2;
        status = one_class(res, ok, wt, sel, ns, r, z,
                           _hkz_su2_sub_basis_wp(wps[i]), prec, c, &W);
    }
cleanup:
    free(wt);
    free(wps);
    free(sel);
    _arb_vec_clear(W.ws, 4);
    if (W.B != NULL)
        _arb_vec_clear(W.B, W.nB);
    if (W.dk != NULL)
        _arb_vec_clear(W.dk, W.ndk);
    if (W.c != NULL)
        _arb_vec_clear(W.c, W.nc);
    if (W.tl != NULL)
        _mag_vec_clear(W.tl, 2 * W.nt);
    free(W.kt);
    _hkz_su2_sub_d2memo_clear(&memo);
    return status;
}
