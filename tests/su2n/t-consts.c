/* Comparison constants of spec 6.3 for the named pairs E-a ... E-e, the
 * closed forms against truncated sums, and sum 1/w_i. */
#include "su2n_test.h"

#define PREC 128

/* the partial sum sum_{i<=n} a_i / b_i^2 of two weight objects */
static void partial_S(arb_t S, const hkz_su2n_weights_t a,
                      const hkz_su2n_weights_t b, slong n)
{
    arb_t u, v;
    slong i;
    arb_init(u);
    arb_init(v);
    arb_zero(S);
    for (i = 1; i <= n; i++)
    {
        HKZ_TEST_OK(hkz_su2n_weights_get(u, a, i, PREC));
        HKZ_TEST_OK(hkz_su2n_weights_get(v, b, i, PREC));
        arb_sqr(v, v, PREC);
        arb_div(u, u, v, PREC);
        arb_add(S, S, u, PREC);
    }
    arb_clear(u);
    arb_clear(v);
}

int main(void)
{
    hkz_su2n_weights_t a, b, la, lb;
    arb_t r, g, S, u, C;
    slong i;

    hkz_su2n_weights_init(a);
    hkz_su2n_weights_init(b);
    hkz_su2n_weights_init(la);
    hkz_su2n_weights_init(lb);
    arb_init(r);
    arb_init(g);
    arb_init(S);
    arb_init(u);
    arb_init(C);
    arb_set_d(g, 0.5);

    /* E-a: a = b = i^2 */
    su2n_set_pow(a, 1, 2);
    HKZ_TEST_OK(hkz_su2n_form_const(r, a, a, g, PREC));
    HKZ_TEST_CONTAINS(r, "0.8660254037844386467637232", 100, "E-a C*");
    /* E-b: a = i^2, b = i: C* = sqrt 3 / 2, no distance comparison */
    su2n_set_pow(b, 1, 1);
    HKZ_TEST_OK(hkz_su2n_form_const(r, a, b, g, PREC));
    HKZ_TEST_CONTAINS(r, "0.8660254037844386467637232", 100, "E-b C*");
    HKZ_TEST_OK(hkz_su2n_dist_const(r, a, b, PREC));
    HKZ_TEST_CHECK(arf_is_pos_inf(arb_midref(r)), "E-b: S = inf");
    /* E-c: a = b = i */
    HKZ_TEST_OK(hkz_su2n_form_const(r, b, b, g, PREC));
    HKZ_TEST_CONTAINS(r, "0.8660254037844386467637232", 100, "E-c C*");
    HKZ_TEST_OK(hkz_su2n_dist_const(r, b, b, PREC));
    HKZ_TEST_CHECK(arf_is_pos_inf(arb_midref(r)), "E-c: S = inf");
    /* E-d: a = b = 2^i */
    su2n_set_family(a, HKZ_SU2N_GEOM, 1);
    HKZ_TEST_OK(hkz_su2n_form_const(r, a, a, g, PREC));
    HKZ_TEST_CONTAINS(r, "0.61237243569579452455", 60, "E-d C*");
    HKZ_TEST_OK(hkz_su2n_dist_const(r, a, a, PREC));
    HKZ_TEST_CONTAINS(r, "2.5066282746310005024", 60, "E-d sqrt(2 pi)");
    /* E-e: a = b = log(1+i): sqrt 3 / (2 sqrt(ln 2)) */
    su2n_set_family(a, HKZ_SU2N_LOG, 1);
    HKZ_TEST_OK(hkz_su2n_form_const(r, a, a, g, PREC));
    arb_const_log2(u, PREC);
    arb_rsqrt(u, u, PREC);
    arb_set_ui(C, 3);
    arb_sqrt(C, C, PREC);
    arb_mul(u, u, C, PREC);
    arb_mul_2exp_si(u, u, -1);
    HKZ_TEST_OVERLAP(r, u, "E-e C*");
    HKZ_TEST_CONTAINS(r, "1.0402025", 20, "E-e C* digits");
    HKZ_TEST_OK(hkz_su2n_dist_const(r, a, a, PREC));
    HKZ_TEST_CHECK(arf_is_pos_inf(arb_midref(r)), "E-e: S = inf");

    /* gamma > 1/2: no domination; gamma = 0: sup 1/(2 b_i) */
    arb_set_d(g, 0.75);
    HKZ_TEST_OK(hkz_su2n_form_const(r, a, a, g, PREC));
    HKZ_TEST_CHECK(arf_is_pos_inf(arb_midref(r)), "gamma > 1/2");
    arb_zero(g);
    su2n_set_pow(a, 1, 2);
    HKZ_TEST_OK(hkz_su2n_form_const(r, a, a, g, PREC));
    HKZ_TEST_CONTAINS(r, "0.5", 100, "gamma = 0");
    /* sup unbounded: a = i^3, b = i, (3 i^3)^{1/2} / (2i) grows */
    arb_set_d(g, 0.5);
    su2n_set_pow(a, 1, 3);
    su2n_set_pow(b, 1, 1);
    HKZ_TEST_OK(hkz_su2n_form_const(r, a, b, g, PREC));
    HKZ_TEST_CHECK(arf_is_pos_inf(arb_midref(r)), "unbounded sup");

    /* lists: the brute-force max */
    {
        arb_ptr va = _arb_vec_init(3), vb = _arb_vec_init(3);
        arb_set_ui(va, 1);
        arb_set_ui(va + 1, 10);
        arb_set_ui(va + 2, 2);
        arb_set_ui(vb, 3);
        arb_set_ui(vb + 1, 1);
        arb_set_ui(vb + 2, 5);
        HKZ_TEST_OK(hkz_su2n_weights_set_list(la, va, 3));
        HKZ_TEST_OK(hkz_su2n_weights_set_list(lb, vb, 3));
        HKZ_TEST_OK(hkz_su2n_form_const(r, la, lb, g, PREC));
        /* max(sqrt 3/6, sqrt 30/2, sqrt 6/10) = sqrt(30)/2 */
        arb_set_ui(u, 30);
        arb_sqrt(u, u, PREC);
        arb_mul_2exp_si(u, u, -1);
        HKZ_TEST_OVERLAP(r, u, "list C*");
        HKZ_TEST_CHECK(arb_rel_accuracy_bits(r) > 100, "list C* accuracy");
        _arb_vec_clear(va, 3);
        _arb_vec_clear(vb, 3);
    }

    /* (P2) closed forms against truncated sums with tail bounds */
    su2n_set_pow(a, 2, 1.5);     /* a = 2 i^{3/2}, b = 3 i^2: S = (2/9) zeta(5/2) */
    su2n_set_pow(b, 3, 2);
    HKZ_TEST_OK(hkz_su2n_dist_const(r, a, b, PREC));
    partial_S(S, a, b, 2000);
    /* tail sum_{i>2000} (2/9) i^{-5/2} <= (2/9)(2/3) 2000^{-3/2} */
    arb_set_ui(u, 2000);
    arb_set_d(C, -1.5);
    arb_pow(C, u, C, PREC);
    arb_mul_ui(C, C, 4, PREC);
    arb_div_ui(C, C, 27, PREC);
    arb_add(u, S, C, PREC);
    arb_union(S, S, u, PREC);
    arb_sqrt(S, S, PREC);
    arb_sqrt(S, S, PREC);
    arb_const_pi(u, PREC);
    arb_mul_2exp_si(u, u, 1);
    arb_sqrt(u, u, PREC);
    arb_mul(S, S, u, PREC);
    HKZ_TEST_OVERLAP(r, S, "P2 zeta form");
    /* a = i, b = 2^i: S = sum i / 4^i = 4/9 */
    su2n_set_pow(a, 1, 1);
    su2n_set_family(b, HKZ_SU2N_GEOM, 1);
    HKZ_TEST_OK(hkz_su2n_dist_const(r, a, b, PREC));
    arb_set_ui(u, 4);
    arb_div_ui(u, u, 9, PREC);
    arb_sqrt(u, u, PREC);
    arb_sqrt(u, u, PREC);
    arb_const_pi(C, PREC);
    arb_mul_2exp_si(C, C, 1);
    arb_sqrt(C, C, PREC);
    arb_mul(u, u, C, PREC);
    HKZ_TEST_OVERLAP(r, u, "P2 polylog form");
    HKZ_TEST_CHECK(arb_rel_accuracy_bits(r) > 100, "P2 polylog accuracy");
    /* unsupported: log weights against i^2 (finite, no closed form) */
    su2n_set_family(a, HKZ_SU2N_LOG, 1);
    su2n_set_pow(b, 1, 2);
    HKZ_TEST_STATUS(hkz_su2n_dist_const(r, a, b, PREC),
                    HKZ_ERR_UNSUPPORTED);
    HKZ_TEST_STATUS(hkz_su2n_form_const(r, a, b, g, PREC),
                    HKZ_ERR_UNSUPPORTED);

    /* sum_{i>n} 1/w_i: Hurwitz zeta against direct sums */
    su2n_set_pow(a, 1, 2);
    HKZ_TEST_OK(hkz_su2n_inv_sum(r, a, 0, PREC));
    arb_const_pi(u, PREC);
    arb_sqr(u, u, PREC);
    arb_div_ui(u, u, 6, PREC);
    HKZ_TEST_OVERLAP(r, u, "sum 1/i^2 = pi^2/6");
    HKZ_TEST_OK(hkz_su2n_inv_sum(S, a, 5, PREC));
    for (i = 1; i <= 5; i++)
    {
        arb_set_ui(C, (ulong) (i * i));
        arb_inv(C, C, PREC);
        arb_add(S, S, C, PREC);
    }
    HKZ_TEST_OVERLAP(r, S, "sum split at 5");
    su2n_set_pow_list(la, 1, 2, 7);
    HKZ_TEST_OK(hkz_su2n_inv_sum(r, la, 5, PREC));
    arb_set_ui(u, 36);
    arb_inv(u, u, PREC);
    arb_set_ui(C, 49);
    arb_inv(C, C, PREC);
    arb_add(u, u, C, PREC);
    HKZ_TEST_OVERLAP(r, u, "list sum");
    su2n_set_family(a, HKZ_SU2N_GEOM, 0.5);
    HKZ_TEST_OK(hkz_su2n_inv_sum(r, a, 3, PREC));
    HKZ_TEST_CONTAINS(r, "0.25", 100, "2^{-3}/(1/2)");

    arb_clear(r);
    arb_clear(g);
    arb_clear(S);
    arb_clear(u);
    arb_clear(C);
    hkz_su2n_weights_clear(a);
    hkz_su2n_weights_clear(b);
    hkz_su2n_weights_clear(la);
    hkz_su2n_weights_clear(lb);
    HKZ_TEST_END("su2n.consts");
}
