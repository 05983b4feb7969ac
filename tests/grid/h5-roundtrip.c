/* HDF5 round trip: a grid written through hkz_grid_h5_* reads back with
 * the HDF5 C API (datasets, lengths, values, the run record attribute).
 * With an argument PATH the file is kept there (for the h5py check). */
#include <hdf5.h>
#include <math.h>
#include <unistd.h>
#include "grid_test.h"

typedef struct
{
    hkz_h5_t h;
    const hkz_grid_heat_struct *g;
    int status;
} h5_sink_ctx;

static int h5_sink(void *ctx, const hkz_grid_entry_t *rows, slong n,
                   slong p0, slong p1)
{
    h5_sink_ctx *c = ctx;
    return hkz_grid_h5_append(c->h, c->g, rows, n);
}

/* a dataset read whole; *n its number of elements */
static double *read_d(hid_t f, const char *name, hsize_t *n)
{
    hid_t d = H5Dopen2(f, name, H5P_DEFAULT), s;
    double *v;
    if (d < 0)
        return NULL;
    s = H5Dget_space(d);
    *n = (hsize_t) H5Sget_simple_extent_npoints(s);
    v = malloc((*n + 1) * sizeof(double));
    H5Dread(d, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, v);
    H5Sclose(s);
    H5Dclose(d);
    return v;
}

int main(int argc, char **argv)
{
    hkz_grid_heat_t g;
    hkz_grid_opts_t o;
    hkz_grid_summary_t s;
    h5_sink_ctx ctx;
    grid_collect_t ref;
    char path[256];
    hid_t f, a, t;
    hsize_t n = 0, n2 = 0;
    double *mid, *rad, *z;
    char *val = NULL;
    slong k;

    if (argc > 1)
        snprintf(path, sizeof(path), "%s", argv[1]);
    else
        snprintf(path, sizeof(path), "t-grid-h5-%ld.h5", (long) getpid());
    hkz_grid_heat_init(g, HKZ_GRID_SU2_SUB);
    HKZ_TEST_OK(hkz_grid_list_set_str(g->r, "0:1.5:100", 0, 256));
    HKZ_TEST_OK(hkz_grid_list_set_str(g->z, "-1,0,0.5", 0, 256));
    HKZ_TEST_OK(hkz_grid_list_set_str(g->t, "0.3,1", 0, 256));
    g->digits = 8;

    hkz_grid_opts_init(&o);
    o.nthreads = 1;
    HKZ_TEST_OK(grid_run_collect(&ref, &s, g, &o));

    HKZ_TEST_OK(hkz_grid_h5_create(&ctx.h, path, g));
    HKZ_TEST_OK(hkz_h5_attr(ctx.h, "command", "hkz grid heat su2-sub"));
    ctx.g = g;
    hkz_grid_opts_init(&o);
    o.nthreads = 1;
    o.block = 1;   /* one tile per block: several appends */
    o.sink = h5_sink;
    o.sink_ctx = &ctx;
    HKZ_TEST_OK(hkz_grid_heat_run(&s, g, &o));
    HKZ_TEST_CHECK(hkz_h5_rows(ctx.h) == 600, "rows %zu",
                   hkz_h5_rows(ctx.h));
    HKZ_TEST_OK(hkz_h5_close(&ctx.h));

    f = H5Fopen(path, H5F_ACC_RDONLY, H5P_DEFAULT);
    HKZ_TEST_CHECK(f >= 0, "cannot open %s", path);
    /* mid, rad: 100 r x 3 z x 2 t, read whole (C order: row p T + j) */
    mid = read_d(f, "mid", &n);
    rad = read_d(f, "rad", &n2);
    HKZ_TEST_CHECK(mid != NULL && rad != NULL && n == 600,
                   "datasets (n = %lu)", (unsigned long) n);
    z = read_d(f, "z", &n2);
    HKZ_TEST_CHECK(z != NULL && n2 == 3 && z[0] == -1.0 && z[1] == 0.0 &&
                   z[2] == 0.5, "axis z");
    for (k = 0; mid != NULL && rad != NULL && z != NULL && k < 600; k++)
    {
        arb_t b;
        arb_init(b);
        arb_set_d(b, mid[k]);
        arb_add_error_2exp_si(b, -2000);
        mag_set_d(arb_radref(b), rad[k]);
        HKZ_TEST_CHECK(arb_contains(b, ref.v + k) && rad[k] > 0,
                       "row %ld", (long) k);
        arb_clear(b);
    }
    a = H5Aopen(f, "command", H5P_DEFAULT);
    t = H5Aget_type(a);
    HKZ_TEST_CHECK(a >= 0 && H5Aread(a, t, &val) >= 0 && val != NULL &&
                   strcmp(val, "hkz grid heat su2-sub") == 0, "attribute");
    H5free_memory(val);
    H5Tclose(t);
    H5Aclose(a);
    H5Fclose(f);
    free(mid); free(rad); free(z);
    if (argc <= 1)
        remove(path);
    grid_collect_clear(&ref);
    hkz_grid_heat_clear(g);
    flint_cleanup();
    return hkz_test_failures ? 1 : 0;
}
