/* Edge-list reader and writer: "u v J" per line, '#' comments. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ising_impl.h"
#include "hkz_check.h"

/* Tokens longer than this are refused (keeps fmpz sizes bounded). */
#define TOK_MAX 512
/* Decimal exponents beyond this are refused as garbage. */
#define EXP_MAX 1000
/* Numerators and denominators of couplings must stay below 10^DIG_MAX, so
   that hkz_ising_model_get_str writes tokens this parser reads back. */
#define DIG_MAX 250
/* Shown part of a bad token in messages. */
#define SHOW 40

typedef struct
{
    slong u, v, line;
} edge_rec;

static int is_digit(char c)
{
    return c >= '0' && c <= '9';
}

static int is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

/* Non-negative integer id ("007" allowed); returns 0 on success, 1 if not
 * an unsigned integer, 2 if too large. */
static int parse_id(slong *x, const char *s, slong len, slong max)
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
static int parse_coupling(fmpq_t q, const char *s, slong len)
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

static int cmp_edge(const void *a, const void *b)
{
    const edge_rec *x = a, *y = b;
    if (x->u != y->u)
        return x->u < y->u ? -1 : 1;
    if (x->v != y->v)
        return x->v < y->v ? -1 : 1;
    return x->line < y->line ? -1 : (x->line > y->line);
}

#define FAIL(...)                                                           \
    do {                                                                    \
        status = hkz_error_set(HKZ_ERR_ARG, __VA_ARGS__);                   \
        goto cleanup;                                                       \
    } while (0)

int hkz_ising_model_read_str(hkz_ising_model_t m, const char *text)
{
    const char *p;
    slong line = 0, declared = -1, maxid = -1, ne = 0, nalloc = 0, i;
    slong nw = 0, walloc = 0;
    slong *wv = NULL, *wl = NULL;   /* (vertex, weight) pairs */
    edge_rec *rec = NULL;
    fmpq *J = NULL;
    int status = HKZ_SUCCESS;
    fmpq_t q;

    HKZ_CHECK(text != NULL, HKZ_ERR_ARG, "hkz_ising_model_read_str: NULL text");
    fmpq_init(q);
    for (p = text; *p != '\0'; )
    {
        const char *tok[4];
        slong tl[4], nt = 0;
        const char *e = p;

        line++;
        while (*e != '\0' && *e != '\n')
            e++;
        /* tokens of the line up to a comment */
        {
            const char *s = p;
            while (s < e && *s != '#')
            {
                if (is_space(*s))
                {
                    s++;
                    continue;
                }
                if (nt == 4)
                    FAIL("line %ld: too many fields (expected 'u v J')",
                         (long) line);
                tok[nt] = s;
                while (s < e && *s != '#' && !is_space(*s))
                    s++;
                tl[nt] = s - tok[nt];
                nt++;
            }
        }
        p = *e == '\n' ? e + 1 : e;
        if (nt == 0)
            continue;
        if (tl[0] == 8 && strncmp(tok[0], "vertices", 8) == 0)
        {
            slong n;
            if (nt != 2)
                FAIL("line %ld: expected 'vertices N'", (long) line);
            if (declared >= 0)
                FAIL("line %ld: second 'vertices' line", (long) line);
            if (ne > 0 || nw > 0)
                FAIL("line %ld: 'vertices' must come before edges and "
                     "weights", (long) line);
            if (parse_id(&n, tok[1], tl[1], HKZ_ISING_MAX_VERTICES) != 0 ||
                n < 1)
                FAIL("line %ld: vertex count must be an integer in 1..%ld "
                     "(got '%.*s')", (long) line,
                     (long) HKZ_ISING_MAX_VERTICES,
                     (int) FLINT_MIN(tl[1], SHOW), tok[1]);
            declared = n;
            continue;
        }
        if (tl[0] == 6 && strncmp(tok[0], "weight", 6) == 0)
        {
            slong u, wt;
            int r;
            if (nt != 3)
                FAIL("line %ld: expected 'weight u w'", (long) line);
            r = parse_id(&u, tok[1], tl[1], HKZ_ISING_MAX_VERTICES - 1);
            if (r != 0)
                FAIL("line %ld: %s vertex id '%.*s'", (long) line,
                     r == 2 ? "too large" : "bad (need a non-negative "
                     "integer)", (int) FLINT_MIN(tl[1], SHOW), tok[1]);
            if (declared >= 0 && u >= declared)
                FAIL("line %ld: unknown vertex %ld (vertices 0..%ld "
                     "declared)", (long) line, (long) u, (long) declared - 1);
            if (parse_id(&wt, tok[2], tl[2], HKZ_ISING_MAX_VERTICES) != 0 ||
                wt < 1)
                FAIL("line %ld: weight must be a positive integer (got "
                     "'%.*s')", (long) line, (int) FLINT_MIN(tl[2], SHOW),
                     tok[2]);
            for (i = 0; i < nw; i++)
                if (wv[2 * i] == u)
                    FAIL("line %ld: second weight for vertex %ld (first on "
                         "line %ld)", (long) line, (long) u, (long) wl[i]);
            if (nw == walloc)
            {
                walloc = FLINT_MAX(8, 2 * walloc);
                wv = flint_realloc(wv, 2 * walloc * sizeof(slong));
                wl = flint_realloc(wl, walloc * sizeof(slong));
            }
            wv[2 * nw] = u;
            wv[2 * nw + 1] = wt;
            wl[nw++] = line;
            maxid = FLINT_MAX(maxid, u);
            continue;
        }
        if (nt != 3)
            FAIL("line %ld: expected 'u v J' (3 fields, got %ld)",
                 (long) line, (long) nt);
        {
            slong uv[2];
            int k;
            for (k = 0; k < 2; k++)
            {
                int r = parse_id(uv + k, tok[k], tl[k],
                                 HKZ_ISING_MAX_VERTICES - 1);
                if (r != 0)
                    FAIL("line %ld: %s vertex id '%.*s'", (long) line,
                         r == 2 ? "too large" : (tok[k][0] == '-' ?
                         "negative" : "bad (need a non-negative integer)"),
                         (int) FLINT_MIN(tl[k], SHOW), tok[k]);
                if (declared >= 0 && uv[k] >= declared)
                    FAIL("line %ld: unknown vertex %ld (vertices 0..%ld "
                         "declared)", (long) line, (long) uv[k],
                         (long) declared - 1);
            }
            if (uv[0] == uv[1])
                FAIL("line %ld: self-loop at vertex %ld", (long) line,
                     (long) uv[0]);
            if (parse_coupling(q, tok[2], tl[2]) != 0)
                FAIL("line %ld: bad coupling '%.*s' (need an exact decimal "
                     "such as 0.25, 1e-3 or a rational p/q)", (long) line,
                     (int) FLINT_MIN(tl[2], SHOW), tok[2]);
            if (fmpz_sizeinbase(fmpq_numref(q), 10) > DIG_MAX ||
                fmpz_sizeinbase(fmpq_denref(q), 10) > DIG_MAX)
                FAIL("line %ld: coupling '%.*s' has more than %d digits in "
                     "its numerator or denominator", (long) line,
                     (int) FLINT_MIN(tl[2], SHOW), tok[2], DIG_MAX);
            if (ne == nalloc)
            {
                slong na = FLINT_MAX(16, 2 * nalloc);
                rec = flint_realloc(rec, na * sizeof(edge_rec));
                J = flint_realloc(J, na * sizeof(fmpq));
                for (i = nalloc; i < na; i++)
                    fmpq_init(J + i);
                nalloc = na;
            }
            rec[ne].u = FLINT_MIN(uv[0], uv[1]);
            rec[ne].v = FLINT_MAX(uv[0], uv[1]);
            rec[ne].line = line;
            fmpq_swap(J + ne, q);
            ne++;
            maxid = FLINT_MAX(maxid, FLINT_MAX(uv[0], uv[1]));
        }
    }
    if (declared < 0 && maxid < 0)
        FAIL("no edges and no 'vertices N' line: empty graph");
    /* duplicates: sort a copy by endpoints, keep the file order for m */
    if (ne > 1)
    {
        edge_rec *srt = flint_malloc(ne * sizeof(edge_rec));
        slong dup = -1;
        memcpy(srt, rec, ne * sizeof(edge_rec));
        qsort(srt, ne, sizeof(edge_rec), cmp_edge);
        for (i = 1; i < ne && dup < 0; i++)
            if (srt[i].u == srt[i - 1].u && srt[i].v == srt[i - 1].v)
                dup = i;
        if (dup >= 0)
        {
            edge_rec a = srt[dup - 1], b = srt[dup];
            flint_free(srt);
            FAIL("line %ld: duplicate edge %ld-%ld (first on line %ld)",
                 (long) b.line, (long) b.u, (long) b.v, (long) a.line);
        }
        flint_free(srt);
    }
    {
        slong n = declared >= 0 ? declared : maxid + 1;
        HKZ_TRY_GOTO(hkz_ising_model_set_empty(m, n));
        for (i = 0; i < ne; i++)
            HKZ_TRY_GOTO(_hkz_ising_model_push_edge(m, rec[i].u, rec[i].v,
                                                    J + i));
        if (nw > 0)
        {
            slong *w = flint_malloc(n * sizeof(slong));
            for (i = 0; i < n; i++)
                w[i] = 1;
            for (i = 0; i < nw; i++)
                w[wv[2 * i]] = wv[2 * i + 1];
            status = hkz_ising_model_set_weights(m, w);
            flint_free(w);
        }
    }
cleanup:
    for (i = 0; i < nalloc; i++)
        fmpq_clear(J + i);
    flint_free(J);
    flint_free(rec);
    flint_free(wv);
    flint_free(wl);
    fmpq_clear(q);
    return status;
}

int hkz_ising_model_read_file(hkz_ising_model_t m, const char *path)
{
    FILE *f;
    char *buf = NULL;
    size_t len = 0, cap = 0, r;
    int status;

    HKZ_CHECK(path != NULL, HKZ_ERR_ARG, "hkz_ising_model_read_file: NULL path");
    f = fopen(path, "rb");
    if (f == NULL)
        return hkz_error_set(HKZ_ERR_IO, "cannot open graph file '%s': %s",
                             path, strerror(errno));
    do
    {
        if (cap - len < 4096)
        {
            cap = FLINT_MAX(2 * cap, 65536);
            buf = flint_realloc(buf, cap + 1);
        }
        r = fread(buf + len, 1, cap - len, f);
        len += r;
    } while (r > 0);
    if (ferror(f))
    {
        fclose(f);
        flint_free(buf);
        return hkz_error_set(HKZ_ERR_IO, "error reading graph file '%s'",
                             path);
    }
    fclose(f);
    buf[len] = '\0';
    if (strlen(buf) != len)
    {
        flint_free(buf);
        return hkz_error_set(HKZ_ERR_ARG, "graph file '%s': NUL byte in "
                             "text", path);
    }
    status = hkz_ising_model_read_str(m, buf);
    flint_free(buf);
    if (status != HKZ_SUCCESS)
    {
        char msg[512];
        snprintf(msg, sizeof(msg), "%s", hkz_errmsg());
        return hkz_error_set(status, "graph file '%s': %s", path, msg);
    }
    return HKZ_SUCCESS;
}

/* Appends s to the growing buffer. */
static void put(char **buf, size_t *len, size_t *cap, const char *s)
{
    size_t l = strlen(s);
    if (*len + l + 1 > *cap)
    {
        *cap = FLINT_MAX(2 * *cap, *len + l + 256);
        *buf = flint_realloc(*buf, *cap);
    }
    memcpy(*buf + *len, s, l + 1);
    *len += l;
}

int hkz_ising_model_get_str(char **text, const hkz_ising_model_t m)
{
    char *buf = NULL, tmp[64];
    size_t len = 0, cap = 0;
    slong i;

    *text = NULL;
    HKZ_CHECK(hkz_ising_model_is_exact(m), HKZ_ERR_ARG,
              "hkz_ising_model_get_str: a coupling is a ball, not exact");
    HKZ_CHECK(arb_is_one(&m->scale), HKZ_ERR_ARG,
              "hkz_ising_model_get_str: coupling scale is not 1");
    snprintf(tmp, sizeof(tmp), "vertices %ld\n", (long) m->n);
    put(&buf, &len, &cap, tmp);
    if (m->w != NULL)
        for (i = 0; i < m->n; i++)
            if (m->w[i] != 1)
            {
                snprintf(tmp, sizeof(tmp), "weight %ld %ld\n", (long) i,
                         (long) m->w[i]);
                put(&buf, &len, &cap, tmp);
            }
    for (i = 0; i < m->nedges; i++)
    {
        char *q = fmpq_get_str(NULL, 10, m->c + i);
        snprintf(tmp, sizeof(tmp), "%ld %ld ", (long) m->eu[i],
                 (long) m->ev[i]);
        put(&buf, &len, &cap, tmp);
        put(&buf, &len, &cap, q);
        put(&buf, &len, &cap, "\n");
        flint_free(q);
    }
    *text = buf;
    return HKZ_SUCCESS;
}
