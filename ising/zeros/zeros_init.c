/* Result of the Lee-Yang zero drivers: the whole list, or one process's
 * block of it (part). */
#include "zeros_internal.h"

static void alloc_entries(hkz_ly_zeros_t z, slong j0, slong len)
{
    slong i;
    z->j0 = j0;
    z->len = len;
    z->theta = _arb_vec_init(len);
    z->flag = flint_malloc(sizeof(int) * FLINT_MAX(len, 1));
    for (i = 0; i < len; i++)
    {
        arb_indeterminate(z->theta + i);
        z->flag[i] = HKZ_LY_ZERO_UNKNOWN;
    }
}

void hkz_ly_zeros_init(hkz_ly_zeros_t z, slong W)
{
    z->W = W < 0 ? 0 : W;
    z->n = z->W / 2;
    alloc_entries(z, 0, z->n);
    z->part = 0;
    z->done_wall = z->done_cpu = 0;
    z->done_count = -1;
    z->nisolated = 0;
    z->complete = 0;
    z->trivial = (int) (z->W & 1);
    z->prec = 0;
    z->method = HKZ_LY_METHOD_DIRECT;
}

void hkz_ly_zeros_init_part(hkz_ly_zeros_t z, slong W, int rank, int size)
{
    slong n, q, r;
    if (size <= 1 || rank < 0 || rank >= size)
    {
        hkz_ly_zeros_init(z, W);
        return;
    }
    hkz_ly_zeros_init(z, 0);
    hkz_ly_zeros_clear(z);
    z->W = W < 0 ? 0 : W;
    z->n = n = z->W / 2;
    z->trivial = (int) (z->W & 1);
    /* the hkz_dist_block rule: the first n % size ranks get one more */
    q = n / size;
    r = n % size;
    alloc_entries(z, rank * q + FLINT_MIN(rank, r), q + (rank < r));
    z->part = 1;
}

void _hkz_ly_zeros_resize(hkz_ly_zeros_t z, slong j0, slong len)
{
    hkz_ly_zeros_clear(z);
    alloc_entries(z, j0, len);
}

void hkz_ly_zeros_clear(hkz_ly_zeros_t z)
{
    _arb_vec_clear(z->theta, z->len);
    flint_free(z->flag);
}
