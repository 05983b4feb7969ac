/* h_t(alpha) by the paired image forms (2.3)/(2.4) with the TB-img tail
 * bounds, spec heat_kernels_su2.md section 2; valid for 0 < t <= 1. */
#include "heat_bi_internal.h"
#include "hkz_check.h"

/* (2.3) is used when alpha <= A23 and (2.4) when beta = pi - alpha <= A23.
 * TB-img as stated in the spec assumes alpha <= pi/2 (beta <= pi/2); its
 * proof works verbatim for alpha (beta) <= amax with any amax <= 1.6 when
 * cosh(pi k alpha / t) <= e^{pi k amax / t} is kept with amax instead of
 * pi/2:
 *   (2.3): |bracket tail after K| <= 2 (2 + 4 pi^2 (K+1)^2 / t)
 *          e^{-pi (K+1) (pi (K+1) - amax) / t},
 *   (2.4): |sum tail after K| <= 2 (y^2/t + 2) e^{-y (y - 2 amax) / (4t)},
 *          y = y_{K+1} = (2K+3) pi,
 * and for t <= 1, amax <= 1.6 consecutive majorants shrink by less than
 * 2.25 e^{-44} resp. 2.8 e^{-34}, so the geometric factor 2 holds.  With
 * amax = pi/2 these are the spec's bounds, divided by the prefactor
 * pref e^{-alpha^2/(4t)} alpha / sin(alpha) (<= pref pi/2), which is
 * multiplied back exactly below. */
#define A23 1.6
#define SPLIT 1.57

/* shc(x) = sinh(x)/x at an exact point */
static void shc_arf(arb_t res, const arf_t x, slong prec)
{
    if (arf_is_zero(x))
        arb_one(res);
    else
    {
        arb_t y;
        arb_init(y);
        arb_set_arf(y, x);
        arb_sinh(res, y, prec);
        arb_div(res, res, y, prec);
        arb_clear(y);
    }
}

/* shc is even and increasing in |x|: enclose its range over the ball x by
 * the values at the smallest and largest |x| (rigorous also when the ball
 * contains 0, where sinh(x)/x would be 0/0). */
static void shc(arb_t res, const arb_t x, slong prec)
{
    if (arb_is_exact(x))
        shc_arf(res, arb_midref(x), prec);
    else
    {
        arf_t e;
        arb_t u;
        arf_init(e);
        arb_init(u);
        arb_get_abs_lbound_arf(e, x, prec);
        shc_arf(u, e, prec);
        arb_get_abs_ubound_arf(e, x, prec);
        shc_arf(res, e, prec);
        arb_union(res, res, u, prec);
        arf_clear(e);
        arb_clear(u);
    }
}

/* F = 2 e^{-c} cosh(x), G = e^{-c} shc(x), for x >= 0; xmc encloses x - c.
 * For x >= 1 the forms e^{x-c}(1 + e^{-2x}) and e^{x-c}(1 - e^{-2x})/(2x)
 * avoid the huge cosh(x) e^{-c} products at small t. */
static void cosh_shc_scaled(arb_t F, arb_t G, const arb_t c, const arb_t x,
        const arb_t xmc, slong prec)
{
    arb_t e, u;
    arf_t lo;
    arb_init(e);
    arb_init(u);
    arf_init(lo);
    arb_get_lbound_arf(lo, x, prec);
    if (arf_cmp_si(lo, 1) >= 0)
    {
        arb_exp(e, xmc, prec);
        arb_mul_2exp_si(u, x, 1);
        arb_neg(u, u);
        arb_expm1(u, u, prec);               /* e^{-2x} - 1 */
        arb_mul(G, e, u, prec);
        arb_neg(G, G);
        arb_div(G, G, x, prec);
        arb_mul_2exp_si(G, G, -1);
        arb_add_ui(u, u, 2, prec);           /* 1 + e^{-2x} */
        arb_mul(F, e, u, prec);
    }
    else
    {
        arb_neg(e, c);
        arb_exp(e, e, prec);
        shc(u, x, prec);
        arb_mul(G, e, u, prec);
        arb_cosh(u, x, prec);
        arb_mul(F, e, u, prec);
        arb_mul_2exp_si(F, F, 1);
    }
    arb_clear(e);
    arb_clear(u);
    arf_clear(lo);
}

/* pref e^{-g^2/(4t)} g / sin(g) = sqrt(pi) e^{t - g^2/(4t)} / (4 t^{3/2}
 * sinc(g)); sinc keeps g = 0 (and balls containing 0) harmless. */
static void prefactor(arb_t P, const arb_t t, const arb_t g, const arb_t pi,
        slong prec)
{
    arb_t u, v;
    arb_init(u);
    arb_init(v);
    arb_sqr(u, g, prec);
    arb_div(u, u, t, prec);
    arb_mul_2exp_si(u, u, -2);
    arb_sub(u, t, u, prec);
    arb_exp(u, u, prec);
    arb_sqrt(v, pi, prec);
    arb_mul(u, u, v, prec);
    arb_rsqrt(v, t, prec);
    arb_mul(u, u, v, prec);
    arb_div(u, u, t, prec);
    arb_sinc(v, g, prec);
    arb_div(P, u, v, prec);
    arb_mul_2exp_si(P, P, -2);
    arb_clear(u);
    arb_clear(v);
}

/* a ball for |x| with nonnegative lower end */
static void fold(arb_t res, const arb_t x, slong prec)
{
    if (arb_is_nonnegative(x))
        arb_set(res, x);
    else
    {
        arf_t lo, hi;
        arf_init(lo);
        arf_init(hi);
        arb_get_abs_lbound_arf(lo, x, prec);
        arb_get_abs_ubound_arf(hi, x, prec);
        arb_set_interval_arf(res, lo, hi, prec);
        arf_clear(lo);
        arf_clear(hi);
    }
}

/* Tail majorant B = 2 (p + 2) e^{-q}, evaluated over the t ball and
 * returned as an upper bound. */
static void tail_mag(mag_t B, const arb_t p, const arb_t q, slong prec)
{
    arb_t u, v;
    arb_init(u);
    arb_init(v);
    arb_add_ui(u, p, 2, prec);
    arb_neg(v, q);
    arb_exp(v, v, prec);
    arb_mul(u, u, v, prec);
    arb_mul_2exp_si(u, u, 1);
    arb_get_mag(B, u);
    arb_clear(u);
    arb_clear(v);
}

/* (2.3) for a ball g subset of [0, A23] */
static void form23(arb_t res, const arb_t t, const arb_t g, const arb_t pi,
        slong prec)
{
    arb_t S, c, x, xmc, F, G, p, q, pk;
    mag_t B, tol;
    arf_t gmax;
    ulong k;

    arb_init(S); arb_init(c); arb_init(x); arb_init(xmc); arb_init(F);
    arb_init(G); arb_init(p); arb_init(q); arb_init(pk);
    mag_init(B); mag_init(tol); arf_init(gmax);

    arb_get_ubound_arf(gmax, g, prec);
    mag_one(tol);
    mag_mul_2exp_si(tol, tol, -prec);      /* the bracket is >= 1/2 */
    arb_one(S);
    for (k = 1; ; k++)
    {
        arb_mul_ui(pk, pi, k, prec);        /* pi k */
        arb_sqr(c, pk, prec);
        arb_div(c, c, t, prec);             /* pi^2 k^2 / t */
        arb_mul(x, pk, g, prec);
        arb_div(x, x, t, prec);             /* pi k g / t */
        arb_sub(xmc, g, pk, prec);
        arb_mul(xmc, xmc, pk, prec);
        arb_div(xmc, xmc, t, prec);         /* pi k (g - pi k) / t */
        cosh_shc_scaled(F, G, c, x, xmc, prec);
        arb_mul_2exp_si(G, G, 2);
        arb_mul(G, G, c, prec);
        arb_sub(F, F, G, prec);             /* e^{-c}(2 cosh x - 4c shc x) */
        arb_add(S, S, F, prec);

        /* TB-img for (2.3) after K = k */
        arb_mul_ui(pk, pi, k + 1, prec);
        arb_sqr(p, pk, prec);
        arb_mul_2exp_si(p, p, 2);
        arb_div(p, p, t, prec);             /* 4 pi^2 (K+1)^2 / t */
        arb_set_arf(q, gmax);
        arb_sub(q, pk, q, prec);
        arb_mul(q, q, pk, prec);
        arb_div(q, q, t, prec);             /* pi (K+1)(pi (K+1) - amax)/t */
        tail_mag(B, p, q, prec);
        if (mag_cmp(B, tol) <= 0 || k >= 100000)
            break;
    }
    arb_add_error_mag(S, B);
    prefactor(res, t, g, pi, prec);
    arb_mul(res, res, S, prec);

    arb_clear(S); arb_clear(c); arb_clear(x); arb_clear(xmc); arb_clear(F);
    arb_clear(G); arb_clear(p); arb_clear(q); arb_clear(pk);
    mag_clear(B); mag_clear(tol); arf_clear(gmax);
}

/* (2.4) for a ball b = pi - alpha subset of [0, A23] */
static void form24(arb_t res, const arb_t t, const arb_t b, const arb_t pi,
        slong prec)
{
    arb_t S, c, x, xmc, F, G, p, q, y;
    mag_t B, tol;
    arf_t bmax;
    ulong k;

    arb_init(S); arb_init(c); arb_init(x); arb_init(xmc); arb_init(F);
    arb_init(G); arb_init(p); arb_init(q); arb_init(y);
    mag_init(B); mag_init(tol); arf_init(bmax);

    arb_get_ubound_arf(bmax, b, prec);
    arb_zero(S);
    for (k = 0; ; k++)
    {
        arb_mul_ui(y, pi, 2 * k + 1, prec);
        arb_sqr(c, y, prec);
        arb_div(c, c, t, prec);
        arb_mul_2exp_si(c, c, -2);          /* y^2 / (4t) */
        arb_mul(x, y, b, prec);
        arb_div(x, x, t, prec);
        arb_mul_2exp_si(x, x, -1);          /* y b / (2t) */
        arb_mul_2exp_si(xmc, b, 1);
        arb_sub(xmc, xmc, y, prec);
        arb_mul(xmc, xmc, y, prec);
        arb_div(xmc, xmc, t, prec);
        arb_mul_2exp_si(xmc, xmc, -2);      /* y (2b - y) / (4t) */
        cosh_shc_scaled(F, G, c, x, xmc, prec);
        arb_mul_2exp_si(G, G, 2);
        arb_mul(G, G, c, prec);
        arb_sub(F, G, F, prec);             /* e^{-c}((y^2/t) shc x - 2 cosh x) */
        arb_add(S, S, F, prec);

        /* TB-img for (2.4) after K = k, y = y_{K+1} */
        arb_mul_ui(y, pi, 2 * k + 3, prec);
        arb_sqr(p, y, prec);
        arb_div(p, p, t, prec);             /* y^2 / t */
        arb_set_arf(q, bmax);
        arb_mul_2exp_si(q, q, 1);
        arb_sub(q, y, q, prec);
        arb_mul(q, q, y, prec);
        arb_div(q, q, t, prec);
        arb_mul_2exp_si(q, q, -2);          /* y (y - 2 amax) / (4t) */
        tail_mag(B, p, q, prec);
        /* stop when the tail is below 2^-prec of the (positive) sum, or
         * of its radius when wide inputs make it contain 0 */
        arb_get_mag_lower(tol, S);
        mag_max(tol, tol, arb_radref(S));
        mag_mul_2exp_si(tol, tol, -prec);
        if (mag_cmp(B, tol) <= 0 || k >= 100000)
            break;
    }
    arb_add_error_mag(S, B);
    prefactor(res, t, b, pi, prec);
    arb_mul(res, res, S, prec);

    arb_clear(S); arb_clear(c); arb_clear(x); arb_clear(xmc); arb_clear(F);
    arb_clear(G); arb_clear(p); arb_clear(q); arb_clear(y);
    mag_clear(B); mag_clear(tol); arf_clear(bmax);
}

void _hkz_su2_heat_bi_images(arb_t res, const arb_t t, const arb_t a,
        slong prec)
{
    arb_t pi, g, b, r1;
    arf_t lo, hi, s;
    slong wp;

    arb_init(pi); arb_init(g); arb_init(b); arb_init(r1);
    arf_init(lo); arf_init(hi); arf_init(s);

    /* the exponents are of size ~ 1/t and (pi k)^2/t ~ wp: keep that many
     * extra bits so that the exponentials stay accurate */
    arb_get_lbound_arf(lo, t, 64);
    wp = prec + 24 + FLINT_BIT_COUNT(prec) + FLINT_MAX(0, -arf_abs_bound_lt_2exp_si(lo));
    arb_const_pi(pi, wp);

    fold(g, a, wp);
    arb_sub(b, pi, a, wp);
    fold(b, b, wp);
    arb_get_ubound_arf(hi, g, wp);
    if (arf_cmp_d(hi, A23) <= 0)
        form23(r1, t, g, pi, wp);
    else
    {
        arb_get_ubound_arf(hi, b, wp);
        if (arf_cmp_d(hi, A23) <= 0)
            form24(r1, t, b, pi, wp);
        else
        {
            /* a wide ball around pi/2: the union of (2.3) on
             * [lo, SPLIT] and (2.4) on pi - [SPLIT, hi] (SPLIT and
             * pi - SPLIT are both < A23) */
            arb_get_lbound_arf(lo, g, wp);
            arb_get_ubound_arf(hi, g, wp);
            arf_set_d(s, SPLIT);
            arb_set_interval_arf(g, lo, s, wp);
            form23(r1, t, g, pi, wp);
            arb_set_interval_arf(g, s, hi, wp);
            arb_sub(b, pi, g, wp);
            fold(b, b, wp);
            form24(g, t, b, pi, wp);
            arb_union(r1, r1, g, wp);
        }
    }
    arb_set_round(res, r1, prec);

    arb_clear(pi); arb_clear(g); arb_clear(b); arb_clear(r1);
    arf_clear(lo); arf_clear(hi); arf_clear(s);
}

int hkz_su2_heat_bi_images(arb_t res, const arb_t t, const arb_t alpha,
        slong prec)
{
    arb_t a;
    arf_t u;
    int status;

    arb_init(a);
    arf_init(u);
    status = _hkz_su2_heat_bi_args(a, t, alpha, 0, prec,
                                   "hkz_su2_heat_bi_images");
    if (status == HKZ_SUCCESS)
    {
        arb_get_ubound_arf(u, t, 64);
        if (arf_cmp_si(u, 1) > 0)
        {
            char *st = arb_get_str(t, 15, 0);
            status = hkz_error_set(HKZ_ERR_DOMAIN, "hkz_su2_heat_bi_images: "
                    "the TB-img bounds need t <= 1 (got %s)", st);
            flint_free(st);
        }
    }
    if (status == HKZ_SUCCESS)
        _hkz_su2_heat_bi_images(res, t, a, prec);
    else if (res != NULL)
        arb_indeterminate(res);
    arb_clear(a);
    arf_clear(u);
    return status;
}
