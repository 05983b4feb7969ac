/* Ball <-> decimal string conversions. */
#include <ctype.h>
#include <errno.h>
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
    if (strncmp(s + (s[0] == '-'), "pi", 2) == 0)
    {
        /* pi, -pi, pi/N, -pi/N: ends of angle domains such as pi/2 */
        const char *d = s + (s[0] == '-') + 2;
        ulong n = 1;
        if (*d == '/')
        {
            char *end;
            errno = 0;
            n = strtoul(d + 1, &end, 10);
            HKZ_CHECK(isdigit((unsigned char) d[1]) && *end == '\0' &&
                      errno == 0 && n >= 1, HKZ_ERR_ARG, "not a decimal "
                      "number or pi/N: '%s'", s);
        }
        else
            HKZ_CHECK(*d == '\0', HKZ_ERR_ARG, "not a decimal number: "
                      "'%s'", s);
        arb_const_pi(x, prec);
        if (n > 1)
            arb_div_ui(x, x, n, prec);
        if (s[0] == '-')
            arb_neg(x, x);
        return HKZ_SUCCESS;
    }
    if (s[0] == '[')
        bracket = 1;  /* "[mid +/- rad]" as written by hkz_ball_get_str */
    else if (!is_decimal(s))
        return hkz_error_set(HKZ_ERR_ARG, "not a decimal number: '%s'", s);
    if (arb_set_str(x, s, prec) != 0 || !arb_is_finite(x) ||
        (bracket && s[strlen(s) - 1] != ']'))
        return hkz_error_set(HKZ_ERR_ARG, "not a finite decimal number: "
                             "'%s'", s);
    return HKZ_SUCCESS;
}

int hkz_format_from_str(hkz_format_t *fmt, const char *s)
{
    HKZ_CHECK(s != NULL, HKZ_ERR_ARG, "missing format");
    if (strcmp(s, "text") == 0)
        *fmt = HKZ_FORMAT_TEXT;
    else if (strcmp(s, "csv") == 0)
        *fmt = HKZ_FORMAT_CSV;
    else if (strcmp(s, "jsonl") == 0)
        *fmt = HKZ_FORMAT_JSONL;
    else
        return hkz_error_set(HKZ_ERR_ARG, "unknown format '%s' (expected "
                             "text, csv or jsonl)", s);
    return HKZ_SUCCESS;
}

double hkz_ball_mid_d(const arb_t x)
{
    if (arf_is_pos_inf(arb_midref(x)) && mag_is_finite(arb_radref(x)))
        return INFINITY;
    if (!arb_is_finite(x))
        return NAN;
    return arf_get_d(arb_midref(x), ARF_RND_NEAR);
}
