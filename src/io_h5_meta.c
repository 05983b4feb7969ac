/* What makes an HDF5 grid self-describing (hkz/io_h5.h): the axes as
 * dimension scales (hdf5_hl, H5DS), numeric attributes, a description per
 * dataset.  Collective on a create_dist handle: every rank makes the same
 * calls with the same values. */
#include <stdlib.h>
#include <string.h>
#include "hkz/io_h5.h"
#include "hkz_check.h"

#if HKZ_HAVE_HDF5
#include <hdf5.h>
#include <hdf5_hl.h>
#include "io_h5_internal.h"

static int attr_num(hid_t obj, const char *key, hid_t ftype, hid_t mtype,
                    const void *v)
{
    hid_t sp = H5Screate(H5S_SCALAR), a;
    herr_t r = -1;
    if (H5Aexists(obj, key) > 0)
        H5Adelete(obj, key);
    a = H5Acreate2(obj, key, ftype, sp, H5P_DEFAULT, H5P_DEFAULT);
    if (a >= 0)
    {
        r = H5Awrite(a, mtype, v);
        H5Aclose(a);
    }
    H5Sclose(sp);
    HKZ_CHECK(r >= 0, HKZ_ERR_IO, "HDF5: cannot write attribute '%s'", key);
    return HKZ_SUCCESS;
}

/* a collective handle writes rank 0's value (as string attributes do:
 * summary counts are complete on rank 0 only) */
static int attr_val(hkz_h5_t h, const char *key, hid_t ftype, hid_t mtype,
                    void *v)
{
    if (h->par)
        HKZ_TRY(hkz_dist_bcast(h->d, v, 8, 0));
    return attr_num(h->file, key, ftype, mtype, v);
}

int hkz_h5_attr_int(hkz_h5_t h, const char *key, int64_t v)
{
    HKZ_CHECK(h != NULL && key != NULL, HKZ_ERR_ARG, "hkz_h5_attr_int: NULL "
              "argument");
    return attr_val(h, key, H5T_STD_I64LE, H5T_NATIVE_INT64, &v);
}

int hkz_h5_attr_double(hkz_h5_t h, const char *key, double v)
{
    HKZ_CHECK(h != NULL && key != NULL, HKZ_ERR_ARG, "hkz_h5_attr_double: "
              "NULL argument");
    return attr_val(h, key, H5T_IEEE_F64LE, H5T_NATIVE_DOUBLE, &v);
}

int hkz_h5_describe(hkz_h5_t h, const char *dataset, const char *text)
{
    hid_t ds;
    int s;
    HKZ_CHECK(h != NULL && dataset != NULL && text != NULL, HKZ_ERR_ARG,
              "hkz_h5_describe: NULL argument");
    ds = H5Dopen2(h->file, dataset, H5P_DEFAULT);
    HKZ_CHECK(ds >= 0, HKZ_ERR_ARG, "HDF5: no dataset '%s'", dataset);
    s = _hkz_h5_attr_write(ds, "description", text);
    H5Dclose(ds);
    return s;
}

int hkz_h5_axis(hkz_h5_t h, int dim, const char *name, size_t n,
                const double *v, const char *description)
{
    hsize_t len = n;
    hid_t sp, ds;
    herr_t r = 0;
    int c, status = HKZ_SUCCESS;

    HKZ_CHECK(h != NULL && name != NULL && v != NULL && description != NULL
              && dim >= 0 && dim < h->rank && len == h->dims[dim],
              HKZ_ERR_ARG, "hkz_h5_axis: axis %d '%s' of %zu values does "
              "not fit the datasets", dim, name != NULL ? name : "", n);
    sp = H5Screate_simple(1, &len, NULL);
    ds = sp >= 0 ? H5Dcreate2(h->file, name, H5T_IEEE_F64LE, sp,
                              H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT) : -1;
    if (sp >= 0)
        H5Sclose(sp);
    HKZ_CHECK(ds >= 0, HKZ_ERR_IO, "HDF5: cannot create axis '%s'", name);
    /* (collective handle: rank 0 writes the values, independently) */
    if (!h->par || hkz_dist_rank(h->d) == 0)
        r = H5Dwrite(ds, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, v);
    if (r >= 0)
        r = H5DSset_scale(ds, name);
    for (c = 0; c < h->ncols && r >= 0; c++)
    {
        r = H5DSattach_scale(h->dset[c], ds, (unsigned) dim);
        if (r >= 0)
            r = H5DSset_label(h->dset[c], (unsigned) dim, name);
    }
    if (r < 0)
        status = hkz_error_set(HKZ_ERR_IO, "HDF5: cannot write axis '%s'",
                               name);
    if (status == HKZ_SUCCESS)
        status = _hkz_h5_attr_write(ds, "description", description);
    H5Dclose(ds);
    return status;
}

#else /* no HDF5 */

static int unsupported(void)
{
    return hkz_error_set(HKZ_ERR_UNSUPPORTED, "this build has no HDF5");
}

int hkz_h5_attr_int(hkz_h5_t h, const char *key, int64_t v)
{
    return unsupported();
}

int hkz_h5_attr_double(hkz_h5_t h, const char *key, double v)
{
    return unsupported();
}

int hkz_h5_describe(hkz_h5_t h, const char *dataset, const char *text)
{
    return unsupported();
}

int hkz_h5_axis(hkz_h5_t h, int dim, const char *name, size_t n,
                const double *v, const char *description)
{
    return unsupported();
}

#endif
