/* The midpoint of wk sum_k f_k w^k as cw_block_bracket.c's blk_eval has
 * it in balls (_acb_poly_evaluate, then acb_mul by wk), without the radii:
 * the block's Newton step reads only midpoints.  The same bits (Arb 2.x):
 * below 1024 bits _acb_poly_evaluate is _acb_poly_evaluate_horner, for
 * len >= 3 and w != 0 the loop u = f_i + u w; the midpoint of acb_mul is
 * arf_complex_mul of the midpoints at prec, rounded down (ARB_RND), in its
 * fast and slow cases alike, and in its cases with a zero part (arb_mul,
 * acb_mul_onei) too, since a product rounded towards zero is odd; the
 * midpoint of arb_add is arf_add at prec, rounded down.  The radii never
 * steer the midpoints.
 *
 * Both arf operations are correctly rounded (Arb's documentation), so
 * each step is RD(f + RD(u w)) with RD the rounding towards zero to prec
 * bits of the exact value.  Up to 128 bits (the Curie-Weiss blocks run at
 * ~100) and with every midpoint in two limbs, the steps below compute the
 * exact products and sums in fixed buffers and truncate them: the same
 * numbers, without Arb's general paths.  Otherwise arf does it.
 * tests/ly/internal/t-cw_horner_mid.c checks both against the balls. */
#include "cw_integral_internal.h"
#if defined(__x86_64__)
#include <x86intrin.h>
#endif

/* (-1)^s (m1 2^64 + m0) 2^(e - 128), m1 >= 2^63; m = 0: zero */
typedef struct
{
    int s;
    slong e;
    ulong m[2];
} fx_t;

#define FX_EMAX (WORD(1) << 40)
#define WL 7    /* window limbs: 384 bits and a carry */

static int fx_set(fx_t *x, const arf_t a)
{
    mp_srcptr d;
    mp_size_t n;
    x->s = 0;
    x->e = 0;
    x->m[0] = x->m[1] = 0;
    if (arf_is_zero(a))
        return 1;
    if (!arf_is_finite(a) || COEFF_IS_MPZ(ARF_EXP(a)) ||
        ARF_EXP(a) > FX_EMAX || ARF_EXP(a) < -FX_EMAX)
        return 0;
    ARF_GET_MPN_READONLY(d, n, a);
    if (n > 2)
        return 0;
    x->m[1] = d[n - 1];
    x->m[0] = n == 2 ? d[0] : 0;
    x->s = ARF_SGNBIT(a);
    x->e = ARF_EXP(a);
    return 1;
}

static void fx_get(arf_t a, const fx_t *x)
{
    if (x->m[1] == 0)
        arf_zero(a);
    else
    {
        arf_set_mpn(a, x->m, 2, x->s);
        arf_mul_2exp_si(a, a, x->e - 128);
    }
}

/* r (4 limbs) = a b exactly */
static void mul2(ulong *r, const ulong *a, const ulong *b)
{
    unsigned __int128 p00 = (unsigned __int128) a[0] * b[0],
                      p01 = (unsigned __int128) a[0] * b[1],
                      p10 = (unsigned __int128) a[1] * b[0],
                      p11 = (unsigned __int128) a[1] * b[1], t;
    r[0] = (ulong) p00;
    t = (p00 >> 64) + (ulong) p01 + (ulong) p10;
    r[1] = (ulong) t;
    t = (t >> 64) + (p01 >> 64) + (p10 >> 64) + (ulong) p11;
    r[2] = (ulong) t;
    r[3] = (ulong) ((t >> 64) + (p11 >> 64));
}

/* bits [pos, pos + 64) of R (zeros outside) */
static ulong get64(const ulong *R, slong pos)
{
    slong q, r;
    ulong v;
    if (pos <= -64)
        return 0;
    if (pos < 0)
        return R[0] << (-pos);
    q = pos / 64;
    r = pos % 64;
    v = R[q] >> r;
    if (r != 0 && q + 1 < WL)
        v |= R[q + 1] << (64 - r);
    return v;
}

static int is0(const ulong *M)
{
    return (M[0] | M[1] | M[2] | M[3]) == 0;
}

/* R = A + B, R = P - Q - bo over WL limbs (carries: adc/sbb chains where
 * the compiler has them) */
static inline void add7(ulong *R, const ulong *A, const ulong *B)
{
#if defined(__x86_64__)
    unsigned char c = 0;
    unsigned long long r;
    slong i;
    for (i = 0; i < WL; i++)
    {
        c = _addcarry_u64(c, A[i], B[i], &r);
        R[i] = r;
    }
#else
    ulong c = 0;
    slong i;
    for (i = 0; i < WL; i++)
    {
        unsigned __int128 v = (unsigned __int128) A[i] + B[i] + c;
        R[i] = (ulong) v;
        c = (ulong) (v >> 64);
    }
#endif
}

static inline void sub7(ulong *R, const ulong *P, const ulong *Q, int bo)
{
#if defined(__x86_64__)
    unsigned char b = (unsigned char) bo;
    unsigned long long r;
    slong i;
    for (i = 0; i < WL; i++)
    {
        b = _subborrow_u64(b, P[i], Q[i], &r);
        R[i] = r;
    }
#else
    ulong b = (ulong) bo;
    slong i;
    for (i = 0; i < WL; i++)
    {
        unsigned __int128 v = (unsigned __int128) P[i] - Q[i] - b;
        R[i] = (ulong) v;
        b = (ulong) (v >> 64) & 1;
    }
#endif
}

/* out = RD_p(X + Y), X = (-1)^sx Mx 2^(ex - 256) with Mx < 2^256 (4
 * limbs), likewise Y.  Exact in a window of 384 bits with X on top: Y
 * shifted by d = ex - ey > 128 loses bits Yl in [0, 1) window units; then
 * |X| >= 2^(ex - 2) > 4 |Y| (products and sums of normalized numbers), and
 * with I the window integer, floor((I + Yl)/2^k) = floor(I/2^k) for sums,
 * floor((I - Yl)/2^k) = floor((I - 1)/2^k) for differences (Yl > 0). */
static void add_rd(fx_t *out, int sx, slong ex, const ulong *Mx, int sy,
                   slong ey, const ulong *My, slong p)
{
    ulong A[WL], B[WL], R[WL], lost = 0;
    slong d, q, r, i, t, tb, lo;
    int s;

    if (!is0(My) && (is0(Mx) || ex < ey))
    {
        const ulong *T = Mx;
        slong te = ex;
        int ts = sx;
        Mx = My;
        ex = ey;
        sx = sy;
        My = T;
        ey = te;
        sy = ts;
    }
    if (is0(Mx))
    {
        out->m[0] = out->m[1] = 0;
        out->s = 0;
        out->e = 0;
        return;
    }
    A[0] = A[1] = A[6] = B[0] = B[6] = 0;
    A[2] = Mx[0];
    A[3] = Mx[1];
    A[4] = Mx[2];
    A[5] = Mx[3];
    d = ex - ey;
    if (is0(My))
        B[1] = B[2] = B[3] = B[4] = B[5] = 0;
    else if (d == 0)
    {
        B[1] = 0;
        B[2] = My[0];
        B[3] = My[1];
        B[4] = My[2];
        B[5] = My[3];
    }
    else if (d < 64)
    {
        /* B = My << (128 - d): limb k goes to limbs k + 1, k + 2 */
        int sl = 64 - (int) d;
        B[1] = My[0] << sl;
        B[2] = (My[0] >> d) | (My[1] << sl);
        B[3] = (My[1] >> d) | (My[2] << sl);
        B[4] = (My[2] >> d) | (My[3] << sl);
        B[5] = My[3] >> d;
    }
    else if (d >= 384)
    {
        B[1] = B[2] = B[3] = B[4] = B[5] = 0;
        lost = 1;
    }
    else
    {
        /* B = (My << 128) >> d */
        q = d / 64;
        r = d % 64;
        for (i = 0; i < 6; i++)
        {
            /* bit 64 i of B is bit 64 i + d of My << 128 */
            slong src = i + q - 2;
            ulong v = 0;
            if (src >= 0 && src < 4)
                v = r == 0 ? My[src] : My[src] >> r;
            if (r != 0 && src + 1 >= 0 && src + 1 < 4)
                v |= My[src + 1] << (64 - r);
            B[i] = v;
        }
        /* the bits shifted out below the window */
        for (i = 0; i < 4; i++)
        {
            slong pos = 64 * (i + 2) - d;     /* of My[i]'s bit 0 */
            if (pos + 64 <= 0)
                lost |= My[i];
            else if (pos < 0)
                lost |= My[i] << (64 + pos);
        }
    }
    if (sx == sy)
    {
        add7(R, A, B);
        s = sx;
    }
    else
    {
        const ulong *P = A, *Q = B;
        s = sx;
        if (lost == 0)
        {
            for (i = WL - 1; i >= 0 && A[i] == B[i]; i--)
                ;
            if (i < 0)
            {
                out->m[0] = out->m[1] = 0;
                out->s = 0;
                out->e = 0;
                return;
            }
            if (A[i] < B[i])
            {
                P = B;
                Q = A;
                s = sy;
            }
        }
        /* R = P - Q - (lost != 0) */
        sub7(R, P, Q, lost != 0);
    }
    for (t = WL - 1; t > 0 && R[t] == 0; t--)
        ;
    if (R[t] == 0)
    {
        out->m[0] = out->m[1] = 0;
        out->s = 0;
        out->e = 0;
        return;
    }
    tb = 64 * t + 63 - __builtin_clzl(R[t]);
    lo = tb - 127;
    if (lo >= 0)
    {
        q = lo >> 6;
        r = lo & 63;
        out->m[0] = (R[q] >> r) | ((R[q + 1] << 1) << (63 - r));
        out->m[1] = (R[q + 1] >> r) |
                    (q + 2 < WL ? (R[q + 2] << 1) << (63 - r) : 0);
    }
    else
    {
        out->m[0] = get64(R, lo);
        out->m[1] = get64(R, lo + 64);
    }
    if (p <= 64)
    {
        out->m[0] = 0;
        if (p < 64)
            out->m[1] &= ~((UWORD(1) << (64 - p)) - 1);
    }
    else if (p < 128)
        out->m[0] &= ~((UWORD(1) << (128 - p)) - 1);
    out->s = s;
    out->e = tb + 1 + ex - 384;
}

/* (re, im) = (RD(ac - bd), RD(ad + bc)) for u = a + bi, w = c + di */
static void cmul(fx_t *re, fx_t *im, const fx_t *a, const fx_t *b,
                 const fx_t *c, const fx_t *d, slong p)
{
    ulong ac[4], bd[4], ad[4], bc[4];
    mul2(ac, a->m, c->m);
    mul2(bd, b->m, d->m);
    mul2(ad, a->m, d->m);
    mul2(bc, b->m, c->m);
    add_rd(re, a->s ^ c->s, a->e + c->e, ac, !(b->s ^ d->s), b->e + d->e,
           bd, p);
    add_rd(im, a->s ^ d->s, a->e + d->e, ad, b->s ^ c->s, b->e + c->e, bc,
           p);
}

/* x = RD(f + t) */
static void addf(fx_t *x, const fx_t *f, const fx_t *t, slong p)
{
    ulong F[4] = {0, 0, f->m[0], f->m[1]}, T[4] = {0, 0, t->m[0], t->m[1]};
    add_rd(x, f->s, f->e, F, t->s, t->e, T, p);
}

static int horner_fx(arf_t re, arf_t im, acb_srcptr f, slong len,
                     const acb_t w, const acb_t wk, slong prec)
{
    fx_t ur, ui, wr, wi, kr, ki, fr, fi, tr, ti;
    slong i;
    if (prec > 128 || !fx_set(&wr, arb_midref(acb_realref(w))) ||
        !fx_set(&wi, arb_midref(acb_imagref(w))) ||
        !fx_set(&kr, arb_midref(acb_realref(wk))) ||
        !fx_set(&ki, arb_midref(acb_imagref(wk))) ||
        !fx_set(&ur, arb_midref(acb_realref(f + len - 1))) ||
        !fx_set(&ui, arb_midref(acb_imagref(f + len - 1))))
        return 0;
    for (i = len - 2; i >= 0; i--)
    {
        if (!fx_set(&fr, arb_midref(acb_realref(f + i))) ||
            !fx_set(&fi, arb_midref(acb_imagref(f + i))))
            return 0;
        cmul(&tr, &ti, &ur, &ui, &wr, &wi, prec);
        addf(&ur, &fr, &tr, prec);
        addf(&ui, &fi, &ti, prec);
        /* exponents stay far inside slong (|e| < 2^40 + 64 len) */
        if (ur.e > FX_EMAX || ur.e < -FX_EMAX || ui.e > FX_EMAX ||
            ui.e < -FX_EMAX)
            return 0;
    }
    cmul(&tr, &ti, &ur, &ui, &kr, &ki, prec);
    fx_get(re, &tr);
    fx_get(im, &ti);
    return 1;
}

void _hkz_lyi_horner_mid(arf_t re, arf_t im, acb_srcptr f, slong len,
                         const acb_t w, const acb_t wk, slong prec)
{
    arf_t tr, ti;
    slong i;
    if (horner_fx(re, im, f, len, w, wk, prec))
        return;
    arf_init(tr);
    arf_init(ti);
    arf_set(re, arb_midref(acb_realref(f + len - 1)));
    arf_set(im, arb_midref(acb_imagref(f + len - 1)));
    for (i = len - 2; i >= 0; i--)
    {
        arf_complex_mul(tr, ti, re, im, arb_midref(acb_realref(w)),
                        arb_midref(acb_imagref(w)), prec, ARF_RND_DOWN);
        arf_add(re, arb_midref(acb_realref(f + i)), tr, prec, ARF_RND_DOWN);
        arf_add(im, arb_midref(acb_imagref(f + i)), ti, prec, ARF_RND_DOWN);
    }
    arf_complex_mul(tr, ti, re, im, arb_midref(acb_realref(wk)),
                    arb_midref(acb_imagref(wk)), prec, ARF_RND_DOWN);
    arf_swap(re, tr);
    arf_swap(im, ti);
    arf_clear(tr);
    arf_clear(ti);
}
