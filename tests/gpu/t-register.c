/* hkz_cuda_register fills every GPU hook of libhkz, idempotently: the
 * engine's CUDA backend (its device count is hkz_cuda_device_count), the
 * su2mix eigensolver, the Ising DOS on the GPU.  Runs with or without a
 * device: without one, --device auto stays on the CPU and device CUDA
 * fails in one status; with one, auto takes the GPU from
 * HKZ_ISING_DOS_GPU_MIN_N vertices and gives the CPU's table. */
#include "hkz_test.h"
#include "hkz/cuda.h"
#include "hkz/ising.h"
#include "hkz/su2mix.h"

int main(void)
{
    hkz_ising_model_t m;
    hkz_ising_dos_t a, b;
    fmpq_t J;
    int ndev = 0, gpu = -1, st;

    HKZ_TEST_CHECK(hkz_engine_backend_devices(HKZ_BACKEND_CUDA) == 0 &&
                   hkz_su2mix_eigh_registered() == NULL,
                   "something registered before hkz_cuda_register");
    HKZ_TEST_OK(hkz_cuda_register());
    HKZ_TEST_OK(hkz_cuda_register());
    HKZ_TEST_OK(hkz_cuda_device_count(&ndev));
    HKZ_TEST_CHECK(hkz_engine_backend_devices(HKZ_BACKEND_CUDA) == ndev,
                   "engine backend: %d devices, CUDA %d",
                   hkz_engine_backend_devices(HKZ_BACKEND_CUDA), ndev);
    HKZ_TEST_CHECK(hkz_su2mix_eigh_registered() == hkz_cuda_eigh_herm,
                   "su2mix eigensolver not registered");

    /* a 3-regular circulant on 30 vertices (hkz dos --device auto) */
    hkz_ising_model_init(m);
    hkz_ising_dos_init(a);
    hkz_ising_dos_init(b);
    fmpq_init(J);
    fmpq_one(J);
    HKZ_TEST_OK(hkz_ising_model_set_empty(m, 30));
    for (slong u = 0; u < 30; u++)
    {
        HKZ_TEST_OK(hkz_ising_model_add_edge(m, u, (u + 1) % 30, J));
        if (u < 15)
            HKZ_TEST_OK(hkz_ising_model_add_edge(m, u, u + 15, J));
    }
    HKZ_TEST_OK(hkz_ising_dos_device(a, &gpu, m, HKZ_BACKEND_AUTO, NULL));
    HKZ_TEST_CHECK(gpu == (ndev > 0), "auto: on_gpu %d with %d devices", gpu,
                   ndev);
    if (ndev > 0)
    {
        HKZ_TEST_OK(hkz_ising_dos_compute(b, m, 2));
        HKZ_TEST_CHECK(a->nb == b->nb && a->nk == b->nk &&
                       fmpz_equal(a->S, b->S) &&
                       _fmpz_vec_equal(a->g, b->g, a->nb * a->nk),
                       "auto: GPU table != CPU table");
    }
    else
    {
        st = hkz_ising_dos_device(a, &gpu, m, HKZ_BACKEND_CUDA, NULL);
        HKZ_TEST_CHECK(gpu == 0 && (st == HKZ_ERR_CUDA ||
                                    st == HKZ_ERR_UNSUPPORTED),
                       "cuda without a device: status %d", st);
    }
    fmpq_clear(J);
    hkz_ising_dos_clear(a);
    hkz_ising_dos_clear(b);
    hkz_ising_model_clear(m);
    printf("register....%s (%d devices)\n", hkz_test_failures ? "FAIL" :
           "PASS", ndev);
    return hkz_test_failures ? 1 : 0;
}
