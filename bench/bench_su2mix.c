/* bench_su2mix: the mixing-operator box (groups/su2mix, spec X8) in three
 * paths measured in the same run:
 *   certified  eigenvalues enclosed in Arb (Weyl + Ostrowski), sums in Arb
 *   double     LAPACKE zheevd + double sums (certified: false)
 *   engine     mu_t(x) at P points x T times on the spectral-sum engine
 *              (USER basis d Re<v, pi(x) v>, GIVEN weights e^{-t lambda})
 * Ratios are to the double box path of the same run.
 *
 *   bench_su2mix [n nmax P T reps]    defaults: 2 8 256 64 3
 *   bench_su2mix eigh n1 n2 reps      one block (n1, n2) of example (ii):
 *                                     LAPACKE zheevd vs the registered
 *                                     solver (cuSOLVER when libhkz_cuda is
 *                                     loaded and a GPU exists)
 * Example (ii) with b = 1, 4, 9, ..., eps = 0.5.  Not a test. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "hkz/hkz.h"
#ifdef HKZ_BENCH_CUDA
#include "hkz/cuda.h"
#endif

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

#include <string.h>

/* the box's results (hkz/su2mix.h accessors) */
#define VEC(bx, w) hkz_su2mix_box_vec((bx), HKZ_SU2MIX_BOX_##w)
#define MN(bx) hkz_su2mix_box_minorant(bx)
#define MUD(bx) hkz_su2mix_box_mu_d(bx)
#define LMIND(bx) hkz_su2mix_box_lmin_d(bx)

static int bench_eigh(slong n1, slong n2, slong reps)
{
    hkz_su2mix_op_t op;
    arb_ptr b = _arb_vec_init(2), eps = _arb_vec_init(2);
    slong nvec[2], d = n1 * n2, r, i;
    double *H0 = malloc(2 * d * d * sizeof(double));
    double *H = malloc(2 * d * d * sizeof(double));
    double *w1 = malloc(d * sizeof(double)), *w2 = malloc(d * sizeof(double));
    double tl = 1e300, tg = 1e300, tm, dmax = 0;
    hkz_su2mix_eigh_fn fn;

#ifdef HKZ_BENCH_CUDA
    hkz_su2mix_eigh_register(hkz_cuda_eigh_herm, 1);   /* every block */
#endif
    fn = hkz_su2mix_eigh_registered();

    arb_set_si(b, 1);
    arb_set_si(b + 1, 4);
    arb_set_d(eps, 0.5);
    nvec[0] = n1;
    nvec[1] = n2;
    hkz_su2mix_op_init(op, 2);
    if (hkz_su2mix_op_set_example_ii(op, b, eps, 128) ||
        hkz_su2mix_block_d(H0, op, nvec))
        return 1;
    for (r = 0; r < reps; r++)
    {
        memcpy(H, H0, 2 * d * d * sizeof(double));
        tm = now();
        if (hkz_su2mix_eigh_lapack(w1, H, d))
            return 1;
        tm = now() - tm;
        tl = tm < tl ? tm : tl;
        if (fn != NULL)
        {
            memcpy(H, H0, 2 * d * d * sizeof(double));
            tm = now();
            if (fn(w2, H, (size_t) d, 1))
            {
                fprintf(stderr, "%s\n", hkz_errmsg());
                return 1;
            }
            tm = now() - tm;
            tg = tm < tg ? tm : tg;
        }
    }
    if (fn != NULL)
        for (i = 0; i < d; i++)
            dmax = fmax(dmax, fabs(w1[i] - w2[i]));
    printf("block (%ld, %ld), d = %ld, best of %ld\n", (long) n1, (long) n2,
           (long) d, (long) reps);
    printf("LAPACKE zheevd:     %.4f s  (1.0)\n", tl);
    if (fn != NULL)
        printf("registered solver:  %.4f s  (ratio to LAPACKE %.3f; max "
               "|dlambda| %.3g, lambda_max %.6g)\n", tg, tg / tl, dmax,
               w1[d - 1]);
    else
        printf("no registered solver (CPU-only build)\n");
    free(H0);
    free(H);
    free(w1);
    free(w2);
    hkz_su2mix_op_clear(op);
    _arb_vec_clear(b, 2);
    _arb_vec_clear(eps, 2);
    flint_cleanup();
    return 0;
}

int main(int argc, char **argv)
{
    slong n = 2, nm = 8, P = 256, T = 64, reps = 3, i, r, j;
    slong nmax[16];
    hkz_su2mix_op_t op;
    hkz_su2mix_box_t bx;
    arb_ptr b, eps, t;
    double tc = 1e300, td = 1e300, te = 1e300, tm, *x, *out, *err;
    double maxdiff = 0;
    int s;

    if (argc >= 5 && strcmp(argv[1], "eigh") == 0)
        return bench_eigh(atol(argv[2]), atol(argv[3]), atol(argv[4]));
    if (argc >= 6)
    {
        n = atol(argv[1]);
        nm = atol(argv[2]);
        P = atol(argv[3]);
        T = atol(argv[4]);
        reps = atol(argv[5]);
    }
    if (n < 1 || n > 16 || nm < 1 || P < 1 || T < 1 || reps < 1)
    {
        fprintf(stderr, "usage: bench_su2mix [n nmax P T reps]\n");
        return 2;
    }
    b = _arb_vec_init(n);
    eps = _arb_vec_init(n);
    t = _arb_vec_init(T);
    for (i = 0; i < n; i++)
    {
        arb_set_si(b + i, (i + 1) * (i + 1));
        arb_set_d(eps + i, 0.5);
        nmax[i] = nm;
    }
    for (j = 0; j < T; j++)
        arb_set_d(t + j, 0.2 + 0.8 * j / (double) T);
    hkz_su2mix_op_init(op, n);
    if (hkz_su2mix_op_set_example_ii(op, b, eps, 128))
        return 1;

    x = malloc(4 * n * P * sizeof(double));
    out = malloc(P * T * sizeof(double));
    err = malloc(P * T * sizeof(double));
    srand(7);
    for (i = 0; i < n * P; i++)
    {
        double *g = x + 4 * i, q = 0;
        int k;
        for (k = 0; k < 4; k++)
        {
            g[k] = 2.0 * rand() / RAND_MAX - 1.0;
            q += g[k] * g[k];
        }
        for (k = 0; k < 4; k++)
            g[k] /= sqrt(q);
    }

    for (r = 0; r < reps; r++)
    {
        double mu_c, mu_d;
        /* certified (all T times) */
        if (hkz_su2mix_box_create(&bx, n, nmax, t, T))
            return 1;
        tm = now();
        s = hkz_su2mix_box_run(bx, op, 1, 128);
        tm = now() - tm;
        if (s)
        {
            fprintf(stderr, "%s\n", hkz_errmsg());
            return 1;
        }
        tc = tm < tc ? tm : tc;
        mu_c = arf_get_d(arb_midref(VEC(bx, SUM)), ARF_RND_NEAR);
        if (r == 0)
        {
            char *str = arb_get_str(VEC(bx, SUM), 15, 0);
            printf("blocks %ld  max_dim %ld  K %.6g  mu_0.2(e) box %s\n",
                   (long) hkz_su2mix_box_nblocks(bx),
                   (long) hkz_su2mix_box_maxdim(bx),
                   arf_get_d(arb_midref(MN(bx)->K), ARF_RND_NEAR), str);
            flint_free(str);
        }
        hkz_su2mix_box_destroy(&bx);
        /* double */
        if (hkz_su2mix_box_create(&bx, n, nmax, t, T))
            return 1;
        tm = now();
        s = hkz_su2mix_box_run(bx, op, 0, 128);
        tm = now() - tm;
        td = tm < td ? tm : td;
        mu_d = MUD(bx)[0];
        if (fabs(mu_d - mu_c) > maxdiff)
            maxdiff = fabs(mu_d - mu_c);
        /* engine at P points (includes its own double eigensolves) */
        tm = now();
        s = hkz_su2mix_heat_points_d(out, err, NULL, op, bx, x, (size_t) P);
        tm = now() - tm;
        if (s)
        {
            fprintf(stderr, "%s\n", hkz_errmsg());
            return 1;
        }
        te = tm < te ? tm : te;
        hkz_su2mix_box_destroy(&bx);
    }
    printf("n %ld nmax %ld times %ld points %ld (best of %ld)\n", (long) n,
           (long) nm, (long) T, (long) P, (long) reps);
    printf("certified box, %ld times:  %.4f s  (ratio to double %.1f)\n",
           (long) T, tc, tc / td);
    printf("double box, %ld times:     %.4f s  (1.0)\n", (long) T, td);
    printf("engine, %ld points x %ld t: %.4f s  (%.3g ms per point, "
           "ratio to double box %.1f)\n", (long) P, (long) T, te,
           1e3 * te / (double) P, te / td);
    printf("|double - certified midpoint| at t_0: %.3g\n", maxdiff);
    printf("engine bound at point 0, t_0: %.3g (includes the box tail)\n",
           err[0]);
    free(x);
    free(out);
    free(err);
    hkz_su2mix_op_clear(op);
    _arb_vec_clear(b, n);
    _arb_vec_clear(eps, n);
    _arb_vec_clear(t, T);
    flint_cleanup();
    return 0;
}
