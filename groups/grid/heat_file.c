/* Point files of grids: su2-milnor elements "a_re,a_im,b_re,b_im" and
 * points of SU(2)^n (POINT syntax), one per line. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "hkz/grid.h"
#include "hkz/text.h"
#include "hkz_check.h"

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
    char *buf = NULL, **txt = NULL;
    slong n = 0, cap = 0, nt = 0, i;
    slong *line = NULL;
    arb_ptr g4 = NULL;
    hkz_su2n_point_struct *pts = NULL;
    ulong hash = 0;
    int status = HKZ_SUCCESS, milnor;

    HKZ_CHECK(g != NULL && path != NULL, HKZ_ERR_ARG, "grid file: NULL "
              "argument");
    milnor = g->kind == HKZ_GRID_SU2_MILNOR;
    HKZ_CHECK(milnor || g->kind == HKZ_GRID_PRODUCT, HKZ_ERR_ARG,
              "grid file: only su2-milnor (--g) and product (--points) read "
              "files");
    HKZ_TRY(hkz_text_read(&buf, NULL, &hash, path, 0));
    HKZ_TRY_GOTO(hkz_text_lines(&txt, &line, &nt, buf));
    cap = FLINT_MAX(nt, 1);
    if (milnor)
        g4 = _arb_vec_init(4 * cap);
    else
        pts = malloc(cap * sizeof(hkz_su2n_point_struct));
    HKZ_CHECK_GOTO(milnor || pts != NULL, HKZ_ERR_NOMEM,
                   "grid file: out of memory");
    for (n = 0; n < nt && status == HKZ_SUCCESS; )
    {
        char *p = txt[n];
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
                                   (long) line[n], hkz_errmsg());
        else
            n++;
    }
    if (status == HKZ_SUCCESS)
        HKZ_CHECK_GOTO(n >= 1, HKZ_ERR_ARG, "file '%s': no points", path);
cleanup:
    free(buf);
    free(txt);
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
