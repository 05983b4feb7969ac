/* Sub-Laplacian heat kernel p_t(r, z) in plain double precision (NOT
 * certified): fibre closed form (3.4) for r = 0, t < 1 and no derivative,
 * the spectral sum (3.1) otherwise, truncated like the certified code. */
#include <math.h>
#include "hkz_check.h"
#include "heat_sub_internal.h"

/* (3.4) in double; see heat_sub_fibre.c for the combined exponentials. */
static double fibre_d(double t, double z)
{
    double za = fabs(remainder(z, 2.0 * M_PI));
    double i4t = 1.0 / (4.0 * t), pi2 = M_PI * M_PI;
    double e2u = exp(-2.0 * M_PI * za * i4t);
    double s = 2.0 * pi2 * exp((za * za - 2.0 * M_PI * za) * i4t)
               / ((1.0 + e2u) * (1.0 + e2u));
    double ek, sech2, th, up, um, term;
    slong k;

    for (k = 1; k < 64; k++)
    {
        ek = za * za - 4.0 * pi2 * k * k;
        if (ek * i4t < -800.0)
            break;
        ek = exp(ek * i4t);
        up = M_PI * (2.0 * M_PI * k + za) * i4t;
        um = M_PI * (2.0 * M_PI * k - za) * i4t;
        e2u = exp(-2.0 * up);
        sech2 = 4.0 * e2u / ((1.0 + e2u) * (1.0 + e2u));
        th = (1.0 - e2u) / (1.0 + e2u);
        e2u = exp(-2.0 * um);
        sech2 += 4.0 * e2u / ((1.0 + e2u) * (1.0 + e2u));
        th += (1.0 - e2u) / (1.0 + e2u);
        term = 2.0 * ek * (0.25 * pi2 * sech2 - pi2 * k * th);
        s += term;
        if (fabs(term) < 1e-18 * fabs(s))
            break;
    }
    return s * exp(t) / (8.0 * t * t);
}

/* (3.1) in double.  Every weight lambda^d e^{-lambda t} is scaled by
 * e^{-L}, L = the log of the expected size, so that nothing overflows. */
static double spectral_d(double t, double r, double z, ulong d)
{
    double L = hkz_su2_sub_log_scale_internal(t, d);
    double logtol = -60.0 * M_LN2 + L, logtol_k;
    double c = cos(r), y = sin(r) * sin(r), ck = 1.0, sum = 0.0;
    double sk, gprev, gcur, gnext, lam, wt;
    slong K, M, k, m;

    K = hkz_su2_sub_choose_K_internal(t, d, logtol);
    logtol_k = logtol - M_LN2 - log(K + 1.0);
    M = 0;
    for (k = 0; k <= K; k++)
    {
        M = hkz_su2_sub_choose_M_internal(M, k, t, d, logtol_k);
        sk = 0.0;
        gprev = 0.0;
        gcur = ck;   /* cos(r)^k P_m^{(0,k)}(cos 2r), recurrence as in
                      * heat_sub_spectral.c */
        for (m = 0; ; m++)
        {
            lam = 4.0 * m * (m + k + 1) + 2.0 * k;
            wt = (d == 0 ? 0.0 : d * log(lam)) - lam * t - L;
            sk += (2 * m + k + 1) * exp(wt) * gcur;   /* 0 at lam = 0 < d */
            if (m == M)
                break;
            if (m == 0)
                gnext = ck * (1.0 - (k + 2) * y);
            else
            {
                double n2k = 2.0 * m + k;
                gnext = ((n2k + 1) * (lam - 2.0 * y * n2k * (n2k + 2)) * gcur
                         - 2.0 * m * (m + k) * (n2k + 2) * gprev)
                        / (2.0 * (m + 1) * (m + k + 1) * n2k);
            }
            gprev = gcur;
            gcur = gnext;
        }
        sum += k == 0 ? sk : 2.0 * cos(k * z) * sk;
        ck *= c;
    }
    if (d % 2 == 1)
        sum = -sum;
    return sum * exp(L);
}

int hkz_su2_heat_sub_d(double *res, double t, double r, double z,
                       ulong deriv)
{
    HKZ_CHECK(res != NULL, HKZ_ERR_ARG, "hkz_su2_heat_sub_d: res is NULL");
    *res = NAN;
    HKZ_CHECK(deriv <= HKZ_SUB_DERIV_MAX, HKZ_ERR_ARG,
              "hkz_su2_heat_sub_d: derivative order must be <= %d (got %lu)",
              HKZ_SUB_DERIV_MAX, (unsigned long) deriv);
    HKZ_CHECK(isfinite(t) && t > 0.0, HKZ_ERR_DOMAIN,
              "hkz_su2_heat_sub_d: t must be finite and > 0 (got %g)", t);
    HKZ_CHECK(r >= 0.0 && r <= M_PI / 2, HKZ_ERR_DOMAIN,
              "hkz_su2_heat_sub_d: r must lie in [0, pi/2] (got %g)", r);
    HKZ_CHECK(isfinite(z), HKZ_ERR_DOMAIN,
              "hkz_su2_heat_sub_d: z must be finite (got %g)", z);
    if (r == 0.0 && t < 1.0 && deriv == 0)
        *res = fibre_d(t, z);
    else
        *res = spectral_d(t, r, remainder(z, 2.0 * M_PI), deriv);
    return HKZ_SUCCESS;
}
