/* Time derivatives d = 1, 2 by two independent routes:
 * (a) on the fibre, the closed form (3.4) evaluated with t as a power
 *     series (arb_poly, literal cosh/sinh, no combined exponentials);
 * (b) off the fibre, certified central differences of p_t itself, with
 *     the Taylor remainder bounded by the library's own enclosure of
 *     d^3/dt^3 resp. d^4/dt^4 over the whole interval [t - h, t + h]. */
#include "sub_test.h"

#define SER_LEN 3

/* (3.4) as a series in t at t0: res[j] = p^{(j)}(t0)/j!.  Terms k <= 6;
 * for t0 <= 0.8 the omitted ones are below e^{-49 pi^2/t0} < e^{-600}
 * times factors polynomial in k/t0, as are their t-derivatives up to
 * order 2 (Cauchy estimate on a disc of radius t0/4), far below the
 * 2^{-700} added to each coefficient. */
static void fibre_series(arb_poly_t res, const arb_t t0, const arb_t z,
                         slong prec)
{
    arb_poly_t T, inv4t, x, e, ch, sh, acc, term;
    arb_t pi, pi2, c;
    slong k, j;
    int sgn;

    arb_poly_init(T);
    arb_poly_init(inv4t);
    arb_poly_init(x);
    arb_poly_init(e);
    arb_poly_init(ch);
    arb_poly_init(sh);
    arb_poly_init(acc);
    arb_poly_init(term);
    arb_init(pi);
    arb_init(pi2);
    arb_init(c);
    arb_const_pi(pi, prec);
    arb_sqr(pi2, pi, prec);

    arb_poly_set_coeff_arb(T, 0, t0);
    arb_poly_set_coeff_si(T, 1, 1);
    arb_poly_scalar_mul_2exp_si(inv4t, T, 2);
    arb_poly_inv_series(inv4t, inv4t, SER_LEN, prec);

    /* (pi^2/2) e^{z^2/(4t)} / cosh^2(pi z/(4t)) */
    arb_sqr(c, z, prec);
    arb_poly_scalar_mul(x, inv4t, c, prec);
    arb_poly_exp_series(e, x, SER_LEN, prec);
    arb_mul(c, pi, z, prec);
    arb_poly_scalar_mul(x, inv4t, c, prec);
    arb_poly_sinh_cosh_series(sh, ch, x, SER_LEN, prec);
    arb_poly_mullow(ch, ch, ch, SER_LEN, prec);
    arb_poly_div_series(acc, e, ch, SER_LEN, prec);
    arb_mul_2exp_si(c, pi2, -1);
    arb_poly_scalar_mul(acc, acc, c, prec);

    for (k = 1; k <= 6; k++)
    {
        /* 2 e^{(z^2 - 4 pi^2 k^2)/(4t)} [(pi^2/4) sech^2 u - pi^2 k tanh u]
         * summed over u = pi (2 pi k +- z)/(4t) */
        arb_sqr(c, z, prec);
        arb_submul_ui(c, pi2, 4 * k * k, prec);
        arb_poly_scalar_mul(x, inv4t, c, prec);
        arb_poly_exp_series(e, x, SER_LEN, prec);
        for (sgn = -1; sgn <= 1; sgn += 2)
        {
            arb_mul_ui(c, pi, 2 * k, prec);
            if (sgn > 0)
                arb_add(c, c, z, prec);
            else
                arb_sub(c, c, z, prec);
            arb_mul(c, c, pi, prec);
            arb_poly_scalar_mul(x, inv4t, c, prec);
            arb_poly_sinh_cosh_series(sh, ch, x, SER_LEN, prec);
            /* (pi^2/4)/cosh^2 - pi^2 k sinh/cosh = (pi^2/4)(1 - 4k sinh
             * cosh)/cosh^2 */
            arb_poly_mullow(term, sh, ch, SER_LEN, prec);
            arb_poly_scalar_mul_2exp_si(term, term, 2);
            arb_set_si(c, -k);
            arb_poly_scalar_mul(term, term, c, prec);
            arb_poly_add_si(term, term, 1, prec);
            arb_poly_mullow(ch, ch, ch, SER_LEN, prec);
            arb_poly_div_series(term, term, ch, SER_LEN, prec);
            arb_poly_mullow(term, term, e, SER_LEN, prec);
            arb_mul_2exp_si(c, pi2, -1);   /* 2 * pi^2/4 */
            arb_poly_scalar_mul(term, term, c, prec);
            arb_poly_add(acc, acc, term, prec);
        }
    }
    /* times e^t/(8 t^2) */
    arb_poly_exp_series(e, T, SER_LEN, prec);
    arb_poly_mullow(acc, acc, e, SER_LEN, prec);
    arb_poly_mullow(x, T, T, SER_LEN, prec);
    arb_poly_div_series(acc, acc, x, SER_LEN, prec);
    arb_poly_scalar_mul_2exp_si(res, acc, -3);
    for (j = 0; j < SER_LEN; j++)
    {
        arb_poly_get_coeff_arb(c, res, j);
        arb_add_error_2exp_si(c, -700);
        arb_poly_set_coeff_arb(res, j, c);
    }

    arb_poly_clear(T);
    arb_poly_clear(inv4t);
    arb_poly_clear(x);
    arb_poly_clear(e);
    arb_poly_clear(ch);
    arb_poly_clear(sh);
    arb_poly_clear(acc);
    arb_poly_clear(term);
    arb_clear(pi);
    arb_clear(pi2);
    arb_clear(c);
}

static void check_fibre(const char *ts, const char *zs)
{
    arb_t t, z, zero, v, c;
    arb_poly_t s;
    ulong d;
    slong prec = 256;

    arb_init(t);
    arb_init(z);
    arb_init(zero);
    arb_init(v);
    arb_init(c);
    arb_poly_init(s);
    if (hkz_ball_set_str(t, ts, 2000) != HKZ_SUCCESS
        || hkz_ball_set_str(z, zs, 2000) != HKZ_SUCCESS)
        HKZ_TEST_FAIL("bad input");
    fibre_series(s, t, z, prec + 64);
    for (d = 0; d <= 2; d++)
    {
        arb_poly_get_coeff_arb(c, s, d);
        if (d == 2)
            arb_mul_2exp_si(c, c, 1);   /* p'' = 2! coefficient */
        HKZ_TEST_OK(hkz_su2_heat_sub(v, t, zero, z, d, prec));
        HKZ_TEST_OVERLAP(v, c, "fibre derivative vs series of (3.4)");
        HKZ_TEST_CHECK(arb_rel_accuracy_bits(v) >= prec - 20
                       && arb_rel_accuracy_bits(c) >= prec - 20,
                       "t=%s z=%s d=%lu: accuracy %ld / %ld", ts, zs,
                       (unsigned long) d, (long) arb_rel_accuracy_bits(v),
                       (long) arb_rel_accuracy_bits(c));
    }
    arb_clear(t);
    arb_clear(z);
    arb_clear(zero);
    arb_clear(v);
    arb_clear(c);
    arb_poly_clear(s);
}

/* q += [+- 2^{2 hexp} sup_{[t-h, t+h]} |d^order/dt^order p|] (h = 2^hexp;
 * 2^{2 hexp} >= h^2/6 resp. h^2/12) */
static void add_taylor_error(arb_t q, const arb_t th, const arb_t r,
                             const arb_t z, ulong order, slong hexp)
{
    arb_t b;
    arf_t e;

    arb_init(b);
    arf_init(e);
    HKZ_TEST_OK(hkz_su2_heat_sub(b, th, r, z, order, 64));
    arb_get_abs_ubound_arf(e, b, 64);
    arf_mul_2exp_si(e, e, 2 * hexp);
    arb_add_error_arf(q, e);
    arb_clear(b);
    arf_clear(e);
}

static void check_difference(const char *ts, const char *rs, const char *zs)
{
    arb_t t, r, z, th, f0, fp, fm, q, v;
    slong prec = 200, hexp = -30;

    arb_init(t);
    arb_init(r);
    arb_init(z);
    arb_init(th);
    arb_init(f0);
    arb_init(fp);
    arb_init(fm);
    arb_init(q);
    arb_init(v);
    if (hkz_ball_set_str(t, ts, 2000) != HKZ_SUCCESS
        || hkz_ball_set_str(r, rs, 2000) != HKZ_SUCCESS
        || hkz_ball_set_str(z, zs, 2000) != HKZ_SUCCESS)
        HKZ_TEST_FAIL("bad input");
    HKZ_TEST_OK(hkz_su2_heat_sub(f0, t, r, z, 0, prec));
    arb_one(th);
    arb_mul_2exp_si(th, th, hexp);
    arb_add(th, t, th, 2000);
    HKZ_TEST_OK(hkz_su2_heat_sub(fp, th, r, z, 0, prec));
    arb_one(th);
    arb_mul_2exp_si(th, th, hexp);
    arb_sub(th, t, th, 2000);
    HKZ_TEST_OK(hkz_su2_heat_sub(fm, th, r, z, 0, prec));
    /* th = [t - h, t + h] */
    arb_set(th, t);
    arb_add_error_2exp_si(th, hexp);

    /* p' in (f(t+h) - f(t-h))/(2h) +- (h^2/6) sup |p'''| */
    arb_sub(q, fp, fm, prec);
    arb_mul_2exp_si(q, q, -hexp - 1);
    add_taylor_error(q, th, r, z, 3, hexp);
    HKZ_TEST_OK(hkz_su2_heat_sub(v, t, r, z, 1, prec));
    HKZ_TEST_OVERLAP(v, q, "p' vs central difference");
    HKZ_TEST_CHECK(arb_rel_accuracy_bits(q) >= 40,
                   "first difference too wide (%ld bits)",
                   (long) arb_rel_accuracy_bits(q));

    /* p'' in (f(t+h) - 2 f(t) + f(t-h))/h^2 +- (h^2/12) sup |p''''| */
    arb_add(q, fp, fm, prec);
    arb_submul_ui(q, f0, 2, prec);
    arb_mul_2exp_si(q, q, -2 * hexp);
    add_taylor_error(q, th, r, z, 4, hexp);
    HKZ_TEST_OK(hkz_su2_heat_sub(v, t, r, z, 2, prec));
    HKZ_TEST_OVERLAP(v, q, "p'' vs second difference");
    HKZ_TEST_CHECK(arb_rel_accuracy_bits(q) >= 40,
                   "second difference too wide (%ld bits)",
                   (long) arb_rel_accuracy_bits(q));

    arb_clear(t);
    arb_clear(r);
    arb_clear(z);
    arb_clear(th);
    arb_clear(f0);
    arb_clear(fp);
    arb_clear(fm);
    arb_clear(q);
    arb_clear(v);
}

int main(void)
{
    check_fibre("0.2", "0");
    check_fibre("0.5", "1");
    check_fibre("0.8", "2.5");
    check_fibre("0.3", "3.14159");
    check_difference("0.3", "0.7", "1.1");
    check_difference("1", "1.2", "-2.5");
    check_difference("0.15", "0.4", "2");
    check_difference("0.5", "0", "2");
    check_difference("4", "1", "0.5");
    HKZ_TEST_END("su2_sub.deriv");
}
