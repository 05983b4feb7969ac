/* hkz_su2_heat_sub_integral against independent routes (spectral sum
 * (3.1), the Milnor kernel with a = b = 1, c = 0), symmetries, two
 * precisions, and argument checks. */
#include "hkz_test.h"

static void set3(arb_t t, arb_t r, arb_t z, const char *ts, const char *rs,
                 const char *zs)
{
    arb_set_str(t, ts, 512);
    arb_set_str(r, rs, 512);
    arb_set_str(z, zs, 512);
}

int main(void)
{
    arb_t t, r, z, v, w, u;
    hkz_su2_elem_t g;
    slong i;
    static const char *pts[3][3] = {
        {"0.5", "0.3", "0.9"}, {"2", "1.0", "-3.0"}, {"0.2", "1.4", "2.2"}};

    arb_init(t);
    arb_init(r);
    arb_init(z);
    arb_init(v);
    arb_init(w);
    arb_init(u);
    hkz_su2_elem_init(g);

    /* spectral sum (3.1) */
    for (i = 0; i < 3; i++)
    {
        set3(t, r, z, pts[i][0], pts[i][1], pts[i][2]);
        HKZ_TEST_OK(hkz_su2_heat_sub_integral(v, t, r, z, 96));
        HKZ_TEST_OK(hkz_su2_heat_sub_spectral(w, t, r, z, 0, 96));
        HKZ_TEST_OVERLAP(v, w, "integral vs spectral");
        HKZ_TEST_CHECK(arb_rel_accuracy_bits(v) >= 80,
                       "integral: only %ld bits at point %ld",
                       (long) arb_rel_accuracy_bits(v), (long) i);
    }

    /* Milnor kernel, a = b = 1, c = 0, at g = exp(r(cos phi X + sin phi Y))
     * exp(zZ): a = cos r e^{iz}, b = -sin r e^{-i(phi - z)} (spec 1.2) */
    {
        arb_t one, zero, phi;
        arb_init(one);
        arb_init(zero);
        arb_init(phi);
        arb_one(one);
        arb_zero(zero);
        set3(t, r, z, "1", "0.9", "1.7");
        arb_set_str(phi, "0.4", 512);
        arb_cos(u, r, 512);
        acb_set_arb(&g->a, z);
        acb_mul_onei(&g->a, &g->a);
        acb_exp(&g->a, &g->a, 512);
        acb_mul_arb(&g->a, &g->a, u, 512);
        arb_sub(u, phi, z, 512);
        acb_set_arb(&g->b, u);
        acb_mul_onei(&g->b, &g->b);
        acb_neg(&g->b, &g->b);
        acb_exp(&g->b, &g->b, 512);
        arb_sin(u, r, 512);
        acb_mul_arb(&g->b, &g->b, u, 512);
        acb_neg(&g->b, &g->b);
        HKZ_TEST_OK(hkz_su2_heat_sub_integral(v, t, r, z, 96));
        HKZ_TEST_OK(hkz_su2_heat_milnor(w, one, one, zero, t, g, 96));
        HKZ_TEST_OVERLAP(v, w, "integral vs Milnor (a = b = 1, c = 0)");
        HKZ_TEST_CHECK(arb_rel_accuracy_bits(w) >= 80, "Milnor accuracy");
        arb_clear(one);
        arb_clear(zero);
        arb_clear(phi);
    }

    /* evenness and 2 pi-periodicity in z; two precisions */
    set3(t, r, z, "0.7", "0.5", "1.3");
    HKZ_TEST_OK(hkz_su2_heat_sub_integral(v, t, r, z, 64));
    arb_neg(z, z);
    HKZ_TEST_OK(hkz_su2_heat_sub_integral(w, t, r, z, 128));
    HKZ_TEST_OVERLAP(v, w, "p(r, z) vs p(r, -z), 64 vs 128 bits");
    HKZ_TEST_CHECK(arb_rel_accuracy_bits(w) >= 110, "128-bit accuracy");
    arb_const_pi(u, 512);
    arb_mul_2exp_si(u, u, 1);
    arb_add(z, z, u, 512);
    HKZ_TEST_OK(hkz_su2_heat_sub_integral(v, t, r, z, 96));
    HKZ_TEST_OVERLAP(v, w, "p(r, z) vs p(r, z + 2 pi)");

    /* r = pi/2 (ball): no dependence on z, and equal to h_t(pi/2) */
    arb_const_pi(r, 512);
    arb_mul_2exp_si(r, r, -1);
    arb_set_str(t, "0.4", 512);
    arb_set_str(z, "0.3", 512);
    HKZ_TEST_OK(hkz_su2_heat_sub_integral(v, t, r, z, 80));
    arb_set_str(z, "-2.9", 512);
    HKZ_TEST_OK(hkz_su2_heat_sub_integral(w, t, r, z, 80));
    HKZ_TEST_OVERLAP(v, w, "r = pi/2 at two values of z");
    HKZ_TEST_OK(hkz_su2_heat_bi(w, t, r, 0, 80));
    HKZ_TEST_OVERLAP(v, w, "r = pi/2 vs h_t(pi/2)");
    HKZ_TEST_CHECK(arb_rel_accuracy_bits(v) >= 60, "r = pi/2 accuracy");

    /* bad arguments */
    set3(t, r, z, "0.5", "0.5", "0.5");
    arb_zero(u);
    HKZ_TEST_STATUS(hkz_su2_heat_sub_integral(v, u, r, z, 64),
                    HKZ_ERR_DOMAIN);
    HKZ_TEST_CHECK(!arb_is_finite(v), "indeterminate on error");
    arb_set_si(u, -1);
    HKZ_TEST_STATUS(hkz_su2_heat_sub_integral(v, u, r, z, 64),
                    HKZ_ERR_DOMAIN);
    arb_zero(u);
    mag_set_d(arb_radref(u), 0.1);
    HKZ_TEST_STATUS(hkz_su2_heat_sub_integral(v, u, r, z, 64),
                    HKZ_ERR_DOMAIN);
    arb_set_d(u, -0.5);
    HKZ_TEST_STATUS(hkz_su2_heat_sub_integral(v, t, u, z, 64),
                    HKZ_ERR_DOMAIN);
    arb_set_si(u, 2);
    HKZ_TEST_STATUS(hkz_su2_heat_sub_integral(v, t, u, z, 64),
                    HKZ_ERR_DOMAIN);
    arb_indeterminate(u);
    HKZ_TEST_STATUS(hkz_su2_heat_sub_integral(v, t, u, z, 64),
                    HKZ_ERR_DOMAIN);
    HKZ_TEST_STATUS(hkz_su2_heat_sub_integral(v, t, r, u, 64),
                    HKZ_ERR_DOMAIN);
    arb_pos_inf(u);
    HKZ_TEST_STATUS(hkz_su2_heat_sub_integral(v, t, r, u, 64),
                    HKZ_ERR_DOMAIN);
    HKZ_TEST_STATUS(hkz_su2_heat_sub_integral(v, t, r, z, 1), HKZ_ERR_ARG);

    arb_clear(t);
    arb_clear(r);
    arb_clear(z);
    arb_clear(v);
    arb_clear(w);
    arb_clear(u);
    hkz_su2_elem_clear(g);
    HKZ_TEST_END("su2_integral.check");
}
