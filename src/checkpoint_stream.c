/* Streamed checkpoint records (hkz_ckpt_set_stream): every record is
 * appended to the file when it is added and read back from it by
 * hkz_ckpt_get, so that memory holds one offset per record whatever the
 * records weigh (a grid's tiles: tens of bytes an entry).  The file's bytes
 * are those of the in-memory mode (checkpoint.c) for the same records.
 *
 * Durability: a fresh run writes PATH.tmp.<pid> and its first commit
 * renames it onto PATH (a run killed before keeps the old checkpoint);
 * after that, and on a resume, records are appended to PATH itself and a
 * commit fsyncs them.  A kill while appending leaves at most one last line
 * without its newline, which the next resume cuts off: every complete line
 * is a whole record. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>
#include "checkpoint_internal.h"
#include "hkz/status.h"
#include "hkz_check.h"

int hkz_ckpt_set_stream(hkz_ckpt_t c)
{
    HKZ_CHECK(c != NULL && c->fd < 0, HKZ_ERR_ARG, "checkpoint: streamed "
              "records are chosen before hkz_ckpt_open");
    c->stream = 1;
    return HKZ_SUCCESS;
}

int _hkz_ckpt_stream_index(struct hkz_ckpt_s *c, int64_t e, int first)
{
    if (first)
        c->nrec = -1;
    if (c->nrec + 2 > c->aoff)
    {
        slong na = FLINT_MAX(64, 2 * c->aoff);
        int64_t *no = realloc(c->off, na * sizeof(int64_t));
        HKZ_CHECK(no != NULL, HKZ_ERR_NOMEM, "checkpoint: out of memory");
        c->off = no;
        c->aoff = na;
    }
    c->off[++c->nrec] = e;
    return HKZ_SUCCESS;
}

static int put(int fd, const char *s, size_t n, int64_t at)
{
    while (n > 0)
    {
        ssize_t w = pwrite(fd, s, n, (off_t) at);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return -1;
        s += w;
        n -= (size_t) w;
        at += w;
    }
    return 0;
}

int _hkz_ckpt_stream_open(struct hkz_ckpt_s *c, int resume)
{
    FILE *f;
    int bad;

    if (resume)
    {
        c->fd = open(c->path, O_RDWR);
        /* (a last line without its newline: a kill while appending) */
        HKZ_CHECK(c->fd >= 0 && ftruncate(c->fd, (off_t) c->off[c->nrec])
                  == 0, HKZ_ERR_IO, "cannot append to checkpoint '%s': %s",
                  c->path, strerror(errno));
        return HKZ_SUCCESS;
    }
    c->tmp = malloc(strlen(c->path) + 32);
    HKZ_CHECK(c->tmp != NULL, HKZ_ERR_NOMEM, "checkpoint: out of memory");
    sprintf(c->tmp, "%s.tmp.%ld", c->path, (long) getpid());
    f = fopen(c->tmp, "w+");
    HKZ_CHECK(f != NULL, HKZ_ERR_IO, "cannot write checkpoint '%s': %s",
              c->path, strerror(errno));
    bad = _hkz_ckpt_write_header(f, c);
    bad |= fflush(f) != 0;
    if (!bad)
    {
        bad = _hkz_ckpt_stream_index(c, (int64_t) ftello(f), 1)
              != HKZ_SUCCESS;
        c->fd = bad ? -1 : dup(fileno(f));
    }
    fclose(f);
    HKZ_CHECK(!bad && c->fd >= 0, HKZ_ERR_IO, "writing checkpoint '%s' "
              "failed", c->path);
    return HKZ_SUCCESS;
}

int _hkz_ckpt_stream_add(struct hkz_ckpt_s *c, const char *record)
{
    size_t n = strlen(record);
    int64_t at;

    HKZ_CHECK(c->fd >= 0, HKZ_ERR_ARG, "checkpoint: add before open");
    at = c->off[c->nrec];
    HKZ_CHECK(put(c->fd, record, n, at) == 0 && put(c->fd, "\n", 1, at + n)
              == 0, HKZ_ERR_IO, "writing checkpoint '%s' failed: %s",
              c->path, strerror(errno));
    return _hkz_ckpt_stream_index(c, at + (int64_t) n + 1, 0);
}

const char *_hkz_ckpt_stream_get(struct hkz_ckpt_s *c, slong i)
{
    size_t n, k = 0;

    if (i < 0 || i >= c->nrec || c->fd < 0)
        return NULL;
    n = (size_t) (c->off[i + 1] - c->off[i] - 1);
    if (n + 1 > c->lcap)
    {
        char *nl = realloc(c->line, n + 1);
        if (nl == NULL)
            return NULL;
        c->line = nl;
        c->lcap = n + 1;
    }
    while (k < n)
    {
        ssize_t r = pread(c->fd, c->line + k, n - k,
                          (off_t) (c->off[i] + (int64_t) k));
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            return NULL;
        k += (size_t) r;
    }
    c->line[n] = '\0';
    return c->line;
}

int _hkz_ckpt_stream_commit(struct hkz_ckpt_s *c)
{
    HKZ_CHECK(c->fd >= 0, HKZ_ERR_ARG, "checkpoint: commit before open");
    HKZ_CHECK(fsync(c->fd) == 0, HKZ_ERR_IO, "writing checkpoint '%s' "
              "failed: %s", c->path, strerror(errno));
    if (c->tmp == NULL)
        return HKZ_SUCCESS;
    HKZ_CHECK(rename(c->tmp, c->path) == 0, HKZ_ERR_IO, "writing "
              "checkpoint '%s' failed: %s", c->path, strerror(errno));
    free(c->tmp);
    c->tmp = NULL;
    /* the rename itself is durable once the directory is synced */
    _hkz_ckpt_sync_dir(c->path);
    return HKZ_SUCCESS;
}

void _hkz_ckpt_stream_close(struct hkz_ckpt_s *c)
{
    if (c->fd >= 0)
        close(c->fd);
    if (c->tmp != NULL)   /* never committed */
        remove(c->tmp);
    free(c->tmp);
    free(c->off);
    free(c->line);
    c->fd = -1;
    c->tmp = NULL;
    c->off = NULL;
    c->line = NULL;
    c->nrec = c->aoff = 0;
    c->lcap = 0;
}
