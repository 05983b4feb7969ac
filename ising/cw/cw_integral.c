/* The Curie-Weiss partition function on the imaginary field axis by the
 * Hubbard-Stratonovich integral on a saddle line, with rigorous bounds.
 *
 * With e^{t M^2/2} = (2 pi t)^{-1/2} int_R e^{-x^2/(2t) + x M} dx (t > 0)
 * and sum_sigma e^{(x + i theta) M} = (2 cosh(x + i theta))^N:
 *   F_N(t, theta) = e^{-tN/2} (2 pi t)^{-1/2} I,   I = int_R g(x) dx,
 *   g(x) = exp(psi(x)),  psi(x) = -x^2/(2t) + N log(2 cosh(x + i theta)).
 * g is entire and |g(u + i y)| <= e^{(y^2-u^2)/(2t)} (2 cosh u)^N, so the
 * line may be moved to Im x = b (Cauchy).  Since g(-conj x) = conj g(x),
 * the trapezoid sum with nodes k h + i b is
 *   T_h = h [g(i b) + 2 Re sum_{k >= 1} g(k h + i b)]   (real).
 * Discretization (Poisson summation, each Fourier term moved to Im x =
 * b -+ a):  |T_h - I| <= (M_+ + M_-)/(e^{2 pi a/h} - 1),
 * M_pm = int_R |g(u + i(b +- a))| du  (cw_integral_bound.c).  The nodes
 * outside k_lo..k_hi are bounded by the same line bounds.  On the line
 * through the two saddle points +-Re(xs) + i b the integrand has no
 * exponential cancellation, unlike the cosine sum (spec 6.3), so a
 * precision of the goal plus O(log N) bits suffices for every N.
 *
 * Moving theta by delta multiplies each node value by
 *   (cosh(z + i delta)/cosh z)^N = (1 + w)^N,
 *   w = cos(delta) - 1 + i tanh(z) sin(delta),
 * and |(1 + w)^N - 1 - N w| <= (N|w|)^2 e^{N|w|}/2; with it one pass over
 * the nodes certifies both ends of a tight bracket (bracket function). */
#include <math.h>
#include "cw_integral_internal.h"
#include "hkz_check.h"

/* v = e^{q} (2 cz)^N = exp(Re q + (N/2) log(4|cz|^2)) e^{i (Im q + N arg cz)}
 * where |cz|^2 = m2 (given).  Any branch of arg gives the same value; near
 * the negative real axis atan2 returns a wide ball, which still encloses
 * the value.  If m2 may vanish, only the magnitude bound is used. */
static void node_value(acb_t v, const acb_t q, const acb_t cz, const arb_t m2,
                       slong N, slong prec)
{
    arb_t r, a;
    arb_init(r);
    arb_init(a);
    if (arb_is_positive(m2))
    {
        arb_mul_2exp_si(r, m2, 2);
        arb_log(r, r, prec);
        arb_mul_si(r, r, N, prec);
        arb_mul_2exp_si(r, r, -1);
        arb_add(r, r, acb_realref(q), prec);
        arb_exp(r, r, prec);
        arb_atan2(a, acb_imagref(cz), acb_realref(cz), prec);
        arb_mul_si(a, a, N, prec);
        arb_add(a, a, acb_imagref(q), prec);
        arb_sin_cos(acb_imagref(v), acb_realref(v), a, prec);
        acb_mul_arb(v, v, r, prec);
    }
    else
    {
        /* |v| <= e^{Re q} (4 m2)^{N/2} */
        mag_t m, e;
        mag_init(m);
        mag_init(e);
        arb_get_mag(m, m2);
        mag_mul_2exp_si(m, m, 2);
        mag_sqrt(m, m);
        mag_pow_ui(m, m, (ulong) N);
        arb_exp(r, acb_realref(q), prec);
        arb_get_mag(e, r);
        mag_mul(m, m, e);
        acb_zero(v);
        arb_add_error_mag(acb_realref(v), m);
        arb_add_error_mag(acb_imagref(v), m);
        mag_clear(m);
        mag_clear(e);
    }
    arb_clear(r);
    arb_clear(a);
}

/* res <= e^{2 pi a/h} - 1, the denominator of the discretization bound
 * (Poisson summation, top) */
void _hkz_lyi_disc_den(mag_t res, double a, const arf_t h)
{
    arb_t r, ad;
    arb_init(r);
    arb_init(ad);
    arb_const_pi(r, 64);
    arb_set_d(ad, 2 * a);
    arb_mul(r, r, ad, 64);
    arb_set_arf(ad, h);
    arb_div(r, r, ad, 64);
    arb_expm1(r, r, 64);
    arb_get_mag_lower(res, r);
    arb_clear(r);
    arb_clear(ad);
}

void _hkz_lyi_ictx_init(_hkz_lyi_ictx_t *c)
{
    arb_init(c->psiref);
    arb_init(c->inv2t);
    arf_init(c->hh);
    mag_init(c->eps);
    mag_init(c->err);
    mag_init(c->disc);
    c->hmargin = 0;
}

void _hkz_lyi_ictx_clear(_hkz_lyi_ictx_t *c)
{
    arb_clear(c->psiref);
    arb_clear(c->inv2t);
    arf_clear(c->hh);
    mag_clear(c->eps);
    mag_clear(c->err);
    mag_clear(c->disc);
}

/* Line geometry at theta ~ thd for working precision prec. */
int _hkz_lyi_ictx_setup(_hkz_lyi_ictx_t *c, slong N, const arb_t t, double thd,
                        slong prec)
{
    double td = arf_get_d(arb_midref(t), ARF_RND_NEAR), re, im, E;

    c->N = N;
    c->t = t;
    /* prec carries the driver's 64 guard bits.  A sign at distance
     * 2^-rel theta from a zero needs errors below ~2^-rel N theta times the
     * bump size, so the quadrature aims at prec - 56 bits (raised with prec
     * by the Ziv loop) and the node values get log2 N + 16 bits more */
    c->goal = FLINT_MAX(prec - 56, 24);
    c->wp = c->goal + 16 + FLINT_BIT_COUNT(N);
    E = (c->goal + 6) * HKZ_LY_LN2 + log((double) N);
    /* the saddle continued from pi/2 (not from an earlier call): the same
     * line, and so the same bits, whichever thread or process asks */
    if (_hkz_ly_cw_saddle_top_d(&re, &im, thd, N * td) ||
        _hkz_ly_cw_line_d(&c->L, N, td, thd, re, im, E))
        return 1;
    arb_set_d(c->psiref, c->L.psiref);
    arb_mul_2exp_si(c->inv2t, t, 1);
    arb_inv(c->inv2t, c->inv2t, c->wp);
    /* target: errors below 2^-goal-6 times the size of one saddle bump */
    mag_set_d(c->eps, c->L.sigw);
    mag_mul_2exp_si(c->eps, c->eps, -c->goal - 6);
    mag_zero(c->err);
    arf_set_d(c->hh, c->L.h);
    return 0;
}

/* Rigorous error bounds for every theta in the ball Theta: picks h from
 * M_+ + M_- (discretization below eps/2), the node range, and sets err =
 * discretization + omitted nodes.  Without bounds only the node range. */
void _hkz_lyi_ictx_bounds(_hkz_lyi_ictx_t *c, const arb_t Theta, int rigorous)
{
    _hkz_ly_cw_line_t *L = &c->L;
    slong N = c->N;
    arf_t yy;
    mag_t Mp, Mm, tb;
    double a, hnew;

    mag_zero(c->disc);
    if (!rigorous)
    {
        _hkz_ly_cw_line_nodes_d(L);
        return;
    }
    arf_init(yy);
    mag_init(Mp);
    mag_init(Mm);
    mag_init(tb);
    a = (double) (float) L->a;
    arf_set_d(yy, L->b + a);
    _hkz_ly_cw_bound_line_int(Mp, N, c->t, Theta, yy, c->psiref, c->eps,
                              2 * L->sigw);
    arf_set_d(yy, L->b - a);
    _hkz_ly_cw_bound_line_int(Mm, N, c->t, Theta, yy, c->psiref, c->eps,
                              2 * L->sigw);
    mag_add(Mp, Mp, Mm);
    /* h with (M+ + M-)/(e^{2 pi a/h} - 1) <= eps/2 */
    hnew = 2 * HKZ_LY_PI * a / ((mag_get_d_log2_approx(Mp) -
                                 mag_get_d_log2_approx(c->eps) + 2 +
                                 c->hmargin) * HKZ_LY_LN2);
    if (!(hnew > 0) || !isfinite(hnew))
        hnew = L->h;
    if (hnew > 4 * L->h)
        hnew = 4 * L->h;
    L->h = (double) (float) hnew;
    arf_set_d(c->hh, L->h);
    _hkz_lyi_disc_den(tb, a, c->hh);
    mag_div(c->err, Mp, tb);
    mag_set(c->disc, c->err);
    _hkz_ly_cw_line_nodes_d(L);
    /* omitted nodes k < klo and k > khi on the line b */
    arf_set_d(yy, L->b);
    if (L->klo > 0)
    {
        _hkz_ly_cw_bound_line_nodes(tb, N, c->t, Theta, yy, c->hh, 0,
                                    L->klo - 1, c->psiref, c->eps,
                                    2 * L->sigw);
        mag_add(c->err, c->err, tb);
    }
    _hkz_ly_cw_bound_line_nodes(tb, N, c->t, Theta, yy, c->hh, L->khi + 1,
                                -1, c->psiref, c->eps, 2 * L->sigw);
    mag_add(c->err, c->err, tb);
    arf_clear(yy);
    mag_clear(Mp);
    mag_clear(Mm);
    mag_clear(tb);
}

/* Node sums at the exact points theta[0..npts-1]: S[i] = sum_k w_k g_k,
 * D[i] = sum_k w_k g_k i N tanh(z_k) (if D != NULL), in units e^{psiref}.
 * With npts = 1, vsum and tmax (may be NULL) receive upper bounds of
 * sum_k |w_k g_k| and max_k |N tanh(z_k)|, V and VT (length khi - klo + 1,
 * may be NULL) the terms w_k g_k and w_k g_k i N tanh(z_k). */
void _hkz_lyi_node_loop(_hkz_lyi_ictx_t *c, acb_ptr S, acb_ptr D, mag_t vsum,
                        mag_t tmax, acb_ptr V, acb_ptr VT, arf_srcptr theta,
                        slong npts)
{
    _hkz_ly_cw_line_t *L = &c->L;
    slong i, k, wp = c->wp, N = c->N;
    arb_t s1, ch, sh, m2, eh, emh, eih, eimh;
    arb_ptr ci, si;
    acb_t x, q, cz, sz, v;
    arf_t tmp;
    mag_t mm;

    mag_init(mm);
    if (vsum != NULL)
        mag_zero(vsum);
    if (tmax != NULL)
        mag_zero(tmax);
    arb_init(s1);
    arb_init(ch);
    arb_init(sh);
    arb_init(m2);
    arb_init(eh);
    arb_init(emh);
    arb_init(eih);
    arb_init(eimh);
    ci = _arb_vec_init(npts);
    si = _arb_vec_init(npts);
    acb_init(x);
    acb_init(q);
    acb_init(cz);
    acb_init(sz);
    acb_init(v);
    arf_init(tmp);
    for (i = 0; i < npts; i++)
    {
        arb_set_d(s1, L->b);
        arb_add_arf(s1, s1, theta + i, wp);
        arb_sin_cos(si + i, ci + i, s1, wp);
        acb_zero(S + i);
        if (D != NULL)
            acb_zero(D + i);
    }
    /* e^{k h} and e^{-k h} by multiplication (radii grow linearly in k) */
    arb_set_arf(s1, c->hh);
    arb_exp(eh, s1, wp);
    arb_inv(eih, eh, wp);
    arf_mul_si(tmp, c->hh, L->klo, ARF_PREC_EXACT, ARF_RND_DOWN);
    arb_set_arf(s1, tmp);
    arb_exp(emh, s1, wp);
    arb_inv(eimh, emh, wp);
    for (k = L->klo; k <= L->khi; k++)
    {
        /* x = k h + i b (exact), q = -x^2/(2t) - psiref */
        arf_mul_si(tmp, c->hh, k, ARF_PREC_EXACT, ARF_RND_DOWN);
        arb_set_arf(acb_realref(x), tmp);
        arb_set_d(acb_imagref(x), L->b);
        acb_sqr(q, x, wp);
        acb_mul_arb(q, q, c->inv2t, wp);
        acb_neg(q, q);
        arb_sub(acb_realref(q), acb_realref(q), c->psiref, wp);
        /* cosh, sinh of k h from e^{kh} (emh holds it) */
        arb_add(ch, emh, eimh, wp);
        arb_sub(sh, emh, eimh, wp);
        arb_mul_2exp_si(ch, ch, -1);
        arb_mul_2exp_si(sh, sh, -1);
        arb_mul(emh, emh, eh, wp);
        arb_mul(eimh, eimh, eih, wp);
        for (i = 0; i < npts; i++)
        {
            /* cosh(u + i phi) = cosh u cos phi + i sinh u sin phi */
            arb_mul(acb_realref(cz), ch, ci + i, wp);
            arb_mul(acb_imagref(cz), sh, si + i, wp);
            /* |cosh(u + i phi)|^2 = sinh^2 u + cos^2 phi */
            arb_sqr(m2, sh, wp);
            arb_addmul(m2, ci + i, ci + i, wp);
            node_value(v, q, cz, m2, N, wp);
            if (k == 0)
                acb_mul_2exp_si(v, v, -1);
            acb_add(S + i, S + i, v, wp);
            if (V != NULL)
                acb_set(V + (k - L->klo), v);
            if (vsum != NULL)
            {
                acb_get_mag(mm, v);
                mag_add(vsum, vsum, mm);
            }
            if (D != NULL || tmax != NULL || VT != NULL)
            {
                /* d/dtheta: i N tanh(z), sinh(u + i phi) = sinh u cos phi
                 * + i cosh u sin phi, tanh = sinh conj(cosh) / |cosh|^2 */
                arb_mul(acb_realref(sz), sh, ci + i, wp);
                arb_mul(acb_imagref(sz), ch, si + i, wp);
                acb_conj(cz, cz);
                acb_mul(sz, sz, cz, wp);
                arb_inv(m2, m2, wp);
                arb_mul_si(m2, m2, N, wp);
                acb_mul_arb(sz, sz, m2, wp);
                acb_mul_onei(sz, sz);
                if (D != NULL)
                    acb_addmul(D + i, v, sz, wp);
                if (VT != NULL)
                    acb_mul(VT + (k - L->klo), v, sz, wp);
                if (tmax != NULL)
                {
                    acb_get_mag(mm, sz);
                    mag_max(tmax, tmax, mm);
                }
            }
        }
    }
    arb_clear(s1);
    arb_clear(ch);
    arb_clear(sh);
    arb_clear(m2);
    arb_clear(eh);
    arb_clear(emh);
    arb_clear(eih);
    arb_clear(eimh);
    mag_clear(mm);
    _arb_vec_clear(ci, npts);
    _arb_vec_clear(si, npts);
    acb_clear(x);
    acb_clear(q);
    acb_clear(cz);
    acb_clear(sz);
    acb_clear(v);
    arf_clear(tmp);
}

/* res = 2 h Re S (+- err). */
void _hkz_lyi_finish(arb_t res, const _hkz_lyi_ictx_t *c, const acb_t S,
                     int rigorous,
                     slong prec)
{
    arb_mul_arf(res, acb_realref(S), c->hh, prec);
    arb_mul_2exp_si(res, res, 1);
    if (rigorous)
        arb_add_error_mag(res, c->err);
}
