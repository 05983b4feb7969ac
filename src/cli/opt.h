/* opt.h -- the table-driven command-line framework of hkz (not installed).
 *
 * Every command is declared ONCE, as a table of options; the getopt table,
 * the validation (one line `hkz: error: ...` on stderr, exit 2), the
 * generated --help text and the run skeleton come from it (PETSc's options
 * database, MPSolve's thin main over a context API).
 *
 * How to declare a command
 * ------------------------
 *   typedef struct { const char *metric; arb_t r, z; } dist_args_t;
 *
 *   static const hkz_opt_t dist_opts[] = {
 *       {"metric", HKZ_OPT_CHOICE, offsetof(dist_args_t, metric), .req = 1,
 *        .choices = "riem|cc", .help = "the metric"},
 *       {"r", HKZ_OPT_BALL, offsetof(dist_args_t, r), .req = 1,
 *        .metavar = "R", .help = "r in [0, pi/2] (decimal, read exactly)"},
 *       {"z", HKZ_OPT_BALL, offsetof(dist_args_t, z), .req = 1,
 *        .metavar = "Z", .help = "z, an angle"},
 *       HKZ_OPT_END};
 *
 *   static int dist_run(hkz_cli_run_t *r, void *args)
 *   {
 *       dist_args_t *a = args;   // validated; balls parsed at r->prec
 *       hkz_field_t in[2] = {HKZ_FSTR("metric", a->metric),
 *                            HKZ_FSTR("r", hkz_cli_given(r, "r"))};
 *       return hkz_cli_eval_emit(r, in, 2, eval, a);  // Ziv loop + record
 *   }   // or write records to r->w yourself; return 0 or an exit code
 *
 *   const hkz_cli_cmd_t hkz_cli_dist_su2 = {
 *       .name = "su2", .summary = "distance from e on SU(2)",
 *       .description = "Distance from e to ...",
 *       .opts = dist_opts, .args_size = sizeof(dist_args_t),
 *       .common = HKZ_CLI_DIGITS | HKZ_CLI_OUTPUT | HKZ_CLI_DOUBLE,
 *       .run = dist_run};
 *
 *   A command with subcommands lists them in .sub (NULL-terminated) and has
 *   no .run; main.c lists the top-level commands (.cmd = &hkz_cli_xxx).
 *   The entry point of every command is hkz_cli_main(&cmd, argc, argv).
 *
 *   Usage errors found in run (cross-option checks) are fine as long as no
 *   record was written yet: the writer writes nothing before the first
 *   record and is discarded unless run returns 0, 3 or 4.
 *   Long loops: .common |= HKZ_CLI_PROGRESS, pass &r->prog to the library
 *   (or call hkz_progress_report(&r->prog, done, total)); on
 *   HKZ_ERR_INTERRUPTED return hkz_cli_fail(status) (exit 130); with
 *   HKZ_CLI_RESUME the skeleton prints "resume with: hkz ... --resume".
 *   Under MPI set r->ranks.dist and r->ranks.total (the global total) so
 *   that rank 0 draws the aggregate (hkz_progress_ranks).  Several
 *   outputs (compare): HKZ_CLI_OWN_OUTPUT, then hkz_cli_run_open /
 *   hkz_cli_run_close per writer.  A CUDA run:
 *   hkz_cli_set_backend("cuda <device name>") before the writers open.
 *
 * Types and destinations (offsetof into the args struct, which the
 * framework allocates zeroed, initializes and clears):
 *   FLAG    int, 1 when given
 *   STRING  const char *, the text (non-empty); named "checkpoint" or
 *           "save", a path the run writes (hkz_cli_path_writable at once)
 *   SLONG   slong in [lo, hi]
 *   CHOICE  int, the value of the name given in .values (a table of
 *           hkz_opt_enum_t: help, validation and the error come from it);
 *           or const char *, one of the words of choices "a|b|c"
 *   BALL    arb_t, a decimal (or pi) read exactly at r->prec; sign = POS
 *           (> 0) or NONNEG (>= 0) is checked
 *   LIST    hkz_cli_balls_t, lo..hi comma-separated decimals (sign per item)
 *   CUSTOM  const char *, the text, then check(args, "--name", text, prec)
 *           validates it (prints one error line, returns the exit code)
 * .def is the default text (parsed as if given), .metavar the value's name
 * in --help, .help one line.  hkz_cli_given(r, "name") says whether an
 * option was on the command line and returns its text.
 *
 * Common options are declared once (opt.c) and enabled by .common flags:
 * --digits (goal, r->goal, r->prec), --format/--out (r->w, opened with the
 * run record), --double, --deriv, --progress/--no-progress (+ SIGINT and
 * SIGTERM stop the computation through r->progress), --resume hint.
 * --help and -h exist for every command.  Repeated options, unknown
 * options, missing values and stray arguments are usage errors.
 *
 * Run skeleton (run.c): parse -> goal -> check -> open outputs (meta record
 * with the run record) -> run -> closing record -> exit code.
 * Exit codes: 0 ok, 1 runtime error, 2 usage error / too large for the
 * method / checkpoint mismatch, 3 accuracy goal missed, 4 verdict FAIL,
 * 130 interrupted (SIGINT/SIGTERM; resume with the same command + --resume
 * where the command has it).
 */
#ifndef HKZ_CLI_OPT_H
#define HKZ_CLI_OPT_H

#include <stddef.h>
#include "hkz/hkz.h"
#include "hkz/progress.h"

#define HKZ_CLI_EXIT_INTERRUPTED 130

typedef enum
{
    HKZ_OPT_NONE = 0, HKZ_OPT_FLAG, HKZ_OPT_STRING, HKZ_OPT_SLONG,
    HKZ_OPT_CHOICE, HKZ_OPT_BALL, HKZ_OPT_LIST, HKZ_OPT_CUSTOM
} hkz_opt_type_t;

enum { HKZ_OPT_ANY = 0, HKZ_OPT_POS, HKZ_OPT_NONNEG };

/* One name of a CHOICE option and the enum value it stands for; a table of
 * them ends with {NULL}. */
typedef struct
{
    const char *name;
    int value;
} hkz_opt_enum_t;

typedef struct
{
    const char *name;        /* long name without "--" */
    hkz_opt_type_t type;
    size_t dest;             /* offsetof(args struct, member) */
    int req;                 /* required */
    int sign;                /* BALL / LIST: HKZ_OPT_POS, HKZ_OPT_NONNEG */
    slong lo, hi;            /* SLONG: range; LIST: number of items */
    const char *choices;     /* CHOICE: "a|b|c" (a const char * dest) */
    const hkz_opt_enum_t *values;  /* CHOICE: or names -> values (an int
                                      dest; --help lists the names) */
    const char *def;         /* default text, NULL: none */
    const char *metavar;     /* value name in --help ("T", "PATH") */
    const char *help;        /* one line */
    int (*check)(void *args, const char *opt, const char *value,
                 slong prec);            /* CUSTOM validator */
} hkz_opt_t;

#define HKZ_OPT_END {.name = NULL}

/* LIST destination: n balls (owned by the framework). */
typedef struct
{
    arb_ptr v;
    slong n;
} hkz_cli_balls_t;

/* .common flags: the common options a command takes. */
#define HKZ_CLI_DIGITS    1u   /* --digits D */
#define HKZ_CLI_OUTPUT    2u   /* --format, --out: r->w opened by the skeleton */
#define HKZ_CLI_DOUBLE    4u   /* --double */
#define HKZ_CLI_DERIV     8u   /* --deriv K */
#define HKZ_CLI_PROGRESS 16u   /* --progress/--no-progress, signals */
#define HKZ_CLI_RESUME   32u   /* interrupted: print the --resume line */
#define HKZ_CLI_OWN_OUTPUT 64u /* --format/--out parsed, no r->w: the
                                  command opens its writers with
                                  hkz_cli_run_open / hkz_cli_run_close */
#define HKZ_CLI_H5      128u   /* --out FILE.h5 writes HDF5 (r->fmt
                                  HKZ_FORMAT_H5); else refused */
#define HKZ_CLI_ISING   256u   /* Ising / Lee-Yang output: the run record
                                  leaves out the SU(2) normalization */

#define HKZ_CLI_MAX_OPTS 48

typedef struct hkz_cli_run_s hkz_cli_run_t;

typedef struct hkz_cli_cmd_s
{
    const char *name;          /* word on the command line ("su2") */
    const char *summary;       /* one line for the parent's list */
    const char *synopsis;      /* NULL: generated from the table */
    const char *description;   /* paragraph(s) of --help */
    const hkz_opt_t *opts;     /* NULL or ends with HKZ_OPT_END */
    unsigned common;           /* HKZ_CLI_* flags */
    const char *digits_def;    /* --digits default as --help says it
                                  (NULL: 30, the skeleton's) */
    size_t args_size;
    /* after parsing, before the outputs are opened: cross-option checks
       (0 or an exit code, with its one error line) */
    int (*check)(hkz_cli_run_t *r, void *args);
    /* the work; returns an exit code (0, 3, 4: data complete) */
    int (*run)(hkz_cli_run_t *r, void *args);
    const struct hkz_cli_cmd_s *const *sub;  /* subcommands, NULL-ended */
} hkz_cli_cmd_t;

/* The state of one run (the context every run function gets). */
struct hkz_cli_run_s
{
    const hkz_cli_cmd_t *cmd;
    char path[64];             /* "heat su2" */
    slong digits;              /* --digits (default 30) */
    hkz_format_t fmt;          /* --format */
    const char *out;           /* --out ("-": stdout) */
    int use_double;            /* --double */
    ulong deriv;               /* --deriv */
    int progress;              /* --progress drawn */
    hkz_goal_t goal;           /* from --digits */
    slong prec;                /* precision inputs are read at */
    hkz_writer_t *w;           /* the output (HKZ_CLI_OUTPUT) */
    int worst;                 /* worst row status (HKZ_ERR_PREC: exit 3) */
    hkz_progress_t prog;       /* pass &r->prog to library loops */
    int argc;
    char **argv;
    const char *given[HKZ_CLI_MAX_OPTS];   /* text per table option */
    const char *given_common[8];           /* text per common option
                                              (opt_int.h's C_* order) */
    double t0;                 /* start (wall clock) */
    double *rank_times;        /* rank 0: wall time of every rank */
    hkz_progress_ranks_t ranks; /* prog reports through it; with ranks.dist
                                   and ranks.total > 0 (units over all
                                   ranks) the line sums the ranks' counts */
    char start_utc[32];        /* ISO 8601 */
};

/* Entry point of a command (argv[0] = its name): subcommand dispatch,
 * parse, validation, outputs, run, closing record, exit code. */
int hkz_cli_main(const hkz_cli_cmd_t *cmd, int argc, char **argv);

/* The name of value in a CHOICE table ("?" if none). */
const char *hkz_cli_enum_name(const hkz_opt_enum_t *table, int value);

/* The text of option name (the command's table or a common option such as
 * "digits") as given on the command line, NULL if absent. */
const char *hkz_cli_given(const hkz_cli_run_t *r, const char *name);

/* --help text of cmd (path: "heat su2") to f. */
void hkz_cli_help(FILE *f, const hkz_cli_cmd_t *cmd, const char *path);

/* The manual page hkz.1 (roff) of the commands cmds (NULL-ended) to f,
 * from the same tables as --help (opt_man.c; `hkz --man`). */
void hkz_cli_man(FILE *f, const hkz_cli_cmd_t *const *cmds);

/* ---- internals shared by opt.c, run.c, progress.c -------------------- */

/* Parses argv into r and args (allocated by the caller: args_size bytes,
 * zeroed, initialized with hkz_cli_args_init).  Returns 0, an exit code,
 * or -1 for --help. */
int hkz_cli_parse_opts(hkz_cli_run_t *r, void *args, int argc, char **argv);
void hkz_cli_args_init(const hkz_cli_cmd_t *cmd, void *args);
void hkz_cli_args_clear(const hkz_cli_cmd_t *cmd, void *args);

/* Opens a writer (path "-": stdout) with the meta record: versions,
 * normalization, command line, digits, and the run record (git revision,
 * start_utc, threads, ranks, backend).  0 or an exit code. */
int hkz_cli_run_open(hkz_cli_run_t *r, hkz_writer_t **w, const char *path,
                     hkz_format_t fmt);

/* Collective over the world: the ranks' wall times into r->rank_times
 * (the skeleton calls it on every rank after run).  0 or an exit code. */
int hkz_cli_run_times(hkz_cli_run_t *r);

/* Writes the closing record (wall time, per-rank times, exit code) and
 * closes w.  0 or an exit code. */
int hkz_cli_run_close(hkz_cli_run_t *r, hkz_writer_t **w, int exit_code);

/* Backend of the run: "cpu" (default) or "cuda <device name>". */
void hkz_cli_set_backend(const char *backend);

/* Progress and interruption (progress.c). */
void hkz_cli_progress_start(hkz_cli_run_t *r);
void hkz_cli_progress_stop(hkz_cli_run_t *r);
int hkz_cli_interrupted(void);  /* SIGINT/SIGTERM seen */

#endif
