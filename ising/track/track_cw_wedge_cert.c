/* The certificate of a wedge step (track_cw_wedge.c has the wedge and the
 * proof that these conditions certify it): the signs of G(t, D) at the
 * edges D = Dlo, Dhi for all t (second order in t at fixed D), the signs
 * of K_theta and K_t on sub-wedges, and the cut of T into pieces that
 * share the nodes of one line.  All in the precision B->pw of the step's
 * certificate (track_cw_internal.h). */
#include <math.h>
#include <acb_poly.h>
#include "track_cw_internal.h"

static int sgn(const arb_t x)
{
    return arb_is_positive(x) ? 1 : arb_is_negative(x) ? -1 : 0;
}

/* Second order in t at fixed D.  The node sum N(t, D) = 2h Re wk sum_k
 * V_k e^{a_k(t)} w^k (wk = e^{-i h klo D}, a_k(t) = (u_k^2/(2 t tm) -
 * lam)(t - tm), a_k(tm) = 0, alpha_k = a_k' = u_k^2/(2t^2) - lam) differs
 * from G by at most err0 on the region, and
 *   N_tt = 2h Re wk sum_k beta_k(t) V_k e^{a_k(t)} w^k,
 *   beta_k = a_k'^2 + a_k'' = (u_k^2/(2t^2) - lam)^2 - u_k^2/t^3.
 * For t in T,
 *   sum beta_k(t) V_k e^{a_k} w^k in S4 + disk(R4),  S4 = sum V4_k w^k,
 *   V4_k = beta_k(tm) V_k,  R4 = sum |V_k| (sup_T |beta_k - beta_k(tm)|
 *                                          + sup_T |beta_k| e_k)
 * (|e^{a_k} - 1| <= e_k = e^{w_k} - 1 as in track_cw_box.c, |w| = 1), and
 * by Taylor's theorem with the Lagrange remainder
 *   G(t, D) in N(tm, D) + N_t(tm, D) [-r, r] + N_tt(T, D) [0, r^2/2]
 *              + [-err0, err0],
 * N_t(tm, D) = 2h Re S2 (track_cw_box.c).  The second-order term keeps the
 * cancellation of the sum, so the edges hold for longer steps than the
 * mean value form (whose t-ball remainder RA is first order in r).
 *
 * The same for K_t (its sign is the direction; near pi/2 K_t is small,
 * O((pi/2 - theta)^2), and the first-order remainder RA hides it).  The
 * node sum of K_t is N_K = 2h (Re wk sum alpha_k V_k e^{a_k} w^k - x Im wk
 * sum u_k V_k e^{a_k} w^k / t), x = (c - theta)/t = D + b/tref constant at
 * fixed D, so
 *   d/dt N_K = 2h (Re wk sum beta_k V_k e^{a_k} w^k
 *                  - x Im wk sum gamma_k V_k e^{a_k} w^k / t),
 *   gamma_k = u_k (alpha_k - 1/t),
 * and with S5, V5, R5 from gamma as S4, V4, R4 from beta, for t in a
 * sub-interval of T (the mean value theorem at a xi between tm and t)
 *   K_t(t, D) in N_K(tm, D) + [-errt, errt] + 2h (Re S4 + disk(R4)
 *                - x (Im S5 + disk(R5))/T) (t - tm). */
typedef struct
{
    acb_ptr V4, V5;
    mag_t R4, R5;
    slong len;
} curv_t;

static void curv_init(curv_t *C, slong len)
{
    C->V4 = _acb_vec_init(len);
    C->V5 = _acb_vec_init(len);
    mag_init(C->R4);
    mag_init(C->R5);
    C->len = len;
}

static void curv_clear(curv_t *C)
{
    _acb_vec_clear(C->V4, C->len);
    _acb_vec_clear(C->V5, C->len);
    mag_clear(C->R4);
    mag_clear(C->R5);
}

/* beta (j = 0) or gamma (j = 1) of the node u at the ball t */
static void curv_coef(arb_t res, const _hkz_lyt_box_t *B, const arb_t u,
                      const arb_t t, int j)
{
    slong wp = B->pw;
    arb_t a, y;
    arb_init(a);
    arb_init(y);
    arb_div(a, u, t, wp);
    arb_sqr(a, a, wp);
    arb_mul_2exp_si(a, a, -1);
    arb_sub(a, a, B->lam, wp);
    if (j == 0)
    {
        arb_sqr(res, a, wp);
        arb_sqr(y, u, wp);
        arb_pow_ui(a, t, 3, wp);
        arb_div(y, y, a, wp);
        arb_sub(res, res, y, wp);
    }
    else
    {
        arb_inv(y, t, wp);
        arb_sub(a, a, y, wp);
        arb_mul(res, a, u, wp);
    }
    arb_clear(a);
    arb_clear(y);
}

/* V4, R4, V5, R5 (see above) */
static void curv_nodes(curv_t *C, const _hkz_lyt_box_t *B)
{
    slong k, wp = B->pw;
    arb_t u, cm, cT, x;
    mag_t m, e, f;
    int j;

    arb_init(u);
    arb_init(cm);
    arb_init(cT);
    arb_init(x);
    mag_init(m);
    mag_init(e);
    mag_init(f);
    mag_zero(C->R4);
    mag_zero(C->R5);
    for (k = 0; k < B->len; k++)
    {
        arb_set_arf(u, B->c.hh);
        arb_mul_si(u, u, B->c.L.klo + k, wp);
        _hkz_lyt_growth(e, B, u);
        for (j = 0; j < 2; j++)
        {
            curv_coef(cm, B, u, B->tm, j);
            curv_coef(cT, B, u, B->T, j);
            acb_mul_arb(j == 0 ? C->V4 + k : C->V5 + k, B->V + k, cm, wp);
            /* |V_k| (sup |c(T) - c(tm)| + sup |c(T)| e_k) */
            arb_get_mag(m, cT);
            mag_mul(f, m, e);
            arb_sub(x, cT, cm, wp);
            arb_get_mag(m, x);
            mag_add(f, f, m);
            acb_get_mag(m, B->V + k);
            mag_mul(f, f, m);
            mag_add(j == 0 ? C->R4 : C->R5, j == 0 ? C->R4 : C->R5, f);
        }
    }
    arb_clear(u);
    arb_clear(cm);
    arb_clear(cT);
    arb_clear(x);
    mag_clear(m);
    mag_clear(e);
    mag_clear(f);
}

/* S = wk sum V_k w^k + disk(R) (w, wk of the ball D) */
static void curv_sum(acb_t S, acb_srcptr V, const mag_t R,
                     const _hkz_lyt_box_t *B, const acb_t w, const acb_t wk)
{
    _acb_poly_evaluate(S, V, B->len, w, B->pw);
    acb_mul(S, S, wk, B->pw);
    arb_add_error_mag(acb_realref(S), R);
    arb_add_error_mag(acb_imagref(S), R);
}

/* K_t on D x t (t inside T) by the second-order form above */
static void kt_second(arb_t v, const _hkz_lyt_box_t *B, const curv_t *C,
                      const arb_t D, const arb_t t)
{
    slong wp = B->pw;
    acb_t w, wk, S;
    arb_t q, x;

    acb_init(w);
    acb_init(wk);
    acb_init(S);
    arb_init(q);
    arb_init(x);
    _hkz_lyt_box_eval_d(NULL, NULL, NULL, v, B, D, NULL);
    _hkz_lyt_phases(w, wk, B, D, wp);
    curv_sum(S, C->V5, C->R5, B, w, wk);
    arb_div(x, B->bb, B->tref, wp);
    arb_add(x, x, D, wp);
    arb_mul(q, x, acb_imagref(S), wp);
    arb_div(q, q, B->T, wp);
    curv_sum(S, C->V4, C->R4, B, w, wk);
    arb_sub(q, acb_realref(S), q, wp);
    arb_mul_arf(q, q, B->c.hh, wp);
    arb_mul_2exp_si(q, q, 1);
    arb_sub(x, t, B->tm, wp);
    arb_addmul(v, q, x, wp);
    acb_clear(w);
    acb_clear(wk);
    acb_clear(S);
    arb_clear(q);
    arb_clear(x);
}

typedef struct
{
    const _hkz_lyt_box_t *B;
    const arf_struct *lo, *hi;
    int which, in_d;
    const curv_t *C;        /* K_t also by kt_second (NULL: not) */
} sub_ctx_t;

/* the sign on the a-th of m pieces of [lo, hi] (theta or D) x the b-th of
 * m pieces of T */
static int piece_sign(void *ctx, slong a, slong b, slong m)
{
    const sub_ctx_t *c = ctx;
    const _hkz_lyt_box_t *B = c->B;
    arb_struct *Kth, *Kt;
    arb_t x, t, v;
    arf_t lo, hi;
    int s;

    arb_init(x);
    arb_init(t);
    arb_init(v);
    arf_init(lo);
    arf_init(hi);
    _hkz_lyt_sub_interval(x, c->lo, c->hi, a, m, B->pw);
    arb_get_lbound_arf(lo, B->T, B->pw);
    arb_get_ubound_arf(hi, B->T, B->pw);
    _hkz_lyt_sub_interval(t, lo, hi, b, m, B->pw);
    Kth = c->which == 0 ? v : NULL;
    Kt = c->which == 0 ? NULL : v;
    s = 0;
    if (c->C != NULL && Kt != NULL)
    {
        kt_second(v, B, c->C, x, t);
        s = sgn(v);
    }
    if (s == 0 && c->in_d)
        _hkz_lyt_box_eval_d(NULL, Kth, NULL, Kt, B, x, t);
    else if (s == 0)
        _hkz_lyt_box_eval(NULL, Kth, Kt, B, x, t);
    if (s == 0)
        s = sgn(v);
    arb_clear(x);
    arb_clear(t);
    arb_clear(v);
    arf_clear(lo);
    arf_clear(hi);
    return s;
}

/* _hkz_ly_track_subbox_sign: the enclosures of track_cw_box.c hold on
 * each sub-box of T x X (of the wedge: theta(T, [lo, hi]) lies in X). */
static int sub_sign(const _hkz_lyt_box_t *B, const arf_t lo, const arf_t hi,
                    int which, int in_d, const curv_t *C)
{
    sub_ctx_t c = {B, lo, hi, which, in_d, C};
    return _hkz_ly_track_subbox_sign(piece_sign, &c);
}

int _hkz_lyt_sub_sign(const _hkz_lyt_box_t *B, const arf_t lo,
                      const arf_t hi, int which, int in_d)
{
    return sub_sign(B, lo, hi, which, in_d, NULL);
}

/* The sign of G(t, D) for all t in T (D exact), 0 if not certified: the
 * second-order form above, then the mean value form G(tm, D) + G_t(T, D)
 * [-r, r] of track_cw_box.c.  *ratio = radius/|midpoint| of the
 * second-order form (a guide for the cut of T only). */
static int edge_sign(double *ratio, const _hkz_lyt_box_t *B,
                     const curv_t *C, const arb_t D)
{
    slong wp = B->pw;
    arb_t v, g, x, q;
    acb_t w, wk, S;
    mag_t m;
    int s;

    arb_init(v);
    arb_init(g);
    arb_init(x);
    arb_init(q);
    acb_init(w);
    acb_init(wk);
    acb_init(S);
    mag_init(m);
    _hkz_lyt_box_eval_d(v, NULL, g, NULL, B, D, NULL);
    arb_zero(x);
    arb_add_error_mag(x, B->r);
    arb_addmul(v, g, x, wp);
    /* N_tt enclosure: 2h (Re S4 + [-R4, R4]) */
    _hkz_lyt_phases(w, wk, B, D, wp);
    curv_sum(S, C->V4, C->R4, B, w, wk);
    arb_mul_arf(q, acb_realref(S), B->c.hh, wp);
    arb_mul_2exp_si(q, q, 1);
    /* times [0, r^2/2] */
    mag_mul(m, B->r, B->r);
    mag_mul_2exp_si(m, m, -2);
    arb_zero(x);
    arb_add_error_mag(x, m);
    arf_set_mag(arb_midref(x), m);
    arb_addmul(v, q, x, wp);
    s = sgn(v);
    *ratio = arf_is_zero(arb_midref(v)) ? HUGE_VAL :
             mag_get_d(arb_radref(v)) /
             fabs(arf_get_d(arb_midref(v), ARF_RND_NEAR));
    if (s == 0)
    {
        /* the mean value form */
        _hkz_lyt_box_eval_d(v, NULL, NULL, NULL, B, D, NULL);
        _hkz_lyt_box_eval_d(NULL, NULL, g, NULL, B, D, B->T);
        arb_zero(x);
        arb_add_error_mag(x, B->r);
        arb_addmul(v, g, x, wp);
        s = sgn(v);
    }
    arb_clear(v);
    arb_clear(g);
    arb_clear(x);
    arb_clear(q);
    acb_clear(w);
    acb_clear(wk);
    acb_clear(S);
    mag_clear(m);
    return s;
}

void _hkz_lyt_wedge_theta(arb_t res, const _hkz_lyt_box_t *B, const arb_t D,
                          const arb_t t)
{
    slong wp = B->pw;
    arb_div(res, B->bb, B->tref, wp);
    arb_add(res, res, D, wp);
    arb_mul(res, res, t, wp);
    arb_sub(res, B->cc, res, wp);
}

/* Conditions 1-3 of track_cw_wedge.c on [t0, t1] (_hkz_lyt_box_step
 * re-centres the nodes and the t-ball remainders there, a positive factor
 * on K); if they fail, on 2^j equal pieces, to the given depth.  The
 * second-order radius shrinks by a factor ~2^5 per halving of T, so a
 * radius 2^6 (2^12) times the value at an edge skips one (two) halvings
 * that could not certify the edges.  The slices of every piece hold
 * exactly one zero, so the pieces together certify [t0, t1] (the last
 * piece is the one at t1). */
int _hkz_lyt_wedge_pieces(_hkz_lyt_box_t *B, const arf_t t0, const arf_t t1,
                          const arf_t xl0, const arf_t xl1, const arf_t Dlo,
                          const arf_t Dhi, int depth, int *dir)
{
    int s[2], k, d, r = 0, j, ok;
    double ratio = 0, rk;
    slong q, n;
    arb_t x;
    arf_t a, b, w;
    curv_t C;

    _hkz_lyt_box_step(B, t0, t1, xl0, xl1);
    arb_init(x);
    curv_init(&C, B->len);
    curv_nodes(&C, B);
    for (k = 0; k < 2; k++)
    {
        arb_set_arf(x, k == 0 ? Dlo : Dhi);
        s[k] = edge_sign(&rk, B, &C, x);
        ratio = FLINT_MAX(ratio, rk);
    }
    arb_clear(x);
    ok = s[0] * s[1] == -1 && (s[0] = sub_sign(B, Dlo, Dhi, 0, 1, NULL));
    if (ok)
        s[1] = sub_sign(B, Dlo, Dhi, 1, 1, &C);
    curv_clear(&C);
    if (ok)
    {
        d = -s[0] * s[1];
        r = d == 0 ? -1 : 1;
        if (r == 1 && *dir != 0 && *dir != d)
            return -1;
        if (r == 1)
        {
            *dir = d;
            return 1;
        }
    }
    if (depth == 0)
        return r;
    j = FLINT_MIN(depth, 1 + (ratio > 64) + (ratio > 4096));
    n = WORD(1) << j;
    arf_init(a);
    arf_init(b);
    arf_init(w);
    /* the pieces [t0 + q w, t0 + (q + 1) w], w = (t1 - t0)/n, exact */
    arf_sub(w, t1, t0, ARF_PREC_EXACT, ARF_RND_DOWN);
    arf_mul_2exp_si(w, w, -j);
    arf_set(b, t0);
    for (q = 0, r = 1; q < n && r == 1; q++)
    {
        arf_set(a, b);
        if (q == n - 1)
            arf_set(b, t1);
        else
            arf_add(b, a, w, ARF_PREC_EXACT, ARF_RND_DOWN);
        r = _hkz_lyt_wedge_pieces(B, a, b, xl0, xl1, Dlo, Dhi, depth - j,
                                  dir);
    }
    arf_clear(a);
    arf_clear(b);
    arf_clear(w);
    return r;
}
