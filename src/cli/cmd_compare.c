/* hkz compare X1 ... X7: the comparison experiments of spec section 6.4
 * (product-type operators on SU(2)^n / SU(2)^infinity), and the
 * dispatcher of hkz compare (X8: cmd_compare_x8.c, sweep:
 * cmd_compare_sweep.c).
 *
 * The experiments are library code (hkz/compare.h, groups/compare/);
 * this file parses the options, calls hkz_compare_xk and writes the
 * result (cli_exp.c): the rows (--format, --out), DIR/<exp>/<exp>.csv and
 * .jsonl (--data-dir, default notebooks_data; "none" disables) with the
 * verdict in DIR/<exp>/<exp>_verdict.jsonl, and the verdict "Xk: PASS"
 * (exit 0) or "Xk: FAIL (reason)" (exit 4). */
#include <stdio.h>
#include <string.h>
#include "cli.h"

enum
{
    OPT_DATA_DIR = HKZ_OPT_FIRST_COMMAND_OPT, OPT_NR, OPT_NZ, OPT_DW,
    OPT_SW, OPT_EPS, OPT_SAMPLES, OPT_SEED, OPT_NSEQ, OPT_N, OPT_GAMMA,
    OPT_NMAX, OPT_CLAIM, OPT_T
};

typedef struct
{
    const char *data_dir;
    const char *s[OPT_T + 1 - OPT_NR];   /* the values, by OPT_ - OPT_NR */
} exp_opts_t;

#define S(o, opt) ((o).s[(opt) - OPT_NR])

static int handle(int opt, const char *arg, void *ctx)
{
    exp_opts_t *o = ctx;
    if (opt == OPT_DATA_DIR)
        o->data_dir = arg;
    else if (opt >= OPT_NR && opt <= OPT_T)
        S(*o, opt) = arg;
    return 0;
}

#define COMMON_EXP_OPTIONS                                                  \
    HKZ_CLI_COMMON_OPTIONS,                                                 \
    {"data-dir", required_argument, NULL, OPT_DATA_DIR}

#define OPT_ENTRY(name, id) {name, required_argument, NULL, id}

#define COMMON_EXP_USAGE                                                    \
    "\nCommon options: --digits D (working precision, default 30 digits),\n"\
    "  --format text|csv|jsonl, --out PATH (the rows), --data-dir DIR\n"    \
    "  (default notebooks_data; 'none': no files): writes "                 \
    "DIR/<exp>/<exp>.csv,\n  DIR/<exp>/<exp>.jsonl and "                    \
    "DIR/<exp>/<exp>_verdict.jsonl.\n  The verdict 'Xk: PASS' or 'Xk: FAIL"\
    " (reason)': in text format the last line\n  on stdout; with csv the "  \
    "data's last line '# verdict: PASS' (a comment,\n  like the metadata), "\
    "with jsonl the last record {\"record\":\"verdict\",...},\n  and the "   \
    "line on stderr.  Exit 0 on PASS, 4 on FAIL, 2 on bad input.\n"

/* Parses the options; returns -1 after printing usage for --help. */
static int parse(int argc, char **argv, const struct option *opts,
                 hkz_cli_common_t *common, exp_opts_t *o, const char *usage)
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
    return rc;
}

/* A library status.  A bad parameter (HKZ_ERR_ARG, "name: why") is a
 * usage error naming the option --name. */
static int lib_fail(int s, const struct option *opts)
{
    char msg[512], name[64];
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
        for (; opts->name != NULL; opts++)
            if (strcmp(opts->name, name) == 0)
                return hkz_cli_usage_error("--%s%s", name, msg + k);
    }
    return hkz_cli_usage_error("%s", msg);
}

/* Declares c, o and rc; parses the options (returns on --help or bad
 * input); p = the library's defaults with --digits. */
#define EXP_PARSE(usage, init, p)                                           \
    hkz_cli_common_t c;                                                     \
    exp_opts_t o;                                                           \
    int rc = parse(argc, argv, opts, &c, &o, usage);                        \
    if (rc)                                                                 \
        return rc == -1 ? 0 : rc;                                           \
    init(&p);                                                               \
    p.digits = c.digits

/* Runs an experiment (call: hkz_compare_xk(&r, &p)), writes its result
 * and returns the exit code. */
#define EXP_RUN(call)                                                       \
    do {                                                                    \
        hkz_compare_result_t r;                                             \
        int s_ = hkz_compare_result_init(&r, "");                           \
        if (s_ == HKZ_SUCCESS)                                              \
            s_ = (call);                                                    \
        rc = s_ == HKZ_SUCCESS ? hkz_cli_exp_write(&r, &c, o.data_dir,      \
                                                   argc, argv)              \
                               : lib_fail(s_, opts);                        \
        hkz_compare_result_clear(&r);                                       \
        return rc;                                                          \
    } while (0)

/* the string options: the value given, or the library's default */
#define STR_OPT(dst, o, opt)                                                \
    do {                                                                    \
        if (S(o, opt) != NULL)                                              \
            (dst) = S(o, opt);                                              \
    } while (0)

/* ---- usage texts ---- */

static const char *usage_x1 =
    "usage: hkz compare X1 [--nr NR] [--nz NZ] [common options]\n\n"
    "X1 (spec 6.4): on the grid r_i = (pi/2) i/(NR-1), i = 0..NR-1, and\n"
    "z_j = pi j/NZ, j = 1..NZ (default 31 x 30), certified d_R and d_sR "
    "(CC) from e\nand the ratio d_sR^2/d_R.  PASS: every ratio < 2 pi, "
    "d_R <= d_sR <= pi (no\ncertified violation), on the fibre r = 0 the "
    "ratio equals 2 pi - z, and the\ngrid maximum sits at r = 0, z = pi/NZ "
    "(the sup 2 pi is approached only as\nr, z -> 0; 6.178 for the default"
    " grid).\n";

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

static const char *usage_x3 =
    "usage: hkz compare X3 [--N N1,N2,...] [common options]\n\n"
    "X3 (spec 6.4, E-b: a_i = i^2, b_i = i): the point x_i = exp((pi i/N) "
    "Z_i), i <= N\n(default N = 10,100,1000).  PASS: d_Delta = pi/sqrt N "
    "and d_L = pi sqrt((3N-1)/(2N))\n(certified balls overlap the closed "
    "forms; R43), d_Delta -> 0 while d_L >= pi,\nso d_L <= C d_Delta^c "
    "fails for every c > 0, while the form constant\nC*(1/2) = sup_i "
    "(3 a_i)^{1/2}/(2 b_i) = sqrt(3)/2 is finite (form domination\nholds "
    "without the distance hypothesis).\n";

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

static const char *usage_x5 =
    "usage: hkz compare X5 [--delta-weights LIST] [--sub-weights LIST] "
    "[--t T1,T2,...]\n                      [common options]\n\n"
    "X5 (spec F2, F3, 6.4): E-a truncated at n = 3 (default i^2@3 for "
    "both), t in\n{0.5, 0.2}: C* = C*(1/2) (P3), mu^L_t(e) and the "
    "subordinated kernel\nmu^{Delta^{1/2}}_{t/C*}(e) (F3, a certified "
    "integral).  PASS: mu^L_t(e) <=\nmu^{Delta^{1/2}}_{t/C*}(e) for every "
    "t (R44, R45); the ratio shows the loss.\n";

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


static int run_x1(int argc, char **argv)
{
    static const struct option opts[] = {
        COMMON_EXP_OPTIONS, OPT_ENTRY("nr", OPT_NR), OPT_ENTRY("nz", OPT_NZ),
        {NULL, 0, NULL, 0}};
    hkz_compare_x1_opts_t p;
    EXP_PARSE(usage_x1, hkz_compare_x1_opts_init, p);
    if ((S(o, OPT_NR) && (rc = hkz_cli_slong(&p.nr, "--nr", S(o, OPT_NR), 2,
                                             2000))) ||
        (S(o, OPT_NZ) && (rc = hkz_cli_slong(&p.nz, "--nz", S(o, OPT_NZ), 1,
                                             2000))))
        return rc;
    EXP_RUN(hkz_compare_x1(&r, &p));
}

static int run_x2(int argc, char **argv)
{
    static const struct option opts[] = {
        COMMON_EXP_OPTIONS, OPT_ENTRY("delta-weights", OPT_DW),
        OPT_ENTRY("sub-weights", OPT_SW), OPT_ENTRY("eps", OPT_EPS),
        OPT_ENTRY("nseq", OPT_NSEQ), OPT_ENTRY("samples", OPT_SAMPLES),
        OPT_ENTRY("seed", OPT_SEED), {NULL, 0, NULL, 0}};
    hkz_compare_x2_opts_t p;
    EXP_PARSE(usage_x2, hkz_compare_x2_opts_init, p);
    STR_OPT(p.delta_weights, o, OPT_DW);
    STR_OPT(p.sub_weights, o, OPT_SW);
    STR_OPT(p.eps, o, OPT_EPS);
    if ((S(o, OPT_NSEQ) && (rc = hkz_cli_slong(&p.nseq, "--nseq",
                                               S(o, OPT_NSEQ), 1, 30))) ||
        (S(o, OPT_SAMPLES) && (rc = hkz_cli_slong(&p.samples, "--samples",
                                   S(o, OPT_SAMPLES), 0, 1000000))) ||
        (S(o, OPT_SEED) && (rc = hkz_cli_slong(&p.seed, "--seed",
                                               S(o, OPT_SEED), 0,
                                               WORD_MAX))))
        return rc;
    EXP_RUN(hkz_compare_x2(&r, &p));
}

static int run_x3(int argc, char **argv)
{
    static const struct option opts[] = {
        COMMON_EXP_OPTIONS, OPT_ENTRY("N", OPT_N), {NULL, 0, NULL, 0}};
    hkz_compare_x3_opts_t p;
    EXP_PARSE(usage_x3, hkz_compare_x3_opts_init, p);
    STR_OPT(p.N, o, OPT_N);
    EXP_RUN(hkz_compare_x3(&r, &p));
}

static int run_x4(int argc, char **argv)
{
    static const struct option opts[] = {
        COMMON_EXP_OPTIONS, OPT_ENTRY("delta-weights", OPT_DW),
        OPT_ENTRY("sub-weights", OPT_SW), OPT_ENTRY("gamma", OPT_GAMMA),
        OPT_ENTRY("nmax", OPT_NMAX), OPT_ENTRY("claim", OPT_CLAIM),
        {NULL, 0, NULL, 0}};
    hkz_compare_x4_opts_t p;
    const char *claim;
    EXP_PARSE(usage_x4, hkz_compare_x4_opts_init, p);
    STR_OPT(p.delta_weights, o, OPT_DW);
    STR_OPT(p.sub_weights, o, OPT_SW);
    STR_OPT(p.gamma, o, OPT_GAMMA);
    if (S(o, OPT_NMAX) && (rc = hkz_cli_slong(&p.nmax, "--nmax",
                                              S(o, OPT_NMAX), 2, 100000)))
        return rc;
    claim = S(o, OPT_CLAIM) != NULL ? S(o, OPT_CLAIM) : "auto";
    if (strcmp(claim, "auto") == 0)
        p.claim = HKZ_COMPARE_CLAIM_AUTO;
    else if (strcmp(claim, "equal") == 0)
        p.claim = HKZ_COMPARE_CLAIM_EQUAL;
    else if (strcmp(claim, "growth") == 0)
        p.claim = HKZ_COMPARE_CLAIM_GROWTH;
    else
        return hkz_cli_usage_error("--claim: expected auto, equal or growth "
                                   "(got '%s')", claim);
    EXP_RUN(hkz_compare_x4(&r, &p));
}

static int run_x5(int argc, char **argv)
{
    static const struct option opts[] = {
        COMMON_EXP_OPTIONS, OPT_ENTRY("delta-weights", OPT_DW),
        OPT_ENTRY("sub-weights", OPT_SW), OPT_ENTRY("t", OPT_T),
        {NULL, 0, NULL, 0}};
    hkz_compare_x5_opts_t p;
    EXP_PARSE(usage_x5, hkz_compare_x5_opts_init, p);
    STR_OPT(p.delta_weights, o, OPT_DW);
    STR_OPT(p.sub_weights, o, OPT_SW);
    STR_OPT(p.t, o, OPT_T);
    EXP_RUN(hkz_compare_x5(&r, &p));
}

static int run_x6(int argc, char **argv)
{
    static const struct option opts[] = {
        COMMON_EXP_OPTIONS, OPT_ENTRY("t", OPT_T), {NULL, 0, NULL, 0}};
    hkz_compare_x6_opts_t p;
    EXP_PARSE(usage_x6, hkz_compare_x6_opts_init, p);
    STR_OPT(p.t, o, OPT_T);
    EXP_RUN(hkz_compare_x6(&r, &p));
}

static int run_x7(int argc, char **argv)
{
    static const struct option opts[] = {
        COMMON_EXP_OPTIONS, OPT_ENTRY("delta-weights", OPT_DW),
        OPT_ENTRY("sub-weights", OPT_SW), OPT_ENTRY("t", OPT_T),
        {NULL, 0, NULL, 0}};
    hkz_compare_x7_opts_t p;
    EXP_PARSE(usage_x7, hkz_compare_x7_opts_init, p);
    STR_OPT(p.delta_weights, o, OPT_DW);
    STR_OPT(p.sub_weights, o, OPT_SW);
    STR_OPT(p.t, o, OPT_T);
    EXP_RUN(hkz_compare_x7(&r, &p));
}

/* ---- the dispatcher ---- */

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
