// The SU(2) heat kernel h_t(alpha) on a grid of angles in double precision
// (hkz_cuda_heat_bi_grid_d; not certified).
#include <cuda_runtime.h>
#include <math.h>
#include "hkz/cuda.h"
#include "hkz/status.h"

// chi_n(alpha) = U_{n-1}(cos alpha) by the three-term recurrence, which is
// stable in floating point (unlike in ball arithmetic).
__global__ static void heat_bi_kernel(double *out, double t,
                                      const double *alpha, size_t npts,
                                      int nmax)
{
    size_t i = blockIdx.x * (size_t) blockDim.x + threadIdx.x;
    if (i >= npts)
        return;
    double x = cos(alpha[i]), u0 = 0.0, u1 = 1.0, s = 0.0;
    for (int n = 1; n <= nmax; n++)
    {
        s += n * exp(-((double) n * n - 1.0) * t) * u1;
        double u2 = 2.0 * x * u1 - u0;
        u0 = u1;
        u1 = u2;
    }
    out[i] = s;
}

extern "C" int hkz_cuda_heat_bi_grid_d(double *out, double t,
                                       const double *alpha, size_t npts,
                                       int nmax)
{
    double *d_out = NULL, *d_alpha = NULL;
    cudaError_t e;
    int status = HKZ_SUCCESS;

    if (!(t > 0.0) || nmax < 1)
        return hkz_error_set(HKZ_ERR_DOMAIN, "hkz_cuda_heat_bi_grid_d: need "
                             "t > 0 and nmax >= 1");
    if (npts == 0)
        return HKZ_SUCCESS;
    e = cudaMalloc((void **) &d_out, npts * sizeof(double));
    if (e == cudaSuccess)
        e = cudaMalloc((void **) &d_alpha, npts * sizeof(double));
    if (e == cudaSuccess)
        e = cudaMemcpy(d_alpha, alpha, npts * sizeof(double),
                       cudaMemcpyHostToDevice);
    if (e == cudaSuccess)
    {
        unsigned int blocks = (unsigned int) ((npts + 255) / 256);
        heat_bi_kernel<<<blocks, 256>>>(d_out, t, d_alpha, npts, nmax);
        e = cudaGetLastError();
    }
    if (e == cudaSuccess)
        e = cudaMemcpy(out, d_out, npts * sizeof(double),
                       cudaMemcpyDeviceToHost);
    if (e != cudaSuccess)
        status = hkz_error_set(HKZ_ERR_CUDA, "hkz_cuda_heat_bi_grid_d: %s",
                               cudaGetErrorString(e));
    cudaFree(d_out);
    cudaFree(d_alpha);
    return status;
}
