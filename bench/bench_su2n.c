/* bench_su2n [DIGITS...] [--budget S] [--case K] [--wall]: in-process timings of the certified
 * SU(2)^n / SU(2)^infinity quantities of spec heat_kernels_su2.md 7.4-7.5
 * (R27-R34, R38-R40, R44-R45), each through the Ziv loop (hkz_goal_eval)
 * to DIGITS significant digits (default 30 100), and of the double path
 * where the library has one (products of hkz_su2_heat_bi_d /
 * hkz_su2_heat_sub_d factors, distances from hkz_su2_dist_*_d: NOT
 * certified).  One JSON object per line on stdout, merged with mpmath's
 * timings by bench/su2n_vs_mpmath.py.  Times: median of single calls after
 * one warm-up call; calls are repeated until about S seconds (default
 * 0.25) per case are spent, at least 3 and at most 201 of them.  The clock
 * is the process CPU time (less sensitive to other jobs on a shared
 * machine; everything here is single-threaded), --wall: wall time.
 * --case K: only case K (0-based; the driver interleaves the cases with
 * the mpmath measurements so that both see the same machine load). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "hkz/hkz.h"

enum { PROD_N, PROD_INF, DIST, HEAT_PT, SUBORD, CK };
enum { FAM_SQ, FAM_GEOM, FAM_LIN };    /* i^2, 2^i, i */

typedef struct
{
    const char *id;     /* label printed in the table */
    int kind, op, fam;
    const char *t;      /* t (products, kernels), t of the transfer (SUBORD;
                           s = t / C*, C* = sqrt(3)/2) or p (CK) */
    slong n;            /* factors of a finite list (PROD_N, SUBORD) */
} bench_case;

static const bench_case CASES[] = {
    {"R27 D i^2 t=.1 n=10", PROD_N, HKZ_SU2N_DELTA, FAM_SQ, "0.1", 10},
    {"R27 D i^2 t=.1 inf", PROD_INF, HKZ_SU2N_DELTA, FAM_SQ, "0.1", 0},
    {"R28 D i^2 t=.01 n=10", PROD_N, HKZ_SU2N_DELTA, FAM_SQ, "0.01", 10},
    {"R28 D i^2 t=.01 inf", PROD_INF, HKZ_SU2N_DELTA, FAM_SQ, "0.01", 0},
    {"R29 D 2^i t=.01 n=20", PROD_N, HKZ_SU2N_DELTA, FAM_GEOM, "0.01", 20},
    {"R29 D 2^i t=.01 inf", PROD_INF, HKZ_SU2N_DELTA, FAM_GEOM, "0.01", 0},
    {"R30 L i^2 t=.1 n=10", PROD_N, HKZ_SU2N_L, FAM_SQ, "0.1", 10},
    {"R30 L i^2 t=.1 inf", PROD_INF, HKZ_SU2N_L, FAM_SQ, "0.1", 0},
    {"R31 L 2^i t=.01 n=20", PROD_N, HKZ_SU2N_L, FAM_GEOM, "0.01", 20},
    {"R31 L 2^i t=.01 inf", PROD_INF, HKZ_SU2N_L, FAM_GEOM, "0.01", 0},
    {"R32 D i t=.1 n=10", PROD_N, HKZ_SU2N_DELTA, FAM_LIN, "0.1", 10},
    {"R32 D i t=.1 inf", PROD_INF, HKZ_SU2N_DELTA, FAM_LIN, "0.1", 0},
    {"R33 d_Delta(e,x)", DIST, HKZ_SU2N_DELTA, FAM_SQ, "0", 0},
    {"R33 d_L(e,x)", DIST, HKZ_SU2N_L, FAM_SQ, "0", 0},
    {"R34 mu^D_.5(x) inf", HEAT_PT, HKZ_SU2N_DELTA, FAM_SQ, "0.5", 0},
    {"R34 mu^L_.5(x) inf", HEAT_PT, HKZ_SU2N_L, FAM_SQ, "0.5", 0},
    {"R44 mu^L_.5(e) n=3", PROD_N, HKZ_SU2N_L, FAM_SQ, "0.5", 3},
    {"R44 subord s=.5/C*", SUBORD, HKZ_SU2N_DELTA, FAM_SQ, "0.5", 3},
    {"R45 mu^L_.2(e) n=3", PROD_N, HKZ_SU2N_L, FAM_SQ, "0.2", 3},
    {"R45 subord s=.2/C*", SUBORD, HKZ_SU2N_DELTA, FAM_SQ, "0.2", 3},
    {"R38 CK D p=1", CK, HKZ_SU2N_DELTA, 0, "1", 0},
    {"R39 CK L p=1", CK, HKZ_SU2N_L, 0, "1", 0},
    {"R40 CK D p=2", CK, HKZ_SU2N_DELTA, 0, "2", 0},
};

/* x = (P1, P2, P4, e, ...) of spec 7.5 (R33, R34) */
static const char *PT_R[3] = {"0.3", "0.7", "0"};
static const char *PT_Z[3] = {"0.5", "2.0", "1"};

typedef struct
{
    const bench_case *c;
    hkz_su2n_weights_t w;
    hkz_su2n_point_t x;
    arb_t t, zero;
    hkz_su2n_info_t info;
} job_t;

static int use_wall = 0;

static double now(void)
{
    struct timespec ts;
    clock_gettime(use_wall ? CLOCK_MONOTONIC : CLOCK_PROCESS_CPUTIME_ID, &ts);
    return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

static void die(const char *what)
{
    fprintf(stderr, "bench_su2n: %s: %s\n", what, hkz_errmsg());
    exit(1);
}

static int eval(arb_t res, void *param, slong prec)
{
    job_t *j = param;
    arb_t s;
    int st;

    switch (j->c->kind)
    {
    case PROD_N:
    case PROD_INF:
        return hkz_su2n_heat_e(res, &j->info, j->w, j->c->op, j->t, prec);
    case DIST:
        return hkz_su2n_dist(res, j->w, j->c->op, j->x, prec);
    case HEAT_PT:
        return hkz_su2n_heat(res, &j->info, j->w, j->c->op, j->t, j->x,
                             prec);
    case SUBORD:
        /* s = t / C*(1/2) = 2 t / sqrt(3) (spec 6.3 P3, E-a) */
        arb_init(s);
        arb_sqrt_ui(s, 3, prec + 10);
        arb_div(s, j->t, s, prec + 10);
        arb_mul_2exp_si(s, s, 1);
        st = hkz_su2n_heat_e_subord(res, j->w, j->c->op, s, prec);
        arb_clear(s);
        return st;
    default:
        return hkz_su2n_ck_integral(res, j->c->op, j->t, j->zero, prec);
    }
}

static double fam_d(int fam, slong i)
{
    return fam == FAM_SQ ? (double) (i * i)
           : fam == FAM_GEOM ? ldexp(1.0, (int) i) : (double) i;
}

/* double factor at e / at (r, z) (hkz_su2_*_d: not certified) */
static double factor_d(int op, double s, double r, double z)
{
    double v = NAN, a;
    if (op == HKZ_SU2N_DELTA)
    {
        if (hkz_su2_dist_riem_d(&a, r, z) || hkz_su2_heat_bi_d(&v, s, a, 0))
            return NAN;
    }
    else if (hkz_su2_heat_sub_d(&v, s, r, z, 0))
        return NAN;
    return v;
}

/* the double path; returns 0 if the library has none for this case */
static int eval_d(double *res, const bench_case *c)
{
    double t = atof(c->t), v = 1.0, lam, d;
    slong i, head = (c->kind == HEAT_PT) ? 3 : 0;

    lam = (c->op == HKZ_SU2N_DELTA) ? 3.0 : 2.0;
    switch (c->kind)
    {
    case PROD_N:
        for (i = 1; i <= c->n; i++)
            v *= factor_d(c->op, fam_d(c->fam, i) * t, 0, 0);
        break;
    case PROD_INF:
    case HEAT_PT:
        /* factors until the next delta bound (~4 e^{-lam w t}, spec 5.5)
           is below 2^-60: a double cut-off, no certificate */
        for (i = 1;; i++)
        {
            double s = fam_d(c->fam, i) * t;
            if (i > head && 4.0 * exp(-lam * s) < 0x1p-60)
                break;
            v *= (i <= head) ? factor_d(c->op, s, atof(PT_R[i - 1]),
                                        atof(PT_Z[i - 1]))
                             : factor_d(c->op, s, 0, 0);
        }
        break;
    case DIST:
        v = 0.0;
        for (i = 1; i <= 3; i++)
        {
            if ((c->op == HKZ_SU2N_DELTA
                 ? hkz_su2_dist_riem_d(&d, atof(PT_R[i - 1]),
                                       atof(PT_Z[i - 1]))
                 : hkz_su2_dist_cc_d(&d, atof(PT_R[i - 1]),
                                     atof(PT_Z[i - 1]))) != HKZ_SUCCESS)
                return 0;
            v += d * d / fam_d(c->fam, i);
        }
        v = sqrt(v);
        break;
    default:
        return 0;   /* subordination, (CK*): no double path */
    }
    *res = v;
    return 1;
}

static int cmp_d(const void *a, const void *b)
{
    double x = *(const double *) a, y = *(const double *) b;
    return (x > y) - (x < y);
}

#define MAXREP 201

static double median(double *v, int n)
{
    qsort(v, (size_t) n, sizeof(double), cmp_d);
    return (n % 2) ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

/* times f (median of single calls after one warm-up call) */
static double time_calls(int (*f)(void *), void *p, double budget, int *reps)
{
    double v[MAXREP], t0, start = now();
    int n = 0;

    if (f(p))
        die("warm-up");
    while (n < MAXREP && (n < 3 || now() - start < budget))
    {
        t0 = now();
        if (f(p))
            die("call");
        v[n++] = now() - t0;
    }
    *reps = n;
    return median(v, n);
}

typedef struct { job_t *j; arb_struct *res; hkz_goal_t *goal; } call_t;

static int call_hkz(void *p)
{
    call_t *c = p;
    return hkz_goal_eval(c->res, eval, c->j, c->goal, NULL);
}

typedef struct { const bench_case *c; double v; } call_d_t;

static int call_d(void *p)
{
    call_d_t *c = p;
    return eval_d(&c->v, c->c) ? 0 : 1;
}

static void setup(job_t *j, const bench_case *c)
{
    arb_t a, b;
    slong i;

    j->c = c;
    hkz_su2n_weights_init(j->w);
    hkz_su2n_point_init(j->x, 3);
    arb_init(j->t);
    arb_init(j->zero);
    arb_init(a);
    arb_init(b);
    if (hkz_ball_set_str(j->t, c->t, 2048))
        die("t");
    arb_one(a);
    arb_set_ui(b, c->fam == FAM_SQ ? 2 : 1);
    if ((c->fam == FAM_GEOM ? hkz_su2n_weights_set_geom(j->w, a)
                            : hkz_su2n_weights_set_pow(j->w, a, b)))
        die("weights");
    if (c->n > 0 && hkz_su2n_weights_set_head(j->w, j->w, c->n, 2048))
        die("head");
    for (i = 0; i < 3; i++)
    {
        if (hkz_ball_set_str(a, PT_R[i], 2048)
            || hkz_ball_set_str(b, PT_Z[i], 2048)
            || hkz_su2n_point_set_cyl(j->x, i + 1, a, NULL, b))
            die("point");
    }
    arb_clear(a);
    arb_clear(b);
}

static void cleanup(job_t *j)
{
    hkz_su2n_weights_clear(j->w);
    hkz_su2n_point_clear(j->x);
    arb_clear(j->t);
    arb_clear(j->zero);
}

int main(int argc, char **argv)
{
    long digits[8];
    int nd = 0, k, a, reps, dreps;
    double budget = 0.25;
    long only = -1;
    size_t ci;

    for (a = 1; a < argc; a++)
    {
        if (strcmp(argv[a], "--budget") == 0 && a + 1 < argc)
            budget = atof(argv[++a]);
        else if (strcmp(argv[a], "--case") == 0 && a + 1 < argc)
            only = atol(argv[++a]);
        else if (strcmp(argv[a], "--wall") == 0)
            use_wall = 1;
        else if (nd < 8 && atol(argv[a]) > 0)
            digits[nd++] = atol(argv[a]);
        else
        {
            fprintf(stderr, "usage: bench_su2n [DIGITS...] [--budget S] "
                    "[--case K] [--wall]\n");
            return 2;
        }
    }
    if (nd == 0)
    {
        digits[nd++] = 30;
        digits[nd++] = 100;
    }
    for (ci = 0; ci < sizeof(CASES) / sizeof(CASES[0]); ci++)
    {
        const bench_case *c = CASES + ci;
        job_t j;
        call_d_t cd;
        double td = -1.0;

        if (only >= 0 && (size_t) only != ci)
            continue;
        setup(&j, c);
        cd.c = c;
        cd.v = NAN;
        dreps = 0;
        if (eval_d(&cd.v, c))
            td = time_calls(call_d, &cd, 0.05, &dreps);
        for (k = 0; k < nd; k++)
        {
            hkz_goal_t goal;
            call_t call;
            arb_t res;
            char *str;
            double th;

            arb_init(res);
            hkz_goal_init_digits(&goal, digits[k]);
            call.j = &j;
            call.res = res;
            call.goal = &goal;
            j.info.nfactors = 0;
            th = time_calls(call_hkz, &call, budget, &reps);
            /* the printed ball contains the computed one (arb_get_str) */
            str = arb_get_str(res, digits[k] + 15, ARB_STR_MORE);
            printf("{\"id\": \"%s\", \"digits\": %ld, \"hkz_s\": %.6e, "
                   "\"reps\": %d, \"ball\": \"%s\", \"nfactors\": %ld, "
                   "\"dbl_s\": %.6e, \"dbl\": %.17g}\n",
                   c->id, digits[k], th, reps, str,
                   (c->kind == PROD_INF || c->kind == HEAT_PT)
                   ? (long) j.info.nfactors : (long) c->n,
                   td, isnan(cd.v) ? -1.0 : cd.v);
            fflush(stdout);
            flint_free(str);
            arb_clear(res);
        }
        cleanup(&j);
    }
    flint_cleanup();
    return 0;
}
