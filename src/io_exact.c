/* Exact numbers in text: decimals, p/q and rational multiples of pi
 * (hkz/io.h), so that a printed coordinate reads back as the same point. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include "hkz/io.h"
#include "hkz_check.h"

/* [+-]digits[.digits][(e|E)[+-]digits] into q exactly; the end in *end */
static int read_decimal(fmpq_t q, const char *s, const char **end)
{
    const char *p = s;
    fmpz_t m, t;
    slong scale = 0, e = 0, nd = 0;
    int neg = 0;

    if (*p == '+' || *p == '-')
        neg = *p++ == '-';
    fmpz_init(m);
    fmpz_init(t);
    {
        /* the mantissa's digits without the point, read at once
           (fmpz_set_str: no quadratic digit-by-digit loop) */
        char *dig = malloc(strlen(p) + 1);
        if (dig == NULL)
        {
            fmpz_clear(m);
            fmpz_clear(t);
            *end = p;
            return 0;
        }
        for (; isdigit((unsigned char) *p); p++)
            dig[nd++] = *p;
        if (*p == '.')
            for (p++; isdigit((unsigned char) *p); p++, scale++)
                dig[nd++] = *p;
        dig[nd] = '\0';
        if (nd > 0)
            fmpz_set_str(m, dig, 10);
        free(dig);
    }
    if (nd > 0 && (*p == 'e' || *p == 'E'))
    {
        const char *x = p + 1;
        int eneg = 0;
        if (*x == '+' || *x == '-')
            eneg = *x++ == '-';
        if (isdigit((unsigned char) *x))
        {
            for (; isdigit((unsigned char) *x) && e < 100000000; x++)
                e = 10 * e + (*x - '0');
            if (isdigit((unsigned char) *x))
                nd = 0;       /* exponent out of range */
            e = eneg ? -e : e;
            p = x;
        }
    }
    scale -= e;
    if (nd > 0 && (scale > 100000 || scale < -100000))
        nd = 0;
    if (nd > 0)
    {
        fmpz_ui_pow_ui(t, 10, (ulong) (scale >= 0 ? scale : -scale));
        if (neg)
            fmpz_neg(m, m);
        if (scale >= 0)
            fmpq_set_fmpz_frac(q, m, t);
        else
        {
            fmpz_mul(m, m, t);
            fmpq_set_fmpz(q, m);
        }
    }
    fmpz_clear(m);
    fmpz_clear(t);
    *end = p;
    return nd > 0;
}

/* [decimal['/'decimal]] ['*'] ['pi'] ['/' decimal]: at least a number or
 * pi */
int hkz_exact_set_str(fmpq_t c, int *pi, const char *s)
{
    const char *p = s;
    fmpq_t d;
    int have = 0, neg = 0, ok = 1;

    HKZ_CHECK(s != NULL, HKZ_ERR_ARG, "empty number");
    fmpq_init(d);
    fmpq_one(c);
    *pi = 0;
    if ((p[0] == '-' || p[0] == '+') && strncmp(p + 1, "pi", 2) == 0)
        neg = *p++ == '-';
    if (strncmp(p, "pi", 2) != 0)
    {
        ok = read_decimal(c, p, &p);
        have = ok;
        if (ok && *p == '/' && strncmp(p + 1, "pi", 2) != 0)
        {
            ok = read_decimal(d, p + 1, &p) && !fmpq_is_zero(d);
            if (ok)
                fmpq_div(c, c, d);
        }
        if (ok && *p == '*')
            ok = strncmp(++p, "pi", 2) == 0;
    }
    if (ok && strncmp(p, "pi", 2) == 0)
    {
        *pi = 1;
        have = 1;
        p += 2;
        if (*p == '/')
        {
            ok = read_decimal(d, p + 1, &p) && !fmpq_is_zero(d);
            if (ok)
                fmpq_div(c, c, d);
        }
    }
    if (neg)
        fmpq_neg(c, c);
    fmpq_clear(d);
    if (!ok || !have || *p != '\0')
        return hkz_error_set(HKZ_ERR_ARG, "not a number: '%s' (expected a "
                             "decimal, p/q or a rational multiple of pi "
                             "such as 3*pi/4)", s);
    return HKZ_SUCCESS;
}

/* c as a decimal when its denominator is 2^a 5^b, else NULL */
static char *decimal_str(const fmpq_t c)
{
    fmpz_t q, n, t;
    slong a = 0, b = 0, m, len;
    char *digits, *res = NULL;
    int neg;

    fmpz_init_set(q, fmpq_denref(c));
    fmpz_init(n);
    fmpz_init(t);
    while (fmpz_is_even(q))
        fmpz_fdiv_q_2exp(q, q, 1), a++;
    while (fmpz_divisible_si(q, 5))
        fmpz_divexact_si(q, q, 5), b++;
    if (fmpz_is_one(q))
    {
        /* c = n / 10^m with n an integer */
        m = FLINT_MAX(a, b);
        fmpz_ui_pow_ui(t, 10, (ulong) m);
        fmpz_mul(n, fmpq_numref(c), t);
        fmpz_divexact(n, n, fmpq_denref(c));
        neg = fmpz_sgn(n) < 0;
        fmpz_abs(n, n);
        while (m > 0 && fmpz_divisible_si(n, 10))
            fmpz_divexact_si(n, n, 10), m--;
        digits = fmpz_get_str(NULL, 10, n);
        len = (slong) strlen(digits);
        res = malloc(len + m + 32);
        if (res != NULL && m > 30)
            sprintf(res, "%s%se-%ld", neg ? "-" : "", digits, (long) m);
        else if (res != NULL && m >= len)
        {
            /* 0.000ddd */
            char *w = res + sprintf(res, "%s0.", neg ? "-" : "");
            memset(w, '0', (size_t) (m - len));
            strcpy(w + (m - len), digits);
        }
        else if (res != NULL)
            sprintf(res, "%s%.*s%s%s", neg ? "-" : "", (int) (len - m),
                    digits, m > 0 ? "." : "", digits + len - m);
        flint_free(digits);
    }
    fmpz_clear(q);
    fmpz_clear(n);
    fmpz_clear(t);
    return res;
}

char *hkz_exact_get_str(const fmpq_t c, int pi)
{
    char *p, *q, *res;
    size_t n;

    if (!pi || fmpq_is_zero(c))
    {
        if ((res = decimal_str(c)) != NULL)
            return res;
        p = fmpq_get_str(NULL, 10, c);        /* "p/q" */
        res = malloc(strlen(p) + 1);
        if (res != NULL)
            strcpy(res, p);
        flint_free(p);
        return res;
    }
    p = fmpz_get_str(NULL, 10, fmpq_numref(c));
    q = fmpz_get_str(NULL, 10, fmpq_denref(c));
    n = strlen(p) + strlen(q) + 8;
    res = malloc(n);
    if (res != NULL)
    {
        const char *num = strcmp(p, "1") == 0 ? "" : strcmp(p, "-1") == 0
                          ? "-" : p;
        snprintf(res, n, "%s%spi%s%s", num, (*num == '\0' || strcmp(num, "-")
                 == 0) ? "" : "*", strcmp(q, "1") == 0 ? "" : "/",
                 strcmp(q, "1") == 0 ? "" : q);
    }
    flint_free(p);
    flint_free(q);
    return res;
}
