/* d^k/dt^k h_t(alpha) by the character sum (2.1),
 *   sum_{n>=1} n (-lambda_n)^k e^{-lambda_n t} chi_n(alpha),
 *   lambda_n = n^2 - 1, chi_n(alpha) = sin(n alpha)/sin(alpha),
 * with the proven tail bound TB1 (spec heat_kernels_su2.md section 2). */
#include <math.h>
#include "heat_bi_internal.h"
#include "hkz_check.h"

/* refuse work beyond N terms or N * wp bit-terms (t far too small) */
#define MAX_TERMS (WORD(1) << 20)
#define MAX_WORK 4.0e9

/* restart of the rotation in partial_sums: at most 2^(ROT_BLOCK/2) growth */
#define ROT_BLOCK 16

/* log of the tail majorant used below, in double (steering only):
 * k = 0: TB1(t, N); k >= 1: lambda0^k e^{-lambda0 t/2} TB1(t/2, N), which
 * needs lambda0 = (N+1)^2 - 1 >= 2k/t (+inf otherwise). */
static double tail_log_d(double t, ulong N, ulong k)
{
    double A = N + 1.0, lam0 = A * A - 1.0, s = t, pre = 0.0, r, om;

    if (k > 0)
    {
        if (lam0 * t < 2.0 * k)
            return HUGE_VAL;
        pre = k * log(lam0) - lam0 * t / 2.0;
        s = t / 2.0;
    }
    r = exp(-2.0 * A * s);
    om = -expm1(-2.0 * A * s);
    return pre - lam0 * s + log(A * A / om + 2.0 * A * r / (om * om)
                                + r * (1.0 + r) / (om * om * om));
}

/* smallest N (with lambda0 >= 2k/t) whose tail majorant is <= e^{log_target} */
static ulong choose_N(double t, ulong k, double log_target)
{
    ulong lo, hi, mid;

    hi = (ulong) ceil(sqrt(2.0 * k / t + 1.0));
    hi = FLINT_MAX(hi, 1);
    if (tail_log_d(t, hi, k) <= log_target)
        return hi;
    lo = hi;
    while (tail_log_d(t, hi, k) > log_target)
    {
        lo = hi;
        hi *= 2;
        if (hi > 2 * (ulong) MAX_TERMS)
            return hi;
    }
    while (hi - lo > 1)
    {
        mid = lo + (hi - lo) / 2;
        if (tail_log_d(t, mid, k) <= log_target)
            hi = mid;
        else
            lo = mid;
    }
    return hi;
}

/* (TB1): sum_{n>N} n^2 e^{-(n^2-1)s} <= e^{-(A^2-1)s} [A^2/(1-rho)
 * + 2A rho/(1-rho)^2 + rho(1+rho)/(1-rho)^3], A = N+1, rho = e^{-2As}. */
void hkz_su2_tb1(arb_t res, const arb_t s, ulong N, slong prec)
{
    arb_t A, x, rho, om, u, v;

    arb_init(A); arb_init(x); arb_init(rho); arb_init(om); arb_init(u);
    arb_init(v);
    arb_set_ui(A, N + 1);
    arb_mul(x, A, s, prec);
    arb_mul_2exp_si(x, x, 1);
    arb_neg(x, x);
    arb_exp(rho, x, prec);
    arb_expm1(om, x, prec);
    arb_neg(om, om);                        /* 1 - rho, no cancellation */
    arb_sqr(u, A, prec);
    arb_div(u, u, om, prec);                /* A^2/(1-rho) */
    arb_mul(v, A, rho, prec);
    arb_mul_2exp_si(v, v, 1);
    arb_div(v, v, om, prec);
    arb_div(v, v, om, prec);
    arb_add(u, u, v, prec);                 /* + 2A rho/(1-rho)^2 */
    arb_add_ui(v, rho, 1, prec);
    arb_mul(v, v, rho, prec);
    arb_div(v, v, om, prec);
    arb_div(v, v, om, prec);
    arb_div(v, v, om, prec);
    arb_add(u, u, v, prec);                 /* + rho(1+rho)/(1-rho)^3 */
    arb_sqr(x, A, prec);
    arb_sub_ui(x, x, 1, prec);
    arb_mul(x, x, s, prec);
    arb_neg(x, x);
    arb_exp(x, x, prec);
    arb_mul(res, u, x, prec);
    arb_clear(A); arb_clear(x); arb_clear(rho); arb_clear(om); arb_clear(u);
    arb_clear(v);
}

/* Upper bound B >= |sum_{n>N} n (-lambda_n)^k e^{-lambda_n t} chi_n| for
 * every t >= tlo and every alpha (|chi_n| <= n):
 * k = 0: TB1(tlo, N).  k >= 1: for lambda >= lambda0 >= 2k/tlo the map
 * lambda -> lambda^k e^{-lambda tlo/2} decreases, so lambda^k e^{-lambda t}
 * <= lambda0^k e^{-lambda0 tlo/2} e^{-lambda tlo/2} and
 * B = lambda0^k e^{-lambda0 tlo/2} TB1(tlo/2, N), lambda0 = (N+1)^2 - 1.
 * B = +inf if lambda0 tlo >= 2k cannot be proven. */
static void tail_bound(mag_t B, const arf_t tlo, ulong N, ulong k)
{
    const slong prec = 64;
    arb_t s, lam0, u, v;

    arb_init(s); arb_init(lam0); arb_init(u); arb_init(v);
    arb_set_arf(s, tlo);
    if (k == 0)
        hkz_su2_tb1(u, s, N, prec);
    else
    {
        arb_set_ui(lam0, N + 1);
        arb_sqr(lam0, lam0, prec);
        arb_sub_ui(lam0, lam0, 1, prec);    /* exact: N < 2^21 */
        arb_mul(v, lam0, s, prec);
        arb_set_ui(u, 2 * k);
        if (!arb_ge(v, u))
        {
            mag_inf(B);
            goto cleanup;
        }
        arb_mul_2exp_si(s, s, -1);
        hkz_su2_tb1(u, s, N, prec);
        arb_mul(v, lam0, s, prec);
        arb_neg(v, v);
        arb_exp(v, v, prec);
        arb_mul(u, u, v, prec);
        arb_pow_ui(v, lam0, k, prec);
        arb_mul(u, u, v, prec);
    }
    arb_get_mag(B, u);
cleanup:
    arb_clear(s); arb_clear(lam0); arb_clear(u); arb_clear(v);
}

/* Truncated sums over n <= N at working precision wp, each optional
 * (NULL: skipped), with lambda = n^2 - 1 and the signs (-1)^k left out:
 *   s  = sum n lambda^k e^{-lambda t} chi_n(a),
 *   st = sum n lambda^{k+1} e^{-lambda t} chi_n(a)   (d/dt up to sign),
 *   sa = a ball containing sum n lambda^k e^{-lambda t} chi_n'(a), up to a
 *        common sign (d/dalpha). */
static void partial_sums(arb_t s, arb_t st, arb_t sa, const arb_t t,
        const arb_t a, ulong N, ulong k, slong wp)
{
    arb_t pi, g, inv, q, r, E, chi, dchi, term, u;
    acb_t w, z;
    arf_t glo;
    mag_t gmax;
    ulong n;
    int reflect, mode;

    arb_init(pi); arb_init(g); arb_init(inv); arb_init(q);
    arb_init(r); arb_init(E); arb_init(chi); arb_init(dchi); arb_init(term);
    arb_init(u);
    acb_init(w); acb_init(z);
    arf_init(glo);
    mag_init(gmax);

    /* chi_n(alpha) = (-1)^{n-1} chi_n(pi - alpha): use the angle g <= ~pi/2
     * so that the division by sin(g) is harmless away from g = 0 */
    reflect = arf_cmp_d(arb_midref(a), 1.5707963267948966) > 0;
    if (reflect)
    {
        arb_const_pi(pi, wp);
        arb_sub(g, pi, a, wp);
    }
    else
        arb_set(g, a);

    /* mode 0: g = 0 exactly, chi_n = n.  mode 1: chi_n = Im(e^{ing})/sin g
     * with the rotation e^{ing} = e^{i(n-1)g} e^{ig}, restarted from
     * sin_cos(ng) every ROT_BLOCK steps (in rectangular ball arithmetic a
     * rotation multiplies the radius by up to |cos g| + |sin g| <= sqrt 2);
     * needs sin g not small and a narrow ball.  mode 2: chi_n = n sinc(ng)
     * / sinc(g), per term, and
     * |chi_n'(g)| <= min(|g| n(n^2-1)/3, n^2/2) (chi_n(g) is the sum of
     * cos(m g) over m = n-1, n-3, ..., 1-n; sum m^2 = n(n^2-1)/3). */
    arb_get_lbound_arf(glo, g, wp);
    arb_get_mag(gmax, g);
    if (arb_is_zero(g))
        mode = 0;
    else if (arf_cmp_2exp_si(glo, -8) >= 0
             && mag_cmp_2exp_si(arb_radref(g),
                                -10 - (slong) FLINT_BIT_COUNT(N)) <= 0)
    {
        mode = 1;
        arb_sin_cos(acb_imagref(w), acb_realref(w), g, wp);
        arb_inv(inv, acb_imagref(w), wp);
        acb_set(z, w);
    }
    else
    {
        mode = 2;
        arb_sinc(inv, g, wp);
        arb_inv(inv, inv, wp);
    }

    /* n = 1: lambda_1 = 0, chi_1 = 1, chi_1' = 0 */
    if (s != NULL)
        arb_set_ui(s, k == 0);
    if (st != NULL)
        arb_zero(st);
    if (sa != NULL)
        arb_zero(sa);
    arb_mul_si(q, t, -2, wp);
    arb_exp(q, q, wp);                      /* e^{-2t} */
    arb_mul_si(r, t, -3, wp);
    arb_exp(r, r, wp);                      /* e^{-(2n-1)t}, n = 2 */
    arb_one(E);
    for (n = 2; n <= N; n++)
    {
        if (n > 2)
            arb_mul(r, r, q, wp);
        arb_mul(E, E, r, wp);               /* e^{-(n^2-1)t} */
        /* u = n lambda^k e^{-lambda t} (-1)^{n-1 if reflected} */
        arb_mul_ui(u, E, n, wp);
        if (k > 0)
        {
            arb_ui_pow_ui(term, n * n - 1, k, wp);
            arb_mul(u, u, term, wp);
        }
        if (reflect && n % 2 == 0)
            arb_neg(u, u);

        if (mode == 0)
            arb_set_ui(chi, n);
        else if (mode == 1)
        {
            if (n % ROT_BLOCK == 0)
            {
                arb_mul_ui(chi, g, n, wp);
                arb_sin_cos(acb_imagref(z), acb_realref(z), chi, wp);
            }
            else
                acb_mul(z, z, w, wp);
            arb_mul(chi, acb_imagref(z), inv, wp);
        }
        else
        {
            arb_mul_ui(chi, g, n, wp);
            arb_sinc(chi, chi, wp);
            arb_mul(chi, chi, inv, wp);
            arb_mul_ui(chi, chi, n, wp);
        }

        arb_mul(term, u, chi, wp);
        if (s != NULL)
            arb_add(s, s, term, wp);
        if (st != NULL)
        {
            arb_mul_ui(term, term, n * n - 1, wp);
            arb_add(st, st, term, wp);
        }
        if (sa != NULL && mode == 1)
        {
            /* chi_n' = (n cos(ng) - chi_n cos g) / sin g */
            arb_mul_ui(dchi, acb_realref(z), n, wp);
            arb_submul(dchi, chi, acb_realref(w), wp);
            arb_mul(dchi, dchi, inv, wp);
            arb_mul(term, u, dchi, wp);
            arb_add(sa, sa, term, wp);
        }
        else if (sa != NULL && mode == 2)
        {
            /* |chi_n'| <= min(|g| n(n^2-1)/3, n^2/2), see above */
            arf_set_mag(arb_midref(dchi), gmax);
            mag_zero(arb_radref(dchi));
            arb_mul_ui(dchi, dchi, n * (n * n - 1), wp);
            arb_div_ui(dchi, dchi, 3, wp);
            arb_set_ui(term, n * n);
            arb_mul_2exp_si(term, term, -1);
            arb_min(dchi, dchi, term, wp);
            arb_mul(term, u, dchi, wp);
            arb_add_error(sa, term);
        }
    }

    arb_clear(pi); arb_clear(g); arb_clear(inv); arb_clear(q);
    arb_clear(r); arb_clear(E); arb_clear(chi); arb_clear(dchi);
    arb_clear(term); arb_clear(u);
    acb_clear(w); acb_clear(z);
    arf_clear(glo);
    mag_clear(gmax);
}

/* Estimate of log|d^k/dt^k h_t(alpha)| (natural log; it only steers the
 * truncation and the working precision, never the enclosure). */
static double log_value_est(double t, double a, ulong k, double v,
        double lscale, double labs)
{
    double est, D;

    if (k == 0 && t < 1.0)
        est = _hkz_su2_heat_bi_images_log_d(t, a);
    else if (k == 0 || t >= 0.2)
        /* the double sum loses at most ~18 bits to cancellation here */
        est = FLINT_MAX(v != 0.0 ? lscale + log(fabs(v)) : -HUGE_VAL,
                        labs - 30.0 * M_LN2);
    else
    {
        /* h ~ t^{-3/2} e^{-a^2/(4t)}: d/dt log h ~ a^2/(4t^2) - 3/(2t) + 1;
         * a rough guess, corrected by one retry in the caller */
        D = a * a / (4.0 * t * t) - 1.5 / t + 1.0;
        est = _hkz_su2_heat_bi_images_log_d(t, a)
              + k * log(FLINT_MAX(fabs(D), 0.5 / t));
    }
    if (!isfinite(est))
        est = labs - 30.0 * M_LN2;
    return est;
}

int _hkz_su2_heat_bi_spectral(arb_t res, const arb_t t, const arb_t a,
        ulong k, slong prec, const char *fn)
{
    double td, tl, ad, v, lscale, labs, est, e2, extra;
    arb_t s, st, sa, tm, am;
    arf_t tlo;
    mag_t B, err;
    ulong N;
    slong wp;
    int retried = 0, precise, exact, status = HKZ_SUCCESS;

    arb_init(s); arb_init(st); arb_init(sa); arb_init(tm); arb_init(am);
    arf_init(tlo);
    mag_init(B); mag_init(err);

    arb_get_lbound_arf(tlo, t, 64);
    /* doubles only steer; t >= 1e6 behaves like t = 1e6 for that purpose */
    td = FLINT_MIN(arf_get_d(arb_midref(t), ARF_RND_NEAR), 1.0e6);
    tl = FLINT_MIN(arf_get_d(tlo, ARF_RND_DOWN), 1.0e6);
    ad = arf_get_d(arb_midref(a), ARF_RND_NEAR);
    ad = FLINT_MAX(0.0, FLINT_MIN(ad, M_PI));
    if (!(tl > 1.0e-300) || sqrt((k + 2.0) / tl + 1.0) > (double) MAX_TERMS)
    {
        status = hkz_error_set(HKZ_ERR_PREC, "%s: t (lower bound %g) is "
                "too small for the character sum", fn, tl);
        goto cleanup;
    }

    v = _hkz_su2_heat_bi_spectral_d(&lscale, &labs, td, ad, k);
    est = log_value_est(td, ad, k, v, lscale, labs);
    exact = arb_is_exact(t) && arb_is_exact(a);
    precise = arb_rel_accuracy_bits(t) >= prec / 2
              && mag_cmp_2exp_si(arb_radref(a), -prec / 2) <= 0;
    arf_set(arb_midref(tm), arb_midref(t));
    arf_set(arb_midref(am), arb_midref(a));

again:
    /* the terms are of size up to e^labs, the value e^est: that many bits
     * cancel (about alpha^2/(4t ln 2) for k = 0 at small t) */
    extra = FLINT_MAX(0.0, (labs - est) / M_LN2);
    N = choose_N(tl, k, est - (prec + 4) * M_LN2);
    /* the derivative sums below need lambda0 >= 2(k+1)/t for their tail */
    N = FLINT_MAX(N, (ulong) ceil(sqrt(2.0 * (k + 1) / tl + 1.0)));
    wp = prec + (slong) ceil(extra) + 2 * FLINT_BIT_COUNT(N) + 30
         + ROT_BLOCK / 2;
    if (N > (ulong) MAX_TERMS || (double) N * (double) wp > MAX_WORK)
    {
        status = hkz_error_set(HKZ_ERR_PREC, "%s: the character sum at "
                "t = %g, alpha = %g, deriv = %lu needs %lu terms at %ld bits "
                "(too expensive)", fn, td, ad, (unsigned long) k,
                (unsigned long) N, (long) wp);
        goto cleanup;
    }

    if (exact)
    {
        partial_sums(s, NULL, NULL, t, a, N, k, wp);
        tail_bound(B, tlo, N, k);
        arb_add_error_mag(s, B);
    }
    else
    {
        /* Centered form: evaluating the cancelling sum on the input balls
         * would multiply their radii by the size of the terms (e^labs), so
         * take the sum at the exact midpoints and add, by the mean value
         * theorem on the box t x a,
         *   rad(t) sup|d/dt| + rad(a) sup|d/dalpha|,
         * where the sums for the two partial derivatives over the box have
         * tails <= B(k+1) resp. B(k+1)/2 (|chi_n'| <= n^2/2 and
         * n^3 <= n^2 lambda_n for n >= 2). */
        partial_sums(s, NULL, NULL, tm, am, N, k, wp);
        tail_bound(B, arb_midref(tm), N, k);
        arb_add_error_mag(s, B);
        partial_sums(NULL, arb_is_exact(t) ? NULL : st,
                     arb_is_exact(a) ? NULL : sa, t, a, N, k, wp);
        tail_bound(B, tlo, N, k + 1);
        arb_add_error_mag(st, B);
        mag_mul_2exp_si(B, B, -1);
        arb_add_error_mag(sa, B);
        arb_get_mag(err, st);
        mag_mul(err, err, arb_radref(t));
        arb_get_mag(B, sa);
        mag_mul(B, B, arb_radref(a));
        mag_add(err, err, B);
        arb_add_error_mag(s, err);
    }
    if (k & 1)
        arb_neg(s, s);

    /* a derivative much smaller than guessed: redo once with its size */
    if (!retried && k > 0 && precise
        && arb_rel_accuracy_bits(s) < prec - 16)
    {
        if (arb_contains_zero(s))
            arb_get_mag(B, s);
        else
            arb_get_mag_lower(B, s);
        e2 = mag_get_d_log2_approx(B) * M_LN2;
        if (e2 < est - 8.0 * M_LN2)
        {
            est = e2 - 2.0 * M_LN2;
            retried = 1;
            goto again;
        }
    }
    arb_set_round(res, s, prec);

cleanup:
    arb_clear(s); arb_clear(st); arb_clear(sa); arb_clear(tm); arb_clear(am);
    arf_clear(tlo);
    mag_clear(B); mag_clear(err);
    return status;
}

int hkz_su2_heat_bi_spectral(arb_t res, const arb_t t, const arb_t alpha,
        ulong deriv, slong prec)
{
    arb_t a;
    int status;

    HKZ_CHECK(res != NULL, HKZ_ERR_ARG,
              "hkz_su2_heat_bi_spectral: res is NULL");
    arb_init(a);
    status = _hkz_su2_heat_bi_args(a, t, alpha, deriv, prec,
                                   "hkz_su2_heat_bi_spectral");
    if (status == HKZ_SUCCESS)
        status = _hkz_su2_heat_bi_spectral(res, t, a, deriv, prec,
                                           "hkz_su2_heat_bi_spectral");
    if (status != HKZ_SUCCESS)
        arb_indeterminate(res);
    arb_clear(a);
    return status;
}
