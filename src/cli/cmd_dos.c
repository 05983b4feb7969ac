/* hkz dos: exact density of states g(M, E) of an Ising model. */
#include <stdio.h>
#include <string.h>
#include "cli.h"
#include "cli_ly.h"
#include "hkz/engine.h"

#define STR_(x) #x
#define STR(x) STR_(x)

typedef struct
{
    const char *graph, *lattice, *save, *checkpoint;
    int boundary, device, energy_only, force, resume;
    slong threads;
} dos_args_t;

static const hkz_opt_enum_t devices[] = {
    {"auto", HKZ_BACKEND_AUTO}, {"cpu", HKZ_BACKEND_CPU},
    {"cuda", HKZ_BACKEND_CUDA}, {NULL, 0}};

static const hkz_opt_t opts[] = {
    {"graph", HKZ_OPT_STRING, offsetof(dos_args_t, graph),
     .metavar = "FILE", .help = "edge list 'u v J' (Gray-code enumeration, "
     "N <= 40)"},
    {"lattice", HKZ_OPT_STRING, offsetof(dos_args_t, lattice),
     .metavar = "LxM", .help = "L columns x M rows square lattice (transfer "
     "matrix)"},
    {"boundary", HKZ_OPT_CHOICE, offsetof(dos_args_t, boundary),
     .values = hkz_cli_ly_boundaries, .help = "lattice boundary (default "
     "torus)"},
    {"energy-only", HKZ_OPT_FLAG, offsetof(dos_args_t, energy_only),
     .help = "sum over M (zero field)"},
    {"threads", HKZ_OPT_SLONG, offsetof(dos_args_t, threads), .lo = 1,
     .hi = 64, .def = "2", .metavar = "T", .help = "threads"},
    {"save", HKZ_OPT_STRING, offsetof(dos_args_t, save), .metavar = "FILE",
     .help = "also write the table as a checksummed file for --dos"},
    {"device", HKZ_OPT_CHOICE, offsetof(dos_args_t, device),
     .values = devices, .def = "auto", .help = "where to count "
     "(auto: the GPU when there is one)"},
    {"force", HKZ_OPT_FLAG, offsetof(dos_args_t, force), .help = "run a "
     "lattice on the CPU even when the estimate exceeds 2 hours"},
    {"checkpoint", HKZ_OPT_STRING, offsetof(dos_args_t, checkpoint),
     .metavar = "FILE", .help = "torus on the GPU: checkpoint after every "
     "batch of first-row runs"},
    {"resume", HKZ_OPT_FLAG, offsetof(dos_args_t, resume),
     .help = "continue from --checkpoint FILE (same lattice)"},
    HKZ_OPT_END};

/* "LxM" with positive integers. */
static int parse_lattice(slong *L, slong *M, const char *s)
{
    const char *x = strchr(s, 'x');
    char buf[32];
    size_t n;
    int rc;
    if (x == NULL || x == s || x[1] == '\0' || (n = x - s) >= sizeof(buf))
        return hkz_cli_usage_error("--lattice: expected LxM such as 4x4 "
                                   "(got '%s')", s);
    memcpy(buf, s, n);
    buf[n] = '\0';
    if ((rc = hkz_cli_slong(L, "--lattice (L)", buf, 1, 1 << 20)) ||
        (rc = hkz_cli_slong(M, "--lattice (M)", x + 1, 1, 1 << 20)))
        return rc;
    return 0;
}

static int write_table(hkz_writer_t *w, const hkz_ising_dos_t d,
                       int energy_only)
{
    slong i, k, W = d->nk - 1;
    fmpz_t E;
    fmpz *gb = NULL;
    int rc = 0;

    fmpz_init(E);
    if (energy_only)
    {
        gb = _fmpz_vec_init(d->nb);
        hkz_ising_dos_energy_counts(gb, d);
    }
    for (i = 0; i < d->nb && rc == 0; i++)
        for (k = 0; k < (energy_only ? 1 : d->nk) && rc == 0; k++)
        {
            const fmpz *g = energy_only ? gb + i : d->g + i * d->nk + k;
            hkz_field_t f[5];
            char *es, *gs;
            slong nf = 0;
            int s;
            if (fmpz_is_zero(g))
                continue;
            hkz_ising_dos_energy(E, d, d->bmin + i);
            es = fmpz_get_str(NULL, 10, E);
            gs = fmpz_get_str(NULL, 10, g);
            f[nf++] = HKZ_FINT("b", (long) (d->bmin + i));
            f[nf] = HKZ_FSTR("E", es);
            f[nf++].kind = HKZ_FIELD_RAW;
            if (!energy_only)
            {
                f[nf++] = HKZ_FINT("k", (long) k);
                f[nf++] = HKZ_FINT("M", (long) (W - 2 * k));
            }
            f[nf] = HKZ_FSTR("g", gs);
            f[nf++].kind = HKZ_FIELD_RAW;
            s = hkz_writer_record(w, f, nf);
            if (s != HKZ_SUCCESS)
                rc = hkz_cli_fail(s);
            flint_free(es);
            flint_free(gs);
        }
    if (gb != NULL)
        _fmpz_vec_clear(gb, d->nb);
    fmpz_clear(E);
    return rc;
}

/* A library failure as one line: size limits are bad input here (exit 2). */
static int dos_fail(int status)
{
    if (status == HKZ_ERR_UNSUPPORTED || status == HKZ_ERR_TOO_LARGE ||
        status == HKZ_ERR_CHECKPOINT)
        return hkz_cli_usage_error("%s", hkz_errmsg());
    return hkz_cli_fail(status);
}

/* The model of --graph or --lattice.  0 or an exit code. */
static int read_model(hkz_ising_model_t m, const dos_args_t *j,
                      const hkz_cli_run_t *r)
{
    int status;
    if ((j->graph == NULL) == (j->lattice == NULL))
        return hkz_cli_usage_error("give exactly one of --graph and "
                                   "--lattice (see --help)");
    if (hkz_cli_given(r, "boundary") != NULL && j->lattice == NULL)
        return hkz_cli_usage_error("--boundary needs --lattice");
    if (j->lattice != NULL)
    {
        slong L, M;
        int rc;
        if ((rc = parse_lattice(&L, &M, j->lattice)))
            return rc;
        return hkz_cli_ly_lattice(m, L, M, j->boundary, "--lattice");
    }
    status = hkz_ising_model_read_file(m, j->graph);
    if (status != HKZ_SUCCESS)
        return hkz_cli_usage_error("%s", hkz_errmsg());
    if (m->n > HKZ_ISING_ENUM_MAX_N)
        return hkz_cli_usage_error("--graph: N = %ld vertices is too large "
                                   "for exact enumeration (at most %d)",
                                   (long) m->n, HKZ_ISING_ENUM_MAX_N);
    return 0;
}

/* The model's metadata: integers are JSON numbers, J0 a rational. */
static int write_meta(hkz_writer_t *w, const hkz_ising_model_t m,
                      const hkz_ising_dos_t d, const dos_args_t *j,
                      int boundary, const char *method)
{
    hkz_field_t f[9];
    char *s[3];
    fmpz_t total;
    int i, status = HKZ_SUCCESS;

    fmpz_init(total);
    hkz_ising_dos_total(total, d);
    s[0] = fmpq_get_str(NULL, 10, d->unit);
    s[1] = fmpz_get_str(NULL, 10, d->S);
    s[2] = fmpz_get_str(NULL, 10, total);
    f[0] = HKZ_FSTR("model", j->lattice != NULL ? (boundary ==
                    HKZ_ISING_TORUS ? "lattice torus" : "lattice cylinder")
                    : "graph");
    f[1] = HKZ_FINT("vertices", (long) m->n);
    f[2] = HKZ_FINT("edges", (long) m->nedges);
    f[3] = HKZ_FINT("W", (long) hkz_ising_model_weight(m));
    f[4] = HKZ_FSTR("J0", s[0]);
    f[5] = HKZ_FRAW("S", s[1]);
    f[6] = HKZ_FRAW("total", s[2]);
    f[7] = HKZ_FSTR("method", method);
    f[8] = HKZ_FSTR("columns", j->energy_only ?
        "b = unsatisfied weight, E = S - 2b (energy E*J0), g = count" :
        "b = unsatisfied weight, E = S - 2b (energy E*J0), k = down "
        "weight, M = W - 2k, g = count");
    for (i = 0; i < 9 && status == HKZ_SUCCESS; i++)
        status = hkz_writer_meta_field(w, f + i);
    for (i = 0; i < 3; i++)
        flint_free(s[i]);
    fmpz_clear(total);
    return status == HKZ_SUCCESS ? 0 : hkz_cli_fail(status);
}

/* The table on the CPU: the sparse transfer matrix (with progress) for
 * lattices, else the best exact method. */
static int dos_cpu(hkz_ising_dos_t d, const hkz_ising_model_t m,
                   hkz_cli_run_t *r, int threads, int force)
{
    if (m->kind == HKZ_ISING_LATTICE)
    {
        int st = hkz_cli_ly_dos_budget(m, threads, force);
        if (st != HKZ_SUCCESS)
            return st;
        return hkz_ising_dos_transfer_sparse(d, m, threads, &r->prog, NULL);
    }
    return hkz_ising_dos_compute(d, m, threads);
}

/* The table where --device says; *where names the method used. */
static int dos_table(hkz_ising_dos_t d, const hkz_ising_model_t m,
                     hkz_cli_run_t *r, const dos_args_t *j,
                     const char **where)
{
    int lattice = m->kind == HKZ_ISING_LATTICE, gpu = 0, status;
    *where = lattice ? "transfer matrix" : "Gray-code enumeration";
    if (j->checkpoint != NULL)      /* checked by check_dos */
    {
        *where = "transfer matrix (GPU)";
        hkz_cli_set_backend("cuda");
        return hkz_ising_dos_transfer_cuda_ckpt(d, m, j->checkpoint,
                                                j->resume, &r->prog, NULL);
    }
    status = hkz_ising_dos_device(d, &gpu, m, j->device, &r->prog);
    if (status != HKZ_SUCCESS)
        return status;
    if (!gpu)
        return dos_cpu(d, m, r, (int) j->threads, j->force);
    *where = lattice ? "transfer matrix (GPU)" : "Gray-code enumeration (GPU)";
    hkz_cli_set_backend("cuda");
    return HKZ_SUCCESS;
}

static int run_dos(hkz_cli_run_t *r, void *args)
{
    dos_args_t *j = args;
    hkz_ising_model_t m;
    hkz_ising_dos_t d;
    const char *where = "";
    int rc, status, boundary = j->boundary;

    hkz_ising_model_init(m);
    hkz_ising_dos_init(d);
    if (!(rc = read_model(m, j, r)))
    {
        status = dos_table(d, m, r, j, &where);
        /* every table is checked before it is used or saved */
        if (status == HKZ_SUCCESS && hkz_ising_dos_check(d, m) != HKZ_SUCCESS)
        {
            char msg[256];
            snprintf(msg, sizeof(msg), "%s", hkz_errmsg());
            status = hkz_error_set(HKZ_ERR_INTERNAL, "the %s table failed "
                                   "its check (bug): %s", where, msg);
        }
        if (status == HKZ_SUCCESS && j->save != NULL)
            status = hkz_ising_dos_save(j->save, d, m);
        if (status != HKZ_SUCCESS)
            rc = dos_fail(status);
        else if (!(rc = write_meta(r->w, m, d, j, boundary, where)))
            rc = write_table(r->w, d, j->energy_only);
    }
    hkz_ising_model_clear(m);
    hkz_ising_dos_clear(d);
    return rc;
}

/* --device cuda in a build without CUDA: one line, exit 2 */
static int check_dos(hkz_cli_run_t *r, void *args)
{
    const dos_args_t *j = args;
    (void) r;
    if (j->resume && j->checkpoint == NULL)
        return hkz_cli_usage_error("--resume needs --checkpoint FILE");
    if (j->checkpoint != NULL && (j->lattice == NULL || j->boundary !=
        HKZ_ISING_TORUS || j->device != HKZ_BACKEND_CUDA))
        return hkz_cli_usage_error("--checkpoint needs --lattice LxM "
                                   "(torus) and --device cuda");
    if (j->device == HKZ_BACKEND_CUDA && !HKZ_HAVE_CUDA)
        return hkz_cli_usage_error("--device cuda: this hkz was built "
                                   "without CUDA (configure with "
                                   "-DHKZ_CUDA=ON)");
    /* the run record is written before the table is counted */
    if (j->device == HKZ_BACKEND_CUDA)
        hkz_cli_set_backend("cuda");
    return 0;
}

const hkz_cli_cmd_t hkz_cli_dos = {
    .name = "dos", .summary = "exact density of states g(M, E) of an Ising "
    "model",
    .synopsis = "(--graph FILE | --lattice LxM [--boundary torus|cylinder])"
    "\n               [--energy-only] [--threads T] [--save FILE] "
    "[--device auto|cpu|cuda]\n               [--force] [--checkpoint FILE "
    "[--resume]] [common options]",
    .description =
    "Exact density of states of the Ising model\n"
    "  Z = sum_sigma exp(sum_e J_e s_u s_v + h sum_u w_u s_u).\n"
    "All couplings are integer multiples n_e of one unit J0 (their gcd; for "
    "lattices\nJ0 = the bond coupling). Each row is one nonzero count g: "
    "the number of\nconfigurations with coupling energy E*J0, E = sum_e n_e "
    "s_u s_v = S - 2b (b: the\nunsatisfied weight, the number of "
    "unsatisfied bonds on a lattice) and\nmagnetization M = sum_u w_u s_u = "
    "W - 2k (k: the down weight).\n--energy-only sums over M (zero field). "
    "Counts are exact integers.\n\n"
    "--graph FILE: edge list, one 'u v J' per line (J exact decimal or p/q),"
    " '#'\n  comments, optional 'vertices N' and 'weight u w' lines; "
    "Gray-code enumeration\n  (N <= 40 vertices).\n"
    "--lattice LxM: L columns x M rows square lattice (torus: L, M >= 3; "
    "cylinder:\n  periodic rows, free top and bottom, L >= 3); transfer "
    "matrix.\n"
    "--save FILE also writes the table, with its model's fingerprint and a "
    "checksum,\n  for `hkz zeros graph|lattice --dos FILE` and `hkz track "
    "lattice --dos FILE`\n  (written once, reused: those commands refuse "
    "a damaged file or the table of\n  another model, exit 2).\n"
    "--device cuda: graphs by the GPU Gray-code enumeration (N <= 40, "
    "couplings >= 0),\n  lattices by the GPU transfer matrix; the same "
    "exact integers as the CPU, and\n  every table is checked (total 2^N, "
    "binomial marginal, g(E, M) = g(E, -M),\n  Kaufman on tori) before it"
    " is written.  auto (default): the GPU when this hkz\n  has CUDA and "
    "a device is present (graphs from "
    STR(HKZ_ISING_DOS_GPU_MIN_N) " vertices), else the CPU.\n"
    "A lattice on the CPU is refused (exit 2, with the estimate: runs x "
    "time per run\n  from a model of measured tori, memory plan) when it "
    "would run more than 2 hours\n  on --threads (16x16 torus: days; there"
    " is no checkpoint); --force runs it.\n",
    .check = check_dos,
    .opts = opts, .args_size = sizeof(dos_args_t),
    .common = HKZ_CLI_DIGITS | HKZ_CLI_OUTPUT | HKZ_CLI_PROGRESS |
              HKZ_CLI_ISING,
    .run = run_dos};
