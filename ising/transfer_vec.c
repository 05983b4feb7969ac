/* State vectors of the sparse site-by-site transfer matrix and the step
 * that places one spin (see transfer_impl.h and transfer_site.c).
 *
 * Placing the spin x at column c: the new state s' has bit c = x, and its
 * counts come from the two old states that differ from s' only in bit c,
 * A (old spin up) and B (old spin down), shifted by k += x and
 * b += h + (x != old spin), where h counts the unsatisfied horizontal
 * bonds of x (to column c-1, and to column 0 when c = L-1; both spins are
 * bits of s').  So the new pair {A', B'} depends only on the old pair
 * {A, B}: pairs are independent (threads) and updated in place, and the
 * memory is one set of state blocks plus two blocks per thread.
 */
#include <stdlib.h>
#include <string.h>
#include <flint/thread_support.h>
#include "transfer_impl.h"
#include "hkz_check.h"

int _hkz_tm_vec_init(_hkz_tm_vec_t V, slong L, slong nw, slong bs,
                     const ulong *p, int nthreads)
{
    slong n = WORD(1) << L;
    V->L = L;
    V->nst = n;
    V->nw = nw;
    V->bs = bs;
    V->p = p;
    V->nthreads = nthreads < 1 ? 1 : nthreads;
    V->k0 = flint_calloc(4 * n, sizeof(slong));
    V->nk = V->k0 + n;
    V->b0 = V->k0 + 2 * n;
    V->nb = V->k0 + 3 * n;
    V->v = flint_calloc(n, sizeof(ulong *));
    V->entries = V->peak = 0;
    return HKZ_SUCCESS;
}

void _hkz_tm_vec_zero(_hkz_tm_vec_t V)
{
    slong s;
    for (s = 0; s < V->nst; s++)
    {
        free(V->v[s]);
        V->v[s] = NULL;
        V->nk[s] = V->nb[s] = 0;
    }
    V->entries = 0;
}

void _hkz_tm_vec_clear(_hkz_tm_vec_t V)
{
    _hkz_tm_vec_zero(V);
    flint_free(V->v);
    flint_free(V->k0);
}

int _hkz_tm_vec_set_one(_hkz_tm_vec_t V, ulong s, slong b, slong k)
{
    slong w;
    HKZ_CHECK(V->v[s] == NULL, HKZ_ERR_INTERNAL, "transfer: state set twice");
    V->v[s] = malloc(V->nw * sizeof(ulong));
    HKZ_CHECK(V->v[s] != NULL, HKZ_ERR_NOMEM, "transfer: out of memory");
    for (w = 0; w < V->nw; w++)
        V->v[s][w] = 1;
    V->k0[s] = k;
    V->nk[s] = 1;
    V->b0[s] = b;
    V->nb[s] = 1;
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
    slong delta;            /* change of V->entries (under no lock: per
                               chunk, summed afterwards) */
    slong *chunk_delta;
} step_arg;

/* dst box (k0, nk, b0, nb) += src box shifted by (dk, db), all words */
static void add_shifted(ulong *dst, slong dk0, slong dnk, slong db0,
                        slong dnb, const ulong *src, slong sk0, slong snk,
                        slong sb0, slong snb, slong dk, slong db,
                        const _hkz_tm_vec_struct *V)
{
    slong w, i, j, dsz = dnk * dnb, ssz = snk * snb;
    slong koff = sk0 + dk - dk0, boff = (sb0 + db - db0) / V->bs;
    for (w = 0; w < V->nw; w++)
    {
        ulong p = V->p[w];
        const ulong *s = src + w * ssz;
        ulong *d = dst + w * dsz + koff * dnb + boff;
        for (i = 0; i < snk; i++, s += snb, d += dnb)
        {
            if (p == 0)
                for (j = 0; j < snb; j++)
                    d[j] += s[j];
            else
                for (j = 0; j < snb; j++)
                {
                    ulong t = d[j] + s[j];
                    d[j] = t >= p ? t - p : t;
                }
        }
    }
}

/* New box and block of state t (new spin x at column c) from the old
 * pair (A = t without bit c, B = t with it); returns 0, 1 (no memory),
 * 2 (parity mismatch). */
static int new_state(ulong **out, slong *box, const _hkz_tm_vec_struct *V,
                     ulong t, slong c)
{
    slong L = V->L, x = (t >> c) & 1, h = 0, y, db[2], lo = 0, hi = 0;
    slong k0 = WORD_MAX, k1 = WORD_MIN, b0 = WORD_MAX, b1 = WORD_MIN;
    ulong src[2], bit = UWORD(1) << c;
    int any = 0;

    if (c >= 1)
        h += (slong) (((t >> (c - 1)) & 1) != (ulong) x);
    if (c == L - 1)
        h += (slong) ((t & 1) != (ulong) x);
    src[0] = t & ~bit;
    src[1] = t | bit;
    for (y = 0; y < 2; y++)
    {
        ulong s = src[y];
        db[y] = h + (x != y);
        if (V->v[s] == NULL)
            continue;
        k0 = FLINT_MIN(k0, V->k0[s] + x);
        k1 = FLINT_MAX(k1, V->k0[s] + V->nk[s] - 1 + x);
        lo = V->b0[s] + db[y];
        hi = lo + V->bs * (V->nb[s] - 1);
        if (any && (lo - b0) % V->bs != 0)
            return 2;
        b0 = FLINT_MIN(b0, lo);
        b1 = FLINT_MAX(b1, hi);
        any = 1;
    }
    *out = NULL;
    box[1] = box[3] = 0;
    if (!any)
        return 0;
    box[0] = k0;
    box[1] = k1 - k0 + 1;
    box[2] = b0;
    box[3] = (b1 - b0) / V->bs + 1;
    *out = calloc(V->nw * box[1] * box[3], sizeof(ulong));
    if (*out == NULL)
        return 1;
    for (y = 0; y < 2; y++)
    {
        ulong s = src[y];
        if (V->v[s] != NULL)
            add_shifted(*out, box[0], box[1], box[2], box[3], V->v[s],
                        V->k0[s], V->nk[s], V->b0[s], V->nb[s], x, db[y], V);
    }
    return 0;
}

static void step_chunk(slong i, void *varg)
{
    step_arg *a = varg;
    _hkz_tm_vec_struct *V = a->V;
    slong c = a->c, half = V->nst / 2, lo, hi, q, delta = 0;
    ulong bit = UWORD(1) << c, low = bit - 1;

    lo = half * i / a->nchunks;
    hi = half * (i + 1) / a->nchunks;
    for (q = lo; q < hi && !a->fail; q++)
    {
        /* q -> the pair index with bit c inserted as 0 */
        ulong A = ((q & ~low) << 1) | (q & low), B = A | bit, t[2];
        ulong *blk[2];
        slong box[2][4], x;
        int r;
        t[0] = A;
        t[1] = B;
        for (x = 0; x < 2; x++)
        {
            r = new_state(blk + x, box[x], V, t[x], c);
            if (r != 0)
            {
                if (x == 1)
                    free(blk[0]);
                a->fail = r;
                break;
            }
        }
        if (r != 0)
            break;
        for (x = 0; x < 2; x++)
        {
            ulong s = t[x];
            delta -= V->nk[s] * V->nb[s];
            free(V->v[s]);
            V->v[s] = blk[x];
            V->k0[s] = box[x][0];
            V->nk[s] = box[x][1];
            V->b0[s] = box[x][2];
            V->nb[s] = box[x][3];
            delta += box[x][1] * box[x][3];
        }
    }
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
    flint_parallel_do(step_chunk, &a, a.nchunks, V->nthreads,
                      FLINT_PARALLEL_STRIDED);
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
