/* bench_heat KERNEL T X1 X2 DIGITS: in-process time of one certified
 * evaluation (Ziv loop to DIGITS) of h_t(alpha) (KERNEL su2, X1 = alpha)
 * or p_t(r, z) (KERNEL su2-sub, X1 = r, X2 = z); prints seconds per call
 * (best of several batches) and the value. */
#include <stdio.h>
#include <string.h>
#include <time.h>
#include "hkz/hkz.h"

typedef struct { int sub; arb_t t, x1, x2; } job_t;

static int eval(arb_t res, void *p, slong prec)
{
    job_t *j = p;
    return j->sub ? hkz_su2_heat_sub(res, j->t, j->x1, j->x2, 0, prec)
                  : hkz_su2_heat_bi(res, j->t, j->x1, 0, prec);
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

int main(int argc, char **argv)
{
    job_t j;
    hkz_goal_t goal;
    arb_t res;
    double best = 1e30;
    long reps = 1, i, b;
    int s;

    if (argc != 6)
    {
        fprintf(stderr, "usage: bench_heat su2|su2-sub T X1 X2 DIGITS\n");
        return 2;
    }
    j.sub = strcmp(argv[1], "su2-sub") == 0;
    arb_init(j.t); arb_init(j.x1); arb_init(j.x2); arb_init(res);
    hkz_goal_init_digits(&goal, atol(argv[5]));
    if (hkz_ball_set_str(j.t, argv[2], goal.max_prec) ||
        hkz_ball_set_str(j.x1, argv[3], goal.max_prec) ||
        hkz_ball_set_str(j.x2, argv[4], goal.max_prec))
    {
        fprintf(stderr, "bench_heat: %s\n", hkz_errmsg());
        return 2;
    }
    /* batches of reps calls, reps grown until a batch takes >= 50 ms */
    for (b = 0; b < 5; b++)
    {
        double t0 = now(), dt;
        for (i = 0; i < reps; i++)
            if ((s = hkz_goal_eval(res, eval, &j, &goal, NULL)) != 0)
            {
                fprintf(stderr, "bench_heat: %s\n", hkz_errmsg());
                return 1;
            }
        dt = (now() - t0) / reps;
        if (dt < best)
            best = dt;
        if (dt * reps < 0.05)
        {
            reps *= 4;
            b--;
        }
    }
    printf("%.9g ", best);
    arb_printn(res, atol(argv[5]) + 5, 0);
    printf("\n");
    arb_clear(j.t); arb_clear(j.x1); arb_clear(j.x2); arb_clear(res);
    flint_cleanup();
    return 0;
}
