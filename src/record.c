/* The one codec of checkpoint records (hkz/record.h): fields separated by
 * single spaces; balls as arb_dump_str (exact, four words). */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "hkz/record.h"
#include "hkz/status.h"
#include "hkz_check.h"

void hkz_rec_enc_init(hkz_rec_enc_t *e)
{
    e->s = NULL;
    e->len = e->alloc = 0;
    e->status = HKZ_SUCCESS;
}

void hkz_rec_enc_clear(hkz_rec_enc_t *e)
{
    free(e->s);
    hkz_rec_enc_init(e);
}

void hkz_rec_enc_reset(hkz_rec_enc_t *e)
{
    e->len = 0;
    if (e->s != NULL)
        e->s[0] = '\0';
    e->status = HKZ_SUCCESS;
}

/* appends n bytes of w, after a space unless first */
static void put(hkz_rec_enc_t *e, const char *w, size_t n)
{
    size_t need = e->len + n + 2;
    if (e->status != HKZ_SUCCESS)
        return;
    if (need > e->alloc)
    {
        size_t na = need > 2 * e->alloc ? need + 64 : 2 * e->alloc;
        char *s = realloc(e->s, na);
        if (s == NULL)
        {
            e->status = HKZ_ERR_NOMEM;
            return;
        }
        e->s = s;
        e->alloc = na;
    }
    if (e->len > 0)
        e->s[e->len++] = ' ';
    memcpy(e->s + e->len, w, n);
    e->len += n;
    e->s[e->len] = '\0';
}

void hkz_rec_put_word(hkz_rec_enc_t *e, const char *w)
{
    put(e, w, strlen(w));
}

void hkz_rec_put_slong(hkz_rec_enc_t *e, slong v)
{
    char b[32];
    put(e, b, (size_t) snprintf(b, sizeof(b), "%ld", (long) v));
}

void hkz_rec_put_d(hkz_rec_enc_t *e, double v)
{
    char b[64];
    put(e, b, (size_t) snprintf(b, sizeof(b), "%a", v));
}

void hkz_rec_put_ball(hkz_rec_enc_t *e, const arb_t x)
{
    char *s = arb_dump_str(x);
    if (s == NULL)
        e->status = HKZ_ERR_NOMEM;
    else
        put(e, s, strlen(s));
    flint_free(s);
}

const char *hkz_rec_enc_str(hkz_rec_enc_t *e)
{
    if (e->status != HKZ_SUCCESS)
    {
        hkz_error_set(e->status, "checkpoint record: out of memory");
        return NULL;
    }
    return e->s != NULL ? e->s : "";
}

void hkz_rec_dec_init(hkz_rec_dec_t *d, const char *rec, const char *what)
{
    d->rec = d->p = rec;
    d->what = what;
    d->field = 0;
}

static int truncated(const hkz_rec_dec_t *d)
{
    return hkz_error_set(HKZ_ERR_CHECKPOINT, "checkpoint: truncated %s "
                         "record (field %d missing)", d->what, d->field);
}

static int malformed(const hkz_rec_dec_t *d)
{
    return hkz_error_set(HKZ_ERR_CHECKPOINT, "checkpoint: malformed field "
                         "%d of %s record '%.60s'", d->field, d->what,
                         d->rec);
}

/* the next n words as one span [*w, *w + *len); 0 if fewer are left */
static int words(hkz_rec_dec_t *d, int n, const char **w, size_t *len)
{
    const char *p = d->p;
    int k;
    d->field++;
    while (*p == ' ')
        p++;
    *w = p;
    for (k = 0; k < n; k++)
    {
        size_t m;
        if (k > 0)
        {
            if (*p != ' ')
                return 0;
            p++;
        }
        m = strcspn(p, " ");
        if (m == 0)
            return 0;
        p += m;
    }
    *len = (size_t) (p - *w);
    d->p = p;
    return 1;
}

int hkz_rec_get_word(hkz_rec_dec_t *d, char *buf, size_t cap)
{
    const char *w;
    size_t n;
    if (!words(d, 1, &w, &n))
        return truncated(d);
    if (n + 1 > cap)
        return malformed(d);
    memcpy(buf, w, n);
    buf[n] = '\0';
    return HKZ_SUCCESS;
}

int hkz_rec_get_slong(hkz_rec_dec_t *d, slong *v)
{
    char b[32], *end;
    long x;
    const char *w;
    size_t n;
    if (!words(d, 1, &w, &n))
        return truncated(d);
    if (n + 1 > sizeof(b))
        return malformed(d);
    memcpy(b, w, n);
    b[n] = '\0';
    errno = 0;
    x = strtol(b, &end, 10);
    if (errno != 0 || *end != '\0')
        return malformed(d);
    *v = x;
    return HKZ_SUCCESS;
}

int hkz_rec_get_int(hkz_rec_dec_t *d, int *v)
{
    slong x;
    HKZ_TRY(hkz_rec_get_slong(d, &x));
    if (x < -2147483647L || x > 2147483647L)
        return malformed(d);
    *v = (int) x;
    return HKZ_SUCCESS;
}

int hkz_rec_get_d(hkz_rec_dec_t *d, double *v)
{
    char b[64], *end;
    const char *w;
    size_t n;
    if (!words(d, 1, &w, &n))
        return truncated(d);
    if (n + 1 > sizeof(b))
        return malformed(d);
    memcpy(b, w, n);
    b[n] = '\0';
    *v = strtod(b, &end);
    if (*end != '\0')
        return malformed(d);
    return HKZ_SUCCESS;
}

int hkz_rec_get_ball(hkz_rec_dec_t *d, arb_t x)
{
    const char *w;
    char *b;
    size_t n;
    int bad;
    if (!words(d, 4, &w, &n))
        return truncated(d);
    b = malloc(n + 1);
    if (b == NULL)
        return hkz_error_set(HKZ_ERR_NOMEM, "checkpoint: out of memory");
    memcpy(b, w, n);
    b[n] = '\0';
    bad = arb_load_str(x, b) != 0;
    free(b);
    return bad ? malformed(d) : HKZ_SUCCESS;
}

int hkz_rec_at_end(const hkz_rec_dec_t *d)
{
    const char *p = d->p;
    while (*p == ' ')
        p++;
    return *p == '\0';
}

int hkz_rec_end(hkz_rec_dec_t *d)
{
    if (hkz_rec_at_end(d))
        return HKZ_SUCCESS;
    d->field++;
    return malformed(d);
}
