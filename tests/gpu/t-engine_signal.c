/* Device readiness signals (hkz_cuda_signal_*): host post/test/wait,
 * stream posts after device work, stream waits released by the host,
 * epochs that only grow.  Skips without a GPU. */
#include <cuda_runtime_api.h>
#include "hkz_gpu_test.h"

int main(void)
{
    hkz_cuda_signal_t s = NULL;
    cudaStream_t a = NULL, b = NULL;
    double *d = NULL, *d_one = NULL, h = 0.0, one = 1.0;
    int rep;

    HKZ_TEST_NEED_CUDA("engine_signal");
    HKZ_TEST_STATUS(hkz_cuda_signal_create(&s, 0), HKZ_ERR_ARG);
    HKZ_TEST_OK(hkz_cuda_signal_create(&s, 4));
    HKZ_TEST_CHECK(hkz_cuda_signal_count(s) == 4, "count");
    HKZ_TEST_CHECK(hkz_cuda_signal_device_ptr(s) != NULL, "device pointer");

    /* host side: epochs only grow */
    hkz_cuda_signal_post(s, 0, 5);
    hkz_cuda_signal_post(s, 0, 3);
    HKZ_TEST_CHECK(hkz_cuda_signal_read(s, 0) == 5, "epoch went down");
    HKZ_TEST_CHECK(hkz_cuda_signal_test(s, 0, 5) &&
                   !hkz_cuda_signal_test(s, 0, 6), "test");
    HKZ_TEST_STATUS(hkz_cuda_signal_wait(s, 1, 1, 0.01), HKZ_ERR_INTERNAL);
    HKZ_TEST_STATUS(hkz_cuda_signal_wait(s, 9, 1, 0.01), HKZ_ERR_ARG);

    HKZ_TEST_CHECK(cudaStreamCreateWithFlags(&a, cudaStreamNonBlocking) ==
                   cudaSuccess && cudaStreamCreateWithFlags(&b,
                   cudaStreamNonBlocking) == cudaSuccess &&
                   cudaMalloc((void **) &d, sizeof(double)) == cudaSuccess &&
                   cudaMalloc((void **) &d_one, sizeof(double)) ==
                   cudaSuccess, "CUDA setup");
    /* device-to-device copies only on the waiting stream: a pageable
     * host copy could make the host wait for that stream */
    cudaMemcpy(d_one, &one, sizeof(double), cudaMemcpyHostToDevice);
    for (rep = 1; rep <= 20; rep++)
    {
        uint64_t ep = 100 + (uint64_t) rep;
        /* stream b waits for slot 1 (posted by the host), then copies and
         * posts slot 2; stream a posts slot 3 after its own copy */
        cudaMemsetAsync(d, 0, sizeof(double), b);
        HKZ_TEST_OK(hkz_cuda_signal_wait_async(s, 1, ep, b));
        cudaMemcpyAsync(d, d_one, sizeof(double), cudaMemcpyDeviceToDevice,
                        b);
        HKZ_TEST_OK(hkz_cuda_signal_post_async(s, 2, ep, b));
        HKZ_TEST_OK(hkz_cuda_signal_post_async(s, 3, ep, a));
        HKZ_TEST_OK(hkz_cuda_signal_wait(s, 3, ep, 10.0));
        HKZ_TEST_CHECK(!hkz_cuda_signal_test(s, 2, ep),
                       "slot 2 posted before its wait was released");
        hkz_cuda_signal_post(s, 1, ep);
        HKZ_TEST_OK(hkz_cuda_signal_wait(s, 2, ep, 10.0));
        /* the copy before the post is complete */
        cudaMemcpy(&h, d, sizeof(double), cudaMemcpyDeviceToHost);
        HKZ_TEST_CHECK(h == 1.0, "data not visible after the post");
    }
    HKZ_TEST_CHECK(cudaStreamSynchronize(a) == cudaSuccess &&
                   cudaStreamSynchronize(b) == cudaSuccess, "streams");
    cudaFree(d);
    cudaFree(d_one);
    cudaStreamDestroy(a);
    cudaStreamDestroy(b);
    hkz_cuda_signal_destroy(&s);
    HKZ_TEST_CHECK(s == NULL, "destroy");
    hkz_cuda_signal_destroy(&s);
    HKZ_TEST_END("engine_signal");
}
