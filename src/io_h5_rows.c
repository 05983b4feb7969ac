/* Rows written at their indices (hkz_h5_write_rows, hkz/io_h5.h): by the
 * serial writer, and by all ranks of a collective handle (parallel HDF5:
 * collective hyperslab writes of each rank's rows). */
#include <stdlib.h>
#include "hkz/io_h5.h"
#include "hkz/dist.h"
#include "hkz_check.h"

#if HKZ_HAVE_HDF5
#include "io_h5_internal.h"

/* the end of the run of consecutive rows idx[k..) */
static size_t run_end(const uint64_t *idx, size_t n, size_t k)
{
    size_t e = k + 1;
    while (e < n && idx[e] == idx[e - 1] + 1)
        e++;
    return e;
}

/* the file selection of rows idx[0..n) (increasing): runs of consecutive
 * rows as hyperslabs */
static int select_rows(const struct hkz_h5_s *h, hid_t fs, size_t n,
                       const uint64_t *idx)
{
    size_t k = 0;
    int first = 1;

    if (n == 0)
        return H5Sselect_none(fs) >= 0 ? 0 : -1;
    while (k < n)
    {
        size_t e = run_end(idx, n, k);
        hsize_t start = idx[k], count;
        count = e - k;
        if (_hkz_h5_select_run(h, fs, start, count, first ? H5S_SELECT_SET
                                                        : H5S_SELECT_OR) < 0)
            return -1;
        first = 0;
        k = e;
    }
    return 0;
}

/* one write of the rows idx[0..n) from a 1-D memory space (1-D tables,
 * and the serial writer's rows at indices) */
static int write_sel(const struct hkz_h5_s *h, size_t n, const uint64_t *idx,
                     const void *const *data, hid_t dxpl, int status)
{
    hsize_t count = n > 0 ? n : 1;
    hid_t fs = -1, ms;
    int c;

    ms = H5Screate_simple(1, &count, NULL);
    if (n == 0)
        H5Sselect_none(ms);
    /* every rank makes the same calls (collective), errors agreed after */
    for (c = 0; c < h->ncols; c++)
    {
        fs = H5Dget_space(h->dset[c]);
        if (fs < 0 || select_rows(h, fs, n, idx) != 0 ||
            H5Dwrite(h->dset[c], _hkz_h5_mem_type(h->type[c]), ms, fs, dxpl,
                     n > 0 ? data[c] : NULL) < 0)
            if (status == HKZ_SUCCESS)
                status = hkz_error_set(HKZ_ERR_IO, "HDF5: cannot write %zu "
                                       "rows", n);
        if (fs >= 0)
            H5Sclose(fs);
    }
    H5Sclose(ms);
    return status;
}

/* a block of rows: corner, extent, and its first row's place in the
 * caller's columns */
typedef struct
{
    hsize_t at[H5_MAX_RANK], cnt[H5_MAX_RANK];
    size_t off;
} block_t;

/* the blocks of the rows idx[0..n) (increasing) of a shaped dataset: its
 * runs of consecutive rows cut into C-order blocks; *nb of them in *b */
static int row_blocks(const struct hkz_h5_s *h, size_t n,
                      const uint64_t *idx, block_t **b, int *nb)
{
    size_t k = 0, e, cap = 0, off = 0;
    hsize_t start, count, m;
    block_t *v = NULL, *t;

    *nb = 0;
    for (; k < n; k = e)
    {
        e = run_end(idx, n, k);
        for (start = idx[k], count = e - k; count > 0; count -= m)
        {
            if ((size_t) *nb == cap)
            {
                cap = 2 * cap + 4;
                t = realloc(v, cap * sizeof(block_t));
                if (t == NULL)
                {
                    free(v);
                    *nb = 0;
                    return hkz_error_set(HKZ_ERR_NOMEM, "HDF5: out of "
                                         "memory");
                }
                v = t;
            }
            m = _hkz_h5_run_block(h, start, count, v[*nb].at, v[*nb].cnt);
            v[(*nb)++].off = off;
            off += m;
            start += m;
        }
    }
    *b = v;
    return HKZ_SUCCESS;
}

/* Collective writes of a shaped dataset's rows, a block a call, each from
 * a memory space of the block's shape (a 1-D memory space against the
 * blocks sends HDF5 through its per-element chunk mapping, as in
 * _hkz_h5_write_run).  The ranks agree on the most blocks any of them
 * has and make that many calls; a rank out of blocks selects none. */
static int write_blocks(const struct hkz_h5_s *h, size_t n,
                        const uint64_t *idx, const void *const *data,
                        hid_t dxpl, int status)
{
    block_t *b = NULL;
    hsize_t one = 1;
    int nb = 0, nmax, c, k, bad = 0;

    if (status == HKZ_SUCCESS)
        status = row_blocks(h, n, idx, &b, &nb);
    nmax = nb;
    status = hkz_dist_agree(h->d, status);
    if (status == HKZ_SUCCESS)
        status = hkz_dist_allreduce_int(h->d, &nmax, 1, HKZ_DIST_MAX);
    /* the loops depend on agreed values only: every rank makes the calls */
    for (c = 0; c < h->ncols && status == HKZ_SUCCESS; c++)
    {
        hid_t mt = _hkz_h5_mem_type(h->type[c]), ms;
        hid_t fs = H5Dget_space(h->dset[c]);
        size_t esize = H5Tget_size(mt);
        for (k = 0; k < nmax; k++)
        {
            herr_t r;
            if (k < nb)
            {
                ms = H5Screate_simple(h->rank, b[k].cnt, NULL);
                r = H5Sselect_hyperslab(fs, H5S_SELECT_SET, b[k].at, NULL,
                                        b[k].cnt, NULL);
            }
            else
            {
                ms = H5Screate_simple(1, &one, NULL);
                r = H5Sselect_none(ms) < 0 ? -1 : H5Sselect_none(fs);
            }
            if (fs < 0 || ms < 0 || r < 0 ||
                H5Dwrite(h->dset[c], mt, ms, fs, dxpl, k < nb
                         ? (const char *) data[c] + b[k].off * esize : NULL)
                < 0)
                bad = 1;
            if (ms >= 0)
                H5Sclose(ms);
        }
        if (fs >= 0)
            H5Sclose(fs);
    }
    free(b);
    if (bad && status == HKZ_SUCCESS)
        status = hkz_error_set(HKZ_ERR_IO, "HDF5: cannot write %zu rows", n);
    return status;
}

int hkz_h5_write_rows(hkz_h5_t h, size_t n, const uint64_t *idx,
                      const void *const *data)
{
    hsize_t size;
    hid_t dxpl = H5P_DEFAULT;
    size_t k;
    int c, status = HKZ_SUCCESS;

    HKZ_CHECK(h != NULL && (n == 0 || (idx != NULL && data != NULL)),
              HKZ_ERR_ARG, "hkz_h5_write_rows: NULL argument");
    for (k = 1; k < n; k++)
        HKZ_CHECK(idx[k] > idx[k - 1], HKZ_ERR_ARG, "hkz_h5_write_rows: "
                  "rows must increase");
    if (!h->par && h->rank == 0 && n > 0 && idx[n - 1] + 1 > h->rows)
    {
        size = idx[n - 1] + 1;
        for (c = 0; c < h->ncols; c++)
            HKZ_CHECK(H5Dset_extent(h->dset[c], &size) >= 0, HKZ_ERR_IO,
                      "HDF5: cannot extend the datasets");
    }
#if H5_PAR
    if (h->par)
    {
        dxpl = H5Pcreate(H5P_DATASET_XFER);
        if (dxpl < 0 || H5Pset_dxpl_mpio(dxpl, H5FD_MPIO_COLLECTIVE) < 0)
            status = hkz_error_set(HKZ_ERR_IO, "HDF5: collective transfer");
    }
#endif
    status = h->par && h->rank > 0
             ? write_blocks(h, n, idx, data, dxpl, status)
             : write_sel(h, n, idx, data, dxpl, status);
    if (dxpl != H5P_DEFAULT)
        H5Pclose(dxpl);
    if (h->par)
        status = hkz_dist_agree(h->d, status);
    if (status == HKZ_SUCCESS)
        h->rows = h->par ? h->rows + n
                         : (n > 0 && idx[n - 1] + 1 > h->rows ? idx[n - 1] + 1
                                                              : h->rows);
    return status;
}

#else /* no HDF5 */

int hkz_h5_write_rows(hkz_h5_t h, size_t n, const uint64_t *idx,
                      const void *const *data)
{
    return hkz_error_set(HKZ_ERR_UNSUPPORTED, "this build has no HDF5");
}

#endif
