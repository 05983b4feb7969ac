/* hkz zeros cw|graph|lattice: certified Lee-Yang zeros (spec 3.4),
 * declared with the option tables of opt.h. */
#include <stdio.h>
#include <string.h>
#include "cmd_zeros.h"

typedef struct
{
    slong n, threads, L, M;
    const char *t, *beta, *graph, *coupling;
    int method, boundary;   /* HKZ_LY_METHOD_*, HKZ_ISING_* */
    const char *checkpoint, *dos;
    int resume;
} zeros_args_t;

#define ZEROS_COMMON HKZ_CLI_DIGITS | HKZ_CLI_OUTPUT | HKZ_CLI_PROGRESS | \
                     HKZ_CLI_RESUME | HKZ_CLI_ISING
#define OPT_THREADS {"threads", HKZ_OPT_SLONG, offsetof(zeros_args_t,       \
    threads), .lo = 1, .hi = 256, .def = "2", .metavar = "K",               \
    .help = "worker threads"}
#define OPT_CKPT {"checkpoint", HKZ_OPT_STRING, offsetof(zeros_args_t,      \
    checkpoint), .metavar = "FILE", .help = "record every finished zero "   \
    "(FILE.r<rank> under MPI)"}, {"resume", HKZ_OPT_FLAG,                   \
    offsetof(zeros_args_t, resume), .help = "reuse the zeros of "           \
    "--checkpoint (every parameter must agree)"}

#define OPT_DOS {"dos", HKZ_OPT_STRING, offsetof(zeros_args_t, dos),       \
    .metavar = "FILE", .help = "reuse the table of hkz dos --save FILE"}

#define ZEROS_MORE                                                          \
    "\n--checkpoint FILE records each finished zero (FILE.r<rank> under MPI, "\
    "where the\nranks split the zeros in blocks; the output is the same "   \
    "bytes as one rank's);\n--resume reuses them (refused, exit 2, when any "\
    "parameter differs: model, digits,\nmethod).  Exit codes: 0 certified, 1 "\
    "not certified (one stderr warning), 2 bad\ninput or a model too large "\
    "for this method (HKZ_ERR_TOO_LARGE), 3 accuracy goal\nmissed, 130 "    \
    "interrupted (resume with --resume).\n"

/* Options shared by the models; the checkpoint (kind "zeros") with the
 * model's parameters; the ranks share the run through o->dist. */
static int setup(hkz_cli_run_t *r, zeros_args_t *a, hkz_ly_opts_t *o,
                 hkz_ckpt_t *ck, const char *model,
                 const char *key, const arb_t x)
{
    char buf[4096];
    int st;
    hkz_ly_opts_init(o);
    hkz_ly_opts_set_digits(o, r->digits);
    o->nthreads = (int) a->threads;
    o->progress = &r->prog;
    o->dist = hkz_dist_world();
    if (a->resume && a->checkpoint == NULL)
        return hkz_cli_usage_error("--resume needs --checkpoint FILE");
    if (a->checkpoint == NULL)
        return 0;
    if ((st = hkz_ckpt_create(ck, hkz_cli_ly_ckpt_path(buf, sizeof(buf),
                              a->checkpoint), "zeros")) != HKZ_SUCCESS ||
        (st = hkz_ckpt_param(*ck, "model", model)) != HKZ_SUCCESS ||
        (st = hkz_ckpt_param_slong(*ck, "digits", r->digits))
        != HKZ_SUCCESS ||
        (key != NULL && (st = hkz_ckpt_param_ball(*ck, key, x))
         != HKZ_SUCCESS) ||
        (st = hkz_ly_zeros_ckpt_params(*ck, o)) != HKZ_SUCCESS)
        return hkz_cli_fail(st);
    o->checkpoint = *ck;
    return hkz_cli_ly_ckpt_open(*ck, a->resume);
}

/* Rows for the three outcomes of a driver, the exit code otherwise. */
static int finish(hkz_cli_run_t *r, const hkz_ly_zeros_t z, int status,
                  const char *model)
{
    int rc;
    if (status == HKZ_ERR_PREC)
        r->worst = HKZ_ERR_PREC;
    else if (status != HKZ_SUCCESS && status != HKZ_ERR_NOT_CERTIFIED)
        return hkz_cli_ly_fail(status);
    if ((rc = hkz_cli_zeros_rows(r, z, status, model)))
        return rc;
    return status == HKZ_ERR_NOT_CERTIFIED ? HKZ_CLI_LY_UNCERTIFIED : 0;
}

static int meta_str(hkz_cli_run_t *r, const char *key, const char *value)
{
    return hkz_cli_ly_meta(r->w, key, value);
}

static int run_cw(hkz_cli_run_t *r, void *args)
{
    zeros_args_t *a = args;
    hkz_ly_opts_t o;
    hkz_ly_zeros_t z;
    hkz_ckpt_t ck = NULL;
    const char *opt = a->t != NULL ? "--t" : "--beta";
    const char *val = a->t != NULL ? a->t : a->beta;
    slong N = a->n;
    arb_t t;
    int rc, status;
    char buf[128];

    if ((a->t == NULL) == (a->beta == NULL))
        return hkz_cli_usage_error("give exactly one of --t and --beta");
    arb_init(t);
    /* under several processes each holds, predicts and certifies only its
     * block of the zeros (O(N / ranks) memory); rows in rank order */
    hkz_ly_zeros_init_dist(z, N, hkz_dist_world());
    if (z->part)
    {
        r->ranks.dist = hkz_dist_world();
        r->ranks.total = N / 2;
    }
    hkz_ly_opts_init(&o);
    o.method = a->method;
    /* the direct sum needs t to about rel_bits + 2.3 N bits */
    if ((rc = hkz_cli_ly_ball(t, opt, val, hkz_digits_to_bits(r->digits)
                              + 8 * N + 1024)))
        goto cleanup;
    if (hkz_ly_cw_coupling(t, t, a->beta != NULL, N,
                           hkz_digits_to_bits(r->digits) + 8 * N + 1024))
    {
        rc = hkz_cli_usage_error("%s: the coupling must be > 0 (got %s; at "
                                 "t = 0 all zeros sit at pi/2)", opt, val);
        goto cleanup;
    }
    snprintf(buf, sizeof(buf), "cw N=%ld method=%s", (long) N,
             hkz_cli_enum_name(hkz_cli_ly_methods, a->method));
    {
        int m = o.method;
        rc = setup(r, a, &o, &ck, buf, "t", t);
        o.method = m;
        if ((rc = hkz_cli_agree(rc, 1)))
            goto cleanup;
    }
    snprintf(buf, sizeof(buf), "%ld", (long) N);
    if (hkz_cli_rank() == 0 &&
        ((rc = meta_str(r, "model", "Curie-Weiss K_N, coupling t per "
                        "edge")) || (rc = meta_str(r, "N", buf)) ||
         (rc = meta_str(r, a->t != NULL ? "t" : "beta", val))))
        goto cleanup;
    hkz_cli_stage("compute_start");
    status = hkz_ly_cw_zeros(z, N, t, &o);
    if (z->part && z->done_wall > 0)
        hkz_cli_stage_at("certified", z->done_wall);
    hkz_cli_stage("driver_end");
    hkz_cli_zeros_rank_lines(r, z);
    hkz_cli_stage("rank_lines");
    if (hkz_cli_rank() == 0 && status != HKZ_ERR_INTERRUPTED &&
        (rc = meta_str(r, "method", z->method == HKZ_LY_METHOD_INTEGRAL
                       ? "integral" : "direct")))
        goto cleanup;
    rc = finish(r, z, status, "cw");
    hkz_cli_stage("rows");
cleanup:
    hkz_ckpt_destroy(&ck);
    hkz_ly_zeros_clear(z);
    arb_clear(t);
    return hkz_cli_ly_end(r, rc, "the zero list is");
}

/* The model of a graph file or of a lattice. */
static int read_model(hkz_ising_model_t m, arb_t K, char *desc, size_t n,
                      const zeros_args_t *a, int lattice)
{
    int st, rc;
    if (!lattice)
    {
        if ((st = hkz_ising_model_read_file(m, a->graph)) != HKZ_SUCCESS)
            return st == HKZ_ERR_IO
                   ? hkz_cli_usage_error("--graph: %s", hkz_errmsg())
                   : hkz_cli_usage_error("--graph %s: %s", a->graph,
                                         hkz_errmsg());
        hkz_cli_ly_describe(desc, n, "graph", a->graph);
    }
    else
    {
        if (strcmp(a->coupling, "kc") == 0)
        {
            hkz_ising_kc(K, 4096);
        }
        else if ((rc = hkz_cli_ly_ball(K, "--coupling", a->coupling, 4096)))
            return rc;
        if (hkz_ly_coupling_check(K) != HKZ_SUCCESS)
            return hkz_cli_usage_error("--coupling: %s (got %s)",
                                       hkz_errmsg(), a->coupling);
        if ((rc = hkz_cli_ly_lattice(m, a->L, a->M, a->boundary,
                                     "lattice")))
            return rc;
        hkz_ising_model_set_scale(m, K);
        snprintf(desc, n, "lattice L=%ld M=%ld %s", (long) a->L,
                 (long) a->M, hkz_cli_enum_name(hkz_cli_ly_boundaries,
                                                a->boundary));
    }
    if (hkz_ising_model_check_ferro(m) != HKZ_SUCCESS)
        return hkz_cli_usage_error("%s (Lee-Yang zeros need couplings >= 0)",
                                   hkz_errmsg());
    if (hkz_ising_model_weight(m) < 1)
        return hkz_cli_usage_error("the model has no vertices");
    return hkz_cli_ly_dos(m, a->dos, (int) a->threads);
}

static int run_model(hkz_cli_run_t *r, zeros_args_t *a, int lattice)
{
    hkz_ly_opts_t o;
    hkz_ly_zeros_t z;
    hkz_ising_model_t m;
    hkz_ckpt_t ck = NULL;
    arb_t K;
    char desc[4200], buf[32];
    int rc, status, have_z = 0;

    arb_init(K);
    hkz_ising_model_init(m);
    if (!(rc = read_model(m, K, desc, sizeof(desc), a, lattice)))
        rc = setup(r, a, &o, &ck, desc, lattice ? "K" : NULL, K);
    if ((rc = hkz_cli_agree(rc, 1)))
        goto cleanup;
    if (hkz_cli_rank() == 0)
    {
        if (lattice)
            snprintf(buf, sizeof(buf), "%ld", (long) a->L);
        if ((rc = meta_str(r, "model", lattice ? "square lattice, coupling "
                           "K on every bond" : "graph")) ||
            (rc = lattice ? meta_str(r, "L", buf) : meta_str(r, "graph",
                                                             a->graph)))
            goto cleanup;
        if (lattice)
            snprintf(buf, sizeof(buf), "%ld", (long) a->M);
        if (lattice && ((rc = meta_str(r, "M", buf)) ||
                        (rc = meta_str(r, "K", a->coupling)) ||
                        (rc = meta_str(r, "boundary", hkz_cli_enum_name(
                             hkz_cli_ly_boundaries, a->boundary)))))
            goto cleanup;
    }
    hkz_ly_zeros_init(z, hkz_ising_model_weight(m));
    have_z = 1;
    status = hkz_ly_zeros_model(z, m, &o);
    rc = finish(r, z, status, lattice ? "lattice" : "graph");
cleanup:
    hkz_ckpt_destroy(&ck);
    if (have_z)
        hkz_ly_zeros_clear(z);
    hkz_ising_model_clear(m);
    arb_clear(K);
    return hkz_cli_ly_end(r, rc, "the zero list is");
}

/* before the outputs: --threads sizes FLINT's pool (the run record
 * reports it) */
static int check_threads(hkz_cli_run_t *r, void *args)
{
    return hkz_cli_ly_check(r, ((zeros_args_t *) args)->threads);
}

static int run_graph(hkz_cli_run_t *r, void *args)
{
    return run_model(r, args, 0);
}

static int run_lattice(hkz_cli_run_t *r, void *args)
{
    return run_model(r, args, 1);
}

static const hkz_opt_t cw_opts[] = {
    {"n", HKZ_OPT_SLONG, offsetof(zeros_args_t, n), .req = 1, .lo = 1,
     .hi = WORD(1) << 24, .metavar = "N", .help = "number of spins"},
    {"t", HKZ_OPT_STRING, offsetof(zeros_args_t, t), .metavar = "T",
     .help = "coupling per edge, > 0 (decimal, read exactly)"},
    {"beta", HKZ_OPT_STRING, offsetof(zeros_args_t, beta), .metavar = "B",
     .help = "beta = N T instead of --t"},
    {"method", HKZ_OPT_CHOICE, offsetof(zeros_args_t, method),
     .values = hkz_cli_ly_methods, .def = "auto",
     .help = "direct cosine sum or saddle-line integral"},
    OPT_THREADS, OPT_CKPT, HKZ_OPT_END};

static const hkz_opt_t graph_opts[] = {
    {"graph", HKZ_OPT_STRING, offsetof(zeros_args_t, graph), .req = 1,
     .metavar = "FILE", .help = "edge list 'u v J' (J >= 0)"},
    OPT_DOS, OPT_THREADS, OPT_CKPT, HKZ_OPT_END};

static const hkz_opt_t lattice_opts[] = {
    {"L", HKZ_OPT_SLONG, offsetof(zeros_args_t, L), .req = 1, .lo = 1,
     .hi = 64, .metavar = "L", .help = "columns"},
    {"M", HKZ_OPT_SLONG, offsetof(zeros_args_t, M), .req = 1, .lo = 1,
     .hi = 4096, .metavar = "M", .help = "rows"},
    {"coupling", HKZ_OPT_STRING, offsetof(zeros_args_t, coupling),
     .req = 1, .metavar = "K", .help = "bond coupling > 0, or kc"},
    {"boundary", HKZ_OPT_CHOICE, offsetof(zeros_args_t, boundary),
     .values = hkz_cli_ly_boundaries, .def = "torus",
     .help = "boundary"},
    OPT_DOS, OPT_THREADS, OPT_CKPT, HKZ_OPT_END};

#define CW_TEXT                                                             \
    "All principal Lee-Yang zeros 0 < theta_1 < ... < theta_n < pi/2, "     \
    "n = floor(N/2),\nof the Curie-Weiss model K_N with coupling T PER "    \
    "EDGE (beta = N T is only a\nlabel: --beta B means T = B/N), "          \
    "F(theta) = Z(i theta), z = exp(-2 i theta).\nEach zero is a "          \
    "certified ball; the summary row states the count certificate\n(n "     \
    "sign changes saturate the Lee-Yang count N). For odd N the trivial "   \
    "zero\npi/2 is not listed. Methods: direct cosine sum, or the "         \
    "saddle-line integral\n(default for N > 256).\nUnder mpiexec (integral"\
    " method) each rank predicts, certifies and holds only\nits block of "  \
    "the zeros (memory O(N / ranks)); rank 0 writes the blocks in order\n"  \
    "(the bytes of one rank) and prints one line per rank on stderr (zeros,"\
    " wall,\ncpu, max RSS).  A resume on another rank count recomputes the "\
    "zeros recorded\nin other ranks' files.  With --out FILE on one node "  \
    "every rank writes its rows\nin place; stdout goes through the "      \
    "launcher (mpirun: one process).\n"

static const hkz_cli_cmd_t zeros_cw = {
    .name = "cw", .summary = "Curie-Weiss K_N",
    .description = CW_TEXT ZEROS_MORE, .opts = cw_opts,
    .args_size = sizeof(zeros_args_t), .common = ZEROS_COMMON,
    .check = check_threads, .run = run_cw};

static const hkz_cli_cmd_t zeros_graph = {
    .name = "graph", .summary = "Ising model on a graph file",
    .description = "Principal Lee-Yang zeros of the Ising model on the "
    "graph in FILE (lines 'u v J',\n'#' comments, optional 'vertices N' "
    "and 'weight u w'). Couplings must be >= 0.\n" HKZ_CLI_LY_DOS_HELP
    ZEROS_MORE,
    .opts = graph_opts, .args_size = sizeof(zeros_args_t),
    .common = ZEROS_COMMON, .check = check_threads, .run = run_graph};

static const hkz_cli_cmd_t zeros_lattice = {
    .name = "lattice", .summary = "L x M square lattice",
    .description = "Principal Lee-Yang zeros of the L x M square lattice "
    "(L columns, M rows) with\ncoupling K > 0 on every bond (exact decimal, "
    "or 'kc' for K_c = log(1+sqrt 2)/2).\n" HKZ_CLI_LY_DOS_HELP ZEROS_MORE,
    .opts = lattice_opts, .args_size = sizeof(zeros_args_t),
    .common = ZEROS_COMMON, .check = check_threads, .run = run_lattice};

static const hkz_cli_cmd_t *const zeros_subs[] = {&zeros_cw, &zeros_graph,
                                                   &zeros_lattice, NULL};

const hkz_cli_cmd_t hkz_cli_zeros = {
    .name = "zeros", .summary = "certified Lee-Yang zeros (cw, graph, "
    "lattice)", .sub = zeros_subs};
