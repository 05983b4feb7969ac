/* The MPI-IO file access of collective HDF5 output (dist_h5.h). */
#include "hkz/config.h"
#if HKZ_HAVE_HDF5 && HKZ_HDF5_PARALLEL
#include <hdf5.h>
#include "hkz/dist_mpi.h"
#include "dist_h5.h"

int _hkz_dist_h5_fapl(int64_t fapl, hkz_dist_t d)
{
    MPI_Comm comm = hkz_dist_comm(d);
    if (comm == MPI_COMM_NULL)
        return -1;
    return H5Pset_fapl_mpio((hid_t) fapl, comm, MPI_INFO_NULL) >= 0 ? 0 : -1;
}
#else
typedef int _hkz_dist_h5_empty;   /* ISO C: no empty translation unit */
#endif
