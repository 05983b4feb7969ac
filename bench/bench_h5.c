/* bench_h5: the HDF5 sink of a grid alone, timed per rank.  Four columns
 * (two double, two int8, as a grid's) of a shaped (100, 100, 1000) table
 * (10^7 entries), written in tiles of TP points (rows of 1000) dealt
 * round robin to the ranks, one tile a rank a round, as the grid's flat
 * MPI blocks do (groups/grid/block_flat.c):
 *   [mpiexec -n R] bench_h5 OUT.h5 [TP] [coll]
 * On several ranks (or with "coll" on one) a collective handle takes
 * hkz_h5_write_rows; on one rank without "coll" the serial writer takes
 * hkz_h5_append.  The values are a function of the index, so the files
 * of any rank count and tile size hold the same datasets. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "hkz/io_h5.h"
#include "hkz/dist.h"
#include "hkz/status.h"

static int fail(const char *what)
{
    fprintf(stderr, "bench_h5: %s: %s\n", what, hkz_errmsg());
    return 1;
}

int main(int argc, char **argv)
{
    uint64_t dims[3] = {100, 100, 1000};
    const hkz_h5_col_t cols[4] = {{"mid", HKZ_H5_DOUBLE},
        {"rad", HKZ_H5_DOUBLE}, {"certified", HKZ_H5_INT8},
        {"scalar", HKZ_H5_INT8}};
    size_t tp, T = dims[2], P = dims[0] * dims[1], ntile, r, i;
    double *mid, *rad, t0, tc, tw = 0.0;
    int8_t *cert, *scal;
    uint64_t *idx;
    hkz_h5_t h;
    int rank, size, coll;

    if (hkz_dist_init(&argc, &argv) != HKZ_SUCCESS)
        return fail("MPI");
    tp = argc > 2 ? (size_t) strtoul(argv[2], NULL, 10) : 37;
    if (argc < 2 || tp < 1 || tp > P)
    {
        fprintf(stderr, "usage: bench_h5 OUT.h5 [TP 1..%zu] [coll]\n", P);
        hkz_dist_finalize();
        return 2;
    }
    rank = hkz_dist_rank(NULL);
    size = hkz_dist_size(NULL);
    coll = size > 1 || (argc > 3 && strcmp(argv[3], "coll") == 0);
    ntile = (P + tp - 1) / tp;
    mid = malloc(tp * T * sizeof(double));
    rad = malloc(tp * T * sizeof(double));
    cert = malloc(tp * T);
    scal = malloc(tp * T);
    idx = malloc(tp * T * sizeof(uint64_t));
    if (mid == NULL || rad == NULL || cert == NULL || scal == NULL ||
        idx == NULL)
        return fail("out of memory");
    t0 = hkz_dist_wtime();
    if (hkz_h5_create_shaped(&h, argv[1], cols, 4, 3, dims,
                             coll ? hkz_dist_world() : NULL) != HKZ_SUCCESS)
        return fail("create");
    tc = hkz_dist_wtime() - t0;
    for (r = 0; r * (size_t) size < ntile; r++)
    {
        size_t t = r * (size_t) size + (size_t) rank, p0 = t * tp, n = 0;
        const void *data[4];
        data[0] = mid;
        data[1] = rad;
        data[2] = cert;
        data[3] = scal;
        if (t < ntile)
            n = (p0 + tp <= P ? tp : P - p0) * T;
        for (i = 0; i < n; i++)
        {
            uint64_t k = p0 * T + i;
            idx[i] = k;
            mid[i] = 0.5 * (double) k;
            rad[i] = 1.0 / (double) (k + 1);
            cert[i] = (int8_t) (k % 3 == 0);
            scal[i] = (int8_t) (k % 7 == 0);
        }
        t0 = hkz_dist_wtime();
        if ((coll ? hkz_h5_write_rows(h, n, idx, data)
                  : hkz_h5_append(h, n, data)) != HKZ_SUCCESS)
            return fail("write");
        tw += hkz_dist_wtime() - t0;
    }
    t0 = hkz_dist_wtime();
    if (hkz_h5_close(&h) != HKZ_SUCCESS)
        return fail("close");
    printf("rank %d of %d: create %.3f s, writes %.3f s, close %.3f s "
           "(%s, tiles of %zu points)\n", rank, size, tc, tw,
           hkz_dist_wtime() - t0, coll ? "collective handle" : "serial",
           tp);
    free(mid);
    free(rad);
    free(cert);
    free(scal);
    free(idx);
    hkz_dist_finalize();
    return 0;
}
