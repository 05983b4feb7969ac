/* Certified brackets of the generic zero driver: signs at exact points
 * (Ziv loop), Newton proposals, refinement of a bracket to the goal. */
#include <stdlib.h>
#include "zeros_fun_internal.h"
#include "hkz_check.h"

arf_ptr _hkz_lyz_arf_vec_init(slong n)
{
    arf_ptr v = flint_malloc(sizeof(arf_struct) * n);
    slong i;
    for (i = 0; i < n; i++)
        arf_init(v + i);
    return v;
}

void _hkz_lyz_arf_vec_clear(arf_ptr v, slong n)
{
    slong i;
    for (i = 0; i < n; i++)
        arf_clear(v + i);
    flint_free(v);
}

void _hkz_lyz_zb_init(_hkz_lyz_zb_t *z, slong prec)
{
    arf_init(&z->a);
    arf_init(&z->b);
    z->sa = z->sb = 0;
    z->ok = 0;
    z->prec = prec;
    z->status = HKZ_SUCCESS;
    z->guess = 0;
}

void _hkz_lyz_zb_clear(_hkz_lyz_zb_t *z)
{
    arf_clear(&z->a);
    arf_clear(&z->b);
}

slong _hkz_lyz_start_prec_at(const _hkz_lyz_drv_t *d, double th)
{
    slong p = d->start_prec;
    /* the hint is the expected cancellation in bits at theta */
    if (d->f->prec_hint != NULL)
        p += FLINT_MAX(0, d->f->prec_hint(th, d->f->ctx));
    return FLINT_MIN(p, d->max_prec);
}

/* Signs of F at npts exact points, raising *prec until all are certified
 * or max_prec is reached (then uncertified ones are 0). */
int _hkz_lyz_signs(const _hkz_lyz_drv_t *d, int *sg, arf_srcptr x, slong npts,
                   slong *prec)
{
    arb_ptr v = _arb_vec_init(npts);
    int st, all;
    slong i;

    for (;;)
    {
        st = d->f->eval(v, x, npts, d->f->ctx, *prec);
        if (st != HKZ_SUCCESS)
            break;
        all = 1;
        for (i = 0; i < npts; i++)
        {
            sg[i] = arb_is_positive(v + i) ? 1 : arb_is_negative(v + i) ? -1
                                                                       : 0;
            all &= sg[i] != 0;
        }
        if (all || *prec >= d->max_prec)
            break;
        *prec = FLINT_MIN(2 * *prec, d->max_prec);
    }
    _arb_vec_clear(v, npts);
    return st;
}

/* Target bracket width 2^-rel_bits x for x > 0. */
void _hkz_lyz_target_width(arf_t wt, const _hkz_lyz_drv_t *d, const arf_t x)
{
    arf_abs(wt, x);
    arf_mul_2exp_si(wt, wt, -d->rel_bits);
}

/* Newton proposal xn = x - F/F' at x.  Returns 1 with xn, step set; 0 if
 * no proposal; raises *prec while the step is not resolved to res_tol.
 * sgn receives the certified sign of F(x) (rigorous newton) or 0. */
int _hkz_lyz_newton_prop(const _hkz_lyz_drv_t *d, arf_t xn, arf_t step,
                         int *sgn,
                         const arf_t x, const arf_t res_tol, slong *prec,
                         int *status)
{
    arb_t F, dF;
    arf_t res;
    mag_t r;
    int ok = 0;

    arb_init(F);
    arb_init(dF);
    arf_init(res);
    mag_init(r);
    *sgn = 0;
    for (;;)
    {
        *status = d->f->newton(F, dF, x, d->f->ctx, *prec);
        if (*status != HKZ_SUCCESS)
            break;
        if (d->f->newton_rigorous)
            *sgn = arb_is_positive(F) ? 1 : arb_is_negative(F) ? -1 : 0;
        if (!arb_is_finite(F) || !arb_is_finite(dF) ||
            arf_is_zero(arb_midref(dF)))
        {
            if (*prec >= d->max_prec)
                break;
            *prec = FLINT_MIN(2 * *prec, d->max_prec);
            continue;
        }
        /* resolution of the step: rad(F)/|F'| must be below res_tol */
        arb_get_mag_lower(r, dF);
        if (!mag_is_zero(r))
        {
            mag_div(r, arb_radref(F), r);
            arf_set_mag(res, r);
        }
        else
            arf_pos_inf(res);
        if (arf_cmp(res, res_tol) > 0 && *prec < d->max_prec &&
            *sgn == 0)
        {
            *prec = FLINT_MIN(2 * *prec, d->max_prec);
            continue;
        }
        arf_div(step, arb_midref(F), arb_midref(dF), *prec, ARF_RND_NEAR);
        arf_sub(xn, x, step, *prec, ARF_RND_NEAR);
        ok = 1;
        break;
    }
    arb_clear(F);
    arb_clear(dF);
    arf_clear(res);
    mag_clear(r);
    return ok;
}

int _hkz_lyz_strictly_inside(const arf_t x, const arf_t a, const arf_t b)
{
    return arf_cmp(x, a) > 0 && arf_cmp(x, b) < 0;
}

/* Refines a certified bracket (z->ok) to the target width: Newton
 * proposals, tight sign tests around converged iterates, bisection as the
 * safeguard.  x0 (may be NULL) is the first iterate. */
void _hkz_lyz_refine_bracket(const _hkz_lyz_drv_t *d, _hkz_lyz_zb_t *z,
                             const arf_t x0)
{
    arf_t x, xn, step, wt, w, tol, e;
    arf_struct pts[2];
    int sg[2], sgn, it, stall = 0;

    arf_init(x);
    arf_init(xn);
    arf_init(step);
    arf_init(wt);
    arf_init(w);
    arf_init(tol);
    arf_init(e);
    arf_init(pts + 0);
    arf_init(pts + 1);
    if (x0 != NULL && _hkz_lyz_strictly_inside(x0, &z->a, &z->b))
        arf_set(x, x0);
    else
    {
        arf_add(x, &z->a, &z->b, ARF_PREC_EXACT, ARF_RND_DOWN);
        arf_mul_2exp_si(x, x, -1);
    }
    for (it = 0; it < 400; it++)
    {
        _hkz_lyz_target_width(wt, d, arf_sgn(&z->a) > 0 ? &z->a : &z->b);
        arf_sub(w, &z->b, &z->a, ARF_PREC_EXACT, ARF_RND_DOWN);
        if (arf_cmp(w, wt) <= 0)
            break;
        if (!_hkz_lyz_strictly_inside(x, &z->a, &z->b) || stall >= 3)
        {
            /* bisection step */
            arf_add(x, &z->a, &z->b, ARF_PREC_EXACT, ARF_RND_DOWN);
            arf_mul_2exp_si(x, x, -1);
            z->status = _hkz_lyz_signs(d, sg, x, 1, &z->prec);
            if (z->status != HKZ_SUCCESS)
                break;
            if (sg[0] == 0)
            {
                /* x is (numerically) a zero: move off it by a quarter */
                arf_sub(xn, &z->b, &z->a, ARF_PREC_EXACT, ARF_RND_DOWN);
                arf_mul_2exp_si(xn, xn, -2);
                arf_add(x, x, xn, ARF_PREC_EXACT, ARF_RND_DOWN);
                z->status = _hkz_lyz_signs(d, sg, x, 1, &z->prec);
                if (z->status != HKZ_SUCCESS || sg[0] == 0)
                    break;
            }
            if (sg[0] == z->sa)
                arf_set(&z->a, x);
            else
                arf_set(&z->b, x);
            stall = 0;
            arf_add(x, &z->a, &z->b, ARF_PREC_EXACT, ARF_RND_DOWN);
            arf_mul_2exp_si(x, x, -1);
            continue;
        }
        arf_mul_2exp_si(tol, wt, -4);
        if (!_hkz_lyz_newton_prop(d, xn, step, &sgn, x, tol, &z->prec,
            &z->status))
        {
            if (z->status != HKZ_SUCCESS)
                break;
            stall = 3;
            continue;
        }
        if (sgn != 0)
        {
            if (sgn == z->sa)
                arf_set(&z->a, x);
            else
                arf_set(&z->b, x);
        }
        if (!_hkz_lyz_strictly_inside(xn, &z->a, &z->b))
        {
            stall = 3;
            continue;
        }
        arf_abs(step, step);
        arf_mul_2exp_si(tol, wt, -3);
        if (arf_cmp(step, tol) <= 0)
        {
            /* converged: certify [xn - e, xn + e] */
            arf_mul_2exp_si(e, wt, -2);
            arf_mul_2exp_si(step, step, 1);
            arf_max(e, e, step);
            arf_sub(pts + 0, xn, e, ARF_PREC_EXACT, ARF_RND_DOWN);
            arf_add(pts + 1, xn, e, ARF_PREC_EXACT, ARF_RND_DOWN);
            if (arf_cmp(pts + 0, &z->a) <= 0 || arf_cmp(pts + 1, &z->b) >= 0)
            {
                arf_set(x, xn);
                stall++;
                continue;
            }
            z->status = _hkz_lyz_signs(d, sg, pts, 2, &z->prec);
            if (z->status != HKZ_SUCCESS)
                break;
            if (sg[0] == z->sa)
                arf_set(&z->a, pts + 0);
            if (sg[1] == z->sb)
                arf_set(&z->b, pts + 1);
            if (sg[0] == z->sb && sg[0] != 0)
                arf_set(&z->b, pts + 0);
            if (sg[1] == z->sa && sg[1] != 0)
                arf_set(&z->a, pts + 1);
            if (sg[0] == 0 || sg[1] == 0)
                stall++;
            arf_set(x, xn);
            continue;
        }
        arf_set(x, xn);
    }
    arf_clear(x);
    arf_clear(xn);
    arf_clear(step);
    arf_clear(wt);
    arf_clear(w);
    arf_clear(tol);
    arf_clear(e);
    arf_clear(pts + 0);
    arf_clear(pts + 1);
}
