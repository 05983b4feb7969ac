/* d^k/dt^k h_t(alpha), automatic route (spec heat_kernels_su2.md section 2,
 * "Algorithm"): the paired image forms for t < 1 and k = 0 (no
 * cancellation, a few terms), the character sum otherwise (with extra
 * working precision for its cancellation at small t). */
#include "heat_bi_internal.h"
#include "hkz_check.h"

int hkz_su2_heat_bi(arb_t res, const arb_t t, const arb_t alpha,
        ulong deriv, slong prec)
{
    arb_t a;
    arf_t u;
    int status;

    HKZ_CHECK(res != NULL, HKZ_ERR_ARG, "hkz_su2_heat_bi: res is NULL");
    arb_init(a);
    arf_init(u);
    status = _hkz_su2_heat_bi_args(a, t, alpha, deriv, prec,
                                   "hkz_su2_heat_bi");
    if (status == HKZ_SUCCESS)
    {
        arb_get_ubound_arf(u, t, 64);
        if (deriv == 0 && arf_cmp_si(u, 1) < 0)
            _hkz_su2_heat_bi_images(res, t, a, prec);
        else
            status = _hkz_su2_heat_bi_spectral(res, t, a, deriv, prec,
                                               "hkz_su2_heat_bi");
    }
    if (status != HKZ_SUCCESS)
        arb_indeterminate(res);
    arb_clear(a);
    arf_clear(u);
    return status;
}
