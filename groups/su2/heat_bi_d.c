/* Double fast path for h_t(alpha) and its t-derivatives (NOT certified),
 * and the double estimates that steer the certified routes.  Spec
 * heat_kernels_su2.md section 2. */
#include <math.h>
#include "heat_bi_internal.h"
#include "hkz_check.h"

/* Largest index the double character sum may need; beyond it t is far too
 * small for the spectral route. */
#define SPECTRAL_D_MAX_N 1.0e7

/* (1 - e^{-2x}) / (2x) = e^{-x} shc(x) for x >= 0, without cancellation. */
static double scaled_shc(double x)
{
    return x == 0.0 ? 1.0 : -expm1(-2.0 * x) / (2.0 * x);
}

double _hkz_su2_heat_bi_images_log_d(double t, double alpha)
{
    double lp, g, r, S, c, x, E, E0 = 0.0, y;
    int k;

    lp = log(sqrt(M_PI) / 4.0) + t - 1.5 * log(t);
    if (alpha <= M_PI / 2)
    {
        /* (2.3): each bracket term e^{-c}(2 cosh x - 4c shc x) is written
         * as e^{x-c}[(1 + e^{-2x}) - 4c e^{-x} shc x] so that nothing
         * overflows at small t. */
        g = alpha;
        r = g == 0.0 ? 1.0 : g / sin(g);
        S = 1.0;
        for (k = 1; k <= 64; k++)
        {
            c = M_PI * M_PI * k * k / t;
            x = M_PI * k * g / t;
            E = x - c;
            if (E < -800.0)
                break;
            S += exp(E) * ((1.0 + exp(-2.0 * x)) - 4.0 * c * scaled_shc(x));
        }
        return lp - g * g / (4.0 * t) + log(r) + log(S);
    }
    /* (2.4) with beta = pi - alpha, terms scaled by the k = 0 exponent */
    g = M_PI - alpha;
    r = g == 0.0 ? 1.0 : g / sin(g);
    S = 0.0;
    for (k = 0; k <= 64; k++)
    {
        y = (2 * k + 1) * M_PI;
        c = y * y / (4.0 * t);
        x = y * g / (2.0 * t);
        E = x - c;
        if (k == 0)
            E0 = E;
        else if (E - E0 < -800.0)
            break;
        S += exp(E - E0) * (4.0 * c * scaled_shc(x) - (1.0 + exp(-2.0 * x)));
    }
    return lp - g * g / (4.0 * t) + log(r) + E0 + log(S);
}

/* log(n^2 lambda^k e^{-lambda t}), lambda = n^2 - 1, n >= 2 */
static double log_weight(double n, double t, ulong k)
{
    double lam = n * n - 1.0;
    return 2.0 * log(n) + (double) k * log(lam) - lam * t;
}

double _hkz_su2_heat_bi_spectral_d(double *log_scale, double *log_abs,
        double t, double alpha, ulong k)
{
    double g, sg, nstar, lmax, L, w, chi, s = 0.0, sabs = 0.0, n;
    int reflect;

    /* chi_n(alpha) = (-1)^{n-1} chi_n(pi - alpha): keep the angle <= pi/2
     * so that sin(n g)/sin(g) has no small denominator (except at 0) */
    reflect = alpha > M_PI / 2;
    g = reflect ? M_PI - alpha : alpha;
    sg = sin(g);

    /* the weights n^2 lambda^k e^{-lambda t} peak near n^2 = (k+1)/t + 1 */
    nstar = sqrt((k + 1.0) / t + 1.0);
    lmax = k == 0 ? 0.0 : -HUGE_VAL;
    for (n = FLINT_MAX(2.0, floor(nstar)); n <= floor(nstar) + 1.0; n++)
        lmax = FLINT_MAX(lmax, log_weight(n, t, k));

    for (n = 1.0; n <= SPECTRAL_D_MAX_N; n++)
    {
        if (n == 1.0)
        {
            if (k > 0)
                continue;   /* lambda_1 = 0 */
            L = 0.0;
        }
        else
            L = log_weight(n, t, k);
        if (n > nstar && L < lmax - 60.0)
            break;
        w = exp(L - lmax);
        chi = g == 0.0 ? n : sin(n * g) / sg;
        if (reflect && fmod(n, 2.0) == 0.0)
            chi = -chi;
        s += w * chi / n;
        sabs += w;
    }
    *log_scale = lmax;
    *log_abs = lmax + log(sabs);
    return (k & 1) ? -s : s;
}

int hkz_su2_heat_bi_d(double *res, double t, double alpha, ulong deriv)
{
    double v, ls, la;

    HKZ_CHECK(res != NULL, HKZ_ERR_ARG, "hkz_su2_heat_bi_d: res is NULL");
    *res = NAN;
    HKZ_CHECK(deriv <= HKZ_SU2_HEAT_BI_MAX_DERIV, HKZ_ERR_ARG,
              "hkz_su2_heat_bi_d: deriv must be <= %d (got %lu)",
              HKZ_SU2_HEAT_BI_MAX_DERIV, (unsigned long) deriv);
    HKZ_CHECK(isfinite(t) && t > 0.0, HKZ_ERR_DOMAIN,
              "hkz_su2_heat_bi_d: t must be finite and > 0 (got %g)", t);
    /* M_PI is the largest double <= pi */
    HKZ_CHECK(alpha >= 0.0 && alpha <= M_PI, HKZ_ERR_DOMAIN,
              "hkz_su2_heat_bi_d: alpha must lie in [0, pi] (got %g)", alpha);

    if (deriv == 0 && t < 1.0)
        v = exp(_hkz_su2_heat_bi_images_log_d(t, alpha));
    else
    {
        HKZ_CHECK(sqrt((deriv + 1.0) / t + 1.0) <= SPECTRAL_D_MAX_N,
                  HKZ_ERR_PREC, "hkz_su2_heat_bi_d: t = %g is too small for "
                  "the character sum (deriv = %lu)", t,
                  (unsigned long) deriv);
        /* the derivative sum cancels at small t: double accuracy is then
         * lost (this path is not certified) */
        v = _hkz_su2_heat_bi_spectral_d(&ls, &la, t, alpha, deriv);
        if (v != 0.0)
            v = copysign(exp(ls + log(fabs(v))), v);
    }
    HKZ_CHECK(isfinite(v), HKZ_ERR_PREC,
              "hkz_su2_heat_bi_d: result is not a finite double (t = %g, "
              "alpha = %g, deriv = %lu)", t, alpha, (unsigned long) deriv);
    *res = v;
    return HKZ_SUCCESS;
}
