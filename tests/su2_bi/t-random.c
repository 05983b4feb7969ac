/* Random FLINT-style tests: two precisions overlap; balls enclose the
 * values at points inside them; aliasing of the output with an input. */
#include "hkz_test.h"

/* uniform in [lo, hi] at prec bits (exact) */
static void rand_in(arb_t x, flint_rand_t state, double lo, double hi,
        slong prec)
{
    arb_t u;
    arb_init(u);
    arb_urandom(x, state, prec);
    arb_set_d(u, hi - lo);
    arb_mul(x, x, u, prec);
    arb_set_d(u, lo);
    arb_add(x, x, u, prec);
    arb_clear(u);
}

/* an exact point of the ball x: mid + u rad, u in [-1, 1] */
static void point_in(arb_t p, const arb_t x, flint_rand_t state)
{
    arb_t u, r;
    arb_init(u);
    arb_init(r);
    arb_urandom(u, state, 64);
    arb_mul_2exp_si(u, u, 1);
    arb_sub_ui(u, u, 1, ARF_PREC_EXACT);
    arf_set_mag(arb_midref(r), arb_radref(x));
    arb_mul(u, u, r, ARF_PREC_EXACT);
    arf_set(arb_midref(r), arb_midref(x));
    arb_add(p, r, u, ARF_PREC_EXACT);
    arb_clear(u);
    arb_clear(r);
}

int main(void)
{
    flint_rand_t state;
    arb_t t, a, r1, r2, pt, pa, pi;
    slong iter, n = hkz_test_iters(300);

    hkz_test_rand_init(state);
    arb_init(t); arb_init(a); arb_init(r1); arb_init(r2); arb_init(pt);
    arb_init(pa); arb_init(pi);
    arb_const_pi(pi, 512);

    for (iter = 0; iter < n; iter++)
    {
        slong p1 = 20 + n_randint(state, 200), p2 = p1 + n_randint(state, 200);
        ulong k = n_randint(state, 5);
        double tmin = k == 0 ? 0.005 : 0.05;
        int route = n_randint(state, 3);

        /* exact inputs, sometimes with short mantissas */
        rand_in(t, state, tmin, route == 2 ? 1.0 : 4.0, 300);
        if (n_randint(state, 2))
            arf_set_round(arb_midref(t), arb_midref(t),
                          2 + n_randint(state, 60), ARF_RND_UP);
        mag_zero(arb_radref(t));
        rand_in(a, state, 0.0, 3.14159, 300);
        mag_zero(arb_radref(a));
        switch (n_randint(state, 8))
        {
            case 0: arb_zero(a); break;
            case 1: arb_set(a, pi); break;               /* a ball */
            case 2: arb_mul_2exp_si(a, a, -40); break;   /* near 0 */
            default: break;
        }
        if (route == 0)
        {
            HKZ_TEST_OK(hkz_su2_heat_bi(r1, t, a, k, p1));
            HKZ_TEST_OK(hkz_su2_heat_bi(r2, t, a, k, p2));
        }
        else if (route == 1)
        {
            HKZ_TEST_OK(hkz_su2_heat_bi_spectral(r1, t, a, k, p1));
            HKZ_TEST_OK(hkz_su2_heat_bi_spectral(r2, t, a, k, p2));
        }
        else
        {
            k = 0;
            HKZ_TEST_OK(hkz_su2_heat_bi_images(r1, t, a, p1));
            HKZ_TEST_OK(hkz_su2_heat_bi_images(r2, t, a, p2));
        }
        if (!arb_overlaps(r1, r2))
        {
            HKZ_TEST_FAIL("iter %ld route %d k %lu: precisions %ld, %ld "
                          "do not overlap", (long) iter, route,
                          (unsigned long) k, (long) p1, (long) p2);
            arb_printd(t, 20); printf("  "); arb_printd(a, 20); printf("\n");
            arb_printd(r1, 30); printf("\n"); arb_printd(r2, 30); printf("\n");
        }
        /* exact inputs: the result is accurate to about the precision
         * (derivatives near a zero of theirs may be less accurate) */
        if (k == 0 && arb_rel_accuracy_bits(r2) < p2 - 12)
            HKZ_TEST_FAIL("iter %ld route %d: %ld bits at prec %ld",
                          (long) iter, route,
                          (long) arb_rel_accuracy_bits(r2), (long) p2);

        /* balls: the result on a ball around (t, a) must contain the
         * result at an exact point inside */
        if (arf_cmp_d(arb_midref(a), 3.14159) > 0)
            continue;
        mag_set_d(arb_radref(t), ldexp(arf_get_d(arb_midref(t), ARF_RND_UP),
                                       -1 - (slong) n_randint(state, 60)));
        mag_set_d(arb_radref(a), ldexp(1.0, -(slong) n_randint(state, 60)));
        point_in(pt, t, state);
        point_in(pa, a, state);
        arb_abs(pa, pa);   /* h is even: |pa| lies in a and h(|pa|) = h(pa) */
        if (arf_cmp_d(arb_midref(pa), 3.14159) > 0)
        {
            arf_set(arb_midref(pa), arb_midref(a));
            mag_zero(arb_radref(pa));
        }
        if (route == 2 && arf_cmp_si(arb_midref(t), 1) >= 0)
            continue;
        if (route == 0)
        {
            HKZ_TEST_OK(hkz_su2_heat_bi(r1, t, a, k, p1));
            HKZ_TEST_OK(hkz_su2_heat_bi(r2, pt, pa, k, p2));
        }
        else if (route == 1)
        {
            HKZ_TEST_OK(hkz_su2_heat_bi_spectral(r1, t, a, k, p1));
            HKZ_TEST_OK(hkz_su2_heat_bi_spectral(r2, pt, pa, k, p2));
        }
        else
        {
            int s1 = hkz_su2_heat_bi_images(r1, t, a, p1);
            if (s1 == HKZ_ERR_DOMAIN)   /* the ball reaches above t = 1 */
                continue;
            HKZ_TEST_OK(s1);
            HKZ_TEST_OK(hkz_su2_heat_bi_images(r2, pt, pa, p2));
        }
        if (!arb_overlaps(r1, r2))
        {
            HKZ_TEST_FAIL("iter %ld route %d k %lu: ball result misses the "
                          "point result", (long) iter, route,
                          (unsigned long) k);
            arb_printd(t, 20); printf("  "); arb_printd(a, 20); printf("\n");
            arb_printd(r1, 30); printf("\n"); arb_printd(r2, 30); printf("\n");
        }

        /* aliasing: res = t, res = alpha */
        arb_set(pt, t);
        arb_set(pa, a);
        if (route == 1)
        {
            HKZ_TEST_OK(hkz_su2_heat_bi_spectral(r1, t, a, k, p1));
            HKZ_TEST_OK(hkz_su2_heat_bi_spectral(pt, pt, a, k, p1));
            HKZ_TEST_OK(hkz_su2_heat_bi_spectral(pa, t, pa, k, p1));
        }
        else if (route == 2)
        {
            HKZ_TEST_OK(hkz_su2_heat_bi_images(r1, t, a, p1));
            HKZ_TEST_OK(hkz_su2_heat_bi_images(pt, pt, a, p1));
            HKZ_TEST_OK(hkz_su2_heat_bi_images(pa, t, pa, p1));
        }
        else
        {
            HKZ_TEST_OK(hkz_su2_heat_bi(r1, t, a, k, p1));
            HKZ_TEST_OK(hkz_su2_heat_bi(pt, pt, a, k, p1));
            HKZ_TEST_OK(hkz_su2_heat_bi(pa, t, pa, k, p1));
        }
        HKZ_TEST_CHECK(arb_equal(r1, pt) && arb_equal(r1, pa),
                       "iter %ld: aliasing changes the result", (long) iter);
    }

    arb_clear(t); arb_clear(a); arb_clear(r1); arb_clear(r2); arb_clear(pt);
    arb_clear(pa); arb_clear(pi);
    hkz_rand_clear(state);
    HKZ_TEST_END("su2_bi.random");
}
