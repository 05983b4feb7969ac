/* The command-line tool over ranks (issue 3, issue 10): thin wrappers of
 * hkz/dist.h (libhkz; MPI with -DHKZ_MPI=ON, one rank without) under the
 * names that the commands use.  No MPI call here.
 *
 * `hkz track` under mpiexec tracks a contiguous block of the zero indices
 * per rank; rank 0 gathers the steps (as exact arb_dump_str strings, so
 * its output equals a single-rank run) and writes alone.  The
 * serialization of a tracker belongs to the Lee-Yang library (ising/):
 * it stays here until it moves there. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "hkz/dist.h"
#include "cli.h"
#include "sweep.h"

int hkz_cli_mpi_init(int *argc, char ***argv)
{
    if (hkz_dist_init(argc, argv) != HKZ_SUCCESS)
    {
        fprintf(stderr, "hkz: error: %s\n", hkz_errmsg());
        return 1;
    }
    /* rank 0 alone writes data and errors (every rank parses the same
     * command line, so usage errors are the same everywhere) */
    return hkz_dist_quiet_nonroot() != HKZ_SUCCESS;
}

void hkz_cli_mpi_finalize(void)
{
    hkz_dist_finalize();
}

int hkz_cli_mpi_rank(void)
{
    return hkz_dist_rank(hkz_dist_world());
}

int hkz_cli_mpi_size(void)
{
    return hkz_dist_size(hkz_dist_world());
}

void hkz_cli_mpi_block(slong *lo, slong *hi, slong j0, slong j1)
{
    hkz_dist_block(lo, hi, j0, j1, hkz_cli_mpi_rank(), hkz_cli_mpi_size());
}

int hkz_cli_mpi_agree(int rc, int report)
{
    int all = hkz_dist_agree(hkz_dist_world(), rc);
    /* rank 0 did not fail: it reports the first rank that did ("rank R:
     * message") */
    if (report && all != 0 && rc == 0 && hkz_cli_mpi_rank() == 0)
        fprintf(stderr, "hkz: error: %s\n", hkz_errmsg());
    return all;
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

/* One rank's record at *pp into full, *pp moved past it; 0 or -1
 * (malformed). */
static int unpack_one(hkz_ly_track_t full, int *status, char **pp,
                      char *end)
{
    char *p = *pp;
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
    *pp = p;
    return 0;
}

int hkz_cli_mpi_track_gather(hkz_ly_track_t full, const hkz_ly_track_struct
                             *mine, int *status)
{
    buf_t b = {NULL, 0, 0, 1};
    char *all = NULL;
    size_t len = 0;
    int rc = 0, r, st;
    pack(&b, mine, *status);
    st = b.ok ? HKZ_SUCCESS : hkz_error_set(HKZ_ERR_NOMEM, "hkz track: "
                                            "cannot pack the results");
    /* every rank takes part in the collectives, failed or not */
    st = hkz_dist_agree(hkz_dist_world(), st);
    if (st == HKZ_SUCCESS)
        st = hkz_dist_gather(hkz_dist_world(), &all, &len, b.s, b.len);
    if (st != HKZ_SUCCESS)
        rc = hkz_cli_fail(st);
    else if (hkz_cli_mpi_rank() == 0)
    {
        /* the records are self-delimiting (counts), in rank order */
        char *p = all;
        *status = HKZ_SUCCESS;
        for (r = 0; r < hkz_cli_mpi_size() && rc == 0; r++)
            if (unpack_one(full, status, &p, all + len))
                rc = hkz_cli_fail(hkz_error_set(HKZ_ERR_INTERNAL, "hkz "
                                  "track: malformed results of rank %d", r));
    }
    free(b.s);
    flint_free(all);
    return hkz_cli_mpi_agree(rc, 0);
}

int hkz_cli_mpi_gather_text(char **all, size_t *len, const char *mine,
                            size_t n)
{
    char *g = NULL;
    int st, rc = 0;
    *all = NULL;
    *len = 0;
    st = hkz_dist_gather(hkz_dist_world(), &g, len, mine, n);
    if (st != HKZ_SUCCESS)
        rc = hkz_cli_fail(st);
    else if (g != NULL)
    {
        /* the callers release with free() */
        *all = malloc(*len + 1);
        if (*all != NULL)
            memcpy(*all, g, *len + 1);
        else
            rc = hkz_cli_fail(hkz_error_set(HKZ_ERR_NOMEM, "cannot gather "
                                            "the results on rank 0"));
    }
    flint_free(g);
    if (rc != 0)
    {
        free(*all);
        *all = NULL;
        *len = 0;
    }
    return hkz_cli_mpi_agree(rc, 0);
}
