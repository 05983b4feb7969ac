/* hkz/io_h5.h -- table output in HDF5 (optional: built when CMake finds
 * HDF5, option HKZ_HDF5; otherwise every call returns
 * HKZ_ERR_UNSUPPORTED).
 *
 * A table is a set of columns of equal length, one 1-D dataset each at
 * the root of the file ("/alpha", "/t", "/mid", ...), chunked and
 * extendible: rows are appended block by block, so a large grid never
 * sits in memory.  The run record goes into string attributes of the root
 * group (h5py: f.attrs["key"]).  The file is written as PATH.tmp and
 * renamed onto PATH by hkz_h5_close (a killed run leaves no partial file
 * under the final name).
 *
 * MPI: this writer is serial.  A run over several ranks writes through
 * rank 0 (the other ranks send their rows there); a collective
 * parallel-HDF5 writer (H5Pset_fapl_mpio, libhdf5-openmpi-dev) is not
 * built.  Readable by h5py:
 *   f = h5py.File(path); f["mid"][:], f.attrs["hkz_version"]
 */
#ifndef HKZ_IO_H5_H
#define HKZ_IO_H5_H

#include <stddef.h>
#include <stdint.h>
#include "hkz/config.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum
{
    HKZ_H5_DOUBLE = 0,   /* double */
    HKZ_H5_INT64 = 1,    /* int64_t */
    HKZ_H5_INT8 = 2      /* int8_t (flags: certified 0/1) */
} hkz_h5_type_t;

typedef struct
{
    const char *name;    /* dataset name (no '/') */
    int type;            /* hkz_h5_type_t */
} hkz_h5_col_t;

typedef struct hkz_h5_s *hkz_h5_t;

/** 1 if this build writes HDF5. */
HKZ_API int hkz_h5_available(void);

/** Creates PATH.tmp with one empty extendible dataset per column (chunks
 *  of `chunk` rows, 0: 65536).  HKZ_ERR_IO / HKZ_ERR_UNSUPPORTED. */
HKZ_API HKZ_WARN_UNUSED int hkz_h5_create(hkz_h5_t *h, const char *path,
        const hkz_h5_col_t *cols, int ncols, size_t chunk);

/** A string attribute of the root group (the run record). */
HKZ_API HKZ_WARN_UNUSED int hkz_h5_attr(hkz_h5_t h, const char *key,
        const char *value);

/** Appends n rows: data[c] points to n values of column c's type. */
HKZ_API HKZ_WARN_UNUSED int hkz_h5_append(hkz_h5_t h, size_t n,
        const void *const *data);

/** Rows written so far. */
HKZ_API size_t hkz_h5_rows(const hkz_h5_t h);

/** Closes and renames PATH.tmp onto PATH; NULL-safe; sets *h = NULL. */
HKZ_API int hkz_h5_close(hkz_h5_t *h);

/** Closes and removes PATH.tmp; NULL-safe. */
HKZ_API void hkz_h5_abort(hkz_h5_t *h);

#ifdef __cplusplus
}
#endif
#endif
