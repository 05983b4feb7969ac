/* Sub-Laplacian heat kernel p_t(r, z): argument checks, reduction of z,
 * and the automatic route (spec heat_kernels_su2.md section 3). */
#include <math.h>
#include "hkz_check.h"
#include "heat_sub_internal.h"

static int fail_ball(const char *fn, const char *what, const arb_t x)
{
    char *s = arb_get_str(x, 10, 0);
    int status = hkz_error_set(HKZ_ERR_DOMAIN, "%s: %s (got %s)", fn, what,
                               s);
    flint_free(s);
    return status;
}

int hkz_su2_sub_check_internal(const char *fn, const arb_t t, const arb_t r,
                               const arb_t z, ulong deriv, slong prec)
{
    int status = HKZ_SUCCESS;

    HKZ_CHECK(prec >= 2, HKZ_ERR_ARG, "%s: prec must be >= 2 (got %ld)", fn,
              (long) prec);
    HKZ_CHECK(deriv <= HKZ_SUB_DERIV_MAX, HKZ_ERR_ARG,
              "%s: derivative order must be <= %d (got %lu)", fn,
              HKZ_SUB_DERIV_MAX, (unsigned long) deriv);
    if (!arb_is_finite(t) || !arb_is_positive(t))
        return fail_ball(fn, "t must be finite and > 0", t);
    if (!arb_is_finite(z))
        return fail_ball(fn, "z must be finite", z);
    if (r != NULL)
    {
        arb_t h;

        /* r must meet [0, pi/2]; a ball reaching slightly outside is
         * accepted: the series is the kernel at g11 = cos(r) e^{iz} for
         * every real r, so the enclosure stays valid */
        arb_init(h);
        arb_const_pi(h, 64);
        arb_mul_2exp_si(h, h, -1);
        arb_sub(h, r, h, 64);
        if (!arb_is_finite(r) || arb_is_negative(r) || arb_is_positive(h))
            status = fail_ball(fn, "r must lie in [0, pi/2]", r);
        arb_clear(h);
    }
    return status;
}

void hkz_su2_sub_reduce_z_internal(arb_t zr, const arb_t z, slong prec)
{
    arb_t tp, u;
    fmpz_t n;
    slong wp;

    arb_init(tp);
    arb_init(u);
    fmpz_init(n);
    arb_const_pi(tp, 64);
    arb_abs(u, z);
    if (arb_le(u, tp))
    {
        arb_set(zr, z);
    }
    else
    {
        /* zr = z - 2 pi n, n = round(z / (2 pi)); any integer n is exact
         * by periodicity, the rounding only makes |zr| small */
        wp = prec + 32 + FLINT_MAX(0, arf_abs_bound_lt_2exp_si(arb_midref(z)));
        arb_const_pi(tp, wp);
        arb_mul_2exp_si(tp, tp, 1);
        arb_div(u, z, tp, wp);
        arf_get_fmpz(n, arb_midref(u), ARF_RND_NEAR);
        arb_mul_fmpz(u, tp, n, wp);
        arb_sub(zr, z, u, wp);
    }
    arb_clear(tp);
    arb_clear(u);
    fmpz_clear(n);
}

/* Psi_r(theta) of spec section 4.2 (double; steering only). */
static double psi_d(double theta, double r)
{
    double sr = sin(r), st = sin(theta);
    double s = st * st - sr * sr, c = cos(theta) / cos(r);

    s = s > 0 ? sqrt(s) : 0.0;
    c = c > 1 ? 1.0 : (c < -1 ? -1.0 : c);
    return acos(c) - theta * s / st;
}

/* Approximate d_sR(e, g)^2 (section 4.2) in double: it only decides how
 * many extra bits the cancellation in (3.1) costs, so a plain bisection
 * is enough here; the certified distance lives in dist_cc. */
double hkz_su2_sub_dist2_estimate_internal(double r, double z)
{
    double lo, hi, mid, th;
    int i;

    z = fabs(remainder(z, 2.0 * M_PI));
    if (r <= 0.0)
        return 2.0 * M_PI * z - z * z;
    if (r >= M_PI / 2 - 1e-9)
        return M_PI * M_PI / 4.0;
    lo = r;
    hi = M_PI - r;
    for (i = 0; i < 60; i++)
    {
        mid = 0.5 * (lo + hi);
        if (psi_d(mid, r) > z)
            hi = mid;
        else
            lo = mid;
    }
    th = 0.5 * (lo + hi);
    th = th * sin(r) / sin(th);
    return th * th;
}

int hkz_su2_heat_sub(arb_t res, const arb_t t, const arb_t r, const arb_t z,
                     ulong deriv, slong prec)
{
    int status;
    arb_t zr, one, tmp;
    double td, extra;

    status = hkz_su2_sub_check_internal("hkz_su2_heat_sub", t, r, z, deriv,
                                        prec);
    if (status != HKZ_SUCCESS)
    {
        arb_indeterminate(res);
        return status;
    }
    arb_init(zr);
    arb_init(one);
    arb_init(tmp);
    arb_one(one);
    hkz_su2_sub_reduce_z_internal(zr, z, prec);
    if (deriv == 0 && arb_is_zero(r) && arb_lt(t, one))
    {
        /* closed form (3.4): no cancellation for t < 1 (section 3.4) */
        hkz_su2_sub_fibre_internal(res, t, zr, prec);
    }
    else
    {
        /* (3.1) off the fibre: terms of size ~1/t^2 cancel down to
         * ~e^{-d_sR^2/(4t)}; raise the working precision by about
         * d_sR^2/(4t ln 2) + 2 log2(1/t) bits (sections 3.5 and 9.7).  The
         * cap keeps tiny t from asking for absurd precisions (the ball is
         * then wider; a Ziv loop raises prec and with it the cap). */
        td = arf_get_d(arb_midref(t), ARF_RND_NEAR);
        extra = 8.0;
        if (td < 1.0)
            extra += hkz_su2_sub_dist2_estimate_internal(
                         arf_get_d(arb_midref(r), ARF_RND_NEAR),
                         arf_get_d(arb_midref(zr), ARF_RND_NEAR))
                     / (4.0 * td * M_LN2) - 2.0 * log2(td);
        extra = FLINT_MIN(extra, 4.0 * prec + 1024.0);
        hkz_su2_sub_spectral_internal(tmp, t, r, zr, deriv,
                                      prec + (slong) extra);
        arb_set_round(res, tmp, prec);
    }
    arb_clear(zr);
    arb_clear(one);
    arb_clear(tmp);
    return HKZ_SUCCESS;
}
