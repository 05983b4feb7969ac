/* hkz/checkpoint.h -- the one checkpoint layer of hkz (track, sweep, zeros,
 * grid).
 *
 * A checkpoint is a text file:
 *   hkz-checkpoint 1 <kind>              version and kind ("track", ...)
 *   param <key> <value>                  every parameter that determines
 *   ...                                  the result, digits included, in
 *   end                                  the order they were declared
 *   <record>                             one line per finished unit of
 *   ...                                  work, opaque to this layer
 * Balls inside records are exact strings (hkz_ckpt_ball_str: arb_dump_str)
 * so a resumed run prints exactly what an uninterrupted one prints.
 *
 * Every commit writes PATH.tmp.<pid>, fsyncs it, renames it onto PATH and
 * fsyncs the directory: a run killed at any moment leaves either the old
 * or the new checkpoint.  Opening removes stale PATH.tmp.* files of dead
 * runs.  Under MPI each rank passes its own path (e.g. PATH.r<rank>); a
 * resume may read other ranks' files with hkz_ckpt_merge.
 */
#ifndef HKZ_CHECKPOINT_H
#define HKZ_CHECKPOINT_H

#include "hkz/config.h"
#include "hkz/flint_compat.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct hkz_ckpt_s *hkz_ckpt_t;

/** A checkpoint on path of the given kind (no I/O yet). */
HKZ_API HKZ_WARN_UNUSED int hkz_ckpt_create(hkz_ckpt_t *c, const char *path,
                                            const char *kind);
/** Frees; NULL-safe; the file stays. */
HKZ_API void hkz_ckpt_destroy(hkz_ckpt_t *c);

/** Declares a parameter (key: no spaces; value: one line). */
HKZ_API HKZ_WARN_UNUSED int hkz_ckpt_param(hkz_ckpt_t c, const char *key,
                                           const char *value);
HKZ_API HKZ_WARN_UNUSED int hkz_ckpt_param_slong(hkz_ckpt_t c,
                                                 const char *key, slong v);
/** An exact ball parameter (compared as exact strings). */
HKZ_API HKZ_WARN_UNUSED int hkz_ckpt_param_ball(hkz_ckpt_t c,
                                                const char *key,
                                                const arb_t x);

/** Before hkz_ckpt_open: streamed records.  Each record goes to the file
 *  when it is added and is not kept in memory (memory holds one offset a
 *  record); hkz_ckpt_get reads it back (the string lives until the next
 *  call on c).  A fresh run writes PATH.tmp.<pid>, renamed onto PATH by
 *  its first commit; then, and on a resume, records are appended to PATH
 *  and a commit fsyncs them.  A resume cuts a last line without its newline
 *  (a kill while appending); every complete line is a whole record.  The
 *  file's bytes are those of the in-memory mode.  hkz_ckpt_merge is refused
 *  on a streamed checkpoint. */
HKZ_API HKZ_WARN_UNUSED int hkz_ckpt_set_stream(hkz_ckpt_t c);

/** After the parameters.  resume = 0: starts empty (PATH, if present, is
 *  replaced at the first commit).  resume = 1: PATH must exist and have
 *  the same kind and exactly the same parameters, else HKZ_ERR_CHECKPOINT
 *  with a message naming the first parameter that differs ("checkpoint F
 *  was made with digits = 30; this run has 50"); its records are loaded.
 *  Both remove stale PATH.tmp.* files. */
HKZ_API HKZ_WARN_UNUSED int hkz_ckpt_open(hkz_ckpt_t c, int resume);

/** Loads the records of another checkpoint file with the same kind and
 *  parameters (a resume under another rank count); a missing file is not
 *  an error (*found = 0). */
HKZ_API HKZ_WARN_UNUSED int hkz_ckpt_merge(hkz_ckpt_t c, const char *path,
                                           int *found);

/** 1 and kind (n bytes) if path is a version-1 checkpoint of hkz (of any
 *  kind), else 0: what a caller that knows several layouts reads before
 *  choosing one. */
HKZ_API int hkz_ckpt_file_kind(char *kind, size_t n, const char *path);

/** Records loaded or added so far, in order. */
HKZ_API slong hkz_ckpt_count(const hkz_ckpt_t c);
HKZ_API const char *hkz_ckpt_get(const hkz_ckpt_t c, slong i);

/** Appends a record (one line, no '\n') in memory. */
HKZ_API HKZ_WARN_UNUSED int hkz_ckpt_add(hkz_ckpt_t c, const char *record);

/** Makes every record so far durable (temporary file, fsync, rename). */
HKZ_API HKZ_WARN_UNUSED int hkz_ckpt_commit(hkz_ckpt_t c);

/** Exact string of a ball for records (flint_free) and its inverse. */
HKZ_API char *hkz_ckpt_ball_str(const arb_t x);
HKZ_API HKZ_WARN_UNUSED int hkz_ckpt_ball_set(arb_t x, const char *s);

#ifdef __cplusplus
}
#endif
#endif
