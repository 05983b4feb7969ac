/* Interval Newton step for cosine sums (spec 3.4, refinement):
 * N(X) = m - F(m)/F'(X).  N(X) inside the interior of X proves that X
 * holds exactly one zero, which is simple (mean value theorem). */
#include "zeros_internal.h"
#include "hkz_check.h"

int hkz_ly_cos_newton(arb_t res, int *inside, arb_srcptr c, slong W,
                      const arb_t theta, slong prec)
{
    arb_t m, F, N;
    arb_struct d[2];
    arf_t a, b, na, nb;
    int st;

    *inside = 0;
    HKZ_CHECK(W >= 0 && arb_is_finite(theta), HKZ_ERR_ARG,
              "hkz_ly_cos_newton: need W >= 0 and a finite theta");
    arb_init(m);
    arb_init(F);
    arb_init(N);
    arb_init(d + 0);
    arb_init(d + 1);
    arf_init(a);
    arf_init(b);
    arf_init(na);
    arf_init(nb);
    arf_set(arb_midref(m), arb_midref(theta));
    st = hkz_ly_cos_eval(F, 0, c, W, m, prec);
    if (st == HKZ_SUCCESS)
        st = hkz_ly_cos_eval(d, 1, c, W, theta, prec);
    if (st == HKZ_SUCCESS && !arb_contains_zero(d + 1))
    {
        arb_div(N, F, d + 1, prec);
        arb_sub(N, m, N, prec);
        arb_get_lbound_arf(a, theta, prec);
        arb_get_ubound_arf(b, theta, prec);
        arb_get_lbound_arf(na, N, prec);
        arb_get_ubound_arf(nb, N, prec);
        *inside = arf_cmp(na, a) > 0 && arf_cmp(nb, b) < 0;
        if (!arb_intersection(res, N, theta, prec))
            arb_indeterminate(res);
    }
    else
        arb_set(res, theta);
    arb_clear(m);
    arb_clear(F);
    arb_clear(N);
    arb_clear(d + 0);
    arb_clear(d + 1);
    arf_clear(a);
    arf_clear(b);
    arf_clear(na);
    arf_clear(nb);
    return st;
}
