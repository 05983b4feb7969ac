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
#include "cw_bound_internal.h"

void _hkz_lyb_bl_init(_hkz_lyb_bl_t *B, slong N, const arb_t t,
                      const arb_t theta,
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

void _hkz_lyb_bl_clear(_hkz_lyb_bl_t *B)
{
    arb_clear(&B->t);
    arb_clear(&B->inv2t);
    arb_clear(&B->y2);
    arb_clear(&B->C);
    arb_clear(&B->psiref);
    arb_clear(&B->halfN);
}

/* Phi(u) - psiref, Phi'(u) at the ball u (d may be NULL). */
static void phi(arb_t f, arb_t d, const _hkz_lyb_bl_t *B, const arb_t u)
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
static void phi2_ub(arf_t res, const _hkz_lyb_bl_t *B, const arb_t U)
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
static int concave_bound(mag_t bint, mag_t bsup, const _hkz_lyb_bl_t *B,
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
static void cell_bound(mag_t bint, mag_t bsup, const _hkz_lyb_bl_t *B,
                       const arf_t u0,
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
void _hkz_lyb_region(mag_t acc, const _hkz_lyb_bl_t *B, const arf_t u0,
                     const arf_t u1,
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
        _hkz_lyb_region(acc, B, u0, mid, nodes, eps_len, cap_len, wmin,
                        depth + 1);
        _hkz_lyb_region(acc, B, mid, u1, nodes, eps_len, cap_len, wmin,
                        depth + 1);
    }
    mag_clear(bi);
    mag_clear(bs);
    mag_clear(m);
    arf_clear(w);
    arf_clear(mid);
}
