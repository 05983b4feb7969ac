/* Heat kernel of the left-invariant Milnor operator
 * L = -(a X^2 + b Y^2 + c Z^2), a, b > 0, c >= 0 (spec section 7.6):
 *
 *   p_t(g) = sum_{n>=1} n Re tr(pi_n(g) exp(-t L_n)),
 *
 * certified: pi_n(g) by the recurrence of milnor_wigner.c, exp(-t L_n) by
 * arb_mat_exp on the two tridiagonal blocks of L_n, the omitted n > N by
 * the bound proved below.
 *
 * Matrix of L_n.  dpi_n(X) = 2i J_y, dpi_n(Y) = 2i J_x, dpi_n(Z) = 2i J_z
 * (spec 1.1 and milnor_wigner.c), so L_n = 4(a J_y^2 + b J_x^2 + c J_z^2).
 * From J_+ J_- + J_- J_+ = 2(J^2 - J_z^2):
 *   J_x^2 = (J_+^2 + J_-^2)/4 + (J^2 - J_z^2)/2,
 *   J_y^2 = -(J_+^2 + J_-^2)/4 + (J^2 - J_z^2)/2,
 * hence L_n = 2(a+b)(J^2 - J_z^2) + (b-a)(J_+^2 + J_-^2) + 4c J_z^2 with
 * J^2 = (n^2-1)/4, J_z = k/2 on e_k:
 *   L_n[i][i]   = (a+b)(n^2-1-k^2)/2 + c k^2,     k = 2i - (n-1),
 *   L_n[i+2][i] = L_n[i][i+2] = (b-a) <i+2|J_+^2|i>
 *               = (b-a) sqrt((i+1)(n-1-i)(i+2)(n-2-i)),
 * a real symmetric matrix coupling only indices of equal parity: two
 * tridiagonal blocks.  (a = b = c: (n^2-1) a I, spec 2; c = 0, a = b = 1:
 * diag(n^2-1-k^2), spec 3.1.)
 *
 * Tail bound.  -dpi(V)^2 = dpi(V)^* dpi(V) >= 0 for V = X, Y, Z (pi_n is
 * unitary, dpi(V) skew-adjoint), so with d = min(a,b):
 * L_n >= d(-dpi(X)^2 - dpi(Y)^2) + c(-dpi(Z)^2), and both operators on the
 * right are diagonal on e_k with eigenvalues d(n^2-1-k^2) + c k^2.  Over
 * k^2 in [0, (n-1)^2] this is linear in k^2, so its minimum is
 *   m_n = min(d(n^2-1), 2d(n-1) + c(n-1)^2) = 2d(n-1) + e(n-1)^2,
 * e = min(a,b,c) (if c >= d the first value d(n^2-1) = 2d(n-1) + d(n-1)^2
 * is the smaller one).  For unitary U and positive semidefinite A,
 * |tr(UA)| = |sum_l lambda_l <v_l, U v_l>| <= tr A, so
 *   |n tr(pi_n(g) e^{-tL_n})| <= n tr e^{-tL_n} <= n^2 e^{-t m_n} =: a_n.
 * a_{n+1}/a_n = ((n+1)/n)^2 e^{-t(2d + e(2n-1))} decreases in n, so with
 * R = ((N+2)/(N+1))^2 e^{-t(2d + e(2N+1))} < 1,
 *   sum_{n>N} a_n <= a_{N+1}/(1 - R).
 * The bound holds for the true (unit) g; for a ball g the computed partial
 * sum encloses the partial sums of all points of the ball, the unit ones
 * included. */
#include <math.h>
#include "hkz/su2.h"
#include "hkz_check.h"
#include "milnor_internal.h"

/* representations beyond this are refused (cost grows like N^4) */
#define MILNOR_NMAX WORD(250)

void _hkz_su2_milnor_diag(arb_t res, const arb_t a, const arb_t b,
                          const arb_t c, slong n, slong i, slong prec)
{
    slong k = 2 * i - (n - 1);
    arb_t u;

    arb_init(u);
    arb_add(u, a, b, prec);
    arb_mul_si(u, u, n * n - 1 - k * k, prec);
    arb_mul_2exp_si(u, u, -1);
    arb_mul_si(res, c, k * k, prec);
    arb_add(res, res, u, prec);
    arb_clear(u);
}

void _hkz_su2_milnor_offdiag(arb_t res, const arb_t bma, slong n, slong i,
                             slong prec)
{
    fmpz_t p;

    fmpz_init(p);
    fmpz_set_si(p, (i + 1) * (i + 2));
    fmpz_mul_si(p, p, (n - 1 - i) * (n - 2 - i));
    arb_sqrt_fmpz(res, p, prec);
    arb_mul(res, res, bma, prec);
    fmpz_clear(p);
}

slong _hkz_su2_milnor_nterms(double d, double e, double t, double bits,
                             slong nmax)
{
    slong N;

    for (N = 1; N <= nmax; N++)
    {
        double n1 = (double) (N + 1);
        double la = 2 * log(n1) - t * (2 * d * N + e * (double) N * N);
        double lR = 2 * log((n1 + 1) / n1) - t * (2 * d + e * (2 * N + 1));
        if (lR < -0.01 && la - log1p(-exp(lR)) < -bits * 0.6931471805599453)
            return N;
    }
    return -1;
}

/* Rigorous upper bound for sum_{n>N} n^2 e^{-t m_n} (see the header);
 * infinite if R >= 1. */
static void milnor_tail(mag_t res, const arb_t d, const arb_t e,
                        const arb_t t, slong N, slong prec)
{
    arb_t A, R, u;
    slong k = N + 1;

    arb_init(A);
    arb_init(R);
    arb_init(u);
    /* a_{N+1} = (N+1)^2 e^{-t(2dN + eN^2)} */
    arb_mul_si(A, d, 2 * N, prec);
    arb_mul_si(u, e, N * N, prec);
    arb_add(A, A, u, prec);
    arb_mul(A, A, t, prec);
    arb_neg(A, A);
    arb_exp(A, A, prec);
    arb_mul_si(A, A, k * k, prec);
    /* R = ((N+2)/(N+1))^2 e^{-t(2d + e(2N+1))} */
    arb_mul_2exp_si(R, d, 1);
    arb_addmul_si(R, e, 2 * N + 1, prec);
    arb_mul(R, R, t, prec);
    arb_neg(R, R);
    arb_exp(R, R, prec);
    arb_mul_si(R, R, (k + 1) * (k + 1), prec);
    arb_div_si(R, R, k * k, prec);
    arb_sub_ui(R, R, 1, prec);
    arb_neg(R, R);
    if (arb_is_positive(R))
    {
        arb_div(A, A, R, prec);
        arb_get_mag(res, A);
    }
    else
        mag_inf(res);
    arb_clear(A);
    arb_clear(R);
    arb_clear(u);
}

/* Adds sum_{i,i'} Re(D[i][i']) E[i'][i] over one parity block of
 * exp(-t L_n) to s, i.e. the block's part of Re tr(pi_n(g) e^{-tL_n}). */
static void milnor_block(arb_t s, const acb_mat_t D, const arb_t a,
                         const arb_t b, const arb_t c, const arb_t bma,
                         const arb_t t, slong n, slong par, slong prec)
{
    slong m = (n - par + 1) / 2, al, be;
    arb_mat_t T, E;
    arb_t u;

    arb_init(u);
    if (arb_is_zero(bma) || m == 1)
    {
        /* diagonal block: exp entrywise */
        for (al = 0; al < m; al++)
        {
            slong i = par + 2 * al;
            _hkz_su2_milnor_diag(u, a, b, c, n, i, prec);
            arb_mul(u, u, t, prec);
            arb_neg(u, u);
            arb_exp(u, u, prec);
            arb_addmul(s, u, acb_realref(acb_mat_entry(D, i, i)), prec);
        }
        arb_clear(u);
        return;
    }

    arb_mat_init(T, m, m);
    arb_mat_init(E, m, m);
    for (al = 0; al < m; al++)
    {
        slong i = par + 2 * al;
        _hkz_su2_milnor_diag(u, a, b, c, n, i, prec);
        arb_mul(u, u, t, prec);
        arb_neg(arb_mat_entry(T, al, al), u);
        if (al + 1 < m)
        {
            _hkz_su2_milnor_offdiag(u, bma, n, i, prec);
            arb_mul(u, u, t, prec);
            arb_neg(arb_mat_entry(T, al + 1, al), u);
            arb_neg(arb_mat_entry(T, al, al + 1), u);
        }
    }
    arb_mat_exp(E, T, prec);
    for (al = 0; al < m; al++)
        for (be = 0; be < m; be++)
            arb_addmul(s, arb_mat_entry(E, be, al),
                       acb_realref(acb_mat_entry(D, par + 2 * al,
                                                 par + 2 * be)), prec);
    arb_mat_clear(T);
    arb_mat_clear(E);
    arb_clear(u);
}

int hkz_su2_milnor_weights_check(const arb_t a, const arb_t b, const arb_t c)
{
    HKZ_CHECK(arb_is_positive(a) && arb_is_positive(b) &&
              arb_is_nonnegative(c), HKZ_ERR_DOMAIN,
              "need a > 0, b > 0, c >= 0");
    return HKZ_SUCCESS;
}

int hkz_su2_heat_milnor(arb_t res, const arb_t a, const arb_t b,
                        const arb_t c, const arb_t t,
                        const hkz_su2_elem_t g, slong prec)
{
    arb_t d, e, bma, s, tr, u;
    acb_mat_t Dp, Dn;
    mag_t tail;
    double dd, ed, td;
    slong wp, N, n;
    int status = HKZ_SUCCESS;

    arb_init(d);
    arb_init(e);
    arb_init(bma);
    arb_init(s);
    arb_init(tr);
    arb_init(u);
    mag_init(tail);
    acb_mat_init(Dp, 1, 1);
    acb_mat_init(Dn, 0, 0);

    HKZ_CHECK_GOTO(prec >= 2, HKZ_ERR_ARG,
                   "hkz_su2_heat_milnor: prec must be >= 2 (got %ld)",
                   (long) prec);
    HKZ_CHECK_GOTO(arb_is_finite(a) && arb_is_positive(a), HKZ_ERR_DOMAIN,
                   "hkz_su2_heat_milnor: a must be > 0 (got %.17g)",
                   arf_get_d(arb_midref(a), ARF_RND_NEAR));
    HKZ_CHECK_GOTO(arb_is_finite(b) && arb_is_positive(b), HKZ_ERR_DOMAIN,
                   "hkz_su2_heat_milnor: b must be > 0 (got %.17g)",
                   arf_get_d(arb_midref(b), ARF_RND_NEAR));
    HKZ_CHECK_GOTO(arb_is_finite(c) && arb_is_nonnegative(c),
                   HKZ_ERR_DOMAIN,
                   "hkz_su2_heat_milnor: c must be >= 0 (got %.17g)",
                   arf_get_d(arb_midref(c), ARF_RND_NEAR));
    HKZ_CHECK_GOTO(arb_is_finite(t) && arb_is_positive(t), HKZ_ERR_DOMAIN,
                   "hkz_su2_heat_milnor: t must be > 0 (got %.17g)",
                   arf_get_d(arb_midref(t), ARF_RND_NEAR));
    HKZ_CHECK_GOTO(acb_is_finite(&g->a) && acb_is_finite(&g->b),
                   HKZ_ERR_DOMAIN, "hkz_su2_heat_milnor: g is not finite");
    acb_abs(u, &g->a, prec + 10);
    arb_sqr(s, u, prec + 10);
    acb_abs(u, &g->b, prec + 10);
    arb_addmul(s, u, u, prec + 10);
    HKZ_CHECK_GOTO(arb_contains_si(s, 1), HKZ_ERR_DOMAIN,
                   "hkz_su2_heat_milnor: g is not in SU(2): "
                   "|a|^2 + |b|^2 = %.17g",
                   arf_get_d(arb_midref(s), ARF_RND_NEAR));

    /* exp of the blocks of -t L_n loses a few bits per squaring */
    wp = prec + 16 + 2 * FLINT_BIT_COUNT(prec);

    arb_min(d, a, b, wp);
    arb_min(e, d, c, wp);
    arb_sub(bma, b, a, wp);
    dd = arf_get_d(arb_midref(d), ARF_RND_NEAR);
    ed = arf_get_d(arb_midref(e), ARF_RND_NEAR);
    td = arf_get_d(arb_midref(t), ARF_RND_NEAR);
    N = _hkz_su2_milnor_nterms(dd, ed, td, (double) wp, MILNOR_NMAX);
    HKZ_CHECK_GOTO(N >= 1, HKZ_ERR_DOMAIN,
                   "hkz_su2_heat_milnor: t min(a,b) = %g is too small "
                   "(more than %ld representations needed)", td * dd,
                   (long) MILNOR_NMAX);
    milnor_tail(tail, d, e, t, N, MAG_BITS);
    HKZ_CHECK_GOTO(mag_is_finite(tail), HKZ_ERR_INTERNAL,
                   "hkz_su2_heat_milnor: tail bound failed (N = %ld)",
                   (long) N);

    /* n = 1: pi_1 = 1, L_1 = 0.  Term n is at most a_n = n^2 e^{-t m_n} in
     * modulus, so an absolute error 2^{-wp} only needs about
     * wp - log2(1/a_n) bits there: the large blocks run at low precision. */
    acb_one(acb_mat_entry(Dp, 0, 0));
    arb_one(s);
    for (n = 2; n <= N; n++)
    {
        double la = (2 * log((double) n) - td * (2 * dd * (n - 1)
                     + ed * (double) (n - 1) * (n - 1))) / 0.6931471805599453;
        slong pn = FLINT_MIN(wp, FLINT_MAX(64, wp + 16 + (slong) la));
        acb_mat_clear(Dn);
        acb_mat_init(Dn, n, n);
        _hkz_su2_wigner_next(Dn, Dp, &g->a, &g->b, pn);
        arb_zero(tr);
        milnor_block(tr, Dn, a, b, c, bma, t, n, 0, pn);
        milnor_block(tr, Dn, a, b, c, bma, t, n, 1, pn);
        arb_addmul_si(s, tr, n, wp);
        acb_mat_swap(Dp, Dn);
    }
    arb_add_error_mag(s, tail);
    arb_set_round(res, s, prec);

cleanup:
    if (status != HKZ_SUCCESS)
        arb_indeterminate(res);
    arb_clear(d);
    arb_clear(e);
    arb_clear(bma);
    arb_clear(s);
    arb_clear(tr);
    arb_clear(u);
    mag_clear(tail);
    acb_mat_clear(Dp);
    acb_mat_clear(Dn);
    return status;
}
