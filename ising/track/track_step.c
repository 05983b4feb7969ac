/* Certified tracking of principal zeros in the coupling t (spec 3.5).
 *
 * One step of zero j is a box B = [ta, tb] x X.  The step is certified
 * when, for every t in [ta, tb],
 *   1. F(t, lo X) and F(t, hi X) have certified opposite constant signs,
 *   2. dF/dtheta(B) excludes 0,
 * and the enclosure of theta_j(ta) lies inside X.  Then X holds exactly one
 * zero for every t in [ta, tb], it is simple, and by continuity it is
 * theta_j(t).  If also dF/dt(B) excludes 0, then
 *   sign(d theta_j/dt) = -sign(dF/dt(B)) sign(dF/dtheta(B))
 * on the whole step (implicit function theorem): certified monotonicity.
 *
 * Enclosures on B use a Taylor model: the coefficients
 *   a_rs = d_t^r d_theta^s F(tm, thm)/(r! s!),  r + s <= R,
 * are point evaluations at the centre (accurate despite the cancellation
 * of the cosine sum near its zeros), and the remainder of order R+1 is
 * bounded crudely by sum_j sup_T |d^r c_j/dt^r| m_j^s (Taylor's theorem in
 * two variables, Lagrange form).  A plain ball evaluation on B would need
 * boxes below the cancellation level. */
#include <math.h>
#include "track_internal.h"
#include "hkz/status.h"

static int sgn(const arb_t x)
{
    return arb_is_positive(x) ? 1 : arb_is_negative(x) ? -1 : 0;
}

/* theta_j(tb) by Newton on the direct sum at the exact tb and a certified
 * sign bracket; falls back to the box (which holds the zero). */
static void zero_at(arb_t res, const hkz_ly_track_struct *tr, const arf_t tb,
                    double guess, const arf_t lo, const arf_t hi,
                    slong prec)
{
    slong W = tr->W, len = W / 2 + 1, it, p;
    arb_ptr c = _arb_vec_init(len);
    arb_struct v[2];
    arb_t t, x;
    arf_t xm, e, a, b;
    double xd = guess, step = 1;
    int done = 0;

    arb_init(v + 0);
    arb_init(v + 1);
    arb_init(t);
    arb_init(x);
    arf_init(xm);
    arf_init(e);
    arf_init(a);
    arf_init(b);
    arb_set_interval_arf(res, lo, hi, prec);
    arb_set_arf(t, tb);
    for (p = prec; p <= 8 * prec && !done; p *= 2)
    {
        if (tr->fn(c, 0, t, tr->param, p) != HKZ_SUCCESS)
            break;
        for (it = 0; it < 30; it++)
        {
            arb_set_d(x, xd);
            if (hkz_ly_cos_eval(v, 1, c, W, x, p) != HKZ_SUCCESS ||
                arb_contains_zero(v + 1))
                break;
            step = arf_get_d(arb_midref(v + 0), ARF_RND_NEAR) /
                   arf_get_d(arb_midref(v + 1), ARF_RND_NEAR);
            if (!isfinite(step))
                break;
            xd -= step;
            if (fabs(step) < 1e-15 * fabs(xd))
                break;
        }
        /* Newton in double is good to ~1e-16: refine with arf if the goal
         * asks for more */
        arf_set_d(xm, xd);
        for (it = 0; it < 8; it++)
        {
            arb_set_arf(x, xm);
            if (hkz_ly_cos_eval(v, 1, c, W, x, p) != HKZ_SUCCESS ||
                arb_contains_zero(v + 1))
                break;
            arf_div(e, arb_midref(v + 0), arb_midref(v + 1), p, ARF_RND_NEAR);
            arf_sub(xm, xm, e, p, ARF_RND_NEAR);
            arf_abs(e, e);
            arf_mul_2exp_si(a, xm, -tr->rel_bits - 4);
            if (arf_cmpabs(e, a) < 0)
                break;
        }
        arf_abs(e, e);
        arf_mul_2exp_si(e, e, 2);
        arf_mul_2exp_si(a, xm, -tr->rel_bits - 2);
        arf_abs(a, a);
        arf_max(e, e, a);
        arf_sub(a, xm, e, ARF_PREC_EXACT, ARF_RND_DOWN);
        arf_add(b, xm, e, ARF_PREC_EXACT, ARF_RND_DOWN);
        if (arf_cmp(a, lo) <= 0 || arf_cmp(b, hi) >= 0)
            break;
        arb_set_arf(x, a);
        if (hkz_ly_cos_eval(v + 0, 0, c, W, x, p) != HKZ_SUCCESS)
            break;
        arb_set_arf(x, b);
        if (hkz_ly_cos_eval(v + 1, 0, c, W, x, p) != HKZ_SUCCESS)
            break;
        if (sgn(v + 0) * sgn(v + 1) == -1)
        {
            arb_set_interval_arf(res, a, b, prec);
            done = 1;
        }
    }
    _arb_vec_clear(c, len);
    arb_clear(v + 0);
    arb_clear(v + 1);
    arb_clear(t);
    arb_clear(x);
    arf_clear(xm);
    arf_clear(e);
    arf_clear(a);
    arf_clear(b);
}

/* theta'(t) = -F_t/F_theta at (t, theta) and the rate lambda = max_j
 * |c_j'/c_j| (plain doubles, for step control). */
void _hkz_ly_track_rates(double *dth, double *lam,
                         const hkz_ly_track_struct *tr,
                         const arf_t t, const arb_t theta, slong prec)
{
    slong W = tr->W, len = W / 2 + 1, j;
    arb_ptr c = _arb_vec_init(2 * len);
    arb_struct v[2], w;
    arb_t tt, th;
    double l = 0;

    arb_init(v + 0);
    arb_init(v + 1);
    arb_init(&w);
    arb_init(tt);
    arb_init(th);
    *dth = 0;
    arb_set_arf(tt, t);
    arb_set_arf(th, arb_midref(theta));
    if (tr->fn(c, 1, tt, tr->param, prec) == HKZ_SUCCESS &&
        hkz_ly_cos_eval(v, 1, c, W, th, prec) == HKZ_SUCCESS &&
        hkz_ly_cos_eval(&w, 0, c + len, W, th, prec) == HKZ_SUCCESS)
    {
        double ft = arf_get_d(arb_midref(&w), ARF_RND_NEAR);
        double fth = arf_get_d(arb_midref(v + 1), ARF_RND_NEAR);
        if (fth != 0 && isfinite(ft / fth))
            *dth = -ft / fth;
        for (j = 0; j < len; j++)
        {
            double a = fabs(arf_get_d(arb_midref(c + j), ARF_RND_NEAR));
            double b = fabs(arf_get_d(arb_midref(c + len + j), ARF_RND_NEAR));
            if (a > 0 && b / a > l)
                l = b / a;
        }
    }
    *lam = FLINT_MAX(l, 1e-3);
    _arb_vec_clear(c, 2 * len);
    arb_clear(v + 0);
    arb_clear(v + 1);
    arb_clear(&w);
    arb_clear(tt);
    arb_clear(th);
}

/* res = the a-th of m equal pieces of [-r, r] (outward) */
static void piece(arb_t res, const arf_t r, slong a, slong m, slong prec)
{
    arf_t e;
    arf_init(e);
    arb_set_arf(res, r);
    arb_mul_si(res, res, 2 * a + 1 - m, prec);
    arb_div_si(res, res, m, prec);           /* the centre */
    arf_div_ui(e, r, (ulong) m, prec, ARF_RND_UP);
    arb_add_error_arf(res, e);
    arf_clear(e);
}

int _hkz_ly_track_subbox_sign(int (*sign)(void *ctx, slong a, slong b,
                                          slong m), void *ctx)
{
    return _hkz_ly_track_subbox_sign_m(sign, ctx, 8);
}

int _hkz_ly_track_subbox_sign_m(int (*sign)(void *ctx, slong a, slong b,
                                            slong m), void *ctx, slong mmax)
{
    slong m, a, b;
    int sg = 0, s;
    for (m = 1; m <= mmax && sg == 0; m *= 2)
    {
        sg = 2;
        for (a = 0; a < m && sg != 0; a++)
            for (b = 0; b < m && sg != 0; b++)
            {
                s = sign(ctx, a, b, m);
                sg = s == 0 || (sg != 2 && s != sg) ? 0 : s;
            }
        if (sg == 2)
            sg = 0;
    }
    return sg;
}

typedef struct
{
    const _hkz_ly_tmodel_t *M;
    const arf_struct *rt, *rth;
    slong prec;
} ft_ctx_t;

static int ft_piece_sign(void *ctx, slong a, slong b, slong m)
{
    const ft_ctx_t *c = ctx;
    arb_t dt, dth, v;
    int s;
    arb_init(dt);
    arb_init(dth);
    arb_init(v);
    piece(dt, c->rt, a, m, c->prec);
    piece(dth, c->rth, b, m, c->prec);
    _hkz_ly_tmodel_eval(v, c->M, 1, 0, dt, dth, c->prec);
    s = sgn(v);
    arb_clear(dt);
    arb_clear(dth);
    arb_clear(v);
    return s;
}

/* The sign of F_t on all of B, 0 if not certified: the Taylor model's
 * remainder bounds hold on every sub-box, its polynomial part gets
 * sharper there; near a turning point of a neighbour the whole box loses
 * the sign of F_t. */
static int ft_sign(const _hkz_ly_tmodel_t *M, const arf_t rt,
                   const arf_t rth, slong prec)
{
    ft_ctx_t c = {M, rt, rth, prec};
    return _hkz_ly_track_subbox_sign(ft_piece_sign, &c);
}

/* One step attempt of tracked zero i to tb; 1 if certified (recorded). */
/* X = [lo, hi] = hull(A, thpred) widened by max(2^-shift |thpred -
 * mid A|, 4 rad A, 2^(3 - rel_bits) |mid A|) (all in arf: near the t ->
 * infinity limit the motion of a step is far below the resolution of a
 * double) */
void _hkz_ly_track_box_x(arf_t lo, arf_t hi, const arb_t A,
                         const arf_t thpred, slong shift, slong rel_bits,
                         slong prec)
{
    arf_t margin, u;
    arf_init(margin);
    arf_init(u);
    arf_sub(margin, thpred, arb_midref(A), prec, ARF_RND_UP);
    arf_abs(margin, margin);
    arf_mul_2exp_si(margin, margin, -shift);
    arf_set_mag(u, arb_radref(A));
    arf_mul_2exp_si(u, u, 2);
    arf_max(margin, margin, u);
    arf_abs(u, arb_midref(A));
    arf_mul_2exp_si(u, u, -rel_bits + 3);
    arf_max(margin, margin, u);
    arb_get_lbound_arf(lo, A, prec);
    arf_min(lo, lo, thpred);
    arf_sub(lo, lo, margin, prec, ARF_RND_DOWN);
    arb_get_ubound_arf(hi, A, prec);
    arf_max(hi, hi, thpred);
    arf_add(hi, hi, margin, prec, ARF_RND_UP);
    arf_clear(margin);
    arf_clear(u);
}

int _hkz_ly_track_try_step(hkz_ly_track_struct *tr, slong i, const arf_t tb,
                           const arf_t thpred, slong prec)
{
    const arf_struct *ta = tr->ta + i;
    const arb_struct *A = tr->theta + i;
    _hkz_ly_tmodel_t M;
    arf_t lo, hi, tm, thm, rt, rth;
    arb_t dt, dth, v, Fth;
    arb_t hpi;
    int ok = 0, s1, s2, dir = 0;

    _hkz_ly_tmodel_init(&M, HKZ_LY_TRACK_R);
    arf_init(lo);
    arf_init(hi);
    arf_init(tm);
    arf_init(thm);
    arf_init(rt);
    arf_init(rth);
    arb_init(dt);
    arb_init(dth);
    arb_init(v);
    arb_init(Fth);
    arb_init(hpi);
    /* X = hull(theta_a, prediction) widened by a quarter of the motion */
    _hkz_ly_track_box_x(lo, hi, A, thpred, 2, tr->rel_bits, prec);
    arb_const_pi(hpi, 64);
    arb_mul_2exp_si(hpi, hpi, -1);
    arb_set_arf(v, hi);
    if (arf_sgn(lo) <= 0 || !arb_lt(v, hpi))
        goto cleanup;
    /* centre and radii */
    arf_add(tm, ta, tb, ARF_PREC_EXACT, ARF_RND_DOWN);
    arf_mul_2exp_si(tm, tm, -1);
    arf_sub(rt, tb, ta, ARF_PREC_EXACT, ARF_RND_DOWN);
    arf_mul_2exp_si(rt, rt, -1);
    arf_add(thm, lo, hi, ARF_PREC_EXACT, ARF_RND_DOWN);
    arf_mul_2exp_si(thm, thm, -1);
    arf_sub(rth, hi, lo, ARF_PREC_EXACT, ARF_RND_DOWN);
    arf_mul_2exp_si(rth, rth, -1);
    if (_hkz_ly_tmodel_build(&M, tr, tm, thm, rt, rth, prec) != HKZ_SUCCESS)
        goto cleanup;
    arb_zero(dt);
    arb_add_error_arf(dt, rt);
    /* 1. signs at lo X and hi X for all t in [ta, tb] */
    arb_set_arf(dth, lo);
    arb_sub_arf(dth, dth, thm, prec);
    _hkz_ly_tmodel_eval(v, &M, 0, 0, dt, dth, prec);
    s1 = sgn(v);
    arb_set_arf(dth, hi);
    arb_sub_arf(dth, dth, thm, prec);
    _hkz_ly_tmodel_eval(v, &M, 0, 0, dt, dth, prec);
    s2 = sgn(v);
    if (s1 * s2 != -1)
        goto cleanup;
    /* 2. F_theta(B) excludes 0; 3. F_t(B) for the direction */
    arb_zero(dth);
    arb_add_error_arf(dth, rth);
    _hkz_ly_tmodel_eval(Fth, &M, 0, 1, dt, dth, prec);
    if (arb_contains_zero(Fth))
        goto cleanup;
    dir = -ft_sign(&M, rt, rth, prec) * sgn(Fth);
    ok = 1;
    {
        hkz_ly_step_struct *s = _hkz_ly_track_new_step(tr, i);
        arb_set_arf(&s->ta, ta);
        arb_set_arf(&s->tb, tb);
        arb_set_interval_arf(&s->box, lo, hi, prec);
        s->dir = dir;
        zero_at(&s->theta_b, tr, tb, arf_get_d(thpred, ARF_RND_NEAR), lo,
                hi, prec);
        arb_set(tr->theta + i, &s->theta_b);
        arf_set(tr->ta + i, tb);
        if (tr->dir[i] == 0 && tr->nsteps[i] == 1)
            tr->dir[i] = dir == 0 ? 2 : dir;
        else if (tr->dir[i] != dir)
            tr->dir[i] = 2;
    }
cleanup:
    _hkz_ly_tmodel_clear(&M);
    arf_clear(lo);
    arf_clear(hi);
    arf_clear(tm);
    arf_clear(thm);
    arf_clear(rt);
    arf_clear(rth);
    arb_clear(dt);
    arb_clear(dth);
    arb_clear(v);
    arb_clear(Fth);
    arb_clear(hpi);
    return ok;
}

