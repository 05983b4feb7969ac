/* cli.h -- shared helpers of the hkz command-line tool (not installed).
 *
 * New commands are declared with the option tables of opt.h (included
 * below); the hkz_cli_parse / hkz_cli_common_t / hkz_cli_open machinery
 * marked "deprecated" is being removed once every command is converted.
 *
 * Conventions for every command:
 *  - `--help` prints the command's usage to stdout and exits 0;
 *  - bad input prints ONE line `hkz: error: ...` to stderr and exits 2;
 *  - a runtime failure exits 1; a missed accuracy goal exits 3 (the rows are
 *    still written, with "status" naming the problem); hkz compare exits
 *    4 when an experiment's verdict is FAIL;
 *  - data goes to --out PATH (default: standard output) in --format
 *    text|csv|jsonl; every output starts with metadata (hkz version,
 *    normalization, command line).
 */
#ifndef HKZ_CLI_H
#define HKZ_CLI_H

#include <getopt.h>
#include "hkz/hkz.h"

#define HKZ_CLI_EXIT_OK 0
#define HKZ_CLI_EXIT_RUNTIME 1
#define HKZ_CLI_EXIT_USAGE 2
#define HKZ_CLI_EXIT_PREC 3
#define HKZ_CLI_EXIT_VERDICT 4   /* hkz compare: the experiment's verdict
                                    is FAIL (data still written) */

#define HKZ_CLI_MAX_DIGITS 10000

#include "opt.h"

/* deprecated: being removed (opt.h: hkz_cli_run_t).
 * Options shared by all commands. */
typedef struct
{
    slong digits;          /* --digits D: target significant digits */
    hkz_format_t fmt;      /* --format */
    const char *out;       /* --out PATH, "-" = stdout */
    int use_double;        /* --double: plain double fast path */
    ulong deriv;           /* --deriv K (where it applies) */
} hkz_cli_common_t;

/* deprecated: being removed (opt.h).
 * Long-option ids of the common options (>= 256, distinct from letters). */
enum
{
    HKZ_OPT_DIGITS = 256, HKZ_OPT_FORMAT, HKZ_OPT_OUT, HKZ_OPT_DOUBLE,
    HKZ_OPT_DERIV, HKZ_OPT_HELP, HKZ_OPT_FIRST_COMMAND_OPT
};

/* Entries for getopt_long tables. */
#define HKZ_CLI_COMMON_OPTIONS                                              \
    {"digits", required_argument, NULL, HKZ_OPT_DIGITS},                    \
    {"format", required_argument, NULL, HKZ_OPT_FORMAT},                    \
    {"out", required_argument, NULL, HKZ_OPT_OUT},                          \
    {"help", no_argument, NULL, HKZ_OPT_HELP}

/* deprecated: being removed. */
void hkz_cli_common_init(hkz_cli_common_t *c);

/* Prints "hkz: error: <message>" (one line) and returns exit code 2. */
int hkz_cli_usage_error(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif

    ;

/* Reports a library status as one line; returns the exit code it maps to
 * (hkz_cli_exit_code). */
int hkz_cli_fail(int status);

/* Exit code for a status, without printing: 0 success; 2 HKZ_ERR_ARG,
 * HKZ_ERR_DOMAIN, HKZ_ERR_TOO_LARGE, HKZ_ERR_CHECKPOINT; 3 HKZ_ERR_PREC;
 * 130 HKZ_ERR_INTERRUPTED; 1 otherwise. */
int hkz_cli_exit_code(int status);

/* deprecated: being removed (opt.h: hkz_cli_main).
 * Runs getopt_long over argv with `options`; calls handle(opt, optarg,
 * ctx) for each option (it returns 0 or an exit code), handles the common
 * options itself, and turns unknown options / missing values into one-line
 * usage errors.  Returns 0, an exit code, or -1 when --help was given
 * (the caller prints its usage and exits 0). */
int hkz_cli_parse(int argc, char **argv, const struct option *options,
                  hkz_cli_common_t *common,
                  int (*handle)(int opt, const char *arg, void *ctx),
                  void *ctx);

/* Parses a decimal option value exactly as a ball (also "pi").  Returns 0
 * or prints a usage error and returns 2. */
int hkz_cli_ball(arb_t x, const char *opt, const char *s, slong prec);

/* Parses n comma-separated decimals into v. */
int hkz_cli_ball_list(arb_ptr v, slong n, const char *opt, const char *s,
                      slong prec);

/* Parses an integer in [lo, hi]. */
int hkz_cli_slong(slong *x, const char *opt, const char *s, slong lo,
                  slong hi);

/* Requires that a mandatory option was given. */
int hkz_cli_require(const char *value, const char *opt);

/* Records the whole command line for the outputs' metadata (main()). */
void hkz_cli_set_command_line(int argc, char **argv);
const char *hkz_cli_command_line(void);

/* Wall clock (seconds, monotonic), UTC now as ISO 8601, the git revision
 * of the build (runrec.c). */
double hkz_cli_wtime(void);
void hkz_cli_utc_now(char *buf, size_t n);
const char *hkz_cli_git_revision(void);

/* deprecated: being removed (opt.h: HKZ_CLI_OUTPUT, hkz_cli_run_open).
 * Opens the writer named by common->out with the standard metadata (hkz
 * version, FLINT/Arb versions, normalization, command line, digits). */
int hkz_cli_open(hkz_writer_t **w, const hkz_cli_common_t *common, int argc,
                 char **argv);

/* Precision at which inputs are parsed: enough for every Ziv step. */
slong hkz_cli_input_prec(const hkz_goal_t *goal);

/* Commands declared with opt.h (cmd_*.c). */
extern const hkz_cli_cmd_t hkz_cli_heat, hkz_cli_dist, hkz_cli_dos,
    hkz_cli_product, hkz_cli_version, hkz_cli_bench;
extern const hkz_cli_cmd_t hkz_cli_grid;   /* cmd_grid.c */

/* Commands still on the deprecated parser (cmd_*.c). */
int hkz_cmd_report(int argc, char **argv);
int hkz_cmd_compare(int argc, char **argv);        /* cmd_compare.c */
int hkz_cmd_compare_x8(int argc, char **argv);     /* cmd_compare_x8.c */
int hkz_cmd_compare_sweep(int argc, char **argv);  /* cmd_compare_sweep.c */
int hkz_cmd_compare_varadhan(int argc, char **argv); /* cmd_compare_grid.c */
int hkz_cmd_compare_gauss(int argc, char **argv);  /* cmd_compare_grid.c */

/* ---- SU(2)^n inputs (cli_point.c) --------------------------------------
 * POINT syntax: coordinates x_1; x_2; ... separated by ';', each "r,z" or
 * "r,phi,z" (cylindrical, spec 1.2: x_i = exp(r(cos phi X + sin phi Y))
 * exp(zZ), r in [0, pi/2]) or "e"; or "file:PATH" with one coordinate
 * per line (blank lines and '#' comments ignored).  Numbers are decimals
 * read exactly, or pi / -pi. */

/* Parses a POINT into x (initialized by the caller; re-initialized here).
 * Returns 0 or prints one usage error naming opt and returns 2. */
int hkz_cli_point(hkz_su2n_point_t x, const char *opt, const char *s,
                  slong prec);

/* Parses a weight spec (hkz_su2n_weights_set_str grammar); spin != 0
 * divides by 4 (N_spin -> N_unit).  0 or a usage error (2). */
int hkz_cli_weights(hkz_su2n_weights_t w, const char *opt, const char *s,
                    int spin, slong prec);

/* Parses a comma-separated list of at most max positive decimals (t
 * values); *n receives the count.  0 or a usage error (2). */
int hkz_cli_pos_list(arb_ptr v, slong *n, slong max, const char *opt,
                     const char *s, slong prec);

/* Same for positive integers. */
int hkz_cli_slong_list(slong *v, slong *n, slong max, const char *opt,
                       const char *s, slong lo, slong hi);

/* Copies the k-th (0-based) comma-separated item of s, trimmed, into
 * buf (size n); "" if there is none. */
void hkz_cli_list_item(char *buf, size_t n, const char *s, slong k);

/* A double field that stays valid JSON: +-inf are written as the strings
 * "inf" / "-inf" (bare inf in text and CSV), NaN as null. */
hkz_field_t hkz_cli_fdbl(const char *key, double d, hkz_format_t fmt);

/* A ball field: "+inf" (the proven value +infinity) or the ball string. */
hkz_field_t hkz_cli_fball(const char *key, const arb_t x);

/* Midpoint of x as a double (+inf for +inf, NaN if not finite). */
double hkz_cli_mid(const arb_t x);

/* r = x rounded to the bits it carries (its relative accuracy + 16 guard
 * bits; exact balls to 96 bits), so that a wide ball is not written with
 * the thousands of midpoint digits of its working precision (cli_util.c).
 * r may alias x. */
void hkz_cli_round_ball(arb_t r, const arb_t x);

/* An equality as a consistency check at the requested accuracy: x and y
 * overlap AND both carry >= bits bits of relative accuracy, so that a wide
 * ball cannot confirm an equality vacuously (cli_util.c).  Use
 * bits = hkz_digits_to_bits(--digits) or the accuracy the computation can
 * reach, whichever is smaller. */
int hkz_cli_tight_overlap(const arb_t x, const arb_t y, slong bits);

/* ---- experiments: rows to stdout and to notebooks data (cli_exp.c) -----
 * Every experiment of hkz compare writes its rows to the stdout writer
 * (--format / --out) and, unless the data directory is "none", to
 * DIR/<exp>/<exp>.csv and DIR/<exp>/<exp>.jsonl (same rows, standard
 * metadata header) and DIR/<exp>/<exp>_verdict.jsonl (metadata, then one
 * record: experiment, verdict, reason, key numbers). */
#define HKZ_CLI_EXP_MAX_KEYS 24

typedef struct
{
    char name[16];           /* "X3" */
    char lname[16];          /* "x3" */
    hkz_format_t fmt;        /* stdout format */
    hkz_writer_t *out;       /* --out / stdout */
    hkz_writer_t *csv, *jsonl;
    char *dir;               /* DIR/<exp>, NULL if disabled */
    hkz_field_t keys[HKZ_CLI_EXP_MAX_KEYS];  /* verdict key numbers */
    char *keystr[3 * HKZ_CLI_EXP_MAX_KEYS];  /* owned names and values */
    slong nkeys;
    slong nrows;
    hkz_cli_run_t *run;      /* hkz_cli_exp_write: writers with the run
                                record (NULL: hkz_cli_exp_open) */
} hkz_cli_exp_t;

/* Opens the three writers (data_dir "none" disables the files; the
 * directories are created if missing).  0 or an exit code. */
int hkz_cli_exp_open(hkz_cli_exp_t *e, const char *name,
                     const hkz_cli_common_t *common, const char *data_dir,
                     int argc, char **argv);

/* Writes one row to every writer (doubles adapted per format). */
int hkz_cli_exp_row(hkz_cli_exp_t *e, const hkz_field_t *f, slong n);

/* Key numbers of the verdict (copied): a ball (written as ball string
 * and key_mid) or a string. */
void hkz_cli_exp_key_ball(hkz_cli_exp_t *e, const char *key,
                          const arb_t x);
void hkz_cli_exp_key_str(hkz_cli_exp_t *e, const char *key, const char *s);

/* Closes the data writers, writes the verdict file, prints the key
 * numbers (text format) and the line "Xk: PASS" / "Xk: FAIL (reason)"
 * to stdout.  Returns 0 (PASS), HKZ_CLI_EXIT_VERDICT (FAIL) or an exit
 * code of a write failure. */
int hkz_cli_exp_finish(hkz_cli_exp_t *e, int pass, const char *reason);

/* Frees everything without writing the verdict (error paths; removes
 * the temporary files). */
void hkz_cli_exp_abort(hkz_cli_exp_t *e);

/* Writes an experiment's result (hkz/compare.h) for the command run
 * (--format, --out, the run and closing records): the rows to the output
 * and DIR/<exp>/ (data_dir "none": no files), the verdict file, then the
 * verdict: in text format the key numbers and the line "Xk: PASS" /
 * "Xk: FAIL (reason)" on stdout; in JSONL the data's final record
 * {"record":"verdict","experiment":..,"verdict":..,"reason":..,<key
 * numbers>} and in CSV the final comment line "# verdict: PASS" /
 * "# verdict: FAIL (reason)" (before the closing record), and the line on
 * stderr.  Returns 0 (PASS), HKZ_CLI_EXIT_VERDICT (FAIL) or an exit
 * code. */
int hkz_cli_exp_write(hkz_cli_run_t *run, const hkz_compare_result_t *r,
                      const char *data_dir);



/* Writes one result record to r->w: the input fields, then value (the
 * ball with the digits it supports, at least --digits where it can),
 * mid, rad, rel_acc_bits, certified and status.  Exact balls: rel_acc_bits
 * null, status "exact"; a ball wider than its midpoint: status "wide".
 * HKZ_ERR_PREC raises r->worst (exit 3).  0 or an exit code. */
int hkz_cli_emit_value(hkz_cli_run_t *r, const hkz_field_t *inputs,
                       slong nin, const arb_t value, int status);

/* f evaluated to --digits with the Ziv loop (hkz_goal_eval), then
 * hkz_cli_emit_value; a failure other than HKZ_ERR_PREC is reported.
 * 0 or an exit code. */
int hkz_cli_eval_emit(hkz_cli_run_t *r, const hkz_field_t *inputs,
                      slong nin, hkz_goal_fn f, void *param);

/* rel_acc_bits as a field: null for exact and non-finite balls. */
hkz_field_t hkz_cli_frel(const arb_t x);

/* A ball field with --digits (HKZ_FBALLD), "+inf" for +infinity. */
hkz_field_t hkz_cli_fvalue(const char *key, const arb_t x, slong digits);

/* deprecated: being removed (hkz_cli_emit_value).
 * Writes one result record: the input fields, then value (ball string),
 * mid, rad, rel_acc_bits, certified (true: an Arb enclosure) and status. */
int hkz_cli_emit(hkz_writer_t *w, const hkz_field_t *inputs, slong nin,
                 const arb_t value, int status);

/* Same for a plain double result (certified: false). */
int hkz_cli_emit_double(hkz_writer_t *w, const hkz_field_t *inputs,
                        slong nin, double value);

/* deprecated: being removed (the run skeleton closes r->w).
 * Closes the writer and turns the worst row status into the exit code. */
int hkz_cli_finish(hkz_writer_t **w, int worst_status);

#endif
