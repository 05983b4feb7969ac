/* Weight specs as text: hkz_su2n_weights_set_str (the grammar of su2n.h),
 * hkz_su2n_weights_read_file (the "file:" form) and the canonical text
 * hkz_su2n_weights_get_str for output metadata.  Numbers are exact
 * decimals (hkz_ball_set_str), so "0.1" is the ball of 1/10, not of the
 * double 0.1.  On error the weights are left unchanged.
 * Helpers: weights_str_internal.h lists the files. */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "hkz/io.h"
#include "hkz_check.h"
#include "weights_str_internal.h"

static const char *FORMS = "expected i^P (P >= 1), i, 2^i, log(1+i), "
                           "log(1+i)^2, each optionally C*..., a list "
                           "W1,W2,..., or file:PATH, with optional @N";

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
        item = _hkz_su2n_str_dup_n(p, (size_t) (e - p));
        if (item[0] == '\0')
            status = hkz_error_set(HKZ_ERR_ARG, "weight spec '%s': weight "
                                   "%ld is empty", q, (long) (k + 1));
        else if (!_hkz_su2n_str_number(v + k, item, prec))
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
        char *cs = _hkz_su2n_str_dup_n(body, (size_t) (star - body));
        form = star + 1;
        if (!_hkz_su2n_str_number(c, cs, prec))
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
        if (!_hkz_su2n_str_number(p, form + 2, prec))
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
    else if (star == NULL && _hkz_su2n_str_number(c, form, prec))
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
    trim = _hkz_su2n_str_trim(spec);
    _hkz_su2n_str_quote(q, sizeof(q), trim);
    HKZ_CHECK_GOTO(trim[0] != '\0', HKZ_ERR_ARG, "weight spec '': empty "
                   "(%s)", FORMS);

    if (strncmp(trim, "file:", 5) == 0)
    {
        /* the path keeps inner whitespace; "@N" only if N is all digits */
        char *path = _hkz_su2n_str_trim(trim + 5);
        at = strrchr(path, '@');
        if (at != NULL)
        {
            /* "@1 2" is no count: the '@' is part of the path */
            char *cnt = _hkz_su2n_str_strip_all(at + 1);
            slong n = cnt != NULL ? _hkz_su2n_str_count(cnt) : 0;
            if (cnt != NULL)
                flint_free(cnt);
            if (n > 0)
            {
                char *p2;
                nkeep = n;
                *at = '\0';
                p2 = _hkz_su2n_str_trim(path);
                flint_free(path);
                path = p2;
            }
        }
        if (path[0] == '\0')
            status = hkz_error_set(HKZ_ERR_ARG, "weight spec '%s': empty "
                                   "file name", q);
        else
            status = _hkz_su2n_weights_file_list(tmp, path, prec);
        flint_free(path);
        if (status != HKZ_SUCCESS)
            goto cleanup;
    }
    else
    {
        s = _hkz_su2n_str_strip_all(trim);
        HKZ_CHECK_GOTO(s != NULL, HKZ_ERR_ARG, "weight spec '%s': "
                       "whitespace inside a number or name (separate "
                       "weights by ',')", q);
        at = strrchr(s, '@');
        if (at != NULL)
        {
            nkeep = _hkz_su2n_str_count(at + 1);
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
    _hkz_su2n_weights_swap_keep_cap(w, tmp);

cleanup:
    hkz_su2n_weights_clear(tmp);
    flint_free(trim);
    if (s != NULL)
        flint_free(s);
    return status;
}
