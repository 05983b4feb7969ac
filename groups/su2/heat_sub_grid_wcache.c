/* The weight cache of hkz_su2_heat_sub_multi (heat_sub_grid_multi.c):
 * per (t, working precision, d) the truncation K, M_k of
 * hkz_su2_sub_spectral_internal at that precision, the Arb weights
 * (2m+k+1) lambda^d e^{-lambda t} and the proven tails (spec 3.5,
 * heat_sub_tail.c); and the working precision of an entry (see the top
 * comment of heat_sub_grid_multi.c).  The entries are searched by binary
 * search in c->ord (kept sorted by heat_sub_grid_prep.c, which fills the
 * cache and calls down here, never the other way). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "hkz_check.h"
#include "heat_sub_internal.h"
#include "su2_grid_internal.h"
#include "heat_sub_mfirst_internal.h"

int hkz_su2_sub_wcache_init(hkz_su2_sub_wcache_t *c)
{
    *c = calloc(1, sizeof(struct hkz_su2_sub_wcache_struct));
    HKZ_CHECK(*c != NULL, HKZ_ERR_NOMEM, "hkz_su2_sub_wcache_init: "
              "out of memory");
    return HKZ_SUCCESS;
}

static void wcache_free(hkz_su2_sub_wcache_t c)
{
    slong i;
    for (i = 0; i < c->n; i++)
        _hkz_su2_sub_went_clear(c->e + i);
    free(c->e);
    free(c->ord);
    _hkz_su2_sub_wcache_cos_clear(c);
    _hkz_su2_sub_coef_clear(c);
    _hkz_sub_mf_cache_clear(c);
}

void hkz_su2_sub_wcache_clear(hkz_su2_sub_wcache_t c)
{
    if (c == NULL)
        return;
    wcache_free(c);
    free(c);
}

void hkz_su2_sub_wcache_reset(hkz_su2_sub_wcache_t c)
{
    if (c == NULL)
        return;
    wcache_free(c);
    memset(c, 0, sizeof(*c));
}

slong hkz_su2_sub_wcache_size(const struct hkz_su2_sub_wcache_struct *c)
{
    slong i, n = 0;
    if (c == NULL)
        return 0;
    for (i = 0; i < c->n; i++)
        if (c->e[i].off != NULL && c->e[i].Kc >= 0)
            n += c->e[i].off[c->e[i].Kc + 1];
    for (i = 0; i < c->ncz; i++)
        n += c->cz[i].K + 1;
    return n;
}

/* the working precision of an entry (see the top comment); the distance
 * estimate of (r, z) is kept in m (if not NULL) for the next entry */
slong _hkz_su2_sub_entry_wp(double td, const arb_t r, const arb_t z,
                            slong prec, _hkz_su2_sub_d2memo_t *m)
{
    double extra = 8.0, w;
    double d2;
    arb_t zr;

    if (td < 1.0)
    {
        if (m != NULL && m->have && m->prec == prec
            && ((m->ptr_ok && m->rp == r && m->zp == z)
                || (arb_equal(m->rz, r) && arb_equal(m->rz + 1, z))))
            d2 = m->d2;
        else
        {
            arb_init(zr);
            hkz_su2_sub_reduce_z_internal(zr, z, prec);
            d2 = hkz_su2_sub_dist2_estimate_internal(
                     arf_get_d(arb_midref(r), ARF_RND_NEAR),
                     arf_get_d(arb_midref(zr), ARF_RND_NEAR));
            arb_clear(zr);
            if (m != NULL)
            {
                arb_set(m->rz, r);
                m->rp = r;
                arb_set(m->rz + 1, z);
                m->zp = z;
                m->prec = prec;
                m->d2 = d2;
                m->have = 1;
            }
        }
        extra += d2 / (4.0 * td * M_LN2) - 2.0 * log2(td);
    }
    extra = FLINT_MIN(extra, 4.0 * prec + 1024.0);
    w = prec + extra + 28.0 + FLINT_MIN(0.08 / td, 2.0 * (prec + extra)
                                        + 256.0);
    return ((slong) w / 64 + 1) * 64;
}

void _hkz_su2_sub_d2memo_init(_hkz_su2_sub_d2memo_t *m)
{
    m->rz = _arb_vec_init(2);
    m->rp = m->zp = NULL;
    m->ptr_ok = 0;
    m->have = 0;
}

void _hkz_su2_sub_d2memo_clear(_hkz_su2_sub_d2memo_t *m)
{
    _arb_vec_clear(m->rz, 2);
}

void _hkz_su2_sub_went_clear(_hkz_su2_sub_went_t *w)
{
    slong k;
    if (w->Kc >= 0)
        _arb_vec_clear(w->W, w->off[w->Kc + 1]);
    for (k = 0; k < 5; k++)
        arb_clear(w->st + k);
    _arb_vec_clear(w->r1, 1);
    arb_clear(w->t);
    mag_clear(w->tail);
    free(w->M);
    free(w->off);
}

int _hkz_su2_sub_went_cmp(double td1, slong wp1, ulong d1, const arb_t t1,
        double td2, slong wp2, ulong d2, const arb_t t2)
{
    int s;
    if (td1 != td2)
        return td1 < td2 ? -1 : 1;
    if (wp1 != wp2)
        return wp1 < wp2 ? -1 : 1;
    if (d1 != d2)
        return d1 < d2 ? -1 : 1;
    s = arf_cmp(arb_midref(t1), arb_midref(t2));
    return s != 0 ? s : mag_cmp(arb_radref(t1), arb_radref(t2));
}

/* position in c->e of (t, wp, d), or -1 (binary search of c->ord) */
static slong went_pos(const struct hkz_su2_sub_wcache_struct *c,
                      const arb_t t, double td, slong wp, ulong d)
{
    slong lo = 0, hi = c->n;
    while (lo < hi)
    {
        slong mid = lo + (hi - lo) / 2, q = c->ord[mid];
        const _hkz_su2_sub_went_t *w = c->e + q;
        int s = _hkz_su2_sub_went_cmp(w->td, w->wp, w->d, w->t, td, wp, d,
                                      t);
        if (s == 0)
            return q;
        if (s < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return -1;
}

const _hkz_su2_sub_went_t *_hkz_su2_sub_wcache_find(
        const struct hkz_su2_sub_wcache_struct *c, const arb_t t, double td,
        slong wp, ulong d)
{
    slong q = went_pos(c, t, td, wp, d);
    return q >= 0 ? c->e + q : NULL;
}

/* w->tail: the m-tails of k <= K and the k-tail beyond K (spec 3.5,
 * heat_sub_tail.c) at a lower bound of t */
static void went_tails(_hkz_su2_sub_went_t *w)
{
    mag_t tlo, bk;
    slong k;

    mag_init(tlo);
    mag_init(bk);
    arb_get_mag_lower(tlo, w->t);
    mag_zero(w->tail);
    for (k = 0; k <= w->K; k++)
    {
        hkz_su2_sub_tail_m_internal(bk, (ulong) k, (ulong) w->M[k], tlo,
                                    w->d);
        mag_add(w->tail, w->tail, bk);
    }
    hkz_su2_sub_tail_k_internal(bk, (ulong) w->K, tlo, w->d);
    mag_add(w->tail, w->tail, bk);
    w->tails = 1;
    mag_clear(tlo);
    mag_clear(bk);
}

/* the truncation of hkz_su2_sub_spectral_internal at precision wp for
 * (t, d) into w, its tails (went_tails), and the state of the weight recurrence at k =
 * 0 (no weights yet: went_extend); 0 if K is too large */
int _hkz_su2_sub_went_make(_hkz_su2_sub_went_t *w, const arb_t t, slong wp,
                           ulong d)
{
    double td = arf_get_d(arb_midref(t), ARF_RND_NEAR);
    double logtol = -wp * M_LN2 + hkz_su2_sub_log_scale_internal(td, d);
    double logtol_k;
    slong K = hkz_su2_sub_choose_K_internal(td, d, logtol), M = 0, k;
    arb_ptr st = w->st;
    arb_t a;

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
    w->td = td;
    w->Kc = -1;
    w->kr = -1;
    w->src = -1;
    w->r1 = _arb_vec_init(1);
    w->W = NULL;
    w->wp = wp;
    w->d = d;
    arb_init(w->t);
    arb_set(w->t, t);
    mag_init(w->tail);
    for (k = 0; k < 5; k++)
        arb_init(st + k);
    arb_init(a);
    /* e^{-lambda t} = e^{-2kt} e^{-4m(m+k+1)t}: W_{m+1}/W_m = q^{2m+k+2},
     * q = e^{-4t} (as in hkz_su2_sub_spectral_internal); st = q, q^2,
     * e^{-2t}, then per k: e^{-2kt}, q^{k+2} */
    arb_mul_si(a, t, -4, wp);
    arb_exp(st + 0, a, wp);
    arb_sqr(st + 1, st + 0, wp);
    arb_mul_si(a, t, -2, wp);
    arb_exp(st + 2, a, wp);
    arb_one(st + 3);
    arb_set(st + 4, st + 1);
    /* the tails now, or for an entry that will sum with its source's
     * truncation (_hkz_su2_sub_went_link) only if it is not linked */
    w->tails = 0;
    if (_hkz_su2_sub_went_wsrc(wp, td) == wp)
        went_tails(w);
    arb_clear(a);
    return 1;
}

/* Shared truncations.  An entry of (t, wp, d) at small t is summed with
 * the truncation (K, M_k), tails, a priori k-cut, weights W and inner sums
 * d_k of the entry of (t, wp', d), wp' = _hkz_su2_sub_went_wsrc(wp) >= wp
 * (its source, when that one is cached: made by the same prepare), and at
 * its own wp only the outer sum over k, its cut kt (heat_sub_grid_multi.c)
 * and its rounding: the source's tails bound the source's truncation
 * (spec 3.5, at every point), its balls contain the exact W_km and d_k of
 * that truncation, and their bits depend on (t, wp', d) only -- so an
 * entry's ball is still a function of its own inputs.  wp' = wp rounded
 * up to 256, 512 (as the basis precisions): at t = 0.01 two sets of
 * weights and of inner sums per r instead of six (192 .. 512 bits); all
 * working precisions on 512 (longer truncations where an r has no
 * entries of 512) measured the same on B16. */
slong _hkz_su2_sub_went_wsrc(slong wp, double td)
{
    return wp > 128 && td < HKZ_SUB_SMALL_T
           ? _hkz_su2_sub_basis_wp(wp) : wp;
}

void _hkz_su2_sub_went_link(struct hkz_su2_sub_wcache_struct *c, slong q)
{
    _hkz_su2_sub_went_t *w = c->e + q;
    slong wp2 = _hkz_su2_sub_went_wsrc(w->wp, w->td);
    const _hkz_su2_sub_went_t *s;

    /* once per entry, before it makes W of its own */
    if (w->src >= 0 || w->Kc >= 0 || wp2 == w->wp)
    {
        if (w->src < 0 && !w->tails)
            went_tails(w);
        return;
    }
    s = _hkz_su2_sub_wcache_find(c, w->t, w->td, wp2, w->d);
    if (s != NULL && s->src < 0 && s->tails)
        w->src = s - c->e;
    else if (!w->tails)
        went_tails(w);           /* on its own */
}

/* the weights (2m+k+1) lambda^d e^{-lambda t} of w for k <= kn (at most
 * K), continuing the recurrence from k = Kc + 1: the bits of W_km do not
 * depend on how far or in how many steps the weights were extended */
int _hkz_su2_sub_went_extend(_hkz_su2_sub_went_t *w, slong kn)
{
    arb_ptr st = w->st, W;
    arb_t wm, rho, pw;
    slong k, m, n0 = w->off[w->Kc + 1];

    kn = FLINT_MIN(kn, w->K);
    if (kn <= w->Kc)
        return HKZ_SUCCESS;
    W = flint_realloc(w->W, w->off[kn + 1] * sizeof(arb_struct));
    HKZ_CHECK(W != NULL, HKZ_ERR_NOMEM, "su2-sub fallback: out of memory");
    w->W = W;
    for (k = n0; k < w->off[kn + 1]; k++)
        arb_init(W + k);
    arb_init(wm); arb_init(rho); arb_init(pw);
    for (k = w->Kc + 1; k <= kn; k++)
    {
        ulong ku = (ulong) k;
        arb_ptr Wk = W + w->off[k];

        /* wm = e^{-lambda t} of mode m (st + 3 at m = 0), rho = q^{2m+k+2}
         * (st + 4 at m = 0): each made only if a later mode reads it (the
         * same products as one step per m, fewer of them: M_k = 0 for
         * most k at small t) */
        for (m = 0; m <= w->M[k]; m++)
        {
            ulong mu = (ulong) m;
            arb_mul_ui(Wk + m, m == 0 ? st + 3 : wm, 2 * mu + ku + 1, w->wp);
            if (w->d != 0)
            {
                arb_ui_pow_ui(pw, 4 * mu * (mu + ku + 1) + 2 * ku, w->d,
                              w->wp);
                arb_mul(Wk + m, Wk + m, pw, w->wp);
            }
            if (m + 1 <= w->M[k])
                arb_mul(wm, m == 0 ? st + 3 : wm, m == 0 ? st + 4 : rho,
                        w->wp);
            if (m + 2 <= w->M[k])
                arb_mul(rho, m == 0 ? st + 4 : rho, st + 1, w->wp);
        }
        arb_mul(st + 3, st + 3, st + 2, w->wp);
        arb_mul(st + 4, st + 4, st + 0, w->wp);
    }
    w->Kc = kn;
    arb_clear(wm); arb_clear(rho); arb_clear(pw);
    return HKZ_SUCCESS;
}
