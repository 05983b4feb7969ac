/* Access to the weights w_i (i = 1, 2, ...), the length, and truncation
 * of a family to its first n factors. */
#include "hkz_check.h"
#include "su2n_internal.h"

slong hkz_su2n_weights_length(const hkz_su2n_weights_t w)
{
    return w->family == HKZ_SU2N_LIST ? w->len : -1;
}

int hkz_su2n_weights_get(arb_t res, const hkz_su2n_weights_t w, slong i,
        slong prec)
{
    const char *fn = "hkz_su2n_weights_get";
    arb_t u;
    int status = HKZ_SUCCESS;

    HKZ_CHECK(res != NULL, HKZ_ERR_ARG, "%s: res is NULL", fn);
    status = _hkz_su2n_check_weights(w, fn);
    if (status == HKZ_SUCCESS
        && !(i >= 1 && (w->family != HKZ_SU2N_LIST || i <= w->len)))
        status = hkz_error_set(HKZ_ERR_ARG, "%s: index %ld out of range",
                               fn, (long) i);
    if (status != HKZ_SUCCESS)
    {
        arb_indeterminate(res);
        return status;
    }
    arb_init(u);
    switch (w->family)
    {
        case HKZ_SU2N_LIST:
            arb_set_round(res, w->list + i - 1, prec);
            break;
        case HKZ_SU2N_POW:
            if (arb_is_exact(&w->p) && arf_is_int(arb_midref(&w->p))
                && arf_cmp_si(arb_midref(&w->p), 64) <= 0)
            {
                /* integer exponent: exact powers */
                arb_set_ui(u, (ulong) i);
                arb_pow_ui(u, u, arf_get_si(arb_midref(&w->p), ARF_RND_DOWN),
                           prec);
            }
            else
            {
                arb_set_ui(u, (ulong) i);
                arb_pow(u, u, &w->p, prec);
            }
            arb_mul(res, u, &w->c, prec);
            break;
        case HKZ_SU2N_GEOM:
            arb_mul_2exp_si(res, &w->c, i);
            break;
        case HKZ_SU2N_LOG:
        case HKZ_SU2N_LOG2:
            arb_set_ui(u, (ulong) i);
            arb_log1p(u, u, prec);
            if (w->family == HKZ_SU2N_LOG2)
                arb_sqr(u, u, prec);
            arb_mul(res, u, &w->c, prec);
            break;
        default: /* HKZ_SU2N_SEQ: w_i = c fn(i) */
            status = w->fn(u, (ulong) i, w->param, prec);
            if (status == HKZ_SUCCESS
                && !(arb_is_finite(u) && arb_is_positive(u)))
                status = hkz_error_set(HKZ_ERR_DOMAIN, "%s: the sequence "
                        "returned a weight w_%ld that is not > 0", fn,
                        (long) i);
            if (status == HKZ_SUCCESS)
                arb_mul(res, u, &w->c, prec);
            break;
    }
    if (status != HKZ_SUCCESS)
        arb_indeterminate(res);
    arb_clear(u);
    return status;
}

int hkz_su2n_weights_set_head(hkz_su2n_weights_t w,
        const hkz_su2n_weights_t src, slong n, slong prec)
{
    const char *fn = "hkz_su2n_weights_set_head";
    arb_ptr v;
    slong i;
    int status = HKZ_SUCCESS;

    HKZ_CHECK(w != NULL, HKZ_ERR_ARG, "%s: weights are NULL", fn);
    HKZ_TRY(_hkz_su2n_check_weights(src, fn));
    HKZ_CHECK(n >= 0 && (src->family != HKZ_SU2N_LIST || n <= src->len),
              HKZ_ERR_ARG, "%s: n = %ld out of range", fn, (long) n);
    /* a family's first n weights are computed and stored: bound n by the
       cap of src (which w takes) so that a huge n is refused, not an
       allocation failure (FLINT aborts) */
    HKZ_CHECK(src->family == HKZ_SU2N_LIST || n <= src->max_factors,
              HKZ_ERR_ARG, "%s: n = %ld exceeds the cap max_factors = %ld "
              "of the weights (default 2^20; raise it with "
              "hkz_su2n_weights_set_max_factors)", fn, (long) n,
              (long) src->max_factors);
    v = _arb_vec_init(FLINT_MAX(n, 1));
    for (i = 0; i < n && status == HKZ_SUCCESS; i++)
        status = hkz_su2n_weights_get(v + i, src, i + 1, prec);
    if (status == HKZ_SUCCESS)
    {
        slong mf = src->max_factors;
        status = hkz_su2n_weights_set_list(w, v, n);
        w->max_factors = mf;
    }
    _arb_vec_clear(v, FLINT_MAX(n, 1));
    return status;
}
