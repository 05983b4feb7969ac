/* HKZ_GRID_PROF=1: the stage seconds of each grid run, one line on stderr
 * at its end (a diagnostic for tuning, like HKZ_CUDA_* in kernels/cuda:
 * off unless the variable is set; the results do not depend on it).
 * Stages on the device threads add up over the threads; "dev_wall" and
 * "rest_wait" are the caller's wall time (see tile_pipe.c). */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include "grid_internal.h"

static const char *names[_HKZ_GRID_PROF_N] = {"setup", "dev_wall",
        "engine", "goal", "rest_wait", "rest_tier", "rest_sink", "run"};
static _Atomic long long ns[_HKZ_GRID_PROF_N];
static int on = -1;

int _hkz_grid_prof_on(void)
{
    if (on < 0)
    {
        const char *s = getenv("HKZ_GRID_PROF");
        on = s != NULL && atoi(s) != 0;
    }
    return on;
}

double _hkz_grid_prof_now(void)
{
    return _hkz_grid_prof_on() ? hkz_dist_wtime() : 0.0;
}

void _hkz_grid_prof_add(int stage, double t0)
{
    if (_hkz_grid_prof_on())
        atomic_fetch_add(ns + stage,
                         (long long) (1e9 * (hkz_dist_wtime() - t0)));
}

void _hkz_grid_prof_report(void)
{
    int k;
    if (!_hkz_grid_prof_on())
        return;
    fprintf(stderr, "grid_prof");
    for (k = 0; k < _HKZ_GRID_PROF_N; k++)
        fprintf(stderr, " %s=%.3f", names[k],
                1e-9 * (double) atomic_exchange(ns + k, 0));
    fprintf(stderr, "\n");
}
