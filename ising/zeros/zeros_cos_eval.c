/* Public evaluation of cosine sums and their theta-derivatives. */
#include "zeros_internal.h"
#include "hkz_check.h"

int hkz_ly_cos_eval(arb_ptr res, slong nder, arb_srcptr c, slong W,
                    const arb_t theta, slong prec)
{
    slong jlo, jhi, r;
    mag_t tail;

    if (W < 0 || nder < 0 || prec < 2 || !arb_is_finite(theta))
    {
        for (r = 0; r <= FLINT_MAX(nder, 0); r++)
            arb_indeterminate(res + r);
        HKZ_CHECK(W >= 0, HKZ_ERR_ARG, "hkz_ly_cos_eval: W must be >= 0 "
                  "(got %ld)", (long) W);
        HKZ_CHECK(nder >= 0, HKZ_ERR_ARG, "hkz_ly_cos_eval: nder must be "
                  ">= 0 (got %ld)", (long) nder);
        HKZ_CHECK(prec >= 2, HKZ_ERR_ARG, "hkz_ly_cos_eval: prec must be "
                  ">= 2 (got %ld)", (long) prec);
        return hkz_error_set(HKZ_ERR_ARG, "hkz_ly_cos_eval: theta is not "
                             "finite");
    }
    mag_init(tail);
    _hkz_ly_cos_trunc(&jlo, &jhi, tail, c, W / 2 + 1, prec);
    _hkz_ly_cos_eval_trunc(res, nder, c, W, jlo, jhi, tail, theta, prec);
    mag_clear(tail);
    return HKZ_SUCCESS;
}
