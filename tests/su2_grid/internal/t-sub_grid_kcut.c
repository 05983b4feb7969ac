/* The pieces of the batched su2-sub fallback that are not visible through
 * hkz_su2_heat_sub_multi (heat_sub_grid_kcut.c and heat_sub_grid_coef.c,
 * compiled into this test), at random r (0, tiny, pi/2, random), t (0.01,
 * random in [0.01, 2]) and working precisions:
 *  - the a priori k-cut: k1 <= K, and when k1 < K the proven tail bounds
 *    sum_{k1 < k <= K + 64} sum_{m <= Mchk} |B_km| W_km computed in Arb at
 *    320 bits (B_km = cos(r)^k P_m^{(0,k)}(cos 2r) by DLMF 18.9.1, W_km =
 *    (2m+k+1) e^{-lambda t}; m runs until W_km < 2^-600);
 *  - the Arb basis with recurrence tables is bitwise the basis without
 *    them, and both contain the 320-bit reference. */
#include <stdlib.h>
#include <string.h>
#include "hkz_test.h"
#include "su2_grid_internal.h"

#define WREF 320

static double pick_r(flint_rand_t st)
{
    switch (n_randint(st, 5))
    {
        case 0: return 0.0;
        case 1: return M_PI_2;
        case 2: return ldexp(1.0, -(int) n_randint(st, 30));
        default: return M_PI_2 * (double) n_randint(st, 1000001) / 1e6;
    }
}

/* s += sum_m |B_km| W_km for one k (m until W_km < 2^-600); the exact
 * values lie in the balls */
static void abs_row(arb_t s, ulong k, const arb_t gk, const arb_t y,
                    const arb_t t)
{
    arb_t p0, p1, p2, a, w, lam;
    ulong m;

    arb_init(p0); arb_init(p1); arb_init(p2); arb_init(a); arb_init(w);
    arb_init(lam);
    arb_one(p0);                          /* P_0 */
    arb_mul_ui(p1, y, k + 2, WREF);
    arb_sub_ui(p1, p1, 1, WREF);
    arb_neg(p1, p1);                      /* P_1 = 1 - (k+2) y */
    for (m = 0; ; m++)
    {
        arb_set_ui(lam, 4 * m * (m + k + 1) + 2 * k);
        arb_mul(w, lam, t, WREF);
        arb_neg(w, w);
        arb_exp(w, w, WREF);
        arb_mul_ui(w, w, 2 * m + k + 1, WREF);
        if (m >= 2 && arf_cmpabs_2exp_si(arb_midref(w), -600) < 0)
            break;
        /* P_m: p0 at m = 0, then p1 (p0 = P_{m-1}) */
        arb_mul(a, gk, m == 0 ? p0 : p1, WREF);
        arb_abs(a, a);
        arb_addmul(s, a, w, WREF);
        if (m >= 1)
        {
            /* P_{m+1} from P_m = p1, P_{m-1} = p0 (DLMF 18.9.1) */
            ulong n2 = 2 * m + k;
            arb_mul_ui(a, y, 2 * n2 * (n2 + 2), WREF);
            arb_neg(a, a);
            arb_add_ui(a, a, 4 * m * (m + k + 1) + 2 * k, WREF);
            arb_mul_ui(a, a, n2 + 1, WREF);
            arb_mul(a, a, p1, WREF);
            arb_submul_ui(a, p0, 2 * m * (m + k) * (n2 + 2), WREF);
            arb_div_ui(p2, a, 2 * (m + 1) * (m + k + 1) * n2, WREF);
            arb_swap(p0, p1);
            arb_swap(p1, p2);
        }
    }
    arb_clear(p0); arb_clear(p1); arb_clear(p2); arb_clear(a); arb_clear(w);
    arb_clear(lam);
}

static void check_kcut(flint_rand_t st, slong iter)
{
    _hkz_su2_sub_went_t w;
    double r = pick_r(st);
    double t = n_randint(st, 2) == 0 ? 0.01
               : 0.01 + 2.0 * (double) n_randint(st, 1000001) / 1e6;
    slong wp = 64 * (2 + (slong) n_randint(st, 5)), k1, k;
    arb_t rr, c, y, g, s, tt;
    mag_t cm, tail;

    arb_init(rr); arb_init(c); arb_init(y); arb_init(g); arb_init(s);
    arb_init(tt);
    mag_init(cm); mag_init(tail);
    arb_init(w.t);
    arb_set_d(w.t, t);
    arb_set(tt, w.t);
    w.wp = wp;
    w.d = 0;
    /* K as the truncation would take it, roughly: e^{-2Kt} < 2^-wp */
    w.K = (slong) (wp * 0.7 / (2.0 * t)) + 10;
    arb_set_d(rr, r);
    arb_sin_cos(y, c, rr, WREF);
    arb_sqr(y, y, WREF);
    arb_get_mag(cm, c);
    k1 = _hkz_su2_sub_kcut(tail, &w, cm);
    HKZ_TEST_CHECK(k1 >= 0 && k1 <= w.K, "iter %ld: k1 = %ld, K = %ld",
                   (long) iter, (long) k1, (long) w.K);
    if (k1 < w.K)
    {
        /* g = cos(r)^k */
        arb_pow_ui(g, c, (ulong) k1 + 1, WREF);
        for (k = k1 + 1; k <= w.K + 64; k++)
        {
            abs_row(s, (ulong) k, g, y, tt);
            arb_mul(g, g, c, WREF);
        }
        {
            arb_t b;
            arb_init(b);
            arf_set_mag(arb_midref(b), tail);
            HKZ_TEST_CHECK(!arb_gt(s, b), "iter %ld: r = %g, t = %g, wp = "
                           "%ld, k1 = %ld: the rest exceeds the tail",
                           (long) iter, r, t, (long) wp, (long) k1);
            arb_clear(b);
        }
    }
    arb_clear(w.t);
    arb_clear(rr); arb_clear(c); arb_clear(y); arb_clear(g); arb_clear(s);
    arb_clear(tt);
    mag_clear(cm); mag_clear(tail);
}

static void check_basis(flint_rand_t st, slong iter)
{
    struct hkz_su2_sub_wcache_struct cache;
    slong K = 1 + (slong) n_randint(st, 60), k, m, nb;
    slong *Mx = malloc((K + 1) * sizeof(slong));
    slong *bo = malloc((K + 2) * sizeof(slong));
    slong wp = 64 * (2 + (slong) n_randint(st, 4));
    arb_ptr B1, B2, ws = _arb_vec_init(4);
    arb_t r, c, y, g, p0, p1, p2, a;

    arb_init(r); arb_init(c); arb_init(y); arb_init(g);
    arb_init(p0); arb_init(p1); arb_init(p2); arb_init(a);
    memset(&cache, 0, sizeof(cache));
    bo[0] = 0;
    for (k = 0; k <= K; k++)
    {
        Mx[k] = (slong) n_randint(st, 12);
        bo[k + 1] = bo[k] + Mx[k] + 1;
    }
    nb = bo[K + 1];
    B1 = _arb_vec_init(nb);
    B2 = _arb_vec_init(nb);
    arb_set_d(r, pick_r(st));
    /* tables covering part of the modes (the rest computed on the spot) */
    HKZ_TEST_OK(_hkz_su2_sub_coef_add(&cache, wp, K / 2, Mx));
    _hkz_su2_sub_r_basis(B1, bo, K, Mx, r, wp, &cache, ws);
    _hkz_su2_sub_r_basis(B2, bo, K, Mx, r, wp, NULL, ws);
    for (k = 0; k < nb; k++)
        HKZ_TEST_CHECK(arb_equal(B1 + k, B2 + k), "iter %ld: table and "
                       "no table differ at %ld", (long) iter, (long) k);
    /* reference at 320 bits */
    arb_sin_cos(y, c, r, WREF);
    arb_sqr(y, y, WREF);
    arb_one(g);
    for (k = 0; k <= K; k++)
    {
        ulong ku = (ulong) k;
        arb_one(p0);
        arb_mul_ui(p1, y, ku + 2, WREF);
        arb_sub_ui(p1, p1, 1, WREF);
        arb_neg(p1, p1);
        for (m = 0; m <= Mx[k]; m++)
        {
            arb_mul(a, g, m == 0 ? p0 : p1, WREF);
            HKZ_TEST_CHECK(arb_overlaps(a, B1 + bo[k] + m), "iter %ld: "
                           "B[%ld, %ld] misses the reference", (long) iter,
                           (long) k, (long) m);
            if (m >= 1)
            {
                ulong mu = (ulong) m, n2 = 2 * mu + ku;
                arb_mul_ui(a, y, 2 * n2 * (n2 + 2), WREF);
                arb_neg(a, a);
                arb_add_ui(a, a, 4 * mu * (mu + ku + 1) + 2 * ku, WREF);
                arb_mul_ui(a, a, n2 + 1, WREF);
                arb_mul(a, a, p1, WREF);
                arb_submul_ui(a, p0, 2 * mu * (mu + ku) * (n2 + 2), WREF);
                arb_div_ui(p2, a, 2 * (mu + 1) * (mu + ku + 1) * n2, WREF);
                arb_swap(p0, p1);
                arb_swap(p1, p2);
            }
        }
        arb_mul(g, g, c, WREF);
    }
    _hkz_su2_sub_coef_clear(&cache);
    _arb_vec_clear(B1, nb);
    _arb_vec_clear(B2, nb);
    _arb_vec_clear(ws, 4);
    arb_clear(r); arb_clear(c); arb_clear(y); arb_clear(g);
    arb_clear(p0); arb_clear(p1); arb_clear(p2); arb_clear(a);
    free(Mx);
    free(bo);
}

int main(void)
{
    flint_rand_t st;
    slong iter;

    hkz_test_rand_init(st);
    for (iter = 0; iter < hkz_test_iters(30); iter++)
    {
        check_kcut(st, iter);
        check_basis(st, iter);
    }
    hkz_rand_clear(st);
    HKZ_TEST_END("su2_grid.sub_grid_kcut");
}
