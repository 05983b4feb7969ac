/* hkz_su2_heat_sub_grid: every [out - err, out + err] must contain the
 * certified scalar value (hkz_su2_heat_sub at the same double inputs) and
 * the spec values R10-R17 (heat_kernels_su2.md 7.2) at the grid points
 * that carry them; the bound must be reasonably tight; results must not
 * depend on the engine's block sizes. */
#include <stdlib.h>
#include "grid_test.h"

#define NP 8
#define NT 6

static const double PR[NP] = {0.0, 0.0, 0.7, 1.2, 0.0, 0.3, M_PI_2, 0.01};
static const double PZ[NP] = {0.0, 2.0, 1.1, -2.5, 3.0, 0.5, 1.0, 3.1};
static const double TT[NT] = {0.1, 0.2, 0.3, 0.5, 1.0, 2.5};

static const struct { size_t p, j; const char *ref; } R[] = {
    {0, 4, "1.676079176957747290819961"},        /* R10 */
    {0, 1, "18.83556568350045893632653"},        /* R11 */
    {1, 3, "0.2236976727828851377466778"},       /* R14 */
    {4, 0, "5.516323631754389847863847e-9"},     /* R15 */
    {2, 2, "0.6719835642883336876528524"},       /* R16 */
    {3, 4, "0.8464841842282522899274085"}};      /* R17 */

static int cmp_d(const void *a, const void *b)
{
    double x = *(const double *) a, y = *(const double *) b;
    return x < y ? -1 : x > y;
}

/* the scalar certified path at the exact double inputs */
static void scalar(arb_t res, double t, double r, double z)
{
    arb_t ta, ra, za;
    arb_init(ta); arb_init(ra); arb_init(za);
    arb_set_d(ta, t);
    arb_set_d(ra, r);
    arb_set_d(za, z);
    HKZ_TEST_OK(hkz_su2_heat_sub(res, ta, ra, za, 0, 128));
    arb_clear(ta); arb_clear(ra); arb_clear(za);
}

int main(void)
{
    const size_t ldo = NP + 3;
    double out[(NP + 3) * NT], err[(NP + 3) * NT], out2[(NP + 3) * NT];
    double err2[(NP + 3) * NT], rel[NP * NT], worst = 0.0;
    flint_rand_t st;
    arb_t ref;
    size_t i, j, k, n = sizeof(R) / sizeof(R[0]);
    hkz_engine_t e1, e2;

    hkz_test_rand_init(st);
    arb_init(ref);

    for (i = 0; i < ldo * NT; i++)
        out[i] = err[i] = 12345.0;
    HKZ_TEST_OK(hkz_su2_heat_sub_grid(out, err, ldo, NULL, PR, PZ, NP, TT,
                                      NT));
    /* padding rows untouched */
    for (j = 0; j < NT; j++)
        for (i = NP; i < ldo; i++)
            HKZ_TEST_CHECK(out[i + j * ldo] == 12345.0
                           && err[i + j * ldo] == 12345.0,
                           "padding (%zu, %zu) overwritten", i, j);
    /* every entry against the certified scalar path */
    for (j = 0; j < NT; j++)
        for (i = 0; i < NP; i++)
        {
            double o = out[i + j * ldo], ee = err[i + j * ldo];
            double scale = out[0 + j * ldo];     /* p_t(e) */
            scalar(ref, TT[j], PR[i], PZ[i]);
            HKZ_TEST_CHECK(grid_test_contains(o, ee, ref),
                           "t = %g, r = %.17g, z = %.17g: %.17g +- %.3g "
                           "misses the certified value", TT[j], PR[i],
                           PZ[i], o, ee);
            /* a few thousand ulps of the sum of |terms| ~ p_t(e) */
            HKZ_TEST_CHECK(ee <= 2e-13 * scale, "t = %g: err %.3g too "
                           "large for p_t(e) = %.6g", TT[j], ee, scale);
            rel[i + j * NP] = ee / fabs(o);
            worst = FLINT_MAX(worst, ee / scale);
        }
    qsort(rel, NP * NT, sizeof(double), cmp_d);
    printf("sub grid %d x %d: err/|value| median %.2g, max %.2g; "
           "max err/p_t(e) %.2g\n", NP, NT, rel[NP * NT / 2],
           rel[NP * NT - 1], worst);
    /* spec values (slack: the spec is at the decimal input) */
    for (k = 0; k < n; k++)
    {
        double o = out[R[k].p + R[k].j * ldo], ee = err[R[k].p + R[k].j * ldo];
        HKZ_TEST_CHECK(grid_test_near_str(o, ee, R[k].ref,
                                          1e-15 * fabs(o)),
                       "spec value %s: %.17g +- %.3g", R[k].ref, o, ee);
    }

    /* determinism: other engine block sizes, threads, chunks */
    e1 = grid_test_engine(256, 64, 1, 1);
    e2 = grid_test_engine(1024, 128, 2, 4);
    HKZ_TEST_CHECK(e1 != NULL && e2 != NULL, "engine_create failed");
    if (e1 != NULL && e2 != NULL)
    {
        hkz_engine_t es[2];
        es[0] = e1;
        es[1] = e2;
        for (k = 0; k < 2; k++)
        {
            for (i = 0; i < ldo * NT; i++)
                out2[i] = err2[i] = 12345.0;
            HKZ_TEST_OK(hkz_su2_heat_sub_grid(out2, err2, ldo, es[k], PR,
                                              PZ, NP, TT, NT));
            HKZ_TEST_CHECK(memcmp(out, out2, sizeof(out)) == 0
                           && memcmp(err, err2, sizeof(err)) == 0,
                           "engine %zu: results differ in bits", k);
        }
    }
    hkz_engine_destroy(&e1);
    hkz_engine_destroy(&e2);

    /* small t on the identity (R12, R13): thousands of modes */
    {
        double r0 = 0.0, z0 = 0.0, ts[2] = {0.05, 0.01};
        const char *refs[2] = {"259.39074598827105365683",
                               "6230.497233984341928766228"};
        HKZ_TEST_OK(hkz_su2_heat_sub_grid(out, err, 0, NULL, &r0, &z0, 1,
                                          ts, 2));
        for (j = 0; j < 2; j++)
        {
            HKZ_TEST_CHECK(grid_test_near_str(out[j], err[j], refs[j], 0.0),
                           "t = %g: %.17g +- %.3g misses %s", ts[j], out[j],
                           err[j], refs[j]);
            HKZ_TEST_CHECK(err[j] <= 1e-11 * out[j], "t = %g: err %.3g",
                           ts[j], err[j]);
        }
    }

    /* random grids against the scalar path */
    for (k = 0; k < (size_t) hkz_test_iters(2); k++)
    {
        double r[5], z[5], t[3];
        size_t np = 1 + n_randint(st, 5), ntt = 1 + n_randint(st, 3);
        for (i = 0; i < np; i++)
        {
            r[i] = n_randint(st, 5) == 0 ? 0.0 : M_PI_2 * grid_test_unit(st);
            z[i] = 8.0 * grid_test_unit(st) - 4.0;
        }
        for (j = 0; j < ntt; j++)
            t[j] = 0.08 + 3.0 * grid_test_unit(st);
        HKZ_TEST_OK(hkz_su2_heat_sub_grid(out, err, 0, NULL, r, z, np, t,
                                          ntt));
        for (j = 0; j < ntt; j++)
            for (i = 0; i < np; i++)
            {
                scalar(ref, t[j], r[i], z[i]);
                HKZ_TEST_CHECK(grid_test_contains(out[i + j * np],
                                                  err[i + j * np], ref),
                               "random: t = %.17g, r = %.17g, z = %.17g: "
                               "%.17g +- %.3g misses", t[j], r[i], z[i],
                               out[i + j * np], err[i + j * np]);
            }
    }

    arb_clear(ref);
    hkz_rand_clear(st);
    HKZ_TEST_END("su2_grid.sub");
}
