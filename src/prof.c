/* Stage seconds under HKZ_GRID_PROF=1 (hkz_prof.h).  Stages on several
 * threads add up over the threads: "dev" (the device threads' steps of a
 * job) and "rest_wait" (waiting for the host thread) are the caller's
 * wall time (groups/grid/tile_pipe.c), "run" the whole hkz_grid_heat_run. */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include "hkz/dist.h"
#include "hkz_prof.h"

static const char *names[HKZ_PROF_N] = {"setup", "dev", "engine", "lip",
        "basis", "gemm", "bounds", "goal", "rest_wait", "rest_tier", "fix8",
        "fix16", "rows", "sums", "balls", "arb", "sink", "run"};
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

void hkz_prof_report(void)
{
    int k;
    if (!hkz_prof_on())
        return;
    fprintf(stderr, "grid_prof");
    for (k = 0; k < HKZ_PROF_N; k++)
        fprintf(stderr, " %s=%.3f", names[k],
                1e-9 * (double) atomic_exchange(ns + k, 0));
    fprintf(stderr, "\n");
}
