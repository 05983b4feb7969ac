/* hkz/ising.h -- Ising models on graphs and (through hkz/ising_dos.h, which
 * it includes) their exact partition functions.
 *
 * CONVENTIONS (spec lee_yang_zeros.md sections 1.1-1.3).
 *   Z_G(J; h) = sum_sigma exp( sum_{e=uv} J_e s_u s_v + h sum_u w_u s_u ),
 * spins s in {-1,+1}, integer field weights w_u >= 1 (default 1),
 * W = sum_u w_u.  Fugacity z = exp(-2h):
 *   Z = e^{W h} P(z),  P(z) = sum_{k=0}^{W} a_k z^k,
 *   a_k = sum over sigma with sum_{u: s_u=-1} w_u = k of exp(sum_e J_e s_u s_v),
 * and on the imaginary axis F(theta) = Z(i theta) = sum_k a_k cos((W-2k) theta).
 * a_k > 0 and a_k = a_{W-k} (spin flip).
 *
 * COUPLINGS.  Edge e has coupling J_e = scale * c_e, where c_e is an exact
 * rational (fmpq; file input "0.05", "-3/4", "1e-3" is read exactly) or,
 * after hkz_ising_model_set_coupling_arb, a ball; the common factor scale
 * is a ball (default exactly 1), e.g. K_c = log(1+sqrt 2)/2 on a lattice.
 * All rational c_e are integer multiples n_e of one unit J0 = gcd(c_e), so
 * E(sigma) = scale*J0*(S - 2b) with S = sum n_e and b = sum over
 * unsatisfied edges (s_u s_v = -1) of n_e: the density of states g[b][k]
 * is a table of exact integers (hkz_ising_dos_t).  For unit multipliers
 * (all c_e equal) b is the number of unsatisfied edges.
 *
 * Conventions: outputs first, then inputs, then prec.  Functions return
 * HKZ_SUCCESS or an error code with a message in hkz_errmsg(); ball outputs
 * are enclosures of the exact values, or indeterminate on error.
 */
#ifndef HKZ_ISING_H
#define HKZ_ISING_H

#include "hkz/config.h"
#include "hkz/flint_compat.h"
#include "hkz/progress.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- models (ising/model/) ----------------------------------------------- */

typedef enum
{
    HKZ_ISING_GRAPH = 0,    /* general graph (file, API) */
    HKZ_ISING_COMPLETE,     /* complete graph K_N */
    HKZ_ISING_LATTICE       /* L x M square lattice */
} hkz_ising_kind_t;

typedef enum
{
    HKZ_ISING_TORUS = 0,    /* periodic both ways: 2LM bonds (L, M >= 3) */
    HKZ_ISING_CYLINDER      /* periodic rows, free top and bottom */
} hkz_ising_boundary_t;

/* Largest vertex count a model may have (parser and constructors). */
#define HKZ_ISING_MAX_VERTICES (WORD(1) << 20)

/* The fields may be read; edit a model only through the functions below
 * (they drop an installed table). */
typedef struct
{
    slong n;                /* vertices 0..n-1 */
    slong nedges;
    slong alloc;
    slong *eu, *ev;         /* endpoints of edge i (eu != ev) */
    fmpq *c;                /* exact coupling factor c_e (if !inexact[e]) */
    arb_ptr cx;             /* ball coupling factor (NULL unless some edge is inexact) */
    char *inexact;          /* NULL or per-edge flag: c_e is cx[e], not c[e] */
    slong *w;               /* NULL (all weights 1) or n positive weights */
    arb_struct scale;       /* J_e = scale * c_e */
    int kind;               /* hkz_ising_kind_t; edits make it HKZ_ISING_GRAPH */
    slong L, M;             /* lattice: L columns x M rows, vertex r*L + c */
    int boundary;           /* hkz_ising_boundary_t */
    void *dos;              /* private: the table installed by
                               hkz_ising_model_set_dos or NULL (any edit of
                               edges, couplings or weights drops it) */
} hkz_ising_model_struct;
typedef hkz_ising_model_struct hkz_ising_model_t[1];

HKZ_API void hkz_ising_model_init(hkz_ising_model_t m);
HKZ_API void hkz_ising_model_clear(hkz_ising_model_t m);
HKZ_API HKZ_WARN_UNUSED int hkz_ising_model_set(hkz_ising_model_t res,
        const hkz_ising_model_t m);

/** Empty graph on n vertices (no edges), weights 1, scale 1. */
HKZ_API HKZ_WARN_UNUSED int hkz_ising_model_set_empty(hkz_ising_model_t m,
        slong n);

/** Appends edge u-v with exact coupling J; HKZ_ERR_ARG for a self-loop,
 *  a vertex outside 0..n-1 or a duplicate edge. */
HKZ_API HKZ_WARN_UNUSED int hkz_ising_model_add_edge(hkz_ising_model_t m,
        slong u, slong v, const fmpq_t J);

/** Complete graph K_N, every coupling J (Curie-Weiss, per-edge t). */
HKZ_API HKZ_WARN_UNUSED int hkz_ising_model_complete(hkz_ising_model_t m,
        slong N, const fmpq_t J);

/** L x M square lattice (L columns, M rows, vertex r*L + c), coupling K on
 *  every bond.  Edge order: for r, for c: horizontal (r,c)-(r,c+1 mod L),
 *  then vertical (r,c)-(r+1 mod M,c) (torus) / (r+1 < M) (cylinder).
 *  Torus needs L, M >= 3 (2LM bonds); cylinder L >= 3, M >= 1. */
HKZ_API HKZ_WARN_UNUSED int hkz_ising_model_lattice(hkz_ising_model_t m,
        slong L, slong M, const fmpq_t K, int boundary);

/** Reads an edge list: one "u v J" per line (u, v non-negative integers,
 *  J exact decimal such as -0.05, 2.5e-3 or rational p/q), '#' starts a
 *  comment, blank lines are ignored.  Optional directives:
 *  "vertices N" (before any edge; ids must then be < N; otherwise
 *  n = largest id + 1) and "weight u w" (w a positive integer).
 *  Errors: HKZ_ERR_ARG with "line L: ..." for garbage tokens, self-loops,
 *  duplicate edges, bad or unknown vertex ids, bad couplings or weights;
 *  HKZ_ERR_IO if the file cannot be read.  Negative couplings are
 *  accepted here (see hkz_ising_model_check_ferro). */
HKZ_API HKZ_WARN_UNUSED int hkz_ising_model_read_str(hkz_ising_model_t m,
        const char *text);
HKZ_API HKZ_WARN_UNUSED int hkz_ising_model_read_file(hkz_ising_model_t m,
        const char *path);

/** Writes the model as an edge list readable by read_str (exact couplings
 *  only; HKZ_ERR_ARG if some coupling is a ball).  Free with flint_free. */
HKZ_API HKZ_WARN_UNUSED int hkz_ising_model_get_str(char **text,
        const hkz_ising_model_t m);

/** HKZ_SUCCESS iff every coupling is certainly >= 0 (scale and c_e), so
 *  that the Lee-Yang circle theorem applies; HKZ_ERR_DOMAIN naming the
 *  first negative (or possibly negative) edge otherwise. */
HKZ_API HKZ_WARN_UNUSED int hkz_ising_model_check_ferro(
        const hkz_ising_model_t m);

/** Sets c_e (exact) / c_e as a ball / the common factor scale. */
HKZ_API HKZ_WARN_UNUSED int hkz_ising_model_set_coupling(hkz_ising_model_t m,
        slong edge, const fmpq_t J);
HKZ_API HKZ_WARN_UNUSED int hkz_ising_model_set_coupling_arb(
        hkz_ising_model_t m, slong edge, const arb_t J);
HKZ_API void hkz_ising_model_set_scale(hkz_ising_model_t m, const arb_t s);

/** J_e = scale * c_e as a ball. */
HKZ_API HKZ_WARN_UNUSED int hkz_ising_model_get_coupling(arb_t J,
        const hkz_ising_model_t m, slong edge, slong prec);

/** Sets all n weights (each >= 1). */
HKZ_API HKZ_WARN_UNUSED int hkz_ising_model_set_weights(hkz_ising_model_t m,
        const slong *w);

/** Index of edge u-v (either order), or -1. */
HKZ_API slong hkz_ising_model_find_edge(const hkz_ising_model_t m, slong u,
        slong v);

/** W = sum of site weights (degree of P; n when all weights are 1). */
HKZ_API slong hkz_ising_model_weight(const hkz_ising_model_t m);

/** 1 if every coupling factor c_e is exact (fmpq), else 0. */
HKZ_API int hkz_ising_model_is_exact(const hkz_ising_model_t m);

/** res = G - e (edge removed) / G/e (u, v merged into u's slot, v
 *  removed and later vertices renumbered down by one, weight w_u + w_v,
 *  parallel edges merged with couplings added; spec 2.1).  res may not
 *  alias m. */
HKZ_API HKZ_WARN_UNUSED int hkz_ising_model_delete_edge(hkz_ising_model_t res,
        const hkz_ising_model_t m, slong edge);
HKZ_API HKZ_WARN_UNUSED int hkz_ising_model_contract_edge(
        hkz_ising_model_t res, const hkz_ising_model_t m, slong edge);

#ifdef __cplusplus
}
#endif
#include "hkz/ising_dos.h"   /* exact tables, polynomials, Kaufman */
#endif
