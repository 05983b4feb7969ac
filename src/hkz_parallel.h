/* hkz_parallel.h -- the one parallel for of the library (src/parallel.c;
 * not installed): FLINT's thread pool, either a private pool of exactly
 * nthreads - 1 workers (the engine's handle, the counting methods) or
 * FLINT's global pool (flint_set_num_threads; the Lee-Yang drivers). */
#ifndef HKZ_PARALLEL_H
#define HKZ_PARALLEL_H

#include <stddef.h>

typedef struct hkz_pool_s *hkz_pool_t;

/* A private FLINT thread pool of nthreads - 1 workers (*p = NULL when
 * nthreads <= 1). */
int hkz_pool_create(hkz_pool_t *p, int nthreads);
void hkz_pool_destroy(hkz_pool_t *p);

/* FLINT's global pool (at most flint_get_num_threads() threads; the hkz
 * CLI sets it from --threads). */
hkz_pool_t hkz_pool_flint(void);

/* Calls fn(i0, i1, arg) over [0, n) in ranges on at most nthreads threads
 * (the caller's included) and returns when all are done.
 *   grain 0: min(n, nthreads) ranges [n r / m, n (r + 1) / m) (the split
 *   depends on n and nthreads only);
 *   grain g >= 1: ranges of g indices (the last shorter), each taken by
 *   the next free thread (dynamic schedule).
 * The ranges never depend on timing, only which thread runs which.  pool:
 * a private pool, hkz_pool_flint(), or NULL (all in the caller).  A range
 * that finds no free worker
 * (a busy pool, a nested call from fn) runs in the caller.  fn must be
 * safe to run on several threads at once (disjoint outputs).  Returns
 * HKZ_SUCCESS. */
int hkz_parallel_for(hkz_pool_t pool, size_t n, int nthreads, size_t grain,
                     void (*fn)(size_t i0, size_t i1, void *arg), void *arg);

#endif
