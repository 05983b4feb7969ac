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

/* the data datasets, shaped like the grid: (alpha | r, z | i) x t */
static const hkz_h5_col_t cols[4] = {
    {"mid", HKZ_H5_DOUBLE}, {"rad", HKZ_H5_DOUBLE},
    {"certified", HKZ_H5_INT8}, {"scalar", HKZ_H5_INT8}};

static const char *const col_desc[4] = {
    "the double nearest to the ball's midpoint",
    "a double with [mid - rad, mid + rad] containing the certified ball "
    "(rounded outward; +inf where not certified)",
    "1 where the ball is certified (finite), else 0",
    "1 where the entry comes from the certified scalar path, 0 from the "
    "spectral-sum engine"};

/* the shape: the point axes (alpha | r, z | i), then t */
static int grid_dims(int *rank, uint64_t *dims, const hkz_grid_heat_t g)
{
    slong nc = hkz_grid_heat_ncoords(g), c, P, T;
    HKZ_TRY(hkz_grid_heat_check(&P, &T, g));
    for (c = 0; c < nc; c++)
        dims[c] = (uint64_t) (nc == 2 ? (c == 0 ? g->r->n : g->z->n) : P);
    dims[nc] = (uint64_t) T;
    *rank = (int) nc + 1;
    return HKZ_SUCCESS;
}

/* the axes as dimension scales, descriptions, deriv */
static int axes(hkz_h5_t h, const uint64_t *dims, const hkz_grid_heat_t g)
{
    slong nc = hkz_grid_heat_ncoords(g), k, c, n, T = g->t->n;
    size_t most = (size_t) T;
    double *v;
    int s = HKZ_SUCCESS;

    for (c = 0; c < nc; c++)
        most = FLINT_MAX(most, (size_t) dims[c]);
    v = malloc(most * sizeof(double));
    HKZ_CHECK(v != NULL, HKZ_ERR_NOMEM, "grid h5: out of memory");
    for (c = 0; c < nc && s == HKZ_SUCCESS; c++)
    {
        const char *name = hkz_grid_heat_coord_name(g, c);
        n = (slong) dims[c];
        for (k = 0; k < n; k++)   /* point k of this axis alone */
            v[k] = hkz_grid_heat_coord_d(g, nc == 2 && c == 0 ? k * g->z->n
                                         : k, c);
        s = hkz_h5_axis(h, (int) c, name, (size_t) n, v,
                        strcmp(name, "i") == 0 ? "line number of the point "
                        "in the points file (attribute file)" :
                        "the grid points, nearest doubles; exact: the "
                        "list of the attribute of the same name");
    }
    for (k = 0; k < T && s == HKZ_SUCCESS; k++)
        v[k] = arf_get_d(arb_midref(g->t->v + k), ARF_RND_NEAR);
    if (s == HKZ_SUCCESS)
        s = hkz_h5_axis(h, (int) nc, "t", (size_t) T, v, "the times, "
                        "nearest doubles; exact: the list of the attribute "
                        "t");
    free(v);
    for (c = 0; c < 4 && s == HKZ_SUCCESS; c++)
        s = hkz_h5_describe(h, cols[c].name, col_desc[c]);
    if (s == HKZ_SUCCESS)
        s = hkz_h5_attr_int(h, "deriv", (int64_t) g->deriv);
    return s;
}

static int create(hkz_h5_t *h, const char *path, const hkz_grid_heat_t g,
                  hkz_dist_t d)
{
    uint64_t dims[3];
    int rank, s;
    HKZ_TRY(grid_dims(&rank, dims, g));
    s = hkz_h5_create_shaped(h, path, cols, 4, rank, dims, d);
    if (s == HKZ_SUCCESS && (s = axes(*h, dims, g)) != HKZ_SUCCESS)
        hkz_h5_abort(h);
    return s;
}

int hkz_grid_h5_create(hkz_h5_t *h, const char *path,
                       const hkz_grid_heat_t g)
{
    return create(h, path, g, NULL);   /* this process alone */
}

int hkz_grid_h5_create_dist(hkz_h5_t *h, const char *path,
                            const hkz_grid_heat_t g, hkz_dist_t d)
{
    return create(h, path, g, d != NULL ? d : hkz_dist_world());
}

/* the rows: appended (the grid's order) or written at p T + j, which is
 * the C-order index of (point axes..., t) */
static int put(hkz_h5_t h, const hkz_grid_heat_t g,
               const hkz_grid_entry_t *rows, slong n, int at)
{
    slong k;
    double *dbl = malloc(2 * (size_t) FLINT_MAX(n, 1) * sizeof(double));
    int8_t *i8 = malloc(2 * (size_t) FLINT_MAX(n, 1));
    uint64_t *idx = malloc((size_t) FLINT_MAX(n, 1) * sizeof(uint64_t));
    const void *data[4];
    int status;

    if (dbl == NULL || i8 == NULL || idx == NULL)
    {
        free(dbl); free(i8); free(idx);
        return hkz_error_set(HKZ_ERR_NOMEM, "grid h5: out of memory");
    }
    for (k = 0; k < n; k++)
    {
        const hkz_grid_entry_t *r = rows + k;
        idx[k] = (uint64_t) r->p * (uint64_t) g->t->n + (uint64_t) r->j;
        hkz_grid_ball_get_d(dbl + k, dbl + n + k, &r->value);
        i8[k] = (int8_t) (r->certified != 0);
        i8[n + k] = (int8_t) (r->scalar != 0);
    }
    data[0] = dbl;
    data[1] = dbl + n;
    data[2] = i8;
    data[3] = i8 + n;
    if (at)
        status = hkz_h5_write_rows(h, (size_t) n, idx, data);
    else
        status = hkz_h5_append(h, (size_t) n, data);
    free(dbl); free(i8); free(idx);
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

/* pieces of at most this many rows when written at indices */
#define COLS_PIECE 65536

int hkz_grid_h5_write_cols(hkz_h5_t h, const hkz_grid_heat_t g,
                           const hkz_grid_cols_t *c)
{
    uint64_t start = (uint64_t) c->p0 * (uint64_t) g->t->n, *idx;
    size_t k, m, n = (size_t) c->n, piece;
    int status = HKZ_SUCCESS;

    /* a serial file in order: the columns as they are (a collective
     * handle of a parallel build takes indexed collective writes) */
    if (!hkz_h5_parallel() && hkz_h5_rows(h) == start)
    {
        const void *data[4];
        data[0] = c->mid;
        data[1] = c->rad;
        data[2] = c->certified;
        data[3] = c->scalar;
        return hkz_h5_append(h, n, data);
    }
    /* a collective handle: one call whatever n (0 too), so that the
       ranks make the same number of calls */
    piece = hkz_h5_parallel() ? FLINT_MAX(n, 1) : COLS_PIECE;
    idx = malloc(piece * sizeof(uint64_t));
    HKZ_CHECK(idx != NULL, HKZ_ERR_NOMEM, "grid h5: out of memory");
    k = 0;
    do
    {
        const void *data[4] = {NULL, NULL, NULL, NULL};
        size_t i;
        m = FLINT_MIN(n - k, piece);
        for (i = 0; i < m; i++)
            idx[i] = start + k + i;
        if (m > 0)
        {
            data[0] = c->mid + k;
            data[1] = c->rad + k;
            data[2] = c->certified + k;
            data[3] = c->scalar + k;
        }
        status = hkz_h5_write_rows(h, m, idx, data);
        k += m;
    } while (k < n && status == HKZ_SUCCESS);
    free(idx);
    return status;
}
