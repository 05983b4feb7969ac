/* hkz bench ssum: the spectral-sum engine against plain DGEMM and the
 * overlapped reduction against GEMM-then-reduce, in one run (issue 11.3).
 * A thin command over hkz_bench_ssum (hkz/bench.h, bench/ssum). */
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "hkz/bench.h"
#include "hkz/dist.h"
#include "cli.h"

/* OpenBLAS's thread count (weak: absent with another BLAS) */
int openblas_get_num_threads(void) __attribute__((weak));

/* the choices, straight onto the library's enums */
static const hkz_opt_enum_t bases[] = {
    {"cheb", HKZ_BASIS_CHEB_U}, {"cos", HKZ_BASIS_COS}, {NULL, 0}};
static const hkz_opt_enum_t shards[] = {
    {"p", HKZ_SHARD_SPLIT_P}, {"k", HKZ_SHARD_SPLIT_K}, {NULL, 0}};
static const hkz_opt_enum_t overlaps[] = {
    {"none", HKZ_BENCH_OVERLAP_NONE}, {"chunked", HKZ_BENCH_OVERLAP_CHUNKED},
    {"window", HKZ_BENCH_OVERLAP_WINDOW}, {NULL, 0}};
static const hkz_opt_enum_t devices[] = {
    {"cpu", HKZ_BACKEND_CPU}, {"cuda", HKZ_BACKEND_CUDA}, {NULL, 0}};
static const hkz_opt_enum_t reductions[] = {
    {"fixed", HKZ_DIST_REDUCE_FIXED}, {"mpi", HKZ_DIST_REDUCE_MPI},
    {NULL, 0}};

typedef struct
{
    slong P, K, T, reps, warmup, threads, nchunks, gpu, seed;
    int basis, shard, overlap, device, reduce, force;
} bench_args_t;

static const hkz_opt_t ssum_opts[] = {
    {"P", HKZ_OPT_SLONG, offsetof(bench_args_t, P), .req = 1, .lo = 1,
     .hi = INT_MAX, .metavar = "N", .help = "points (rows of Out)"},
    {"K", HKZ_OPT_SLONG, offsetof(bench_args_t, K), .req = 1, .lo = 1,
     .hi = INT_MAX, .metavar = "N", .help = "modes (the GEMM's inner size)"},
    {"T", HKZ_OPT_SLONG, offsetof(bench_args_t, T), .req = 1, .lo = 1,
     .hi = INT_MAX, .metavar = "N", .help = "columns (times) of Out"},
    {"basis", HKZ_OPT_CHOICE, offsetof(bench_args_t, basis),
     .values = bases, .def = "cheb", .help = "Chebyshev U (SU(2) "
     "characters) or Lee-Yang cosines"},
    {"shard", HKZ_OPT_CHOICE, offsetof(bench_args_t, shard),
     .values = shards, .def = "k", .help = "split points or modes over the "
     "ranks"},
    {"overlap", HKZ_OPT_CHOICE, offsetof(bench_args_t, overlap),
     .values = overlaps, .def = "chunked", .help = "the "
     "overlapped run (window: GPUs only)"},
    {"device", HKZ_OPT_CHOICE, offsetof(bench_args_t, device),
     .values = devices, .def = "cpu", .help = "OpenBLAS on the CPU or "
     "cuBLAS on a GPU"},
    {"reps", HKZ_OPT_SLONG, offsetof(bench_args_t, reps), .lo = 1,
     .hi = 10000, .def = "3", .metavar = "N", .help = "timed repetitions "
     "(median)"},
    {"warmup", HKZ_OPT_SLONG, offsetof(bench_args_t, warmup), .lo = 0,
     .hi = 10000, .def = "1", .metavar = "N", .help = "untimed repetitions "
     "first"},
    {"threads", HKZ_OPT_SLONG, offsetof(bench_args_t, threads), .lo = 0,
     .hi = 64, .def = "0", .metavar = "N", .help = "CPU engine threads (0: "
     "one per CPU)"},
    {"nchunks", HKZ_OPT_SLONG, offsetof(bench_args_t, nchunks), .lo = 0,
     .hi = 65536, .def = "0", .metavar = "N", .help = "column chunks of the "
     "overlapped run (0: 4 CPU, 8 GPU)"},
    {"reduce", HKZ_OPT_CHOICE, offsetof(bench_args_t, reduce),
     .values = reductions, .def = "fixed", .help = "CPU reduction: rank "
     "order (bitwise reproducible) or MPI's"},
    {"gpu", HKZ_OPT_SLONG, offsetof(bench_args_t, gpu), .lo = -1,
     .hi = 1023, .def = "-1", .metavar = "I", .help = "CUDA device (-1: "
     "local rank modulo the device count)"},
    {"seed", HKZ_OPT_SLONG, offsetof(bench_args_t, seed), .lo = 0,
     .hi = WORD_MAX, .def = "1", .metavar = "S", .help = "seed of the "
     "random weights"},
    {"force", HKZ_OPT_FLAG, offsetof(bench_args_t, force), .help = "run "
     "even when the estimate exceeds 2 hours"},
    HKZ_OPT_END};

/* Estimated seconds past which --force is needed. */
#define BENCH_TIME_MAX 7200.0

/* Refuses before any work a run that cannot fit in this machine's memory
 * (the basis B, C and the outputs, in doubles), or (without --force) one
 * estimated above BENCH_TIME_MAX at 10^11 flop/s (five GEMM-sized steps
 * per round). */
static int size_check(const bench_args_t *a)
{
    double P = (double) a->P, K = (double) a->K, T = (double) a->T;
    double bytes = 8.0 * (P * K + K * T + 3.0 * P * T);
    double mem = (double) sysconf(_SC_PHYS_PAGES) *
                 (double) sysconf(_SC_PAGE_SIZE);
    double secs = 2.0 * P * K * T * 5.0 * (double) (a->reps + a->warmup)
                  / 1e11;
    if (mem > 0 && bytes > mem)
        return hkz_cli_usage_error("--P %ld --K %ld --T %ld needs about %.3g"
                                   " GB (B, C and the outputs in doubles); "
                                   "this machine has %.3g GB", (long) a->P,
                                   (long) a->K, (long) a->T, bytes / 1e9,
                                   mem / 1e9);
    if (!a->force && secs > BENCH_TIME_MAX)
        return hkz_cli_usage_error("--P %ld --K %ld --T %ld: %.3g flop per "
                                   "GEMM, about %.3g h at 10^11 flop/s "
                                   "(%.3g GB); use smaller sizes, or --force"
                                   " to run it anyway", (long) a->P,
                                   (long) a->K, (long) a->T,
                                   2.0 * P * K * T, secs / 3600.0,
                                   bytes / 1e9);
    return 0;
}

static int check_ssum(hkz_cli_run_t *r, void *args)
{
    bench_args_t *a = args;
    if (a->device == HKZ_BACKEND_CPU &&
        a->overlap == HKZ_BENCH_OVERLAP_WINDOW)
        return hkz_cli_usage_error("--overlap window needs --device cuda "
                                   "(NCCL windows); use none or chunked "
                                   "on the CPU");
#ifndef HKZ_CLI_CUDA
    if (a->device == HKZ_BACKEND_CUDA)
        return hkz_cli_usage_error("--device cuda: this hkz was built "
                                   "without CUDA (configure with "
                                   "-DHKZ_CUDA=ON)");
#endif
    return size_check(a);
}

static void line_s(const char *key, double v)
{
    if (isfinite(v))
        printf("%s %.6g\n", key, v);
    else
        printf("%s n/a\n", key);
}

static void print_result(const hkz_cli_run_t *r, const hkz_bench_ssum_t *b,
                         const bench_args_t *a)
{
    static const char *const step_key[HKZ_BENCH_NSTEPS] = {
        "plain_dgemm_s", "engine_s", "allreduce_alone_s",
        "gemm_then_allreduce_s", "overlapped_s"};
    const double *t = b->t;
    int q, s;

    /* the run record */
    printf("command %s\n", hkz_cli_command_line());
    printf("hkz_version %s\n", hkz_version());
    printf("git_revision %s\n", hkz_cli_git_revision());
    printf("start_utc %s\n", r->start_utc);
    printf("ranks %d\n", b->nranks);
    printf("threads %d\n", b->nthreads > 0 ? b->nthreads    /* CPU engine */
           : flint_get_num_threads());
    printf("blas_threads %d\n", openblas_get_num_threads != NULL ?
           openblas_get_num_threads() : 1);
    printf("backend %s\n", b->backend);
    /* the problem */
    printf("P %zu\nK %zu\nT %zu\n", b->opts.P, b->opts.K, b->opts.T);
    printf("basis %s\nshard %s\noverlap %s\n",
           hkz_cli_enum_name(bases, a->basis),
           hkz_cli_enum_name(shards, a->shard),
           hkz_cli_enum_name(overlaps, a->overlap));
    printf("P_loc %zu\nK_loc %zu\n", b->p_loc, b->k_loc);
    printf("nchunks %zu\nreps %d\n", b->opts.nchunks, b->opts.reps);
    printf("flop %.6g\n", b->flops);
    /* engine against plain DGEMM */
    line_s("engine_s", t[HKZ_BENCH_ENGINE]);
    printf("engine_flop_per_s %.4g\n", b->engine_flops);
    printf("plain_dgemm_via %s\n", b->plain_via);
    if (b->blas_core != NULL)
    {
        printf("blas_core %s\n", b->blas_core);
        printf("blas_config %s\n", b->blas_config != NULL ? b->blas_config
               : "?");
    }
    line_s("plain_dgemm_s", t[HKZ_BENCH_PLAIN]);
    printf("plain_dgemm_flop_per_s %.4g\n", b->plain_flops);
    printf("efficiency_vs_plain_dgemm %.1f%%\n", 100.0 * b->efficiency);
    /* each timing lasts >= 0.1 s (inner runs); a spread over the
       repetitions above 10% makes the ratio noise, and says so */
    printf("timing_runs engine %d plain_dgemm %d\n",
           b->inner[HKZ_BENCH_ENGINE], b->inner[HKZ_BENCH_PLAIN]);
    printf("efficiency_stable %s (spread engine %.1f%%, plain_dgemm "
           "%.1f%%)\n", b->spread[HKZ_BENCH_ENGINE] <= 0.1 &&
           b->spread[HKZ_BENCH_PLAIN] <= 0.1 ? "yes" : "no",
           100.0 * b->spread[HKZ_BENCH_ENGINE],
           100.0 * b->spread[HKZ_BENCH_PLAIN]);
    line_s("max_abs_diff_engine_vs_plain", b->max_diff);
    line_s("max_error_bound", b->max_bound);
    /* the reduction: sequential against overlapped */
    printf("reduction %s\n", b->reduction != NULL ? b->reduction : "?");
    line_s("gemm_alone_s", t[HKZ_BENCH_PLAIN]);
    line_s("allreduce_alone_s", t[HKZ_BENCH_COMM]);
    line_s("gemm_then_allreduce_s", t[HKZ_BENCH_SEQ]);
    line_s("overlapped_s", t[HKZ_BENCH_OVL]);
    line_s("max_abs_diff_overlapped_vs_sequential", b->ovl_diff);
    line_s("ect_sequential_s", b->ect_seq);
    line_s("ect_overlap_s", b->ect_ovl);
    line_s("overlap_efficiency", b->e_overlap);
    /* per rank, and the straggler line of the engine step */
    for (q = 0; q < b->nranks; q++)
    {
        printf("rank_%d", q);
        for (s = 0; s < HKZ_BENCH_NSTEPS; s++)
            printf(" %s %.6g", step_key[s],
                   b->rank_t[q * HKZ_BENCH_NSTEPS + s]);
        printf("\n");
    }
    printf("rank_0_cpu");
    for (s = 0; s < HKZ_BENCH_NSTEPS; s++)
        printf(" %s %.6g", step_key[s], b->cpu[s]);
    printf("\n");
    printf("straggler_engine %s\n", b->straggler);
    fflush(stdout);
}

static int run_ssum(hkz_cli_run_t *r, void *args)
{
    bench_args_t *a = args;
    hkz_bench_ssum_opts_t o;
    hkz_bench_ssum_t b;
    int status;

    hkz_bench_ssum_opts_init(&o);
    o.P = (size_t) a->P;
    o.K = (size_t) a->K;
    o.T = (size_t) a->T;
    o.basis = a->basis;
    o.backend = a->device;
    o.shard = a->shard;
    o.overlap = a->overlap;
    o.reduce = a->reduce;
    o.reps = (int) a->reps;
    o.warmup = (int) a->warmup;
    o.nthreads = (int) a->threads;
    o.nchunks = (size_t) a->nchunks;
    o.device = (int) a->gpu;
    o.seed = (unsigned long) a->seed;

    hkz_bench_ssum_init(&b);
    status = hkz_bench_ssum(&b, &o);
    if (status != HKZ_SUCCESS)
        return hkz_cli_fail(status);
    hkz_cli_set_backend(b.backend);
    if (b.rank_t != NULL)   /* rank 0 holds the per-rank times */
    {
        if (b.blas_generic)
            fprintf(stderr, "hkz: warning: OpenBLAS runs its generic %s "
                    "kernel (CPU not recognized): plain_dgemm and the "
                    "engine are far below this CPU's speed; set "
                    "OPENBLAS_CORETYPE (e.g. SkylakeX, Haswell, Zen) for "
                    "real figures\n", b.blas_core);
        print_result(r, &b, a);
    }
    hkz_bench_ssum_clear(&b);
    return 0;
}

static const hkz_cli_cmd_t bench_ssum = {
    .name = "ssum", .summary = "the spectral-sum engine against plain "
    "DGEMM, and its overlapped reduction",
    .description =
    "Measures in one run, on the same data (Out[P x T] = B[P x K] C[K x T], "
    "B the\nbasis at P Chebyshev nodes, C uniform in [-1, 1]): the engine "
    "(basis generation +\nGEMM + error bound) against one plain DGEMM "
    "(OpenBLAS / cuBLAS) of a pregenerated\nbasis; the all-reduce alone; "
    "GEMM-then-all-reduce over the ranks; the overlapped\nrun. Prints one "
    "'key value' line per figure: the run record, engine_flop_per_s,\n"
    "plain_dgemm_flop_per_s, efficiency_vs_plain_dgemm NN.N%, "
    "gemm_then_allreduce_s,\noverlapped_s and Flux's overlap_efficiency = "
    "1 - ECT_overlap / ECT_sequential\n(ECT = total minus the plain GEMM of "
    "the local slice), a line per rank and the\nstraggler line. Times: "
    "median over --reps after --warmup, each repetition the\nmaximum over "
    "the ranks (on the CPU a repetition times the plain GEMM and the\n"
    "engine 3 times each, alternating). Under mpiexec --shard k gives each "
    "rank K/N\nmodes (K_loc); on one rank the reduction is a no-op (overhead "
    "only).\n",
    .opts = ssum_opts, .args_size = sizeof(bench_args_t),
    .check = check_ssum, .run = run_ssum};

static const hkz_cli_cmd_t *const bench_subs[] = {&bench_ssum, NULL};

const hkz_cli_cmd_t hkz_cli_bench = {
    .name = "bench", .summary = "benchmarks of the engine (ssum)",
    .description = "Benchmarks measured side by side in one run.\n",
    .sub = bench_subs};
