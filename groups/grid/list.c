/* LIST parsing for grids: "v1,v2,..." (exact decimals, p/q, c*pi) or
 * "A:B:N" (N points, both ends included; geometric with log).  Labels
 * read back as the point: exact (1.25, 71/60, 3*pi/4) or, where the point
 * has no exact form, the point is moved onto its 17-digit label. */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "hkz/grid.h"
#include "hkz/io.h"
#include "hkz_check.h"

#define LIST_MAX ((slong) 1 << 24)

void hkz_grid_list_init(hkz_grid_list_t l)
{
    l->v = NULL;
    l->label = NULL;
    l->n = 0;
    l->src = NULL;
    l->log = 0;
}

void hkz_grid_list_clear(hkz_grid_list_t l)
{
    slong i;

    if (l->v != NULL)
        _arb_vec_clear(l->v, l->n);
    if (l->label != NULL)
        for (i = 0; i < l->n; i++)
            free(l->label[i]);
    free(l->label);
    free(l->src);
    hkz_grid_list_init(l);
}

static char *dup_str(const char *s, size_t n)
{
    char *d = malloc(n + 1);
    if (d != NULL)
    {
        memcpy(d, s, n);
        d[n] = '\0';
    }
    return d;
}

/* s[0..n) without surrounding blanks, into buf (size cap) */
static int token(char *buf, size_t cap, const char *s, size_t n)
{
    while (n > 0 && isspace((unsigned char) *s))
        s++, n--;
    while (n > 0 && isspace((unsigned char) s[n - 1]))
        n--;
    if (n == 0 || n >= cap)
        return 0;
    memcpy(buf, s, n);
    buf[n] = '\0';
    return 1;
}

/* a label of 17 significant digits for a computed value */
static char *label_of(const arb_t x)
{
    char *s = arb_get_str(x, 17, ARB_STR_NO_RADIUS), *d;
    size_t n = strlen(s);
    /* "1.0000000000000000" -> "1", "0.25000000000000000" -> "0.25" */
    if (strchr(s, '.') != NULL && strchr(s, 'e') == NULL)
    {
        while (n > 0 && s[n - 1] == '0')
            n--;
        if (n > 0 && s[n - 1] == '.')
            n--;
    }
    d = dup_str(s, n);
    flint_free(s);
    return d;
}

static int parse_range(hkz_grid_list_t res, const char *s, const char *c1,
                       const char *c2, int log, slong prec)
{
    char a_s[256], b_s[256], n_s[64], *end;
    arb_t A, B, D, q;
    fmpq_t qa, qb, qk;
    fmpz_t nm1;
    long N;
    slong k;
    int status = HKZ_SUCCESS, exact, pia = 0, pib = 0;

    arb_init(A); arb_init(B); arb_init(D); arb_init(q);
    fmpq_init(qa); fmpq_init(qb); fmpq_init(qk); fmpz_init(nm1);
    HKZ_CHECK_GOTO(token(a_s, sizeof(a_s), s, c1 - s)
                   && token(b_s, sizeof(b_s), c1 + 1, c2 - c1 - 1)
                   && token(n_s, sizeof(n_s), c2 + 1, strlen(c2 + 1)),
                   HKZ_ERR_ARG, "LIST '%s': expected A:B:N", s);
    HKZ_CHECK_GOTO(hkz_ball_set_str(A, a_s, prec) == HKZ_SUCCESS
                   && hkz_ball_set_str(B, b_s, prec) == HKZ_SUCCESS,
                   HKZ_ERR_ARG, "LIST '%s': A and B must be decimals, p/q "
                   "or c*pi", s);
    errno = 0;
    N = strtol(n_s, &end, 10);
    HKZ_CHECK_GOTO(*end == '\0' && errno == 0 && N >= 1 && isdigit(
                   (unsigned char) n_s[0]), HKZ_ERR_ARG,
                   "LIST '%s': N must be an integer >= 1", s);
    HKZ_CHECK_GOTO(N <= LIST_MAX, HKZ_ERR_ARG,
                   "LIST '%s': at most %ld points", s, (long) LIST_MAX);
    HKZ_CHECK_GOTO(N > 1 || arb_equal(A, B), HKZ_ERR_ARG,
                   "LIST '%s': N = 1 needs A = B", s);
    if (log)
    {
        HKZ_CHECK_GOTO(arb_is_positive(A) && arb_is_positive(B), HKZ_ERR_ARG,
                       "LIST '%s': geometric spacing (log) needs A, B > 0",
                       s);
        arb_div(D, B, A, prec);
        arb_log(D, D, prec);      /* log(B / A) */
    }
    else
        arb_sub(D, B, A, prec);
    /* exact labels for linear spacing between two rationals or two
       rational multiples of pi (0 is both) */
    exact = !log && hkz_exact_set_str(qa, &pia, a_s) == HKZ_SUCCESS &&
            hkz_exact_set_str(qb, &pib, b_s) == HKZ_SUCCESS &&
            (pia == pib || fmpq_is_zero(qa) || fmpq_is_zero(qb));
    fmpz_set_si(nm1, N - 1);
    res->v = _arb_vec_init(N);
    res->label = calloc(N, sizeof(char *));
    res->n = N;
    HKZ_CHECK_GOTO(res->label != NULL, HKZ_ERR_NOMEM, "LIST: out of memory");
    for (k = 0; k < N; k++)
    {
        if (k == 0)
            arb_set(res->v, A);
        else if (k == N - 1)
            arb_set(res->v + k, B);
        else
        {
            arb_mul_si(q, D, k, prec);
            arb_div_si(q, q, N - 1, prec);
            if (log)
            {
                arb_exp(q, q, prec);
                arb_mul(res->v + k, A, q, prec);
            }
            else
                arb_add(res->v + k, A, q, prec);
        }
        if (k == 0 || k == N - 1)
            res->label[k] = dup_str(k == 0 ? a_s : b_s,
                                    strlen(k == 0 ? a_s : b_s));
        else if (exact)
        {
            /* the exact point A + k (B - A) / (N - 1): the ball contains
               it, the label says it (p/q, c*pi where not a decimal) */
            fmpq_sub(qk, qb, qa);
            fmpq_mul_si(qk, qk, k);
            fmpq_div_fmpz(qk, qk, nm1);
            fmpq_add(qk, qk, qa);
            res->label[k] = hkz_exact_get_str(qk, pia | pib);
        }
        else
        {
            /* no exact form (log spacing, a rational and a multiple of
               pi): the point becomes its 17-digit label, exactly */
            res->label[k] = label_of(res->v + k);
            if (res->label[k] != NULL)
                HKZ_TRY_GOTO(hkz_ball_set_str(res->v + k, res->label[k],
                                              prec));
        }
        HKZ_CHECK_GOTO(res->label[k] != NULL, HKZ_ERR_NOMEM,
                       "LIST: out of memory");
    }
cleanup:
    arb_clear(A); arb_clear(B); arb_clear(D); arb_clear(q);
    fmpq_clear(qa); fmpq_clear(qb); fmpq_clear(qk); fmpz_clear(nm1);
    return status;
}

static int parse_commas(hkz_grid_list_t res, const char *s, slong prec)
{
    const char *p = s, *q;
    char tok[256];
    slong n = 1, k;
    int status = HKZ_SUCCESS;

    for (q = s; *q; q++)
        n += (*q == ',');
    HKZ_CHECK(n <= LIST_MAX, HKZ_ERR_ARG, "LIST: at most %ld values",
              (long) LIST_MAX);
    res->v = _arb_vec_init(n);
    res->label = calloc(n, sizeof(char *));
    res->n = n;
    HKZ_CHECK(res->label != NULL, HKZ_ERR_NOMEM, "LIST: out of memory");
    for (k = 0; k < n; k++)
    {
        q = strchr(p, ',');
        if (q == NULL)
            q = p + strlen(p);
        HKZ_CHECK(token(tok, sizeof(tok), p, q - p), HKZ_ERR_ARG,
                  "LIST '%s': value %ld is empty or too long (values are "
                  "separated by ',')", s, (long) k + 1);
        if (hkz_ball_set_str(res->v + k, tok, prec) != HKZ_SUCCESS)
            return hkz_error_set(HKZ_ERR_ARG, "LIST '%s': value %ld '%s' is "
                                 "not a decimal number, p/q or c*pi (or A:B:N)", s,
                                 (long) k + 1, tok);
        res->label[k] = dup_str(tok, strlen(tok));
        HKZ_CHECK(res->label[k] != NULL, HKZ_ERR_NOMEM,
                  "LIST: out of memory");
        p = q + 1;
    }
    return status;
}

int hkz_grid_list_set_str(hkz_grid_list_t l, const char *s, int log,
                          slong prec)
{
    hkz_grid_list_t res;
    const char *c1, *c2;
    int status;

    HKZ_CHECK(l != NULL && s != NULL, HKZ_ERR_ARG, "LIST: NULL argument");
    HKZ_CHECK(s[0] != '\0', HKZ_ERR_ARG, "LIST: empty");
    hkz_grid_list_init(res);
    c1 = strchr(s, ':');
    if (c1 != NULL)
    {
        c2 = strchr(c1 + 1, ':');
        if (c2 == NULL || strchr(c2 + 1, ':') != NULL || strchr(s, ',')
            != NULL)
            status = hkz_error_set(HKZ_ERR_ARG, "LIST '%s': expected A:B:N "
                                   "or a comma list", s);
        else
            status = parse_range(res, s, c1, c2, log, prec);
    }
    else
        status = parse_commas(res, s, prec);
    if (status == HKZ_SUCCESS)
    {
        res->src = dup_str(s, strlen(s));
        res->log = log && c1 != NULL;
        if (res->src == NULL)
            status = hkz_error_set(HKZ_ERR_NOMEM, "LIST: out of memory");
    }
    if (status != HKZ_SUCCESS)
    {
        hkz_grid_list_clear(res);
        return status;
    }
    hkz_grid_list_clear(l);
    *l = *res;
    return HKZ_SUCCESS;
}
