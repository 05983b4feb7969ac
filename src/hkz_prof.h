/* hkz_prof.h -- stage seconds of a grid run under HKZ_GRID_PROF=1
 * (src/prof.c), shared by the grid driver (groups/grid) and the engine
 * grids it calls (groups/su2).  A diagnostic for tuning, like HKZ_CUDA_*
 * in kernels/cuda: off unless the variable is set; results never depend
 * on it.  t0 = hkz_prof_now() at the start of a stage, hkz_prof_add(stage,
 * t0) at its end (both nothing when off); hkz_prof_report() prints one
 * line "grid_prof stage=seconds ..." on stderr and zeroes the sums. */
#ifndef HKZ_PROF_H
#define HKZ_PROF_H

enum
{
    HKZ_PROF_SETUP, HKZ_PROF_DEV, HKZ_PROF_ENGINE, HKZ_PROF_BASIS,
    HKZ_PROF_GEMM, HKZ_PROF_BOUNDS, HKZ_PROF_GOAL, HKZ_PROF_WAIT,
    HKZ_PROF_TIER, HKZ_PROF_FIX8, HKZ_PROF_FIX16, HKZ_PROF_ROWS,
    HKZ_PROF_SUMS, HKZ_PROF_BALLS, HKZ_PROF_ARB, HKZ_PROF_SINK,
    HKZ_PROF_RUN, HKZ_PROF_AHEAD, HKZ_PROF_CLOSE, HKZ_PROF_N
};

int hkz_prof_on(void);
double hkz_prof_now(void);
void hkz_prof_add(int stage, double t0);
void hkz_prof_report(void);

#endif
