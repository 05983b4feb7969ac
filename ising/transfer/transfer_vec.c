/* State vectors of the sparse site-by-site transfer matrix and the step
 * that places one spin (see transfer_impl.h and transfer_sparse.c).
 *
 * Placing the spin x at column c: the new state s' has bit c = x, and its
 * counts come from the two old states that differ from s' only in bit c,
 * A (old spin up) and B (old spin down), shifted by k += x and
 * b += h + (x != old spin), where h counts the unsatisfied horizontal
 * bonds of x (to column c-1, and to column 0 when c = L-1; both spins are
 * bits of s').  So the new pair {A', B'} depends only on the old pair
 * {A, B}: pairs are independent (threads) and updated in place, and the
 * memory is one set of state blocks plus two blocks per thread (threads:
 * hkz_parallel_for).  Each new
 * row (fixed k) is the hull of the two shifted source rows: the first is
 * copied, the second added (no separate zeroing pass).
 */
#include <stdlib.h>
#include <string.h>
#include "transfer_impl.h"
#include "hkz_check.h"

int _hkz_tm_vec_init(_hkz_tm_vec_t V, slong L, slong N, slong nw,
                     slong bs, const ulong *p, int nthreads)
{
    slong n = WORD(1) << L;
    V->L = L;
    V->nst = n;
    V->nw = nw;
    V->bs = bs;
    V->p = p;
    V->kcap = N + 1;
    V->nthreads = nthreads < 1 ? 1 : nthreads;
    V->k0 = flint_calloc(3 * n, sizeof(slong));
    V->nk = V->k0 + n;
    V->sz = V->k0 + 2 * n;
    V->v = flint_calloc(n, sizeof(ulong *));
    V->entries = V->peak = 0;
    if (hkz_pool_create(&V->pool, V->nthreads) != HKZ_SUCCESS)
        V->pool = NULL;     /* no memory for the pool: all in this thread */
    return HKZ_SUCCESS;
}

void _hkz_tm_vec_zero(_hkz_tm_vec_t V)
{
    slong s;
    for (s = 0; s < V->nst; s++)
    {
        free(V->v[s]);
        V->v[s] = NULL;
        V->nk[s] = V->sz[s] = 0;
    }
    V->entries = 0;
}

void _hkz_tm_vec_clear(_hkz_tm_vec_t V)
{
    _hkz_tm_vec_zero(V);
    hkz_pool_destroy(&V->pool);
    flint_free(V->v);
    flint_free(V->k0);
}

int _hkz_tm_vec_set_one(_hkz_tm_vec_t V, ulong s, slong b, slong k)
{
    slong w;
    HKZ_CHECK(V->v[s] == NULL, HKZ_ERR_INTERNAL, "transfer: state set twice");
    V->v[s] = malloc((2 + V->nw) * sizeof(ulong));
    HKZ_CHECK(V->v[s] != NULL, HKZ_ERR_NOMEM, "transfer: out of memory");
    V->v[s][0] = (ulong) b;
    V->v[s][1] = 1;
    for (w = 0; w < V->nw; w++)
        V->v[s][2 + w] = 1;
    V->k0[s] = k;
    V->nk[s] = 1;
    V->sz[s] = 1;
    V->entries += 1;
    V->peak = FLINT_MAX(V->peak, V->entries);
    return HKZ_SUCCESS;
}

slong _hkz_tm_row_bonds(ulong s, slong L)
{
    ulong mask = (UWORD(1) << L) - 1;
    ulong rot = ((s << 1) | (s >> (L - 1))) & mask;
    return __builtin_popcountl(s ^ rot);
}

typedef struct
{
    _hkz_tm_vec_struct *V;
    slong c;
    slong nchunks;
    int fail;               /* 1: out of memory, 2: parity */
    slong *chunk_delta;     /* change of V->entries per chunk */
} step_arg;

/* Row kernels (the hot loops; built for AVX-512, AVX2 and plain x86-64
 * where the compiler supports function multiversioning). */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#define TM_CLONES __attribute__((target_clones("avx512f", "avx2", "default")))
#else
#define TM_CLONES
#endif

TM_CLONES static void row_add(ulong *d, const ulong *s, slong n, ulong p)
{
    slong j;
    if (p == 0)
        for (j = 0; j < n; j++)
            d[j] += s[j];
    else
        for (j = 0; j < n; j++)
        {
            ulong t = d[j] + s[j];
            d[j] = t >= p ? t - p : t;
        }
}

/* Offsets (prefix sums of the row lengths) of a block with nk rows. */
static void row_offsets(slong *off, const ulong *blk, slong nk)
{
    slong i;
    off[0] = 0;
    for (i = 0; i < nk; i++)
        off[i + 1] = off[i] + (slong) blk[2 * i + 1];
}

/* New block of state t (new spin x at column c) from the old pair (A = t
 * without bit c, B = t with it); returns 0, 1 (no memory), 2 (parity).
 * scratch: 3 (kcap + 1) slongs. */
static int new_state(ulong **out, slong *k0out, slong *nkout, slong *szout,
                     const _hkz_tm_vec_struct *V, ulong t, slong c,
                     slong *scratch)
{
    slong L = V->L, x = (t >> c) & 1, h = 0, y, db[2], i, w, bs = V->bs;
    slong k0 = WORD_MAX, k1 = WORD_MIN, nk, sz = 0;
    slong *off[2], *doff = scratch + 2 * (V->kcap + 1);
    ulong src[2], bit = UWORD(1) << c, *blk, *data;

    if (c >= 1)
        h += (slong) (((t >> (c - 1)) & 1) != (ulong) x);
    if (c == L - 1)
        h += (slong) ((t & 1) != (ulong) x);
    src[0] = t & ~bit;
    src[1] = t | bit;
    off[0] = scratch;
    off[1] = scratch + V->kcap + 1;
    for (y = 0; y < 2; y++)
    {
        ulong s = src[y];
        db[y] = h + (x != y);
        if (V->v[s] == NULL)
            continue;
        k0 = FLINT_MIN(k0, V->k0[s] + x);
        k1 = FLINT_MAX(k1, V->k0[s] + V->nk[s] - 1 + x);
        row_offsets(off[y], V->v[s], V->nk[s]);
    }
    *out = NULL;
    *nkout = *szout = 0;
    if (k0 > k1)
        return 0;
    nk = k1 - k0 + 1;
    blk = malloc(2 * nk * sizeof(ulong));
    if (blk == NULL)
        return 1;
    /* row hulls */
    for (i = 0; i < nk; i++)
    {
        slong lo = WORD_MAX, hi = WORD_MIN;
        for (y = 0; y < 2; y++)
        {
            ulong s = src[y];
            slong r = k0 + i - x - V->k0[s], l;
            if (V->v[s] == NULL || r < 0 || r >= V->nk[s] ||
                V->v[s][2 * r + 1] == 0)
                continue;
            l = (slong) V->v[s][2 * r] + db[y];
            if (lo != WORD_MAX && (l - lo) % bs != 0)
            {
                free(blk);
                return 2;
            }
            lo = FLINT_MIN(lo, l);
            hi = FLINT_MAX(hi, l + bs * ((slong) V->v[s][2 * r + 1] - 1));
        }
        blk[2 * i] = lo == WORD_MAX ? 0 : (ulong) lo;
        blk[2 * i + 1] = lo == WORD_MAX ? 0 : (ulong) ((hi - lo) / bs + 1);
        doff[i] = sz;
        sz += (slong) blk[2 * i + 1];
    }
    data = realloc(blk, (2 * nk + V->nw * sz) * sizeof(ulong));
    if (data == NULL)
    {
        free(blk);
        return 1;
    }
    blk = data;
    data = blk + 2 * nk;
    for (w = 0; w < V->nw; w++)
        for (i = 0; i < nk; i++)
        {
            slong len = (slong) blk[2 * i + 1], done = 0;
            ulong *d = data + w * sz + doff[i];
            for (y = 0; y < 2; y++)
            {
                ulong s = src[y];
                slong r = k0 + i - x - V->k0[s], l, n, j0;
                const ulong *q;
                if (V->v[s] == NULL || r < 0 || r >= V->nk[s] ||
                    V->v[s][2 * r + 1] == 0)
                    continue;
                n = (slong) V->v[s][2 * r + 1];
                l = (slong) V->v[s][2 * r] + db[y];
                j0 = (l - (slong) blk[2 * i]) / bs;
                q = V->v[s] + 2 * V->nk[s] + w * V->sz[s] + off[y][r];
                if (!done)
                {
                    /* first source: copy, zero the rest of the row */
                    memset(d, 0, j0 * sizeof(ulong));
                    memcpy(d + j0, q, n * sizeof(ulong));
                    memset(d + j0 + n, 0, (len - j0 - n) * sizeof(ulong));
                    done = 1;
                }
                else
                    row_add(d + j0, q, n, V->p[w]);
            }
            if (!done)
                memset(d, 0, len * sizeof(ulong));
        }
    *out = blk;
    *k0out = k0;
    *nkout = nk;
    *szout = sz;
    return 0;
}

static void step_chunk(slong i, void *varg);

static void step_range(size_t i0, size_t i1, void *varg)
{
    size_t i;
    for (i = i0; i < i1; i++)
        step_chunk((slong) i, varg);
}

static void step_chunk(slong i, void *varg)
{
    step_arg *a = varg;
    _hkz_tm_vec_struct *V = a->V;
    slong c = a->c, half = V->nst / 2, lo, hi, q, delta = 0;
    slong *scratch = flint_malloc(3 * (V->kcap + 1) * sizeof(slong));
    ulong bit = UWORD(1) << c, low = bit - 1;

    lo = half * i / a->nchunks;
    hi = half * (i + 1) / a->nchunks;
    for (q = lo; q < hi && !a->fail; q++)
    {
        /* q -> the pair index with bit c inserted as 0 */
        ulong A = (((ulong) q & ~low) << 1) | ((ulong) q & low), t[2];
        ulong *blk[2];
        slong k0[2], nk[2], sz[2], x;
        int r = 0;
        t[0] = A;
        t[1] = A | bit;
        for (x = 0; x < 2 && r == 0; x++)
        {
            r = new_state(blk + x, k0 + x, nk + x, sz + x, V, t[x], c,
                          scratch);
            if (r != 0 && x == 1)
                free(blk[0]);
        }
        if (r != 0)
        {
            a->fail = r;
            break;
        }
        for (x = 0; x < 2; x++)
        {
            ulong s = t[x];
            delta += sz[x] - V->sz[s];
            free(V->v[s]);
            V->v[s] = blk[x];
            V->k0[s] = k0[x];
            V->nk[s] = nk[x];
            V->sz[s] = sz[x];
        }
    }
    flint_free(scratch);
    a->chunk_delta[i] = delta;
}

int _hkz_tm_vec_step(_hkz_tm_vec_t V, slong c)
{
    step_arg a;
    slong i;

    a.V = V;
    a.c = c;
    a.fail = 0;
    a.nchunks = FLINT_MIN(V->nst / 2, 8 * (slong) V->nthreads);
    a.chunk_delta = flint_calloc(a.nchunks, sizeof(slong));
    (void) hkz_parallel_for(V->pool, (size_t) a.nchunks, V->nthreads, 1,
                            step_range, &a);
    for (i = 0; i < a.nchunks; i++)
        V->entries += a.chunk_delta[i];
    flint_free(a.chunk_delta);
    V->peak = FLINT_MAX(V->peak, V->entries);
    if (a.fail != 0)
    {
        _hkz_tm_vec_zero(V);
        return hkz_error_set(a.fail == 1 ? HKZ_ERR_NOMEM : HKZ_ERR_INTERNAL,
                             a.fail == 1 ? "transfer matrix: out of memory "
                             "for the state vectors" : "transfer matrix: "
                             "energy parity mismatch (bug)");
    }
    return HKZ_SUCCESS;
}

int _hkz_tm_vec_rows(_hkz_tm_vec_t V, slong nrows, const hkz_progress_t *pr,
                     slong *done, slong total)
{
    slong r, c;
    for (r = 0; r < nrows; r++)
    {
        for (c = 0; c < V->L; c++)
            HKZ_TRY(_hkz_tm_vec_step(V, c));
        *done += 1;
        HKZ_TRY(hkz_progress_report(pr, *done, total));
    }
    return HKZ_SUCCESS;
}

int _hkz_tm_vec_copy(_hkz_tm_vec_t W, const _hkz_tm_vec_t V)
{
    slong s;
    _hkz_tm_vec_zero(W);
    for (s = 0; s < V->nst; s++)
    {
        slong n = 2 * V->nk[s] + V->nw * V->sz[s];
        if (V->v[s] == NULL)
            continue;
        W->v[s] = malloc(n * sizeof(ulong));
        HKZ_CHECK(W->v[s] != NULL, HKZ_ERR_NOMEM, "transfer: out of memory");
        memcpy(W->v[s], V->v[s], n * sizeof(ulong));
        W->k0[s] = V->k0[s];
        W->nk[s] = V->nk[s];
        W->sz[s] = V->sz[s];
    }
    W->entries = V->entries;
    W->peak = FLINT_MAX(W->peak, W->entries);
    return HKZ_SUCCESS;
}

slong _hkz_tm_moduli(ulong *p, slong bits)
{
    slong nw, i;
    for (nw = 1; 64 + 61 * (nw - 1) < bits + 1; nw++)
        ;
    p[0] = 0;
    for (i = 1; i < nw && i < _HKZ_TM_MAX_WORDS; i++)
        p[i] = n_nextprime(i == 1 ? (UWORD(1) << 62) - (UWORD(1) << 40)
                                  : p[i - 1], 1);
    return nw;
}
