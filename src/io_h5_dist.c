/* HDF5 tables written by all ranks of a dist handle (hkz/io_h5.h):
 * parallel HDF5 (MPI-IO driver, set up by hkz_dist_h5_fapl of dist: this
 * file uses no MPI type), fixed-size datasets, collective hyperslab writes of
 * each rank's rows (io_h5_rows.c).  Without a parallel HDF5 a one-rank
 * world gets the serial writer (rows written at their indices). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "hkz/io_h5.h"
#include "hkz/dist.h"
#include "hkz_check.h"

#if HKZ_HAVE_HDF5
#include "io_h5_internal.h"
#define PAR H5_PAR

int hkz_h5_parallel(void)
{
    return PAR;
}

#if PAR
static int create_par(struct hkz_h5_s *s, const hkz_h5_col_t *cols,
                      int ncols, size_t nrows)
{
    hid_t fapl, space = -1, dcpl;
    int c, status = HKZ_SUCCESS;

    fapl = H5Pcreate(H5P_FILE_ACCESS);
    HKZ_CHECK(fapl >= 0 && hkz_dist_h5_fapl((int64_t) fapl, s->d) == 0,
              HKZ_ERR_IO, "HDF5: cannot set up the MPI-IO driver");
    s->file = H5Fcreate(s->tmp, H5F_ACC_TRUNC, H5P_DEFAULT, fapl);
    H5Pclose(fapl);
    HKZ_CHECK(s->file >= 0, HKZ_ERR_IO, "cannot create HDF5 file '%s'",
              s->tmp);
    space = _hkz_h5_space(s, nrows, 0);
    /* shaped datasets in chunks of a row block, as the serial writer's
       (no filter: collective writes of partial chunks need no cache) */
    dcpl = H5Pcreate(H5P_DATASET_CREATE);
    HKZ_CHECK(space >= 0 && dcpl >= 0 && (s->rank == 0 ||
              _hkz_h5_dcpl(dcpl, s, 0) == 0), HKZ_ERR_IO,
              "HDF5: cannot set up datasets");
    s->ncols = ncols;
    for (c = 0; c < ncols && status == HKZ_SUCCESS; c++)
    {
        s->type[c] = cols[c].type;
        s->dset[c] = H5Dcreate2(s->file, cols[c].name,
                                _hkz_h5_file_type(cols[c].type), space,
                                H5P_DEFAULT, dcpl, H5P_DEFAULT);
        if (s->dset[c] < 0)
            status = hkz_error_set(HKZ_ERR_IO, "HDF5: cannot create "
                                   "dataset '%s'", cols[c].name);
    }
    H5Sclose(space);
    H5Pclose(dcpl);
    return status;
}
#endif

/* hkz_h5_create_dist (rank 0) and hkz_h5_create_shaped */
static int create_dist(hkz_h5_t *h, const char *path,
                       const hkz_h5_col_t *cols, int ncols, size_t nrows,
                       int rank, const uint64_t *dims, hkz_dist_t d)
{
    struct hkz_h5_s *s;
    int c, status = HKZ_SUCCESS;
    struct stat sb;

    HKZ_CHECK(h != NULL && path != NULL && cols != NULL && ncols >= 1 &&
              ncols <= H5_MAX_COLS && nrows >= 1 && rank >= 0 &&
              rank <= H5_MAX_RANK, HKZ_ERR_ARG,
              "hkz_h5_create_dist: bad arguments");
    *h = NULL;
    if (d == NULL)
        d = hkz_dist_world();
    if (!PAR)
    {
        HKZ_CHECK(hkz_dist_size(d) == 1, HKZ_ERR_UNSUPPORTED, "this build "
                  "has no parallel HDF5 (libhdf5-openmpi-dev)");
        return _hkz_h5_create_serial(h, path, cols, ncols, nrows < 65536 ?
                                     nrows : 65536, rank, dims);
    }
    s = calloc(1, sizeof(struct hkz_h5_s));
    if (s != NULL)
    {
        s->file = -1;
        for (c = 0; c < H5_MAX_COLS; c++)
            s->dset[c] = -1;
        s->rank = rank;
        for (c = 0; c < rank; c++)
            s->dims[c] = dims[c];
        s->par = 1;
        s->d = d;
        s->path = malloc(strlen(path) + 1);
        s->tmp = malloc(strlen(path) + 5);
    }
    if (s == NULL || s->path == NULL || s->tmp == NULL)
        status = hkz_error_set(HKZ_ERR_NOMEM, "hkz_h5_create: out of memory");
    else if (stat(path, &sb) == 0 && !S_ISREG(sb.st_mode))
        status = hkz_error_set(HKZ_ERR_IO, "HDF5 output '%s' exists and is "
                               "not a regular file", path);
    status = hkz_dist_agree(d, status);
    if (status != HKZ_SUCCESS)
    {
        if (s != NULL)
            _hkz_h5_free(s);
        return status;
    }
    strcpy(s->path, path);
    sprintf(s->tmp, "%s.tmp", path);
    H5Eset_auto2(H5E_DEFAULT, NULL, NULL);   /* the library never prints */
#if PAR
    status = create_par(s, cols, ncols, nrows);
#endif
    status = hkz_dist_agree(d, status);
    if (status != HKZ_SUCCESS)
    {
        _hkz_h5_close_all(s);
        if (hkz_dist_rank(d) == 0)
            remove(s->tmp);
        _hkz_h5_free(s);
        return status;
    }
    *h = s;
    return HKZ_SUCCESS;
}

int hkz_h5_create_dist(hkz_h5_t *h, const char *path,
                       const hkz_h5_col_t *cols, int ncols, size_t nrows,
                       hkz_dist_t d)
{
    return create_dist(h, path, cols, ncols, nrows, 0, NULL, d);
}

int hkz_h5_create_shaped(hkz_h5_t *h, const char *path,
                         const hkz_h5_col_t *cols, int ncols, int rank,
                         const uint64_t *dims, hkz_dist_t d)
{
    size_t nrows = 1;
    int k;
    HKZ_CHECK(rank >= 1 && rank <= H5_MAX_RANK && dims != NULL, HKZ_ERR_ARG,
              "hkz_h5_create_shaped: rank %d (1..%d)", rank, H5_MAX_RANK);
    for (k = 0; k < rank; k++)
        nrows *= dims[k];
    if (d == NULL)   /* this process alone */
        return _hkz_h5_create_serial(h, path, cols, ncols, 0, rank, dims);
    return create_dist(h, path, cols, ncols, nrows, rank, dims, d);
}

int _hkz_h5_attr_par(struct hkz_h5_s *s, const char *key, const char *value)
{
    size_t len = strlen(value) + 1;
    char *v = NULL;
    int status = hkz_dist_bcast(s->d, &len, sizeof(len), 0);

    if (status == HKZ_SUCCESS)
    {
        v = malloc(len);
        if (v != NULL && hkz_dist_rank(s->d) == 0)
            memcpy(v, value, len);
        status = hkz_dist_agree(s->d, v == NULL ? HKZ_ERR_NOMEM : 0);
    }
    if (status == HKZ_SUCCESS)
        status = hkz_dist_bcast(s->d, v, len, 0);
    if (status != HKZ_SUCCESS)
    {
        free(v);
        return hkz_error_set(status, "HDF5: attribute '%s'", key);
    }
    status = _hkz_h5_attr_write(s->file, key, v);
    free(v);
    return hkz_dist_agree(s->d, status);
}

int _hkz_h5_close_par(struct hkz_h5_s *s, int abort)
{
    int status = HKZ_SUCCESS;

    if (!abort && H5Fflush(s->file, H5F_SCOPE_GLOBAL) < 0)
        status = hkz_error_set(HKZ_ERR_IO, "HDF5: cannot flush '%s'",
                               s->tmp);
    _hkz_h5_close_all(s);
    status = hkz_dist_agree(s->d, abort ? HKZ_ERR_IO : status);
    if (hkz_dist_rank(s->d) == 0)
    {
        if (status == HKZ_SUCCESS && rename(s->tmp, s->path) != 0)
            status = hkz_error_set(HKZ_ERR_IO, "cannot rename '%s' to '%s'",
                                   s->tmp, s->path);
        if (status != HKZ_SUCCESS)
            remove(s->tmp);
    }
    status = abort ? HKZ_SUCCESS : hkz_dist_agree(s->d, status);
    _hkz_h5_free(s);
    return status;
}

#else /* no HDF5 */

int hkz_h5_parallel(void)
{
    return 0;
}

int hkz_h5_create_dist(hkz_h5_t *h, const char *path,
                       const hkz_h5_col_t *cols, int ncols, size_t nrows,
                       hkz_dist_t d)
{
    if (h != NULL)
        *h = NULL;
    return hkz_error_set(HKZ_ERR_UNSUPPORTED, "this build has no HDF5 "
                         "(configure with libhdf5-dev installed)");
}

int hkz_h5_create_shaped(hkz_h5_t *h, const char *path,
                         const hkz_h5_col_t *cols, int ncols, int rank,
                         const uint64_t *dims, hkz_dist_t d)
{
    return hkz_h5_create_dist(h, path, cols, ncols, 1, d);
}

#endif
