/* dist_common.h -- private pieces shared by the MPI and the serial
 * implementations of hkz/dist.h (dist/common, dist/mpi, dist/serial). */
#ifndef HKZ_DIST_COMMON_H
#define HKZ_DIST_COMMON_H

#include "hkz/dist.h"
#include "hkz/status.h"

/* Row range of rank r for SPLIT_P (starts at multiples of
 * HKZ_ENGINE_TALIGN) and mode range for SPLIT_K. */
void _hkz_dist_rows(size_t *p0, size_t *p1, size_t P, int n, int r);
void _hkz_dist_modes(size_t *k0, size_t *k1, size_t K, int n, int r);
/* Column slab of owner o inside a chunk of tc columns. */
void _hkz_dist_slab(size_t *s0, size_t *s1, size_t tc, int n, int o);

/* The local checks of hkz_dist_engine_run (arguments, options, plan for
 * nranks ranks); sets the message, returns the status. */
int _hkz_dist_run_check(hkz_engine_t e, double *out,
        const hkz_engine_problem_t *pb, const hkz_dist_opts_t *o,
        const hkz_dist_plan_t *plan, int nranks, const char *fn);

/* Progress bookkeeping of one rank, independent of the transport. */
#define HKZ_DIST_PROGRESS_PERIOD 0.2

#endif
