/* ising_impl.h -- private helpers shared by the ising/ sources (not installed). */
#ifndef HKZ_ISING_IMPL_H
#define HKZ_ISING_IMPL_H

#include "hkz/ising.h"
#include "hkz/status.h"
#include "hkz_parallel.h"

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

/* Threads of the counting methods (enumeration, transfer matrices): a
 * private FLINT pool of exactly nthreads - 1 workers (hkz_pool_create;
 * FLINT's global pool holds flint_get_num_threads() threads, so a library
 * call could not honour its nthreads argument there) and hkz_parallel_for
 * over it.  Each job keeps its own partial counts, summed exactly. */

/* Sets d to an nb x nk zero table; d to a copy of src. */
int _hkz_ising_dos_alloc(hkz_ising_dos_t d, slong nb, slong nk, slong bmin);
int _hkz_ising_dos_set(hkz_ising_dos_t d, const hkz_ising_dos_t src);

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

/* Drops the table installed by hkz_ising_model_set_dos (model_init.c;
 * called by every function that edits edges, couplings or weights). */
void _hkz_ising_model_drop_dos(hkz_ising_model_t m);

/* Exact tables of one model computed once for a caller that evaluates
 * them many times (dos_cache.c; the zero finders go up in precision, the
 * exact table depends neither on it nor on the coupling scale).  The
 * caller holds the cache and keeps the model unedited while it does; the
 * table installed in the model (hkz_ising_model_set_dos) is used instead
 * of computing one; computed once under the cache's lock, then only read
 * (the pointer stays valid until the cache is freed). */
typedef struct _hkz_ising_dos_cache_s _hkz_ising_dos_cache_t;
_hkz_ising_dos_cache_t *_hkz_ising_dos_cache_new(void);
void _hkz_ising_dos_cache_free(_hkz_ising_dos_cache_t *c);
int _hkz_ising_dos_cache_full(const hkz_ising_dos_struct **d,
                              _hkz_ising_dos_cache_t *c,
                              const hkz_ising_model_t m, int nthreads);

/* hkz_ising_poly with the exact table from a cache (poly.c). */
int _hkz_ising_poly_cached(arb_ptr a, _hkz_ising_dos_cache_t *c,
                           const hkz_ising_model_t m, slong prec);

/* Ball enumeration (poly_enum_arb.c): a0, and a1 with edge split. */
int _hkz_ising_enum_arb(arb_ptr a0, arb_ptr a1, const hkz_ising_model_t m,
                        slong edge, slong prec);

#endif
