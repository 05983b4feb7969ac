/* The rows of hkz zeros: one per zero, then the summary row (same
 * columns, for CSV); part results are formatted on every process and
 * written by rank 0 in rank order.  Per-rank timing lines. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "hkz/runner.h"
#include "cmd_zeros.h"

/* Row of local entry i of z, or the summary row for i < 0. */
static int put_row(hkz_writer_t *w, const hkz_ly_zeros_t z, slong i,
                   int status, const char *model, slong digits)
{
    hkz_field_t f[14];
    char note[512];
    int zero = i >= 0, fin = zero && arb_is_finite(z->theta + i), s;
    int cert = zero ? z->flag[i] == HKZ_LY_ZERO_CERTIFIED : z->complete;
    arb_t x;

    arb_init(x);
    if (fin)
        arb_set(x, z->theta + i);
    else
        arb_indeterminate(x);
    f[0] = HKZ_FSTR("record", zero ? "zero" : "summary");
    f[1] = HKZ_FSTR("model", model);
    f[2] = HKZ_FINT("j", zero ? (long) (z->j0 + i + 1) : 0);
    f[3] = fin ? hkz_cli_fvalue("theta", x, digits) : HKZ_FSTR("theta", "");
    f[4] = HKZ_FDBL("mid", 0.0 / 0.0);
    f[5] = HKZ_FDBL("rad", 0.0 / 0.0);
    if (fin)
        hkz_cli_fmid_rad(f + 4, x);
    f[6] = hkz_cli_frel(x);
    f[7] = HKZ_FBOOL("certified", cert);
    f[8] = HKZ_FSTR("status", !zero ? (status == HKZ_SUCCESS ? "ok"
                    : hkz_status_name(status)) : cert ? "ok"
                    : z->flag[i] == HKZ_LY_ZERO_ISOLATED
                    ? "isolated, index unknown" : "not found");
    f[9] = HKZ_FINT("n", (long) z->n);
    f[10] = HKZ_FINT("found", (long) z->nisolated);
    f[11] = HKZ_FBOOL("complete", z->complete);
    f[12] = HKZ_FBOOL("trivial_pi_2", z->trivial);
    note[0] = '\0';
    if (!zero && z->complete)
        snprintf(note, sizeof(note), "%ld certified sign changes of F in "
                 "(0, pi/2) plus their mirror images%s account for all %ld "
                 "zeros (Lee-Yang count): the list is complete and every "
                 "zero is simple", (long) z->n, z->trivial
                 ? " and the trivial zero pi/2" : "", (long) z->W);
    else if (!zero)
        snprintf(note, sizeof(note), "NOT certified complete: %s",
                 hkz_errmsg());
    f[13] = HKZ_FSTR("note", note);
    s = hkz_writer_record(w, f, 14);
    arb_clear(x);
    return s;
}

typedef struct
{
    const hkz_ly_zeros_struct *z;
    int status;
    const char *model;
    slong digits;
} rows_t;

static int row(hkz_writer_t *w, void *ctx, slong i)
{
    const rows_t *c = ctx;
    return put_row(w, c->z, i, c->status, c->model, c->digits);
}

/* every process its block; rank 0 writes them in order */
static int part_rows(hkz_cli_run_t *r, const hkz_ly_zeros_t z, int status,
                     const char *model)
{
    rows_t c;
    int s;
    c.z = z;
    c.status = status;
    c.model = model;
    c.digits = r->digits;
    s = hkz_run_rows(hkz_dist_world(), r->w, r->fmt, z->len, row, &c);
    if (s == HKZ_SUCCESS && hkz_cli_rank() == 0)
        s = put_row(r->w, z, -1, status, model, r->digits);
    return s;
}

/* Under mpirun rank 0's stdout is a pipe to the launcher, which copies
 * it to the user's file: on the H200 host 200 MB/s by dd alone, ~70 MB/s
 * in a run, so ~19 s more for the 1.3 GB of rows at N = 10^7, where with
 * --out the ranks write them in place in 0.6 s (bench/NOTES.md, cwbal2).
 * Worth a note from 10^5 rows (~26 MB) on. */
#define ROWS_NOTE 100000

static int stdout_is_file(void)
{
    struct stat st;
    return fstat(STDOUT_FILENO, &st) == 0 && S_ISREG(st.st_mode);
}

int hkz_cli_zeros_rows(hkz_cli_run_t *r, const hkz_ly_zeros_t z,
                       int status, const char *model)
{
    slong i;
    int s = HKZ_SUCCESS;
    if (z->part && z->n > ROWS_NOTE && hkz_cli_rank() == 0 &&
        strcmp(r->out, "-") == 0 && !stdout_is_file())
        fprintf(stderr, "hkz: note: %ld rows go to stdout through the "
                "launcher (mpirun: one process, 70-200 MB/s); "
                "--out FILE lets every rank write its rows in place\n",
                (long) z->n);
    if (z->part)
        s = part_rows(r, z, status, model);
    else if (hkz_cli_rank() == 0)
        for (i = 0; i <= z->len && s == HKZ_SUCCESS; i++)
            s = put_row(r->w, z, i < z->len ? i : -1, status, model,
                        r->digits);
    return s == HKZ_SUCCESS ? 0 : hkz_cli_fail(s);
}

void hkz_cli_zeros_rank_lines(hkz_cli_run_t *r, const hkz_ly_zeros_t z)
{
    struct timespec ts;
    struct rusage ru;
    char line[240], zs[64], *all = NULL, *p, *e;
    size_t len;
    double cpu = 0, now = hkz_cli_wtime(), wall = now - r->t0;

    if (hkz_cli_size() <= 1)
        return;
    if (clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts) == 0)
        cpu = ts.tv_sec + 1e-9 * ts.tv_nsec;
    if (getrusage(RUSAGE_SELF, &ru) != 0)
        ru.ru_maxrss = 0;
    if (z->part && z->done_wall > 0)
    {
        /* the rank's own work; then it waited for the others (MPI may
         * spin meanwhile: that CPU is not counted) */
        wall = z->done_wall - r->t0;
        cpu = z->done_cpu;
    }
    if (z->part && z->done_count >= 0 && z->done_count != z->len)
        snprintf(zs, sizeof(zs), "%ld zeros (%ld certified here)",
                 (long) z->len, (long) z->done_count);
    else if (z->part)
        snprintf(zs, sizeof(zs), "%ld zeros", (long) z->len);
    else
        snprintf(zs, sizeof(zs), "- zeros");
    snprintf(line, sizeof(line), "hkz: rank %d: %s, wall %.2f s, cpu "
             "%.2f s, max RSS %.0f MB, then waited %.2f s\n",
             hkz_cli_rank(), zs, wall, cpu, ru.ru_maxrss / 1024.0,
             now - r->t0 - wall);
    if (hkz_run_rank_lines(hkz_dist_world(), &all, line) == HKZ_SUCCESS
        && hkz_cli_rank() == 0)
    {
        /* the progress line ends here (the rows take no progress) */
        hkz_cli_progress_stop(r);
        len = strlen(all);
        for (p = all; p < all + len; p = e + 1)
        {
            e = memchr(p, '\n', all + len - p);
            if (e == NULL)
                break;
            fwrite(p, 1, e - p + 1, stderr);
        }
        fflush(stderr);
    }
    flint_free(all);
}
