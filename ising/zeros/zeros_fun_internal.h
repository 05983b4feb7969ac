/* zeros_fun_internal.h -- private pieces of the generic certified zero
 * driver (zeros_fun.c): brackets, their refinement (zeros_bracket.c,
 * zeros_guess.c), grid scans (zeros_scan.c) and the per-zero units with
 * checkpoint records and process split (zeros_units.c). */
#ifndef HKZ_ZEROS_FUN_INTERNAL_H
#define HKZ_ZEROS_FUN_INTERNAL_H

#include "zeros_internal.h"
#include "hkz/record.h"

typedef struct
{
    const hkz_ly_fun_struct *f;
    slong W, n;
    slong rel_bits, max_prec, start_prec;
    arf_struct end;         /* right end of the search range (< pi/2) */
    int end_fixed;          /* W even: sign at `end` is meaningful */
    const hkz_ly_opts_t *opts;  /* progress, checkpoint, ranks */
    slong *done;            /* units done (progress) */
} _hkz_lyz_drv_t;

typedef struct
{
    arf_struct a, b;        /* bracket a < b (or search limits if !ok) */
    int sa, sb;             /* certified signs at a, b when ok */
    int ok;                 /* certified sign change in [a, b] */
    slong prec;
    int status;             /* hard error of this entry */
    double guess;
} _hkz_lyz_zb_t;

typedef struct
{
    const _hkz_lyz_drv_t *d;
    _hkz_lyz_zb_t *z;
    arf_srcptr x;           /* scan points */
    int *sg;
    slong *prec;
} _hkz_lyz_task_t;

typedef struct
{
    _hkz_lyz_zb_t *z;
    slong len, alloc;
} _hkz_lyz_list_t;

/* d's constants for degree W (d->end is initialized: arf_clear it) */
void _hkz_lyz_drv_init(_hkz_lyz_drv_t *d, const hkz_ly_fun_struct *f,
                       slong W, const hkz_ly_opts_t *opts, slong *done);
/* inits z from the prediction g between its neighbours gprev, gnext
 * (< 0: none): the limits are the midpoints, 0 and the end of the range */
void _hkz_lyz_guess_entry(const _hkz_lyz_drv_t *d, _hkz_lyz_zb_t *z,
                          double g, double gprev, double gnext);
/* hkz_ly_zeros_fun for a part result (z->part): predictions of z's block
 * by predict_block (zeros lo + 1 .. hi into th[0 .. hi - lo), 0 on
 * success), certification of the block, the count agreed over
 * opts->dist; falls back to hkz_ly_zeros_fun on the whole list. */
int _hkz_lyz_fun_part(hkz_ly_zeros_t z, const hkz_ly_fun_struct *f,
        int (*predict_block)(double *th, slong lo, slong hi, void *ctx),
        const hkz_ly_opts_t *opts);
/* the end of a part run (z's block in pz[0 .. z->len), flint_malloc,
 * freed here; ok: its predictions were fine; st: its status): the goal,
 * the count agreed over opts->dist (NULL: this process alone), the
 * brackets into z, or the whole list by hkz_ly_zeros_fun */
int _hkz_lyz_part_end(hkz_ly_zeros_t z, const hkz_ly_fun_struct *f,
                      const hkz_ly_opts_t *opts, _hkz_lyz_drv_t *d,
                      _hkz_lyz_zb_t *pz, int ok, int st);
/* hkz_ly_zeros_fun on z's block (a part result, or the whole list with
 * opts->dist NULL or of one rank) in pieces of zeros whose predictions
 * are one sweep each (predict_piece: zeros lo + 1 .. hi into th[0 ..
 * hi - lo), 0 on success); the pieces are taken at run time, the ranks
 * that end their own block early take the rest of the others' (the
 * results go back to the owners); progress after every round */
int _hkz_lyz_fun_pieces(hkz_ly_zeros_t z, const hkz_ly_fun_struct *f,
        int (*predict_piece)(double *th, slong lo, slong hi, void *ctx),
        slong piece, const hkz_ly_opts_t *opts);
arf_ptr _hkz_lyz_arf_vec_init(slong n);
void _hkz_lyz_arf_vec_clear(arf_ptr v, slong n);
void _hkz_lyz_zb_init(_hkz_lyz_zb_t *z, slong prec);
void _hkz_lyz_zb_clear(_hkz_lyz_zb_t *z);
/* starting precision near theta (hint added) */
slong _hkz_lyz_start_prec_at(const _hkz_lyz_drv_t *d, double th);
/* signs of F at npts exact points, raising *prec up to max_prec */
int _hkz_lyz_signs(const _hkz_lyz_drv_t *d, int *sg, arf_srcptr x,
                   slong npts, slong *prec);
/* target bracket width 2^-rel_bits |x| */
void _hkz_lyz_target_width(arf_t wt, const _hkz_lyz_drv_t *d, const arf_t x);
/* Newton proposal xn = x - F/F' (1 on success), sgn: certified sign of
 * F(x) for rigorous newton, else 0 */
int _hkz_lyz_newton_prop(const _hkz_lyz_drv_t *d, arf_t xn, arf_t step,
                         int *sgn, const arf_t x, const arf_t res_tol,
                         slong *prec, int *status);
int _hkz_lyz_strictly_inside(const arf_t x, const arf_t a, const arf_t b);
/* refines a certified bracket to the target width (x0: first iterate) */
void _hkz_lyz_refine_bracket(const _hkz_lyz_drv_t *d, _hkz_lyz_zb_t *z,
                             const arf_t x0);
/* from the prediction z->guess inside the limits [a, b]: a certified
 * bracket of target width, or z->ok = 0 */
void _hkz_lyz_refine_guess(const _hkz_lyz_drv_t *d, _hkz_lyz_zb_t *z);
void _hkz_lyz_task_signs(size_t i0, size_t i1, void *arg);
void _hkz_lyz_list_push(_hkz_lyz_list_t *L, _hkz_lyz_zb_t *src);
slong _hkz_lyz_list_normalize(_hkz_lyz_list_t *L);
int _hkz_lyz_range_signs(const _hkz_lyz_drv_t *d, int *s0, int *s_end);
int _hkz_lyz_scan_round(const _hkz_lyz_drv_t *d, _hkz_lyz_list_t *L,
        const char *want, slong per_gap, int s0, int s_end, int nthreads);
slong _hkz_lyz_odd_gaps(char *want, const _hkz_lyz_list_t *L, int s0,
                        int s_end);

/* Runs refine_guess (guess = 1) or refine_bracket on z[0..n-1]: entries
 * recorded in opts->checkpoint are restored, the others are split over
 * opts->dist's ranks by the runner (each refines its block, all get all
 * results),
 * computed on nthreads threads in chunks, recorded and committed after
 * each chunk, with opts->progress told (*done += chunk, total).  Every
 * process returns the same status. */
/* the state of an entry as record fields (prec ok sa sb status a b), and
 * back (1 if malformed) */
void _hkz_lyz_put_state(hkz_rec_enc_t *e, const _hkz_lyz_zb_t *z);
/* entry j's state appended to *buf (flint_realloc'd: *len used, *cap
 * allocated) in bytes; read back at *p (advanced), 0 or 1 when malformed
 * (zeros_state_bin.c) */
void _hkz_lyz_state_put_bin(char **buf, size_t *len, size_t *cap, slong j,
                            const _hkz_lyz_zb_t *z);
int _hkz_lyz_state_get_bin(slong *j, _hkz_lyz_zb_t *z, const char **p,
                           const char *end);
int _hkz_lyz_set_state(_hkz_lyz_zb_t *z, const char *v);
int _hkz_lyz_units(const _hkz_lyz_drv_t *d, _hkz_lyz_zb_t *z, slong n,
                   int guess, int nthreads, const hkz_ly_opts_t *opts,
                   slong *done, slong total);

#endif
