/* Rigorous upper bounds for |g| on a horizontal line Im x = y, used by the
 * error terms of the saddle-line integral (cw_integral.c).
 *
 * For x = u + i y and g(x) = exp(-x^2/(2t)) (2 cosh(x + i theta))^N,
 *   |g(u + i y)| = exp(Phi(u)),
 *   Phi(u) = (y^2 - u^2)/(2t) + (N/2) log(4 sinh^2 u + 4 C),
 *   C = cos^2(y + theta)  (an upper bound over the theta ball is used:
 *                          Phi increases with C),
 * an even function of u.  Its derivatives are
 *   Phi'(u)  = -u/t + (N/2) sinh(2u)/(S + C),                 S = sinh^2 u,
 *   Phi''(u) = -1/t + N (C cosh(2u) - S)/(S + C)^2.
 * On a cell [u0, u1] with centre c and half width r two bounds hold:
 *   Taylor:    Phi(u) <= Phi(c) + Phi'(c)(u - c) + max(sup Phi'', 0) r^2/2,
 *   monotone:  Phi(u) <= (y^2 - u0^2)/(2t) + (N/2) log(4 sinh^2 u1 + 4C)
 * (the first term decreases, the second increases in u >= 0), and where
 * sup Phi'' <= 0 (certified concave) every tangent line lies above Phi, so
 * the tangents at the two ends give the sup and integral bounds (one cell
 * then covers a whole monotone flank).  Beyond V,
 * since log(2 cosh u) <= log(2 cosh V) + (u - V) for u >= V and C <= 1,
 *   |g(u + i y)| <= exp(y^2/(2t) + N log(2 cosh V) - N V) exp(-u^2/(2t) + N u)
 * whose integral over [V, oo) is, exactly,
 *   ... e^{N^2 t/2} sqrt(pi t/2) erfc(z),  z = (V - N t)/sqrt(2t),
 * with erfc(z) <= min(1, e^{-z^2}/(z sqrt(pi))) for z > 0,
 * and which decreases for u >= N t (so node sums over k h >= V + h are
 * below its integral over [V, oo)).  Cells are bisected until their bound
 * is negligible or they are narrow; everything is in units e^{psiref}. */
#include <math.h>
#include "zeros_internal.h"

typedef struct
{
    slong N, prec;
    arb_struct t, inv2t, y2, C, psiref, halfN;
} bl_t;

static void bl_init(bl_t *B, slong N, const arb_t t, const arb_t theta,
                    const arf_t y, const arb_t psiref)
{
    arb_t c;
    arf_t u;
    /* upper bounds need only a few correct digits of Phi - psiref, whose
     * terms are O(N): one limb plus the size of N */
    slong p = 48 + FLINT_BIT_COUNT(N);

    B->N = N;
    B->prec = p;
    arb_init(&B->t);
    arb_init(&B->inv2t);
    arb_init(&B->y2);
    arb_init(&B->C);
    arb_init(&B->psiref);
    arb_init(&B->halfN);
    arb_init(c);
    arf_init(u);
    arb_set_round(&B->t, t, p);
    arb_mul_2exp_si(&B->inv2t, &B->t, 1);
    arb_inv(&B->inv2t, &B->inv2t, p);
    arb_set_arf(&B->y2, y);
    arb_sqr(&B->y2, &B->y2, p);
    arb_add_arf(c, theta, y, p);
    arb_cos(c, c, p);
    arb_sqr(c, c, p);
    arb_get_ubound_arf(u, c, p);
    /* the true C lies in [0, 1]; a positive floor keeps log finite */
    if (arf_cmp_si(u, 1) > 0)
        arf_one(u);
    if (arf_cmp_2exp_si(u, -400) < 0)
        arf_set_si_2exp_si(u, 1, -400);
    arb_set_arf(&B->C, u);
    arb_set_round(&B->psiref, psiref, p);
    arb_set_si(&B->halfN, N);
    arb_mul_2exp_si(&B->halfN, &B->halfN, -1);
    arb_clear(c);
    arf_clear(u);
}

static void bl_clear(bl_t *B)
{
    arb_clear(&B->t);
    arb_clear(&B->inv2t);
    arb_clear(&B->y2);
    arb_clear(&B->C);
    arb_clear(&B->psiref);
    arb_clear(&B->halfN);
}

/* Phi(u) - psiref, Phi'(u) at the ball u (d may be NULL). */
static void phi(arb_t f, arb_t d, const bl_t *B, const arb_t u)
{
    arb_t s, ch, S, x;
    slong p = B->prec;
    arb_init(s);
    arb_init(ch);
    arb_init(S);
    arb_init(x);
    arb_sinh_cosh(s, ch, u, p);
    arb_sqr(S, s, p);
    arb_add(x, S, &B->C, p);
    arb_mul_2exp_si(x, x, 2);
    arb_log(x, x, p);
    arb_mul(f, x, &B->halfN, p);
    arb_sqr(x, u, p);
    arb_sub(x, &B->y2, x, p);
    arb_addmul(f, x, &B->inv2t, p);
    arb_sub(f, f, &B->psiref, p);
    if (d != NULL)
    {
        /* -u/t + (N/2) sinh(2u)/(S+C), sinh 2u = 2 s ch */
        arb_mul(x, s, ch, p);
        arb_mul_si(x, x, B->N, p);
        arb_add(S, S, &B->C, p);
        arb_div(d, x, S, p);
        arb_mul(x, u, &B->inv2t, p);
        arb_mul_2exp_si(x, x, 1);
        arb_sub(d, d, x, p);
    }
    arb_clear(s);
    arb_clear(ch);
    arb_clear(S);
    arb_clear(x);
}

/* Upper bound of Phi'' on the ball U. */
static void phi2_ub(arf_t res, const bl_t *B, const arb_t U)
{
    arb_t s, ch, S, x, c2;
    slong p = B->prec;
    arb_init(s);
    arb_init(ch);
    arb_init(S);
    arb_init(x);
    arb_init(c2);
    arb_sinh_cosh(s, ch, U, p);
    arb_sqr(S, s, p);
    /* cosh 2u = 1 + 2S */
    arb_mul_2exp_si(c2, S, 1);
    arb_add_ui(c2, c2, 1, p);
    arb_mul(c2, c2, &B->C, p);
    arb_sub(c2, c2, S, p);
    arb_add(x, S, &B->C, p);
    arb_sqr(x, x, p);
    arb_div(x, c2, x, p);
    arb_mul_si(x, x, B->N, p);
    arb_mul_2exp_si(c2, &B->inv2t, 1);
    arb_sub(x, x, c2, p);
    arb_get_ubound_arf(res, x, p);
    arb_clear(s);
    arb_clear(ch);
    arb_clear(S);
    arb_clear(x);
    arb_clear(c2);
}

/* min(w, 1/D) for D > 0: bounds int_0^w e^{-D s} ds. */
static void decay_len(arb_t res, const arb_t D, const arb_t w, slong p)
{
    if (arb_is_positive(D))
    {
        arb_inv(res, D, p);
        if (arb_lt(w, res))
            arb_set(res, w);
    }
    else
        arb_set(res, w);
}

/* Concave cell (sup Phi'' <= 0): bounds from the tangents at u0 and u1.
 * Returns 0 if the signs of Phi' do not allow a decision. */
static int concave_bound(mag_t bint, mag_t bsup, const bl_t *B,
                         const arf_t u0, const arf_t u1)
{
    arb_t a, P0, D0, P1, D1, w, x, y;
    slong p = B->prec;
    int ok = 1;

    arb_init(a);
    arb_init(P0);
    arb_init(D0);
    arb_init(P1);
    arb_init(D1);
    arb_init(w);
    arb_init(x);
    arb_init(y);
    arb_set_arf(a, u0);
    phi(P0, D0, B, a);
    arb_set_arf(a, u1);
    phi(P1, D1, B, a);
    arb_set_arf(w, u1);
    arb_sub_arf(w, w, u0, p);
    if (arb_is_nonnegative(D1))
    {
        /* increasing: sup at u1, e^{P1 - D1 (u1 - u)} above e^Phi */
        arb_set(x, P1);
        decay_len(y, D1, w, p);
    }
    else if (arb_is_nonpositive(D0))
    {
        arb_set(x, P0);
        arb_neg(D0, D0);
        decay_len(y, D0, w, p);
    }
    else if (arb_is_positive(D0) && arb_is_negative(D1))
    {
        /* peak inside: the tangents meet at u* with value
         * P0 + D0 (u* - u0), u* = (P1 - P0 + D0 u0 - D1 u1)/(D0 - D1) */
        arb_t us, den;
        arb_init(us);
        arb_init(den);
        arb_set_arf(a, u0);
        arb_mul(us, D0, a, p);
        arb_set_arf(a, u1);
        arb_submul(us, D1, a, p);
        arb_add(us, us, P1, p);
        arb_sub(us, us, P0, p);
        arb_sub(den, D0, D1, p);
        arb_div(us, us, den, p);
        arb_sub_arf(us, us, u0, p);
        arb_mul(x, D0, us, p);
        arb_add(x, x, P0, p);
        /* integral below e^{x} (1/D0 + 1/|D1|), and below w e^x */
        arb_inv(y, D0, p);
        arb_neg(D1, D1);
        arb_inv(a, D1, p);
        arb_add(y, y, a, p);
        if (arb_lt(w, y))
            arb_set(y, w);
        arb_clear(us);
        arb_clear(den);
    }
    else
        ok = 0;
    if (ok)
    {
        arb_exp(x, x, p);
        arb_get_mag(bsup, x);
        arb_mul(y, y, x, p);
        arb_get_mag(bint, y);
        ok = mag_is_finite(bint);
    }
    arb_clear(a);
    arb_clear(P0);
    arb_clear(D0);
    arb_clear(P1);
    arb_clear(D1);
    arb_clear(w);
    arb_clear(x);
    arb_clear(y);
    return ok;
}

/* Bounds on [u0, u1] (0 <= u0 < u1): bint >= int e^{Phi - psiref},
 * bsup >= sup e^{Phi - psiref}. */
static void cell_bound(mag_t bint, mag_t bsup, const bl_t *B, const arf_t u0,
                       const arf_t u1)
{
    arb_t c, r, P, D, T, M, U;
    arf_t K;
    mag_t m1, m2;
    slong p = B->prec;

    arb_init(c);
    arb_init(r);
    arb_init(P);
    arb_init(D);
    arb_init(T);
    arb_init(M);
    arb_init(U);
    arf_init(K);
    mag_init(m1);
    mag_init(m2);
    arb_set_arf(c, u0);
    arb_add_arf(c, c, u1, p);
    arb_mul_2exp_si(c, c, -1);
    arb_set_arf(r, u1);
    arb_sub_arf(r, r, u0, p);
    arb_mul_2exp_si(r, r, -1);
    arb_set_interval_arf(U, u0, u1, p);
    phi2_ub(K, B, U);
    if (arf_sgn(K) <= 0 && !arf_is_nan(K) &&
        concave_bound(bint, bsup, B, u0, u1))
        goto cleanup;
    phi(P, D, B, c);
    if (arf_sgn(K) < 0 || arf_is_nan(K))
        arf_zero(K);
    if (!arf_is_finite(K))
        arf_pos_inf(K);
    arb_abs(D, D);
    arb_get_ubound_arf(arb_midref(D), D, p);
    mag_zero(arb_radref(D));
    /* T = P + Kp r^2/2 (the curvature part of the Taylor bound) */
    arb_sqr(T, r, p);
    arb_mul_arf(T, T, K, p);
    arb_mul_2exp_si(T, T, -1);
    arb_add(T, T, P, p);
    /* Taylor sup: T + |D| r */
    arb_mul(M, D, r, p);
    arb_add(M, M, T, p);
    /* monotone sup, only where the Taylor bound is poor (convex cells
     * near u = 0, e.g. when C is small) */
    if (!arb_is_finite(M) || arf_cmp_si(K, 0) > 0)
    {
        arb_t a, b;
        arb_init(a);
        arb_init(b);
        arb_set_arf(a, u1);
        phi(b, NULL, B, a);       /* (y^2-u1^2)/(2t) + halfN log(..u1..) */
        arb_set_arf(a, u1);
        arb_sqr(a, a, p);
        arb_addmul(b, a, &B->inv2t, p);
        arb_set_arf(a, u0);
        arb_sqr(a, a, p);
        arb_submul(b, a, &B->inv2t, p);
        if (arb_is_finite(b) && (!arb_is_finite(M) || arb_lt(b, M)))
            arb_set(M, b);
        arb_clear(a);
        arb_clear(b);
    }
    arb_exp(M, M, p);
    arb_get_mag(bsup, M);
    /* integral: min(2 r sup, e^T 2 sinh(|D| r)/|D|) */
    mag_mul_2exp_si(m1, bsup, 1);
    arb_get_mag(m2, r);
    mag_mul(m1, m1, m2);
    if (!arb_is_zero(D) && arb_is_finite(T))
    {
        arb_mul(U, D, r, p);
        arb_sinh(U, U, p);
        arb_mul_2exp_si(U, U, 1);
        arb_div(U, U, D, p);
        arb_exp(T, T, p);
        arb_mul(U, U, T, p);
        arb_get_mag(m2, U);
        if (mag_cmp(m2, m1) < 0)
            mag_set(m1, m2);
    }
    mag_set(bint, m1);
cleanup:
    arb_clear(c);
    arb_clear(r);
    arb_clear(P);
    arb_clear(D);
    arb_clear(T);
    arb_clear(M);
    arb_clear(U);
    arf_clear(K);
    mag_clear(m1);
    mag_clear(m2);
}

/* acc += bound over [u0, u1] by adaptive bisection.  nodes != NULL: the
 * node-sum mode h sum_{k h in [u0, u1]} e^{Phi(kh)} (at most w/h + 1 nodes
 * per cell).  A cell is accepted when its bound is below eps_len per unit
 * length (negligible), or when it is narrower than wmin and its bound below
 * cap_len per unit length (close to the true size near a peak); else it
 * is split, down to wmin/1024. */
static void region(mag_t acc, const bl_t *B, const arf_t u0, const arf_t u1,
                   const arf_t nodes, const mag_t eps_len, const mag_t cap_len,
                   double wmin, int depth)
{
    mag_t bi, bs, m;
    arf_t w, mid;
    int take;

    mag_init(bi);
    mag_init(bs);
    mag_init(m);
    arf_init(w);
    arf_init(mid);
    arf_sub(w, u1, u0, ARF_PREC_EXACT, ARF_RND_DOWN);
    cell_bound(bi, bs, B, u0, u1);
    if (nodes != NULL)
    {
        arf_add(mid, w, nodes, B->prec, ARF_RND_UP);
        arf_get_mag(m, mid);
        mag_mul(bi, bs, m);
    }
    arf_get_mag(m, w);
    mag_mul(m, m, eps_len);
    take = mag_cmp(bi, m) <= 0;
    if (!take && arf_cmpabs_d(w, wmin) <= 0)
    {
        arf_get_mag(m, w);
        mag_mul(m, m, cap_len);
        take = mag_cmp(bi, m) <= 0 || arf_cmpabs_d(w, wmin / 1024) <= 0;
    }
    if (take || depth >= 60)
        mag_add(acc, acc, bi);
    else
    {
        arf_add(mid, u0, u1, ARF_PREC_EXACT, ARF_RND_DOWN);
        arf_mul_2exp_si(mid, mid, -1);
        region(acc, B, u0, mid, nodes, eps_len, cap_len, wmin, depth + 1);
        region(acc, B, mid, u1, nodes, eps_len, cap_len, wmin, depth + 1);
    }
    mag_clear(bi);
    mag_clear(bs);
    mag_clear(m);
    arf_clear(w);
    arf_clear(mid);
}

/* Tail bound over [V, oo): res >= int_V^oo of the Gaussian envelope. */
static void tail(mag_t res, const bl_t *B, const arf_t V)
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
static double choose_V(const bl_t *B, double eps_log, double umin, double h)
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
static double peak_d(double *up, const bl_t *B, double V)
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
static void seeded(mag_t acc, const bl_t *B, double u0, double u1, double up,
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
        region(acc, B, a, b, nodes, el, cap, wmin, 0);
    }
    arf_clear(a);
    arf_clear(b);
}

void _hkz_ly_cw_bound_line_int(mag_t res, slong N, const arb_t t,
        const arb_t theta, const arf_t y, const arb_t psiref,
        const mag_t eps, double width)
{
    bl_t B;
    arf_t u0, V;
    mag_t acc, el, vl, cap;
    double Vd, pk, up;

    bl_init(&B, N, t, theta, y, psiref);
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
    bl_clear(&B);
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
    bl_t B;
    arf_t u0, u1, V;
    mag_t acc, el, vl;
    double hd = arf_get_d(h, ARF_RND_NEAR);

    mag_zero(res);
    if (k2 >= 0 && k2 < k1)
        return;
    bl_init(&B, N, t, theta, y, psiref);
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
        region(acc, &B, u0, u1, h, el, el, FLINT_MAX(width, hd), 0);
    }
    /* factor 2 of 2 Re sum_{k >= 1}; also covers k = 0 */
    mag_mul_2exp_si(res, acc, 1);
    bl_clear(&B);
    arf_clear(u0);
    arf_clear(u1);
    arf_clear(V);
    mag_clear(acc);
    mag_clear(el);
    mag_clear(vl);
}
