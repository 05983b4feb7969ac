/* TEMPORARY stubs: replaced by the real implementation (delete this file). */
#include "hkz/su2.h"
#include "hkz_check.h"

int hkz_su2_heat_sub_integral(arb_t res, const arb_t t, const arb_t r, const arb_t z, slong prec)
{
    return hkz_error_set(HKZ_ERR_UNSUPPORTED, "hkz_su2_heat_sub_integral: not implemented yet");
}

int hkz_su2_heat_milnor(arb_t res, const arb_t a, const arb_t b, const arb_t c, const arb_t t, const hkz_su2_elem_t g, slong prec)
{
    return hkz_error_set(HKZ_ERR_UNSUPPORTED, "hkz_su2_heat_milnor: not implemented yet");
}

int hkz_su2_heat_milnor_d(double *res, double a, double b, double c, double t, const double g[4])
{
    return hkz_error_set(HKZ_ERR_UNSUPPORTED, "hkz_su2_heat_milnor_d: not implemented yet");
}
