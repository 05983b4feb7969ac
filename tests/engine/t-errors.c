/* Bad input to the engine and its callers: an error code with a message,
 * never a crash; outputs NaN when the run started. */
#include <string.h>
#include "engine_ref.h"

static int fail_fill(double *blk, size_t ld, size_t p0, size_t np, size_t k0,
                     size_t nk, void *ctx)
{
    return hkz_error_set(HKZ_ERR_DOMAIN, "test callback refuses");
}

int main(void)
{
    hkz_engine_t e = NULL;
    hkz_engine_opts_t o;
    hkz_engine_problem_t pb, q;
    hkz_signal_t sig = NULL;
    double x[3] = {0.5, -0.25, 1.0}, C[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    double out[6], err[6], times[2] = {0.5, 1.0}, bmax[4] = {1, 1, 1, 1};
    double big[8], alpha[2] = {0.5, 1.0}, bad;

    /* options */
    hkz_engine_opts_init(&o);
    o.backend = 7;
    HKZ_TEST_STATUS(hkz_engine_create(&e, &o), HKZ_ERR_ARG);
    HKZ_TEST_CHECK(e == NULL, "handle set on failure");
    hkz_engine_opts_init(&o);
    o.nthreads = -1;
    HKZ_TEST_STATUS(hkz_engine_create(&e, &o), HKZ_ERR_ARG);
    hkz_engine_opts_init(&o);
    o.backend = HKZ_BACKEND_CUDA;
    HKZ_TEST_STATUS(hkz_engine_create(&e, &o), HKZ_ERR_UNSUPPORTED);
    HKZ_TEST_STATUS(hkz_engine_backend_register(HKZ_BACKEND_CPU, NULL),
                    HKZ_ERR_ARG);
    HKZ_TEST_STATUS(hkz_engine_create(NULL, NULL), HKZ_ERR_ARG);
    HKZ_TEST_OK(hkz_engine_create(&e, NULL));   /* AUTO falls back to CPU */
    hkz_engine_get_opts(&o, e);
    HKZ_TEST_CHECK(o.backend == HKZ_BACKEND_CPU, "AUTO resolved to %d",
                   o.backend);

    /* a valid problem, then one defect at a time */
    hkz_engine_problem_init(&pb);
    pb.P = 3; pb.K = 4; pb.T = 2; pb.x = x; pb.C = C; pb.ldc = 4;
    HKZ_TEST_OK(hkz_engine_run(e, out, err, &pb));
    HKZ_TEST_STATUS(hkz_engine_run(e, NULL, err, &pb), HKZ_ERR_ARG);
    HKZ_TEST_STATUS(hkz_engine_run(NULL, out, err, &pb), HKZ_ERR_ARG);
    HKZ_TEST_STATUS(hkz_engine_run(e, out, err, NULL), HKZ_ERR_ARG);
#define BAD(field, value, code)                                             \
    do {                                                                    \
        q = pb;                                                             \
        q.field = value;                                                    \
        HKZ_TEST_STATUS(hkz_engine_run(e, out, err, &q), code);             \
    } while (0)
    BAD(P, 0, HKZ_ERR_ARG);
    BAD(K, 0, HKZ_ERR_ARG);
    BAD(T, 0, HKZ_ERR_ARG);
    BAD(K, (size_t) 1 << 41, HKZ_ERR_ARG);
    BAD(ldo, 2, HKZ_ERR_ARG);
    BAD(ldc, 3, HKZ_ERR_ARG);
    BAD(basis, 9, HKZ_ERR_ARG);
    BAD(weights, 9, HKZ_ERR_ARG);
    BAD(err_layout, 5, HKZ_ERR_ARG);
    BAD(x, NULL, HKZ_ERR_ARG);
    BAD(C, NULL, HKZ_ERR_ARG);
    BAD(basis, HKZ_BASIS_USER, HKZ_ERR_ARG);          /* no callback */
    BAD(weights, HKZ_WEIGHTS_HEAT, HKZ_ERR_ARG);      /* no times */
    x[1] = 1.5;
    BAD(P, 3, HKZ_ERR_ARG);
    x[1] = NAN;
    BAD(P, 3, HKZ_ERR_ARG);
    x[1] = -0.25;
    C[5] = NAN;
    BAD(P, 3, HKZ_ERR_ARG);
    HKZ_TEST_CHECK(strstr(hkz_errmsg(), "C[1, 1]") != NULL,
                   "message names the NaN weight: %s", hkz_errmsg());
    C[5] = INFINITY;
    BAD(P, 3, HKZ_ERR_ARG);
    C[5] = 6;
    times[1] = 0.0;
    q = pb; q.weights = HKZ_WEIGHTS_HEAT; q.times = times;
    HKZ_TEST_STATUS(hkz_engine_run(e, out, err, &q), HKZ_ERR_ARG);
    times[1] = NAN;
    HKZ_TEST_STATUS(hkz_engine_run(e, out, err, &q), HKZ_ERR_ARG);
    times[1] = 1.0;
    HKZ_TEST_OK(hkz_engine_run(e, out, err, &q));

    /* user basis: bad bounds, failing callback (outputs become NaN) */
    q = pb; q.basis = HKZ_BASIS_USER; q.fill = fail_fill; q.user_bmax = bmax;
    bmax[2] = -1;
    HKZ_TEST_STATUS(hkz_engine_run(e, out, err, &q), HKZ_ERR_ARG);
    bmax[2] = 1;
    HKZ_TEST_STATUS(hkz_engine_run(e, out, err, &q), HKZ_ERR_DOMAIN);
    HKZ_TEST_CHECK(isnan(out[0]) && isnan(err[5]), "outputs not NaN after "
                   "a failed run");

    /* overflow of the output */
    for (bad = 0; bad < 8; bad++)
        big[(int) bad] = 1e308;
    q = pb; q.C = big;
    HKZ_TEST_STATUS(hkz_engine_run(e, out, err, &q), HKZ_ERR_DOMAIN);

    /* signal too small: error, and its last slot still says "done" */
    HKZ_TEST_OK(hkz_signal_create(&sig, 1));
    q = pb; q.ready = sig; q.epoch = 5;
    HKZ_TEST_STATUS(hkz_engine_run(e, out, err, &q), HKZ_ERR_ARG);
    HKZ_TEST_CHECK(hkz_signal_test(sig, 0, 5), "done slot not posted");
    hkz_signal_destroy(&sig);
    HKZ_TEST_CHECK(sig == NULL, "destroy must reset the handle");
    hkz_signal_destroy(&sig);
    HKZ_TEST_STATUS(hkz_signal_create(&sig, 0), HKZ_ERR_ARG);

    /* shared bound helpers */
    HKZ_TEST_STATUS(hkz_engine_col_bounds(err, NULL, bmax, NULL, C, NULL, 2,
                                          4, 2), HKZ_ERR_ARG);
    times[0] = -1.0;
    HKZ_TEST_STATUS(hkz_engine_heat_weights(big, NULL, 4, 4, 0, times, 1),
                    HKZ_ERR_ARG);

    /* callers */
    HKZ_TEST_STATUS(hkz_su2_heat_bi_grid(out, err, 0, e, alpha, 2, times, 0,
                                         0), HKZ_ERR_ARG);
    alpha[1] = 4.0;
    times[0] = 0.5;
    HKZ_TEST_STATUS(hkz_su2_heat_bi_grid(out, err, 0, e, alpha, 2, times, 2,
                                         0), HKZ_ERR_DOMAIN);
    alpha[1] = 1.0;
    times[1] = -2.0;
    HKZ_TEST_STATUS(hkz_su2_heat_bi_grid(out, err, 0, e, alpha, 2, times, 2,
                                         0), HKZ_ERR_DOMAIN);
    HKZ_TEST_STATUS(hkz_engine_cos_scan(out, err, 0, e, alpha, 2, NULL, 4, 3,
                                        1), HKZ_ERR_ARG);
    HKZ_TEST_STATUS(hkz_engine_cos_scan(out, err, 0, e, alpha, 2, C, 3, 3,
                                        1), HKZ_ERR_ARG);

    hkz_engine_destroy(&e);
    HKZ_TEST_CHECK(e == NULL, "destroy must reset the handle");
    hkz_engine_destroy(&e);
    HKZ_TEST_END("engine.errors");
}
