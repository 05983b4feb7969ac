/* Weight specs as text: hkz_su2n_weights_set_str (the grammar of su2n.h),
 * hkz_su2n_weights_read_file (the "file:" form) and the canonical text
 * hkz_su2n_weights_get_str for output metadata.  Numbers are exact
 * decimals (hkz_ball_set_str), so "0.1" is the ball of 1/10, not of the
 * double 0.1.  On error the weights are left unchanged. */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "hkz/io.h"
#include "hkz_check.h"
#include "su2n_internal.h"

#define QUOTE_MAX 60            /* characters of a spec quoted in messages */
#define FILE_MAX (WORD(1) << 28) /* refuse weight files above 256 MiB */

static const char *FORMS = "expected i^P (P >= 1), i, 2^i, log(1+i), "
                           "log(1+i)^2, each optionally C*..., a list "
                           "W1,W2,..., or file:PATH, with optional @N";

/* ---- small string helpers --------------------------------------------- */

static char *str_dup_n(const char *s, size_t n)
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
static char *str_strip_all(const char *s)
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
static char *str_trim(const char *s)
{
    size_t n;
    while (isspace((unsigned char) *s))
        s++;
    n = strlen(s);
    while (n > 0 && isspace((unsigned char) s[n - 1]))
        n--;
    return str_dup_n(s, n);
}

/* the spec for messages: at most QUOTE_MAX characters, then "..." */
static void quote(char *buf, size_t size, const char *s)
{
    size_t n = strlen(s);
    if (n <= QUOTE_MAX)
        snprintf(buf, size, "%s", s);
    else
        snprintf(buf, size, "%.*s...", QUOTE_MAX, s);
}

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

/* N of a suffix "@N": digits only, 1 <= N < 2^62; 0 if malformed */
static slong parse_count(const char *s)
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
static int parse_number(arb_t x, const char *s, slong prec)
{
    if (s[0] == '\0')
        return 0;
    return hkz_ball_set_str(x, s, prec) == HKZ_SUCCESS;
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
        s = str_dup_n(t, strlen(t));
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
        return str_dup_n("pi", 2);
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

/* ---- files -------------------------------------------------------------- */

/* the whole file as a NUL-terminated string, or NULL (status set) */
static char *slurp(const char *path, int *status)
{
    FILE *f;
    char *buf;
    size_t len = 0, cap = 4096, got;

    f = fopen(path, "rb");
    if (f == NULL)
    {
        *status = hkz_error_set(HKZ_ERR_IO, "weight file '%s': cannot open "
                                "(%s)", path, strerror(errno));
        return NULL;
    }
    buf = flint_malloc(cap);
    while ((got = fread(buf + len, 1, cap - len - 1, f)) > 0)
    {
        len += got;
        if (len + 1 == cap)
        {
            if ((slong) cap >= FILE_MAX)
            {
                fclose(f);
                flint_free(buf);
                *status = hkz_error_set(HKZ_ERR_ARG, "weight file '%s': "
                                        "larger than %ld bytes", path,
                                        (long) FILE_MAX);
                return NULL;
            }
            cap *= 2;
            buf = flint_realloc(buf, cap);
        }
    }
    if (ferror(f))
    {
        fclose(f);
        flint_free(buf);
        *status = hkz_error_set(HKZ_ERR_IO, "weight file '%s': read error",
                                path);
        return NULL;
    }
    fclose(f);
    buf[len] = '\0';
    if (memchr(buf, '\0', len) != NULL)
    {
        flint_free(buf);
        *status = hkz_error_set(HKZ_ERR_ARG, "weight file '%s': not a text "
                                "file (contains NUL bytes)", path);
        return NULL;
    }
    return buf;
}

/* the list of weights of a file into tmp (freshly initialized) */
static int read_file_list(hkz_su2n_weights_t tmp, const char *path,
                          slong prec)
{
    char *buf, *line, *next, *item;
    arb_ptr v = NULL;
    slong n = 0, cap = 0, lineno = 0;
    int status = HKZ_SUCCESS;

    buf = slurp(path, &status);
    if (buf == NULL)
        return status;
    for (line = buf; line != NULL && status == HKZ_SUCCESS; line = next)
    {
        char *hash, *eol = strchr(line, '\n');
        next = eol != NULL ? eol + 1 : NULL;
        if (eol != NULL)
            *eol = '\0';
        lineno++;
        if ((hash = strchr(line, '#')) != NULL)
            *hash = '\0';
        item = str_strip_all(line);
        if (item == NULL)
        {
            status = hkz_error_set(HKZ_ERR_ARG, "weight file '%s' line %ld: "
                                   "whitespace inside a number in '%.60s' "
                                   "(one weight per line)", path,
                                   (long) lineno, line);
            break;
        }
        if (item[0] != '\0')
        {
            if (n == cap)
            {
                slong ncap = FLINT_MAX(2 * cap, 16);
                arb_ptr nv = _arb_vec_init(ncap);
                if (v != NULL)
                {
                    _arb_vec_swap(nv, v, n);
                    _arb_vec_clear(v, cap);
                }
                v = nv;
                cap = ncap;
            }
            if (!parse_number(v + n, item, prec))
                status = hkz_error_set(HKZ_ERR_ARG, "weight file '%s' line "
                                       "%ld: '%.60s' is not a number", path,
                                       (long) lineno, item);
            else if (!arb_is_positive(v + n))
                status = hkz_error_set(HKZ_ERR_ARG, "weight file '%s' line "
                                       "%ld: weight '%.60s' must be > 0",
                                       path, (long) lineno, item);
            n++;
        }
        flint_free(item);
    }
    if (status == HKZ_SUCCESS && n == 0)
        status = hkz_error_set(HKZ_ERR_ARG, "weight file '%s': no weights "
                               "(%ld lines, all blank or comments)", path,
                               (long) lineno);
    if (status == HKZ_SUCCESS)
        status = hkz_su2n_weights_set_list(tmp, v, n);
    if (v != NULL)
        _arb_vec_clear(v, cap);
    flint_free(buf);
    return status;
}

static void swap_keep_cap(hkz_su2n_weights_t w, hkz_su2n_weights_t tmp)
{
    hkz_su2n_weights_struct t = *w;
    slong mf = w->max_factors;
    *w = *tmp;
    *tmp = t;
    w->max_factors = mf;
}

int hkz_su2n_weights_read_file(hkz_su2n_weights_t w, const char *path,
        slong prec)
{
    hkz_su2n_weights_t tmp;
    int status;

    HKZ_CHECK(w != NULL && path != NULL, HKZ_ERR_ARG,
              "hkz_su2n_weights_read_file: NULL argument");
    HKZ_CHECK(prec >= 2, HKZ_ERR_ARG, "hkz_su2n_weights_read_file: prec "
              "must be >= 2");
    hkz_su2n_weights_init(tmp);
    status = read_file_list(tmp, path, prec);
    if (status == HKZ_SUCCESS)
        swap_keep_cap(w, tmp);
    hkz_su2n_weights_clear(tmp);
    return status;
}

/* ---- the spec grammar --------------------------------------------------- */

/* a comma list "W1,W2,..." (whitespace already removed; may be empty only
   after "list:") */
static int parse_list(hkz_su2n_weights_t tmp, const char *body,
                      const char *q, slong prec)
{
    slong n = 1, k;
    const char *p, *e;
    arb_ptr v;
    int status = HKZ_SUCCESS;

    if (body[0] == '\0')
        return hkz_su2n_weights_set_list(tmp, NULL, 0);
    for (p = body; *p != '\0'; p++)
        n += (*p == ',');
    v = _arb_vec_init(n);
    for (k = 0, p = body; k < n && status == HKZ_SUCCESS; k++)
    {
        char *item;
        e = strchr(p, ',');
        if (e == NULL)
            e = p + strlen(p);
        item = str_dup_n(p, (size_t) (e - p));
        if (item[0] == '\0')
            status = hkz_error_set(HKZ_ERR_ARG, "weight spec '%s': weight "
                                   "%ld is empty", q, (long) (k + 1));
        else if (!parse_number(v + k, item, prec))
            status = hkz_error_set(HKZ_ERR_ARG, "weight spec '%s': weight "
                                   "%ld '%.60s' is not a number (%s)", q,
                                   (long) (k + 1), item, FORMS);
        else if (!arb_is_positive(v + k))
            status = hkz_error_set(HKZ_ERR_ARG, "weight spec '%s': weight "
                                   "%ld '%.60s' must be > 0", q,
                                   (long) (k + 1), item);
        flint_free(item);
        p = *e == ',' ? e + 1 : e;
    }
    if (status == HKZ_SUCCESS)
        status = hkz_su2n_weights_set_list(tmp, v, n);
    _arb_vec_clear(v, n);
    return status;
}

/* a family "[C*]form", or a single number (one factor) */
static int parse_family(hkz_su2n_weights_t tmp, const char *body,
                        const char *q, slong prec)
{
    const char *star = strchr(body, '*'), *form;
    arb_t c, p;
    int status = HKZ_SUCCESS;

    arb_init(c);
    arb_init(p);
    arb_one(c);
    form = body;
    if (star != NULL)
    {
        char *cs = str_dup_n(body, (size_t) (star - body));
        form = star + 1;
        if (!parse_number(c, cs, prec))
            status = hkz_error_set(HKZ_ERR_ARG, "weight spec '%s': scale "
                                   "'%.60s' is not a number", q, cs);
        else if (!arb_is_positive(c))
            status = hkz_error_set(HKZ_ERR_ARG, "weight spec '%s': scale "
                                   "'%.60s' must be > 0", q, cs);
        flint_free(cs);
        if (status != HKZ_SUCCESS)
            goto cleanup;
    }
    if (strcmp(form, "i") == 0)
    {
        arb_one(p);
        status = hkz_su2n_weights_set_pow(tmp, c, p);
    }
    else if (strncmp(form, "i^", 2) == 0)
    {
        arb_t one;
        int ge;
        if (!parse_number(p, form + 2, prec))
        {
            status = hkz_error_set(HKZ_ERR_ARG, "weight spec '%s': exponent "
                                   "'%.60s' is not a number", q, form + 2);
            goto cleanup;
        }
        arb_init(one);
        arb_one(one);
        ge = arb_ge(p, one);
        arb_clear(one);
        if (!ge)
        {
            status = hkz_error_set(HKZ_ERR_ARG, "weight spec '%s': exponent "
                                   "must be >= 1", q);
            goto cleanup;
        }
        status = hkz_su2n_weights_set_pow(tmp, c, p);
    }
    else if (strcmp(form, "2^i") == 0)
        status = hkz_su2n_weights_set_geom(tmp, c);
    else if (strcmp(form, "log(1+i)") == 0)
        status = hkz_su2n_weights_set_log(tmp, c);
    else if (strcmp(form, "log(1+i)^2") == 0
             || strcmp(form, "(log(1+i))^2") == 0)
        status = hkz_su2n_weights_set_log2(tmp, c);
    else if (star == NULL && parse_number(c, form, prec))
    {
        /* a single number: SU(2)^1 */
        if (!arb_is_positive(c))
            status = hkz_error_set(HKZ_ERR_ARG, "weight spec '%s': weight "
                                   "must be > 0", q);
        else
            status = hkz_su2n_weights_set_list(tmp, c, 1);
    }
    else
        status = hkz_error_set(HKZ_ERR_ARG, "weight spec '%s': unknown "
                               "form '%.60s' (%s)", q, form, FORMS);
    if (status != HKZ_SUCCESS && hkz_errmsg()[0] != 'w')
    {
        /* a message of a setter: make it name the spec */
        char msg[512];
        snprintf(msg, sizeof(msg), "%s", hkz_errmsg());
        status = hkz_error_set(HKZ_ERR_ARG, "weight spec '%s': %s", q, msg);
    }

cleanup:
    arb_clear(c);
    arb_clear(p);
    return status;
}

int hkz_su2n_weights_set_str(hkz_su2n_weights_t w, const char *spec,
        slong prec)
{
    const char *fn = "hkz_su2n_weights_set_str";
    char q[QUOTE_MAX + 8];
    char *trim = NULL, *s = NULL, *at;
    slong nkeep = -1;
    hkz_su2n_weights_t tmp;
    int status = HKZ_SUCCESS;

    HKZ_CHECK(w != NULL && spec != NULL, HKZ_ERR_ARG, "%s: NULL argument",
              fn);
    HKZ_CHECK(prec >= 2, HKZ_ERR_ARG, "%s: prec must be >= 2", fn);
    hkz_su2n_weights_init(tmp);
    tmp->max_factors = w->max_factors;  /* the cap "@N" is checked against */
    trim = str_trim(spec);
    quote(q, sizeof(q), trim);
    HKZ_CHECK_GOTO(trim[0] != '\0', HKZ_ERR_ARG, "weight spec '': empty "
                   "(%s)", FORMS);

    if (strncmp(trim, "file:", 5) == 0)
    {
        /* the path keeps inner whitespace; "@N" only if N is all digits */
        char *path = str_trim(trim + 5);
        at = strrchr(path, '@');
        if (at != NULL)
        {
            /* "@1 2" is no count: the '@' is part of the path */
            char *cnt = str_strip_all(at + 1);
            slong n = cnt != NULL ? parse_count(cnt) : 0;
            if (cnt != NULL)
                flint_free(cnt);
            if (n > 0)
            {
                char *p2;
                nkeep = n;
                *at = '\0';
                p2 = str_trim(path);
                flint_free(path);
                path = p2;
            }
        }
        if (path[0] == '\0')
            status = hkz_error_set(HKZ_ERR_ARG, "weight spec '%s': empty "
                                   "file name", q);
        else
            status = read_file_list(tmp, path, prec);
        flint_free(path);
        if (status != HKZ_SUCCESS)
            goto cleanup;
    }
    else
    {
        s = str_strip_all(trim);
        HKZ_CHECK_GOTO(s != NULL, HKZ_ERR_ARG, "weight spec '%s': "
                       "whitespace inside a number or name (separate "
                       "weights by ',')", q);
        at = strrchr(s, '@');
        if (at != NULL)
        {
            nkeep = parse_count(at + 1);
            HKZ_CHECK_GOTO(nkeep >= 1, HKZ_ERR_ARG, "weight spec '%s': bad "
                           "suffix '%.40s' (expected @N with an integer N "
                           ">= 1)", q, at);
            *at = '\0';
            HKZ_CHECK_GOTO(strchr(s, '@') == NULL, HKZ_ERR_ARG, "weight "
                           "spec '%s': more than one '@'", q);
        }
        if (strncmp(s, "list:", 5) == 0)
            HKZ_TRY_GOTO(parse_list(tmp, s + 5, q, prec));
        else if (strchr(s, ',') != NULL)
            HKZ_TRY_GOTO(parse_list(tmp, s, q, prec));
        else
        {
            HKZ_CHECK_GOTO(s[0] != '\0', HKZ_ERR_ARG, "weight spec '%s': "
                           "nothing before '@' (%s)", q, FORMS);
            HKZ_TRY_GOTO(parse_family(tmp, s, q, prec));
        }
    }

    if (nkeep >= 0)
    {
        /* "@N": the first N factors, SU(2)^N */
        HKZ_CHECK_GOTO(tmp->family != HKZ_SU2N_LIST || nkeep <= tmp->len,
                       HKZ_ERR_ARG, "weight spec '%s': @%ld exceeds the %ld "
                       "listed weights", q, (long) nkeep, (long) tmp->len);
        /* the first N weights of a family are computed and stored: N is
           bounded by the factor cap (a huge N would exhaust memory) */
        HKZ_CHECK_GOTO(tmp->family == HKZ_SU2N_LIST
                       || nkeep <= w->max_factors, HKZ_ERR_ARG, "weight "
                       "spec '%s': @%ld exceeds the cap max_factors = %ld "
                       "of the weights (default 2^20; raise it with "
                       "hkz_su2n_weights_set_max_factors)", q, (long) nkeep,
                       (long) w->max_factors);
        if (tmp->family != HKZ_SU2N_LIST || nkeep < tmp->len)
            HKZ_TRY_GOTO(hkz_su2n_weights_set_head(tmp, tmp, nkeep, prec));
    }
    swap_keep_cap(w, tmp);

cleanup:
    hkz_su2n_weights_clear(tmp);
    flint_free(trim);
    if (s != NULL)
        flint_free(s);
    return status;
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
