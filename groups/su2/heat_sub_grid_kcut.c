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

slong _hkz_su2_sub_kcut(mag_t tail, const _hkz_su2_sub_went_t *w,
                        const mag_t c)
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
    lo = 0;
    hi = w->K;
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
