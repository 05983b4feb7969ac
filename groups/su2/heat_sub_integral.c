/* Sub-Laplacian heat kernel through the Baudoin-Bonnefont integral (spec
 * section 3.3, eq. (3.2)), integrated with acb_calc_integrate.  This is an
 * independent check of the spectral sum (3.1), not a fast route.
 *
 *   p_t(r,z) = (4 pi t)^{-1/2} 2 int_0^inf e^{-(y^2-z^2)/(4t)} cos(yz/(2t))
 *                                          q_t(cos r cosh y) dy,
 *   q_t(x)   = sum_{n>=1} n e^{-(n^2-1)t} U_{n-1}(x)          (entire in x).
 *
 * We integrate f(y) = e^{-y^2/(4t)} cos(y z/(2t)) q_t(c cosh y), c = cos r,
 * over [0, Y] and bound the rest (tail_bound_img, tail_bound_spec); f is
 * entire in y, so acb_calc_integrate may evaluate it on any complex box.
 * Supported range: 1e-4 <= t < 1e8 and at most 20000 bits of cancellation
 * (z^2 + d^2)/(4t ln 2); small t is slow (and needs precise inputs). */
#include <math.h>
#include "hkz/su2.h"
#include "hkz_check.h"

/* truncation orders of q_t beyond this are refused (indeterminate value) */
#define BB_NMAX WORD(200000)

/* double constants for heuristics only (M_PI is not in strict C11) */
#define BB_PI 3.14159265358979323846
#define BB_LN2 0.69314718055994530942

/* the U recurrence is restarted at least every BB_RESTART steps where
 * needed (see bb_q_spectral) */
#define BB_RESTART 6

/* e^{-pi^2 k^2/t} is tabulated for k <= BB_KMAX (image form) */
#define BB_KMAX 64

/* |z| >= 2^BB_ZBITS is refused (reduction mod 2 pi too costly) */
#define BB_ZBITS 65536

typedef struct
{
    arb_struct t;     /* t */
    arb_struct c;     /* cos r */
    arb_struct w;     /* z/(2t) */
    arb_struct g;     /* 1/(4t) */
    arb_struct pit;   /* pi/t */
    arb_struct pref;  /* sqrt(pi) e^t / (4 t^{3/2}) */
    arb_ptr ek;       /* ek[k] = e^{-pi^2 k^2/t}, k = 0..kmax */
    slong kmax;
    arb_ptr wt;       /* wt[n-1] = n e^{-(n^2-1)t}, n = 1..len */
    slong len;
    slong alloc;
    slong wprec;      /* precision of the tables */
    double td;        /* t, for choosing truncation orders only */
    double ysw;       /* image form used on boxes with Re y >= ysw */
    double lrmax;     /* boxes with log(rho) > lrmax are refused */
}
bb_param_struct;

/* Makes wt[0..n-1] available (each weight computed directly, so radii do
 * not accumulate). */
static void bb_weights_ensure(bb_param_struct *p, slong n)
{
    slong k, newalloc;
    arb_t u;

    if (n <= p->len)
        return;
    if (n > p->alloc)
    {
        arb_ptr v;
        newalloc = FLINT_MAX(n, 2 * p->alloc);
        v = _arb_vec_init(newalloc);
        _arb_vec_swap(v, p->wt, p->len);
        _arb_vec_clear(p->wt, p->alloc);
        p->wt = v;
        p->alloc = newalloc;
    }
    arb_init(u);
    for (k = p->len + 1; k <= n; k++)
    {
        arb_mul_si(u, &p->t, -(k * k - 1), p->wprec);
        arb_exp(u, u, p->wprec);
        arb_mul_si(p->wt + k - 1, u, k, p->wprec);
    }
    p->len = n;
    arb_clear(u);
}

/* q_t(x) by the spectral sum, for a complex ball x.
 *
 * Tail bound.  Write x = cos(theta) with theta complex.  Then
 * U_{n-1}(x) = sin(n theta)/sin(theta) = sum_{j=0}^{n-1} e^{i(n-1-2j)theta},
 * and w = e^{i theta}, 1/w are the roots of w^2 - 2xw + 1, i.e.
 * w = x +- sqrt(x^2-1); with rho = max(|w|, |1/w|) (<= |x| +
 * sqrt(|x|^2+1), and = 1 for x in [-1, 1]) |U_{n-1}(x)| <= n rho^{n-1}.
 * The omitted terms n > N are therefore bounded by sum_{n>N} a_n,
 * a_n = n^2 rho^{n-1} e^{-(n^2-1)t}, whose ratios
 * a_{n+1}/a_n = ((n+1)/n)^2 rho e^{-(2n+1)t} decrease in n; with
 * R = ((N+2)/(N+1))^2 rho e^{-(2N+3)t} < 1 the tail is <= a_{N+1}/(1-R).
 * Returns 0 (and an indeterminate value) if N would exceed BB_NMAX or
 * log(rho) > lrmax: such boxes (far from [0, Y], tried by the integrator
 * for its error bounds) would cost O(log(rho)/t) operations for nothing. */
static int bb_q_spectral(acb_t res, const acb_t x, bb_param_struct *p,
                         slong prec)
{
    mag_t xm, rho, tmp;
    double lr, lt, maxlog, cut;
    slong n, N, npk, k, B;
    arb_t A, R, s;
    int ok = 1;

    mag_init(xm);
    mag_init(rho);
    mag_init(tmp);
    /* rho = max(|x + s|, |x - s|), s = sqrt(x^2 - 1) (any branch: the two
     * values are w and 1/w); rho = 1 on [-1, 1] */
    {
        acb_t s, w;
        acb_init(s);
        acb_init(w);
        acb_sqr(s, x, prec);
        acb_sub_ui(s, s, 1, prec);
        acb_sqrt(s, s, prec);
        acb_add(w, x, s, prec);
        acb_get_mag(rho, w);
        acb_sub(w, x, s, prec);
        acb_get_mag(xm, w);
        mag_max(rho, rho, xm);
        acb_clear(s);
        acb_clear(w);
    }
    acb_get_mag(xm, x);

    /* choose N (heuristic, doubles): past the peak of log a_n, and far
     * enough that a_{N+1} is 2^{-prec-20} below it and R <= 1/2 */
    lr = mag_get_d_log2_approx(rho) * BB_LN2;
    lt = p->td;
    if (!isfinite(lr) || lr > p->lrmax)
    {
        ok = 0;
        goto cleanup;
    }
    npk = (slong) (lr / (2 * lt)) + 1;
    maxlog = 2 * log((double) npk) + (npk - 1) * lr
             - ((double) npk * npk - 1) * lt;
    cut = maxlog - (prec + 20) * BB_LN2;
    for (N = npk; ; N++)
    {
        double nn = (double) (N + 1);
        double la = 2 * log(nn) + N * lr - (nn * nn - 1) * lt;
        double lR = 2 * log((nn + 1) / nn) + lr - (2 * nn + 1) * lt;
        if (la < cut && lR < -BB_LN2)
            break;
        if (N > BB_NMAX)
        {
            ok = 0;
            goto cleanup;
        }
    }
    bb_weights_ensure(p, N);

    /* sum_{n=1}^N wt[n-1] U_{n-1}(x) by U_{k+1} = 2x U_k - U_{k-1}.  In
     * ball arithmetic the radii of this recurrence grow like
     * lambda_b^k, lambda_b = |x| + sqrt(|x|^2+1), while the values grow
     * like lambda^k, lambda = max(|w|, 1/|w|) >= max(1, |x| +
     * sqrt(|x|^2-1)) (2.4^k against 1 near x = 1), so (U_k, U_{k-1}) is
     * recomputed every B steps by Arb's doubling formulas
     * (chebyshev_u2_ui, error polynomial in k), B chosen so that
     * (lambda_b/lambda)^B <= 2^8.  Real arithmetic for real x (the
     * quadrature nodes), complex otherwise. */
    {
        double xu = mag_get_d(xm), xl, lb, lw;
        acb_get_mag_lower(tmp, x);
        xl = mag_get_d(tmp);
        lb = xu + sqrt(xu * xu + 1);
        lw = (xl > 1) ? xl + sqrt(xl * xl - 1) : 1.0;
        B = (lb / lw > 1.0001) ? (slong) (8 * BB_LN2 / log(lb / lw)) : N;
        B = FLINT_MAX(B, BB_RESTART);
    }
    if (acb_is_real(x))
    {
        arb_t u0, u1, u2, sum;
        const arb_struct *xr = acb_realref(x);
        arb_init(u0);
        arb_init(u1);
        arb_init(u2);
        arb_init(sum);
        arb_zero(u0);
        arb_one(u1);                            /* U_{-1}, U_0 */
        for (n = 1; n <= N; n++)
        {
            /* u1 = U_{n-1}, u0 = U_{n-2} */
            if (n > 2 && (n - 1) % B == 0)
                arb_chebyshev_u2_ui(u1, u0, (ulong) (n - 1), xr, prec);
            arb_addmul(sum, u1, p->wt + n - 1, prec);
            arb_mul(u2, u1, xr, prec);
            arb_mul_2exp_si(u2, u2, 1);
            arb_sub(u2, u2, u0, prec);
            arb_swap(u0, u1);
            arb_swap(u1, u2);
        }
        acb_set_arb(res, sum);
        arb_clear(u0);
        arb_clear(u1);
        arb_clear(u2);
        arb_clear(sum);
    }
    else
    {
        acb_t u0, u1, u2;
        acb_init(u0);
        acb_init(u1);
        acb_init(u2);
        acb_zero(u0);
        acb_one(u1);
        acb_zero(res);
        for (n = 1; n <= N; n++)
        {
            if (n > 2 && (n - 1) % B == 0)
                acb_chebyshev_u2_ui(u1, u0, (ulong) (n - 1), x, prec);
            acb_addmul_arb(res, u1, p->wt + n - 1, prec);
            acb_mul(u2, u1, x, prec);
            acb_mul_2exp_si(u2, u2, 1);
            acb_sub(u2, u2, u0, prec);
            acb_swap(u0, u1);
            acb_swap(u1, u2);
        }
        acb_clear(u0);
        acb_clear(u1);
        acb_clear(u2);
    }

    /* rigorous tail a_{N+1}/(1-R), at low precision (upper bound only) */
    arb_init(A);
    arb_init(R);
    arb_init(s);
    k = N + 1;
    arf_set_mag(arb_midref(s), rho);
    mag_zero(arb_radref(s));
    arb_pow_ui(A, s, N, MAG_BITS);
    arb_mul_ui(A, A, k * k, MAG_BITS);
    arb_mul_si(R, &p->t, -(k * k - 1), MAG_BITS);
    arb_exp(R, R, MAG_BITS);
    arb_mul(A, A, R, MAG_BITS);                     /* a_{N+1} */
    arb_mul_si(R, &p->t, -(2 * k + 1), MAG_BITS);
    arb_exp(R, R, MAG_BITS);
    arb_mul(R, R, s, MAG_BITS);
    arb_mul_ui(R, R, (k + 1) * (k + 1), MAG_BITS);
    arb_div_ui(R, R, k * k, MAG_BITS);              /* R */
    arb_sub_ui(R, R, 1, MAG_BITS);
    arb_neg(R, R);                                  /* 1 - R */
    if (arb_is_positive(R))
    {
        arb_div(A, A, R, MAG_BITS);
        arb_get_mag(tmp, A);
        acb_add_error_mag(res, tmp);
    }
    else
        ok = 0;
    arb_clear(A);
    arb_clear(R);
    arb_clear(s);

cleanup:
    if (!ok)
        acb_indeterminate(res);
    mag_clear(xm);
    mag_clear(rho);
    mag_clear(tmp);
    return ok;
}

/* e^{-y^2/(4t)} q_t(c cosh y) by the image form of spec 3.3,
 *   q_t(cosh eta) = pref e^{eta^2/(4t)}/sinh(eta) [eta + 2 sum_{k>=1}
 *                   e^{-pi^2k^2/t} (eta cos(pi k eta/t) - 2 pi k sin(..))],
 * which holds for every complex eta with sinh(eta) != 0 (it is the Poisson
 * form (2.2) at alpha = i eta, and both sides are analytic).  It is used
 * for large Re y, where it costs O(1) instead of O(y/t) operations.
 *
 * To avoid the dependency e^{-y^2/(4t)} e^{eta^2/(4t)} (two huge factors
 * of a wide ball), write eta = y + D with s = e^{-2y},
 * m = c(1+s)/2 + sqrt(c^2(1+s)^2/4 - s), D = log m: m + s/m = c(1+s), so
 * cosh(y + D) = e^y (m + s/m)/2 = c cosh y for every branch of sqrt and
 * log, and the value of q_t does not depend on the branch.  Then
 * eta^2 - y^2 = D (2y + D) is computed without cancellation.
 *
 * Truncation of the k-sum: |cos(u)|, |sin(u)| <= e^{|Im u|}, so the k-th
 * term is at most b_k = k (|eta| + 2 pi) e^{-pi(pi k^2 - k v)/t},
 * v = |Im eta|; b_{k+1}/b_k = ((k+1)/k) e^{-pi(pi(2k+1) - v)/t} decreases
 * in k, so sum_{k>K} b_k <= b_{K+1}/(1 - r), r = that ratio at k = K+1.
 * Returns 0 if no K <= BB_KMAX is good enough (the caller falls back). */
static int bb_f_image(acb_t res, const acb_t y, bb_param_struct *p,
                      slong prec)
{
    acb_t s, m, D, eta, u, sn, cs, B;
    arb_t b, r;
    mag_t em, vm, tmp;
    double ed, vd;
    slong k, K;
    int ok = 1;

    acb_init(s);
    acb_init(m);
    acb_init(D);
    acb_init(eta);
    acb_init(u);
    acb_init(sn);
    acb_init(cs);
    acb_init(B);
    arb_init(b);
    arb_init(r);
    mag_init(em);
    mag_init(vm);
    mag_init(tmp);

    /* eta = y + D */
    acb_mul_2exp_si(s, y, 1);
    acb_neg(s, s);
    acb_exp(s, s, prec);                     /* s = e^{-2y} */
    acb_add_ui(m, s, 1, prec);
    acb_mul_arb(m, m, &p->c, prec);
    acb_mul_2exp_si(m, m, -1);               /* c(1+s)/2 */
    acb_sqr(u, m, prec);
    acb_sub(u, u, s, prec);
    acb_sqrt(u, u, prec);
    acb_add(m, m, u, prec);
    acb_log(D, m, prec);
    acb_add(eta, y, D, prec);

    /* choose K from |eta| and |Im eta| */
    acb_get_mag(em, eta);
    arb_get_mag(vm, acb_imagref(eta));
    ed = mag_get_d(em);
    vd = mag_get_d(vm);
    if (!isfinite(ed) || !isfinite(vd))
    {
        ok = 0;
        goto cleanup;
    }
    for (K = 0; ; K++)
    {
        double k1 = (double) (K + 1);
        double lb = log(k1 * (ed + 2 * BB_PI))
                    - BB_PI * (BB_PI * k1 * k1 - k1 * vd) / p->td;
        double lr = log((k1 + 1) / k1)
                    - BB_PI * (BB_PI * (2 * k1 + 1) - vd) / p->td;
        if (lr < -BB_LN2 && lb < log(ed + 1e-300) - (prec + 10) * BB_LN2)
            break;
        if (K >= p->kmax)
        {
            ok = 0;
            goto cleanup;
        }
    }

    /* bracket B = eta + 2 sum_{k=1}^K e^{-pi^2k^2/t}(eta cos - 2 pi k sin) */
    acb_zero(B);
    for (k = 1; k <= K; k++)
    {
        acb_mul_arb(u, eta, &p->pit, prec);
        acb_mul_si(u, u, k, prec);
        acb_sin_cos(sn, cs, u, prec);
        acb_mul(cs, cs, eta, prec);
        arb_const_pi(b, prec);
        arb_mul_si(b, b, 2 * k, prec);
        acb_submul_arb(cs, sn, b, prec);
        acb_addmul_arb(B, cs, p->ek + k, prec);
    }
    acb_mul_2exp_si(B, B, 1);
    acb_add(B, B, eta, prec);

    /* tail 2 b_{K+1}/(1 - r) */
    k = K + 1;
    arb_const_pi(r, MAG_BITS);
    arb_set_ui(b, (ulong) (k * k));
    arb_mul(b, b, r, MAG_BITS);                  /* pi k^2 */
    arf_set_mag(arb_midref(acb_realref(u)), vm);     /* v (upper bound) */
    mag_zero(arb_radref(acb_realref(u)));
    arb_submul_ui(b, acb_realref(u), (ulong) k, MAG_BITS);
    arb_mul(b, b, &p->pit, MAG_BITS);
    arb_neg(b, b);
    arb_exp(b, b, MAG_BITS);                     /* e^{-pi(pi k^2 - k v)/t} */
    arf_set_mag(arb_midref(acb_imagref(u)), em);
    mag_zero(arb_radref(acb_imagref(u)));
    arb_const_pi(r, MAG_BITS);
    arb_mul_2exp_si(r, r, 1);
    arb_add(acb_imagref(u), acb_imagref(u), r, MAG_BITS);
    arb_mul_ui(acb_imagref(u), acb_imagref(u), (ulong) k, MAG_BITS);
    arb_mul(b, b, acb_imagref(u), MAG_BITS);     /* b_{K+1} */
    arb_const_pi(r, MAG_BITS);
    arb_mul_ui(r, r, (ulong) (2 * k + 1), MAG_BITS);
    arb_sub(r, r, acb_realref(u), MAG_BITS);
    arb_mul(r, r, &p->pit, MAG_BITS);
    arb_neg(r, r);
    arb_exp(r, r, MAG_BITS);
    arb_mul_ui(r, r, (ulong) (k + 1), MAG_BITS);
    arb_div_ui(r, r, (ulong) k, MAG_BITS);       /* ratio */
    arb_sub_ui(r, r, 1, MAG_BITS);
    arb_neg(r, r);
    if (!arb_is_positive(r))
    {
        ok = 0;
        goto cleanup;
    }
    arb_div(b, b, r, MAG_BITS);
    arb_mul_2exp_si(b, b, 1);
    arb_get_mag(tmp, b);
    acb_add_error_mag(B, tmp);

    /* res = pref e^{D(2y+D)/(4t)} B / sinh(eta) */
    acb_mul_2exp_si(u, y, 1);
    acb_add(u, u, D, prec);
    acb_mul(u, u, D, prec);
    acb_mul_arb(u, u, &p->g, prec);
    acb_exp(u, u, prec);
    acb_mul(B, B, u, prec);
    acb_sinh(u, eta, prec);
    acb_div(B, B, u, prec);
    acb_mul_arb(res, B, &p->pref, prec);

cleanup:
    acb_clear(s);
    acb_clear(m);
    acb_clear(D);
    acb_clear(eta);
    acb_clear(u);
    acb_clear(sn);
    acb_clear(cs);
    acb_clear(B);
    arb_clear(b);
    arb_clear(r);
    mag_clear(em);
    mag_clear(vm);
    mag_clear(tmp);
    return ok;
}

/* f(y) = e^{-y^2/(4t)} cos(w y) q_t(c cosh y).  f is entire in y (q_t is
 * entire, the other factors too), so it is holomorphic on every box: the
 * holomorphy check that acb_calc_integrate asks for when order = 1 always
 * succeeds.  Both evaluation routes enclose f on any complex box. */
static int bb_integrand(acb_ptr res, const acb_t y, void *param,
                        slong order, slong prec)
{
    bb_param_struct *p = (bb_param_struct *) param;
    acb_t x, e;
    arf_t lo;
    int done = 0;

    if (order > 1)
    {
        /* only orders 0 and 1 are ever requested */
        acb_indeterminate(res);
        return 0;
    }
    acb_init(x);
    acb_init(e);
    arf_init(lo);

    arb_get_lbound_arf(lo, acb_realref(y), MAG_BITS);
    if (arf_cmp_d(lo, p->ysw) >= 0)
        done = bb_f_image(res, y, p, prec);
    if (!done)
    {
        acb_cosh(x, y, prec);
        acb_mul_arb(x, x, &p->c, prec);
        bb_q_spectral(res, x, p, prec);
        acb_sqr(e, y, prec);
        acb_mul_arb(e, e, &p->g, prec);
        acb_neg(e, e);
        acb_exp(e, e, prec);
        acb_mul(res, res, e, prec);
    }
    acb_mul_arb(e, y, &p->w, prec);
    acb_cos(e, e, prec);
    acb_mul(res, res, e, prec);

    acb_clear(x);
    acb_clear(e);
    arf_clear(lo);
    return 0;
}

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
static void tail_bound_img(mag_t res, const arb_t t, const arb_t pref0,
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
static void tail_bound_spec(mag_t res, const arb_t t, const arb_t l,
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
static double tail_img_log_d(double t, double l, double Y)
{
    double q = exp(-BB_PI * BB_PI / t), beta = 1 + l / (2 * t);
    double C = 1 + 2 * (q / (1 - q) + 2 * BB_PI * q / ((1 - q) * (1 - q)));
    return log(2 * sqrt(BB_PI) / (4 * pow(t, 1.5)) * C / (1 - exp(-2.0)))
           + t + l * l / (4 * t) + l - beta * Y
           + log((Y - l) / beta + 1 / (beta * beta));
}

static double tail_spec_log_d(double t, double l, double Y)
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

int hkz_su2_heat_sub_integral(arb_t res, const arb_t t, const arb_t r,
                              const arb_t z, slong prec)
{
    bb_param_struct p;
    arb_t zz, u, l, Yb, half_pi;
    acb_t ia, ib, piece, x0;
    mag_t tol, tail, tail2;
    acb_calc_integrate_opt_t opt;
    double td, rd, zd, ld, cmax, Yd, logtarget, dr, d2;
    slong wp, j, npieces, h;
    int status = HKZ_SUCCESS;

    arb_init(zz);
    arb_init(u);
    arb_init(l);
    arb_init(Yb);
    arb_init(half_pi);
    acb_init(ia);
    acb_init(ib);
    acb_init(piece);
    acb_init(x0);
    mag_init(tol);
    mag_init(tail);
    mag_init(tail2);
    arb_init(&p.t);
    arb_init(&p.c);
    arb_init(&p.w);
    arb_init(&p.g);
    arb_init(&p.pit);
    arb_init(&p.pref);
    p.ek = NULL;
    p.kmax = 0;
    p.wt = NULL;
    p.len = 0;
    p.alloc = 0;

    HKZ_CHECK_GOTO(prec >= 2, HKZ_ERR_ARG,
                   "hkz_su2_heat_sub_integral: prec must be >= 2 (got %ld)",
                   (long) prec);
    HKZ_CHECK_GOTO(arb_is_finite(t) && arb_is_positive(t), HKZ_ERR_DOMAIN,
                   "hkz_su2_heat_sub_integral: t must be > 0 (got %.17g)",
                   arf_get_d(arb_midref(t), ARF_RND_NEAR));
    arb_const_pi(half_pi, prec + 10);
    arb_mul_2exp_si(half_pi, half_pi, -1);
    HKZ_CHECK_GOTO(arb_is_finite(r) && !arb_is_negative(r)
                   && !arb_gt(r, half_pi), HKZ_ERR_DOMAIN,
                   "hkz_su2_heat_sub_integral: r must be in [0, pi/2] "
                   "(got %.17g)", arf_get_d(arb_midref(r), ARF_RND_NEAR));
    HKZ_CHECK_GOTO(arb_is_finite(z), HKZ_ERR_DOMAIN,
                   "hkz_su2_heat_sub_integral: z must be finite");

    td = arf_get_d(arb_midref(t), ARF_RND_NEAR);
    rd = arf_get_d(arb_midref(r), ARF_RND_NEAR);

    /* p_t is even and 2 pi-periodic in z, and so is the right side of
     * (3.2) (shift the contour by -iz); reduce z to [-pi, pi] to keep the
     * cancellation factor e^{z^2/(4t)} small, then take |z|.  Any integer
     * k is exact by periodicity; k = round(z / (2 pi)) only makes |z| small.
     * Up to |z| < 2^50 the double quotient gives that k; beyond, k is
     * taken from an Arb quotient with the bits of z added (a double
     * quotient of z = 1e30 is off by ~1e13 periods). */
    {
        arb_t twopi;
        fmpz_t k;
        slong ez = arf_abs_bound_lt_2exp_si(arb_midref(z)), zp;
        HKZ_CHECK_GOTO(ez <= BB_ZBITS, HKZ_ERR_TOO_LARGE,
                       "hkz_su2_heat_sub_integral: z = %.3g is too large "
                       "for the integral method (reducing z mod 2 pi "
                       "needs more than %d bits of pi; use the spectral "
                       "method)", arf_get_d(arb_midref(z), ARF_RND_NEAR),
                       (int) BB_ZBITS);
        zp = prec + 64 + FLINT_MAX(0, ez - 50);
        arb_init(twopi);
        fmpz_init(k);
        arb_const_pi(twopi, zp);
        arb_mul_2exp_si(twopi, twopi, 1);
        zd = arf_get_d(arb_midref(z), ARF_RND_NEAR);
        if (ez < 50)
            fmpz_set_d(k, floor(zd / (2 * BB_PI) + 0.5));
        else
        {
            arb_div(zz, z, twopi, zp);
            arf_get_fmpz(k, arb_midref(zz), ARF_RND_NEAR);
        }
        arb_mul_fmpz(zz, twopi, k, zp);
        arb_sub(zz, z, zz, zp);
        arb_abs(zz, zz);
        fmpz_clear(k);
        arb_clear(twopi);
    }
    zd = arf_get_d(arb_midref(zz), ARF_RND_NEAR);

    /* guard bits for the cancellation: the integrand is of size
     * e^{z^2/(4t)} h_t(r) while the result is of size e^{-d^2/(4t)}/t^2,
     * d = d_sR <= min(sqrt(2 pi d_R), pi) (spec 4), d_R = arccos(cos r
     * cos z); (spec 3.3: about (z^2 + d^2)/(4t ln 2) bits) */
    dr = acos(FLINT_MAX(-1.0, FLINT_MIN(1.0, cos(rd) * cos(zd))));
    d2 = FLINT_MIN(2 * BB_PI * dr, BB_PI * BB_PI);
    HKZ_CHECK_GOTO(td >= 1e-4 && td < 1e8, HKZ_ERR_TOO_LARGE,
                   "hkz_su2_heat_sub_integral: t = %g is outside the range "
                   "1e-4 <= t < 1e8 of the integral method (length of the "
                   "integral)", td);
    HKZ_CHECK_GOTO((zd * zd + d2) / (4 * td * BB_LN2) < 20000,
                   HKZ_ERR_TOO_LARGE, "hkz_su2_heat_sub_integral: the "
                   "integral method would cancel %.0f bits at t = %g, z = "
                   "%g (mod 2 pi), r = %g ((z^2 + d^2)/(4 t ln 2) must be "
                   "< 20000: t too small)",
                   (zd * zd + d2) / (4 * td * BB_LN2), td, zd, rd);
    wp = prec + 24 + (slong) ((zd * zd + d2) / (4 * td * BB_LN2))
         + 2 * FLINT_BIT_COUNT(prec);

    arb_set_round(&p.t, t, wp);
    arb_cos(&p.c, r, wp);
    arb_div(&p.w, zz, t, wp);
    arb_mul_2exp_si(&p.w, &p.w, -1);
    arb_inv(&p.g, t, wp);
    arb_mul_2exp_si(&p.g, &p.g, -2);
    arb_const_pi(&p.pit, wp);
    arb_div(&p.pit, &p.pit, &p.t, wp);
    /* pref = sqrt(pi) e^t / (4 t^{3/2}) */
    arb_const_sqrt_pi(&p.pref, wp);
    arb_exp(u, &p.t, wp);
    arb_mul(&p.pref, &p.pref, u, wp);
    arb_sqrt(u, &p.t, wp);
    arb_mul(u, u, &p.t, wp);
    arb_div(&p.pref, &p.pref, u, wp);
    arb_mul_2exp_si(&p.pref, &p.pref, -2);
    /* e^{-pi^2 k^2/t}: on real boxes K ~ sqrt(wp t ln 2)/pi suffices */
    p.kmax = FLINT_MIN(BB_KMAX,
                       2 * (slong) (sqrt(wp * td * BB_LN2) / BB_PI) + 4);
    p.ek = _arb_vec_init(p.kmax + 1);
    for (j = 0; j <= p.kmax; j++)
    {
        arb_mul(u, &p.pit, &p.pit, wp);
        arb_mul(u, u, &p.t, wp);
        arb_mul_si(u, u, -j * j, wp);
        arb_exp(p.ek + j, u, wp);
    }
    p.wprec = wp;
    p.td = td;
    p.lrmax = 1e6;

    /* l = min(-log|c|_max, 4) >= 0 (any l in [0, -log|c|_max] is valid) */
    arb_get_abs_ubound_arf(arb_midref(u), &p.c, MAG_BITS);
    mag_zero(arb_radref(u));
    cmax = arf_get_d(arb_midref(u), ARF_RND_UP);
    if (cmax >= 1.0)
        arb_zero(l);
    else
    {
        arb_log(l, u, MAG_BITS);
        arb_neg(l, l);
        arb_get_lbound_arf(arb_midref(l), l, MAG_BITS);
        mag_zero(arb_radref(l));
        if (arf_cmp_si(arb_midref(l), 4) > 0)
            arf_set_si(arb_midref(l), 4);
        if (arf_sgn(arb_midref(l)) < 0)
            arb_zero(l);
    }
    ld = arf_get_d(arb_midref(l), ARF_RND_DOWN);
    arb_set_d(l, ld);                   /* l = ld exactly, still valid */

    /* the image form is tight where c cosh y >= 5/4 (away from the branch
     * points x = c cosh y = +-1 of eta = arccosh x), and only for t <= 4:
     * its terms are of size pref ~ e^t/t^{3/2} >> q_t */
    arb_get_lbound_arf(arb_midref(u), &p.c, MAG_BITS);
    mag_zero(arb_radref(u));
    if (arf_sgn(arb_midref(u)) > 0 && td <= 4)
        p.ysw = acosh(1.25 / arf_get_d(arb_midref(u), ARF_RND_DOWN));
    else
        p.ysw = 1e300;

    /* absolute goal 2^{-wp} |f(0)|, f(0) = q_t(c) */
    acb_set_arb(x0, &p.c);
    bb_q_spectral(piece, x0, &p, wp);
    acb_get_mag(tol, piece);
    HKZ_CHECK_GOTO(mag_is_finite(tol), HKZ_ERR_INTERNAL,
                   "hkz_su2_heat_sub_integral: q_t(cos r) not finite");
    if (mag_is_zero(tol))
        mag_one(tol);
    mag_mul_2exp_si(tol, tol, -wp);

    /* truncation point Y, a multiple of the piece length h (heuristic
     * choice; the bound is rigorous): the smaller of the two bounds */
    logtarget = mag_get_d_log2_approx(tol) * BB_LN2 - 4;
    h = FLINT_MAX(1, (slong) sqrt(td));
    for (Yd = h * ceil((ld + 1) / h); Yd < 1e6; Yd += h)
        if (tail_img_log_d(td, ld, Yd) < logtarget
            || (td > 1 && tail_spec_log_d(td, ld, Yd) < logtarget))
            break;
    arb_set_d(Yb, Yd);
    tail_bound_img(tail, &p.t, &p.pref, l, Yb, MAG_BITS);
    if (td > 1)
    {
        tail_bound_spec(tail2, &p.t, l, Yb, MAG_BITS);
        if (mag_cmp(tail2, tail) < 0)
            mag_swap(tail, tail2);
    }

    /* integrate over [0, Y] in pieces of length h; boxes with |x| much
     * beyond cosh(Y) are not evaluated */
    p.lrmax = Yd + 20;
    acb_calc_integrate_opt_init(opt);
    npieces = (slong) (Yd / h);
    arb_zero(res);
    for (j = 0; j < npieces; j++)
    {
        acb_set_si(ia, j * h);
        acb_set_si(ib, (j + 1) * h);
        acb_calc_integrate(piece, bb_integrand, &p, ia, ib, wp, tol, opt,
                           wp);
        arb_add(res, res, acb_realref(piece), wp);
    }
    arb_add_error_mag(res, tail);

    /* times 2 e^{z^2/(4t)} (4 pi t)^{-1/2} */
    arb_sqr(u, zz, wp);
    arb_mul(u, u, &p.g, wp);
    arb_exp(u, u, wp);
    arb_mul(res, res, u, wp);
    arb_const_pi(u, wp);
    arb_mul(u, u, &p.t, wp);
    arb_rsqrt(u, u, wp);
    arb_mul(res, res, u, wp);
    arb_set_round(res, res, prec);

cleanup:
    if (status != HKZ_SUCCESS)
        arb_indeterminate(res);
    if (p.wt != NULL)
        _arb_vec_clear(p.wt, p.alloc);
    if (p.ek != NULL)
        _arb_vec_clear(p.ek, p.kmax + 1);
    arb_clear(&p.pit);
    arb_clear(&p.pref);
    arb_clear(&p.t);
    arb_clear(&p.c);
    arb_clear(&p.w);
    arb_clear(&p.g);
    arb_clear(zz);
    arb_clear(u);
    arb_clear(l);
    arb_clear(Yb);
    arb_clear(half_pi);
    acb_clear(ia);
    acb_clear(ib);
    acb_clear(piece);
    acb_clear(x0);
    mag_clear(tol);
    mag_clear(tail);
    mag_clear(tail2);
    return status;
}
