/* io_h5_internal.h -- the HDF5 table handle shared by src/io_h5.c (serial
 * writer) and src/io_h5_dist.c (collective writer); only with HDF5. */
#ifndef HKZ_IO_H5_INTERNAL_H
#define HKZ_IO_H5_INTERNAL_H

#include <hdf5.h>
#include "hkz/io_h5.h"
#include "hkz/dist.h"

#define H5_MAX_COLS 32

struct hkz_h5_s
{
    hid_t file;
    hid_t dset[H5_MAX_COLS];
    int type[H5_MAX_COLS];
    int ncols;
    size_t rows;         /* serial: rows in the file; collective: rows this
                            rank wrote */
    char *path, *tmp;
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
void _hkz_h5_free(struct hkz_h5_s *s);
/* the string attribute key = value of the root group (replaced) */
int _hkz_h5_attr_write(hid_t file, const char *key, const char *value);
/* collective: the attribute with rank 0's value on every rank */
int _hkz_h5_attr_par(struct hkz_h5_s *s, const char *key, const char *value);
/* collective close; rank 0 renames PATH.tmp onto PATH (abort: removes
 * it); frees s */
int _hkz_h5_close_par(struct hkz_h5_s *s, int abort);

#endif
