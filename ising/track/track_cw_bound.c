/* Trapezoid errors of the node sums of track_cw_box.c: for every (t,
 * theta) in B = T x X, bounds of |sum - integral| for K, K_theta, K_t.
 *
 * Poisson summation (cw_integral.c): for f entire with Gaussian decay,
 *   |h sum_k f(k h + i c) - int f| <= (M_+ + M_-)/(e^{2 pi a/h} - 1),
 * M_pm = int |f| on Im x' = c +- a, plus the omitted nodes.  Here f = p Q g
 * with p = 1, (i x' + c)/t (K_theta) or ((x' - i theta)^2 + (c -
 * theta)^2)/(2 t^2) - lam (K_t), polynomials in x'.  On x' = u + i(c + y):
 *   |Q g| = E_y exp(-u^2/(2t)) |2 cosh(u + i(c + y))|^N e^{-psiref},
 *   E_y = exp((2 y (c - theta) + y^2)/(2t) + b^2/(2tm) - lam (t - tm)),
 *   |i x' + c| = |i u - y| <= |u| + |y|,
 *   |(x' - i theta)^2 + (c - theta)^2| <= u^2 + 2 |u| Y_y + Z_y,
 *   Y_y = |c + y - theta|,  Z_y = |2 y (c - theta) + y^2|.
 * The Gaussian and the growth lam of Q together: for t in T = [tm - r,
 * tm + r], phi(t) = -u^2 (1/(2t) - 1/(2U^2)) - lam (t - tm) is concave in
 * t, so phi(t) <= phi(tm) + |phi'(tm)| r with phi'(tm) = u^2/(2tm^2) - lam,
 * and |a| = max(a, -a) gives, for every real u,
 *   e^{phi(t)} <= e^{-lam r} e^{-u^2/(2t_R)} + e^{lam r} e^{-u^2/(2t_L)},
 *   1/t_R = 1/tm - r/tm^2 - 1/U^2,  1/t_L = 1/tm + r/tm^2 - 1/U^2
 * (U^2 > tm^2/ta, so both positive).  Near the saddle (u^2 ~ 2 lam tm^2)
 * the second term is e^{-u^2/(2tm)} to first order in r: the growth of Q
 * and of the Gaussian cancel there (bounding them apart, sup_T
 * e^{-lam (t - tm)} = e^{lam r} with 1/t' = 1/tb - 1/U^2, cost up to ~100
 * bits at N = 10^4, beta ~ 0.9, steps of t/36, and so a second pass and
 * twice the nodes on every line).  With
 *   |u|^m e^{-u^2/(2 U^2)} <= (m U^2/e)^{m/2}
 * (max of s^m e^{-s^2/(2U^2)} at s^2 = m U^2), and e^{-u^2/(2t')} |2 cosh|^N
 * e^{-psiref} the integrand of the line bounds of cw_integral_bound.c at
 * (t', theta0, Im x = b + y) times e^{-(b + y)^2/(2t')}: with L_y^t' =
 * those bounds (integral, or 2h x omitted node sum),
 *   int |u|^m |Q g| <= (m U^2/e)^{m/2} (L_y^{t_R} F_y^{R} + L_y^{t_L} F_y^{L}),
 *   F_y^{R,L} = sup_B exp(-(b + y)^2/(2t') + (2 y (c - theta) + y^2)/(2t)
 *                         + b^2/(2tm) -+ lam r)
 * (t' = t_R, t_L; ball evaluation over T and X, upper bound), and 1/t <=
 * 1/ta. */
#include <math.h>
#include "track_cw_internal.h"

typedef struct
{
    arb_t tp, ta, U2, lr;   /* t_R or t_L, ta, U^2, -+ lam r */
    mag_t c1, c2;       /* (U^2/e)^{1/2}, 2 U^2/e */
} aux_t;

/* F_y (see top) */
static void factor(mag_t res, const _hkz_lyt_box_t *B, const aux_t *A,
                   const arf_t y, slong wp)
{
    arb_t s, x, yb;
    arb_init(s);
    arb_init(x);
    arb_init(yb);
    /* -(b + y)^2/(2t') */
    arb_add_arf(yb, B->bb, y, wp);
    arb_sqr(s, yb, wp);
    arb_div(s, s, A->tp, wp);
    arb_mul_2exp_si(s, s, -1);
    arb_neg(s, s);
    /* (2 y (c - theta) + y^2)/(2t) */
    arb_sub(x, B->cc, B->X, wp);
    arb_mul_arf(x, x, y, wp);
    arb_mul_2exp_si(x, x, 1);
    arb_set_arf(yb, y);
    arb_addmul_arf(x, yb, y, wp);
    arb_div(x, x, B->T, wp);
    arb_mul_2exp_si(x, x, -1);
    arb_add(s, s, x, wp);
    /* b^2/(2tm) -+ lam r */
    arb_sqr(x, B->bb, wp);
    arb_div(x, x, B->tm, wp);
    arb_mul_2exp_si(x, x, -1);
    arb_add(s, s, x, wp);
    arb_add(s, s, A->lr, wp);
    arb_exp(s, s, wp);
    arb_get_mag(res, s);
    arb_clear(s);
    arb_clear(x);
    arb_clear(yb);
}

/* sup |c + y - theta| and sup |2 y (c - theta) + y^2| over X */
static void yz(mag_t Y, mag_t Z, const _hkz_lyt_box_t *B, const arf_t y,
               slong wp)
{
    arb_t s, x;
    arb_init(s);
    arb_init(x);
    arb_sub(s, B->cc, B->X, wp);
    arb_add_arf(x, s, y, wp);
    arb_get_mag(Y, x);
    arb_mul_arf(s, s, y, wp);
    arb_mul_2exp_si(s, s, 1);
    arb_set_arf(x, y);
    arb_addmul_arf(s, x, y, wp);
    arb_get_mag(Z, s);
    arb_clear(s);
    arb_clear(x);
}

/* adds to B's err0, err1, errt the contributions of L = int (or node sum)
 * of |Q g| on the line y (one factor (m U^2/e)^{m/2} per power of u);
 * F = F_y of factor() */
static void add_line(_hkz_lyt_box_t *B, const aux_t *A, const mag_t L,
                     const mag_t F, const arf_t y, const mag_t scale,
                     slong wp)
{
    mag_ptr e0 = B->err0, e1 = B->err1, et = B->errt;
    mag_t M0, M1, M2, Y, Z, ia, m, yy;
    mag_init(M0);
    mag_init(M1);
    mag_init(M2);
    mag_init(Y);
    mag_init(Z);
    mag_init(ia);
    mag_init(m);
    mag_init(yy);
    mag_mul(M0, L, F);
    mag_mul(M0, M0, scale);
    mag_mul(M1, M0, A->c1);
    mag_mul(M2, M0, A->c2);
    arb_get_mag_lower(ia, A->ta);
    mag_inv(ia, ia);                       /* 1/ta, upper bound */
    arf_get_mag(yy, y);
    yz(Y, Z, B, y, wp);
    /* K */
    mag_add(e0, e0, M0);
    /* K_theta: (M1 + |y| M0)/ta */
    mag_mul(m, yy, M0);
    mag_add(m, m, M1);
    mag_mul(m, m, ia);
    mag_add(e1, e1, m);
    /* K_t: (M2 + 2 Y M1 + Z M0)/(2 ta^2) + |lam| M0 */
    mag_mul(m, Y, M1);
    mag_mul_2exp_si(m, m, 1);
    mag_add(m, m, M2);
    mag_mul(Y, Z, M0);
    mag_add(m, m, Y);
    mag_mul(m, m, ia);
    mag_mul(m, m, ia);
    mag_mul_2exp_si(m, m, -1);
    mag_add(et, et, m);
    arb_get_mag(m, B->lam);
    mag_mul(m, m, M0);
    mag_add(et, et, m);
    mag_clear(M0);
    mag_clear(M1);
    mag_clear(M2);
    mag_clear(Y);
    mag_clear(Z);
    mag_clear(ia);
    mag_clear(m);
    mag_clear(yy);
}

/* the discretization lines b +- a and the omitted nodes of the line b
 * with the Gaussian of A (one term of the bound at the top) */
static void add_terms(_hkz_lyt_box_t *B, slong N, const aux_t *A,
                      const arb_t th0, const mag_t dn)
{
    _hkz_lyi_ictx_t *c = &B->c;
    _hkz_ly_cw_line_t *L = &c->L;
    double a = (double) (float) L->a;
    arb_t x;
    arf_t y;
    mag_t Lb, m, one, ee, F;
    int s;

    arb_init(x);
    arf_init(y);
    mag_init(ee);
    mag_init(Lb);
    mag_init(m);
    mag_init(one);
    mag_init(F);
    mag_one(one);
    for (s = -1; s <= 1; s += 2)
    {
        arf_set_d(y, s * a);
        arb_set_d(x, L->b);
        arb_add_arf(x, x, y, ARF_PREC_EXACT);
        _hkz_ly_cw_bound_line_int(Lb, N, A->tp, th0, arb_midref(x),
                                  c->psiref, c->eps, 2 * L->sigw);
        factor(F, B, A, y, c->wp);
        add_line(B, A, Lb, F, y, dn, c->wp);
    }
    /* omitted nodes on the line b itself (y = 0).  add_line multiplies
     * their bound by F_0, so where F_0 < 1 (t_R: F_0 ~ e^{-lam r}) the
     * cells need the tolerance eps/F_0 only (eps sets no more than when a
     * cell is accepted: the bound holds for any).  eps itself bisected
     * them to the floor: N = 10^4, zeros 2001-2004, steps of t/36: 60 of
     * the 184 ms of the lines, 18 ms with eps/F_0; steps of t/25: 325 ->
     * 12.5 ms.  Where F_0 >= 1, eps as before (eps/F_0 refines further
     * and widened a step's theta_j(tb) from the line's nodes, N = 2000,
     * zero 1000). */
    arf_zero(y);
    arb_set_d(x, L->b);
    mag_zero(Lb);
    factor(F, B, A, y, c->wp);
    if (mag_is_zero(F) || !mag_is_finite(F) || mag_cmp_2exp_si(F, 0) >= 0)
        mag_set(ee, c->eps);
    else
        mag_div(ee, c->eps, F);
    if (L->klo > 0)
        _hkz_ly_cw_bound_line_nodes(Lb, N, A->tp, th0, arb_midref(x), c->hh,
                                    0, L->klo - 1, c->psiref, ee,
                                    2 * L->sigw);
    _hkz_ly_cw_bound_line_nodes(m, N, A->tp, th0, arb_midref(x), c->hh,
                                L->khi + 1, -1, c->psiref, ee,
                                2 * L->sigw);
    mag_add(Lb, Lb, m);
    add_line(B, A, Lb, F, y, one, c->wp);
    arb_clear(x);
    arf_clear(y);
    mag_clear(Lb);
    mag_clear(m);
    mag_clear(one);
    mag_clear(ee);
    mag_clear(F);
}

void _hkz_lyt_box_errors(_hkz_lyt_box_t *B, slong N, const arf_t ta,
                         const arf_t tb)
{
    _hkz_lyi_ictx_t *c = &B->c;
    _hkz_ly_cw_line_t *L = &c->L;
    slong wp = c->wp;
    aux_t A;
    arb_t th0, x, q, r;
    mag_t dn;
    double tbd = arf_get_d(tb, ARF_RND_UP), U2, a = (double) (float) L->a;
    int v;

    arb_init(A.tp);
    arb_init(A.ta);
    arb_init(A.U2);
    arb_init(A.lr);
    mag_init(A.c1);
    mag_init(A.c2);
    arb_init(th0);
    arb_init(x);
    arb_init(q);
    arb_init(r);
    mag_init(dn);
    mag_zero(B->err0);
    mag_zero(B->err1);
    mag_zero(B->errt);
    arb_set_arf(A.ta, ta);
    /* U^2 = max((khi h)^2, 64 tb) */
    U2 = (L->khi + 1) * L->h;
    U2 = FLINT_MAX(U2 * U2, 64 * tbd);
    arb_set_d(A.U2, U2);
    /* c1 = (U^2/e)^{1/2}, c2 = 2 U^2/e */
    arb_const_e(x, wp);
    arb_div(x, A.U2, x, wp);
    arb_get_mag(A.c2, x);
    mag_mul_2exp_si(A.c2, A.c2, 1);
    arb_sqrt(x, x, wp);
    arb_get_mag(A.c1, x);
    arb_set_arf(th0, B->th0);
    /* discretization: lines b +- a, divided by e^{2 pi a/h} - 1 */
    _hkz_lyi_disc_den(dn, a, c->hh);
    mag_inv(dn, dn);
    /* r = (tb - ta)/2, q = r/tm^2 */
    arb_set_arf(r, tb);
    arb_sub_arf(r, r, ta, wp);
    arb_mul_2exp_si(r, r, -1);
    arb_sqr(q, B->tm, wp);
    arb_div(q, r, q, wp);
    for (v = 0; v < 2; v++)
    {
        /* 1/t_R = 1/tm - r/tm^2 - 1/U^2 (v = 0), 1/t_L with + r/tm^2;
         * -+ lam r */
        arb_inv(A.tp, B->tm, wp);
        if (v == 0)
            arb_sub(A.tp, A.tp, q, wp);
        else
            arb_add(A.tp, A.tp, q, wp);
        arb_inv(x, A.U2, wp);
        arb_sub(A.tp, A.tp, x, wp);
        if (!arb_is_positive(A.tp))
        {
            mag_inf(B->err0);
            mag_inf(B->err1);
            mag_inf(B->errt);
            break;
        }
        arb_inv(A.tp, A.tp, wp);
        arb_mul(A.lr, B->lam, r, wp);
        if (v == 0)
            arb_neg(A.lr, A.lr);
        add_terms(B, N, &A, th0, dn);
    }
    arb_clear(A.tp);
    arb_clear(A.ta);
    arb_clear(A.U2);
    arb_clear(A.lr);
    mag_clear(A.c1);
    mag_clear(A.c2);
    arb_clear(th0);
    arb_clear(x);
    arb_clear(q);
    arb_clear(r);
    mag_clear(dn);
}
