/* cli.h -- shared helpers of the hkz command-line tool (not installed).
 *
 * Conventions for every command:
 *  - `--help` prints the command's usage to stdout and exits 0;
 *  - bad input prints ONE line `hkz: error: ...` to stderr and exits 2;
 *  - a runtime failure exits 1; a missed accuracy goal exits 3 (the rows are
 *    still written, with "status" naming the problem);
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

#define HKZ_CLI_MAX_DIGITS 10000

/* Options shared by all commands. */
typedef struct
{
    slong digits;          /* --digits D: target significant digits */
    hkz_format_t fmt;      /* --format */
    const char *out;       /* --out PATH, "-" = stdout */
    int use_double;        /* --double: plain double fast path */
    ulong deriv;           /* --deriv K (where it applies) */
} hkz_cli_common_t;

/* Long-option ids of the common options (>= 256, distinct from letters). */
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

/* A command: name, one-line summary, entry point (argv[0] = command). */
typedef struct
{
    const char *name;
    const char *summary;
    int (*run)(int argc, char **argv);
} hkz_cli_command_t;

void hkz_cli_common_init(hkz_cli_common_t *c);

/* Prints "hkz: error: <message>" (one line) and returns exit code 2. */
int hkz_cli_usage_error(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif

    ;

/* Reports a library status as one line; returns the exit code it maps to
 * (2 for HKZ_ERR_ARG / HKZ_ERR_DOMAIN, 3 for HKZ_ERR_PREC, 1 otherwise). */
int hkz_cli_fail(int status);

/* Exit code for a status, without printing. */
int hkz_cli_exit_code(int status);

/* Runs getopt_long over argv with `options`; calls handle(opt, optarg,
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

/* Opens the writer named by common->out with the standard metadata (hkz
 * version, FLINT/Arb versions, normalization, command line, digits). */
int hkz_cli_open(hkz_writer_t **w, const hkz_cli_common_t *common, int argc,
                 char **argv);

/* Precision at which inputs are parsed: enough for every Ziv step. */
slong hkz_cli_input_prec(const hkz_goal_t *goal);

/* Commands (cmd_*.c). */
int hkz_cmd_heat(int argc, char **argv);
int hkz_cmd_dist(int argc, char **argv);
int hkz_cmd_report(int argc, char **argv);
int hkz_cmd_dos(int argc, char **argv);



/* Writes one result record: the input fields, then value (ball string),
 * mid, rad, rel_acc_bits, certified (true: an Arb enclosure) and status. */
int hkz_cli_emit(hkz_writer_t *w, const hkz_field_t *inputs, slong nin,
                 const arb_t value, int status);

/* Same for a plain double result (certified: false). */
int hkz_cli_emit_double(hkz_writer_t *w, const hkz_field_t *inputs,
                        slong nin, double value);

/* Closes the writer and turns the worst row status into the exit code. */
int hkz_cli_finish(hkz_writer_t **w, int worst_status);

#ifdef HKZ_CLI_MPI
/* ---- MPI (cli_mpi.c, built with -DHKZ_MPI=ON; issue 3) ----------------
 * Only `hkz track` is distributed: each rank tracks a contiguous block of
 * the zero indices, rank 0 gathers every step and alone writes the output.
 * Ranks other than 0 send stdout and stderr to /dev/null. */

/* MPI_Init_thread (FUNNELED: only the main thread calls MPI); 0 or 1. */
int hkz_cli_mpi_init(int *argc, char ***argv);
void hkz_cli_mpi_finalize(void);
int hkz_cli_mpi_rank(void);
int hkz_cli_mpi_size(void);

/* This rank's block [*lo, *hi) of [j0, j1) (possibly empty). */
void hkz_cli_mpi_block(slong *lo, slong *hi, slong j0, slong j1);

/* Collective: the largest exit code over the ranks.  With report set, rank
 * 0 prints the message of the first failing rank when it did not fail. */
int hkz_cli_mpi_agree(int rc, int report);

/* Collective: rank 0 receives the steps, dir and done of every zero into
 * full (initialized for the whole range) from the ranks' trackers mine
 * (NULL on a rank with an empty block), and *status becomes the first
 * non-success status in rank order (its message in hkz_errmsg()).
 * Returns 0 or an exit code (agreed over the ranks). */
int hkz_cli_mpi_track_gather(hkz_ly_track_t full, const hkz_ly_track_struct
                             *mine, int *status);
#endif
#endif
