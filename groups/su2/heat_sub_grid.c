/* p_t(r, z) on a grid of points x times through the spectral-sum engine:
 * the spectral sum (3.1) of spec heat_kernels_su2.md,
 *
 *   p_t(r, z) = sum_{k >= 0} sum_{m >= 0} B_{k,m}(r, z) C_{k,m}(t),
 *   B_{k,m} = c_k cos(kz) cos(r)^k P_m^{(0,k)}(cos 2r)   (c_0 = 1, c_k = 2:
 *             the modes k and -k together; real part of e^{ikz} D^n_kk),
 *   C_{k,m} = (2m+k+1) e^{-lambda t},  lambda = 4m(m+k+1) + 2k,
 *
 * truncated at k <= K, m <= M_k (chosen from the smallest t as in the
 * certified scalar path heat_sub_spectral.c), with a rigorous double bound
 * per entry:
 *
 *   |out - p_t| <= engine bound (gamma_K term, B and C rounding)
 *               +  tail of spec 3.5 at this t (|D^n_kk| <= 1).
 *
 * C is computed in Arb from the exact double inputs and rounded to double;
 * B is computed in double by recurrences (cos kz by rotations, Jacobi
 * polynomials by DLMF 18.9.1, spec 3.2) with a priori error bounds
 * (heat_sub_grid_basis.c); both errors enter the engine bound
 * (su2_grid_internal.h). */
#include <math.h>
#include <stdlib.h>
#include "hkz_check.h"
#include "hkz_prof.h"
#include "heat_sub_internal.h"
#include "su2_grid_internal.h"


int hkz_su2_heat_sub_grid(double *out, double *err, size_t ldo,
                          hkz_engine_t e, const double *r, const double *z,
                          size_t npts, const double *t, size_t nt)
{
    return hkz_su2_heat_sub_grid_deriv(out, err, ldo, e, r, z, npts, t, nt,
                                       0);
}

int hkz_su2_heat_sub_grid_deriv(double *out, double *err, size_t ldo,
        hkz_engine_t e, const double *r, const double *z, size_t npts,
        const double *t, size_t nt, ulong d)
{
    hkz_engine_t own = NULL;
    _hkz_su2_sub_plan_t *P = NULL;
    _hkz_su2_sub_rows_ctx X;
    double *B = NULL, *bmax = NULL, *berr = NULL, *colerr = NULL;
    size_t i, j, nmodes, pb, p0;
    int status = HKZ_SUCCESS, touched = 0;

    HKZ_CHECK(out != NULL && err != NULL && r != NULL && z != NULL
              && t != NULL, HKZ_ERR_ARG,
              "hkz_su2_heat_sub_grid: NULL argument");
    HKZ_CHECK(npts >= 1 && nt >= 1, HKZ_ERR_ARG,
              "hkz_su2_heat_sub_grid: empty grid (%zu points, %zu times)",
              npts, nt);
    if (ldo == 0)
        ldo = npts;
    HKZ_CHECK(ldo >= npts, HKZ_ERR_ARG, "hkz_su2_heat_sub_grid: ldo = %zu "
              "< number of points %zu", ldo, npts);
    touched = 1;
    for (i = 0; i < npts; i++)
    {
        HKZ_CHECK_GOTO(r[i] >= 0 && r[i] <= M_PI_2, HKZ_ERR_DOMAIN,
                       "hkz_su2_heat_sub_grid: r[%zu] = %g not in "
                       "[0, pi/2]", i, r[i]);
        HKZ_CHECK_GOTO(isfinite(z[i]), HKZ_ERR_DOMAIN,
                       "hkz_su2_heat_sub_grid: z[%zu] = %g is not finite",
                       i, z[i]);
    }
    for (j = 0; j < nt; j++)
        HKZ_CHECK_GOTO(isfinite(t[j]) && t[j] > 0, HKZ_ERR_DOMAIN,
                       "hkz_su2_heat_sub_grid: t[%zu] = %g must be finite "
                       "and > 0", j, t[j]);
    HKZ_CHECK_GOTO(d <= 64, HKZ_ERR_ARG, "hkz_su2_heat_sub_grid: deriv %lu "
                   "> 64", (unsigned long) d);
    /* truncation, weights, tails, basis coefficients (heat_sub_grid_plan.c) */
    HKZ_TRY_GOTO(_hkz_su2_sub_plan_get(&P, t, nt, d, e));
    nmodes = P->nmodes;
    if (e == NULL)
    {
        HKZ_TRY_GOTO(hkz_engine_create(&own, NULL));
        e = own;
    }
    pb = _hkz_su2_grid_batch_e(e, npts, nmodes);
    colerr = malloc(nt * sizeof(double));
    B = malloc(pb * nmodes * sizeof(double));
    bmax = malloc(nmodes * sizeof(double));
    berr = malloc(nmodes * sizeof(double));
    HKZ_CHECK_GOTO(colerr && B && bmax && berr,
                   HKZ_ERR_NOMEM, "hkz_su2_heat_sub_grid: out of memory "
                   "(%zu modes)", nmodes);

    /* the basis in double with a priori bounds (heat_sub_grid_basis.c) */
    X.S = &P->S;
    for (p0 = 0; p0 < npts; p0 += pb)
    {
        size_t np = FLINT_MIN(pb, npts - p0);
        double t0 = hkz_prof_now();
        X.r = r + p0;
        X.z = z + p0;
        HKZ_TRY_GOTO(_hkz_su2_grid_basis(B, bmax, berr, np, nmodes, e,
                                     _hkz_su2_sub_basis_rows, &X));
        hkz_prof_add(HKZ_PROF_BASIS, t0);
        HKZ_TRY_GOTO(_hkz_su2_grid_run(out + p0, err + p0, ldo, e, B, np, bmax,
                                   berr, nmodes, P->C, P->cerr, P->tail, nt,
                                   colerr, P->ckey));
    }
cleanup:
    if (status != HKZ_SUCCESS && touched)
        _hkz_su2_grid_set_nan(out, err, ldo, npts, nt);
    hkz_engine_destroy(&own);
    _hkz_su2_sub_plan_release(P);
    free(colerr); free(B);
    free(bmax); free(berr);
    return status;
}
