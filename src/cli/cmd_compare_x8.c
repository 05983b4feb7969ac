/* hkz compare X8: mixing-type (non-product) left-invariant operators on
 * SU(2)^n (spec section 6.4 X8; the experiment is hkz_compare_x8 of
 * hkz/compare_x8.h).  An option table (opt.h); the run builds the operator
 * (--fields, or the designed example (ii) with K_check = K_spec), splits
 * the blocks over the ranks (hkz/dist.h), and rank 0 finishes and writes
 * the result (hkz_cli_exp_write). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "hkz/compare_x8.h"

#define X8_MAXN HKZ_COMPARE_X8_MAXN

typedef struct
{
    const char *data_dir, *fields, *example, *nmax, *at;
    hkz_cli_balls_t b, eps, t, dw;
    slong n;
    arb_t gamma, K_check;
    int blocks;
} x8_args_t;

static const hkz_opt_t opts[] = {
    {"fields", HKZ_OPT_STRING, offsetof(x8_args_t, fields),
     .metavar = "SPEC", .help = "V_k separated by ';' (or file:PATH)"},
    {"example", HKZ_OPT_CHOICE, offsetof(x8_args_t, example),
     .choices = "ii", .help = "the designed example (ii) (default)"},
    {"b", HKZ_OPT_LIST, offsetof(x8_args_t, b), .sign = HKZ_OPT_POS,
     .lo = 1, .hi = X8_MAXN, .metavar = "LIST", .help = "example: b_i > 0 "
     "(default 1,4,9)"},
    {"eps", HKZ_OPT_LIST, offsetof(x8_args_t, eps), .lo = 1,
     .hi = X8_MAXN - 1, .metavar = "LIST", .help = "example: eps_i, n - 1 "
     "values (default 0.5,...)"},
    {"n", HKZ_OPT_SLONG, offsetof(x8_args_t, n), .lo = 1, .hi = X8_MAXN,
     .metavar = "N", .help = "factors (default: from --b / --fields, 3)"},
    {"nmax", HKZ_OPT_STRING, offsetof(x8_args_t, nmax), .metavar = "M|LIST",
     .help = "box n_i <= nmax_i (default 6, 4, 2 for n <= 2, 3, more)"},
    {"t", HKZ_OPT_LIST, offsetof(x8_args_t, t), .sign = HKZ_OPT_POS,
     .lo = 1, .hi = HKZ_COMPARE_X8_MAXT, .def = "0.5,0.2",
     .metavar = "LIST", .help = "times t > 0"},
    {"gamma", HKZ_OPT_BALL, offsetof(x8_args_t, gamma), .sign = HKZ_OPT_POS,
     .def = "0.5", .metavar = "G", .help = "exponent of the C* bracket"},
    {"delta-weights", HKZ_OPT_LIST, offsetof(x8_args_t, dw),
     .sign = HKZ_OPT_POS, .lo = 1, .hi = X8_MAXN, .metavar = "LIST",
     .help = "a_i of Delta (default: b, or 1)"},
    {"K-check", HKZ_OPT_BALL, offsetof(x8_args_t, K_check),
     .sign = HKZ_OPT_POS, .metavar = "K", .help = "comparison constant "
     "checked (default K_spec, or the proven K)"},
    {"blocks", HKZ_OPT_FLAG, offsetof(x8_args_t, blocks),
     .help = "one row per block"},
    {"at", HKZ_OPT_STRING, offsetof(x8_args_t, at), .metavar = "POINT",
     .help = "rows mu^L_t(x) at POINT (\"r,phi,z; ...\" or \"e\")"},
    {"data-dir", HKZ_OPT_STRING, offsetof(x8_args_t, data_dir),
     .def = "notebooks_data", .metavar = "DIR",
     .help = "DIR/x8/x8.csv, x8.jsonl, x8_verdict.jsonl ('none': no files)"},
    HKZ_OPT_END};

static const char desc[] =
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
    "comparison); --blocks adds one row per block; --at\nPOINT (per factor, "
    "spec 1.2, or \"e\") adds rows mu^L_t(x) from the spectral-sum\n"
    "engine (double, certified: false; bound = engine rounding bound with\n"
    "estimated input errors + the proven box tail).  --digits only sets the\n"
    "working precision: the eigenvalue enclosures carry about 13 digits.\n"
    "Under mpiexec the blocks are split over the ranks; the output equals a"
    "\none-rank run's.  Exit 0 on PASS, 4 on FAIL, 2 on bad input, 1 when L "
    "has\nno product-type minorant (no certified tail).\n";

/* Reads a whole file into a malloc'ed string (NULL on failure). */
static char *read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    char *buf = NULL;
    long n;
    if (f == NULL)
        return NULL;
    if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0 && n < (1L << 24)
        && fseek(f, 0, SEEK_SET) == 0 && (buf = malloc(n + 1)) != NULL)
    {
        if (fread(buf, 1, (size_t) n, f) != (size_t) n)
        {
            free(buf);
            buf = NULL;
        }
        else
            buf[n] = '\0';
    }
    fclose(f);
    return buf;
}

/* The parsed inputs besides the table's. */
typedef struct
{
    hkz_su2mix_op_t op;
    arb_ptr b, eps, dw;
    arb_t Kc;
    int have_k;
    slong nmax[X8_MAXN];
    hkz_su2n_point_t at;
} x8_in_t;

/* The operator: --fields, or --example ii (b, eps; K_check = K_spec). */
static int make_op(x8_in_t *in, const x8_args_t *a, slong prec)
{
    slong n = a->n > 0 ? a->n : 3;
    int rc = 0;
    if (a->fields != NULL)
    {
        char *buf = NULL;
        const char *spec = a->fields;
        if (a->example != NULL || a->b.n > 0 || a->eps.n > 0)
            return hkz_cli_usage_error("--fields: not with --example, --b "
                                       "or --eps");
        if (strncmp(spec, "file:", 5) == 0 &&
            (spec = buf = read_file(spec + 5)) == NULL)
            return hkz_cli_usage_error("--fields: cannot read '%s'",
                                       a->fields + 5);
        if (hkz_su2mix_op_parse(in->op, spec, a->n, prec))
            rc = hkz_cli_usage_error("--fields: %s", hkz_errmsg());
        else if (in->op->n > X8_MAXN)
            rc = hkz_cli_usage_error("--fields: at most %d factors",
                                     X8_MAXN);
        free(buf);
        return rc;
    }
    if (a->b.n > 0 && a->n == 0)
        n = a->b.n;
    if (a->b.n > 0 && a->b.n < n)
        return hkz_cli_usage_error("--b: %ld values needed (got %ld)",
                                   (long) n, (long) a->b.n);
    if (a->b.n == 0 && n > 3)
        return hkz_cli_usage_error("--n %ld > 3 needs --b", (long) n);
    if (a->eps.n > 0 && a->eps.n != n - 1)
        return hkz_cli_usage_error("--eps: expected %ld comma-separated "
                                   "numbers, got %ld", (long) n - 1,
                                   (long) a->eps.n);
    hkz_compare_x8_example_defaults(in->b, in->eps, n);
    if (a->b.n > 0)
        _arb_vec_set(in->b, a->b.v, n);
    if (a->eps.n > 0)
        _arb_vec_set(in->eps, a->eps.v, n - 1);
    hkz_su2mix_op_clear(in->op);
    hkz_su2mix_op_init(in->op, n);
    if (hkz_su2mix_op_set_example_ii(in->op, in->b, in->eps, prec))
        return hkz_cli_usage_error("--example ii: %s", hkz_errmsg());
    hkz_compare_x8_kspec(in->Kc, in->b, in->eps, n, prec);
    in->have_k = 1;
    return 0;
}

/* Box, Delta weights, point. */
static int make_rest(x8_in_t *in, const x8_args_t *a, slong prec)
{
    slong n = in->op->n, nn, i;
    int rc;
    if (a->nmax != NULL)
    {
        if ((rc = hkz_cli_slong_list(in->nmax, &nn, X8_MAXN, "--nmax",
                                     a->nmax, 1, 200)))
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
    if (a->dw.n > 0 && a->dw.n < n)
        return hkz_cli_usage_error("--delta-weights: %ld values needed (got "
                                   "%ld)", (long) n, (long) a->dw.n);
    if (a->dw.n > 0)
        _arb_vec_set(in->dw, a->dw.v, n);
    else
        hkz_compare_x8_default_dw(in->dw, a->fields == NULL ? in->b : NULL,
                                  n);
    return a->at != NULL ? hkz_cli_point(in->at, "--at", a->at, prec) : 0;
}

/* Every rank computes its blocks; rank 0 finishes and writes. */
static int run_split(hkz_cli_run_t *r, const hkz_compare_x8_opts_t *xo,
                     const char *data_dir)
{
    hkz_compare_x8_t x = NULL;
    hkz_compare_result_t res;
    int rc = 0, s = hkz_compare_x8_create(&x, xo);

    if (s == HKZ_ERR_UNSUPPORTED)
    {
        /* no number without a certified tail: say why, exit 1 */
        fprintf(stderr, "hkz: error: %s\n", hkz_errmsg());
        rc = HKZ_CLI_EXIT_RUNTIME;
    }
    else if (s == HKZ_ERR_ARG)
        rc = hkz_cli_usage_error("--%s", hkz_errmsg());
    else if (s != HKZ_SUCCESS)
        rc = hkz_cli_fail(s);
    if ((rc = hkz_cli_agree(rc, 1)))
        goto cleanup;
    if ((s = hkz_compare_result_init(&res, "X8")) != HKZ_SUCCESS)
        rc = hkz_cli_fail(s);
    else
    {
        s = hkz_compare_x8_run(&res, x, &r->prog);
        if (s == HKZ_ERR_INTERRUPTED)
            rc = HKZ_CLI_EXIT_INTERRUPTED;
        else if (s != HKZ_SUCCESS)
            rc = hkz_cli_fail(s);
        else if (hkz_cli_rank() == 0)
            rc = hkz_cli_exp_write(r, &res, data_dir);
        hkz_compare_result_clear(&res);
    }
cleanup:
    hkz_compare_x8_destroy(&x);
    return rc;
}

static int run_x8(hkz_cli_run_t *r, void *args)
{
    x8_args_t *a = args;
    hkz_compare_x8_opts_t xo;
    x8_in_t in;
    slong prec = hkz_compare_x8_prec(r->digits);
    int rc;

    hkz_su2mix_op_init(in.op, a->n > 0 ? a->n : 1);
    in.b = _arb_vec_init(X8_MAXN);
    in.eps = _arb_vec_init(X8_MAXN);
    in.dw = _arb_vec_init(X8_MAXN);
    arb_init(in.Kc);
    in.have_k = 0;
    hkz_su2n_point_init(in.at, 0);
    if (!(rc = make_op(&in, a, prec)) && !(rc = make_rest(&in, a, prec)))
    {
        hkz_compare_x8_opts_init(&xo);
        xo.digits = r->digits;
        xo.certified = !r->use_double;
        xo.op = in.op;
        xo.nmax = in.nmax;
        xo.t = a->t.v;
        xo.nt = a->t.n;
        xo.gamma = a->gamma;
        xo.dw = in.dw;
        if (hkz_cli_given(r, "K-check") != NULL)
            xo.K_check = a->K_check;
        else if (in.have_k)
            xo.K_check = in.Kc;
        xo.blocks = a->blocks;
        xo.at = a->at != NULL ? in.at : NULL;
        xo.at_label = a->at;
        rc = run_split(r, &xo, a->data_dir);
    }
    hkz_su2mix_op_clear(in.op);
    _arb_vec_clear(in.b, X8_MAXN);
    _arb_vec_clear(in.eps, X8_MAXN);
    _arb_vec_clear(in.dw, X8_MAXN);
    arb_clear(in.Kc);
    hkz_su2n_point_clear(in.at);
    return hkz_cli_agree(rc, 0);
}

const hkz_cli_cmd_t hkz_cli_compare_x8 = {
    .name = "compare X8", .summary = "mixing-type operators on SU(2)^n "
    "(product check, designed example)", .description = desc, .opts = opts,
    .args_size = sizeof(x8_args_t),
    .common = HKZ_CLI_DIGITS | HKZ_CLI_DOUBLE | HKZ_CLI_OWN_OUTPUT |
              HKZ_CLI_PROGRESS,
    .run = run_x8};

