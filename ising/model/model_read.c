/* Edge-list reader: "u v J" per line, '#' comments (tokens in
 * model_parse.c, the writer in model_write.c). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ising_impl.h"
#include "hkz_check.h"
#include "hkz/text.h"

/* Numerators and denominators of couplings must stay below 10^DIG_MAX, so
   that hkz_ising_model_get_str writes tokens this parser reads back. */
#define DIG_MAX 250
/* Shown part of a bad token in messages. */
#define SHOW 40
/* Largest graph file read (bytes): 2^20 vertices with a few edges each. */
#define GRAPH_FILE_MAX ((size_t) 64 << 20)

typedef struct
{
    slong u, v, line;
} edge_rec;

static int is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

/* First byte of a token that is not printable ASCII (or -1): names the
 * real cause of a bad token (non-breaking space, stray byte-order mark,
 * another encoding). */
static int bad_byte(const char *s, slong len)
{
    slong i;
    for (i = 0; i < len; i++)
        if ((unsigned char) s[i] >= 0x7f || (unsigned char) s[i] < 0x20)
            return (unsigned char) s[i];
    return -1;
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
    p = text;
    if (strncmp(p, "\xEF\xBB\xBF", 3) == 0)
        p += 3;     /* UTF-8 byte-order mark (editors on Windows) */
    for ( ; *p != '\0'; )
    {
        const char *tok[4];
        slong tl[4], nt = 0;
        const char *e = p, *ls = p;

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
            if (_hkz_ising_parse_id(&n, tok[1], tl[1],
                                    HKZ_ISING_MAX_VERTICES) != 0 ||
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
            r = _hkz_ising_parse_id(&u, tok[1], tl[1],
                                    HKZ_ISING_MAX_VERTICES - 1);
            if (r != 0)
                FAIL("line %ld: %s vertex id '%.*s'", (long) line,
                     r == 2 ? "too large" : "bad (need a non-negative "
                     "integer)", (int) FLINT_MIN(tl[1], SHOW), tok[1]);
            if (declared >= 0 && u >= declared)
                FAIL("line %ld: unknown vertex %ld (vertices 0..%ld "
                     "declared)", (long) line, (long) u, (long) declared - 1);
            if (_hkz_ising_parse_id(&wt, tok[2], tl[2],
                                    HKZ_ISING_MAX_VERTICES) != 0 ||
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
        if (nt != 3 && bad_byte(ls, e - ls) >= 0)
            FAIL("line %ld: byte 0x%02x is not plain ASCII (a non-breaking "
                 "space, a byte-order mark or a non-UTF-8 encoding?)",
                 (long) line, bad_byte(ls, e - ls));
        if (nt != 3)
            FAIL("line %ld: expected 'u v J' (3 fields, got %ld)",
                 (long) line, (long) nt);
        {
            slong uv[2];
            int k;
            for (k = 0; k < 2; k++)
            {
                int r = _hkz_ising_parse_id(uv + k, tok[k], tl[k],
                                 HKZ_ISING_MAX_VERTICES - 1);
                if (r == 1 && bad_byte(tok[k], tl[k]) >= 0)
                    FAIL("line %ld: byte 0x%02x in '%.*s' is not plain "
                         "ASCII (a non-breaking space, a byte-order mark "
                         "or a non-UTF-8 encoding?)", (long) line,
                         bad_byte(tok[k], tl[k]),
                         (int) FLINT_MIN(tl[k], SHOW), tok[k]);
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
            if (_hkz_ising_parse_coupling(q, tok[2], tl[2]) != 0 &&
                bad_byte(tok[2], tl[2]) >= 0)
                FAIL("line %ld: byte 0x%02x in coupling '%.*s' is not plain "
                     "ASCII (a non-breaking space or a non-UTF-8 "
                     "encoding?)", (long) line, bad_byte(tok[2], tl[2]),
                     (int) FLINT_MIN(tl[2], SHOW), tok[2]);
            if (_hkz_ising_parse_coupling(q, tok[2], tl[2]) != 0)
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
    char *buf = NULL;
    int status;

    HKZ_CHECK(path != NULL, HKZ_ERR_ARG, "hkz_ising_model_read_file: NULL path");
    /* capped: a device such as /dev/zero must not grow the buffer until
       FLINT aborts */
    if ((status = hkz_text_read(&buf, NULL, NULL, path, GRAPH_FILE_MAX)))
    {
        char msg[512];
        snprintf(msg, sizeof(msg), "%s", hkz_errmsg());
        return hkz_error_set(status, "graph file: %s", msg);
    }
    status = hkz_ising_model_read_str(m, buf);
    free(buf);
    if (status != HKZ_SUCCESS)
    {
        char msg[512];
        snprintf(msg, sizeof(msg), "%s", hkz_errmsg());
        return hkz_error_set(status, "graph file '%s': %s", path, msg);
    }
    return HKZ_SUCCESS;
}

