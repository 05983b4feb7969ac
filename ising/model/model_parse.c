/* Tokens of the edge-list format: vertex ids and exact couplings
 * (used by model_read.c). */
#include <string.h>
#include "ising_impl.h"

/* Tokens longer than this are refused (keeps fmpz sizes bounded). */
#define TOK_MAX 512
/* Decimal exponents beyond this are refused as garbage. */
#define EXP_MAX 1000

static int is_digit(char c)
{
    return c >= '0' && c <= '9';
}

/* Non-negative integer id ("007" allowed); returns 0 on success, 1 if not
 * an unsigned integer, 2 if too large. */
int _hkz_ising_parse_id(slong *x, const char *s, slong len, slong max)
{
    slong i, v = 0;
    if (len == 0)
        return 1;
    for (i = 0; i < len; i++)
    {
        if (!is_digit(s[i]))
            return 1;
        v = 10 * v + (s[i] - '0');
        if (v > max)
            return 2;
    }
    *x = v;
    return 0;
}

/* Exact decimal [+-]digits[.digits][(e|E)[+-]digits] or rational
 * [+-]digits/digits into q; 0 on success. */
int _hkz_ising_parse_coupling(fmpq_t q, const char *s, slong len)
{
    char buf[TOK_MAX + 1];
    slong i = 0, nd = 0, nfrac = 0, ex = 0;
    int neg = 0, eneg = 0;
    const char *slash;
    fmpz_t t;

    if (len > TOK_MAX)
        return 1;
    memcpy(buf, s, len);
    buf[len] = '\0';
    slash = strchr(buf, '/');
    if (slash != NULL)
    {
        slong k = slash - buf;
        if (buf[0] == '+' || buf[0] == '-')
            i = 1;
        if (i == k || k + 1 == len)
            return 1;
        for (nd = i; nd < len; nd++)
            if (nd != k && !is_digit(buf[nd]))
                return 1;
        buf[k] = '\0';
        fmpz_set_str(fmpq_numref(q), buf + i, 10);
        fmpz_set_str(fmpq_denref(q), buf + k + 1, 10);
        if (fmpz_is_zero(fmpq_denref(q)))
            return 1;
        if (buf[0] == '-')
            fmpz_neg(fmpq_numref(q), fmpq_numref(q));
        fmpq_canonicalise(q);
        return 0;
    }
    if (buf[i] == '+' || buf[i] == '-')
        neg = buf[i++] == '-';
    fmpz_init(t);
    fmpz_zero(t);
    for (; is_digit(buf[i]); i++, nd++)
    {
        fmpz_mul_ui(t, t, 10);
        fmpz_add_ui(t, t, buf[i] - '0');
    }
    if (buf[i] == '.')
        for (i++; is_digit(buf[i]); i++, nd++, nfrac++)
        {
            fmpz_mul_ui(t, t, 10);
            fmpz_add_ui(t, t, buf[i] - '0');
        }
    if (nd == 0)
    {
        fmpz_clear(t);
        return 1;
    }
    if (buf[i] == 'e' || buf[i] == 'E')
    {
        i++;
        if (buf[i] == '+' || buf[i] == '-')
            eneg = buf[i++] == '-';
        if (!is_digit(buf[i]))
        {
            fmpz_clear(t);
            return 1;
        }
        for (; is_digit(buf[i]); i++)
        {
            ex = 10 * ex + (buf[i] - '0');
            if (ex > EXP_MAX)
            {
                fmpz_clear(t);
                return 1;
            }
        }
        if (eneg)
            ex = -ex;
    }
    if (i != len)
    {
        fmpz_clear(t);
        return 1;
    }
    ex -= nfrac;
    if (neg)
        fmpz_neg(t, t);
    fmpz_set(fmpq_numref(q), t);
    fmpz_one(fmpq_denref(q));
    fmpz_set_ui(t, 10);
    fmpz_pow_ui(t, t, ex >= 0 ? ex : -ex);
    if (ex >= 0)
        fmpz_mul(fmpq_numref(q), fmpq_numref(q), t);
    else
        fmpz_set(fmpq_denref(q), t);
    fmpq_canonicalise(q);
    fmpz_clear(t);
    return 0;
}
