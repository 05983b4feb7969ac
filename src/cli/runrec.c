/* The run record (meta) and the closing record of every output (issue 10
 * item 6): git revision, UTC start time, threads, ranks, backend; wall
 * time and per-rank times at the end. */
#include <stdio.h>
#include <string.h>
#include <time.h>
#include "hkz/runner.h"
#include "cli.h"
#include "hkz_gitrev.h"   /* HKZ_GIT_REVISION, generated at build time */

/* OpenBLAS's thread count, when the library is OpenBLAS (weak: absent
 * with another BLAS). */
int openblas_get_num_threads(void) __attribute__((weak));

static char backend[128] = "cpu";

void hkz_cli_set_backend(const char *b)
{
    snprintf(backend, sizeof(backend), "%s", b);
}

double hkz_cli_wtime(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

void hkz_cli_utc_now(char *buf, size_t n)
{
    time_t t = time(NULL);
    struct tm tm;
    gmtime_r(&t, &tm);
    strftime(buf, n, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

static int run_ranks(void)
{
    return hkz_cli_size();
}

int hkz_cli_run_times(hkz_cli_run_t *r)
{
    int size = run_ranks();
    double mine = hkz_cli_wtime() - r->t0;
    r->rank_times = flint_calloc(size, sizeof(double));
    if (hkz_run_times(hkz_dist_world(), mine, r->rank_times) !=
        HKZ_SUCCESS)
        return hkz_cli_fail(HKZ_ERR_MPI);
    if (size == 1)
        r->rank_times[0] = mine;
    return 0;
}

const char *hkz_cli_git_revision(void)
{
    return HKZ_GIT_REVISION;
}

int hkz_cli_run_open(hkz_cli_run_t *r, hkz_writer_t **w, const char *path,
                     hkz_format_t fmt)
{
    hkz_field_t f[8];
    slong n = 0, i;
    int s;

    s = hkz_writer_open(w, path, fmt);
    if (s != HKZ_SUCCESS)
        return hkz_cli_fail(s) == HKZ_CLI_EXIT_USAGE ? HKZ_CLI_EXIT_USAGE
                                                     : HKZ_CLI_EXIT_RUNTIME;
    f[n++] = HKZ_FINT("digits", (long) r->digits);
    f[n++] = HKZ_FSTR("git_revision", HKZ_GIT_REVISION);
    f[n++] = HKZ_FSTR("start_utc", r->start_utc);
    f[n++] = HKZ_FINT("threads", (long) flint_get_num_threads());
    f[n++] = HKZ_FINT("blas_threads", openblas_get_num_threads != NULL ?
                      (long) openblas_get_num_threads() : 1L);
    f[n++] = HKZ_FINT("ranks", (long) run_ranks());
    f[n++] = HKZ_FSTR("backend", backend);
    s = hkz_writer_meta(*w, "hkz_version", hkz_version());
    if (!s) s = hkz_writer_meta(*w, "flint_version", hkz_flint_version());
    if (!s) s = hkz_writer_meta(*w, "arb_version", hkz_arb_version());
    if (!s && !(r->cmd->common & HKZ_CLI_ISING))
        s = hkz_writer_meta(*w, "normalization", hkz_normalization());
    if (!s) s = hkz_writer_meta(*w, "command", hkz_cli_command_line());
    for (i = 0; i < n && !s; i++)
        s = hkz_writer_meta_field(*w, f + i);
    if (s)
    {
        hkz_writer_abort(w);
        return hkz_cli_fail(s);
    }
    return 0;
}

int hkz_cli_run_close(hkz_cli_run_t *r, hkz_writer_t **w, int exit_code)
{
    char wall[32], ranks[4096];
    hkz_field_t f[3];
    size_t len;
    int i, size = r->rank_times != NULL ? run_ranks() : 0, s;
    double mine = hkz_cli_wtime() - r->t0;

    snprintf(wall, sizeof(wall), "%.6f", mine);
    len = snprintf(ranks, sizeof(ranks), "[");
    /* a writer closed inside run (compare), before the ranks' times are
       gathered: one process knows its own time */
    if (r->rank_times == NULL && run_ranks() == 1)
        len += snprintf(ranks + len, sizeof(ranks) - len, "%.6f", mine);
    for (i = 0; i < size && len + 24 < sizeof(ranks); i++)
        len += snprintf(ranks + len, sizeof(ranks) - len, "%s%.6f",
                        i ? "," : "", r->rank_times[i]);
    snprintf(ranks + len, sizeof(ranks) - len, "]");
    f[0] = HKZ_FRAW("wall_s", wall);
    f[1] = HKZ_FRAW("rank_wall_s", ranks);
    f[2] = HKZ_FINT("exit_code", (long) exit_code);
    s = hkz_writer_end(*w, f, 3);
    if (s == HKZ_SUCCESS)
        s = hkz_writer_close(w);
    if (s != HKZ_SUCCESS)
        return hkz_cli_fail(s);
    return 0;
}
