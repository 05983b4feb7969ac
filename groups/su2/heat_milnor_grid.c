/* Heat kernel of the Milnor operator L = -(a X^2 + b Y^2 + c Z^2) on a
 * grid of points x times through the spectral-sum engine (spec
 * heat_kernels_su2.md 7.6; formulas and tail bound in heat_milnor.c):
 *
 *   p_t(g) = sum_{n>=1} n Re tr(pi_n(g) E_n(t)),  E_n(t) = exp(-t L_n),
 *   tr(pi_n E_n) = sum_{j,k} pi_n(g)_{kj} (E_n)_{jk}.
 *
 * L_n is real symmetric and couples only indices of equal parity, so E_n
 * is real symmetric with (E_n)_{jk} = 0 for j - k odd; the pair (j, k),
 * (k, j) makes one mode:
 *
 *   B[p, (n,j,k)] = Re(pi_n(g_p)_{kj} + pi_n(g_p)_{jk})  (j < k, same
 *                   parity; Re pi_n(g_p)_{jj} for j = k),
 *   C[(n,j,k), t] = n (E_n(t))_{jk},
 *
 * for n <= N (a = b: L_n is diagonal, only the modes j = k).  B from the
 * Wigner recurrence of milnor_wigner.c and C from arb_mat_exp on the
 * parity blocks of -t L_n, both in Arb, rounded to double with their
 * error bounds; the engine bound covers the GEMM (su2_grid_internal.h);
 * the omitted n > N are bounded by sum_{n>N} n^2 e^{-t m_n} <= a_{N+1} /
 * (1 - R) (heat_milnor.c) at each t.
 * Weights (the matrix exponentials): heat_milnor_grid_w.c. */
#include <math.h>
#include <stdlib.h>
#include "hkz_check.h"
#include "milnor_internal.h"
#include "su2_grid_internal.h"

/* representations (as hkz_su2_heat_milnor) and the weight matrix */
#define MILNOR_GRID_NMAX 250
#define MILNOR_GRID_CT_MAX ((size_t) 1 << 25)

/* modes of pi_n: pairs j <= k of equal parity (diag: j = k only) */
static size_t modes_of(slong n, int diag)
{
    size_t m0 = (size_t) (n + 1) / 2, m1 = (size_t) n / 2;

    if (diag)
        return (size_t) n;
    return m0 * (m0 + 1) / 2 + m1 * (m1 + 1) / 2;
}

/* Rigorous upper bound for sum_{n>N} n^2 e^{-t m_n}, m_n = 2d(n-1) +
 * e(n-1)^2 (heat_milnor.c): a_{N+1}/(1 - R), a_{N+1} = (N+1)^2
 * e^{-t(2dN + eN^2)}, R = ((N+2)/(N+1))^2 e^{-t(2d + e(2N+1))};
 * +inf if R >= 1 is possible. */
static double milnor_tail(double d, double e, double t, slong N)
{
    arb_t A, R, u, tt;
    mag_t m;
    slong k = N + 1, prec = 64;
    double res = INFINITY;

    arb_init(A); arb_init(R); arb_init(u); arb_init(tt); mag_init(m);
    arb_set_d(tt, t);
    arb_set_d(A, d);
    arb_mul_si(A, A, 2 * N, prec);
    arb_set_d(u, e);
    arb_mul_si(u, u, N * N, prec);
    arb_add(A, A, u, prec);
    arb_mul(A, A, tt, prec);
    arb_neg(A, A);
    arb_exp(A, A, prec);
    arb_mul_si(A, A, k * k, prec);
    arb_set_d(R, d);
    arb_mul_2exp_si(R, R, 1);
    arb_set_d(u, e);
    arb_addmul_si(R, u, 2 * N + 1, prec);
    arb_mul(R, R, tt, prec);
    arb_neg(R, R);
    arb_exp(R, R, prec);
    arb_mul_si(R, R, (k + 1) * (k + 1), prec);
    arb_div_si(R, R, k * k, prec);
    arb_sub_ui(R, R, 1, prec);
    arb_neg(R, R);                       /* 1 - R */
    if (arb_is_positive(R))
    {
        arb_div(A, A, R, prec);
        arb_get_mag(m, A);
        res = _hkz_su2_grid_mag_get_d(m);
    }
    arb_clear(A); arb_clear(R); arb_clear(u); arb_clear(tt); mag_clear(m);
    return res;
}

/* ---- basis ------------------------------------------------------------ */

typedef struct
{
    const double *g;          /* the batch's points, 4 doubles each */
    int diag;
    slong N, wp;
} milnor_basis_ctx;

/* rows [i0, i1) of B (leading dimension ld); raises bmax, berr */
static void milnor_basis(double *B, size_t ld, double *bmax, double *berr,
                         size_t i0, size_t i1, const void *vctx)
{
    const milnor_basis_ctx *X = vctx;
    const slong N = X->N, wp = X->wp;
    const int diag = X->diag;
    hkz_su2_elem_t h;
    acb_mat_t Dp, Dn;
    arb_t nrm, s, v;
    size_t i, mode;
    slong n, par, al, be, q;

    hkz_su2_elem_init(h);
    arb_init(nrm); arb_init(s); arb_init(v);
    for (i = i0; i < i1; i++)
    {
        const double *x = X->g + 4 * i;

        /* the exact unit point (a, b)/sqrt(|a|^2 + |b|^2) as a ball */
        arb_zero(nrm);
        for (q = 0; q < 4; q++)
        {
            arb_set_d(v, x[q]);
            arb_addmul(nrm, v, v, wp);
        }
        arb_rsqrt(s, nrm, wp);
        arb_set_d(acb_realref(&h->a), x[0]);
        arb_set_d(acb_imagref(&h->a), x[1]);
        arb_set_d(acb_realref(&h->b), x[2]);
        arb_set_d(acb_imagref(&h->b), x[3]);
        if (!arb_is_one(nrm))
        {
            acb_mul_arb(&h->a, &h->a, s, wp);
            acb_mul_arb(&h->b, &h->b, s, wp);
        }

        acb_mat_init(Dp, 1, 1);
        acb_one(acb_mat_entry(Dp, 0, 0));
        mode = 0;
        for (n = 1; n <= N; n++)
        {
            if (n >= 2)
            {
                acb_mat_init(Dn, n, n);
                _hkz_su2_wigner_next(Dn, Dp, &h->a, &h->b, wp);
                acb_mat_swap(Dp, Dn);
                acb_mat_clear(Dn);
            }
            for (par = 0; par <= 1; par++)
            {
                slong m = (n - par + 1) / 2;
                for (al = 0; al < m; al++)
                    for (be = al; be < (diag ? al + 1 : m); be++, mode++)
                    {
                        slong ij = par + 2 * al, ik = par + 2 * be;
                        double d, e;

                        /* Re(pi_{kj} + pi_{jk}), or Re pi_{jj} */
                        arb_set(v, acb_realref(acb_mat_entry(Dp, ik, ij)));
                        if (ik != ij)
                            arb_add(v, v, acb_realref(acb_mat_entry(Dp, ij,
                                    ik)), wp);
                        d = _hkz_su2_grid_get_d(&e, v);
                        B[i + mode * ld] = d;
                        bmax[mode] = FLINT_MAX(bmax[mode], fabs(d));
                        berr[mode] = FLINT_MAX(berr[mode], e);
                    }
            }
        }
        acb_mat_clear(Dp);
    }
    hkz_su2_elem_clear(h);
    arb_clear(nrm); arb_clear(s); arb_clear(v);
}

int hkz_su2_heat_milnor_grid(double *out, double *err, size_t ldo,
                             hkz_engine_t e, double a, double b, double c,
                             const double *g, size_t npts, const double *t,
                             size_t nt, size_t nmax)
{
    hkz_engine_t own = NULL;
    milnor_basis_ctx X;
    double *C = NULL, *cerr = NULL, *tail = NULL, *B = NULL, *bmax = NULL;
    double *berr = NULL, *colerr = NULL, dmin, emin, tmin;
    size_t i, j, nmodes = 0, pb, p0;
    slong N, n;
    int status = HKZ_SUCCESS, touched = 0, diag;

    HKZ_CHECK(out != NULL && err != NULL && g != NULL && t != NULL,
              HKZ_ERR_ARG, "hkz_su2_heat_milnor_grid: NULL argument");
    HKZ_CHECK(npts >= 1 && nt >= 1, HKZ_ERR_ARG,
              "hkz_su2_heat_milnor_grid: empty grid (%zu points, %zu "
              "times)", npts, nt);
    if (ldo == 0)
        ldo = npts;
    HKZ_CHECK(ldo >= npts, HKZ_ERR_ARG, "hkz_su2_heat_milnor_grid: ldo = "
              "%zu < number of points %zu", ldo, npts);
    touched = 1;
    HKZ_CHECK_GOTO(isfinite(a) && a > 0, HKZ_ERR_DOMAIN,
                   "hkz_su2_heat_milnor_grid: a must be > 0 (got %.17g)",
                   a);
    HKZ_CHECK_GOTO(isfinite(b) && b > 0, HKZ_ERR_DOMAIN,
                   "hkz_su2_heat_milnor_grid: b must be > 0 (got %.17g)",
                   b);
    HKZ_CHECK_GOTO(isfinite(c) && c >= 0, HKZ_ERR_DOMAIN,
                   "hkz_su2_heat_milnor_grid: c must be >= 0 (got %.17g)",
                   c);
    for (i = 0; i < npts; i++)
    {
        const double *x = g + 4 * i;
        double nrm = x[0] * x[0] + x[1] * x[1] + x[2] * x[2] + x[3] * x[3];
        HKZ_CHECK_GOTO(isfinite(nrm) && fabs(nrm - 1) <= 1e-10,
                       HKZ_ERR_DOMAIN, "hkz_su2_heat_milnor_grid: point "
                       "%zu is not in SU(2): |a|^2 + |b|^2 = %.17g", i, nrm);
    }
    tmin = INFINITY;
    for (j = 0; j < nt; j++)
    {
        HKZ_CHECK_GOTO(isfinite(t[j]) && t[j] > 0, HKZ_ERR_DOMAIN,
                       "hkz_su2_heat_milnor_grid: t[%zu] = %g must be "
                       "finite and > 0", j, t[j]);
        tmin = FLINT_MIN(tmin, t[j]);
    }
    dmin = FLINT_MIN(a, b);
    emin = FLINT_MIN(dmin, c);
    diag = (a == b);
    if (nmax == 0)
    {
        N = _hkz_su2_milnor_nterms(dmin, emin, tmin, 60.0,
                                   MILNOR_GRID_NMAX);
        HKZ_CHECK_GOTO(N >= 1, HKZ_ERR_DOMAIN, "hkz_su2_heat_milnor_grid: "
                       "t min(a,b) = %g is too small (more than %d "
                       "representations needed)", tmin * dmin,
                       MILNOR_GRID_NMAX);
    }
    else
    {
        HKZ_CHECK_GOTO(nmax <= MILNOR_GRID_NMAX, HKZ_ERR_ARG,
                       "hkz_su2_heat_milnor_grid: nmax = %zu too large "
                       "(max %d)", nmax, MILNOR_GRID_NMAX);
        N = (slong) nmax;
    }
    for (n = 1; n <= N; n++)
        nmodes += modes_of(n, diag);
    HKZ_CHECK_GOTO(nmodes * nt <= MILNOR_GRID_CT_MAX, HKZ_ERR_DOMAIN,
                   "hkz_su2_heat_milnor_grid: %zu modes x %zu times is too "
                   "many (max %zu)", nmodes, nt, MILNOR_GRID_CT_MAX);

    pb = _hkz_su2_grid_batch(npts, nmodes);
    C = malloc(nmodes * nt * sizeof(double));
    cerr = malloc(nmodes * nt * sizeof(double));
    tail = malloc(nt * sizeof(double));
    colerr = malloc(nt * sizeof(double));
    B = malloc(pb * nmodes * sizeof(double));
    bmax = malloc(nmodes * sizeof(double));
    berr = malloc(nmodes * sizeof(double));
    HKZ_CHECK_GOTO(C && cerr && tail && colerr && B && bmax && berr,
                   HKZ_ERR_NOMEM, "hkz_su2_heat_milnor_grid: out of memory "
                   "(%zu modes)", nmodes);

    for (j = 0; j < nt; j++)
    {
        tail[j] = milnor_tail(dmin, emin, t[j], N);
        HKZ_CHECK_GOTO(isfinite(tail[j]), HKZ_ERR_DOMAIN,
                       "hkz_su2_heat_milnor_grid: the tail bound does not "
                       "converge at t = %g with N = %ld representations",
                       t[j], (long) N);
    }
    _hkz_su2_milnor_grid_weights(C, cerr, nmodes, a, b, c, diag, t, nt, N);

    if (e == NULL)
    {
        HKZ_TRY_GOTO(hkz_engine_create(&own, NULL));
        e = own;
    }
    /* the ball recurrence of pi_n widens radii by about 2^n (measured:
     * 2^31 at n = 30); the radii enter the bound, so this only steers */
    X.diag = diag;
    X.N = N;
    X.wp = 80 + (slong) (1.2 * (double) N);
    for (p0 = 0; p0 < npts; p0 += pb)
    {
        size_t np = FLINT_MIN(pb, npts - p0);
        X.g = g + 4 * p0;
        HKZ_TRY_GOTO(_hkz_su2_grid_basis(B, bmax, berr, np, nmodes, e,
                                     milnor_basis, &X));
        HKZ_TRY_GOTO(_hkz_su2_grid_run(out + p0, err + p0, ldo, e, B, np, bmax,
                                   berr, nmodes, C, cerr, tail, nt,
                                   colerr, 0));
    }
cleanup:
    if (status != HKZ_SUCCESS && touched)
        _hkz_su2_grid_set_nan(out, err, ldo, npts, nt);
    hkz_engine_destroy(&own);
    free(C); free(cerr); free(tail); free(colerr); free(B); free(bmax);
    free(berr);
    return status;
}
