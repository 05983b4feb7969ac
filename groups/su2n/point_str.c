/* Points of SU(2)^n from text (the POINT syntax of the CLI):
 * coordinates separated by ';', each "r,z", "r,phi,z" or "e". */
#include <stdlib.h>
#include <string.h>
#include "hkz/io.h"
#include "hkz/text.h"
#include "hkz_check.h"
#include "su2n_internal.h"

#define POINT_MAX_COORDS 100000

/* splits buf in place at sep; an empty token is an error (-2); -1: more
 * than max tokens */
static slong split(char **tok, slong max, char *buf, char sep)
{
    return hkz_text_split(tok, max, buf, sep, 0);
}

static int parse_coord(hkz_su2n_point_t x, slong i, char *tok, slong prec)
{
    char *part[4];
    slong np, k;
    arb_t v[3];
    int status = HKZ_SUCCESS;

    if (strcmp(tok, "e") == 0)
        return HKZ_SUCCESS;
    np = split(part, 4, tok, ',');
    HKZ_CHECK(np == 2 || np == 3, HKZ_ERR_ARG, "coordinate %ld: expected "
              "'r,z', 'r,phi,z' or 'e'", (long) i);
    for (k = 0; k < 3; k++)
        arb_init(v[k]);
    for (k = 0; k < np && status == HKZ_SUCCESS; k++)
        if (hkz_ball_set_str(v[k], part[k], prec) != HKZ_SUCCESS)
            status = hkz_error_set(HKZ_ERR_ARG, "coordinate %ld: '%s' is not "
                                   "a decimal number", (long) i, part[k]);
    if (status == HKZ_SUCCESS)
    {
        if (np == 2)
            status = hkz_su2n_point_set_cyl(x, i, v[0], NULL, v[1]);
        else
            status = hkz_su2n_point_set_cyl(x, i, v[0], v[1], v[2]);
        if (status != HKZ_SUCCESS)
            status = hkz_error_set(HKZ_ERR_ARG, "coordinate %ld: r must lie "
                                   "in [0, pi/2] (got '%s')", (long) i,
                                   part[0]);
    }
    for (k = 0; k < 3; k++)
        arb_clear(v[k]);
    return status;
}

int hkz_su2n_point_set_str(hkz_su2n_point_t x, const char *s, slong prec)
{
    hkz_su2n_point_t y;
    char *buf, **tok;
    slong n, i;
    int status = HKZ_SUCCESS;

    HKZ_CHECK(x != NULL && s != NULL, HKZ_ERR_ARG,
              "hkz_su2n_point_set_str: NULL argument");
    buf = malloc(strlen(s) + 1);
    tok = malloc(POINT_MAX_COORDS * sizeof(char *));
    if (buf == NULL || tok == NULL)
    {
        free(buf);
        free(tok);
        return hkz_error_set(HKZ_ERR_NOMEM, "point: out of memory");
    }
    strcpy(buf, s);
    n = split(tok, POINT_MAX_COORDS, buf, ';');
    if (n == -1)
        status = hkz_error_set(HKZ_ERR_ARG, "point: more than %d "
                               "coordinates", POINT_MAX_COORDS);
    else if (n == -2)
        status = hkz_error_set(HKZ_ERR_ARG, "point '%s': empty coordinate "
                               "(coordinates are separated by ';')", s);
    if (status == HKZ_SUCCESS)
    {
        hkz_su2n_point_init(y, n);
        for (i = 0; i < n && status == HKZ_SUCCESS; i++)
            status = parse_coord(y, i + 1, tok[i], prec);
        if (status == HKZ_SUCCESS)
        {
            hkz_su2n_point_clear(x);
            *x = *y;
        }
        else
            hkz_su2n_point_clear(y);
    }
    free(tok);
    free(buf);
    return status;
}

int hkz_su2n_point_set_file(hkz_su2n_point_t x, const char *path,
                            slong prec)
{
    char *buf = NULL, **line = NULL, *joined = NULL;
    slong n = 0, i;
    size_t len = 0;
    int status;

    HKZ_CHECK(x != NULL && path != NULL, HKZ_ERR_ARG,
              "hkz_su2n_point_set_file: NULL argument");
    status = hkz_text_read(&buf, NULL, NULL, path, (size_t) 64 << 20);
    if (status == HKZ_SUCCESS)
        status = hkz_text_lines(&line, NULL, &n, buf);
    if (status == HKZ_SUCCESS && n == 0)
        status = hkz_error_set(HKZ_ERR_ARG, "no coordinates in '%s'", path);
    if (status == HKZ_SUCCESS && n > POINT_MAX_COORDS)
        status = hkz_error_set(HKZ_ERR_ARG, "more than %d coordinates",
                               POINT_MAX_COORDS);
    /* hkz_text_lines splits buf in place: size the joined text by its lines */
    for (i = 0; status == HKZ_SUCCESS && i < n; i++)
        len += strlen(line[i]) + 1;
    if (status == HKZ_SUCCESS && (joined = malloc(len + 1)) == NULL)
        status = hkz_error_set(HKZ_ERR_NOMEM, "point: out of memory");
    len = 0;
    if (status == HKZ_SUCCESS)
    {
        for (i = 0; i < n; i++)
        {
            size_t m = strlen(line[i]);
            if (i > 0)
                joined[len++] = ';';
            memcpy(joined + len, line[i], m);
            len += m;
        }
        joined[len] = '\0';
        status = hkz_su2n_point_set_str(x, joined, prec);
        if (status == HKZ_ERR_ARG)
            status = hkz_error_set(HKZ_ERR_ARG, "file '%s': %s", path,
                                   hkz_errmsg());
    }
    free(joined);
    free(line);
    free(buf);
    return status;
}
