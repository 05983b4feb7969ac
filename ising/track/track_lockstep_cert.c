/* One lockstep step of all Curie-Weiss zeros: the certificate (bench/NOTES.md
 * "lockstep" has the measurements).
 *
 * The equation of motion.  The zeros in theta of the Curie-Weiss function
 *   Z(t, theta) = sum_M binom(N, (N + M)/2) e^{t M^2/2} e^{i theta M}
 * (hkz_ly_cw_zeros; M = N, N - 2, ..., -N) are N simple zeros theta_m(t)
 * mod pi, all real for t > 0 (Lee-Yang): the n principal ones in (0, pi/2),
 * their mirrors -theta_m and, for N odd, pi/2.  Z is e^{i N theta} times a
 * polynomial of degree N in e^{-2 i theta}, so Z = A(t) prod_m sin(theta -
 * theta_m(t)) with A independent of theta, and Z_t = -Z_thth/2.  At a
 * simple zero (implicit function theorem) theta_k' = -Z_t/Z_th =
 * Z_thth/(2 Z_th), and from the product Z_thth/Z_th = 2 sum_{m != k}
 * cot(theta_k - theta_m) there.  So
 *   theta_k' = F_k(theta) = sum_{m != k} cot(theta_k - theta_m)      (1)
 * over all N zeros while they are simple.
 *
 * Contraction.  F = grad Phi, Phi(x) = sum_{k<m} log |sin(x_k - x_m)|, and
 * (log sin)'' = -csc^2 < 0.  On the convex set O of ordered configurations
 * x_1 < ... < x_N < x_1 + pi, F(x) - F(y) = A (x - y) with A the mean of
 * Hess Phi on the segment: A_km >= 0 (k != m), A_kk = -sum_{m != k} A_km,
 * whose l-infinity logarithmic norm max_k (A_kk + sum_{m != k} |A_km|) is
 * 0.  Let y in O be C^1 on [ta, tb] with y' = F(y) + d, and e = theta - y;
 * then e' = A e - d, so the upper Dini derivative of |e|_inf is at most
 * |d|_inf and
 *   |theta(t) - y(t)|_inf <= eps = |e(ta)|_inf + int_ta^tb |d|_inf.    (2)
 * (2) needs theta(t) in O, i.e. simple zeros: if eps is below half the
 * smallest gap of y on the step, the zeros stay 2 eps-close to an ordered
 * configuration, and the set of t up to which they are simple is open and
 * closed in [ta, tb] (the zeros are continuous: roots of a polynomial whose
 * coefficients are continuous in t, all on the unit circle).  So for every
 * t in the step and every k, theta_k(t) is the only zero within eps of
 * y_k(t), and the index k at ta is the index k at tb.
 *
 * The certificate, in tau = (2t - ta - tb)/(tb - ta) (d/dtau = h d/dt, h =
 * (tb - ta)/2, (1) becomes theta_tau = h F(theta); A scales by h > 0):
 *   - y_k = sum_i c_ki T_i(tau), degree P, fitted in doubles to certified
 *     lists (any c is valid); |e(-1)| from the certified list at ta;
 *   - sup |d_k| on [-1, 1] <= Lambda_n max_i |d_k(tau_i)| + 4 M rho^-n/(rho
 *     - 1): d_k at the n + 1 points tau_i = cos(pi i/n) as balls (y by Arb,
 *     the pair sums in doubles with the bound of track_lockstep_pairs.c),
 *     their interpolant bounded by the Lebesgue constant Lambda_n <= (2/pi)
 *     log(n + 1) + 1, and its distance to d_k by Trefethen, Approximation
 *     Theory and Approximation Practice, Thm 8.2 (Thm 15.2 for Lambda),
 *     with M >= |d_k| on the Bernstein ellipse E_rho where d_k is analytic:
 *     M = sum |c'_i| (rho^i + rho^-i)/2 + h sum over the partners of
 *     (pi/2)(1 + Y^2)/g (track_lockstep_pairs.c);
 *   - eps = |e(-1)| + 2 max_k sup |d_k| <= g1/4, g1 a lower bound of every
 *     partner distance dist(y_k(tau) -+ y_m(tau), pi Z) on [-1, 1]: more
 *     than (2) needs;
 *   - the box of zero k: the hull of y_k on 16 pieces of [-1, 1] (Taylor
 *     forms at their centres) widened by eps;
 *   - the direction: theta_k,tau = y_k' - d_k + h (F_k(theta) - F_k(y)),
 *     and |F_k(theta) - F_k(y)| <= sum csc^2(xi) 2 eps <= 2 eps pi^2 sum
 *     1/g1^2 (xi within 2 eps of the partner difference of y, so dist(xi,
 *     pi Z) >= g1/2, and |sin x| >= 2 dist(x, pi Z)/pi): the sign of y_k'
 *     on the 16 pieces, if |y_k'| exceeds sup |d_k| plus that bound. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <arb_poly.h>
#include "track_lockstep.h"
#include "hkz_check.h"

#define PREC HKZ_LLS_PREC
#define L (HKZ_LLS_P + 1)

#define PFOR(fn) \
    (void) hkz_parallel_for(hkz_pool_flint(), (size_t) (k1 - k0), nthreads, \
                            grain, fn, &J)

/* reductions over the ranks of d (none: d NULL); a failed one leaves the
 * step uncertified on every rank (the collectives stay in step) */
static int red(hkz_dist_t d, double *x, int op)
{
    return d == NULL || hkz_dist_allreduce_double(d, x, 1, op) ==
           HKZ_SUCCESS;
}

static int red_ok(hkz_dist_t d, int ok)
{
    int v = ok;
    if (d != NULL && hkz_dist_allreduce_int(d, &v, 1, HKZ_DIST_MIN) !=
        HKZ_SUCCESS)
        return 0;
    return v;
}

/* every rank's block of n_k values of size w bytes, in rank order, into
 * all (blocks of hkz_dist_block: the concatenation is the whole array) */
static int share(hkz_dist_t d, void *all, slong k0, slong k1, size_t w)
{
    char *buf = NULL;
    size_t len = 0;
    int ok;
    if (d == NULL)
        return 1;
    ok = hkz_dist_allgather(d, &buf, &len, (char *) all + k0 * w,
                            (size_t) (k1 - k0) * w) == HKZ_SUCCESS;
    if (ok)
        memcpy(all, buf, len);
    flint_free(buf);
    return ok;
}

/* the boxes, directions and checks of all zeros from their ranks */
static int share_boxes(hkz_dist_t d, arb_ptr box, int *dir, int *bad,
                       slong k0, slong k1, slong n)
{
    char *mine = NULL, *all = NULL, *p, *q;
    size_t len = 0, cap = 0, alen = 0;
    slong k;
    int ok = 1;
    if (d == NULL)
        return 1;
    for (k = k0; k < k1; k++)
    {
        char *b = arb_dump_str(box + k);
        size_t l = strlen(b) + 32;
        if (len + l >= cap)
        {
            cap = 2 * (len + l);
            mine = flint_realloc(mine, cap);
        }
        len += (size_t) snprintf(mine + len, cap - len, "%d %d %s\n",
                                 dir[k], bad[k], b);
        flint_free(b);
    }
    ok = hkz_dist_allgather(d, &all, &alen, mine, len) == HKZ_SUCCESS;
    for (k = 0, p = all; ok && k < n; k++, p = q + 1)
    {
        char *s;
        q = strchr(p, '\n');
        ok = q != NULL;
        if (!ok)
            break;
        *q = '\0';
        dir[k] = (int) strtol(p, &s, 10);
        bad[k] = (int) strtol(s, &s, 10);
        ok = arb_load_str(box + k, s + 1) == 0;
    }
    flint_free(mine);
    flint_free(all);
    return ok;
}

/* J->lam >= (2/pi) log(ns + 1) + 1, the Lebesgue constant of the ns + 1
 * points (ATAP Thm 15.2), and J->ierr >= 4 rho^-ns/(rho - 1) (ATAP Thm
 * 8.2: times M_k, the interpolation error of d_k) */
static void sup_constants(_hkz_lls_job_t *J)
{
    arb_t a, b;
    arb_init(a);
    arb_init(b);
    arb_set_d(a, J->rho);
    arb_pow_ui(a, a, (ulong) J->ns, PREC);
    arb_set_d(b, J->rho - 1);
    arb_mul(a, a, b, PREC);
    arb_inv(a, a, PREC);
    arb_mul_2exp_si(a, a, 2);
    arb_get_mag(J->ierr, a);
    arb_set_si(a, J->ns + 1);
    arb_log(a, a, PREC);
    arb_const_pi(b, PREC);
    arb_div(a, a, b, PREC);
    arb_mul_2exp_si(a, a, 1);
    arb_add_ui(a, a, 1, PREC);
    arb_get_mag(J->lam, a);
    arb_clear(a);
    arb_clear(b);
}

int _hkz_lls_cert(arb_ptr box, int *dir, mag_t eps, const double *c,
                  slong n, int odd, arb_srcptr tha, arb_srcptr thb,
                  const arf_t ta, const arf_t tb, int nthreads, hkz_dist_t d)
{
    static const double rhos[] = {4, 3, 2, 1.5, 1.25};
    static const slong nss[] = {8, 12, 16, 24, 32, 48, 64, 96};
    double wr[L], wi[L], g1min = INFINITY, mmax = 0, target, e0d = 0,
           dmaxd = 0, hd, din;
    slong k, i, r, k0 = 0, k1 = n;
    size_t grain;
    int ok = 0;
    _hkz_lls_job_t J;
    arb_t x, y;
    mag_t m;

    /* this rank's zeros: the k of [k0, k1) */
    if (d != NULL)
        hkz_dist_block(&k0, &k1, 0, n, hkz_dist_rank(d), hkz_dist_size(d));
    grain = (size_t) FLINT_MAX(1, (k1 - k0) / (8 * FLINT_MAX(nthreads, 1)));
    memset(&J, 0, sizeof(J));
    J.c = c;
    J.n = n;
    J.koff = k0;
    J.odd = odd;
    J.wr = wr;
    J.wi = wi;
    J.thb = thb;
    J.box = box;
    J.dir = dir;
    arb_init(J.h);
    mag_init(J.eps);
    mag_init(J.lam);
    mag_init(J.ierr);
    arb_init(x);
    arb_init(y);
    mag_init(m);
    J.Y = flint_malloc(sizeof(arb_poly_struct) * n);
    for (k = 0; k < n; k++)
        arb_poly_init(J.Y + k);
    J.S = flint_calloc(7 * n, sizeof(double));
    J.C = J.S + n;
    J.fs = J.S + 2 * n;
    J.fb = J.S + 3 * n;
    J.cs = J.S + 4 * n;
    J.ss = J.S + 5 * n;
    J.g1 = J.S + 6 * n;
    J.yv = _arb_vec_init(n);
    J.dyv = _arb_vec_init(n);
    J.rin = _mag_vec_init(n);
    J.M = _mag_vec_init(n);
    J.sup = _mag_vec_init(n);
    J.bad = flint_calloc(n, sizeof(int));

    /* h = (tb - ta)/2 */
    arb_set_arf(J.h, tb);
    arb_sub_arf(J.h, J.h, ta, PREC);
    arb_mul_2exp_si(J.h, J.h, -1);
    hd = arf_get_d(arb_midref(J.h), ARF_RND_NEAR);
    PFOR(_hkz_lls_build_polys);
    /* e0 = |theta(ta) - y(-1)|_inf */
    arb_set_si(x, -1);
    for (k = k0; k < k1; k++)
    {
        arb_poly_evaluate(y, J.Y + k, x, PREC);
        arb_sub(y, y, tha + k, PREC);
        arb_get_mag(m, y);
        e0d = fmax(e0d, mag_get_d(m));
    }
    ok = red(d, &e0d, HKZ_DIST_MAX);
    /* the largest rho whose ellipse keeps every partner off pi Z */
    for (r = 0; r < 5 && ok; r++)
    {
        int fin = 1;
        J.rho = rhos[r];
        _hkz_lls_weights(wr, wi, J.rho);
        PFOR(_hkz_lls_pair_bounds_stage);
        for (k = k0; k < k1 && fin; k++)
            fin = isfinite(J.cs[k]);
        if (red_ok(d, fin))
            break;
    }
    ok = ok && r < 5;
    if (!ok)
        goto cleanup;
    for (k = k0; k < k1; k++)
        g1min = fmin(g1min, J.g1[k]);
    PFOR(_hkz_lls_ellipse_m);
    /* samples for an interpolation error 4 M rho^-ns/(rho - 1) well below
     * what the boxes (g1min/4) and the directions need: the term 2 eps h
     * pi^2 ss[k] of boxes() below |y_k'(0)|/32 (a choice of effort only) */
    target = g1min / 64;
    for (k = k0; k < k1; k++)
    {
        double v = fabs(arf_get_d(arb_midref(arb_poly_get_coeff_ptr(J.Y + k,
                        1)), ARF_RND_NEAR));
        mmax = fmax(mmax, mag_get_d(J.M + k));
        target = fmin(target, v / (64 * 9.87 * hd * J.ss[k]));
    }
    ok = red(d, &g1min, HKZ_DIST_MIN) && red(d, &mmax, HKZ_DIST_MAX) &&
         red(d, &target, HKZ_DIST_MIN);
    if (!ok)
        goto cleanup;
    /* the most samples if none suffices: the directions may stay open */
    for (i = 0; i < 7; i++)
        if (4 * mmax * pow(J.rho, (double) -nss[i]) / (J.rho - 1) <= target)
            break;
    J.ns = nss[i];
    {
        slong ns = J.ns;
        arb_ptr tau = _arb_vec_init(ns + 1);
        fmpq_t q;
        fmpq_init(q);
        for (i = 0; i <= ns; i++)
        {
            fmpq_set_si(q, i, ns);
            arb_cos_pi_fmpq(tau + i, q, PREC);
        }
        fmpq_clear(q);
        J.D = _arb_vec_init((ns + 1) * n);
        for (i = 0; i <= ns && ok; i++)
        {
            int fin = 1;
            J.tau = tau + i;
            PFOR(_hkz_lls_eval_sample);
            for (din = 0, k = k0; k < k1; k++)
                din = fmax(din, mag_get_d(J.rin + k));
            ok = red(d, &din, HKZ_DIST_MAX) &&
                 share(d, J.S, k0, k1, sizeof(double)) &&
                 share(d, J.C, k0, k1, sizeof(double));
            J.din = din + 0x1p-53;
            if (ok)
                PFOR(_hkz_lls_pair_sums_stage);
            for (k = k0; k < k1 && ok; k++)
            {
                arb_ptr dk = J.D + i * n + k;
                fin = fin && isfinite(J.fb[k]);
                /* d_k = y_k' - h F_k, F_k in fs +- fb */
                arb_set_d(dk, J.fs[k]);
                mag_set_d(m, J.fb[k]);
                arb_add_error_mag(dk, m);
                arb_mul(dk, dk, J.h, PREC);
                arb_sub(dk, J.dyv + k, dk, PREC);
            }
            ok = red_ok(d, ok && fin);
        }
        if (ok)
        {
            sup_constants(&J);
            PFOR(_hkz_lls_sup_defect);
        }
        _arb_vec_clear(tau, ns + 1);
        _arb_vec_clear(J.D, (ns + 1) * n);
    }
    if (!ok)
        goto cleanup;
    /* eps = e0 + 2 max_k sup |d_k|, at most a quarter of every g1 */
    for (k = k0; k < k1; k++)
        dmaxd = fmax(dmaxd, mag_get_d(J.sup + k));
    ok = red(d, &dmaxd, HKZ_DIST_MAX);
    mag_set_d(J.eps, dmaxd);
    mag_mul_2exp_si(J.eps, J.eps, 1);
    mag_set_d(m, e0d);
    mag_add(J.eps, J.eps, m);
    ok = ok && 4 * mag_get_d(J.eps) <= g1min;
    if (!ok)
        goto cleanup;
    PFOR(_hkz_lls_boxes);
    ok = share_boxes(d, box, dir, J.bad, k0, k1, n);
    for (k = 0; k < n && ok; k++)
        ok = !J.bad[k];
    ok = red_ok(d, ok);
    mag_set(eps, J.eps);
cleanup:
    for (k = 0; k < n; k++)
        arb_poly_clear(J.Y + k);
    flint_free(J.Y);
    flint_free(J.S);
    _arb_vec_clear(J.yv, n);
    _arb_vec_clear(J.dyv, n);
    _mag_vec_clear(J.rin, n);
    _mag_vec_clear(J.M, n);
    _mag_vec_clear(J.sup, n);
    flint_free(J.bad);
    arb_clear(J.h);
    mag_clear(J.eps);
    mag_clear(J.lam);
    mag_clear(J.ierr);
    arb_clear(x);
    arb_clear(y);
    mag_clear(m);
    return ok;
}
