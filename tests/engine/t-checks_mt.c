/* The CPU engine's input and output checks on its threads (issue 19.5:
 * the serial passes over C and over the outputs were moved onto the
 * pool): a non-finite weight and an overflowed output are still refused,
 * with the same message whatever the threads and blocks (the first bad
 * entry in column-major order), as hkz_engine_problem_check says. */
#include <float.h>
#include <math.h>
#include <string.h>
#include "engine_ref.h"

/* a run and its message (kept before the engine is destroyed) */
static int run(double *out, double *err, const hkz_engine_problem_t *pb,
               size_t pblock, int nthreads, char *msg, size_t nmsg)
{
    int s = ref_engine_run(out, err, pb, 0, pblock, 1, nthreads);
    snprintf(msg, nmsg, "%s", hkz_errmsg());
    return s;
}

int main(void)
{
    static const int nts[] = {1, 2, 3, 5};
    static const size_t pbs[] = {0, 64, 128};
    flint_rand_t st;
    slong it, iters = hkz_test_iters(4);

    hkz_test_rand_init(st);
    for (it = 0; it < iters; it++)
    {
        hkz_engine_problem_t pb;
        double *x, *C, *out, *err;
        size_t i, j, i1, j1, i2, j2, v;
        char ref[256], msg[256];

        hkz_engine_problem_init(&pb);
        pb.P = 130 + n_randint(st, 200);
        pb.K = 300 + n_randint(st, 700);
        pb.T = 70 + n_randint(st, 200);
        pb.err_layout = HKZ_ERR_PER_COLUMN;
        x = malloc(pb.P * sizeof(double));
        C = malloc(pb.K * pb.T * sizeof(double));
        out = malloc(pb.P * pb.T * sizeof(double));
        err = malloc(pb.T * sizeof(double));
        for (i = 0; i < pb.P; i++)
            x[i] = cos(3.14159265358979 * ((double) i + 0.5) / (double) pb.P);
        for (i = 0; i < pb.K * pb.T; i++)
            C[i] = 2.0 * (double) n_randint(st, 1000001) / 1e6 - 1.0;
        pb.x = x;
        pb.C = C;
        pb.ldc = pb.K;

        /* two bad weights: the first in column-major order is named */
        i1 = n_randint(st, pb.K);
        j1 = n_randint(st, pb.T);
        i2 = n_randint(st, pb.K);
        j2 = j1 + n_randint(st, pb.T - j1);
        if (j2 == j1 && i2 < i1)
            i2 = i1;
        C[i1 + j1 * pb.K] = NAN;
        C[i2 + j2 * pb.K] = n_randint(st, 2) ? INFINITY : -INFINITY;
        snprintf(ref, sizeof(ref), "C[%zu, %zu]", i1, j1);
        HKZ_TEST_STATUS(hkz_engine_problem_check(&pb), HKZ_ERR_ARG);
        HKZ_TEST_CHECK(strstr(hkz_errmsg(), ref) != NULL, "serial check: "
                       "'%s' does not name %s", hkz_errmsg(), ref);
        for (v = 0; v < 4; v++)
        {
            HKZ_TEST_STATUS(run(out, err, &pb, pbs[v % 3], nts[v], msg,
                                sizeof(msg)), HKZ_ERR_ARG);
            HKZ_TEST_CHECK(strstr(msg, ref) != NULL, "threads %d: '%s' does "
                           "not name %s", nts[v], msg, ref);
        }
        C[i1 + j1 * pb.K] = 0.5;
        C[i2 + j2 * pb.K] = -0.5;

        /* overflow: column j1 of huge positive weights overflows at the
         * points near x = 1 (U_k(1) = k + 1 > 0), the first rows: the
         * same first bad output whatever the threads and blocks */
        for (i = 0; i < pb.K; i++)
            C[i + j1 * pb.K] = 1e308;
        snprintf(ref, sizeof(ref), "output (0, %zu)", j1);
        for (v = 0; v < 4; v++)
        {
            HKZ_TEST_STATUS(run(out, err, &pb, pbs[(v + 1) % 3], nts[v], msg,
                                sizeof(msg)), HKZ_ERR_DOMAIN);
            HKZ_TEST_CHECK(strstr(msg, ref) != NULL, "threads %d: '%s' does "
                           "not name %s", nts[v], msg, ref);
            HKZ_TEST_CHECK(isnan(out[0]) && isnan(err[0]), "outputs not NaN "
                           "after a failed run");
        }
        /* near the overflow line (engine_bounds.c, 3: the outputs are
         * scanned only where the W1 bound exceeds 2^1021): column j1 = w
         * in modes 0 and 1, so out(p, j1) = w (1 + 2 x_p).  w = DBL_MAX /
         * 2.9 overflows at row 0 (x_0 > 0.9999) with err[j1] finite: fails
         * if the scan is skipped on a finite err; w = 1e307 (W1 ~ 3e307 >
         * 2^1021) is scanned and finite: runs */
        for (i = 0; i < pb.K; i++)
            C[i + j1 * pb.K] = 0.0;
        C[j1 * pb.K] = C[1 + j1 * pb.K] = DBL_MAX / 2.9;
        for (v = 0; v < 4; v++)
        {
            HKZ_TEST_STATUS(run(out, err, &pb, pbs[v % 3], nts[v], msg,
                                sizeof(msg)), HKZ_ERR_DOMAIN);
            HKZ_TEST_CHECK(strstr(msg, ref) != NULL, "threads %d, w = "
                           "DBL_MAX / 2.9: '%s' does not name %s", nts[v],
                           msg, ref);
        }
        C[j1 * pb.K] = C[1 + j1 * pb.K] = 1e307;
        HKZ_TEST_OK(run(out, err, &pb, pbs[it % 3], nts[it % 4], msg,
                        sizeof(msg)));
        HKZ_TEST_CHECK(isfinite(out[pb.P * j1]) && out[pb.P * j1] > 2e307,
                       "out(0, %zu) = %g", j1, out[pb.P * j1]);
        for (i = 0; i < pb.K; i++)
            C[i + j1 * pb.K] = 0.25;

        /* finite again: every configuration runs */
        for (v = 0; v < 4; v++)
            HKZ_TEST_OK(run(out, err, &pb, pbs[v % 3], nts[v], msg,
                            sizeof(msg)));
        for (j = 0; j < pb.T; j++)
            HKZ_TEST_CHECK(isfinite(err[j]), "err[%zu] not finite", j);
        free(x);
        free(C);
        free(out);
        free(err);
    }
    hkz_rand_clear(st);
    HKZ_TEST_END("engine.checks_mt");
}
