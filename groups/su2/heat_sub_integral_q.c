/* q_t(x) = sum_n n e^{-(n^2-1)t} U_{n-1}(x) by the spectral sum, with its
 * tail bound, for the Baudoin-Bonnefont integral (heat_sub_integral.c). */
#include <math.h>
#include "hkz_check.h"
#include "heat_sub_integral_internal.h"

/* Makes wt[0..n-1] available (each weight computed directly, so radii do
 * not accumulate). */
static void bb_weights_ensure(bb_param_struct *p, slong n)
{
    slong k, newalloc;
    arb_t u;

    if (n <= p->len)
        return;
    if (n > p->alloc)
    {
        arb_ptr v;
        newalloc = FLINT_MAX(n, 2 * p->alloc);
        v = _arb_vec_init(newalloc);
        _arb_vec_swap(v, p->wt, p->len);
        _arb_vec_clear(p->wt, p->alloc);
        p->wt = v;
        p->alloc = newalloc;
    }
    arb_init(u);
    for (k = p->len + 1; k <= n; k++)
    {
        arb_mul_si(u, &p->t, -(k * k - 1), p->wprec);
        arb_exp(u, u, p->wprec);
        arb_mul_si(p->wt + k - 1, u, k, p->wprec);
    }
    p->len = n;
    arb_clear(u);
}

/* q_t(x) by the spectral sum, for a complex ball x.
 *
 * Tail bound.  Write x = cos(theta) with theta complex.  Then
 * U_{n-1}(x) = sin(n theta)/sin(theta) = sum_{j=0}^{n-1} e^{i(n-1-2j)theta},
 * and w = e^{i theta}, 1/w are the roots of w^2 - 2xw + 1, i.e.
 * w = x +- sqrt(x^2-1); with rho = max(|w|, |1/w|) (<= |x| +
 * sqrt(|x|^2+1), and = 1 for x in [-1, 1]) |U_{n-1}(x)| <= n rho^{n-1}.
 * The omitted terms n > N are therefore bounded by sum_{n>N} a_n,
 * a_n = n^2 rho^{n-1} e^{-(n^2-1)t}, whose ratios
 * a_{n+1}/a_n = ((n+1)/n)^2 rho e^{-(2n+1)t} decrease in n; with
 * R = ((N+2)/(N+1))^2 rho e^{-(2N+3)t} < 1 the tail is <= a_{N+1}/(1-R).
 * Returns 0 (and an indeterminate value) if N would exceed BB_NMAX or
 * log(rho) > lrmax: such boxes (far from [0, Y], tried by the integrator
 * for its error bounds) would cost O(log(rho)/t) operations for nothing. */
int _hkz_su2_bb_q_spectral(acb_t res, const acb_t x, bb_param_struct *p,
                         slong prec)
{
    mag_t xm, rho, tmp;
    double lr, lt, maxlog, cut;
    slong n, N, npk, k, B;
    arb_t A, R, s;
    int ok = 1;

    mag_init(xm);
    mag_init(rho);
    mag_init(tmp);
    /* rho = max(|x + s|, |x - s|), s = sqrt(x^2 - 1) (any branch: the two
     * values are w and 1/w); rho = 1 on [-1, 1] */
    {
        acb_t s, w;
        acb_init(s);
        acb_init(w);
        acb_sqr(s, x, prec);
        acb_sub_ui(s, s, 1, prec);
        acb_sqrt(s, s, prec);
        acb_add(w, x, s, prec);
        acb_get_mag(rho, w);
        acb_sub(w, x, s, prec);
        acb_get_mag(xm, w);
        mag_max(rho, rho, xm);
        acb_clear(s);
        acb_clear(w);
    }
    acb_get_mag(xm, x);

    /* choose N (heuristic, doubles): past the peak of log a_n, and far
     * enough that a_{N+1} is 2^{-prec-20} below it and R <= 1/2 */
    lr = mag_get_d_log2_approx(rho) * BB_LN2;
    lt = p->td;
    if (!isfinite(lr) || lr > p->lrmax)
    {
        ok = 0;
        goto cleanup;
    }
    npk = (slong) (lr / (2 * lt)) + 1;
    maxlog = 2 * log((double) npk) + (npk - 1) * lr
             - ((double) npk * npk - 1) * lt;
    cut = maxlog - (prec + 20) * BB_LN2;
    for (N = npk; ; N++)
    {
        double nn = (double) (N + 1);
        double la = 2 * log(nn) + N * lr - (nn * nn - 1) * lt;
        double lR = 2 * log((nn + 1) / nn) + lr - (2 * nn + 1) * lt;
        if (la < cut && lR < -BB_LN2)
            break;
        if (N > BB_NMAX)
        {
            ok = 0;
            goto cleanup;
        }
    }
    bb_weights_ensure(p, N);

    /* sum_{n=1}^N wt[n-1] U_{n-1}(x) by U_{k+1} = 2x U_k - U_{k-1}.  In
     * ball arithmetic the radii of this recurrence grow like
     * lambda_b^k, lambda_b = |x| + sqrt(|x|^2+1), while the values grow
     * like lambda^k, lambda = max(|w|, 1/|w|) >= max(1, |x| +
     * sqrt(|x|^2-1)) (2.4^k against 1 near x = 1), so (U_k, U_{k-1}) is
     * recomputed every B steps by Arb's doubling formulas
     * (chebyshev_u2_ui, error polynomial in k), B chosen so that
     * (lambda_b/lambda)^B <= 2^8.  Real arithmetic for real x (the
     * quadrature nodes), complex otherwise. */
    {
        double xu = mag_get_d(xm), xl, lb, lw;
        acb_get_mag_lower(tmp, x);
        xl = mag_get_d(tmp);
        lb = xu + sqrt(xu * xu + 1);
        lw = (xl > 1) ? xl + sqrt(xl * xl - 1) : 1.0;
        B = (lb / lw > 1.0001) ? (slong) (8 * BB_LN2 / log(lb / lw)) : N;
        B = FLINT_MAX(B, BB_RESTART);
    }
    if (acb_is_real(x))
    {
        arb_t u0, u1, u2, sum;
        const arb_struct *xr = acb_realref(x);
        arb_init(u0);
        arb_init(u1);
        arb_init(u2);
        arb_init(sum);
        arb_zero(u0);
        arb_one(u1);                            /* U_{-1}, U_0 */
        for (n = 1; n <= N; n++)
        {
            /* u1 = U_{n-1}, u0 = U_{n-2} */
            if (n > 2 && (n - 1) % B == 0)
                arb_chebyshev_u2_ui(u1, u0, (ulong) (n - 1), xr, prec);
            arb_addmul(sum, u1, p->wt + n - 1, prec);
            arb_mul(u2, u1, xr, prec);
            arb_mul_2exp_si(u2, u2, 1);
            arb_sub(u2, u2, u0, prec);
            arb_swap(u0, u1);
            arb_swap(u1, u2);
        }
        acb_set_arb(res, sum);
        arb_clear(u0);
        arb_clear(u1);
        arb_clear(u2);
        arb_clear(sum);
    }
    else
    {
        acb_t u0, u1, u2;
        acb_init(u0);
        acb_init(u1);
        acb_init(u2);
        acb_zero(u0);
        acb_one(u1);
        acb_zero(res);
        for (n = 1; n <= N; n++)
        {
            if (n > 2 && (n - 1) % B == 0)
                acb_chebyshev_u2_ui(u1, u0, (ulong) (n - 1), x, prec);
            acb_addmul_arb(res, u1, p->wt + n - 1, prec);
            acb_mul(u2, u1, x, prec);
            acb_mul_2exp_si(u2, u2, 1);
            acb_sub(u2, u2, u0, prec);
            acb_swap(u0, u1);
            acb_swap(u1, u2);
        }
        acb_clear(u0);
        acb_clear(u1);
        acb_clear(u2);
    }

    /* rigorous tail a_{N+1}/(1-R), at low precision (upper bound only) */
    arb_init(A);
    arb_init(R);
    arb_init(s);
    k = N + 1;
    arf_set_mag(arb_midref(s), rho);
    mag_zero(arb_radref(s));
    arb_pow_ui(A, s, N, MAG_BITS);
    arb_mul_ui(A, A, k * k, MAG_BITS);
    arb_mul_si(R, &p->t, -(k * k - 1), MAG_BITS);
    arb_exp(R, R, MAG_BITS);
    arb_mul(A, A, R, MAG_BITS);                     /* a_{N+1} */
    arb_mul_si(R, &p->t, -(2 * k + 1), MAG_BITS);
    arb_exp(R, R, MAG_BITS);
    arb_mul(R, R, s, MAG_BITS);
    arb_mul_ui(R, R, (k + 1) * (k + 1), MAG_BITS);
    arb_div_ui(R, R, k * k, MAG_BITS);              /* R */
    arb_sub_ui(R, R, 1, MAG_BITS);
    arb_neg(R, R);                                  /* 1 - R */
    if (arb_is_positive(R))
    {
        arb_div(A, A, R, MAG_BITS);
        arb_get_mag(tmp, A);
        acb_add_error_mag(res, tmp);
    }
    else
        ok = 0;
    arb_clear(A);
    arb_clear(R);
    arb_clear(s);

cleanup:
    if (!ok)
        acb_indeterminate(res);
    mag_clear(xm);
    mag_clear(rho);
    mag_clear(tmp);
    return ok;
}
