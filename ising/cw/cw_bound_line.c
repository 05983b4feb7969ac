/* Rigorous bounds of |g| on a whole line Im x = y: the tail beyond V
 * (closed form) and the cells in between (cw_integral_bound.c), see the
 * derivation there. */
#include <math.h>
#include "cw_bound_internal.h"

/* Tail bound over [V, oo): res >= int_V^oo of the Gaussian envelope. */
static void tail(mag_t res, const _hkz_lyb_bl_t *B, const arf_t V)
{
    arb_t v, x, e, z;
    slong p = B->prec;
    arb_init(v);
    arb_init(x);
    arb_init(e);
    arb_init(z);
    arb_set_arf(v, V);
    /* y^2/(2t) + N (log(2 cosh V) - V) - psiref + N^2 t/2 */
    arb_cosh(x, v, p);
    arb_mul_2exp_si(x, x, 1);
    arb_log(x, x, p);
    arb_sub(x, x, v, p);
    arb_mul_si(e, x, B->N, p);
    arb_addmul(e, &B->y2, &B->inv2t, p);
    arb_sub(e, e, &B->psiref, p);
    arb_mul_si(x, &B->t, B->N, p);
    arb_mul_si(x, x, B->N, p);
    arb_mul_2exp_si(x, x, -1);
    arb_add(e, e, x, p);
    arb_exp(e, e, p);
    /* sqrt(pi t/2) erfc((V - N t)/sqrt(2t)) */
    arb_mul_si(x, &B->t, B->N, p);
    arb_sub(z, v, x, p);
    arb_mul_2exp_si(x, &B->t, 1);
    arb_rsqrt(x, x, p);
    arb_mul(z, z, x, p);
    if (arb_is_positive(z))
    {
        /* erfc(z) <= e^{-z^2}/(z sqrt(pi)) */
        arb_sqr(x, z, p);
        arb_neg(x, x);
        arb_exp(x, x, p);
        arb_div(x, x, z, p);
        arb_const_sqrt_pi(v, p);
        arb_div(x, x, v, p);
        arb_mul(e, e, x, p);
    }
    else
        arb_mul_2exp_si(e, e, 1);        /* erfc <= 2 */
    arb_const_pi(x, p);
    arb_mul(x, x, &B->t, p);
    arb_mul_2exp_si(x, x, -1);
    arb_sqrt(x, x, p);
    arb_mul(e, e, x, p);
    arb_get_mag(res, e);
    arb_clear(v);
    arb_clear(x);
    arb_clear(e);
    arb_clear(z);
}

/* A V >= max(N t_max + h, u_min) (double search) where the tail is below
 * eps e^{-3}; a plain double computation, the bound itself is rigorous. */
static double choose_V(const _hkz_lyb_bl_t *B, double eps_log, double umin,
                       double h)
{
    double t = arf_get_d(arb_midref(&B->t), ARF_RND_UP) +
               mag_get_d(arb_radref(&B->t));
    double N = (double) B->N, y2 = arf_get_d(arb_midref(&B->y2), ARF_RND_UP);
    double pr = arf_get_d(arb_midref(&B->psiref), ARF_RND_NEAR);
    double V, z = 0.5, f;
    int i;
    for (i = 0; i < 200; i++, z *= 1.5)
    {
        double lerfc;
        V = N * t + h + sqrt(2 * t) * z;
        if (V < umin)
            continue;
        lerfc = z < 25 ? log(erfc(z)) : -z * z - log(z * 1.7724538509055159);
        f = y2 / (2 * t) + N * log1p(exp(-2 * V)) + N * N * t / 2 - pr
            + 0.5 * log(HKZ_LY_PI * t / 2) + lerfc;
        if (f < eps_log - 3)
            break;
    }
    return V;
}

/* Double estimate of max Phi - psiref on [0, V], and its place: a coarse
 * scan refined twice around the best point (only sets tolerances). */
static double peak_d(double *up, const _hkz_lyb_bl_t *B, double V)
{
    double t = arf_get_d(arb_midref(&B->t), ARF_RND_NEAR);
    double y2 = arf_get_d(arb_midref(&B->y2), ARF_RND_NEAR);
    double C = arf_get_d(arb_midref(&B->C), ARF_RND_NEAR);
    double pr = arf_get_d(arb_midref(&B->psiref), ARF_RND_NEAR);
    double best = -1e300, lo = 0, hi = V, u, s, f, step;
    int i, r;
    *up = 0;
    for (r = 0; r < 3; r++)
    {
        step = (hi - lo) / 64;
        for (i = 0; i <= 64; i++)
        {
            u = lo + step * i;
            s = sinh(u);
            f = u > 20 ? 2 * u : log(4 * (s * s + C));
            f = (y2 - u * u) / (2 * t) + 0.5 * B->N * f - pr;
            if (f > best)
            {
                best = f;
                *up = u;
            }
        }
        lo = FLINT_MAX(0, *up - step);
        hi = *up + step;
    }
    return best;
}

/* Cells over [u0, u1] seeded around the peak up: a few cells of width w
 * around it, the rest left to the bisection. */
static void seeded(mag_t acc, const _hkz_lyb_bl_t *B, double u0, double u1,
                   double up,
                   double w, const arf_t nodes, const mag_t el,
                   const mag_t cap, double wmin)
{
    double cut[16];
    int nc = 0, i;
    arf_t a, b;
    cut[nc++] = u0;
    for (i = -2; i <= 1; i++)
    {
        double c = up + (i + 0.5) * w;
        if (c > cut[nc - 1] && c < u1)
            cut[nc++] = c;
    }
    cut[nc++] = u1;
    arf_init(a);
    arf_init(b);
    for (i = 0; i + 1 < nc; i++)
    {
        arf_set_d(a, cut[i]);
        arf_set_d(b, cut[i + 1]);
        if (i == 0 && u0 == 0)
            arf_zero(a);
        _hkz_lyb_region(acc, B, a, b, nodes, el, cap, wmin, 0);
    }
    arf_clear(a);
    arf_clear(b);
}

void _hkz_ly_cw_bound_line_int(mag_t res, slong N, const arb_t t,
        const arb_t theta, const arf_t y, const arb_t psiref,
                               const mag_t eps, double width)
{
    _hkz_lyb_bl_t B;
    arf_t u0, V;
    mag_t acc, el, vl, cap;
    double Vd, pk, up;

    _hkz_lyb_bl_init(&B, N, t, theta, y, psiref);
    arf_init(u0);
    arf_init(V);
    mag_init(acc);
    mag_init(el);
    mag_init(vl);
    mag_init(cap);
    Vd = choose_V(&B, mag_get_d_log2_approx(eps) * HKZ_LY_LN2, 0, 0);
    arf_set_d(V, Vd);
    tail(acc, &B, V);
    /* only an upper bound within a few e-folds is needed: cells below
     * e^{peak - 8} (times their share of [0, V]) are accepted at once */
    pk = peak_d(&up, &B, Vd);
    mag_set_d(el, width);
    if (pk - 8 > -1000)
    {
        mag_set_d(vl, exp(FLINT_MIN(pk - 8, 600.0)));
        mag_mul(el, el, vl);
    }
    else
        mag_zero(el);
    if (mag_cmp(el, eps) < 0)
        mag_set(el, eps);
    arf_get_mag(vl, V);
    mag_div(el, el, vl);
    /* near the peak a bound within e^8 of sup e^Phi is good enough */
    mag_set_d(cap, exp(FLINT_MIN(pk + 8, 600.0)));
    /* cells of 3 widths around the peak: the tangent bounds of concave
     * cells overestimate M by a few e-folds only, which costs a few
     * percent in h */
    seeded(acc, &B, 0, Vd, up, 3 * width, NULL, el, cap, 3.01 * width);
    /* the integrand is even: int over R = 2 int over [0, oo) */
    mag_mul_2exp_si(res, acc, 1);
    _hkz_lyb_bl_clear(&B);
    arf_clear(u0);
    arf_clear(V);
    mag_clear(acc);
    mag_clear(el);
    mag_clear(vl);
    mag_clear(cap);
}

void _hkz_ly_cw_bound_line_nodes(mag_t res, slong N, const arb_t t,
        const arb_t theta, const arf_t y, const arf_t h, slong k1, slong k2,
        const arb_t psiref, const mag_t eps, double width)
{
    _hkz_lyb_bl_t B;
    arf_t u0, u1, V;
    mag_t acc, el, vl;
    double hd = arf_get_d(h, ARF_RND_NEAR);

    mag_zero(res);
    if (k2 >= 0 && k2 < k1)
        return;
    _hkz_lyb_bl_init(&B, N, t, theta, y, psiref);
    arf_init(u0);
    arf_init(u1);
    arf_init(V);
    mag_init(acc);
    mag_init(el);
    mag_init(vl);
    arf_mul_si(u0, h, k1, ARF_PREC_EXACT, ARF_RND_DOWN);
    if (k2 >= 0)
        arf_mul_si(u1, h, k2, ARF_PREC_EXACT, ARF_RND_DOWN);
    else
    {
        /* nodes k h >= V + h: below the envelope integral over [V, oo) */
        double Vd = choose_V(&B, mag_get_d_log2_approx(eps) * HKZ_LY_LN2,
                             arf_get_d(u0, ARF_RND_UP), hd);
        arf_set_d(V, Vd);
        tail(acc, &B, V);
        arf_add(u1, V, h, ARF_PREC_EXACT, ARF_RND_DOWN);
    }
    if (arf_cmp(u1, u0) >= 0)
    {
        arf_sub(V, u1, u0, B.prec, ARF_RND_UP);
        arf_add(V, V, h, B.prec, ARF_RND_UP);
        arf_get_mag(vl, V);
        mag_mul_2exp_si(el, eps, -2);
        mag_div(el, el, vl);
        if (arf_cmp(u1, u0) == 0)
            arf_add(u1, u1, h, ARF_PREC_EXACT, ARF_RND_DOWN);
        /* omitted nodes must be negligible: no acceptance by size */
        _hkz_lyb_region(acc, &B, u0, u1, h, el, el, FLINT_MAX(width, hd), 0);
    }
    /* factor 2 of 2 Re sum_{k >= 1}; also covers k = 0 */
    mag_mul_2exp_si(res, acc, 1);
    _hkz_lyb_bl_clear(&B);
    arf_clear(u0);
    arf_clear(u1);
    arf_clear(V);
    mag_clear(acc);
    mag_clear(el);
    mag_clear(vl);
}
