/* Ball <-> decimal string conversions. */
#include <ctype.h>
#include <stdlib.h>
#include <math.h>
#include <string.h>
#include "hkz/io.h"
#include "hkz_check.h"

char *hkz_ball_get_str(const arb_t x, slong digits)
{
    if (digits <= 0)
    {
        /* enough digits for the midpoint's bits, so mid round-trips */
        slong bits = arf_bits(arb_midref(x));
        digits = (slong) (bits * 0.30103) + 2;
        if (digits < 17)
            digits = 17;
    }
    /* ARB_STR_MORE keeps the midpoint's digits; arb_get_str still widens
       the printed radius to cover the decimal rounding of the midpoint */
    return arb_get_str(x, digits, ARB_STR_MORE);
}

char *hkz_ball_get_str_digits(const arb_t x, slong digits)
{
    slong acc, d, cap;
    if (!arb_is_finite(x) || arb_is_exact(x))
        return hkz_ball_get_str(x, 0);
    acc = arb_rel_accuracy_bits(x);
    /* digits the radius supports (log10(2) < 0.30103), plus one */
    cap = acc > 0 ? (slong) (acc * 0.30103) + 1 : 1;
    d = FLINT_MAX(digits, 17);
    d = FLINT_MIN(d, cap);
    return arb_get_str(x, FLINT_MAX(d, 1), ARB_STR_MORE);
}

/* [+-]digits[.digits][(e|E)[+-]digits], at least one mantissa digit */
static int is_decimal(const char *p)
{
    int nd = 0;
    if (*p == '+' || *p == '-')
        p++;
    while (isdigit((unsigned char) *p))
        p++, nd++;
    if (*p == '.')
        for (p++; isdigit((unsigned char) *p); p++)
            nd++;
    if (nd == 0)
        return 0;
    if (*p == 'e' || *p == 'E')
    {
        p++;
        if (*p == '+' || *p == '-')
            p++;
        if (!isdigit((unsigned char) *p))
            return 0;
        while (isdigit((unsigned char) *p))
            p++;
    }
    return *p == '\0';
}

int hkz_ball_set_str(arb_t x, const char *s, slong prec)
{
    int bracket = 0;

    HKZ_CHECK(s != NULL && s[0] != '\0', HKZ_ERR_ARG, "empty number");
    if (strcmp(s, "pi") == 0 || strcmp(s, "-pi") == 0)
    {
        arb_const_pi(x, prec);
        if (s[0] == '-')
            arb_neg(x, x);
        return HKZ_SUCCESS;
    }
    if (s[0] == '[')
        bracket = 1;  /* "[mid +/- rad]" as written by hkz_ball_get_str */
    else if (!is_decimal(s))
    {
        /* p/q, 3*pi/4: exact, rounded once to prec */
        fmpq_t c;
        int pi, st;
        fmpq_init(c);
        st = hkz_exact_set_str(c, &pi, s);
        if (st == HKZ_SUCCESS && pi)
        {
            arb_const_pi(x, prec + 8);
            arb_mul_fmpz(x, x, fmpq_numref(c), prec + 8);
            arb_div_fmpz(x, x, fmpq_denref(c), prec);
        }
        else if (st == HKZ_SUCCESS)
            arb_set_fmpq(x, c, prec);
        fmpq_clear(c);
        if (st != HKZ_SUCCESS)
            return hkz_error_set(HKZ_ERR_ARG, "not a number: '%s' (a "
                                 "decimal, p/q or a rational multiple of "
                                 "pi such as 3*pi/4)", s);
        return HKZ_SUCCESS;
    }
    if (arb_set_str(x, s, prec) != 0 || !arb_is_finite(x) ||
        (bracket && s[strlen(s) - 1] != ']'))
        return hkz_error_set(HKZ_ERR_ARG, "not a finite decimal number: "
                             "'%s'", s);
    return HKZ_SUCCESS;
}

int hkz_double_set_str(double *x, const char *s)
{
    arb_t b;
    int st;
    arb_init(b);
    st = hkz_ball_set_str(b, s, 128);
    *x = st == HKZ_SUCCESS ? arf_get_d(arb_midref(b), ARF_RND_NEAR) : 0.0;
    arb_clear(b);
    return st;
}

static const char *const format_name[] = {"text", "csv", "jsonl", "h5"};
static const char *const format_ext[] = {".txt", ".csv", ".jsonl", ".h5"};
static const char *const format_desc[] = {"text", "CSV", "JSON Lines",
                                          "HDF5"};

int hkz_format_from_str(hkz_format_t *fmt, const char *s)
{
    int k;
    HKZ_CHECK(s != NULL, HKZ_ERR_ARG, "missing format");
    for (k = 0; k < 4; k++)
        if (strcmp(s, format_name[k]) == 0)
        {
            *fmt = (hkz_format_t) k;
            return HKZ_SUCCESS;
        }
    return hkz_error_set(HKZ_ERR_ARG, "unknown format '%s' (expected "
                         "text, csv, jsonl or h5)", s);
}

int hkz_format_of_output(hkz_format_t *fmt, const char *path,
                         const char *format)
{
    size_t n = path != NULL ? strlen(path) : 0, m;
    int k, ext = -1;

    for (k = 0; k < 4; k++)
    {
        m = strlen(format_ext[k]);
        if (n > m && strcmp(path + n - m, format_ext[k]) == 0)
            ext = k;
    }
    if (format == NULL)
    {
        *fmt = ext >= 0 ? (hkz_format_t) ext : HKZ_FORMAT_TEXT;
        return HKZ_SUCCESS;
    }
    HKZ_TRY(hkz_format_from_str(fmt, format));
    HKZ_CHECK(ext < 0 || ext == (int) *fmt, HKZ_ERR_ARG, "'%s' names %s "
              "output but the format asked for is %s", path,
              format_desc[ext], format);
    return HKZ_SUCCESS;
}

/* arf_get_d(x, rnd) without MPFR (Arb 2.23 takes it for ARF_RND_NEAR)
 * where the result is a normal double: x rounded to 53 bits by Arb (ties
 * to even, as MPFR's nearest) is one limb whose top 53 bits convert
 * exactly; both are the correctly rounded double, so the same bits.  The
 * grids convert two balls per entry (a few % of a small grid). */
static double get_d(const arf_t x, arf_rnd_t rnd)
{
    arf_t t;
    mp_srcptr tp;
    mp_size_t tn;
    double v;

    if (arf_is_special(x) || COEFF_IS_MPZ(ARF_EXP(x))
        || ARF_EXP(x) > 1020 || ARF_EXP(x) <= -1020)
        return arf_get_d(x, rnd);
    arf_init(t);
    arf_set_round(t, x, 53, rnd);
    ARF_GET_MPN_READONLY(tp, tn, t);
    v = ldexp((double) tp[tn - 1], (int) ARF_EXP(t) - FLINT_BITS);
    if (ARF_SGNBIT(t))
        v = -v;
    arf_clear(t);
    return v;
}

double hkz_ball_mid_d(const arb_t x)
{
    if (arf_is_pos_inf(arb_midref(x)) && mag_is_finite(arb_radref(x)))
        return INFINITY;
    if (!arb_is_finite(x))
        return NAN;
    return get_d(arb_midref(x), ARF_RND_NEAR);
}

void hkz_ball_get_d(double *mid, double *rad, const arb_t x)
{
    arf_t d;
    mag_t m;

    *mid = hkz_ball_mid_d(x);
    if (!arb_is_finite(x) || !isfinite(*mid))
    {
        *rad = INFINITY;
        return;
    }
    arf_init(d);
    mag_init(m);
    /* |exact mid - *mid| is exact in arf; arf_get_mag and mag_add round
       up, the conversion to double rounds up */
    arf_set_d(d, *mid);
    arf_sub(d, arb_midref(x), d, ARF_PREC_EXACT, ARF_RND_DOWN);
    arf_get_mag(m, d);
    mag_add(m, m, arb_radref(x));
    arf_set_mag(d, m);
    *rad = get_d(d, ARF_RND_UP);
    arf_clear(d);
    mag_clear(m);
}
