// Readiness signals usable from the host and from CUDA streams (hkz/cuda.h,
// hkz_cuda_signal_*): the protocol of hkz_signal_t (engine.h) on slots in
// pinned, mapped host memory.  Stream posts and waits use the driver's
// stream memory operations (cuStreamWriteValue64 fences first, so earlier
// work of the stream is visible; cuStreamWaitValue64 holds no SM), reached
// through cudaGetDriverEntryPointByVersion so that no libcuda link is
// needed; one-thread kernels are the fallback.
#include <stdlib.h>
#include <time.h>
#include <sched.h>
#include <cuda.h>
#include "engine_cuda.h"
#include "signal_dev.cuh"

struct hkz_cuda_signal_s
{
    size_t n;
    uint64_t *host;     // mapped pinned memory
    uint64_t *dev;      // its device address
};

typedef CUresult (*write_value_fn)(CUstream, CUdeviceptr, cuuint64_t,
                                   unsigned int);
typedef CUresult (*wait_value_fn)(CUstream, CUdeviceptr, cuuint64_t,
                                  unsigned int);

struct memop_table
{
    write_value_fn write;
    wait_value_fn wait;
};

// Resolved once (thread-safe static initialisation).
static const memop_table &memops(void)
{
    static const memop_table t = []() {
        memop_table r = {NULL, NULL};
        void *f = NULL;
        cudaDriverEntryPointQueryResult q;
        if (cudaGetDriverEntryPointByVersion("cuStreamWriteValue64", &f,
                12000, cudaEnableDefault, &q) == cudaSuccess &&
            q == cudaDriverEntryPointSuccess)
            r.write = (write_value_fn) f;
        f = NULL;
        if (cudaGetDriverEntryPointByVersion("cuStreamWaitValue64", &f,
                12000, cudaEnableDefault, &q) == cudaSuccess &&
            q == cudaDriverEntryPointSuccess)
            r.wait = (wait_value_fn) f;
        cudaGetLastError();
        return r;
    }();
    return t;
}

__global__ static void post_kernel(uint64_t *slot, uint64_t epoch)
{
    hkz_dev_signal_post(slot, epoch);
}

__global__ static void wait_kernel(const uint64_t *slot, uint64_t epoch)
{
    hkz_dev_signal_wait(slot, epoch);
}

extern "C" int _hkz_cuda_signal_post_stream(uint64_t *flag_dev,
                                            uint64_t epoch, cudaStream_t s)
{
    const memop_table &m = memops();
    cudaError_t e;
    if (m.write != NULL &&
        m.write((CUstream) s, (CUdeviceptr) flag_dev, (cuuint64_t) epoch,
                CU_STREAM_WRITE_VALUE_DEFAULT) == CUDA_SUCCESS)
        return HKZ_SUCCESS;
    post_kernel<<<1, 1, 0, s>>>(flag_dev, epoch);
    e = cudaGetLastError();
    return e == cudaSuccess ? HKZ_SUCCESS
                            : HKZ_CUDA_ERR(e, "hkz_cuda_signal_post_async");
}

extern "C" int _hkz_cuda_signal_wait_stream(const uint64_t *flag_dev,
                                            uint64_t epoch, cudaStream_t s)
{
    const memop_table &m = memops();
    cudaError_t e;
    if (m.wait != NULL &&
        m.wait((CUstream) s, (CUdeviceptr) flag_dev, (cuuint64_t) epoch,
               CU_STREAM_WAIT_VALUE_GEQ) == CUDA_SUCCESS)
        return HKZ_SUCCESS;
    wait_kernel<<<1, 1, 0, s>>>(flag_dev, epoch);
    e = cudaGetLastError();
    return e == cudaSuccess ? HKZ_SUCCESS
                            : HKZ_CUDA_ERR(e, "hkz_cuda_signal_wait_async");
}

extern "C" int hkz_cuda_signal_create(hkz_cuda_signal_t *s, size_t n)
{
    cudaError_t e;
    void *d = NULL;

    if (s == NULL)
        return hkz_error_set(HKZ_ERR_ARG, "hkz_cuda_signal_create: NULL "
                             "handle");
    *s = NULL;
    if (n < 1 || n > ((size_t) 1 << 32))
        return hkz_error_set(HKZ_ERR_ARG, "hkz_cuda_signal_create: need 1 "
                             "<= n <= 2^32 slots (got %zu)", n);
    *s = (hkz_cuda_signal_t) calloc(1, sizeof(struct hkz_cuda_signal_s));
    if (*s == NULL)
        return hkz_error_set(HKZ_ERR_NOMEM, "hkz_cuda_signal_create: out of "
                             "memory");
    (*s)->n = n;
    e = cudaHostAlloc((void **) &(*s)->host, n * sizeof(uint64_t),
                      cudaHostAllocMapped | cudaHostAllocPortable);
    if (e == cudaSuccess)
        e = cudaHostGetDevicePointer(&d, (*s)->host, 0);
    if (e != cudaSuccess)
    {
        int status = HKZ_CUDA_ERR(e, "hkz_cuda_signal_create");
        hkz_cuda_signal_destroy(s);
        return status;
    }
    (*s)->dev = (uint64_t *) d;
    for (size_t i = 0; i < n; i++)
        __atomic_store_n(&(*s)->host[i], 0, __ATOMIC_RELEASE);
    return HKZ_SUCCESS;
}

extern "C" void hkz_cuda_signal_destroy(hkz_cuda_signal_t *s)
{
    if (s == NULL || *s == NULL)
        return;
    if ((*s)->host != NULL)
        cudaFreeHost((*s)->host);
    free(*s);
    *s = NULL;
}

extern "C" size_t hkz_cuda_signal_count(const hkz_cuda_signal_t s)
{
    return s != NULL ? s->n : 0;
}

extern "C" uint64_t *hkz_cuda_signal_device_ptr(hkz_cuda_signal_t s)
{
    return s != NULL ? s->dev : NULL;
}

extern "C" void hkz_cuda_signal_post(hkz_cuda_signal_t s, size_t i,
                                     uint64_t epoch)
{
    uint64_t cur;
    if (s == NULL || i >= s->n)
        return;
    cur = __atomic_load_n(&s->host[i], __ATOMIC_RELAXED);
    // epochs only grow: keep the maximum
    while (cur < epoch &&
           !__atomic_compare_exchange_n(&s->host[i], &cur, epoch, 1,
                                        __ATOMIC_RELEASE, __ATOMIC_RELAXED))
        ;
}

extern "C" uint64_t hkz_cuda_signal_read(const hkz_cuda_signal_t s, size_t i)
{
    if (s == NULL || i >= s->n)
        return 0;
    return __atomic_load_n(&s->host[i], __ATOMIC_ACQUIRE);
}

extern "C" int hkz_cuda_signal_test(const hkz_cuda_signal_t s, size_t i,
                                    uint64_t epoch)
{
    return hkz_cuda_signal_read(s, i) >= epoch;
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

extern "C" int hkz_cuda_signal_wait(const hkz_cuda_signal_t s, size_t i,
                                    uint64_t epoch, double timeout_s)
{
    double t0 = now_s();
    unsigned spins = 0;

    if (s == NULL || i >= s->n)
        return hkz_error_set(HKZ_ERR_ARG, "hkz_cuda_signal_wait: bad signal "
                             "or slot %zu", i);
    while (!hkz_cuda_signal_test(s, i, epoch))
    {
        if (++spins < 64)
            continue;
        if (spins < 256)
            sched_yield();
        else
        {
            struct timespec ts = {0, 20000};
            nanosleep(&ts, NULL);
        }
        if (timeout_s >= 0 && (spins & 63) == 0 && now_s() - t0 > timeout_s)
            return hkz_error_set(HKZ_ERR_INTERNAL, "hkz_cuda_signal_wait: "
                                 "slot %zu did not reach epoch %llu in %g s",
                                 i, (unsigned long long) epoch, timeout_s);
    }
    return HKZ_SUCCESS;
}

extern "C" int hkz_cuda_signal_post_async(hkz_cuda_signal_t s, size_t i,
                                          uint64_t epoch, void *stream)
{
    if (s == NULL || i >= s->n)
        return hkz_error_set(HKZ_ERR_ARG, "hkz_cuda_signal_post_async: bad "
                             "signal or slot %zu", i);
    return _hkz_cuda_signal_post_stream(s->dev + i, epoch,
                                        (cudaStream_t) stream);
}

extern "C" int hkz_cuda_signal_wait_async(hkz_cuda_signal_t s, size_t i,
                                          uint64_t epoch, void *stream)
{
    if (s == NULL || i >= s->n)
        return hkz_error_set(HKZ_ERR_ARG, "hkz_cuda_signal_wait_async: bad "
                             "signal or slot %zu", i);
    return _hkz_cuda_signal_wait_stream(s->dev + i, epoch,
                                        (cudaStream_t) stream);
}
