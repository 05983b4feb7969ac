/* CLI inputs for SU(2)^n: points (POINT syntax of cli.h), weight specs,
 * lists of t values, and output fields that stay valid in every format. */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "hkz/text.h"

#define split(tok, max, buf, sep, comments) \
    hkz_text_split(tok, max, buf, sep, comments)

/* A thin wrapper of hkz_su2n_point_set_str / _set_file ("file:PATH":
 * one coordinate per line, groups/su2n/point_str.c). */
int hkz_cli_point(hkz_su2n_point_t x, const char *opt, const char *s,
                  slong prec)
{
    int st;

    if (s == NULL || *s == '\0')
        return hkz_cli_usage_error("%s: empty point", opt);
    if (strncmp(s, "file:", 5) == 0)
        st = hkz_su2n_point_set_file(x, s + 5, prec);
    else
        st = hkz_su2n_point_set_str(x, s, prec);
    if (st == HKZ_ERR_ARG || st == HKZ_ERR_IO)
        return hkz_cli_usage_error("%s: %s", opt, hkz_errmsg());
    return st == HKZ_SUCCESS ? 0 : hkz_cli_fail(st);
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

