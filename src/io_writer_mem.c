/* Memory writers: records formatted as a writer on a file would write
 * them after its first record (no metadata, no CSV header), taken out as
 * bytes and written by another writer with hkz_writer_raw.  For output
 * formatted in parallel (e.g. each MPI rank its block of rows). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include "hkz_check.h"
#include "io_writer_internal.h"

static int reopen(hkz_writer_t *w)
{
    w->mbuf = NULL;
    w->msize = 0;
    w->fp = open_memstream(&w->mbuf, &w->msize);
    return w->fp != NULL ? HKZ_SUCCESS
           : hkz_error_set(HKZ_ERR_NOMEM, "memory writer: open_memstream "
                           "failed");
}

int hkz_writer_open_mem(hkz_writer_t **w, hkz_format_t fmt)
{
    hkz_writer_t *v;
    int st;
    HKZ_CHECK(w != NULL, HKZ_ERR_ARG, "hkz_writer_open_mem: NULL handle");
    *w = NULL;
    HKZ_CHECK(fmt != HKZ_FORMAT_H5, HKZ_ERR_ARG, "hkz_writer_open_mem: "
              "no HDF5 in memory");
    v = calloc(1, sizeof(*v));
    HKZ_CHECK(v != NULL, HKZ_ERR_NOMEM, "hkz_writer_open_mem: out of "
              "memory");
    v->fmt = fmt;
    v->mem = 1;
    v->started = 1;         /* records only */
    v->ncols = -1;
    if ((st = reopen(v)) != HKZ_SUCCESS)
    {
        free(v);
        return st;
    }
    *w = v;
    return HKZ_SUCCESS;
}

int hkz_writer_take(hkz_writer_t *w, char **buf, size_t *len)
{
    HKZ_CHECK(w != NULL && w->mem && buf != NULL && len != NULL,
              HKZ_ERR_ARG, "hkz_writer_take: not a memory writer");
    *buf = NULL;
    *len = 0;
    if (fclose(w->fp) != 0 || w->error)
    {
        w->fp = NULL;
        free(w->mbuf);
        w->mbuf = NULL;
        w->error = 1;
        return hkz_error_set(HKZ_ERR_NOMEM, "memory writer: out of memory");
    }
    *buf = w->mbuf;
    *len = w->msize;
    return reopen(w);
}

int hkz_writer_raw(hkz_writer_t *w, const char *buf, size_t len)
{
    HKZ_CHECK(w != NULL && (buf != NULL || len == 0) && w->started,
              HKZ_ERR_ARG, "hkz_writer_raw: the first record must be "
              "written by this writer");
    if (len > 0 && fwrite(buf, 1, len, w->fp) != len)
        w->error = 1;
    return w->error ? hkz_error_set(HKZ_ERR_IO, "write failed")
                    : HKZ_SUCCESS;
}

long long _hkz_writer_file_at(hkz_writer_t *w, char *path, size_t n)
{
    long long off;
    if (w == NULL || w->mem || w->tmp_path == NULL || w->fp == NULL ||
        w->error || !w->started || strlen(w->tmp_path) >= n ||
        fflush(w->fp) != 0 || (off = ftello(w->fp)) < 0)
        return -1;
    strcpy(path, w->tmp_path);
    return off;
}

int _hkz_writer_file_seek(hkz_writer_t *w, long long off)
{
    if (fseeko(w->fp, (off_t) off, SEEK_SET) != 0)
        w->error = 1;
    return w->error ? hkz_error_set(HKZ_ERR_IO, "write failed")
                    : HKZ_SUCCESS;
}
