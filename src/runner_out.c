/* The output side of the runner (hkz/runner.h): rows formatted by every
 * rank and written by rank 0 in rank order, per-rank report lines. */
#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "hkz/runner.h"
#include "hkz_check.h"
#include "io_writer_internal.h"

static int sink(void *ctx, const char *buf, size_t len)
{
    return hkz_writer_raw(ctx, buf, len);
}

/* Every rank's bytes (rank 0: none, it wrote its rows) written at their
 * places of rank 0's file in parallel, when rank 0 writes a regular file
 * and the ranks share one node (so one file system): rank 0 would
 * otherwise receive and write ~1.3 GB alone at N = 10^7 (cw zeros);
 * else streamed to rank 0.  Status agreed. */
static int write_at(hkz_dist_t d, hkz_writer_t *w, const char *buf,
                    size_t len)
{
    struct { long long off; char path[4000]; } m;
    int rank = hkz_dist_rank(d), size = hkz_dist_size(d), r, s, fd;
    slong *lens;
    long long at;
    size_t done = 0;

    memset(&m, 0, sizeof(m));
    m.off = rank == 0 && hkz_dist_num_nodes(d) == 1
            ? _hkz_writer_file_at(w, m.path, sizeof(m.path)) : -1;
    if ((s = hkz_dist_bcast(d, &m, sizeof(m), 0)) != HKZ_SUCCESS)
        return s;
    if (m.off < 0)
        return hkz_dist_stream(d, buf, len, sink, w);
    lens = flint_calloc((size_t) size, sizeof(slong));
    lens[rank] = (slong) len;
    s = hkz_dist_allreduce_slong(d, lens, (size_t) size, HKZ_DIST_SUM);
    for (r = 0, at = m.off; r < rank; r++)
        at += lens[r];
    if (s == HKZ_SUCCESS && len > 0)
    {
        fd = open(m.path, O_WRONLY);
        while (fd >= 0 && done < len)
        {
            ssize_t k = pwrite(fd, buf + done, len - done,
                               (off_t) (at + (long long) done));
            if (k <= 0)
                break;
            done += (size_t) k;
        }
        if (fd < 0 || done < len || close(fd) != 0)
            s = hkz_error_set(HKZ_ERR_IO, "rank %d: cannot write its rows "
                              "to '%s'", rank, m.path);
    }
    for (; r < size; r++)
        at += lens[r];
    flint_free(lens);
    s = hkz_dist_agree(d, s);
    if (s == HKZ_SUCCESS && rank == 0)
        s = _hkz_writer_file_seek(w, at);
    return hkz_dist_agree(d, s);
}

int hkz_run_rows(hkz_dist_t d, hkz_writer_t *w, hkz_format_t fmt, slong n,
                 int (*row)(hkz_writer_t *w, void *ctx, slong i), void *ctx)
{
    hkz_writer_t *mw = NULL;
    char *buf = NULL;
    size_t len = 0;
    slong i;
    int s = HKZ_SUCCESS, rank0;

    if (d == NULL || hkz_dist_size(d) == 1)
    {
        for (i = 0; i < n && s == HKZ_SUCCESS; i++)
            s = row(w, ctx, i);
        return s;
    }
    rank0 = hkz_dist_rank(d) == 0;
    if (!rank0)
        s = hkz_writer_open_mem(&mw, fmt);
    for (i = 0; i < n && s == HKZ_SUCCESS; i++)
        s = row(rank0 ? w : mw, ctx, i);
    if (!rank0 && s == HKZ_SUCCESS)
        s = hkz_writer_take(mw, &buf, &len);
    hkz_writer_close(&mw);
    s = hkz_dist_agree(d, s);
    if (s == HKZ_SUCCESS)
        s = write_at(d, w, buf, len);
    free(buf);
    return s;
}

int hkz_run_times_line(hkz_dist_t d, double mine, char *buf, size_t n)
{
    int size, s;
    double *all;
    if (n > 0)
        buf[0] = '\0';
    if (d == NULL)
        return HKZ_SUCCESS;
    size = hkz_dist_size(d);
    all = flint_malloc(sizeof(double) * size);
    s = hkz_dist_times(d, mine, all);
    if (s == HKZ_SUCCESS && hkz_dist_rank(d) == 0)
        hkz_dist_times_format(buf, n, all, size);
    flint_free(all);
    return s;
}

int hkz_run_rank_lines(hkz_dist_t d, char **all, const char *mine)
{
    size_t len = 0;
    *all = NULL;
    if (d == NULL)
    {
        *all = flint_malloc(strlen(mine) + 1);
        strcpy(*all, mine);
        return HKZ_SUCCESS;
    }
    return hkz_dist_gather(d, all, &len, mine, strlen(mine));
}

const char *hkz_run_ckpt_path(char *buf, size_t n, const char *path,
                              hkz_dist_t d)
{
    if (d == NULL || hkz_dist_size(d) == 1)
        return path;
    snprintf(buf, n, "%s.r%d", path, hkz_dist_rank(d));
    return buf;
}

int hkz_run_rank(hkz_dist_t d)
{
    return d != NULL ? hkz_dist_rank(d) : 0;
}

int hkz_run_size(hkz_dist_t d)
{
    return d != NULL ? hkz_dist_size(d) : 1;
}

int hkz_run_agree(hkz_dist_t d, int status)
{
    return d != NULL ? hkz_dist_agree(d, status) : status;
}

int hkz_run_times(hkz_dist_t d, double mine, double *all)
{
    if (d == NULL)
    {
        all[0] = mine;
        return HKZ_SUCCESS;
    }
    return hkz_dist_times(d, mine, all);
}

int hkz_run_progress(hkz_dist_t d, slong mine_done, slong *all_done)
{
    if (d == NULL)
    {
        if (all_done != NULL)
            *all_done = mine_done;
        return HKZ_SUCCESS;
    }
    return hkz_dist_progress(d, mine_done, all_done);
}
