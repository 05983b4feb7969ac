/* Independent checks of the t-derivatives (deriv = 1, 2, 3):
 * (a) against the Taylor coefficients in t of the image form (2.3),
 *     computed here with arb_poly power series (the omitted images are
 *     below e^{-pi^2 K (K-1/2)/t}, far below the tolerance);
 * (b) against a central difference, with its remainder bounded by the
 *     library's own third derivative on the ball [t - d, t + d];
 * (c) d/dt h_t(e) = -sum n^2 (n^2-1) e^{-(n^2-1)t}, summed plainly. */
#include "hkz_test.h"

#define KIMG 12

/* coefficients c_0..c_{len-1} of h_{t0+e}(alpha) in e, alpha > 0 */
static void images_series(arb_poly_t res, const arb_t t0, const arb_t alpha,
        slong len, slong prec)
{
    arb_poly_t T, iT, u, v, w, S, C, br;
    arb_t pi, c, r;
    slong k;

    arb_poly_init(T); arb_poly_init(iT); arb_poly_init(u); arb_poly_init(v);
    arb_poly_init(w); arb_poly_init(S); arb_poly_init(C); arb_poly_init(br);
    arb_init(pi); arb_init(c); arb_init(r);
    arb_const_pi(pi, prec);

    arb_poly_set_coeff_arb(T, 0, t0);
    arb_poly_set_coeff_si(T, 1, 1);
    arb_poly_inv_series(iT, T, len, prec);

    /* sqrt(pi)/4 e^T T^{-3/2} e^{-alpha^2/(4T)} alpha/sin(alpha) */
    arb_sqr(c, alpha, prec);
    arb_mul_2exp_si(c, c, -2);
    arb_neg(c, c);
    arb_poly_scalar_mul(u, iT, c, prec);
    arb_poly_add(u, u, T, prec);
    arb_poly_exp_series(u, u, len, prec);
    arb_poly_rsqrt_series(v, T, len, prec);
    arb_poly_mullow(u, u, v, len, prec);
    arb_poly_mullow(u, u, iT, len, prec);
    arb_sqrt(c, pi, prec);
    arb_mul_2exp_si(c, c, -2);
    arb_sin(r, alpha, prec);
    arb_div(r, alpha, r, prec);
    arb_mul(c, c, r, prec);
    arb_poly_scalar_mul(u, u, c, prec);

    /* bracket 1 + sum_k e^{-pi^2 k^2/T}(2 cosh X - (4 pi^2 k^2/T) sinh X / X),
     * X = pi k alpha / T */
    arb_poly_one(br);
    for (k = 1; k <= KIMG; k++)
    {
        arb_mul_si(c, pi, k, prec);
        arb_mul(c, c, alpha, prec);
        arb_poly_scalar_mul(w, iT, c, prec);             /* X */
        arb_poly_sinh_cosh_series(S, C, w, len, prec);
        arb_poly_inv_series(w, w, len, prec);
        arb_poly_mullow(S, S, w, len, prec);             /* shc X */
        arb_mul_si(c, pi, k, prec);
        arb_sqr(c, c, prec);                             /* pi^2 k^2 */
        arb_poly_scalar_mul(v, iT, c, prec);
        arb_poly_mullow(S, S, v, len, prec);
        arb_poly_scalar_mul_2exp_si(S, S, 2);
        arb_poly_scalar_mul_2exp_si(C, C, 1);
        arb_poly_sub(C, C, S, prec);
        arb_poly_neg(v, v);
        arb_poly_exp_series(v, v, len, prec);
        arb_poly_mullow(C, C, v, len, prec);
        arb_poly_add(br, br, C, prec);
    }
    arb_poly_mullow(res, u, br, len, prec);

    arb_poly_clear(T); arb_poly_clear(iT); arb_poly_clear(u);
    arb_poly_clear(v); arb_poly_clear(w); arb_poly_clear(S);
    arb_poly_clear(C); arb_poly_clear(br);
    arb_clear(pi); arb_clear(c); arb_clear(r);
}

int main(void)
{
    static const char *ts[] = {"0.1", "0.3", "0.7", "1.5"};
    static const char *as[] = {"0.4", "1.2", "1.5"};
    static const char *fd_as[] = {"0", "1", "2.5", "pi"};
    const slong prec = 256;
    arb_poly_t ser;
    arb_t t, a, r, c, tol, u, v, d;
    size_t i, j;
    ulong k;
    char label[96];

    arb_poly_init(ser);
    arb_init(t); arb_init(a); arb_init(r); arb_init(c); arb_init(tol);
    arb_init(u); arb_init(v); arb_init(d);

    /* (a) */
    for (i = 0; i < sizeof(ts) / sizeof(ts[0]); i++)
    {
        for (j = 0; j < sizeof(as) / sizeof(as[0]); j++)
        {
            /* inputs to more bits: h' is close to 0 at t = 0.3,
             * alpha = 1.2, where it is sensitive to the radius of t */
            HKZ_TEST_OK(hkz_ball_set_str(t, ts[i], prec + 64));
            HKZ_TEST_OK(hkz_ball_set_str(a, as[j], prec + 64));
            images_series(ser, t, a, 4, prec + 64);
            for (k = 0; k <= 3; k++)
            {
                arb_poly_get_coeff_arb(c, ser, k);
                arb_fac_ui(u, k, prec);
                arb_mul(c, c, u, prec);
                /* tolerance 2^-200 relative: covers the omitted images */
                arb_get_mag(arb_radref(tol), c);
                arf_zero(arb_midref(tol));
                mag_mul_2exp_si(arb_radref(tol), arb_radref(tol), -200);
                arb_add(c, c, tol, prec);
                HKZ_TEST_OK(hkz_su2_heat_bi(r, t, a, k, prec));
                snprintf(label, sizeof(label), "series t=%s alpha=%s k=%lu",
                         ts[i], as[j], (unsigned long) k);
                HKZ_TEST_OVERLAP(r, c, label);
                HKZ_TEST_CHECK(arb_rel_accuracy_bits(r) >= prec - 16,
                               "%s: %ld bits", label,
                               (long) arb_rel_accuracy_bits(r));
            }
        }
    }

    /* (b) h'(t) in [(h(t+d) - h(t-d))/(2d) +- d^2/6 sup|h'''|] and
     * h''(t) in [(h(t+d) - 2h(t) + h(t-d))/d^2 +- d^2/12 sup|h''''|] */
    for (i = 0; i < sizeof(ts) / sizeof(ts[0]); i++)
    {
        for (j = 0; j < sizeof(fd_as) / sizeof(fd_as[0]); j++)
        {
            HKZ_TEST_OK(hkz_ball_set_str(t, ts[i], prec));
            HKZ_TEST_OK(hkz_ball_set_str(a, fd_as[j], prec));
            arb_one(d);
            arb_mul_2exp_si(d, d, -40);
            arb_add(u, t, d, prec);
            HKZ_TEST_OK(hkz_su2_heat_bi(u, u, a, 0, prec));
            arb_sub(v, t, d, prec);
            HKZ_TEST_OK(hkz_su2_heat_bi(v, v, a, 0, prec));
            arb_set(tol, t);
            mag_set_ui_2exp_si(arb_radref(tol), 1, -40);  /* [t-d, t+d] */

            arb_sub(c, u, v, prec);
            arb_div(c, c, d, prec);
            arb_mul_2exp_si(c, c, -1);
            HKZ_TEST_OK(hkz_su2_heat_bi(r, tol, a, 3, 64));
            arb_mul(r, r, d, 64);
            arb_mul(r, r, d, 64);
            arb_div_ui(r, r, 6, 64);
            arb_add_error(c, r);
            HKZ_TEST_OK(hkz_su2_heat_bi(r, t, a, 1, prec));
            snprintf(label, sizeof(label), "difference t=%s alpha=%s k=1",
                     ts[i], fd_as[j]);
            HKZ_TEST_OVERLAP(r, c, label);

            HKZ_TEST_OK(hkz_su2_heat_bi(r, t, a, 0, prec));
            arb_add(c, u, v, prec);
            arb_submul_ui(c, r, 2, prec);
            arb_div(c, c, d, prec);
            arb_div(c, c, d, prec);
            HKZ_TEST_OK(hkz_su2_heat_bi(r, tol, a, 4, 64));
            arb_mul(r, r, d, 64);
            arb_mul(r, r, d, 64);
            arb_div_ui(r, r, 12, 64);
            arb_add_error(c, r);
            HKZ_TEST_OK(hkz_su2_heat_bi(r, t, a, 2, prec));
            snprintf(label, sizeof(label), "difference t=%s alpha=%s k=2",
                     ts[i], fd_as[j]);
            HKZ_TEST_OVERLAP(r, c, label);
            HKZ_TEST_CHECK(arb_rel_accuracy_bits(c) >= 60, "%s: difference "
                           "only %ld bits", label,
                           (long) arb_rel_accuracy_bits(c));
        }
    }

    /* (c) at t = 0.05: terms n > 600 are below e^{-17000} */
    HKZ_TEST_OK(hkz_ball_set_str(t, "0.05", prec));
    arb_zero(a);
    arb_zero(c);
    for (k = 2; k <= 600; k++)
    {
        arb_mul_ui(u, t, k * k - 1, prec);
        arb_neg(u, u);
        arb_exp(u, u, prec);
        arb_mul_ui(u, u, k * k * (k * k - 1), prec);
        arb_sub(c, c, u, prec);
    }
    arb_set_str(u, "1e-1000", prec);
    arb_add_error(c, u);
    HKZ_TEST_OK(hkz_su2_heat_bi(r, t, a, 1, prec));
    HKZ_TEST_OVERLAP(r, c, "d/dt h_t(e), t = 0.05");
    HKZ_TEST_CHECK(arb_rel_accuracy_bits(r) >= prec - 16, "d/dt h_t(e) bits");

    arb_poly_clear(ser);
    arb_clear(t); arb_clear(a); arb_clear(r); arb_clear(c); arb_clear(tol);
    arb_clear(u); arb_clear(v); arb_clear(d);
    HKZ_TEST_END("su2_bi.deriv");
}
