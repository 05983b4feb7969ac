/* TEMPORARY stubs: replaced by the real implementation (delete this file). */
#include "hkz/su2.h"
#include "hkz_check.h"

int hkz_su2_dist_riem(arb_t d, const arb_t r, const arb_t z, slong prec)
{
    return hkz_error_set(HKZ_ERR_UNSUPPORTED, "hkz_su2_dist_riem: not implemented yet");
}

int hkz_su2_dist_cc(arb_t d, const arb_t r, const arb_t z, slong prec)
{
    return hkz_error_set(HKZ_ERR_UNSUPPORTED, "hkz_su2_dist_cc: not implemented yet");
}

int hkz_su2_dist_riem_d(double *d, double r, double z)
{
    return hkz_error_set(HKZ_ERR_UNSUPPORTED, "hkz_su2_dist_riem_d: not implemented yet");
}

int hkz_su2_dist_cc_d(double *d, double r, double z)
{
    return hkz_error_set(HKZ_ERR_UNSUPPORTED, "hkz_su2_dist_cc_d: not implemented yet");
}

void hkz_su2_elem_init(hkz_su2_elem_t g)
{
}

void hkz_su2_elem_clear(hkz_su2_elem_t g)
{
}

void hkz_su2_elem_one(hkz_su2_elem_t g)
{
}

void hkz_su2_elem_set(hkz_su2_elem_t res, const hkz_su2_elem_t g)
{
}

int hkz_su2_elem_set_acb(hkz_su2_elem_t g, const acb_t a, const acb_t b, slong prec)
{
    return hkz_error_set(HKZ_ERR_UNSUPPORTED, "hkz_su2_elem_set_acb: not implemented yet");
}

void hkz_su2_elem_set_cyl(hkz_su2_elem_t g, const arb_t r, const arb_t phi, const arb_t z, slong prec)
{
}

void hkz_su2_elem_mul(hkz_su2_elem_t res, const hkz_su2_elem_t g, const hkz_su2_elem_t h, slong prec)
{
}

void hkz_su2_elem_inv(hkz_su2_elem_t res, const hkz_su2_elem_t g)
{
}

void hkz_su2_elem_rel(hkz_su2_elem_t res, const hkz_su2_elem_t x, const hkz_su2_elem_t y, slong prec)
{
}

void hkz_su2_elem_class_angle(arb_t alpha, const hkz_su2_elem_t g, slong prec)
{
}

void hkz_su2_elem_get_cyl(arb_t r, arb_t phi, arb_t z, const hkz_su2_elem_t g, slong prec)
{
}
