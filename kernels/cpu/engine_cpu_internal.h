/* engine_cpu_internal.h -- the pieces of the CPU backend (not installed;
 * kernels/cpu/engine_cpu*.c only): the basis recurrence
 * (engine_cpu_gen.c) and the aligned DGEMM tiles (engine_cpu_gemm.c) that
 * engine_cpu.c drives.  See the note at the top of engine_cpu.c for the
 * summation order. */
#ifndef HKZ_ENGINE_CPU_INTERNAL_H
#define HKZ_ENGINE_CPU_INTERNAL_H

#include "engine_internal.h"

/* Columns g0 .. g0 + nk - 1 of the recurrence v_0 = 1, v_1 = c1 x,
 * v_g = (2x) v_{g-1} - v_{g-2} (the scheme the bounds in engine_bounds.c
 * are proven for), rows [i0, i1).  prev/cur hold v_{g0-2}, v_{g0-1} on
 * entry and v_{g0+nk-2}, v_{g0+nk-1} on exit. */
typedef struct
{
    const double *x;
    double c1;
    double *prev, *cur;
    double *blk;
    size_t ld, g0, nk;
} _hkz_cpu_gen_t;

/* The recurrence columns of A for np points on the pool's threads (one
 * thread for small blocks). */
int _hkz_engine_cpu_gen_cols(_hkz_cpu_gen_t *A, size_t np,
        hkz_pool_t pool, int nthreads);

/* One K-block times the chunk's weights, the (np x tc) tile cut into
 * aligned sub-tiles, one per thread. */
typedef struct
{
    const double *blk, *C;
    const double *Ctail;      /* the last T mod 64 columns of C, zero-
                                 padded to 64 columns (ld K), or NULL */
    double *out;
    size_t np, tc, nk, ldb, ldc, ldo, k0, K;
    size_t nr, nc;            /* sub-tile grid: nr x nc */
    int last;                 /* the last K-block: check the outputs */
    int check;                /* 0: the caller checks them (they may be
                                 proven finite, engine_bounds.c 3) */
    size_t bad;               /* the first non-finite output of the tile
                                 (row + np col; SIZE_MAX: none) */
    int status;               /* HKZ_ERR_NOMEM if a scratch tile failed */
} _hkz_cpu_gemm_t;

#define HKZ_ALIGN_UP(n) (((n) + HKZ_ENGINE_TALIGN - 1) / HKZ_ENGINE_TALIGN * \
                         HKZ_ENGINE_TALIGN)
#define HKZ_ALIGN_DOWN(n) ((n) / HKZ_ENGINE_TALIGN * HKZ_ENGINE_TALIGN)

/* The grid of nr x nc sub-tiles for ur x uc units of 64 rows / columns:
 * up to nth column blocks (contiguous outputs), then
 * HKZ_CPU_TILES_PER_THREAD row blocks per thread left (1 on 1 or 2
 * threads, engine_cpu_gemm.c): the threads take
 * sub-tiles one at a time, so that a slow core or a late wake-up does not
 * hold the others at the end of the region (at 4096^3 on 16 cores one
 * sub-tile per thread kept the cores busy 76% of the run). */
#define HKZ_CPU_TILES_PER_THREAD 4
void _hkz_engine_cpu_tiles(size_t *nr, size_t *nc, size_t ur, size_t uc,
                           int nth);

/* Sub-tiles [i0, i1) of the nr x nc grid of A (an _hkz_cpu_gemm_t):
 * fn of hkz_parallel_for. */
void _hkz_engine_cpu_gemm_range(size_t i0, size_t i1, void *varg);

/* Rows [i0, i1) of the recurrence columns of A (an _hkz_cpu_gen_t): fn
 * of hkz_parallel_for. */
void _hkz_engine_cpu_gen_range(size_t i0, size_t i1, void *varg);

/* One K-block of a USER basis on the pool: the sub-tiles of G (its grid
 * set here), taken one at a time. */
int _hkz_engine_cpu_region(hkz_pool_t pool, int nth, _hkz_cpu_gemm_t *G);

/* Sub-tiles [i0, i1) of A's nr x nc grid: their outputs finite (the
 * first bad one into A->bad): fn of hkz_parallel_for. */
void _hkz_engine_cpu_check_range(size_t i0, size_t i1, void *varg);

/* Start of part i of n split into parts at multiples of
 * HKZ_ENGINE_TALIGN (the sub-tile boundaries). */
size_t _hkz_engine_cpu_split(size_t n, size_t parts, size_t i);

/* Rows [r0, r1) x columns [c0, c1) of A's block through all of A's K-block,
 * panel by panel (ragged ends in scratch tiles); after the last K-block
 * the outputs are checked.  Errors go to A->status and A->bad. */
void _hkz_engine_cpu_gemm_tile(_hkz_cpu_gemm_t *A, size_t r0, size_t r1,
        size_t c0, size_t c1);

/* Generated bases (CHEB_U, COS): every K-block of G's (np x tc) block in
 * one region without barriers (engine_cpu_flow.c); G's grid is set here.
 * bnd != NULL: also the bounds of columns [0, T) (initialised; the
 * caller reads its status), at the end of the list. */
#define HKZ_CPU_FLOW_NBUF 3
typedef struct
{
    const hkz_engine_problem_t *pb;
    const double *x;           /* the block's points */
    const double *tab;         /* COS: T_0 .. T_M of them (ld np), or NULL */
    double *buf[HKZ_CPU_FLOW_NBUF];   /* K-blocks of ldb x kb, zeroed */
    double *prev, *cur;        /* np rows each */
    size_t kb;                 /* modes per K-block (multiple of KPANEL) */
    _hkz_col_bounds_t *bnd;
    size_t T;
} _hkz_cpu_flow_in_t;
int _hkz_engine_cpu_flow(hkz_pool_t pool, int nth, _hkz_cpu_gemm_t *G,
        const _hkz_cpu_flow_in_t *in);

/* The BLAS runs single-threaded while any engine run is active (process-
 * wide setting, saved by the first run and restored by the last). */
void _hkz_engine_blas_serial_enter(void);
void _hkz_engine_blas_serial_leave(void);
/* stops OpenBLAS's spinning workers (outside runs; engine_cpu_gemm.c) */
void _hkz_engine_blas_workers_stop(void);

#endif
