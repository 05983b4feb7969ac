/* Time derivatives of the Milnor heat kernel, L = -(a X^2 + b Y^2 + c Z^2),
 * a, b, c > 0 (hkz compare gauss, the grids' deriv > 0; the value k = 0 is
 * the kernel of hkz_su2_heat_milnor):
 *
 *   d^k/dt^k p_t(g) = sum_{n>=1} n Re tr(pi_n(g) (-L_n)^k exp(-t L_n)).
 *
 * L_n in the Z-eigenbasis (index i = (k + n - 1)/2, see heat_milnor.c):
 *   L_n[i][i]   = (a+b)(n^2-1-k^2)/2 + c k^2,  k = 2i - (n-1),
 *   L_n[i+2][i] = L_n[i][i+2] = (b-a) sqrt((i+1)(n-1-i)(i+2)(n-2-i)),
 * two blocks of equal parity, tridiagonal in the block index (diagonal
 * when a = b).  exp of the blocks by arb_mat_exp (certified).
 *
 * Tail bound.  With d = min(a,b), e = min(a,b,c) (heat_milnor.c) L_n >=
 * m_n = 2d(n-1) + e(n-1)^2, and L <= lambda_max Delta gives L_n <=
 * lambda_max (n^2-1).  For unitary U and positive semidefinite A,
 * |tr(U A)| <= tr A; with A = L_n^k e^{-t L_n} (eigenvalues mu^k e^{-t mu},
 * mu in [m_n, lambda_max (n^2-1)]):
 *   |n tr(pi_n(g) (-L_n)^k e^{-tL_n})| <= b_n := n^2 (lambda_max (n^2-1))^k
 *                                              e^{-t m_n}.
 * b_{n+1}/b_n = ((n+1)/n)^2 ((n^2+2n)/(n^2-1))^k e^{-t(2d + e(2n-1))}
 * decreases in n >= 2 (every factor does), so with R = b_{N+2}/b_{N+1} < 1,
 *   sum_{n>N} b_n <= b_{N+1} / (1 - R). */
#include <math.h>
#include "hkz/io.h"
#include "hkz/su2.h"
#include "hkz_check.h"

#define MD_NMAX 400
#define MD_KMAX 8

/* log b_n in doubles (the truncation estimate) */
static double md_logb(double n, double d, double e, double lmax, double t,
                   ulong k)
{
    return 2 * log(n) + (double) k * log(lmax * (n * n - 1)) -
           t * (2 * d * (n - 1) + e * (n - 1) * (n - 1));
}

static slong nterms(double d, double e, double lmax, double t, ulong K,
                    double bits)
{
    slong N;
    for (N = 2; N <= MD_NMAX; N++)
    {
        double b1 = md_logb(N + 1.0, d, e, lmax, t, K);
        double lR = md_logb(N + 2.0, d, e, lmax, t, K) - b1;
        if (lR < -0.05 && b1 - log1p(-exp(lR)) < -bits * 0.6931471805599453)
            return N;
    }
    return -1;
}

/* res += the proven tail bound (as error radius) for k = 0..K */
static void add_tail(arb_ptr res, ulong K, const arb_t d, const arb_t e,
                     const arb_t lmax, const arb_t t, slong N, slong prec)
{
    arb_t b1, b2, u, R;
    mag_t m;
    ulong k;
    slong q;

    arb_init(b1); arb_init(b2); arb_init(u); arb_init(R); mag_init(m);
    for (k = 0; k <= K; k++)
    {
        for (q = 1; q <= 2; q++)
        {
            slong n = N + q;
            arb_ptr b = q == 1 ? b1 : b2;
            arb_mul_si(u, d, 2 * (n - 1), prec);
            arb_addmul_si(u, e, (n - 1) * (n - 1), prec);
            arb_mul(u, u, t, prec);
            arb_neg(u, u);
            arb_exp(b, u, prec);
            arb_mul_si(b, b, n * n, prec);
            arb_mul_si(u, lmax, n * n - 1, prec);
            arb_pow_ui(u, u, k, prec);
            arb_mul(b, b, u, prec);
        }
        arb_div(R, b2, b1, prec);
        arb_sub_ui(R, R, 1, prec);
        arb_neg(R, R);               /* 1 - R */
        if (arb_is_positive(R))
        {
            arb_div(u, b1, R, prec);
            arb_get_mag(m, u);
        }
        else
            mag_inf(m);
        arb_add_error_mag(res + k, m);
    }
    arb_clear(b1); arb_clear(b2); arb_clear(u); arb_clear(R); mag_clear(m);
}

/* The block of parity par of -L_n (m x m, indices i = par + 2 al). */
static void block(arb_mat_t M, const arb_t a, const arb_t b, const arb_t c,
                  slong n, slong par, slong prec)
{
    slong m = arb_mat_nrows(M), al;
    arb_t u, v;
    fmpz_t p;

    arb_init(u); arb_init(v); fmpz_init(p);
    arb_mat_zero(M);
    for (al = 0; al < m; al++)
    {
        slong i = par + 2 * al, kk = 2 * i - (n - 1);
        arb_add(u, a, b, prec);
        arb_mul_si(u, u, n * n - 1 - kk * kk, prec);
        arb_mul_2exp_si(u, u, -1);
        arb_addmul_si(u, c, kk * kk, prec);
        arb_neg(arb_mat_entry(M, al, al), u);
        if (al + 1 < m)
        {
            fmpz_set_si(p, (i + 1) * (i + 2));
            fmpz_mul_si(p, p, (n - 1 - i) * (n - 2 - i));
            arb_sqrt_fmpz(u, p, prec);
            arb_sub(v, b, a, prec);
            arb_mul(u, u, v, prec);
            arb_neg(arb_mat_entry(M, al + 1, al), u);
            arb_neg(arb_mat_entry(M, al, al + 1), u);
        }
    }
    arb_clear(u); arb_clear(v); fmpz_clear(p);
}

/* acc[k] += n sum_{al,be} (M^k e^{tM})[be][al] Re D[i_al][i_be] */
static void accumulate(arb_ptr acc, ulong K, const arb_mat_t M,
                       const acb_mat_t D, const arb_t t, slong n, slong par,
                       int diag, slong prec)
{
    slong m = arb_mat_nrows(M), al, be;
    arb_mat_t E, P;
    arb_t s;
    ulong k;

    arb_init(s);
    arb_mat_init(E, m, m);
    arb_mat_init(P, m, m);
    if (diag)
    {
        for (al = 0; al < m; al++)
        {
            arb_ptr mu = arb_mat_entry(M, al, al);
            arb_mul(s, mu, t, prec);
            arb_exp(s, s, prec);
            arb_mul(s, s, acb_realref(acb_mat_entry(D, par + 2 * al,
                                                    par + 2 * al)), prec);
            arb_mul_si(s, s, n, prec);
            for (k = 0; k <= K; k++)
            {
                arb_add(acc + k, acc + k, s, prec);
                arb_mul(s, s, mu, prec);
            }
        }
    }
    else
    {
        arb_mat_scalar_mul_arb(P, M, t, prec);
        arb_mat_exp(E, P, prec);
        for (k = 0; k <= K; k++)
        {
            if (k > 0)
            {
                arb_mat_mul(P, M, E, prec);
                arb_mat_swap(P, E);
            }
            arb_zero(s);
            for (al = 0; al < m; al++)
                for (be = 0; be < m; be++)
                    arb_addmul(s, arb_mat_entry(E, be, al),
                               acb_realref(acb_mat_entry(D, par + 2 * al,
                                                         par + 2 * be)),
                               prec);
            arb_addmul_si(acc + k, s, n, prec);
        }
    }
    arb_mat_clear(E);
    arb_mat_clear(P);
    arb_clear(s);
}

int hkz_su2_heat_milnor_deriv(arb_ptr res, ulong K, const arb_t a,
                             const arb_t b, const arb_t c, arb_srcptr t,
                             slong nt, const hkz_su2_elem_t g, slong prec)
{
    arb_t d, e, lmax;
    arb_mat_t M0, M1;
    acb_mat_t D;
    slong *N = NULL, Nmax = 0, n, j, wp = prec + 16 + 2 * FLINT_BIT_COUNT(prec);
    int diag, status = HKZ_SUCCESS;
    ulong k;

    if (K > MD_KMAX || nt < 1 || prec < 2)
        return hkz_error_set(HKZ_ERR_ARG, "hkz_su2_heat_milnor_deriv: K <= %d"
                             ", nt >= 1, prec >= 2", MD_KMAX);
    if (!arb_is_positive(a) || !arb_is_positive(b) || !arb_is_positive(c))
        return hkz_error_set(HKZ_ERR_DOMAIN, "hkz_su2_heat_milnor_deriv: "
                             "weights must be > 0");
    for (j = 0; j < nt; j++)
        if (!arb_is_positive(t + j) || !arb_is_finite(t + j))
            return hkz_error_set(HKZ_ERR_DOMAIN, "hkz_su2_heat_milnor_deriv: "
                                 "t must be > 0");
    arb_init(d); arb_init(e); arb_init(lmax);
    arb_min(d, a, b, wp);
    arb_min(e, d, c, wp);
    arb_max(lmax, a, b, wp);
    arb_max(lmax, lmax, c, wp);
    diag = arb_equal(a, b) && arb_is_exact(a);
    N = flint_malloc(nt * sizeof(slong));
    for (j = 0; j < nt; j++)
    {
        N[j] = nterms(hkz_ball_mid_d(d), hkz_ball_mid_d(e),
                      hkz_ball_mid_d(lmax) * (1 + 1e-9),
                      hkz_ball_mid_d(t + j), K, (double) wp);
        if (N[j] < 0)
        {
            status = hkz_error_set(HKZ_ERR_TOO_LARGE, "hkz_su2_heat_milnor_"
                                   "deriv: t = %g needs more than %d "
                                   "representations", hkz_ball_mid_d(t + j),
                                   MD_NMAX);
            goto cleanup;
        }
        Nmax = FLINT_MAX(Nmax, N[j]);
        for (k = 0; k <= K; k++)   /* n = 1: pi_1 = 1, L_1 = 0 */
            arb_set_si(res + j * (K + 1) + k, k == 0);
    }
    for (n = 2; n <= Nmax && status == HKZ_SUCCESS; n++)
    {
        acb_mat_init(D, n, n);
        arb_mat_init(M0, (n + 1) / 2, (n + 1) / 2);
        arb_mat_init(M1, n / 2, n / 2);
        status = hkz_su2_wigner_mat(D, g, wp);
        block(M0, a, b, c, n, 0, wp);
        block(M1, a, b, c, n, 1, wp);
        for (j = 0; j < nt && status == HKZ_SUCCESS; j++)
            if (n <= N[j])
            {
                accumulate(res + j * (K + 1), K, M0, D, t + j, n, 0,
                           diag || arb_mat_nrows(M0) == 1, wp);
                if (arb_mat_nrows(M1) > 0)
                    accumulate(res + j * (K + 1), K, M1, D, t + j, n, 1,
                               diag || arb_mat_nrows(M1) == 1, wp);
            }
        acb_mat_clear(D);
        arb_mat_clear(M0);
        arb_mat_clear(M1);
    }
    for (j = 0; j < nt && status == HKZ_SUCCESS; j++)
    {
        add_tail(res + j * (K + 1), K, d, e, lmax, t + j, N[j], wp);
        for (k = 0; k <= K; k++)
            arb_set_round(res + j * (K + 1) + k, res + j * (K + 1) + k, prec);
    }

cleanup:
    if (status != HKZ_SUCCESS)
        _arb_vec_indeterminate(res, nt * (K + 1));
    flint_free(N);
    arb_clear(d); arb_clear(e); arb_clear(lmax);
    return status;
}
