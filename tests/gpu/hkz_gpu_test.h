/* hkz_gpu_test.h -- what every GPU test shares (not installed). */
#ifndef HKZ_GPU_TEST_H
#define HKZ_GPU_TEST_H

#include "hkz_test.h"
#include "hkz/cuda.h"

/* Returns from main when no CUDA device is visible: 77 (skipped, as CI
 * has no GPU), or 1 if a check before it already failed. */
#define HKZ_TEST_NEED_CUDA(name)                                            \
    do {                                                                    \
        int hkz_t_ndev_ = 0;                                                \
        HKZ_TEST_OK(hkz_cuda_device_count(&hkz_t_ndev_));                   \
        if (hkz_t_ndev_ == 0)                                               \
        {                                                                   \
            printf("%s....SKIP (no CUDA device)\n", name);                  \
            return hkz_test_failures ? 1 : 77;                              \
        }                                                                   \
    } while (0)

#endif
