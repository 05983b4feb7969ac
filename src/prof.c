/* Stage seconds under HKZ_GRID_PROF=1 (hkz_prof.h).  Stages on several
 * threads add up over the threads: "dev" (the device threads' steps of a
 * job) and "rest_wait" (waiting for the host thread) are the caller's
 * wall time (groups/grid/tile_pipe.c), "run" the whole hkz_grid_heat_run. */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "hkz/dist.h"
#include "hkz_prof.h"

static const char *names[HKZ_PROF_N] = {"setup", "dev", "engine", "basis",
        "gemm", "bounds", "goal", "rest_wait", "rest_tier", "fix8", "fix16",
        "rows", "sums", "balls", "arb", "sink", "run", "ahead", "close"};
static _Atomic long long ns[HKZ_PROF_N];
static int on = -1;

int hkz_prof_on(void)
{
    if (on < 0)
    {
        const char *s = getenv("HKZ_GRID_PROF");
        on = s != NULL && atoi(s) != 0;
    }
    return on;
}

double hkz_prof_now(void)
{
    return hkz_prof_on() ? hkz_dist_wtime() : 0.0;
}

void hkz_prof_add(int stage, double t0)
{
    if (hkz_prof_on())
        atomic_fetch_add(ns + stage,
                         (long long) (1e9 * (hkz_dist_wtime() - t0)));
}

/* seconds since the process started (Linux: /proc, in clock ticks; -1
 * elsewhere): what the process did before and after the run */
static double since_start(void)
{
    FILE *f;
    char buf[1024], *p;
    unsigned long long start = 0;
    double up = -1.0;
    int k;

    f = fopen("/proc/self/stat", "r");
    if (f == NULL)
        return -1.0;
    p = fgets(buf, sizeof(buf), f);
    fclose(f);
    p = p != NULL ? strrchr(buf, ')') : NULL;
    for (k = 0; p != NULL && k < 20; k++)     /* field 22: starttime */
        p = strchr(p + 1, ' ');
    if (p == NULL || sscanf(p, "%llu", &start) != 1)
        return -1.0;
    f = fopen("/proc/uptime", "r");
    if (f == NULL || fscanf(f, "%lf", &up) != 1)
        up = -1.0;
    if (f != NULL)
        fclose(f);
    return up < 0 ? -1.0 : up - (double) start / sysconf(_SC_CLK_TCK);
}

void hkz_prof_report(void)
{
    int k;
    if (!hkz_prof_on())
        return;
    fprintf(stderr, "grid_prof");
    for (k = 0; k < HKZ_PROF_N; k++)
        fprintf(stderr, " %s=%.3f", names[k],
                1e-9 * (double) atomic_exchange(ns + k, 0));
    fprintf(stderr, " since_start=%.3f at=%.3f\n", since_start(),
            hkz_dist_wtime());
}
