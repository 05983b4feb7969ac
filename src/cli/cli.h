/* cli.h -- shared helpers of the hkz command-line tool (not installed).
 *
 * Every command is declared once with the option tables of opt.h
 * (included below) and runs through hkz_cli_main.
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

/* Prints "hkz: error: <message>" (one line) and returns exit code 2. */
int hkz_cli_usage_error(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif

    ;

/* Reports a library status as one line; returns the exit code it maps to
 * (hkz_cli_exit_code). */
int hkz_cli_fail(int status);

/* This process's rank and the rank count of the world the CLI passes to
 * the library (1 without MPI). */
int hkz_cli_rank(void);
int hkz_cli_size(void);

/* Collective: the exit code of the lowest failing rank on every rank
 * (hkz_run_agree); with report, rank 0 prints "hkz: error: rank R:
 * <message>" when it did not fail itself (a failing rank printed its own
 * line, to /dev/null on ranks other than 0). */
int hkz_cli_agree(int rc, int report);

/* A checkpoint refused on resume (hkz_errmsg()): "--resume: <message>",
 * or another rank's "rank R: <message>" as it is; exit 2. */
int hkz_cli_resume_error(void);

/* Exit code for a status, without printing: 0 success; 2 HKZ_ERR_ARG,
 * HKZ_ERR_DOMAIN, HKZ_ERR_TOO_LARGE, HKZ_ERR_CHECKPOINT; 3 HKZ_ERR_PREC;
 * 130 HKZ_ERR_INTERRUPTED; 1 otherwise. */
int hkz_cli_exit_code(int status);

/* Parses a decimal option value exactly as a ball (also "pi").  Returns 0
 * or prints a usage error and returns 2. */
int hkz_cli_ball(arb_t x, const char *opt, const char *s, slong prec);

/* Checks up front that the run can write path (--out, --checkpoint,
 * --save): not a folder, in an existing writable folder.  0 or a usage
 * error naming opt (2). */
int hkz_cli_path_writable(const char *opt, const char *path);

/* Parses an integer in [lo, hi]. */
int hkz_cli_slong(slong *x, const char *opt, const char *s, slong lo,
                  slong hi);

/* Records the whole command line for the outputs' metadata (main()). */
void hkz_cli_set_command_line(int argc, char **argv);
const char *hkz_cli_command_line(void);

/* Wall clock (seconds, monotonic), UTC now as ISO 8601, the git revision
 * of the build (runrec.c). */
double hkz_cli_wtime(void);

/* With HKZ_STAGES=1 (rank 0, stderr) or HKZ_STAGES=FILE (every rank,
 * appended): "hkz: stage NAME rank R at T s", T on the monotonic clock
 * (one node: the ranks' times compare), to see where the wall time of a
 * run goes after its compute. */
void hkz_cli_stage(const char *name);
void hkz_cli_stage_at(const char *name, double t);     /* a past time t */
void hkz_cli_utc_now(char *buf, size_t n);
const char *hkz_cli_git_revision(void);

/* Precision at which inputs are parsed: enough for every Ziv step. */
slong hkz_cli_input_prec(const hkz_goal_t *goal);

/* Commands declared with opt.h (cmd_*.c). */
extern const hkz_cli_cmd_t hkz_cli_heat, hkz_cli_dist, hkz_cli_dos,
    hkz_cli_product, hkz_cli_version, hkz_cli_bench;
extern const hkz_cli_cmd_t hkz_cli_grid;   /* cmd_grid.c */
extern const hkz_cli_cmd_t hkz_cli_report; /* cmd_report.c */
extern const hkz_cli_cmd_t hkz_cli_compare_x8;      /* cmd_compare_x8.c */
extern const hkz_cli_cmd_t hkz_cli_compare_sweep;   /* cmd_compare_sweep.c */
extern const hkz_cli_cmd_t hkz_cli_compare_varadhan,
    hkz_cli_compare_gauss;                          /* cmd_compare_grid.c */

/* hkz compare: its experiments as subcommands (cmd_compare.c). */
extern const hkz_cli_cmd_t hkz_cli_compare;

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

/* ---- experiments: rows to stdout and to notebooks data (cli_exp.c) -----
 * Every experiment of hkz compare writes its rows to the stdout writer
 * (--format / --out) and, unless the data directory is "none", to
 * DIR/<exp>/<exp>.csv and DIR/<exp>/<exp>.jsonl (same rows, standard
 * metadata header) and DIR/<exp>/<exp>_verdict.jsonl (metadata, then one
 * record: experiment, verdict, reason, key numbers). */

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
 * null, status "exact"; a ball wider than its midpoint: status "wide";
 * +inf: "infinite" (other non-finite balls "unbounded"); a finite ball
 * whose midpoint no double holds (mid null or 0): "beyond_double".
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

/* The fields mid and rad into f[0], f[1] (hkz_ball_get_d: [mid - rad,
 * mid + rad] contains x; non-finite x: the midpoint and radius as they
 * are).  Returns 2. */
slong hkz_cli_fmid_rad(hkz_field_t *f, const arb_t x);

/* A ball field with --digits (HKZ_FBALLD), "+inf" for +infinity. */
hkz_field_t hkz_cli_fvalue(const char *key, const arb_t x, slong digits);

/* Writes one result record for a plain double result: the input fields,
 * then value, mid, rad, rel_acc_bits, certified (false), status "double". */
int hkz_cli_emit_double(hkz_writer_t *w, const hkz_field_t *inputs,
                        slong nin, double value);

#endif
