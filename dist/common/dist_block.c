/* Partitions: the contiguous block split of hkz_dist_block, and the row /
 * mode / slab ranges shared by the planner and the engine over ranks. */
#include "dist_common.h"

void hkz_dist_block(slong *lo, slong *hi, slong n0, slong n1, int rank,
                    int size)
{
    slong m = n1 > n0 ? n1 - n0 : 0, q, r;
    if (size < 1)
        size = 1;
    if (rank < 0 || rank >= size)
    {
        *lo = *hi = n0 + m;
        return;
    }
    q = m / size;
    r = m % size;
    /* the first r ranks take q + 1 indices, the others q */
    *lo = n0 + rank * q + FLINT_MIN((slong) rank, r);
    *hi = *lo + q + (rank < r);
}

void _hkz_dist_rows(size_t *p0, size_t *p1, size_t P, int n, int r)
{
    size_t a = P * (size_t) r / (size_t) n, b = P * (size_t) (r + 1) / n;
    a = (a + HKZ_ENGINE_TALIGN - 1) / HKZ_ENGINE_TALIGN * HKZ_ENGINE_TALIGN;
    b = (b + HKZ_ENGINE_TALIGN - 1) / HKZ_ENGINE_TALIGN * HKZ_ENGINE_TALIGN;
    *p0 = a < P ? a : P;
    *p1 = r == n - 1 ? P : (b < P ? b : P);
}

void _hkz_dist_modes(size_t *k0, size_t *k1, size_t K, int n, int r)
{
    *k0 = K / (size_t) n * (size_t) r + K % (size_t) n * (size_t) r / n;
    *k1 = K / (size_t) n * (size_t) (r + 1) +
          K % (size_t) n * (size_t) (r + 1) / n;
}

void hkz_dist_slice(size_t *lo, size_t *hi, int shard, size_t n, int nranks,
                    int rank)
{
    if (shard == HKZ_SHARD_SPLIT_P)
        _hkz_dist_rows(lo, hi, n, nranks, rank);
    else
        _hkz_dist_modes(lo, hi, n, nranks, rank);
}

void _hkz_dist_slab(size_t *s0, size_t *s1, size_t tc, int n, int o)
{
    _hkz_dist_modes(s0, s1, tc, n, o);
}
