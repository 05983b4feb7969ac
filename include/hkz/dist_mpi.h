/* hkz/dist_mpi.h -- the calls of the distributed layer that take MPI types
 * (only with -DHKZ_MPI=ON, HKZ_HAVE_MPI = 1; libhkz links MPI publicly).
 * Everything else is in hkz/dist.h. */
#ifndef HKZ_DIST_MPI_H
#define HKZ_DIST_MPI_H

#include "hkz/config.h"
#if !HKZ_HAVE_MPI
#error "hkz/dist_mpi.h needs a build with -DHKZ_MPI=ON"
#endif
#include <mpi.h>
#include "hkz/dist.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Collective: duplicates comm (errors returned, never fatal), splits it
 *  by shared memory for the node-local rank.  MPI must be initialized.
 *  Release with hkz_dist_destroy. */
HKZ_API HKZ_WARN_UNUSED int hkz_dist_create(hkz_dist_t *d, MPI_Comm comm);

/** The library's duplicate of the communicator (MPI_COMM_NULL for the
 *  one-rank world before hkz_dist_init). */
HKZ_API MPI_Comm hkz_dist_comm(const hkz_dist_t d);

#ifdef __cplusplus
}
#endif
#endif
