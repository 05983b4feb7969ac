/* checkpoint_internal.h -- the checkpoint handle shared by src/checkpoint.c
 * (header, parameters, records in memory) and src/checkpoint_stream.c
 * (records appended to the file, an index in memory). */
#ifndef HKZ_CHECKPOINT_INTERNAL_H
#define HKZ_CHECKPOINT_INTERNAL_H

#include <stdint.h>
#include "hkz/checkpoint.h"

typedef struct
{
    char **s;
    slong n, alloc;
} _hkz_strv_t;

struct hkz_ckpt_s
{
    char *path, *kind;
    _hkz_strv_t keys, vals, recs;
    /* streamed records (hkz_ckpt_set_stream) */
    int stream;
    int fd;            /* the open file, -1 before hkz_ckpt_open */
    char *tmp;         /* a fresh run's PATH.tmp.<pid> until the first
                          commit renames it onto PATH, else NULL */
    int64_t *off;      /* nrec + 1 offsets: record i is the line
                          [off[i], off[i + 1] - 1) */
    slong nrec, aoff;
    char *line;        /* the record hkz_ckpt_get read last */
    size_t lcap;
};

/* the header (magic, kind, parameters) as written at the file's start */
int _hkz_ckpt_write_header(FILE *f, const struct hkz_ckpt_s *c);
/* a streamed open (after the parameters); resume: load checked the header
 * of PATH and indexed its complete lines (off[0 .. nrec]) */
int _hkz_ckpt_stream_open(struct hkz_ckpt_s *c, int resume);
/* load: the records start at e (first), or one more complete record line
 * ends at e */
int _hkz_ckpt_stream_index(struct hkz_ckpt_s *c, int64_t e, int first);
int _hkz_ckpt_stream_add(struct hkz_ckpt_s *c, const char *record);
const char *_hkz_ckpt_stream_get(struct hkz_ckpt_s *c, slong i);
int _hkz_ckpt_stream_commit(struct hkz_ckpt_s *c);
void _hkz_ckpt_stream_close(struct hkz_ckpt_s *c);
/* fsyncs the directory of path (a rename made durable) */
void _hkz_ckpt_sync_dir(const char *path);

#endif
