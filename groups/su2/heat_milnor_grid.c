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
 * (1 - R) (heat_milnor.c) at each t. */
#include <math.h>
#include <stdlib.h>
#include <lapacke.h>
#include "hkz_check.h"
#include "milnor_internal.h"
#include "su2_grid_internal.h"

/* representations (as hkz_su2_heat_milnor) and the weight matrix */
#define MILNOR_GRID_NMAX 250
#define MILNOR_GRID_CT_MAX ((size_t) 1 << 25)
#define WEIGHT_PREC 128

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

/* Frobenius norm of a ball matrix (>= its 2-norm), upper bound */
static void frob_ubound(mag_t res, const arb_mat_t A)
{
    slong i, j;
    mag_t x;

    mag_init(x);
    mag_zero(res);
    for (i = 0; i < arb_mat_nrows(A); i++)
        for (j = 0; j < arb_mat_ncols(A); j++)
        {
            arb_get_mag(x, arb_mat_entry(A, i, j));
            mag_addmul(res, x, x);
        }
    mag_sqrt(res, res);
    mag_clear(x);
}

/* Weights of one parity block of L_n with off-diagonal entries (a != b,
 * m >= 2) for every t: exp(-t L) from a double eigendecomposition
 * (LAPACKE_dstev) L ~ Q~ Lam Q~^T, with a rigorous bound.
 *
 * Bound.  Lam = diag(lam_l), lam_l >= 0 exact doubles (dstev's values,
 * negative ones set to 0), Q~ exact doubles, delta >= ||Q~^T Q~ - I||_2,
 * rho >= ||L - Q~ Lam Q~^T||_2 (Frobenius norms of ball matrices).  The
 * polar factor Q of Q~ is orthogonal with ||Q - Q~||_2 <= delta (the
 * singular values s of Q~ have |s - 1| <= |s^2 - 1| <= delta), so
 * L' = Q Lam Q^T is symmetric, L' >= lam_min, and
 *   ||L - L'|| <= rho + lam_max (2 delta + delta^2),
 *   ||Q e^{-t Lam} Q^T - Q~ e^{-t Lam} Q~^T|| <= e^{-t lam_min}
 *                                             (2 delta + delta^2).
 * For symmetric A, B >= mu (Duhamel: e^{-tA} - e^{-tB} = int_0^t
 * e^{-(t-s)A} (B - A) e^{-sB} ds), ||e^{-tA} - e^{-tB}|| <= t ||A - B||
 * e^{-t mu}; L >= m_n (heat_milnor.c), so with mu = min(m_n, lam_min)
 * every entry of exp(-t L) - Q~ e^{-t Lam} Q~^T is at most
 *   kappa(t) = e^{-t mu} [t (rho + lam_max (2 delta + delta^2))
 *              + 2 delta + delta^2],
 * and Q~ e^{-t Lam} Q~^T is evaluated in Arb.  Returns 1 (nothing
 * written) if LAPACK fails or Q~ is far from orthogonal. */
static int block_weights_eig(double *C, double *cerr, size_t ldc,
                             const arb_mat_t L, double mn, slong n,
                             const double *t, size_t nt)
{
    const slong m = arb_mat_nrows(L), wp = 128, pw = 80;
    double *dg, *of, *Z, lmax = 0.0, lmin = INFINITY, mu;
    arb_mat_t R, QT, Y, W;
    arb_t u, v;
    mag_t rho, del, a0, a1, x, y, kap;
    slong al, be, l;
    size_t j, mode;
    int bad = 0;

    dg = malloc(m * sizeof(double));
    of = malloc(m * sizeof(double));
    Z = malloc(m * m * sizeof(double));
    if (dg == NULL || of == NULL || Z == NULL)
    {
        free(dg); free(of); free(Z);
        return 1;
    }
    for (al = 0; al < m; al++)
    {
        dg[al] = arf_get_d(arb_midref(arb_mat_entry(L, al, al)),
                           ARF_RND_NEAR);
        if (al + 1 < m)
            of[al] = arf_get_d(arb_midref(arb_mat_entry(L, al + 1, al)),
                               ARF_RND_NEAR);
    }
    if (LAPACKE_dstev(LAPACK_COL_MAJOR, 'V', (lapack_int) m, dg, of, Z,
                      (lapack_int) m) != 0)
    {
        free(dg); free(of); free(Z);
        return 1;
    }
    for (l = 0; l < m; l++)
    {
        dg[l] = dg[l] > 0 ? dg[l] : 0.0;      /* Lam */
        lmax = FLINT_MAX(lmax, dg[l]);
        lmin = FLINT_MIN(lmin, dg[l]);
    }
    mu = FLINT_MIN(mn, lmin);

    arb_mat_init(R, m, m);
    arb_mat_init(QT, m, m);
    arb_mat_init(Y, m, m);
    arb_mat_init(W, m, m);
    arb_init(u);
    arb_init(v);
    mag_init(rho); mag_init(del); mag_init(a0); mag_init(a1); mag_init(x);
    mag_init(y); mag_init(kap);

    /* QT = Q~^T (exact), Y = Q~ Lam */
    for (al = 0; al < m; al++)
        for (l = 0; l < m; l++)
        {
            arb_set_d(arb_mat_entry(QT, l, al), Z[al + l * m]);
            arb_set_d(u, dg[l]);
            arb_mul(arb_mat_entry(Y, al, l), arb_mat_entry(QT, l, al), u,
                    wp);
        }
    /* rho: R = L - Q~ Lam Q~^T */
    arb_mat_mul(R, Y, QT, wp);
    arb_mat_sub(R, L, R, wp);
    frob_ubound(rho, R);
    /* delta: R = Q~^T Q~ - I */
    arb_mat_transpose(Y, QT);
    arb_mat_mul(R, QT, Y, wp);
    for (al = 0; al < m; al++)
        arb_sub_ui(arb_mat_entry(R, al, al), arb_mat_entry(R, al, al), 1,
                   wp);
    frob_ubound(del, R);
    mag_set_ui_2exp_si(x, 1, -20);
    if (mag_cmp(del, x) > 0)
        bad = 1;
    /* a1 = 2 delta + delta^2, a0 = rho + lam_max a1 */
    mag_mul(a1, del, del);
    mag_mul_2exp_si(x, del, 1);
    mag_add(a1, a1, x);
    mag_set_d(x, lmax);
    mag_mul(a0, x, a1);
    mag_add(a0, a0, rho);

    for (j = 0; j < nt && !bad; j++)
    {
        /* kappa(t) = e^{-t mu} (t a0 + a1), times n */
        mag_set_d_lower(x, t[j]);
        mag_set_d_lower(y, mu);
        mag_mul_lower(x, x, y);
        mag_expinv(kap, x);
        mag_set_d(x, t[j]);
        mag_mul(x, x, a0);
        mag_add(x, x, a1);
        mag_mul(kap, kap, x);
        mag_mul_ui(kap, kap, (ulong) n);
        /* W = Q~ e^{-t Lam} Q~^T */
        for (l = 0; l < m; l++)
        {
            arb_set_d(u, t[j]);
            arb_set_d(v, -dg[l]);
            arb_mul(u, u, v, pw);            /* -t lam_l */
            arb_exp(u, u, pw);
            for (al = 0; al < m; al++)
                arb_mul(arb_mat_entry(Y, al, l), arb_mat_entry(QT, l, al),
                        u, pw);
        }
        arb_mat_mul(W, Y, QT, pw);
        mode = 0;
        for (al = 0; al < m; al++)
            for (be = al; be < m; be++, mode++)
            {
                double ce;
                arb_mul_si(u, arb_mat_entry(W, al, be), n, pw);
                C[mode + j * ldc] = _hkz_su2_grid_get_d(&ce, u);
                cerr[mode + j * ldc] = _hkz_su2_grid_add_up(ce,
                        _hkz_su2_grid_mag_get_d(kap));
            }
    }

    arb_mat_clear(R); arb_mat_clear(QT); arb_mat_clear(Y); arb_mat_clear(W);
    arb_clear(u);
    arb_clear(v);
    mag_clear(rho); mag_clear(del); mag_clear(a0); mag_clear(a1);
    mag_clear(x); mag_clear(y); mag_clear(kap);
    free(dg); free(of); free(Z);
    return bad;
}

/* Weights of one parity block by arb_mat_exp on -t L (fallback) */
static void block_weights_exp(double *C, double *cerr, size_t ldc,
                              const arb_mat_t L, slong n, const double *t,
                              size_t nt)
{
    const slong m = arb_mat_nrows(L), wp = WEIGHT_PREC;
    arb_mat_t T, E;
    arb_t tt, u;
    slong al, be;
    size_t j, mode;

    arb_mat_init(T, m, m);
    arb_mat_init(E, m, m);
    arb_init(tt);
    arb_init(u);
    for (j = 0; j < nt; j++)
    {
        arb_set_d(tt, -t[j]);
        arb_mat_scalar_mul_arb(T, L, tt, wp);
        arb_mat_exp(E, T, wp);
        mode = 0;
        for (al = 0; al < m; al++)
            for (be = al; be < m; be++, mode++)
            {
                arb_mul_si(u, arb_mat_entry(E, al, be), n, wp);
                C[mode + j * ldc] = _hkz_su2_grid_get_d(cerr + mode + j * ldc,
                                                    u);
            }
    }
    arb_mat_clear(T);
    arb_mat_clear(E);
    arb_clear(tt);
    arb_clear(u);
}

/* C[mode + j ldc] = n (E_n(t_j))_{jk} and cerr, all modes, all times */
static void milnor_weights(double *C, double *cerr, size_t ldc, double a,
                           double b, double c, int diag, const double *t,
                           size_t nt, slong N)
{
    const slong wp = WEIGHT_PREC;
    arb_t aa, bb, cc, bma, u, tt;
    size_t j, mode = 0;
    slong n, par, al;

    arb_init(aa); arb_init(bb); arb_init(cc); arb_init(bma); arb_init(u);
    arb_init(tt);
    arb_set_d(aa, a);
    arb_set_d(bb, b);
    arb_set_d(cc, c);
    arb_sub(bma, bb, aa, wp);
    for (n = 1; n <= N; n++)
    {
        for (par = 0; par <= 1; par++)
        {
            slong m = (n - par + 1) / 2;
            arb_mat_t L;
            double mn;

            if (m == 0)
                continue;
            if (diag || m == 1)
            {
                /* L_n diagonal on this block: exp entrywise */
                for (al = 0; al < m; al++, mode++)
                {
                    _hkz_su2_milnor_diag(u, aa, bb, cc, n, par + 2 * al,
                                         wp);
                    for (j = 0; j < nt; j++)
                    {
                        arb_set_d(tt, -t[j]);
                        arb_mul(tt, tt, u, wp);
                        arb_exp(tt, tt, wp);
                        arb_mul_si(tt, tt, n, wp);
                        C[mode + j * ldc] = _hkz_su2_grid_get_d(
                                cerr + mode + j * ldc, tt);
                    }
                }
                continue;
            }
            arb_mat_init(L, m, m);
            for (al = 0; al < m; al++)
            {
                slong i = par + 2 * al;
                _hkz_su2_milnor_diag(arb_mat_entry(L, al, al), aa, bb, cc,
                                     n, i, wp);
                if (al + 1 < m)
                {
                    _hkz_su2_milnor_offdiag(u, bma, n, i, wp);
                    arb_set(arb_mat_entry(L, al + 1, al), u);
                    arb_set(arb_mat_entry(L, al, al + 1), u);
                }
            }
            /* m_n = 2 d (n-1) + e (n-1)^2 <= L_n, a lower bound */
            arb_set_d(u, FLINT_MIN(a, b));
            arb_mul_si(u, u, 2 * (n - 1), wp);
            arb_set_d(tt, FLINT_MIN(FLINT_MIN(a, b), c));
            arb_addmul_si(u, tt, (n - 1) * (n - 1), wp);
            {
                arf_t lb;
                arf_init(lb);
                arb_get_lbound_arf(lb, u, wp);
                mn = arf_get_d(lb, ARF_RND_DOWN);
                arf_clear(lb);
            }
            if (block_weights_eig(C + mode, cerr + mode, ldc, L, mn, n, t,
                                  nt) != 0)
                block_weights_exp(C + mode, cerr + mode, ldc, L, n, t, nt);
            mode += (size_t) (m * (m + 1) / 2);
            arb_mat_clear(L);
        }
    }
    arb_clear(aa); arb_clear(bb); arb_clear(cc); arb_clear(bma);
    arb_clear(u); arb_clear(tt);
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
    milnor_weights(C, cerr, nmodes, a, b, c, diag, t, nt, N);

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
                                   colerr));
    }
cleanup:
    if (status != HKZ_SUCCESS && touched)
        _hkz_su2_grid_set_nan(out, err, ldo, npts, nt);
    hkz_engine_destroy(&own);
    free(C); free(cerr); free(tail); free(colerr); free(B); free(bmax);
    free(berr);
    return status;
}
