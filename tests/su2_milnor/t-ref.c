/* hkz_su2_heat_milnor: spec 7.6 reference values M1-M4 at 20+ digits; the
 * double path within 1e-12 of the certified value there and at random
 * parameters. */
#include <math.h>
#include "milnor_test.h"

static void check(const char *as, const char *bs, const char *cs,
                  const char *ts, const char *rs, const char *phs,
                  const char *zs, const char *ref, const char *what)
{
    arb_t a, b, c, t, v;
    hkz_su2_elem_t g;
    double gd[4], vd, vm;
    slong prec = 100;

    arb_init(a);
    arb_init(b);
    arb_init(c);
    arb_init(t);
    arb_init(v);
    hkz_su2_elem_init(g);
    arb_set_str(a, as, 4 * prec);
    arb_set_str(b, bs, 4 * prec);
    arb_set_str(c, cs, 4 * prec);
    arb_set_str(t, ts, 4 * prec);
    milnor_test_cyl(g, rs, phs, zs, 4 * prec);
    HKZ_TEST_OK(hkz_su2_heat_milnor(v, a, b, c, t, g, prec));
    HKZ_TEST_CONTAINS(v, ref, 67, what);

    milnor_test_get_d(gd, g);
    HKZ_TEST_OK(hkz_su2_heat_milnor_d(&vd, atof(as), atof(bs), atof(cs),
                                      atof(ts), gd));
    vm = arf_get_d(arb_midref(v), ARF_RND_NEAR);
    HKZ_TEST_CHECK(fabs(vd - vm) <= 1e-12 * fabs(vm),
                   "%s: double %.17g vs certified %.17g", what, vd, vm);

    arb_clear(a);
    arb_clear(b);
    arb_clear(c);
    arb_clear(t);
    arb_clear(v);
    hkz_su2_elem_clear(g);
}

int main(void)
{
    flint_rand_t state;
    slong iter;

    check("1", "2", "0.5", "0.5", "0", "0", "0",
          "1.89116084869025795098136", "M1");
    check("1", "1", "1", "0.37", "0", "0", "0",
          "2.850370516295159323338084", "M2");
    check("1", "3", "0", "1", "0", "0", "0",
          "1.128979063217928241813634", "M3");
    check("2", "0.7", "1.5", "0.8", "1.1", "2.0", "2.5",
          "0.9504637351065770082321884", "M4");

    /* double vs certified at random parameters and points */
    hkz_test_rand_init(state);
    for (iter = 0; iter < hkz_test_iters(6); iter++)
    {
        arb_t a, b, c, t, v;
        hkz_su2_elem_t g;
        double ad, bd, cd, td, gd[4], vd, vm;

        arb_init(a);
        arb_init(b);
        arb_init(c);
        arb_init(t);
        arb_init(v);
        hkz_su2_elem_init(g);
        /* dyadic parameters, exact in double and in arb */
        ad = 0.25 + n_randint(state, 12) / 4.0;
        bd = 0.25 + n_randint(state, 12) / 4.0;
        cd = (iter % 3 == 0) ? 0.0 : n_randint(state, 12) / 4.0;
        td = 0.25 + n_randint(state, 8) / 8.0;
        if (cd == 0.0)
        {
            /* c = 0 needs ~ 45/(t min(a,b)) representations */
            ad += 1.0;
            bd += 1.0;
            td += 0.5;
        }
        arb_set_d(a, ad);
        arb_set_d(b, bd);
        arb_set_d(c, cd);
        arb_set_d(t, td);
        milnor_test_rand(g, state, 128);
        HKZ_TEST_OK(hkz_su2_heat_milnor(v, a, b, c, t, g, 64));
        milnor_test_get_d(gd, g);
        HKZ_TEST_OK(hkz_su2_heat_milnor_d(&vd, ad, bd, cd, td, gd));
        vm = arf_get_d(arb_midref(v), ARF_RND_NEAR);
        HKZ_TEST_CHECK(arb_rel_accuracy_bits(v) >= 50
                       && fabs(vd - vm) <= 1e-12 * fabs(vm),
                       "double %.17g vs certified %.17g (a %g b %g c %g "
                       "t %g)", vd, vm, ad, bd, cd, td);
        arb_clear(a);
        arb_clear(b);
        arb_clear(c);
        arb_clear(t);
        arb_clear(v);
        hkz_su2_elem_clear(g);
    }
    hkz_rand_clear(state);
    HKZ_TEST_END("su2_milnor.ref");
}
