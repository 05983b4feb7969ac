/* Truncated character sums (2.1) in ball arithmetic, with t- and
 * alpha-derivatives for the midpoint/derivative enclosure. */
#include <math.h>
#include "heat_bi_internal.h"
#include "hkz_check.h"

/* Truncated sums over n <= N at working precision wp, each optional
 * (NULL: skipped), with lambda = n^2 - 1 and the signs (-1)^k left out:
 *   s  = sum n lambda^k e^{-lambda t} chi_n(a),
 *   st = sum n lambda^{k+1} e^{-lambda t} chi_n(a)   (d/dt up to sign),
 *   sa = a ball containing sum n lambda^k e^{-lambda t} chi_n'(a), up to a
 *        common sign (d/dalpha). */
void _hkz_su2_heat_bi_partial_sums(arb_t s, arb_t st, arb_t sa, const arb_t t,
        const arb_t a, ulong N, ulong k, slong wp)
{
    arb_t pi, g, inv, q, r, E, chi, dchi, term, u;
    acb_t w, z;
    arf_t glo;
    mag_t gmax;
    ulong n;
    int reflect, mode;

    arb_init(pi); arb_init(g); arb_init(inv); arb_init(q);
    arb_init(r); arb_init(E); arb_init(chi); arb_init(dchi); arb_init(term);
    arb_init(u);
    acb_init(w); acb_init(z);
    arf_init(glo);
    mag_init(gmax);

    /* chi_n(alpha) = (-1)^{n-1} chi_n(pi - alpha): use the angle g <= ~pi/2
     * so that the division by sin(g) is harmless away from g = 0 */
    reflect = arf_cmp_d(arb_midref(a), 1.5707963267948966) > 0;
    if (reflect)
    {
        arb_const_pi(pi, wp);
        arb_sub(g, pi, a, wp);
    }
    else
        arb_set(g, a);

    /* mode 0: g = 0 exactly, chi_n = n.  mode 1: chi_n = Im(e^{ing})/sin g
     * with the rotation e^{ing} = e^{i(n-1)g} e^{ig}, restarted from
     * sin_cos(ng) every HKZ_SU2_BI_ROT_BLOCK steps (in rectangular ball
     * arithmetic a rotation multiplies the radius by up to |cos g| +
     * |sin g| <= sqrt 2); needs sin g not small and a narrow ball.  mode 2:
     * chi_n = n sinc(ng) / sinc(g), per term, and
     * |chi_n'(g)| <= min(|g| n(n^2-1)/3, n^2/2) (chi_n(g) is the sum of
     * cos(m g) over m = n-1, n-3, ..., 1-n; sum m^2 = n(n^2-1)/3). */
    arb_get_lbound_arf(glo, g, wp);
    arb_get_mag(gmax, g);
    if (arb_is_zero(g))
        mode = 0;
    else if (arf_cmp_2exp_si(glo, -8) >= 0
             && mag_cmp_2exp_si(arb_radref(g),
                                -10 - (slong) FLINT_BIT_COUNT(N)) <= 0)
    {
        mode = 1;
        arb_sin_cos(acb_imagref(w), acb_realref(w), g, wp);
        arb_inv(inv, acb_imagref(w), wp);
        acb_set(z, w);
    }
    else
    {
        mode = 2;
        arb_sinc(inv, g, wp);
        arb_inv(inv, inv, wp);
    }

    /* n = 1: lambda_1 = 0, chi_1 = 1, chi_1' = 0 */
    if (s != NULL)
        arb_set_ui(s, k == 0);
    if (st != NULL)
        arb_zero(st);
    if (sa != NULL)
        arb_zero(sa);
    arb_mul_si(q, t, -2, wp);
    arb_exp(q, q, wp);                      /* e^{-2t} */
    arb_mul_si(r, t, -3, wp);
    arb_exp(r, r, wp);                      /* e^{-(2n-1)t}, n = 2 */
    arb_one(E);
    for (n = 2; n <= N; n++)
    {
        if (n > 2)
            arb_mul(r, r, q, wp);
        arb_mul(E, E, r, wp);               /* e^{-(n^2-1)t} */
        /* u = n lambda^k e^{-lambda t} (-1)^{n-1 if reflected} */
        arb_mul_ui(u, E, n, wp);
        if (k > 0)
        {
            arb_ui_pow_ui(term, n * n - 1, k, wp);
            arb_mul(u, u, term, wp);
        }
        if (reflect && n % 2 == 0)
            arb_neg(u, u);

        if (mode == 0)
            arb_set_ui(chi, n);
        else if (mode == 1)
        {
            if (n % HKZ_SU2_BI_ROT_BLOCK == 0)
            {
                arb_mul_ui(chi, g, n, wp);
                arb_sin_cos(acb_imagref(z), acb_realref(z), chi, wp);
            }
            else
                acb_mul(z, z, w, wp);
            arb_mul(chi, acb_imagref(z), inv, wp);
        }
        else
        {
            arb_mul_ui(chi, g, n, wp);
            arb_sinc(chi, chi, wp);
            arb_mul(chi, chi, inv, wp);
            arb_mul_ui(chi, chi, n, wp);
        }

        arb_mul(term, u, chi, wp);
        if (s != NULL)
            arb_add(s, s, term, wp);
        if (st != NULL)
        {
            arb_mul_ui(term, term, n * n - 1, wp);
            arb_add(st, st, term, wp);
        }
        if (sa != NULL && mode == 1)
        {
            /* chi_n' = (n cos(ng) - chi_n cos g) / sin g */
            arb_mul_ui(dchi, acb_realref(z), n, wp);
            arb_submul(dchi, chi, acb_realref(w), wp);
            arb_mul(dchi, dchi, inv, wp);
            arb_mul(term, u, dchi, wp);
            arb_add(sa, sa, term, wp);
        }
        else if (sa != NULL && mode == 2)
        {
            /* |chi_n'| <= min(|g| n(n^2-1)/3, n^2/2), see above */
            arf_set_mag(arb_midref(dchi), gmax);
            mag_zero(arb_radref(dchi));
            arb_mul_ui(dchi, dchi, n * (n * n - 1), wp);
            arb_div_ui(dchi, dchi, 3, wp);
            arb_set_ui(term, n * n);
            arb_mul_2exp_si(term, term, -1);
            arb_min(dchi, dchi, term, wp);
            arb_mul(term, u, dchi, wp);
            arb_add_error(sa, term);
        }
    }

    arb_clear(pi); arb_clear(g); arb_clear(inv); arb_clear(q);
    arb_clear(r); arb_clear(E); arb_clear(chi); arb_clear(dchi);
    arb_clear(term); arb_clear(u);
    acb_clear(w); acb_clear(z);
    arf_clear(glo);
    mag_clear(gmax);
}
