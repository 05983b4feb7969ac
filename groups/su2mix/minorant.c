/* Product-type minorant L0 <= K L of a mixing operator (spec X8 tail).
 *
 * Q0 = diag over the support S of Q: on factor i, each present direction
 * gets the same weight m_i = (lower end of) min of the present diagonal
 * entries Q_aa, so L0 = -sum_a Q0_aa F_a^2 = sum_i m_i L0_i with
 *   L0_i = Delta_i = -(X_i^2 + Y_i^2 + Z_i^2)    (all three present), or
 *   L0_i = -(F_i^2 + F'_i^2)                     (one direction absent).
 * The second type has on V_n the spectrum of the sub-Laplacian -(X^2+Y^2)
 * (spec 3.1: n^2-1-k^2, k = -(n-1), ..., n-1 step 2), whichever direction
 * is absent: the cyclic permutation X -> Y -> Z -> X preserves the brackets
 * [X,Y] = 2Z, [Y,Z] = 2X, [Z,X] = 2Y, and every automorphism of su(2) is
 * inner (Ad of some g), so dpi_n(F), dpi_n(F') are conjugate to dpi_n(X),
 * dpi_n(Y) by the unitary pi_n(g).
 *
 * K: if Q - Q0/K is PSD then L - L0/K >= 0 (op.c: L is monotone in Q), so
 * Lhat(pi) >= Lhat0(pi)/K on every irrep and, by Courant-Fischer,
 * lambda_j(Lhat(pi)) >= lambda_j(Lhat0(pi))/K, hence
 * tr e^{-t Lhat(pi)} <= tr e^{-(t/K) Lhat0(pi)}.  Rows of Q outside S are
 * exactly zero (checked), so PSD of Q - Q0/K is PSD of Q_S - D/K,
 * D = diag(Q0)|_S; it is proven by a successful arb_mat_cho (PD).
 * If Q_S is diagonal, Q_S - D has entries Q_aa - m_i >= 0 and K = 1. */
#include <math.h>
#include <lapacke.h>
#include "hkz/su2.h"
#include "hkz/su2mix.h"
#include "hkz_check.h"

void hkz_su2mix_minorant_init(hkz_su2mix_minorant_t mn)
{
    mn->n = 0;
    mn->type = NULL;
    mn->absent = NULL;
    mn->m = NULL;
    arb_init(mn->K);
    mn->lmin = 0.0;
}

void hkz_su2mix_minorant_clear(hkz_su2mix_minorant_t mn)
{
    flint_free(mn->type);
    flint_free(mn->absent);
    if (mn->m != NULL)
        _arb_vec_clear(mn->m, mn->n);
    arb_clear(mn->K);
    mn->type = mn->absent = NULL;
    mn->m = NULL;
    mn->n = 0;
}

int hkz_su2mix_minorant(hkz_su2mix_minorant_t mn, const hkz_su2mix_op_t op,
                        slong prec)
{
    slong n = op->n, i, f, a, b, ns = 0, try;
    slong *S = NULL;
    arb_mat_t P, L;
    double *M = NULL, *wd = NULL;
    int status = HKZ_SUCCESS, diagonal = 1;
    const arb_mat_struct *Q = &op->Q;

    hkz_su2mix_minorant_clear(mn);
    mn->n = n;
    mn->type = flint_calloc(n, sizeof(int));
    mn->absent = flint_calloc(n, sizeof(int));
    mn->m = _arb_vec_init(n);
    S = flint_malloc(3 * n * sizeof(slong));
    arb_mat_init(P, 0, 0);
    arb_mat_init(L, 0, 0);

    for (i = 0; i < n; i++)
    {
        int npres = 0;
        arb_t mi;
        arb_init(mi);
        mn->absent[i] = -1;
        for (f = 0; f < 3; f++)
        {
            arb_srcptr q = arb_mat_entry(Q, 3 * i + f, 3 * i + f);
            if (arb_is_positive(q))
            {
                if (npres == 0)
                    arb_set(mi, q);
                else
                    arb_min(mi, mi, q, prec);
                npres++;
                S[ns++] = 3 * i + f;
            }
            else if (arb_is_zero(q))
            {
                mn->absent[i] = (int) f;
                for (b = 0; b < 3 * n; b++)
                    if (!arb_is_zero(arb_mat_entry(Q, 3 * i + f, b)))
                    {
                        arb_clear(mi);
                        status = hkz_error_set(HKZ_ERR_UNSUPPORTED,
                            "su2mix: no product-type minorant; tail not "
                            "certified (Q[%c%ld][%ld] != 0 on a zero "
                            "diagonal: Q is not PSD)", "XYZ"[f],
                            (long) i + 1, (long) b);
                        goto cleanup;
                    }
            }
            else
            {
                arb_clear(mi);
                status = hkz_error_set(HKZ_ERR_UNSUPPORTED,
                    "su2mix: no product-type minorant; tail not certified "
                    "(Q[%c%ld][%c%ld] is neither proven > 0 nor exactly 0)",
                    "XYZ"[f], (long) i + 1, "XYZ"[f], (long) i + 1);
                goto cleanup;
            }
        }
        if (npres < 2)
        {
            arb_clear(mi);
            status = hkz_error_set(HKZ_ERR_UNSUPPORTED,
                "su2mix: no product-type minorant; tail not certified "
                "(factor %ld has %d field direction%s on its diagonal; "
                "two are needed)", (long) i + 1, npres,
                npres == 1 ? "" : "s");
            goto cleanup;
        }
        mn->type[i] = npres == 3 ? HKZ_SU2MIX_FACTOR_DELTA
                                 : HKZ_SU2MIX_FACTOR_SUB;
        /* an exact point below every present diagonal entry */
        arf_set_mag(arb_midref(mn->m + i), arb_radref(mi));
        arf_sub(arb_midref(mn->m + i), arb_midref(mi),
                arb_midref(mn->m + i), prec, ARF_RND_FLOOR);
        mag_zero(arb_radref(mn->m + i));
        arb_clear(mi);
        if (!arb_is_positive(mn->m + i))
        {
            status = hkz_error_set(HKZ_ERR_UNSUPPORTED,
                "su2mix: no product-type minorant; tail not certified "
                "(factor %ld: diagonal too close to 0)", (long) i + 1);
            goto cleanup;
        }
    }

    for (a = 0; a < ns && diagonal; a++)
        for (b = 0; b < ns; b++)
            if (a != b && !arb_is_zero(arb_mat_entry(Q, S[a], S[b])))
            {
                diagonal = 0;
                break;
            }
    if (diagonal)
    {
        arb_one(mn->K);
        mn->lmin = 1.0;
        goto cleanup;
    }

    /* lambda_min of D^{-1/2} Q_S D^{-1/2} in double */
    M = flint_malloc(ns * ns * sizeof(double));
    wd = flint_malloc(ns * sizeof(double));
    for (a = 0; a < ns; a++)
        for (b = 0; b < ns; b++)
        {
            double da = arf_get_d(arb_midref(mn->m + S[a] / 3), ARF_RND_NEAR);
            double db = arf_get_d(arb_midref(mn->m + S[b] / 3), ARF_RND_NEAR);
            M[a + b * ns] = arf_get_d(arb_midref(arb_mat_entry(Q, S[a], S[b])),
                                      ARF_RND_NEAR) / sqrt(da * db);
        }
    HKZ_CHECK_GOTO(LAPACKE_dsyevd(LAPACK_COL_MAJOR, 'N', 'U', (lapack_int) ns,
                                  M, (lapack_int) ns, wd) == 0,
                   HKZ_ERR_LAPACK, "su2mix minorant: dsyevd failed");
    mn->lmin = wd[0];
    HKZ_CHECK_GOTO(wd[0] > 1e-12, HKZ_ERR_UNSUPPORTED,
                   "su2mix: no product-type minorant; tail not certified "
                   "(Q restricted to its support is not positive definite: "
                   "lambda_min(D^-1/2 Q D^-1/2) = %.3g)", wd[0]);

    arb_mat_clear(P);
    arb_mat_clear(L);
    arb_mat_init(P, ns, ns);
    arb_mat_init(L, ns, ns);
    for (try = 0; try < 4; try++)
    {
        /* K slightly above 1/lmin: margins 2^-20, 2^-14, 2^-8, 2^-2 */
        double Kd = (1.0 / wd[0]) * (1.0 + ldexp(1.0, -20 + 6 * (int) try));
        arb_set_d(mn->K, Kd);
        if (arf_cmp_si(arb_midref(mn->K), 1) < 0)
            arb_one(mn->K);
        for (a = 0; a < ns; a++)
            for (b = 0; b < ns; b++)
            {
                arb_set(arb_mat_entry(P, a, b), arb_mat_entry(Q, S[a], S[b]));
                if (a == b)
                {
                    arb_t u;
                    arb_init(u);
                    arb_div(u, mn->m + S[a] / 3, mn->K, prec);
                    arb_sub(arb_mat_entry(P, a, a), arb_mat_entry(P, a, a), u,
                            prec);
                    arb_clear(u);
                }
            }
        if (arb_mat_cho(L, P, prec))
            goto cleanup;
    }
    status = hkz_error_set(HKZ_ERR_UNSUPPORTED,
                           "su2mix: no product-type minorant; tail not "
                           "certified (Q_S - D/K not proven PD for K up to "
                           "%.6g)", (1.0 / wd[0]) * 1.25);

cleanup:
    flint_free(S);
    flint_free(M);
    flint_free(wd);
    arb_mat_clear(P);
    arb_mat_clear(L);
    return status;
}

/* lambda_min of the factor operator L0_i on V_n (without m_i) */
static slong factor_lmin(int type, slong n)
{
    return type == HKZ_SU2MIX_FACTOR_DELTA ? n * n - 1 : 2 * (n - 1);
}

void hkz_su2mix_minorant_lmin(arb_t res, const hkz_su2mix_minorant_t mn,
                              const slong *nvec, slong prec)
{
    slong i;
    arb_zero(res);
    for (i = 0; i < mn->n; i++)
        arb_addmul_si(res, mn->m + i, factor_lmin(mn->type[i], nvec[i]),
                      prec);
}

/* tr exp(-sigma L0_i) on V_n, sigma = m_i s: Delta: n e^{-sigma(n^2-1)};
 * sub: sum_k e^{-sigma(n^2-1-k^2)} (spec 3.1). */
static void factor_trace(arb_t res, int type, slong n, const arb_t sigma,
                         slong prec)
{
    arb_t u;
    slong k;

    arb_init(u);
    if (type == HKZ_SU2MIX_FACTOR_DELTA)
    {
        arb_mul_si(u, sigma, -(n * n - 1), prec);
        arb_exp(u, u, prec);
        arb_mul_si(res, u, n, prec);
    }
    else
    {
        arb_zero(res);
        for (k = -(n - 1); k <= n - 1; k += 2)
        {
            arb_mul_si(u, sigma, -(n * n - 1 - k * k), prec);
            arb_exp(u, u, prec);
            arb_add(res, res, u, prec);
        }
    }
    arb_clear(u);
}

void hkz_su2mix_minorant_trace(arb_t res, const hkz_su2mix_minorant_t mn,
                               const slong *nvec, const arb_t s, slong prec)
{
    arb_t sig, u;
    slong i;

    arb_init(sig);
    arb_init(u);
    arb_one(res);
    for (i = 0; i < mn->n; i++)
    {
        arb_mul(sig, s, mn->m + i, prec);
        factor_trace(u, mn->type[i], nvec[i], sig, prec);
        arb_mul(res, res, u, prec);
    }
    arb_clear(sig);
    arb_clear(u);
}

/* Upper bound tau of sum_{n > N} n tr exp(-sigma L0(n)).
 * Delta (spec 2, TB1 with t = sigma, A = N+1, rho = e^{-2 A sigma}):
 *   sum_{n>N} n^2 e^{-(n^2-1) sigma}
 *     <= e^{-(A^2-1) sigma} [A^2/(1-rho) + 2 A rho/(1-rho)^2
 *                            + rho(1+rho)/(1-rho)^3].
 * Sub: with k = n-1-2j, n^2-1-k^2 = 2(n-1) + 4 j (n-1-j), j = 0..n-1.  For
 * j <= (n-1)/2, n-1-j >= (n-1)/2, so the term is <= q^{n-1} r^j with
 * q = e^{-2 sigma}, r = q^{n-1}; the mirror half j > (n-1)/2 likewise.
 * Hence tr <= 2 q^{n-1}/(1 - r) <= 2 q^{n-1}/(1 - q^N) for n >= N+1, and
 *   sum_{n>N} n tr <= 2/(1-q^N) sum_{n>=N+1} n q^{n-1}
 *                   = 2 q^N/(1-q^N) [(N+1)/(1-q) + q/(1-q)^2]. */
static void factor_tail(arb_t res, int type, slong N, const arb_t sigma,
                        slong prec)
{
    arb_t q, u, v, w;

    arb_init(q);
    arb_init(u);
    arb_init(v);
    arb_init(w);
    if (type == HKZ_SU2MIX_FACTOR_DELTA)
        hkz_su2_tb1(res, sigma, (ulong) N, prec);
    else
    {
        arb_mul_si(q, sigma, -2, prec);
        arb_exp(q, q, prec);                 /* q */
        arb_sub_ui(u, q, 1, prec);
        arb_neg(u, u);                       /* 1 - q */
        arb_set_si(res, N + 1);
        arb_div(res, res, u, prec);
        arb_sqr(v, u, prec);
        arb_div(w, q, v, prec);
        arb_add(res, res, w, prec);
        arb_pow_ui(v, q, (ulong) N, prec);   /* q^N */
        arb_mul(res, res, v, prec);
        arb_mul_2exp_si(res, res, 1);
        arb_sub_ui(w, v, 1, prec);
        arb_neg(w, w);                       /* 1 - q^N */
        arb_div(res, res, w, prec);
    }
    arb_clear(q);
    arb_clear(u);
    arb_clear(v);
    arb_clear(w);
}

int hkz_su2mix_minorant_tail(arb_t res, arb_t box0,
                             const hkz_su2mix_minorant_t mn,
                             const slong *nmax, const arb_t s, slong prec)
{
    slong n = mn->n, i, j, k;
    arb_ptr T, tau;
    arb_t sig, u, acc;

    HKZ_CHECK(mn->type != NULL, HKZ_ERR_ARG,
              "hkz_su2mix_minorant_tail: minorant not set");
    HKZ_CHECK(arb_is_finite(s) && arb_is_positive(s), HKZ_ERR_DOMAIN,
              "hkz_su2mix_minorant_tail: s must be > 0");
    T = _arb_vec_init(n);
    tau = _arb_vec_init(n);
    arb_init(sig);
    arb_init(u);
    arb_init(acc);
    for (i = 0; i < n; i++)
    {
        arb_mul(sig, s, mn->m + i, prec);
        for (k = 1; k <= nmax[i]; k++)
        {
            factor_trace(u, mn->type[i], k, sig, prec);
            arb_addmul_si(T + i, u, k, prec);
        }
        factor_tail(tau + i, mn->type[i], nmax[i], sig, prec);
    }
    /* prod (T_i + tau_i) - prod T_i
     *   = sum_i tau_i prod_{j<i} (T_j + tau_j) prod_{j>i} T_j  (no
     * cancellation; increasing in each tau_i, so upper bounds may be used) */
    arb_zero(res);
    for (i = 0; i < n; i++)
    {
        arb_set(acc, tau + i);
        for (j = 0; j < n; j++)
        {
            if (j < i)
            {
                arb_add(u, T + j, tau + j, prec);
                arb_mul(acc, acc, u, prec);
            }
            else if (j > i)
                arb_mul(acc, acc, T + j, prec);
        }
        arb_add(res, res, acc, prec);
    }
    /* a point upper bound */
    arb_get_ubound_arf(arb_midref(res), res, prec);
    mag_zero(arb_radref(res));
    if (box0 != NULL)
    {
        arb_one(box0);
        for (i = 0; i < n; i++)
            arb_mul(box0, box0, T + i, prec);
    }
    _arb_vec_clear(T, n);
    _arb_vec_clear(tau, n);
    arb_clear(sig);
    arb_clear(u);
    arb_clear(acc);
    return HKZ_SUCCESS;
}
