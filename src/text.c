/* Text inputs (hkz/text.h): whole files, comment-stripped lines, tokens. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "hkz/text.h"
#include "hkz/status.h"
#include "hkz_check.h"

char *hkz_text_trim(char *s)
{
    char *e;
    while (isspace((unsigned char) *s))
        s++;
    e = s + strlen(s);
    while (e > s && isspace((unsigned char) e[-1]))
        *--e = '\0';
    return s;
}

slong hkz_text_split(char **tok, slong max, char *buf, char sep,
                     int comments)
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
        p = hkz_text_trim(p);
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

int hkz_text_read(char **buf, size_t *len, ulong *hash, const char *path,
                  size_t max)
{
    FILE *f;
    char *b = NULL, *nb;
    size_t n = 0, cap = 0, k;
    ulong h = 14695981039346656037UL;

    HKZ_CHECK(buf != NULL && path != NULL, HKZ_ERR_ARG,
              "hkz_text_read: NULL argument");
    *buf = NULL;
    if (max == 0)
        max = (size_t) 1 << 30;
    f = fopen(path, "rb");
    HKZ_CHECK(f != NULL, HKZ_ERR_IO, "cannot read '%s'", path);
    for (;;)
    {
        if (cap - n < 65536)
        {
            cap = 2 * cap + 65536;
            if ((nb = realloc(b, cap)) == NULL)
            {
                free(b);
                fclose(f);
                return hkz_error_set(HKZ_ERR_NOMEM, "cannot read '%s': out "
                                     "of memory", path);
            }
            b = nb;
        }
        k = fread(b + n, 1, cap - n - 1, f);
        n += k;
        if (k == 0 || n > max)
            break;
    }
    fclose(f);
    if (n > max)
    {
        free(b);
        return hkz_error_set(HKZ_ERR_IO, "cannot read '%s': larger than "
                             "%zu bytes", path, max);
    }
    b[n] = '\0';
    for (k = 0; hash != NULL && k < n; k++)
        h = (h ^ (unsigned char) b[k]) * 1099511628211UL;
    if (hash != NULL)
        *hash = h;
    /* a NUL byte would cut its line silently */
    if (memchr(b, '\0', n) != NULL)
    {
        slong line = 1;
        int u16 = n >= 2 && (((unsigned char) b[0] == 0xff &&
                              (unsigned char) b[1] == 0xfe) ||
                             ((unsigned char) b[0] == 0xfe &&
                              (unsigned char) b[1] == 0xff));
        for (k = 0; b[k] != '\0'; k++)
            line += b[k] == '\n';
        free(b);
        if (u16)
            return hkz_error_set(HKZ_ERR_ARG, "'%s': UTF-16 text (starts "
                                 "with a UTF-16 byte-order mark): save it "
                                 "as UTF-8 or ASCII", path);
        return hkz_error_set(HKZ_ERR_ARG, "'%s' line %ld: NUL byte (a "
                             "binary file?)", path, (long) line);
    }
    /* a UTF-8 byte-order mark (editors on Windows) is not text */
    if (n >= 3 && memcmp(b, "\xEF\xBB\xBF", 3) == 0)
    {
        memmove(b, b + 3, n - 2);
        n -= 3;
    }
    if (len != NULL)
        *len = n;
    *buf = b;
    return HKZ_SUCCESS;
}

int hkz_text_lines(char ***line, slong **lineno, slong *n, char *buf)
{
    char *p, *q, **l;
    slong nl = 1, k = 0, no = 0, *ln = NULL;

    for (p = buf; *p; p++)
        nl += *p == '\n';
    l = malloc(nl * sizeof(char *));
    if (lineno != NULL)
        ln = malloc(nl * sizeof(slong));
    if (l == NULL || (lineno != NULL && ln == NULL))
    {
        free(l);
        free(ln);
        return hkz_error_set(HKZ_ERR_NOMEM, "lines: out of memory");
    }
    for (p = buf; p != NULL; p = q)
    {
        q = strchr(p, '\n');
        if (q != NULL)
            *q++ = '\0';
        no++;
        if (hkz_text_split(l + k, 1, p, '\n', 1) == 1)
        {
            if (ln != NULL)
                ln[k] = no;
            k++;
        }
    }
    *line = l;
    if (lineno != NULL)
        *lineno = ln;
    *n = k;
    return HKZ_SUCCESS;
}
