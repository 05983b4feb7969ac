/* Starting enclosures of the tracked zeros: all principal zeros at t0,
 * certified by the count (spec 3.5: the index is fixed once, the zeros
 * then stay simple and cannot cross). */
#include <stdio.h>
#include "track_internal.h"
#include "hkz_check.h"

typedef struct
{
    hkz_ly_family_fn fn;
    void *param;
    const arb_struct *t;
} fixed_t_param;

static int coeffs_at(arb_ptr c, void *param, slong prec)
{
    const fixed_t_param *p = param;
    return p->fn(c, 0, p->t, p->param, prec);
}

/* all principal zeros at t0 (the count certifies the list) */
int _hkz_ly_track_start_zeros(hkz_ly_zeros_t z, hkz_ly_track_t tr,
                              const hkz_ly_opts_t *opts)
{
    hkz_ly_opts_t o;
    int st;
    if (opts == NULL)
        hkz_ly_opts_init(&o);
    else
        o = *opts;
    o.goal.rel_bits = tr->rel_bits;
    o.checkpoint = NULL;
    o.dist = NULL;
    o.progress = NULL;
    if (tr->fn == hkz_ly_cw_family ||
        tr->fn == hkz_ly_cw_family_integral ||
        tr->fn == hkz_ly_cw_family_lockstep)
        st = hkz_ly_cw_zeros(z, *(const slong *) tr->param, &tr->t0, &o);
    else
    {
        fixed_t_param p;
        p.fn = tr->fn;
        p.param = tr->param;
        p.t = &tr->t0;
        st = hkz_ly_zeros_cos(z, tr->W, coeffs_at, &p, &o);
    }
    if (st == HKZ_ERR_PREC && z->complete)
        st = HKZ_SUCCESS;
    else if (st == HKZ_ERR_NOT_CERTIFIED)
    {
        char msg[256];
        snprintf(msg, sizeof(msg), "%s", hkz_errmsg());
        hkz_error_set(st, "hkz_ly_track_start: the zeros at t0 are not "
                      "certified (%s)", msg);
    }
    return st;
}

/* the zeros not yet started (not restored) from the list z at t0 */
int _hkz_ly_track_start_from(hkz_ly_track_t tr, const hkz_ly_zeros_t z)
{
    slong i;
    HKZ_CHECK(z->n > 0 && tr->j1 <= z->j0 + z->len && tr->j0 >= z->j0,
              HKZ_ERR_ARG, "hkz_ly_track_start: the list at t0 lacks "
              "zeros of the range");
    for (i = 0; i < tr->j1 - tr->j0; i++)
    {
        if (tr->started[i])
            continue;
        arb_set(tr->theta0 + i, z->theta + tr->j0 - z->j0 + i);
        arb_set(tr->theta + i, z->theta + tr->j0 - z->j0 + i);
        arf_set(tr->ta + i, arb_midref(&tr->t0));
        /* the integral steps need no more than the goal (the
         * cosine sum: the precision of its cancellation) */
        tr->prec0[i] = tr->prec[i] = tr->cwint || tr->lockstep
            ? tr->rel_bits + 64
            : FLINT_MAX(z->prec, tr->rel_bits + 64);
        tr->dt[i] = 0;
        tr->dir[i] = 0;
        tr->done[i] = 0;
        tr->started[i] = 1;
        _hkz_ly_track_clear_steps(tr, i);
    }
    return _hkz_ly_track_commit(tr);
}

int hkz_ly_track_start(hkz_ly_track_t tr, const hkz_ly_opts_t *opts)
{
    hkz_ly_zeros_t z;
    slong i, todo = 0;
    int st;

    HKZ_CHECK(tr != NULL && tr->ta != NULL, HKZ_ERR_ARG,
              "hkz_ly_track_start: tracker not created");
    for (i = 0; i < tr->j1 - tr->j0; i++)
        todo += !tr->started[i];
    if (todo == 0)
        return HKZ_SUCCESS;     /* restored from a checkpoint */
    hkz_ly_zeros_init(z, tr->W);
    st = _hkz_ly_track_start_zeros(z, tr, opts);
    if (st == HKZ_SUCCESS)
        st = _hkz_ly_track_start_from(tr, z);
    hkz_ly_zeros_clear(z);
    return st;
}
