/* Sub-Laplacian heat kernel: certified spectral sum (3.1) with the
 * truncation bounds of spec heat_kernels_su2.md section 3.5. */
#include <math.h>
#include "hkz_check.h"
#include "heat_sub_internal.h"

/* Block length for cos(kz): cos(kz) = Re(e^{i(k-j)z} e^{ijz}) with both
 * factors from arb_sin_cos, so radii do not grow with k (a Chebyshev
 * recurrence in ball arithmetic would double them at every step). */
#define COS_BLOCK 32

/* ---- steering (double, natural logarithms; not rigorous) ------------- */

double hkz_su2_sub_log_scale_internal(double t, ulong d)
{
    /* small t: d^d/dt^d of p_t(e) ~ pi^2/(16 t^2); large t: the lambda = 2
     * eigenvalue (multiplicity 4) or the constant 1 */
    double large = d == 0 ? 0.0 : log(4.0) + d * M_LN2 - 2.0 * t;
    double small;

    if (t >= 1.0)
        return large;
    small = log(M_PI * M_PI / 16.0) + lgamma(d + 2.0) - (d + 2.0) * log(t);
    return FLINT_MAX(small, large);
}

/* ln sup_{lambda >= lam0} lambda^d e^{-lambda t/2} */
static double log_gfac(double lam0, double t, ulong d)
{
    if (lam0 * t >= 2.0 * d)
        return d * log(lam0) - lam0 * t / 2.0;
    return d * log(2.0 * d / (M_E * t));
}

/* ln of the k-tail bound (part 1 of section 3.5), see tail_k_bound */
static double log_tail_k(slong K, double t, ulong d)
{
    double s = d == 0 ? t : t / 2.0;
    double v = exp(-2.0 * s), omv = -expm1(-2.0 * s);
    double w = exp(-4.0 * s * (K + 3)), omw = -expm1(-4.0 * s * (K + 3));
    double br = ((K + 2) / omv + v / (omv * omv)) / omw
                + 2.0 * w / (omw * omw * omv);
    double res = M_LN2 - 2.0 * s * (K + 1) + log(br);

    if (d != 0)
        res += log_gfac(2.0 * (K + 1), t, d);
    return res;
}

/* ln of the m-tail bound for one k (both signs of k), see tail_m_bound */
static double log_tail_m(slong M, slong k, double t, ulong d)
{
    double s = d == 0 ? t : t / 2.0;
    double lam1 = 4.0 * (M + 1) * (M + k + 2) + 2.0 * k;
    double x = 4.0 * s * (2 * M + k + 4);
    double u = exp(-x), omu = -expm1(-x);
    double br = (2 * M + k + 3) / omu + 2.0 * u / (omu * omu);
    double res = (k > 0 ? M_LN2 : 0.0) - s * lam1 + log(br);

    if (d != 0)
        res += log_gfac(lam1, t, d);
    return res;
}

slong hkz_su2_sub_choose_K_internal(double t, ulong d, double logtol)
{
    double target = logtol - M_LN2;   /* half of the budget */
    slong Kmin = 0, lo, hi, mid;

    if (d != 0)
    {
        /* keep lambda0 = 2(K+1) >= 2d/t so that lambda0^d e^{-lambda0 t/2}
         * is the sup in the derivative bound */
        double kk = ceil(d / t) - 1.0;
        Kmin = kk >= (double) HKZ_SUB_KMAX ? HKZ_SUB_KMAX
               : (kk > 0 ? (slong) kk : 0);
    }
    if (log_tail_k(Kmin, t, d) <= target)
        return Kmin;
    lo = Kmin;
    hi = FLINT_MAX(2 * Kmin, 1);
    while (hi < HKZ_SUB_KMAX && log_tail_k(hi, t, d) > target)
    {
        lo = hi;
        hi = FLINT_MIN(2 * hi, HKZ_SUB_KMAX);
    }
    if (log_tail_k(hi, t, d) > target)
        return HKZ_SUB_KMAX;
    while (hi - lo > 1)
    {
        mid = lo + (hi - lo) / 2;
        if (log_tail_k(mid, t, d) <= target)
            hi = mid;
        else
            lo = mid;
    }
    return hi;
}

slong hkz_su2_sub_choose_M_internal(slong Mstart, slong k, double t,
                                    ulong d, double logtol)
{
    slong M = FLINT_MAX(0, FLINT_MIN(Mstart, HKZ_SUB_MMAX));

    while (M < HKZ_SUB_MMAX && log_tail_m(M, k, t, d) > logtol)
        M++;
    while (M > 0 && log_tail_m(M - 1, k, t, d) <= logtol)
        M--;
    return M;
}

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

/* ---- the sum --------------------------------------------------------- */

void hkz_su2_sub_spectral_internal(arb_t res, const arb_t t, const arb_t r,
                                   const arb_t z, ulong deriv, slong prec)
{
    double td = arf_get_d(arb_midref(t), ARF_RND_NEAR);
    double logtol, logtol_k;
    slong K, M, m, k, j, wp, nb;
    arb_ptr tab;
    arb_t c, y, q, q2, gstep, g0, Q, sum, sk, gprev, gcur, gnext, w, rho,
        term, a, pw, cb, sb;
    mag_t tlo, err, bk;

    logtol = -prec * M_LN2 + hkz_su2_sub_log_scale_internal(td, deriv);
    K = hkz_su2_sub_choose_K_internal(td, deriv, logtol);
    if (K >= HKZ_SUB_KMAX && deriv == 0)
    {
        /* more than HKZ_SUB_KMAX values of k would be needed (tiny t):
         * return at once the a priori enclosure 0 <= p_t(g) <= p_t(e)
         * (positivity of the heat kernel; |D^n_kk| <= 1 in (3.1)), p_t(e)
         * by the closed form (3.3) */
        arb_init(a);
        hkz_su2_sub_fibre_internal(res, t, a, prec);
        arb_union(res, res, a, prec);
        arb_clear(a);
        return;
    }
    /* the m-tails share the other half of the budget */
    logtol_k = logtol - M_LN2 - log(K + 1.0);
    M = 0;
    /* guard bits: K additions, and the ball recurrence for P_m: its
     * radii grow like (1 + sqrt 2)^m (wrapping effect, |a_m| ~ 2 and
     * |b_m| ~ 1, even at r = 0 where P_m = 1) while the weights decay like
     * e^{-4 m^2 t}; the product peaks at about e^{0.05/t} */
    wp = prec + 10 + FLINT_BIT_COUNT(K)
         + (slong) FLINT_MIN(0.08 / td, 2.0 * prec + 256.0);

    arb_init(c);
    arb_init(y);
    arb_init(q);
    arb_init(q2);
    arb_init(gstep);
    arb_init(g0);
    arb_init(Q);
    arb_init(sum);
    arb_init(sk);
    arb_init(gprev);
    arb_init(gcur);
    arb_init(gnext);
    arb_init(w);
    arb_init(rho);
    arb_init(term);
    arb_init(a);
    arb_init(pw);
    arb_init(cb);
    arb_init(sb);
    mag_init(tlo);
    mag_init(err);
    mag_init(bk);

    nb = FLINT_MIN(COS_BLOCK, K + 1);
    tab = _arb_vec_init(2 * nb);   /* cos(jz), sin(jz), j < nb */
    for (j = 0; j < nb; j++)
    {
        arb_mul_ui(a, z, j, wp);
        arb_sin_cos(tab + nb + j, tab + j, a, wp);
    }

    /* c = cos r, y = sin^2 r: cos 2r = 1 - 2y without cancellation */
    arb_sin_cos(y, c, r, wp);
    arb_sqr(y, y, wp);
    arb_mul_si(a, t, -4, wp);
    arb_exp(q, a, wp);                 /* q = e^{-4t} */
    arb_sqr(q2, q, wp);
    arb_mul_si(a, t, -2, wp);
    arb_exp(gstep, a, wp);
    arb_mul(gstep, gstep, c, wp);      /* e^{-2t} cos r */
    arb_one(g0);                       /* (e^{-2t} cos r)^k */
    arb_set(Q, q2);                    /* q^{k+2} */
    arb_get_mag_lower(tlo, t);
    arb_zero(sum);
    mag_zero(err);

    for (k = 0; k <= K; k++)
    {
        ulong ku = (ulong) k;

        M = hkz_su2_sub_choose_M_internal(M, k, td, deriv, logtol_k);
        /* G_m = e^{-2kt} cos(r)^k P_m^{(0,k)}(1 - 2y), weight W_m =
         * e^{-4m(m+k+1)t} with W_{m+1} = W_m q^{2m+k+2} */
        arb_zero(sk);
        arb_set(gcur, g0);
        arb_one(w);
        arb_set(rho, Q);
        for (m = 0; ; m++)
        {
            ulong mu = (ulong) m;
            ulong lam = 4 * mu * (mu + ku + 1) + 2 * ku;

            arb_mul(term, gcur, w, wp);
            arb_mul_ui(term, term, 2 * mu + ku + 1, wp);
            if (deriv != 0)
            {
                arb_ui_pow_ui(pw, lam, deriv, wp);
                arb_mul(term, term, pw, wp);
            }
            arb_add(sk, sk, term, wp);
            if (m == M)
                break;
            if (m == 0)
            {
                /* P_1^{(0,k)}(x) = ((k+2)x - k)/2 = 1 - (k+2)y */
                arb_mul_ui(a, y, ku + 2, wp);
                arb_sub_ui(a, a, 1, wp);
                arb_neg(a, a);
                arb_mul(gnext, g0, a, wp);
            }
            else
            {
                /* DLMF 18.9.1 with alpha = 0, beta = k, n = m, x = 1-2y:
                 * 2(n+1)(n+k+1)(2n+k) P_{n+1} = (2n+k+1)[(2n+k)(2n+k+2)x
                 * - k^2] P_n - 2n(n+k)(2n+k+2) P_{n-1}, where
                 * (2n+k)(2n+k+2)x - k^2 = lambda_{n,k} - 2y(2n+k)(2n+k+2) */
                ulong n2k = 2 * mu + ku;

                arb_mul_ui(a, y, 2 * n2k * (n2k + 2), wp);
                arb_neg(a, a);
                arb_add_ui(a, a, lam, wp);
                arb_mul_ui(a, a, n2k + 1, wp);
                arb_mul(a, a, gcur, wp);
                arb_submul_ui(a, gprev, 2 * mu * (mu + ku) * (n2k + 2), wp);
                arb_div_ui(gnext, a, 2 * (mu + 1) * (mu + ku + 1) * n2k, wp);
            }
            arb_swap(gprev, gcur);
            arb_swap(gcur, gnext);
            arb_mul(w, w, rho, wp);
            arb_mul(rho, rho, q2, wp);
        }
        if (k > 0)
        {
            /* k and -k together: 2 cos(kz) */
            j = k % nb;
            if (j == 0)
            {
                arb_mul_ui(a, z, ku, wp);
                arb_sin_cos(sb, cb, a, wp);
            }
            arb_mul(a, cb, tab + j, wp);
            arb_submul(a, sb, tab + nb + j, wp);
            arb_mul(sk, sk, a, wp);
            arb_mul_2exp_si(sk, sk, 1);
        }
        else
        {
            arb_one(cb);
            arb_zero(sb);
        }
        arb_add(sum, sum, sk, wp);
        hkz_su2_sub_tail_m_internal(bk, ku, (ulong) M, tlo, deriv);
        mag_add(err, err, bk);
        arb_mul(g0, g0, gstep, wp);
        arb_mul(Q, Q, q, wp);
    }
    hkz_su2_sub_tail_k_internal(bk, (ulong) K, tlo, deriv);
    mag_add(err, err, bk);
    if (deriv % 2 == 1)
        arb_neg(sum, sum);   /* (-lambda)^d */
    arb_add_error_mag(sum, err);
    arb_set_round(res, sum, prec);

    _arb_vec_clear(tab, 2 * nb);
    arb_clear(c);
    arb_clear(y);
    arb_clear(q);
    arb_clear(q2);
    arb_clear(gstep);
    arb_clear(g0);
    arb_clear(Q);
    arb_clear(sum);
    arb_clear(sk);
    arb_clear(gprev);
    arb_clear(gcur);
    arb_clear(gnext);
    arb_clear(w);
    arb_clear(rho);
    arb_clear(term);
    arb_clear(a);
    arb_clear(pw);
    arb_clear(cb);
    arb_clear(sb);
    mag_clear(tlo);
    mag_clear(err);
    mag_clear(bk);
}

int hkz_su2_heat_sub_spectral(arb_t res, const arb_t t, const arb_t r,
                              const arb_t z, ulong deriv, slong prec)
{
    int status;
    arb_t zr;

    status = hkz_su2_sub_check_internal("hkz_su2_heat_sub_spectral", t, r,
                                        z, deriv, prec);
    if (status != HKZ_SUCCESS)
    {
        arb_indeterminate(res);
        return status;
    }
    arb_init(zr);
    hkz_su2_sub_reduce_z_internal(zr, z, prec);
    hkz_su2_sub_spectral_internal(res, t, r, zr, deriv, prec);
    arb_clear(zr);
    return HKZ_SUCCESS;
}
