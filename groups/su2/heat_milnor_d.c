/* Double fast path for the Milnor-family heat kernel (see heat_milnor.c
 * for the formulas and the truncation bound): pi_n(g) by the recurrence of
 * milnor_wigner.c, exp(-t L_n) from the eigen-decomposition of the two
 * tridiagonal blocks of L_n by LAPACKE_dstev.  Not certified. */
#include <math.h>
#include <stdlib.h>
#include <lapacke.h>
#include "hkz/su2.h"
#include "hkz_check.h"
#include "milnor_internal.h"

/* representations beyond this are refused (cost grows like N^4) */
#define MILNOR_D_NMAX WORD(600)

int hkz_su2_heat_milnor_d(double *res, double a, double b, double c,
                          double t, const double g[4])
{
    double *Dp = NULL, *Dn = NULL, *dg = NULL, *of = NULL, *Zv = NULL, *tmp;
    double sum, nrm, d, e;
    slong N, n, par, al, be, l, m, mmax;
    lapack_int info;
    int status = HKZ_SUCCESS;

    if (res != NULL)
        *res = NAN;
    HKZ_CHECK(res != NULL && g != NULL, HKZ_ERR_ARG,
              "hkz_su2_heat_milnor_d: NULL argument");
    HKZ_CHECK(isfinite(a) && a > 0, HKZ_ERR_DOMAIN,
              "hkz_su2_heat_milnor_d: a must be > 0 (got %.17g)", a);
    HKZ_CHECK(isfinite(b) && b > 0, HKZ_ERR_DOMAIN,
              "hkz_su2_heat_milnor_d: b must be > 0 (got %.17g)", b);
    HKZ_CHECK(isfinite(c) && c >= 0, HKZ_ERR_DOMAIN,
              "hkz_su2_heat_milnor_d: c must be >= 0 (got %.17g)", c);
    HKZ_CHECK(isfinite(t) && t > 0, HKZ_ERR_DOMAIN,
              "hkz_su2_heat_milnor_d: t must be > 0 (got %.17g)", t);
    nrm = g[0] * g[0] + g[1] * g[1] + g[2] * g[2] + g[3] * g[3];
    HKZ_CHECK(isfinite(nrm) && fabs(nrm - 1) <= 1e-10, HKZ_ERR_DOMAIN,
              "hkz_su2_heat_milnor_d: g is not in SU(2): |a|^2 + |b|^2 "
              "= %.17g", nrm);

    d = FLINT_MIN(a, b);
    e = FLINT_MIN(d, c);
    /* absolute truncation error below 2^{-64} (heat_milnor.c) */
    N = _hkz_su2_milnor_nterms(d, e, t, 64.0, MILNOR_D_NMAX);
    HKZ_CHECK(N >= 1, HKZ_ERR_DOMAIN,
              "hkz_su2_heat_milnor_d: t min(a,b) = %g is too small (more "
              "than %ld representations needed)", t * d,
              (long) MILNOR_D_NMAX);

    mmax = (N + 1) / 2;
    Dp = malloc(2 * N * N * sizeof(double));
    Dn = malloc(2 * N * N * sizeof(double));
    dg = malloc(mmax * sizeof(double));
    of = malloc(mmax * sizeof(double));
    Zv = malloc(mmax * mmax * sizeof(double));
    HKZ_CHECK_GOTO(Dp != NULL && Dn != NULL && dg != NULL && of != NULL
                   && Zv != NULL, HKZ_ERR_NOMEM,
                   "hkz_su2_heat_milnor_d: out of memory (N = %ld)",
                   (long) N);

    Dp[0] = 1.0;
    Dp[1] = 0.0;
    sum = 1.0;                            /* n = 1 */
    for (n = 2; n <= N; n++)
    {
        double tr = 0.0;
        hkz_su2_wigner_next_d(Dn, Dp, n, g);
        for (par = 0; par <= 1; par++)
        {
            m = (n - par + 1) / 2;
            for (al = 0; al < m; al++)
            {
                slong i = par + 2 * al, k = 2 * i - (n - 1);
                dg[al] = 0.5 * (a + b) * (double) (n * n - 1 - k * k)
                         + c * (double) (k * k);
                if (al + 1 < m)
                    of[al] = (b - a) * sqrt((double) (i + 1) * (i + 2)
                                            * (n - 1 - i) * (n - 2 - i));
            }
            /* L block = Z diag(dg) Z^T (eigenvalues ascending) */
            info = LAPACKE_dstev(LAPACK_COL_MAJOR, 'V', (lapack_int) m, dg,
                                 of, Zv, (lapack_int) m);
            HKZ_CHECK_GOTO(info == 0, HKZ_ERR_LAPACK,
                           "hkz_su2_heat_milnor_d: LAPACKE_dstev info = %d "
                           "(n = %ld)", (int) info, (long) n);
            /* tr(Re D_block e^{-t L}) = sum_l e^{-t lambda_l} z_l^T ReD z_l */
            for (l = 0; l < m; l++)
            {
                double q = 0.0;
                const double *z = Zv + l * m;
                for (al = 0; al < m; al++)
                {
                    double r = 0.0;
                    for (be = 0; be < m; be++)
                        r += Dn[2 * ((par + 2 * al) * n + par + 2 * be)]
                             * z[be];
                    q += z[al] * r;
                }
                tr += exp(-t * dg[l]) * q;
            }
        }
        sum += (double) n * tr;
        tmp = Dp;
        Dp = Dn;
        Dn = tmp;
    }
    *res = sum;

cleanup:
    free(Dp);
    free(Dn);
    free(dg);
    free(of);
    free(Zv);
    return status;
}
