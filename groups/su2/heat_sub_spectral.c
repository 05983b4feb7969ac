/* Sub-Laplacian heat kernel: certified spectral sum (3.1) with the
 * truncation bounds of spec heat_kernels_su2.md section 3.5. */
#include <math.h>
#include "hkz_check.h"
#include "heat_sub_internal.h"

/* Block length for cos(kz): cos(kz) = Re(e^{i(k-j)z} e^{ijz}) with both
 * factors from arb_sin_cos, so radii do not grow with k (a Chebyshev
 * recurrence in ball arithmetic would double them at every step). */
#define COS_BLOCK 32
/* Steering: heat_sub_steer.c; truncation bounds: heat_sub_tail.c. */

/* ---- the sum --------------------------------------------------------- */

void hkz_su2_sub_spectral_internal(arb_t res, const arb_t t, const arb_t r,
                                   const arb_t z, ulong deriv, slong prec)
{
    double td = arf_get_d(arb_midref(t), ARF_RND_NEAR);
    double logtol, logtol_k;
    slong K, M, m, k, j, wp, nb;
    arb_ptr tab;
    arb_t c, y, q, q2, gstep, g0, Q, sum, sk, gprev, gcur, gnext, w, rho,
        term, a, pw, cb, sb;
    mag_t tlo, err, bk;

    logtol = -prec * M_LN2 + hkz_su2_sub_log_scale_internal(td, deriv);
    K = hkz_su2_sub_choose_K_internal(td, deriv, logtol);
    if (K >= HKZ_SUB_KMAX && deriv == 0)
    {
        /* more than HKZ_SUB_KMAX values of k would be needed (tiny t):
         * return at once the a priori enclosure 0 <= p_t(g) <= p_t(e)
         * (positivity of the heat kernel; |D^n_kk| <= 1 in (3.1)), p_t(e)
         * by the closed form (3.3) */
        arb_init(a);
        hkz_su2_sub_fibre_internal(res, t, a, prec);
        arb_union(res, res, a, prec);
        arb_clear(a);
        return;
    }
    /* the m-tails share the other half of the budget */
    logtol_k = logtol - M_LN2 - log(K + 1.0);
    M = 0;
    /* guard bits: K additions, and the ball recurrence for P_m: its
     * radii grow like (1 + sqrt 2)^m (wrapping effect, |a_m| ~ 2 and
     * |b_m| ~ 1, even at r = 0 where P_m = 1) while the weights decay like
     * e^{-4 m^2 t}; the product peaks at about e^{0.05/t} */
    wp = prec + 10 + FLINT_BIT_COUNT(K)
         + (slong) FLINT_MIN(0.08 / td, 2.0 * prec + 256.0);

    arb_init(c);
    arb_init(y);
    arb_init(q);
    arb_init(q2);
    arb_init(gstep);
    arb_init(g0);
    arb_init(Q);
    arb_init(sum);
    arb_init(sk);
    arb_init(gprev);
    arb_init(gcur);
    arb_init(gnext);
    arb_init(w);
    arb_init(rho);
    arb_init(term);
    arb_init(a);
    arb_init(pw);
    arb_init(cb);
    arb_init(sb);
    mag_init(tlo);
    mag_init(err);
    mag_init(bk);

    nb = FLINT_MIN(COS_BLOCK, K + 1);
    tab = _arb_vec_init(2 * nb);   /* cos(jz), sin(jz), j < nb */
    for (j = 0; j < nb; j++)
    {
        arb_mul_ui(a, z, j, wp);
        arb_sin_cos(tab + nb + j, tab + j, a, wp);
    }

    /* c = cos r, y = sin^2 r: cos 2r = 1 - 2y without cancellation */
    arb_sin_cos(y, c, r, wp);
    arb_sqr(y, y, wp);
    arb_mul_si(a, t, -4, wp);
    arb_exp(q, a, wp);                 /* q = e^{-4t} */
    arb_sqr(q2, q, wp);
    arb_mul_si(a, t, -2, wp);
    arb_exp(gstep, a, wp);
    arb_mul(gstep, gstep, c, wp);      /* e^{-2t} cos r */
    arb_one(g0);                       /* (e^{-2t} cos r)^k */
    arb_set(Q, q2);                    /* q^{k+2} */
    arb_get_mag_lower(tlo, t);
    arb_zero(sum);
    mag_zero(err);

    for (k = 0; k <= K; k++)
    {
        ulong ku = (ulong) k;

        M = hkz_su2_sub_choose_M_internal(M, k, td, deriv, logtol_k);
        /* G_m = e^{-2kt} cos(r)^k P_m^{(0,k)}(1 - 2y), weight W_m =
         * e^{-4m(m+k+1)t} with W_{m+1} = W_m q^{2m+k+2} */
        arb_zero(sk);
        arb_set(gcur, g0);
        arb_one(w);
        arb_set(rho, Q);
        for (m = 0; ; m++)
        {
            ulong mu = (ulong) m;
            ulong lam = 4 * mu * (mu + ku + 1) + 2 * ku;

            arb_mul(term, gcur, w, wp);
            arb_mul_ui(term, term, 2 * mu + ku + 1, wp);
            if (deriv != 0)
            {
                arb_ui_pow_ui(pw, lam, deriv, wp);
                arb_mul(term, term, pw, wp);
            }
            arb_add(sk, sk, term, wp);
            if (m == M)
                break;
            if (m == 0)
            {
                /* P_1^{(0,k)}(x) = ((k+2)x - k)/2 = 1 - (k+2)y */
                arb_mul_ui(a, y, ku + 2, wp);
                arb_sub_ui(a, a, 1, wp);
                arb_neg(a, a);
                arb_mul(gnext, g0, a, wp);
            }
            else
            {
                /* DLMF 18.9.1 with alpha = 0, beta = k, n = m, x = 1-2y:
                 * 2(n+1)(n+k+1)(2n+k) P_{n+1} = (2n+k+1)[(2n+k)(2n+k+2)x
                 * - k^2] P_n - 2n(n+k)(2n+k+2) P_{n-1}, where
                 * (2n+k)(2n+k+2)x - k^2 = lambda_{n,k} - 2y(2n+k)(2n+k+2) */
                ulong n2k = 2 * mu + ku;

                arb_mul_ui(a, y, 2 * n2k * (n2k + 2), wp);
                arb_neg(a, a);
                arb_add_ui(a, a, lam, wp);
                arb_mul_ui(a, a, n2k + 1, wp);
                arb_mul(a, a, gcur, wp);
                arb_submul_ui(a, gprev, 2 * mu * (mu + ku) * (n2k + 2), wp);
                arb_div_ui(gnext, a, 2 * (mu + 1) * (mu + ku + 1) * n2k, wp);
            }
            arb_swap(gprev, gcur);
            arb_swap(gcur, gnext);
            arb_mul(w, w, rho, wp);
            arb_mul(rho, rho, q2, wp);
        }
        if (k > 0)
        {
            /* k and -k together: 2 cos(kz) */
            j = k % nb;
            if (j == 0)
            {
                arb_mul_ui(a, z, ku, wp);
                arb_sin_cos(sb, cb, a, wp);
            }
            arb_mul(a, cb, tab + j, wp);
            arb_submul(a, sb, tab + nb + j, wp);
            arb_mul(sk, sk, a, wp);
            arb_mul_2exp_si(sk, sk, 1);
        }
        else
        {
            arb_one(cb);
            arb_zero(sb);
        }
        arb_add(sum, sum, sk, wp);
        hkz_su2_sub_tail_m_internal(bk, ku, (ulong) M, tlo, deriv);
        mag_add(err, err, bk);
        arb_mul(g0, g0, gstep, wp);
        arb_mul(Q, Q, q, wp);
    }
    hkz_su2_sub_tail_k_internal(bk, (ulong) K, tlo, deriv);
    mag_add(err, err, bk);
    if (deriv % 2 == 1)
        arb_neg(sum, sum);   /* (-lambda)^d */
    arb_add_error_mag(sum, err);
    arb_set_round(res, sum, prec);

    _arb_vec_clear(tab, 2 * nb);
    arb_clear(c);
    arb_clear(y);
    arb_clear(q);
    arb_clear(q2);
    arb_clear(gstep);
    arb_clear(g0);
    arb_clear(Q);
    arb_clear(sum);
    arb_clear(sk);
    arb_clear(gprev);
    arb_clear(gcur);
    arb_clear(gnext);
    arb_clear(w);
    arb_clear(rho);
    arb_clear(term);
    arb_clear(a);
    arb_clear(pw);
    arb_clear(cb);
    arb_clear(sb);
    mag_clear(tlo);
    mag_clear(err);
    mag_clear(bk);
}

int hkz_su2_heat_sub_spectral(arb_t res, const arb_t t, const arb_t r,
                              const arb_t z, ulong deriv, slong prec)
{
    int status;
    arb_t zr;

    status = hkz_su2_sub_check_internal("hkz_su2_heat_sub_spectral", t, r,
                                        z, deriv, prec);
    if (status != HKZ_SUCCESS)
    {
        arb_indeterminate(res);
        return status;
    }
    arb_init(zr);
    hkz_su2_sub_reduce_z_internal(zr, z, prec);
    hkz_su2_sub_spectral_internal(res, t, r, zr, deriv, prec);
    arb_clear(zr);
    return HKZ_SUCCESS;
}
