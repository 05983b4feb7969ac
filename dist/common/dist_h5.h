/* dist_h5.h -- the MPI part of collective HDF5 output (dist/mpi/dist_h5.c,
 * built with MPI and a parallel HDF5): src/io_h5_dist.c calls it so that
 * no MPI type appears outside dist/. */
#ifndef HKZ_DIST_H5_H
#define HKZ_DIST_H5_H

#include <stdint.h>
#include "hkz/dist.h"

/* H5Pset_fapl_mpio(fapl, communicator of d, MPI_INFO_NULL); fapl is an
 * hid_t.  0 on success, -1 otherwise. */
int _hkz_dist_h5_fapl(int64_t fapl, hkz_dist_t d);

#endif
