/* Density-of-states files: written once with a checksum, read back and
 * verified (hkz_ising_dos_write / hkz_ising_dos_read).
 *
 *   hkz-dos 1
 *   desc <one line>
 *   size <nb> <nk> <bmin>
 *   unit <p/q>
 *   S <integer>
 *   <b> <k> <g>          (one line per nonzero count, b absolute)
 *   checksum <16 hex digits>   (FNV-1a 64 of every byte before this line)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ising_impl.h"
#include "hkz_check.h"

static ulong fnv1a(const char *s, size_t n)
{
    ulong h = UWORD(14695981039346656037);
    size_t i;
    for (i = 0; i < n; i++)
    {
        h ^= (unsigned char) s[i];
        h *= UWORD(1099511628211);
    }
    return h;
}

int hkz_ising_dos_write(const char *path, const hkz_ising_dos_t d,
                        const char *desc)
{
    char *buf = NULL, *q;
    size_t len = 0;
    slong b, k;
    FILE *f, *mem;
    int status = HKZ_SUCCESS;

    HKZ_CHECK(path != NULL && d->g != NULL, HKZ_ERR_ARG,
              "hkz_ising_dos_write: NULL path or empty table");
    HKZ_CHECK(desc == NULL || strchr(desc, '\n') == NULL, HKZ_ERR_ARG,
              "hkz_ising_dos_write: the description must be one line");
    mem = open_memstream(&buf, &len);
    HKZ_CHECK(mem != NULL, HKZ_ERR_NOMEM, "hkz_ising_dos_write: no memory");
    fprintf(mem, "hkz-dos 1\ndesc %s\nsize %ld %ld %ld\nunit ",
            desc == NULL ? "" : desc, (long) d->nb, (long) d->nk,
            (long) d->bmin);
    q = fmpq_get_str(NULL, 10, d->unit);
    fprintf(mem, "%s\nS ", q);
    flint_free(q);
    q = fmpz_get_str(NULL, 10, d->S);
    fprintf(mem, "%s\n", q);
    flint_free(q);
    for (b = 0; b < d->nb; b++)
        for (k = 0; k < d->nk; k++)
        {
            const fmpz *g = d->g + b * d->nk + k;
            if (fmpz_is_zero(g))
                continue;
            q = fmpz_get_str(NULL, 10, g);
            fprintf(mem, "%ld %ld %s\n", (long) (d->bmin + b), (long) k, q);
            flint_free(q);
        }
    fclose(mem);
    f = fopen(path, "w");
    HKZ_CHECK_GOTO(f != NULL, HKZ_ERR_IO, "hkz_ising_dos_write: cannot "
                   "write '%s'", path);
    fwrite(buf, 1, len, f);
    fprintf(f, "checksum %016lx\n", (unsigned long) fnv1a(buf, len));
    HKZ_CHECK_GOTO(fclose(f) == 0, HKZ_ERR_IO, "hkz_ising_dos_write: "
                   "error writing '%s'", path);
cleanup:
    free(buf);
    return status;
}

/* Next line of text (NUL-terminated in place); NULL at the end. */
static char *next_line(char **pos)
{
    char *s = *pos, *e;
    if (*s == '\0')
        return NULL;
    e = strchr(s, '\n');
    if (e == NULL)
        *pos = s + strlen(s);
    else
    {
        *e = '\0';
        *pos = e + 1;
    }
    return s;
}

static int parse_body(hkz_ising_dos_t d, char **desc, char *text,
                      const char *path)
{
    char *pos = text, *ln, *sp;
    long nb, nk, bmin, b, k, line = 3;
    int n;

    ln = next_line(&pos);
    HKZ_CHECK(ln != NULL && strcmp(ln, "hkz-dos 1") == 0, HKZ_ERR_ARG,
              "%s: not an hkz density-of-states file (version 1)", path);
    ln = next_line(&pos);
    HKZ_CHECK(ln != NULL && strncmp(ln, "desc ", 5) == 0, HKZ_ERR_ARG,
              "%s: line 2: expected 'desc'", path);
    if (desc != NULL)
    {
        *desc = flint_malloc(strlen(ln + 5) + 1);
        strcpy(*desc, ln + 5);
    }
    ln = next_line(&pos);
    HKZ_CHECK(ln != NULL && sscanf(ln, "size %ld %ld %ld%n", &nb, &nk, &bmin,
                                   &n) == 3 && ln[n] == '\0', HKZ_ERR_ARG,
              "%s: line 3: expected 'size nb nk bmin'", path);
    HKZ_TRY(_hkz_ising_dos_alloc(d, nb, nk, bmin));
    ln = next_line(&pos);
    HKZ_CHECK(ln != NULL && strncmp(ln, "unit ", 5) == 0 &&
              fmpq_set_str(d->unit, ln + 5, 10) == 0 &&
              fmpq_sgn(d->unit) > 0, HKZ_ERR_ARG, "%s: line 4: expected "
              "'unit p/q'", path);
    ln = next_line(&pos);
    HKZ_CHECK(ln != NULL && strncmp(ln, "S ", 2) == 0 &&
              fmpz_set_str(d->S, ln + 2, 10) == 0, HKZ_ERR_ARG,
              "%s: line 5: expected 'S integer'", path);
    line = 5;
    while ((ln = next_line(&pos)) != NULL)
    {
        line++;
        HKZ_CHECK(sscanf(ln, "%ld %ld %n", &b, &k, &n) == 2 &&
                  b >= bmin && b < bmin + nb && k >= 0 && k < nk,
                  HKZ_ERR_ARG, "%s: line %ld: expected 'b k g' inside the "
                  "table", path, line);
        sp = ln + n;
        HKZ_CHECK(*sp >= '0' && *sp <= '9' &&
                  fmpz_set_str(d->g + (b - bmin) * nk + k, sp, 10) == 0,
                  HKZ_ERR_ARG, "%s: line %ld: bad count", path, line);
    }
    return HKZ_SUCCESS;
}

int hkz_ising_dos_read(hkz_ising_dos_t d, char **desc, const char *path)
{
    FILE *f;
    char *text = NULL, *tail;
    long size;
    unsigned long sum;
    int status = HKZ_SUCCESS, n = 0;

    if (desc != NULL)
        *desc = NULL;
    HKZ_CHECK(path != NULL, HKZ_ERR_ARG, "hkz_ising_dos_read: NULL path");
    f = fopen(path, "rb");
    HKZ_CHECK(f != NULL, HKZ_ERR_IO, "hkz_ising_dos_read: cannot open '%s'",
              path);
    if (fseek(f, 0, SEEK_END) != 0 || (size = ftell(f)) < 0 ||
        fseek(f, 0, SEEK_SET) != 0 || (text = malloc(size + 1)) == NULL ||
        (long) fread(text, 1, size, f) != size)
    {
        fclose(f);
        free(text);
        return hkz_error_set(HKZ_ERR_IO, "hkz_ising_dos_read: cannot read "
                             "'%s'", path);
    }
    fclose(f);
    text[size] = '\0';
    /* the checksum line is the last one */
    tail = size >= 2 ? text + size - 2 : text;
    while (tail > text && tail[-1] != '\n')
        tail--;
    HKZ_CHECK_GOTO(tail > text && sscanf(tail, "checksum %16lx%n", &sum, &n)
                   == 1 && (tail[n] == '\n' || tail[n] == '\0'), HKZ_ERR_ARG,
                   "%s: no checksum line (file truncated?)", path);
    HKZ_CHECK_GOTO(fnv1a(text, tail - text) == (ulong) sum, HKZ_ERR_ARG,
                   "%s: checksum mismatch (file damaged or edited)", path);
    *tail = '\0';
    status = parse_body(d, desc, text, path);
    if (status != HKZ_SUCCESS && desc != NULL)
    {
        flint_free(*desc);
        *desc = NULL;
    }
cleanup:
    free(text);
    return status;
}
