/* The state of a zero's entry (bracket ends, signs, precision, status) in
 * bytes, for the results of pieces taken from other ranks' blocks
 * (zeros_pieces.c): the checkpoint's text records cost ~6 us a zero in
 * arb_dump_str / arb_load_str, ~0.4 s after the compute at N = 10^7 on 16
 * ranks.  The ends are exact: m 2^e with the limbs of |m| as they are, so
 * the owner gets the same bits (the ranks of one job share a byte order). */
#include <string.h>
#include "zeros_fun_internal.h"

typedef struct
{
    slong j, prec;
    int ok, sa, sb, status;
    int ka, kb;     /* 0 finite, 1 +inf, 2 -inf, 3 nan, 4 exponent too large */
} head_t;

static int kind(const arf_t x)
{
    /* the exponent of m 2^e fits a slong (|x| in 2^(+-2^40)) */
    if (arf_is_finite(x))
        return arf_is_zero(x) ||
               (arf_cmpabs_2exp_si(x, WORD(1) << 40) < 0 &&
                arf_cmpabs_2exp_si(x, -(WORD(1) << 40)) > 0) ? 0 : 4;
    return arf_is_pos_inf(x) ? 1 : arf_is_neg_inf(x) ? 2 : 3;
}

static void grow(char **buf, size_t *len, size_t *cap, size_t add)
{
    if (*len + add > *cap)
    {
        *cap = FLINT_MAX(2 * *cap, *len + add + 4096);
        *buf = flint_realloc(*buf, *cap);
    }
}

/* one end: its exponent (slong) and the limbs of |m|, with m's sign in
 * the limb count's sign */
static void put_end(char **buf, size_t *len, size_t *cap, const arf_t x)
{
    fmpz_t m, e;
    slong n = 0, ex = 0;
    fmpz_init(m);
    fmpz_init(e);
    if (kind(x) == 0)
    {
        arf_get_fmpz_2exp(m, e, x);
        ex = fmpz_get_si(e);
        n = fmpz_size(m);
    }
    grow(buf, len, cap, 2 * sizeof(slong) + n * sizeof(ulong));
    memcpy(*buf + *len, &ex, sizeof(slong));
    n = fmpz_sgn(m) < 0 ? -n : n;
    memcpy(*buf + *len + sizeof(slong), &n, sizeof(slong));
    *len += 2 * sizeof(slong);
    n = FLINT_ABS(n);
    if (n > 0)
    {
        /* through a copy: the buffer's bytes need not be aligned */
        ulong *l = flint_malloc(n * sizeof(ulong));
        fmpz_abs(m, m);
        fmpz_get_ui_array(l, n, m);
        memcpy(*buf + *len, l, n * sizeof(ulong));
        flint_free(l);
        *len += n * sizeof(ulong);
    }
    fmpz_clear(m);
    fmpz_clear(e);
}

void _hkz_lyz_state_put_bin(char **buf, size_t *len, size_t *cap, slong j,
                            const _hkz_lyz_zb_t *z)
{
    head_t h;
    memset(&h, 0, sizeof(h));
    h.j = j;
    h.prec = z->prec;
    h.ok = z->ok;
    h.sa = z->sa;
    h.sb = z->sb;
    h.status = z->status;
    h.ka = kind(&z->a);
    h.kb = kind(&z->b);
    grow(buf, len, cap, sizeof(h));
    memcpy(*buf + *len, &h, sizeof(h));
    *len += sizeof(h);
    put_end(buf, len, cap, &z->a);
    put_end(buf, len, cap, &z->b);
}

/* an end of kind k at *p; 0, or 1 when the bytes end early or the exponent
 * does not fit */
static int get_end(arf_t x, int k, const char **p, const char *end)
{
    slong ex, n;
    fmpz_t m;
    if (end - *p < (ptrdiff_t) (2 * sizeof(slong)))
        return 1;
    memcpy(&ex, *p, sizeof(slong));
    memcpy(&n, *p + sizeof(slong), sizeof(slong));
    *p += 2 * sizeof(slong);
    if ((ulong) FLINT_ABS(n) > (ulong) (end - *p) / sizeof(ulong))
        return 1;
    if (k == 1 || k == 2 || k == 3)
    {
        if (k == 1)
            arf_pos_inf(x);
        else if (k == 2)
            arf_neg_inf(x);
        else
            arf_nan(x);
        return n != 0;
    }
    fmpz_init(m);
    if (n != 0)
    {
        ulong *l = flint_malloc(FLINT_ABS(n) * sizeof(ulong));
        memcpy(l, *p, FLINT_ABS(n) * sizeof(ulong));
        fmpz_set_ui_array(m, l, FLINT_ABS(n));
        flint_free(l);
        if (n < 0)
            fmpz_neg(m, m);
    }
    *p += FLINT_ABS(n) * sizeof(ulong);
    {
        fmpz_t e;
        fmpz_init_set_si(e, ex);
        arf_set_fmpz_2exp(x, m, e);
        fmpz_clear(e);
    }
    fmpz_clear(m);
    return 0;
}

int _hkz_lyz_state_get_bin(slong *j, _hkz_lyz_zb_t *z, const char **p,
                           const char *end)
{
    head_t h;
    if (end - *p < (ptrdiff_t) sizeof(h))
        return 1;
    memcpy(&h, *p, sizeof(h));
    *p += sizeof(h);
    if (h.prec < 2 || h.ka < 0 || h.ka > 3 || h.kb < 0 || h.kb > 3 ||
        get_end(&z->a, h.ka, p, end) || get_end(&z->b, h.kb, p, end))
        return 1;
    *j = h.j;
    z->prec = h.prec;
    z->ok = h.ok;
    z->sa = h.sa;
    z->sb = h.sb;
    z->status = h.status;
    return 0;
}
