/* hkz compare X8: mixing-type (non-product) left-invariant operators on
 * SU(2)^n (spec section 6.4 X8; the experiment is hkz_compare_x8 of
 * hkz/compare_x8.h).  This file parses the options, builds the operator,
 * splits the blocks over the ranks, and writes what rank 0 finished. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "sweep.h"
#include "hkz/compare_x8.h"

enum
{
    OPT_DATA_DIR = HKZ_OPT_FIRST_COMMAND_OPT, OPT_FIELDS, OPT_EXAMPLE, OPT_B,
    OPT_EPS, OPT_N, OPT_NMAX, OPT_T, OPT_GAMMA, OPT_DW, OPT_KCHECK,
    OPT_BLOCKS, OPT_AT
};

#define X8_MAXN HKZ_COMPARE_X8_MAXN
#define X8_MAXT HKZ_COMPARE_X8_MAXT

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


/* The parsed inputs of the experiment. */
typedef struct
{
    hkz_su2mix_op_t op;
    int have_op;
    arb_ptr b, eps, t, dw;
    arb_t gam, Kc;
    slong nmax[X8_MAXN], nt;
    hkz_su2n_point_t at;
    char *filebuf;
} x8_in_t;

static void in_init(x8_in_t *in)
{
    memset(in, 0, sizeof(*in));
    in->b = _arb_vec_init(X8_MAXN);
    in->eps = _arb_vec_init(X8_MAXN);
    in->dw = _arb_vec_init(X8_MAXN);
    in->t = _arb_vec_init(X8_MAXT);
    arb_init(in->gam);
    arb_init(in->Kc);
    hkz_su2n_point_init(in->at, 0);
}

static void in_clear(x8_in_t *in)
{
    if (in->have_op)
        hkz_su2mix_op_clear(in->op);
    free(in->filebuf);
    _arb_vec_clear(in->b, X8_MAXN);
    _arb_vec_clear(in->eps, X8_MAXN);
    _arb_vec_clear(in->dw, X8_MAXN);
    _arb_vec_clear(in->t, X8_MAXT);
    arb_clear(in->gam);
    arb_clear(in->Kc);
    hkz_su2n_point_clear(in->at);
}

/* The operator: --example ii (b, eps; K_check = K_spec) or --fields. */
static int parse_op(x8_in_t *in, int *have_k, const x8_opts_t *o,
                    slong prec)
{
    slong n = 3, i, got = 0;
    int rc;
    if (o->s_fields != NULL && o->s_example != NULL)
        return hkz_cli_usage_error("give --fields or --example, not both");
    if (o->s_example != NULL && strcmp(o->s_example, "ii") != 0)
        return hkz_cli_usage_error("--example: only 'ii' (spec X8(ii))");
    if (o->s_fields != NULL && (o->s_b != NULL || o->s_eps != NULL))
        return hkz_cli_usage_error("--b / --eps belong to --example ii");
    if (o->s_n != NULL && (rc = hkz_cli_slong(&n, "--n", o->s_n, 1,
                                              X8_MAXN)))
        return rc;
    if (o->s_fields != NULL)
    {
        const char *spec = o->s_fields;
        if (strncmp(spec, "file:", 5) == 0)
        {
            if ((in->filebuf = read_file(spec + 5)) == NULL)
                return hkz_cli_usage_error("--fields: cannot read '%s'",
                                           spec + 5);
            spec = in->filebuf;
        }
        hkz_su2mix_op_init(in->op, o->s_n != NULL ? n : 1);
        in->have_op = 1;
        if (hkz_su2mix_op_parse(in->op, spec, o->s_n != NULL ? n : 0, prec))
            return hkz_cli_usage_error("--fields: %s", hkz_errmsg());
        if (in->op->n > X8_MAXN)
            return hkz_cli_usage_error("--fields: at most %d factors",
                                       X8_MAXN);
        return 0;
    }
    if (o->s_b != NULL)
    {
        if ((rc = ball_list_n(in->b, o->s_n != NULL ? n : 1, &got, "--b",
                              o->s_b, prec)))
            return rc;
        if (o->s_n == NULL)
            n = got;
    }
    else if (n > 3 && o->s_n != NULL)
        return hkz_cli_usage_error("--n %ld > 3 needs --b", (long) n);
    else
        for (i = 0; i < n; i++)
            arb_set_si(in->b + i, (i + 1) * (i + 1));
    if (o->s_eps != NULL)
    {
        if (n > 1 && (rc = hkz_cli_ball_list(in->eps, n - 1, "--eps",
                                             o->s_eps, prec)))
            return rc;
    }
    else
        for (i = 0; i + 1 < n; i++)
            arb_set_d(in->eps + i, 0.5);
    hkz_su2mix_op_init(in->op, n);
    in->have_op = 1;
    if (hkz_su2mix_op_set_example_ii(in->op, in->b, in->eps, prec))
        return hkz_cli_usage_error("--example ii: %s", hkz_errmsg());
    hkz_compare_x8_kspec(in->Kc, in->b, in->eps, n, prec);
    *have_k = 1;
    return 0;
}

/* Everything else: K_check, box, times, gamma, Delta weights, point. */
static int parse_rest(x8_in_t *in, int *have_k, const x8_opts_t *o,
                      slong prec)
{
    slong n = in->op->n, nn, i;
    int rc;
    if (o->s_kcheck != NULL)
    {
        if ((rc = hkz_cli_ball(in->Kc, "--K-check", o->s_kcheck, prec)))
            return rc;
        *have_k = 1;
    }
    if (o->s_nmax != NULL)
    {
        if ((rc = hkz_cli_slong_list(in->nmax, &nn, X8_MAXN, "--nmax",
                                     o->s_nmax, 1, 200)))
            return rc;
        if (nn != 1 && nn != n)
            return hkz_cli_usage_error("--nmax: give 1 or %ld values",
                                       (long) n);
        for (i = nn; i < n; i++)
            in->nmax[i] = in->nmax[0];
    }
    else
        for (i = 0; i < n; i++)
            in->nmax[i] = hkz_compare_x8_default_nmax(n);
    in->nt = 2;
    arb_set_d(in->t, 0.5);
    arb_set_d(in->t + 1, 0.2);
    if (o->s_t != NULL && (rc = hkz_cli_pos_list(in->t, &in->nt, X8_MAXT,
                                                 "--t", o->s_t, prec)))
        return rc;
    arb_set_d(in->gam, 0.5);
    if (o->s_gamma != NULL &&
        (rc = hkz_cli_ball(in->gam, "--gamma", o->s_gamma, prec)))
        return rc;
    if (o->s_dw != NULL)
    {
        if ((rc = ball_list_n(in->dw, n, NULL, "--delta-weights", o->s_dw,
                              prec)))
            return rc;
    }
    else if (o->s_fields == NULL)
        _arb_vec_set(in->dw, in->b, n);
    else
        for (i = 0; i < n; i++)
            arb_one(in->dw + i);
    if (o->s_at != NULL && (rc = hkz_cli_point(in->at, "--at", o->s_at,
                                               prec)))
        return rc;
    return 0;
}

/* Key fields of the result into the experiment's verdict (owned). */
static void put_keys(hkz_cli_exp_t *e, const hkz_table_t keys)
{
    const hkz_field_t *f;
    slong n = 0, i, k, used = 0;
    f = hkz_table_nrows(keys) > 0 ? hkz_table_row(keys, 0, &n) : NULL;
    for (i = 0; i < n && e->nkeys < HKZ_CLI_EXP_MAX_KEYS; i++)
    {
        char *key, *val = NULL;
        while (used < 3 * HKZ_CLI_EXP_MAX_KEYS - 1 && e->keystr[used])
            used++;
        key = malloc(strlen(f[i].key) + 1);
        if (f[i].kind == HKZ_FIELD_STR)
            val = malloc(strlen(f[i].s) + 1);
        if (key == NULL || (f[i].kind == HKZ_FIELD_STR && val == NULL) ||
            used + 2 > 3 * HKZ_CLI_EXP_MAX_KEYS)
        {
            free(key);
            free(val);
            return;
        }
        strcpy(key, f[i].key);
        e->keystr[used++] = key;
        e->keys[k = e->nkeys++] = f[i];
        e->keys[k].key = key;
        if (val != NULL)
        {
            strcpy(val, f[i].s);
            e->keystr[used++] = val;
            e->keys[k].s = val;
        }
    }
}

/* Rank 0: the rows and the verdict (exit 0, 4, or an error code). */
static int write_result(const hkz_compare_result_t *r,
                        const hkz_cli_common_t *common, const char *dir,
                        int argc, char **argv)
{
    hkz_cli_exp_t ex;
    slong i, n;
    int rc;
    memset(&ex, 0, sizeof(ex));
    rc = hkz_cli_exp_open(&ex, "X8", common, dir, argc, argv);
    for (i = 0; i < hkz_table_nrows(r->rows) && rc == 0; i++)
    {
        const hkz_field_t *f = hkz_table_row(r->rows, i, &n);
        rc = hkz_cli_exp_row(&ex, f, n);
    }
    if (rc != 0)
    {
        hkz_cli_exp_abort(&ex);
        return rc;
    }
    put_keys(&ex, r->keys);
    return hkz_cli_exp_finish(&ex, r->pass, r->reason);
}

/* Every rank computes its blocks; rank 0 finishes and writes. */
static int run(const hkz_compare_x8_opts_t *xo, const hkz_cli_common_t *c,
               const char *dir, int argc, char **argv)
{
    hkz_compare_x8_t x = NULL;
    hkz_compare_result_t res;
    char *rec = NULL, *all = NULL;
    size_t len = 0, nall = 0;
    slong b0, b1;
    int rc = 0, s = hkz_compare_x8_create(&x, xo);

    if (s == HKZ_ERR_UNSUPPORTED)
    {
        /* no number without a certified tail: say why, exit 1 */
        fprintf(stderr, "hkz: error: %s\n", hkz_errmsg());
        rc = HKZ_CLI_EXIT_RUNTIME;
    }
    else if (s != HKZ_SUCCESS)
        rc = hkz_cli_fail(s);
    if ((rc = hkz_cmp2_agree(rc, 1)))
        goto cleanup;
    hkz_cmp2_block(&b0, &b1, hkz_compare_x8_nblocks(x));
    if ((s = hkz_compare_x8_blocks(&rec, &len, x, b0, b1)))
        rc = hkz_cli_fail(s);
    if ((rc = hkz_cmp2_agree(rc, 1)) ||
        (rc = hkz_cmp2_gather(&all, &nall, rec, len)))
        goto cleanup;
    if (hkz_cmp2_rank() == 0)
    {
        if ((s = hkz_compare_result_init(&res, "X8")) == HKZ_SUCCESS)
        {
            if ((s = hkz_compare_x8_finish(&res, x, all, nall)))
                rc = hkz_cli_fail(s);
            else
                rc = write_result(&res, c, dir, argc, argv);
            hkz_compare_result_clear(&res);
        }
        else
            rc = hkz_cli_fail(s);
    }
cleanup:
    flint_free(rec);
    flint_free(all);
    hkz_compare_x8_destroy(&x);
    return rc;
}

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
    hkz_compare_x8_opts_t xo;
    x8_in_t in;
    slong prec;
    int rc, have_k = 0;

    memset(&o, 0, sizeof(o));
    o.data_dir = "notebooks_data";
    hkz_cli_common_init(&common);
    in_init(&in);
    rc = hkz_cli_parse(argc, argv, opts, &common, handle, &o);
    if (rc == -1)
    {
        fputs(usage, stdout);
        rc = 0;
        goto cleanup;
    }
    prec = hkz_compare_x8_prec(common.digits);
    if (rc || (rc = parse_op(&in, &have_k, &o, prec)) ||
        (rc = parse_rest(&in, &have_k, &o, prec)))
        goto cleanup;
#ifdef HKZ_CLI_CUDA
    /* blocks of dimension >= 64 go to cuSOLVER (double seeds only: the
     * certified path re-checks them in Arb); without a CUDA device the
     * registered solver falls back to LAPACKE silently.  Calling it also
     * keeps libhkz_cuda linked (its load-time registration alone is lost
     * under --as-needed). */
    hkz_su2mix_cuda_register(64);
#endif
    hkz_compare_x8_opts_init(&xo);
    xo.digits = common.digits;
    xo.certified = !common.use_double;
    xo.op = in.op;
    xo.nmax = in.nmax;
    xo.t = in.t;
    xo.nt = in.nt;
    xo.gamma = in.gam;
    xo.dw = in.dw;
    xo.K_check = have_k ? in.Kc : NULL;
    xo.blocks = o.blocks;
    xo.at = o.s_at != NULL ? in.at : NULL;
    xo.at_label = o.s_at;
    rc = run(&xo, &common, o.data_dir, argc, argv);
cleanup:
    in_clear(&in);
    return hkz_cmp2_agree(rc, 0);
}
