/* Exact fixed-point sums (hkz/engine.h: hkz_engine_fix_pairs, _gemm): the
 * CPU code, and the dispatch to a backend's own (CUDA).
 *
 * Why exact.  A digit has |x| < 2^26, so a digit product is below 2^52 in
 * absolute value.  A term X Y adds at most L = 8 products to each level
 * l = i + j, so FIX_SPILL = 2^7 terms add at most 2^10 products, below
 * 2^62, to an int64 level; the int64 levels then go into __int128 levels,
 * which stay below 2^62 (n / 2^7 + 1) < 2^127 for n < 2^60 terms.  The
 * carry normalization (floor division by 2^26, exact remainders) is
 * integer arithmetic too.  So nothing rounds or overflows: the results are
 * the exact integers, whatever the order, the threads or the backend. */
#include <stdlib.h>
#include <string.h>
#include "engine_internal.h"
#include "hkz_check.h"

#define D HKZ_FIX_D
#define L HKZ_FIX_L
#define NLEV (2 * L - 1)
#define FIX_SPILL 128
#define MASK (((int64_t) 1 << D) - 1)

__extension__ typedef __int128 fix_i128;

/* lev[l] += sum of the terms (x[t], y[t]), t < n (digit rows of L) */
static void fix_acc(fix_i128 *lev, const int32_t *x, const int32_t *y,
                    size_t n)
{
    size_t t0, t;
    int i, j;

    for (t0 = 0; t0 < n; t0 += FIX_SPILL)
    {
        int64_t a[NLEV];
        size_t t1 = n - t0 < FIX_SPILL ? n : t0 + FIX_SPILL;
        memset(a, 0, sizeof(a));
        for (t = t0; t < t1; t++)
        {
            const int32_t *xp = x + t * L, *yp = y + t * L;
            for (i = 0; i < L; i++)
                for (j = 0; j < L; j++)
                    a[i + j] += (int64_t) xp[i] * yp[j];
        }
        for (i = 0; i < NLEV; i++)
            lev[i] += a[i];
    }
}

/* digits d[0..NLEV) in [0, 2^D) and the carry out (returned) of the
 * integer sum_l lev[l] 2^{D l} */
static fix_i128 fix_norm(int64_t *d, const fix_i128 *lev)
{
    fix_i128 c = 0, v;
    int l;
    for (l = 0; l < NLEV; l++)
    {
        v = lev[l] + c;
        d[l] = (int64_t) (v & MASK);          /* two's complement: >= 0 */
        c = (v - d[l]) / ((fix_i128) 1 << D);  /* exact */
    }
    return c;
}

typedef struct
{
    int32_t *G;
    size_t nk, ng;
    const size_t *off;
    const int32_t *const *x, *const *y, *const *z;
    const uint32_t *const *yl;
    const int32_t *Gs;
    int64_t *V;
    int bad;
} fix_arg;

static void pairs_range(size_t q0, size_t q1, void *arg)
{
    fix_arg *A = arg;
    size_t q, k;
    fix_i128 lev[NLEV], c;
    int64_t d[NLEV];
    int l;

    for (q = q0; q < q1; q++)
        for (k = 0; k < A->nk; k++)
        {
            int32_t *g = A->G + (q * A->nk + k) * L;
            memset(lev, 0, sizeof(lev));
            fix_acc(lev, A->x[q] + A->off[k] * L, A->y[q] + A->off[k] * L,
                    A->yl[q][k]);
            c = fix_norm(d, lev);
            /* floor(. / 2^{D L}): digits L .. 2L-2 and the carry */
            for (l = 0; l < L - 1; l++)
                g[l] = (int32_t) d[L + l];
            if (c >= ((fix_i128) 1 << (D - 1)) || c < -((fix_i128) 1 << (D - 1)))
                A->bad = 1;   /* benign race: any writer reports it */
            else
                g[L - 1] = (int32_t) c;
        }
}

static void gemm_range(size_t i0, size_t i1, void *arg)
{
    fix_arg *A = arg;
    size_t n;
    fix_i128 lev[NLEV], c;
    int64_t d[NLEV];
    int l;

    for (n = i0; n < i1; n++)
    {
        size_t i = n / A->ng, j = n % A->ng;
        int64_t *v = A->V + n * 2 * L;
        memset(lev, 0, sizeof(lev));
        fix_acc(lev, A->z[i], A->Gs + j * A->nk * L, A->nk);
        c = fix_norm(d, lev);
        for (l = 0; l < NLEV; l++)
            v[l] = d[l];
        if (c >= ((fix_i128) 1 << 62) || c < -((fix_i128) 1 << 62))
            A->bad = 1;
        else
            v[NLEV] = (int64_t) c;
    }
}

int hkz_engine_fix_pairs(hkz_engine_t e, int32_t *G, size_t nk,
        const size_t *off, size_t nq, const int32_t *const *x,
        const int32_t *const *y, const uint32_t *const *yl)
{
    const hkz_engine_backend_t *be;
    void *st;
    fix_arg A;

    HKZ_CHECK(G != NULL && off != NULL && (nq == 0 || (x != NULL
              && y != NULL && yl != NULL)), HKZ_ERR_ARG,
              "hkz_engine_fix_pairs: NULL argument");
    if (nq == 0 || nk == 0)
        return HKZ_SUCCESS;
    if (e != NULL)
    {
        be = _hkz_engine_backend(e, &st);
        if (be != NULL && be->fix_pairs != NULL)
            return be->fix_pairs(st, G, nk, off, nq, x, y, yl);
    }
    memset(&A, 0, sizeof(A));
    A.G = G; A.nk = nk; A.off = off; A.x = x; A.y = y; A.yl = yl;
    HKZ_TRY(hkz_engine_parallel_for(e, nq, pairs_range, &A));
    HKZ_CHECK(!A.bad, HKZ_ERR_TOO_LARGE, "hkz_engine_fix_pairs: a sum "
              "does not fit in %d digits", L);
    return HKZ_SUCCESS;
}

int hkz_engine_fix_gemm(hkz_engine_t e, int64_t *V, size_t nk, size_t nz,
        const int32_t *const *z, const int32_t *G, size_t ng)
{
    const hkz_engine_backend_t *be;
    void *st;
    fix_arg A;

    HKZ_CHECK(V != NULL && (nz == 0 || z != NULL) && G != NULL, HKZ_ERR_ARG,
              "hkz_engine_fix_gemm: NULL argument");
    if (nz == 0 || ng == 0)
        return HKZ_SUCCESS;
    if (e != NULL)
    {
        be = _hkz_engine_backend(e, &st);
        if (be != NULL && be->fix_gemm != NULL)
            return be->fix_gemm(st, V, nk, nz, z, G, ng);
    }
    memset(&A, 0, sizeof(A));
    A.nk = nk; A.z = z; A.Gs = G; A.V = V; A.ng = ng;
    HKZ_TRY(hkz_engine_parallel_for(e, nz * ng, gemm_range, &A));
    HKZ_CHECK(!A.bad, HKZ_ERR_TOO_LARGE, "hkz_engine_fix_gemm: a sum does "
              "not fit in %d digits", 2 * L);
    return HKZ_SUCCESS;
}
