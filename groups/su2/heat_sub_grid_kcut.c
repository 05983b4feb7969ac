/* Where the k-sum of the batched fallback (heat_sub_grid_multi.c) may stop
 * before the K of the time's truncation, from a bound that holds before
 * the basis is computed (so that the basis itself stops there).
 *
 * d_k(t) = sum_{m <= M_k} B_km W_km,  B_km = cos(r)^k P_m^{(0,k)}(cos 2r),
 * W_km = (2m+k+1) e^{-lambda t},  lambda = 4m(m+k+1) + 2k  (d = 0).
 *
 * Basis.  DLMF 18.5.8 with alpha = 0, beta = k, x = cos 2r:
 *   P_m^{(0,k)} = sum_l C(m,l) C(m+k, m-l) (-sin^2 r)^{m-l} (cos^2 r)^l,
 * so |P_m| <= max_{j <= m} C(m+k, j) sum_l C(m,l) sin^{2(m-l)} cos^{2l}
 * = C(m+k, m) for m <= k, and C(m+k, m) = prod_{i<=m} (k+i)/i <= (k+1)^m:
 * |B_km| <= c^k (k+1)^m (m <= k), c >= cos r; and |B_km| <= 1 always
 * (B_km is the Wigner element d^n_{kk}, |D^n_kk| <= 1, spec 3.5), used
 * for m > k.
 *
 * Weights.  lambda >= 2k + 4m(k+1): W_km <= (2m+k+1) g sig^m, g =
 * e^{-2kt}, sig = e^{-4(k+1)t}.  With rho = (k+1) sig <= 1/2 (then sig <=
 * 1/2 too) and sum_{m>=0} (a + 2m) x^m = a/(1-x) + 2x/(1-x)^2 <= 2a + 4
 * for x <= 1/2:
 *   sum_{m<=k} |B W| <= c^k g (2k + 6),
 *   sum_{m>k} |B W| <= g sum_{m>=k+1} 3m sig^m
 *                    = 3 g sig^{k+1} ((k+1)/(1-sig) + sig/(1-sig)^2)
 *                   <= 6 (k+2) g sig^{k+1} <= (2k+6) 3 e^{-4(k+1)^2 t},
 * so |d_k| <= (2k+6) (q^k + 3 s^{k+1}), q = c e^{-2t}, s = e^{-4(k1+2)t}
 * for k > k1 (e^{-4(k+1)^2 t} <= s^{k+1}).  rho_k = x e^{-4xt} (x = k+1)
 * decreases for x >= 1/(4t), so rho_k <= 1/2 for every k > k1 once
 * k1 + 2 >= 1/(4t) and rho_{k1+1} <= 1/2.  Summing (a = k1 + 1):
 *   sum_{k>k1} |d_k| <= T(k1) = q^a ((2a+6)/(1-q) + 2q/(1-q)^2)
 *                     + 3 s^{a+1} ((2a+6)/(1-s) + 2s/(1-s)^2),
 * every step in mag arithmetic (upper bounds; 1 - x from below). */
#include <math.h>
#include <stdlib.h>
#include "hkz_check.h"
#include "su2_grid_internal.h"

/* x^a ((2a+6)/(1-x) + 2x/(1-x)^2), upper bound; +inf if x >= 1 */
static void geo(mag_t res, const mag_t x, ulong a, mag_t u, mag_t v)
{
    mag_one(u);
    mag_sub_lower(u, u, x);              /* 1 - x, from below */
    if (mag_is_zero(u))
    {
        mag_inf(res);
        return;
    }
    mag_set_ui(v, 2 * a + 6);
    mag_div(v, v, u);                    /* (2a+6)/(1-x) */
    mag_mul_lower(u, u, u);              /* (1-x)^2, from below */
    mag_mul_2exp_si(res, x, 1);
    mag_div(res, res, u);                /* 2x/(1-x)^2 */
    mag_add(v, v, res);
    mag_pow_ui(res, x, a);
    mag_mul(res, res, v);
}

/* T(k1) above for q, tl = t from below; 0 if the conditions on rho fail
 * (then res is not set) */
static int tail_at(mag_t res, slong k1, const mag_t q, const mag_t tl,
                   mag_t s, mag_t u, mag_t v, mag_t w)
{
    ulong a = (ulong) k1 + 1;

    /* rho_{k1+1} = (k1+2) e^{-4(k1+2)t} <= 1/2, and k1+2 >= 1/(4t) */
    mag_mul_ui_lower(w, tl, 4 * (a + 1));
    if (mag_cmp_2exp_si(w, 0) < 0)
        return 0;
    mag_expinv(s, w);                    /* s = e^{-4(k1+2)t} */
    mag_mul_ui(u, s, a + 1);
    if (mag_cmp_2exp_si(u, -1) > 0)
        return 0;
    geo(res, q, a, u, v);
    geo(w, s, a, u, v);
    mag_mul(w, w, s);
    mag_mul_ui(w, w, 3);
    mag_add(res, res, w);
    return 1;
}

/* known < 0: the cut by bisection; else the k1 an earlier call returned
 * for the same (w, c), whose tail is recomputed alone (the same ops) */
static slong kcut(mag_t tail, const _hkz_su2_sub_went_t *w, const mag_t c,
                  slong known)
{
    mag_t q, q0, tl, s, u, v, x, thr, T;
    slong lo, hi, mid, best = w->K;

    mag_zero(tail);
    if (w->d != 0 || w->K < 2)
        return w->K;
    mag_init(q); mag_init(q0); mag_init(tl); mag_init(s); mag_init(u);
    mag_init(v);
    mag_init(x); mag_init(thr); mag_init(T);
    arb_get_mag_lower(tl, w->t);
    mag_mul_2exp_si(x, tl, 1);
    mag_expinv(q0, x);                   /* e^{-2t} */
    mag_mul(q, q0, c);                   /* q = c e^{-2t} */
    /* threshold 2^{-wp-8} S, S = 1/(1 - e^{-2t})^2 = sum_k (k+1)
     * e^{-2kt} (the m = 0 weights; a scale of p_t(e) that depends on t
     * only) */
    mag_one(u);
    mag_sub_lower(u, u, q0);
    mag_mul_lower(u, u, u);
    mag_one(thr);
    mag_div(thr, thr, u);
    mag_mul_2exp_si(thr, thr, -w->wp - 8);
    /* the smallest k1 < K with T(k1) <= thr (bisection; the answer is
     * checked, so only its size depends on T being monotone) */
    lo = known >= 0 ? known : 0;
    hi = known >= 0 ? known : w->K;
    while (lo < hi)
    {
        mid = lo + (hi - lo) / 2;
        if (tail_at(T, mid, q, tl, s, u, v, x) && mag_cmp(T, thr) <= 0)
            hi = mid;
        else
            lo = mid + 1;
    }
    if (lo < w->K && tail_at(T, lo, q, tl, s, u, v, x)
        && mag_cmp(T, thr) <= 0)
    {
        best = lo;
        mag_set(tail, T);
    }
    mag_clear(q); mag_clear(q0); mag_clear(tl); mag_clear(s); mag_clear(u);
    mag_clear(v);
    mag_clear(x); mag_clear(thr); mag_clear(T);
    return best;
}

slong _hkz_su2_sub_kcut(mag_t tail, const _hkz_su2_sub_went_t *w,
                        const mag_t c)
{
    return kcut(tail, w, c, -1);
}

slong _hkz_su2_sub_kcut_known(mag_t tail, const _hkz_su2_sub_went_t *w,
                              const mag_t c, slong k1)
{
    return kcut(tail, w, c, FLINT_MAX(k1, 0));
}

/* an (r, weights) pair of entries: the k-cut depends on these only */
typedef struct
{
    const arb_struct *r;
    slong wi, i;
} sub_pair_t;

static int by_pair(const void *a, const void *b)
{
    const sub_pair_t *u = a, *v = b;
    int s = 0;
    if (u->r != v->r)                     /* the same ball: a quick tie */
    {
        s = arf_cmp(arb_midref(u->r), arb_midref(v->r));
        if (s == 0)
            s = mag_cmp(arb_radref(u->r), arb_radref(v->r));
    }
    if (s == 0)
        s = (u->wi > v->wi) - (u->wi < v->wi);
    return s != 0 ? s : (u->i > v->i) - (u->i < v->i);
}

/* the a priori k-cut of the distinct pairs [i0, i1) into pk (sorted by
 * r: cos r once per r) */
typedef struct
{
    const struct hkz_su2_sub_wcache_struct *c;
    sub_pair_t *pr;
    slong *pk;
} kcut_par_t;

static void kcut_range(size_t i0, size_t i1, void *arg)
{
    kcut_par_t *P = arg;
    const arb_struct *rprev = NULL;
    arb_t x;
    mag_t cm, tl;
    size_t i;

    arb_init(x); mag_init(cm); mag_init(tl);
    for (i = i0; i < i1; i++)
    {
        const sub_pair_t *q = P->pr + i;
        if (rprev == NULL || (rprev != q->r && !arb_equal(rprev, q->r)))
        {
            arb_cos(x, q->r, 30);
            arb_get_mag(cm, x);
            rprev = q->r;
        }
        P->pk[i] = _hkz_su2_sub_kcut(tl, P->c->e + q->wi, cm);
    }
    arb_clear(x); mag_clear(cm); mag_clear(tl);
    flint_cleanup();
}

int _hkz_su2_sub_kcut_many(slong *k1, slong n, const arb_struct *const *r,
        const slong *wi, const struct hkz_su2_sub_wcache_struct *c,
        hkz_engine_t e)
{
    kcut_par_t P;
    slong i, np = 0, nq = 0, *fr = malloc(FLINT_MAX(n, 1) * sizeof(slong));
    int status;

    P.c = c;
    P.pr = malloc(FLINT_MAX(n, 1) * sizeof(sub_pair_t));
    P.pk = malloc(FLINT_MAX(n, 1) * sizeof(slong));
    if (P.pr == NULL || P.pk == NULL || fr == NULL)
    {
        free(P.pr);
        free(P.pk);
        free(fr);
        return hkz_error_set(HKZ_ERR_NOMEM, "su2-sub fallback: out of "
                             "memory");
    }
    /* the pairs first by address (fr), then by value */
    status = _hkz_su2_sub_first_of(fr, n, r, wi);
    for (i = 0; i < n; i++)
    {
        k1[i] = -1;
        if (wi[i] < 0 || status != HKZ_SUCCESS || fr[i] != i)
            continue;
        P.pr[np].r = r[i];
        P.pr[np].wi = wi[i];
        P.pr[np++].i = i;
    }
    qsort(P.pr, np, sizeof(sub_pair_t), by_pair);
    /* the distinct pairs first (nq of them); pk of entry i via k1[i] =
     * its pair's index for now */
    for (i = 0; i < np; i++)
    {
        sub_pair_t q = P.pr[i];
        if (nq == 0 || P.pr[nq - 1].wi != q.wi
            || (P.pr[nq - 1].r != q.r && !arb_equal(P.pr[nq - 1].r, q.r)))
            P.pr[nq++] = q;
        k1[q.i] = nq - 1;
    }
    if (status == HKZ_SUCCESS)
        status = hkz_engine_parallel_for(e, (size_t) nq, kcut_range, &P);
    for (i = 0; i < n; i++)
        if (k1[i] >= 0)
            k1[i] = P.pk[k1[i]];
    for (i = 0; i < n; i++)          /* the same (r, weights) as before */
        if (wi[i] >= 0 && fr[i] != i)
            k1[i] = k1[fr[i]];
    free(P.pr);
    free(P.pk);
    free(fr);
    return status;
}

/* The cut kt on the computed inner sums of the batched fallback
 * (heat_sub_grid_multi.c).  kt, tl of one time: the d_k (k <= Kw) beyond
 * kt are dropped from the entries' sums, kt the smallest index with
 * sum_{k > kt} |d_k| <= 2^{-wp-4} sum_k |d_k| (upper bounds of the
 * balls, mag arithmetic: a function of the d_k and wp only); since
 * |c_k(z)| = |2 cos kz| <= 2, the dropped part sum_{k > kt} c_k d_k is at
 * most tl = 2 sum_{k > kt} |d_k| in absolute value (d_k exact inside its
 * ball).  The sums once per d (_kcut_sums), the cut per wp (_kcut_post:
 * entries of several working precisions share one d at small t). */
void _hkz_su2_sub_kcut_sums(mag_ptr S, mag_t tot, arb_srcptr dk, slong Kw)
{
    slong k;
    mag_zero(tot);
    for (k = 0; k <= Kw; k++)
    {
        arb_get_mag(S + k, dk + k);
        mag_add(tot, tot, S + k);
    }
    for (k = Kw - 1; k >= 1; k--)
        mag_add(S + k, S + k, S + k + 1);
}

/* the cut: drop k from Kw down while the dropped sum S[k] (added from Kw
 * down) stays <= thr = 2^{-wp-4} tot; the dropped k are those with S[k]
 * <= thr, a suffix (S[k] >= S[k+1]: upward additions of mags >= 0), so the
 * smallest is found by bisection: one pass per working precision */
void _hkz_su2_sub_kcut_post(slong *kt, mag_t tl, mag_srcptr S,
                            const mag_t tot, slong Kw, slong wp)
{
    slong lo = 1, hi = Kw + 1, mid;     /* smallest k >= 1, S[k] <= thr */
    mag_t thr;

    mag_init(thr);
    mag_mul_2exp_si(thr, tot, -wp - 4);
    while (lo < hi)
    {
        mid = lo + (hi - lo) / 2;
        if (mag_cmp(S + mid, thr) <= 0)
            hi = mid;
        else
            lo = mid + 1;
    }
    *kt = lo - 1;
    if (lo > Kw)
    {
        *kt = Kw;
        mag_zero(tl);
    }
    else
        mag_mul_2exp_si(tl, S + lo, 1);
    mag_clear(thr);
}
