/* hkz grid heat su2 | su2-sub | su2-milnor | product: certified tables of
 * heat kernels over points x times, a thin CLI over hkz/grid.h (rows and
 * HDF5 in cmd_grid_out.c). */
#include <stdio.h>
#include <string.h>
#include "cli.h"
#include "cmd_grid.h"

/* the choices, straight onto the library's enums */
static const hkz_opt_enum_t devices[] = {
    {"auto", HKZ_BACKEND_AUTO}, {"cpu", HKZ_BACKEND_CPU},
    {"cuda", HKZ_BACKEND_CUDA}, {NULL, 0}};
static const hkz_opt_enum_t shards[] = {
    {"auto", HKZ_SHARD_AUTO}, {"p", HKZ_SHARD_SPLIT_P},
    {"k", HKZ_SHARD_SPLIT_K}, {NULL, 0}};
static const hkz_opt_enum_t overlaps[] = {
    {"none", HKZ_GRID_OVERLAP_NONE}, {"chunked", HKZ_GRID_OVERLAP_CHUNKED},
    {"window", HKZ_GRID_OVERLAP_WINDOW}, {NULL, 0}};
static const hkz_opt_enum_t methods[] = {   /* o.scalar_only */
    {"auto", 0}, {"scalar", 1}, {NULL, 0}};

#define LIST_HELP "comma list of decimals or A:B:N (N points, both ends)"

#define T_OPT {"t", HKZ_OPT_STRING, offsetof(grid_args_t, t), .req = 1, \
    .metavar = "LIST", .help = "times t > 0: " LIST_HELP}
#define COMMON_OPTS \
    {"log", HKZ_OPT_FLAG, offsetof(grid_args_t, log), \
     .help = "space every A:B:N of --t geometrically"}, \
    {"device", HKZ_OPT_CHOICE, offsetof(grid_args_t, device), \
     .values = devices, .def = "auto", \
     .help = "engine backend (auto: CUDA when built with it and a GPU is " \
     "visible)"}, \
    {"shard", HKZ_OPT_CHOICE, offsetof(grid_args_t, shard), \
     .values = shards, .def = "auto", \
     .help = "split over MPI ranks: p deals tiles of 256 points, k splits " \
     "the modes of every tile (fixed chunks, a fixed-order sum); auto: " \
     "the planner"}, \
    {"overlap", HKZ_OPT_CHOICE, offsetof(grid_args_t, overlap), \
     .values = overlaps, .def = "none", \
     .help = "engine column chunks (none: 1, else 4; same bytes)"}, \
    {"block", HKZ_OPT_SLONG, offsetof(grid_args_t, block), .lo = 0, \
     .hi = WORD_MAX / 2, .def = "0", .metavar = "P", \
     .help = "points per row block (0: auto, about a second each; " \
     "rounded up to 256)"}, \
    {"method", HKZ_OPT_CHOICE, offsetof(grid_args_t, scalar), \
     .values = methods, .def = "auto", \
     .help = "auto: the engine where it meets --digits, else the scalar " \
     "path; scalar: the certified scalar path for every entry (reference, " \
     "benchmarks)"}, \
    {"threads", HKZ_OPT_SLONG, offsetof(grid_args_t, threads), .lo = 0, \
     .hi = 64, .def = "0", .metavar = "N", \
     .help = "engine threads (0: one per CPU)"}, \
    {"checkpoint", HKZ_OPT_STRING, offsetof(grid_args_t, checkpoint), \
     .metavar = "FILE", .help = "checkpoint after every row block"}, \
    {"resume", HKZ_OPT_FLAG, offsetof(grid_args_t, resume), \
     .help = "continue from --checkpoint FILE (same parameters)"}, \
    {"force", HKZ_OPT_FLAG, offsetof(grid_args_t, force), \
     .help = "run a grid whose output exceeds 100 GB (refused otherwise, " \
     "with the estimate)"}, \
    HKZ_OPT_END

static const hkz_opt_t opts_su2[] = {
    {"alpha", HKZ_OPT_STRING, offsetof(grid_args_t, alpha), .req = 1,
     .metavar = "LIST", .help = "class angles in [0, pi]: " LIST_HELP},
    T_OPT, COMMON_OPTS};

static const hkz_opt_t opts_sub[] = {
    {"r", HKZ_OPT_STRING, offsetof(grid_args_t, r), .req = 1,
     .metavar = "LIST", .help = "r in [0, pi/2]: " LIST_HELP},
    {"z", HKZ_OPT_STRING, offsetof(grid_args_t, z), .req = 1,
     .metavar = "LIST", .help = "z (angles): " LIST_HELP},
    T_OPT, COMMON_OPTS};

static const hkz_opt_t opts_milnor[] = {
    {"weights", HKZ_OPT_STRING, offsetof(grid_args_t, weights), .req = 1,
     .metavar = "a,b,c", .help = "L = -(a X^2 + b Y^2 + c Z^2), a, b > 0, "
     "c >= 0"},
    {"g", HKZ_OPT_STRING, offsetof(grid_args_t, gfile), .metavar = "FILE",
     .help = "one element a_re,a_im,b_re,b_im per line (as hkz heat "
     "su2-milnor --g)"},
    {"r", HKZ_OPT_STRING, offsetof(grid_args_t, r), .metavar = "LIST",
     .help = "r in [0, pi/2] (with --z, instead of --g)"},
    {"z", HKZ_OPT_STRING, offsetof(grid_args_t, z), .metavar = "LIST",
     .help = "z (with --r)"},
    T_OPT, COMMON_OPTS};

static const hkz_opt_t opts_product[] = {
    {"delta-weights", HKZ_OPT_STRING, offsetof(grid_args_t, dweights),
     .metavar = "SPEC", .help = "Delta_a = sum a_i Delta_i (weight spec as "
     "hkz product)"},
    {"sub-weights", HKZ_OPT_STRING, offsetof(grid_args_t, sweights),
     .metavar = "SPEC", .help = "L_b = sum b_i L_i"},
    {"points", HKZ_OPT_STRING, offsetof(grid_args_t, points), .req = 1,
     .metavar = "FILE", .help = "one point of SU(2)^n per line: r,z; r,z; "
     "... ('e' for the identity)"},
    T_OPT, COMMON_OPTS};

/* digits default to 10 for grids (the engine route reaches ~13) */
static int digits_given(const hkz_cli_run_t *r)
{
    int i;
    for (i = 1; i < r->argc; i++)
        if (strncmp(r->argv[i], "--digits", 8) == 0)
            return 1;
    return 0;
}

static int lib_error(const char *opt, int status)
{
    if (status == HKZ_ERR_ARG || status == HKZ_ERR_DOMAIN
        || (status == HKZ_ERR_IO && opt != NULL))   /* unreadable input */
        return hkz_cli_usage_error("%s%s%s", opt != NULL ? opt : "",
                                   opt != NULL ? ": " : "", hkz_errmsg());
    return hkz_cli_fail(status);
}

static int set_list(hkz_grid_list_t l, const char *opt, const char *s,
                    int log, slong prec)
{
    int st;
    if (s == NULL)
        return 0;
    st = hkz_grid_list_set_str(l, s, log, prec);
    return st == HKZ_SUCCESS ? 0 : lib_error(opt, st);
}

/* Output past this many bytes needs --force. */
#define GRID_BYTES_MAX 1e11

/* Refuses a grid whose output would exceed GRID_BYTES_MAX before any
 * work, with the estimate: rows, bytes (a row holds the ball twice,
 * about 2 digits + 100 bytes) and the time at 10^6 entries per second
 * (the engine's order of magnitude; the scalar path is slower). */
static int size_check(const grid_args_t *a, slong P, slong T, slong digits)
{
    double rows = (double) P * (double) T;
    double bytes = rows * (2.0 * (double) digits + 100.0);
    if (a->force || bytes <= GRID_BYTES_MAX)
        return 0;
    return hkz_cli_usage_error("grid of %ld points x %ld times = %.3g rows: "
                               "about %.3g GB of output and at least %.3g h"
                               " at 10^6 entries/s; use a smaller grid, or "
                               "--force to run it anyway", (long) P,
                               (long) T, rows, bytes / 1e9,
                               rows / 1e6 / 3600.0);
}

/* Fills a->grid from the options (usage errors: exit 2). */
static int build(hkz_cli_run_t *r, grid_args_t *a, int kind)
{
    hkz_grid_heat_struct *g = a->grid;
    slong prec = r->prec, P, T;
    int rc, st;

    if (!digits_given(r))
    {
        r->digits = 10;
        hkz_goal_init_digits(&r->goal, r->digits);
    }
    hkz_grid_heat_init(a->grid, kind);
    a->have_grid = 1;
    g->deriv = r->deriv;
    g->digits = r->digits;
    if (kind == HKZ_GRID_SU2_MILNOR)
    {
        if ((a->gfile != NULL) == (a->r != NULL || a->z != NULL))
            return hkz_cli_usage_error("give either --g FILE or --r and "
                                       "--z");
        if ((st = hkz_grid_heat_set_weights(a->grid, a->weights, prec)))
            return lib_error("--weights", st);
    }
    if (kind == HKZ_GRID_PRODUCT)
    {
        if ((a->dweights != NULL) == (a->sweights != NULL))
            return hkz_cli_usage_error("give exactly one of --delta-weights "
                                       "and --sub-weights");
        st = hkz_grid_heat_set_product(a->grid, a->dweights != NULL ?
                                       HKZ_SU2N_DELTA : HKZ_SU2N_L,
                                       a->dweights != NULL ? a->dweights :
                                       a->sweights, prec);
        if (st)
            return lib_error(a->dweights != NULL ? "--delta-weights" :
                             "--sub-weights", st);
    }
    if (a->gfile != NULL || a->points != NULL)
    {
        st = hkz_grid_heat_read_file(a->grid, a->gfile != NULL ? a->gfile :
                                     a->points, prec);
        if (st)
            return lib_error(a->gfile != NULL ? "--g" : "--points", st);
    }
    if ((rc = set_list(g->t, "--t", a->t, a->log, prec)) ||
        (rc = set_list(g->alpha, "--alpha", a->alpha, 0, prec)) ||
        (rc = set_list(g->r, "--r", a->r, 0, prec)) ||
        (rc = set_list(g->z, "--z", a->z, 0, prec)))
        return rc;
    if (a->resume && a->checkpoint == NULL)
        return hkz_cli_usage_error("--resume needs --checkpoint FILE");
    if ((st = hkz_grid_heat_check(&P, &T, a->grid)))
        return lib_error(NULL, st);
    return size_check(a, P, T, r->digits);
}

/* --device: the CUDA backend when the build has it and a GPU is visible
 * (recorded in the run record). */
static int setup_device(const grid_args_t *a)
{
    if (a->device != HKZ_BACKEND_CPU &&
        hkz_engine_backend_devices(HKZ_BACKEND_CUDA) > 0)
    {
        hkz_cli_set_backend("cuda");
        return 0;
    }
    if (a->device == HKZ_BACKEND_CUDA)
        return hkz_cli_usage_error(HKZ_HAVE_CUDA
                                   ? "--device cuda: no CUDA device visible"
                                   : "--device cuda: this build has no CUDA "
                                     "(configure with -DHKZ_CUDA=ON)");
    return 0;
}

static int run_kind_inner(hkz_cli_run_t *r, grid_args_t *a, int kind)
{
    hkz_grid_opts_t o;
    hkz_grid_summary_t s;
    int rc, st;

    if ((rc = build(r, a, kind)) || (rc = setup_device(a)))
        return rc;
    hkz_grid_opts_init(&o);
    o.device = a->device;
    o.shard = a->shard;
    o.overlap = a->overlap;
    o.block = a->block;
    o.nthreads = (int) a->threads;
    o.scalar_only = a->scalar;
    o.checkpoint = a->checkpoint;
    o.resume = a->resume;
    o.progress = &r->prog;
    if ((rc = hkz_cli_grid_out_open(r, a, &o)))
        return rc;
    st = hkz_grid_heat_run(&s, a->grid, &o);
    if (st == HKZ_SUCCESS && a->sink_rc)
        st = a->sink_rc;
    if (st != HKZ_SUCCESS)
    {
        hkz_cli_grid_out_abort(a);
        if (st == HKZ_ERR_INTERRUPTED)
            return HKZ_CLI_EXIT_INTERRUPTED;
        return st == HKZ_ERR_CHECKPOINT ? lib_error(NULL, st)
                                        : hkz_cli_fail(st);
    }
    if (s.missed > 0)
        r->worst = HKZ_ERR_PREC;
    fprintf(stderr, "hkz grid heat %s: %ld entries: %ld engine, %ld "
            "recomputed by the certified scalar path, %ld below the goal "
            "of %ld digits%s; certified by the double engine %ld, the "
            "fixed-point tier %ld, the scalar path %ld; shard %s\n",
            hkz_grid_kind_name(kind), (long) s.entries, (long) s.engine,
            (long) s.scalar, (long) s.missed, (long) r->digits,
            s.resumed ? " (some from the checkpoint)" : "",
            (long) s.certified_engine, (long) s.certified_tier2,
            (long) s.certified_scalar,
            s.shard == HKZ_SHARD_SPLIT_K ? "k" : "p");
    return hkz_cli_grid_out_close(r, a, &s);
}

static int run_kind(hkz_cli_run_t *r, grid_args_t *a, int kind)
{
    int rc = run_kind_inner(r, a, kind);
    hkz_cli_grid_out_abort(a);
    if (a->have_grid)
        hkz_grid_heat_clear(a->grid);
    a->have_grid = 0;
    return rc;
}

static int run_su2(hkz_cli_run_t *r, void *a)
{
    return run_kind(r, a, HKZ_GRID_SU2);
}

static int run_sub(hkz_cli_run_t *r, void *a)
{
    return run_kind(r, a, HKZ_GRID_SU2_SUB);
}

static int run_milnor(hkz_cli_run_t *r, void *a)
{
    return run_kind(r, a, HKZ_GRID_SU2_MILNOR);
}

static int run_product(hkz_cli_run_t *r, void *a)
{
    return run_kind(r, a, HKZ_GRID_PRODUCT);
}

#define GRID_COMMON (HKZ_CLI_DIGITS | HKZ_CLI_OWN_OUTPUT | HKZ_CLI_DERIV | \
                     HKZ_CLI_PROGRESS | HKZ_CLI_RESUME | HKZ_CLI_H5)
#define GRID_DESC \
    "Every entry is an Arb ball [mid +/- rad] whose radius is a proven " \
    "bound:\nthe spectral-sum engine (double GEMM; rounding bound + " \
    "truncation tail +\nbasis error + rounding of the inputs to doubles) " \
    "where that meets --digits\n(relative accuracy), " \
    "else the certified scalar path (Ziv\nloop); stderr says how many of " \
    "each.\nTime derivatives (--deriv K) use the engine for su2 and su2-sub;" \
    " su2-milnor\n(K <= 8, a, b, c > 0) and product take the scalar path " \
    "(product: Leibniz'\nrule over the factors, the tail of an infinite " \
    "family by Cauchy's estimate).\nRows: " \
    "coordinates, t, deriv, method (engine|scalar),\nvalue, mid, rad, " \
    "rel_acc_bits, certified, status. --out FILE.h5 writes HDF5\n(mid, rad, " \
    "certified, scalar shaped like the grid, the axes as dimension\nscales; " \
    "the run record as attributes; the MPI build with a parallel HDF5\n" \
    "writes one file " \
    "from all ranks collectively). Results are bitwise the same for any --block,\n" \
    "--overlap, --shard and --threads, for any number of MPI ranks and\n" \
    "after --resume: every engine sum is cut into fixed chunks (256 modes,\n" \
    "more for sums over 8192 modes: at most 32 chunks)\n" \
    "added along a fixed tree (the radius includes the rounding of that\n" \
    "sum), whichever rank computes which chunk.\n"

static const hkz_cli_cmd_t grid_su2 = {
    .name = "su2", .summary = "h_t(alpha) of Delta on alpha x t",
    .description = "Bi-invariant heat kernel h_t(alpha) (or its --deriv K-th"
    " time derivative) of\nDelta = -(X^2+Y^2+Z^2), N_unit, Haar probability "
    "measure, on the grid alpha x t.\n" GRID_DESC,
    .opts = opts_su2, .args_size = sizeof(grid_args_t),
    .common = GRID_COMMON, .digits_def = "10", .run = run_su2};

static const hkz_cli_cmd_t grid_sub = {
    .name = "su2-sub", .summary = "p_t(r, z) of L = -(X^2+Y^2) on r x z x t",
    .description = "Sub-Laplacian heat kernel p_t(r, z) (or its --deriv K-th"
    " time derivative) on\nthe grid r x z x t (points r outer, z inner).\n"
    GRID_DESC,
    .opts = opts_sub, .args_size = sizeof(grid_args_t),
    .common = GRID_COMMON, .digits_def = "10", .run = run_sub};

static const hkz_cli_cmd_t grid_milnor = {
    .name = "su2-milnor", .summary = "heat kernel of -(a X^2 + b Y^2 + c "
    "Z^2) on points x t",
    .description = "Heat kernel of L = -(a X^2 + b Y^2 + c Z^2) at the "
    "elements of --g FILE (the\nline number is the coordinate i) or at "
    "exp(rX) exp(zZ) for r x z.\n" GRID_DESC,
    .opts = opts_milnor, .args_size = sizeof(grid_args_t),
    .common = GRID_COMMON, .digits_def = "10", .run = run_milnor};

static const hkz_cli_cmd_t grid_product = {
    .name = "product", .summary = "mu_t(x) on SU(2)^n at the points of a "
    "file",
    .description = "Product heat kernel mu_t(x) (hkz product) at the points "
    "of --points FILE\n(the line number is the coordinate i).\n" GRID_DESC,
    .opts = opts_product, .args_size = sizeof(grid_args_t),
    .common = GRID_COMMON, .digits_def = "10", .run = run_product};

static const hkz_cli_cmd_t *const heat_subs[] = {
    &grid_su2, &grid_sub, &grid_milnor, &grid_product, NULL};

static const hkz_cli_cmd_t grid_heat = {
    .name = "heat", .summary = "certified heat-kernel tables on the engine",
    .description = "Certified heat-kernel tables over points x times.\n",
    .sub = heat_subs};

static const hkz_cli_cmd_t *const grid_subs[] = {&grid_heat, NULL};

const hkz_cli_cmd_t hkz_cli_grid = {
    .name = "grid", .summary = "certified tables over points x times "
    "(grid heat)",
    .description = "Large certified computations on the spectral-sum "
    "engine.\n", .sub = grid_subs};
