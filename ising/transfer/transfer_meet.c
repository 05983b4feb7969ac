/* Meet in the middle on the torus: closing one first-row run by
 * sum_s A(s) B(s) (transfer_torus.c).
 *
 * A = u_a, B = u_a' (a + a' = M) are the runs of a and a' rows from the
 * first row s0: u_r(s) counts the configurations of rows 0..r with row 0
 * = s0 and row r = s, with the horizontal bonds of rows 0..r and the
 * vertical bonds between them.  The transfer matrix is symmetric, so
 * u_a'(s) read backwards is rows a..M (row M = row 0) of the torus; the
 * product counts rows 0 and a twice, hence the shift
 * (b, k) -> (b - h(s) - h(s0), k - k(s) - k(s0)).
 *
 * EXACTNESS.  The rows strictly between 0 and r are free, so every count
 * of u_r(s) is at most 2^((r-1)L): the words of V (2^64 and primes) are
 * combined into that exact integer (Garner), and the product of the two
 * (b, k) polynomials is an exact integer product: Kronecker substitution
 * (k stride nkA + nkB - 1, then b) into one big integer per factor, W bits
 * per slot with W = bits(A) + bits(B) + bits(min #terms) (a coefficient of
 * the product is a sum of at most min #terms products), one GMP mpn_mul,
 * and the slots are read back.  The sums over s and over runs are kept
 * modulo 2^(64 GL), GL = N/64 + 1 limbs, exact because every torus count
 * is < 2^N.
 */
#include <string.h>
#include <gmp.h>
#include "transfer_impl.h"
#include "hkz_check.h"

/* Garner constants: Mi[i] = 2^64 p_1 ... p_{i-1} (i + 1 limbs), inv[i] =
 * 1 / Mi mod p_i. */
typedef struct
{
    slong nw;
    const ulong *p;
    ulong Mi[_HKZ_TM_MAX_WORDS][_HKZ_TM_MAX_WORDS + 1];
    ulong inv[_HKZ_TM_MAX_WORDS];
} crt_ctx;

static void crt_init(crt_ctx *C, const ulong *p, slong nw)
{
    slong i, j, len;
    memset(C, 0, sizeof(*C));
    C->nw = nw;
    C->p = p;
    for (i = 1; i < nw; i++)
    {
        ulong m[_HKZ_TM_MAX_WORDS + 1] = {0};
        m[1] = 1;       /* 2^64 */
        len = 2;
        for (j = 1; j < i; j++)
        {
            m[len] = mpn_mul_1(m, m, len, p[j]);
            len++;
        }
        for (j = 0; j <= i; j++)
            C->Mi[i][j] = m[j];
        C->inv[i] = n_invmod(mpn_mod_1(m, len, p[i]), p[i]);
    }
}

/* x (nw + 1 limbs) = the integer < 2^64 p_1...p_{nw-1} with residues r
 * (stride sz between words). */
static void crt_exact(ulong *x, const crt_ctx *C, const ulong *r, slong sz)
{
    slong i;
    x[0] = r[0];
    for (i = 1; i <= C->nw; i++)
        x[i] = 0;
    for (i = 1; i < C->nw; i++)
    {
        ulong p = C->p[i], t = mpn_mod_1(x, i, p), c;
        c = n_submod(r[i * sz] % p, t, p);
        c = n_mulmod2_preinv(c, C->inv[i], p, n_preinvert_limb(p));
        /* Mi[i] has i + 1 limbs (2^64 times i - 1 primes) */
        x[i + 1] += mpn_addmul_1(x, C->Mi[i], i + 1, c);
    }
}

/* One factor: its b origin, extents and the bits of its largest count. */
typedef struct
{
    const ulong *blk;
    slong k0, nk, sz, bmin, nbp, nent, bits;
} factor;

static int factor_scan(factor *f, const _hkz_tm_vec_struct *V, slong s,
                       const crt_ctx *C)
{
    slong i, j, bmax = WORD_MIN, nl = V->nw + 1;
    const ulong *x;
    ulong e[_HKZ_TM_MAX_WORDS + 1];
    f->blk = V->v[s];
    f->k0 = V->k0[s];
    f->nk = V->nk[s];
    f->sz = V->sz[s];
    f->bmin = WORD_MAX;
    f->nent = f->bits = 0;
    if (f->blk == NULL)
        return 0;
    x = f->blk + 2 * f->nk;
    for (i = 0; i < f->nk; i++)
    {
        slong lo = (slong) f->blk[2 * i], len = (slong) f->blk[2 * i + 1];
        if (len == 0)
            continue;
        if (f->bmin != WORD_MAX && (lo - f->bmin) % V->bs != 0)
            return 2;
        f->bmin = FLINT_MIN(f->bmin, lo);
        bmax = FLINT_MAX(bmax, lo + V->bs * (len - 1));
    }
    for (j = 0; j < f->sz; j++)
    {
        slong n;
        crt_exact(e, C, x + j, f->sz);
        n = nl;
        while (n > 0 && e[n - 1] == 0)
            n--;
        if (n == 0)
            continue;
        f->nent++;
        f->bits = FLINT_MAX(f->bits, (n - 1) * FLINT_BITS +
                                     FLINT_BIT_COUNT(e[n - 1]));
    }
    f->nbp = f->nent == 0 ? 0 : (bmax - f->bmin) / V->bs + 1;
    return 0;
}

/* Adds the W-bit field v (n limbs) at bit pos of z (zeroed before). */
static void put_bits(ulong *z, ulong pos, const ulong *v, slong n)
{
    slong j, w = (slong) (pos / FLINT_BITS), sh = (slong) (pos % FLINT_BITS);
    for (j = 0; j < n; j++)
    {
        z[w + j] |= v[j] << sh;
        if (sh != 0)
            z[w + j + 1] |= v[j] >> (FLINT_BITS - sh);
    }
}

/* Kronecker image of a factor: slot (b', k') at (b' Ks + k') W bits. */
static void factor_pack(ulong *z, const factor *f, const crt_ctx *C,
                        slong Ks, slong W, slong bs)
{
    slong i, j, nl = C->nw + 1;
    const ulong *x = f->blk + 2 * f->nk;
    ulong e[_HKZ_TM_MAX_WORDS + 1];
    for (i = 0; i < f->nk; i++)
    {
        slong lo = (slong) f->blk[2 * i], len = (slong) f->blk[2 * i + 1];
        for (j = 0; j < len; j++, x++)
        {
            slong n = nl, bp = (lo + bs * j - f->bmin) / bs;
            crt_exact(e, C, x, f->sz);
            while (n > 0 && e[n - 1] == 0)
                n--;
            if (n > 0)
                put_bits(z, (ulong) (bp * Ks + i) * (ulong) W, e, n);
        }
    }
}

typedef struct
{
    const _hkz_tm_vec_struct *A, *B;
    ulong s0;
    const ulong *wt;        /* weight of each state, 0: skipped */
    slong GL, nb, nkk, nt, nchunks;
    ulong **D;              /* one accumulator per thread */
    const crt_ctx *C;
    int fail;               /* 1: no memory, 2: parity/range (bug) */
} close_arg;

/* Product of the two factors of state s, times wt[s], into D. */
static int close_state(close_arg *a, ulong *D, slong s)
{
    factor f[2];
    const crt_ctx *C = a->C;
    slong Ks, W, la, lb, na, nb, nr, i, GL = a->GL, L = a->A->L;
    slong hs, ks, fl;
    ulong *za, *zb, *zr, t[2 * _HKZ_TM_MAX_WORDS + 8];
    int r, same = a->A == a->B;

    if (a->wt[s] == 0)
        return 0;
    if ((r = factor_scan(f, a->A, s, C)) != 0)
        return r;
    if (same)
        f[1] = f[0];
    else if ((r = factor_scan(f + 1, a->B, s, C)) != 0)
        return r;
    if (f[0].nent == 0 || f[1].nent == 0)
        return 0;
    Ks = f[0].nk + f[1].nk - 1;
    W = f[0].bits + f[1].bits +
        FLINT_BIT_COUNT((ulong) FLINT_MIN(f[0].nent, f[1].nent));
    la = (f[0].nbp - 1) * Ks + f[0].nk;
    lb = (f[1].nbp - 1) * Ks + f[1].nk;
    na = (la * W) / FLINT_BITS + 2;
    nb = (lb * W) / FLINT_BITS + 2;
    za = flint_calloc(2 * (na + nb) + 2, sizeof(ulong));
    if (za == NULL)
        return 1;
    zb = za + na;
    zr = zb + nb;
    factor_pack(za, f, C, Ks, W, a->A->bs);
    if (same)
        zb = za;
    else
        factor_pack(zb, f + 1, C, Ks, W, a->A->bs);
    while (na > 1 && za[na - 1] == 0)
        na--;
    while (nb > 1 && zb[nb - 1] == 0)
        nb--;
    if (same)
        mpn_sqr(zr, za, na);
    else if (na >= nb)
        mpn_mul(zr, za, na, zb, nb);
    else
        mpn_mul(zr, zb, nb, za, na);
    nr = na + nb;
    hs = _hkz_tm_row_bonds((ulong) s, L) + _hkz_tm_row_bonds(a->s0, L);
    ks = __builtin_popcountl((ulong) s) + __builtin_popcountl(a->s0);
    fl = (W + 2 * FLINT_BITS - 1) / FLINT_BITS;
    for (i = 0; i < (f[0].nbp + f[1].nbp - 1) * Ks; i++)
    {
        ulong pos = (ulong) i * (ulong) W;
        slong w = (slong) (pos / FLINT_BITS), sh = (slong) (pos % FLINT_BITS);
        slong j, n, b, k, any = 0;
        if (w >= nr)
            break;
        n = FLINT_MIN(fl, nr - w);
        for (j = 0; j < n; j++)
        {
            t[j] = sh == 0 ? zr[w + j] : (zr[w + j] >> sh) |
                   (w + j + 1 < nr ? zr[w + j + 1] << (FLINT_BITS - sh) : 0);
        }
        for (j = n; j <= fl; j++)
            t[j] = 0;
        /* keep W bits */
        for (j = 0; j < fl; j++)
        {
            slong lo = j * FLINT_BITS;
            if (lo >= W)
                t[j] = 0;
            else if (W - lo < FLINT_BITS)
                t[j] &= (UWORD(1) << (W - lo)) - 1;
            any |= t[j] != 0;
        }
        if (!any)
            continue;
        t[fl] = mpn_mul_1(t, t, fl, a->wt[s]);
        b = f[0].bmin + f[1].bmin + a->A->bs * (i / Ks) - hs;
        k = f[0].k0 + f[1].k0 + i % Ks - ks;
        if (b < 0 || b > a->nb || k < 0 || k >= a->nkk)
        {
            flint_free(za);
            return 2;
        }
        mpn_add(D + (b * a->nkk + k) * GL, D + (b * a->nkk + k) * GL, GL,
                t, FLINT_MIN(fl + 1, GL));
    }
    flint_free(za);
    return 0;
}

/* Job t (one accumulator a->D[t]): chunks t, t + nt, ..., chunk i the
 * states i, i + nchunks, ... */
static void close_jobs(size_t t0, size_t t1, void *varg)
{
    close_arg *a = varg;
    slong t, i, s;
    for (t = (slong) t0; t < (slong) t1; t++)
        for (i = t; i < a->nchunks; i += a->nt)
            for (s = i; s < a->A->nst && !a->fail; s += a->nchunks)
            {
                int r = close_state(a, a->D[t], s);
                if (r != 0)
                    a->fail = r;
            }
}

int _hkz_tm_close(ulong *D, slong GL, slong nb, slong nkk,
                  const _hkz_tm_vec_struct *A, const _hkz_tm_vec_struct *B,
                  ulong s0, const ulong *wt, hkz_pool_t pool, int nthreads)
{
    close_arg a;
    crt_ctx C;
    slong t, j, E = (nb + 1) * nkk;
    ulong *buf;

    HKZ_CHECK(A->nw <= _HKZ_TM_MAX_WORDS && GL >= 1 && GL <= 64,
              HKZ_ERR_INTERNAL, "transfer: closing needs <= %d words",
              _HKZ_TM_MAX_WORDS);
    crt_init(&C, A->p, A->nw);
    a.A = A;
    a.B = B;
    a.s0 = s0;
    a.wt = wt;
    a.GL = GL;
    a.nb = nb;
    a.nkk = nkk;
    a.C = &C;
    a.fail = 0;
    a.nt = nthreads < 1 ? 1 : nthreads;
    a.nchunks = 4 * a.nt;
    buf = flint_calloc((a.nt - 1) * E * GL + 1, sizeof(ulong));
    a.D = flint_malloc(a.nt * sizeof(ulong *));
    a.D[0] = D;
    for (t = 1; t < a.nt; t++)
        a.D[t] = buf + (t - 1) * E * GL;
    (void) hkz_parallel_for(pool, (size_t) a.nt, (int) a.nt, 1, close_jobs,
                            &a);
    for (t = 1; t < a.nt; t++)
        for (j = 0; j < E; j++)
            mpn_add_n(D + j * GL, D + j * GL, a.D[t] + j * GL, GL);
    flint_free(buf);
    flint_free(a.D);
    if (a.fail != 0)
        return hkz_error_set(a.fail == 1 ? HKZ_ERR_NOMEM : HKZ_ERR_INTERNAL,
                             a.fail == 1 ? "transfer matrix: out of memory "
                             "in the torus closing" : "transfer matrix: "
                             "closing out of range (bug)");
    return HKZ_SUCCESS;
}
