/* Double-precision geometry of the Curie-Weiss saddle-line integral:
 * saddle points, line parameters, node range and the plain node sum used
 * for predictions.  Nothing here is certified; the rigorous evaluation
 * (cw_integral.c) only takes the line and the nodes from here. */
#include <complex.h>
#include <math.h>
#include "zeros/zeros_internal.h"

int _hkz_ly_cw_saddle_d(double *re, double *im, double theta, double beta,
                        double re0, double im0)
{
    double complex x = re0 + I * im0, th, f, df, dx;
    int it;

    for (it = 0; it < 80; it++)
    {
        th = ctanh(x + I * theta);
        f = -x / beta + th;
        df = -1.0 / beta + 1.0 - th * th;
        if (df == 0)
            return 1;
        dx = f / df;
        if (cabs(dx) > 0.25 * (1.0 + cabs(x)))
            dx *= 0.25 * (1.0 + cabs(x)) / cabs(dx);
        x -= dx;
        if (!isfinite(creal(x)) || !isfinite(cimag(x)))
            return 1;
        if (cabs(dx) < 1e-15 * (1.0 + cabs(x)))
            break;
    }
    *re = fabs(creal(x));    /* the saddles come in pairs +-Re + i Im */
    *im = cimag(x);
    return 0;
}

int _hkz_ly_cw_saddle_top_d(double *re, double *im, double theta,
                            double beta)
{
    double x, f, df, th0 = HKZ_LY_PI / 2, step;
    int i, nsteps;

    /* real saddle at theta = pi/2: x tanh x = beta */
    x = beta < 1 ? sqrt(beta) : beta;
    for (i = 0; i < 100; i++)
    {
        double tt = tanh(x);
        f = x * tt - beta;
        df = tt + x * (1 - tt * tt);
        if (df <= 0)
            break;
        x -= f / df;
        if (x <= 0)
            x = 1e-300;
        if (fabs(f) < 1e-15 * beta)
            break;
    }
    *re = x;
    *im = 0;
    nsteps = (int) ceil(fabs(th0 - theta) / 0.02);
    if (nsteps < 1)
        nsteps = 1;
    step = (theta - th0) / nsteps;
    for (i = 1; i <= nsteps; i++)
        if (_hkz_ly_cw_saddle_d(re, im, th0 + i * step, beta, *re, *im))
            return 1;
    return 0;
}

static double shorten(double x)
{
    return (double) (float) x;
}

/* log(4 sinh^2 u + 4 c^2) without overflow */
static double log4sc(double u, double c)
{
    double s;
    u = fabs(u);
    if (u > 20)
        return 2 * u + log1p((4 * c * c - 2) * exp(-2 * u) + exp(-4 * u));
    s = sinh(u);
    return log(4 * (s * s + c * c));
}

/* log(1 + w) for |w| <= 1 (glibc's clog near 1 is very slow) */
static double complex log1pc(double complex w)
{
    double re = creal(w), im = cimag(w);
    return 0.5 * log1p(2 * re + re * re + im * im) + I * atan2(im, 1 + re);
}

/* log(2 cosh z) without overflow, continuous for Re z > 0 */
static double complex lc2cosh(double complex z)
{
    if (creal(z) >= 0)
        return z + log1pc(cexp(-2 * z));
    return -z + log1pc(cexp(2 * z));
}

double _hkz_ly_cw_repsi_d(const _hkz_ly_cw_line_t *L, double u, double y)
{
    double c = cos(y + L->theta);
    return (y * y - u * u) / (2 * L->t) + 0.5 * L->N * log4sc(u, c)
           - L->psiref;
}

int _hkz_ly_cw_line_d(_hkz_ly_cw_line_t *L, slong N, double t, double theta,
                      double xs_re, double xs_im, double E)
{
    double complex z, th, p2;
    double rho, ap2, fl, kappa;

    L->N = N;
    L->t = t;
    L->beta = N * t;
    L->theta = theta;
    L->xs_re = xs_re;
    L->xs_im = xs_im;
    L->E = E;
    z = xs_re + I * (xs_im + theta);
    th = ctanh(z);
    p2 = -1.0 / L->beta + 1.0 - th * th;           /* psi''(xs) / N */
    rho = -creal(p2);
    ap2 = cabs(p2);
    /* floors: near degenerate saddles (beta = 1 at theta = 0, the
     * Yang-Lee edge) the bump is wider than the Gaussian model says */
    fl = 1.0 / sqrt((double) N);
    if (ap2 < fl)
        ap2 = fl;
    if (rho < 0.02 * ap2)
        rho = 0.02 * ap2;
    kappa = ap2 * ap2 / rho;
    L->sigw = 1.0 / sqrt(N * rho);
    L->sigh = 1.0 / sqrt(N * kappa);
    L->b = shorten(xs_im);
    /* quadratic model: growth e^{N kappa a^2/2} = e^E off the line,
     * discretization e^{-2 pi a / h} = e^{-2E} */
    L->a = sqrt(2 * E) * L->sigh;
    L->h = shorten(HKZ_LY_PI * sqrt(2 / E) * L->sigh);
    L->psiref = 0;
    L->psiref = _hkz_ly_cw_repsi_d(L, xs_re, xs_im);
    if (!isfinite(L->psiref) || !(L->h > 0) || !isfinite(L->a))
        return 1;
    return 0;
}

void _hkz_ly_cw_line_nodes_d(_hkz_ly_cw_line_t *L)
{
    double thr = -L->E - log(2 * L->h) - 3;
    slong k, ks = (slong) floor(L->xs_re / L->h + 0.5), kmax;

    kmax = ks + (slong) (64 * L->sigw / L->h) + 64;
    for (k = ks; k < kmax; k++)
        if (_hkz_ly_cw_repsi_d(L, k * L->h, L->b) < thr)
            break;
    L->khi = k;
    for (k = ks; k > 0; k--)
        if (_hkz_ly_cw_repsi_d(L, k * L->h, L->b) < thr)
            break;
    L->klo = k;
}

double _hkz_ly_cw_integral_d(double *dI, const _hkz_ly_cw_line_t *L,
                             double theta)
{
    double complex S = 0, D = 0, x, z, g;
    double N = (double) L->N;
    slong k;

    for (k = L->klo; k <= L->khi; k++)
    {
        x = k * L->h + I * L->b;
        z = x + I * theta;
        g = cexp(-x * x / (2 * L->t) + N * lc2cosh(z) - L->psiref);
        if (k == 0)
            g *= 0.5;
        S += g;
        D += g * I * N * ctanh(z);
    }
    if (dI != NULL)
        *dI = 2 * L->h * creal(D);
    return 2 * L->h * creal(S);
}
