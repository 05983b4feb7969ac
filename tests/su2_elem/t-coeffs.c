/* Elements from user input: hkz_su2_elem_set_coeffs (tolerance 2^-33 on
 * |a|^2+|b|^2, projection onto SU(2)) and hkz_su2_elem_set_cyl_checked
 * (r in [0, pi/2]). */
#include <string.h>
#include "hkz_test.h"

#define PREC 128

int main(void)
{
    hkz_su2_elem_t g, h;
    arb_t v[4], n;
    slong k;

    hkz_su2_elem_init(g);
    hkz_su2_elem_init(h);
    arb_init(n);
    for (k = 0; k < 4; k++)
        arb_init(v[k]);
    /* exactly unit: (0.6, 0, 0.8, 0) */
    arb_set_d(v[0], 0.6); arb_zero(v[1]); arb_set_d(v[2], 0.8);
    arb_zero(v[3]);
    HKZ_TEST_OK(hkz_su2_elem_set_coeffs(g, v[0], v[1], v[2], v[3], PREC));
    /* within the tolerance: normalized, |a|^2+|b|^2 contains 1 */
    arb_set_d(v[3], 1e-11);
    HKZ_TEST_OK(hkz_su2_elem_set_coeffs(g, v[0], v[1], v[2], v[3], PREC));
    acb_abs(n, &g->a, PREC);
    arb_sqr(n, n, PREC);
    {
        arb_t m;
        arb_init(m);
        acb_abs(m, &g->b, PREC);
        arb_addmul(n, m, m, PREC);
        arb_clear(m);
    }
    HKZ_TEST_CHECK(arb_contains_si(n, 1) && arb_rel_accuracy_bits(n) > 100,
                   "set_coeffs: normalized");
    /* outside it */
    arb_set_d(v[3], 0.1);
    HKZ_TEST_STATUS(hkz_su2_elem_set_coeffs(g, v[0], v[1], v[2], v[3],
                                            PREC), HKZ_ERR_ARG);
    HKZ_TEST_CHECK(strstr(hkz_errmsg(), "is not 1 (tolerance 1e-10)")
                   != NULL, "set_coeffs message: %s", hkz_errmsg());
    /* cylindrical: same as hkz_su2_elem_set_cyl inside, refused outside */
    arb_set_d(v[0], 0.3); arb_set_d(v[1], 0.2); arb_set_d(v[2], 0.1);
    HKZ_TEST_OK(hkz_su2_elem_set_cyl_checked(g, v[0], v[1], v[2], PREC));
    hkz_su2_elem_set_cyl(h, v[0], v[1], v[2], PREC);
    HKZ_TEST_CHECK(acb_equal(&g->a, &h->a) && acb_equal(&g->b, &h->b),
                   "set_cyl_checked == set_cyl");
    arb_set_d(v[0], 2.0);
    HKZ_TEST_STATUS(hkz_su2_elem_set_cyl_checked(g, v[0], v[1], v[2], PREC),
                    HKZ_ERR_ARG);
    arb_set_d(v[0], -0.1);
    HKZ_TEST_STATUS(hkz_su2_elem_set_cyl_checked(g, v[0], v[1], v[2], PREC),
                    HKZ_ERR_ARG);

    hkz_su2_elem_clear(g);
    hkz_su2_elem_clear(h);
    arb_clear(n);
    for (k = 0; k < 4; k++)
        arb_clear(v[k]);
    HKZ_TEST_END("su2_elem.coeffs");
}
