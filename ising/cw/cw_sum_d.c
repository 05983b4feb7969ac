/* The real part of a block's node sum in doubles with a proven error
 * bound, for the certified signs of cw_block_bracket.c: the sign needs
 * the sum only to ~2^-34 of its terms at N = 10^7 (the zero sits
 * 2^-57 theta off the bracket end, the sum moves ~N per unit of theta),
 * so one double Horner sum replaces the ball Horner at the working
 * precision when its bound decides; the ball sum decides otherwise.
 *
 * Claim.  a_k doubles, V_k (k < n) with sum |V_k - a_k| <= D, A >=
 * sum |a_k|; |w|, |om| <= 1 with |z - w| <= eta, |c - om| <= etk for the
 * doubles z, c.  q = the Horner sum of the a_k at z in doubles, R =
 * fl(Re(c q)).  Then with u = 2^-53, rho = e^{n eta} >= (1 + eta)^n,
 * gam = e^{4 n u} - 1:
 *   |Re(om sum V_k w^k) - R| <= etk (A + D)
 *       + (1 + etk) (D + n eta rho A + gam rho A + tiny)
 *       + 3u (1 + etk) (rho A (1 + gam) + tiny) + 2^-1070,
 * tiny = n 2^-1073 rho (1 + gam).
 * Proof.  (1) |sum (V_k - a_k) w^k| <= D since |w| <= 1.
 * (2) |w^k - z^k| = |w - z| |sum_j w^j z^{k-1-j}| <= k eta (1 + eta)^{k-1}
 *     (|z| <= 1 + eta), so |sum a_k (w^k - z^k)| <= n eta rho A.
 * (3) A complex product in doubles, re = fl(fl(ac) - fl(bd)) (fused or
 *     not), errs by <= (2u + u^2)(|ac| + |bd|) per part, and
 *     (|ac| + |bd|)^2 + (|ad| + |bc|)^2 <= 2 |x|^2 |y|^2 (4|abcd| <=
 *     (a^2 + b^2)(c^2 + d^2)), so by <= 3u |x| |y|; a sum by <= u |x + y|.
 *     Every error is a complex factor (1 + e), |e| <= 3u or u, and a_k
 *     passes k products and <= k + 1 sums (Higham, Accuracy and Stability,
 *     5.1): |q - sum a_k z^k| <= ((1 + 3u)^n (1 + u)^n - 1) rho A <=
 *     gam rho A.  Below 2^-1022 a product also errs by <= 2^-1074
 *     absolutely per part (sums of doubles are exact there): < 2^-1073
 *     per product, carried by |z|^j <= rho and the factors: tiny.
 * (4) X = sum V_k w^k, |X| <= A + D: |om X - c q| <= etk |X| + |c| |X - q|
 *     with |c| <= 1 + etk, |q| <= rho A (1 + gam) + tiny, and the
 *     last product's real part errs by <= 3u |c| |q| + 2^-1070.
 * Overflow anywhere leaves R or Im(c q) infinite or NaN: refused.
 * tests/ly/internal/t-cw_sum_d.c hits the D and eta terms with
 * adversarial inputs (it fails when either is dropped or halved). */
#include <math.h>
#include "cw_integral_internal.h"

/* |x - double(mid x)| over the ball, and the double */
static void to_d(double *re, double *im, mag_t eta, const acb_t x)
{
    acb_t d;
    acb_init(d);
    *re = arf_get_d(arb_midref(acb_realref(x)), ARF_RND_NEAR);
    *im = arf_get_d(arb_midref(acb_imagref(x)), ARF_RND_NEAR);
    acb_set_d_d(d, *re, *im);
    acb_sub(d, x, d, 64);
    acb_get_mag(eta, d);
    acb_clear(d);
}

int _hkz_lyi_sum_d(double *R, mag_t E, const double complex *a, slong n,
                   const mag_t A, const mag_t D, const acb_t w,
                   const acb_t om)
{
    double zr, zi, cr, ci, qr, qi, tr, ti;
    mag_t eta, etk, rho, gam, t, s, tiny;
    slong k;
    int ok;

    if (n < 1 || n > (WORD(1) << 20))
        return 0;
    mag_init(eta);
    mag_init(etk);
    to_d(&zr, &zi, eta, w);
    to_d(&cr, &ci, etk, om);
    qr = creal(a[n - 1]);
    qi = cimag(a[n - 1]);
    for (k = n - 2; k >= 0; k--)
    {
        tr = qr * zr - qi * zi;
        ti = qr * zi + qi * zr;
        qr = creal(a[k]) + tr;
        qi = cimag(a[k]) + ti;
    }
    *R = qr * cr - qi * ci;
    ok = isfinite(*R) && isfinite(qr) && isfinite(qi) && mag_is_finite(A) &&
         mag_is_finite(D) && mag_is_finite(eta) && mag_is_finite(etk) &&
         isfinite(zr) && isfinite(zi) && isfinite(cr) && isfinite(ci);
    if (ok)
    {
        mag_init(rho);
        mag_init(gam);
        mag_init(t);
        mag_init(s);
        mag_init(tiny);
        /* rho = e^{n eta}, gam = e^{4 n u} - 1, tiny */
        mag_mul_ui(rho, eta, (ulong) n);
        mag_exp(rho, rho);
        mag_set_ui_2exp_si(gam, 4 * (ulong) n, -53);
        mag_expm1(gam, gam);
        mag_one(tiny);
        mag_add(tiny, tiny, gam);
        mag_mul(tiny, tiny, rho);
        mag_mul_ui(tiny, tiny, (ulong) n);
        mag_mul_2exp_si(tiny, tiny, -1073);
        /* s = D + n eta rho A + gam rho A + tiny  (>= |X - q|) */
        mag_mul(t, rho, A);
        mag_mul_ui(s, eta, (ulong) n);
        mag_add(s, s, gam);
        mag_mul(s, s, t);
        mag_add(s, s, D);
        mag_add(s, s, tiny);
        /* |q| <= rho A (1 + gam) + tiny, times 3u */
        mag_one(E);
        mag_add(E, E, gam);
        mag_mul(E, E, t);
        mag_add(E, E, tiny);
        mag_mul_2exp_si(E, E, -51);     /* 3u < 2^-51 */
        /* (1 + etk) (s + 3u |q|) + etk (A + D) + 2^-1070 */
        mag_add(E, E, s);
        mag_one(t);
        mag_add(t, t, etk);
        mag_mul(E, E, t);
        mag_add(t, A, D);
        mag_mul(t, t, etk);
        mag_add(E, E, t);
        mag_set_ui_2exp_si(t, 1, -1070);
        mag_add(E, E, t);
        mag_clear(rho);
        mag_clear(gam);
        mag_clear(t);
        mag_clear(s);
        mag_clear(tiny);
    }
    mag_clear(eta);
    mag_clear(etk);
    return ok;
}
