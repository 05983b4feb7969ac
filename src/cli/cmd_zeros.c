/* hkz zeros cw|graph|lattice: certified Lee-Yang zeros (spec 3.4). */
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include "cli_ly.h"

enum
{
    OPT_N = HKZ_OPT_FIRST_COMMAND_OPT, OPT_T, OPT_BETA, OPT_METHOD,
    OPT_THREADS, OPT_GRAPH, OPT_L, OPT_M, OPT_COUPLING, OPT_BOUNDARY,
    OPT_CHECKPOINT, OPT_RESUME
};

typedef struct
{
    const char *s_n, *s_t, *s_beta, *method, *s_threads, *graph;
    const char *s_L, *s_M, *s_coupling, *boundary, *checkpoint;
    int resume;
    hkz_ckpt_t ck;
    hkz_ly_split_t split;
} zeros_args_t;

static const char *usage_cw =
    "usage: hkz zeros cw --n N (--t T | --beta B) [--digits D]\n"
    "                    [--method auto|direct|integral] [--threads K]\n"
    "                    [--checkpoint FILE [--resume]]\n"
    "                    [--format text|csv|jsonl] [--out PATH]\n\n"
    "All principal Lee-Yang zeros 0 < theta_1 < ... < theta_n < pi/2, "
    "n = floor(N/2),\nof the Curie-Weiss model K_N with coupling T PER EDGE "
    "(beta = N T is only a\nlabel: --beta B means T = B/N), "
    "F(theta) = Z(i theta), z = exp(-2 i theta).\nEach zero is a certified "
    "ball; the summary row states the count certificate\n(n sign changes "
    "saturate the Lee-Yang count N). For odd N the trivial zero\npi/2 is "
    "not listed. Methods: direct cosine sum, or the saddle-line integral\n"
    "(default for N > 256).\n";

static const char *usage_graph =
    "usage: hkz zeros graph --graph FILE [--digits D] [--threads K]\n"
    "                       [--checkpoint FILE [--resume]]\n"
    "                       [--format text|csv|jsonl] [--out PATH]\n\n"
    "Principal Lee-Yang zeros of the Ising model on the graph in FILE (lines "
    "'u v J',\n'#' comments, optional 'vertices N' and 'weight u w'). "
    "Couplings must be >= 0.\n";

static const char *usage_lattice =
    "usage: hkz zeros lattice --L L --M M --coupling K "
    "[--boundary torus|cylinder]\n"
    "                         [--digits D] [--threads K] [--format ...] "
    "[--out PATH]\n"
    "                         [--checkpoint FILE [--resume]]\n\n"
    "Principal Lee-Yang zeros of the L x M square lattice (L columns, M rows)"
    " with\ncoupling K > 0 on every bond (exact decimal, or 'kc' for "
    "K_c = log(1+sqrt 2)/2).\n";

/* printed after each model's usage */
static const char *usage_more =
    "\n--checkpoint FILE [--resume]: every finished zero is recorded in FILE "
    "(FILE.r<rank>\nunder MPI, where the ranks split the zeros in blocks); "
    "--resume reuses them\n(refused, exit 2, when any parameter differs: "
    "model, digits, method).\nExit codes: 0 certified, 1 not certified "
    "(one stderr warning), 2 bad input\nor a model too large for this "
    "method (HKZ_ERR_TOO_LARGE), 3 accuracy goal missed.\n";

static const char *usage_zeros =
    "usage: hkz zeros cw|graph|lattice [options]   (hkz zeros <model> "
    "--help)\n";

static int handle(int opt, const char *arg, void *ctx)
{
    zeros_args_t *a = ctx;
    switch (opt)
    {
    case OPT_N: a->s_n = arg; break;
    case OPT_T: a->s_t = arg; break;
    case OPT_BETA: a->s_beta = arg; break;
    case OPT_METHOD: a->method = arg; break;
    case OPT_THREADS: a->s_threads = arg; break;
    case OPT_GRAPH: a->graph = arg; break;
    case OPT_L: a->s_L = arg; break;
    case OPT_M: a->s_M = arg; break;
    case OPT_COUPLING: a->s_coupling = arg; break;
    case OPT_BOUNDARY: a->boundary = arg; break;
    case OPT_CHECKPOINT: a->checkpoint = arg; break;
    case OPT_RESUME: a->resume = 1; break;
    }
    return 0;
}

/* One row per zero, then the summary row (same columns, for CSV). */
static int emit(hkz_writer_t *w, const hkz_ly_zeros_t z, int status,
                const char *model)
{
    hkz_field_t f[14];
    char note[512];
    slong j;
    int s;

    arb_t x;
    arb_init(x);
    for (j = 0; j < z->n; j++)
    {
        int cert = z->flag[j] == HKZ_LY_ZERO_CERTIFIED;
        int fin = arb_is_finite(z->theta + j);
        /* print the meaningful digits only (the ball still contains the
         * enclosure: rounding widens it) */
        arb_set_round(x, z->theta + j,
                      fin ? FLINT_MAX(arb_rel_accuracy_bits(z->theta + j), 0)
                            + 16 : 64);
        f[0] = HKZ_FSTR("record", "zero");
        f[1] = HKZ_FSTR("model", model);
        f[2] = HKZ_FINT("j", (long) j + 1);
        f[3] = fin ? HKZ_FBALL("theta", x) : HKZ_FSTR("theta", "");
        f[4] = HKZ_FDBL("mid", fin ? arf_get_d(arb_midref(x), ARF_RND_NEAR)
                                   : 0.0 / 0.0);
        f[5] = HKZ_FDBL("rad", fin ? mag_get_d(arb_radref(x)) : 0.0 / 0.0);
        f[6] = HKZ_FINT("rel_acc_bits",
                        fin ? (long) FLINT_MAX(arb_rel_accuracy_bits(x), -1)
                            : -1);
        f[7] = HKZ_FBOOL("certified", cert);
        f[8] = HKZ_FSTR("status", cert ? "ok" : z->flag[j] ==
                        HKZ_LY_ZERO_ISOLATED ? "isolated, index unknown"
                                             : "not found");
        f[9] = HKZ_FINT("n", (long) z->n);
        f[10] = HKZ_FINT("found", (long) z->nisolated);
        f[11] = HKZ_FBOOL("complete", z->complete);
        f[12] = HKZ_FBOOL("trivial_pi_2", z->trivial);
        f[13] = HKZ_FSTR("note", "");
        if ((s = hkz_writer_record(w, f, 14)) != HKZ_SUCCESS)
            goto done;
    }
    if (z->complete)
        snprintf(note, sizeof(note), "%ld certified sign changes of F in "
                 "(0, pi/2) plus their mirror images%s account for all %ld "
                 "zeros (Lee-Yang count): the list is complete and every "
                 "zero is simple", (long) z->n,
                 z->trivial ? " and the trivial zero pi/2" : "",
                 (long) z->W);
    else
        snprintf(note, sizeof(note), "NOT certified complete: %s",
                 hkz_errmsg());
    f[0] = HKZ_FSTR("record", "summary");
    f[1] = HKZ_FSTR("model", model);
    f[2] = HKZ_FINT("j", 0);
    f[3] = HKZ_FSTR("theta", "");
    f[4] = HKZ_FDBL("mid", 0.0 / 0.0);
    f[5] = HKZ_FDBL("rad", 0.0 / 0.0);
    f[6] = HKZ_FINT("rel_acc_bits", -1);
    f[7] = HKZ_FBOOL("certified", z->complete);
    f[8] = HKZ_FSTR("status", status == HKZ_SUCCESS ? "ok"
                    : hkz_status_name(status));
    f[9] = HKZ_FINT("n", (long) z->n);
    f[10] = HKZ_FINT("found", (long) z->nisolated);
    f[11] = HKZ_FBOOL("complete", z->complete);
    f[12] = HKZ_FBOOL("trivial_pi_2", z->trivial);
    f[13] = HKZ_FSTR("note", note);
    s = hkz_writer_record(w, f, 14);
done:
    arb_clear(x);
    return s == HKZ_SUCCESS ? 0 : hkz_cli_fail(s);
}

static int finish(hkz_writer_t **w, int status)
{
    int rc = hkz_cli_finish(w, status == HKZ_ERR_PREC ? status
                                                      : HKZ_SUCCESS);
    if (rc == 0 && status == HKZ_ERR_NOT_CERTIFIED)
        rc = hkz_cli_ly_warn_uncertified("the zero list is");
    return rc;
}

/* Checkpoint (kind "zeros") with the model's parameters, and the split
 * over processes; both go into o. */
static int attach(zeros_args_t *a, hkz_ly_opts_t *o, slong digits,
                  const char *family, const char *key, const arb_t x)
{
    char buf[4096];
    int st;
    if (hkz_cli_ly_size() > 1)
    {
        hkz_cli_ly_split(&a->split);
        o->split = &a->split;
    }
    if (a->resume && a->checkpoint == NULL)
        return hkz_cli_usage_error("--resume needs --checkpoint FILE");
    if (a->checkpoint == NULL)
        return 0;
    if ((st = hkz_ckpt_create(&a->ck, hkz_cli_ly_ckpt_path(buf, sizeof(buf),
                              a->checkpoint), "zeros")) != HKZ_SUCCESS ||
        (st = hkz_ckpt_param(a->ck, "model", family)) != HKZ_SUCCESS ||
        (st = hkz_ckpt_param_slong(a->ck, "digits", digits))
        != HKZ_SUCCESS ||
        (key != NULL && (st = hkz_ckpt_param_ball(a->ck, key, x))
         != HKZ_SUCCESS) ||
        (st = hkz_ly_zeros_ckpt_params(a->ck, o)) != HKZ_SUCCESS)
        return hkz_cli_fail(st);
    o->checkpoint = a->ck;
    return hkz_cli_ly_ckpt_open(a->ck, a->resume);
}

/* Library status of a zero driver: rows follow for these three. */
static int driver_fail(int status)
{
    if (status == HKZ_SUCCESS || status == HKZ_ERR_PREC ||
        status == HKZ_ERR_NOT_CERTIFIED)
        return 0;
    return hkz_cli_ly_fail(status);
}

static int parse_opts(hkz_ly_opts_t *o, const zeros_args_t *a,
                      const hkz_cli_common_t *common)
{
    slong v;
    int rc;
    hkz_ly_opts_init(o);
    hkz_ly_opts_set_digits(o, common->digits);
    if (a->s_threads != NULL)
    {
        if ((rc = hkz_cli_slong(&v, "--threads", a->s_threads, 1, 256)))
            return rc;
        o->nthreads = (int) v;
    }
    return 0;
}

static int meta(hkz_writer_t *w, const char *key, const char *value)
{
    return hkz_writer_meta(w, key, value) == HKZ_SUCCESS ? 0
           : hkz_cli_fail(HKZ_ERR_IO);
}

static int run_cw(int argc, char **argv)
{
    static const struct option opts[] = {
        HKZ_CLI_COMMON_OPTIONS,
        {"n", required_argument, NULL, OPT_N},
        {"t", required_argument, NULL, OPT_T},
        {"beta", required_argument, NULL, OPT_BETA},
        {"method", required_argument, NULL, OPT_METHOD},
        {"threads", required_argument, NULL, OPT_THREADS},
        {"checkpoint", required_argument, NULL, OPT_CHECKPOINT},
        {"resume", no_argument, NULL, OPT_RESUME},
        {NULL, 0, NULL, 0}};
    hkz_cli_common_t common;
    zeros_args_t a;
    hkz_ly_opts_t o;
    hkz_ly_zeros_t z;
    hkz_writer_t *w = NULL;
    slong N = 0, prec;
    arb_t t;
    int rc, status = HKZ_SUCCESS, have_z = 0;
    char buf[64];

    memset(&a, 0, sizeof(a));
    a.method = "auto";
    arb_init(t);
    hkz_cli_common_init(&common);
    common.digits = 15;
    rc = hkz_cli_parse(argc, argv, opts, &common, handle, &a);
    if (rc == -1)
    {
        fputs(usage_cw, stdout);
        fputs(usage_more, stdout);
        rc = 0;
        goto cleanup;
    }
    if (rc || (rc = hkz_cli_require(a.s_n, "--n")) ||
        (rc = hkz_cli_slong(&N, "--n", a.s_n, 1, WORD(1) << 24)) ||
        (rc = parse_opts(&o, &a, &common)))
        goto cleanup;
    if ((a.s_t == NULL) == (a.s_beta == NULL))
    {
        rc = hkz_cli_usage_error("give exactly one of --t and --beta");
        goto cleanup;
    }
    if (strcmp(a.method, "auto") == 0)
        o.method = HKZ_LY_METHOD_AUTO;
    else if (strcmp(a.method, "direct") == 0)
        o.method = HKZ_LY_METHOD_DIRECT;
    else if (strcmp(a.method, "integral") == 0)
        o.method = HKZ_LY_METHOD_INTEGRAL;
    else
    {
        rc = hkz_cli_usage_error("--method: unknown method '%s' (auto, "
                                 "direct or integral)", a.method);
        goto cleanup;
    }
    /* the direct sum needs t to about rel_bits + 2.3 N bits */
    prec = o.goal.rel_bits + 8 * N + 1024;
    if ((rc = hkz_cli_ly_ball(t, a.s_t != NULL ? "--t" : "--beta",
                           a.s_t != NULL ? a.s_t : a.s_beta, prec)))
        goto cleanup;
    if (a.s_beta != NULL)
        arb_div_si(t, t, N, prec);
    if (!arb_is_positive(t))
    {
        rc = hkz_cli_usage_error("%s: the coupling must be > 0 (got %s; at "
                                 "t = 0 all zeros sit at pi/2)",
                                 a.s_t != NULL ? "--t" : "--beta",
                                 a.s_t != NULL ? a.s_t : a.s_beta);
        goto cleanup;
    }
    snprintf(buf, sizeof(buf), "cw N=%ld method=%s", (long) N, a.method);
    if ((rc = attach(&a, &o, common.digits, buf, "t", t)))
        goto cleanup;
    status = HKZ_SUCCESS;
    if (hkz_cli_ly_rank() == 0 && (rc = hkz_cli_open(&w, &common, argc,
                                                     argv)))
        goto cleanup;
    snprintf(buf, sizeof(buf), "%ld", (long) N);
    if (w != NULL &&
        ((rc = meta(w, "model", "Curie-Weiss K_N, coupling t per edge")) ||
         (rc = meta(w, "N", buf)) ||
         (rc = meta(w, a.s_t != NULL ? "t" : "beta",
                    a.s_t != NULL ? a.s_t : a.s_beta))))
        goto cleanup;
    hkz_ly_zeros_init(z, N);
    have_z = 1;
    status = hkz_ly_cw_zeros(z, N, t, &o);
    if ((rc = driver_fail(status)) || w == NULL)
        goto cleanup;
    if ((rc = meta(w, "method", z->method == HKZ_LY_METHOD_INTEGRAL
                   ? "integral" : "direct")))
        goto cleanup;
    if ((rc = emit(w, z, status, "cw")))
        goto cleanup;
    rc = finish(&w, status);
cleanup:
    hkz_writer_abort(&w);
    if (have_z)
        hkz_ly_zeros_clear(z);
    hkz_ckpt_destroy(&a.ck);
    arb_clear(t);
    return rc;
}

/* graph and lattice: zeros of a model */
static int run_model(int argc, char **argv, int lattice)
{
    static const struct option opts_graph[] = {
        HKZ_CLI_COMMON_OPTIONS,
        {"graph", required_argument, NULL, OPT_GRAPH},
        {"threads", required_argument, NULL, OPT_THREADS},
        {"checkpoint", required_argument, NULL, OPT_CHECKPOINT},
        {"resume", no_argument, NULL, OPT_RESUME},
        {NULL, 0, NULL, 0}};
    static const struct option opts_lattice[] = {
        HKZ_CLI_COMMON_OPTIONS,
        {"L", required_argument, NULL, OPT_L},
        {"M", required_argument, NULL, OPT_M},
        {"coupling", required_argument, NULL, OPT_COUPLING},
        {"boundary", required_argument, NULL, OPT_BOUNDARY},
        {"threads", required_argument, NULL, OPT_THREADS},
        {"checkpoint", required_argument, NULL, OPT_CHECKPOINT},
        {"resume", no_argument, NULL, OPT_RESUME},
        {NULL, 0, NULL, 0}};
    hkz_cli_common_t common;
    zeros_args_t a;
    hkz_ly_opts_t o;
    hkz_ly_zeros_t z;
    hkz_ising_model_t m;
    hkz_writer_t *w = NULL;
    int rc, status = HKZ_SUCCESS, have_z = 0;
    char fam[4200];
    arb_t K;

    memset(&a, 0, sizeof(a));
    a.boundary = "torus";
    arb_init(K);
    hkz_ising_model_init(m);
    hkz_cli_common_init(&common);
    common.digits = 15;
    rc = hkz_cli_parse(argc, argv, lattice ? opts_lattice : opts_graph,
                       &common, handle, &a);
    if (rc == -1)
    {
        fputs(lattice ? usage_lattice : usage_graph, stdout);
        fputs(usage_more, stdout);
        rc = 0;
        goto cleanup;
    }
    if (rc || (rc = parse_opts(&o, &a, &common)))
        goto cleanup;
    if (!lattice)
    {
        if ((rc = hkz_cli_require(a.graph, "--graph")))
            goto cleanup;
        status = hkz_ising_model_read_file(m, a.graph);
        if (status != HKZ_SUCCESS)
        {
            rc = status == HKZ_ERR_IO ? hkz_cli_usage_error("--graph: %s",
                                                            hkz_errmsg())
                                      : hkz_cli_usage_error("--graph %s: %s",
                                                            a.graph,
                                                            hkz_errmsg());
            goto cleanup;
        }
    }
    else
    {
        slong L, M;
        fmpq_t one;
        int bd;
        if ((rc = hkz_cli_require(a.s_L, "--L")) ||
            (rc = hkz_cli_require(a.s_M, "--M")) ||
            (rc = hkz_cli_require(a.s_coupling, "--coupling")) ||
            (rc = hkz_cli_slong(&L, "--L", a.s_L, 1, 64)) ||
            (rc = hkz_cli_slong(&M, "--M", a.s_M, 1, 4096)))
            goto cleanup;
        if (strcmp(a.boundary, "torus") == 0)
            bd = HKZ_ISING_TORUS;
        else if (strcmp(a.boundary, "cylinder") == 0)
            bd = HKZ_ISING_CYLINDER;
        else
        {
            rc = hkz_cli_usage_error("--boundary: '%s' is not torus or "
                                     "cylinder", a.boundary);
            goto cleanup;
        }
        if (strcmp(a.s_coupling, "kc") == 0)
        {
            arb_sqrt_ui(K, 2, 4096);
            arb_add_ui(K, K, 1, 4096);
            arb_log(K, K, 4096);
            arb_mul_2exp_si(K, K, -1);
        }
        else if ((rc = hkz_cli_ly_ball(K, "--coupling", a.s_coupling,
                                       4096)))
            goto cleanup;
        if (!arb_is_positive(K))
        {
            rc = hkz_cli_usage_error("--coupling: K must be > 0 (got %s)",
                                     a.s_coupling);
            goto cleanup;
        }
        fmpq_init(one);
        fmpq_one(one);
        status = hkz_ising_model_lattice(m, L, M, one, bd);
        fmpq_clear(one);
        if (status != HKZ_SUCCESS)
        {
            rc = hkz_cli_usage_error("lattice: %s", hkz_errmsg());
            goto cleanup;
        }
        hkz_ising_model_set_scale(m, K);
    }
    status = hkz_ising_model_check_ferro(m);
    if (status != HKZ_SUCCESS)
    {
        rc = hkz_cli_usage_error("%s (Lee-Yang zeros need couplings >= 0)",
                                 hkz_errmsg());
        goto cleanup;
    }
    if (hkz_ising_model_weight(m) < 1)
    {
        rc = hkz_cli_usage_error("the model has no vertices");
        goto cleanup;
    }
    if (lattice)
        snprintf(fam, sizeof(fam), "lattice L=%s M=%s %s", a.s_L, a.s_M,
                 a.boundary);
    else
        hkz_cli_ly_describe(fam, sizeof(fam), "graph", a.graph);
    if ((rc = attach(&a, &o, common.digits, fam, lattice ? "K" : NULL, K)))
        goto cleanup;
    status = HKZ_SUCCESS;
    if (hkz_cli_ly_rank() == 0 && (rc = hkz_cli_open(&w, &common, argc,
                                                     argv)))
        goto cleanup;
    if (w == NULL)
        ;
    else if (lattice)
    {
        if ((rc = meta(w, "model", "square lattice, coupling K on every "
                       "bond")) || (rc = meta(w, "L", a.s_L)) ||
            (rc = meta(w, "M", a.s_M)) ||
            (rc = meta(w, "K", a.s_coupling)) ||
            (rc = meta(w, "boundary", a.boundary)))
            goto cleanup;
    }
    else if ((rc = meta(w, "model", "graph")) ||
             (rc = meta(w, "graph", a.graph)))
        goto cleanup;
    hkz_ly_zeros_init(z, hkz_ising_model_weight(m));
    have_z = 1;
    status = hkz_ly_zeros_model(z, m, &o);
    if ((rc = driver_fail(status)) || w == NULL)
        goto cleanup;
    if ((rc = emit(w, z, status, lattice ? "lattice" : "graph")))
        goto cleanup;
    rc = finish(&w, status);
cleanup:
    hkz_writer_abort(&w);
    if (have_z)
        hkz_ly_zeros_clear(z);
    hkz_ckpt_destroy(&a.ck);
    hkz_ising_model_clear(m);
    arb_clear(K);
    return rc;
}

int hkz_cmd_zeros(int argc, char **argv)
{
    if (argc < 2 || argv[1][0] == '-')
    {
        if (argc >= 2 && (strcmp(argv[1], "--help") == 0 ||
                          strcmp(argv[1], "-h") == 0))
        {
            fputs(usage_zeros, stdout);
            return 0;
        }
        return hkz_cli_usage_error("zeros: missing model (cw, graph or "
                                   "lattice)");
    }
    if (strcmp(argv[1], "cw") == 0)
        return run_cw(argc - 1, argv + 1);
    if (strcmp(argv[1], "graph") == 0)
        return run_model(argc - 1, argv + 1, 0);
    if (strcmp(argv[1], "lattice") == 0)
        return run_model(argc - 1, argv + 1, 1);
    return hkz_cli_usage_error("zeros: unknown model '%s' (cw, graph or "
                               "lattice)", argv[1]);
}
