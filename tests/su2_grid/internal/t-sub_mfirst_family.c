/* The closed forms of the m-first sum (heat_sub_mfirst_family.c, compiled
 * into this test) at random t in [0.01, 0.2], r (0, pi/2, random) and z:
 *  - the families m <= M0 in closed form against their sums over k <=
 *    Kb computed term by term (P_m^{(0,k)} by DLMF 18.9.1 in Arb, 192
 *    bits), with the remainder beyond Kb bounded by 2 sum_m w_0^{Kb+1}
 *    ((2m+Kb+2)/(1-w_0) + 1/(1-w_0)^2), w_0 = e^{-2t} >= w_m: the balls
 *    must overlap;
 *  - the tail beyond K of the modes m > M0 against the same majorant
 *    2 (2m+k+1) e^{-lambda t} summed explicitly over K < k <= K + 4000,
 *    M0 < m <= 400: the bound must hold (it fails when the bound is
 *    removed) and stay within 2^12 of the explicit sum (it fails when the
 *    bound is loosened by that much); its steering value within 1 of its
 *    logarithm. */
#include <stdlib.h>
#include "hkz_test.h"
#include "heat_sub_mfirst_internal.h"

#define WP 192
#define M0 HKZ_SUB_MF_M0

/* sum_{m <= M0} sum_{k <= Kb} c_k b_km W_km + [+- remainder] */
static void families_direct(arb_t res, const arb_t t, const arb_t r,
                            const arb_t z, slong Kb)
{
    arb_t cr, y, g, p0, p1, p2, a, w, ck, s, e2, rem, w0;
    slong k, m;

    arb_init(cr); arb_init(y); arb_init(g); arb_init(p0); arb_init(p1);
    arb_init(p2); arb_init(a); arb_init(w); arb_init(ck); arb_init(s);
    arb_init(e2); arb_init(rem); arb_init(w0);
    arb_sin_cos(y, cr, r, WP);
    arb_sqr(y, y, WP);
    arb_one(g);
    arb_zero(s);
    for (k = 0; k <= Kb; k++)
    {
        if (k == 0)
            arb_one(ck);
        else
        {
            arb_mul_si(a, z, k, WP);
            arb_cos(ck, a, WP);
            arb_mul_2exp_si(ck, ck, 1);
        }
        arb_one(p0);
        arb_mul_ui(p1, y, (ulong) k + 2, WP);
        arb_sub_ui(p1, p1, 1, WP);
        arb_neg(p1, p1);
        for (m = 0; m <= M0; m++)
        {
            arb_ptr P = m == 0 ? p0 : p1;
            ulong n = (ulong) m - 1, n2 = 2 * n + (ulong) k;
            /* W_km */
            arb_mul_si(w, t, -(4 * m * (m + k + 1) + 2 * k), WP);
            arb_exp(w, w, WP);
            arb_mul_ui(w, w, 2 * (ulong) m + (ulong) k + 1, WP);
            arb_mul(a, g, P, WP);
            arb_mul(a, a, w, WP);
            arb_addmul(s, a, ck, WP);
            if (m >= 1)
            {
                /* P_{m+1} from P_m = p1, P_{m-1} = p0 (DLMF 18.9.1 with
                   n = m) */
                n = (ulong) m;
                n2 = 2 * n + (ulong) k;
                arb_set_ui(a, (n2 + 1) * (4 * n * (n + k + 1) + 2 * k));
                arb_submul_ui(a, y, 2 * (n2 + 1) * n2 * (n2 + 2), WP);
                arb_mul(p2, a, p1, WP);
                arb_set_ui(a, 2 * n * (n + k) * (n2 + 2));
                arb_submul(p2, a, p0, WP);
                arb_div_ui(p2, p2, 2 * (n + 1) * (n + k + 1) * n2, WP);
                arb_swap(p0, p1);
                arb_swap(p1, p2);
            }
        }
        arb_mul(g, g, cr, WP);
    }
    /* the remainder k > Kb of the M0 + 1 families */
    arb_mul_si(w0, t, -2, WP);
    arb_exp(w0, w0, WP);
    arb_sub_ui(e2, w0, 1, WP);
    arb_neg(e2, e2);                          /* 1 - w0 */
    arb_zero(rem);
    for (m = 0; m <= M0; m++)
    {
        arb_set_si(a, 2 * m + Kb + 2);
        arb_div(a, a, e2, WP);
        arb_inv(w, e2, WP);
        arb_addmul(a, w, w, WP);
        arb_add(rem, rem, a, WP);
    }
    arb_pow_ui(a, w0, (ulong) Kb + 1, WP);
    arb_mul(rem, rem, a, WP);
    arb_mul_2exp_si(rem, rem, 1);
    arb_add_error(s, rem);
    arb_set(res, s);
    arb_clear(cr); arb_clear(y); arb_clear(g); arb_clear(p0); arb_clear(p1);
    arb_clear(p2); arb_clear(a); arb_clear(w); arb_clear(ck); arb_clear(s);
    arb_clear(e2); arb_clear(rem); arb_clear(w0);
}

/* sum_{K < k <= K + 4000} sum_{M0 < m <= 400} 2 (2m+k+1) e^{-lambda t} */
static void tail_direct(arb_t res, slong K, const arb_t t)
{
    arb_t a;
    slong k, m;
    arb_init(a);
    arb_zero(res);
    for (k = K + 1; k <= K + 4000; k++)
        for (m = M0 + 1; m <= 400; m++)
        {
            arb_mul_si(a, t, -(4 * m * (m + k + 1) + 2 * k), 64);
            arb_exp(a, a, 64);
            arb_mul_ui(a, a, 2 * (2 * (ulong) m + (ulong) k + 1), 64);
            arb_add(res, res, a, 64);
            if (arf_cmpabs_2exp_si(arb_midref(a), -2000) < 0)
                break;
        }
    arb_clear(a);
}

int main(void)
{
    flint_rand_t st;
    arb_t t, r, z, fam, dir, tl;
    acb_t eiz;
    mag_t tlo, bnd;
    slong iter;

    hkz_test_rand_init(st);
    arb_init(t); arb_init(r); arb_init(z); arb_init(fam); arb_init(dir);
    arb_init(tl); acb_init(eiz); mag_init(tlo); mag_init(bnd);
    for (iter = 0; iter < hkz_test_iters(12); iter++)
    {
        double td = 0.01 + 0.19 * (double) n_randint(st, 1001) / 1000.0;
        double rd = n_randint(st, 4) == 0 ? 0.0 : n_randint(st, 4) == 0
                    ? M_PI_2 : M_PI_2 * (double) n_randint(st, 1001) / 1000.0;
        double zd = 8.0 * (double) n_randint(st, 1001) / 1000.0 - 4.0;
        _hkz_sub_mf_fam_t F;
        slong Kb = (slong) (45.0 / td), K;

        arb_set_d(t, td);
        arb_set_d(r, rd);
        arb_set_d(z, zd);
        _hkz_sub_mf_fam_init(&F, t, r, WP);
        arb_sin_cos(acb_imagref(eiz), acb_realref(eiz), z, WP);
        _hkz_sub_mf_fam_eval(fam, &F, eiz);
        _hkz_sub_mf_fam_clear(&F);
        families_direct(dir, t, r, z, Kb);
        /* (both to 2^-60 at least: the sum is near 1 / t^2 at most) */
        HKZ_TEST_CHECK(arb_overlaps(fam, dir)
                       && mag_cmp_2exp_si(arb_radref(fam), -100) < 0
                       && mag_cmp_2exp_si(arb_radref(dir), -60) < 0, "t = %g, r = %g, z = %g: the families' closed "
                       "form misses their sum over k", td, rd, zd);
        /* the tail beyond K */
        K = (slong) n_randint(st, 400);
        arb_get_mag_lower(tlo, t);
        _hkz_sub_mf_tail_k(bnd, K, tlo);
        tail_direct(dir, K, t);
        arf_set_mag(arb_midref(tl), bnd);
        mag_zero(arb_radref(tl));
        HKZ_TEST_CHECK(arb_ge(tl, dir), "t = %g, K = %ld: the tail bound is "
                       "below the explicit sum", td, (long) K);
        arb_mul_2exp_si(dir, dir, 12);
        arb_add_error_2exp_si(dir, -2000);
        HKZ_TEST_CHECK(arb_le(tl, dir) || arf_cmpabs_2exp_si(arb_midref(tl),
                       -1900) < 0, "t = %g, K = %ld: the tail bound is more "
                       "than 2^12 times the explicit sum", td, (long) K);
        HKZ_TEST_CHECK(fabs(_hkz_sub_mf_log_tail_k(K, td) - mag_get_d_log2_approx(bnd) * M_LN2) < 1.0
                       || mag_cmp_2exp_si(bnd, -1000) < 0,
                       "t = %g, K = %ld: steering value off", td, (long) K);
    }
    arb_clear(t); arb_clear(r); arb_clear(z); arb_clear(fam); arb_clear(dir);
    arb_clear(tl); acb_clear(eiz); mag_clear(tlo); mag_clear(bnd);
    hkz_rand_clear(st);
    HKZ_TEST_END("su2_grid.sub_mfirst_family");
}
