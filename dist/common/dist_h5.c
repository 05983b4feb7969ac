/* The MPI-IO file access of collective HDF5 output (hkz_dist_h5_fapl,
 * hkz/dist.h): the one MPI call of src/io_h5_dist.c, kept in dist/. */
#include "hkz/config.h"
#include "hkz/dist.h"
#if HKZ_HAVE_MPI && HKZ_HAVE_HDF5 && HKZ_HDF5_PARALLEL
#include <hdf5.h>
#include "hkz/dist_mpi.h"

int hkz_dist_h5_fapl(int64_t fapl, hkz_dist_t d)
{
    MPI_Comm comm = hkz_dist_comm(d);
    if (comm == MPI_COMM_NULL)
        return -1;
    return H5Pset_fapl_mpio((hid_t) fapl, comm, MPI_INFO_NULL) >= 0 ? 0 : -1;
}
#else
int hkz_dist_h5_fapl(int64_t fapl, hkz_dist_t d)
{
    (void) fapl;
    (void) d;
    return -1;
}
#endif
