/* HDF5 tables: chunked extendible 1-D datasets, string attributes (see
 * hkz/io_h5.h).  Without HKZ_HAVE_HDF5 every call is unsupported. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "hkz/io_h5.h"
#include "hkz_check.h"

#if HKZ_HAVE_HDF5
#include <hdf5.h>

#include "io_h5_internal.h"

int hkz_h5_available(void)
{
    return 1;
}

void _hkz_h5_close_all(struct hkz_h5_s *s)
{
    int c;
    for (c = 0; c < s->ncols; c++)
        if (s->dset[c] >= 0)
            H5Dclose(s->dset[c]);
    if (s->file >= 0)
        H5Fclose(s->file);
}

void _hkz_h5_free(struct hkz_h5_s *s)
{
    free(s->path);
    free(s->tmp);
    free(s);
}

hid_t _hkz_h5_space(const struct hkz_h5_s *s, hsize_t nrows, int ext)
{
    hsize_t maxd = H5S_UNLIMITED;
    if (s->rank > 0)
        return H5Screate_simple(s->rank, s->dims, NULL);
    return H5Screate_simple(1, &nrows, ext ? &maxd : NULL);
}

int _hkz_h5_create_serial(hkz_h5_t *h, const char *path,
                          const hkz_h5_col_t *cols, int ncols, size_t chunk,
                          int rank, const uint64_t *dims)
{
    struct hkz_h5_s *s;
    hsize_t ch;
    hid_t space = -1, dcpl = -1, dapl = -1;
    int c, status = HKZ_SUCCESS;

    HKZ_CHECK(h != NULL && path != NULL && cols != NULL && ncols >= 1 &&
              ncols <= H5_MAX_COLS && rank >= 0 && rank <= H5_MAX_RANK &&
              (rank == 0 || dims != NULL), HKZ_ERR_ARG, "hkz_h5_create: bad "
              "arguments");
    *h = NULL;
    {
        /* PATH.tmp is renamed onto PATH: never onto a device or FIFO */
        struct stat sb;
        HKZ_CHECK(stat(path, &sb) != 0 || S_ISREG(sb.st_mode), HKZ_ERR_IO,
                  "HDF5 output '%s' exists and is not a regular file", path);
    }
    s = calloc(1, sizeof(struct hkz_h5_s));
    HKZ_CHECK(s != NULL, HKZ_ERR_NOMEM, "hkz_h5_create: out of memory");
    s->file = -1;
    for (c = 0; c < H5_MAX_COLS; c++)
        s->dset[c] = -1;
    s->rank = rank;
    for (c = 0; c < rank; c++)
        s->dims[c] = dims[c];
    s->path = malloc(strlen(path) + 1);
    s->tmp = malloc(strlen(path) + 5);
    if (s->path == NULL || s->tmp == NULL)
    {
        _hkz_h5_free(s);
        return hkz_error_set(HKZ_ERR_NOMEM, "hkz_h5_create: out of memory");
    }
    strcpy(s->path, path);
    sprintf(s->tmp, "%s.tmp", path);
    H5Eset_auto2(H5E_DEFAULT, NULL, NULL);   /* the library never prints */
    s->file = H5Fcreate(s->tmp, H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT);
    HKZ_CHECK_GOTO(s->file >= 0, HKZ_ERR_IO, "cannot create HDF5 file "
                   "'%s'", s->tmp);
    ch = chunk > 0 ? chunk : 65536;
    space = _hkz_h5_space(s, 0, 1);
    dcpl = H5Pcreate(H5P_DATASET_CREATE);
    dapl = H5Pcreate(H5P_DATASET_ACCESS);
    /* 1-D tables grow by chunks; shaped ones have their size, in chunks
       of a row block (_hkz_h5_chunk) kept in a cache of a few of them
       until the rows after them complete them */
    HKZ_CHECK_GOTO(space >= 0 && dcpl >= 0 && dapl >= 0 &&
                   _hkz_h5_dcpl(dcpl, s, ch) == 0 && H5Pset_chunk_cache(dapl,
                   H5_CHUNK_SLOTS, H5_CHUNK_CACHE, 1.0) >= 0,
                   HKZ_ERR_IO, "HDF5: cannot set up datasets");
    s->ncols = ncols;
    for (c = 0; c < ncols; c++)
    {
        s->type[c] = cols[c].type;
        s->dset[c] = H5Dcreate2(s->file, cols[c].name,
                                _hkz_h5_file_type(cols[c].type), space, H5P_DEFAULT,
                                dcpl, dapl);
        HKZ_CHECK_GOTO(s->dset[c] >= 0, HKZ_ERR_IO, "HDF5: cannot create "
                       "dataset '%s'", cols[c].name);
    }
cleanup:
    if (space >= 0)
        H5Sclose(space);
    if (dcpl >= 0)
        H5Pclose(dcpl);
    if (dapl >= 0)
        H5Pclose(dapl);
    if (status != HKZ_SUCCESS)
    {
        _hkz_h5_close_all(s);
        remove(s->tmp);
        _hkz_h5_free(s);
        return status;
    }
    *h = s;
    return HKZ_SUCCESS;
}

int hkz_h5_create(hkz_h5_t *h, const char *path, const hkz_h5_col_t *cols,
                  int ncols, size_t chunk)
{
    return _hkz_h5_create_serial(h, path, cols, ncols, chunk, 0, NULL);
}

int _hkz_h5_attr_write(hid_t file, const char *key, const char *value)
{
    hid_t t, sp, a;
    herr_t r = -1;

    t = H5Tcopy(H5T_C_S1);
    H5Tset_size(t, H5T_VARIABLE);
    H5Tset_cset(t, H5T_CSET_UTF8);
    sp = H5Screate(H5S_SCALAR);
    if (H5Aexists(file, key) > 0)
        H5Adelete(file, key);
    a = H5Acreate2(file, key, t, sp, H5P_DEFAULT, H5P_DEFAULT);
    if (a >= 0)
    {
        r = H5Awrite(a, t, &value);
        H5Aclose(a);
    }
    H5Sclose(sp);
    H5Tclose(t);
    HKZ_CHECK(r >= 0, HKZ_ERR_IO, "HDF5: cannot write attribute '%s'", key);
    return HKZ_SUCCESS;
}

int hkz_h5_attr(hkz_h5_t h, const char *key, const char *value)
{
    HKZ_CHECK(h != NULL && key != NULL && value != NULL, HKZ_ERR_ARG,
              "hkz_h5_attr: NULL argument");
    if (h->par)
        return _hkz_h5_attr_par(h, key, value);
    return _hkz_h5_attr_write(h->file, key, value);
}

int hkz_h5_append(hkz_h5_t h, size_t n, const void *const *data)
{
    hsize_t start, count = n, size;
    hid_t fs, ms;
    herr_t r = 0;
    int c;

    HKZ_CHECK(h != NULL && data != NULL, HKZ_ERR_ARG,
              "hkz_h5_append: NULL argument");
    if (n == 0)
        return HKZ_SUCCESS;
    start = h->rows;
    size = h->rows + n;
    if (h->rank > 0)
    {
        hsize_t tot = 1;
        for (c = 0; c < h->rank; c++)
            tot *= h->dims[c];
        HKZ_CHECK(size <= tot, HKZ_ERR_ARG, "hkz_h5_append: more rows than "
                  "the datasets' shape holds");
    }
    /* a 1-D table writes its run from one 1-D memory space */
    ms = h->rank > 0 ? -1 : H5Screate_simple(1, &count, NULL);
    for (c = 0; c < h->ncols; c++)
    {
        r = h->rank > 0 ? 0 : H5Dset_extent(h->dset[c], &size);
        fs = r >= 0 ? H5Dget_space(h->dset[c]) : -1;
        if (fs >= 0 && h->rank > 0)
            r = _hkz_h5_write_run(h, c, fs, start, count, data[c]);
        else if (fs >= 0 && ms >= 0)
            r = _hkz_h5_select_run(h, fs, start, count, H5S_SELECT_SET) >= 0
                ? H5Dwrite(h->dset[c], _hkz_h5_mem_type(h->type[c]), ms, fs,
                           H5P_DEFAULT, data[c]) : -1;
        else
            r = -1;
        if (fs >= 0)
            H5Sclose(fs);
        if (r < 0)
            break;
    }
    if (ms >= 0)
        H5Sclose(ms);
    if (r < 0)
        return hkz_error_set(HKZ_ERR_IO, "HDF5: cannot append %zu rows", n);
    h->rows += n;
    return HKZ_SUCCESS;
}

size_t hkz_h5_rows(const hkz_h5_t h)
{
    return h != NULL ? h->rows : 0;
}

int hkz_h5_close(hkz_h5_t *h)
{
    struct hkz_h5_s *s;
    int status = HKZ_SUCCESS;

    if (h == NULL || *h == NULL)
        return HKZ_SUCCESS;
    s = *h;
    *h = NULL;
    if (s->par)
        return _hkz_h5_close_par(s, 0);
    if (H5Fflush(s->file, H5F_SCOPE_GLOBAL) < 0)
        status = hkz_error_set(HKZ_ERR_IO, "HDF5: cannot flush '%s'",
                               s->tmp);
    _hkz_h5_close_all(s);
    if (status == HKZ_SUCCESS && rename(s->tmp, s->path) != 0)
        status = hkz_error_set(HKZ_ERR_IO, "cannot rename '%s' to '%s'",
                               s->tmp, s->path);
    if (status != HKZ_SUCCESS)
        remove(s->tmp);
    _hkz_h5_free(s);
    return status;
}

void hkz_h5_abort(hkz_h5_t *h)
{
    if (h == NULL || *h == NULL)
        return;
    if ((*h)->par)
    {
        (void) _hkz_h5_close_par(*h, 1);
        *h = NULL;
        return;
    }
    _hkz_h5_close_all(*h);
    remove((*h)->tmp);
    _hkz_h5_free(*h);
    *h = NULL;
}

#else /* no HDF5 */

int hkz_h5_available(void)
{
    return 0;
}

static int unsupported(void)
{
    return hkz_error_set(HKZ_ERR_UNSUPPORTED, "this build has no HDF5 "
                         "(configure with libhdf5-dev installed)");
}

int hkz_h5_create(hkz_h5_t *h, const char *path, const hkz_h5_col_t *cols,
                  int ncols, size_t chunk)
{
    if (h != NULL)
        *h = NULL;
    return unsupported();
}

int hkz_h5_attr(hkz_h5_t h, const char *key, const char *value)
{
    return unsupported();
}

int hkz_h5_append(hkz_h5_t h, size_t n, const void *const *data)
{
    return unsupported();
}

size_t hkz_h5_rows(const hkz_h5_t h)
{
    return 0;
}

int hkz_h5_close(hkz_h5_t *h)
{
    return HKZ_SUCCESS;
}

void hkz_h5_abort(hkz_h5_t *h)
{
}

#endif
