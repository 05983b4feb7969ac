/* The output side of the runner (hkz/runner.h): rows formatted by every
 * rank and written by rank 0 in rank order, per-rank report lines. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "hkz/runner.h"
#include "hkz_check.h"

static int sink(void *ctx, const char *buf, size_t len)
{
    return hkz_writer_raw(ctx, buf, len);
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
        s = hkz_dist_stream(d, buf, len, sink, w);
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
