/* dist_internal.h -- private pieces of the MPI layer (dist/mpi). */
#ifndef HKZ_DIST_INTERNAL_H
#define HKZ_DIST_INTERNAL_H

#include "hkz/dist.h"
#include "hkz/status.h"

struct hkz_dist_s
{
    MPI_Comm comm;      /* duplicate, MPI_ERRORS_RETURN */
    MPI_Comm node;      /* shared-memory split */
    int rank, size, lrank, lsize, nnodes;
    int thread_level;   /* MPI_Query_thread */
};

/* HKZ_ERR_MPI with MPI_Error_string, for an MPI return code rc. */
int _hkz_dist_mpi_error(int rc, const char *what);

/* Agrees on a status: MPI_Allreduce MAX; a rank that did not fail gets a
 * message naming fn. */
int _hkz_dist_agree(const hkz_dist_t d, int status, const char *fn);

/* Row range of rank r for SPLIT_P (starts at multiples of
 * HKZ_ENGINE_TALIGN) and mode range for SPLIT_K. */
void _hkz_dist_rows(size_t *p0, size_t *p1, size_t P, int n, int r);
void _hkz_dist_modes(size_t *k0, size_t *k1, size_t K, int n, int r);
/* Column slab of owner o inside a chunk of tc columns. */
void _hkz_dist_slab(size_t *s0, size_t *s1, size_t tc, int n, int o);

#endif
