/* Time derivatives d^k/dt^k h_t(alpha) on a grid of angles x times through
 * the spectral-sum engine: the character sum (2.1) differentiated term by
 * term (uniform convergence for t >= t_min > 0),
 *   d^k/dt^k h_t(alpha) = sum_{n>=1} n (-lambda_n)^k e^{-lambda_n t}
 *                         U_{n-1}(cos alpha),   lambda_n = n^2 - 1,
 * for n <= N with GIVEN weights w_n = n (-lambda_n)^k e^{-lambda_n t}
 * computed in Arb and rounded to doubles w~_n, |w~_n - w_n| <= c_n.  With
 * x~ = cos(alpha) rounded to double (bounded with Arb):
 *
 *   |out - d^k h| <= err_engine(t)               (engine, w~ exact)
 *                  + sum_n n c_n                 (|U_{n-1}| <= n on [-1,1])
 *                  + |x~ - cos alpha| D(t)       (mean value theorem)
 *                  + B_k(t, N)                   (truncation)
 *
 * D(t) >= sum_n (|w~_n| + c_n) max_{[-1,1]} |U'_{n-1}|, max |U'_m| =
 * U'_m(1) = m (m+1) (m+2) / 3; B_k is _hkz_su2_heat_bi_tail_bound
 * (heat_bi_tail.c): for lambda >= lambda0 = (N+1)^2 - 1 >= 2k/t the map
 * lambda -> lambda^k e^{-lambda t/2} decreases, so
 *   sum_{n>N} n lambda_n^k e^{-lambda_n t} |U_{n-1}| <= lambda0^k
 *   e^{-lambda0 t/2} sum_{n>N} n^2 e^{-lambda_n t/2} = lambda0^k
 *   e^{-lambda0 t/2} TB1(t/2, N).
 * The engine error is the GIVEN-weights bound of hkz/engine.h (Higham 3.1,
 * any summation order). */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include "hkz/su2.h"
#include "hkz/engine.h"
#include "hkz_check.h"
#include "heat_bi_internal.h"
#include "su2_grid_internal.h"

#define GRID_PREC 128

/* column j of the weights and their rounding bounds, n = 1..K */
static void deriv_weights(double *W, double *Werr, size_t K, double tj,
                          ulong k)
{
    arb_t t, q, r, e, w, lam;
    arf_t d;
    mag_t m;
    size_t n;

    arb_init(t); arb_init(q); arb_init(r); arb_init(e); arb_init(w);
    arb_init(lam); arf_init(d); mag_init(m);
    arb_set_d(t, tj);
    arb_mul_si(q, t, -2, GRID_PREC);
    arb_exp(q, q, GRID_PREC);                /* e^{-2t} */
    arb_mul_si(r, t, -3, GRID_PREC);
    arb_exp(r, r, GRID_PREC);                /* e^{-3t} */
    arb_one(e);                              /* e^{-lambda_1 t} = 1 */
    for (n = 1; n <= K; n++)
    {
        double v;
        if (n >= 2)
        {
            arb_mul(e, e, r, GRID_PREC);     /* e^{-(n^2-1)t} */
            arb_mul(r, r, q, GRID_PREC);     /* e^{-(2n+1)t} */
        }
        arb_set_ui(lam, (ulong) n * n - 1);  /* exact: n <= 2^20 */
        arb_pow_ui(lam, lam, k, GRID_PREC);
        arb_mul(w, e, lam, GRID_PREC);
        arb_mul_ui(w, w, (ulong) n, GRID_PREC);
        if (k & 1)
            arb_neg(w, w);
        v = arf_get_d(arb_midref(w), ARF_RND_NEAR);
        W[n - 1] = v;
        arf_set_d(d, v);
        arf_sub(d, arb_midref(w), d, ARF_PREC_EXACT, ARF_RND_DOWN);
        arf_get_mag(m, d);
        mag_add(m, m, arb_radref(w));
        Werr[n - 1] = _hkz_su2_grid_mag_get_d(m);
    }
    arb_clear(t); arb_clear(q); arb_clear(r); arb_clear(e); arb_clear(w);
    arb_clear(lam); arf_clear(d); mag_clear(m);
}

int hkz_su2_heat_bi_grid_deriv(double *out, double *err, size_t ldo,
        hkz_engine_t e, const double *alpha, size_t nalpha, const double *t,
        size_t nt, size_t nmax, ulong deriv)
{
    hkz_engine_t own = NULL;
    hkz_engine_problem_t pb;
    double *x = NULL, *dx = NULL, *colerr = NULL, *bd = NULL, *W = NULL;
    double *Werr = NULL, *Dmag = NULL, *Derr = NULL, *nv = NULL;
    double *Cerr = NULL;
    size_t i, j, K, tmin_j = 0;
    arf_t d;
    mag_t m;
    int status = HKZ_SUCCESS;

    if (deriv == 0)
        return hkz_su2_heat_bi_grid(out, err, ldo, e, alpha, nalpha, t, nt,
                                    nmax);
    HKZ_CHECK(deriv <= HKZ_SU2_HEAT_BI_MAX_DERIV, HKZ_ERR_ARG,
              "hkz_su2_heat_bi_grid_deriv: deriv %lu > %d",
              (unsigned long) deriv, HKZ_SU2_HEAT_BI_MAX_DERIV);
    HKZ_TRY(_hkz_su2_bi_grid_check("hkz_su2_heat_bi_grid_deriv", out, err,
                                   &ldo, alpha, nalpha, t, nt, &tmin_j));
    K = nmax;
    if (K == 0)
    {
        /* tail majorant <= e^{-60} |2 (-3)^k e^{-3t}| (the n = 2 term) at
         * the smallest t; steering only, the bound below is proven */
        double lt = log(2.0) + deriv * log(3.0) - 3.0 * t[tmin_j] - 60.0;
        ulong N = _hkz_su2_heat_bi_choose_N(t[tmin_j], deriv, lt);
        K = N > ((ulong) 1 << 20) ? (size_t) 1 << 21 : (size_t) N;
    }
    HKZ_CHECK(K <= ((size_t) 1 << 20), HKZ_ERR_TOO_LARGE,
              "hkz_su2_heat_bi_grid_deriv: %zu modes too many (max 2^20)",
              K);

    arf_init(d); mag_init(m);
    x = malloc(nalpha * sizeof(double));
    dx = malloc(nalpha * sizeof(double));
    colerr = malloc(nt * sizeof(double));
    bd = malloc(K * sizeof(double));
    nv = malloc(K * sizeof(double));
    W = malloc(K * nt * sizeof(double));
    Werr = malloc(K * nt * sizeof(double));
    Dmag = malloc(nt * sizeof(double));
    Derr = malloc(nt * sizeof(double));
    Cerr = malloc(nt * sizeof(double));
    HKZ_CHECK_GOTO(x && dx && colerr && bd && nv && W && Werr && Dmag &&
                   Derr && Cerr, HKZ_ERR_NOMEM,
                   "hkz_su2_heat_bi_grid_deriv: out of memory");

    _hkz_su2_bi_grid_points(x, dx, bd, alpha, nalpha, K);
    for (i = 0; i < K; i++)
        nv[i] = (double) (i + 1);           /* exact */
    for (j = 0; j < nt; j++)
        deriv_weights(W + j * K, Werr + j * K, K, t[j], deriv);
    /* D(t_j) and sum_n n c_n (col_bounds over-estimates both) */
    HKZ_TRY_GOTO(hkz_engine_col_bounds(Derr, Dmag, bd, NULL, W, Werr, K, K,
                                       nt));
    HKZ_TRY_GOTO(hkz_engine_col_bounds(Cerr, NULL, nv, NULL, W, Werr, K, K,
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
    pb.weights = HKZ_WEIGHTS_GIVEN;
    pb.C = W;
    pb.ldc = K;
    pb.ldo = ldo;
    pb.err_layout = HKZ_ERR_PER_COLUMN;
    HKZ_TRY_GOTO(hkz_engine_run(e, out, colerr, &pb));

    for (j = 0; j < nt; j++)
    {
        double base, D, tail;
        arf_set_d(d, t[j]);
        _hkz_su2_heat_bi_tail_bound(m, d, (ulong) K, deriv);
        tail = _hkz_su2_grid_mag_get_d(m);
        base = _hkz_su2_grid_fma_up(
            _hkz_su2_grid_fma_up(colerr[j], 1.0, Cerr[j]), 1.0, tail);
        D = _hkz_su2_grid_fma_up(Dmag[j], 1.0, Derr[j]);
        for (i = 0; i < nalpha; i++)
            err[i + j * ldo] = _hkz_su2_grid_fma_up(base, dx[i], D);
    }
cleanup:
    if (status != HKZ_SUCCESS)
        _hkz_su2_grid_set_nan(out, err, ldo, nalpha, nt);
    hkz_engine_destroy(&own);
    free(x); free(dx); free(colerr); free(bd); free(nv); free(W);
    free(Werr); free(Dmag); free(Derr); free(Cerr);
    arf_clear(d); mag_clear(m);
    return status;
}
