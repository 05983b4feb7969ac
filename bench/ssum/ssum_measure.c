/* The timing protocol of hkz_bench_ssum (bench/ssum): the steps run
 * side by side in rounds, each timed over the ranks; the medians and
 * spreads of the times.  ssum.c sets the steps up and derives the
 * figures. */
#include <math.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <time.h>
#include "ssum_internal.h"
#include "hkz/status.h"

/* CPU seconds of the process (all threads) */
static double cpu_seconds(void)
{
    struct rusage u;
    if (getrusage(RUSAGE_SELF, &u) != 0)
        return NAN;
    return (double) u.ru_utime.tv_sec + 1e-6 * (double) u.ru_utime.tv_usec
           + (double) u.ru_stime.tv_sec + 1e-6 * (double) u.ru_stime.tv_usec;
}

static int cmp_d(const void *a, const void *b)
{
    double x = *(const double *) a, y = *(const double *) b;
    return x < y ? -1 : x > y;
}

static double median(double *t, int n)
{
    qsort(t, (size_t) n, sizeof(double), cmp_d);
    return n % 2 ? t[n / 2] : 0.5 * (t[n / 2 - 1] + t[n / 2]);
}

/* A timing shorter than this is too noisy to compare (timer resolution,
 * thread wake-up): the step is repeated inside one timing until it lasts
 * about this long, and the time divided by the count. */
#define MIN_TIMING_S 0.1

/* runs step s n times; *t: the wall time per run, *c: CPU seconds */
static int timed(double *t, double *c, const _hkz_bench_src_t *src, int s,
                 int n)
{
    double t0 = hkz_dist_wtime(), c0 = cpu_seconds();
    int k, status = HKZ_SUCCESS;
    for (k = 0; k < n && status == HKZ_SUCCESS; k++)
        status = src[s].step(src[s].state, src[s].as);
    *t = (hkz_dist_wtime() - t0) / n;
    *c = (cpu_seconds() - c0) / n;
    return status;
}

/* OpenBLAS's idle workers spin (sched_yield) for OPENBLAS_THREAD_TIMEOUT
 * = 2^28 cycles, ~0.1 s, after each threaded call before they sleep.  The
 * CPU's PLAIN step leaves them spinning, and the ENGINE step after it
 * (single-threaded BLAS on the engine's threads) then shared every core
 * with them: on 16 cores at 4096^3 0.30 s instead of 0.25 s, ~1 CPU-s of
 * spinning in its CPU time.  So a CPU step that follows PLAIN waits this
 * long first (untimed): each step is measured without the other's
 * leftovers. */
#define BLAS_SPIN_S 0.25

/* CPU: each round times PLAIN and ENGINE this many times, alternating
 * (PLAIN, ENGINE, PLAIN, ENGINE, ...), each call its own sample: with 3
 * rounds of one pair, the medians at 4096^3 on the 16-core host of the
 * H200 moved 0.18-0.30 s between processes for plain OpenBLAS, which
 * sync its statically split threads and so waits for the slowest core of
 * a shared VM; more samples, taken side by side, steady the medians. */
#define CPU_PAIRS 3

static void pause_s(double s)
{
    struct timespec ts;
    ts.tv_sec = (time_t) s;
    ts.tv_nsec = (long) ((s - (double) ts.tv_sec) * 1e9);
    while (nanosleep(&ts, &ts) != 0)
        ;
}

/* One GPU on one rank: a round alternates single calls of the steps
 * (PLAIN, ENGINE, ... PLAIN, ENGINE, ...) until each step has made its
 * n[s] calls, each call timed.  Under the power cap the H200's clock
 * swings between 1380 and 1980 MHz within tens of ms at 8192^3 (nvidia-
 * smi every 50 ms); steps timed one after the other in 0.1-s blocks saw
 * different clocks (round-to-round spreads of 13-27%), alternating calls
 * see the same ones.  (Not for the CPU: its ENGINE step must wait for
 * OpenBLAS's spinning threads after PLAIN, see BLAS_SPIN_S.) */
static int round_alternating(double *t, double *c,
                             const _hkz_bench_src_t *src, const int *n)
{
    int k, s, more = 1, status = HKZ_SUCCESS;
    for (s = 0; s < HKZ_BENCH_NSTEPS; s++)
        t[s] = c[s] = 0.0;
    for (k = 0; more && status == HKZ_SUCCESS; k++)
        for (s = 0, more = 0; s < HKZ_BENCH_NSTEPS && status == HKZ_SUCCESS;
             s++)
        {
            double ts, cs;
            if (src[s].step == NULL || k >= n[s])
                continue;
            status = timed(&ts, &cs, src, s, 1);
            t[s] += ts / n[s];
            c[s] += cs / n[s];
            more |= k + 1 < n[s];
        }
    return status;
}

/* One untimed round sets the inner counts n[s] (agreed over the ranks;
 * from a second call when the first is short, so that first-call costs --
 * cuBLAS' lazy initialisation, the engine's buffers -- do not shrink n[s]:
 * cuBLAS at 8192^3 got 2 calls per timing against the engine's 5), then
 * warmup + reps rounds, each round running every step once in turn, the
 * CPU's PLAIN and ENGINE CPU_PAIRS times (so that clock and temperature
 * drift hit all steps alike; one GPU: round_alternating); per step s:
 * all[s], the median of the per-run maxima over the ranks, mine[s], the
 * median of this rank's own times, cpu[s], of its CPU seconds, spread[s]
 * = (max - min) / median of the per-run maxima.  Steps without a source
 * are 0. */
int _hkz_bench_measure(double *all, double *mine, double *cpu, double *spread,
                       int *n, hkz_dist_t d,
                       const _hkz_bench_src_t *src,
                       const hkz_bench_ssum_opts_t *o)
{
    const int pairs = o->backend == HKZ_BACKEND_CPU ? CPU_PAIRS : 1;
    const size_t R = (size_t) o->reps * (size_t) pairs;
    const int alt = o->backend == HKZ_BACKEND_CUDA && hkz_dist_size(d) == 1;
    double *tm = malloc(3 * R * HKZ_BENCH_NSTEPS * sizeof(double));
    /* a round: PLAIN, ENGINE (pairs times), COMM, SEQ, OVL */
    int seq[2 * CPU_PAIRS + HKZ_BENCH_NSTEPS - 2], nseq = 0, got[
        HKZ_BENCH_NSTEPS] = {0};
    int i, q, s, status = tm != NULL ? HKZ_SUCCESS
        : hkz_error_set(HKZ_ERR_NOMEM, "hkz_bench_ssum: out of memory");
    for (i = 0; i < pairs; i++)
    {
        seq[nseq++] = HKZ_BENCH_PLAIN;
        seq[nseq++] = HKZ_BENCH_ENGINE;
    }
    for (s = HKZ_BENCH_COMM; s < HKZ_BENCH_NSTEPS; s++)
        seq[nseq++] = s;
    status = hkz_dist_agree(d, status);
    for (s = 0; s < HKZ_BENCH_NSTEPS && status == HKZ_SUCCESS; s++)
    {
        double t, c;
        n[s] = 1;
        if (src[s].step == NULL)
            continue;
        status = hkz_dist_agree(d, timed(&t, &c, src, s, 1));
        if (status == HKZ_SUCCESS)
            status = hkz_dist_allreduce_double(d, &t, 1, HKZ_DIST_MAX);
        if (status == HKZ_SUCCESS && t < MIN_TIMING_S)
        {
            /* the first call may have been a cold one: time a warm one */
            status = hkz_dist_agree(d, timed(&t, &c, src, s, 1));
            if (status == HKZ_SUCCESS)
                status = hkz_dist_allreduce_double(d, &t, 1, HKZ_DIST_MAX);
        }
        if (status == HKZ_SUCCESS && t < MIN_TIMING_S)
            n[s] = (int) FLINT_MIN(100000.0, ceil(MIN_TIMING_S /
                                                  FLINT_MAX(t, 1e-7)));
    }
    for (i = 0; i < o->warmup + o->reps && status == HKZ_SUCCESS && alt; i++)
    {
        double t[HKZ_BENCH_NSTEPS], c[HKZ_BENCH_NSTEPS];
        status = round_alternating(t, c, src, n);
        for (s = 0; s < HKZ_BENCH_NSTEPS && i >= o->warmup; s++)
        {
            double *ts = tm + 3 * R * (size_t) s;
            ts[i - o->warmup] = ts[R + (size_t) (i - o->warmup)] = t[s];
            ts[2 * R + (size_t) (i - o->warmup)] = c[s];
        }
    }
    for (i = 0; i < o->warmup + o->reps && status == HKZ_SUCCESS && !alt; i++)
        for (q = 0; q < nseq && status == HKZ_SUCCESS; q++)
        {
            double *ts, t, c0;
            size_t k;
            int meet = 0;
            s = seq[q];
            ts = tm + 3 * R * (size_t) s;
            k = (size_t) got[s];
            if (src[s].step == NULL)     /* no reduction to time */
                continue;
            if (o->backend == HKZ_BACKEND_CPU && s == HKZ_BENCH_ENGINE)
                pause_s(BLAS_SPIN_S);
            status = hkz_dist_allreduce_int(d, &meet, 1, HKZ_DIST_MAX);
            if (status != HKZ_SUCCESS)
                break;
            status = timed(&t, &c0, src, s, n[s]);
            status = hkz_dist_agree(d, status);
            if (status != HKZ_SUCCESS)
                break;
            if (i >= o->warmup)
            {
                ts[R + k] = t;
                ts[2 * R + k] = c0;
            }
            status = hkz_dist_allreduce_double(d, &t, 1, HKZ_DIST_MAX);
            if (i >= o->warmup)
            {
                ts[k] = t;
                got[s]++;
            }
        }
    for (s = 0; s < HKZ_BENCH_NSTEPS && status == HKZ_SUCCESS; s++)
    {
        double *ts = tm + 3 * R * (size_t) s;
        int n = alt ? o->reps : got[s];
        if (src[s].step == NULL || n == 0)
        {
            all[s] = mine[s] = cpu[s] = spread[s] = 0.0;
            continue;
        }
        all[s] = median(ts, n);    /* sorts ts */
        spread[s] = all[s] > 0 ? (ts[n - 1] - ts[0]) / all[s] : 0.0;
        mine[s] = median(ts + R, n);
        cpu[s] = median(ts + 2 * R, n);
    }
    free(tm);
    return status;
}
