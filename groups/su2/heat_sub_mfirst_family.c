/* The families m <= M0 of the spectral sum (3.1) in closed form, and the
 * tail of the modes m > M0 beyond |k| = K (heat_sub_mfirst_internal.h).
 *
 * One family.  With x = cos 2r, S = sin^2 r, C = cos^2 r, c_0 = 1, c_k =
 * 2 cos kz, b_km = cos(r)^k P_m^{(0,k)}(x), W_km = (2m+k+1) e^{-lambda t},
 * lambda = 4m(m+k+1) + 2k:
 *   b_km W_km = E_m (2m+1+k) P_m^{(0,k)}(x) w^k,
 *   E_m = e^{-4m(m+1)t},  w = cos(r) e^{-(4m+2)t}  (0 <= w < 1 for t > 0).
 * The explicit sum (DLMF 18.5.8 with alpha = 0, beta = k)
 *   P_m^{(0,k)}(x) = sum_{s <= m} C(m,s) C(m+k,s) (-S)^s C^{m-s}
 * and Vandermonde's C(m+k, s) = sum_{i <= s} C(m, s-i) C(k, i) give
 *   P_m^{(0,k)}(x) = sum_{i <= m} beta_i C(k, i),
 *   beta_i = sum_{s=i}^{m} C(m,s) C(m,s-i) (-S)^s C^{m-s}.
 * With (2m+1+k) C(k,i) = (2m+1+i) C(k,i) + (i+1) C(k,i+1) and
 * sum_{k >= 0} C(k,j) u^k = u^j / (1-u)^{j+1} (|u| < 1):
 *   sum_{k >= 0} (2m+1+k) P_m^{(0,k)}(x) u^k
 *     = (1/(1-u)) sum_{i <= m+1} gamma_i v^i,  v = u / (1-u),
 *   gamma_i = (2m+1+i) beta_i + i beta_{i-1}  (beta_{-1} = beta_{m+1} = 0).
 * The sum over k >= 0 of c_k g(k) w^k for real g is 2 Re G(w e^{iz}) -
 * g(0), G(u) = sum_k g(k) u^k, and g(0) = (2m+1) P_m(x) (Legendre), so
 *   sum_k c_k b_km W_km = E_m (2 Re G_m(w e^{iz}) - (2m+1) P_m(x)):
 * an identity of absolutely convergent series, evaluated in ball
 * arithmetic (no truncation).
 *
 * The tail beyond K.  |e^{ikz}| = 1 and |cos(r)^|k| P_m^{(0,|k|)}(cos 2r)|
 * <= 1 (a matrix coefficient D^n_kk of a unitary representation; spec 3.5
 * uses the same bound), so with n = K + 1, m1 = M0 + 1, rho_m =
 * e^{-(4m+2)t}:
 *   sum_{|k| > K} sum_{m >= m1} |...| <= 2 sum_{m >= m1} E_m I_m,
 *   I_m = sum_{k >= n} (2m+1+k) rho_m^k
 *       = rho_m^n ((2m+1+n)/(1-rho_m) + rho_m/(1-rho_m)^2)
 *      <= rho_m^n ((2m+1+n) D + D^2),  D = 1/(1-rho_{m1})
 * (rho_m <= rho_{m1}).
 * E_m rho_m^n = e^{-F(m)}, F(m) = (4m(m+1) + (4m+2) n) t, and F(m+1) -
 * F(m) = (8(m+1) + 4n) t >= delta = (8 m1 + 8 + 4n) t for m >= m1, so
 * with q = e^{-delta}, e^{-F(m1 + j)} <= e^{-F(m1)} q^j and
 *   tail <= 2 e^{-F(m1)} [((2m1+1+n) D + D^2) / (1-q) + 2 D q / (1-q)^2]
 * (sum_j q^j = 1/(1-q), sum_j j q^j = q/(1-q)^2).  Every factor decreases
 * in t, so the bound at tlo <= t holds at t; it is evaluated in ball
 * arithmetic and its upper bound taken. */
#include <math.h>
#include <stdlib.h>
#include "heat_sub_mfirst_internal.h"

#define M0 HKZ_SUB_MF_M0
#define NG (M0 + 2)

/* C(a, b) for a <= M0 + 1 */
static ulong binom(ulong a, ulong b)
{
    ulong c = 1, j;
    if (b > a)
        return 0;
    for (j = 1; j <= b; j++)
        c = c * (a - b + j) / j;
    return c;
}

void _hkz_sub_mf_fam_init(_hkz_sub_mf_fam_t *F, const arb_t t,
                          const arb_t r, slong wp)
{
    arb_ptr pS = _arb_vec_init(M0 + 1), pC = _arb_vec_init(M0 + 1);
    arb_ptr be = _arb_vec_init(M0 + 2), as = _arb_vec_init(M0 + 1);
    arb_t cr, S, x, P0, P1, P2, E, a, b;
    slong m, i, s;

    F->wp = wp;
    F->gam = _arb_vec_init((M0 + 1) * NG);
    F->w = _arb_vec_init(M0 + 1);
    arb_init(F->h);
    arb_init(cr); arb_init(S); arb_init(x); arb_init(P0); arb_init(P1);
    arb_init(P2); arb_init(E); arb_init(a); arb_init(b);
    arb_sin_cos(S, cr, r, wp);
    arb_sqr(S, S, wp);
    arb_one(pS);
    arb_one(pC);
    arb_sqr(pC + 1, cr, wp);                     /* C = cos^2 r */
    arb_set(pS + 1, S);
    for (i = 2; i <= M0; i++)
    {
        arb_mul(pS + i, pS + i - 1, pS + 1, wp);
        arb_mul(pC + i, pC + i - 1, pC + 1, wp);
    }
    arb_mul_2exp_si(x, S, 1);
    arb_sub_ui(x, x, 1, wp);
    arb_neg(x, x);                               /* x = 1 - 2S */
    arb_one(P0);
    arb_set(P1, x);
    for (m = 0; m <= M0; m++)
    {
        arb_ptr g = F->gam + m * NG;
        /* E_m, w_m */
        arb_mul_si(a, t, -4 * m * (m + 1), wp);
        arb_exp(E, a, wp);
        arb_mul_si(a, t, -(4 * m + 2), wp);
        arb_exp(a, a, wp);
        arb_mul(F->w + m, a, cr, wp);
        /* a_s = C(m,s) (-S)^s C^{m-s}, beta_i = sum_{s >= i} a_s C(m,s-i) */
        for (s = 0; s <= m; s++)
        {
            arb_mul(as + s, pS + s, pC + m - s, wp);
            arb_mul_ui(as + s, as + s, binom(m, s), wp);
            if (s % 2)
                arb_neg(as + s, as + s);
        }
        for (i = 0; i <= m; i++)
        {
            arb_zero(be + i);
            for (s = i; s <= m; s++)
                arb_addmul_ui(be + i, as + s, binom(m, s - i), wp);
        }
        arb_zero(be + m + 1);
        /* 2 E_m gamma_i */
        for (i = 0; i <= m + 1; i++)
        {
            arb_mul_ui(g + i, be + i, 2 * m + 1 + i, wp);
            if (i > 0)
            {
                arb_mul_ui(a, be + i - 1, i, wp);
                arb_add(g + i, g + i, a, wp);
            }
            arb_mul(g + i, g + i, E, wp);
            arb_mul_2exp_si(g + i, g + i, 1);
        }
        /* h += E_m (2m+1) P_m(x); P_{m+1} by (m+1) P_{m+1} = (2m+1) x P_m
           - m P_{m-1} */
        arb_mul_ui(a, m == 0 ? P0 : P1, 2 * m + 1, wp);
        arb_addmul(F->h, a, E, wp);
        if (m >= 1)
        {
            arb_mul(P2, x, P1, wp);
            arb_mul_ui(P2, P2, 2 * m + 1, wp);
            arb_mul_ui(b, P0, m, wp);
            arb_sub(P2, P2, b, wp);
            arb_div_ui(P2, P2, m + 1, wp);
            arb_swap(P0, P1);
            arb_swap(P1, P2);
        }
    }
    _arb_vec_clear(pS, M0 + 1);
    _arb_vec_clear(pC, M0 + 1);
    _arb_vec_clear(be, M0 + 2);
    _arb_vec_clear(as, M0 + 1);
    arb_clear(cr); arb_clear(S); arb_clear(x); arb_clear(P0); arb_clear(P1);
    arb_clear(P2); arb_clear(E); arb_clear(a); arb_clear(b);
}

void _hkz_sub_mf_fam_clear(_hkz_sub_mf_fam_t *F)
{
    _arb_vec_clear(F->gam, (M0 + 1) * NG);
    _arb_vec_clear(F->w, M0 + 1);
    arb_clear(F->h);
}

/* Re(P(v) / (1 - u)) of each family, P(x) = sum_i gamma'_i x^i with real
 * coefficients: v = a + ib is a root of x^2 - p x + q (p = 2a, q = |v|^2),
 * so with s_k = gamma'_k + p s_{k+1} - q s_{k+2} (s = 0 beyond the top),
 * P(v) = s_0 + s_1 (v - p) = (s_0 - a s_1) + i b s_1 (induction on the
 * degree: x^{k+2} = p x^{k+1} - q x^k at x = v).  Two real products per
 * coefficient instead of a complex one. */
void _hkz_sub_mf_fam_eval(arb_t res, const _hkz_sub_mf_fam_t *F,
                          const acb_t eiz)
{
    slong wp = F->wp, m, i;
    acb_t u, inv, v;
    arb_t p, q, s0, s1, s2, x, y, acc;

    acb_init(u); acb_init(inv); acb_init(v);
    arb_init(p); arb_init(q); arb_init(s0); arb_init(s1); arb_init(s2);
    arb_init(x); arb_init(y); arb_init(acc);
    for (m = 0; m <= M0; m++)
    {
        const arb_struct *g = F->gam + m * NG;
        acb_mul_arb(u, eiz, F->w + m, wp);
        acb_sub_ui(inv, u, 1, wp);
        acb_neg(inv, inv);
        acb_inv(inv, inv, wp);                   /* 1 / (1 - u) */
        acb_mul(v, u, inv, wp);
        arb_mul_2exp_si(p, acb_realref(v), 1);
        arb_sqr(q, acb_realref(v), wp);
        arb_addmul(q, acb_imagref(v), acb_imagref(v), wp);
        arb_zero(s1);
        arb_set(s0, g + m + 1);
        for (i = m; i >= 0; i--)
        {
            arb_swap(s2, s1);
            arb_swap(s1, s0);          /* s1 = s_{i+1}, s2 = s_{i+2} */
            arb_mul(s0, p, s1, wp);
            arb_submul(s0, q, s2, wp);
            arb_add(s0, s0, g + i, wp);
        }
        /* P(v) = x + i y, x = s_0 - a s_1, y = b s_1; Re(P inv) */
        arb_mul(x, acb_realref(v), s1, wp);
        arb_sub(x, s0, x, wp);
        arb_mul(y, acb_imagref(v), s1, wp);
        arb_addmul(acc, x, acb_realref(inv), wp);
        arb_submul(acc, y, acb_imagref(inv), wp);
    }
    arb_sub(res, acc, F->h, wp);
    acb_clear(u); acb_clear(inv); acb_clear(v);
    arb_clear(p); arb_clear(q); arb_clear(s0); arb_clear(s1); arb_clear(s2);
    arb_clear(x); arb_clear(y); arb_clear(acc);
}

/* the bound of the top comment at the ball t (its upper bound) */
static void tail_k_ball(arb_t res, slong K, const arb_t t, slong prec)
{
    slong n = K + 1, m1 = M0 + 1;
    arb_t D, q, oq, e, a, b;

    arb_init(D); arb_init(q); arb_init(oq); arb_init(e); arb_init(a);
    arb_init(b);
    /* D = 1 / (1 - e^{-(4 m1 + 2) t}) */
    arb_mul_si(a, t, -(4 * m1 + 2), prec);
    arb_expm1(a, a, prec);
    arb_neg(a, a);
    arb_inv(D, a, prec);
    /* q = e^{-delta}, oq = 1 - q */
    arb_mul_si(a, t, -(8 * m1 + 8 + 4 * n), prec);
    arb_exp(q, a, prec);
    arb_expm1(oq, a, prec);
    arb_neg(oq, oq);
    /* e = e^{-F(m1)} */
    arb_mul_si(a, t, -(4 * m1 * (m1 + 1) + (4 * m1 + 2) * n), prec);
    arb_exp(e, a, prec);
    /* ((2m1+1+n) D + D^2) / (1-q) + 2 D q / (1-q)^2 */
    arb_add_si(a, D, 2 * m1 + 1 + n, prec);
    arb_mul(a, a, D, prec);
    arb_div(a, a, oq, prec);
    arb_mul(b, D, q, prec);
    arb_mul_2exp_si(b, b, 1);
    arb_div(b, b, oq, prec);
    arb_div(b, b, oq, prec);
    arb_add(a, a, b, prec);
    arb_mul(res, a, e, prec);
    arb_mul_2exp_si(res, res, 1);
    arb_clear(D); arb_clear(q); arb_clear(oq); arb_clear(e); arb_clear(a);
    arb_clear(b);
}

void _hkz_sub_mf_tail_k(mag_t res, slong K, const mag_t tlo)
{
    arb_t t, v;
    arb_init(t);
    arb_init(v);
    arf_set_mag(arb_midref(t), tlo);
    tail_k_ball(v, K, t, 64);
    arb_get_mag(res, v);
    arb_clear(t);
    arb_clear(v);
}

double _hkz_sub_mf_log_tail_k(slong K, double t)
{
    double n = (double) K + 1.0, m1 = M0 + 1.0;
    double D = 1.0 / -expm1(-(4.0 * m1 + 2.0) * t);
    double dl = (8.0 * m1 + 8.0 + 4.0 * n) * t, q = exp(-dl);
    double oq = -expm1(-dl);
    double F = (4.0 * m1 * (m1 + 1.0) + (4.0 * m1 + 2.0) * n) * t;
    return M_LN2 - F + log(((2.0 * m1 + 1.0 + n) * D + D * D) / oq
                           + 2.0 * D * q / (oq * oq));
}
