/* hkz compare sweep: the best exponent c and constant C in
 * d_L(e,x) <= C d_Delta(e,x)^c (spec 6.3 P1, P2; 6.4 X2; the experiment is
 * hkz_compare_sweep of hkz/compare_sweep.h).  This file parses the
 * options, splits the samples over the ranks, turns SIGTERM / SIGINT into
 * a stop request of the progress callback, and writes what rank 0
 * finished. */
#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include "cli.h"
#include "sweep.h"
#include "hkz/compare_sweep.h"

int hkz_cmd_compare_sweep(int argc, char **argv);

enum
{
    OPT_DW = HKZ_OPT_FIRST_COMMAND_OPT, OPT_SW, OPT_HEAD, OPT_SAMPLES,
    OPT_SEED, OPT_FIBRE, OPT_DECADES, OPT_CHECKPOINT, OPT_RESUME,
    OPT_DATA_DIR, OPT_THROTTLE, OPT_STOP_AFTER
};

typedef struct
{
    const char *dw, *sw, *s_head, *s_samples, *s_seed, *s_fibre, *s_decades;
    const char *checkpoint, *data_dir, *s_throttle, *s_stop;
    int resume;
} sweep_args_t;

static const char *usage =
    "usage: hkz compare sweep [--delta-weights SPEC] [--sub-weights SPEC] "
    "[--head n]\n"
    "         [--samples N] [--seed S] [--fibre-fraction F] [--decades K]\n"
    "         [--digits D] [--checkpoint FILE [--resume]] [--data-dir DIR]\n"
    "         [--format text|csv|jsonl] [--out PATH]\n\n"
    "Estimates the best exponent c and constant C in d_L(e,x) <= C "
    "d_Delta(e,x)^c for\nDelta = sum a_i Delta_i, L = sum b_i L_i (N_unit, "
    "spec 6.3) from certified distances\non N samples x with x_i = e for i "
    "> n:\n"
    "  random  (r, phi, z) per coordinate, scaled by eps = 10^(-K u), u "
    "uniform,\n"
    "          so that distances over K decades are sampled;\n"
    "  fibre   x_i = exp(eps (a_i/b_i) Z_i) (the direction of P2), eps on a"
    " log grid\n"
    "          of K + 2 decades below 1/max(a_i/b_i); every F-th sample "
    "(F = 0.25:\n          every 4th).\n"
    "Sample j is a deterministic function of (S, j) and the parameters "
    "only.\n\n"
    "Certified: every ratio d_L/d_Delta^{1/2} (Arb balls); the lower end "
    "of their max\n(C_sample_max_lower) is a lower bound for the best "
    "C(1/2); C_head =\nsqrt(2 pi) S_n^{1/4}, S_n = sum_{i<=n} a_i/b_i^2 "
    "(P2), is the exact sup over\npoints with head n and C_upper the same "
    "for the whole group (inf when S = inf).\n"
    "Verdict: PASS when every ratio <= C_head is certified (exit 0), FAIL "
    "when one\nexceeds it (exit 4), undecided at D digits: exit 3.\n"
    "Estimate (not certified): c_hat is the slope of the upper envelope "
    "of log d_L\nagainst log d_Delta (per decade of d_Delta the largest "
    "d_L) over the smallest-\ndistance half of the decades (at least 3), "
    "the median of the slopes between\nenvelope points (Theil-Sen): "
    "d_L <= C d_Delta^c for small distances needs\nc <= that slope (P1: "
    "c <= 1/2); C_hat = max d_L/d_Delta^c_hat over the samples.\n\n"
    "Weights SPEC: [C*]i^P, [C*]i, [C*]2^i, [C*]log(1+i), [C*]log(1+i)^2, "
    "a list\n\"1,4,9\", file:PATH; suffix @N = the first N factors "
    "(default i^2 and i^2).\nDefaults: n = 10 (at most the list length), "
    "N = 200, S = 1, F = 0.25, K = 8,\nD = 30.\n\n"
    "Output: a summary (estimate, certified bounds, verdict) on stdout; "
    "--out PATH\nalso writes the sample rows in --format.  --data-dir DIR "
    "(default notebooks_data,\n\"none\": off) writes DIR/sweep/sweep.csv, "
    "sweep.jsonl (one row per sample:\nsample, kind, eps, d_delta, "
    "d_delta_mid, d_L, d_L_mid, ratio, ratio_mid,\nbelow_bound) and "
    "sweep_summary.jsonl (one record).\n\n"
    "--checkpoint FILE: every rank commits its finished samples to "
    "FILE.r<rank>\n(hkz checkpoint files: the run's parameters, then one "
    "record per sample,\nreplaced atomically); SIGTERM/SIGINT stop after "
    "the current sample.  --resume\nreads every FILE.r* (the rank count "
    "may change) and computes only the missing\nsamples; the output equals "
    "an uninterrupted run's; a checkpoint of other\nparameters is refused "
    "(exit 2).  Under mpiexec (build -DHKZ_MPI=ON) each rank\ncomputes a "
    "contiguous block of the samples; rank 0 writes.\n";

static int handle(int opt, const char *arg, void *ctx)
{
    sweep_args_t *a = ctx;
    switch (opt)
    {
    case OPT_DW: a->dw = arg; break;
    case OPT_SW: a->sw = arg; break;
    case OPT_HEAD: a->s_head = arg; break;
    case OPT_SAMPLES: a->s_samples = arg; break;
    case OPT_SEED: a->s_seed = arg; break;
    case OPT_FIBRE: a->s_fibre = arg; break;
    case OPT_DECADES: a->s_decades = arg; break;
    case OPT_CHECKPOINT: a->checkpoint = arg; break;
    case OPT_RESUME: a->resume = 1; break;
    case OPT_DATA_DIR: a->data_dir = arg; break;
    case OPT_THROTTLE: a->s_throttle = arg; break;
    case OPT_STOP_AFTER: a->s_stop = arg; break;
    }
    return 0;
}

/* The options into the experiment's parameters (usage errors: exit 2). */
static int parse(hkz_compare_sweep_opts_t *o, slong *throttle, slong *stop,
                 const sweep_args_t *a, slong digits)
{
    slong v = 0;
    char *end;
    int rc;
    hkz_compare_sweep_opts_init(o);
    o->digits = digits;
    if (a->dw != NULL)
        o->delta_weights = a->dw;
    if (a->sw != NULL)
        o->sub_weights = a->sw;
    if (a->s_head != NULL &&
        (rc = hkz_cli_slong(&o->head, "--head", a->s_head, 1, 100000)))
        return rc;
    if (a->s_samples != NULL &&
        (rc = hkz_cli_slong(&o->samples, "--samples", a->s_samples, 1,
                            WORD(1) << 24)))
        return rc;
    if (a->s_seed != NULL)
    {
        if ((rc = hkz_cli_slong(&v, "--seed", a->s_seed, 0, WORD(1) << 62)))
            return rc;
        o->seed = (ulong) v;
    }
    if (a->s_fibre != NULL)
    {
        errno = 0;
        o->fibre = strtod(a->s_fibre, &end);
        if (errno != 0 || end == a->s_fibre || *end != '\0' ||
            !(o->fibre >= 0.0 && o->fibre <= 1.0))
            return hkz_cli_usage_error("--fibre-fraction: need a number in "
                                       "[0, 1] (got '%s')", a->s_fibre);
    }
    if (a->s_decades != NULL &&
        (rc = hkz_cli_slong(&o->decades, "--decades", a->s_decades, 0, 60)))
        return rc;
    if (a->resume && a->checkpoint == NULL)
        return hkz_cli_usage_error("--resume needs --checkpoint FILE");
    if (a->checkpoint != NULL && a->checkpoint[0] == '\0')
        return hkz_cli_usage_error("--checkpoint: empty path");
    *throttle = 0;
    *stop = -1;
    if (a->s_throttle != NULL &&
        (rc = hkz_cli_slong(throttle, "--throttle-ms", a->s_throttle, 0,
                            100000)))
        return rc;
    if (a->s_stop != NULL &&
        (rc = hkz_cli_slong(stop, "--stop-after", a->s_stop, 0,
                            WORD(1) << 40)))
        return rc;
    return 0;
}

/* ---- interruption: signals and the test options as a progress stop ---- */

static volatile sig_atomic_t sweep_signal = 0;

static void on_signal(int sig)
{
    sweep_signal = sig;
}

typedef struct
{
    slong throttle, stop, calls;
} stop_t;

static int on_progress(void *ctx, slong done, slong total)
{
    stop_t *st = ctx;
    (void) done;
    (void) total;
    st->calls++;
    if (st->throttle > 0 && sweep_signal == 0)
    {
        struct timespec ts;
        ts.tv_sec = st->throttle / 1000;
        ts.tv_nsec = (st->throttle % 1000) * 1000000L;
        nanosleep(&ts, NULL);  /* a signal cuts it short: fine */
    }
    return sweep_signal != 0 || (st->stop >= 0 && st->calls >= st->stop);
}

/* This rank's samples: checkpoint, computation.  0 or an exit code. */
static int run_range(hkz_compare_sweep_t sw, const sweep_args_t *a,
                     slong throttle, slong stop)
{
    hkz_compare_sweep_info_t info;
    struct sigaction sa, old_term, old_int;
    stop_t st = {throttle, stop, 0};
    hkz_progress_t prog = {on_progress, &st};
    slong lo, hi, found = 0;
    int rc = 0, s;

    hkz_compare_sweep_info(&info, sw);
    hkz_cmp2_block(&lo, &hi, info.o.samples);
    s = hkz_compare_sweep_start(sw, lo, hi, a->checkpoint, hkz_cmp2_rank(),
                                a->resume, &found);
    if (s == HKZ_ERR_CHECKPOINT)
        rc = hkz_cli_usage_error("--resume: %s", hkz_errmsg());
    else if (s != HKZ_SUCCESS)
        rc = hkz_cli_fail(s);
    /* every rank has read (or rank 0 removed) before any writes */
    if ((rc = hkz_cmp2_agree(rc, 1)))
        return rc;
    if (a->resume)
        fprintf(stderr, "hkz: resuming: %ld samples from the checkpoint, "
                "%ld to compute\n", (long) found, (long) (hi - lo - found));
    memset(&sa, 0, sizeof(sa));
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sweep_signal = 0;
    sigaction(SIGTERM, &sa, &old_term);
    sigaction(SIGINT, &sa, &old_int);
    s = hkz_compare_sweep_run(sw, &prog);
    if (s == HKZ_ERR_INTERRUPTED)
    {
        /* everything done is in the checkpoint */
        int sig = sweep_signal != 0 ? (int) sweep_signal : SIGTERM;
        fprintf(stderr, "hkz: interrupted; resume with --resume\n");
        /* what rank 0 reports when only another rank was interrupted */
        hkz_error_set(HKZ_ERR_INTERRUPTED, "interrupted; resume with "
                      "--resume");
        rc = 128 + sig;
    }
    else if (s != HKZ_SUCCESS)
        rc = hkz_cli_fail(s);
    sigaction(SIGTERM, &old_term, NULL);
    sigaction(SIGINT, &old_int, NULL);
    return rc;
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

/* The rows (t = r->rows) or the summary (r->keys) to path in fmt. */
static int write_table(const char *path, hkz_format_t fmt,
                       const hkz_cli_common_t *common, hkz_table_t t,
                       const hkz_compare_sweep_info_t *in, int argc,
                       char **argv)
{
    hkz_cli_common_t c = *common;
    hkz_writer_t *w = NULL;
    int rc, s;
    c.out = path;
    c.fmt = fmt;
    if ((rc = hkz_cli_open(&w, &c, argc, argv)))
        return rc;
    if ((rc = meta_all(w, in)))
    {
        hkz_writer_abort(&w);
        return rc;
    }
    if ((s = hkz_table_write(w, t)) != HKZ_SUCCESS)
    {
        hkz_writer_abort(&w);
        return hkz_cli_fail(s);
    }
    return hkz_cli_finish(&w, HKZ_SUCCESS);
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

static int outputs(const hkz_cli_common_t *common,
                   const hkz_compare_result_t *r,
                   const hkz_compare_sweep_info_t *in, const char *data_dir,
                   int argc, char **argv)
{
    const char *dir = data_dir != NULL ? data_dir : "notebooks_data";
    char p[4200];
    int rc = 0, rows_stdout = common->out != NULL &&
                              strcmp(common->out, "-") == 0;
    if (strcmp(dir, "none") != 0)
    {
        if (snprintf(p, sizeof(p), "%s/sweep", dir) >= (int) sizeof(p))
            return hkz_cli_usage_error("--data-dir: path too long");
        if ((mkdir(dir, 0755) != 0 && errno != EEXIST) ||
            (mkdir(p, 0755) != 0 && errno != EEXIST))
            return hkz_cli_fail(hkz_error_set(HKZ_ERR_IO, "--data-dir: "
                                              "cannot create '%s'", p));
        snprintf(p, sizeof(p), "%s/sweep/sweep.csv", dir);
        if ((rc = write_table(p, HKZ_FORMAT_CSV, common, r->rows, in, argc,
                              argv)))
            return rc;
        snprintf(p, sizeof(p), "%s/sweep/sweep.jsonl", dir);
        if ((rc = write_table(p, HKZ_FORMAT_JSONL, common, r->rows, in,
                              argc, argv)))
            return rc;
        snprintf(p, sizeof(p), "%s/sweep/sweep_summary.jsonl", dir);
        if ((rc = write_table(p, HKZ_FORMAT_JSONL, common, r->keys, in,
                              argc, argv)))
            return rc;
    }
    if (common->out != NULL &&
        (rc = write_table(common->out, common->fmt, common, r->rows, in,
                          argc, argv)))
        return rc;
    /* the summary goes to stdout, or to stderr when the rows do */
    print_summary(rows_stdout ? stderr : stdout, r, in);
    fflush(stdout);
    return 0;
}

/* ---- the command ------------------------------------------------------- */

/* Rank 0: gathered records -> result -> files; exit 0, 3, 4 or an error */
static int finish(const hkz_compare_sweep_t sw, const char *all, size_t nall,
                  const hkz_cli_common_t *common, const sweep_args_t *a,
                  int argc, char **argv)
{
    hkz_compare_sweep_info_t info;
    hkz_compare_result_t res;
    int rc, s = hkz_compare_result_init(&res, "sweep");
    if (s == HKZ_SUCCESS)
        s = hkz_compare_sweep_finish(&res, sw, all, nall);
    if (s != HKZ_SUCCESS)
        rc = hkz_cli_fail(s);
    else
    {
        hkz_compare_sweep_info(&info, sw);
        rc = outputs(common, &res, &info, a->data_dir, argc, argv);
        if (rc == 0 && key(&res, "exceed")->i > 0)
            rc = HKZ_CLI_EXIT_VERDICT;
        else if (rc == 0 && key(&res, "undecided")->i > 0)
            rc = HKZ_CLI_EXIT_PREC;
    }
    hkz_compare_result_clear(&res);
    return rc;
}

static int cmd_sweep(int argc, char **argv)
{
    static const struct option opts[] = {
        HKZ_CLI_COMMON_OPTIONS,
        {"delta-weights", required_argument, NULL, OPT_DW},
        {"sub-weights", required_argument, NULL, OPT_SW},
        {"head", required_argument, NULL, OPT_HEAD},
        {"samples", required_argument, NULL, OPT_SAMPLES},
        {"seed", required_argument, NULL, OPT_SEED},
        {"fibre-fraction", required_argument, NULL, OPT_FIBRE},
        {"decades", required_argument, NULL, OPT_DECADES},
        {"checkpoint", required_argument, NULL, OPT_CHECKPOINT},
        {"resume", no_argument, NULL, OPT_RESUME},
        {"data-dir", required_argument, NULL, OPT_DATA_DIR},
        /* for tests: slow the sweep down / stop it as if interrupted */
        {"throttle-ms", required_argument, NULL, OPT_THROTTLE},
        {"stop-after", required_argument, NULL, OPT_STOP_AFTER},
        {NULL, 0, NULL, 0}};
    hkz_cli_common_t common;
    hkz_compare_sweep_opts_t o;
    hkz_compare_sweep_t sw = NULL;
    sweep_args_t a;
    slong throttle, stop;
    char *mine = NULL, *all = NULL;
    size_t nmine = 0, nall = 0;
    int rc, s;

    memset(&a, 0, sizeof(a));
    hkz_cli_common_init(&common);
    common.out = NULL;  /* rows only where --out asks for them */
    rc = hkz_cli_parse(argc, argv, opts, &common, handle, &a);
    if (rc == -1)
    {
        fputs(usage, stdout);
        return 0;
    }
    if (rc || (rc = parse(&o, &throttle, &stop, &a, common.digits)))
        return rc;
    if ((s = hkz_compare_sweep_create(&sw, &o)) != HKZ_SUCCESS)
        return hkz_cli_fail(s);
    if ((rc = hkz_cmp2_agree(run_range(sw, &a, throttle, stop), 1)))
        goto cleanup;
    if ((s = hkz_compare_sweep_records(&mine, &nmine, sw)))
        rc = hkz_cli_fail(s);
    if ((rc = hkz_cmp2_agree(rc, 1)) ||
        (rc = hkz_cmp2_gather(&all, &nall, mine, nmine)))
        goto cleanup;
    if (hkz_cmp2_rank() == 0)
        rc = finish(sw, all, nall, &common, &a, argc, argv);
cleanup:
    flint_free(mine);
    flint_free(all);
    hkz_compare_sweep_destroy(&sw);
    return rc;
}

int hkz_cmd_compare_sweep(int argc, char **argv)
{
    /* one exit code on every rank (rank 0 decides what was written) */
    return hkz_cmp2_agree(cmd_sweep(argc, argv), 0);
}
