/* Sub-Laplacian spectral sum (3.1): the rigorous truncation bounds of
 * spec heat_kernels_su2.md section 3.5 (mag arithmetic, upper bounds). */
#include <math.h>
#include "hkz_check.h"
#include "heat_sub_internal.h"

/* ---- rigorous bounds (mag arithmetic, upper bounds) ------------------ */

/* res >= 1/(1 - e^{-X}) for every X >= x > 0, from e^X >= 1 + X:
 * 1/(1 - e^{-X}) <= 1 + 1/X (no cancellation for small X). */
static void inv_one_minus_expinv(mag_t res, const mag_t x)
{
    mag_inv(res, x);
    mag_add_ui(res, res, 1);
}

/* res >= sup_{lambda >= lam0} lambda^d e^{-lambda t/2} for all t >= tlo.
 * lambda^d e^{-lambda t/2} increases up to lambda = 2d/t and decreases
 * after it; its global maximum is (2d/(e t))^d. */
static void gfac_bound(mag_t res, ulong lam0, const mag_t tlo, ulong d)
{
    mag_t x, y;

    mag_init(x);
    mag_init(y);
    mag_mul_ui_lower(x, tlo, lam0);
    mag_set_ui(y, 2 * d);
    if (mag_cmp(x, y) >= 0)
    {
        /* lam0 >= 2d/t for every t in the ball: value at lam0 */
        mag_mul_2exp_si(x, x, -1);
        mag_expinv(res, x);
        mag_set_ui(y, lam0);
        mag_pow_ui(y, y, d);
        mag_mul(res, res, y);
    }
    else
    {
        mag_div(y, y, tlo);
        mag_set_d(x, 0.36787945);   /* >= 1/e */
        mag_mul(y, y, x);
        mag_pow_ui(res, y, d);
    }
    mag_clear(x);
    mag_clear(y);
}

/* Bound for the omitted m > M of one k (both signs when k > 0), section
 * 3.5 part 2: for m >= M+1, lambda_{m+1,k} - lambda_{m,k} = 4(2m+k+2) >=
 * 4(2M+k+4), so e^{-s lambda_{m,k}} <= e^{-s lambda_{M+1,k}} u^{m-M-1} with
 * u = e^{-4s(2M+k+4)}, and sum_{j>=0} (2M+k+3+2j) u^j = (2M+k+3)/(1-u) +
 * 2u/(1-u)^2.  |D^n_kk| <= 1 (unitary matrix coefficient).
 * d = 0: s = t.  d >= 1: lambda^d e^{-lambda t} <= G e^{-lambda t/2} with
 * G = sup_{lambda >= lambda_{M+1,k}} lambda^d e^{-lambda t/2} (all omitted
 * lambda of this k are >= lambda_{M+1,k}), so the same sum at s = t/2,
 * times G. */
void hkz_su2_sub_tail_m_internal(mag_t res, ulong k, ulong M,
                                 const mag_t tlo, ulong d)
{
    ulong lam1 = 4 * (M + 1) * (M + k + 2) + 2 * k;
    mag_t s, x, e, u, iu, br;

    mag_init(s);
    mag_init(x);
    mag_init(e);
    mag_init(u);
    mag_init(iu);
    mag_init(br);
    mag_mul_2exp_si(s, tlo, d == 0 ? 0 : -1);
    mag_mul_ui_lower(x, s, lam1);
    mag_expinv(e, x);
    mag_mul_ui_lower(x, s, 4 * (2 * M + k + 4));
    mag_expinv(u, x);
    inv_one_minus_expinv(iu, x);
    mag_mul_ui(br, iu, 2 * M + k + 3);
    mag_mul(x, iu, iu);
    mag_mul(x, x, u);
    mag_mul_2exp_si(x, x, 1);
    mag_add(br, br, x);
    mag_mul(res, e, br);
    if (k > 0)
        mag_mul_2exp_si(res, res, 1);
    if (d != 0)
    {
        gfac_bound(x, lam1, tlo, d);
        mag_mul(res, res, x);
    }
    mag_clear(s);
    mag_clear(x);
    mag_clear(e);
    mag_clear(u);
    mag_clear(iu);
    mag_clear(br);
}

/* Bound for all |k| > K, section 3.5 part 1: with v = e^{-2s} and
 * wb = e^{-4s(K+3)} (m(m+|k|+1) >= m(K+3) for |k| >= K+1),
 *   2 v^{K+1} { [(K+2)/(1-v) + v/(1-v)^2]/(1-wb) + 2wb/((1-wb)^2(1-v)) }.
 * d >= 1: s = t/2 and the factor sup_{lambda >= 2(K+1)} lambda^d
 * e^{-lambda t/2} (every omitted lambda = 4m(m+|k|+1)+2|k| >= 2(K+1)). */
void hkz_su2_sub_tail_k_internal(mag_t res, ulong K, const mag_t tlo,
                                 ulong d)
{
    mag_t s, x, v, iv, vK, w, iw, a, b;

    mag_init(s);
    mag_init(x);
    mag_init(v);
    mag_init(iv);
    mag_init(vK);
    mag_init(w);
    mag_init(iw);
    mag_init(a);
    mag_init(b);
    mag_mul_2exp_si(s, tlo, d == 0 ? 0 : -1);
    mag_mul_2exp_si(x, s, 1);
    mag_expinv(v, x);
    inv_one_minus_expinv(iv, x);
    mag_mul_ui_lower(x, s, 2 * (K + 1));
    mag_expinv(vK, x);
    mag_mul_ui_lower(x, s, 4 * (K + 3));
    mag_expinv(w, x);
    inv_one_minus_expinv(iw, x);
    /* a = (K+2)/(1-v) + v/(1-v)^2 */
    mag_mul_ui(a, iv, K + 2);
    mag_mul(b, iv, iv);
    mag_mul(b, b, v);
    mag_add(a, a, b);
    /* res = a/(1-wb) + 2 wb/((1-wb)^2 (1-v)) */
    mag_mul(a, a, iw);
    mag_mul(b, iw, iw);
    mag_mul(b, b, w);
    mag_mul(b, b, iv);
    mag_mul_2exp_si(b, b, 1);
    mag_add(a, a, b);
    mag_mul(res, a, vK);
    mag_mul_2exp_si(res, res, 1);
    if (d != 0)
    {
        gfac_bound(x, 2 * (K + 1), tlo, d);
        mag_mul(res, res, x);
    }
    mag_clear(s);
    mag_clear(x);
    mag_clear(v);
    mag_clear(iv);
    mag_clear(vK);
    mag_clear(w);
    mag_clear(iw);
    mag_clear(a);
    mag_clear(b);
}
