/* Balls across the boundary, and the SU(2) kernels of the Python package
 * (_shim.h) by the digits-level calls of hkz/digits.h: exact strings in,
 * the CLI's ball for the same strings and digits out. */
#include <stdlib.h>
#include <string.h>
#include "_shim.h"

arb_struct *hkzpy_vec_new(slong n)
{
    return _arb_vec_init(FLINT_MAX(n, 1));
}

void hkzpy_vec_free(arb_struct *v, slong n)
{
    if (v != NULL)
        _arb_vec_clear(v, FLINT_MAX(n, 1));
}

char *hkzpy_ball_parts(const arb_struct *x)
{
    fmpz_t m, e, rm, re;
    arf_t r;
    char *s[4], *out;
    size_t len = 4;
    int i;

    fmpz_init(m);
    fmpz_init(e);
    fmpz_init(rm);
    fmpz_init(re);
    arf_init(r);
    if (arf_is_finite(arb_midref(x)))
        arf_get_fmpz_2exp(m, e, arb_midref(x));
    arf_set_mag(r, arb_radref(x));
    if (arf_is_finite(r))
        arf_get_fmpz_2exp(rm, re, r);
    /* not finite: the Python side makes an indeterminate ball */
    if (!arb_is_finite(x))
        fmpz_set_si(rm, -1);
    s[0] = fmpz_get_str(NULL, 16, m);
    s[1] = fmpz_get_str(NULL, 16, e);
    s[2] = fmpz_get_str(NULL, 16, rm);
    s[3] = fmpz_get_str(NULL, 16, re);
    for (i = 0; i < 4; i++)
        len += strlen(s[i]);
    out = flint_malloc(len);
    strcpy(out, s[0]);
    for (i = 1; i < 4; i++)
    {
        strcat(out, " ");
        strcat(out, s[i]);
    }
    for (i = 0; i < 4; i++)
        flint_free(s[i]);
    fmpz_clear(m);
    fmpz_clear(e);
    fmpz_clear(rm);
    fmpz_clear(re);
    arf_clear(r);
    return out;
}

void hkzpy_str_free(char *s)
{
    flint_free(s);
}

/* "x1,x2,...,xn" -> n strings (balls "[m +/- r]" hold no comma) */
static int split(char **v, slong n, char *buf, const char *what,
                 const char *s)
{
    slong k = 0;
    char *p = buf, *c;

    if (s == NULL)
        return hkz_error_set(HKZ_ERR_ARG, "%s: missing", what);
    strcpy(buf, s);
    for (; p != NULL && k < n; k++)
    {
        v[k] = p;
        if ((c = strchr(p, ',')) != NULL)
            *c = '\0';
        p = c != NULL ? c + 1 : NULL;
    }
    if (k != n || p != NULL)
        return hkz_error_set(HKZ_ERR_ARG, "%s: expected %ld comma-separated "
                             "values (got '%s')", what, (long) n, s);
    return HKZ_SUCCESS;
}

static int milnor(arb_t res, const char *t, const char *w, const char *g,
                  const char *cyl, slong digits)
{
    char *wv[3], *gv[4], *wb, *gb;
    const char *gs = g != NULL ? g : cyl;
    int st;

    if ((g == NULL) == (cyl == NULL))
        return hkz_error_set(HKZ_ERR_ARG, "give exactly one of g and cyl");
    if (w == NULL)
        return hkz_error_set(HKZ_ERR_ARG, "weights: missing");
    wb = flint_malloc(strlen(w) + 1);
    gb = flint_malloc(strlen(gs) + 1);
    st = split(wv, 3, wb, "weights", w);
    if (st == HKZ_SUCCESS)
        st = split(gv, g != NULL ? 4 : 3, gb, g != NULL ? "g" : "cyl", gs);
    if (st == HKZ_SUCCESS && g != NULL)
        st = hkz_su2_heat_milnor_digits(res, wv[0], wv[1], wv[2], t, gv[0],
                                        gv[1], gv[2], gv[3], digits);
    else if (st == HKZ_SUCCESS)
        st = hkz_su2_heat_milnor_cyl_digits(res, wv[0], wv[1], wv[2], t,
                                            gv[0], gv[1], gv[2], digits);
    flint_free(wb);
    flint_free(gb);
    return st;
}

int hkzpy_heat(arb_struct *res, int kind, const char *t, const char *a,
               const char *b, const char *w, const char *g,
               const char *cyl, slong deriv, slong digits)
{
    if (kind == 0)
        return hkz_su2_heat_bi_deriv_digits(res, t, a, deriv, digits);
    if (kind == 1)
        return hkz_su2_heat_sub_deriv_digits(res, t, a, b, deriv, digits);
    return milnor(res, t, w, g, cyl, digits);
}
