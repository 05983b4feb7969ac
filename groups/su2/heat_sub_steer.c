/* Sub-Laplacian spectral sum (3.1): steering in doubles (scale, choice of
 * the truncation orders K, M_k; not rigorous: the bounds in
 * heat_sub_tail.c are what certify). */
#include <math.h>
#include "hkz_check.h"
#include "heat_sub_internal.h"

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
