/* From a prediction to a certified bracket (generic zero driver). */
#include <stdlib.h>
#include "zeros_fun_internal.h"
#include "hkz_check.h"

/* From a prediction z->guess inside the (uncertified) limits [a, b]:
 * Newton to convergence, then a tight sign test; on success z->ok = 1 and
 * the bracket is refined to the target width. */
void _hkz_lyz_refine_guess(const _hkz_lyz_drv_t *d, _hkz_lyz_zb_t *z)
{
    arf_t x, xn, step, wt, tol, e, lim_a, lim_b;
    arf_struct pts[2];
    int sg[2], sgn, it, k;

    arf_init(x);
    arf_init(xn);
    arf_init(step);
    arf_init(wt);
    arf_init(tol);
    arf_init(e);
    arf_init(lim_a);
    arf_init(lim_b);
    arf_init(pts + 0);
    arf_init(pts + 1);
    arf_set_d(x, z->guess);
    arf_set(lim_a, &z->a);
    arf_set(lim_b, &z->b);
    z->ok = 0;
    if (d->f->bracket != NULL)
    {
        /* one-pass Newton + certification, retried once at 2 prec */
        _hkz_lyz_target_width(wt, d, x);
        for (k = 0; k < 2 && !z->ok; k++)
        {
            if (d->f->bracket(pts + 0, pts + 1, sg + 0, sg + 1, x, wt,
                              d->f->ctx, z->prec) &&
                arf_cmp(pts + 0, lim_a) > 0 && arf_cmp(pts + 1, lim_b) < 0)
            {
                arf_set(&z->a, pts + 0);
                arf_set(&z->b, pts + 1);
                z->sa = sg[0];
                z->sb = sg[1];
                z->ok = 1;
            }
            else if (z->prec < d->max_prec)
                z->prec = FLINT_MIN(2 * z->prec, d->max_prec);
        }
        if (z->ok)
        {
            arf_add(x, &z->a, &z->b, ARF_PREC_EXACT, ARF_RND_DOWN);
            arf_mul_2exp_si(x, x, -1);
            _hkz_lyz_refine_bracket(d, z, x);
            goto cleanup;
        }
    }
    for (it = 0; it < 60; it++)
    {
        _hkz_lyz_target_width(wt, d, x);
        arf_mul_2exp_si(tol, wt, -4);
        if (!_hkz_lyz_newton_prop(d, xn, step, &sgn, x, tol, &z->prec,
            &z->status))
            break;
        if (!_hkz_lyz_strictly_inside(xn, lim_a, lim_b))
            break;
        arf_abs(step, step);
        arf_set(x, xn);
        /* converged when the step is below the target, or when quadratic
         * convergence (error ~ W step^2 for degree W) already is */
        arf_mul_2exp_si(tol, wt, -3);
        if (arf_cmp(step, tol) > 0)
        {
            arf_mul(e, step, step, 64, ARF_RND_UP);
            arf_mul_si(e, e, 16 * FLINT_MAX(d->W, 1), 64, ARF_RND_UP);
            if (arf_cmp(e, tol) > 0)
                continue;
            arf_mul_2exp_si(step, e, -3);
        }
        /* tight test, widened a few times if the signs agree */
        arf_mul_2exp_si(e, wt, -2);
        arf_mul_2exp_si(step, step, 1);
        arf_max(e, e, step);
        for (k = 0; k < 4; k++)
        {
            arf_sub(pts + 0, x, e, ARF_PREC_EXACT, ARF_RND_DOWN);
            arf_add(pts + 1, x, e, ARF_PREC_EXACT, ARF_RND_DOWN);
            if (arf_cmp(pts + 0, lim_a) <= 0 || arf_cmp(pts + 1, lim_b) >= 0)
                break;
            z->status = _hkz_lyz_signs(d, sg, pts, 2, &z->prec);
            if (z->status != HKZ_SUCCESS)
                break;
            if ((sg[0] == 0 || sg[1] == 0) && z->prec >= d->max_prec)
            {
                z->status = HKZ_ERR_PREC;
                break;
            }
            if (sg[0] != 0 && sg[1] != 0 && sg[0] != sg[1])
            {
                arf_set(&z->a, pts + 0);
                arf_set(&z->b, pts + 1);
                z->sa = sg[0];
                z->sb = sg[1];
                z->ok = 1;
                break;
            }
            arf_mul_2exp_si(e, e, 3);
        }
        break;
    }
    if (z->ok)
        _hkz_lyz_refine_bracket(d, z, x);
cleanup:
    arf_clear(x);
    arf_clear(xn);
    arf_clear(step);
    arf_clear(wt);
    arf_clear(tol);
    arf_clear(e);
    arf_clear(lim_a);
    arf_clear(lim_b);
    arf_clear(pts + 0);
    arf_clear(pts + 1);
}
