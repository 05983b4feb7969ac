/* io_writer_internal.h -- the result writer's state (io_writer.c, memory
 * writers in io_writer_mem.c, fields as text in io_writer_field.c). */
#ifndef HKZ_IO_WRITER_INTERNAL_H
#define HKZ_IO_WRITER_INTERNAL_H

#include <stdio.h>
#include "hkz/io.h"

#define HKZ_WRITER_MAX_META 64

struct hkz_writer_s
{
    FILE *fp;
    char *path;      /* final path, NULL for stdout */
    char *tmp_path;  /* where we write until close */
    hkz_format_t fmt;
    int started;     /* metadata and header written */
    int error;
    slong ncols;     /* CSV columns; < 0: not checked (memory writer) */
    char *meta_key[HKZ_WRITER_MAX_META];
    char *meta_val[HKZ_WRITER_MAX_META];
    int meta_quote[HKZ_WRITER_MAX_META];  /* JSON string (else a number,
                                             true/false, null) */
    slong nmeta;
    int mem;         /* memory writer: fp is an open_memstream on mbuf */
    char *mbuf;
    size_t msize;
};

/* A writer to a regular file: flushed, the path of the file it writes
 * (its temporary until close) into path[0 .. n), and the offset of its
 * next byte; -1 for any other writer (stdout, a device, memory) */
long long _hkz_writer_file_at(hkz_writer_t *w, char *path, size_t n);
/* after others wrote to the file up to off: the writer goes on there */
int _hkz_writer_file_seek(hkz_writer_t *w, long long off);

/* A field's value as text, in buf (64 bytes), a constant, the field's own
 * string or *own (flint_free it); *quote: JSON needs quotes */
const char *_hkz_writer_view(const hkz_field_t *f, int *quote, int jsonl,
                             char *buf, char **own);
/* v as a CSV cell (quoted when it holds , " or a newline) */
void _hkz_writer_csv(FILE *fp, const char *s);
/* "key":v (JSON Lines; v quoted if quote) with a leading comma unless
 * first */
void _hkz_writer_json_kv(FILE *fp, const char *key, const char *v,
                         int quote, int first);

#endif
