/* Exact fixed-point sums (hkz/engine.h: hkz_engine_fix_sum): the
 * CPU code, and the dispatch to a backend's own (CUDA).
 *
 * Why exact.  A digit has |x| < 2^26, so a digit product is below 2^52 in
 * absolute value.  A term X Y adds at most L products to each level
 * l = i + j, so 2^10 / L terms add at most 2^10 products, below 2^62, to
 * an int64 level; the int64 levels then go into __int128 levels, which
 * stay below 2^62 (n L / 2^10 + 1) < 2^127 for n < 2^60 terms.  The
 * carry normalization (floor division by 2^26, exact remainders) is
 * integer arithmetic too.  So nothing rounds or overflows: the results are
 * the exact integers, whatever the order, the threads or the backend. */
#include <stdlib.h>
#include <string.h>
#include "engine_internal.h"
#include "hkz_check.h"

#define D HKZ_FIX_D
#define NLEVMAX (2 * HKZ_FIX_LMAX - 1)
#define MASK (((int64_t) 1 << D) - 1)

__extension__ typedef __int128 fix_i128;

/* lev[l] += sum of the terms (x[t], y[t]), t < n (digit rows of L), the
 * digit products of level >= l0 only:
 * 2^10 / L terms between spills (at most 2^10 products a level) */
static void fix_acc(fix_i128 *lev, const int32_t *x, const int32_t *y,
                    size_t n, int L, int l0)
{
    size_t t0, t, spill = 1024 / L;
    int i, j;

    for (t0 = 0; t0 < n; t0 += spill)
    {
        int64_t a[NLEVMAX];
        size_t t1 = n - t0 < spill ? n : t0 + spill;
        memset(a, 0, sizeof(a));
        for (t = t0; t < t1; t++)
        {
            const int32_t *xp = x + t * L, *yp = y + t * L;
            for (i = 0; i < L; i++)
                for (j = i < l0 ? l0 - i : 0; j < L; j++)
                    a[i + j] += (int64_t) xp[i] * yp[j];
        }
        for (i = 0; i < 2 * L - 1; i++)
            lev[i] += a[i];
    }
}

/* digits d[0..2L-1) in [0, 2^D) and the carry out (returned) of the
 * integer sum_l lev[l] 2^{D l} */
static fix_i128 fix_norm(int64_t *d, const fix_i128 *lev, int L)
{
    fix_i128 c = 0, v;
    int l;
    for (l = 0; l < 2 * L - 1; l++)
    {
        v = lev[l] + c;
        d[l] = (int64_t) (v & MASK);          /* two's complement: >= 0 */
        c = (v - d[l]) / ((fix_i128) 1 << D);  /* exact */
    }
    return c;
}

typedef struct
{
    const hkz_engine_fix_t *f;
    int32_t *G;
    int64_t *V;
    int bad;
} fix_arg;

static void pairs_range(size_t q0, size_t q1, void *arg)
{
    fix_arg *A = arg;
    const hkz_engine_fix_t *f = A->f;
    size_t q, k;
    int L = f->L, l;
    fix_i128 lev[NLEVMAX], c;
    int64_t d[NLEVMAX];

    for (q = q0; q < q1; q++)
        for (k = 0; k < f->nk; k++)
        {
            int32_t *g = A->G + (q * f->nk + k) * L;
            memset(lev, 0, sizeof(lev));
            fix_acc(lev, f->x[q] + f->off[k] * L, f->y[q] + f->off[k] * L,
                    f->yl[q][k], L, 0);
            c = fix_norm(d, lev, L);
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
    const hkz_engine_fix_t *f = A->f;
    size_t n;
    int L = f->L, l;
    fix_i128 lev[NLEVMAX], c;
    int64_t d[NLEVMAX];

    for (n = i0; n < i1; n++)
    {
        size_t i = n / f->nq, q = n % f->nq;
        int64_t *v = A->V + n * 2 * L;
        memset(lev, 0, sizeof(lev));
        fix_acc(lev, f->z[i], A->G + q * f->nk * L, f->nk, L,
                HKZ_FIX_LOW(L));
        c = fix_norm(d, lev, L);
        for (l = 0; l < 2 * L - 1; l++)
            v[l] = d[l];
        if (c >= ((fix_i128) 1 << 62) || c < -((fix_i128) 1 << 62))
            A->bad = 1;
        else
            v[2 * L - 1] = (int64_t) c;
    }
}

int hkz_engine_fix_sum(hkz_engine_t e, int64_t *V, const hkz_engine_fix_t *f)
{
    const hkz_engine_backend_t *be;
    void *st;
    fix_arg A;
    int status;

    HKZ_CHECK(V != NULL && f != NULL && f->off != NULL && (f->nq == 0
              || (f->x != NULL && f->y != NULL && f->yl != NULL))
              && (f->nz == 0 || f->z != NULL), HKZ_ERR_ARG,
              "hkz_engine_fix_sum: NULL argument");
    HKZ_CHECK(f->L == 8 || f->L == HKZ_FIX_LMAX, HKZ_ERR_ARG,
              "hkz_engine_fix_sum: %d digits (8 or %d)", f->L, HKZ_FIX_LMAX);
    if (f->nq == 0 || f->nz == 0)
        return HKZ_SUCCESS;
    if (e != NULL)
    {
        be = _hkz_engine_backend(e, &st);
        if (be != NULL && be->fix_sum != NULL)
            return be->fix_sum(st, V, f);
    }
    memset(&A, 0, sizeof(A));
    A.f = f;
    A.V = V;
    A.G = malloc(FLINT_MAX(f->nq * f->nk, 1) * f->L * sizeof(int32_t));
    HKZ_CHECK(A.G != NULL, HKZ_ERR_NOMEM, "hkz_engine_fix_sum: out of "
              "memory");
    status = hkz_engine_parallel_for(e, f->nq, pairs_range, &A);
    if (status == HKZ_SUCCESS && !A.bad)
        status = hkz_engine_parallel_for(e, f->nz * f->nq, gemm_range, &A);
    free(A.G);
    if (status == HKZ_SUCCESS && A.bad)
        status = hkz_error_set(HKZ_ERR_TOO_LARGE, "hkz_engine_fix_sum: a "
                               "sum does not fit in its digits");
    return status;
}
