/* Options of the Lee-Yang zero drivers. */
#include "zeros_internal.h"
#include "hkz_check.h"

void hkz_ly_opts_init(hkz_ly_opts_t *opts)
{
    hkz_goal_init(&opts->goal, 53);
    opts->goal.max_prec = 0;    /* automatic: depends on the degree */
    opts->nthreads = 2;
    opts->method = HKZ_LY_METHOD_AUTO;
    opts->grid = 0;
    opts->progress = NULL;
    opts->checkpoint = NULL;
    opts->dist = NULL;
}

void hkz_ly_opts_set_digits(hkz_ly_opts_t *opts, slong digits)
{
    /* ceil(digits log2 10) plus a few guard bits so that printing the
     * midpoint to `digits` digits is meaningful */
    opts->goal.rel_bits = (slong) (digits * 3.3219280948873623 + 0.999) + 4;
}

int _hkz_ly_nthreads(const hkz_ly_opts_t *opts)
{
    if (opts == NULL || opts->nthreads <= 0)
        return 2;
    return opts->nthreads > 256 ? 256 : opts->nthreads;
}

slong _hkz_ly_max_prec(const hkz_ly_opts_t *opts, slong W)
{
    /* The cancellation at the zeros costs up to ~2.3 W bits (spec 3.1,
     * beta = 0.1); allow 4 W + margin before giving up. */
    if (opts != NULL && opts->goal.max_prec > 0)
        return opts->goal.max_prec;
    return 2 * (opts != NULL ? opts->goal.rel_bits : 53) + 4 * W + 1024;
}

int hkz_ly_zeros_ckpt_params(hkz_ckpt_t c, const hkz_ly_opts_t *opts)
{
    hkz_ly_opts_t o;
    if (opts == NULL)
    {
        hkz_ly_opts_init(&o);
        opts = &o;
    }
    HKZ_TRY(hkz_ckpt_param_slong(c, "rel_bits", opts->goal.rel_bits));
    HKZ_TRY(hkz_ckpt_param_slong(c, "max_prec", opts->goal.max_prec));
    HKZ_TRY(hkz_ckpt_param_slong(c, "method", opts->method));
    return hkz_ckpt_param_slong(c, "grid", opts->grid);
}
