/* hkz compare varadhan, hkz compare gauss: the experiments on grids
 * (issue 11 section 2, spec grid_experiments.md; library: hkz/compare_grid.h,
 * groups/compare/varadhan*.c, gauss*.c).  Each command is an option table;
 * --preset default|large picks the library's parameter set, the options
 * given override it; the result is written by hkz_cli_exp_write. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"

#define GRID_NOTE                                                           \
    "\nCertified columns are Arb balls (NAME, with the double NAME_mid); "  \
    "columns\nnamed *_double are double statistics (not certified).  The "  \
    "verdict\n'<exp>: PASS' or '<exp>: FAIL (reason)' is the last line in " \
    "text format (csv: a\n'# verdict:' comment, jsonl: a verdict record; "  \
    "then a line on stderr).\n--data-dir DIR (default notebooks_data; "     \
    "'none': no files) writes\nDIR/<exp>/<exp>.csv, <exp>.jsonl and "       \
    "<exp>_verdict.jsonl; notebooks_data/\ngrid_experiments.ipynb plots "   \
    "them.  --digits (default: the preset's) is the\nrelative accuracy "    \
    "of every kernel value.  Exit 0 PASS, 4 FAIL, 2 bad input.\n"

#define OPT_STR(T, nm, field, mv, h)                                        \
    {nm, HKZ_OPT_STRING, offsetof(T, field), .metavar = mv, .help = h}
#define OPT_DATA_DIR(T)                                                     \
    {"data-dir", HKZ_OPT_STRING, offsetof(T, data_dir),                     \
     .def = "notebooks_data", .metavar = "DIR",                             \
     .help = "data files under DIR/<exp>/ ('none': no files)"}
enum { PRESET_DEFAULT, PRESET_LARGE };
static const hkz_opt_enum_t presets[] = {
    {"default", PRESET_DEFAULT}, {"large", PRESET_LARGE}, {NULL, 0}};
#define OPT_PRESET(T)                                                       \
    {"preset", HKZ_OPT_CHOICE, offsetof(T, preset), .values = presets,      \
     .def = "default", .help = "parameter set (large: for GPUs / "          \
     "clusters)"}

/* A library status: bad parameters ("name: why") as usage errors. */
static int lib_fail(int s)
{
    if (s == HKZ_ERR_ARG)
        return hkz_cli_usage_error("%s", hkz_errmsg());
    return hkz_cli_fail(s);
}

/* A positive double option (given text s) into *x: 0 or exit code 2. */
static int pos_double(double *x, const char *opt, const char *s)
{
    double v;
    if (s == NULL)
        return 0;
    /* (decimals, p/q: as every numeric option) */
    if (hkz_double_set_str(&v, s) != HKZ_SUCCESS || !(v > 0) ||
        !isfinite(v))
        return hkz_cli_usage_error("--%s: expected a number > 0 (got '%s')",
                                   opt, s);
    *x = v;
    return 0;
}

static int write_result(hkz_cli_run_t *r, hkz_compare_result_t *res, int s,
                        const char *data_dir)
{
    int rc = s == HKZ_SUCCESS ? hkz_cli_exp_write(r, res, data_dir)
                              : lib_fail(s);
    hkz_compare_result_clear(res);
    return rc;
}

/* ---- varadhan ---- */

typedef struct
{
    const char *data_dir, *alpha, *sub, *fibre, *t0, *tol;
    int preset;
    slong nt;
} var_args_t;

static const char desc_var[] =
    "Varadhan's formula on grids (spec grid_experiments.md 1, N_unit): "
    "e(g, t) =\n-4 t log p_t(g) - d(g)^2 at t_j = T0/2^j, j = 0..NT-1 "
    "(default T0 = 0.08, NT = 6).\n"
    "  delta  Delta = -(X^2+Y^2+Z^2), p = h_t(alpha), d = alpha (--alpha): "
    "e must agree\n"
    "         with the exact closed form 6t log(4 pi t) - 4t log(2 pi^2) - "
    "4t log(alpha/\n"
    "         sin alpha) - 4t^2 - 4t log(1 + I) (image sum I, proven tail)"
    " inside the\n"
    "         enclosures (balls overlap, both accurate to --digits less "
    "4).\n"
    "  sub    L = -(X^2+Y^2), d = d_cc certified, points r,z with r > 0 "
    "(--sub, off\n"
    "         the cut locus): p_t = C t^-3/2 e^{-d^2/4t}(1 + O(t)) gives "
    "e = 6 t log t\n"
    "         - 4t log C + O(t^2); the coefficient A of t log t fitted "
    "through three\n"
    "         consecutive times (e/t = A log t + B + C t: fit_A_double, a "
    "double\n"
    "         statistic) must be within TOL (0.01) of 6 at the smallest t "
    "and not move\n"
    "         away from 6 over the fits.\n"
    "  fibre  r = 0, z in --fibre (the cut locus): the same fit as the "
    "contrast; PASS\n"
    "         needs its last A farther than TOL from 6 (the power there is "
    "t^-2: A -> 8).\n"
    "--preset large: T0 = 0.16, NT = 7, more points (the certified scalar "
    "paths on\nCPUs; below t ~ 0.002 the sub-Laplacian path's enclosures "
    "get too wide).\n"
    GRID_NOTE;

static const hkz_opt_t opts_var[] = {
    OPT_PRESET(var_args_t),
    OPT_STR(var_args_t, "alpha", alpha, "A1,A2,...", "Delta points, 0 < "
            "alpha < pi (default 0.5,1,2,2.8)"),
    OPT_STR(var_args_t, "sub", sub, "R,Z;R,Z;...", "sub-Laplacian points,"
            " 0 < r <= pi/2, 0 < z < pi"),
    OPT_STR(var_args_t, "fibre", fibre, "Z1,Z2,...", "fibre points z, 0 < "
            "z < pi (default 0.3,1,2.5)"),
    OPT_STR(var_args_t, "t0", t0, "T0", "largest time, in (0, 1] (default "
            "0.08)"),
    {"nt", HKZ_OPT_SLONG, offsetof(var_args_t, nt), .lo = 3, .hi = 40,
     .metavar = "NT", .help = "number of times T0/2^j (default 6)"},
    OPT_STR(var_args_t, "tol", tol, "TOL", "tolerance of the fitted "
            "coefficient (default 0.01)"),
    OPT_DATA_DIR(var_args_t), HKZ_OPT_END};

static int run_var(hkz_cli_run_t *r, void *args)
{
    var_args_t *a = args;
    hkz_compare_varadhan_opts_t o;
    hkz_compare_result_t res;
    int rc, s;

    if (a->preset == PRESET_LARGE)
        hkz_compare_varadhan_opts_large(&o);
    else
        hkz_compare_varadhan_opts_init(&o);
    if (hkz_cli_given(r, "digits") != NULL)
        o.digits = r->digits;
    if (a->alpha != NULL) o.alpha = a->alpha;
    if (a->sub != NULL) o.sub = a->sub;
    if (a->fibre != NULL) o.fibre = a->fibre;
    if (a->t0 != NULL) o.t0 = a->t0;
    if (hkz_cli_given(r, "nt") != NULL) o.nt = a->nt;
    if ((rc = pos_double(&o.tol, "tol", a->tol)))
        return rc;
    if ((s = hkz_compare_result_init(&res, "")) != HKZ_SUCCESS)
        return hkz_cli_fail(s);
    s = hkz_compare_varadhan(&res, &o);
    return write_result(r, &res, s, a->data_dir);
}

const hkz_cli_cmd_t hkz_cli_compare_varadhan = {
    .name = "compare varadhan", .summary = "grids: -4t log p_t - d^2 -> 0 "
    "(Delta closed form; sub-Laplacian t log t -> 6, fibre contrast)",
    .description = desc_var, .opts = opts_var,
    .args_size = sizeof(var_args_t),
    .common = HKZ_CLI_DIGITS | HKZ_CLI_OWN_OUTPUT,
    .digits_def = "the preset's", .run = run_var};


/* ---- gauss ---- */

typedef struct
{
    const char *data_dir, *ops, *alpha, *eps, *tol, *grow;
    int preset;
    slong J, J_delta, m;
} gauss_args_t;

static const char desc_gauss[] =
    "Gaussian bounds for time derivatives (spec grid_experiments.md 2; "
    "Hou 2021,\nform-comparable perturbations), N_unit.  For each "
    "operator L = -(a X^2 + b Y^2 +\nc Z^2), a, b, c > 0 (--ops "
    "\"a,b,c;...\"; a = b = c = 1 is Delta), lambda_min,\nlambda_max = "
    "min, max(a, b, c), points g = exp(alpha u), u = X, Z, (X+Y+Z)/sqrt 3\n"
    "(d_Delta(e, g) = alpha, --alpha), times t_i = 2^(-i/M), i = 0..M J "
    "(M per octave):\n"
    "  R_k(g, t)      = t^k |d^k/dt^k p_t(g)| t^(3/2) exp(d_Delta(g)^2 / "
    "(c0 t)),\n"
    "  C_k(c0, t_min) = max of R_k over the grid with t_min <= t <= 1 "
    "(certified ball),\n"
    "for k = 0..3, t_min = 2^-j, j = 1..J (J_DELTA for a = b = c), and\n"
    "  c0 = 4 lambda_max (1 + eps)   (the bound; eps in --eps, default "
    "1/2, 1/4, 1/10),\n"
    "  c0 = 4 lambda_min (1 - eps)   (the negative control).\n"
    "p_t and its derivatives are certified spectral sums (Delta: "
    "hkz_su2_heat_bi;\nMilnor: sum_n n Re tr(pi_n(g) (-L_n)^k e^{-t L_n}) "
    "with a proven tail).\n"
    "The last growth ratio rho = C_k(2^-J)/C_k(2^-(J-1)) (certified ball) classifies each "
    "case:\n"
    "  bound    saturated (rho <= 1 + TOL: bounded as t_min halves), "
    "transient\n"
    "           (1 + TOL < rho <= 2^(k+2): still rising on this grid; the "
    "Gaussian gain\n"
    "           e^{-b/t}, b ~ eps d^2/(4 lambda_max), wins only for t < ~b/k:"
    " a deeper\n"
    "           grid decides) or exponential (rho > 2^(k+2));\n"
    "  control  grows (rho >= GROW, lower end, and above the previous "
    "ratio).\n"
    "PASS needs no exponential bound, every bound saturated at the largest "
    "eps (all\n"
    "operators, k = 0..3) and every control growing; the verdict record "
    "counts the\n"
    "transient cases (bound_transient).  Default J = 4 (Milnor), J_DELTA = "
    "7, M = 2;\n"
    "--preset large: J = 7, J_DELTA = 10, M = 4, more points and operators "
    "(for large\nmachines: the values come from the certified scalar "
    "paths on CPUs, hours there;\nthe GPU engine has no time-derivative "
    "route yet).\n"
    GRID_NOTE;

static const hkz_opt_t opts_gauss[] = {
    OPT_PRESET(gauss_args_t),
    OPT_STR(gauss_args_t, "ops", ops, "A,B,C;...", "operators (default "
            "1,1,1;1,1,2;1,2,3)"),
    OPT_STR(gauss_args_t, "alpha", alpha, "A1,A2,...", "class angles of "
            "the points, 0 <= alpha <= pi (default 0,0.5,1,2,3)"),
    OPT_STR(gauss_args_t, "eps", eps, "E1,E2,...", "eps values in (0, 1) "
            "(default 0.5,0.25,0.1)"),
    {"J", HKZ_OPT_SLONG, offsetof(gauss_args_t, J), .lo = 2, .hi = 30,
     .metavar = "J", .help = "t_min down to 2^-J (default 4)"},
    {"J-delta", HKZ_OPT_SLONG, offsetof(gauss_args_t, J_delta), .lo = 2,
     .hi = 30, .metavar = "J", .help = "J for a = b = c (default 7)"},
    {"per-octave", HKZ_OPT_SLONG, offsetof(gauss_args_t, m), .lo = 1,
     .hi = 16, .metavar = "M", .help = "times per halving (default 2)"},
    OPT_STR(gauss_args_t, "tol", tol, "TOL", "bounded: last ratio <= 1 + "
            "TOL (default 0.05)"),
    OPT_STR(gauss_args_t, "grow", grow, "G", "control: last ratio >= G "
            "(default 1.5)"),
    OPT_DATA_DIR(gauss_args_t), HKZ_OPT_END};

static int run_gauss(hkz_cli_run_t *r, void *args)
{
    gauss_args_t *a = args;
    hkz_compare_gauss_opts_t o;
    hkz_compare_result_t res;
    int rc, s;

    if (a->preset == PRESET_LARGE)
        hkz_compare_gauss_opts_large(&o);
    else
        hkz_compare_gauss_opts_init(&o);
    if (hkz_cli_given(r, "digits") != NULL)
        o.digits = r->digits;
    if (a->ops != NULL) o.ops = a->ops;
    if (a->alpha != NULL) o.alpha = a->alpha;
    if (a->eps != NULL) o.eps = a->eps;
    if (hkz_cli_given(r, "J") != NULL) o.J = a->J;
    if (hkz_cli_given(r, "J-delta") != NULL) o.J_delta = a->J_delta;
    if (hkz_cli_given(r, "per-octave") != NULL) o.m = a->m;
    if ((rc = pos_double(&o.tol, "tol", a->tol)) ||
        (rc = pos_double(&o.grow, "grow", a->grow)))
        return rc;
    if ((s = hkz_compare_result_init(&res, "")) != HKZ_SUCCESS)
        return hkz_cli_fail(s);
    o.progress = &r->prog;
    s = hkz_compare_gauss(&res, &o);
    return write_result(r, &res, s, a->data_dir);
}

const hkz_cli_cmd_t hkz_cli_compare_gauss = {
    .name = "compare gauss", .summary = "grids: Gaussian bounds C_k for "
    "d^k/dt^k p_t, Delta and Milnor (negative control)",
    .description = desc_gauss, .opts = opts_gauss,
    .args_size = sizeof(gauss_args_t),
    .common = HKZ_CLI_DIGITS | HKZ_CLI_OWN_OUTPUT | HKZ_CLI_PROGRESS,
    .digits_def = "the preset's", .run = run_gauss};

