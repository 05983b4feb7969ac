/* Rigorous floating-point error bounds of the spectral-sum engine.
 *
 * 1. Basis recurrence.  v_0 = 1, v_1 = c x (exact: c = 2 for U, 1 for T),
 *    y = 2x (exact), v~_j = fl(y v~_{j-1} - v~_{j-2}) for j >= 2, evaluated
 *    with one rounding (fma) or two (product, then difference).  Write
 *    eta_j = v~_j - (y v~_{j-1} - v~_{j-2}).  With fl(z) = z / (1 + d),
 *    |d| <= u = 2^-53 for the difference and fl(z) = z (1 + d) + m for the
 *    product, |m| <= 2^-1075 with gradual underflow; we allow 2^-1020 per
 *    step so that the bounds also hold with flush-to-zero / denormals-are-
 *    zero modes:
 *        |eta_j| <= u |v~_j| + 2u |v~_{j-1}| + 2^-1020            (|y| <= 2).
 *    The exact values obey the same recurrence, so e_j = v~_j - v_j
 *    satisfies e_j = y e_{j-1} - e_{j-2} + eta_j, e_0 = e_1 = 0, whose
 *    solution is e_j = sum_{i=2}^{j} U_{j-i}(x) eta_i (U_m is the Green
 *    function of the recurrence: U_0 = 1, U_{-1} = 0).  Since |U_m(x)| <=
 *    m + 1 on [-1, 1]:
 *        |e_j| <= E_j := R_j + eta^_j,  R_j = sum_{i=2}^{j-1} (j-i+1) eta^_i,
 *    where eta^_i bounds |eta_i|.  With a_j >= |v_j| (j + 1 for U, 1 for
 *    T) we have |v~_j| <= a_j + R_j + |eta_j|, hence
 *        eta^_j = [u (a_j + R_j + 2 a_{j-1} + 2 E_{j-1}) + 2^-1020] / (1 - u).
 *    R is updated without cancellation: R_{j+1} = R_j + S_j + 2 eta^_j,
 *    S_{j+1} = S_j + eta^_j, S_j = sum_{i=2}^{j-1} eta^_i.  Everything is
 *    evaluated in Arb's mag_t (rounded upwards).  The bound grows like
 *    j^3 u for U and j^2 u for T (worst case, near x = +-1).
 *
 * 2. GEMM.  For any order of evaluation of an inner product of K terms
 *    (blocked, chunked, split over ranks, with or without fma), each term
 *    meets at most K roundings, so |fl(sum_k b_k c_k) - sum_k b_k c_k| <=
 *    gamma_K sum_k |b_k c_k| + K 2^-1020 (underflow, FTZ-safe; Higham, Accuracy and
 *    Stability, 2nd ed., section 3.1 and Lemma 3.1).  With the basis
 *    error and the weight error:
 *        |Out~ - B C| <= gamma_K W1 + W2 + W3 + K 2^-1020,
 *        W1 = sum_k bmax_k |C~_kt|, W2 = sum_k berr_k |C~_kt|,
 *        W3 = sum_k (bmax_k + berr_k) cerr_kt.
 *    The W are sums of K non-negative products computed in double, so the
 *    exact value is at most (W^ + K 2^-1022) / (1 - gamma_{K+1}) (one more
 *    rounding for bmax_k + berr_k).
 *
 * 3. No overflow.  If finite weights give a column the bound W1 <= 2^1021
 *    (the inflated W1 above, >= the exact sum_k bmax_k |C~_kt|), none of
 *    its outputs can overflow, in any order: every intermediate of the
 *    evaluation (products, partial sums, fma, the panels' C += sums) is
 *    the rounding of a real number z with |z| <= (1 + u)^K sum_S
 *    |b~_k c~_k| + K 2^-1020 over a subset S of the terms (induction over
 *    the operations, |fl(z)| <= (1 + u) |z| + 2^-1074, no overflow so
 *    far), and |b~_k| <= bmax_k (section 1), so |z| <= 2 W1 + 1 < DBL_MAX
 *    (K <= 2^40: (1 + u)^K < 2, K 2^-1020 < 1); rounding such a z gives a
 *    finite double, and finite inputs give no NaN.  The CPU engine then
 *    skips its scan of the outputs for a generated basis (col_bounds.big
 *    = 0); a USER basis's bmax is the caller's claim, so its outputs are
 *    always scanned. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "engine_internal.h"
#include "hkz_check.h"

double _hkz_mag_get_d_up(const mag_t m)
{
    arf_t f;
    if (mag_is_inf(m))
        return INFINITY;
    arf_init_set_mag_shallow(f, m);
    return arf_get_d(f, ARF_RND_UP);
}

void _hkz_mag_gamma(mag_t g, size_t n)
{
    /* n u / (1 - n u) <= n u (1 + 2^-12) for n u <= 2^-13 */
    mag_set_ui(g, (ulong) n);
    mag_mul_2exp_si(g, g, -53);
    {
        mag_t f;
        mag_init(f);
        mag_set_ui_2exp_si(f, (ulong) 4097, -12);
        mag_mul(g, g, f);
        mag_clear(f);
    }
}

void _hkz_engine_recurrence_bounds(double *E, size_t M, int kind_u)
{
    mag_t u, inv1mu, tiny, R, S, Eprev, eta, t, a;
    size_t j;

    E[0] = 0.0;
    if (M < 1)
        return;
    E[1] = 0.0;
    mag_init(u); mag_init(inv1mu); mag_init(tiny); mag_init(R);
    mag_init(S); mag_init(Eprev); mag_init(eta); mag_init(t); mag_init(a);
    mag_set_ui_2exp_si(u, 1, -53);
    mag_set_ui_2exp_si(inv1mu, ((ulong) 1 << 52) + 1, -52); /* 1/(1-u) */
    mag_set_ui_2exp_si(tiny, 1, -1020);
    for (j = 2; j <= M; j++)
    {
        /* a = a_j + 2 a_{j-1} */
        mag_set_ui(a, kind_u ? (ulong) (j + 1) + 2 * (ulong) j : 3);
        mag_add(t, a, R);
        mag_add(t, t, Eprev);
        mag_add(t, t, Eprev);
        mag_mul(t, t, u);
        mag_add(t, t, tiny);
        mag_mul(eta, t, inv1mu);
        /* E_j = R_j + eta_j */
        mag_add(Eprev, R, eta);
        E[j] = _hkz_mag_get_d_up(Eprev);
        /* R_{j+1} = R_j + S_j + 2 eta_j, S_{j+1} = S_j + eta_j */
        mag_add(R, R, S);
        mag_add(R, R, eta);
        mag_add(R, R, eta);
        mag_add(S, S, eta);
    }
    mag_clear(u); mag_clear(inv1mu); mag_clear(tiny); mag_clear(R);
    mag_clear(S); mag_clear(Eprev); mag_clear(eta); mag_clear(t);
    mag_clear(a);
}

/* smallest double >= a + b (a, b >= 0) */
static double add_up(double a, double b)
{
    return nextafter(a + b, INFINITY);
}

int hkz_engine_basis_bounds(double *bmax, double *berr,
                            const hkz_engine_problem_t *pb)
{
    size_t k, K = pb->K, g0 = pb->k_begin;
    double *E = NULL;
    int status = HKZ_SUCCESS;

    HKZ_CHECK(bmax != NULL && berr != NULL, HKZ_ERR_ARG,
              "hkz_engine_basis_bounds: NULL output");
    if (pb->basis == HKZ_BASIS_USER)
    {
        HKZ_CHECK(pb->user_bmax != NULL, HKZ_ERR_ARG,
                  "hkz_engine_basis_bounds: user basis needs user_bmax");
        for (k = 0; k < K; k++)
        {
            double b = pb->user_bmax[k];
            double e = pb->user_berr != NULL ? pb->user_berr[k] : 0.0;
            HKZ_CHECK(isfinite(b) && b >= 0 && isfinite(e) && e >= 0,
                      HKZ_ERR_ARG, "hkz_engine_basis_bounds: user_bmax/"
                      "user_berr[%zu] must be finite and >= 0", k);
            bmax[k] = b;
            berr[k] = e;
        }
        return HKZ_SUCCESS;
    }
    if (pb->basis == HKZ_BASIS_CHEB_U)
    {
        size_t M = g0 + K - 1;
        E = malloc((M + 1) * sizeof(double));
        HKZ_CHECK_GOTO(E != NULL, HKZ_ERR_NOMEM,
                       "hkz_engine_basis_bounds: out of memory");
        _hkz_engine_recurrence_bounds(E, M, 1);
        for (k = 0; k < K; k++)
        {
            size_t g = g0 + k;
            bmax[k] = add_up((double) (g + 1), E[g]);
            berr[k] = E[g];
        }
    }
    else if (pb->basis == HKZ_BASIS_COS)
    {
        /* m = |N - 2g| is convex in g: its maximum is at an end */
        size_t N = pb->cos_n, ga = g0, gb = g0 + K - 1, M;
        size_t ma = 2 * ga > N ? 2 * ga - N : N - 2 * ga;
        size_t mb = 2 * gb > N ? 2 * gb - N : N - 2 * gb;
        M = ma > mb ? ma : mb;
        E = malloc((M + 1) * sizeof(double));
        HKZ_CHECK_GOTO(E != NULL, HKZ_ERR_NOMEM,
                       "hkz_engine_basis_bounds: out of memory");
        _hkz_engine_recurrence_bounds(E, M, 0);
        for (k = 0; k < K; k++)
        {
            size_t g = g0 + k, m = 2 * g > N ? 2 * g - N : N - 2 * g;
            bmax[k] = add_up(1.0, E[m]);
            berr[k] = E[m];
        }
    }
    else
        HKZ_CHECK_GOTO(0, HKZ_ERR_ARG,
                       "hkz_engine_basis_bounds: unknown basis %d",
                       pb->basis);
cleanup:
    free(E);
    return status;
}

/* The bound of a column from its sums W^ (below). */
static void col_finish(double *err, double *mag, int *big, double w1,
                       double w2, double w3, const mag_t gam,
                       const mag_t infl, const mag_t under)
{
    mag_t m1, m2, m3;

    mag_init(m1); mag_init(m2); mag_init(m3);
    /* exact W <= (W^ + K 2^-1022) / (1 - gamma_{K+1}) */
    mag_set_d(m1, w1);
    mag_add(m1, m1, under);
    mag_mul(m1, m1, infl);
    if (mag_cmp_2exp_si(m1, 1021) > 0)
        *big = 1;   /* section 3 */
    if (mag != NULL)
        *mag = _hkz_mag_get_d_up(m1);
    if (err != NULL)
    {
        mag_set_d(m2, w2);
        mag_add(m2, m2, under);
        mag_mul(m2, m2, infl);
        mag_set_d(m3, w3);
        mag_add(m3, m3, under);
        mag_mul(m3, m3, infl);
        /* gamma_K W1 + W2 + W3 + K 2^-1020 (= 4 x under) */
        mag_mul(m1, m1, gam);
        mag_add(m1, m1, m2);
        mag_add(m1, m1, m3);
        mag_mul_2exp_si(m2, under, 2);
        mag_add(m1, m1, m2);
        *err = _hkz_mag_get_d_up(m1);
    }
    mag_clear(m1); mag_clear(m2); mag_clear(m3);
}

/* The bound for one column; returns 0 if a weight is not finite. */
static int col_bound(double *err, double *mag, int *big,
                     const double *bmax, const double *berr,
                     const double *c, const double *ce, size_t K,
                     const mag_t gam, const mag_t infl, const mag_t under)
{
    double w1 = 0.0, w2 = 0.0, w3 = 0.0;
    size_t k;

    for (k = 0; k < K; k++)
    {
        double a = fabs(c[k]);
        if (!isfinite(a))
            return 0;
        w1 += bmax[k] * a;
        if (berr != NULL)
            w2 += berr[k] * a;
        if (ce != NULL)
            w3 += (bmax[k] + (berr != NULL ? berr[k] : 0.0)) * ce[k];
    }
    col_finish(err, mag, big, w1, w2, w3, gam, infl, under);
    return 1;
}

/* col_bound for NCB columns at once: the same operations in
 * the same order per column (the same bits), but NCB independent chains
 * of additions instead of one (the loop above waits on each addition's
 * latency: ~1.5% of a 2048^3 engine run).  Returns 0 if a weight is not
 * finite (nothing written; col_bound then finds it). */
#define NCB 4
static int col_bound_many(double *err, double *mag, int *big,
                          const double *bmax, const double *berr,
                          const double *c, const double *ce, size_t ldc,
                          size_t K, const mag_t gam, const mag_t infl,
                          const mag_t under)
{
    double w1[NCB] = {0.0}, w2[NCB] = {0.0}, w3[NCB] = {0.0}, fin = 0.0;
    size_t k, j;

    for (k = 0; k < K; k++)
    {
        const double b = bmax[k], e = berr != NULL ? berr[k] : 0.0;
        const double be = b + e;
        for (j = 0; j < NCB; j++)
        {
            double a = fabs(c[k + j * ldc]);
            fin += a - a;   /* NaN for a non-finite weight */
            w1[j] += b * a;
            w2[j] += e * a;
        }
        if (ce != NULL)
            for (j = 0; j < NCB; j++)
                w3[j] += be * ce[k + j * ldc];
    }
    if (fin != 0.0 || fin != fin)
        return 0;
    for (j = 0; j < NCB; j++)
        col_finish(err != NULL ? err + j : NULL, mag != NULL ? mag + j : NULL,
                   big, w1[j], berr != NULL ? w2[j] : 0.0, w3[j], gam, infl,
                   under);
    return 1;
}

void _hkz_engine_col_bounds_range(size_t t0, size_t t1, void *varg)
{
    _hkz_col_bounds_t *A = varg;
    mag_t gam, infl, under;
    size_t t;
    int big = 0;

    mag_init(gam); mag_init(infl); mag_init(under);
    _hkz_mag_gamma(gam, A->K);
    /* 1 / (1 - gamma_{K+1}) <= 1 + 2 gamma_{K+1} */
    _hkz_mag_gamma(infl, A->K + 1);
    mag_mul_2exp_si(infl, infl, 1);
    mag_one(under);
    mag_add(infl, infl, under);
    mag_set_ui_2exp_si(under, (ulong) A->K, -1022);
    for (t = t0; t + NCB <= t1; t += NCB)
        if (!col_bound_many(A->err != NULL ? A->err + t : NULL,
                            A->mag != NULL ? A->mag + t : NULL, &big, A->bmax,
                            A->berr, A->C + t * A->ldc,
                            A->cerr != NULL ? A->cerr + t * A->ldc : NULL,
                            A->ldc, A->K, gam, infl, under))
            break;   /* the loop below finds the weight */
    for (; t < t1; t++)
    {
        const double *c = A->C + t * A->ldc;
        if (!col_bound(A->err != NULL ? A->err + t : NULL,
                       A->mag != NULL ? A->mag + t : NULL, &big, A->bmax,
                       A->berr,
                       c, A->cerr != NULL ? A->cerr + t * A->ldc : NULL,
                       A->K, gam, infl, under))
        {
            size_t k = 0, b, cur;
            while (k < A->K && isfinite(c[k]))
                k++;
            b = k + A->K * t;
            cur = __atomic_load_n(&A->bad, __ATOMIC_RELAXED);
            while (b < cur && !__atomic_compare_exchange_n(&A->bad, &cur, b,
                   0, __ATOMIC_RELAXED, __ATOMIC_RELAXED))
                ;
            break;
        }
    }
    if (big)
        __atomic_store_n(&A->big, 1, __ATOMIC_RELAXED);
    mag_clear(gam); mag_clear(infl); mag_clear(under);
}

int _hkz_engine_col_bounds_init(_hkz_col_bounds_t *A, double *err,
        double *mag, const double *bmax, const double *berr,
        const double *C, const double *cerr, size_t ldc, size_t K)
{
    HKZ_CHECK(bmax != NULL && C != NULL, HKZ_ERR_ARG,
              "hkz_engine_col_bounds: NULL bmax or C");
    HKZ_CHECK(K >= 1 && K <= HKZ_ENGINE_KMAX && ldc >= K, HKZ_ERR_ARG,
              "hkz_engine_col_bounds: need 1 <= K <= 2^40 and ldc >= K "
              "(K = %zu, ldc = %zu)", K, ldc);
    A->err = err; A->mag = mag; A->bmax = bmax; A->berr = berr; A->C = C;
    A->cerr = cerr; A->ldc = ldc; A->K = K; A->bad = SIZE_MAX; A->big = 0;
    return HKZ_SUCCESS;
}

int _hkz_engine_col_bounds_status(const _hkz_col_bounds_t *A)
{
    HKZ_CHECK(A->bad == SIZE_MAX, HKZ_ERR_ARG, "hkz_engine: weight C[%zu, "
              "%zu] is not finite", A->bad % A->K, A->bad / A->K);
    return HKZ_SUCCESS;
}

int _hkz_engine_col_bounds_mt(double *err, double *mag, const double *bmax,
                              const double *berr, const double *C,
                              const double *cerr, size_t ldc, size_t K,
                              size_t T, hkz_pool_t pool,
                              int nthreads)
{
    _hkz_col_bounds_t A;
    HKZ_TRY(_hkz_engine_col_bounds_init(&A, err, mag, bmax, berr, C, cerr,
                                        ldc, K));
    return _hkz_engine_col_bounds_run(&A, T, pool, nthreads);
}

int _hkz_engine_col_bounds_run(_hkz_col_bounds_t *A, size_t T,
                               hkz_pool_t pool, int nthreads)
{
    /* a column costs ~3K flops: no threads for small work */
    if ((double) A->K * (double) T < 1e6)
        nthreads = 1;
    HKZ_TRY(hkz_parallel_for(pool, T, nthreads, 0,
                             _hkz_engine_col_bounds_range, A));
    return _hkz_engine_col_bounds_status(A);
}

int hkz_engine_col_bounds(double *err, double *mag, const double *bmax,
                          const double *berr, const double *C,
                          const double *cerr, size_t ldc, size_t K, size_t T)
{
    return _hkz_engine_col_bounds_mt(err, mag, bmax, berr, C, cerr, ldc, K,
                                     T, NULL, 1);
}
