/* hkz compare sweep: the best exponent c and constant C in
 * d_L(e,x) <= C d_Delta(e,x)^c (spec 6.3 P1, P2; 6.4 X2; the experiment is
 * hkz_compare_sweep of hkz/compare_sweep.h).  An option table (opt.h); the
 * run splits the samples over the ranks (hkz/dist.h), checkpoints through
 * the library, stops on SIGTERM / SIGINT through the framework's progress
 * callback, and rank 0 writes the rows and the summary. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include "cli.h"
#include "hkz/compare_sweep.h"

typedef struct
{
    hkz_compare_sweep_opts_t p;
    slong seed, throttle, stop;
    const char *checkpoint, *data_dir, *fibre;
    int resume;
} sweep_args_t;

/* --fibre-fraction: a number in [0, 1] */
static int check_fibre(void *args, const char *opt, const char *s,
                       slong prec)
{
    sweep_args_t *a = args;
    (void) prec;
    if (hkz_double_set_str(&a->p.fibre, s) != HKZ_SUCCESS ||
        !(a->p.fibre >= 0.0 && a->p.fibre <= 1.0))
        return hkz_cli_usage_error("%s: need a number in [0, 1] (got '%s')",
                                   opt, s);
    return 0;
}

#define P(f) offsetof(sweep_args_t, p.f)
static const hkz_opt_t opts[] = {
    {"delta-weights", HKZ_OPT_STRING, P(delta_weights), .def = "i^2",
     .metavar = "SPEC", .help = "weights a_i of Delta"},
    {"sub-weights", HKZ_OPT_STRING, P(sub_weights), .def = "i^2",
     .metavar = "SPEC", .help = "weights b_i of L"},
    {"head", HKZ_OPT_SLONG, P(head), .lo = 1, .hi = 100000, .metavar = "n",
     .help = "x_i = e for i > n (default min(10, the weights' length))"},
    {"samples", HKZ_OPT_SLONG, P(samples), .lo = 1, .hi = WORD(1) << 24,
     .def = "200", .metavar = "N", .help = "number of samples"},
    {"seed", HKZ_OPT_SLONG, offsetof(sweep_args_t, seed), .lo = 0,
     .hi = WORD(1) << 62, .def = "1", .metavar = "S", .help = "seed"},
    {"fibre-fraction", HKZ_OPT_CUSTOM, offsetof(sweep_args_t, fibre),
     .def = "0.25", .metavar = "F",
     .help = "every (1/F)-th sample on the fibre", .check = check_fibre},
    {"decades", HKZ_OPT_SLONG, P(decades), .lo = 0, .hi = 60, .def = "8",
     .metavar = "K", .help = "decades of distances sampled"},
    {"checkpoint", HKZ_OPT_STRING, offsetof(sweep_args_t, checkpoint),
     .metavar = "FILE", .help = "commit every finished sample to "
     "FILE.r<rank>"},
    {"resume", HKZ_OPT_FLAG, offsetof(sweep_args_t, resume),
     .help = "compute only the samples missing in FILE.r*"},
    {"data-dir", HKZ_OPT_STRING, offsetof(sweep_args_t, data_dir),
     .def = "notebooks_data", .metavar = "DIR", .help = "DIR/sweep/"
     "sweep.csv, sweep.jsonl, sweep_summary.jsonl ('none': no files)"},
    /* for tests: slow the sweep down / stop it as if interrupted */
    {"throttle-ms", HKZ_OPT_SLONG, offsetof(sweep_args_t, throttle),
     .lo = 0, .hi = 100000, .metavar = "MS", .help = "(tests) sleep after "
     "each sample"},
    {"stop-after", HKZ_OPT_SLONG, offsetof(sweep_args_t, stop), .lo = 0,
     .hi = WORD(1) << 40, .metavar = "M", .help = "(tests) stop as if "
     "interrupted after M samples"},
    HKZ_OPT_END};
#undef P

static const char desc[] =
    "Estimates the best exponent c and constant C in d_L(e,x) <= C "
    "d_Delta(e,x)^c for\nDelta = sum a_i Delta_i, L = sum b_i L_i (N_unit, "
    "spec 6.3) from certified distances\non N samples x with x_i = e for i "
    "> n:\n"
    "  random  (r, phi, z) per coordinate, scaled by eps = 10^(-K u), u "
    "uniform;\n"
    "  fibre   x_i = exp(eps (a_i/b_i) Z_i) (the direction of P2), eps on a"
    " log grid\n          of K + 2 decades below 1/max(a_i/b_i); every "
    "(1/F)-th sample.\n"
    "Sample j is a deterministic function of (S, j) and the parameters "
    "only.\n"
    "Certified: every ratio d_L/d_Delta^{1/2}; the lower end of their max\n"
    "(C_sample_max_lower) is a lower bound for the best C(1/2); C_head =\n"
    "sqrt(2 pi) S_n^{1/4}, S_n = sum_{i<=n} a_i/b_i^2 (P2), is the exact "
    "sup over\npoints with head n and C_upper the same for the whole group "
    "(inf when S = inf).\nVerdict: PASS when every ratio <= C_head is "
    "certified (exit 0), FAIL when one\nexceeds it (exit 4), undecided at "
    "D digits: exit 3.\n"
    "Estimate (not certified): c_hat is the Theil-Sen slope of the upper "
    "envelope of\nlog d_L against log d_Delta over the smallest-distance "
    "half of the decades\n(P1: c <= 1/2); C_hat = max d_L/d_Delta^c_hat.\n"
    "Weights SPEC: [C*]i^P, [C*]i, [C*]2^i, [C*]log(1+i), [C*]log(1+i)^2, "
    "a list\n\"1,4,9\", file:PATH; suffix @N = the first N factors.\n"
    "Output: a summary on stdout; --out PATH also writes the sample rows in"
    "\n--format (the summary then goes to stderr when PATH is '-').  "
    "DIR/sweep/ holds\nsweep.csv, sweep.jsonl (one row per sample) and "
    "sweep_summary.jsonl.\n"
    "--checkpoint FILE: every rank commits its finished samples to "
    "FILE.r<rank>\n(the run's parameters, then one exact record per "
    "sample); SIGTERM/SIGINT stop\nafter the current sample.  --resume "
    "reads every FILE.r* (the rank count may\nchange) and computes only "
    "the missing samples; the output equals an\nuninterrupted run's; a "
    "checkpoint of other parameters is refused (exit 2).\nUnder mpiexec "
    "each rank computes a contiguous block of the samples; rank 0\n"
    "writes.\n";

static int check_args(hkz_cli_run_t *r, void *args)
{
    sweep_args_t *a = args;
    (void) r;
    if (a->resume && a->checkpoint == NULL)
        return hkz_cli_usage_error("--resume needs --checkpoint FILE");
    return 0;
}

/* ---- interruption: the framework's callback and the test options ---- */

typedef struct
{
    const hkz_progress_t *inner;
    slong throttle, stop, calls;
} stop_t;

static int on_progress(void *ctx, slong done, slong total)
{
    stop_t *st = ctx;
    int halt = st->inner != NULL && st->inner->fn != NULL &&
               st->inner->fn(st->inner->ctx, done, total) != 0;
    st->calls++;
    if (st->throttle > 0 && !halt)
    {
        struct timespec ts;
        ts.tv_sec = st->throttle / 1000;
        ts.tv_nsec = (st->throttle % 1000) * 1000000L;
        nanosleep(&ts, NULL);  /* a signal cuts it short: fine */
    }
    return halt || (st->stop >= 0 && st->calls >= st->stop);
}

static void started(void *ctx, slong found, slong todo)
{
    if (*(const int *) ctx)
        fprintf(stderr, "hkz: resuming: %ld samples from the checkpoint, "
                "%ld to compute\n", (long) found, (long) todo);
}

/* ---- output ------------------------------------------------------------ */

static const hkz_field_t *key(const hkz_compare_result_t *r, const char *k)
{
    static const hkz_field_t none = {"", HKZ_FIELD_STR, "", 0, NAN, NULL};
    const hkz_field_t *f = hkz_table_find(r->keys, 0, k);
    return f != NULL ? f : &none;
}

static int meta_all(hkz_writer_t *w, const hkz_compare_sweep_info_t *in)
{
    char buf[64];
    int s = hkz_writer_meta(w, "experiment", "compare sweep (spec 6.3 P1, "
                            "P2; 6.4 X2)");
    s = s ? s : hkz_writer_meta(w, "delta_weights", in->delta_weights);
    s = s ? s : hkz_writer_meta(w, "sub_weights", in->sub_weights);
    snprintf(buf, sizeof(buf), "%ld", (long) in->o.head);
    s = s ? s : hkz_writer_meta(w, "head", buf);
    snprintf(buf, sizeof(buf), "%ld", (long) in->o.samples);
    s = s ? s : hkz_writer_meta(w, "samples", buf);
    snprintf(buf, sizeof(buf), "%lu", (unsigned long) in->o.seed);
    s = s ? s : hkz_writer_meta(w, "seed", buf);
    snprintf(buf, sizeof(buf), "%.17g", in->o.fibre);
    s = s ? s : hkz_writer_meta(w, "fibre_fraction", buf);
    snprintf(buf, sizeof(buf), "%ld", (long) in->o.decades);
    s = s ? s : hkz_writer_meta(w, "decades", buf);
    return s == HKZ_SUCCESS ? 0 : hkz_cli_fail(s);
}

/* A table to path in fmt with the run record and the sweep's metadata;
 * a data file (close = 0) without the closing record. */
static int write_table(hkz_cli_run_t *r, const char *path, hkz_format_t fmt,
                       hkz_table_t t, const hkz_compare_sweep_info_t *in,
                       int close, int exit_code)
{
    hkz_writer_t *w = NULL;
    int rc, s;
    if ((rc = hkz_cli_run_open(r, &w, path, fmt)))
        return rc;
    if ((rc = meta_all(w, in)))
    {
        hkz_writer_abort(&w);
        return rc;
    }
    if ((s = hkz_table_write(w, t)) != HKZ_SUCCESS ||
        (!close && (s = hkz_writer_close(&w)) != HKZ_SUCCESS))
    {
        hkz_writer_abort(&w);
        return hkz_cli_fail(s);
    }
    return close ? hkz_cli_run_close(r, &w, exit_code) : 0;
}

static void print_summary(FILE *f, const hkz_compare_result_t *r,
                          const hkz_compare_sweep_info_t *in)
{
    long am = key(r, "argmax_sample")->i;
    slong n = 0;
    const hkz_field_t *row = hkz_table_row(r->rows, am, &n);
    const char *up = key(r, "C_upper")->s;
    int have = strcmp(up, "inf") != 0 && strcmp(up, "unknown") != 0;
    fprintf(f, "compare sweep: a = %s, b = %s, head n = %ld, %ld samples "
            "(%ld fibre), seed %lu, %ld digits\n", in->delta_weights,
            in->sub_weights, (long) in->o.head, (long) in->o.samples,
            (long) in->fibre_samples, (unsigned long) in->o.seed,
            (long) in->o.digits);
    fprintf(f, "  certified lower bound for C(1/2): C_sample_max_lower = "
            "%.17g\n    (the lower end of max d_L/d_Delta^{1/2} in %s;\n"
            "    sample %ld, %s, eps = %.3g)\n",
            key(r, "C_sample_max_lower")->d, key(r, "C_sample_max")->s, am,
            row[1].s, row[2].d);
    fprintf(f, "  certified upper bound, points with head n (P2): C_head = "
            "sqrt(2 pi) S_n^{1/4} = %s\n    (S_n = %s)\n",
            key(r, "C_head")->s, key(r, "S_head")->s);
    fprintf(f, "  certified upper bound, the whole group (P2): C_upper = %s"
            "%s%s%s\n", up, have ? " (S = " : "", have ? key(r, "S")->s : "",
            have ? ")" : "");
    if (!have)
        fprintf(f, "    (%s)\n", key(r, "upper_note")->s);
    fprintf(f, "  estimate (not certified): c_hat = %.4f (P1: c <= 1/2), "
            "C_hat = max d_L/d_Delta^c_hat = %.6g\n", key(r, "c_hat")->d,
            key(r, "C_hat")->d);
    fprintf(f, "sweep: %s\n", key(r, "verdict")->s);
}

/* --out was on the command line (r->out then points into argv). */
static int out_given(const hkz_cli_run_t *r)
{
    int i;
    for (i = 1; i < r->argc; i++)
        if (r->out >= r->argv[i] &&
            r->out <= r->argv[i] + strlen(r->argv[i]))
            return 1;
    return 0;
}

/* Rank 0: the files, the rows (--out), the summary; the exit code. */
static int outputs(hkz_cli_run_t *r, const hkz_compare_result_t *res,
                   const hkz_compare_sweep_info_t *in, const char *dir)
{
    char p[4200];
    int rc = 0, rows_stdout = out_given(r) && strcmp(r->out, "-") == 0;
    int code = key(res, "exceed")->i > 0 ? HKZ_CLI_EXIT_VERDICT
               : key(res, "undecided")->i > 0 ? HKZ_CLI_EXIT_PREC : 0;
    if (strcmp(dir, "none") != 0)
    {
        if (snprintf(p, sizeof(p), "%s/sweep", dir) >= (int) sizeof(p))
            return hkz_cli_usage_error("--data-dir: path too long");
        if ((mkdir(dir, 0755) != 0 && errno != EEXIST) ||
            (mkdir(p, 0755) != 0 && errno != EEXIST))
            return hkz_cli_fail(hkz_error_set(HKZ_ERR_IO, "--data-dir: "
                                              "cannot create '%s'", p));
        snprintf(p, sizeof(p), "%s/sweep/sweep.csv", dir);
        rc = write_table(r, p, HKZ_FORMAT_CSV, res->rows, in, 0, 0);
        snprintf(p, sizeof(p), "%s/sweep/sweep.jsonl", dir);
        if (!rc)
            rc = write_table(r, p, HKZ_FORMAT_JSONL, res->rows, in, 0, 0);
        snprintf(p, sizeof(p), "%s/sweep/sweep_summary.jsonl", dir);
        if (!rc)
            rc = write_table(r, p, HKZ_FORMAT_JSONL, res->keys, in, 0, 0);
    }
    if (!rc && out_given(r))
        rc = write_table(r, r->out, r->fmt, res->rows, in, 1, code);
    if (rc)
        return rc;
    /* the summary goes to stdout, or to stderr when the rows do */
    print_summary(rows_stdout ? stderr : stdout, res, in);
    fflush(stdout);
    return code;
}

/* ---- the command ------------------------------------------------------- */

static int run_sweep(hkz_cli_run_t *r, void *args)
{
    sweep_args_t *a = args;
    hkz_compare_sweep_t sw = NULL;
    hkz_compare_sweep_info_t info;
    hkz_compare_sweep_run_t ro;
    hkz_compare_result_t res;
    stop_t st = {&r->prog, a->throttle, -1, 0};
    hkz_progress_t prog = {on_progress, &st};
    int rc = 0, s;

    a->p.digits = r->digits;
    a->p.seed = (ulong) a->seed;
    a->p.dist = hkz_dist_world();
    if (hkz_cli_given(r, "stop-after") != NULL)
        st.stop = a->stop;
    if ((s = hkz_compare_sweep_create(&sw, &a->p)) != HKZ_SUCCESS)
        return s == HKZ_ERR_ARG ? hkz_cli_usage_error("--%s", hkz_errmsg())
                                : hkz_cli_fail(s);
    if ((s = hkz_compare_result_init(&res, "sweep")) != HKZ_SUCCESS)
    {
        hkz_compare_sweep_destroy(&sw);
        return hkz_cli_fail(s);
    }
    ro.checkpoint = a->checkpoint;
    ro.resume = a->resume;
    ro.progress = &prog;
    ro.started = started;
    ro.ctx = &a->resume;
    s = hkz_compare_sweep_ranks(&res, sw, &ro);
    if (s == HKZ_ERR_CHECKPOINT)
        rc = hkz_cli_resume_error();
    else if (s == HKZ_ERR_INTERRUPTED)
        rc = HKZ_CLI_EXIT_INTERRUPTED;  /* all done is checkpointed */
    else if (s != HKZ_SUCCESS)
        rc = hkz_cli_fail(s);
    else if (hkz_cli_rank() == 0)
    {
        hkz_compare_sweep_info(&info, sw);
        rc = outputs(r, &res, &info, a->data_dir);
    }
    hkz_compare_result_clear(&res);
    hkz_compare_sweep_destroy(&sw);
    /* one exit code on every rank (rank 0 decides what was written) */
    return hkz_cli_agree(rc, 0);
}

const hkz_cli_cmd_t hkz_cli_compare_sweep = {
    .name = "compare sweep", .summary = "estimate of the best c, C in d_L "
    "<= C d_Delta^c from certified samples", .description = desc,
    .opts = opts, .args_size = sizeof(sweep_args_t),
    .common = HKZ_CLI_DIGITS | HKZ_CLI_OWN_OUTPUT | HKZ_CLI_PROGRESS |
              HKZ_CLI_RESUME,
    .check = check_args, .run = run_sweep};

