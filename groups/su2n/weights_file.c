/* Weight files: hkz_su2n_weights_read_file (the "file:" form of weight
 * specs). */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "hkz/io.h"
#include "hkz_check.h"
#include "weights_str_internal.h"

#define FILE_MAX (WORD(1) << 28) /* refuse weight files above 256 MiB */

/* ---- files -------------------------------------------------------------- */

/* the whole file as a NUL-terminated string, or NULL (status set) */
static char *slurp(const char *path, int *status)
{
    FILE *f;
    char *buf;
    size_t len = 0, cap = 4096, got;

    f = fopen(path, "rb");
    if (f == NULL)
    {
        *status = hkz_error_set(HKZ_ERR_IO, "weight file '%s': cannot open "
                                "(%s)", path, strerror(errno));
        return NULL;
    }
    buf = flint_malloc(cap);
    while ((got = fread(buf + len, 1, cap - len - 1, f)) > 0)
    {
        len += got;
        if (len + 1 == cap)
        {
            if ((slong) cap >= FILE_MAX)
            {
                fclose(f);
                flint_free(buf);
                *status = hkz_error_set(HKZ_ERR_ARG, "weight file '%s': "
                                        "larger than %ld bytes", path,
                                        (long) FILE_MAX);
                return NULL;
            }
            cap *= 2;
            buf = flint_realloc(buf, cap);
        }
    }
    if (ferror(f))
    {
        fclose(f);
        flint_free(buf);
        *status = hkz_error_set(HKZ_ERR_IO, "weight file '%s': read error",
                                path);
        return NULL;
    }
    fclose(f);
    buf[len] = '\0';
    if (memchr(buf, '\0', len) != NULL)
    {
        flint_free(buf);
        *status = hkz_error_set(HKZ_ERR_ARG, "weight file '%s': not a text "
                                "file (contains NUL bytes)", path);
        return NULL;
    }
    return buf;
}

/* the list of weights of a file into tmp (freshly initialized) */
int _hkz_su2n_weights_file_list(hkz_su2n_weights_t tmp, const char *path,
                          slong prec)
{
    char *buf, *line, *next, *item;
    arb_ptr v = NULL;
    slong n = 0, cap = 0, lineno = 0;
    int status = HKZ_SUCCESS;

    buf = slurp(path, &status);
    if (buf == NULL)
        return status;
    for (line = buf; line != NULL && status == HKZ_SUCCESS; line = next)
    {
        char *hash, *eol = strchr(line, '\n');
        next = eol != NULL ? eol + 1 : NULL;
        if (eol != NULL)
            *eol = '\0';
        lineno++;
        if ((hash = strchr(line, '#')) != NULL)
            *hash = '\0';
        item = _hkz_su2n_str_strip_all(line);
        if (item == NULL)
        {
            status = hkz_error_set(HKZ_ERR_ARG, "weight file '%s' line %ld: "
                                   "whitespace inside a number in '%.60s' "
                                   "(one weight per line)", path,
                                   (long) lineno, line);
            break;
        }
        if (item[0] != '\0')
        {
            if (n == cap)
            {
                slong ncap = FLINT_MAX(2 * cap, 16);
                arb_ptr nv = _arb_vec_init(ncap);
                if (v != NULL)
                {
                    _arb_vec_swap(nv, v, n);
                    _arb_vec_clear(v, cap);
                }
                v = nv;
                cap = ncap;
            }
            if (!_hkz_su2n_str_number(v + n, item, prec))
                status = hkz_error_set(HKZ_ERR_ARG, "weight file '%s' line "
                                       "%ld: '%.60s' is not a number", path,
                                       (long) lineno, item);
            else if (!arb_is_positive(v + n))
                status = hkz_error_set(HKZ_ERR_ARG, "weight file '%s' line "
                                       "%ld: weight '%.60s' must be > 0",
                                       path, (long) lineno, item);
            n++;
        }
        flint_free(item);
    }
    if (status == HKZ_SUCCESS && n == 0)
        status = hkz_error_set(HKZ_ERR_ARG, "weight file '%s': no weights "
                               "(%ld lines, all blank or comments)", path,
                               (long) lineno);
    if (status == HKZ_SUCCESS)
        status = hkz_su2n_weights_set_list(tmp, v, n);
    if (v != NULL)
        _arb_vec_clear(v, cap);
    flint_free(buf);
    return status;
}

void _hkz_su2n_weights_swap_keep_cap(hkz_su2n_weights_t w,
                                     hkz_su2n_weights_t tmp)
{
    hkz_su2n_weights_struct t = *w;
    slong mf = w->max_factors;
    *w = *tmp;
    *tmp = t;
    w->max_factors = mf;
}

int hkz_su2n_weights_read_file(hkz_su2n_weights_t w, const char *path,
        slong prec)
{
    hkz_su2n_weights_t tmp;
    int status;

    HKZ_CHECK(w != NULL && path != NULL, HKZ_ERR_ARG,
              "hkz_su2n_weights_read_file: NULL argument");
    HKZ_CHECK(prec >= 2, HKZ_ERR_ARG, "hkz_su2n_weights_read_file: prec "
              "must be >= 2");
    hkz_su2n_weights_init(tmp);
    status = _hkz_su2n_weights_file_list(tmp, path, prec);
    if (status == HKZ_SUCCESS)
        _hkz_su2n_weights_swap_keep_cap(w, tmp);
    hkz_su2n_weights_clear(tmp);
    return status;
}
