/* hkz_su2_heat_bi_grid: [out - err, out + err] must contain h_t(alpha):
 * spec references (heat_kernels_su2.md 7.1) and the certified scalar path
 * hkz_su2_heat_bi at random grid points. */
#include "engine_ref.h"

/* 1 if |out - ref| <= err for the ball ref */
static int interval_contains(double out, double err, const arb_t ref)
{
    arb_t d;
    arf_t ub, ea;
    int ok;
    arb_init(d); arf_init(ub); arf_init(ea);
    arb_set_d(d, out);
    arb_sub(d, d, ref, 256);
    arb_abs(d, d);
    arb_get_ubound_arf(ub, d, 256);
    arf_set_d(ea, err);
    ok = err >= 0 && arf_cmp(ub, ea) <= 0;
    arb_clear(d); arf_clear(ub); arf_clear(ea);
    return ok;
}

int main(void)
{
    static const struct { double t, alpha; const char *ref; } R[] = {
        {1.0, 0.0, "1.20217233250351274223932"},
        {0.25, 0.0, "4.551751588937489391739636"},
        {0.1, 1.0, "1.510668046007660347152826"},
        {3.0, 3.0, "0.9995113012105293819692388"},
        {0.05, 2.5, "4.666251804017563390770274e-12"},
        {0.01, 0.0, "447.5668270640233905768847"}};
    flint_rand_t st;
    size_t i, j, n = sizeof(R) / sizeof(R[0]);
    arb_t ref, ta, aa;
    double out[64], err[64];
    int scalar_ok = 1;

    hkz_test_rand_init(st);
    arb_init(ref); arb_init(ta); arb_init(aa);

    /* spec references, one grid per reference (plus alpha = 0) */
    for (i = 0; i < n; i++)
    {
        double al[2] = {R[i].alpha, 0.0};
        HKZ_TEST_OK(hkz_su2_heat_bi_grid(out, err, 0, NULL, al, 2, &R[i].t, 1,
                                         0));
        arb_set_str(ref, R[i].ref, 200);
        HKZ_TEST_CHECK(interval_contains(out[0], err[0], ref),
                       "R(t = %g, alpha = %g): %.17g +- %.3g misses %s",
                       R[i].t, R[i].alpha, out[0], err[0], R[i].ref);
        /* the bound is not absurd: a few hundred ulps of h_t(e) */
        HKZ_TEST_CHECK(err[0] <= 1e-13 * out[1], "t = %g: err %.3g too "
                       "large for h_t(e) = %.6g", R[i].t, err[0], out[1]);
    }
    /* fixed nmax: the truncation tail must be in the bound */
    {
        double al = 0.0, t = 0.3;
        HKZ_TEST_OK(hkz_su2_heat_bi_grid(out, err, 0, NULL, &al, 1, &t, 1, 3));
        arb_set_d(ta, t);
        arb_set_d(aa, al);
        if (hkz_su2_heat_bi(ref, ta, aa, 0, 128) == HKZ_SUCCESS)
            HKZ_TEST_CHECK(interval_contains(out[0], err[0], ref),
                           "nmax = 3: tail not covered");
        HKZ_TEST_CHECK(err[0] > 1e-3, "nmax = 3: err %.3g ignores the tail",
                       err[0]);
    }

    /* random grids against the certified scalar path */
    for (i = 0; i < (size_t) hkz_test_iters(4) && scalar_ok; i++)
    {
        size_t na = 1 + n_randint(st, 8), nt = 1 + n_randint(st, 4), ldo;
        double al[8], t[4];
        ldo = na + n_randint(st, 2);
        for (j = 0; j < na; j++)
            al[j] = n_randint(st, 4) == 0 ? M_PI * (double) n_randint(st, 2)
                                          : M_PI * rand_unit(st);
        for (j = 0; j < nt; j++)
            t[j] = 0.02 + 4.0 * rand_unit(st);
        HKZ_TEST_OK(hkz_su2_heat_bi_grid(out, err, ldo, NULL, al, na, t, nt,
                                         0));
        for (j = 0; j < na * nt && scalar_ok; j++)
        {
            size_t a = j % na, b = j / na;
            int s;
            arb_set_d(ta, t[b]);
            arb_set_d(aa, al[a]);
            s = hkz_su2_heat_bi(ref, ta, aa, 0, 128);
            if (s == HKZ_ERR_UNSUPPORTED)
            {
                printf("hkz_su2_heat_bi not available yet: scalar "
                       "comparison skipped\n");
                scalar_ok = 0;
                break;
            }
            HKZ_TEST_OK(s);
            HKZ_TEST_CHECK(interval_contains(out[a + b * ldo],
                                             err[a + b * ldo], ref),
                           "t = %.17g, alpha = %.17g: %.17g +- %.3g misses "
                           "the certified value", t[b], al[a],
                           out[a + b * ldo], err[a + b * ldo]);
        }
    }
    arb_clear(ref); arb_clear(ta); arb_clear(aa);
    hkz_rand_clear(st);
    HKZ_TEST_END("engine.heat_grid");
}
