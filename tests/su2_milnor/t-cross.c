/* hkz_su2_heat_milnor against the bi-invariant kernel (a = b = c = s:
 * L = s Delta, p_t = h_{st}) and the sub-Laplacian kernel (a = b = s,
 * c = 0: L = s L_sub, p_t = p^{sub}_{st}), both computed by other
 * routes (spec 2, 3). */
#include <math.h>
#include "milnor_test.h"

int main(void)
{
    flint_rand_t state;
    arb_t s, zero, t, st, v, w, alpha, r, z;
    hkz_su2_elem_t g;
    double gd[4], vd, wd;
    slong iter;

    hkz_test_rand_init(state);
    arb_init(s);
    arb_init(zero);
    arb_init(t);
    arb_init(st);
    arb_init(v);
    arb_init(w);
    arb_init(alpha);
    arb_init(r);
    arb_init(z);
    hkz_su2_elem_init(g);

    for (iter = 0; iter < hkz_test_iters(3); iter++)
    {
        milnor_test_rand(g, state, 256);

        /* a = b = c = 3/4, t = 0.4 + iter/4 */
        arb_set_d(s, 0.75);
        arb_set_d(t, 0.4 + 0.25 * iter);
        arb_mul(st, s, t, 256);
        hkz_su2_elem_class_angle(alpha, g, 256);
        HKZ_TEST_OK(hkz_su2_heat_milnor(v, s, s, s, t, g, 96));
        HKZ_TEST_OK(hkz_su2_heat_bi(w, st, alpha, 0, 96));
        HKZ_TEST_OVERLAP(v, w, "Milnor a = b = c vs heat_bi");
        HKZ_TEST_CHECK(arb_rel_accuracy_bits(v) >= 80
                       && arb_rel_accuracy_bits(w) >= 80, "accuracy");

        /* a = b = 3/2, c = 0, t = 0.8 + iter/4 */
        arb_set_d(s, 1.5);
        arb_set_d(t, 0.8 + 0.25 * iter);
        arb_mul(st, s, t, 256);
        hkz_su2_elem_get_cyl(r, NULL, z, g, 256);
        HKZ_TEST_OK(hkz_su2_heat_milnor(v, s, s, zero, t, g, 96));
        HKZ_TEST_OK(hkz_su2_heat_sub(w, st, r, z, 0, 96));
        HKZ_TEST_OVERLAP(v, w, "Milnor a = b, c = 0 vs heat_sub");
        HKZ_TEST_CHECK(arb_rel_accuracy_bits(v) >= 80
                       && arb_rel_accuracy_bits(w) >= 80, "accuracy");

        /* the double paths agree too */
        milnor_test_get_d(gd, g);
        HKZ_TEST_OK(hkz_su2_heat_milnor_d(&vd, 1.5, 1.5, 0.0,
                                          0.8 + 0.25 * iter, gd));
        HKZ_TEST_OK(hkz_su2_heat_sub_d(&wd, 1.5 * (0.8 + 0.25 * iter),
                    arf_get_d(arb_midref(r), ARF_RND_NEAR),
                    arf_get_d(arb_midref(z), ARF_RND_NEAR), 0));
        HKZ_TEST_CHECK(fabs(vd - wd) <= 1e-12 * fabs(wd),
                       "double: Milnor %.17g vs heat_sub_d %.17g", vd, wd);
    }

    arb_clear(s);
    arb_clear(zero);
    arb_clear(t);
    arb_clear(st);
    arb_clear(v);
    arb_clear(w);
    arb_clear(alpha);
    arb_clear(r);
    arb_clear(z);
    hkz_su2_elem_clear(g);
    hkz_rand_clear(state);
    HKZ_TEST_END("su2_milnor.cross");
}
