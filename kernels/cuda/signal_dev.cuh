/* signal_dev.cuh -- device side of the readiness signals (hkz/cuda.h,
 * hkz_cuda_signal_*): a slot is a 64-bit epoch that only grows; a producer
 * makes its data visible system-wide and then release-stores the epoch, a
 * consumer acquire-loads the slot until it holds >= the epoch it waits for.
 * System scope, so the same code works for the host, other streams and
 * NVLink peers (TileLink's notify / wait, overlap_kernels.md 1.2). */
#ifndef HKZ_SIGNAL_DEV_CUH
#define HKZ_SIGNAL_DEV_CUH

#include <stdint.h>
#include <cuda/atomic>

/* Post from one thread after the data of this thread (and, behind a
 * __syncthreads, of its block) is written. */
__device__ __forceinline__ void hkz_dev_signal_post(uint64_t *slot,
                                                    uint64_t epoch)
{
    __threadfence_system();
    cuda::atomic_ref<uint64_t, cuda::thread_scope_system> a(*slot);
    a.store(epoch, cuda::memory_order_release);
}

__device__ __forceinline__ uint64_t hkz_dev_signal_read(const uint64_t *slot)
{
    cuda::atomic_ref<uint64_t, cuda::thread_scope_system> a(
        *const_cast<uint64_t *>(slot));
    return a.load(cuda::memory_order_acquire);
}

__device__ __forceinline__ int hkz_dev_signal_test(const uint64_t *slot,
                                                   uint64_t epoch)
{
    return hkz_dev_signal_read(slot) >= epoch;
}

/* Spin (with back-off) until the slot holds >= epoch. */
__device__ __forceinline__ void hkz_dev_signal_wait(const uint64_t *slot,
                                                    uint64_t epoch)
{
    unsigned ns = 32;
    while (!hkz_dev_signal_test(slot, epoch))
    {
        __nanosleep(ns);
        if (ns < 4096)
            ns *= 2;
    }
}

#endif
