/* Helpers of the experiments on grids (compare_grid_internal.h): tuple
 * lists "x,y;x,y" and the three-point fit of the t log t coefficient. */
#include <ctype.h>
#include <string.h>
#include "compare_grid_internal.h"

int _hkz_compare_tuples(arb_ptr v, slong *n, slong arity, const char *name,
                        const char *s, int allow_zero, slong prec)
{
    char buf[4096], item[256], *p, *q;
    slong m = 0, k;

    if (s == NULL || strlen(s) >= sizeof(buf))
        return hkz_error_set(HKZ_ERR_ARG, "%s: missing or too long", name);
    strcpy(buf, s);
    if (arity == 1)                  /* a plain list: "x1,x2,..." */
        for (p = buf; *p != '\0'; p++)
            if (*p == ',')
                *p = ';';
    for (p = buf; p != NULL; p = q)
    {
        q = strchr(p, ';');
        if (q != NULL)
            *q++ = '\0';
        while (isspace((unsigned char) *p))
            p++;
        if (*p == '\0' && q == NULL && m > 0)
            break;                              /* trailing ';' */
        if (m >= HKZ_COMPARE_GRID_MAX)
            return hkz_error_set(HKZ_ERR_ARG, "%s: at most %d items", name,
                                 HKZ_COMPARE_GRID_MAX);
        for (k = 0; k < arity; k++)
        {
            _hkz_compare_list_item(item, sizeof(item), p, k);
            if (item[0] == '\0')
                return hkz_error_set(HKZ_ERR_ARG, "%s: item %ld '%s' needs "
                                     "%ld comma-separated numbers", name,
                                     (long) m + 1, p, (long) arity);
            if (hkz_ball_set_str(v + m * arity + k, item, prec) !=
                HKZ_SUCCESS)
                return _hkz_compare_prefix(HKZ_ERR_ARG, name);
            if (!(allow_zero ? arb_is_nonnegative(v + m * arity + k)
                             : arb_is_positive(v + m * arity + k)))
                return hkz_error_set(HKZ_ERR_ARG, "%s: values must be %s "
                                     "(got '%s')", name, allow_zero ? ">= 0"
                                     : "> 0", item);
        }
        _hkz_compare_list_item(item, sizeof(item), p, arity);
        if (item[0] != '\0')
            return hkz_error_set(HKZ_ERR_ARG, "%s: item %ld '%s' has more "
                                 "than %ld numbers", name, (long) m + 1, p,
                                 (long) arity);
        m++;
    }
    *n = m;
    return HKZ_SUCCESS;
}

/* 3 x 3 determinant of rows (a_i, b_i, c_i) */
static double det3(const double *a, const double *b, const double *c)
{
    return a[0] * (b[1] * c[2] - b[2] * c[1]) -
           a[1] * (b[0] * c[2] - b[2] * c[0]) +
           a[2] * (b[0] * c[1] - b[1] * c[0]);
}

double _hkz_compare_fit_tlogt(const double *t, const double *e)
{
    /* columns: log t, 1, t; right-hand side e / t (Cramer for A) */
    double c0[3], c1[3], c2[3], y[3], D;
    int i;
    for (i = 0; i < 3; i++)
    {
        c0[i] = log(t[i]);
        c1[i] = 1.0;
        c2[i] = t[i];
        y[i] = e[i] / t[i];
    }
    D = det3(c0, c1, c2);
    return D != 0.0 ? det3(y, c1, c2) / D : NAN;
}
