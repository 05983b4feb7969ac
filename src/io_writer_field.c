/* A field as text in the result writer's three formats: its value (no
 * copy on the hot path of rows) and the JSON and CSV escaping. */
#include <float.h>
#include <stdio.h>
#include <string.h>
#include "io_writer_internal.h"

/* JSON string escaping (also used for CSV quoting of text values). */
static void put_json_str(FILE *fp, const char *s)
{
    fputc('"', fp);
    for (; *s; s++)
    {
        unsigned char c = (unsigned char) *s;
        if (c == '"' || c == '\\')
            fprintf(fp, "\\%c", c);
        else if (c == '\n')
            fputs("\\n", fp);
        else if (c < 0x20)
            fprintf(fp, "\\u%04x", c);
        else
            fputc(c, fp);
    }
    fputc('"', fp);
}

void _hkz_writer_csv(FILE *fp, const char *s)
{
    if (strpbrk(s, ",\"\n") == NULL)
    {
        fputs(s, fp);
        return;
    }
    fputc('"', fp);
    for (; *s; s++)
    {
        if (*s == '"')
            fputc('"', fp);
        fputc(*s, fp);
    }
    fputc('"', fp);
}

/* "key":value (JSON Lines) with a leading comma unless first. */
void _hkz_writer_json_kv(FILE *fp, const char *key, const char *v,
                         int quote, int first)
{
    if (!first)
        fputc(',', fp);
    put_json_str(fp, key);
    fputc(':', fp);
    if (quote)
        put_json_str(fp, v);
    else
        fputs(v, fp);
}

/* "%ld" without printf (a row of cw zeros has 4 integers) */
static const char *long_text(char *buf, long v)
{
    char t[24];
    unsigned long u = v < 0 ? 0UL - (unsigned long) v : (unsigned long) v;
    int n = 0, k = 0;
    do
        t[n++] = (char) ('0' + u % 10);
    while ((u /= 10) != 0);
    if (v < 0)
        buf[k++] = '-';
    while (n > 0)
        buf[k++] = t[--n];
    buf[k] = '\0';
    return buf;
}

/* A field's value as text, in buf (64 bytes), a constant, the field's own
 * string or *own (a ball's digits, flint_free it); no copy, since a row
 * of cw zeros (5*10^6 at N = 10^7) has 14 fields.  *quote says whether
 * JSON needs quotes.  In JSON Lines a non-finite double is null (the
 * record's status says why); text and CSV write inf / -inf, and null for
 * NaN. */
const char *_hkz_writer_view(const hkz_field_t *f, int *quote, int jsonl,
                             char *buf, char **own)
{
    *quote = 0;
    *own = NULL;
    switch (f->kind)
    {
    case HKZ_FIELD_STR:
        *quote = 1;
        return f->s != NULL ? f->s : "";
    case HKZ_FIELD_RAW:
        return f->s != NULL ? f->s : "null";
    case HKZ_FIELD_INT:
        return long_text(buf, f->i);
    case HKZ_FIELD_BOOL:
        return f->i ? "true" : "false";
    case HKZ_FIELD_DOUBLE:
        if (f->d != f->d || (jsonl && (f->d > DBL_MAX || f->d < -DBL_MAX)))
            return "null";
        snprintf(buf, 64, "%.17g", f->d);
        return buf;
    case HKZ_FIELD_BALL:
        *own = f->i > 0 ? hkz_ball_get_str_digits(f->ball, f->i)
                        : hkz_ball_get_str(f->ball, 0);
        *quote = 1;
        return *own;
    }
    return "";
}
