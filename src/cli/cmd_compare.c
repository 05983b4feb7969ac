/* hkz compare X1 ... X7: the comparison experiments of spec section 6.4
 * (product-type operators on SU(2)^n / SU(2)^infinity), and the
 * dispatcher of hkz compare (X8: cmd_compare_x8.c, sweep:
 * cmd_compare_sweep.c).
 *
 * Every experiment prints its rows (--format, --out), writes them to
 * DIR/<exp>/<exp>.csv and .jsonl (--data-dir, default notebooks_data;
 * "none" disables) with the verdict in DIR/<exp>/<exp>_verdict.jsonl,
 * and ends with the line "Xk: PASS" (exit 0) or "Xk: FAIL (reason)"
 * (exit 4).  Every number is an Arb ball.  Strict inequalities in a
 * verdict are certified (a ball that cannot decide one counts as a
 * failure).  Equalities (a value against its closed form or the spec's
 * reference) cannot be certified by balls: they are consistency checks at
 * the requested accuracy -- the balls must overlap AND carry at least
 * --digits digits (hkz_cli_tight_overlap), so a ball too wide to decide
 * counts as a failure too, never as a vacuous pass. */
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"

enum
{
    OPT_DATA_DIR = HKZ_OPT_FIRST_COMMAND_OPT, OPT_NR, OPT_NZ, OPT_DW,
    OPT_SW, OPT_EPS, OPT_SAMPLES, OPT_SEED, OPT_NSEQ, OPT_N, OPT_GAMMA,
    OPT_NMAX, OPT_CLAIM, OPT_T
};

#define MAX_LIST 256

typedef struct
{
    const char *data_dir;
    const char *s_nr, *s_nz, *s_dw, *s_sw, *s_eps, *s_samples, *s_seed;
    const char *s_nseq, *s_n, *s_gamma, *s_nmax, *s_claim, *s_t;
} exp_opts_t;

static int handle(int opt, const char *arg, void *ctx)
{
    exp_opts_t *o = ctx;
    switch (opt)
    {
    case OPT_DATA_DIR: o->data_dir = arg; break;
    case OPT_NR: o->s_nr = arg; break;
    case OPT_NZ: o->s_nz = arg; break;
    case OPT_DW: o->s_dw = arg; break;
    case OPT_SW: o->s_sw = arg; break;
    case OPT_EPS: o->s_eps = arg; break;
    case OPT_SAMPLES: o->s_samples = arg; break;
    case OPT_SEED: o->s_seed = arg; break;
    case OPT_NSEQ: o->s_nseq = arg; break;
    case OPT_N: o->s_n = arg; break;
    case OPT_GAMMA: o->s_gamma = arg; break;
    case OPT_NMAX: o->s_nmax = arg; break;
    case OPT_CLAIM: o->s_claim = arg; break;
    case OPT_T: o->s_t = arg; break;
    }
    return 0;
}

#define COMMON_EXP_OPTIONS                                                  \
    HKZ_CLI_COMMON_OPTIONS,                                                 \
    {"data-dir", required_argument, NULL, OPT_DATA_DIR}

#define COMMON_EXP_USAGE                                                    \
    "\nCommon options: --digits D (working precision, default 30 digits),\n"\
    "  --format text|csv|jsonl, --out PATH (the rows; the verdict line\n"   \
    "  'Xk: PASS' or 'Xk: FAIL (reason)' always goes to stdout), --data-dir"\
    " DIR\n  (default notebooks_data; 'none': no files): writes "           \
    "DIR/<exp>/<exp>.csv,\n  DIR/<exp>/<exp>.jsonl and "                    \
    "DIR/<exp>/<exp>_verdict.jsonl.\n  Exit 0 on PASS, 4 on FAIL, 2 on bad "\
    "input.\n"

/* a ball column NAME and its companion NAME_mid */
#define BALL2(f, n, key, x)                                                 \
    do {                                                                    \
        (f)[(n)++] = hkz_cli_fball(key, x);                                 \
        (f)[(n)++] = HKZ_FDBL(key "_mid", hkz_cli_mid(x));                  \
    } while (0)

/* Parses the options; returns -1 after printing usage for --help. */
static int parse(int argc, char **argv, const struct option *opts,
                 hkz_cli_common_t *common, exp_opts_t *o, const char *usage,
                 slong *prec)
{
    int rc;
    memset(o, 0, sizeof(*o));
    o->data_dir = "notebooks_data";
    hkz_cli_common_init(common);
    rc = hkz_cli_parse(argc, argv, opts, common, handle, o);
    if (rc == -1)
    {
        fputs(usage, stdout);
        fputs(COMMON_EXP_USAGE, stdout);
        return -1;
    }
    if (!rc && o->data_dir[0] == '\0')
        rc = hkz_cli_usage_error("--data-dir: empty path");
    *prec = hkz_digits_to_bits(common->digits) + 32;
    return rc;
}

/* x agrees with the spec's reference value (printed to ~24 digits: a
 * ball of radius 2^-70 around it) and x itself is accurate to the
 * requested bits or to 64 bits (the reference's ~70 less a margin),
 * whichever is fewer: a wide x would overlap any reference */
static int ref_overlaps(const arb_t x, const char *ref, slong bits,
                        slong prec)
{
    arb_t r;
    mag_t m;
    int ok;
    arb_init(r);
    mag_init(m);
    ok = hkz_ball_set_str(r, ref, prec) == HKZ_SUCCESS;
    mag_set_ui_2exp_si(m, 1, -70);   /* > 1e-22 relative to O(1) values */
    arb_add_error_mag(r, m);
    ok = ok && arb_overlaps(r, x) &&
         arb_rel_accuracy_bits(x) >= FLINT_MIN(bits, 64);
    arb_clear(r);
    mag_clear(m);
    return ok;
}

/* how an equality check failed: the balls differ, or they are too wide to
 * decide at the requested accuracy */
static const char *neq(const arb_t x, const arb_t y)
{
    return arb_overlaps(x, y) ? "undecided (balls wider than --digits) vs"
                              : "!=";
}

static void pi_times(arb_t r, slong num, slong den, slong prec)
{
    arb_const_pi(r, prec);
    arb_mul_si(r, r, num, prec);
    arb_div_si(r, r, den, prec);
}

/* reason buffer: the first failure is kept */
typedef struct
{
    char text[256];
    int fail;
} verdict_t;

static void fail_once(verdict_t *v, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static void fail_once(verdict_t *v, const char *fmt, ...)
{
    va_list ap;
    if (v->fail++)
        return;
    va_start(ap, fmt);
    vsnprintf(v->text, sizeof(v->text), fmt, ap);
    va_end(ap);
}

static const char *kind_str(int k)
{
    return k == HKZ_SU2N_FINITE ? "finite" :
           k == HKZ_SU2N_DIVERGENT ? "divergent" : "partial";
}

/* the weights as a finite list (experiments on SU(2)^n) */
static int need_list(const hkz_su2n_weights_t w, const char *opt)
{
    if (hkz_su2n_weights_length(w) < 0)
        return hkz_cli_usage_error("%s: this experiment works on SU(2)^n: "
                                   "give a finite list, e.g. 'i^2@10'", opt);
    if (hkz_su2n_weights_length(w) == 0)
        return hkz_cli_usage_error("%s: empty list", opt);
    return 0;
}

/* ===================================================================== */
/* X1: single-factor sharp constant d_sR^2 / d_R <= 2 pi (spec 4.2)      */
/* ===================================================================== */

static const char *usage_x1 =
    "usage: hkz compare X1 [--nr NR] [--nz NZ] [common options]\n\n"
    "X1 (spec 6.4): on the grid r_i = (pi/2) i/(NR-1), i = 0..NR-1, and\n"
    "z_j = pi j/NZ, j = 1..NZ (default 31 x 30), certified d_R and d_sR "
    "(CC) from e\nand the ratio d_sR^2/d_R.  PASS: every ratio < 2 pi, "
    "d_R <= d_sR <= pi (no\ncertified violation), on the fibre r = 0 the "
    "ratio equals 2 pi - z, and the\ngrid maximum sits at r = 0, z = pi/NZ "
    "(the sup 2 pi is approached only as\nr, z -> 0; 6.178 for the default"
    " grid).\n";

static int run_x1(int argc, char **argv)
{
    static const struct option opts[] = {
        COMMON_EXP_OPTIONS,
        {"nr", required_argument, NULL, OPT_NR},
        {"nz", required_argument, NULL, OPT_NZ},
        {NULL, 0, NULL, 0}};
    hkz_cli_common_t common;
    hkz_cli_exp_t e;
    exp_opts_t o;
    verdict_t v = {"", 0};
    slong prec, bits, nr = 31, nz = 30, i, jz, imax = -1, jmax = -1;
    arb_t r, z, dR, dS, ratio, twopi, pi, fib, best;
    arb_ptr all;
    int rc, s;

    rc = parse(argc, argv, opts, &common, &o, usage_x1, &prec);
    if (rc)
        return rc == -1 ? 0 : rc;
    bits = hkz_digits_to_bits(common.digits);
    if ((o.s_nr && (rc = hkz_cli_slong(&nr, "--nr", o.s_nr, 2, 2000))) ||
        (o.s_nz && (rc = hkz_cli_slong(&nz, "--nz", o.s_nz, 1, 2000))))
        return rc;
    if ((rc = hkz_cli_exp_open(&e, "X1", &common, o.data_dir, argc, argv)))
    {
        hkz_cli_exp_abort(&e);
        return rc;
    }
    arb_init(r); arb_init(z); arb_init(dR); arb_init(dS); arb_init(ratio);
    arb_init(twopi); arb_init(pi); arb_init(fib); arb_init(best);
    all = _arb_vec_init(nr * nz);
    arb_const_pi(pi, prec);
    arb_mul_2exp_si(twopi, pi, 1);
    arb_zero(best);
    for (i = 0; i < nr && !rc; i++)
        for (jz = 1; jz <= nz && !rc; jz++)
        {
            hkz_field_t f[20];
            slong n = 0;
            int ok = 1, fibre = (i == 0);
            pi_times(r, i, 2 * (nr - 1), prec);
            pi_times(z, jz, nz, prec);
            s = hkz_su2_dist_riem(dR, r, z, prec);
            if (s == HKZ_SUCCESS)
                s = hkz_su2_dist_cc(dS, r, z, prec);
            if (s != HKZ_SUCCESS)
            {
                rc = hkz_cli_fail(s);
                break;
            }
            arb_sqr(ratio, dS, prec);
            arb_div(ratio, ratio, dR, prec);
            arb_set(all + i * nz + jz - 1, ratio);
            if (!arb_lt(ratio, twopi))
                ok = 0, fail_once(&v, "d_sR^2/d_R = %.17g not certified < 2 "
                                  "pi at r = %.6g, z = %.6g",
                                  hkz_cli_mid(ratio), hkz_cli_mid(r),
                                  hkz_cli_mid(z));
            if (arb_gt(dR, dS) || arb_gt(dS, pi))
                ok = 0, fail_once(&v, "d_R <= d_sR <= pi violated at r = "
                                  "%.6g, z = %.6g", hkz_cli_mid(r),
                                  hkz_cli_mid(z));
            if (fibre)
            {
                arb_sub(fib, twopi, z, prec);   /* 2 pi - z on the fibre */
                if (!hkz_cli_tight_overlap(fib, ratio, bits))
                    ok = 0, fail_once(&v, "fibre ratio %.17g %s 2 pi - z at"
                                      " z = %.6g", hkz_cli_mid(ratio),
                                      neq(fib, ratio), hkz_cli_mid(z));
            }
            if (imax < 0 || arf_cmp(arb_midref(ratio), arb_midref(best)) > 0)
            {
                arb_set(best, ratio);
                imax = i;
                jmax = jz;
            }
            f[n++] = HKZ_FDBL("r", hkz_cli_mid(r));
            f[n++] = HKZ_FDBL("z", hkz_cli_mid(z));
            BALL2(f, n, "d_R", dR);
            BALL2(f, n, "d_sR", dS);
            BALL2(f, n, "ratio", ratio);
            if (fibre)
                BALL2(f, n, "fibre_formula", fib);
            else
            {
                f[n++] = HKZ_FSTR("fibre_formula", "");
                f[n++] = HKZ_FDBL("fibre_formula_mid", NAN);
            }
            f[n++] = HKZ_FBOOL("ok", ok);
            rc = hkz_cli_exp_row(&e, f, n);
        }
    if (!rc)
    {
        /* the maximum must be the fibre point closest to e, and no other
           grid value may reach it (certified) */
        if (imax != 0 || jmax != 1)
            fail_once(&v, "grid maximum at grid point (%ld, %ld), not at "
                      "r = 0, z = pi/NZ", (long) imax, (long) jmax);
        for (i = 0; i < nr * nz; i++)
            if (i != imax * nz + jmax - 1 && !arb_lt(all + i, best))
            {
                fail_once(&v, "grid maximum not certified unique (grid "
                          "point %ld)", (long) i);
                break;
            }
        pi_times(z, 1, nz, prec);
        arb_sub(fib, twopi, z, prec);
        hkz_cli_exp_key_ball(&e, "max_ratio", best);
        hkz_cli_exp_key_ball(&e, "two_pi_minus_z1", fib);
        hkz_cli_exp_key_ball(&e, "two_pi", twopi);
        {
            char buf[64];
            snprintf(buf, sizeof(buf), "%ld x %ld", (long) nr, (long) nz);
            hkz_cli_exp_key_str(&e, "grid", buf);
        }
        rc = hkz_cli_exp_finish(&e, !v.fail, v.text);
    }
    else
        hkz_cli_exp_abort(&e);
    arb_clear(r); arb_clear(z); arb_clear(dR); arb_clear(dS);
    arb_clear(ratio); arb_clear(twopi); arb_clear(pi); arb_clear(fib);
    arb_clear(best);
    _arb_vec_clear(all, nr * nz);
    return rc;
}

/* ===================================================================== */
/* X2: c = 1/2 comparison constant on SU(2)^n (spec 6.3 P2)              */
/* ===================================================================== */

static const char *usage_x2 =
    "usage: hkz compare X2 [--delta-weights SPEC] [--sub-weights SPEC] "
    "[--eps E]\n                      [--nseq K] [--samples M] [--seed S] "
    "[common options]\n\n"
    "X2 (spec 6.3 P2, 6.4): on SU(2)^n (finite lists; default i^2@10 for "
    "both),\nS_n = sum a_i/b_i^2, T_n = sum a_i^2/b_i^3, C_n = sqrt(2 pi) "
    "S_n^{1/4}.\nSequence rows: x_i = exp(e a_i/b_i Z_i) for e = E, E/10, "
    "..., (K values;\ndefault E = 0.01, K = 4): d_L/d_Delta^{1/2} must equal"
    " sqrt((2 pi - e T/S) S^{1/2})\n(certified balls overlap; R42) and be "
    "< C_n.  Random rows: M points (default\n50, PRNG seed S, default 1) "
    "with heads at random scales: ratio < C_n.\n";

static uint64_t splitmix(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static double unif(uint64_t *s)
{
    return (double) (splitmix(s) >> 11) * (1.0 / 9007199254740992.0);
}

static int run_x2(int argc, char **argv)
{
    static const struct option opts[] = {
        COMMON_EXP_OPTIONS,
        {"delta-weights", required_argument, NULL, OPT_DW},
        {"sub-weights", required_argument, NULL, OPT_SW},
        {"eps", required_argument, NULL, OPT_EPS},
        {"nseq", required_argument, NULL, OPT_NSEQ},
        {"samples", required_argument, NULL, OPT_SAMPLES},
        {"seed", required_argument, NULL, OPT_SEED},
        {NULL, 0, NULL, 0}};
    hkz_cli_common_t common;
    hkz_cli_exp_t e;
    exp_opts_t o;
    verdict_t v = {"", 0};
    hkz_su2n_weights_t a, b;
    hkz_su2n_point_t x;
    arb_t eps, S, T, C, Cl, u, q, dD, dL, ratio, closed, pi, maxr;
    slong prec, bits, len, i, k, nseq = 4, samples = 50, seed = 1;
    uint64_t st;
    char *sa = NULL, *sb = NULL;
    int rc, s;

    hkz_su2n_weights_init(a);
    hkz_su2n_weights_init(b);
    hkz_su2n_point_init(x, 0);
    arb_init(eps); arb_init(S); arb_init(T); arb_init(C); arb_init(Cl);
    arb_init(u); arb_init(q); arb_init(dD); arb_init(dL); arb_init(ratio);
    arb_init(closed); arb_init(pi); arb_init(maxr);
    memset(&e, 0, sizeof(e));
    rc = parse(argc, argv, opts, &common, &o, usage_x2, &prec);
    if (rc)
    {
        rc = rc == -1 ? 0 : rc;
        goto cleanup;
    }
    bits = hkz_digits_to_bits(common.digits);
    if ((rc = hkz_cli_weights(a, "--delta-weights", o.s_dw ? o.s_dw :
                              "i^2@10", 0, prec)) ||
        (rc = hkz_cli_weights(b, "--sub-weights", o.s_sw ? o.s_sw :
                              "i^2@10", 0, prec)) ||
        (rc = need_list(a, "--delta-weights")) ||
        (rc = need_list(b, "--sub-weights")) ||
        (rc = hkz_cli_ball(eps, "--eps", o.s_eps ? o.s_eps : "0.01", prec)) ||
        (o.s_nseq && (rc = hkz_cli_slong(&nseq, "--nseq", o.s_nseq, 1, 30)))
        || (o.s_samples && (rc = hkz_cli_slong(&samples, "--samples",
                                              o.s_samples, 0, 1000000))) ||
        (o.s_seed && (rc = hkz_cli_slong(&seed, "--seed", o.s_seed, 0,
                                         WORD_MAX))))
        goto cleanup;
    len = hkz_su2n_weights_length(a);
    if (hkz_su2n_weights_length(b) != len)
    {
        rc = hkz_cli_usage_error("--sub-weights: %ld factors, but "
                                 "--delta-weights has %ld",
                                 (long) hkz_su2n_weights_length(b),
                                 (long) len);
        goto cleanup;
    }
    if (!arb_is_positive(eps))
    {
        rc = hkz_cli_usage_error("--eps: must be > 0");
        goto cleanup;
    }
    arb_const_pi(pi, prec);
    /* S, T and the largest a_i/b_i (the sequence must stay in |z| <= pi) */
    arb_zero(S);
    arb_zero(T);
    arb_zero(maxr);
    for (i = 1; i <= len; i++)
    {
        if ((s = hkz_su2n_weights_get(u, a, i, prec)) ||
            (s = hkz_su2n_weights_get(q, b, i, prec)))
        {
            rc = hkz_cli_fail(s);
            goto cleanup;
        }
        arb_div(ratio, u, q, prec);            /* a/b */
        arb_max(maxr, maxr, ratio, prec);
        arb_div(closed, ratio, q, prec);       /* a/b^2 */
        arb_add(S, S, closed, prec);
        arb_mul(closed, closed, ratio, prec);  /* a^2/b^3 */
        arb_add(T, T, closed, prec);
    }
    arb_mul(u, maxr, eps, prec);
    if (!arb_le(u, pi))
    {
        rc = hkz_cli_usage_error("--eps: e a_i/b_i must stay <= pi on the "
                                 "fibre (max a_i/b_i = %.6g)",
                                 hkz_cli_mid(maxr));
        goto cleanup;
    }
    /* C_n from the library (P2) and directly: sqrt(2 pi) S^{1/4} */
    if ((s = hkz_su2n_dist_const(C, a, b, prec)) != HKZ_SUCCESS)
    {
        rc = hkz_cli_fail(s);
        goto cleanup;
    }
    arb_root_ui(Cl, S, 4, prec);
    arb_mul_2exp_si(u, pi, 1);
    arb_sqrt(u, u, prec);
    arb_mul(Cl, Cl, u, prec);
    if (!hkz_cli_tight_overlap(C, Cl, bits))
        fail_once(&v, "library C_n %.17g %s sqrt(2 pi) S^(1/4) %.17g",
                  hkz_cli_mid(C), neq(C, Cl), hkz_cli_mid(Cl));
    if ((rc = hkz_cli_exp_open(&e, "X2", &common, o.data_dir, argc, argv)))
        goto cleanup;
    sa = hkz_su2n_weights_get_str(a);
    sb = hkz_su2n_weights_get_str(b);
    hkz_su2n_point_clear(x);
    hkz_su2n_point_init(x, len);
    arb_zero(maxr);
    st = (uint64_t) seed;
    for (k = 0; k < nseq + samples && !rc; k++)
    {
        hkz_field_t f[24];
        slong n = 0;
        int seq = k < nseq, ok = 1;
        if (seq)
        {
            /* e_k = eps / 10^k; x_i = exp(e_k a_i/b_i Z_i) */
            arb_set_ui(q, 10);
            arb_pow_ui(q, q, (ulong) k, prec);
            arb_div(q, eps, q, prec);
            for (i = 1; i <= len && !rc; i++)
            {
                arb_zero(ratio);           /* r_i = 0: the fibre */
                if ((s = hkz_su2n_weights_get(u, a, i, prec)) ||
                    (s = hkz_su2n_weights_get(closed, b, i, prec)))
                    rc = hkz_cli_fail(s);
                arb_div(u, u, closed, prec);
                arb_mul(u, u, q, prec);
                if (!rc && (s = hkz_su2n_point_set_cyl(x, i, ratio, NULL,
                                                       u)))
                    rc = hkz_cli_fail(s);
            }
        }
        else
        {
            /* random head at a random scale 10^{-3 u} */
            double scale = pow(10.0, -3.0 * unif(&st));
            for (i = 1; i <= len && !rc; i++)
            {
                /* r in [0, pi/2): the double pi/2 is below pi/2 */
                arb_set_d(u, scale * 1.5707963267948966 * unif(&st));
                arb_set_d(closed, scale * 3.141592653589793 *
                          (2.0 * unif(&st) - 1.0));
                if ((s = hkz_su2n_point_set_cyl(x, i, u, NULL, closed)))
                    rc = hkz_cli_fail(s);
            }
        }
        if (rc)
            break;
        if ((s = hkz_su2n_dist(dD, a, HKZ_SU2N_DELTA, x, prec)) ||
            (s = hkz_su2n_dist(dL, b, HKZ_SU2N_L, x, prec)))
        {
            rc = hkz_cli_fail(s);
            break;
        }
        arb_sqrt(u, dD, prec);
        arb_div(ratio, dL, u, prec);
        if (!arb_lt(ratio, C))
            ok = 0, fail_once(&v, "%s %ld: ratio %.17g not certified < C_n",
                              seq ? "sequence" : "random", (long) k,
                              hkz_cli_mid(ratio));
        if (seq)
        {
            /* sqrt((2 pi - e T/S) S^{1/2}) */
            arb_mul(closed, q, T, prec);
            arb_div(closed, closed, S, prec);
            arb_mul_2exp_si(u, pi, 1);
            arb_sub(closed, u, closed, prec);
            arb_sqrt(u, S, prec);
            arb_mul(closed, closed, u, prec);
            arb_sqrtpos(closed, closed, prec);
            if (!hkz_cli_tight_overlap(closed, ratio, bits))
                ok = 0, fail_once(&v, "sequence e = %.3g: ratio %.17g %s "
                                  "closed form %.17g", hkz_cli_mid(q),
                                  hkz_cli_mid(ratio), neq(ratio, closed),
                                  hkz_cli_mid(closed));
            if (k == 0)
                hkz_cli_exp_key_ball(&e, "ratio_at_eps", ratio);
        }
        else if (arf_cmp(arb_midref(ratio), arb_midref(maxr)) > 0)
            arb_set(maxr, ratio);
        f[n++] = HKZ_FINT("sample", (long) (seq ? k : k - nseq));
        f[n++] = HKZ_FSTR("kind", seq ? "sequence" : "random");
        f[n++] = HKZ_FSTR("delta_weights", sa != NULL ? sa : "");
        f[n++] = HKZ_FSTR("sub_weights", sb != NULL ? sb : "");
        f[n++] = HKZ_FDBL("eps", seq ? hkz_cli_mid(q) : NAN);
        BALL2(f, n, "d_delta", dD);
        BALL2(f, n, "d_L", dL);
        BALL2(f, n, "ratio", ratio);
        if (seq)
            BALL2(f, n, "closed_form", closed);
        else
        {
            f[n++] = HKZ_FSTR("closed_form", "");
            f[n++] = HKZ_FDBL("closed_form_mid", NAN);
        }
        BALL2(f, n, "C_n", C);
        f[n++] = HKZ_FBOOL("ok", ok);
        rc = hkz_cli_exp_row(&e, f, n);
    }
    if (!rc)
    {
        hkz_cli_exp_key_ball(&e, "S_n", S);
        hkz_cli_exp_key_ball(&e, "T_n", T);
        hkz_cli_exp_key_ball(&e, "C_n", C);
        if (samples > 0)
            hkz_cli_exp_key_ball(&e, "max_random_ratio", maxr);
        rc = hkz_cli_exp_finish(&e, !v.fail, v.text);
    }

cleanup:
    hkz_cli_exp_abort(&e);
    flint_free(sa);
    flint_free(sb);
    hkz_su2n_weights_clear(a);
    hkz_su2n_weights_clear(b);
    hkz_su2n_point_clear(x);
    arb_clear(eps); arb_clear(S); arb_clear(T); arb_clear(C); arb_clear(Cl);
    arb_clear(u); arb_clear(q); arb_clear(dD); arb_clear(dL);
    arb_clear(ratio); arb_clear(closed); arb_clear(pi); arb_clear(maxr);
    return rc;
}

/* ===================================================================== */
/* X3: failure of every Hoelder comparison for E-b (a_i = i^2, b_i = i)  */
/* ===================================================================== */

static const char *usage_x3 =
    "usage: hkz compare X3 [--N N1,N2,...] [common options]\n\n"
    "X3 (spec 6.4, E-b: a_i = i^2, b_i = i): the point x_i = exp((pi i/N) "
    "Z_i), i <= N\n(default N = 10,100,1000).  PASS: d_Delta = pi/sqrt N "
    "and d_L = pi sqrt((3N-1)/(2N))\n(certified balls overlap the closed "
    "forms; R43), d_Delta -> 0 while d_L >= pi,\nso d_L <= C d_Delta^c "
    "fails for every c > 0, while the form constant\nC*(1/2) = sup_i "
    "(3 a_i)^{1/2}/(2 b_i) = sqrt(3)/2 is finite (form domination\nholds "
    "without the distance hypothesis).\n";

static int run_x3(int argc, char **argv)
{
    static const struct option opts[] = {
        COMMON_EXP_OPTIONS,
        {"N", required_argument, NULL, OPT_N},
        {NULL, 0, NULL, 0}};
    hkz_cli_common_t common;
    hkz_cli_exp_t e;
    exp_opts_t o;
    verdict_t v = {"", 0};
    hkz_su2n_weights_t a, b, ai, bi;
    hkz_su2n_point_t x;
    slong prec, bits, Ns[MAX_LIST], nN = 3, k, i;
    arb_t dD, dL, cD, cL, u, z, zero, half, Cs, prevD;
    int rc, s;

    Ns[0] = 10; Ns[1] = 100; Ns[2] = 1000;
    hkz_su2n_weights_init(a); hkz_su2n_weights_init(b);
    hkz_su2n_weights_init(ai); hkz_su2n_weights_init(bi);
    hkz_su2n_point_init(x, 0);
    arb_init(dD); arb_init(dL); arb_init(cD); arb_init(cL); arb_init(u);
    arb_init(z); arb_init(zero); arb_init(half); arb_init(Cs);
    arb_init(prevD);
    memset(&e, 0, sizeof(e));
    rc = parse(argc, argv, opts, &common, &o, usage_x3, &prec);
    if (rc)
    {
        rc = rc == -1 ? 0 : rc;
        goto cleanup;
    }
    bits = hkz_digits_to_bits(common.digits);
    if (o.s_n && (rc = hkz_cli_slong_list(Ns, &nN, MAX_LIST, "--N", o.s_n,
                                          1, 100000)))
        goto cleanup;
    /* C*(1/2) for the infinite families a = i^2, b = i (P3) */
    if ((rc = hkz_cli_weights(ai, "a", "i^2", 0, prec)) ||
        (rc = hkz_cli_weights(bi, "b", "i", 0, prec)))
        goto cleanup;
    arb_set_d(half, 0.5);
    if ((s = hkz_su2n_form_const(Cs, ai, bi, half, prec)) != HKZ_SUCCESS)
    {
        rc = hkz_cli_fail(s);
        goto cleanup;
    }
    arb_set_ui(u, 3);
    arb_sqrt(u, u, prec);
    arb_mul_2exp_si(u, u, -1);
    if (!hkz_cli_tight_overlap(u, Cs, bits))
        fail_once(&v, "C*(1/2) = %.17g %s sqrt(3)/2", hkz_cli_mid(Cs),
                  neq(Cs, u));
    if ((rc = hkz_cli_exp_open(&e, "X3", &common, o.data_dir, argc, argv)))
        goto cleanup;
    for (k = 0; k < nN && !rc; k++)
    {
        hkz_field_t f[24];
        slong n = 0, N = Ns[k];
        char spec[64];
        int ok = 1;
        snprintf(spec, sizeof(spec), "i^2@%ld", (long) N);
        if ((rc = hkz_cli_weights(a, "a", spec, 0, prec)))
            break;
        snprintf(spec, sizeof(spec), "i@%ld", (long) N);
        if ((rc = hkz_cli_weights(b, "b", spec, 0, prec)))
            break;
        hkz_su2n_point_clear(x);
        hkz_su2n_point_init(x, N);
        for (i = 1; i <= N && !rc; i++)
        {
            pi_times(z, i, N, prec);
            if ((s = hkz_su2n_point_set_cyl(x, i, zero, NULL, z)))
                rc = hkz_cli_fail(s);
        }
        if (rc)
            break;
        if ((s = hkz_su2n_dist(dD, a, HKZ_SU2N_DELTA, x, prec)) ||
            (s = hkz_su2n_dist(dL, b, HKZ_SU2N_L, x, prec)))
        {
            rc = hkz_cli_fail(s);
            break;
        }
        /* closed forms (R43): pi/sqrt N and pi sqrt((3N-1)/(2N)) */
        arb_const_pi(cD, prec);
        arb_set_si(u, N);
        arb_rsqrt(u, u, prec);
        arb_mul(cD, cD, u, prec);
        arb_set_si(u, 3 * N - 1);
        arb_div_si(u, u, 2 * N, prec);
        arb_sqrt(u, u, prec);
        arb_const_pi(cL, prec);
        arb_mul(cL, cL, u, prec);
        if (!hkz_cli_tight_overlap(dD, cD, bits) ||
            !hkz_cli_tight_overlap(dL, cL, bits))
            ok = 0, fail_once(&v, "N = %ld: distances %s from the closed "
                              "forms", (long) N, arb_overlaps(dD, cD) &&
                              arb_overlaps(dL, cL) ? "not decided (balls "
                              "wider than --digits)" : "differ");
        arb_const_pi(u, prec);
        if (!arb_ge(dL, u))
            ok = 0, fail_once(&v, "N = %ld: d_L not certified >= pi",
                              (long) N);
        if (k > 0 && Ns[k] > Ns[k - 1] && !arb_lt(dD, prevD))
            ok = 0, fail_once(&v, "d_Delta does not decrease from N = %ld "
                              "to %ld", (long) Ns[k - 1], (long) N);
        arb_set(prevD, dD);
        arb_sqrt(u, dD, prec);
        arb_div(u, dL, u, prec);
        f[n++] = HKZ_FINT("N", (long) N);
        BALL2(f, n, "d_delta", dD);
        BALL2(f, n, "d_delta_closed", cD);
        BALL2(f, n, "d_L", dL);
        BALL2(f, n, "d_L_closed", cL);
        BALL2(f, n, "ratio_half", u);    /* d_L / d_Delta^{1/2} */
        BALL2(f, n, "C_star_half", Cs);
        f[n++] = HKZ_FBOOL("ok", ok);
        rc = hkz_cli_exp_row(&e, f, n);
    }
    if (!rc)
    {
        hkz_cli_exp_key_ball(&e, "C_star_half", Cs);
        arb_const_pi(u, prec);
        arb_set_d(z, 1.5);
        arb_sqrt(z, z, prec);
        arb_mul(u, u, z, prec);
        hkz_cli_exp_key_ball(&e, "d_L_limit", u);
        rc = hkz_cli_exp_finish(&e, !v.fail, v.text);
    }

cleanup:
    hkz_cli_exp_abort(&e);
    hkz_su2n_weights_clear(a); hkz_su2n_weights_clear(b);
    hkz_su2n_weights_clear(ai); hkz_su2n_weights_clear(bi);
    hkz_su2n_point_clear(x);
    arb_clear(dD); arb_clear(dL); arb_clear(cD); arb_clear(cL);
    arb_clear(u); arb_clear(z); arb_clear(zero); arb_clear(half);
    arb_clear(Cs); arb_clear(prevD);
    return rc;
}

/* ===================================================================== */
/* X4: form constants from the joint spectrum (F1, P3, R48)              */
/* ===================================================================== */

static const char *usage_x4 =
    "usage: hkz compare X4 [--delta-weights LIST] [--sub-weights LIST] "
    "[--gamma G]\n                      [--nmax N] [--claim auto|equal|"
    "growth] [common options]\n\n"
    "X4 (spec F1, P3, 6.4): the brute-force sup of (lambda^Delta)^G / "
    "lambda^L over the\njoint spectrum (n_i <= n, all k_i) for n = N/4, "
    "N/2, N (default weights 1,4\nfor both, G = 1/2, N = 20) against the "
    "closed form sup_i (3 a_i)^G/(2 b_i).\nClaims: equal (the default for "
    "G <= 1/2): every brute-force value equals the\nclosed form (R48); "
    "growth (the default for G > 1/2): the brute force increases\nstrictly "
    "with n and exceeds the closed form (E_{Delta^G} <= C E_L fails).\n"
    "A claim that does not hold (e.g. --gamma 0.75 --claim equal) gives "
    "FAIL.\n";

static int run_x4(int argc, char **argv)
{
    static const struct option opts[] = {
        COMMON_EXP_OPTIONS,
        {"delta-weights", required_argument, NULL, OPT_DW},
        {"sub-weights", required_argument, NULL, OPT_SW},
        {"gamma", required_argument, NULL, OPT_GAMMA},
        {"nmax", required_argument, NULL, OPT_NMAX},
        {"claim", required_argument, NULL, OPT_CLAIM},
        {NULL, 0, NULL, 0}};
    hkz_cli_common_t common;
    hkz_cli_exp_t e;
    exp_opts_t o;
    verdict_t v = {"", 0};
    hkz_su2n_weights_t a, b;
    arb_t gamma, closed, lib, brute, prev, u, w1, w2, half;
    slong prec, bits, nmax = 20, len, i, k, nm[3], nrow = 0;
    slong *arg = NULL;
    char *sa = NULL, *sb = NULL, *argbuf = NULL;
    int rc, s, claim_equal;

    hkz_su2n_weights_init(a);
    hkz_su2n_weights_init(b);
    arb_init(gamma); arb_init(closed); arb_init(lib); arb_init(brute);
    arb_init(prev); arb_init(u); arb_init(w1); arb_init(w2); arb_init(half);
    memset(&e, 0, sizeof(e));
    rc = parse(argc, argv, opts, &common, &o, usage_x4, &prec);
    if (rc)
    {
        rc = rc == -1 ? 0 : rc;
        goto cleanup;
    }
    bits = hkz_digits_to_bits(common.digits);
    if ((rc = hkz_cli_weights(a, "--delta-weights", o.s_dw ? o.s_dw : "1,4",
                              0, prec)) ||
        (rc = hkz_cli_weights(b, "--sub-weights", o.s_sw ? o.s_sw : "1,4",
                              0, prec)) ||
        (rc = need_list(a, "--delta-weights")) ||
        (rc = need_list(b, "--sub-weights")) ||
        (rc = hkz_cli_ball(gamma, "--gamma", o.s_gamma ? o.s_gamma : "0.5",
                           prec)) ||
        (o.s_nmax && (rc = hkz_cli_slong(&nmax, "--nmax", o.s_nmax, 2,
                                         100000))))
        goto cleanup;
    len = hkz_su2n_weights_length(a);
    if (hkz_su2n_weights_length(b) != len)
    {
        rc = hkz_cli_usage_error("--sub-weights: %ld factors, but "
                                 "--delta-weights has %ld",
                                 (long) hkz_su2n_weights_length(b),
                                 (long) len);
        goto cleanup;
    }
    if (pow(0.5 * (double) nmax * (double) (nmax + 1), (double) len) > 1e8)
    {
        rc = hkz_cli_usage_error("--nmax: (N(N+1)/2)^%ld > 1e8 joint "
                                 "eigenvalues for the brute force", (long) len);
        goto cleanup;
    }
    if (!arb_is_positive(gamma) || !arb_is_finite(gamma))
    {
        rc = hkz_cli_usage_error("--gamma: must be > 0");
        goto cleanup;
    }
    arb_set_d(half, 0.5);
    if (o.s_claim == NULL || strcmp(o.s_claim, "auto") == 0)
    {
        if (arb_le(gamma, half))
            claim_equal = 1;
        else if (arb_gt(gamma, half))
            claim_equal = 0;
        else
        {
            rc = hkz_cli_usage_error("--gamma: give an exact value (the "
                                     "claim depends on gamma <= 1/2)");
            goto cleanup;
        }
    }
    else if (strcmp(o.s_claim, "equal") == 0)
        claim_equal = 1;
    else if (strcmp(o.s_claim, "growth") == 0)
        claim_equal = 0;
    else
    {
        rc = hkz_cli_usage_error("--claim: expected auto, equal or growth "
                                 "(got '%s')", o.s_claim);
        goto cleanup;
    }
    /* the P3 formula sup_i (3 a_i)^gamma / (2 b_i), for every gamma */
    for (i = 1; i <= len; i++)
    {
        if ((s = hkz_su2n_weights_get(w1, a, i, prec)) ||
            (s = hkz_su2n_weights_get(w2, b, i, prec)))
        {
            rc = hkz_cli_fail(s);
            goto cleanup;
        }
        arb_mul_ui(u, w1, 3, prec);
        arb_pow(u, u, gamma, prec);
        arb_div(u, u, w2, prec);
        arb_mul_2exp_si(u, u, -1);
        if (i == 1)
            arb_set(closed, u);
        else
            arb_max(closed, closed, u, prec);
    }
    /* the library's C*(gamma) (+inf for gamma > 1/2) */
    if ((s = hkz_su2n_form_const(lib, a, b, gamma, prec)) != HKZ_SUCCESS)
    {
        rc = hkz_cli_fail(s);
        goto cleanup;
    }
    if (arb_le(gamma, half) && !hkz_cli_tight_overlap(lib, closed, bits))
        fail_once(&v, "library C*(gamma) %.17g %s closed form %.17g",
                  hkz_cli_mid(lib), neq(lib, closed), hkz_cli_mid(closed));
    nm[0] = FLINT_MAX(nmax / 4, 2);
    nm[1] = FLINT_MAX(nmax / 2, 2);
    nm[2] = nmax;
    arg = flint_malloc(2 * FLINT_MAX(len, 1) * sizeof(slong));
    argbuf = flint_malloc(32 * (len + 1));
    if ((rc = hkz_cli_exp_open(&e, "X4", &common, o.data_dir, argc, argv)))
        goto cleanup;
    sa = hkz_su2n_weights_get_str(a);
    sb = hkz_su2n_weights_get_str(b);
    for (k = 0; k < 3 && !rc; k++)
    {
        hkz_field_t f[24];
        slong n = 0, m = 0;
        int ok = 1;
        if (k > 0 && nm[k] == nm[k - 1])
            continue;
        s = hkz_su2n_form_const_brute(brute, arg, a, b, gamma, nm[k], prec);
        if (s != HKZ_SUCCESS)
        {
            rc = hkz_cli_fail(s);
            break;
        }
        argbuf[0] = '\0';
        for (i = 0; i < len; i++)
            m += snprintf(argbuf + m, 32, "%s%ld,%ld", i ? ";" : "",
                          (long) arg[2 * i], (long) arg[2 * i + 1]);
        if (claim_equal)
        {
            if (!hkz_cli_tight_overlap(brute, closed, bits))
                ok = 0, fail_once(&v, "claim equal: brute force %.17g %s "
                                  "closed form %.17g at n <= %ld",
                                  hkz_cli_mid(brute), neq(brute, closed),
                                  hkz_cli_mid(closed), (long) nm[k]);
        }
        else
        {
            if (nrow > 0 && !arb_gt(brute, prev))
                ok = 0, fail_once(&v, "claim growth: no certified growth "
                                  "from n <= %ld to n <= %ld",
                                  (long) nm[k - 1], (long) nm[k]);
            if (k == 2 && !arb_gt(brute, closed))
                ok = 0, fail_once(&v, "claim growth: brute force %.17g not"
                                  " above the closed form %.17g",
                                  hkz_cli_mid(brute), hkz_cli_mid(closed));
        }
        arb_set(prev, brute);
        nrow++;
        f[n++] = HKZ_FSTR("delta_weights", sa != NULL ? sa : "");
        f[n++] = HKZ_FSTR("sub_weights", sb != NULL ? sb : "");
        f[n++] = HKZ_FDBL("gamma", hkz_cli_mid(gamma));
        f[n++] = HKZ_FINT("nmax", (long) nm[k]);
        BALL2(f, n, "brute", brute);
        f[n++] = HKZ_FSTR("argmax", argbuf);
        BALL2(f, n, "closed", closed);
        BALL2(f, n, "C_star", lib);
        f[n++] = HKZ_FSTR("claim", claim_equal ? "equal" : "growth");
        f[n++] = HKZ_FBOOL("ok", ok);
        rc = hkz_cli_exp_row(&e, f, n);
    }
    if (!rc)
    {
        hkz_cli_exp_key_ball(&e, "brute_at_nmax", brute);
        hkz_cli_exp_key_str(&e, "argmax", argbuf);
        hkz_cli_exp_key_ball(&e, "closed_form", closed);
        hkz_cli_exp_key_ball(&e, "C_star", lib);
        hkz_cli_exp_key_str(&e, "claim", claim_equal ? "equal" : "growth");
        rc = hkz_cli_exp_finish(&e, !v.fail, v.text);
    }

cleanup:
    hkz_cli_exp_abort(&e);
    flint_free(arg);
    flint_free(argbuf);
    flint_free(sa);
    flint_free(sb);
    hkz_su2n_weights_clear(a);
    hkz_su2n_weights_clear(b);
    arb_clear(gamma); arb_clear(closed); arb_clear(lib); arb_clear(brute);
    arb_clear(prev); arb_clear(u); arb_clear(w1); arb_clear(w2);
    arb_clear(half);
    return rc;
}

/* ===================================================================== */
/* X5: heat-kernel transfer (F2): mu^L_t(e) <= mu^{Delta^1/2}_{t/C*}(e)  */
/* ===================================================================== */

static const char *usage_x5 =
    "usage: hkz compare X5 [--delta-weights LIST] [--sub-weights LIST] "
    "[--t T1,T2,...]\n                      [common options]\n\n"
    "X5 (spec F2, F3, 6.4): E-a truncated at n = 3 (default i^2@3 for "
    "both), t in\n{0.5, 0.2}: C* = C*(1/2) (P3), mu^L_t(e) and the "
    "subordinated kernel\nmu^{Delta^{1/2}}_{t/C*}(e) (F3, a certified "
    "integral).  PASS: mu^L_t(e) <=\nmu^{Delta^{1/2}}_{t/C*}(e) for every "
    "t (R44, R45); the ratio shows the loss.\n";

static int run_x5(int argc, char **argv)
{
    static const struct option opts[] = {
        COMMON_EXP_OPTIONS,
        {"delta-weights", required_argument, NULL, OPT_DW},
        {"sub-weights", required_argument, NULL, OPT_SW},
        {"t", required_argument, NULL, OPT_T},
        {NULL, 0, NULL, 0}};
    hkz_cli_common_t common;
    hkz_cli_exp_t e;
    exp_opts_t o;
    verdict_t v = {"", 0};
    hkz_su2n_weights_t a, b;
    hkz_su2n_info_t info;
    arb_ptr tv;
    arb_t Cs, half, lhs, rhs, s_t, ratio;
    slong prec, nt = 0, k;
    char *sa = NULL, *sb = NULL, tbuf[64];
    const char *tl;
    int rc, s;

    hkz_su2n_weights_init(a);
    hkz_su2n_weights_init(b);
    tv = _arb_vec_init(MAX_LIST);
    arb_init(Cs); arb_init(half); arb_init(lhs); arb_init(rhs);
    arb_init(s_t); arb_init(ratio);
    memset(&e, 0, sizeof(e));
    rc = parse(argc, argv, opts, &common, &o, usage_x5, &prec);
    if (rc)
    {
        rc = rc == -1 ? 0 : rc;
        goto cleanup;
    }
    tl = o.s_t ? o.s_t : "0.5,0.2";
    if ((rc = hkz_cli_weights(a, "--delta-weights", o.s_dw ? o.s_dw :
                              "i^2@3", 0, prec)) ||
        (rc = hkz_cli_weights(b, "--sub-weights", o.s_sw ? o.s_sw : "i^2@3",
                              0, prec)) ||
        (rc = need_list(a, "--delta-weights")) ||
        (rc = hkz_cli_pos_list(tv, &nt, MAX_LIST, "--t", tl, prec)))
        goto cleanup;
    arb_set_d(half, 0.5);
    if ((s = hkz_su2n_form_const(Cs, a, b, half, prec)) != HKZ_SUCCESS)
    {
        rc = hkz_cli_fail(s);
        goto cleanup;
    }
    if (!arb_is_finite(Cs) || !arb_is_positive(Cs))
    {
        rc = hkz_cli_usage_error("--sub-weights: C*(1/2) is not finite for "
                                 "these weights (no transfer inequality)");
        goto cleanup;
    }
    if ((rc = hkz_cli_exp_open(&e, "X5", &common, o.data_dir, argc, argv)))
        goto cleanup;
    sa = hkz_su2n_weights_get_str(a);
    sb = hkz_su2n_weights_get_str(b);
    for (k = 0; k < nt && !rc; k++)
    {
        hkz_field_t f[24];
        slong n = 0;
        int ok = 1;
        hkz_cli_list_item(tbuf, sizeof(tbuf), tl, k);
        arb_div(s_t, tv + k, Cs, prec);
        if ((s = hkz_su2n_heat_e(lhs, &info, b, HKZ_SU2N_L, tv + k, prec)) ||
            (s = hkz_su2n_heat_e_subord(rhs, a, HKZ_SU2N_DELTA, s_t, prec)))
        {
            rc = hkz_cli_fail(s);
            break;
        }
        if (info.kind != HKZ_SU2N_FINITE)
        {
            rc = hkz_cli_fail(hkz_error_set(HKZ_ERR_NOT_CERTIFIED, "mu^L_t"
                              "(e) at t = %s is not finite", tbuf));
            break;
        }
        arb_div(ratio, rhs, lhs, prec);
        if (!arb_le(lhs, rhs))
            ok = 0, fail_once(&v, "t = %s: mu^L_t(e) = %.17g not certified "
                              "<= %.17g", tbuf, hkz_cli_mid(lhs),
                              hkz_cli_mid(rhs));
        f[n++] = HKZ_FSTR("delta_weights", sa != NULL ? sa : "");
        f[n++] = HKZ_FSTR("sub_weights", sb != NULL ? sb : "");
        f[n++] = HKZ_FSTR("t", tbuf);
        BALL2(f, n, "C_star", Cs);
        BALL2(f, n, "s", s_t);
        BALL2(f, n, "mu_L", lhs);
        BALL2(f, n, "mu_sub", rhs);
        BALL2(f, n, "ratio", ratio);
        f[n++] = HKZ_FBOOL("ok", ok);
        rc = hkz_cli_exp_row(&e, f, n);
    }
    if (!rc)
    {
        hkz_cli_exp_key_ball(&e, "C_star", Cs);
        rc = hkz_cli_exp_finish(&e, !v.fail, v.text);
    }

cleanup:
    hkz_cli_exp_abort(&e);
    flint_free(sa);
    flint_free(sb);
    hkz_su2n_weights_clear(a);
    hkz_su2n_weights_clear(b);
    _arb_vec_clear(tv, MAX_LIST);
    arb_clear(Cs); arb_clear(half); arb_clear(lhs); arb_clear(rhs);
    arb_clear(s_t); arb_clear(ratio);
    return rc;
}

/* ===================================================================== */
/* X6: (CK*) diagnostics (spec 5.4, R38-R41)                             */
/* ===================================================================== */

static const char *usage_x6 =
    "usage: hkz compare X6 [--t T1,T2,...] [common options]\n\n"
    "X6 (spec 5.4, 6.4): for the cases a_i = i (Delta, p = 1), b_i = i "
    "(L, p = 1) and\na_i = i^2 (Delta, p = 2), on the t grid (default "
    "1,0.5,0.2,0.1,0.05,0.02,0.01):\nthe scaled value t^{1/p} log mu_t(e) "
    "and the certified bracket\n[int_{t^{1/p}}^inf, int_0^inf] log F(x^p) "
    "dx (F = h or p at e; R41), whose\nupper end is the t -> 0 limit (R38, "
    "R39, R40): (CK*) fails for the p = 1 cases\n(the limit is > 0) and "
    "holds for p = 2 (t log mu_t(e) = t^{1/2} (t^{1/2} log mu_t(e))\n-> 0)."
    "  PASS: every scaled value lies in its bracket (certified) and the "
    "three\nlimits agree with the spec's R38-R40.\n";

static int run_x6(int argc, char **argv)
{
    static const struct option opts[] = {
        COMMON_EXP_OPTIONS,
        {"t", required_argument, NULL, OPT_T},
        {NULL, 0, NULL, 0}};
    static const struct
    {
        const char *name, *opname, *weights, *ref, *refid;
        int op;
        ulong p;
    } cases[3] = {
        {"E-c Delta", "delta", "i", "1.249561413755993546324564", "R38",
         HKZ_SU2N_DELTA, 1},
        {"E-c L", "sub", "i", "2.28036282128570551494916", "R39",
         HKZ_SU2N_L, 1},
        {"a_i = i^2 Delta", "delta", "i^2", "2.547330152164169545294799",
         "R40", HKZ_SU2N_DELTA, 2}};
    hkz_cli_common_t common;
    hkz_cli_exp_t e;
    exp_opts_t o;
    verdict_t v = {"", 0};
    hkz_su2n_weights_t w;
    hkz_su2n_info_t info;
    arb_ptr tv;
    arb_t mu, lmu, sc, lo, hi, p, tp, zero;
    slong prec, bits, nt = 0, k, c;
    char tbuf[64];
    const char *tl;
    int rc, s;

    hkz_su2n_weights_init(w);
    tv = _arb_vec_init(MAX_LIST);
    arb_init(mu); arb_init(lmu); arb_init(sc); arb_init(lo); arb_init(hi);
    arb_init(p); arb_init(tp); arb_init(zero);
    memset(&e, 0, sizeof(e));
    rc = parse(argc, argv, opts, &common, &o, usage_x6, &prec);
    if (rc)
    {
        rc = rc == -1 ? 0 : rc;
        goto cleanup;
    }
    bits = hkz_digits_to_bits(common.digits);
    tl = o.s_t ? o.s_t : "1,0.5,0.2,0.1,0.05,0.02,0.01";
    if ((rc = hkz_cli_pos_list(tv, &nt, MAX_LIST, "--t", tl, prec)))
        goto cleanup;
    if ((rc = hkz_cli_exp_open(&e, "X6", &common, o.data_dir, argc, argv)))
        goto cleanup;
    for (c = 0; c < 3 && !rc; c++)
    {
        char key[32];
        arb_set_ui(p, cases[c].p);
        if ((rc = hkz_cli_weights(w, "weights", cases[c].weights, 0, prec)))
            break;
        /* the limit int_0^inf (upper end of every bracket) */
        if ((s = hkz_su2n_ck_integral(hi, cases[c].op, p, zero, prec)))
        {
            rc = hkz_cli_fail(s);
            break;
        }
        if (!ref_overlaps(hi, cases[c].ref, bits, prec))
            fail_once(&v, "%s: limit %.17g %s %s", cases[c].name,
                      hkz_cli_mid(hi), arb_rel_accuracy_bits(hi) <
                      FLINT_MIN(bits, 64) ? "too wide to compare with"
                      : "differs from", cases[c].refid);
        snprintf(key, sizeof(key), "limit_%s", cases[c].refid);
        hkz_cli_exp_key_ball(&e, key, hi);
        for (k = 0; k < nt && !rc; k++)
        {
            hkz_field_t f[24];
            slong n = 0;
            int ok;
            hkz_cli_list_item(tbuf, sizeof(tbuf), tl, k);
            /* x = t^{1/p}: the Riemann-sum step */
            if (cases[c].p == 1)
                arb_set(tp, tv + k);
            else
                arb_root_ui(tp, tv + k, cases[c].p, prec);
            if ((s = hkz_su2n_heat_e(mu, &info, w, cases[c].op, tv + k,
                                     prec)) ||
                (s = hkz_su2n_ck_integral(lo, cases[c].op, p, tp, prec)))
            {
                rc = hkz_cli_fail(s);
                break;
            }
            arb_log(lmu, mu, prec);
            arb_mul(sc, lmu, tp, prec);
            ok = info.kind == HKZ_SU2N_FINITE && arb_le(lo, sc) &&
                 arb_le(sc, hi);
            if (!ok)
                fail_once(&v, "%s, t = %s: %.17g not certified in [%.17g, "
                          "%.17g]", cases[c].name, tbuf, hkz_cli_mid(sc),
                          hkz_cli_mid(lo), hkz_cli_mid(hi));
            f[n++] = HKZ_FSTR("case", cases[c].name);
            f[n++] = HKZ_FSTR("op", cases[c].opname);
            f[n++] = HKZ_FSTR("weights", cases[c].weights);
            f[n++] = HKZ_FINT("p", (long) cases[c].p);
            f[n++] = HKZ_FSTR("t", tbuf);
            BALL2(f, n, "log_mu", lmu);
            BALL2(f, n, "scaled", sc);
            BALL2(f, n, "bracket_lo", lo);
            BALL2(f, n, "bracket_hi", hi);
            f[n++] = HKZ_FBOOL("in_bracket", ok);
            f[n++] = HKZ_FINT("nfactors", (long) info.nfactors);
            rc = hkz_cli_exp_row(&e, f, n);
        }
    }
    if (!rc)
        rc = hkz_cli_exp_finish(&e, !v.fail, v.text);

cleanup:
    hkz_cli_exp_abort(&e);
    hkz_su2n_weights_clear(w);
    _arb_vec_clear(tv, MAX_LIST);
    arb_clear(mu); arb_clear(lmu); arb_clear(sc); arb_clear(lo);
    arb_clear(hi); arb_clear(p); arb_clear(tp); arb_clear(zero);
    return rc;
}

/* ===================================================================== */
/* X7: existence thresholds of E-e (spec 5.4)                            */
/* ===================================================================== */

static const char *usage_x7 =
    "usage: hkz compare X7 [--delta-weights SPEC] [--sub-weights SPEC] "
    "[--t T1,T2,...]\n                      [common options]\n\n"
    "X7 (spec 5.4, 6.4, E-e): weights c log(1+i) (default c = 1 for both)."
    "  mu_t(e)\nis finite iff lambda_1 c t > 1 (Delta: lambda_1 = 3, "
    "threshold 1/3; L: lambda_1 = 2,\nthreshold 1/2), else +inf (no "
    "continuous density).  PASS: Delta finite at\nt = 0.4 and +inf at 0.3, "
    "L finite at 0.6 and +inf at 0.4 (for c = 1), and on\nthe t grid "
    "(default 0.3,0.34,0.36,0.4,0.45,0.5,0.55,0.6,0.8,1,1.5,2) every kind\n"
    "(finite|divergent) is the one the threshold predicts.\n";

static int run_x7(int argc, char **argv)
{
    static const struct option opts[] = {
        COMMON_EXP_OPTIONS,
        {"delta-weights", required_argument, NULL, OPT_DW},
        {"sub-weights", required_argument, NULL, OPT_SW},
        {"t", required_argument, NULL, OPT_T},
        {NULL, 0, NULL, 0}};
    static const struct
    {
        int op;
        const char *t;
        int kind;
        const char *key;
    } named[4] = {
        {HKZ_SU2N_DELTA, "0.4", HKZ_SU2N_FINITE, "mu_delta_t0.4"},
        {HKZ_SU2N_DELTA, "0.3", HKZ_SU2N_DIVERGENT, "mu_delta_t0.3"},
        {HKZ_SU2N_L, "0.6", HKZ_SU2N_FINITE, "mu_sub_t0.6"},
        {HKZ_SU2N_L, "0.4", HKZ_SU2N_DIVERGENT, "mu_sub_t0.4"}};
    hkz_cli_common_t common;
    hkz_cli_exp_t e;
    exp_opts_t o;
    verdict_t v = {"", 0};
    hkz_su2n_weights_t w[2];
    hkz_su2n_info_t info;
    hkz_su2n_decision_t dec;
    arb_ptr tv;
    arb_t mu, lmu, thr, t1, one;
    slong prec, nt = 0, k, c;
    char *ws[2] = {NULL, NULL}, tbuf[64];
    const char *tl;
    int rc, s, default_w = 1;

    hkz_su2n_weights_init(w[0]);
    hkz_su2n_weights_init(w[1]);
    tv = _arb_vec_init(MAX_LIST);
    arb_init(mu); arb_init(lmu); arb_init(thr); arb_init(t1); arb_init(one);
    memset(&e, 0, sizeof(e));
    rc = parse(argc, argv, opts, &common, &o, usage_x7, &prec);
    if (rc)
    {
        rc = rc == -1 ? 0 : rc;
        goto cleanup;
    }
    tl = o.s_t ? o.s_t : "0.3,0.34,0.36,0.4,0.45,0.5,0.55,0.6,0.8,1,1.5,2";
    if ((rc = hkz_cli_weights(w[0], "--delta-weights", o.s_dw ? o.s_dw :
                              "log(1+i)", 0, prec)) ||
        (rc = hkz_cli_weights(w[1], "--sub-weights", o.s_sw ? o.s_sw :
                              "log(1+i)", 0, prec)) ||
        (rc = hkz_cli_pos_list(tv, &nt, MAX_LIST, "--t", tl, prec)))
        goto cleanup;
    for (c = 0; c < 2; c++)
        if (w[c]->family != HKZ_SU2N_LOG)
        {
            rc = hkz_cli_usage_error("%s: X7 needs the family C*log(1+i)",
                                     c ? "--sub-weights" : "--delta-weights");
            goto cleanup;
        }
    arb_one(one);
    default_w = arb_equal(&w[0]->c, one) && arb_equal(&w[1]->c, one);
    if ((rc = hkz_cli_exp_open(&e, "X7", &common, o.data_dir, argc, argv)))
        goto cleanup;
    ws[0] = hkz_su2n_weights_get_str(w[0]);
    ws[1] = hkz_su2n_weights_get_str(w[1]);
    /* the four named checks (for c = 1) */
    for (k = 0; k < 4 && default_w && !rc; k++)
    {
        int i = named[k].op == HKZ_SU2N_L;
        if ((rc = hkz_cli_ball(t1, "t", named[k].t, prec)))
            break;
        if ((s = hkz_su2n_heat_e(mu, &info, w[i], named[k].op, t1, prec)))
        {
            rc = hkz_cli_fail(s);
            break;
        }
        if (info.kind != named[k].kind ||
            (info.kind == HKZ_SU2N_FINITE && !arb_is_finite(mu)))
            fail_once(&v, "%s: %s at t = %s, expected %s", i ? "L" :
                      "Delta", info.kind == HKZ_SU2N_FINITE ? "finite" :
                      "divergent", named[k].t, named[k].kind ==
                      HKZ_SU2N_FINITE ? "finite" : "+inf");
        hkz_cli_exp_key_ball(&e, named[k].key, mu);
    }
    for (c = 0; c < 2 && !rc; c++)
    {
        int op = c ? HKZ_SU2N_L : HKZ_SU2N_DELTA;
        /* threshold 1/(lambda_1 c) */
        arb_mul_ui(thr, &w[c]->c, c ? 2 : 3, prec);
        arb_inv(thr, thr, prec);
        for (k = 0; k < nt && !rc; k++)
        {
            hkz_field_t f[24];
            slong n = 0;
            const char *expected;
            int ok;
            hkz_cli_list_item(tbuf, sizeof(tbuf), tl, k);
            expected = arb_gt(tv + k, thr) ? "finite" :
                       arb_le(tv + k, thr) ? "divergent" : "unknown";
            s = hkz_su2n_heat_e(mu, &info, w[c], op, tv + k, prec);
            if (s == HKZ_ERR_NOT_CERTIFIED)
            {
                rc = hkz_cli_usage_error("--t: %s is too close to the "
                                         "threshold to decide", tbuf);
                break;
            }
            if (s == HKZ_SUCCESS)
                s = hkz_su2n_decide(&dec, w[c], op, tv + k, 64);
            if (s != HKZ_SUCCESS)
            {
                rc = hkz_cli_fail(s);
                break;
            }
            if (info.kind == HKZ_SU2N_FINITE)
                arb_log(lmu, mu, prec);
            else
                arb_set(lmu, mu);   /* +inf */
            ok = strcmp(expected, kind_str(info.kind)) == 0 &&
                 (info.kind != HKZ_SU2N_FINITE || arb_is_finite(lmu)) &&
                 (info.kind != HKZ_SU2N_DIVERGENT || !arb_is_finite(lmu));
            if (!ok)
                fail_once(&v, "%s, t = %s: %s, expected %s", c ? "L" :
                          "Delta", tbuf, kind_str(info.kind), expected);
            f[n++] = HKZ_FSTR("op", c ? "sub" : "delta");
            f[n++] = HKZ_FSTR("weights", ws[c] != NULL ? ws[c] : "");
            f[n++] = HKZ_FSTR("t", tbuf);
            BALL2(f, n, "threshold", thr);
            f[n++] = HKZ_FSTR("kind", kind_str(info.kind));
            BALL2(f, n, "log_mu", lmu);
            f[n++] = HKZ_FSTR("expected", expected);
            f[n++] = HKZ_FSTR("density_at_t", dec.density_at_t ==
                              HKZ_SU2N_YES ? "yes" : dec.density_at_t ==
                              HKZ_SU2N_NO ? "no" : "unknown");
            f[n++] = HKZ_FINT("nfactors", (long) info.nfactors);
            f[n++] = HKZ_FBOOL("pass", ok);
            rc = hkz_cli_exp_row(&e, f, n);
        }
    }
    if (!rc)
        rc = hkz_cli_exp_finish(&e, !v.fail, v.text);

cleanup:
    hkz_cli_exp_abort(&e);
    flint_free(ws[0]);
    flint_free(ws[1]);
    hkz_su2n_weights_clear(w[0]);
    hkz_su2n_weights_clear(w[1]);
    _arb_vec_clear(tv, MAX_LIST);
    arb_clear(mu); arb_clear(lmu); arb_clear(thr); arb_clear(t1);
    arb_clear(one);
    return rc;
}

/* ===================================================================== */
/* dispatcher                                                            */
/* ===================================================================== */

static const struct
{
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
} experiments[] = {
    {"X1", run_x1, "single SU(2): max d_sR^2/d_R on an (r,z) grid is < 2 pi"
     " (sharp, fibre 2 pi - z)"},
    {"X2", run_x2, "SU(2)^n: d_L/d_Delta^{1/2} -> C_n = sqrt(2 pi) "
     "S_n^{1/4} (P2, R42) and <= C_n"},
    {"X3", run_x3, "E-b: d_Delta = pi/sqrt N -> 0, d_L -> pi sqrt(3/2) "
     "(R43); C*(1/2) = sqrt3/2"},
    {"X4", run_x4, "form constant: brute force over the joint spectrum = "
     "sup (3a)^g/(2b) (R48)"},
    {"X5", run_x5, "heat-kernel transfer mu^L_t(e) <= mu^{Delta^1/2}_{t/C*}"
     "(e) (R44, R45)"},
    {"X6", run_x6, "(CK*): t^{1/p} log mu_t(e) in its certified bracket, "
     "limits R38-R40"},
    {"X7", run_x7, "E-e existence thresholds: Delta t > 1/3, L t > 1/2, "
     "else +inf"},
    {"X8", hkz_cmd_compare_x8, "mixing-type operators on SU(2)^n (product "
     "check, designed example)"},
    {"sweep", hkz_cmd_compare_sweep, "estimate of the best c, C in d_L <= C"
     " d_Delta^c from certified samples"},
};

static const char *usage_compare =
    "usage: hkz compare <experiment> [options]   (hkz compare <experiment> "
    "--help)\n\nComparison experiments of spec section 6.4 (product-type "
    "operators on\nSU(2)^n / SU(2)^infinity, N_unit).  Each prints its "
    "data rows, then the line\n'Xk: PASS' (exit 0) or 'Xk: FAIL (reason)' "
    "(exit 4), and writes\nDIR/<exp>/<exp>.csv, .jsonl and _verdict.jsonl "
    "(--data-dir DIR, default\nnotebooks_data).  Run without options for "
    "the spec's case.\n\nexperiments:\n";

int hkz_cmd_compare(int argc, char **argv)
{
    size_t i, n = sizeof(experiments) / sizeof(experiments[0]);
    if (argc < 2 || argv[1][0] == '-')
    {
        if (argc >= 2 && (strcmp(argv[1], "--help") == 0 ||
                          strcmp(argv[1], "-h") == 0))
        {
            fputs(usage_compare, stdout);
            for (i = 0; i < n; i++)
                printf("  %-6s %s\n", experiments[i].name,
                       experiments[i].summary);
            return 0;
        }
        return hkz_cli_usage_error("compare: missing experiment (X1 ... X8"
                                   " or sweep; see hkz compare --help)");
    }
    for (i = 0; i < n; i++)
        if (strcmp(argv[1], experiments[i].name) == 0 ||
            (argv[1][0] == 'x' && strcmp(argv[1] + 1,
                                         experiments[i].name + 1) == 0 &&
             experiments[i].name[0] == 'X'))
            return experiments[i].run(argc - 1, argv + 1);
    return hkz_cli_usage_error("compare: unknown experiment '%s' (X1 ... "
                               "X8 or sweep)", argv[1]);
}
