/* transfer_impl.h -- private state vectors of the sparse site-by-site
 * transfer matrix (transfer_sparse.c, transfer_vec.c, transfer_torus.c,
 * transfer_meet.c; not installed).
 *
 * A state s (0 <= s < 2^L) is the boundary: the last L spins placed (bit c
 * = 1: spin at column c down).  Each state carries the counts g[b][k] of
 * the partial configurations that end in it: for k0 <= k < k0 + nk a run
 * b = lo + bs*j (0 <= j < len) per k (the hull of the reachable b), so
 * only the "lens" of reachable pairs is kept.  Block v[s]: 2 nk header
 * words (lo, len of each k row), then nw words per count, modulo p[w]
 * (p[w] = 0: modulo 2^64), word-major: data[w * sz + off(k) + j], with
 * sz = sum of len and off(k) the sum of len over the rows before k.
 */
#ifndef HKZ_TRANSFER_IMPL_H
#define HKZ_TRANSFER_IMPL_H

#include "ising_impl.h"
#include "hkz/progress.h"

typedef struct
{
    slong L, nst;           /* columns, 2^L states */
    slong nw, bs;           /* words per count, b stride (1 or 2) */
    const ulong *p;         /* nw moduli, 0 = 2^64 */
    int nthreads;
    hkz_pool_t pool;        /* private FLINT pool of nthreads - 1 workers */
    slong kcap;             /* largest nk (N + 1) */
    slong *k0, *nk, *sz;
    ulong **v;              /* NULL when the state is empty */
    slong entries;          /* sum of sz over the states */
    slong peak;             /* largest value of entries seen */
} _hkz_tm_vec_struct;
typedef _hkz_tm_vec_struct _hkz_tm_vec_t[1];

int _hkz_tm_vec_init(_hkz_tm_vec_t V, slong L, slong N, slong nw,
                     slong bs, const ulong *p, int nthreads);
void _hkz_tm_vec_clear(_hkz_tm_vec_t V);

/* Empties every state. */
void _hkz_tm_vec_zero(_hkz_tm_vec_t V);

/* State s gets the single count 1 at (b, k) (s must be empty). */
int _hkz_tm_vec_set_one(_hkz_tm_vec_t V, ulong s, slong b, slong k);

/* Places the spin at column c of a new row: it replaces bit c of the
 * state and adds the bond to the spin above (old bit c), to column c-1
 * (c >= 1) and, at c = L-1, the periodic bond to column 0.  Threads split
 * the 2^(L-1) independent state pairs {a, a | 2^c}.  HKZ_ERR_NOMEM or
 * HKZ_ERR_INTERNAL (parity bug) on failure; V is then emptied. */
int _hkz_tm_vec_step(_hkz_tm_vec_t V, slong c);

/* Runs nrows rows (L steps each) on V, one progress unit per row. */
int _hkz_tm_vec_rows(_hkz_tm_vec_t V, slong nrows, const hkz_progress_t *pr,
                     slong *done, slong total);

/* W = a deep copy of V's state blocks (W initialised like V). */
int _hkz_tm_vec_copy(_hkz_tm_vec_t W, const _hkz_tm_vec_t V);

/* Moduli of counts < 2^bits: nw words, p[0] = 0 (2^64), then primes
 * below 2^62 (p has room for _HKZ_TM_MAX_WORDS). */
#define _HKZ_TM_MAX_WORDS 8
slong _hkz_tm_moduli(ulong *p, slong bits);

/* Torus closing (transfer_meet.c): D[b nkk + k] (GL limbs each, modulo
 * 2^(64 GL)) += sum_s A(s) B(s) shifted by the doubly counted rows
 * (b - h(s) - h(s0), k - k(s) - k(s0)); A = u_a, B = u_a' of a first-row
 * run from s0 (A == B allowed), each state s times wt[s] (0: left
 * out).  The nthreads threads of pool split the states. */
int _hkz_tm_close(ulong *D, slong GL, slong nb, slong nkk,
                  const _hkz_tm_vec_struct *A, const _hkz_tm_vec_struct *B,
                  ulong s0, const ulong *wt, hkz_pool_t pool, int nthreads);

/* Torus L x M (L <= M) by meet in the middle (transfer_torus.c). */
int _hkz_tm_torus(hkz_ising_dos_t d, slong L, slong M, int nthreads,
                  const hkz_progress_t *pr,
                  hkz_ising_transfer_stats_t *stats);

/* img[g 2^L + s] (g < 2L): the dihedral images of the rows (flint_free);
 * the weight of the first-row pair (x, y) under dihedral x flip x swap:
 * 0 unless (x, y) is the smallest of its orbit, else 8L / |stabiliser|
 * (transfer_torus.c). */
ulong *_hkz_tm_dihedral_table(slong L);
ulong _hkz_tm_pair_weight(const ulong *img, slong L, ulong x, ulong y);

/* Torus L x M (L <= M) by meet in the middle on the GPU through
 * g->transfer_meet (transfer_cuda_meet.c): d gets g, S (not the unit);
 * path != NULL: checkpoint after every batch of runs (resume = 1: start
 * from it; another lattice or damaged: HKZ_ERR_CHECKPOINT). */
int _hkz_tm_torus_cuda(hkz_ising_dos_t d, slong L, slong M,
                       const hkz_ising_dos_gpu_t *g, const char *path,
                       int resume, const hkz_progress_t *pr,
                       hkz_ising_transfer_stats_t *stats);

/* Memory plan (bytes) of the torus run. */
double _hkz_tm_torus_plan(slong L, slong M, int nthreads);

/* Number of unsatisfied horizontal bonds of a periodic row. */
slong _hkz_tm_row_bonds(ulong s, slong L);

#endif
