/* CLI inputs for SU(2)^n: points (POINT syntax of cli.h), weight specs,
 * lists of t values, and output fields that stay valid in every format. */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"

#define HKZ_CLI_MAX_COORDS 100000

static char *trim(char *s)
{
    char *e;
    while (isspace((unsigned char) *s))
        s++;
    e = s + strlen(s);
    while (e > s && isspace((unsigned char) e[-1]))
        *--e = '\0';
    return s;
}

static slong split(char **tok, slong max, char *buf, char sep, int comments);

/* Splits buf at the separator character sep (in place) into at most max
 * tokens.  Files (comments != 0): '#' comments, blank lines dropped.
 * Otherwise an empty token is an error (-2).  Returns the count, -1 if
 * there are too many. */
static slong split(char **tok, slong max, char *buf, char sep, int comments)
{
    char *p = buf, *q, *h;
    slong n = 0;
    for (;;)
    {
        q = strchr(p, sep);
        if (q != NULL)
            *q = '\0';
        if (comments && (h = strchr(p, '#')) != NULL)
            *h = '\0';
        p = trim(p);
        if (*p == '\0')
        {
            if (!comments)
                return -2;
        }
        else
        {
            if (n == max)
                return -1;
            tok[n++] = p;
        }
        if (q == NULL)
            break;
        p = q + 1;
    }
    return n;
}

static char *read_file(const char *path)
{
    FILE *f = fopen(path, "r");
    char *buf = NULL;
    size_t n = 0, cap = 0, k;
    if (f == NULL)
        return NULL;
    for (;;)
    {
        if (cap - n < 4096)
        {
            char *nb;
            cap = 2 * cap + 4096;
            if (cap > ((size_t) 64 << 20) || (nb = realloc(buf, cap)) ==
                NULL)
            {
                free(buf);
                fclose(f);
                return NULL;
            }
            buf = nb;
        }
        k = fread(buf + n, 1, cap - n - 1, f);
        n += k;
        if (k == 0)
            break;
    }
    fclose(f);
    buf[n] = '\0';
    return buf;
}

/* A thin wrapper of hkz_su2n_point_set_str (groups/su2n/point_str.c);
 * "file:PATH" is read here: one coordinate per line, blank lines and '#'
 * comments dropped, the lines joined with ';'. */
int hkz_cli_point(hkz_su2n_point_t x, const char *opt, const char *s,
                  slong prec)
{
    char *buf, **tok, *joined = NULL;
    slong n, i;
    size_t len = 0;
    int rc = 0, st;

    if (s == NULL || *s == '\0')
        return hkz_cli_usage_error("%s: empty point", opt);
    if (strncmp(s, "file:", 5) != 0)
    {
        st = hkz_su2n_point_set_str(x, s, prec);
        if (st == HKZ_ERR_ARG)
            return hkz_cli_usage_error("%s: %s", opt, hkz_errmsg());
        return st == HKZ_SUCCESS ? 0 : hkz_cli_fail(st);
    }
    buf = read_file(s + 5);
    if (buf == NULL)
        return hkz_cli_usage_error("%s: cannot read point file '%s'", opt,
                                   s + 5);
    tok = malloc(HKZ_CLI_MAX_COORDS * sizeof(char *));
    if (tok == NULL || (joined = malloc(strlen(buf) + 1)) == NULL)
    {
        free(tok);
        free(buf);
        return hkz_cli_fail(hkz_error_set(HKZ_ERR_NOMEM, "no memory"));
    }
    n = split(tok, HKZ_CLI_MAX_COORDS, buf, '\n', 1);
    if (n == -1)
        rc = hkz_cli_usage_error("%s: more than %d coordinates", opt,
                                 HKZ_CLI_MAX_COORDS);
    else if (n == 0)
        rc = hkz_cli_usage_error("%s: no coordinates in '%s'", opt, s);
    else
    {
        for (i = 0; i < n; i++)
        {
            size_t m = strlen(tok[i]);
            if (i > 0)
                joined[len++] = ';';
            memcpy(joined + len, tok[i], m);
            len += m;
        }
        joined[len] = '\0';
        st = hkz_su2n_point_set_str(x, joined, prec);
        if (st == HKZ_ERR_ARG)
            rc = hkz_cli_usage_error("%s: file '%s': %s", opt, s + 5,
                                     hkz_errmsg());
        else if (st != HKZ_SUCCESS)
            rc = hkz_cli_fail(st);
    }
    free(joined);
    free(tok);
    free(buf);
    return rc;
}

int hkz_cli_weights(hkz_su2n_weights_t w, const char *opt, const char *s,
                    int spin, slong prec)
{
    int st = hkz_su2n_weights_set_str(w, s, prec);
    if (st != HKZ_SUCCESS)
        return hkz_cli_usage_error("%s: %s", opt, hkz_errmsg());
    if (spin)
        hkz_su2n_weights_from_spin(w);
    return 0;
}

int hkz_cli_pos_list(arb_ptr v, slong *n, slong max, const char *opt,
                     const char *s, slong prec)
{
    char buf[2048], *tok[256];
    slong k, m;

    if (strlen(s) >= sizeof(buf))
        return hkz_cli_usage_error("%s: value too long", opt);
    strcpy(buf, s);
    m = split(tok, FLINT_MIN(max, 256), buf, ',', 0);
    if (m == -1)
        return hkz_cli_usage_error("%s: at most %ld values", opt,
                                   (long) FLINT_MIN(max, 256));
    if (m <= 0)
        return hkz_cli_usage_error("%s: expected comma-separated numbers "
                                   "(got '%s')", opt, s);
    for (k = 0; k < m; k++)
    {
        if (hkz_ball_set_str(v + k, tok[k], prec) != HKZ_SUCCESS)
            return hkz_cli_usage_error("%s: %s", opt, hkz_errmsg());
        if (!arb_is_positive(v + k))
            return hkz_cli_usage_error("%s: values must be > 0 (got %s)",
                                       opt, tok[k]);
    }
    *n = m;
    return 0;
}

int hkz_cli_slong_list(slong *v, slong *n, slong max, const char *opt,
                       const char *s, slong lo, slong hi)
{
    char buf[2048], *tok[256];
    slong k, m;
    int rc;

    if (strlen(s) >= sizeof(buf))
        return hkz_cli_usage_error("%s: value too long", opt);
    strcpy(buf, s);
    m = split(tok, FLINT_MIN(max, 256), buf, ',', 0);
    if (m == -1)
        return hkz_cli_usage_error("%s: at most %ld values", opt,
                                   (long) FLINT_MIN(max, 256));
    if (m <= 0)
        return hkz_cli_usage_error("%s: expected comma-separated integers "
                                   "(got '%s')", opt, s);
    for (k = 0; k < m; k++)
        if ((rc = hkz_cli_slong(v + k, opt, tok[k], lo, hi)))
            return rc;
    *n = m;
    return 0;
}

void hkz_cli_list_item(char *buf, size_t n, const char *s, slong k)
{
    const char *p = s, *q;
    size_t m;
    buf[0] = '\0';
    for (; k > 0 && p != NULL; k--)
    {
        p = strchr(p, ',');
        if (p != NULL)
            p++;
    }
    if (p == NULL || n == 0)
        return;
    q = strchr(p, ',');
    m = q != NULL ? (size_t) (q - p) : strlen(p);
    while (m > 0 && isspace((unsigned char) *p))
        p++, m--;
    while (m > 0 && isspace((unsigned char) p[m - 1]))
        m--;
    if (m >= n)
        m = n - 1;
    memcpy(buf, p, m);
    buf[m] = '\0';
}

hkz_field_t hkz_cli_fdbl(const char *key, double d, hkz_format_t fmt)
{
    if (isinf(d))
    {
        if (fmt == HKZ_FORMAT_JSONL)
            return HKZ_FSTR(key, d > 0 ? "inf" : "-inf");
        return (hkz_field_t){key, HKZ_FIELD_RAW, d > 0 ? "inf" : "-inf",
                             0, 0.0, NULL};
    }
    return HKZ_FDBL(key, d);
}

