/* MPI hooks of the command-line tool (issue 3), compiled only with
 * -DHKZ_MPI=ON: `hkz track` under mpiexec tracks a contiguous block of the
 * zero indices per rank; rank 0 gathers the steps (as exact arb_dump_str
 * strings, so its output equals a single-rank run) and writes alone. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <mpi.h>
#include "cli.h"
#include "sweep.h"

static int cli_rank = 0, cli_size = 1;

int hkz_cli_mpi_init(int *argc, char ***argv)
{
    int provided;
    /* the library's worker threads never call MPI */
    if (MPI_Init_thread(argc, argv, MPI_THREAD_FUNNELED, &provided)
        != MPI_SUCCESS)
    {
        fputs("hkz: error: MPI_Init_thread failed\n", stderr);
        return 1;
    }
    MPI_Comm_rank(MPI_COMM_WORLD, &cli_rank);
    MPI_Comm_size(MPI_COMM_WORLD, &cli_size);
    /* rank 0 alone writes data and errors (every rank parses the same
     * command line, so usage errors are the same everywhere) */
    if (cli_rank != 0)
    {
        if (freopen("/dev/null", "w", stdout) == NULL ||
            freopen("/dev/null", "w", stderr) == NULL)
            return 1;
    }
    return 0;
}

void hkz_cli_mpi_finalize(void)
{
    int fin = 0;
    MPI_Finalized(&fin);
    if (!fin)
        MPI_Finalize();
}

int hkz_cli_mpi_rank(void)
{
    return cli_rank;
}

int hkz_cli_mpi_size(void)
{
    return cli_size;
}

void hkz_cli_mpi_block(slong *lo, slong *hi, slong j0, slong j1)
{
    slong m = j1 - j0, q = m / cli_size, r = m % cli_size;
    /* the first r ranks take q + 1 indices, the others q */
    *lo = j0 + cli_rank * q + FLINT_MIN(cli_rank, r);
    *hi = *lo + q + (cli_rank < r);
}

int hkz_cli_mpi_agree(int rc, int report)
{
    int worst, who, first;
    char msg[512];
    MPI_Allreduce(&rc, &worst, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    if (!report || worst == 0)
        return worst;
    who = rc != 0 ? cli_rank : cli_size;
    MPI_Allreduce(&who, &first, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    if (first == 0 || first >= cli_size)
        return worst;
    /* rank 0 did not fail: it reports the first rank that did */
    memset(msg, 0, sizeof(msg));
    if (cli_rank == first)
        snprintf(msg, sizeof(msg), "%s", hkz_errmsg());
    MPI_Bcast(msg, (int) sizeof(msg), MPI_CHAR, first, MPI_COMM_WORLD);
    if (cli_rank == 0)
        fprintf(stderr, "hkz: error: on rank %d: %s\n", first,
                msg[0] != '\0' ? msg : "failed");
    return worst;
}

/* ---- serialization of a tracker's results -------------------------------- */

typedef struct
{
    char *s;
    size_t len, alloc;
    int ok;
} buf_t;

static void buf_add(buf_t *b, const char *s)
{
    size_t n = strlen(s);
    if (!b->ok)
        return;
    if (b->len + n + 1 > b->alloc)
    {
        size_t na = FLINT_MAX(2 * b->alloc, b->len + n + 4096);
        char *t = realloc(b->s, na);
        if (t == NULL)
        {
            b->ok = 0;
            return;
        }
        b->s = t;
        b->alloc = na;
    }
    memcpy(b->s + b->len, s, n + 1);
    b->len += n;
}

static void buf_ball(buf_t *b, const arb_t x)
{
    char *s = arb_dump_str(x);
    buf_add(b, s);
    buf_add(b, "\n");
    flint_free(s);
}

/* status, message, block, then per zero "done dir nsteps" and per step its
 * dir and the four balls, one item per line */
static void pack(buf_t *b, const hkz_ly_track_struct *tr, int status)
{
    char line[640], msg[512];
    slong i, k, lo = 0, hi = 0;
    size_t c;
    snprintf(msg, sizeof(msg), "%s",
             status != HKZ_SUCCESS ? hkz_errmsg() : "");
    for (c = 0; msg[c] != '\0'; c++)
        if (msg[c] == '\n')
            msg[c] = ' ';
    if (tr != NULL)
    {
        lo = tr->j0;
        hi = tr->j1;
    }
    snprintf(line, sizeof(line), "%d\n%s\n%ld %ld\n", status, msg,
             (long) lo, (long) hi);
    buf_add(b, line);
    for (i = 0; i < hi - lo; i++)
    {
        snprintf(line, sizeof(line), "%d %d %ld\n", tr->done[i], tr->dir[i],
                 (long) tr->nsteps[i]);
        buf_add(b, line);
        for (k = 0; k < tr->nsteps[i]; k++)
        {
            const hkz_ly_step_struct *s = tr->steps[i] + k;
            snprintf(line, sizeof(line), "%d\n", s->dir);
            buf_add(b, line);
            buf_ball(b, &s->ta);
            buf_ball(b, &s->tb);
            buf_ball(b, &s->box);
            buf_ball(b, &s->theta_b);
        }
    }
}

/* next line of *p (terminated in place), NULL at the end */
static char *next_line(char **p, char *end)
{
    char *s = *p, *e;
    if (s >= end)
        return NULL;
    e = memchr(s, '\n', (size_t) (end - s));
    if (e == NULL)
        e = end;
    *e = '\0';
    *p = e + 1;
    return s;
}

/* One rank's piece into full; 0 or -1 (malformed). */
static int unpack(hkz_ly_track_t full, int *status, char *p, char *end)
{
    char *l, *msg;
    long lo, hi, ns;
    int st, done, dir;
    slong i, k;
    if ((l = next_line(&p, end)) == NULL || sscanf(l, "%d", &st) != 1 ||
        (msg = next_line(&p, end)) == NULL ||
        (l = next_line(&p, end)) == NULL ||
        sscanf(l, "%ld %ld", &lo, &hi) != 2)
        return -1;
    if (st != HKZ_SUCCESS && *status == HKZ_SUCCESS)
    {
        *status = st;
        hkz_error_set(st, "%s", msg);
    }
    if (lo < hi && (lo < full->j0 || hi > full->j1))
        return -1;
    for (i = lo - full->j0; i < hi - full->j0; i++)
    {
        if ((l = next_line(&p, end)) == NULL ||
            sscanf(l, "%d %d %ld", &done, &dir, &ns) != 3 || ns < 0 ||
            full->nsteps[i] != 0)
            return -1;
        full->done[i] = done;
        full->dir[i] = dir;
        if (ns == 0)
            continue;
        full->steps[i] = flint_malloc(sizeof(hkz_ly_step_struct) * ns);
        full->alloc[i] = ns;
        for (k = 0; k < ns; k++)
        {
            hkz_ly_step_struct *s = full->steps[i] + k;
            arb_init(&s->ta);
            arb_init(&s->tb);
            arb_init(&s->box);
            arb_init(&s->theta_b);
            full->nsteps[i] = k + 1;
            if ((l = next_line(&p, end)) == NULL ||
                sscanf(l, "%d", &s->dir) != 1 ||
                (l = next_line(&p, end)) == NULL || arb_load_str(&s->ta, l) ||
                (l = next_line(&p, end)) == NULL || arb_load_str(&s->tb, l) ||
                (l = next_line(&p, end)) == NULL ||
                arb_load_str(&s->box, l) ||
                (l = next_line(&p, end)) == NULL ||
                arb_load_str(&s->theta_b, l))
                return -1;
        }
    }
    return 0;
}

int hkz_cli_mpi_track_gather(hkz_ly_track_t full, const hkz_ly_track_struct
                             *mine, int *status)
{
    buf_t b = {NULL, 0, 0, 1};
    int *len = NULL, *off = NULL, n, r, rc = 0, ok;
    char *all = NULL;
    pack(&b, mine, *status);
    ok = b.ok && b.len < (size_t) 1 << 30;
    n = ok ? (int) b.len : 0;
    if (cli_rank == 0)
    {
        len = calloc(cli_size, sizeof(int));
        off = calloc(cli_size, sizeof(int));
        if (len == NULL || off == NULL)
            ok = 0;
    }
    /* every rank takes part in the collectives, failed or not */
    MPI_Allreduce(MPI_IN_PLACE, &ok, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    if (!ok)
    {
        rc = hkz_cli_fail(hkz_error_set(HKZ_ERR_NOMEM, "hkz track: cannot "
                                        "pack the results for rank 0"));
        goto cleanup;
    }
    MPI_Gather(&n, 1, MPI_INT, len, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (cli_rank == 0)
    {
        long tot = 0;
        for (r = 0; r < cli_size; r++)
        {
            off[r] = (int) tot;
            tot += len[r];
        }
        ok = tot < (1L << 31) - 1 && (all = malloc(tot + 1)) != NULL;
    }
    MPI_Bcast(&ok, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (!ok)
    {
        rc = hkz_cli_fail(hkz_error_set(HKZ_ERR_NOMEM, "hkz track: cannot "
                                        "gather the results on rank 0"));
        goto cleanup;
    }
    MPI_Gatherv(b.s, n, MPI_CHAR, all, len, off, MPI_CHAR, 0,
                MPI_COMM_WORLD);
    if (cli_rank == 0)
    {
        *status = HKZ_SUCCESS;
        for (r = 0; r < cli_size && rc == 0; r++)
            if (unpack(full, status, all + off[r], all + off[r] + len[r]))
                rc = hkz_cli_fail(hkz_error_set(HKZ_ERR_INTERNAL, "hkz "
                                  "track: malformed results of rank %d", r));
    }
cleanup:
    free(b.s);
    free(len);
    free(off);
    free(all);
    return hkz_cli_mpi_agree(rc, 0);
}

/* ---- hkz compare sweep: text gathered on rank 0 ----------------------- */

int hkz_cli_mpi_gather_text(char **all, size_t *len, const char *mine,
                            size_t n)
{
    int *lens = NULL, *off = NULL, ln, r, ok, rc = 0;
    *all = NULL;
    *len = 0;
    ok = n < ((size_t) 1 << 30);
    ln = ok ? (int) n : 0;
    if (cli_rank == 0)
    {
        lens = calloc(cli_size, sizeof(int));
        off = calloc(cli_size, sizeof(int));
        ok = ok && lens != NULL && off != NULL;
    }
    /* every rank takes part in the collectives, failed or not */
    MPI_Allreduce(MPI_IN_PLACE, &ok, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    if (!ok)
    {
        rc = hkz_cli_fail(hkz_error_set(HKZ_ERR_NOMEM, "cannot gather the "
                                        "results on rank 0"));
        goto cleanup;
    }
    MPI_Gather(&ln, 1, MPI_INT, lens, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (cli_rank == 0)
    {
        long tot = 0;
        for (r = 0; r < cli_size; r++)
        {
            off[r] = (int) tot;
            tot += lens[r];
        }
        ok = tot < (1L << 31) - 1 && (*all = malloc(tot + 1)) != NULL;
        if (ok)
        {
            (*all)[tot] = '\0';
            *len = (size_t) tot;
        }
    }
    MPI_Bcast(&ok, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (!ok)
    {
        rc = hkz_cli_fail(hkz_error_set(HKZ_ERR_NOMEM, "cannot gather the "
                                        "results on rank 0"));
        goto cleanup;
    }
    MPI_Gatherv(mine, ln, MPI_CHAR, *all, lens, off, MPI_CHAR, 0,
                MPI_COMM_WORLD);
cleanup:
    free(lens);
    free(off);
    if (rc != 0)
    {
        free(*all);
        *all = NULL;
        *len = 0;
    }
    return hkz_cli_mpi_agree(rc, 0);
}
