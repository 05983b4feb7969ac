/* GPU character sum vs the certified CPU kernel (skips without a GPU). */
#include "hkz_gpu_test.h"

int main(void)
{
    enum { NPTS = 1000 };
    double alpha[NPTS], out[NPTS];
    int i;
    arb_t t, a, h;

    HKZ_TEST_NEED_CUDA("heat_bi_grid");
    for (i = 0; i < NPTS; i++)
        alpha[i] = 3.14159265358979 * i / (NPTS - 1);
    HKZ_TEST_OK(hkz_cuda_heat_bi_grid_d(out, 0.25, alpha, NPTS, 60));
    arb_init(t); arb_init(a); arb_init(h);
    arb_set_d(t, 0.25);
    for (i = 0; i < NPTS; i += 37)
    {
        double ref;
        arb_set_d(a, alpha[i]);
        HKZ_TEST_OK(hkz_su2_heat_bi(h, t, a, 0, 128));
        ref = arf_get_d(arb_midref(h), ARF_RND_NEAR);
        HKZ_TEST_CHECK(fabs(out[i] - ref) <= 1e-12 * fabs(ref) + 1e-13,
                       "alpha %.17g: gpu %.17g cpu %.17g", alpha[i], out[i],
                       ref);
    }
    HKZ_TEST_STATUS(hkz_cuda_heat_bi_grid_d(out, -1.0, alpha, NPTS, 60),
                    HKZ_ERR_DOMAIN);
    arb_clear(t); arb_clear(a); arb_clear(h);
    HKZ_TEST_END("heat_bi_grid");
}
