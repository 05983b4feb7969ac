/* bench_grid: SU(2) sub-Laplacian and Milnor heat kernels on a grid of
 * P points x T times through the spectral-sum engine
 * (hkz_su2_heat_sub_grid, hkz_su2_heat_milnor_grid) against the certified
 * scalar path called point by point (hkz_su2_heat_sub,
 * hkz_su2_heat_milnor at 53 bits), in the same run.
 *
 *   bench_grid [P T [stride [tmin [kinds]]]]
 *
 * kinds: a comma list of sub, bi (bi-invariant h_t(alpha),
 * hkz_su2_heat_bi_grid vs hkz_su2_heat_bi) and milnor (default
 * sub,milnor).
 * stride > 1 times the scalar path on every stride-th point only and
 * scales its time by P / (points timed).  Prints the times, their ratio,
 * the bound (median err/|value|) and how many scalar balls fall outside
 * the grid intervals (must be 0).  Not a test. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "hkz/hkz.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

static int cmp_d(const void *a, const void *b)
{
    double x = *(const double *) a, y = *(const double *) b;
    return x < y ? -1 : x > y;
}

/* 1 if the ball ref lies in [o - e, o + e] */
static int inside(double o, double e, const arb_t ref)
{
    arb_t d;
    arf_t ub, ea;
    int ok;
    arb_init(d); arf_init(ub); arf_init(ea);
    arb_set_d(d, o);
    arb_sub(d, d, ref, 128);
    arb_abs(d, d);
    arb_get_ubound_arf(ub, d, 128);
    arf_set_d(ea, e);
    ok = arf_cmp(ub, ea) <= 0;
    arb_clear(d); arf_clear(ub); arf_clear(ea);
    return ok;
}

static void report(const char *name, size_t P, size_t T, double tg,
                   double ts, size_t timed, const double *out,
                   const double *err, size_t miss)
{
    double *rel = malloc(P * T * sizeof(double)), emax = 0.0;
    size_t i;
    for (i = 0; i < P * T; i++)
    {
        rel[i] = err[i] / fabs(out[i]);
        emax = err[i] > emax ? err[i] : emax;
    }
    qsort(rel, P * T, sizeof(double), cmp_d);
    ts *= (double) P / (double) timed;
    printf("%-7s %4zu x %3zu  grid %8.3f s  scalar %9.3f s%s  ratio %7.1f"
           "  err/|v| median %.1e  max err %.1e  misses %zu\n", name, P, T,
           tg, ts, timed < P ? " (est.)" : "        ", ts / tg,
           rel[P * T / 2], emax, miss);
    free(rel);
}

int main(int argc, char **argv)
{
    size_t P = 256, T = 64, stride = 1, i, j, timed = 0, miss;
    double tmin = 0.1, tmax = 2.0, t0, tg, ts;
    double *r, *z, *g, *t, *out, *err;
    arb_t res, ta, ra, za, a, b, c;
    hkz_su2_elem_t h;
    int status;
    const char *kinds = "sub,milnor";

    if (argc >= 3)
    {
        P = strtoul(argv[1], NULL, 10);
        T = strtoul(argv[2], NULL, 10);
    }
    if (argc >= 4)
        stride = strtoul(argv[3], NULL, 10);
    if (argc >= 5)
        tmin = atof(argv[4]);
    if (argc >= 6)
        kinds = argv[5];
    if (P == 0 || T == 0 || stride == 0 || !(tmin > 0 && tmin < tmax))
    {
        fprintf(stderr, "usage: bench_grid [P T [stride [tmin]]]\n");
        return 1;
    }
    r = malloc(P * sizeof(double));
    z = malloc(P * sizeof(double));
    g = malloc(4 * P * sizeof(double));
    t = malloc(T * sizeof(double));
    out = malloc(P * T * sizeof(double));
    err = malloc(P * T * sizeof(double));
    if (!r || !z || !g || !t || !out || !err)
        return 1;
    srand(1);
    for (i = 0; i < P; i++)
    {
        double nr = 0.0;
        size_t q;
        r[i] = M_PI_2 * rand() / RAND_MAX;
        z[i] = 2.0 * M_PI * rand() / RAND_MAX - M_PI;
        for (q = 0; q < 4; q++)
        {
            g[4 * i + q] = 2.0 * rand() / RAND_MAX - 1.0;
            nr += g[4 * i + q] * g[4 * i + q];
        }
        for (q = 0; q < 4; q++)
            g[4 * i + q] /= sqrt(nr);
    }
    /* log-spaced times in [tmin, tmax] */
    for (j = 0; j < T; j++)
        t[j] = T == 1 ? tmin : tmin * pow(tmax / tmin, (double) j / (T - 1));
    for (i = 0; i < P; i += stride)
        timed++;

    arb_init(res); arb_init(ta); arb_init(ra); arb_init(za);
    arb_init(a); arb_init(b); arb_init(c);
    hkz_su2_elem_init(h);
    printf("bench_grid: %zu points x %zu times, t in [%g, %g] log-spaced; "
           "scalar path at 53 bits%s\n", P, T, tmin, tmax,
           stride > 1 ? ", every stride-th point, time scaled" : "");

    /* ---- sub-Laplacian ---- */
    if (strstr(kinds, "sub") == NULL)
        goto bi;
    t0 = now();
    status = hkz_su2_heat_sub_grid(out, err, P, NULL, r, z, P, t, T);
    tg = now() - t0;
    if (status != HKZ_SUCCESS)
    {
        fprintf(stderr, "sub grid: %s\n", hkz_errmsg());
        return 1;
    }
    miss = 0;
    t0 = now();
    for (i = 0; i < P; i += stride)
        for (j = 0; j < T; j++)
        {
            arb_set_d(ta, t[j]);
            arb_set_d(ra, r[i]);
            arb_set_d(za, z[i]);
            if (hkz_su2_heat_sub(res, ta, ra, za, 0, 53) != HKZ_SUCCESS)
                return 1;
            miss += !inside(out[i + j * P], err[i + j * P], res);
        }
    ts = now() - t0;
    report("sub", P, T, tg, ts, timed, out, err, miss);

bi:
    /* ---- bi-invariant, alpha = pi r / (pi/2) in [0, pi] ---- */
    if (strstr(kinds, "bi") == NULL)
        goto milnor;
    for (i = 0; i < P; i++)
        z[i] = 2.0 * r[i];
    t0 = now();
    status = hkz_su2_heat_bi_grid(out, err, P, NULL, z, P, t, T, 0);
    tg = now() - t0;
    if (status != HKZ_SUCCESS)
    {
        fprintf(stderr, "bi grid: %s\n", hkz_errmsg());
        return 1;
    }
    miss = 0;
    t0 = now();
    for (i = 0; i < P; i += stride)
        for (j = 0; j < T; j++)
        {
            arb_set_d(ta, t[j]);
            arb_set_d(ra, z[i]);
            if (hkz_su2_heat_bi(res, ta, ra, 0, 53) != HKZ_SUCCESS)
                return 1;
            miss += !inside(out[i + j * P], err[i + j * P], res);
        }
    ts = now() - t0;
    report("bi", P, T, tg, ts, timed, out, err, miss);

milnor:
    if (strstr(kinds, "milnor") == NULL)
        goto done;

    /* ---- Milnor, (a, b, c) = (1, 2, 0.5) (spec M1) ---- */
    t0 = now();
    status = hkz_su2_heat_milnor_grid(out, err, P, NULL, 1.0, 2.0, 0.5, g,
                                      P, t, T, 0);
    tg = now() - t0;
    if (status != HKZ_SUCCESS)
    {
        fprintf(stderr, "milnor grid: %s\n", hkz_errmsg());
        return 1;
    }
    arb_set_d(a, 1.0);
    arb_set_d(b, 2.0);
    arb_set_d(c, 0.5);
    miss = 0;
    t0 = now();
    for (i = 0; i < P; i += stride)
    {
        /* the exact normalization, as the grid uses it */
        arb_t nr, v;
        size_t q;
        arb_init(nr); arb_init(v);
        for (q = 0; q < 4; q++)
        {
            arb_set_d(v, g[4 * i + q]);
            arb_addmul(nr, v, v, 128);
        }
        arb_rsqrt(nr, nr, 128);
        acb_set_d_d(&h->a, g[4 * i], g[4 * i + 1]);
        acb_set_d_d(&h->b, g[4 * i + 2], g[4 * i + 3]);
        acb_mul_arb(&h->a, &h->a, nr, 128);
        acb_mul_arb(&h->b, &h->b, nr, 128);
        arb_clear(nr); arb_clear(v);
        for (j = 0; j < T; j++)
        {
            arb_set_d(ta, t[j]);
            if (hkz_su2_heat_milnor(res, a, b, c, ta, h, 53) != HKZ_SUCCESS)
                return 1;
            miss += !inside(out[i + j * P], err[i + j * P], res);
        }
    }
    ts = now() - t0;
    report("milnor", P, T, tg, ts, timed, out, err, miss);

done:

    hkz_su2_elem_clear(h);
    arb_clear(res); arb_clear(ta); arb_clear(ra); arb_clear(za);
    arb_clear(a); arb_clear(b); arb_clear(c);
    free(r); free(z); free(g); free(t); free(out); free(err);
    flint_cleanup();
    return 0;
}
