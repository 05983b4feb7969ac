/* The result writer: one code path for text, CSV and JSON Lines. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "hkz/io.h"
#include "hkz_check.h"
#include "io_writer_internal.h"

static char *hkz_strdup(const char *s)
{
    size_t n = strlen(s) + 1;
    char *r = malloc(n);
    if (r != NULL)
        memcpy(r, s, n);
    return r;
}

int hkz_writer_open(hkz_writer_t **w, const char *path, hkz_format_t fmt)
{
    hkz_writer_t *v;
    struct stat st;

    HKZ_CHECK(w != NULL, HKZ_ERR_ARG, "hkz_writer_open: NULL handle");
    *w = NULL;
    HKZ_CHECK(fmt != HKZ_FORMAT_H5, HKZ_ERR_ARG, "hkz_writer_open: HDF5 "
              "output is written by hkz_h5_create (hkz/io_h5.h)");
    v = calloc(1, sizeof(*v));
    HKZ_CHECK(v != NULL, HKZ_ERR_NOMEM, "hkz_writer_open: out of memory");
    v->fmt = fmt;
    if (path == NULL || strcmp(path, "-") == 0)
    {
        v->fp = stdout;
    }
    else
    {
        size_t n = strlen(path);
        v->path = hkz_strdup(path);
        v->tmp_path = malloc(n + 5);
        if (v->path == NULL || v->tmp_path == NULL)
        {
            hkz_writer_abort(&v);
            return hkz_error_set(HKZ_ERR_NOMEM, "hkz_writer_open: out of "
                                 "memory");
        }
        memcpy(v->tmp_path, path, n);
        memcpy(v->tmp_path + n, ".tmp", 5);
        /* a device or FIFO (/dev/null, /dev/stdout, a pipe) is written in
         * place: renaming a file onto it would replace the device */
        if (stat(path, &st) == 0 && !S_ISREG(st.st_mode))
        {
            free(v->tmp_path);
            v->tmp_path = NULL;
        }
        v->fp = fopen(v->tmp_path != NULL ? v->tmp_path : path, "w");
        if (v->fp == NULL)
        {
            int s = hkz_error_set(HKZ_ERR_IO, "cannot open '%s' for "
                                  "writing", path);
            hkz_writer_abort(&v);
            return s;
        }
    }
    *w = v;
    return HKZ_SUCCESS;
}

/* _hkz_writer_view's text as a copy (metadata keep theirs) */
static char *field_text(const hkz_field_t *f, int *quote, int jsonl)
{
    char buf[64], *own, *r;
    r = hkz_strdup(_hkz_writer_view(f, quote, jsonl, buf, &own));
    flint_free(own);
    return r;
}

static int meta_add(hkz_writer_t *w, const char *key, char *value, int quote)
{
    if (w->started || w->nmeta >= HKZ_WRITER_MAX_META)
    {
        free(value);  /* meta_add owns value */
        return hkz_error_set(HKZ_ERR_ARG, w->started ? "hkz_writer_meta: "
                             "metadata after the first record" :
                             "hkz_writer_meta: too many entries");
    }
    w->meta_key[w->nmeta] = hkz_strdup(key);
    w->meta_val[w->nmeta] = value;
    w->meta_quote[w->nmeta] = quote;
    if (w->meta_key[w->nmeta] == NULL || value == NULL)
    {
        free(w->meta_key[w->nmeta]);
        free(value);
        return hkz_error_set(HKZ_ERR_NOMEM, "hkz_writer_meta: out of "
                             "memory");
    }
    w->nmeta++;
    return HKZ_SUCCESS;
}

int hkz_writer_meta(hkz_writer_t *w, const char *key, const char *value)
{
    HKZ_CHECK(w != NULL && key != NULL && value != NULL, HKZ_ERR_ARG,
              "hkz_writer_meta: NULL argument");
    return meta_add(w, key, hkz_strdup(value), 1);
}

int hkz_writer_meta_field(hkz_writer_t *w, const hkz_field_t *f)
{
    int quote = 1;
    char *v;
    HKZ_CHECK(w != NULL && f != NULL && f->key != NULL, HKZ_ERR_ARG,
              "hkz_writer_meta_field: NULL argument");
    v = field_text(f, &quote, w->fmt == HKZ_FORMAT_JSONL);
    return meta_add(w, f->key, v, quote);
}

static void put_meta(hkz_writer_t *w)
{
    slong i;
    if (w->fmt == HKZ_FORMAT_JSONL)
    {
        fputs("{\"record\":\"meta\"", w->fp);
        for (i = 0; i < w->nmeta; i++)
        {
            _hkz_writer_json_kv(w->fp, w->meta_key[i], w->meta_val[i],
                                w->meta_quote[i], 0);
        }
        fputs("}\n", w->fp);
    }
    else
    {
        for (i = 0; i < w->nmeta; i++)
            fprintf(w->fp, "# %s: %s\n", w->meta_key[i], w->meta_val[i]);
    }
}

int hkz_writer_record(hkz_writer_t *w, const hkz_field_t *fields, slong n)
{
    slong i;

    HKZ_CHECK(w != NULL && (fields != NULL || n == 0), HKZ_ERR_ARG,
              "hkz_writer_record: NULL argument");
    if (!w->started)
    {
        /* CSV: the header is the first line (numpy.genfromtxt with
           names=True, csv.DictReader), the run record follows as '#'
           comments, which numpy skips */
        if (w->fmt == HKZ_FORMAT_CSV)
        {
            for (i = 0; i < n; i++)
            {
                if (i > 0)
                    fputc(',', w->fp);
                _hkz_writer_csv(w->fp, fields[i].key);
            }
            fputc('\n', w->fp);
            w->ncols = n;
        }
        put_meta(w);
        w->started = 1;
    }
    HKZ_CHECK(w->fmt != HKZ_FORMAT_CSV || w->ncols < 0 || n == w->ncols,
              HKZ_ERR_ARG,
              "hkz_writer_record: CSV record has %ld fields, header %ld",
              (long) n, (long) w->ncols);
    if (w->fmt == HKZ_FORMAT_JSONL)
        fputc('{', w->fp);
    for (i = 0; i < n; i++)
    {
        int quote;
        char buf[64], *own;
        const char *v = _hkz_writer_view(&fields[i], &quote,
                                         w->fmt == HKZ_FORMAT_JSONL, buf,
                                         &own);
        HKZ_CHECK(v != NULL, HKZ_ERR_NOMEM, "hkz_writer_record: no memory");
        switch (w->fmt)
        {
        case HKZ_FORMAT_JSONL:
            _hkz_writer_json_kv(w->fp, fields[i].key, v, quote, i == 0);
            break;
        case HKZ_FORMAT_CSV:
            if (i > 0)
                fputc(',', w->fp);
            _hkz_writer_csv(w->fp, v);
            break;
        default:
            /* fputs: a row of cw zeros has 14 fields (5*10^6 rows at
             * N = 10^7), fprintf's format parsing cost ~40% of a row */
            if (i > 0)
                fputs("  ", w->fp);
            fputs(fields[i].key, w->fp);
            fputs(" = ", w->fp);
            fputs(v, w->fp);
            break;
        }
        flint_free(own);
    }
    fputs(w->fmt == HKZ_FORMAT_JSONL ? "}\n" : "\n", w->fp);
    if (ferror(w->fp))
        w->error = 1;
    return w->error ? hkz_error_set(HKZ_ERR_IO, "write failed") : HKZ_SUCCESS;
}

int hkz_writer_end(hkz_writer_t *w, const hkz_field_t *fields, slong n)
{
    slong i;
    HKZ_CHECK(w != NULL && (fields != NULL || n == 0), HKZ_ERR_ARG,
              "hkz_writer_end: NULL argument");
    if (!w->started)
    {
        put_meta(w);
        w->started = 1;
    }
    if (w->fmt == HKZ_FORMAT_JSONL)
        fputs("{\"record\":\"end\"", w->fp);
    for (i = 0; i < n; i++)
    {
        int quote;
        char *v = field_text(&fields[i], &quote, w->fmt == HKZ_FORMAT_JSONL);
        HKZ_CHECK(v != NULL, HKZ_ERR_NOMEM, "hkz_writer_end: no memory");
        if (w->fmt == HKZ_FORMAT_JSONL)
            _hkz_writer_json_kv(w->fp, fields[i].key, v, quote, 0);
        else
            fprintf(w->fp, "# %s: %s\n", fields[i].key, v);
        free(v);
    }
    if (w->fmt == HKZ_FORMAT_JSONL)
        fputs("}\n", w->fp);
    if (ferror(w->fp))
        w->error = 1;
    return w->error ? hkz_error_set(HKZ_ERR_IO, "write failed") : HKZ_SUCCESS;
}

static void writer_free(hkz_writer_t *w)
{
    slong i;
    if (w->mem)
    {
        if (w->fp != NULL)
            fclose(w->fp);
        free(w->mbuf);
    }
    for (i = 0; i < w->nmeta; i++)
    {
        free(w->meta_key[i]);
        free(w->meta_val[i]);
    }
    free(w->path);
    free(w->tmp_path);
    free(w);
}

int hkz_writer_close(hkz_writer_t **w)
{
    hkz_writer_t *v;
    int status = HKZ_SUCCESS;

    if (w == NULL || *w == NULL)
        return HKZ_SUCCESS;
    v = *w;
    *w = NULL;
    if (!v->started)
        put_meta(v);
    if (fflush(v->fp) != 0 || ferror(v->fp))
        v->error = 1;
    if (v->path != NULL)
    {
        if (fclose(v->fp) != 0)
            v->error = 1;
        if (!v->error && v->tmp_path != NULL &&
            rename(v->tmp_path, v->path) != 0)
            v->error = 1;
        if (v->error && v->tmp_path != NULL)
            remove(v->tmp_path);
    }
    if (v->error)
        status = hkz_error_set(HKZ_ERR_IO, "cannot write '%s'",
                               v->path != NULL ? v->path : "stdout");
    writer_free(v);
    return status;
}

void hkz_writer_abort(hkz_writer_t **w)
{
    hkz_writer_t *v;
    if (w == NULL || *w == NULL)
        return;
    v = *w;
    *w = NULL;
    if (v->path != NULL && v->fp != NULL)
    {
        fclose(v->fp);
        if (v->tmp_path != NULL)
            remove(v->tmp_path);
    }
    writer_free(v);
}
