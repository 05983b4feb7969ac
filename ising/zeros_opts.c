/* Options of the Lee-Yang zero drivers. */
#include "zeros_internal.h"

void hkz_ly_opts_init(hkz_ly_opts_t *opts)
{
    opts->rel_bits = 53;
    opts->max_prec = 0;
    opts->nthreads = 2;
    opts->method = HKZ_LY_METHOD_AUTO;
    opts->grid = 0;
}

void hkz_ly_opts_set_digits(hkz_ly_opts_t *opts, slong digits)
{
    /* ceil(digits log2 10) plus a few guard bits so that printing the
     * midpoint to `digits` digits is meaningful */
    opts->rel_bits = (slong) (digits * 3.3219280948873623 + 0.999) + 4;
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
    if (opts != NULL && opts->max_prec > 0)
        return opts->max_prec;
    return 2 * (opts != NULL ? opts->rel_bits : 53) + 4 * W + 1024;
}
