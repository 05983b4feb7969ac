/* bench_grid_gpu -- where the time of the GPU grid hkz_su2_heat_sub_grid
 * goes (issue 11.4): the library call on nr x nz points (r in [0.05, 1.5],
 * z in [0, 6]) and nt times (t in [tmin, 1]), with the CUDA engine wrapped
 * by a timing backend: the engine runs (basis upload, DGEMMs, download of
 * the P x T block) against the whole call (the basis in Arb on the host,
 * the weights, the bounds, the per-entry bound).  Prints key value lines:
 * the grid's total seconds, the engine's seconds, P x K x T of the engine
 * runs and their TFLOP/s, effective TFLOP/s (engine flops / total).
 * The CLI adds the scalar recomputes and the output formatting on top.
 *   bench_grid_gpu [nr nz nt [tmin]] */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "hkz/hkz.h"
#include "hkz/cuda.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double) ts.tv_sec + 1e-9 * (double) ts.tv_nsec;
}

/* the wrapped engine and what it did */
static struct
{
    hkz_engine_t inner;
    double secs, flops;
    size_t runs, P, K, T;
} W;

static int w_create(void **state, const hkz_engine_opts_t *opts)
{
    (void) opts;
    *state = &W;
    return HKZ_SUCCESS;
}

static void w_destroy(void *state)
{
    (void) state;
}

static int w_run(void *state, double *out, double *err, double *mag,
                 const hkz_engine_problem_t *pb)
{
    double t0 = now();
    int st = hkz_engine_run_mag(W.inner, out, err, mag, pb);
    (void) state;
    W.secs += now() - t0;
    W.flops += 2.0 * (double) pb->P * (double) pb->K * (double) pb->T;
    W.runs++;
    W.P += pb->P;
    W.K = pb->K;
    W.T = pb->T;
    return st;
}

static const hkz_engine_backend_t wrap = {"cuda-timed", w_create, w_destroy,
                                          w_run, NULL, NULL, NULL};

int main(int argc, char **argv)
{
    size_t nr = argc > 1 ? strtoul(argv[1], NULL, 10) : 100;
    size_t nz = argc > 2 ? strtoul(argv[2], NULL, 10) : 100;
    size_t nt = argc > 3 ? strtoul(argv[3], NULL, 10) : 100;
    double tmin = argc > 4 ? atof(argv[4]) : 0.01;
    size_t P = nr * nz, i, j;
    double *r = malloc(P * sizeof(double)), *z = malloc(P * sizeof(double));
    double *t = malloc(nt * sizeof(double)), *out, *err, t0, total;
    hkz_engine_opts_t o;
    hkz_engine_t e = NULL;

    out = malloc(P * nt * sizeof(double));
    err = malloc(P * nt * sizeof(double));
    if (!r || !z || !t || !out || !err || nr < 1 || nz < 1 || nt < 1)
    {
        fprintf(stderr, "bench_grid_gpu: bad sizes or out of memory\n");
        return 2;
    }
    for (i = 0; i < nr; i++)
        for (j = 0; j < nz; j++)
        {
            r[i * nz + j] = 0.05 + 1.45 * (double) i /
                            (double) (nr > 1 ? nr - 1 : 1);
            z[i * nz + j] = 6.0 * (double) j /
                            (double) (nz > 1 ? nz - 1 : 1);
        }
    for (j = 0; j < nt; j++)
        t[j] = tmin + (1.0 - tmin) * (double) j /
                      (double) (nt > 1 ? nt - 1 : 1);
    hkz_engine_opts_init(&o);
    o.backend = HKZ_BACKEND_CUDA;
    if (hkz_cuda_register() != HKZ_SUCCESS ||
        hkz_engine_create(&W.inner, &o) != HKZ_SUCCESS ||
        hkz_engine_backend_register(HKZ_BACKEND_CUDA, &wrap) != HKZ_SUCCESS ||
        hkz_engine_create(&e, &o) != HKZ_SUCCESS)
    {
        fprintf(stderr, "bench_grid_gpu: %s\n", hkz_errmsg());
        return 1;
    }
    t0 = now();
    if (hkz_su2_heat_sub_grid(out, err, P, e, r, z, P, t, nt) != HKZ_SUCCESS)
    {
        fprintf(stderr, "bench_grid_gpu: %s\n", hkz_errmsg());
        return 1;
    }
    total = now() - t0;
    printf("grid_points %zu\ngrid_times %zu\nentries %zu\ntmin %g\n", P, nt,
           P * nt, tmin);
    printf("grid_total_s %.4g\nentries_per_s %.4g\n", total,
           (double) (P * nt) / total);
    printf("engine_runs %zu\nengine_modes_K %zu\nengine_s %.4g\n", W.runs,
           W.K, W.secs);
    printf("engine_flop %.4g\nengine_tflop_per_s %.4g\n", W.flops,
           W.flops / W.secs * 1e-12);
    printf("effective_tflop_per_s %.4g\nengine_share_of_time %.3f\n",
           W.flops / total * 1e-12, W.secs / total);
    printf("value_mid_sample %.17g err %.3g\n", out[P / 2], err[P / 2]);
    /* each engine keeps the backend table it was created with */
    hkz_engine_destroy(&e);
    hkz_engine_destroy(&W.inner);
    free(r); free(z); free(t); free(out); free(err);
    return 0;
}
