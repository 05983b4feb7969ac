/* Point files of grids: su2-milnor elements "a_re,a_im,b_re,b_im" and
 * points of SU(2)^n (POINT syntax), one per line. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "hkz/grid.h"
#include "hkz_check.h"

#define FILE_MAX_BYTES ((size_t) 1 << 30)

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    char *buf = NULL, *nb;
    size_t n = 0, cap = 0, k;

    if (f == NULL)
        return NULL;
    for (;;)
    {
        if (cap - n < 65536)
        {
            cap = 2 * cap + 65536;
            if (cap > FILE_MAX_BYTES || (nb = realloc(buf, cap)) == NULL)
            {
                free(buf);
                fclose(f);
                return NULL;
            }
            buf = nb;
        }
        k = fread(buf + n, 1, cap - n - 1, f);
        n += k;
        if (k == 0)
            break;
    }
    fclose(f);
    buf[n] = '\0';
    *len = n;
    return buf;
}

/* the element a_re,a_im,b_re,b_im of a line, normalized (as hkz heat
 * su2-milnor --g does) */
static int parse_elem(arb_ptr g4, char *s, slong prec)
{
    hkz_grid_list_t l;
    arb_t n2, tol;
    int status = HKZ_SUCCESS, k;

    hkz_grid_list_init(l);
    arb_init(n2);
    arb_init(tol);
    if (strchr(s, ':') != NULL || hkz_grid_list_set_str(l, s, 0, prec)
        != HKZ_SUCCESS || l->n != 4)
        status = hkz_error_set(HKZ_ERR_ARG, "expected a_re,a_im,b_re,b_im");
    else
    {
        arb_sqr(n2, l->v, prec);
        for (k = 1; k < 4; k++)
            arb_addmul(n2, l->v + k, l->v + k, prec);
        arb_sub_ui(tol, n2, 1, prec);
        arb_abs(tol, tol);
        if (!(arf_cmpabs_2exp_si(arb_midref(tol), -33) < 0))
            status = hkz_error_set(HKZ_ERR_ARG, "|a|^2+|b|^2 = %.17g is not "
                                   "1 (tolerance 1e-10)",
                                   arf_get_d(arb_midref(n2), ARF_RND_NEAR));
        else
        {
            arb_rsqrt(n2, n2, prec);
            for (k = 0; k < 4; k++)
                arb_mul(g4 + k, l->v + k, n2, prec);
        }
    }
    hkz_grid_list_clear(l);
    arb_clear(n2);
    arb_clear(tol);
    return status;
}

int hkz_grid_heat_read_file(hkz_grid_heat_t g, const char *path, slong prec)
{
    char *buf, *p, *q, *h, *e;
    size_t len = 0, k;
    slong nl = 0, n = 0, cap = 0, lineno = 0, i;
    slong *line = NULL;
    arb_ptr g4 = NULL;
    hkz_su2n_point_struct *pts = NULL;
    ulong hash = 14695981039346656037UL;
    int status = HKZ_SUCCESS, milnor;

    HKZ_CHECK(g != NULL && path != NULL, HKZ_ERR_ARG, "grid file: NULL "
              "argument");
    milnor = g->kind == HKZ_GRID_SU2_MILNOR;
    HKZ_CHECK(milnor || g->kind == HKZ_GRID_PRODUCT, HKZ_ERR_ARG,
              "grid file: only su2-milnor (--g) and product (--points) read "
              "files");
    buf = slurp(path, &len);
    HKZ_CHECK(buf != NULL, HKZ_ERR_IO, "cannot read '%s'", path);
    for (k = 0; k < len; k++)
    {
        hash = (hash ^ (unsigned char) buf[k]) * 1099511628211UL;
        nl += buf[k] == '\n';
    }
    cap = nl + 1;
    line = malloc(cap * sizeof(slong));
    if (milnor)
        g4 = _arb_vec_init(4 * cap);
    else
        pts = malloc(cap * sizeof(hkz_su2n_point_struct));
    HKZ_CHECK_GOTO(line != NULL && (milnor || pts != NULL), HKZ_ERR_NOMEM,
                   "grid file: out of memory");
    for (p = buf; p != NULL && status == HKZ_SUCCESS; p = q)
    {
        q = strchr(p, '\n');
        if (q != NULL)
            *q++ = '\0';
        lineno++;
        if ((h = strchr(p, '#')) != NULL)
            *h = '\0';
        while (isspace((unsigned char) *p))
            p++;
        e = p + strlen(p);
        while (e > p && isspace((unsigned char) e[-1]))
            *--e = '\0';
        if (*p == '\0')
            continue;
        line[n] = lineno;
        if (milnor)
            status = parse_elem(g4 + 4 * n, p, prec);
        else
        {
            hkz_su2n_point_init(pts + n, 0);
            status = hkz_su2n_point_set_str(pts + n, p, prec);
            if (status != HKZ_SUCCESS)
                hkz_su2n_point_clear(pts + n);
        }
        if (status != HKZ_SUCCESS)
            status = hkz_error_set(status, "file '%s' line %ld: %s", path,
                                   (long) lineno, hkz_errmsg());
        else
            n++;
    }
    if (status == HKZ_SUCCESS)
        HKZ_CHECK_GOTO(n >= 1, HKZ_ERR_ARG, "file '%s': no points", path);
cleanup:
    free(buf);
    if (status != HKZ_SUCCESS)
    {
        free(line);
        if (g4 != NULL)
            _arb_vec_clear(g4, 4 * cap);
        if (pts != NULL)
        {
            for (i = 0; i < n; i++)
                hkz_su2n_point_clear(pts + i);
            free(pts);
        }
        return status;
    }
    /* replace the previous file, if any */
    free(g->line);
    if (g->g != NULL)
        _arb_vec_clear(g->g, 4 * g->nfile);
    if (g->pts != NULL)
    {
        for (i = 0; i < g->nfile; i++)
            hkz_su2n_point_clear(g->pts + i);
        free(g->pts);
    }
    free(g->path);
    g->path = malloc(strlen(path) + 1);
    if (g->path != NULL)
        strcpy(g->path, path);
    g->line = line;
    if (milnor)
    {
        /* shrink the vector to n elements */
        g->g = _arb_vec_init(4 * n);
        _arb_vec_swap(g->g, g4, 4 * n);
        _arb_vec_clear(g4, 4 * cap);
    }
    else
        g->pts = pts;
    g->g = milnor ? g->g : NULL;
    g->nfile = n;
    g->hash = hash;
    HKZ_CHECK(g->path != NULL, HKZ_ERR_NOMEM, "grid file: out of memory");
    return HKZ_SUCCESS;
}
