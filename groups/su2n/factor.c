/* One factor of the product kernels (spec 5.2): h_s(alpha) for Delta,
 * p_s(r, z) for L, through the certified single-factor functions. */
#include "hkz_check.h"
#include "su2n_internal.h"

int _hkz_su2n_factor_e(arb_t res, int op, const arb_t s, slong prec)
{
    arb_t zero;
    int status;

    arb_init(zero);
    if (op == HKZ_SU2N_DELTA)
        status = hkz_su2_heat_bi(res, s, zero, 0, prec);
    else
        status = hkz_su2_heat_sub(res, s, zero, zero, 0, prec);
    arb_clear(zero);
    return status;
}

int _hkz_su2n_factor_point(arb_t res, int op, const arb_t s, const arb_t r,
        const arb_t z, slong prec)
{
    arb_t a;
    int status;

    if (arb_is_zero(r) && arb_is_zero(z))
        return _hkz_su2n_factor_e(res, op, s, prec);
    if (op == HKZ_SU2N_L)
        return hkz_su2_heat_sub(res, s, r, z, 0, prec);
    arb_init(a);
    status = hkz_su2_dist_riem(a, r, z, prec);     /* class angle */
    if (status == HKZ_SUCCESS)
        status = hkz_su2_heat_bi(res, s, a, 0, prec);
    arb_clear(a);
    return status;
}

void _hkz_su2n_interval(arb_t res, const arf_t lo, const arf_t hi,
        slong prec)
{
    arb_set_interval_arf(res, lo, hi, prec);
}
