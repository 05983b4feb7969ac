/* hkz/compare.h -- the comparison experiments of spec 6.4 (X1-X8, the
 * sweep, the report) as library functions.
 *
 * Every experiment fills a hkz_compare_result_t: its data rows (the rows
 * the CLI writes to stdout and notebooks_data), the key numbers of the
 * verdict (one row), the verdict and its reason.  Nothing is printed; the
 * return value is a status (HKZ_SUCCESS also when the verdict is FAIL).
 */
#ifndef HKZ_COMPARE_H
#define HKZ_COMPARE_H

#include "hkz/config.h"
#include "hkz/flint_compat.h"
#include "hkz/table.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct
{
    char name[16];      /* "X3" */
    hkz_table_t rows;   /* data rows */
    hkz_table_t keys;   /* one row: the verdict's key numbers */
    int pass;           /* 1: PASS, 0: FAIL */
    char reason[512];   /* why it failed ("" on PASS) */
} hkz_compare_result_t;

HKZ_API HKZ_WARN_UNUSED int hkz_compare_result_init(hkz_compare_result_t *r,
                                                    const char *name);
HKZ_API void hkz_compare_result_clear(hkz_compare_result_t *r);

/** Records the first failure reason (printf style); later calls keep the
 *  first reason.  Sets pass = 0. */
HKZ_API void hkz_compare_fail(hkz_compare_result_t *r, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* The experiments' parameter structs and entry points follow (added by
 * the experiments' files; X8, sweep and report have their own headers
 * compare_x8.h, compare_sweep.h, report.h that include this one). */

/* ---- X1-X7 (groups/compare/x1.c ... x7.c) ------------------------------
 * Calling convention: r is initialized (hkz_compare_result_init, any
 * name); the experiment empties its tables and sets its name ("X1"), then
 * fills rows (the data rows, in order, with the columns of spec 6.4's
 * files: every ball column NAME has a double companion NAME_mid), keys
 * (one row: the verdict's key numbers), pass and reason.  Returns
 * HKZ_SUCCESS whatever the verdict; HKZ_ERR_ARG (message "param: why")
 * for a bad parameter; another status when a computation fails (r then
 * holds the rows so far and is still cleared with
 * hkz_compare_result_clear).
 *
 * Parameters: digits is the requested accuracy (working precision digits
 * + 32 bits; equalities are checked at digits, see below).  Numbers and
 * lists are decimal strings read exactly as balls ("0.5", "pi",
 * "[0.6 +/- 1e-40]"), comma-separated; a t value is written to the rows
 * as given.  Weights are hkz_su2n_weights_set_str specs.  The _opts_init
 * functions set the spec's case (the CLI's defaults).
 *
 * Strict inequalities in a verdict are certified (a ball that cannot
 * decide one counts as a failure).  Equalities with a closed form or a
 * reference value are consistency checks at the requested accuracy: the
 * balls overlap AND carry >= digits digits, so a ball too wide to decide
 * is a failure, never a vacuous pass. */

/** X1 (spec 4.2, 6.4): single-factor sharp constant d_sR^2/d_R < 2 pi on
 *  the grid r_i = (pi/2) i/(nr-1), z_j = pi j/nz. */
typedef struct
{
    slong digits;    /* 30 */
    slong nr, nz;    /* 31 x 30; nr in [2, 2000], nz in [1, 2000] */
} hkz_compare_x1_opts_t;

/** X2 (spec 6.3 P2): c = 1/2 comparison constant C_n = sqrt(2 pi)
 *  S_n^{1/4} on SU(2)^n: a fibre sequence (eps, eps/10, ...: nseq values)
 *  and `samples` random points (seed). */
typedef struct
{
    slong digits;
    const char *delta_weights, *sub_weights;   /* "i^2@10" (finite) */
    const char *eps;                           /* "0.01" */
    slong nseq;                                /* 4, in [1, 30] */
    slong samples;                             /* 50, in [0, 10^6] */
    slong seed;                                /* 1, >= 0 */
} hkz_compare_x2_opts_t;

/** X3 (E-b: a_i = i^2, b_i = i): d_Delta = pi/sqrt N -> 0 while
 *  d_L >= pi; C*(1/2) = sqrt(3)/2. */
typedef struct
{
    slong digits;
    const char *N;   /* "10,100,1000"; each in [1, 100000] */
} hkz_compare_x3_opts_t;

typedef enum
{
    HKZ_COMPARE_CLAIM_AUTO = 0,  /* equal for gamma <= 1/2, else growth */
    HKZ_COMPARE_CLAIM_EQUAL,
    HKZ_COMPARE_CLAIM_GROWTH
} hkz_compare_claim_t;

/** X4 (F1, P3, R48): brute-force sup over the joint spectrum against
 *  sup_i (3 a_i)^gamma/(2 b_i), for n <= nmax/4, nmax/2, nmax. */
typedef struct
{
    slong digits;
    const char *delta_weights, *sub_weights;   /* "1,4" (finite) */
    const char *gamma;                         /* "0.5", > 0 */
    slong nmax;                                /* 20, in [2, 100000] */
    hkz_compare_claim_t claim;                 /* AUTO */
} hkz_compare_x4_opts_t;

/** X5 (F2, F3): mu^L_t(e) <= mu^{Delta^1/2}_{t/C*}(e), C* = C*(1/2). */
typedef struct
{
    slong digits;
    const char *delta_weights, *sub_weights;   /* "i^2@3" */
    const char *t;                             /* "0.5,0.2" */
} hkz_compare_x5_opts_t;

/** X6 (spec 5.4, R38-R41): t^{1/p} log mu_t(e) in its certified bracket
 *  for a_i = i (Delta, L; p = 1) and a_i = i^2 (Delta; p = 2). */
typedef struct
{
    slong digits;
    const char *t;   /* "1,0.5,0.2,0.1,0.05,0.02,0.01" */
} hkz_compare_x6_opts_t;

/** X7 (spec 5.4, E-e): existence thresholds of mu_t(e) for weights
 *  c log(1+i): finite iff lambda_1 c t > 1. */
typedef struct
{
    slong digits;
    const char *delta_weights, *sub_weights;   /* "log(1+i)" */
    const char *t;   /* "0.3,0.34,0.36,0.4,0.45,0.5,0.55,0.6,0.8,1,1.5,2" */
} hkz_compare_x7_opts_t;

HKZ_API void hkz_compare_x1_opts_init(hkz_compare_x1_opts_t *o);
HKZ_API void hkz_compare_x2_opts_init(hkz_compare_x2_opts_t *o);
HKZ_API void hkz_compare_x3_opts_init(hkz_compare_x3_opts_t *o);
HKZ_API void hkz_compare_x4_opts_init(hkz_compare_x4_opts_t *o);
HKZ_API void hkz_compare_x5_opts_init(hkz_compare_x5_opts_t *o);
HKZ_API void hkz_compare_x6_opts_init(hkz_compare_x6_opts_t *o);
HKZ_API void hkz_compare_x7_opts_init(hkz_compare_x7_opts_t *o);

HKZ_API HKZ_WARN_UNUSED int hkz_compare_x1(hkz_compare_result_t *r,
                                           const hkz_compare_x1_opts_t *o);
HKZ_API HKZ_WARN_UNUSED int hkz_compare_x2(hkz_compare_result_t *r,
                                           const hkz_compare_x2_opts_t *o);
HKZ_API HKZ_WARN_UNUSED int hkz_compare_x3(hkz_compare_result_t *r,
                                           const hkz_compare_x3_opts_t *o);
HKZ_API HKZ_WARN_UNUSED int hkz_compare_x4(hkz_compare_result_t *r,
                                           const hkz_compare_x4_opts_t *o);
HKZ_API HKZ_WARN_UNUSED int hkz_compare_x5(hkz_compare_result_t *r,
                                           const hkz_compare_x5_opts_t *o);
HKZ_API HKZ_WARN_UNUSED int hkz_compare_x6(hkz_compare_result_t *r,
                                           const hkz_compare_x6_opts_t *o);
HKZ_API HKZ_WARN_UNUSED int hkz_compare_x7(hkz_compare_result_t *r,
                                           const hkz_compare_x7_opts_t *o);

#ifdef __cplusplus
}
#endif
#endif
