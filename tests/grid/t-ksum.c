/* Fixed mode chunks (hkz/dist_ksum.h): the tree sum of the chunk partials
 * lies within its bound of the plain engine run (both bounds together
 * cover the difference), per column and per entry, with HEAT weights on
 * the Chebyshev basis and GIVEN weights; one chunk is the plain run
 * bitwise; the engine hook gives the same doubles as a direct call. */
#include <math.h>
#include "hkz_test.h"
#include "hkz/dist_ksum.h"

static void check(hkz_engine_t e, flint_rand_t st, size_t K, int layout,
                  int heat)
{
    size_t P = 37, T = 5, i, j, k;
    double *x = malloc(P * sizeof(double)), *tt = malloc(T * sizeof(double));
    double *C = malloc(K * T * sizeof(double));
    double *o1 = malloc(P * T * sizeof(double)), *o2 = malloc(P * T * sizeof(double));
    double *o3 = malloc(P * T * sizeof(double));
    double *e1 = malloc(P * T * sizeof(double)), *e2 = malloc(P * T * sizeof(double));
    double m1[5], m2[5];
    hkz_engine_problem_t pb;
    hkz_dist_ksum_t X = {NULL, 0};

    for (i = 0; i < P; i++)
        x[i] = 2.0 * (double) n_randint(st, 1 << 20) / (1 << 20) - 1.0;
    for (j = 0; j < T; j++)
        tt[j] = 0.0005 * (double) (1 + j);
    for (k = 0; k < K * T; k++)
        C[k] = (double) n_randint(st, 1 << 20) / (1 << 20) - 0.5;
    hkz_engine_problem_init(&pb);
    pb.P = P; pb.K = K; pb.T = T;
    pb.basis = HKZ_BASIS_CHEB_U;
    pb.x = x;
    pb.weights = heat ? HKZ_WEIGHTS_HEAT : HKZ_WEIGHTS_GIVEN;
    pb.times = tt;
    pb.C = C;
    pb.ldc = K;
    pb.err_layout = layout;
    HKZ_TEST_OK(hkz_engine_run_mag(e, o1, e1, m1, &pb));
    HKZ_TEST_OK(hkz_dist_ksum_run(&X, e, o2, e2, m2, &pb));
    for (j = 0; j < T; j++)
        for (i = 0; i < P; i++)
        {
            double a = e1[layout == HKZ_ERR_PER_COLUMN ? j : i + j * P];
            double b = e2[layout == HKZ_ERR_PER_COLUMN ? j : i + j * P];
            HKZ_TEST_CHECK(fabs(o1[i + j * P] - o2[i + j * P]) <= a + b,
                           "K %zu (%zu, %zu): %.17g vs %.17g, bounds %g %g",
                           K, i, j, o1[i + j * P], o2[i + j * P], a, b);
            if (K <= HKZ_DIST_KCHUNK)
                HKZ_TEST_CHECK(o1[i + j * P] == o2[i + j * P] && a == b,
                               "K %zu: one chunk is not the plain run", K);
        }
    for (j = 0; j < T; j++)
        HKZ_TEST_CHECK(m2[j] >= m1[j] * (1 - 1e-8), "K %zu: mag %.17g vs %.17g", K, m2[j], m1[j]);
    /* the hook: the same doubles as the direct call */
    hkz_engine_set_hook(e, hkz_dist_ksum_hook, &X);
    HKZ_TEST_OK(hkz_engine_run(e, o3, NULL, &pb));
    hkz_engine_set_hook(e, NULL, NULL);
    for (k = 0; k < P * T; k++)
        HKZ_TEST_CHECK(o3[k] == o2[k], "K %zu: hook differs", K);
    free(x); free(tt); free(C); free(o1); free(o2); free(o3); free(e1);
    free(e2);
}

int main(void)
{
    flint_rand_t st;
    hkz_engine_t e;
    hkz_engine_opts_t eo;
    static const size_t Ks[] = {100, 256, 257, 700, 1300, 9000};
    int k, layout;

    hkz_test_rand_init(st);
    HKZ_TEST_CHECK(hkz_dist_ksum_chunk(1) == 256 && hkz_dist_ksum_chunk(8192)
                   == 256 && hkz_dist_ksum_chunk(8193) == 512, "chunk");
    hkz_engine_opts_init(&eo);
    eo.backend = HKZ_BACKEND_CPU;
    eo.nthreads = 1;
    HKZ_TEST_OK(hkz_engine_create(&e, &eo));
    for (k = 0; k < 6; k++)
        for (layout = 0; layout < 2; layout++)
        {
            check(e, st, Ks[k], layout, 1);
            check(e, st, Ks[k], layout, 0);
        }
    hkz_engine_destroy(&e);
    flint_randclear(st);
    flint_cleanup();
    return hkz_test_failures != 0;
}
