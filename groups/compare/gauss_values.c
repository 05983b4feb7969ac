/* Certified values of hkz compare gauss: d^k/dt^k p_t(g), k = 0..3, on
 * points g = exp(alpha u) (u = X, Z, (X+Y+Z)/sqrt 3) and times 2^(-i/m).
 * Delta (a = b = c): hkz_su2_heat_bi(deriv k) scaled (p^{aDelta}_t =
 * h_{at}, d^k/dt^k = a^k h^(k)_{at}) under the Ziv loop; Milnor:
 * hkz_su2_heat_milnor_deriv for all times of a point at once, the working
 * precision raised until the values meet the goal. */
#include <stdio.h>
#include "gauss_internal.h"

static const char *dirs[3] = {"X", "Z", "XYZ"};

typedef struct
{
    const arb_struct *t, *alpha;
    ulong k;
} bi_t;

static int bi(arb_t res, void *param, slong prec)
{
    bi_t *b = param;
    return hkz_su2_heat_bi(res, b->t, b->alpha, b->k, prec);
}

/* g = exp(alpha u) = cos alpha + sin alpha (u_x X + u_y Y + u_z Z):
 * g11 = cos alpha + i u_z sin alpha, g21 = sin alpha (-u_x + i u_y) */
static int point(hkz_su2_elem_t g, const arb_t alpha, int dir, slong prec)
{
    acb_t a, b;
    arb_t c, s, u;
    int st;
    acb_init(a); acb_init(b); arb_init(c); arb_init(s); arb_init(u);
    arb_sin_cos(s, c, alpha, prec);
    arb_set(acb_realref(a), c);
    if (dir == 0)
        arb_neg(acb_realref(b), s);
    else if (dir == 1)
        arb_set(acb_imagref(a), s);
    else
    {
        arb_sqrt_ui(u, 3, prec);
        arb_div(s, s, u, prec);
        arb_set(acb_imagref(a), s);
        arb_neg(acb_realref(b), s);
        arb_set(acb_imagref(b), s);
    }
    st = hkz_su2_elem_set_acb(g, a, b, prec);
    acb_clear(a); acb_clear(b); arb_clear(c); arb_clear(s); arb_clear(u);
    return st;
}

/* the values of one point are accurate: k = 0 to bits, k > 0 to bits or
 * absolutely to 2^-bits |p_t| / t^k (near a zero of the derivative) */
static int accurate(arb_srcptr val, const gauss_vals_t *v, slong bits)
{
    slong i, k;
    for (i = 0; i < v->nt; i++)
        for (k = 0; k < 4; k++)
        {
            arb_srcptr x = val + 4 * i + k;
            double rad, p0, tk;
            if (arb_rel_accuracy_bits(x) >= bits)
                continue;
            if (k == 0 || !arb_is_finite(x))
                return 0;
            rad = mag_get_d(arb_radref(x));
            p0 = fabs(hkz_ball_mid_d(val + 4 * i));
            tk = pow(hkz_ball_mid_d(v->t + i), (double) k);
            if (!(rad * tk <= ldexp(p0, (int) -bits)))
                return 0;
        }
    return 1;
}

int _hkz_gauss_vals(gauss_vals_t *v, arb_srcptr w, int delta,
                    arb_srcptr al, slong nal, slong J, slong m, slong bits,
                    slong prec)
{
    slong p, i, k, q, nd, extra;
    arb_t u, lmin, at;
    hkz_su2_elem_t g;
    hkz_goal_t goal;
    int s = HKZ_SUCCESS, try;

    v->J = J;
    v->m = m;
    v->nt = m * J + 1;
    v->np = _hkz_gauss_npoints(delta, al, nal);
    v->t = _arb_vec_init(v->nt);
    v->alpha = _arb_vec_init(v->np);
    v->alpha_d = flint_malloc(v->np * sizeof(double));
    v->dir = flint_malloc(v->np * sizeof(const char *));
    v->val = _arb_vec_init(4 * v->np * v->nt);
    arb_init(u); arb_init(lmin); arb_init(at);
    hkz_su2_elem_init(g);
    arb_const_log2(u, prec);
    for (i = 0; i < v->nt; i++)
    {
        arb_mul_si(v->t + i, u, -i, prec);
        arb_div_si(v->t + i, v->t + i, m, prec);
        arb_exp(v->t + i, v->t + i, prec);
        /* exact times (midpoints): the spectral sums of the derivatives
         * cancel heavily at small t, a radius in t would swamp them */
        arb_set_arf(v->t + i, arb_midref(v->t + i));
    }
    arb_min(lmin, w, w + 1, prec);
    arb_min(lmin, lmin, w + 2, prec);
    hkz_goal_init(&goal, bits + 4);
    goal.max_prec = 4 * prec + 2048;
    for (p = q = 0; p < nal && s == HKZ_SUCCESS; p++)
    {
        nd = (delta || arb_is_zero(al + p)) ? 1 : 3;
        for (k = 0; k < nd && s == HKZ_SUCCESS; k++, q++)
        {
            arb_ptr val = v->val + 4 * q * v->nt;
            if ((s = hkz_progress_report(v->progress, v->done + q,
                                         v->total)) != HKZ_SUCCESS)
                break;
            arb_set_arf(v->alpha + q, arb_midref(al + p));   /* exact */
            v->alpha_d[q] = hkz_ball_mid_d(al + p);
            v->dir[q] = nd == 1 ? "any" : dirs[k];
            if (delta)
            {
                bi_t b;
                ulong kk;
                b.alpha = v->alpha + q;
                for (i = 0; i < v->nt && s == HKZ_SUCCESS; i++)
                    for (kk = 0; kk < 4 && s == HKZ_SUCCESS; kk++)
                    {
                        /* p^{a Delta}_t = h_{a t}: d^k = a^k h^(k)_{at} */
                        arb_mul(at, v->t + i, w, prec);
                        b.t = at;
                        b.k = kk;
                        s = hkz_goal_eval(val + 4 * i + kk, bi, &b, &goal,
                                          NULL);
                        if (s == HKZ_ERR_PREC)
                            s = HKZ_SUCCESS;
                        arb_pow_ui(u, w, kk, prec);
                        arb_mul(val + 4 * i + kk, val + 4 * i + kk, u,
                                prec);
                    }
                continue;
            }
            /* p ~ e^{-d_L^2/4t}, d_L <= alpha/sqrt(lambda_min) */
            extra = 16 + (slong) (hkz_ball_mid_d(al + p) *
                                  hkz_ball_mid_d(al + p) /
                                  (4 * hkz_ball_mid_d(lmin) *
                                   hkz_ball_mid_d(v->t + v->nt - 1) *
                                   0.6931471805599453));
            for (try = 0; try < 3 && s == HKZ_SUCCESS; try++, extra *= 2)
            {
                if ((s = point(g, v->alpha + q, k, prec + extra)))
                    break;
                s = hkz_su2_heat_milnor_deriv(val, 3, w, w + 1, w + 2, v->t,
                                             v->nt, g, prec + extra);
                if (s == HKZ_SUCCESS && accurate(val, v, bits))
                    break;
            }
        }
    }
    if (s == HKZ_SUCCESS)
        s = hkz_progress_report(v->progress, v->done + v->np, v->total);
    arb_clear(u); arb_clear(lmin); arb_clear(at);
    hkz_su2_elem_clear(g);
    return s;
}

slong _hkz_gauss_npoints(int delta, arb_srcptr al, slong nal)
{
    slong p, n = 0;
    for (p = 0; p < nal; p++)   /* a class function: one point per angle */
        n += (delta || arb_is_zero(al + p)) ? 1 : 3;
    return n;
}

void _hkz_gauss_vals_clear(gauss_vals_t *v)
{
    _arb_vec_clear(v->t, v->nt);
    _arb_vec_clear(v->alpha, v->np);
    flint_free(v->alpha_d);
    flint_free(v->dir);
    _arb_vec_clear(v->val, 4 * v->np * v->nt);
}

void _hkz_gauss_R(arb_t R, const gauss_vals_t *v, slong p, slong i,
                  slong k, const arb_t c0, slong prec)
{
    arb_srcptr t = v->t + i;
    arb_t u;
    arb_init(u);
    arb_abs(R, v->val + 4 * (p * v->nt + i) + k);
    arb_pow_ui(u, t, k, prec);
    arb_mul(R, R, u, prec);
    arb_sqrt(u, t, prec);
    arb_mul(u, u, t, prec);
    arb_mul(R, R, u, prec);
    arb_sqr(u, v->alpha + p, prec);
    arb_div(u, u, c0, prec);
    arb_div(u, u, t, prec);
    arb_exp(u, u, prec);
    arb_mul(R, R, u, prec);
    arb_clear(u);
}
