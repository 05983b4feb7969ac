/* The canonical text of weights, hkz_su2n_weights_get_str (output
 * metadata; read back by hkz_su2n_weights_set_str). */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "hkz/io.h"
#include "hkz_check.h"
#include "weights_str_internal.h"

/* growable string */
typedef struct
{
    char *s;
    size_t len, cap;
} sbuf_t;

static void sbuf_init(sbuf_t *b)
{
    b->cap = 64;
    b->len = 0;
    b->s = flint_malloc(b->cap);
    b->s[0] = '\0';
}

static void sbuf_cat(sbuf_t *b, const char *t)
{
    size_t n = strlen(t);
    if (b->len + n + 1 > b->cap)
    {
        while (b->len + n + 1 > b->cap)
            b->cap *= 2;
        b->s = flint_realloc(b->s, b->cap);
    }
    memcpy(b->s + b->len, t, n + 1);
    b->len += n;
}

/* "[mid +/- rad]" with enough digits that the radius is kept within a
   few units of its third digit */
static char *ball_str(const arb_t x)
{
    slong acc = arb_rel_accuracy_bits(x);
    slong d = FLINT_MAX(17, (slong) (0.30103 * FLINT_MAX(acc, 0)) + 4);
    return hkz_ball_get_str(x, FLINT_MIN(d, 2000));
}

/* canonical text of a positive real ball (flint_free it) */
static char *number_str(const arb_t x)
{
    slong bits = FLINT_MAX(arf_bits(arb_midref(x)), 64), q, d;
    arb_t y;
    char *s;

    if (!arb_is_finite(x))
        return hkz_ball_get_str(x, 17);
    /* exact integers */
    if (arb_is_exact(x) && arf_is_int(arb_midref(x))
        && arf_cmpabs_2exp_si(arb_midref(x), 200) < 0)
    {
        fmpz_t z;
        char *t;
        fmpz_init(z);
        arf_get_fmpz(z, arb_midref(x), ARF_RND_DOWN);
        t = fmpz_get_str(NULL, 10, z);
        s = _hkz_su2n_str_dup_n(t, strlen(t));
        flint_free(t);
        fmpz_clear(z);
        return s;
    }
    /* short forms only for a ball that is exact, or as narrow as the
       parse of a decimal at the precision of its midpoint (radius within
       2^8 ulp); a wider ball keeps its radius */
    if (!arb_is_exact(x)
        && (arf_bits(arb_midref(x)) < 50
            || arb_rel_accuracy_bits(x) < arf_bits(arb_midref(x)) - 8))
        return ball_str(x);
    /* much finer than x: contained in x iff (nearly) the exact value is */
    q = 2 * (bits + FLINT_MAX(-arb_rel_accuracy_bits(x), 0)) + 128;
    q = FLINT_MAX(q, 2 * bits + 128);
    arb_init(y);
    arb_const_pi(y, q);
    if (arb_contains(x, y))
    {
        arb_clear(y);
        return _hkz_su2n_str_dup_n("pi", 2);
    }
    /* the shortest decimal (<= 40 digits) that x contains exactly; for an
       inexact x only a decimal much shorter than the midpoint (so that x
       is its parse at x's precision, not a coincidence) */
    for (d = 1; d <= 40; d++)
    {
        if (!arb_is_exact(x) && 10 * d / 3 + 20 > arf_bits(arb_midref(x)))
            break;
        s = arb_get_str(x, d, ARB_STR_NO_RADIUS);
        if (arb_set_str(y, s, q) == 0 && arb_contains(x, y))
        {
            arb_clear(y);
            return s;
        }
        flint_free(s);
    }
    arb_clear(y);
    return ball_str(x);
}

/* ---- canonical text ----------------------------------------------------- */

char *hkz_su2n_weights_get_str(const hkz_su2n_weights_t w)
{
    sbuf_t b;
    char *t;
    slong i;

    if (w == NULL || _hkz_su2n_check_weights(w, "hkz_su2n_weights_get_str")
        != HKZ_SUCCESS)
        return NULL;
    sbuf_init(&b);
    if (w->family == HKZ_SU2N_LIST)
    {
        if (w->len == 0)
            sbuf_cat(&b, "list:");
        for (i = 0; i < w->len; i++)
        {
            if (i > 0)
                sbuf_cat(&b, ",");
            t = number_str(w->list + i);
            sbuf_cat(&b, t);
            flint_free(t);
        }
        return b.s;
    }
    if (w->family == HKZ_SU2N_SEQ)
    {
        sbuf_cat(&b, "seq(c=");
        t = number_str(&w->c);
        sbuf_cat(&b, t);
        flint_free(t);
        sbuf_cat(&b, ",gap=");
        t = arb_is_zero(&w->gap) ? NULL : number_str(&w->gap);
        sbuf_cat(&b, t != NULL ? t : "none");
        if (t != NULL)
            flint_free(t);
        sbuf_cat(&b, ")");
        return b.s;
    }
    if (!arb_is_one(&w->c))
    {
        t = number_str(&w->c);
        sbuf_cat(&b, t);
        sbuf_cat(&b, "*");
        flint_free(t);
    }
    switch (w->family)
    {
        case HKZ_SU2N_POW:
            sbuf_cat(&b, "i");
            if (!arb_is_one(&w->p))
            {
                sbuf_cat(&b, "^");
                t = number_str(&w->p);
                sbuf_cat(&b, t);
                flint_free(t);
            }
            break;
        case HKZ_SU2N_GEOM:
            sbuf_cat(&b, "2^i");
            break;
        case HKZ_SU2N_LOG:
            sbuf_cat(&b, "log(1+i)");
            break;
        default:
            sbuf_cat(&b, "log(1+i)^2");
            break;
    }
    return b.s;
}
