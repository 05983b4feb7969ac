/* HDF5 tables of grid rows (hkz/io_h5.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "hkz/grid.h"
#include "hkz/io.h"
#include "hkz_check.h"

void hkz_grid_ball_get_d(double *mid, double *rad, const arb_t x)
{
    hkz_ball_get_d(mid, rad, x);
    if (!arb_is_finite(x))
        *mid = NAN;
}

static slong columns(hkz_h5_col_t *c, const hkz_grid_heat_t g)
{
    slong nc = hkz_grid_heat_ncoords(g), k, n = 0;

    for (k = 0; k < nc; k++)
    {
        const char *name = hkz_grid_heat_coord_name(g, k);
        c[n].name = name;
        c[n++].type = strcmp(name, "i") == 0 ? HKZ_H5_INT64 : HKZ_H5_DOUBLE;
    }
    c[n].name = "t"; c[n++].type = HKZ_H5_DOUBLE;
    c[n].name = "deriv"; c[n++].type = HKZ_H5_INT64;
    c[n].name = "mid"; c[n++].type = HKZ_H5_DOUBLE;
    c[n].name = "rad"; c[n++].type = HKZ_H5_DOUBLE;
    c[n].name = "certified"; c[n++].type = HKZ_H5_INT8;
    c[n].name = "scalar"; c[n++].type = HKZ_H5_INT8;
    return n;
}

int hkz_grid_h5_create(hkz_h5_t *h, const char *path,
                       const hkz_grid_heat_t g)
{
    hkz_h5_col_t c[8];
    slong n = columns(c, g);
    /* chunks of at most 65536 rows, no larger than the grid (a chunk is
     * allocated whole: a small grid makes a small file) */
    {
        slong P, T;
        size_t chunk = 0;
        if (hkz_grid_heat_check(&P, &T, g) == HKZ_SUCCESS && P * T < 65536)
            chunk = (size_t) FLINT_MAX(1, P * T);
        return hkz_h5_create(h, path, c, (int) n, chunk);
    }
}

int hkz_grid_h5_create_dist(hkz_h5_t *h, const char *path,
                            const hkz_grid_heat_t g, hkz_dist_t d)
{
    hkz_h5_col_t c[8];
    slong n = columns(c, g), P, T;
    HKZ_TRY(hkz_grid_heat_check(&P, &T, g));
    return hkz_h5_create_dist(h, path, c, (int) n, (size_t) (P * T), d);
}

/* the rows as columns: appended (idx NULL) or written at p T + j */
static int put(hkz_h5_t h, const hkz_grid_heat_t g,
               const hkz_grid_entry_t *rows, slong n, int at)
{
    slong nc = hkz_grid_heat_ncoords(g), k, c;
    double *dbl = malloc(6 * (size_t) FLINT_MAX(n, 1) * sizeof(double));
    int64_t *i64 = malloc(2 * (size_t) FLINT_MAX(n, 1) * sizeof(int64_t));
    int8_t *i8 = malloc(2 * (size_t) FLINT_MAX(n, 1));
    uint64_t *idx = malloc((size_t) FLINT_MAX(n, 1) * sizeof(uint64_t));
    const void *data[8];
    int status;

    if (dbl == NULL || i64 == NULL || i8 == NULL || idx == NULL)
    {
        free(dbl); free(i64); free(i8); free(idx);
        return hkz_error_set(HKZ_ERR_NOMEM, "grid h5: out of memory");
    }
    for (k = 0; k < n; k++)
    {
        const hkz_grid_entry_t *r = rows + k;
        idx[k] = (uint64_t) r->p * (uint64_t) g->t->n + (uint64_t) r->j;
        for (c = 0; c < nc; c++)
        {
            double v = hkz_grid_heat_coord_d(g, r->p, c);
            dbl[c * n + k] = v;
            i64[k] = (int64_t) v;     /* "i" (only with nc = 1) */
        }
        dbl[2 * n + k] = arf_get_d(arb_midref(g->t->v + r->j), ARF_RND_NEAR);
        i64[n + k] = (int64_t) g->deriv;
        hkz_grid_ball_get_d(dbl + 3 * n + k, dbl + 4 * n + k, &r->value);
        i8[k] = (int8_t) (r->certified != 0);
        i8[n + k] = (int8_t) (r->scalar != 0);
    }
    c = 0;
    for (k = 0; k < nc; k++)
        data[c++] = strcmp(hkz_grid_heat_coord_name(g, k), "i") == 0
                    ? (const void *) i64 : (const void *) (dbl + k * n);
    data[c++] = dbl + 2 * n;
    data[c++] = i64 + n;
    data[c++] = dbl + 3 * n;
    data[c++] = dbl + 4 * n;
    data[c++] = i8;
    data[c++] = i8 + n;
    if (at)
        status = hkz_h5_write_rows(h, (size_t) n, idx, data);
    else
        status = hkz_h5_append(h, (size_t) n, data);
    free(dbl); free(i64); free(i8); free(idx);
    return status;
}

int hkz_grid_h5_append(hkz_h5_t h, const hkz_grid_heat_t g,
                       const hkz_grid_entry_t *rows, slong n)
{
    return put(h, g, rows, n, 0);
}

int hkz_grid_h5_write(hkz_h5_t h, const hkz_grid_heat_t g,
                      const hkz_grid_entry_t *rows, slong n)
{
    return put(h, g, rows, n, 1);
}
