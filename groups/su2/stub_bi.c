/* TEMPORARY stubs: replaced by the real implementation (delete this file). */
#include "hkz/su2.h"
#include "hkz_check.h"

int hkz_su2_heat_bi(arb_t res, const arb_t t, const arb_t alpha, ulong deriv, slong prec)
{
    return hkz_error_set(HKZ_ERR_UNSUPPORTED, "hkz_su2_heat_bi: not implemented yet");
}

int hkz_su2_heat_bi_spectral(arb_t res, const arb_t t, const arb_t alpha, ulong deriv, slong prec)
{
    return hkz_error_set(HKZ_ERR_UNSUPPORTED, "hkz_su2_heat_bi_spectral: not implemented yet");
}

int hkz_su2_heat_bi_images(arb_t res, const arb_t t, const arb_t alpha, slong prec)
{
    return hkz_error_set(HKZ_ERR_UNSUPPORTED, "hkz_su2_heat_bi_images: not implemented yet");
}

int hkz_su2_heat_bi_d(double *res, double t, double alpha, ulong deriv)
{
    return hkz_error_set(HKZ_ERR_UNSUPPORTED, "hkz_su2_heat_bi_d: not implemented yet");
}
