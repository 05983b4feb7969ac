/* Tail bounds past Y of the Baudoin-Bonnefont integral
 * (heat_sub_integral.c). */
#include <math.h>
#include "hkz_check.h"
#include "heat_sub_integral_internal.h"

/* Bound for |int_Y^inf f(y) dy| (f without the factor e^{z^2/(4t)}).
 * Let 0 <= l with |c| <= e^{-l} and Y >= l + 1.  For real y >= Y:
 *  (i) |c cosh y| <= e^{-l} cosh y <= cosh(y - l);
 *  (ii) |U_{n-1}(x)| <= U_{n-1}(X) for real |x| <= X, X >= 1 (|U_{n-1}| <= n
 *       on [-1,1], U_{n-1}(-x) = +-U_{n-1}(x), U_{n-1}(cosh s) = sum_j
 *       e^{(n-1-2j)s} increases in s >= 0), so |q_t(c cosh y)| <=
 *       q_t(cosh eta), eta = y - l >= 1;
 *  (iii) image form (spec 3.3): q_t(cosh eta) = pref e^{eta^2/(4t)}/sinh eta
 *       [eta + 2 sum_k e^{-pi^2k^2/t}(eta cos(pi k eta/t) - 2 pi k sin(..))]
 *       <= pref e^{eta^2/(4t)} (eta/sinh eta) C, with eta >= 1 and
 *       C = 1 + 2 sum_{k>=1} e^{-pi^2 k^2/t}(1 + 2 pi k)
 *         <= 1 + 2 (q/(1-q) + 2 pi q/(1-q)^2), q = e^{-pi^2/t}
 *       (e^{-pi^2k^2/t} <= q^k);
 *  (iv) eta/sinh eta <= 2 eta e^{-eta}/(1 - e^{-2}) for eta >= 1.
 * With |e^{-y^2/(4t)} cos(..)| <= e^{-y^2/(4t)} and
 * (y-l)^2 - y^2 = l^2 - 2yl this gives |f(y)| <= K e^{l^2/(4t) + l}
 * (y - l) e^{-beta y}, K = 2 pref C/(1 - e^{-2}), beta = 1 + l/(2t), and
 * int_Y^inf (y-l) e^{-beta y} dy = e^{-beta Y} ((Y-l)/beta + 1/beta^2). */
void _hkz_su2_bb_tail_img(mag_t res, const arb_t t, const arb_t pref0,
                           const arb_t l, const arb_t Y, slong prec)
{
    arb_t pref, C, q, u, v, beta;

    arb_init(pref);
    arb_init(C);
    arb_init(q);
    arb_init(u);
    arb_init(v);
    arb_init(beta);
    arb_set_round(pref, pref0, prec);

    /* C */
    arb_const_pi(q, prec);
    arb_sqr(q, q, prec);
    arb_div(q, q, t, prec);
    arb_neg(q, q);
    arb_exp(q, q, prec);
    arb_sub_ui(u, q, 1, prec);
    arb_neg(u, u);                       /* 1 - q */
    arb_div(v, q, u, prec);
    arb_set(C, v);                       /* q/(1-q) */
    arb_div(v, v, u, prec);
    arb_const_pi(u, prec);
    arb_mul(v, v, u, prec);
    arb_mul_2exp_si(v, v, 1);
    arb_add(C, C, v, prec);
    arb_mul_2exp_si(C, C, 1);
    arb_add_ui(C, C, 1, prec);

    /* K = 2 pref C / (1 - e^{-2}) */
    arb_mul(pref, pref, C, prec);
    arb_mul_2exp_si(pref, pref, 1);
    arb_set_si(u, -2);
    arb_exp(u, u, prec);
    arb_sub_ui(u, u, 1, prec);
    arb_neg(u, u);
    arb_div(pref, pref, u, prec);

    /* beta = 1 + l/(2t) */
    arb_div(beta, l, t, prec);
    arb_mul_2exp_si(beta, beta, -1);
    arb_add_ui(beta, beta, 1, prec);

    /* exponent l^2/(4t) + l - beta Y */
    arb_sqr(u, l, prec);
    arb_div(u, u, t, prec);
    arb_mul_2exp_si(u, u, -2);
    arb_add(u, u, l, prec);
    arb_submul(u, beta, Y, prec);
    arb_exp(u, u, prec);
    arb_mul(pref, pref, u, prec);

    /* (Y - l)/beta + 1/beta^2 */
    arb_sub(u, Y, l, prec);
    arb_div(u, u, beta, prec);
    arb_inv(v, beta, prec);
    arb_sqr(v, v, prec);
    arb_add(u, u, v, prec);
    arb_mul(pref, pref, u, prec);

    arb_get_mag(res, pref);

    arb_clear(pref);
    arb_clear(C);
    arb_clear(q);
    arb_clear(u);
    arb_clear(v);
    arb_clear(beta);
}

/* A second bound for |int_Y^inf f(y) dy|, good for large t where the image
 * form's prefactor pref ~ e^t is useless.  With l as above and Y >= l,
 * for y >= Y: |q_t(c cosh y)| <= q_t(cosh eta), eta = y - l >= 0 ((i),
 * (ii) above), and U_{n-1}(cosh eta) = sum_j e^{(n-1-2j)eta}
 * <= n e^{(n-1)eta}, so
 *   |f(y)| <= sum_n n^2 e^{-(n^2-1)t - (n-1)l} e^{(n-1)y - y^2/(4t)}
 *           = sum_n n^2 e^{-(n-1)(2t+l)} e^{-(y - mu_n)^2/(4t)},
 * mu_n = 2t(n-1) (complete the square: (n-1)y - y^2/(4t) =
 * t(n-1)^2 - (y-mu_n)^2/(4t), and (n-1)^2 - (n^2-1) = -2(n-1)).  Then
 * int_Y^inf e^{-(y-mu)^2/(4t)} dy = sqrt(pi t) erfc((Y-mu)/(2 sqrt t))
 * <= sqrt(pi t) E_n, E_n = e^{-(Y-mu_n)^2/(4t)} if Y >= mu_n, else 2.
 * From the first n with Y < mu_n on, E_n = 2 for all later terms, and
 * with r = ((n+2)/(n+1))^2 e^{-(2t+l)} < 1 (ratios decrease in n),
 * sum_{k>n} 2 k^2 e^{-(k-1)(2t+l)} <= 2 (n+1)^2 e^{-n(2t+l)}/(1 - r). */
void _hkz_su2_bb_tail_spec(mag_t res, const arb_t t, const arb_t l,
                            const arb_t Y, slong prec)
{
    arb_t bp, m, e, s, u, r;
    slong n;
    int flat = 0;

    arb_init(bp);
    arb_init(m);
    arb_init(e);
    arb_init(s);
    arb_init(u);
    arb_init(r);
    arb_mul_2exp_si(bp, t, 1);
    arb_add(bp, bp, l, prec);                   /* 2t + l */
    for (n = 1; n <= BB_NMAX; n++)
    {
        /* term n: n^2 e^{-(n-1) bp} E_n */
        arb_mul_si(m, t, -2 * (n - 1), prec);
        arb_add(m, m, Y, prec);                 /* Y - mu_n */
        if (!flat && arb_is_nonnegative(m))
        {
            arb_sqr(e, m, prec);
            arb_div(e, e, t, prec);
            arb_mul_2exp_si(e, e, -2);
            arb_neg(e, e);
            arb_exp(e, e, prec);
        }
        else
        {
            flat = 1;
            arb_set_si(e, 2);
        }
        arb_mul_si(u, bp, -(n - 1), prec);
        arb_exp(u, u, prec);
        arb_mul(u, u, e, prec);
        arb_mul_si(u, u, n * n, prec);
        arb_add(s, s, u, prec);
        if (flat)
        {
            /* r = ((n+2)/(n+1))^2 e^{-bp}; stop once r <= e^{-bp/2} */
            arb_neg(r, bp);
            arb_exp(r, r, prec);
            arb_mul_si(r, r, (n + 2) * (n + 2), prec);
            arb_div_si(r, r, (n + 1) * (n + 1), prec);
            arb_mul_2exp_si(u, bp, -1);
            arb_neg(u, u);
            arb_exp(u, u, prec);
            if (arb_le(r, u))
            {
                arb_sub_ui(r, r, 1, prec);
                arb_neg(r, r);                  /* 1 - r */
                arb_mul_si(u, bp, -n, prec);
                arb_exp(u, u, prec);
                arb_mul_si(u, u, 2 * (n + 1) * (n + 1), prec);
                arb_div(u, u, r, prec);
                arb_add(s, s, u, prec);
                break;
            }
        }
    }
    if (n > BB_NMAX)
        mag_inf(res);
    else
    {
        arb_const_pi(u, prec);
        arb_mul(u, u, t, prec);
        arb_sqrt(u, u, prec);
        arb_mul(s, s, u, prec);
        arb_get_mag(res, s);
    }
    arb_clear(bp);
    arb_clear(m);
    arb_clear(e);
    arb_clear(s);
    arb_clear(u);
    arb_clear(r);
}

/* Logarithms of the two tail bounds in doubles (choice of Y only). */
double _hkz_su2_bb_tail_img_log_d(double t, double l, double Y)
{
    double q = exp(-BB_PI * BB_PI / t), beta = 1 + l / (2 * t);
    double C = 1 + 2 * (q / (1 - q) + 2 * BB_PI * q / ((1 - q) * (1 - q)));
    return log(2 * sqrt(BB_PI) / (4 * pow(t, 1.5)) * C / (1 - exp(-2.0)))
           + t + l * l / (4 * t) + l - beta * Y
           + log((Y - l) / beta + 1 / (beta * beta));
}

double _hkz_su2_bb_tail_spec_log_d(double t, double l, double Y)
{
    double bp = 2 * t + l, mx = -1e300, acc = 0.0, lt, mu;
    slong n;

    for (n = 1; n <= BB_NMAX; n++)
    {
        mu = 2 * t * (n - 1);
        lt = 2 * log((double) n) - (n - 1) * bp
             + (mu <= Y ? -(Y - mu) * (Y - mu) / (4 * t) : log(2.0));
        if (lt > mx)
        {
            acc = acc * exp(mx - lt) + 1;
            mx = lt;
        }
        else
            acc += exp(lt - mx);
        if (mu > Y && lt < mx - 40)
            break;
    }
    return mx + log(acc) + 0.5 * log(BB_PI * t) + (n > BB_NMAX ? 1e300 : 0);
}
