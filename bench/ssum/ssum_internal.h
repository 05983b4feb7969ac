/* ssum_internal.h -- private pieces of hkz_bench_ssum (bench/ssum). */
#ifndef HKZ_BENCH_SSUM_INTERNAL_H
#define HKZ_BENCH_SSUM_INTERNAL_H

#include "hkz/bench.h"
#include "hkz/dist.h"

#ifdef __cplusplus
extern "C" {
#endif

/* printf into malloc'ed memory of the length it needs (NULL when out of
 * memory): the hooks' descriptions are never cut. */
char *_hkz_bench_strf(const char *fmt, ...)
#ifdef __GNUC__
    __attribute__((format(printf, 1, 2)))
#endif
    ;

/* The CPU steps (ssum_cpu.c): all five, in the hook shape.  The
 * task carries the options through these extra fields. */
typedef struct
{
    hkz_bench_ssum_task_t task;
    int reduce;        /* hkz_dist_reduce_t */
    int nthreads;      /* engine threads (0: auto) */
} _hkz_bench_cpu_task_t;

int _hkz_bench_cpu_create(void **state, char **desc,
                          const _hkz_bench_cpu_task_t *task);
void _hkz_bench_cpu_destroy(void *state);
/* r->blas_core, blas_config, blas_generic of the BLAS linked in. */
void _hkz_bench_blas_info(hkz_bench_ssum_t *r);
int _hkz_bench_cpu_step(void *state, int step);
/* Threads of the engine and the chunks of OVL (as planned: at most one
 * per HKZ_ENGINE_TALIGN columns). */
void _hkz_bench_cpu_info(void *state, int *nthreads, size_t *nchunks);
/* max |engine - plain| over the local slice (NaN for the cos basis, whose
 * baseline multiplies other values), the largest bound, and max |OVL's
 * output - SEQ's|, after the steps have run. */
void _hkz_bench_cpu_check(void *state, double *maxdiff, double *maxbound,
                          double *seqdiff);

/* A step's source: the CPU's or a GPU hook's step function and state. */
typedef struct
{
    int (*step)(void *state, int step);
    void *state;
    int as;            /* the step id passed to the hook */
} _hkz_bench_src_t;

/* The timing protocol (ssum_measure.c): per step s, all[s] the median of
 * the per-run maxima over the ranks, mine[s] this rank's own median,
 * cpu[s] its CPU seconds, spread[s] (max - min) / median, n[s] the calls
 * per timing.  Steps without a source are 0. */
int _hkz_bench_measure(double *all, double *mine, double *cpu, double *spread,
                       int *n, hkz_dist_t d, const _hkz_bench_src_t *src,
                       const hkz_bench_ssum_opts_t *o);

#ifdef __cplusplus
}
#endif

#endif
