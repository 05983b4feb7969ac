/* Shaped HDF5 datasets (hkz/io_h5.h): their chunks, and a run of the
 * C-order index as hyperslab blocks, selected or written block by block. */
#include "hkz/io_h5.h"

#if HKZ_HAVE_HDF5
#include <hdf5.h>

#include "io_h5_internal.h"

hsize_t _hkz_h5_run_block(const struct hkz_h5_s *s, hsize_t start,
                          hsize_t count, hsize_t *at, hsize_t *cnt)
{
    hsize_t stride[H5_MAX_RANK], nb;
    int d, e;

    stride[s->rank - 1] = 1;
    for (d = s->rank - 2; d >= 0; d--)
        stride[d] = stride[d + 1] * s->dims[d + 1];
    /* the outermost dimension d whose blocks (stride[d] elements) start
       here and fit into the run */
    for (d = 0; d < s->rank - 1; d++)
        if (start % stride[d] == 0 && stride[d] <= count)
            break;
    for (e = 0; e < s->rank; e++)
    {
        at[e] = (start / stride[e]) % s->dims[e];
        cnt[e] = e < d ? 1 : s->dims[e];
    }
    nb = count / stride[d];
    if (nb > s->dims[d] - at[d])
        nb = s->dims[d] - at[d];
    cnt[d] = nb;
    return nb * stride[d];
}

int _hkz_h5_select_run(const struct hkz_h5_s *s, hid_t fs, hsize_t start,
                       hsize_t count, H5S_seloper_t op)
{
    hsize_t at[H5_MAX_RANK], cnt[H5_MAX_RANK], n;

    if (s->rank == 0)
        return H5Sselect_hyperslab(fs, op, &start, NULL, &count, NULL) < 0
               ? -1 : 0;
    while (count > 0)
    {
        n = _hkz_h5_run_block(s, start, count, at, cnt);
        if (H5Sselect_hyperslab(fs, op, at, NULL, cnt, NULL) < 0)
            return -1;
        op = H5S_SELECT_OR;
        start += n;
        count -= n;
    }
    return 0;
}

/* Writes the run one block at a time, each from a memory space of the
   block's own shape: HDF5 then maps a block onto the chunks by hyperslab
   arithmetic.  A 1-D memory space against a 3-D selection sends it through
   its per-element chunk mapping instead (H5S_select_iterate, 20x the cost
   of the write at 10^7 entries). */
herr_t _hkz_h5_write_run(const struct hkz_h5_s *s, int c, hid_t fs,
                         hsize_t start, hsize_t count, const void *data)
{
    hsize_t at[H5_MAX_RANK], cnt[H5_MAX_RANK], n;
    hid_t mt = _hkz_h5_mem_type(s->type[c]), ms;
    size_t esize = H5Tget_size(mt);
    const char *p = data;
    herr_t r = 0;

    while (count > 0 && r >= 0)
    {
        n = _hkz_h5_run_block(s, start, count, at, cnt);
        ms = H5Screate_simple(s->rank, cnt, NULL);
        r = ms >= 0 && H5Sselect_hyperslab(fs, H5S_SELECT_SET, at, NULL, cnt,
                                           NULL) >= 0
            ? H5Dwrite(s->dset[c], mt, ms, fs, H5P_DEFAULT, p) : -1;
        if (ms >= 0)
            H5Sclose(ms);
        p += n * esize;
        start += n;
        count -= n;
    }
    return r;
}

/* Elements in a chunk of a shaped dataset: 1 MiB of doubles. */
#define H5_CHUNK_ELEMS ((hsize_t) 1 << 17)

void _hkz_h5_chunk(hsize_t *ch, const struct hkz_h5_s *s)
{
    hsize_t inner = 1;
    int d = s->rank - 1, e;

    /* the innermost dimensions whole while they fit, then as many of the
       next one's slices as fit: a chunk is a run of the C-order index, so
       rows written in order fill the chunks one after another */
    while (d > 0 && inner * s->dims[d] <= H5_CHUNK_ELEMS)
        inner *= s->dims[d--];
    for (e = 0; e < s->rank; e++)
    {
        hsize_t m = H5_CHUNK_ELEMS / inner;
        ch[e] = e < d ? 1 : e > d ? s->dims[e] : m < s->dims[d] ? m
                                                 : s->dims[d];
    }
}

int _hkz_h5_dcpl(hid_t dcpl, const struct hkz_h5_s *s, hsize_t chunk)
{
    hsize_t ch[H5_MAX_RANK];
    if (s->rank == 0)
        return H5Pset_chunk(dcpl, 1, &chunk) < 0 ? -1 : 0;
    _hkz_h5_chunk(ch, s);
    return H5Pset_chunk(dcpl, s->rank, ch) < 0 ? -1 : 0;
}

#endif
