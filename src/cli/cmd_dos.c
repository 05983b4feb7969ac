/* hkz dos: exact density of states g(M, E) of an Ising model. */
#include <stdio.h>
#include <string.h>
#include "cli.h"

enum
{
    OPT_GRAPH = HKZ_OPT_FIRST_COMMAND_OPT, OPT_LATTICE, OPT_BOUNDARY,
    OPT_ENERGY_ONLY, OPT_THREADS
};

typedef struct
{
    const char *graph, *lattice, *boundary;
    int energy_only;
    slong threads;
} dos_job_t;

static const char *usage_dos =
    "usage: hkz dos (--graph FILE | --lattice LxM [--boundary torus|cylinder])"
    "\n               [--energy-only] [--threads T] [--format text|csv|jsonl]"
    " [--out PATH]\n\n"
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
    "matrix.\n";

static int handle(int opt, const char *arg, void *ctx)
{
    dos_job_t *j = ctx;
    switch (opt)
    {
    case OPT_GRAPH: j->graph = arg; break;
    case OPT_LATTICE: j->lattice = arg; break;
    case OPT_BOUNDARY: j->boundary = arg; break;
    case OPT_ENERGY_ONLY: j->energy_only = 1; break;
    case OPT_THREADS:
        return hkz_cli_slong(&j->threads, "--threads", arg, 1, 64);
    }
    return 0;
}

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

/* A library failure as one line: size limits are bad input here (exit 2). */
static int dos_fail(int status)
{
    if (status == HKZ_ERR_UNSUPPORTED || status == HKZ_ERR_TOO_LARGE)
        return hkz_cli_usage_error("%s", hkz_errmsg());
    return hkz_cli_fail(status);
}

static int write_table(hkz_writer_t *w, const hkz_ising_dos_t d,
                       int energy_only)
{
    slong i, k, W = d->nk - 1;
    fmpz_t E, c;
    fmpz *gb = NULL;
    int rc = 0;

    fmpz_init(E);
    fmpz_init(c);
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
            /* E = S - 2b */
            fmpz_set_si(c, d->bmin + i);
            fmpz_mul_si(c, c, -2);
            fmpz_add(E, d->S, c);
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
    fmpz_clear(c);
    return rc;
}

int hkz_cmd_dos(int argc, char **argv)
{
    static const struct option opts[] = {
        HKZ_CLI_COMMON_OPTIONS,
        {"graph", required_argument, NULL, OPT_GRAPH},
        {"lattice", required_argument, NULL, OPT_LATTICE},
        {"boundary", required_argument, NULL, OPT_BOUNDARY},
        {"energy-only", no_argument, NULL, OPT_ENERGY_ONLY},
        {"threads", required_argument, NULL, OPT_THREADS},
        {NULL, 0, NULL, 0}};
    hkz_cli_common_t common;
    dos_job_t j;
    hkz_ising_model_t m;
    hkz_ising_dos_t d;
    hkz_writer_t *w = NULL;
    char buf[64], *s;
    int rc, status, boundary = HKZ_ISING_TORUS;
    fmpz_t total;

    memset(&j, 0, sizeof(j));
    j.threads = 2;
    hkz_ising_model_init(m);
    hkz_ising_dos_init(d);
    fmpz_init(total);
    hkz_cli_common_init(&common);

    rc = hkz_cli_parse(argc, argv, opts, &common, handle, &j);
    if (rc == -1)
    {
        fputs(usage_dos, stdout);
        rc = 0;
        goto cleanup;
    }
    if (rc)
        goto cleanup;
    if ((j.graph == NULL) == (j.lattice == NULL))
    {
        rc = hkz_cli_usage_error("give exactly one of --graph and --lattice "
                                 "(see --help)");
        goto cleanup;
    }
    if (j.boundary != NULL)
    {
        if (j.lattice == NULL)
        {
            rc = hkz_cli_usage_error("--boundary needs --lattice");
            goto cleanup;
        }
        if (strcmp(j.boundary, "torus") == 0)
            boundary = HKZ_ISING_TORUS;
        else if (strcmp(j.boundary, "cylinder") == 0)
            boundary = HKZ_ISING_CYLINDER;
        else
        {
            rc = hkz_cli_usage_error("--boundary: expected torus or cylinder "
                                     "(got '%s')", j.boundary);
            goto cleanup;
        }
    }
    if (j.lattice != NULL)
    {
        slong L, M;
        fmpq_t one;
        if ((rc = parse_lattice(&L, &M, j.lattice)))
            goto cleanup;
        fmpq_init(one);
        fmpq_one(one);
        status = hkz_ising_model_lattice(m, L, M, one, boundary);
        fmpq_clear(one);
        if (status != HKZ_SUCCESS)
        {
            rc = hkz_cli_usage_error("--lattice: %s", hkz_errmsg());
            goto cleanup;
        }
    }
    else
    {
        status = hkz_ising_model_read_file(m, j.graph);
        if (status != HKZ_SUCCESS)
        {
            rc = hkz_cli_usage_error("%s", hkz_errmsg());
            goto cleanup;
        }
        if (m->n > HKZ_ISING_ENUM_MAX_N)
        {
            rc = hkz_cli_usage_error("--graph: N = %ld vertices is too large "
                                     "for exact enumeration (at most %d)",
                                     (long) m->n, HKZ_ISING_ENUM_MAX_N);
            goto cleanup;
        }
    }
    status = hkz_ising_dos_compute(d, m, (int) j.threads);
    if (status != HKZ_SUCCESS)
    {
        rc = dos_fail(status);
        goto cleanup;
    }

    if ((rc = hkz_cli_open(&w, &common, argc, argv)))
        goto cleanup;
    s = fmpq_get_str(NULL, 10, d->unit);
    snprintf(buf, sizeof(buf), "%ld", (long) m->n);
    status = hkz_writer_meta(w, "model", j.lattice != NULL ?
                             (boundary == HKZ_ISING_TORUS ? "lattice torus" :
                              "lattice cylinder") : "graph");
    if (!status)
        status = hkz_writer_meta(w, "vertices", buf);
    snprintf(buf, sizeof(buf), "%ld", (long) m->nedges);
    if (!status)
        status = hkz_writer_meta(w, "edges", buf);
    snprintf(buf, sizeof(buf), "%ld", (long) hkz_ising_model_weight(m));
    if (!status)
        status = hkz_writer_meta(w, "W", buf);
    if (!status)
        status = hkz_writer_meta(w, "J0", s);
    flint_free(s);
    s = fmpz_get_str(NULL, 10, d->S);
    if (!status)
        status = hkz_writer_meta(w, "S", s);
    flint_free(s);
    hkz_ising_dos_total(total, d);
    s = fmpz_get_str(NULL, 10, total);
    if (!status)
        status = hkz_writer_meta(w, "total", s);
    flint_free(s);
    if (!status)
        status = hkz_writer_meta(w, "method", j.lattice != NULL ?
                                 "transfer matrix" : "Gray-code enumeration");
    if (!status)
        status = hkz_writer_meta(w, "columns", j.energy_only ?
            "b = unsatisfied weight, E = S - 2b (energy E*J0), g = count" :
            "b = unsatisfied weight, E = S - 2b (energy E*J0), k = down "
            "weight, M = W - 2k, g = count");
    if (status)
    {
        rc = hkz_cli_fail(status);
        goto cleanup;
    }
    if (!(rc = write_table(w, d, j.energy_only)))
        rc = hkz_cli_finish(&w, HKZ_SUCCESS);

cleanup:
    hkz_writer_abort(&w);
    hkz_ising_model_clear(m);
    hkz_ising_dos_clear(d);
    fmpz_clear(total);
    return rc;
}
