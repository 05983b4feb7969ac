/* engine_internal.h -- private pieces of the spectral-sum engine (not
 * installed; shared by kernels/cpu/engine_*.c only). */
#ifndef HKZ_ENGINE_INTERNAL_H
#define HKZ_ENGINE_INTERNAL_H

#include "hkz/engine.h"
#include "hkz/flint_compat.h"
#include "hkz_parallel.h"

/* Largest K accepted: keeps K u <= 2^-13, so gamma_K <= K u (1 + 2^-12). */
#define HKZ_ENGINE_KMAX ((size_t) 1 << 40)

/* The CPU backend's vtable (engine_cpu.c). */
extern const hkz_engine_backend_t _hkz_engine_cpu_backend;

/* Upper bound of a mag as a double (rounded up; +inf if too large). */
double _hkz_mag_get_d_up(const mag_t m);

/* gamma_n = n u / (1 - n u), u = 2^-53, as an upper bound (n <= KMAX). */
void _hkz_mag_gamma(mag_t g, size_t n);

/* Error bounds E[0..M] of the recurrence v_j = fl(2x v_{j-1} - v_{j-2})
 * (v_0 = 1, v_1 = c x exact) for the Chebyshev polynomials of the second
 * kind (kind_u = 1: |exact v_j| <= j + 1) or first kind (kind_u = 0:
 * |exact v_j| <= 1), any x in [-1, 1]. */
void _hkz_engine_recurrence_bounds(double *E, size_t M, int kind_u);

/* hkz_engine_col_bounds in pieces: init (checks the arguments), any
 * column ranges [t0, t1) on any threads (each column's bits are the same
 * whatever the ranges), then status (the first non-finite weight in
 * column-major order, or HKZ_SUCCESS). */
typedef struct
{
    double *err, *mag;
    const double *bmax, *berr, *C, *cerr;
    size_t ldc, K;
    size_t bad;       /* the first non-finite weight, k + K t (minimum over
                         the workers; SIZE_MAX: none) */
    int big;          /* some column's W1 bound is > 2^1021: its outputs
                         are not proven finite (engine_bounds.c, 3) */
} _hkz_col_bounds_t;
int _hkz_engine_col_bounds_init(_hkz_col_bounds_t *A, double *err,
        double *mag, const double *bmax, const double *berr,
        const double *C, const double *cerr, size_t ldc, size_t K);
void _hkz_engine_col_bounds_range(size_t t0, size_t t1, void *arg);
int _hkz_engine_col_bounds_status(const _hkz_col_bounds_t *A);
/* columns [0, T) of A on nthreads threads of pool, then the status */
int _hkz_engine_col_bounds_run(_hkz_col_bounds_t *A, size_t T,
        hkz_pool_t pool, int nthreads);

/* hkz_engine_col_bounds with columns split over nthreads threads. */
int _hkz_engine_col_bounds_mt(double *err, double *mag, const double *bmax,
        const double *berr, const double *C, const double *cerr, size_t ldc,
        size_t K, size_t T, hkz_pool_t pool, int nthreads);


/* The backend table and state of a handle (engine_create.c). */
const hkz_engine_backend_t *_hkz_engine_backend(hkz_engine_t e,
                                                void **state);

/* Hands the handle's pool to the CPU backend's state (engine_cpu.c). */
void _hkz_engine_cpu_set_pool(void *state, hkz_pool_t pool);

/* hkz_engine_problem_check with the scan of the weights on nthreads
 * threads of pool, or without it (scan_weights = 0: the caller's bound
 * pass checks them). */
int _hkz_engine_problem_check_mt(const hkz_engine_problem_t *pb,
        hkz_pool_t pool, int nthreads, int scan_weights);

#endif
