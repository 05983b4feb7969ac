/* Weights of the Milnor grid (heat_milnor_grid.c): C[mode + j ldc] =
 * n (exp(-t_j L_n))_{jk} in doubles with rigorous error bounds cerr, by a
 * certified eigendecomposition of each parity block of L_n (LAPACKE_dstev
 * seed, checked in Arb) or arb_mat_exp as the fallback. */
#include <math.h>
#include <stdlib.h>
#include <lapacke.h>
#include "hkz_check.h"
#include "milnor_internal.h"
#include "su2_grid_internal.h"

/* weights are computed with Arb at this precision */
#define WEIGHT_PREC 128

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
void _hkz_su2_milnor_grid_weights(double *C, double *cerr, size_t ldc,
        double a, double b, double c, int diag, const double *t, size_t nt,
        slong N)
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
