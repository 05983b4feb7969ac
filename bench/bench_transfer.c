/* bench_transfer: exact g(E, M) of an L x M lattice by the sparse
 * transfer matrix (issue 12), with time, the memory plan and the measured
 * peak, the checks (hkz_ising_dos_check) and optionally the table file.
 *   bench_transfer L M [torus|cylinder] [threads] [dense] [out.dos]
 * "dense" also runs the old dense transfer matrix and compares.
 * threads = "cuda": hkz_ising_dos_transfer_cuda instead (GPU), and
 *   bench_transfer L M torus cuda runs R
 * times R first-row runs of one prime on the GPU (the torus per-run
 * cost).  The GPU needs a build with -DHKZ_CUDA=ON (hkz_cuda_register). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "hkz/hkz.h"
#ifdef HKZ_BENCH_CUDA
#include "hkz/cuda.h"
#endif

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}

/* R torus runs (first rows 0..R-1, weight 1) of one prime on the GPU. */
static int cuda_runs(slong L, slong M, long R)
{
#ifdef HKZ_BENCH_CUDA
    uint64_t *out, *s0, *w, p = UINT64_C(4611686018427387847);
    double bytes = 0, sec = 0, t0;
    long i;
    int rc;
    out = calloc((size_t) (2 * L * M + 1) * (L * M + 1), 8);
    s0 = calloc(2 * R, 8);
    w = s0 + R;
    for (i = 0; i < R; i++)
    {
        s0[i] = (uint64_t) i;
        w[i] = 1;
    }
    t0 = now();
    rc = hkz_cuda_transfer_pass(out, (int) L, (int) M, 1, s0, w, R, p,
                                &bytes, &sec);
    printf("%ldx%ld torus cuda: %ld runs of one prime: %.3f s device, "
           "%.3f s wall, %.3f s per run, device memory %.3g GB, %s\n",
           (long) L, (long) M, R, sec, now() - t0, sec / R, bytes / 1e9,
           rc == 0 ? "ok" : hkz_errmsg());
    free(out);
    free(s0);
    return rc != 0;
#else
    (void) L;
    (void) M;
    (void) R;
    fprintf(stderr, "bench_transfer: this build has no CUDA\n");
    return 1;
#endif
}

static int report(void *ctx, slong done, slong total)
{
    (void) ctx;
    if (done % 8 == 0 || done == total)
        fprintf(stderr, "rows %ld / %ld\n", (long) done, (long) total);
    return 0;
}

int main(int argc, char **argv)
{
    slong L = argc > 1 ? atol(argv[1]) : 8, M = argc > 2 ? atol(argv[2]) : L;
    int bd = argc > 3 && strcmp(argv[3], "cylinder") == 0 ?
             HKZ_ISING_CYLINDER : HKZ_ISING_TORUS;
    int threads = argc > 4 ? atoi(argv[4]) : 2, rc = 0;
    int cuda = argc > 4 && strcmp(argv[4], "cuda") == 0;
    int dense = argc > 5 && strcmp(argv[5], "dense") == 0;
    const char *out = argc > 6 ? argv[6] : NULL;
    hkz_ising_model_t m;
    hkz_ising_dos_t d, e;
    hkz_ising_transfer_stats_t st;
    hkz_progress_t pr = {report, NULL};
    fmpq_t one;
    double t0, t1, t2;
    char desc[128];

#ifdef HKZ_BENCH_CUDA
    if (hkz_cuda_register() != HKZ_SUCCESS)
    {
        fprintf(stderr, "bench_transfer: %s\n", hkz_errmsg());
        return 1;
    }
#endif
    fmpq_init(one);
    fmpq_one(one);
    hkz_ising_model_init(m);
    hkz_ising_dos_init(d);
    hkz_ising_dos_init(e);
    if (hkz_ising_model_lattice(m, L, M, one, bd) != HKZ_SUCCESS)
    {
        fprintf(stderr, "bench_transfer: %s\n", hkz_errmsg());
        return 2;
    }
    if (cuda && argc > 6 && strcmp(argv[5], "runs") == 0)
        return cuda_runs(L, M, atol(argv[6]));
    t0 = now();
    if ((cuda ? hkz_ising_dos_transfer_cuda(d, m, &pr, &st)
              : hkz_ising_dos_transfer_sparse(d, m, threads, &pr, &st))
        != HKZ_SUCCESS)
    {
        fprintf(stderr, "bench_transfer: %s\n", hkz_errmsg());
        return 1;
    }
    t1 = now();
    if (hkz_ising_dos_check(d, m) != HKZ_SUCCESS)
    {
        fprintf(stderr, "bench_transfer: CHECK FAILED: %s\n", hkz_errmsg());
        rc = 1;
    }
    t2 = now();
    printf("%ldx%ld %s %s%d: %.2f s (check %.2f s, device %.2f s), runs "
           "%ld, words %ld, peak %.3g GB (plan %.3g GB), checks %s\n",
           (long) L, (long) M, bd == HKZ_ISING_TORUS ? "torus" : "cylinder",
           cuda ? "cuda" : "threads=", cuda ? 1 : threads, t1 - t0, t2 - t1,
           st.seconds, (long) st.runs, (long) st.words,
           st.peak_bytes / 1e9, st.plan_bytes / 1e9, rc ? "FAILED" : "ok");
    if (dense)
    {
        t0 = now();
        if (hkz_ising_dos_transfer(e, m) != HKZ_SUCCESS)
            printf("dense: %s\n", hkz_errmsg());
        else
            printf("dense: %.2f s, tables %s\n", now() - t0,
                   _fmpz_vec_equal(d->g, e->g, d->nb * d->nk) ? "equal"
                                                              : "DIFFER");
    }
    if (out != NULL)
    {
        snprintf(desc, sizeof desc, "lattice %ldx%ld %s", (long) L, (long) M,
                 bd == HKZ_ISING_TORUS ? "torus" : "cylinder");
        if (hkz_ising_dos_write(out, d, desc) != HKZ_SUCCESS)
        {
            fprintf(stderr, "bench_transfer: %s\n", hkz_errmsg());
            rc = 1;
        }
    }
    hkz_ising_dos_clear(d);
    hkz_ising_dos_clear(e);
    hkz_ising_model_clear(m);
    fmpq_clear(one);
    return rc;
}
