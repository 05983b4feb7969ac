/* cli_ly.h -- what hkz zeros and hkz track share (cli_ly.c): process
 * split, checkpoints, output rows, status mapping. */
#ifndef HKZ_CLI_LY_H
#define HKZ_CLI_LY_H

#include "cli.h"
#include "opt.h"

/* Check callback part: --threads sizes FLINT's pool; ranks other than 0
 * write to their (silenced) standard output, rank 0 alone to --out. */
int hkz_cli_ly_check(hkz_cli_run_t *r, slong threads);

/* End of every run: the exit code agreed over the processes (the first
 * failing rank's message printed by rank 0; HKZ_CLI_LY_UNCERTIFIED: the
 * warning "<what> NOT certified" and exit 1) and, under several
 * processes, the per-rank timing line on stderr (collective). */
int hkz_cli_ly_end(hkz_cli_run_t *r, int rc, const char *what);

/* Checkpoint path of this process: PATH alone, PATH.r<rank> under
 * several processes (caller's buffer). */
const char *hkz_cli_ly_ckpt_path(char *buf, size_t n, const char *path);

/* "<what> <path> fnv1a64:<checksum of the file's bytes>" (a checkpoint
 * parameter that changes when the file does). */
void hkz_cli_ly_describe(char *buf, size_t n, const char *what,
                         const char *path);

/* Opens c after the parameters (resume or not): a mismatch or a missing
 * file is a usage error (exit 2, message naming the parameter). */
int hkz_cli_ly_ckpt_open(hkz_ckpt_t c, int resume);

/* Exit code for a library status, reported as one line: too large for
 * the method, domain and argument errors exit 2 (usage), others as
 * hkz_cli_fail. */
int hkz_cli_ly_fail(int status);

/* Returned by a run whose rows are complete but not certified: ended by
 * hkz_cli_ly_end (closing record, one stderr warning, exit code 1). */
#define HKZ_CLI_LY_UNCERTIFIED (-2)

/* Decimal input read at prec bits, more than ~40 digits allowed; the
 * message names the real problem. */
int hkz_cli_ly_ball(arb_t x, const char *opt, const char *s, slong prec);

/* Trajectory rows (track): one layout for every record. */
int hkz_cli_ly_row(hkz_writer_t *w, const char *record, slong j,
                   const char *tlabel, const arb_struct *ta,
                   const arb_struct *tb, const arb_struct *theta,
                   const arb_struct *box, int dir, int certified,
                   const char *verifier, const char *verdict,
                   const char *note);
int hkz_cli_ly_steps(hkz_writer_t *w, const hkz_ly_track_t tr);
int hkz_cli_ly_meta(hkz_writer_t *w, const char *key, const char *value);

/* --dos FILE (NULL: nothing to do): the table of `hkz dos --save`, read,
 * matched to m by its fingerprint, checked (hkz_ising_dos_check) and
 * installed in m, so that no table is computed.  A damaged file or the
 * table of another model: one line, exit 2. */
int hkz_cli_ly_dos(hkz_ising_model_t m, const char *path, int threads);
/* HKZ_ERR_TOO_LARGE with the estimate when the CPU transfer matrix of a
 * lattice would run past 2 h on threads (force > 0: never; force < 0: the
 * message points to `hkz dos --save` and --dos); HKZ_SUCCESS otherwise. */
int hkz_cli_ly_dos_budget(const hkz_ising_model_t m, int threads, int force);

/* The choices --boundary (HKZ_ISING_TORUS, _CYLINDER) and --method of
 * zeros/track cw (HKZ_LY_METHOD_*). */
extern const hkz_opt_enum_t hkz_cli_ly_boundaries[];
extern const hkz_opt_enum_t hkz_cli_ly_methods[];

/* The L x M lattice with unit coupling on every bond (boundary
 * HKZ_ISING_TORUS or _CYLINDER); a refused size is a usage error
 * "opt: ...". */
int hkz_cli_ly_lattice(hkz_ising_model_t m, slong L, slong M,
                       int boundary, const char *opt);

#define HKZ_CLI_LY_DOS_HELP                                                 \
    "--dos FILE reuses the table written by `hkz dos ... --save FILE` for "  \
    "the same model\n(its fingerprint and checksum are checked, then the "  \
    "marginals and, on tori,\nKaufman's formula): no table is computed.  A"\
    " damaged file or the table of\nanother model is refused (exit 2).\n"

/* ---- hkz track (cli_ly_track.c) ----------------------------------- */

typedef struct
{
    slong n, threads, every, L, M;
    const char *t0, *t1, *graph, *edge, *zeros, *checkpoint;
    const char *dos;                    /* track lattice */
    int boundary;                       /* track lattice: HKZ_ISING_* */
    int method;                         /* track cw: HKZ_LY_METHOD_* */
    int resume;
} hkz_cli_track_args_t;

/* A family to track: degree, coefficient function, checkpoint name,
 * [t0, t1]. */
typedef struct
{
    slong W;
    hkz_ly_family_fn fn;
    void *param;
    const char *name;
    const arb_struct *t0, *t1;
} hkz_cli_ly_family_t;

/* "a<sep>b" -> two integers (0 or a usage error). */
int hkz_cli_ly_pair(slong *x, slong *y, const char *opt, const char *s,
                    char sep);

/* --t1 against t_max = (rel_bits + 2W + 64) log(2)/2: beyond it e^{-2t}
 * of every non-limit term is below 2^-(rel_bits + 2W + 64), the zeros sit
 * at their t -> infinity limits (`limit` says which) to far below the
 * goal.  0 or a usage error. */
int hkz_cli_ly_track_tmax(const hkz_ly_opts_t *o, slong W, const arb_t t1,
                          const char *t1s, const char *limit);

/* Options of both families into o, the zero range j0..j1-1 (0-based) of
 * --zeros (n principal zeros), t0 < t1 read at prec bits. */
int hkz_cli_ly_track_setup(hkz_cli_run_t *r, const hkz_cli_track_args_t *a,
                           hkz_ly_opts_t *o, slong *j0, slong *j1, slong n,
                           arb_t t0, arb_t t1, slong prec);

/* Check callback of both families: --threads sizes FLINT's pool. */
int hkz_cli_ly_track_check(hkz_cli_run_t *r, void *args);

/* Tracks zeros j0..j1-1 into *tr (rank 0: all of them; the ranks share
 * the indices: hkz_ly_track_ranks), with the checkpoint of
 * --checkpoint.  *status: the tracking status; returns 0 or an exit code,
 * the same on every process. */
int hkz_cli_ly_track(hkz_ly_track_t *tr, const hkz_cli_ly_family_t *fam,
                     slong j0, slong j1, const hkz_cli_track_args_t *a,
                     const hkz_ly_opts_t *o, slong digits, int *status);

/* Shared option entries and texts of the two families. */
#define HKZ_CLI_TRACK_OPTS                                                  \
    {"t0", HKZ_OPT_STRING, offsetof(hkz_cli_track_args_t, t0), .req = 1,    \
     .metavar = "A", .help = "start of the t-range, > 0"},                  \
    {"t1", HKZ_OPT_STRING, offsetof(hkz_cli_track_args_t, t1), .req = 1,    \
     .metavar = "B", .help = "end of the t-range, > A"},                    \
    {"zeros", HKZ_OPT_STRING, offsetof(hkz_cli_track_args_t, zeros),        \
     .metavar = "J0:J1", .help = "principal zeros J0..J1 (1-based; all)"},  \
    {"threads", HKZ_OPT_SLONG, offsetof(hkz_cli_track_args_t, threads),     \
     .lo = 1, .hi = 256, .def = "2", .metavar = "K", .help = "threads"},    \
    {"checkpoint", HKZ_OPT_STRING, offsetof(hkz_cli_track_args_t,           \
     checkpoint), .metavar = "FILE", .help = "save the state (under MPI" \
     " FILE declares the run, FILE.p<k> holds piece k)"},                  \
    {"every", HKZ_OPT_SLONG, offsetof(hkz_cli_track_args_t, every),         \
     .lo = 1, .hi = WORD(1) << 30, .def = "32", .metavar = "S",             \
     .help = "steps per zero between checkpoint commits"},                  \
    {"resume", HKZ_OPT_FLAG, offsetof(hkz_cli_track_args_t, resume),        \
     .help = "continue from --checkpoint (every parameter must agree)"}

#define HKZ_CLI_TRACK_MORE                                                  \
    "--checkpoint saves the state every S steps per zero; --resume "        \
    "continues from it\n(refused, exit 2, if any parameter differs: "       \
    "the model, t0, t1, zeros,\ndigits).  Under MPI the ranks split the "   \
    "zeros in blocks; the output is the\nsame bytes as one rank's.  Exit "  \
    "codes: 0 certified, 1 not certified (one stderr\nwarning), 2 bad "     \
    "input (also a checkpoint of other parameters, a model too\nlarge for " \
    "this method), 130 interrupted (resume with --resume).\n"

#endif
