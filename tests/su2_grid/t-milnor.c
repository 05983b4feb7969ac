/* hkz_su2_heat_milnor_grid: every [out - err, out + err] must contain the
 * certified scalar value (hkz_su2_heat_milnor at the same point, the exact
 * normalization of the double input) and the spec values M1-M4
 * (heat_kernels_su2.md 7.6) at the grid points that carry them; a = b = 1,
 * c = 0 must agree with the sub-Laplacian grid at e; the bound must be
 * reasonably tight; results must not depend on the engine's block sizes. */
#include <stdlib.h>
#include "grid_test.h"

#define NP 5
#define MAXT 3

static const struct
{
    double a, b, c;
    double t[MAXT];
    size_t nt;
    size_t pref;           /* grid point of the spec value (0: e, 1: M4) */
    const char *ref;       /* at t[0] */
} S[] = {
    {1.0, 2.0, 0.5, {0.5, 0.9, 2.0}, 3, 0, "1.89116084869025795098136"},
    {1.0, 1.0, 1.0, {0.37, 0.2, 1.5}, 3, 0, "2.850370516295159323338084"},
    {1.0, 3.0, 0.0, {1.0, 1.6}, 2, 0, "1.128979063217928241813634"},
    {2.0, 0.7, 1.5, {0.8, 0.3}, 2, 1, "0.9504637351065770082321884"}};

/* the point of the grid as an exact unit ball: x / |x| */
static void elem_of(hkz_su2_elem_t h, const double *x, slong prec)
{
    arb_t n, v;
    slong q;
    arb_init(n); arb_init(v);
    for (q = 0; q < 4; q++)
    {
        arb_set_d(v, x[q]);
        arb_addmul(n, v, v, 2 * prec);
    }
    arb_rsqrt(n, n, prec);
    acb_set_d_d(&h->a, x[0], x[1]);
    acb_set_d_d(&h->b, x[2], x[3]);
    acb_mul_arb(&h->a, &h->a, n, prec);
    acb_mul_arb(&h->b, &h->b, n, prec);
    arb_clear(n); arb_clear(v);
}

static int cmp_d(const void *a, const void *b)
{
    double x = *(const double *) a, y = *(const double *) b;
    return x < y ? -1 : x > y;
}

int main(void)
{
    double g[4 * NP], out[NP * MAXT], err[NP * MAXT], out2[NP * MAXT];
    double err2[NP * MAXT], rel[4 * NP * MAXT], worst = 0.0;
    size_t s, i, j, q, nrel = 0;
    flint_rand_t st;
    hkz_su2_elem_t h;
    arb_t ref, a, b, c, t;

    hkz_test_rand_init(st);
    hkz_su2_elem_init(h);
    arb_init(ref); arb_init(a); arb_init(b); arb_init(c); arb_init(t);

    /* points: e, the M4 point (r, phi, z) = (1.1, 2.0, 2.5), random */
    g[0] = 1.0; g[1] = g[2] = g[3] = 0.0;
    g[4] = cos(1.1) * cos(2.5);
    g[5] = cos(1.1) * sin(2.5);
    g[6] = -sin(1.1) * cos(2.0 - 2.5);
    g[7] = sin(1.1) * sin(2.0 - 2.5);
    for (i = 2; i < NP; i++)
    {
        double nr = 0.0;
        for (q = 0; q < 4; q++)
        {
            g[4 * i + q] = 2.0 * grid_test_unit(st) - 1.0;
            nr += g[4 * i + q] * g[4 * i + q];
        }
        for (q = 0; q < 4; q++)
            g[4 * i + q] /= sqrt(nr);
    }

    for (s = 0; s < sizeof(S) / sizeof(S[0]); s++)
    {
        size_t nt = S[s].nt;
        double scale;
        HKZ_TEST_OK(hkz_su2_heat_milnor_grid(out, err, 0, NULL, S[s].a,
                    S[s].b, S[s].c, g, NP, S[s].t, nt, 0));
        arb_set_d(a, S[s].a);
        arb_set_d(b, S[s].b);
        arb_set_d(c, S[s].c);
        for (j = 0; j < nt; j++)
        {
            arb_set_d(t, S[s].t[j]);
            scale = out[j * NP];                 /* p_t(e) */
            for (i = 0; i < NP; i++)
            {
                double o = out[i + j * NP], ee = err[i + j * NP];
                elem_of(h, g + 4 * i, 192);
                HKZ_TEST_OK(hkz_su2_heat_milnor(ref, a, b, c, t, h, 80));
                HKZ_TEST_CHECK(grid_test_contains(o, ee, ref),
                               "(a, b, c) = (%g, %g, %g), t = %g, point %zu: "
                               "%.17g +- %.3g misses the certified value",
                               S[s].a, S[s].b, S[s].c, S[s].t[j], i, o, ee);
                HKZ_TEST_CHECK(ee <= 1e-12 * scale, "(a, b, c) = (%g, %g, "
                               "%g), t = %g: err %.3g too large for p_t(e) "
                               "= %.6g", S[s].a, S[s].b, S[s].c, S[s].t[j],
                               ee, scale);
                rel[nrel++] = ee / fabs(o);
                worst = FLINT_MAX(worst, ee / scale);
            }
        }
        /* the spec value (M4: the double point is ~1e-16 off) */
        HKZ_TEST_CHECK(grid_test_near_str(out[S[s].pref], err[S[s].pref],
                                          S[s].ref, S[s].pref ? 1e-14 : 0.0),
                       "spec value %s: %.17g +- %.3g", S[s].ref,
                       out[S[s].pref], err[S[s].pref]);
    }
    qsort(rel, nrel, sizeof(double), cmp_d);
    printf("milnor grids: err/|value| median %.2g, max %.2g; max err/p_t(e) "
           "%.2g\n", rel[nrel / 2], rel[nrel - 1], worst);

    /* determinism: M4's operator with other engine block sizes */
    {
        hkz_engine_t e1 = grid_test_engine(256, 64, 1, 1);
        hkz_engine_t e2 = grid_test_engine(768, 192, 2, 2);
        HKZ_TEST_CHECK(e1 != NULL && e2 != NULL, "engine_create failed");
        HKZ_TEST_OK(hkz_su2_heat_milnor_grid(out, err, 0, NULL, 2.0, 0.7,
                    1.5, g, NP, S[3].t, 2, 0));
        if (e1 != NULL && e2 != NULL)
        {
            HKZ_TEST_OK(hkz_su2_heat_milnor_grid(out2, err2, 0, e1, 2.0, 0.7,
                        1.5, g, NP, S[3].t, 2, 0));
            HKZ_TEST_CHECK(memcmp(out, out2, 2 * NP * sizeof(double)) == 0
                           && memcmp(err, err2, 2 * NP * sizeof(double)) == 0,
                           "engine 1: results differ in bits");
            HKZ_TEST_OK(hkz_su2_heat_milnor_grid(out2, err2, 0, e2, 2.0, 0.7,
                        1.5, g, NP, S[3].t, 2, 0));
            HKZ_TEST_CHECK(memcmp(out, out2, 2 * NP * sizeof(double)) == 0
                           && memcmp(err, err2, 2 * NP * sizeof(double)) == 0,
                           "engine 2: results differ in bits");
        }
        hkz_engine_destroy(&e1);
        hkz_engine_destroy(&e2);
    }

    /* a = b = 1, c = 0 is the sub-Laplacian: overlap with its grid at e */
    {
        double ts[2] = {0.6, 1.7}, r0 = 0.0, z0 = 0.0, os[2], es[2];
        HKZ_TEST_OK(hkz_su2_heat_milnor_grid(out, err, 0, NULL, 1.0, 1.0,
                                             0.0, g, 1, ts, 2, 0));
        HKZ_TEST_OK(hkz_su2_heat_sub_grid(os, es, 0, NULL, &r0, &z0, 1, ts,
                                          2));
        for (j = 0; j < 2; j++)
            HKZ_TEST_CHECK(fabs(out[j] - os[j]) <= err[j] + es[j],
                           "t = %g: Milnor %.17g +- %.3g, sub %.17g +- %.3g",
                           ts[j], out[j], err[j], os[j], es[j]);
    }

    /* a fixed small nmax: the tail is in the bound */
    {
        double t1 = 0.4;
        HKZ_TEST_OK(hkz_su2_heat_milnor_grid(out, err, 0, NULL, 1.0, 2.0,
                                             0.5, g, 2, &t1, 1, 4));
        HKZ_TEST_CHECK(err[0] > 1e-4, "nmax = 4: err %.3g ignores the tail",
                       err[0]);
        arb_set_d(a, 1.0); arb_set_d(b, 2.0); arb_set_d(c, 0.5);
        arb_set_d(t, t1);
        for (i = 0; i < 2; i++)
        {
            elem_of(h, g + 4 * i, 192);
            HKZ_TEST_OK(hkz_su2_heat_milnor(ref, a, b, c, t, h, 80));
            HKZ_TEST_CHECK(grid_test_contains(out[i], err[i], ref),
                           "nmax = 4, point %zu: tail not covered", i);
        }
    }

    hkz_su2_elem_clear(h);
    arb_clear(ref); arb_clear(a); arb_clear(b); arb_clear(c); arb_clear(t);
    hkz_rand_clear(st);
    HKZ_TEST_END("su2_grid.milnor");
}
