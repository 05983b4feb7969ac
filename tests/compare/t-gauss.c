/* hkz compare gauss (grid_experiments.md 2): the Milnor derivatives
 * against the certified kernel (k = 0), Delta's (a = b = c) and finite
 * differences (k = 1); PASS on a small grid with the negative control
 * growing; a verdict that cannot hold (control GROW huge) FAILs; bad
 * input. */
#include <math.h>
#include "compare_test.h"
#include "hkz/compare_grid.h"

static void set_g(hkz_su2_elem_t g, const char *ar, const char *ai,
                  const char *br, const char *bi, slong prec)
{
    acb_t a, b;
    acb_init(a); acb_init(b);
    HKZ_TEST_OK(hkz_ball_set_str(acb_realref(a), ar, prec));
    HKZ_TEST_OK(hkz_ball_set_str(acb_imagref(a), ai, prec));
    HKZ_TEST_OK(hkz_ball_set_str(acb_realref(b), br, prec));
    HKZ_TEST_OK(hkz_ball_set_str(acb_imagref(b), bi, prec));
    HKZ_TEST_OK(hkz_su2_elem_set_acb(g, a, b, prec));
    acb_clear(a); acb_clear(b);
}

int main(void)
{
    hkz_compare_result_t r;
    hkz_compare_gauss_opts_t o;
    hkz_su2_elem_t g;
    arb_t a, b, c, x, y, al;
    arb_ptr t, v, vh;
    slong prec = 128;

    arb_init(a); arb_init(b); arb_init(c); arb_init(x); arb_init(y);
    arb_init(al);
    t = _arb_vec_init(3);
    v = _arb_vec_init(12);
    vh = _arb_vec_init(12);
    hkz_su2_elem_init(g);

    /* g: g11 = 0.6, g21 = 0.48 + 0.64 i (norm 1); t = 0.3, 0.3 + h, 1 */
    set_g(g, "0.6", "0", "0.48", "0.64", prec);
    arb_set_ui(a, 1); arb_set_ui(b, 2); arb_set_ui(c, 3);
    HKZ_TEST_OK(hkz_ball_set_str(t, "0.3", prec));
    HKZ_TEST_OK(hkz_ball_set_str(t + 1, "0.300001", prec));
    arb_one(t + 2);
    HKZ_TEST_OK(hkz_su2_heat_milnor_deriv(v, 3, a, b, c, t, 3, g, prec));
    HKZ_TEST_OK(hkz_su2_heat_milnor(x, a, b, c, t, g, prec));
    HKZ_TEST_CHECK(arb_overlaps(x, v) && arb_rel_accuracy_bits(v) > 90,
                   "k = 0 is hkz_su2_heat_milnor");
    HKZ_TEST_OK(hkz_su2_heat_milnor(y, a, b, c, t + 2, g, prec));
    HKZ_TEST_CHECK(arb_overlaps(y, v + 8), "k = 0 at t = 1");
    /* forward difference of p and p' against p' and p'' (h = 1e-6) */
    arb_sub(x, v + 4, v, prec);
    arb_mul_ui(x, x, 1000000, prec);
    HKZ_TEST_CHECK(fabs(arf_get_d(arb_midref(x), ARF_RND_NEAR) /
                        arf_get_d(arb_midref(v + 1), ARF_RND_NEAR) - 1)
                   < 1e-4, "p' by differences");
    arb_sub(x, v + 5, v + 1, prec);
    arb_mul_ui(x, x, 1000000, prec);
    HKZ_TEST_CHECK(fabs(arf_get_d(arb_midref(x), ARF_RND_NEAR) /
                        arf_get_d(arb_midref(v + 2), ARF_RND_NEAR) - 1)
                   < 1e-4, "p'' by differences");
    /* a = b = c = 1 is Delta: derivatives of h_t at the class angle */
    arb_one(a); arb_one(b); arb_one(c);
    HKZ_TEST_OK(hkz_su2_heat_milnor_deriv(v, 3, a, b, c, t, 1, g, prec));
    HKZ_TEST_OK(hkz_ball_set_str(al, "0.6", prec));
    arb_acos(al, al, prec);
    HKZ_TEST_OK(hkz_su2_heat_bi(x, t, al, 3, prec));
    HKZ_TEST_CHECK(arb_overlaps(x, v + 3) && arb_rel_accuracy_bits(v + 3)
                   > 80, "a = b = c = 1, k = 3: Delta");
    arb_zero(c);
    HKZ_TEST_STATUS(hkz_su2_heat_milnor_deriv(v, 3, a, b, c, t, 1, g, prec),
                    HKZ_ERR_DOMAIN);

    HKZ_TEST_OK(hkz_compare_result_init(&r, "?"));
    hkz_compare_gauss_opts_init(&o);
    o.ops = "1,1,1;1,1,2";
    o.alpha = "0,1,2.5";
    o.eps = "0.5";
    o.J = 4;
    o.J_delta = 5;
    o.m = 1;
    HKZ_TEST_OK(hkz_compare_gauss(&r, &o));
    CT_PASS(&r);
    HKZ_TEST_CHECK(strcmp(r.name, "gauss") == 0, "name");
    /* rows: per op, eps, kind, k: J rows -> (5 + 4) * 2 * 4 */
    HKZ_TEST_CHECK(hkz_table_nrows(r.rows) == 72, "rows %ld",
                   (long) hkz_table_nrows(r.rows));
    HKZ_TEST_CHECK(ct_all_true(r.rows, "certified"), "certified");
    HKZ_TEST_CHECK(strcmp(ct_str(r.rows, 0, "kind"), "bound") == 0 &&
                   strcmp(ct_str(r.rows, 20, "kind"), "control") == 0,
                   "kinds");
    /* the verdict can fail: a control growth that cannot be reached */
    o.grow = 1e200;
    HKZ_TEST_OK(hkz_compare_gauss(&r, &o));
    CT_FAIL(&r, "1,1,1, control eps = 0.5, k = 0");
    o.grow = 1.5;

    /* bad input */
    o.eps = "1.5";
    HKZ_TEST_STATUS(hkz_compare_gauss(&r, &o), HKZ_ERR_ARG);
    o.eps = "0.5";
    o.ops = "1,1";
    HKZ_TEST_STATUS(hkz_compare_gauss(&r, &o), HKZ_ERR_ARG);
    o.ops = "1,0,1";
    HKZ_TEST_STATUS(hkz_compare_gauss(&r, &o), HKZ_ERR_ARG);
    o.ops = "1,1,1";
    o.alpha = "4";
    HKZ_TEST_STATUS(hkz_compare_gauss(&r, &o), HKZ_ERR_ARG);
    o.alpha = "1";
    o.J = 1;
    HKZ_TEST_STATUS(hkz_compare_gauss(&r, &o), HKZ_ERR_ARG);

    hkz_compare_result_clear(&r);
    hkz_su2_elem_clear(g);
    _arb_vec_clear(t, 3);
    _arb_vec_clear(v, 12);
    _arb_vec_clear(vh, 12);
    arb_clear(a); arb_clear(b); arb_clear(c); arb_clear(x); arb_clear(y);
    arb_clear(al);
    HKZ_TEST_END("compare.gauss");
}
