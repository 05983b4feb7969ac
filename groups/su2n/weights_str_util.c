/* String and number helpers of the weight-spec text layer (weights_str.c,
 * weights_file.c, weights_str_get.c). */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "hkz/io.h"
#include "hkz_check.h"
#include "weights_str_internal.h"

/* ---- small string helpers --------------------------------------------- */

char *_hkz_su2n_str_dup_n(const char *s, size_t n)
{
    char *r = flint_malloc(n + 1);
    memcpy(r, s, n);
    r[n] = '\0';
    return r;
}

/* a character of a number or name: letters, digits, '.' */
static int word_char(int c)
{
    return isalnum(c) || c == '.';
}

/* 1 if r[0..j-1] ends in the mantissa and 'e' of a decimal exponent
   ("1e", "2.5E"), optionally followed by its sign when sign != 0 */
static int ends_in_exp(const char *r, size_t j, int sign)
{
    if (sign)
    {
        if (j == 0 || (r[j - 1] != '+' && r[j - 1] != '-'))
            return 0;
        j--;
    }
    return j >= 2 && (r[j - 1] == 'e' || r[j - 1] == 'E')
           && (isdigit((unsigned char) r[j - 2]) || r[j - 2] == '.');
}

/* copy of s without whitespace (flint_free it), or NULL if whitespace
   separates two characters of one number or name: "1 2" must not read
   as 12, nor "i^2 .5" as i^2.5 or "1e -3" as 1e-3.  Whitespace between
   tokens ("2 * i ^ 2", "[1 +/- 0.5]") is dropped. */
char *_hkz_su2n_str_strip_all(const char *s)
{
    size_t n = strlen(s), i, j = 0;
    char *r = flint_malloc(n + 1);
    int gap = 0;
    for (i = 0; i < n; i++)
    {
        unsigned char ch = (unsigned char) s[i];
        if (isspace(ch))
        {
            gap = j > 0;
            continue;
        }
        if (gap && ((word_char((unsigned char) r[j - 1]) && word_char(ch))
                    || ((ch == '+' || ch == '-') && ends_in_exp(r, j, 0))
                    || (isdigit(ch) && ends_in_exp(r, j, 1))))
        {
            flint_free(r);
            return NULL;
        }
        gap = 0;
        r[j++] = (char) ch;
    }
    r[j] = '\0';
    return r;
}

/* copy of s without leading and trailing whitespace */
char *_hkz_su2n_str_trim(const char *s)
{
    size_t n;
    while (isspace((unsigned char) *s))
        s++;
    n = strlen(s);
    while (n > 0 && isspace((unsigned char) s[n - 1]))
        n--;
    return _hkz_su2n_str_dup_n(s, n);
}

/* the spec for messages: at most QUOTE_MAX characters, then "..." */
void _hkz_su2n_str_quote(char *buf, size_t size, const char *s)
{
    size_t n = strlen(s);
    if (n <= QUOTE_MAX)
        snprintf(buf, size, "%s", s);
    else
        snprintf(buf, size, "%.*s...", QUOTE_MAX, s);
}

/* N of a suffix "@N": digits only, 1 <= N < 2^62; 0 if malformed */
slong _hkz_su2n_str_count(const char *s)
{
    slong n = 0;
    if (*s == '\0')
        return 0;
    for (; *s != '\0'; s++)
    {
        if (!isdigit((unsigned char) *s) || n > (WORD(1) << 58))
            return 0;
        n = 10 * n + (*s - '0');
    }
    return n;
}

/* ---- numbers ------------------------------------------------------------ */

/* x = the number s (decimal, "pi" or "[m +/- r]"); 0 on failure (the
   message of hkz_ball_set_str is overwritten by the caller) */
int _hkz_su2n_str_number(arb_t x, const char *s, slong prec)
{
    if (s[0] == '\0')
        return 0;
    return hkz_ball_set_str(x, s, prec) == HKZ_SUCCESS;
}
