/* Parser of field lists "X1; Y1 + 0.5*X2; 2*X2; Y2" (hkz_su2mix_op_parse). */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include "hkz/su2mix.h"
#include "hkz_check.h"

typedef struct
{
    slong field, factor;
    int dir;
    arb_struct coef;
} term_t;

/* Reads a coefficient "1.5", "3/4", "1e-3" at s; advances *s. */
static int read_coef(arb_t c, const char **s, slong prec)
{
    const char *p = *s, *q;
    char buf[128];
    arb_t den;
    size_t len;
    int ok;

    q = p;
    while (*q != '\0' && (isdigit((unsigned char) *q) || *q == '.' ||
                          *q == 'e' || *q == 'E' || *q == '/' ||
                          ((*q == '-' || *q == '+') && q > p &&
                           (q[-1] == 'e' || q[-1] == 'E'))))
        q++;
    len = (size_t) (q - p);
    if (len == 0 || len >= sizeof(buf))
        return 0;
    memcpy(buf, p, len);
    buf[len] = '\0';
    arb_init(den);
    {
        char *slash = strchr(buf, '/');
        if (slash != NULL)
        {
            *slash = '\0';
            ok = arb_set_str(c, buf, prec) == 0 &&
                 arb_set_str(den, slash + 1, prec) == 0 &&
                 arb_is_nonzero(den) && buf[0] != '\0';
            if (ok)
                arb_div(c, c, den, prec);
        }
        else
            ok = arb_set_str(c, buf, prec) == 0;
    }
    arb_clear(den);
    *s = q;
    return ok;
}

int hkz_su2mix_op_parse(hkz_su2mix_op_t op, const char *spec, slong n,
                        slong prec)
{
    term_t *terms = NULL;
    slong nterms = 0, cap = 0, field = 0, maxfac = 0, i;
    const char *s = spec;
    int status = HKZ_SUCCESS, in_field = 0;
    arb_mat_t C;

    HKZ_CHECK(spec != NULL, HKZ_ERR_ARG, "su2mix fields: empty");
    while (1)
    {
        int sign = 1, have_coef = 0;
        arb_t c;
        while (*s == ' ' || *s == '\t' || *s == '\r')
            s++;
        if (*s == '#')
        {
            while (*s != '\0' && *s != '\n')
                s++;
            continue;
        }
        if (*s == '\0' || *s == ';' || *s == '\n')
        {
            if (in_field)
                field++;
            in_field = 0;
            if (*s == '\0')
                break;
            s++;
            continue;
        }
        /* a term: [+|-] [coef [*]] F index */
        if (*s == '+' || *s == '-')
        {
            if (*s == '-')
                sign = -1;
            s++;
            while (*s == ' ' || *s == '\t')
                s++;
        }
        else if (in_field)
        {
            status = hkz_error_set(HKZ_ERR_ARG, "su2mix fields: expected "
                                   "'+' or '-' before \"%.20s\"", s);
            goto cleanup;
        }
        arb_init(c);
        arb_one(c);
        if (isdigit((unsigned char) *s) || *s == '.')
        {
            if (!read_coef(c, &s, prec))
            {
                arb_clear(c);
                status = hkz_error_set(HKZ_ERR_ARG, "su2mix fields: bad "
                                       "coefficient at \"%.20s\"", s);
                goto cleanup;
            }
            have_coef = 1;
            while (*s == ' ' || *s == '\t')
                s++;
            if (*s == '*')
                s++;
            while (*s == ' ' || *s == '\t')
                s++;
        }
        (void) have_coef;
        if (!(*s == 'X' || *s == 'Y' || *s == 'Z') ||
            !isdigit((unsigned char) s[1]))
        {
            arb_clear(c);
            status = hkz_error_set(HKZ_ERR_ARG, "su2mix fields: expected "
                                   "X<i>, Y<i> or Z<i> at \"%.20s\"", s);
            goto cleanup;
        }
        if (nterms == cap)
        {
            cap = 2 * cap + 8;
            terms = flint_realloc(terms, cap * sizeof(term_t));
        }
        {
            term_t *tm = terms + nterms;
            char *end;
            long idx;
            tm->dir = *s - 'X';
            idx = strtol(s + 1, &end, 10);
            s = end;
            if (idx < 1 || idx > 4096 || (n > 0 && idx > n))
            {
                arb_clear(c);
                status = hkz_error_set(HKZ_ERR_ARG, "su2mix fields: factor "
                                       "index %ld out of range 1..%ld", idx,
                                       (long) (n > 0 ? n : 4096));
                goto cleanup;
            }
            tm->factor = idx - 1;
            tm->field = field;
            arb_init(&tm->coef);
            if (sign < 0)
                arb_neg(&tm->coef, c);
            else
                arb_set(&tm->coef, c);
            nterms++;
            if (idx > maxfac)
                maxfac = idx;
        }
        arb_clear(c);
        in_field = 1;
    }
    HKZ_CHECK_GOTO(nterms > 0 && field > 0, HKZ_ERR_ARG,
                   "su2mix fields: no field given");
    if (n == 0)
        n = maxfac;
    if (op->n != n)
    {
        hkz_su2mix_op_clear(op);
        hkz_su2mix_op_init(op, n);
    }
    arb_mat_init(C, field, 3 * n);
    for (i = 0; i < nterms; i++)
        arb_add(arb_mat_entry(C, terms[i].field, 3 * terms[i].factor +
                              terms[i].dir),
                arb_mat_entry(C, terms[i].field, 3 * terms[i].factor +
                              terms[i].dir), &terms[i].coef, prec);
    status = hkz_su2mix_op_set_fields(op, C, prec);
    arb_mat_clear(C);

cleanup:
    for (i = 0; i < nterms; i++)
        arb_clear(&terms[i].coef);
    flint_free(terms);
    return status;
}
