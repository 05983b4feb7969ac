/* Shared steps of the bi-invariant engine grids (heat_bi_grid.c and
 * heat_bi_grid_deriv.c): argument checks, Chebyshev points and slopes. */
#include <math.h>
#include <stdint.h>
#include "hkz_check.h"
#include "su2_grid_internal.h"

#define GRID_PREC 128

int _hkz_su2_bi_grid_check(const char *fn, const double *out,
        const double *err, size_t *ldo, const double *alpha, size_t nalpha,
        const double *t, size_t nt, size_t *tmin_j)
{
    size_t i, j;
    HKZ_CHECK(out != NULL && err != NULL && alpha != NULL && t != NULL,
              HKZ_ERR_ARG, "%s: NULL argument", fn);
    HKZ_CHECK(nalpha >= 1 && nt >= 1, HKZ_ERR_ARG,
              "%s: empty grid (%zu angles, %zu times)", fn, nalpha, nt);
    if (*ldo == 0)
        *ldo = nalpha;
    HKZ_CHECK(*ldo >= nalpha, HKZ_ERR_ARG, "%s: ldo = %zu < number of "
              "angles %zu", fn, *ldo, nalpha);
    for (i = 0; i < nalpha; i++)
        HKZ_CHECK(alpha[i] >= 0 && alpha[i] <= M_PI, HKZ_ERR_DOMAIN,
                  "%s: alpha[%zu] = %g not in [0, pi]", fn, i, alpha[i]);
    *tmin_j = 0;
    for (j = 0; j < nt; j++)
    {
        HKZ_CHECK(isfinite(t[j]) && t[j] > 0, HKZ_ERR_DOMAIN,
                  "%s: t[%zu] = %g must be finite and > 0", fn, j, t[j]);
        if (t[j] < t[*tmin_j])
            *tmin_j = j;
    }
    return HKZ_SUCCESS;
}

void _hkz_su2_bi_grid_points(double *x, double *dx, double *bd,
        const double *alpha, size_t nalpha, size_t K)
{
    arb_t a, c;
    arf_t d;
    mag_t m;
    size_t i;

    arb_init(a); arb_init(c); arf_init(d); mag_init(m);
    /* points x~_i = cos(alpha_i) rounded, and |x~_i - cos alpha_i| */
    for (i = 0; i < nalpha; i++)
    {
        double xi;
        arb_set_d(a, alpha[i]);
        arb_cos(c, a, GRID_PREC);
        xi = arf_get_d(arb_midref(c), ARF_RND_NEAR);
        xi = xi > 1.0 ? 1.0 : (xi < -1.0 ? -1.0 : xi);
        arf_set_d(d, xi);
        arf_sub(d, arb_midref(c), d, ARF_PREC_EXACT, ARF_RND_DOWN);
        arf_get_mag(m, d);
        mag_add(m, m, arb_radref(c));
        x[i] = xi;
        dx[i] = _hkz_su2_grid_mag_get_d(m);
    }
    /* bd_k >= max |U'_{n-1}| on [-1, 1] = (n-1) n (n+1) / 3, n = k + 1 */
    for (i = 0; i < K; i++)
    {
        uint64_t n = i + 1;
        bd[i] = nextafter((double) ((n - 1) * n * (n + 1) / 3), INFINITY);
    }
    arb_clear(a); arb_clear(c); arf_clear(d); mag_clear(m);
}

double _hkz_su2_grid_fma_up(double a, double b, double c)
{
    /* three roundings, each at most a factor 1 - u; (1 + 2^-50)(1 - u)^4
     * >= 1; 2^-1018 covers an underflow of b c */
    return (a + b * c) * (1.0 + 0x1p-50) + 0x1p-1018;
}
