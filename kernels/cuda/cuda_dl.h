/* cuda_dl.h -- cuBLAS and cuSOLVER loaded at run time (cuda_dl.cu), not
 * linked: their libraries (cuBLASLt above all) take about 0.1 s of page
 * faults to load, which a linked program pays at its start whether it
 * uses them or not.  _hkz_cuda_dl_preload starts the load on a thread of
 * its own; the first _hkz_cublas / _hkz_cusolver waits for it.  Private
 * to kernels/cuda and bench/ssum (not installed). */
#ifndef HKZ_CUDA_DL_H
#define HKZ_CUDA_DL_H

#include <cublas_v2.h>
#include <cusolverDn.h>

#define HKZ_DL_FN(member, name) decltype(&name) member
typedef struct
{
    HKZ_DL_FN(Create, cublasCreate_v2);
    HKZ_DL_FN(Destroy, cublasDestroy_v2);
    HKZ_DL_FN(SetMathMode, cublasSetMathMode);
    HKZ_DL_FN(SetAtomicsMode, cublasSetAtomicsMode);
    HKZ_DL_FN(SetPointerMode, cublasSetPointerMode_v2);
    HKZ_DL_FN(SetStream, cublasSetStream_v2);
    HKZ_DL_FN(SetWorkspace, cublasSetWorkspace_v2);
    HKZ_DL_FN(Dgemm, cublasDgemm_v2);
    HKZ_DL_FN(Dgemm_64, cublasDgemm_v2_64);
    HKZ_DL_FN(GetStatusString, cublasGetStatusString);
} _hkz_cublas_t;

typedef struct
{
    HKZ_DL_FN(Create, cusolverDnCreate);
    HKZ_DL_FN(Zheevd_bufferSize, cusolverDnZheevd_bufferSize);
    HKZ_DL_FN(Zheevd, cusolverDnZheevd);
    HKZ_DL_FN(ZheevjBatched_bufferSize, cusolverDnZheevjBatched_bufferSize);
    HKZ_DL_FN(ZheevjBatched, cusolverDnZheevjBatched);
    HKZ_DL_FN(Dsyevd_bufferSize, cusolverDnDsyevd_bufferSize);
    HKZ_DL_FN(Dsyevd, cusolverDnDsyevd);
    HKZ_DL_FN(DsyevjBatched_bufferSize, cusolverDnDsyevjBatched_bufferSize);
    HKZ_DL_FN(DsyevjBatched, cusolverDnDsyevjBatched);
    HKZ_DL_FN(CreateSyevjInfo, cusolverDnCreateSyevjInfo);
    HKZ_DL_FN(DestroySyevjInfo, cusolverDnDestroySyevjInfo);
    HKZ_DL_FN(XsyevjSetTolerance, cusolverDnXsyevjSetTolerance);
    HKZ_DL_FN(XsyevjSetMaxSweeps, cusolverDnXsyevjSetMaxSweeps);
    HKZ_DL_FN(XsyevjSetSortEig, cusolverDnXsyevjSetSortEig);
} _hkz_cusolver_t;
#undef HKZ_DL_FN

/* The functions (loaded on the first call; waits for a preload under
 * way), or NULL with an error set (HKZ_ERR_UNSUPPORTED: the library
 * cannot be loaded, dlerror's text in the message). */
const _hkz_cublas_t *_hkz_cublas(void);
const _hkz_cusolver_t *_hkz_cusolver(void);

/* Starts loading both on a thread of its own (once; nothing if a load
 * has started), and has the process wait for it at exit (atexit). */
void _hkz_cuda_dl_preload(void);

#endif
