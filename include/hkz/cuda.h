/* hkz/cuda.h -- CUDA kernels (library hkz_cuda, built with -DHKZ_CUDA=ON).
 * Plain C types only: no FLINT and no CUDA headers.  Results are doubles
 * and NOT certified. */
#ifndef HKZ_CUDA_H
#define HKZ_CUDA_H

#include <stddef.h>
#include "hkz/config.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Number of CUDA devices (0 when there is no GPU or driver); returns
 *  HKZ_SUCCESS, or HKZ_ERR_CUDA for a real driver error. */
HKZ_API HKZ_WARN_UNUSED int hkz_cuda_device_count(int *count);

/** Double-precision character sum h_t(alpha_i) = sum_{n <= nmax} n
 *  e^{-(n^2-1)t} sin(n alpha_i)/sin(alpha_i) for i < npts on device 0
 *  (host arrays in and out).  Not certified. */
HKZ_API HKZ_WARN_UNUSED int hkz_cuda_heat_bi_grid_d(double *out, double t,
        const double *alpha, size_t npts, int nmax);

#ifdef __cplusplus
}
#endif
#endif
