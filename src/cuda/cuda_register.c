/* hkz_cuda_register (hkz/cuda.h): the one place that knows every GPU hook
 * of libhkz.  libhkz does not link CUDA; its modules keep hooks, and this
 * call of libhkz_cuda fills them all: the engine's CUDA backend (grids,
 * heat kernels and scans on the engine, kernels/cuda), su2mix's batched
 * eigensolver (kernels/cuda/eigh.cu), and the Ising density of states by
 * Gray-code enumeration and transfer matrix (ising/cuda). */
#include "hkz/cuda.h"
#include "hkz/ising.h"
#include "hkz/status.h"
#include "hkz/su2mix.h"

/* su2mix blocks from this dimension go to cuSOLVER; smaller ones are
 * faster with LAPACKE than a device round trip */
#define SU2MIX_EIGH_MIN_DIM 64

static const hkz_ising_dos_gpu_t ising_gpu = {hkz_cuda_dos_enum,
                                              hkz_cuda_transfer_pass,
                                              hkz_cuda_transfer_meet};

int hkz_cuda_register(void)
{
    int status = hkz_cuda_engine_register();
    if (status == HKZ_SUCCESS)
        status = hkz_ising_dos_gpu_register(&ising_gpu);
    if (status == HKZ_SUCCESS)
        hkz_su2mix_eigh_register(hkz_cuda_eigh_herm, SU2MIX_EIGH_MIN_DIM);
    return status;
}
