/* hkz/su2mix.h -- mixing-type (non-product) left-invariant operators on
 * SU(2)^n (spec heat_kernels_su2.md section 6.4 X8; issue 5 item 7).
 *
 * NORMALIZATION: N_unit (spec 1.1): [X,Y] = 2Z, probability Haar measure.
 * The operator is L = -sum_k V_k^2 with V_k = sum_{i,f} C[k][3i+f] F_{i,f},
 * F_{i,0} = X_i, F_{i,1} = Y_i, F_{i,2} = Z_i of factor i (i = 0..n-1 in
 * the C API; the CLI numbers factors from 1).  L depends only on the Gram
 * matrix Q = C^T C (3n x 3n, symmetric PSD):
 *   L = -sum_{a,b} Q_ab F_a F_b,
 * and everything here is computed from Q.
 *
 * Per irreducible pi = (x)_i V_{n_i} (n_i >= 1, dimension d_pi = prod n_i)
 * the block Lhat(pi) = -sum_ab Q_ab dpi(F_a) dpi(F_b) is Hermitian PSD on
 * C^{d_pi}, in the tensor Z-eigenbasis of spec 1.3 (index of factor i as in
 * su2.h: i = (k + n - 1)/2; factor 0 is the slowest index).
 *
 * Certified results: double eigendecomposition (LAPACKE zheevd, or a
 * registered GPU solver) + a residual enclosure in Arb (Weyl + Ostrowski,
 * see hkz_su2mix_eig_enclose); the accuracy is that of the double
 * eigenvectors (about 1e-13 relative to ||Lhat(pi)||), not prec.
 * The truncation to the box n_i <= nmax_i is bounded through a product-
 * type minorant L0 with L >= L0/K (hkz_su2mix_minorant).
 */
#ifndef HKZ_SU2MIX_H
#define HKZ_SU2MIX_H

#include "hkz/config.h"
#include "hkz/flint_compat.h"
#include "hkz/engine.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- the operator (groups/su2mix/op.c, parse.c) ------------------------ */

typedef struct
{
    slong n;       /* factors */
    arb_mat_struct Q; /* 3n x 3n Gram matrix, index a = 3 i + f */
} hkz_su2mix_op_struct;
typedef hkz_su2mix_op_struct hkz_su2mix_op_t[1];

/** n factors (n >= 1), Q = 0. */
HKZ_API void hkz_su2mix_op_init(hkz_su2mix_op_t op, slong n);
HKZ_API void hkz_su2mix_op_clear(hkz_su2mix_op_t op);

/** Q = C^T C from the field matrix C (nv x 3n, any nv >= 1).  HKZ_ERR_ARG
 *  on a shape mismatch, HKZ_ERR_DOMAIN for non-finite entries. */
HKZ_API HKZ_WARN_UNUSED int hkz_su2mix_op_set_fields(hkz_su2mix_op_t op,
        const arb_mat_t C, slong prec);

/** Q given directly (symmetric 3n x 3n; PSD is the caller's promise and is
 *  checked by hkz_su2mix_minorant on the support). */
HKZ_API HKZ_WARN_UNUSED int hkz_su2mix_op_set_gram(hkz_su2mix_op_t op,
        const arb_mat_t Q);

/** Milnor product: V = {sqrt(a_i) X_i, sqrt(b_i) Y_i, sqrt(c_i) Z_i},
 *  i.e. Q = diag(a_0, b_0, c_0, a_1, ...) (c_i may be 0; c may be NULL). */
HKZ_API HKZ_WARN_UNUSED int hkz_su2mix_op_set_milnor(hkz_su2mix_op_t op,
        arb_srcptr a, arb_srcptr b, arb_srcptr c, slong prec);

/** Designed example of spec X8(ii): V = {sqrt(b_i) X_i, sqrt(b_i)(Y_i +
 *  eps_i X_{i+1})}, i = 0..n-1, with eps_{n-1} := 0 (eps has n-1 entries;
 *  may be NULL for n = 1).  b_i > 0. */
HKZ_API HKZ_WARN_UNUSED int hkz_su2mix_op_set_example_ii(hkz_su2mix_op_t op,
        arb_srcptr b, arb_srcptr eps, slong prec);

/** Parses fields "X1; Y1 + 0.5*X2; 2*X2; -Y2 + 1/3*Z1" (';' or newline
 *  separates fields, '#' starts a comment; a term is [coef[*]]F<i> with F
 *  in X, Y, Z and 1 <= i <= n; coef a decimal or p/q, read exactly as a
 *  ball at prec).  n = 0: the number of factors is the largest index.
 *  HKZ_ERR_ARG with a message naming the offending text. */
HKZ_API HKZ_WARN_UNUSED int hkz_su2mix_op_parse(hkz_su2mix_op_t op,
        const char *spec, slong n, slong prec);

/* ---- product-type minorant (minorant.c) -------------------------------- */

#define HKZ_SU2MIX_FACTOR_DELTA 0 /* m_i Delta_i: X, Y, Z all present */
#define HKZ_SU2MIX_FACTOR_SUB 1   /* m_i (F^2 + F'^2): one direction absent
                                     (its rows of Q exactly zero) */

typedef struct
{
    slong n;
    int *type;      /* HKZ_SU2MIX_FACTOR_* per factor */
    int *absent;    /* SUB: the absent direction 0, 1, 2 (X, Y, Z) */
    arb_ptr m;      /* m_i > 0: min of factor i's present diagonal entries */
    arb_t K;        /* proven: Q - Q0/K is PSD, Q0 = sum m_i (present F)^2 */
    double lmin;    /* double estimate of lambda_min(D^-1/2 Q D^-1/2) */
} hkz_su2mix_minorant_struct;
typedef hkz_su2mix_minorant_struct hkz_su2mix_minorant_t[1];

HKZ_API void hkz_su2mix_minorant_init(hkz_su2mix_minorant_t mn);
HKZ_API void hkz_su2mix_minorant_clear(hkz_su2mix_minorant_t mn);

/** Finds L0 = sum_i m_i L0_i (product type) and a proven K >= 1 with
 *  L >= L0/K.  K = 1 exactly when Q is diagonal; otherwise K is slightly
 *  above 1/lambda_min(D^-1/2 Q_S D^-1/2) (double estimate on the support
 *  S, D = diag(Q0)) and Q_S - D/K is proven positive definite by
 *  arb_mat_cho.  HKZ_ERR_UNSUPPORTED ("no product-type minorant; tail not
 *  certified") when a factor has fewer than two directions, a row of an
 *  absent direction is not exactly zero, or Q_S is not proven PD. */
HKZ_API HKZ_WARN_UNUSED int hkz_su2mix_minorant(hkz_su2mix_minorant_t mn,
        const hkz_su2mix_op_t op, slong prec);

/** lambda_min(Lhat0(pi)) = sum_i m_i lambda_i(n_i) (Delta: n^2-1, sub:
 *  2(n-1)) and tr exp(-s Lhat0(pi)) = prod_i tr_i (exact enclosures). */
HKZ_API void hkz_su2mix_minorant_lmin(arb_t res,
        const hkz_su2mix_minorant_t mn, const slong *nvec, slong prec);
HKZ_API void hkz_su2mix_minorant_trace(arb_t res,
        const hkz_su2mix_minorant_t mn, const slong *nvec, const arb_t s,
        slong prec);

/** Box tail of mu^{L0}_s(e): sum over pi outside {n_i <= nmax_i} of
 *  d_pi tr e^{-s Lhat0(pi)} <= res = prod(T_i + tau_i) - prod T_i, with
 *  T_i the factor's box sum and tau_i the proven factor tails (TB1 of spec
 *  2 for Delta factors, the bound in minorant.c for sub factors).  Also
 *  box0 = prod T_i (mu^{L0}_s(e) restricted to the box; may be NULL). */
HKZ_API HKZ_WARN_UNUSED int hkz_su2mix_minorant_tail(arb_t res, arb_t box0,
        const hkz_su2mix_minorant_t mn, const slong *nmax, const arb_t s,
        slong prec);

/* ---- blocks (block.c, eig.c) ------------------------------------------ */

/** d = prod nvec[i]; H = Lhat(pi) (acb, d x d, initialized by the caller
 *  to d x d). */
HKZ_API HKZ_WARN_UNUSED int hkz_su2mix_block(acb_mat_t H,
        const hkz_su2mix_op_t op, const slong *nvec, slong prec);

/** Same in complex double, column-major interleaved (re, im): H has
 *  2 d^2 doubles (LAPACK layout, ld = d). */
HKZ_API HKZ_WARN_UNUSED int hkz_su2mix_block_d(double *H,
        const hkz_su2mix_op_t op, const slong *nvec);

/** Double Hermitian eigensolver used by the module: w ascending, V (2 d^2
 *  doubles, column-major interleaved, columns = eigenvectors) overwrites
 *  H.  The registered solver (GPU) when one is registered and d >=
 *  its threshold, else LAPACKE_zheevd.  HKZ_ERR_LAPACK on failure. */
HKZ_API HKZ_WARN_UNUSED int hkz_su2mix_eigh_d(double *w, double *H,
        slong d);

/** LAPACKE_zheevd alone (the reference). */
HKZ_API HKZ_WARN_UNUSED int hkz_su2mix_eigh_lapack(double *w, double *H,
        slong d);

/** The eigensolver hook: a double solver for batch Hermitian matrices of
 *  order n stored one after another in the layout of
 *  hkz_su2mix_eigh_lapack (2 n^2 doubles each), w: batch * n eigenvalues,
 *  ascending per matrix.  Plain C types, so that a generic solver plugs in
 *  directly: hkz_cuda_register() of libhkz_cuda (hkz/cuda.h) registers
 *  hkz_cuda_eigh_herm for blocks of dimension >= 64 (cuSOLVER).  A solver
 *  that returns HKZ_ERR_UNSUPPORTED (no device) must leave w and H
 *  untouched: hkz_su2mix_eigh_d then uses LAPACKE.
 *  Double seeds only: the certified path re-checks them in Arb.
 *  min_dim: smaller blocks stay on the CPU.  fn == NULL unregisters. */
typedef int (*hkz_su2mix_eigh_fn)(double *w, double *H, size_t n,
        size_t batch);
HKZ_API void hkz_su2mix_eigh_register(hkz_su2mix_eigh_fn fn, slong min_dim);
HKZ_API hkz_su2mix_eigh_fn hkz_su2mix_eigh_registered(void);

/** Certified eigenvalues of a Hermitian H (d x d balls) from an
 *  approximate double decomposition (w ascending, V as above): with
 *  E = V^* H V - diag(w) and F = V^* V - I in ball arithmetic (acb_mat),
 *  Weyl gives |lambda_j(V^*HV) - w_j| <= ||E||_F and Ostrowski gives
 *  lambda_j(V^*HV) = theta_j lambda_j(H), theta_j in [1 - ||F||_F,
 *  1 + ||F||_F]; lam[j] encloses lambda_j(H) (ascending).
 *  HKZ_ERR_NOT_CERTIFIED if ||F||_F < 1 is not proven. */
HKZ_API HKZ_WARN_UNUSED int hkz_su2mix_eig_enclose(arb_ptr lam,
        const acb_mat_t H, const double *w, const double *V, slong prec);

/* ---- the box sum (box.c, box_range.c, box_rec.c, box_cstar.c) ----------
 * An opaque handle: the box n_i <= nmax_i, the times, and the results
 * (read through the accessors below). */

typedef struct hkz_su2mix_box_s *hkz_su2mix_box_t;

/** Sets up the box (nmax[i] >= 1 each) and the times (t_j > 0). */
HKZ_API HKZ_WARN_UNUSED int hkz_su2mix_box_create(hkz_su2mix_box_t *bx,
        slong n, const slong *nmax, arb_srcptr t, slong nt);
/** NULL-safe; sets *bx = NULL. */
HKZ_API void hkz_su2mix_box_destroy(hkz_su2mix_box_t *bx);

HKZ_API slong hkz_su2mix_box_n(const hkz_su2mix_box_t bx);
HKZ_API const slong *hkz_su2mix_box_nmax(const hkz_su2mix_box_t bx);
/** prod nmax[i]. */
HKZ_API slong hkz_su2mix_box_nblocks(const hkz_su2mix_box_t bx);
HKZ_API slong hkz_su2mix_box_nt(const hkz_su2mix_box_t bx);
HKZ_API arb_srcptr hkz_su2mix_box_times(const hkz_su2mix_box_t bx);
/** Largest block dimension processed so far. */
HKZ_API slong hkz_su2mix_box_maxdim(const hkz_su2mix_box_t bx);
/** 0 if some block PROVES lmin < lmin0/K or tr e^{-t Lhat} > tr
 *  e^{-(t/K) Lhat0} (certified path only).  Once K is proven these
 *  inequalities are theorems, so this is a consistency check; equality
 *  cases (K = 1) cannot be decided by balls and do not clear it. */
HKZ_API int hkz_su2mix_box_blocks_le(const hkz_su2mix_box_t bx);

/** The result vectors (certified unless the double path was asked for). */
typedef enum
{
    HKZ_SU2MIX_BOX_MU = 0,  /* nt: mu^L_t(e), box + [0, tail] */
    HKZ_SU2MIX_BOX_SUM,     /* nt: box part sum d_pi tr e^{-t Lhat(pi)} */
    HKZ_SU2MIX_BOX_TAIL,    /* nt: upper bound of the tail (a point) */
    HKZ_SU2MIX_BOX_SUM0,    /* nt: box part of mu^{L0}_{t/K}(e) */
    HKZ_SU2MIX_BOX_MU0,     /* nt: mu^{L0}_{t/K}(e), box0 + [0, tail] */
    HKZ_SU2MIX_BOX_LMIN,    /* nblocks: certified lambda_min(Lhat(pi)),
                               block index = mixed radix of n_i - 1,
                               factor 0 slowest */
    HKZ_SU2MIX_BOX_LMIN0    /* nblocks: lambda_min(Lhat0(pi)) */
} hkz_su2mix_box_vec_t;
HKZ_API arb_srcptr hkz_su2mix_box_vec(const hkz_su2mix_box_t bx,
        hkz_su2mix_box_vec_t which);
/** Double box sums per t (nt) and double lambda_min per block. */
HKZ_API const double *hkz_su2mix_box_mu_d(const hkz_su2mix_box_t bx);
HKZ_API const double *hkz_su2mix_box_lmin_d(const hkz_su2mix_box_t bx);

/** The box's product-type minorant (set by hkz_su2mix_box_set_minorant
 *  or hkz_su2mix_box_run). */
HKZ_API const hkz_su2mix_minorant_struct *hkz_su2mix_box_minorant(
        const hkz_su2mix_box_t bx);
/** hkz_su2mix_minorant of op into the box (HKZ_ERR_UNSUPPORTED: none). */
HKZ_API HKZ_WARN_UNUSED int hkz_su2mix_box_set_minorant(hkz_su2mix_box_t bx,
        const hkz_su2mix_op_t op, slong prec);

/** Multi-index of block b (n_i = 1 + digit i). */
HKZ_API void hkz_su2mix_box_index(slong *nvec, const hkz_su2mix_box_t bx,
        slong b);

/** Processes blocks [b0, b1): adds d_pi tr e^{-t Lhat(pi)} to the box
 *  sums (in block order), fills lmin / lmin0 / lmin_d of those blocks.
 *  certified = 0: double only (the box sum is then the double sum as an
 *  exact point, mu_d too).  Requires the minorant. */
HKZ_API HKZ_WARN_UNUSED int hkz_su2mix_box_range(hkz_su2mix_box_t bx,
        const hkz_su2mix_op_t op, slong b0, slong b1, int certified,
        slong prec);

/** Same blocks, but their results are appended as exact text records to
 *  *rec (one line per block; balls as arb_dump_str, doubles in hex;
 *  *rec is flint_realloc'ed, *len its length; *rec = NULL, *len = 0 to
 *  start) instead of being added: a shard of the box for another process
 *  (dist.h gathers). */
HKZ_API HKZ_WARN_UNUSED int hkz_su2mix_box_range_rec(char **rec,
        size_t *len, const hkz_su2mix_box_t bx, const hkz_su2mix_op_t op,
        slong b0, slong b1, int certified, slong prec);
/** Adds the records rec[0..len) (of hkz_su2mix_box_range_rec, same box,
 *  operator and certified flag) to the box in their order: records of
 *  all blocks in increasing order give bitwise the box of
 *  hkz_su2mix_box_range(bx, op, 0, nblocks, ...).  HKZ_ERR_ARG on a
 *  malformed record. */
HKZ_API HKZ_WARN_UNUSED int hkz_su2mix_box_add_rec(hkz_su2mix_box_t bx,
        const char *rec, size_t len, int certified, slong prec);

/** Minorant, all blocks, tails: mu[j] = box[j] + [0, tail[j]] with
 *  tail[j] the L0 box tail at t_j/K (spec F2 with L >= L0/K); mu0 alike.
 *  HKZ_ERR_UNSUPPORTED if no minorant exists (nothing is computed). */
HKZ_API HKZ_WARN_UNUSED int hkz_su2mix_box_run(hkz_su2mix_box_t bx,
        const hkz_su2mix_op_t op, int certified, slong prec);

/** After box_range on all blocks (any split, sums combined into box):
 *  the minorant tails, box0 and mu, mu0. */
HKZ_API HKZ_WARN_UNUSED int hkz_su2mix_box_finish(hkz_su2mix_box_t bx,
        slong prec);

/** C*(gamma) bracket for Delta = sum a_i Delta_i (a_i > 0), 0 < gamma:
 *  lo = max over the box (pi != 1) of lambda_pi^gamma / lmin(pi)
 *  (a proven lower bound of C*), hi = K * C*_{L0}(gamma) with
 *  C*_{L0} = max_i (3 a_i)^gamma / (2 m_i) (sub) or (3 a_i)^gamma/(3 m_i)
 *  (Delta) (P3; +inf for gamma > 1/2).  res = [lo, hi]. */
HKZ_API HKZ_WARN_UNUSED int hkz_su2mix_box_cstar(arb_t res, arb_t lo,
        arb_t hi, const hkz_su2mix_box_t bx, arb_srcptr a,
        const arb_t gamma, slong prec);

/* ---- heat kernel at points, double path on the engine (points.c) ------- */

/** mu^L_{t_j}(x_p) restricted to the box, as out[p + j npts] (double),
 *  with err (same layout, may be NULL) = the engine's rigorous bound of
 *  its floating-point sum plus the certified box tail bound
 *  HKZ_SU2MIX_BOX_TAIL (run hkz_su2mix_box_run first).  NOT certified:
 *  the eigenvectors are double (labelled certified: false).  x holds 4 n
 *  doubles per point (Re a, Im a, Re b, Im b of each factor, unit norm
 *  within 1e-10).  e NULL: a default CPU engine. */
HKZ_API HKZ_WARN_UNUSED int hkz_su2mix_heat_points_d(double *out,
        double *err, hkz_engine_t e, const hkz_su2mix_op_t op,
        const hkz_su2mix_box_t bx, const double *x, size_t npts);

#ifdef __cplusplus
}
#endif
#endif
