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
 * MPI: with a parallel HDF5 (the MPI build finds libhdf5-openmpi-dev by
 * pkg-config hdf5-openmpi) hkz_h5_create_dist opens one file on all ranks
 * (MPI-IO driver, H5Pset_fapl_mpio in dist/common/dist_h5.c) with fixed-size
 * datasets, and hkz_h5_write_rows writes each rank's rows by collective
 * hyperslab writes; attributes take rank 0's values.  Otherwise
 * (hkz_h5_parallel() == 0) several ranks write through rank 0 with the
 * serial writer.  Readable by h5py:
 *   f = h5py.File(path); f["mid"][:], f.attrs["hkz_version"]
 */
#ifndef HKZ_IO_H5_H
#define HKZ_IO_H5_H

#include <stddef.h>
#include <stdint.h>
#include "hkz/config.h"
#include "hkz/dist.h"

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

/** 1 if this build writes one file from all ranks (parallel HDF5). */
HKZ_API int hkz_h5_parallel(void);

/** Collective over d (NULL: the world): creates PATH.tmp with one
 *  fixed-size dataset of nrows rows per column, opened by all ranks
 *  (parallel HDF5).  Without a parallel HDF5: the serial writer on a
 *  one-rank world, HKZ_ERR_UNSUPPORTED on several ranks.  Status agreed.
 *  hkz_h5_attr, _close and _abort on the handle are collective too. */
HKZ_API HKZ_WARN_UNUSED int hkz_h5_create_dist(hkz_h5_t *h,
        const char *path, const hkz_h5_col_t *cols, int ncols, size_t nrows,
        hkz_dist_t d);

/** Like hkz_h5_create_dist, but every column is an N-dimensional
 *  dataset of shape dims[0..rank) (rank 1..8): row k of the table is
 *  element k in C order (the last dimension fastest), so hkz_h5_append
 *  and hkz_h5_write_rows work unchanged.  Chunked: a chunk is a run of
 *  rows (the innermost dimensions whole while at most 2^17 elements, then
 *  as many slices of the next as fit), no filter; the serial writer keeps
 *  2 MiB of chunks per column in cache until rows complete them.  Collective over d; d NULL: the
 *  serial writer of this process alone (as hkz_h5_create). */
HKZ_API HKZ_WARN_UNUSED int hkz_h5_create_shaped(hkz_h5_t *h,
        const char *path, const hkz_h5_col_t *cols, int ncols, int rank,
        const uint64_t *dims, hkz_dist_t d);

/** On a shaped handle: the 1-D dataset `name` of the n = dims[dim] values
 *  v, made a dimension scale (H5DSset_scale) and attached to every
 *  column at dimension dim (h5py: f["mid"].dims[dim][0]), with a
 *  "description" attribute. */
HKZ_API HKZ_WARN_UNUSED int hkz_h5_axis(hkz_h5_t h, int dim,
        const char *name, size_t n, const double *v,
        const char *description);

/** Numeric attributes of the root group (JSON-like numbers in h5py); on
 *  a collective handle rank 0's value. */
HKZ_API HKZ_WARN_UNUSED int hkz_h5_attr_int(hkz_h5_t h, const char *key,
        int64_t v);
HKZ_API HKZ_WARN_UNUSED int hkz_h5_attr_double(hkz_h5_t h, const char *key,
        double v);

/** The string attribute "description" of the dataset `dataset`. */
HKZ_API HKZ_WARN_UNUSED int hkz_h5_describe(hkz_h5_t h, const char *dataset,
        const char *text);

/** Writes n rows at the row indices idx[0..n) (increasing; runs of
 *  consecutive indices become hyperslabs): data[c] holds n values of
 *  column c's type.  Collective on a create_dist handle (every rank calls
 *  it, n may be 0; status agreed; shaped columns are written block by
 *  block, the ranks making the same number of calls); on a serial handle
 *  the datasets grow to the largest index. */
HKZ_API HKZ_WARN_UNUSED int hkz_h5_write_rows(hkz_h5_t h, size_t n,
        const uint64_t *idx, const void *const *data);

/** Closes and renames PATH.tmp onto PATH; NULL-safe; sets *h = NULL. */
HKZ_API int hkz_h5_close(hkz_h5_t *h);

/** Closes and removes PATH.tmp; NULL-safe. */
HKZ_API void hkz_h5_abort(hkz_h5_t *h);

#ifdef __cplusplus
}
#endif
#endif
