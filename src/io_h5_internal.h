/* io_h5_internal.h -- the HDF5 table handle shared by src/io_h5.c (serial
 * writer), src/io_h5_dist.c (collective writer) and src/io_h5_rows.c (rows
 * at indices); only with HDF5. */
#ifndef HKZ_IO_H5_INTERNAL_H
#define HKZ_IO_H5_INTERNAL_H

#include <hdf5.h>
#include "hkz/io_h5.h"
#include "hkz/dist.h"

/* a parallel HDF5 (MPI-IO) in an MPI build: collective handles */
#if HKZ_HDF5_PARALLEL && HKZ_HAVE_MPI
#define H5_PAR 1
#else
#define H5_PAR 0
#endif

#define H5_MAX_COLS 32
#define H5_MAX_RANK 8

struct hkz_h5_s
{
    hid_t file;
    hid_t dset[H5_MAX_COLS];
    int type[H5_MAX_COLS];
    int ncols;
    size_t rows;         /* serial: rows in the file; collective: rows this
                            rank wrote */
    char *path, *tmp;
    int rank;            /* 0: 1-D tables; else every column has the
                            fixed shape dims[0..rank) (C order) */
    hsize_t dims[H5_MAX_RANK];
    int par;             /* collective (MPI-IO) handle */
    hkz_dist_t d;        /* its ranks */
};

static inline hid_t _hkz_h5_mem_type(int t)
{
    return t == HKZ_H5_DOUBLE ? H5T_NATIVE_DOUBLE :
           t == HKZ_H5_INT64 ? H5T_NATIVE_INT64 : H5T_NATIVE_INT8;
}

static inline hid_t _hkz_h5_file_type(int t)
{
    return t == HKZ_H5_DOUBLE ? H5T_IEEE_F64LE :
           t == HKZ_H5_INT64 ? H5T_STD_I64LE : H5T_STD_I8LE;
}

void _hkz_h5_close_all(struct hkz_h5_s *s);
/* the column datasets' file space: 1-D (nrows, extendible when ext) or the
 * handle's shape */
hid_t _hkz_h5_space(const struct hkz_h5_s *s, hsize_t nrows, int ext);
/* the first block of the C-order run [start, start + count) of a shaped
 * dataset: corner AT and extent CNT (rank s->rank); returns its number of
 * elements.  A run is at most 2 rank - 1 such blocks. */
hsize_t _hkz_h5_run_block(const struct hkz_h5_s *s, hsize_t start,
                          hsize_t count, hsize_t *at, hsize_t *cnt);
/* selects (op H5S_SELECT_SET or _OR) the rows [start, start + count) of
 * the handle's columns: a run of the C-order linear index as at most
 * 2 rank - 1 hyperslabs */
int _hkz_h5_select_run(const struct hkz_h5_s *s, hid_t fs, hsize_t start,
                       hsize_t count, H5S_seloper_t op);
/* writes column c's rows [start, start + count) of a shaped dataset from
 * DATA, block by block (fs: the dataset's file space) */
herr_t _hkz_h5_write_run(const struct hkz_h5_s *s, int c, hid_t fs,
                         hsize_t start, hsize_t count, const void *data);
void _hkz_h5_free(struct hkz_h5_s *s);
/* the chunk of a shaped dataset (about 1 MiB of doubles, a run of rows)
 * and the dataset creation list: chunks of `chunk` rows (1-D) or those */
void _hkz_h5_chunk(hsize_t *ch, const struct hkz_h5_s *s);
int _hkz_h5_dcpl(hid_t dcpl, const struct hkz_h5_s *s, hsize_t chunk);
/* the chunk cache of a dataset (serial writer): 2 chunks of doubles */
#define H5_CHUNK_CACHE ((size_t) 2 << 20)
#define H5_CHUNK_SLOTS 101
/* the serial writer; rank > 0: shaped columns */
int _hkz_h5_create_serial(hkz_h5_t *h, const char *path,
                          const hkz_h5_col_t *cols, int ncols, size_t chunk,
                          int rank, const uint64_t *dims);
/* the string attribute key = value of the root group (replaced) */
int _hkz_h5_attr_write(hid_t file, const char *key, const char *value);
/* collective: the attribute with rank 0's value on every rank */
int _hkz_h5_attr_par(struct hkz_h5_s *s, const char *key, const char *value);
/* collective close; rank 0 renames PATH.tmp onto PATH (abort: removes
 * it); frees s */
int _hkz_h5_close_par(struct hkz_h5_s *s, int abort);

#endif
