/* hkz compare X8: mixing-type (non-product) left-invariant operators on
 * SU(2)^n (spec section 6.4 X8; groups/su2mix).
 *
 * L = -sum_k V_k^2 with V_k real combinations of the 3n fields (--fields)
 * or the designed example (ii) V = {sqrt(b_i) X_i, sqrt(b_i)(Y_i +
 * eps_i X_{i+1})} (default).  For every irrep pi = (x) V_{n_i} of the box
 * n_i <= nmax the block Lhat(pi) is diagonalized (LAPACKE zheevd) and its
 * eigenvalues certified (Weyl + Ostrowski residual bounds in Arb); the
 * tail outside the box is bounded through a product-type L0 <= K L.
 * Rows (one per t): mu^L_t(e) (certified ball), its box part, the tail
 * bound, mu^{L0}_{t/K}(e), the comparison at K_check (K_spec of the
 * example, or the proven K).  Verdict PASS when, certified:
 *   - L >= L0/K holds blockwise (lambda_min and every trace) on the box;
 *   - K <= K_check, lambda_min(Lhat) >= lambda_min(Lhat0)/K_check for
 *     every block and mu^L_t(e) <= mu^{L0}_{t/K_check}(e) for every t
 *     (box part certified; outside the box by L >= L0/K_check);
 *   - the C*(gamma) bracket [max over the box, K C*_{L0}] is consistent;
 *   - the double values lie in the certified enclosures.
 * With --double only the double path runs (certified: false) and the
 * verdict uses the double numbers. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#ifdef HKZ_CLI_CUDA
#include "hkz/cuda.h"
#endif

#ifdef HKZ_CLI_MPI
#include <mpi.h>
#endif

enum
{
    OPT_DATA_DIR = HKZ_OPT_FIRST_COMMAND_OPT, OPT_FIELDS, OPT_EXAMPLE, OPT_B,
    OPT_EPS, OPT_N, OPT_NMAX, OPT_T, OPT_GAMMA, OPT_DW, OPT_KCHECK,
    OPT_BLOCKS, OPT_AT
};

#define X8_MAXN 16
#define X8_MAXT 64

typedef struct
{
    const char *data_dir;
    const char *s_fields, *s_example, *s_b, *s_eps, *s_n, *s_nmax, *s_t;
    const char *s_gamma, *s_dw, *s_kcheck, *s_at;
    int blocks;
} x8_opts_t;

static const char *usage =
    "usage: hkz compare X8 [--fields SPEC | --fields file:PATH |\n"
    "                       --example ii [--b LIST] [--eps LIST]] [--n N]\n"
    "                      [--nmax M|LIST] [--t LIST] [--gamma G]\n"
    "                      [--delta-weights LIST] [--K-check K] [--blocks]\n"
    "                      [--at POINT]\n"
    "                      [--double] [--digits D] [--format text|csv|jsonl]"
    "\n                      [--out PATH] [--data-dir DIR|none]\n\n"
    "Mixing-type operator L = -sum_k V_k^2 on SU(2)^n (spec 6.4 X8, N_unit,"
    "\n[X,Y] = 2Z).  --fields: V_k separated by ';' (or lines of a file), "
    "terms\ncoef*F<i> with F in X, Y, Z, i = 1..n, e.g. \"X1; Y1 + 0.5*X2; "
    "2*X2; Y2\".\nDefault: the designed example (ii) V = {sqrt(b_i) X_i, "
    "sqrt(b_i)(Y_i +\neps_i X_{i+1})} with n = 3, b = 1,4,9, eps = 0.5,0.5, "
    "nmax = 4, t = 0.5,0.2,\ngamma = 1/2, delta weights = b; its comparison "
    "constant K_spec =\nmax(2, 1 + 2 sup eps_i^2 b_i/b_{i+1}) is checked "
    "(--K-check overrides).\nEvery block n_i <= nmax is diagonalized; "
    "eigenvalues are certified by\nresidual bounds (about 13 digits), the "
    "tail outside the box through a\nproduct-type minorant L0 <= K L.  "
    "Rows: one per t (mu_L ball and mid, box\npart, tail, mu_L0 at t/K, "
    "comparison); --blocks adds one row per block; --at POINT (\"r,phi,z; ...\"\n"
    "per factor, spec 1.2, or \"e\") adds rows mu^L_t(x) from the spectral-sum\n"
    "engine (double, certified: false; bound = engine rounding bound with\n"
    "estimated input errors + the proven box tail).  --digits only sets the\n"
    "working precision: the eigenvalue enclosures carry about 13 digits.\n"
    "Common options: --format, --out (the rows), --data-dir DIR (default\n"
    "notebooks_data; 'none': no files): DIR/x8/x8.csv, x8.jsonl, "
    "x8_verdict.jsonl.\nExit 0 on PASS, 4 on FAIL, 2 on bad input.\n";

static int handle(int opt, const char *arg, void *ctx)
{
    x8_opts_t *o = ctx;
    switch (opt)
    {
    case OPT_DATA_DIR: o->data_dir = arg; break;
    case OPT_FIELDS: o->s_fields = arg; break;
    case OPT_EXAMPLE: o->s_example = arg; break;
    case OPT_B: o->s_b = arg; break;
    case OPT_EPS: o->s_eps = arg; break;
    case OPT_N: o->s_n = arg; break;
    case OPT_NMAX: o->s_nmax = arg; break;
    case OPT_T: o->s_t = arg; break;
    case OPT_GAMMA: o->s_gamma = arg; break;
    case OPT_DW: o->s_dw = arg; break;
    case OPT_KCHECK: o->s_kcheck = arg; break;
    case OPT_BLOCKS: o->blocks = 1; break;
    case OPT_AT: o->s_at = arg; break;
    }
    return 0;
}

/* Reads a whole file into a malloc'ed string (NULL on failure). */
static char *read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    char *buf = NULL;
    long n;
    if (f == NULL)
        return NULL;
    if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0 && n < (1L << 24)
        && fseek(f, 0, SEEK_SET) == 0)
    {
        buf = malloc((size_t) n + 1);
        if (buf != NULL)
        {
            if (fread(buf, 1, (size_t) n, f) != (size_t) n)
            {
                free(buf);
                buf = NULL;
            }
            else
                buf[n] = '\0';
        }
    }
    fclose(f);
    return buf;
}

/* Parses a comma list of exactly (or at least) n decimals into v. */
static int ball_list_n(arb_ptr v, slong n, slong *got, const char *opt,
                       const char *s, slong prec)
{
    slong k;
    int rc = hkz_cli_pos_list(v, &k, X8_MAXN, opt, s, prec);
    if (rc)
        return rc;
    if (k < n)
        return hkz_cli_usage_error("%s: %ld values needed (got %ld)", opt,
                                   (long) n, (long) k);
    if (got != NULL)
        *got = k;
    return 0;
}

/* MPI: every rank summed the blocks of its share into bx->box; the ranks'
 * balls are exchanged as (midpoint, outward radius) doubles and summed.
 * Radius of the result: the sum of the ranks' radii (each the distance
 * of the rank's double midpoint to its ball's far end) plus the rounding
 * of the double sum of the midpoints (at most size * 2^-52 * sum |mid|),
 * both inflated generously.  blocks_le is combined as "no rank failed". */
#ifdef HKZ_CLI_MPI
static int combine_ranks(hkz_su2mix_box_t bx, slong prec)
{
    int size = hkz_cli_mpi_size();
    slong j, nt = bx->nt, m = 3 * nt + 1;
    double *loc, *glb;
    arb_t u;

    if (size <= 1)
        return 0;
    loc = calloc((size_t) m, sizeof(double));
    glb = calloc((size_t) m, sizeof(double));
    if (loc == NULL || glb == NULL)
    {
        free(loc);
        free(glb);
        return hkz_cli_fail(hkz_error_set(HKZ_ERR_NOMEM, "no memory"));
    }
    arb_init(u);
    for (j = 0; j < nt; j++)
    {
        loc[j] = arf_get_d(arb_midref(bx->box + j), ARF_RND_NEAR);
        arb_set_d(u, loc[j]);
        arb_sub(u, u, bx->box + j, prec);
        arb_abs(u, u);
        arb_get_ubound_arf(arb_midref(u), u, prec);
        loc[nt + j] = arf_get_d(arb_midref(u), ARF_RND_UP);
        loc[2 * nt + j] = bx->mu_d[j];
    }
    loc[3 * nt] = bx->blocks_le ? 0.0 : 1.0;
    MPI_Allreduce(loc, glb, (int) m, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    for (j = 0; j < nt; j++)
    {
        double r = glb[nt + j] * (1 + 1e-10) +
                   fabs(glb[j]) * ldexp((double) size + 2, -50) + 1e-300;
        arb_set_d(bx->box + j, glb[j]);
        arb_set_d(u, r);
        arb_add_error(bx->box + j, u);
        bx->mu_d[j] = glb[2 * nt + j];
    }
    bx->blocks_le = glb[3 * nt] == 0.0;
    arb_clear(u);
    free(loc);
    free(glb);
    return 0;
}
#endif

int hkz_cmd_compare_x8(int argc, char **argv)
{
    static const struct option opts[] = {
        HKZ_CLI_COMMON_OPTIONS,
        {"double", no_argument, NULL, HKZ_OPT_DOUBLE},
        {"data-dir", required_argument, NULL, OPT_DATA_DIR},
        {"fields", required_argument, NULL, OPT_FIELDS},
        {"example", required_argument, NULL, OPT_EXAMPLE},
        {"b", required_argument, NULL, OPT_B},
        {"eps", required_argument, NULL, OPT_EPS},
        {"n", required_argument, NULL, OPT_N},
        {"nmax", required_argument, NULL, OPT_NMAX},
        {"t", required_argument, NULL, OPT_T},
        {"gamma", required_argument, NULL, OPT_GAMMA},
        {"delta-weights", required_argument, NULL, OPT_DW},
        {"K-check", required_argument, NULL, OPT_KCHECK},
        {"blocks", no_argument, NULL, OPT_BLOCKS},
        {"at", required_argument, NULL, OPT_AT},
        {NULL, 0, NULL, 0}};
    x8_opts_t o;
    hkz_cli_common_t common;
    hkz_cli_exp_t ex;
    hkz_su2mix_op_t op;
    hkz_su2mix_box_t bx;
    arb_ptr b, eps, t, dw;
    arb_t gam, Kc, u, v, s, tail, box0, cs, lo, hi, lmn;
    slong n = 3, nt = 0, nmax[X8_MAXN], nn, i, j, k, prec = 128;
    slong nvec[X8_MAXN], b0, b1, eqbits;
    int rc = 0, status, example = 1, pass = 1, certified, have_op = 0;
    int have_box = 0, is_mpi = 0, rank = 0;
    char reason[256] = "", *filebuf = NULL;
    double Kd;

    memset(&o, 0, sizeof(o));
    o.data_dir = "notebooks_data";
    memset(&ex, 0, sizeof(ex));
    hkz_cli_common_init(&common);
    b = _arb_vec_init(X8_MAXN);
    eps = _arb_vec_init(X8_MAXN);
    dw = _arb_vec_init(X8_MAXN);
    t = _arb_vec_init(X8_MAXT);
    arb_init(gam); arb_init(Kc); arb_init(u); arb_init(v); arb_init(s);
    arb_init(tail); arb_init(box0); arb_init(cs); arb_init(lo);
    arb_init(hi); arb_init(lmn);
    memset(bx, 0, sizeof(bx));

    rc = hkz_cli_parse(argc, argv, opts, &common, handle, &o);
    if (rc == -1)
    {
        fputs(usage, stdout);
        rc = 0;
        goto cleanup;
    }
    if (rc)
        goto cleanup;
    certified = !common.use_double;
    /* --digits: working precision of the ball arithmetic (inputs, Q, the
     * residual products); the enclosures themselves carry ~13 digits */
    prec = FLINT_MAX(128, (slong) (3.33 * (double) common.digits) + 64);
    /* accuracy a ball must carry for the consistency checks (double value
     * inside its enclosure): --digits, at most the 30 bits
     * the ~13-digit eigenvalue enclosures surely give; a wider ball
     * cannot confirm them and fails */
    eqbits = FLINT_MIN(hkz_digits_to_bits(common.digits), 30);

    /* ---- the operator ---- */
    if (o.s_fields != NULL && o.s_example != NULL)
    {
        rc = hkz_cli_usage_error("give --fields or --example, not both");
        goto cleanup;
    }
    if (o.s_example != NULL && strcmp(o.s_example, "ii") != 0)
    {
        rc = hkz_cli_usage_error("--example: only 'ii' (spec X8(ii))");
        goto cleanup;
    }
    if (o.s_fields != NULL)
    {
        example = 0;
        if (o.s_b != NULL || o.s_eps != NULL)
        {
            rc = hkz_cli_usage_error("--b / --eps belong to --example ii");
            goto cleanup;
        }
    }
    if (o.s_n != NULL &&
        (rc = hkz_cli_slong(&n, "--n", o.s_n, 1, X8_MAXN)))
        goto cleanup;
    if (example)
    {
        static const char *bdef[3] = {"1", "4", "9"};
        slong got = 0;
        if (o.s_b != NULL)
        {
            if ((rc = ball_list_n(b, o.s_n != NULL ? n : 1, &got, "--b",
                                  o.s_b, prec)))
                goto cleanup;
            if (o.s_n == NULL)
                n = got;
        }
        else
        {
            if (n > 3 && o.s_n != NULL)
            {
                rc = hkz_cli_usage_error("--n %ld > 3 needs --b", (long) n);
                goto cleanup;
            }
            for (i = 0; i < n; i++)
                arb_set_str(b + i, bdef[i], prec);
        }
        if (o.s_eps != NULL)
        {
            if (n > 1 && (rc = hkz_cli_ball_list(eps, n - 1, "--eps", o.s_eps,
                                                 prec)))
                goto cleanup;
        }
        else
            for (i = 0; i + 1 < n; i++)
                arb_set_d(eps + i, 0.5);
        hkz_su2mix_op_init(op, n);
        have_op = 1;
        if ((status = hkz_su2mix_op_set_example_ii(op, b, eps, prec)))
        {
            rc = hkz_cli_usage_error("--example ii: %s", hkz_errmsg());
            goto cleanup;
        }
        /* K_spec = max(2, 1 + 2 sup eps_i^2 b_i / b_{i+1}) (spec X8(ii)) */
        arb_set_si(Kc, 2);
        for (i = 0; i + 1 < n; i++)
        {
            arb_sqr(u, eps + i, prec);
            arb_mul(u, u, b + i, prec);
            arb_div(u, u, b + i + 1, prec);
            arb_mul_2exp_si(u, u, 1);
            arb_add_ui(u, u, 1, prec);
            arb_max(Kc, Kc, u, prec);
        }
    }
    else
    {
        const char *spec = o.s_fields;
        if (strncmp(spec, "file:", 5) == 0)
        {
            filebuf = read_file(spec + 5);
            if (filebuf == NULL)
            {
                rc = hkz_cli_usage_error("--fields: cannot read '%s'",
                                         spec + 5);
                goto cleanup;
            }
            spec = filebuf;
        }
        hkz_su2mix_op_init(op, o.s_n != NULL ? n : 1);
        have_op = 1;
        if (hkz_su2mix_op_parse(op, spec, o.s_n != NULL ? n : 0, prec))
        {
            rc = hkz_cli_usage_error("--fields: %s", hkz_errmsg());
            goto cleanup;
        }
        n = op->n;
        if (n > X8_MAXN)
        {
            rc = hkz_cli_usage_error("--fields: at most %d factors",
                                     X8_MAXN);
            goto cleanup;
        }
    }
    if (o.s_kcheck != NULL)
    {
        if ((rc = hkz_cli_ball(Kc, "--K-check", o.s_kcheck, prec)))
            goto cleanup;
        if (!arb_is_positive(Kc))
        {
            rc = hkz_cli_usage_error("--K-check must be > 0");
            goto cleanup;
        }
    }

    /* ---- box, times, gamma, Delta ---- */
    if (o.s_nmax != NULL)
    {
        if ((rc = hkz_cli_slong_list(nmax, &nn, X8_MAXN, "--nmax", o.s_nmax,
                                     1, 200)))
            goto cleanup;
        if (nn == 1)
            for (i = 1; i < n; i++)
                nmax[i] = nmax[0];
        else if (nn != n)
        {
            rc = hkz_cli_usage_error("--nmax: give 1 or %ld values", (long) n);
            goto cleanup;
        }
    }
    else
        for (i = 0; i < n; i++)
            nmax[i] = n <= 2 ? 6 : (n == 3 ? 4 : 2);
    {
        double dim = 1, blocks = 1;
        for (i = 0; i < n; i++)
        {
            dim *= (double) nmax[i];
            blocks *= (double) nmax[i];
        }
        if (dim > 4096 || blocks > 1e6)
        {
            rc = hkz_cli_usage_error("--nmax: the largest block has dimension"
                                     " %.0f (at most 4096)", dim);
            goto cleanup;
        }
    }
    if (o.s_t != NULL)
    {
        if ((rc = hkz_cli_pos_list(t, &nt, X8_MAXT, "--t", o.s_t, prec)))
            goto cleanup;
    }
    else
    {
        arb_set_d(t, 0.5);
        arb_set_d(t + 1, 0.2);
        nt = 2;
    }
    if (o.s_gamma != NULL)
    {
        if ((rc = hkz_cli_ball(gam, "--gamma", o.s_gamma, prec)))
            goto cleanup;
        if (!arb_is_positive(gam))
        {
            rc = hkz_cli_usage_error("--gamma must be > 0");
            goto cleanup;
        }
    }
    else
        arb_set_d(gam, 0.5);
    if (o.s_dw != NULL)
    {
        if ((rc = ball_list_n(dw, n, NULL, "--delta-weights", o.s_dw, prec)))
            goto cleanup;
    }
    else if (example)
        _arb_vec_set(dw, b, n);
    else
        for (i = 0; i < n; i++)
            arb_one(dw + i);

    /* ---- run ---- */
    if ((status = hkz_su2mix_box_init(bx, n, nmax, t, nt)))
    {
        rc = hkz_cli_fail(status);
        goto cleanup;
    }
    have_box = 1;
    status = hkz_su2mix_minorant(bx->mn, op, prec);
    if (status == HKZ_ERR_UNSUPPORTED)
    {
        /* no number without a certified tail: say why, exit 1 */
        fprintf(stderr, "hkz: error: %s\n", hkz_errmsg());
        rc = HKZ_CLI_EXIT_RUNTIME;
        goto cleanup;
    }
    if (status != HKZ_SUCCESS)
    {
        rc = hkz_cli_fail(status);
        goto cleanup;
    }
    if (o.s_kcheck == NULL && !example)
        arb_set(Kc, bx->mn->K);
    b0 = 0;
    b1 = bx->nblocks;
#ifdef HKZ_CLI_MPI
    is_mpi = hkz_cli_mpi_size() > 1;
    rank = hkz_cli_mpi_rank();
    if (is_mpi)
        hkz_cli_mpi_block(&b0, &b1, 0, bx->nblocks);
#endif
#ifdef HKZ_CLI_CUDA
    /* blocks of dimension >= 64 go to cuSOLVER (double seeds only: the
     * certified path re-checks them in Arb); without a CUDA device the
     * su2mix falls back to LAPACKE silently (the generic cuSOLVER
     * eigensolver of libhkz_cuda, registered through su2mix's hook). */
    hkz_su2mix_eigh_register(hkz_cuda_eigh_herm, 64);
#endif
    status = hkz_su2mix_box_range(bx, op, b0, b1, certified, prec);
#ifdef HKZ_CLI_MPI
    if (is_mpi)
    {
        rc = hkz_cli_mpi_agree(status != HKZ_SUCCESS ?
                               hkz_cli_exit_code(status) : 0, 1);
        if (rc)
            goto cleanup;
        /* lambda_min of other ranks' blocks: only the box sums and the
         * blockwise verdict travel; per-block rows come from rank 0's
         * share only (use a single rank for --blocks) */
        if ((rc = combine_ranks(bx, prec)))
            goto cleanup;
    }
#endif
    if (status != HKZ_SUCCESS)
    {
        rc = hkz_cli_fail(status);
        goto cleanup;
    }
    if ((status = hkz_su2mix_box_finish(bx, prec)))
    {
        rc = hkz_cli_fail(status);
        goto cleanup;
    }
    (void) rank;

    if ((rc = hkz_cli_exp_open(&ex, "X8", &common, rank == 0 ? o.data_dir
                               : "none", argc, argv)))
        goto cleanup;

    /* ---- checks ---- */
    if (!bx->blocks_le)
    {
        pass = 0;
        snprintf(reason, sizeof(reason), "a block violates L >= L0/K");
    }
    if (pass && !arb_le(bx->mn->K, Kc))
    {
        pass = 0;
        snprintf(reason, sizeof(reason), "proven K %.6g not <= K_check %.6g",
                 hkz_cli_mid(bx->mn->K), hkz_cli_mid(Kc));
    }
    arb_pos_inf(lmn);
    for (k = b0; k < b1; k++)
    {
        int trivial = 1;
        hkz_su2mix_box_index(nvec, bx, k);
        for (i = 0; i < n; i++)
            trivial &= nvec[i] == 1;
        if (trivial)
            continue;
        if (arf_cmp(arb_midref(bx->lmin + k), arb_midref(lmn)) < 0)
            arb_set(lmn, bx->lmin + k);
        arb_div(u, bx->lmin0 + k, Kc, prec);
        if (pass && !(certified ? arb_ge(bx->lmin + k, u) :
                      bx->lmin_d[k] >= hkz_cli_mid(u)))
        {
            pass = 0;
            snprintf(reason, sizeof(reason), "block %ld: lambda_min %.10g "
                     "not >= lambda_min0/K_check %.10g", (long) k,
                     bx->lmin_d[k], hkz_cli_mid(u));
        }
        if (pass && certified &&
            (fabs(bx->lmin_d[k] - hkz_cli_mid(bx->lmin + k)) >
             mag_get_d(arb_radref(bx->lmin + k)) + 1e-11 *
             (1 + fabs(bx->lmin_d[k])) ||
             arb_rel_accuracy_bits(bx->lmin + k) < eqbits))
        {
            pass = 0;
            snprintf(reason, sizeof(reason), "block %ld: double lambda_min "
                     "%s", (long) k, arb_rel_accuracy_bits(bx->lmin + k) <
                     eqbits ? "not checked: enclosure wider than --digits"
                     : "outside its enclosure");
        }
        if (o.blocks)
        {
            /* same columns as the t rows (CSV needs one header) */
            hkz_field_t f[24];
            slong nf = 0;
            char buf[8 * X8_MAXN];
            size_t off = 0;
            long d = 1;
            double nan = NAN;
            for (i = 0; i < n; i++)
            {
                off += (size_t) snprintf(buf + off, sizeof(buf) - off,
                                         "%s%ld", i ? "," : "",
                                         (long) nvec[i]);
                d *= (long) nvec[i];
            }
            f[nf++] = HKZ_FSTR("row", "block");
            f[nf++] = HKZ_FSTR("t", "");
            f[nf++] = HKZ_FSTR("pi", buf);
            f[nf++] = HKZ_FINT("dim", d);
            f[nf++] = hkz_cli_fball("lambda_min", bx->lmin + k);
            f[nf++] = HKZ_FDBL("lambda_min_mid", hkz_cli_mid(bx->lmin + k));
            f[nf++] = HKZ_FDBL("lambda_min_double", bx->lmin_d[k]);
            f[nf++] = hkz_cli_fball("lambda_min0", bx->lmin0 + k);
            f[nf++] = HKZ_FSTR("mu_L", "");
            f[nf++] = HKZ_FDBL("mu_L_mid", nan);
            f[nf++] = HKZ_FSTR("mu_L_box", "");
            f[nf++] = HKZ_FDBL("mu_L_double", nan);
            f[nf++] = HKZ_FDBL("tail", nan);
            f[nf++] = HKZ_FSTR("mu_L0_t_over_K", "");
            f[nf++] = HKZ_FDBL("mu_L0_t_over_K_mid", nan);
            f[nf++] = HKZ_FSTR("mu_L0_t_over_Kcheck", "");
            f[nf++] = HKZ_FDBL("mu_L0_t_over_Kcheck_mid", nan);
            f[nf++] = HKZ_FDBL("ratio_mid", nan);
            f[nf++] = HKZ_FBOOL("le_certified", 0);
            f[nf++] = HKZ_FDBL("K", hkz_cli_mid(bx->mn->K));
            f[nf++] = HKZ_FDBL("K_check", hkz_cli_mid(Kc));
            f[nf++] = HKZ_FBOOL("certified", certified);
            if ((rc = hkz_cli_exp_row(&ex, f, nf)))
                goto cleanup;
        }
    }

#ifdef HKZ_CLI_MPI
    if (is_mpi)
    {
        /* the blockwise checks ran on each rank's own blocks */
        int mine = pass, all = pass;
        MPI_Allreduce(&mine, &all, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
        if (!all && pass)
        {
            pass = 0;
            snprintf(reason, sizeof(reason), "a block of another rank fails "
                     "lambda_min >= lambda_min0/K_check");
        }
    }
#endif

    /* ---- rows per t ---- */
    for (j = 0; j < nt; j++)
    {
        hkz_field_t f[32];
        slong nf = 0;
        char tb[64];
        arb_t ratio;
        int le;

        arb_init(ratio);
        arb_div(s, t + j, Kc, prec);
        status = hkz_su2mix_minorant_tail(tail, box0, bx->mn, nmax, s, prec);
        if (status != HKZ_SUCCESS)
        {
            arb_clear(ratio);
            rc = hkz_cli_fail(status);
            goto cleanup;
        }
        /* mu^{L0}_{t/K_check}(e) = box0 + [0, tail] */
        arb_mul_2exp_si(v, tail, -1);
        arb_add(u, box0, v, prec);
        arb_add_error(u, v);
        /* certified: mu^L_t(e) <= mu^{L0}_{t/K_check}(e) follows from the
         * box parts (outside the box by L >= L0/K_check blockwise) */
        if (certified)
            le = arb_le(bx->box + j, box0);
        else
            le = bx->mu_d[j] <= hkz_cli_mid(box0);
        if (pass && !le)
        {
            pass = 0;
            snprintf(reason, sizeof(reason), "t = %.6g: box sum of L %.12g "
                     "not <= that of L0 at t/K_check %.12g",
                     hkz_cli_mid(t + j), hkz_cli_mid(bx->box + j),
                     hkz_cli_mid(box0));
        }
        if (pass && certified &&
            (fabs(bx->mu_d[j] - hkz_cli_mid(bx->box + j)) >
             mag_get_d(arb_radref(bx->box + j)) + 1e-12 * bx->mu_d[j] ||
             arb_rel_accuracy_bits(bx->box + j) < eqbits))
        {
            pass = 0;
            snprintf(reason, sizeof(reason), "t = %.6g: double box sum %s",
                     hkz_cli_mid(t + j), arb_rel_accuracy_bits(bx->box + j)
                     < eqbits ? "not checked: enclosure wider than --digits"
                     : "outside its enclosure");
        }
        arb_div(ratio, bx->mu + j, u, prec);
        /* about 19 digits shown: the eigenvalue enclosures carry ~13 */
        arb_set_round(bx->mu + j, bx->mu + j, 64);
        arb_set_round(bx->box + j, bx->box + j, 64);
        arb_set_round(bx->mu0 + j, bx->mu0 + j, 64);
        arb_set_round(u, u, 64);
        snprintf(tb, sizeof(tb), "%.15g", hkz_cli_mid(t + j));
        f[nf++] = HKZ_FSTR("row", "t");
        f[nf++] = HKZ_FSTR("t", tb);
        f[nf++] = HKZ_FSTR("pi", "");
        f[nf++] = HKZ_FINT("dim", 0);
        f[nf++] = HKZ_FSTR("lambda_min", "");
        f[nf++] = HKZ_FDBL("lambda_min_mid", NAN);
        f[nf++] = HKZ_FDBL("lambda_min_double", NAN);
        f[nf++] = HKZ_FSTR("lambda_min0", "");
        f[nf++] = hkz_cli_fball("mu_L", bx->mu + j);
        f[nf++] = HKZ_FDBL("mu_L_mid", hkz_cli_mid(bx->mu + j));
        f[nf++] = hkz_cli_fball("mu_L_box", bx->box + j);
        f[nf++] = HKZ_FDBL("mu_L_double", bx->mu_d[j]);
        f[nf++] = HKZ_FDBL("tail", hkz_cli_mid(bx->tail + j));
        f[nf++] = hkz_cli_fball("mu_L0_t_over_K", bx->mu0 + j);
        f[nf++] = HKZ_FDBL("mu_L0_t_over_K_mid", hkz_cli_mid(bx->mu0 + j));
        f[nf++] = hkz_cli_fball("mu_L0_t_over_Kcheck", u);
        f[nf++] = HKZ_FDBL("mu_L0_t_over_Kcheck_mid", hkz_cli_mid(u));
        f[nf++] = HKZ_FDBL("ratio_mid", hkz_cli_mid(ratio));
        f[nf++] = HKZ_FBOOL("le_certified", le);
        f[nf++] = HKZ_FDBL("K", hkz_cli_mid(bx->mn->K));
        f[nf++] = HKZ_FDBL("K_check", hkz_cli_mid(Kc));
        f[nf++] = HKZ_FBOOL("certified", certified);
        arb_clear(ratio);
        if ((rc = hkz_cli_exp_row(&ex, f, nf)))
            goto cleanup;
    }

    /* ---- mu^L_t(x) at a point, engine double path ---- */
    if (o.s_at != NULL && !is_mpi)
    {
        hkz_su2n_point_t xp;
        double *xg, *outp, *errp;
        hkz_su2_elem_t g;
        hkz_su2n_point_init(xp, 0);
        if ((rc = hkz_cli_point(xp, "--at", o.s_at, prec)))
        {
            hkz_su2n_point_clear(xp);
            goto cleanup;
        }
        if (xp->len > n)
        {
            hkz_su2n_point_clear(xp);
            rc = hkz_cli_usage_error("--at: %ld coordinates for %ld factors",
                                     (long) xp->len, (long) n);
            goto cleanup;
        }
        xg = calloc(4 * n, sizeof(double));
        outp = calloc(nt, sizeof(double));
        errp = calloc(nt, sizeof(double));
        hkz_su2_elem_init(g);
        for (i = 0; i < n; i++)
        {
            if (i < xp->len)
            {
                hkz_su2_elem_set_cyl(g, xp->r + i, xp->phi + i, xp->z + i,
                                     prec);
                xg[4 * i] = arf_get_d(arb_midref(acb_realref(&g->a)),
                                      ARF_RND_NEAR);
                xg[4 * i + 1] = arf_get_d(arb_midref(acb_imagref(&g->a)),
                                          ARF_RND_NEAR);
                xg[4 * i + 2] = arf_get_d(arb_midref(acb_realref(&g->b)),
                                          ARF_RND_NEAR);
                xg[4 * i + 3] = arf_get_d(arb_midref(acb_imagref(&g->b)),
                                          ARF_RND_NEAR);
            }
            else
                xg[4 * i] = 1.0;
        }
        hkz_su2_elem_clear(g);
        hkz_su2n_point_clear(xp);
        status = (xg && outp && errp) ?
                 hkz_su2mix_heat_points_d(outp, errp, NULL, op, bx, xg, 1) :
                 HKZ_ERR_NOMEM;
        for (j = 0; j < nt && status == HKZ_SUCCESS && !rc; j++)
        {
            hkz_field_t f[32];
            slong nf = 0;
            char tb[64];
            double nan = NAN;
            snprintf(tb, sizeof(tb), "%.15g", hkz_cli_mid(t + j));
            f[nf++] = HKZ_FSTR("row", "point");
            f[nf++] = HKZ_FSTR("t", tb);
            f[nf++] = HKZ_FSTR("pi", o.s_at);
            f[nf++] = HKZ_FINT("dim", 0);
            f[nf++] = HKZ_FSTR("lambda_min", "");
            f[nf++] = HKZ_FDBL("lambda_min_mid", nan);
            f[nf++] = HKZ_FDBL("lambda_min_double", nan);
            f[nf++] = HKZ_FSTR("lambda_min0", "");
            f[nf++] = HKZ_FSTR("mu_L", "");
            f[nf++] = HKZ_FDBL("mu_L_mid", outp[j]);
            f[nf++] = HKZ_FSTR("mu_L_box", "");
            f[nf++] = HKZ_FDBL("mu_L_double", outp[j]);
            f[nf++] = HKZ_FDBL("tail", errp[j]);
            f[nf++] = HKZ_FSTR("mu_L0_t_over_K", "");
            f[nf++] = HKZ_FDBL("mu_L0_t_over_K_mid", nan);
            f[nf++] = HKZ_FSTR("mu_L0_t_over_Kcheck", "");
            f[nf++] = HKZ_FDBL("mu_L0_t_over_Kcheck_mid", nan);
            f[nf++] = HKZ_FDBL("ratio_mid", nan);
            f[nf++] = HKZ_FBOOL("le_certified", 0);
            f[nf++] = HKZ_FDBL("K", hkz_cli_mid(bx->mn->K));
            f[nf++] = HKZ_FDBL("K_check", hkz_cli_mid(Kc));
            f[nf++] = HKZ_FBOOL("certified", 0);
            rc = hkz_cli_exp_row(&ex, f, nf);
        }
        free(xg);
        free(outp);
        free(errp);
        if (status != HKZ_SUCCESS)
        {
            rc = hkz_cli_fail(status);
            goto cleanup;
        }
        if (rc)
            goto cleanup;
    }

    /* ---- C*(gamma) ---- */
    {
        if ((status = hkz_su2mix_box_cstar(cs, lo, hi, bx, dw, gam, prec)))
        {
            rc = hkz_cli_fail(status);
            goto cleanup;
        }
#ifdef HKZ_CLI_MPI
        if (is_mpi)
        {
            /* each rank saw only its own blocks (the others have lmin =
             * 0 and are skipped): the max of the lower ends, rounded down */
            double mine = arf_get_d(arb_midref(lo), ARF_RND_FLOOR), all = 0;
            MPI_Allreduce(&mine, &all, 1, MPI_DOUBLE, MPI_MAX,
                          MPI_COMM_WORLD);
            arb_set_d(lo, all);
        }
#endif
        /* lo and hi are exact numbers (a proven lower and upper bound,
         * hkz_su2mix_box_cstar), so this comparison is exact, not an
         * overlap of balls */
        if (pass && arb_is_finite(hi) && arb_gt(lo, hi))
        {
            pass = 0;
            snprintf(reason, sizeof(reason), "C* bracket empty: %.10g > "
                     "%.10g", hkz_cli_mid(lo), hkz_cli_mid(hi));
        }
        arb_set_round(lo, lo, 64);
        arb_set_round(hi, hi, 64);
        hkz_cli_exp_key_ball(&ex, "cstar_lo", lo);
        hkz_cli_exp_key_ball(&ex, "cstar_hi", hi);
        if (arb_is_finite(lmn) && !is_mpi)
            hkz_cli_exp_key_ball(&ex, "lambda_min_min", lmn);
    }
    hkz_cli_exp_key_ball(&ex, "K", bx->mn->K);
    hkz_cli_exp_key_ball(&ex, "K_check", Kc);
    {
        char buf[64];
        snprintf(buf, sizeof(buf), "%ld", (long) bx->nblocks);
        hkz_cli_exp_key_str(&ex, "blocks", buf);
        snprintf(buf, sizeof(buf), "%ld", (long) bx->maxdim);
        hkz_cli_exp_key_str(&ex, "max_dim", buf);
        hkz_cli_exp_key_str(&ex, "certified", certified ? "true" : "false");
        Kd = bx->mn->lmin;
        snprintf(buf, sizeof(buf), "%.6g", Kd);
        hkz_cli_exp_key_str(&ex, "lmin_DQD", buf);
    }
    rc = hkz_cli_exp_finish(&ex, pass, reason);

cleanup:
    if (rc != 0 && rc != HKZ_CLI_EXIT_VERDICT)
        hkz_cli_exp_abort(&ex);
    if (have_box)
        hkz_su2mix_box_clear(bx);
    if (have_op)
        hkz_su2mix_op_clear(op);
    free(filebuf);
    _arb_vec_clear(b, X8_MAXN);
    _arb_vec_clear(eps, X8_MAXN);
    _arb_vec_clear(dw, X8_MAXN);
    _arb_vec_clear(t, X8_MAXT);
    arb_clear(gam); arb_clear(Kc); arb_clear(u); arb_clear(v); arb_clear(s);
    arb_clear(tail); arb_clear(box0); arb_clear(cs); arb_clear(lo);
    arb_clear(hi); arb_clear(lmn);
    return rc;
}
