/* The approximants of the lockstep steps (track_lockstep_cert.c): the
 * Chebyshev fit in doubles, the y_k as exact polynomials in tau, their
 * ranges on pieces of [-1, 1]. */
#include <math.h>
#include <arb_poly.h>
#include "track_lockstep.h"

#define L (HKZ_LLS_P + 1)

void _hkz_lls_fit(double *c, const double *z, slong n)
{
    slong k, i, l;
    const slong P = HKZ_LLS_P;
    for (k = 0; k < n; k++)
        for (i = 0; i <= P; i++)
        {
            /* tau_j = -cos(pi j/P) = cos(pi (P - j)/P): DCT-I */
            double s = 0;
            for (l = 0; l <= P; l++)
            {
                double f = z[(P - l) * n + k] * cos(HKZ_LY_PI * (double) (i * l)
                                                    / (double) P);
                s += (l == 0 || l == P) ? f / 2 : f;
            }
            s *= 2.0 / (double) P;
            c[k * L + i] = (i == 0 || i == P) ? s / 2 : s;
        }
}

/* Y = sum c_i T_i as a polynomial in tau (exact: doubles times integers) */
void _hkz_lls_mono(arb_poly_t Y, const double *ck)
{
    arb_poly_t a, b, x, t;
    slong i;
    arb_poly_init(a);
    arb_poly_init(b);
    arb_poly_init(x);
    arb_poly_init(t);
    arb_poly_one(a);
    arb_poly_zero(Y);
    arb_poly_set_coeff_si(x, 1, 1);
    arb_poly_set(b, x);
    arb_poly_scalar_mul_2exp_si(t, a, 0);
    for (i = 0; i <= HKZ_LLS_P; i++)
    {
        arb_t ci;
        arb_init(ci);
        arb_set_d(ci, ck[i]);
        arb_poly_scalar_mul(t, a, ci, HKZ_LLS_PREC);
        arb_poly_add(Y, Y, t, HKZ_LLS_PREC);
        arb_clear(ci);
        /* (a, b) = (T_{i+1}, 2 x T_{i+1} - T_i) */
        arb_poly_mul(t, x, b, HKZ_LLS_PREC);
        arb_poly_scalar_mul_2exp_si(t, t, 1);
        arb_poly_sub(t, t, a, HKZ_LLS_PREC);
        arb_poly_swap(a, b);
        arb_poly_swap(b, t);
    }
    arb_poly_clear(a);
    arb_poly_clear(b);
    arb_poly_clear(x);
    arb_poly_clear(t);
}

void _hkz_lls_eval(arb_t y, arb_t dy, const double *ck, const arb_t tau,
                   slong prec)
{
    arb_poly_t Y;
    arb_poly_init(Y);
    _hkz_lls_mono(Y, ck);
    arb_poly_evaluate2(y, dy, Y, tau, prec);
    arb_poly_clear(Y);
}

/* the ranges of Y and Y' on [tc - del, tc + del] (Taylor form at tc) */
void _hkz_lls_range(arb_t y, arb_t dy, const arb_poly_t Y, const arb_t tc,
                    const mag_t del)
{
    arb_poly_t S;
    mag_t a, b, m, p;
    slong i, len;
    arb_poly_init(S);
    mag_init(a);
    mag_init(b);
    mag_init(m);
    mag_init(p);
    arb_poly_taylor_shift(S, Y, tc, HKZ_LLS_PREC);
    len = arb_poly_length(S);
    /* |Y - f0| <= sum_{i>=1} |f_i| del^i,
       |Y' - f1| <= sum_{i>=2} i |f_i| del^{i-1} */
    mag_one(p);
    for (i = 1; i < len; i++)
    {
        arb_get_mag(m, arb_poly_get_coeff_ptr(S, i));
        if (i >= 2)
        {
            mag_mul(m, m, p);
            mag_mul_ui(m, m, (ulong) i);
            mag_add(b, b, m);
            arb_get_mag(m, arb_poly_get_coeff_ptr(S, i));
        }
        mag_mul(p, p, del);
        mag_mul(m, m, p);
        mag_add(a, a, m);
    }
    if (len > 0)
        arb_set(y, arb_poly_get_coeff_ptr(S, 0));
    else
        arb_zero(y);
    arb_add_error_mag(y, a);
    if (len > 1)
        arb_set(dy, arb_poly_get_coeff_ptr(S, 1));
    else
        arb_zero(dy);
    arb_add_error_mag(dy, b);
    arb_poly_clear(S);
    mag_clear(a);
    mag_clear(b);
    mag_clear(m);
    mag_clear(p);
}

