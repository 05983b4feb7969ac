/* The tube of one lockstep step (ising/track/track_lockstep_cert.c): at
 * random t of the step, every certified zero theta_k(t) of hkz_ly_cw_zeros
 * is within eps of the approximant y_k(tau) -- the contraction bound of
 * the certificate.  On a long step next to the critical coupling N t = 1
 * the interior t see the approximation error of y above the error at ta
 * alone, so a tube without the defect term would miss them, and eps stays
 * within 2^20 of the largest deviation seen (a bound loosened by 2^20
 * fails).  N even and odd (the fixed zero pi/2). */
#include <math.h>
#include "hkz_test.h"
#include "track_lockstep.h"

static void one(slong N, double b0, double b1, int sharp, flint_rand_t st)
{
    const slong P = HKZ_LLS_P, n = N / 2;
    double *z = flint_malloc(sizeof(double) * (P + 1) * n);
    double *c = flint_malloc(sizeof(double) * (P + 1) * n);
    double ta = b0 / (double) N, tb = b1 / (double) N, dev = 0, e0 = 0;
    arb_ptr box = _arb_vec_init(n);
    int *dir = flint_calloc(n, sizeof(int));
    hkz_ly_zeros_t za, zb;
    hkz_ly_opts_t o;
    arf_t fa, fb;
    arb_t t, tau, y, dy;
    mag_t eps;
    slong j, k, it;

    hkz_ly_opts_init(&o);
    o.goal.rel_bits = 100;
    arf_init(fa);
    arf_init(fb);
    arb_init(t);
    arb_init(tau);
    arb_init(y);
    arb_init(dy);
    mag_init(eps);
    hkz_ly_zeros_init(za, N);
    hkz_ly_zeros_init(zb, N);
    arf_set_d(fa, ta);
    arf_set_d(fb, tb);
    for (j = 0; j <= P; j++)
    {
        hkz_ly_zeros_t w;
        hkz_ly_zeros_struct *zl = w;
        hkz_ly_zeros_init(w, N);
        arb_set_d(t, j == 0 ? ta : j == P ? tb : (ta + tb) / 2 - (tb - ta) /
                  2 * cos(3.14159265358979323846 * (double) j / (double) P));
        HKZ_TEST_OK(hkz_ly_cw_zeros(j == 0 ? za : j == P ? zb : w, N, t,
                                    &o));
        zl = j == 0 ? za : j == P ? zb : w;
        for (k = 0; k < n; k++)
            z[j * n + k] = arf_get_d(arb_midref(zl->theta + k), ARF_RND_NEAR);
        hkz_ly_zeros_clear(w);
    }
    _hkz_lls_fit(c, z, n);
    HKZ_TEST_CHECK(_hkz_lls_cert(box, dir, eps, c, n, (int) (N & 1),
                                 za->theta, zb->theta, fa, fb, 2, NULL),
                   "N=%ld: the step [%g, %g]/N is not certified", (long) N,
                   b0, b1);
    /* the error at ta alone */
    arb_set_si(tau, -1);
    for (k = 0; k < n; k++)
    {
        _hkz_lls_eval(y, dy, c + k * (P + 1), tau, 128);
        arb_sub(y, y, za->theta + k, 128);
        e0 = fmax(e0, fabs(arf_get_d(arb_midref(y), ARF_RND_NEAR)));
    }
    for (it = 0; it < 6; it++)
    {
        hkz_ly_zeros_t w;
        /* tau = r/512 in (-1, 1), t = (ta + tb)/2 + (tb - ta) tau/2
         * (exact) */
        arb_set_si(tau, (slong) n_randint(st, 1023) - 511);
        arb_mul_2exp_si(tau, tau, -9);
        arb_set_d(y, tb);
        arb_set_d(dy, ta);
        arb_sub(t, y, dy, 256);
        arb_mul(t, t, tau, 256);
        arb_add(t, t, y, 256);
        arb_add(t, t, dy, 256);
        arb_mul_2exp_si(t, t, -1);
        hkz_ly_zeros_init(w, N);
        HKZ_TEST_OK(hkz_ly_cw_zeros(w, N, t, &o));
        for (k = 0; k < n; k++)
        {
            _hkz_lls_eval(y, dy, c + k * (P + 1), tau, 256);
            arb_sub(dy, y, w->theta + k, 256);
            dev = fmax(dev, fabs(arf_get_d(arb_midref(dy), ARF_RND_NEAR)));
            arb_add_error_mag(y, eps);
            HKZ_TEST_CHECK(arb_contains(y, w->theta + k), "N=%ld zero %ld: "
                           "theta_k(t) outside the tube", (long) N,
                           (long) k + 1);
            HKZ_TEST_CHECK(arb_contains(box + k, w->theta + k), "N=%ld zero "
                           "%ld: theta_k(t) outside the box", (long) N,
                           (long) k + 1);
        }
        hkz_ly_zeros_clear(w);
    }
    /* a usable tube; on a long step next to N t = 1 the approximation
     * error shows, and eps follows it within 2^20 */
    HKZ_TEST_CHECK(mag_get_d(eps) < 1e-4 / (double) N, "N=%ld: eps %.3g",
                   (long) N, mag_get_d(eps));
    HKZ_TEST_CHECK(!sharp || (dev > e0 && mag_get_d(eps) < ldexp(dev, 20)),
                   "N=%ld: deviation %.3g, start error %.3g, eps %.3g",
                   (long) N, dev, e0, mag_get_d(eps));
    for (k = 0; k < n; k++)
        HKZ_TEST_CHECK(dir[k] == -1, "N=%ld zero %ld: direction %d",
                       (long) N, (long) k + 1, dir[k]);
    flint_free(z);
    flint_free(c);
    _arb_vec_clear(box, n);
    flint_free(dir);
    hkz_ly_zeros_clear(za);
    hkz_ly_zeros_clear(zb);
    arf_clear(fa);
    arf_clear(fb);
    arb_clear(t);
    arb_clear(tau);
    arb_clear(y);
    arb_clear(dy);
    mag_clear(eps);
}

int main(void)
{
    flint_rand_t st;
    hkz_test_rand_init(st);
    one(200, 0.3, 0.6, 0, st);
    one(201, 0.2, 0.4, 0, st);
    one(96, 0.5, 1.0, 1, st);
    hkz_rand_clear(st);
    HKZ_TEST_END("ising.track_lockstep_tube");
}
