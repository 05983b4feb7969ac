/* p_t(r, z) on a grid of points x times through the spectral-sum engine:
 * the spectral sum (3.1) of spec heat_kernels_su2.md,
 *
 *   p_t(r, z) = sum_{k >= 0} sum_{m >= 0} B_{k,m}(r, z) C_{k,m}(t),
 *   B_{k,m} = c_k cos(kz) cos(r)^k P_m^{(0,k)}(cos 2r)   (c_0 = 1, c_k = 2:
 *             the modes k and -k together; real part of e^{ikz} D^n_kk),
 *   C_{k,m} = (2m+k+1) e^{-lambda t},  lambda = 4m(m+k+1) + 2k,
 *
 * truncated at k <= K, m <= M_k (chosen from the smallest t as in the
 * certified scalar path heat_sub_spectral.c), with a rigorous double bound
 * per entry:
 *
 *   |out - p_t| <= engine bound (gamma_K term, B and C rounding)
 *               +  tail of spec 3.5 at this t (|D^n_kk| <= 1).
 *
 * B and C are computed in Arb from the exact double inputs and rounded to
 * double; their errors (ball radius + rounding) enter the engine bound
 * (su2_grid_internal.h).  Jacobi polynomials by DLMF 18.9.1 (spec 3.2). */
#include <math.h>
#include <stdlib.h>
#include "hkz_check.h"
#include "heat_sub_internal.h"
#include "su2_grid_internal.h"

/* caps: modes in the GEMM, and modes x times (the weight matrix) */
#define SUB_GRID_MODES_MAX ((size_t) 1 << 20)
#define SUB_GRID_CT_MAX ((size_t) 1 << 25)
/* block length for cos(kz) by angle addition (see heat_sub_spectral.c) */
#define COS_BLOCK 32
#define WEIGHT_PREC 96

/* ---- truncation tail, spec 3.5 with weights lambda^d (the bounds of the
 * certified d-th derivative, heat_sub_tail.c) ---- */

/* tail[j] for every time: sum_k (m-tail of k) + (k-tail beyond K) */
static void sub_tails(double *tail, const double *t, size_t nt,
                      const slong *Mk, slong K, ulong d)
{
    mag_t s, sum, b;
    size_t j;
    slong k;

    mag_init(s); mag_init(sum); mag_init(b);
    for (j = 0; j < nt; j++)
    {
        mag_set_d_lower(s, t[j]);
        hkz_su2_sub_tail_k_internal(sum, (ulong) K, s, d);
        for (k = 0; k <= K; k++)
        {
            hkz_su2_sub_tail_m_internal(b, (ulong) k, (ulong) Mk[k], s,
                                        d);
            mag_add(sum, sum, b);
        }
        tail[j] = _hkz_su2_grid_mag_get_d(sum);
    }
    mag_clear(s); mag_clear(sum); mag_clear(b);
}

/* ---- weights C[mode, j] = (2m+k+1) (-lambda)^d e^{-lambda t_j} -------- */

static void sub_weights(double *C, double *cerr, size_t ldc, const double *t,
                        size_t nt, const slong *Mk, slong K, ulong d)
{
    arb_t tt, q, q2, e2, g0, Q, w, rho, v, lam;
    size_t j, mode;
    slong k, m;

    arb_init(tt); arb_init(q); arb_init(q2); arb_init(e2); arb_init(g0);
    arb_init(Q); arb_init(w); arb_init(rho); arb_init(v); arb_init(lam);
    for (j = 0; j < nt; j++)
    {
        arb_set_d(tt, t[j]);
        arb_mul_si(v, tt, -4, WEIGHT_PREC);
        arb_exp(q, v, WEIGHT_PREC);            /* q = e^{-4t} */
        arb_sqr(q2, q, WEIGHT_PREC);
        arb_mul_si(v, tt, -2, WEIGHT_PREC);
        arb_exp(e2, v, WEIGHT_PREC);           /* e^{-2t} */
        arb_one(g0);                           /* e^{-2kt} */
        arb_set(Q, q2);                        /* q^{k+2} */
        mode = 0;
        for (k = 0; k <= K; k++)
        {
            /* e^{-lambda_{m,k} t} = e^{-2kt} q^{m(m+k+1)}, ratio of
             * consecutive m: q^{2m+k+2} */
            arb_set(w, g0);
            arb_set(rho, Q);
            for (m = 0; m <= Mk[k]; m++, mode++)
            {
                arb_mul_ui(v, w, (ulong) (2 * m + k + 1), WEIGHT_PREC);
                if (d > 0)
                {
                    /* (-lambda)^d, lambda = 4m(m+k+1) + 2k exact */
                    arb_set_ui(lam, (ulong) (4 * m * (m + k + 1) + 2 * k));
                    arb_pow_ui(lam, lam, d, WEIGHT_PREC);
                    arb_mul(v, v, lam, WEIGHT_PREC);
                    if (d & 1)
                        arb_neg(v, v);
                }
                C[mode + j * ldc] = _hkz_su2_grid_get_d(cerr + mode + j * ldc,
                                                    v);
                arb_mul(w, w, rho, WEIGHT_PREC);
                arb_mul(rho, rho, q2, WEIGHT_PREC);
            }
            arb_mul(g0, g0, e2, WEIGHT_PREC);
            arb_mul(Q, Q, q, WEIGHT_PREC);
        }
    }
    arb_clear(tt); arb_clear(q); arb_clear(q2); arb_clear(e2); arb_clear(g0);
    arb_clear(Q); arb_clear(w); arb_clear(rho); arb_clear(v); arb_clear(lam);
}

/* ---- basis ------------------------------------------------------------ */

typedef struct
{
    const double *r, *z;      /* the batch's points */
    const slong *Mk;
    slong K, wp;
} sub_basis_ctx;

/* rows [i0, i1) of B (leading dimension ld); raises bmax, berr */
static void sub_basis(double *B, size_t ld, double *bmax, double *berr,
                      size_t i0, size_t i1, const void *vctx)
{
    const sub_basis_ctx *X = vctx;
    const double *r = X->r, *z = X->z;
    const slong *Mk = X->Mk, K = X->K, wp = X->wp;
    slong nb = FLINT_MIN(COS_BLOCK, K + 1), k, m, jb;
    size_t i, mode;
    arb_ptr tab;
    arb_t rr, zz, c, y, a, cb, sb, fk, g0, gprev, gcur, gnext, v;

    tab = _arb_vec_init(2 * nb);
    arb_init(rr); arb_init(zz); arb_init(c); arb_init(y); arb_init(a);
    arb_init(cb); arb_init(sb); arb_init(fk); arb_init(g0); arb_init(gprev);
    arb_init(gcur); arb_init(gnext); arb_init(v);

    for (i = i0; i < i1; i++)
    {
        arb_set_d(rr, r[i]);
        arb_set_d(zz, z[i]);
        /* cos(jz), sin(jz) for j < nb; cos(kz) = Re(e^{i(k-j)z} e^{ijz})
         * keeps radii from growing with k */
        for (jb = 0; jb < nb; jb++)
        {
            arb_mul_ui(a, zz, (ulong) jb, wp);
            arb_sin_cos(tab + nb + jb, tab + jb, a, wp);
        }
        /* c = cos r, y = sin^2 r: cos 2r = 1 - 2y */
        arb_sin_cos(y, c, rr, wp);
        arb_sqr(y, y, wp);
        arb_one(g0);                           /* cos(r)^k */
        mode = 0;
        for (k = 0; k <= K; k++)
        {
            ulong ku = (ulong) k;

            if (k == 0)
            {
                arb_one(fk);
                arb_one(cb);                   /* cos(0 z), sin(0 z) */
                arb_zero(sb);
            }
            else
            {
                /* f_k = 2 cos(kz) */
                jb = k % nb;
                if (jb == 0)
                {
                    arb_mul_ui(a, zz, ku, wp);
                    arb_sin_cos(sb, cb, a, wp);
                }
                arb_mul(fk, cb, tab + jb, wp);
                arb_submul(fk, sb, tab + nb + jb, wp);
                arb_mul_2exp_si(fk, fk, 1);
            }
            arb_set(gcur, g0);
            for (m = 0; ; m++, mode++)
            {
                ulong mu = (ulong) m;
                double d, e;

                arb_mul(v, fk, gcur, wp);
                d = _hkz_su2_grid_get_d(&e, v);
                B[i + mode * ld] = d;
                bmax[mode] = FLINT_MAX(bmax[mode], fabs(d));
                berr[mode] = FLINT_MAX(berr[mode], e);
                if (m == Mk[k])
                {
                    mode++;
                    break;
                }
                if (m == 0)
                {
                    /* P_1^{(0,k)}(1 - 2y) = 1 - (k+2) y */
                    arb_mul_ui(a, y, ku + 2, wp);
                    arb_sub_ui(a, a, 1, wp);
                    arb_neg(a, a);
                    arb_mul(gnext, g0, a, wp);
                }
                else
                {
                    /* DLMF 18.9.1, alpha = 0, beta = k, x = 1 - 2y:
                     * 2(m+1)(m+k+1)(2m+k) P_{m+1} = (2m+k+1)[lambda_{m,k}
                     * - 2y(2m+k)(2m+k+2)] P_m - 2m(m+k)(2m+k+2) P_{m-1} */
                    ulong n2k = 2 * mu + ku;
                    ulong lam = 4 * mu * (mu + ku + 1) + 2 * ku;

                    arb_mul_ui(a, y, 2 * n2k * (n2k + 2), wp);
                    arb_neg(a, a);
                    arb_add_ui(a, a, lam, wp);
                    arb_mul_ui(a, a, n2k + 1, wp);
                    arb_mul(a, a, gcur, wp);
                    arb_submul_ui(a, gprev, 2 * mu * (mu + ku) * (n2k + 2),
                                  wp);
                    arb_div_ui(gnext, a, 2 * (mu + 1) * (mu + ku + 1) * n2k,
                               wp);
                }
                arb_swap(gprev, gcur);
                arb_swap(gcur, gnext);
            }
            arb_mul(g0, g0, c, wp);
        }
    }
    _arb_vec_clear(tab, 2 * nb);
    arb_clear(rr); arb_clear(zz); arb_clear(c); arb_clear(y); arb_clear(a);
    arb_clear(cb); arb_clear(sb); arb_clear(fk); arb_clear(g0);
    arb_clear(gprev); arb_clear(gcur); arb_clear(gnext); arb_clear(v);
}

int hkz_su2_heat_sub_grid(double *out, double *err, size_t ldo,
                          hkz_engine_t e, const double *r, const double *z,
                          size_t npts, const double *t, size_t nt)
{
    return hkz_su2_heat_sub_grid_deriv(out, err, ldo, e, r, z, npts, t, nt,
                                       0);
}

int hkz_su2_heat_sub_grid_deriv(double *out, double *err, size_t ldo,
        hkz_engine_t e, const double *r, const double *z, size_t npts,
        const double *t, size_t nt, ulong d)
{
    hkz_engine_t own = NULL;
    sub_basis_ctx X;
    slong *Mk = NULL, K = 0, k, Mmax = 0;
    double *C = NULL, *cerr = NULL, *tail = NULL, *B = NULL, *bmax = NULL;
    double *berr = NULL, *colerr = NULL, logtol, logtol_k;
    size_t i, j, nmodes = 0, pb, p0;
    int status = HKZ_SUCCESS, touched = 0;

    HKZ_CHECK(out != NULL && err != NULL && r != NULL && z != NULL
              && t != NULL, HKZ_ERR_ARG,
              "hkz_su2_heat_sub_grid: NULL argument");
    HKZ_CHECK(npts >= 1 && nt >= 1, HKZ_ERR_ARG,
              "hkz_su2_heat_sub_grid: empty grid (%zu points, %zu times)",
              npts, nt);
    if (ldo == 0)
        ldo = npts;
    HKZ_CHECK(ldo >= npts, HKZ_ERR_ARG, "hkz_su2_heat_sub_grid: ldo = %zu "
              "< number of points %zu", ldo, npts);
    touched = 1;
    for (i = 0; i < npts; i++)
    {
        HKZ_CHECK_GOTO(r[i] >= 0 && r[i] <= M_PI_2, HKZ_ERR_DOMAIN,
                       "hkz_su2_heat_sub_grid: r[%zu] = %g not in "
                       "[0, pi/2]", i, r[i]);
        HKZ_CHECK_GOTO(isfinite(z[i]), HKZ_ERR_DOMAIN,
                       "hkz_su2_heat_sub_grid: z[%zu] = %g is not finite",
                       i, z[i]);
    }
    for (j = 0; j < nt; j++)
        HKZ_CHECK_GOTO(isfinite(t[j]) && t[j] > 0, HKZ_ERR_DOMAIN,
                       "hkz_su2_heat_sub_grid: t[%zu] = %g must be finite "
                       "and > 0", j, t[j]);
    {
        double tmin = t[0];
        for (j = 1; j < nt; j++)
            tmin = FLINT_MIN(tmin, t[j]);
        /* truncation from the smallest t (steering only; the tail is
         * bounded rigorously below for every t): half of 2^-56 p_t(e)
         * for |k| > K, the other half shared by the m-tails */
        HKZ_CHECK_GOTO(d <= 64, HKZ_ERR_ARG, "hkz_su2_heat_sub_grid: "
                       "deriv %lu > 64", (unsigned long) d);
        logtol = -56.0 * M_LN2 + hkz_su2_sub_log_scale_internal(tmin, d);
        K = hkz_su2_sub_choose_K_internal(tmin, d, logtol);
        HKZ_CHECK_GOTO(K < HKZ_SUB_KMAX, HKZ_ERR_DOMAIN,
                       "hkz_su2_heat_sub_grid: smallest t = %g is too "
                       "small for the grid route", tmin);
        logtol_k = logtol - M_LN2 - log(K + 1.0);
        Mk = malloc((size_t) (K + 1) * sizeof(slong));
        HKZ_CHECK_GOTO(Mk != NULL, HKZ_ERR_NOMEM,
                       "hkz_su2_heat_sub_grid: out of memory");
        for (k = 0; k <= K; k++)
        {
            Mk[k] = hkz_su2_sub_choose_M_internal(k == 0 ? 0 : Mk[k - 1],
                                                  k, tmin, d, logtol_k);
            Mmax = FLINT_MAX(Mmax, Mk[k]);
            nmodes += (size_t) Mk[k] + 1;
        }
        HKZ_CHECK_GOTO(nmodes <= SUB_GRID_MODES_MAX
                       && nmodes * nt <= SUB_GRID_CT_MAX, HKZ_ERR_DOMAIN,
                       "hkz_su2_heat_sub_grid: smallest t = %g needs %zu "
                       "modes for %zu times (max %zu modes, %zu modes x "
                       "times)", tmin, nmodes, nt, SUB_GRID_MODES_MAX,
                       SUB_GRID_CT_MAX);
    }

    pb = _hkz_su2_grid_batch(npts, nmodes);
    C = malloc(nmodes * nt * sizeof(double));
    cerr = malloc(nmodes * nt * sizeof(double));
    tail = malloc(nt * sizeof(double));
    colerr = malloc(nt * sizeof(double));
    B = malloc(pb * nmodes * sizeof(double));
    bmax = malloc(nmodes * sizeof(double));
    berr = malloc(nmodes * sizeof(double));
    HKZ_CHECK_GOTO(C && cerr && tail && colerr && B && bmax && berr,
                   HKZ_ERR_NOMEM, "hkz_su2_heat_sub_grid: out of memory "
                   "(%zu modes)", nmodes);

    sub_weights(C, cerr, nmodes, t, nt, Mk, K, d);
    sub_tails(tail, t, nt, Mk, K, d);

    if (e == NULL)
    {
        HKZ_TRY_GOTO(hkz_engine_create(&own, NULL));
        e = own;
    }
    /* the ball recurrence for P_m widens radii like (1 + sqrt 2)^m
     * (heat_sub_spectral.c); 2^-64 absolute is plenty for doubles */
    X.Mk = Mk;
    X.K = K;
    X.wp = 80 + (slong) (1.3 * (double) Mmax);
    for (p0 = 0; p0 < npts; p0 += pb)
    {
        size_t np = FLINT_MIN(pb, npts - p0);
        X.r = r + p0;
        X.z = z + p0;
        HKZ_TRY_GOTO(_hkz_su2_grid_basis(B, bmax, berr, np, nmodes, e,
                                     sub_basis, &X));
        HKZ_TRY_GOTO(_hkz_su2_grid_run(out + p0, err + p0, ldo, e, B, np, bmax,
                                   berr, nmodes, C, cerr, tail, nt,
                                   colerr));
    }
cleanup:
    if (status != HKZ_SUCCESS && touched)
        _hkz_su2_grid_set_nan(out, err, ldo, npts, nt);
    hkz_engine_destroy(&own);
    free(Mk); free(C); free(cerr); free(tail); free(colerr); free(B);
    free(bmax); free(berr);
    return status;
}
