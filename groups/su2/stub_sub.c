/* TEMPORARY stubs: replaced by the real implementation (delete this file). */
#include "hkz/su2.h"
#include "hkz_check.h"

int hkz_su2_heat_sub(arb_t res, const arb_t t, const arb_t r, const arb_t z, ulong deriv, slong prec)
{
    return hkz_error_set(HKZ_ERR_UNSUPPORTED, "hkz_su2_heat_sub: not implemented yet");
}

int hkz_su2_heat_sub_spectral(arb_t res, const arb_t t, const arb_t r, const arb_t z, ulong deriv, slong prec)
{
    return hkz_error_set(HKZ_ERR_UNSUPPORTED, "hkz_su2_heat_sub_spectral: not implemented yet");
}

int hkz_su2_heat_sub_fibre(arb_t res, const arb_t t, const arb_t z, slong prec)
{
    return hkz_error_set(HKZ_ERR_UNSUPPORTED, "hkz_su2_heat_sub_fibre: not implemented yet");
}

int hkz_su2_heat_sub_d(double *res, double t, double r, double z, ulong deriv)
{
    return hkz_error_set(HKZ_ERR_UNSUPPORTED, "hkz_su2_heat_sub_d: not implemented yet");
}
