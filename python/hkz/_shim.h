/* The C side of the Python package hkz (compiled by cffi in
 * hkz/_build.py against include/hkz and libhkz).  Each function is one
 * CLI command's library calls with plain C arguments: numbers as exact
 * strings (decimals, "[mid +/- rad]" balls), results as balls that the
 * Python side reads exactly (hkzpy_ball_parts).  No formatting, no
 * printing; a status code with hkz_errmsg() as everywhere in hkz. */
#ifndef HKZPY_SHIM_H
#define HKZPY_SHIM_H

#include "hkz/hkz.h"
#include "hkz/grid.h"
#include "hkz/ly.h"

typedef int (*hkzpy_prog_fn)(void *ctx, slong done, slong total);

/* ---- balls (_shim.c) ---------------------------------------------------- */
arb_struct *hkzpy_vec_new(slong n);
void hkzpy_vec_free(arb_struct *v, slong n);
/* "MAN EXP RMAN REXP" in hex: x = MAN 2^EXP +/- RMAN 2^REXP (exact) */
char *hkzpy_ball_parts(const arb_struct *x);
void hkzpy_str_free(char *s);

/* ---- scalar kernels (_shim.c; the rest of digits.h is called directly) */
/* kind 0: h_t(alpha) (a = alpha), 1: p_t(r, z) (a = r, b = z), 2: Milnor
 * (w = "a,b,c" and g = "a_re,a_im,b_re,b_im" or cyl = "r,phi,z") */
int hkzpy_heat(arb_struct *res, int kind, const char *t, const char *a,
               const char *b, const char *w, const char *g,
               const char *cyl, slong deriv, slong digits);

/* ---- grids (_shim_grid.c) ---------------------------------------------- */
typedef struct hkzpy_grid_s hkzpy_grid_t;
/* kind: hkz_grid_kind_t; lists in the LIST syntax ("a,b" or "A:B:N");
 * unused ones NULL.  *P points, *T times. */
int hkzpy_grid_new(hkzpy_grid_t **g, int kind, const char *t,
                   const char *alpha, const char *r, const char *z,
                   const char *weights, const char *file, int op,
                   const char *spec, ulong deriv, slong digits, slong *P,
                   slong *T);
void hkzpy_grid_free(hkzpy_grid_t *g);
/* which: 0 t, 1 alpha, 2 r, 3 z: the list's length, its values as
 * doubles (nearest) */
slong hkzpy_grid_axis(const hkzpy_grid_t *g, int which, double *out);
/* every row (p, j) at p T + j; device: hkz_backend_t; summary counts
 * engine, scalar, missed */
int hkzpy_grid_run(hkzpy_grid_t *g, int device, int scalar_only,
                   double *mid, double *rad, signed char *certified,
                   signed char *scalar, signed char *missed, slong *counts,
                   hkzpy_prog_fn prog, void *ctx);

/* ---- Lee-Yang zeros, trajectories, tables (_shim_ly.c) ----------------- */
/* models for tables (dos) */
int hkzpy_model_graph(hkz_ising_model_struct **m, const char *text);
int hkzpy_model_lattice(hkz_ising_model_struct **m, slong L, slong M,
                        int cylinder);
void hkzpy_model_free(hkz_ising_model_struct *m);
/* the digits-level zero finders with threads, method and progress; the
 * list is kept (*z) also on HKZ_ERR_PREC / HKZ_ERR_NOT_CERTIFIED */
int hkzpy_zeros_cw(hkz_ly_zeros_struct **z, slong N, const char *t,
                   int method, slong digits, int threads,
                   hkzpy_prog_fn prog, void *ctx);
int hkzpy_zeros_graph(hkz_ly_zeros_struct **z, const char *edges,
                      slong digits, int threads, hkzpy_prog_fn prog,
                      void *ctx);
/* lattice: HKZ_ERR_TOO_LARGE past the CLI's CPU budget unless force */
int hkzpy_zeros_lattice(hkz_ly_zeros_struct **z, slong L, slong M,
                        int cylinder, const char *K, slong digits,
                        int threads, int force, hkzpy_prog_fn prog,
                        void *ctx);
void hkzpy_zeros_free(hkz_ly_zeros_struct *z);
/* zeros j0..j1-1 (0-based) of K_N over [t0, t1]; beyond t* (set in
 * tstar) every zero stays within its limit +/- the goal: the steps stop
 * there and tail[j - j0] receives the enclosure over [t*, t1] (tail may
 * be NULL; *has_tail = 1 iff t* < t1); *Np (the family's parameter)
 * must outlive *tr */
int hkzpy_track_cw(hkz_ly_track_t *tr, slong *Np, arb_struct *tstar,
                   arb_struct *tail, int *has_tail, slong N, const char *t0, const char *t1,
                   slong j0, slong j1, int method, slong digits,
                   int threads, hkzpy_prog_fn prog, void *ctx);
void hkzpy_cw_limits(arb_struct *zero_coupling, arb_struct *inf, slong j,
                     slong N, slong prec);
/* the exact table g(b, k) of a model by the transfer matrix (lattices)
 * or the enumeration (graphs; HKZ_ERR_TOO_LARGE past 33 vertices unless
 * force: it cannot be interrupted); counts as decimal strings via
 * hkzpy_dos_count */
int hkzpy_dos(hkz_ising_dos_struct **d, const hkz_ising_model_struct *m,
              int threads, int force, hkzpy_prog_fn prog, void *ctx);
char *hkzpy_dos_count(const hkz_ising_dos_struct *d, slong i, slong k);
char *hkzpy_dos_unit(const hkz_ising_dos_struct *d);
char *hkzpy_dos_S(const hkz_ising_dos_struct *d);
void hkzpy_dos_free(hkz_ising_dos_struct *d);

#endif
