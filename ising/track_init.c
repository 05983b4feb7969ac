/* Tracker state: creation, destruction, progress. */
#include <string.h>
#include "zeros_internal.h"
#include "hkz_check.h"

int hkz_ly_track_init(hkz_ly_track_t tr, slong W, hkz_ly_family_fn fn,
                      void *param, const char *family, const arb_t t0,
                      const arb_t t1, slong j0, slong j1, slong rel_bits)
{
    slong i, m;

    memset(tr, 0, sizeof(hkz_ly_track_struct));
    arb_init(&tr->t0);
    arb_init(&tr->t1);
    HKZ_CHECK(W >= 2 && fn != NULL, HKZ_ERR_ARG, "hkz_ly_track_init: need "
              "W >= 2 (got %ld) and a family", (long) W);
    HKZ_CHECK(j0 >= 0 && j0 < j1 && j1 <= W / 2, HKZ_ERR_ARG,
              "hkz_ly_track_init: zero range [%ld, %ld) not inside [0, %ld)",
              (long) j0, (long) j1, (long) (W / 2));
    HKZ_CHECK(rel_bits >= 8 && rel_bits <= 100000, HKZ_ERR_ARG,
              "hkz_ly_track_init: rel_bits must be in [8, 10^5]");
    HKZ_CHECK(arb_is_finite(t0) && arb_is_finite(t1), HKZ_ERR_ARG,
              "hkz_ly_track_init: t0 and t1 must be finite");
    /* the range is [mid t0, mid t1], exactly */
    arb_set_arf(&tr->t0, arb_midref(t0));
    arb_set_arf(&tr->t1, arb_midref(t1));
    HKZ_CHECK(arb_is_positive(&tr->t0) && arb_lt(&tr->t0, &tr->t1),
              HKZ_ERR_DOMAIN, "hkz_ly_track_init: need 0 < t0 < t1 (the "
              "zeros are simple only for t > 0)");
    tr->W = W;
    tr->n = W / 2;
    tr->j0 = j0;
    tr->j1 = j1;
    tr->fn = fn;
    tr->param = param;
    tr->rel_bits = rel_bits;
    strncpy(tr->family, family != NULL ? family : "", sizeof(tr->family) - 1);
    for (i = 0; tr->family[i] != '\0'; i++)
        if (tr->family[i] == '\n')
            tr->family[i] = ' ';
    m = j1 - j0;
    tr->ta = flint_malloc(sizeof(arf_struct) * m);
    tr->theta = _arb_vec_init(m);
    tr->dt = flint_calloc(m, sizeof(double));
    tr->prec = flint_calloc(m, sizeof(slong));
    tr->dir = flint_calloc(m, sizeof(int));
    tr->done = flint_calloc(m, sizeof(int));
    tr->steps = flint_calloc(m, sizeof(hkz_ly_step_struct *));
    tr->nsteps = flint_calloc(m, sizeof(slong));
    tr->alloc = flint_calloc(m, sizeof(slong));
    for (i = 0; i < m; i++)
    {
        arf_init(tr->ta + i);
        arf_set(tr->ta + i, arb_midref(&tr->t0));
        arb_indeterminate(tr->theta + i);
    }
    return HKZ_SUCCESS;
}

void _hkz_ly_track_clear_steps(hkz_ly_track_t tr, slong i)
{
    slong k;
    for (k = 0; k < tr->nsteps[i]; k++)
    {
        hkz_ly_step_struct *s = tr->steps[i] + k;
        arb_clear(&s->ta);
        arb_clear(&s->tb);
        arb_clear(&s->box);
        arb_clear(&s->theta_b);
    }
    flint_free(tr->steps[i]);
    tr->steps[i] = NULL;
    tr->nsteps[i] = tr->alloc[i] = 0;
}

hkz_ly_step_struct *_hkz_ly_track_new_step(hkz_ly_track_t tr, slong i)
{
    hkz_ly_step_struct *s;
    if (tr->nsteps[i] == tr->alloc[i])
    {
        tr->alloc[i] = FLINT_MAX(16, 2 * tr->alloc[i]);
        tr->steps[i] = flint_realloc(tr->steps[i],
                                     sizeof(hkz_ly_step_struct) * tr->alloc[i]);
    }
    s = tr->steps[i] + tr->nsteps[i]++;
    arb_init(&s->ta);
    arb_init(&s->tb);
    arb_init(&s->box);
    arb_init(&s->theta_b);
    s->dir = 0;
    return s;
}

void hkz_ly_track_clear(hkz_ly_track_t tr)
{
    slong i, m = tr->j1 - tr->j0;
    arb_clear(&tr->t0);
    arb_clear(&tr->t1);
    if (tr->ta == NULL)
        return;
    for (i = 0; i < m; i++)
    {
        arf_clear(tr->ta + i);
        _hkz_ly_track_clear_steps(tr, i);
    }
    flint_free(tr->ta);
    _arb_vec_clear(tr->theta, m);
    flint_free(tr->dt);
    flint_free(tr->prec);
    flint_free(tr->dir);
    flint_free(tr->done);
    flint_free(tr->steps);
    flint_free(tr->nsteps);
    flint_free(tr->alloc);
    tr->ta = NULL;
}

int hkz_ly_track_finished(const hkz_ly_track_t tr)
{
    slong i;
    if (tr->ta == NULL)
        return 0;
    for (i = 0; i < tr->j1 - tr->j0; i++)
        if (tr->done[i] != 1)
            return 0;
    return 1;
}
