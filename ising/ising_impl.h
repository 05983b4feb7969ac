/* ising_impl.h -- private helpers shared by the ising/ sources (not installed). */
#ifndef HKZ_ISING_IMPL_H
#define HKZ_ISING_IMPL_H

#include "hkz/ising.h"
#include "hkz/status.h"
#include <flint/thread_pool.h>

/* Appends an edge without the duplicate check (callers guarantee it). */
int _hkz_ising_model_push_edge(hkz_ising_model_t m, slong u, slong v,
                               const fmpq_t J);

/* Integer multipliers n_e (length nedges) and unit J0 with c_e = n_e J0
 * (J0 > 0; J0 = 1 when every c_e is 0).  HKZ_ERR_ARG if some c_e is a
 * ball.  If skip >= 0 that edge is left out (n[skip] = 0). */
int _hkz_ising_multipliers(fmpz *n, fmpq_t unit, const hkz_ising_model_t m,
                           slong skip);

/* Edge-list tokens (model_parse.c): a non-negative id <= max (0 ok, 1 not
 * an unsigned integer, 2 too large); an exact decimal or p/q (0 ok). */
int _hkz_ising_parse_id(slong *x, const char *s, slong len, slong max);
int _hkz_ising_parse_coupling(fmpq_t q, const char *s, slong len);

/* Threads of the counting methods (dos_threads.c): a private FLINT
 * thread pool; do(f, arg, n) runs f(i, arg) for 0 <= i < n, item i on
 * thread i mod (threads) (strided, deterministic), and returns when all
 * are done.  nthreads <= 1: everything in the caller. */
typedef struct
{
    thread_pool_t pool;
    thread_pool_handle *h;
    slong nh;
} _hkz_ising_threads_struct;
typedef _hkz_ising_threads_struct _hkz_ising_threads_t[1];
void _hkz_ising_threads_init(_hkz_ising_threads_t T, int nthreads);
void _hkz_ising_threads_clear(_hkz_ising_threads_t T);
void _hkz_ising_threads_do(_hkz_ising_threads_t T,
                           void (*f)(slong, void *), void *arg, slong n);

/* Sets d to an nb x nk zero table. */
int _hkz_ising_dos_alloc(hkz_ising_dos_t d, slong nb, slong nk, slong bmin);

/* True if the lattice transfer matrix applies (lattice kind, all c_e
 * exact and equal, unit weights). */
int _hkz_ising_transfer_ok(const hkz_ising_model_t m);

/* The GPU counting registered by hkz_cuda_register, or NULL
 * (dos/dos_gpu.c). */
const hkz_ising_dos_gpu_t *_hkz_ising_dos_gpu(void);

/* Enumeration core (dos_enum.c).  Vertices 0..n-1 with multipliers nmul
 * on edges (eu, ev) (ne of them; zero multipliers allowed), weights w
 * (NULL: 1).  Fills h0 (and h1 when split >= 0) with counts over
 * configurations in which vertex `anchor` is up, indexed
 * (b - bmin) * nk + k; with split >= 0 the configurations with
 * s_split = -s_anchor go to h1. */
int _hkz_ising_enum_core(slong *h0, slong *h1, slong n, slong ne,
                         const slong *eu, const slong *ev, const slong *nmul,
                         const slong *w, slong bmin, slong nb, slong nk,
                         slong anchor, slong split, int nthreads);

/* Closed-form table of a complete-graph model (dos_complete.c). */
int _hkz_ising_dos_complete(hkz_ising_dos_t d, const hkz_ising_model_t m);

/* Cache of exact tables in the model (model_cache.c).  The tables are
 * computed once under a lock; the full table is then only read (the
 * pointer stays valid until the model is edited or cleared), the split
 * tables of one edge are evaluated under the lock. */
void _hkz_ising_model_cache_init(hkz_ising_model_t m);
void _hkz_ising_model_cache_clear(hkz_ising_model_t m);
void _hkz_ising_model_cache_drop(hkz_ising_model_t m);
int _hkz_ising_model_cached_dos(const hkz_ising_dos_struct **d,
                                const hkz_ising_model_t m, int nthreads);
/* Installs a copy of d as the full table (the caller checked it). */
int _hkz_ising_model_cache_set_dos(hkz_ising_model_t m,
                                   const hkz_ising_dos_t d);
int _hkz_ising_model_cached_poly_edge(arb_ptr ap, arb_ptr am,
                                      const hkz_ising_model_t m, slong edge,
                                      int nthreads, slong prec);

/* Ball enumeration (poly_enum_arb.c): a0, and a1 with edge split. */
int _hkz_ising_enum_arb(arb_ptr a0, arb_ptr a1, const hkz_ising_model_t m,
                        slong edge, slong prec);

#endif
