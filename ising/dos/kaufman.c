/* Kaufman's zero-field partition function of the L x M torus (spec 4.1):
 *   Z = 1/2 (2 sinh 2K)^{LM/2} [ prod_r 2cosh(M g_{2r+1}/2)
 *       + prod_r 2sinh(M g_{2r+1}/2) + prod_r 2cosh(M g_{2r}/2)
 *       + prod_r 2sinh(M g_{2r}/2) ],   r = 0..L-1,
 *   cosh g_q = cosh 2K coth 2K - cos(pi q/L) (q >= 1, g_q > 0),
 *   g_0 = 2K + ln tanh K (signed).
 * An independent check of the transfer matrix. */
#include "ising_impl.h"
#include "hkz_check.h"

int hkz_ising_kaufman(arb_t Z, slong L, slong M, const arb_t K, slong prec)
{
    slong q, r, wp = prec + 2 * FLINT_BIT_COUNT(L * M) + 20;
    arb_t c2, s2, A, g, t, sh, ch, P[4];
    fmpq_t qq;
    int i;

    if (L < 1 || M < 1 || L > HKZ_ISING_MAX_VERTICES / M ||
        !arb_is_positive(K) || !arb_is_finite(K))
    {
        arb_indeterminate(Z);
        return hkz_error_set(HKZ_ERR_DOMAIN, "hkz_ising_kaufman: need L, M >= "
                             "1 and K > 0 (got L = %ld, M = %ld)", (long) L,
                             (long) M);
    }
    arb_init(c2);
    arb_init(s2);
    arb_init(A);
    arb_init(g);
    arb_init(t);
    arb_init(sh);
    arb_init(ch);
    for (i = 0; i < 4; i++)
    {
        arb_init(P[i]);
        arb_one(P[i]);
    }
    fmpq_init(qq);
    arb_mul_2exp_si(t, K, 1);
    arb_sinh_cosh(s2, c2, t, wp);
    arb_mul(A, c2, c2, wp);
    arb_div(A, A, s2, wp);          /* cosh 2K coth 2K */
    for (r = 0; r < L; r++)
        for (i = 0; i < 2; i++)
        {
            q = 2 * r + 1 - i;          /* i = 0: odd, i = 1: even */
            if (q == 0)
            {
                arb_tanh(g, K, wp);
                arb_log(g, g, wp);
                arb_mul_2exp_si(t, K, 1);
                arb_add(g, g, t, wp);
            }
            else
            {
                fmpq_set_si(qq, q, L);
                arb_cos_pi_fmpq(t, qq, wp);
                arb_sub(g, A, t, wp);
                arb_acosh(g, g, wp);
            }
            arb_mul_si(t, g, M, wp);
            arb_mul_2exp_si(t, t, -1);
            arb_sinh_cosh(sh, ch, t, wp);
            arb_mul_2exp_si(sh, sh, 1);
            arb_mul_2exp_si(ch, ch, 1);
            arb_mul(P[2 * i], P[2 * i], ch, wp);
            arb_mul(P[2 * i + 1], P[2 * i + 1], sh, wp);
        }
    arb_add(t, P[0], P[1], wp);
    arb_add(t, t, P[2], wp);
    arb_add(t, t, P[3], wp);
    arb_mul_2exp_si(s2, s2, 1);
    arb_sqrt(s2, s2, wp);
    arb_pow_ui(s2, s2, L * M, wp);
    arb_mul(Z, t, s2, prec);
    arb_mul_2exp_si(Z, Z, -1);
    arb_clear(c2);
    arb_clear(s2);
    arb_clear(A);
    arb_clear(g);
    arb_clear(t);
    arb_clear(sh);
    arb_clear(ch);
    for (i = 0; i < 4; i++)
        arb_clear(P[i]);
    fmpq_clear(qq);
    if (!arb_is_finite(Z))
        return hkz_error_set(HKZ_ERR_PREC, "hkz_ising_kaufman: no finite "
                             "enclosure at %ld bits", (long) prec);
    return HKZ_SUCCESS;
}
