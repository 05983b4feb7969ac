/* hkz compare varadhan (grid_experiments.md 1): the Delta closed form
 * against the certified kernel (spec's check point t = 0.37, alpha = 1.1),
 * PASS on small grids, a perturbed closed form is detected (FAIL), the
 * fitted coefficients (6 off the cut locus, 8 on the fibre), bad input. */
#include <math.h>
#include "compare_test.h"
#include "hkz/compare_grid.h"

/* e = -4 t log h_t(alpha) - alpha^2 from the certified kernel */
static void e_kernel(arb_t e, const arb_t alpha, const arb_t t, slong prec)
{
    HKZ_TEST_OK(hkz_su2_heat_bi(e, t, alpha, 0, prec));
    arb_log(e, e, prec);
    arb_mul(e, e, t, prec);
    arb_mul_si(e, e, -4, prec);
    arb_submul(e, alpha, alpha, prec);
}

static double key_d(const hkz_table_t keys, const char *key)
{
    const hkz_field_t *f = hkz_table_find(keys, 0, key);
    return f != NULL && f->kind == HKZ_FIELD_DOUBLE ? f->d : NAN;
}

int main(void)
{
    hkz_compare_result_t r;
    hkz_compare_varadhan_opts_t o;
    arb_t a, t, e1, e2;
    double A;

    arb_init(a); arb_init(t); arb_init(e1); arb_init(e2);
    /* the closed form at the spec's check point and at small t */
    HKZ_TEST_OK(hkz_ball_set_str(a, "1.1", 200));
    HKZ_TEST_OK(hkz_ball_set_str(t, "0.37", 200));
    HKZ_TEST_OK(hkz_compare_varadhan_closed(e1, a, t, 200));
    e_kernel(e2, a, t, 200);
    HKZ_TEST_CHECK(arb_overlaps(e1, e2) && arb_rel_accuracy_bits(e1) > 150
                   && arb_rel_accuracy_bits(e2) > 100, "closed form at "
                   "t = 0.37, alpha = 1.1");
    HKZ_TEST_OK(hkz_ball_set_str(a, "3", 200));
    HKZ_TEST_OK(hkz_ball_set_str(t, "0.001", 200));
    HKZ_TEST_OK(hkz_compare_varadhan_closed(e1, a, t, 200));
    e_kernel(e2, a, t, 200);
    HKZ_TEST_CHECK(arb_overlaps(e1, e2) && arb_rel_accuracy_bits(e1) > 150,
                   "closed form at t = 0.001, alpha = 3");
    HKZ_TEST_OK(hkz_ball_set_str(a, "4", 200));
    HKZ_TEST_STATUS(hkz_compare_varadhan_closed(e1, a, t, 200),
                    HKZ_ERR_DOMAIN);

    HKZ_TEST_OK(hkz_compare_result_init(&r, "?"));
    hkz_compare_varadhan_opts_init(&o);
    o.digits = 15;
    o.alpha = "1,2.5";
    o.sub = "0.8,0.3";
    o.fibre = "1";
    o.t0 = "0.04";
    o.nt = 4;
    HKZ_TEST_OK(hkz_compare_varadhan(&r, &o));
    CT_PASS(&r);
    HKZ_TEST_CHECK(strcmp(r.name, "varadhan") == 0, "name");
    HKZ_TEST_CHECK(hkz_table_nrows(r.rows) == 4 * 4, "rows");
    HKZ_TEST_CHECK(ct_all_true(r.rows, "agree") &&
                   ct_all_true(r.rows, "certified"), "agree, certified");
    HKZ_TEST_CHECK(strcmp(ct_str(r.rows, 0, "case"), "delta") == 0 &&
                   strcmp(ct_str(r.rows, 8, "case"), "sub") == 0 &&
                   strcmp(ct_str(r.rows, 12, "case"), "fibre") == 0,
                   "cases");
    /* d_cc(0.8, 0.3) (spec: 0.95998...) */
    CT_CONTAINS(r.rows, 8, "d", "[0.959982833327475 +/- 1e-14]");
    A = key_d(r.keys, "fit_A_double_sub_r=0.8,z=0.3");
    HKZ_TEST_CHECK(fabs(A - 6) < 0.01, "fitted coefficient off the cut "
                   "locus %g", A);
    A = key_d(r.keys, "fit_A_double_fibre_r=0,z=1");
    HKZ_TEST_CHECK(fabs(A - 8) < 0.01, "fitted coefficient on the fibre "
                   "%g", A);

    /* a perturbed closed form is detected */
    o.perturb = 1e-9;
    HKZ_TEST_OK(hkz_compare_varadhan(&r, &o));
    CT_FAIL(&r, "delta alpha=1, t = 0.04: e = ");
    o.perturb = 0;

    /* bad input */
    o.nt = 2;
    HKZ_TEST_STATUS(hkz_compare_varadhan(&r, &o), HKZ_ERR_ARG);
    o.nt = 4;
    o.alpha = "1,4";
    HKZ_TEST_STATUS(hkz_compare_varadhan(&r, &o), HKZ_ERR_ARG);
    o.alpha = "1";
    o.sub = "0.8";
    HKZ_TEST_STATUS(hkz_compare_varadhan(&r, &o), HKZ_ERR_ARG);
    o.sub = "0.8,0.3";
    o.t0 = "2";
    HKZ_TEST_STATUS(hkz_compare_varadhan(&r, &o), HKZ_ERR_ARG);

    hkz_compare_result_clear(&r);
    arb_clear(a); arb_clear(t); arb_clear(e1); arb_clear(e2);
    HKZ_TEST_END("compare.varadhan");
}
