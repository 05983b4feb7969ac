/* cli_dos.h -- the GPU paths of hkz dos (cli_dos_gpu.c). */
#ifndef HKZ_CLI_DOS_H
#define HKZ_CLI_DOS_H

#include "cli.h"

/* --device auto sends graphs of at least this many vertices to the GPU
 * (below, the CPU enumeration takes less than the CUDA start-up). */
#define HKZ_CLI_DOS_GPU_MIN_N 28
#define HKZ_CLI_DOS_GPU_MIN_N_STR "28"

/* 1 if this hkz was built with CUDA; 1 if also a device is present. */
int hkz_cli_dos_gpu_built(void);
int hkz_cli_dos_gpu_present(void);

/* Exact table of a graph model by the GPU Gray-code enumeration
 * (hkz_cuda_dos_enum): same unit J0 = gcd of the couplings, S and
 * integers as hkz_ising_dos_enum.  HKZ_ERR_UNSUPPORTED without CUDA, for
 * a negative or ball coupling, N > 40 or a table over 2^22 entries;
 * HKZ_ERR_CUDA without a device. */
int hkz_cli_dos_enum_gpu(hkz_ising_dos_t d, const hkz_ising_model_t m);

/* Lattice table by the GPU transfer matrix (hkz_ising_dos_transfer_cuda
 * of helper tm, issue 12.1).  HKZ_ERR_UNSUPPORTED when this build does
 * not have it. */
int hkz_cli_dos_transfer_gpu(hkz_ising_dos_t d, const hkz_ising_model_t m,
                             const hkz_progress_t *pr);

#endif
