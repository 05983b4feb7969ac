/* Time derivatives of the product heat kernels (hkz_su2n_heat_deriv):
 *  - two precisions overlap;
 *  - Taylor: mu(t+h) - mu(t-h) = 2h mu' + h^3 mu'''/3 + O(h^5) with the
 *    kernel itself (hkz_su2n_heat), tolerance 100 h^5 |mu^(5)|/60;
 *  - an infinite family against the list of its first 64 weights (the
 *    rest is below 2^-300 at these times);
 *  - a divergent family gives kind DIVERGENT and no finite value. */
#include "su2n_test.h"

static double rnd(flint_rand_t st, double lo, double hi)
{
    return lo + (hi - lo) * (double) n_randint(st, 1000001) / 1e6;
}

static void deriv(arb_t res, const hkz_su2n_weights_t w, int op,
                  const arb_t t, const hkz_su2n_point_t x, ulong k,
                  slong prec)
{
    hkz_su2n_info_t info;
    HKZ_TEST_OK(hkz_su2n_heat_deriv(res, &info, w, op, t, x, k, prec));
    HKZ_TEST_CHECK(info.kind == HKZ_SU2N_FINITE && arb_is_finite(res),
                   "kind %d", info.kind);
}

static void taylor_check(const hkz_su2n_weights_t w, int op, const arb_t t,
                         const hkz_su2n_point_t x)
{
    arb_t h, a, b, d1, d3, d5, tol, u;
    slong prec = 256;
    arb_init(h);
    arb_init(a);
    arb_init(b);
    arb_init(d1);
    arb_init(d3);
    arb_init(d5);
    arb_init(tol);
    arb_init(u);
    arb_mul_2exp_si(h, t, -12);
    arb_add(u, t, h, prec);
    deriv(a, w, op, u, x, 0, prec);
    arb_sub(u, t, h, prec);
    deriv(b, w, op, u, x, 0, prec);
    arb_sub(a, a, b, prec);                 /* mu(t+h) - mu(t-h) */
    deriv(d1, w, op, t, x, 1, prec);
    deriv(d3, w, op, t, x, 3, prec);
    deriv(d5, w, op, t, x, 5, prec);
    arb_mul(b, d1, h, prec);
    arb_mul_2exp_si(b, b, 1);
    arb_pow_ui(u, h, 3, prec);
    arb_mul(u, u, d3, prec);
    arb_div_ui(u, u, 3, prec);
    arb_add(b, b, u, prec);                 /* 2h mu' + h^3 mu'''/3 */
    arb_sub(a, a, b, prec);
    arb_abs(a, a);
    arb_pow_ui(tol, h, 5, prec);
    arb_mul(tol, tol, d5, prec);
    arb_abs(tol, tol);
    arb_mul_ui(tol, tol, 100, prec);
    arb_div_ui(tol, tol, 60, prec);
    HKZ_TEST_CHECK(arb_le(a, tol) || arb_contains_zero(a),
                   "Taylor identity fails at op %d", op);
    arb_clear(h);
    arb_clear(a);
    arb_clear(b);
    arb_clear(d1);
    arb_clear(d3);
    arb_clear(d5);
    arb_clear(tol);
    arb_clear(u);
}

int main(void)
{
    slong iter, i, len;
    hkz_su2n_weights_t w, wl;
    hkz_su2n_point_t x;
    hkz_su2n_info_t info;
    arb_t t, r, z, a, b;
    flint_rand_t st;

    hkz_test_rand_init(st);
    hkz_su2n_weights_init(w);
    hkz_su2n_weights_init(wl);
    arb_init(t);
    arb_init(r);
    arb_init(z);
    arb_init(a);
    arb_init(b);
    for (iter = 0; iter < hkz_test_iters(12); iter++)
    {
        int op = (int) n_randint(st, 2), fam = (int) n_randint(st, 3);
        ulong k = 1 + n_randint(st, 3);
        double c = rnd(st, 0.5, 2.0);
        arb_set_d(t, rnd(st, 0.08, 1.2));
        if (fam == 0)
            su2n_set_pow(w, c, 2.0);
        else if (fam == 1)
            su2n_set_family(w, HKZ_SU2N_GEOM, c);
        else
            su2n_set_pow(w, c, 1.5);
        len = 1 + (slong) n_randint(st, 3);
        hkz_su2n_point_init(x, len);
        for (i = 1; i <= len; i++)
        {
            arb_set_d(r, n_randint(st, 3) == 0 ? 0.0 : rnd(st, 0.0, 1.5));
            arb_set_d(z, rnd(st, -3.0, 3.0));
            HKZ_TEST_OK(hkz_su2n_point_set_cyl(x, i, r, NULL, z));
        }
        /* two precisions */
        deriv(a, w, op, t, x, k, 128);
        deriv(b, w, op, t, x, k, 200);
        HKZ_TEST_CHECK(arb_overlaps(a, b), "precisions disagree (k %lu)",
                       (unsigned long) k);
        /* the infinite family against its first 64 weights as a list
         * (fam 0, 1 grow fast enough: the rest is negligible) */
        if (fam != 2)
        {
            HKZ_TEST_OK(hkz_su2n_weights_set_head(wl, w, 64, 256));
            deriv(b, wl, op, t, x, k, 200);
            HKZ_TEST_CHECK(arb_overlaps(a, b), "family vs list (k %lu)",
                           (unsigned long) k);
        }
        if (iter < 4)
            taylor_check(w, op, t, x);
        hkz_su2n_point_clear(x);
    }
    /* log(1+i) diverges for small t (3 c t <= 1 for Delta) */
    su2n_set_family(w, HKZ_SU2N_LOG, 1.0);
    arb_set_d(t, 0.2);
    hkz_su2n_point_init(x, 0);
    HKZ_TEST_OK(hkz_su2n_heat_deriv(a, &info, w, HKZ_SU2N_DELTA, t, x, 1,
                                    64));
    HKZ_TEST_CHECK(info.kind == HKZ_SU2N_DIVERGENT && !arb_is_finite(a),
                   "divergent family: kind %d", info.kind);
    /* bad input: a status, no abort */
    arb_set_d(t, -1.0);
    HKZ_TEST_CHECK(hkz_su2n_heat_deriv(a, &info, w, HKZ_SU2N_DELTA, t, x, 1,
                                       64) == HKZ_ERR_DOMAIN, "t < 0");
    hkz_su2n_point_clear(x);
    hkz_su2n_weights_clear(w);
    hkz_su2n_weights_clear(wl);
    arb_clear(t);
    arb_clear(r);
    arb_clear(z);
    arb_clear(a);
    arb_clear(b);
    hkz_rand_clear(st);
    HKZ_TEST_END("su2n.heat_deriv");
}
