/* h_t(alpha) on a grid of angles x times through the spectral-sum engine:
 * the character sum (2.1) h_t(alpha) = sum_{n>=1} n e^{-(n^2-1)t}
 * U_{n-1}(cos alpha) (spec heat_kernels_su2.md section 2) for n <= nmax,
 * with a rigorous double error bound per entry:
 *
 *   |out - h_t(alpha)| <= err_engine(t)              (engine, x~ exact)
 *                       + |x~ - cos alpha| D(t)      (rounding of the point)
 *                       + TB1(t, nmax)               (truncation, spec TB1)
 *
 * where x~ is cos(alpha) rounded to double (bounded with Arb) and, by the
 * mean value theorem, D(t) >= sum_{n<=nmax} n e^{-(n^2-1)t} max_{[-1,1]}
 * |U'_{n-1}| with max |U'_m| = U'_m(1) = m (m+1) (m+2) / 3. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include "hkz/su2.h"
#include "hkz/engine.h"
#include "hkz_check.h"
#include "heat_bi_internal.h"
#include "su2_grid_internal.h"

#define GRID_PREC 128

/* TB1 (an upper bound) at a double time t */
static double tail_tb1_up(double t, size_t N)
{
    arb_t tt, s;
    arf_t ub;
    double res;

    arb_init(tt); arb_init(s); arf_init(ub);
    arb_set_d(tt, t);
    hkz_su2_tb1(s, tt, (ulong) N, 64);
    arb_get_ubound_arf(ub, s, 64);
    res = arb_is_finite(s) ? arf_get_d(ub, ARF_RND_UP) : INFINITY;
    arb_clear(tt); arb_clear(s); arf_clear(ub);
    return res;
}

int hkz_su2_heat_bi_grid(double *out, double *err, size_t ldo,
                         hkz_engine_t e, const double *alpha, size_t nalpha,
                         const double *t, size_t nt, size_t nmax)
{
    hkz_engine_t own = NULL;
    hkz_engine_problem_t pb;
    double *x = NULL, *dx = NULL, *colerr = NULL, *bd = NULL, *W = NULL;
    double *Werr = NULL, *Dmag = NULL, *Derr = NULL;
    size_t i, j, K, tmin_j = 0;
    int status = HKZ_SUCCESS;

    HKZ_TRY(_hkz_su2_bi_grid_check("hkz_su2_heat_bi_grid", out, err, &ldo,
                                   alpha, nalpha, t, nt, &tmin_j));
    K = nmax;
    if (K == 0)
    {
        /* e^{-(A^2-1) t} <= e^{-60} at the smallest t */
        double k = ceil(sqrt(1.0 + 60.0 / t[tmin_j]));
        K = k > (double) (1 << 20) ? (size_t) 1 << 20 : (size_t) k;
    }
    HKZ_CHECK(K <= ((size_t) 1 << 20), HKZ_ERR_ARG,
              "hkz_su2_heat_bi_grid: nmax = %zu too large (max 2^20)", K);

    x = malloc(nalpha * sizeof(double));
    dx = malloc(nalpha * sizeof(double));
    colerr = malloc(nt * sizeof(double));
    bd = malloc(K * sizeof(double));
    W = malloc(K * nt * sizeof(double));
    Werr = malloc(K * nt * sizeof(double));
    Dmag = malloc(nt * sizeof(double));
    Derr = malloc(nt * sizeof(double));
    HKZ_CHECK_GOTO(x && dx && colerr && bd && W && Werr && Dmag && Derr,
                   HKZ_ERR_NOMEM, "hkz_su2_heat_bi_grid: out of memory");

    _hkz_su2_bi_grid_points(x, dx, bd, alpha, nalpha, K);
    HKZ_TRY_GOTO(hkz_engine_heat_weights(W, Werr, K, K, 0, t, nt));
    HKZ_TRY_GOTO(hkz_engine_col_bounds(Derr, Dmag, bd, NULL, W, Werr, K, K,
                                       nt));

    if (e == NULL)
    {
        HKZ_TRY_GOTO(hkz_engine_create(&own, NULL));
        e = own;
    }
    hkz_engine_problem_init(&pb);
    pb.P = nalpha;
    pb.K = K;
    pb.T = nt;
    pb.basis = HKZ_BASIS_CHEB_U;
    pb.x = x;
    pb.weights = HKZ_WEIGHTS_HEAT;
    pb.times = t;
    pb.ldo = ldo;
    pb.err_layout = HKZ_ERR_PER_COLUMN;
    HKZ_TRY_GOTO(hkz_engine_run(e, out, colerr, &pb));

    for (j = 0; j < nt; j++)
    {
        double base = _hkz_su2_grid_fma_up(colerr[j], 1.0,
                                           tail_tb1_up(t[j], K));
        double D = _hkz_su2_grid_fma_up(Dmag[j], 1.0, Derr[j]);
        for (i = 0; i < nalpha; i++)
            err[i + j * ldo] = _hkz_su2_grid_fma_up(base, dx[i], D);
    }
cleanup:
    if (status != HKZ_SUCCESS)
        _hkz_su2_grid_set_nan(out, err, ldo, nalpha, nt);
    hkz_engine_destroy(&own);
    free(x); free(dx); free(colerr); free(bd); free(W); free(Werr);
    free(Dmag); free(Derr);
    return status;
}
