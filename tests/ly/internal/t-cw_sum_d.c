/* The node sum in doubles with its proven bound (ising/cw/cw_sum_d.c,
 * compiled into this test): R +- E must contain Re(om sum V_k w^k) at 1000
 * bits for every admissible input.  Three kinds:
 *  - exact inputs (V_k = a_k, w and om exact doubles of modulus <= 1):
 *    only the rounding of the doubles;
 *  - V_k = a_k + r_k dir_k with the directions that add up, so that the
 *    truth sits D = sum r_k off the sum: fails when the D term is dropped
 *    or halved;
 *  - z = w e^{i delta} (|w| = 1) with the weight on the last coefficient,
 *    turned so that its error ~ (n - 1) eta A adds up: fails when the
 *    n eta rho A term is dropped or halved (n >= 3);
 *  - c = om e^{i delta'}, z = w rounded, the last coefficient turned so
 *    that etk A adds up: fails when the etk term is dropped or halved. */
#include "hkz_test.h"
#include "cw_integral_internal.h"

#define WP 1000

static void rand_d(double complex *a, flint_rand_t st)
{
    double m = ldexp(1.0, -(int) n_randint(st, 40)),
           re = m * (2.0 * n_randint(st, 1000001) / 1000000 - 1),
           im = m * (2.0 * n_randint(st, 1000001) / 1000000 - 1);
    *a = n_randint(st, 10) == 0 ? 0 : re + I * im;
}

/* an exact double point of modulus <= 1 near e^{i phi} */
static void unit_d(acb_t x, double phi)
{
    double c = cos(phi), s = sin(phi);
    arb_t m, r;
    arb_init(m);
    arb_init(r);
    for (;;)
    {
        /* c^2 + s^2 exactly */
        acb_set_d_d(x, c, s);
        arb_sqr(m, acb_realref(x), WP);
        arb_sqr(r, acb_imagref(x), WP);
        arb_add(m, m, r, WP);
        if (arf_cmp_si(arb_midref(m), 1) <= 0)
            break;
        c = nextafter(c, 0);
        s = nextafter(s, 0);
    }
    arb_clear(m);
    arb_clear(r);
}

/* e^{i phi} at WP bits */
static void unit_exact(acb_t x, const arb_t phi)
{
    arb_sin_cos(acb_imagref(x), acb_realref(x), phi, WP);
}

/* a unit complex u with Re(u v) = |v| (v != 0): u = conj(v)/|v| */
static void align(acb_t u, const acb_t v)
{
    arb_t m;
    arb_init(m);
    acb_abs(m, v, WP);
    acb_conj(u, v);
    acb_div_arb(u, u, m, WP);
    arb_clear(m);
}

int main(void)
{
    flint_rand_t st;
    slong it, iters = hkz_test_iters(3000);

    hkz_test_rand_init(st);
    for (it = 0; it < iters; it++)
    {
        slong n = 1 + n_randint(st, 80), k;
        int kind = (int) n_randint(st, 4), sgn = n_randint(st, 2) ? 1 : -1;
        double complex *a = flint_malloc(sizeof(double complex) * n);
        acb_ptr V = _acb_vec_init(n);
        acb_t w, om, z, c, X, t, u;
        arb_t phi, ps, y;
        mag_t A, D, E, m;
        double R;

        acb_init(w);
        acb_init(om);
        acb_init(z);
        acb_init(c);
        acb_init(X);
        acb_init(t);
        acb_init(u);
        arb_init(phi);
        arb_init(ps);
        arb_init(y);
        mag_init(A);
        mag_init(D);
        mag_init(E);
        mag_init(m);
        for (k = 0; k < n; k++)
            rand_d(a + k, st);
        if (kind >= 2)
            a[n - 1] = 1;   /* turned below */
        arb_set_d(phi, 6.3 * n_randint(st, 100001) / 100000);
        arb_set_d(ps, 6.3 * n_randint(st, 100001) / 100000);
        if (kind == 0)
        {
            /* exact points: the truth is the balls' centres */
            unit_d(w, arf_get_d(arb_midref(phi), ARF_RND_NEAR));
            unit_d(om, arf_get_d(arb_midref(ps), ARF_RND_NEAR));
            acb_set(z, w);
            acb_set(c, om);
        }
        else
        {
            unit_exact(w, phi);
            unit_exact(om, ps);
            if (kind == 1)
            {
                acb_set(z, w);
                acb_set(c, om);
            }
            else
            {
                /* z = w e^{i delta}, c = om e^{i delta'} rounded to doubles,
                 * balls of radius |z - w|, |c - om| around them; kind 3:
                 * delta = 0 */
                double d1 = kind == 3 ? 0 : ldexp(1.0, -20 -
                                                  (int) n_randint(st, 20)),
                       d2 = ldexp(1.0, -20 - (int) n_randint(st, 20));
                arb_set_d(y, d1);
                unit_exact(t, y);
                acb_mul(z, w, t, WP);
                arb_set_d(y, d2);
                unit_exact(t, y);
                acb_mul(c, om, t, WP);
                acb_set_d_d(z, arf_get_d(arb_midref(acb_realref(z)),
                                          ARF_RND_NEAR),
                            arf_get_d(arb_midref(acb_imagref(z)),
                                      ARF_RND_NEAR));
                acb_set_d_d(c, arf_get_d(arb_midref(acb_realref(c)),
                                          ARF_RND_NEAR),
                            arf_get_d(arb_midref(acb_imagref(c)),
                                      ARF_RND_NEAR));
                /* the last coefficient turned so that its error adds up:
                 * om (n - 1) w^{n-2} (z - w) (kind 2), (c - om) w^{n-1}
                 * (kind 3) */
                if (kind == 2)
                {
                    acb_pow_ui(t, w, (ulong) FLINT_MAX(n - 2, 0), WP);
                    acb_sub(u, z, w, WP);
                    acb_mul(t, t, om, WP);
                }
                else
                {
                    acb_pow_ui(t, w, (ulong) (n - 1), WP);
                    acb_sub(u, c, om, WP);
                }
                acb_mul(t, t, u, WP);
                if (!acb_is_zero(t))
                {
                    align(u, t);
                    a[n - 1] = sgn * (arf_get_d(arb_midref(acb_realref(u)),
                                                ARF_RND_NEAR) +
                                      I * arf_get_d(arb_midref(
                                          acb_imagref(u)), ARF_RND_NEAR));
                }
            }
        }
        /* V_k (kind 1: shifted by r_k along conj(om w^k)) */
        mag_zero(D);
        mag_zero(A);
        for (k = 0; k < n; k++)
        {
            acb_set_d_d(V + k, creal(a[k]), cimag(a[k]));
            acb_get_mag(m, V + k);
            mag_add(A, A, m);
            if (kind == 1)
            {
                double r = ldexp(1.0, -10 - (int) n_randint(st, 40));
                acb_pow_ui(t, w, (ulong) k, WP);
                acb_mul(t, t, om, WP);
                align(u, t);
                arb_set_d(y, sgn * r);
                acb_mul_arb(u, u, y, WP);
                acb_add(V + k, V + k, u, WP);
                acb_sub(u, V + k, u, WP);
                mag_set_d(m, r);
                mag_add(D, D, m);
            }
        }
        /* the balls handed over: centres z, c, radii covering w, om */
        acb_sub(t, w, z, WP);
        acb_get_mag(m, t);
        acb_add_error_mag(z, m);
        acb_sub(t, om, c, WP);
        acb_get_mag(m, t);
        acb_add_error_mag(c, m);
        HKZ_TEST_CHECK(_hkz_lyi_sum_d(&R, E, a, n, A, D, z, c),
                       "iteration %ld: refused", (long) it);
        /* the truth at WP bits */
        acb_zero(X);
        for (k = n - 1; k >= 0; k--)
        {
            acb_mul(X, X, w, WP);
            acb_add(X, X, V + k, WP);
        }
        acb_mul(X, X, om, WP);
        arb_set_d(y, R);
        arb_add_error_mag(y, E);
        HKZ_TEST_CHECK(arb_contains(y, acb_realref(X)),
                       "iteration %ld: kind %d n %ld: R +- E misses the "
                       "truth", (long) it, kind, (long) n);
        flint_free(a);
        _acb_vec_clear(V, n);
        acb_clear(w);
        acb_clear(om);
        acb_clear(z);
        acb_clear(c);
        acb_clear(X);
        acb_clear(t);
        acb_clear(u);
        arb_clear(phi);
        arb_clear(ps);
        arb_clear(y);
        mag_clear(A);
        mag_clear(D);
        mag_clear(E);
        mag_clear(m);
    }
    hkz_rand_clear(st);
    HKZ_TEST_END("ly.cw_sum_d");
}
