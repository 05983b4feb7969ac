/* hkz compare X1 ... X7 (spec 6.4) and the dispatcher of hkz compare (X8:
 * cmd_compare_x8.c, sweep: cmd_compare_sweep.c).  The experiments are
 * library code (hkz/compare.h, groups/compare/); each command is an
 * option table (opt.h) whose destinations are the library's parameter
 * struct, with the library's defaults; the run calls hkz_compare_xk and
 * writes the result (hkz_cli_exp_write, cli_exp.c). */
#include <stdio.h>
#include <string.h>
#include "cli.h"

#define EXP_NOTE                                                            \
    "\nEvery number is an Arb ball; strict inequalities are certified, "    \
    "equalities\nneed balls overlapping AND accurate to --digits.  The "    \
    "verdict 'Xk: PASS' or\n'Xk: FAIL (reason)': in text format the last " \
    "line on stdout; with --format csv\nthe data's last line '# verdict: "  \
    "PASS|FAIL (reason)' (a comment, like the\nmetadata), with jsonl the "  \
    "last data record {\"record\":\"verdict\",...}; then\nthe line on "     \
    "stderr.  --data-dir DIR (default notebooks_data; 'none': no\nfiles) "  \
    "writes DIR/<exp>/<exp>.csv, <exp>.jsonl and <exp>_verdict.jsonl.\n"

#define DATA_DIR(T)                                                         \
    {"data-dir", HKZ_OPT_STRING, offsetof(T, data_dir),                     \
     .def = "notebooks_data", .metavar = "DIR",                             \
     .help = "data files under DIR/<exp>/ ('none': no files)"}
#define STR(T, name, field, d, mv, h)                                       \
    {name, HKZ_OPT_STRING, offsetof(T, p.field), .def = d, .metavar = mv,   \
     .help = h}
#define WEIGHTS(T, d)                                                       \
    STR(T, "delta-weights", delta_weights, d, "SPEC", "weights a_i of "     \
        "Delta"),                                                           \
    STR(T, "sub-weights", sub_weights, d, "SPEC", "weights b_i of L")
#define EXP_CMD(k, sum)                                                     \
    static const hkz_cli_cmd_t cmd_x##k = {                                 \
        .name = "compare X" #k, .summary = sum, .description = desc_x##k,   \
        .opts = opts_x##k, .args_size = sizeof(x##k##_args_t),              \
        .common = HKZ_CLI_DIGITS | HKZ_CLI_OWN_OUTPUT, .run = run_x##k}

/* A library status; a bad parameter ("name: why") names --name. */
static int lib_fail(const hkz_cli_run_t *r, int s)
{
    char msg[512], name[64];
    const hkz_opt_t *o;
    size_t k, i;
    snprintf(msg, sizeof(msg), "%s", hkz_errmsg());
    if (s != HKZ_ERR_ARG)
        return hkz_cli_fail(s);
    k = strcspn(msg, ":");
    if (msg[k] == ':' && k < sizeof(name))
    {
        for (i = 0; i < k; i++)
            name[i] = msg[i] == '_' ? '-' : msg[i];
        name[k] = '\0';
        for (o = r->cmd->opts; o->name != NULL; o++)
            if (strcmp(o->name, name) == 0 || strcmp(name, "digits") == 0)
                return hkz_cli_usage_error("--%s%s", name, msg + k);
    }
    return hkz_cli_usage_error("%s", msg);
}

/* Runs one experiment, fn(&res, p), and writes its result. */
static int exp_run(hkz_cli_run_t *r, const char *data_dir,
                   int (*fn)(hkz_compare_result_t *, const void *),
                   const void *p)
{
    hkz_compare_result_t res;
    int rc, s = hkz_compare_result_init(&res, "");
    if (s == HKZ_SUCCESS)
        s = fn(&res, p);
    rc = s == HKZ_SUCCESS ? hkz_cli_exp_write(r, &res, data_dir)
                          : lib_fail(r, s);
    hkz_compare_result_clear(&res);
    return rc;
}

/* Command Xk: its args (the data directory and the library's parameters)
 * and its run (the digits, then the experiment). */
#define EXP_ARGS(k)                                                         \
    typedef struct                                                          \
    {                                                                       \
        const char *data_dir;                                               \
        hkz_compare_x##k##_opts_t p;                                        \
    } x##k##_args_t;                                                        \
    static int call_x##k(hkz_compare_result_t *res, const void *p)         \
    {                                                                       \
        return hkz_compare_x##k(res, p);                                    \
    }                                                                       \
    static int run_x##k(hkz_cli_run_t *r, void *args)                       \
    {                                                                       \
        x##k##_args_t *a = args;                                            \
        a->p.digits = r->digits;                                            \
        return exp_run(r, a->data_dir, call_x##k, &a->p);                   \
    }

/* ---- X1 ---- */

EXP_ARGS(1)

static const char desc_x1[] =
    "X1 (spec 6.4): on the grid r_i = (pi/2) i/(NR-1), i = 0..NR-1, and\n"
    "z_j = pi j/NZ, j = 1..NZ (default 31 x 30), certified d_R and d_sR "
    "(CC) from e\n"
    "and the ratio d_sR^2/d_R.  PASS: every ratio < 2 pi, d_R <= d_sR <= "
    "pi (no\n"
    "certified violation), on the fibre r = 0 the ratio equals 2 pi - z, "
    "and the\n"
    "grid maximum sits at r = 0, z = pi/NZ (the sup 2 pi is approached "
    "only as\n"
    "r, z -> 0; 6.178 for the default grid).\n"
    EXP_NOTE;

static const hkz_opt_t opts_x1[] = {
    {"nr", HKZ_OPT_SLONG, offsetof(x1_args_t, p.nr), .lo = 2, .hi = 2000,
     .def = "31", .metavar = "NR", .help = "grid points in r"},
    {"nz", HKZ_OPT_SLONG, offsetof(x1_args_t, p.nz), .lo = 1, .hi = 2000,
     .def = "30", .metavar = "NZ", .help = "grid points in z"},
    DATA_DIR(x1_args_t), HKZ_OPT_END};

EXP_CMD(1, "single SU(2): max d_sR^2/d_R on an (r,z) grid is < 2 pi (sharp,"
        " fibre 2 pi - z)");

/* ---- X2 ---- */

EXP_ARGS(2)

static const char desc_x2[] =
    "X2 (spec 6.3 P2, 6.4): on SU(2)^n (finite lists; default i^2@10 for "
    "both),\n"
    "S_n = sum a_i/b_i^2, T_n = sum a_i^2/b_i^3, C_n = sqrt(2 pi) "
    "S_n^{1/4}.\n"
    "Sequence rows: x_i = exp(e a_i/b_i Z_i) for e = E, E/10, ..., (K "
    "values;\n"
    "default E = 0.01, K = 4): d_L/d_Delta^{1/2} must equal sqrt((2 pi - e "
    "T/S) S^{1/2})\n"
    "(certified balls overlap; R42) and be < C_n.  Random rows: M points "
    "(default\n"
    "50, PRNG seed S, default 1) with heads at random scales: ratio < "
    "C_n.\n"
    EXP_NOTE;

static const hkz_opt_t opts_x2[] = {
    WEIGHTS(x2_args_t, "i^2@10"),
    STR(x2_args_t, "eps", eps, "0.01", "E", "largest fibre scale"),
    {"nseq", HKZ_OPT_SLONG, offsetof(x2_args_t, p.nseq), .lo = 1, .hi = 30,
     .def = "4", .metavar = "K", .help = "sequence rows e = E, E/10, ..."},
    {"samples", HKZ_OPT_SLONG, offsetof(x2_args_t, p.samples), .lo = 0,
     .hi = 1000000, .def = "50", .metavar = "M", .help = "random points"},
    {"seed", HKZ_OPT_SLONG, offsetof(x2_args_t, p.seed), .lo = 0,
     .hi = WORD_MAX, .def = "1", .metavar = "S", .help = "PRNG seed"},
    DATA_DIR(x2_args_t), HKZ_OPT_END};

EXP_CMD(2, "SU(2)^n: d_L/d_Delta^{1/2} -> C_n = sqrt(2 pi) S_n^{1/4} (P2, "
        "R42) and <= C_n");

/* ---- X3 ---- */

EXP_ARGS(3)

static const char desc_x3[] =
    "X3 (spec 6.4, E-b: a_i = i^2, b_i = i): the point x_i = exp((pi i/N) "
    "Z_i), i <= N\n"
    "(default N = 10,100,1000).  PASS: d_Delta = pi/sqrt N and d_L = pi "
    "sqrt((3N-1)/(2N))\n"
    "(certified balls overlap the closed forms; R43), d_Delta -> 0 while "
    "d_L >= pi,\n"
    "so d_L <= C d_Delta^c fails for every c > 0, while the form constant\n"
    "C*(1/2) = sup_i (3 a_i)^{1/2}/(2 b_i) = sqrt(3)/2 is finite (form "
    "domination\n"
    "holds without the distance hypothesis).\n"
    EXP_NOTE;

static const hkz_opt_t opts_x3[] = {
    STR(x3_args_t, "N", N, "10,100,1000", "N1,N2,...", "numbers of factors"),
    DATA_DIR(x3_args_t), HKZ_OPT_END};

EXP_CMD(3, "E-b: d_Delta = pi/sqrt N -> 0, d_L -> pi sqrt(3/2) (R43); "
        "C*(1/2) = sqrt3/2");

/* ---- X4 ---- */

static const hkz_opt_enum_t claims[] = {
    {"auto", HKZ_COMPARE_CLAIM_AUTO}, {"equal", HKZ_COMPARE_CLAIM_EQUAL},
    {"growth", HKZ_COMPARE_CLAIM_GROWTH}, {NULL, 0}};

typedef struct
{
    const char *data_dir;
    int claim;
    hkz_compare_x4_opts_t p;
} x4_args_t;

static int call_x4(hkz_compare_result_t *res, const void *p)
{
    return hkz_compare_x4(res, p);
}

static const char desc_x4[] =
    "X4 (spec F1, P3, 6.4): the brute-force sup of (lambda^Delta)^G / "
    "lambda^L over the\n"
    "joint spectrum (n_i <= n, all k_i) for n = N/4, N/2, N (default "
    "weights 1,4\n"
    "for both, G = 1/2, N = 20) against the closed form sup_i (3 a_i)^G/(2 "
    "b_i).\n"
    "Claims: equal (the default for G <= 1/2): every brute-force value "
    "equals the\n"
    "closed form (R48); growth (the default for G > 1/2): the brute force "
    "increases\n"
    "strictly with n and exceeds the closed form (E_{Delta^G} <= C E_L "
    "fails).\n"
    "A claim that does not hold (e.g. --gamma 0.75 --claim equal) gives "
    "FAIL.\n"
    EXP_NOTE;

static const hkz_opt_t opts_x4[] = {
    WEIGHTS(x4_args_t, "1,4"),
    STR(x4_args_t, "gamma", gamma, "0.5", "G", "the exponent gamma > 0"),
    {"nmax", HKZ_OPT_SLONG, offsetof(x4_args_t, p.nmax), .lo = 2,
     .hi = 100000, .def = "20", .metavar = "N", .help = "largest n_i"},
    {"claim", HKZ_OPT_CHOICE, offsetof(x4_args_t, claim), .def = "auto",
     .values = claims, .help = "the claim checked"},
    DATA_DIR(x4_args_t), HKZ_OPT_END};

static int run_x4(hkz_cli_run_t *r, void *args)
{
    x4_args_t *a = args;
    a->p.digits = r->digits;
    a->p.claim = a->claim;
    return exp_run(r, a->data_dir, call_x4, &a->p);
}

EXP_CMD(4, "form constant: brute force over the joint spectrum = sup "
        "(3a)^g/(2b) (R48)");

/* ---- X5 ---- */

EXP_ARGS(5)

static const char desc_x5[] =
    "X5 (spec F2, F3, 6.4): E-a truncated at n = 3 (default i^2@3 for "
    "both), t in\n"
    "{0.5, 0.2}: C* = C*(1/2) (P3), mu^L_t(e) and the subordinated kernel\n"
    "mu^{Delta^{1/2}}_{t/C*}(e) (F3, a certified integral).  PASS: "
    "mu^L_t(e) <=\n"
    "mu^{Delta^{1/2}}_{t/C*}(e) for every t (R44, R45); the ratio shows "
    "the loss.\n"
    EXP_NOTE;

static const hkz_opt_t opts_x5[] = {
    WEIGHTS(x5_args_t, "i^2@3"),
    STR(x5_args_t, "t", t, "0.5,0.2", "T1,T2,...", "times t > 0"),
    DATA_DIR(x5_args_t), HKZ_OPT_END};

EXP_CMD(5, "heat-kernel transfer mu^L_t(e) <= mu^{Delta^1/2}_{t/C*}(e) "
        "(R44, R45)");

/* ---- X6 ---- */

EXP_ARGS(6)

static const char desc_x6[] =
    "X6 (spec 5.4, 6.4): for the cases a_i = i (Delta, p = 1), b_i = i (L, "
    "p = 1) and\n"
    "a_i = i^2 (Delta, p = 2), on the t grid (default "
    "1,0.5,0.2,0.1,0.05,0.02,0.01):\n"
    "the scaled value t^{1/p} log mu_t(e) and the certified bracket\n"
    "[int_{t^{1/p}}^inf, int_0^inf] log F(x^p) dx (F = h or p at e; R41), "
    "whose\n"
    "upper end is the t -> 0 limit (R38, R39, R40): (CK*) fails for the p "
    "= 1 cases\n"
    "(the limit is > 0) and holds for p = 2 (t log mu_t(e) = t^{1/2} "
    "(t^{1/2} log mu_t(e))\n"
    "-> 0).  PASS: every scaled value lies in its bracket (certified) and "
    "the three\n"
    "limits agree with the spec's R38-R40.\n"
    EXP_NOTE;

static const hkz_opt_t opts_x6[] = {
    STR(x6_args_t, "t", t, "1,0.5,0.2,0.1,0.05,0.02,0.01", "T1,T2,...",
        "times t > 0"),
    DATA_DIR(x6_args_t), HKZ_OPT_END};

EXP_CMD(6, "(CK*): t^{1/p} log mu_t(e) in its certified bracket, limits "
        "R38-R40");

/* ---- X7 ---- */

EXP_ARGS(7)

static const char desc_x7[] =
    "X7 (spec 5.4, 6.4, E-e): weights c log(1+i) (default c = 1 for both). "
    " mu_t(e)\n"
    "is finite iff lambda_1 c t > 1 (Delta: lambda_1 = 3, threshold 1/3; "
    "L: lambda_1 = 2,\n"
    "threshold 1/2), else +inf (no continuous density).  PASS: Delta "
    "finite at\n"
    "t = 0.4 and +inf at 0.3, L finite at 0.6 and +inf at 0.4 (for c = 1), "
    "and on\n"
    "the t grid (default 0.3,0.34,0.36,0.4,0.45,0.5,0.55,0.6,0.8,1,1.5,2) "
    "every kind\n"
    "(finite|divergent) is the one the threshold predicts.\n"
    EXP_NOTE;

static const hkz_opt_t opts_x7[] = {
    WEIGHTS(x7_args_t, "log(1+i)"),
    STR(x7_args_t, "t", t, "0.3,0.34,0.36,0.4,0.45,0.5,0.55,0.6,0.8,1,1.5,2",
        "T1,T2,...", "times t > 0"),
    DATA_DIR(x7_args_t), HKZ_OPT_END};

EXP_CMD(7, "E-e existence thresholds: Delta t > 1/3, L t > 1/2, else +inf");

/* ---- the dispatcher: its help is generated from the table (opt_help.c);
 * the experiments are matched by the last word of their names, any case
 * ("x1" is X1) ---- */

static const hkz_cli_cmd_t *const compare_subs[] = {
    &cmd_x1, &cmd_x2, &cmd_x3, &cmd_x4, &cmd_x5, &cmd_x6, &cmd_x7,
    &hkz_cli_compare_x8, &hkz_cli_compare_sweep, &hkz_cli_compare_varadhan,
    &hkz_cli_compare_gauss, NULL};

const hkz_cli_cmd_t hkz_cli_compare = {
    .name = "compare",
    .summary = "comparison experiments X1-X8 and sweep (spec 6.4)",
    .description = "Comparison experiments of spec section 6.4 "
    "(product-type operators on\nSU(2)^n / SU(2)^infinity, N_unit).  Each "
    "prints its data rows, then the verdict\n'Xk: PASS' (exit 0) or 'Xk: "
    "FAIL (reason)' (exit 4; csv, jsonl: the data's last\nrecord and a line "
    "on stderr), and writes DIR/<exp>/<exp>.csv, .jsonl and\n_verdict.jsonl "
    "(--data-dir DIR, default notebooks_data).  Run without options\nfor "
    "the spec's case.\n",
    .sub = compare_subs};
