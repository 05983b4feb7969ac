/* Shared private helpers of the experiments X1-X7 (compare_internal.h). */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "compare_internal.h"

hkz_field_t _hkz_compare_fball(const char *key, const arb_t x)
{
    if (arf_is_pos_inf(arb_midref(x)) && mag_is_finite(arb_radref(x)))
        return HKZ_FSTR(key, "+inf");
    return HKZ_FBALL(key, x);
}

int _hkz_compare_tight(const arb_t x, const arb_t y, slong bits)
{
    return arb_overlaps(x, y) && arb_rel_accuracy_bits(x) >= bits &&
           arb_rel_accuracy_bits(y) >= bits;
}

const char *_hkz_compare_neq(const arb_t x, const arb_t y)
{
    return arb_overlaps(x, y) ? "undecided (balls wider than --digits) vs"
                              : "!=";
}

void _hkz_compare_pi_times(arb_t r, slong num, slong den, slong prec)
{
    arb_const_pi(r, prec);
    arb_mul_si(r, r, num, prec);
    arb_div_si(r, r, den, prec);
}

int _hkz_compare_start(hkz_compare_result_t *r, const char *name,
                       const void *opts, slong digits, slong *prec,
                       slong *bits)
{
    int s;
    if (r == NULL || opts == NULL)
        return hkz_error_set(HKZ_ERR_ARG, "hkz_compare_%s: NULL argument",
                             name);
    if (digits < 1 || digits > 10000)
        return hkz_error_set(HKZ_ERR_ARG, "digits: expected 1 ... 10000 "
                             "(got %ld)", (long) digits);
    hkz_table_destroy(&r->rows);
    hkz_table_destroy(&r->keys);
    snprintf(r->name, sizeof(r->name), "%s", name);
    r->pass = 1;
    r->reason[0] = '\0';
    if ((s = hkz_table_create(&r->rows)) != HKZ_SUCCESS ||
        (s = hkz_table_create(&r->keys)) != HKZ_SUCCESS)
        return s;
    *bits = hkz_digits_to_bits(digits);
    *prec = *bits + 32;
    return HKZ_SUCCESS;
}

int _hkz_compare_prefix(int code, const char *name)
{
    char msg[480];
    snprintf(msg, sizeof(msg), "%s", hkz_errmsg());
    return hkz_error_set(code, "%s: %s", name, msg);
}

int _hkz_compare_weights(hkz_su2n_weights_t w, const char *name,
                         const char *spec, slong prec)
{
    if (spec == NULL)
        return hkz_error_set(HKZ_ERR_ARG, "%s: no weight spec", name);
    if (hkz_su2n_weights_set_str(w, spec, prec) != HKZ_SUCCESS)
        return _hkz_compare_prefix(HKZ_ERR_ARG, name);
    return HKZ_SUCCESS;
}

int _hkz_compare_need_list(const hkz_su2n_weights_t w, const char *name)
{
    if (hkz_su2n_weights_length(w) < 0)
        return hkz_error_set(HKZ_ERR_ARG, "%s: this experiment works on "
                             "SU(2)^n: give a finite list, e.g. 'i^2@10'",
                             name);
    if (hkz_su2n_weights_length(w) == 0)
        return hkz_error_set(HKZ_ERR_ARG, "%s: empty list", name);
    return HKZ_SUCCESS;
}

/* splits s (at most 2047 characters) at commas into trimmed items in
 * buf; the count, or -1 (too many), -2 (too long), 0 (an empty item) */
static slong split(char **tok, slong max, char *buf, size_t nbuf,
                   const char *s)
{
    slong m = 0;
    char *p, *q;
    if (s == NULL || strlen(s) >= nbuf)
        return -2;
    strcpy(buf, s);
    for (p = buf;; p = q + 1)
    {
        char *e;
        q = strchr(p, ',');
        if (q != NULL)
            *q = '\0';
        while (isspace((unsigned char) *p))
            p++;
        e = p + strlen(p);
        while (e > p && isspace((unsigned char) e[-1]))
            *--e = '\0';
        if (*p == '\0')
            return 0;
        if (m == max)
            return -1;
        tok[m++] = p;
        if (q == NULL)
            return m;
    }
}

static int list_error(slong m, const char *name, const char *s,
                      slong max, const char *what)
{
    if (m == -2)
        return hkz_error_set(HKZ_ERR_ARG, "%s: value too long", name);
    if (m == -1)
        return hkz_error_set(HKZ_ERR_ARG, "%s: at most %ld values", name,
                             (long) max);
    return hkz_error_set(HKZ_ERR_ARG, "%s: expected comma-separated %s "
                         "(got '%s')", name, what, s != NULL ? s : "");
}

int _hkz_compare_pos_list(arb_ptr v, slong *n, slong max, const char *name,
                          const char *s, slong prec)
{
    char buf[2048], *tok[HKZ_COMPARE_MAX_LIST];
    slong k, m;

    max = FLINT_MIN(max, HKZ_COMPARE_MAX_LIST);
    m = split(tok, max, buf, sizeof(buf), s);
    if (m <= 0)
        return list_error(m, name, s, max, "numbers");
    for (k = 0; k < m; k++)
    {
        if (hkz_ball_set_str(v + k, tok[k], prec) != HKZ_SUCCESS)
            return _hkz_compare_prefix(HKZ_ERR_ARG, name);
        if (!arb_is_positive(v + k))
            return hkz_error_set(HKZ_ERR_ARG, "%s: values must be > 0 (got "
                                 "%s)", name, tok[k]);
    }
    *n = m;
    return HKZ_SUCCESS;
}

int _hkz_compare_slong_list(slong *v, slong *n, slong max, const char *name,
                            const char *s, slong lo, slong hi)
{
    char buf[2048], *tok[HKZ_COMPARE_MAX_LIST], *end;
    slong k, m;
    long x;

    max = FLINT_MIN(max, HKZ_COMPARE_MAX_LIST);
    m = split(tok, max, buf, sizeof(buf), s);
    if (m <= 0)
        return list_error(m, name, s, max, "integers");
    for (k = 0; k < m; k++)
    {
        errno = 0;
        x = strtol(tok[k], &end, 10);
        if (errno != 0 || *end != '\0' || x < lo || x > hi)
            return hkz_error_set(HKZ_ERR_ARG, "%s: expected an integer in "
                                 "[%ld, %ld] (got '%s')", name, (long) lo,
                                 (long) hi, tok[k]);
        v[k] = x;
    }
    *n = m;
    return HKZ_SUCCESS;
}

void _hkz_compare_list_item(char *buf, size_t n, const char *s, slong k)
{
    const char *p = s, *q;
    size_t m;
    if (n == 0)
        return;
    buf[0] = '\0';
    for (; k > 0 && p != NULL; k--)
    {
        p = strchr(p, ',');
        if (p != NULL)
            p++;
    }
    if (p == NULL)
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

int _hkz_compare_key_ball(hkz_table_t keys, const char *key, const arb_t x)
{
    char k[96];
    hkz_field_t f[2];
    snprintf(k, sizeof(k), "%s_mid", key);
    f[0] = _hkz_compare_fball(key, x);
    f[1] = HKZ_FDBL(k, hkz_ball_mid_d(x));
    return hkz_table_add(keys, f, 2);
}

int _hkz_compare_key_str(hkz_table_t keys, const char *key, const char *s)
{
    hkz_field_t f = HKZ_FSTR(key, s);
    return hkz_table_add(keys, &f, 1);
}

int _hkz_compare_keys_finish(hkz_compare_result_t *r, hkz_table_t keys)
{
    slong i, j, n, m = 0, tot = 0;
    hkz_field_t *f;
    int s;
    for (i = 0; i < hkz_table_nrows(keys); i++)
    {
        hkz_table_row(keys, i, &n);
        tot += n;
    }
    f = flint_malloc(FLINT_MAX(tot, 1) * sizeof(hkz_field_t));
    for (i = 0; i < hkz_table_nrows(keys); i++)
    {
        const hkz_field_t *g = hkz_table_row(keys, i, &n);
        for (j = 0; j < n; j++)
            f[m++] = g[j];
    }
    s = hkz_table_add(r->keys, f, m);
    flint_free(f);
    return s;
}
