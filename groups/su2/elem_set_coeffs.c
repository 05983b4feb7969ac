/* Elements of SU(2) from user input: four real coefficients normalized
 * onto SU(2) (within a tolerance), cylindrical coordinates with r
 * checked. */
#include "hkz_check.h"
#include "hkz/su2.h"

int hkz_su2_elem_set_coeffs(hkz_su2_elem_t g, const arb_t a_re,
                            const arb_t a_im, const arb_t b_re,
                            const arb_t b_im, slong prec)
{
    acb_t a, b;
    arb_t n2, tol;
    int s = HKZ_SUCCESS;

    acb_init(a); acb_init(b); arb_init(n2); arb_init(tol);
    acb_set_arb_arb(a, a_re, a_im);
    acb_set_arb_arb(b, b_re, b_im);
    arb_sqr(n2, a_re, prec);
    arb_addmul(n2, a_im, a_im, prec);
    arb_addmul(n2, b_re, b_re, prec);
    arb_addmul(n2, b_im, b_im, prec);
    arb_sub_ui(tol, n2, 1, prec);
    arb_abs(tol, tol);
    if (!(arf_cmpabs_2exp_si(arb_midref(tol), -33) < 0))
        s = hkz_error_set(HKZ_ERR_ARG, "|a|^2+|b|^2 = %.17g is not 1 "
                          "(tolerance 1e-10)",
                          arf_get_d(arb_midref(n2), ARF_RND_NEAR));
    else
    {
        /* project onto SU(2): divide by the norm */
        arb_rsqrt(n2, n2, prec);
        acb_mul_arb(a, a, n2, prec);
        acb_mul_arb(b, b, n2, prec);
        s = hkz_su2_elem_set_acb(g, a, b, prec);
    }
    acb_clear(a); acb_clear(b); arb_clear(n2); arb_clear(tol);
    return s;
}

int hkz_su2_elem_set_cyl_checked(hkz_su2_elem_t g, const arb_t r,
                                 const arb_t phi, const arb_t z, slong prec)
{
    arb_t half_pi;
    int ok;
    arb_init(half_pi);
    arb_const_pi(half_pi, prec);
    arb_mul_2exp_si(half_pi, half_pi, -1);
    ok = arb_is_nonnegative(r) && arb_le(r, half_pi);
    arb_clear(half_pi);
    if (!ok)
        return hkz_error_set(HKZ_ERR_ARG, "r must lie in [0, pi/2]");
    hkz_su2_elem_set_cyl(g, r, phi, z, prec);
    return HKZ_SUCCESS;
}
