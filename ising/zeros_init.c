/* Result of the Lee-Yang zero drivers. */
#include "zeros_internal.h"

void hkz_ly_zeros_init(hkz_ly_zeros_t z, slong W)
{
    slong i;
    z->W = W < 0 ? 0 : W;
    z->n = z->W / 2;
    z->theta = _arb_vec_init(z->n);
    z->flag = flint_malloc(sizeof(int) * FLINT_MAX(z->n, 1));
    for (i = 0; i < z->n; i++)
    {
        arb_indeterminate(z->theta + i);
        z->flag[i] = HKZ_LY_ZERO_UNKNOWN;
    }
    z->nisolated = 0;
    z->complete = 0;
    z->trivial = (int) (z->W & 1);
    z->prec = 0;
    z->method = HKZ_LY_METHOD_DIRECT;
}

void hkz_ly_zeros_clear(hkz_ly_zeros_t z)
{
    _arb_vec_clear(z->theta, z->n);
    flint_free(z->flag);
}
