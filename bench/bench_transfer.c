/* bench_transfer: exact g(E, M) of an L x M lattice by the sparse
 * transfer matrix (issue 12), with time, the memory plan and the measured
 * peak, the checks (hkz_ising_dos_check) and optionally the table file.
 *   bench_transfer L M [torus|cylinder] [threads] [dense] [out.dos]
 * "dense" also runs the old dense transfer matrix and compares.
 * threads = "cuda": hkz_ising_dos_transfer_cuda instead (GPU), and
 *   bench_transfer L M torus cuda runs R
 * times R first-row runs of one prime on the GPU (the torus per-run
 * cost), and
 *   bench_transfer L M torus cuda meet R [C]
 * times R first-row runs of the meet in the middle (hkz_cuda_transfer_meet,
 * all primes), spread over the first rows, and extrapolates to the whole
 * torus: runs x steps + pair orbits (Burnside) x closing per state; C
 * caps the states closed per run (C = 1: the steps alone).
 * The GPU needs a build with -DHKZ_CUDA=ON (hkz_cuda_register). */
#include <limits.h>
#include <math.h>
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

#ifdef HKZ_BENCH_CUDA
/* R torus runs (first rows 0..R-1, weight 1) of one prime on the GPU. */
static int cuda_runs(slong L, slong M, long R)
{
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
}

/* the smallest image of s under rotations, reflection and spin flip */
static ulong orbit_min(ulong s, slong L)
{
    ulong S = UWORD(1) << L, best = s, r = s, f = 0;
    slong c, j;
    for (c = 0; c < L; c++)
        f |= ((s >> c) & 1) << (L - 1 - c);
    for (j = 0; j < L; j++)
    {
        best = FLINT_MIN(best, FLINT_MIN(r, r ^ (S - 1)));
        best = FLINT_MIN(best, FLINT_MIN(f, f ^ (S - 1)));
        r = ((r << 1) | (r >> (L - 1))) & (S - 1);
        f = ((f << 1) | (f >> (L - 1))) & (S - 1);
    }
    return best;
}

static int meet_runs(slong L, slong M, long R, long C)
{
    slong N = L * M, T = 16, nrun = 0, i;
    ulong S = UWORD(1) << L, s, c, *mn = malloc(S * sizeof(ulong));
    uint32_t qw[128], *acc, *st, *wt;
    uint64_t *s0 = malloc(S * 8), *sel = malloc((size_t) R * 8);
    int64_t *off = malloc((size_t) (R + 1) * 8);
    double bytes = 0, sec[2] = {0, 0}, t0, orbits = 0, bits = 0;
    int nq = 0, rc;
    while (T < N)
        T *= 2;
    for (c = 2047; c > 1366 && bits <= N + 1; c--)     /* as the driver */
    {
        ulong q = (c << 20) + 1, a, w = 0;
        if (!n_is_prime(q))
            continue;
        for (a = 2; w == 0; a++)
            if (n_powmod2(a, (q - 1) / 2, q) == q - 1)
                w = n_powmod2(a, (q - 1) / (ulong) T, q);
        qw[2 * nq] = (uint32_t) q;
        qw[2 * nq++ + 1] = (uint32_t) w;
        bits += log2((double) q);
    }
    for (s = 0; s < S; s++)
        if ((mn[s] = orbit_min(s, L)) == s)
            s0[nrun++] = s;
    /* pair orbits ~ sum over runs of #{s >= s0: orbit_min(s) >= s0} */
    for (i = 0; i < nrun; i++)
        for (s = s0[i]; s < S; s++)
            orbits += mn[s] >= s0[i];
    off[0] = 0;
    st = malloc((size_t) R * S * 4);
    wt = malloc((size_t) R * S * 4);
    for (i = 0; i < R; i++)
    {
        sel[i] = s0[((2 * i + 1) * nrun) / (2 * R)];   /* mid-points */
        off[i + 1] = off[i];
        for (s = sel[i]; s < S && off[i + 1] - off[i] < C; s++)
            if (mn[s] >= sel[i])
            {
                st[off[i + 1]] = (uint32_t) s;
                wt[off[i + 1]++] = 1;
            }
    }
    acc = calloc((size_t) nq * T * T, 4);
    printf("%ldx%ld torus cuda meet: %ld runs, %.0f pair orbits, %d primes, "
           "T = %ld\n", (long) L, (long) M, (long) nrun, orbits, nq, (long) T);
    fflush(stdout);
    for (i = 0, rc = 0; i < R && rc == 0; i++)      /* one call per run */
    {
        int64_t o[2] = {0, off[i + 1] - off[i]};
        double sc[2] = {0, 0};
        t0 = now();
        rc = hkz_cuda_transfer_meet(acc, (int) L, (int) M, (int) T, nq, qw,
                                    sel + i, o, st + off[i], wt + off[i], 1,
                                    &bytes, sc);
        sec[0] += sc[0];
        sec[1] += sc[1];
        t0 = now() - t0;
        printf("  run s0 = %lu: %ld states: steps %.3f s, closing %.3f s "
               "(%.3g s per state), wall %.2f s (setup %.2f s), device "
               "memory %.3g GB, %s\n", (unsigned long) sel[i], (long) o[1],
               sc[0], sc[1], sc[1] / (double) o[1], t0, t0 - sc[0] - sc[1],
               bytes / 1e9, rc == 0 ? "ok" : hkz_errmsg());
        fflush(stdout);
    }
    R = i;
    {
        uint64_t h = UINT64_C(14695981039346656037);     /* FNV-1a of acc */
        for (i = 0; i < (slong) nq * T * T; i++)
            h = (h ^ acc[i]) * UINT64_C(1099511628211);
        printf("  accumulators after %ld runs: fnv %016llx\n", R,
               (unsigned long long) h);
    }
    if (R > 0)
        printf("  whole torus: %ld runs x %.4f s + %.0f states x %.3g s = "
               "%.0f s of device time\n", (long) nrun, sec[0] / R, orbits,
               sec[1] / (double) off[R],
               nrun * sec[0] / R + orbits * sec[1] / (double) off[R]);
    free(mn);
    free(s0);
    free(sel);
    free(off);
    free(st);
    free(wt);
    free(acc);
    return rc != 0;
}
#endif

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
    if (cuda && argc > 6 && (strcmp(argv[5], "runs") == 0 ||
                             strcmp(argv[5], "meet") == 0))
    {
#ifdef HKZ_BENCH_CUDA
        return strcmp(argv[5], "runs") == 0 ? cuda_runs(L, M, atol(argv[6]))
                                            : meet_runs(L, M, atol(argv[6]),
                                                  argc > 7 ? atol(argv[7])
                                                           : LONG_MAX);
#else
        fprintf(stderr, "bench_transfer: this build has no CUDA\n");
        return 1;
#endif
    }
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
