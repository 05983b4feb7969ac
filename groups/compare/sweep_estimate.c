/* The sweep's estimate of the exponent c (double, not certified). */
#include <math.h>
#include <stdlib.h>
#include "sweep_internal.h"

typedef struct
{
    double x, y;
} pt_t;

static int cmp_pt(const void *p, const void *q)
{
    const pt_t *u = p, *v = q;
    return (u->x > v->x) - (u->x < v->x);
}

static int cmp_dbl(const void *p, const void *q)
{
    double u = *(const double *) p, v = *(const double *) q;
    return (u > v) - (u < v);
}

/* c_hat: slope of the upper envelope of (log10 d_Delta, log10 d_L) (per
 * decade of d_Delta the sample of largest d_L) over the smallest half of
 * the decades, at least 3, as the median of the slopes between envelope
 * points half a decade or more apart (Theil-Sen: a decade whose largest
 * d_L is low for want of samples does not pull it); NaN if there is no
 * such pair. */
double _hkz_sweep_estimate_c(const double *ldd, const double *ldl, slong n)
{
    pt_t *p = malloc(sizeof(pt_t) * (n + 1)), *env;
    double *sl;
    slong i, k2, m = 0, k = 0, use, ns = 0;
    double c = NAN;
    if (p == NULL)
        return NAN;
    for (i = 0; i < n; i++)
        if (isfinite(ldd[i]) && isfinite(ldl[i]))
        {
            p[m].x = ldd[i];
            p[m].y = ldl[i];
            m++;
        }
    qsort(p, m, sizeof(pt_t), cmp_pt);
    env = p;  /* compacted in place: one point per decade */
    for (i = 0; i < m; i++)
    {
        if (k > 0 && floor(env[k - 1].x) == floor(p[i].x))
        {
            if (p[i].y > env[k - 1].y)
                env[k - 1] = p[i];
        }
        else
            env[k++] = p[i];
    }
    use = FLINT_MIN(k, FLINT_MAX(3, (k + 1) / 2));
    sl = malloc(sizeof(double) * (use * use + 1));
    if (sl != NULL)
    {
        for (i = 0; i < use; i++)
            for (k2 = i + 1; k2 < use; k2++)
                if (env[k2].x - env[i].x >= 0.5)
                    sl[ns++] = (env[k2].y - env[i].y) / (env[k2].x - env[i].x);
        if (ns > 0)
        {
            qsort(sl, ns, sizeof(double), cmp_dbl);
            c = ns % 2 ? sl[ns / 2] : 0.5 * (sl[ns / 2 - 1] + sl[ns / 2]);
        }
    }
    free(sl);
    free(p);
    return c;
}
