/* Double fast paths of the distances from the identity (NOT certified):
 * the formulas of dist_riem.c and dist_cc.c (spec 4.1, 4.2) in double
 * precision, with a plain bisection for the CC root. */
#include <math.h>
#include "hkz_check.h"
#include "hkz/su2.h"

#define HKZ_PI_D 3.14159265358979323846

static int dist_d_args(double r, double z, const char *fn)
{
    HKZ_CHECK(isfinite(r) && isfinite(z), HKZ_ERR_DOMAIN,
              "%s: r and z must be finite", fn);
    HKZ_CHECK(r >= 0 && r <= HKZ_PI_D / 2, HKZ_ERR_DOMAIN,
              "%s: r must be in [0, pi/2] (got %g)", fn, r);
    return HKZ_SUCCESS;
}

int hkz_su2_dist_riem_d(double *d, double r, double z)
{
    int status = dist_d_args(r, z, "hkz_su2_dist_riem_d");

    if (status != HKZ_SUCCESS)
    {
        *d = NAN;
        return status;
    }
    /* class angle of a = cos r e^{iz}, |b| = sin r (stable near 0, pi) */
    *d = atan2(hypot(cos(r) * sin(z), sin(r)), cos(r) * cos(z));
    return HKZ_SUCCESS;
}

/* Psi_r at theta = x, or at theta = pi - x when flip (then x = eta is
 * exact, which keeps sin theta accurate when theta is near pi, r small).
 * Stable form of dist_cc.c: with s = sqrt(sin(th - r) sin(th + r)),
 *   Psi = th sin^2 r / (sin th (sin th + s))
 *         - atan(sin^2 r cos th / ((sin th + s)(cos^2 th + s sin th))). */
static double psi_d(double x, double r, int flip)
{
    double sn = sin(x), sr2 = sin(r) * sin(r), s, cs, th, A;

    /* sin(pi - x -+ r) = sin(x +- r), cos(pi - x) = -cos x */
    s = sin(x - r) * sin(x + r);
    s = sqrt(s > 0 ? s : 0);
    cs = flip ? -cos(x) : cos(x);
    th = flip ? HKZ_PI_D - x : x;
    A = sn + s;
    return th * sr2 / (sn * A) - atan(sr2 * cs / (A * (cs * cs + s * sn)));
}

int hkz_su2_dist_cc_d(double *d, double r, double z)
{
    double Z, lo, hi, mid, x;
    int flip, i, status = dist_d_args(r, z, "hkz_su2_dist_cc_d");

    if (status != HKZ_SUCCESS)
    {
        *d = NAN;
        return status;
    }
    Z = fabs(remainder(z, 2 * HKZ_PI_D));
    if (Z > HKZ_PI_D)
        Z = HKZ_PI_D;
    if (r == 0)
    {
        *d = sqrt(Z * (2 * HKZ_PI_D - Z));
        return HKZ_SUCCESS;
    }
    if (Z == 0 || r >= HKZ_PI_D / 2)
    {
        *d = r;
        return HKZ_SUCCESS;
    }

    /* Psi increases from 0 at r to pi at pi - r: the root is in
       [r, pi/2] (variable theta) or in [pi/2, pi - r] (eta = pi - theta) */
    flip = psi_d(HKZ_PI_D / 2, r, 0) < Z;
    lo = r;
    hi = HKZ_PI_D / 2;
    for (i = 0; i < 200; i++)
    {
        mid = 0.5 * (lo + hi);
        if (mid <= lo || mid >= hi)
            break;
        /* Psi increases in theta, decreases in eta */
        if ((psi_d(mid, r, flip) > Z) != flip)
            hi = mid;
        else
            lo = mid;
    }
    x = 0.5 * (lo + hi);
    *d = (flip ? HKZ_PI_D - x : x) * sin(r) / sin(x);
    return HKZ_SUCCESS;
}
