/* Tracker state: creation, destruction, accessors. */
#include <string.h>
#include "track_internal.h"
#include "hkz_check.h"

int hkz_ly_track_check_range(const arb_t t0, const arb_t t1)
{
    HKZ_CHECK(arb_is_positive(t0) && arb_lt(t0, t1), HKZ_ERR_DOMAIN,
              "need 0 < t0 < t1");
    return HKZ_SUCCESS;
}

int hkz_ly_track_check_t1(double *tmax, const arb_t t1, slong W,
                          slong rel_bits)
{
    /* ln(2)/2 per bit: the distance to the limit decays like e^{-2t} */
    *tmax = (rel_bits + 2.0 * W + 64) * 0.34657359027997264;
    HKZ_CHECK(arf_cmp_d(arb_midref(t1), *tmax) <= 0, HKZ_ERR_DOMAIN,
              "t1 beyond t_max = %.4g: the zeros sit at their limits to "
              "far below the goal", *tmax);
    return HKZ_SUCCESS;
}

static int create(hkz_ly_track_t tr, slong W, hkz_ly_family_fn fn,
                  void *param, const char *family, const arb_t t0,
                  const arb_t t1, slong j0, slong j1,
                  const hkz_ly_opts_t *opts)
{
    slong i, m, rel_bits = opts != NULL ? opts->goal.rel_bits : 53;

    HKZ_CHECK(W >= 2 && fn != NULL, HKZ_ERR_ARG, "hkz_ly_track_create: need "
              "W >= 2 (got %ld) and a family", (long) W);
    HKZ_CHECK(j0 >= 0 && j0 < j1 && j1 <= W / 2, HKZ_ERR_ARG,
              "hkz_ly_track_create: zero range [%ld, %ld) not inside "
              "[0, %ld)", (long) j0, (long) j1, (long) (W / 2));
    HKZ_CHECK(rel_bits >= 8 && rel_bits <= 100000, HKZ_ERR_ARG,
              "hkz_ly_track_create: rel_bits must be in [8, 10^5]");
    HKZ_CHECK(arb_is_finite(t0) && arb_is_finite(t1), HKZ_ERR_ARG,
              "hkz_ly_track_create: t0 and t1 must be finite");
    /* the range is [mid t0, mid t1], exactly */
    arb_set_arf(&tr->t0, arb_midref(t0));
    arb_set_arf(&tr->t1, arb_midref(t1));
    HKZ_CHECK(arb_is_positive(&tr->t0) && arb_lt(&tr->t0, &tr->t1),
              HKZ_ERR_DOMAIN, "hkz_ly_track_create: need 0 < t0 < t1 (the "
              "zeros are simple only for t > 0)");
    tr->W = W;
    tr->n = W / 2;
    tr->j0 = j0;
    tr->j1 = j1;
    tr->fn = fn;
    tr->cwint = fn == hkz_ly_cw_family_integral;
    tr->lockstep = fn == hkz_ly_cw_family_lockstep;
    tr->param = param;
    tr->rel_bits = rel_bits;
    tr->max_prec = opts != NULL && opts->goal.max_prec > 0
                   ? opts->goal.max_prec : 2 * rel_bits + 4 * W + 1024;
    tr->every = 32;
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
    tr->started = flint_calloc(m, sizeof(int));
    tr->theta0 = _arb_vec_init(m);
    tr->prec0 = flint_calloc(m, sizeof(slong));
    tr->steps = flint_calloc(m, sizeof(hkz_ly_step_struct *));
    tr->nsteps = flint_calloc(m, sizeof(slong));
    tr->alloc = flint_calloc(m, sizeof(slong));
    tr->saved = flint_calloc(m, sizeof(slong));
    tr->saved_start = flint_calloc(m, sizeof(int));
    tr->saved_fail = flint_calloc(m, sizeof(int));
    for (i = 0; i < m; i++)
    {
        arf_init(tr->ta + i);
        arf_set(tr->ta + i, arb_midref(&tr->t0));
        arb_indeterminate(tr->theta + i);
    }
    return HKZ_SUCCESS;
}

int hkz_ly_track_create(hkz_ly_track_t *tr, slong W, hkz_ly_family_fn fn,
                        void *param, const char *family, const arb_t t0,
                        const arb_t t1, slong j0, slong j1,
                        const hkz_ly_opts_t *opts)
{
    int st;
    HKZ_CHECK(tr != NULL, HKZ_ERR_ARG, "hkz_ly_track_create: NULL handle");
    *tr = flint_calloc(1, sizeof(struct hkz_ly_track_s));
    arb_init(&(*tr)->t0);
    arb_init(&(*tr)->t1);
    st = create(*tr, W, fn, param, family, t0, t1, j0, j1, opts);
    if (st != HKZ_SUCCESS)
        hkz_ly_track_destroy(tr);
    return st;
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
    tr->nsteps[i] = tr->alloc[i] = tr->saved[i] = 0;
}

hkz_ly_step_struct *_hkz_ly_track_new_step(hkz_ly_track_t tr, slong i)
{
    hkz_ly_step_struct *s;
    if (tr->nsteps[i] == tr->alloc[i])
    {
        tr->alloc[i] = FLINT_MAX(16, 2 * tr->alloc[i]);
        tr->steps[i] = flint_realloc(tr->steps[i], sizeof(hkz_ly_step_struct)
                                     * tr->alloc[i]);
    }
    s = tr->steps[i] + tr->nsteps[i]++;
    arb_init(&s->ta);
    arb_init(&s->tb);
    arb_init(&s->box);
    arb_init(&s->theta_b);
    s->dir = 0;
    return s;
}

void hkz_ly_track_destroy(hkz_ly_track_t *tr)
{
    slong i, m;
    hkz_ly_track_t t;
    if (tr == NULL || *tr == NULL)
        return;
    t = *tr;
    m = t->j1 - t->j0;
    arb_clear(&t->t0);
    arb_clear(&t->t1);
    if (t->ta != NULL)
    {
        for (i = 0; i < m; i++)
        {
            arf_clear(t->ta + i);
            _hkz_ly_track_clear_steps(t, i);
        }
        flint_free(t->ta);
        _arb_vec_clear(t->theta, m);
        _arb_vec_clear(t->theta0, m);
    }
    flint_free(t->dt);
    flint_free(t->prec);
    flint_free(t->dir);
    flint_free(t->done);
    flint_free(t->started);
    flint_free(t->prec0);
    flint_free(t->steps);
    flint_free(t->nsteps);
    flint_free(t->alloc);
    flint_free(t->saved);
    flint_free(t->saved_start);
    flint_free(t->saved_fail);
    flint_free(t);
    *tr = NULL;
}

int hkz_ly_track_finished(const hkz_ly_track_t tr)
{
    slong i;
    if (tr == NULL || tr->ta == NULL)
        return 0;
    for (i = 0; i < tr->j1 - tr->j0; i++)
        if (tr->done[i] != 1)
            return 0;
    return 1;
}

int hkz_ly_track_status(const hkz_ly_track_t tr)
{
    slong i;
    HKZ_CHECK(tr != NULL, HKZ_ERR_ARG, "hkz_ly_track_status: NULL tracker");
    for (i = 0; i < tr->j1 - tr->j0; i++)
        if (tr->done[i] < 0)
            return hkz_error_set(HKZ_ERR_NOT_CERTIFIED, "zero %ld could not "
                   "be continued beyond t = %.17g", (long) (tr->j0 + i + 1),
                   arf_get_d(tr->ta + i, ARF_RND_NEAR));
    return HKZ_SUCCESS;
}

slong hkz_ly_track_W(const hkz_ly_track_t tr) { return tr->W; }
slong hkz_ly_track_j0(const hkz_ly_track_t tr) { return tr->j0; }
slong hkz_ly_track_j1(const hkz_ly_track_t tr) { return tr->j1; }
slong hkz_ly_track_rel_bits(const hkz_ly_track_t tr) { return tr->rel_bits; }
const arb_struct *hkz_ly_track_t0(const hkz_ly_track_t tr) { return &tr->t0; }
const arb_struct *hkz_ly_track_t1(const hkz_ly_track_t tr) { return &tr->t1; }

static int in_range(const hkz_ly_track_t tr, slong j)
{
    return tr != NULL && j >= tr->j0 && j < tr->j1;
}

slong hkz_ly_track_nsteps(const hkz_ly_track_t tr, slong j)
{
    return in_range(tr, j) ? tr->nsteps[j - tr->j0] : 0;
}

const hkz_ly_step_struct *hkz_ly_track_step(const hkz_ly_track_t tr,
                                            slong j, slong k)
{
    if (!in_range(tr, j) || k < 0 || k >= tr->nsteps[j - tr->j0])
        return NULL;
    return tr->steps[j - tr->j0] + k;
}

int hkz_ly_track_dir(const hkz_ly_track_t tr, slong j)
{
    return in_range(tr, j) ? tr->dir[j - tr->j0] : 0;
}

int hkz_ly_track_done(const hkz_ly_track_t tr, slong j)
{
    return in_range(tr, j) ? tr->done[j - tr->j0] : 0;
}
