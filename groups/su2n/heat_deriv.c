/* Time derivatives d^k/dt^k mu_t(x) of the product heat kernels on SU(2)^n
 * and SU(2)^infinity (spec 5.2, 5.5).  With the notation of heat.c,
 *   mu_t(x) = P_n(t) R_n(t),  P_n = prod_{i<=n} f_i(w_i t),
 *   R_n = prod_{i>n} (1 + delta(w_i t))   (the factors at e),
 * and mu^(k) = sum_j C(k, j) P_n^(k-j) R_n^(j)  (Leibniz).
 *
 * Finite part: factor by factor, (P f(w .))^(m) = sum_l C(m, l) P^(m-l)
 * w^l f^(l)(w t), with f^(l) from the certified single-factor functions.
 *
 * Tail: delta(s) = sum_lambda c_lambda e^{-lambda s} with c_lambda >= 0
 * (the factor at e is a trace of the heat semigroup), so for complex s
 * with Re s >= t - rho, |delta(w_i s)| <= delta(w_i (t - rho)).  Let
 * B >= sum_{i>n} delta(w_i (t - rho)) (the tail bound of spec 5.5 at
 * t - rho) with B <= 1/2.  Each term is then <= 1/2, |log(1 + z)| <=
 * |z|/(1 - |z|) <= 2|z|, the product converges uniformly on the closed disc
 * |s - t| <= rho (so R_n is holomorphic there) and
 *   |R_n(s) - 1| <= e^{2B} - 1 =: E.
 * Cauchy's estimate for R_n - 1 on that disc gives, for j >= 1,
 *   |R_n^(j)(t)| <= j! E / rho^j,
 * and R_n(t) lies in [1, e^B] (1 + y <= e^y; delta decreases in s). */
#include "hkz_check.h"
#include "su2n_internal.h"

/* fd[l] = d^l/ds^l of factor i at s (l = 0..k); coordinates (r, z) or e */
static int factor_derivs(arb_ptr fd, int op, const arb_t s, const arb_t r,
                         const arb_t z, ulong k, slong prec)
{
    arb_t a, zero;
    ulong l;
    int status = HKZ_SUCCESS, at_e = r == NULL || (arb_is_zero(r)
                                                   && arb_is_zero(z));
    arb_init(a);
    arb_init(zero);
    if (op == HKZ_SU2N_DELTA && !at_e)
        status = hkz_su2_dist_riem(a, r, z, prec);      /* class angle */
    for (l = 0; l <= k && status == HKZ_SUCCESS; l++)
    {
        if (op == HKZ_SU2N_DELTA)
            status = hkz_su2_heat_bi(fd + l, s, at_e ? zero : a, l, prec);
        else
            status = hkz_su2_heat_sub(fd + l, s, at_e ? zero : r,
                                      at_e ? zero : z, l, prec);
    }
    arb_clear(a);
    arb_clear(zero);
    return status;
}

/* Pd[m] = d^m/dt^m prod_{i<=n} f_i(w_i t), m = 0..k */
static int product_derivs(arb_ptr Pd, const hkz_su2n_weights_t w, int op,
                          const arb_t t, const hkz_su2n_point_t x, slong n,
                          ulong k, slong prec)
{
    arb_ptr fd = _arb_vec_init(k + 1), Q = _arb_vec_init(k + 1);
    arb_t wi, s, wl, c;
    slong i, xlen = x != NULL ? x->len : 0;
    ulong m, l;
    int status = HKZ_SUCCESS;

    arb_init(wi);
    arb_init(s);
    arb_init(wl);
    arb_init(c);
    _arb_vec_zero(Pd, k + 1);
    arb_one(Pd);
    for (i = 1; i <= n && status == HKZ_SUCCESS; i++)
    {
        if ((status = hkz_su2n_weights_get(wi, w, i, prec)))
            break;
        arb_mul(s, wi, t, prec);
        status = factor_derivs(fd, op, s, i <= xlen ? x->r + i - 1 : NULL,
                               i <= xlen ? x->z + i - 1 : NULL, k, prec);
        /* fd[l] <- w^l f^(l)(w t): the chain rule */
        arb_one(wl);
        for (l = 1; l <= k; l++)
        {
            arb_mul(wl, wl, wi, prec);
            arb_mul(fd + l, fd + l, wl, prec);
        }
        for (m = 0; m <= k; m++)
        {
            arb_zero(Q + m);
            for (l = 0; l <= m; l++)
            {
                arb_bin_uiui(c, m, l, prec);
                arb_mul(c, c, fd + l, prec);
                arb_addmul(Q + m, c, Pd + m - l, prec);
            }
        }
        _arb_vec_swap(Pd, Q, k + 1);
    }
    _arb_vec_clear(fd, k + 1);
    _arb_vec_clear(Q, k + 1);
    arb_clear(wi);
    arb_clear(s);
    arb_clear(wl);
    arb_clear(c);
    return status;
}

/* res = sum_j C(k, j) Pd[k-j] Rd[j] with Rd[0] in [1, e^B] and |Rd[j]| <=
 * j! (e^{2B} - 1)/rho^j (header) */
static void with_tail(arb_t res, arb_srcptr Pd, ulong k, const arb_t B,
                      const arb_t rho, slong prec)
{
    arb_t E, R, c;
    arf_t one, ub;
    mag_t m;
    ulong j;

    arb_init(E);
    arb_init(R);
    arb_init(c);
    arf_init(one);
    arf_init(ub);
    mag_init(m);
    arf_one(one);
    arb_exp(R, B, prec);
    arb_get_ubound_arf(ub, R, prec);
    arb_set_interval_arf(R, one, ub, prec);             /* R_n(t) */
    arb_mul(res, Pd + k, R, prec);
    arb_mul_2exp_si(E, B, 1);
    arb_expm1(E, E, prec);                              /* e^{2B} - 1 */
    for (j = 1; j <= k; j++)
    {
        /* C(k, j) |Pd[k-j]| j! E / rho^j */
        arb_bin_uiui(c, k, j, prec);
        arb_mul(c, c, Pd + k - j, prec);
        arb_abs(c, c);
        arb_mul(c, c, E, prec);
        arb_fac_ui(R, j, prec);
        arb_mul(c, c, R, prec);
        arb_pow_ui(R, rho, j, prec);
        arb_div(c, c, R, prec);
        arb_get_mag(m, c);
        arb_add_error_mag(res, m);
    }
    arb_clear(E);
    arb_clear(R);
    arb_clear(c);
    arf_clear(one);
    arf_clear(ub);
    mag_clear(m);
}

/* B = tail bound at t - rho, n the first count (from n0, doubling up to
 * the cap) with B <= 2^-target; returns HKZ_ERR_NOT_CERTIFIED if no bound
 * <= 1/2 exists */
static int choose_tail(arb_t B, slong *n, const hkz_su2n_weights_t w,
                       int op, const arb_t s, slong n0, slong target)
{
    slong cap = FLINT_MAX(w->max_factors, n0);
    int status;

    *n = FLINT_MAX(n0, 1);
    for (;;)
    {
        status = _hkz_su2n_tail_bound(B, w, op, s, *n, 64);
        if (status != HKZ_SUCCESS && status != HKZ_ERR_NOT_CERTIFIED)
            return status;
        if (status == HKZ_SUCCESS && arb_is_finite(B)
            && arf_cmp_2exp_si(arb_midref(B), -target) < 0
            && mag_cmp_2exp_si(arb_radref(B), -target) < 0)
            return HKZ_SUCCESS;
        if (*n >= cap)
            break;
        *n = FLINT_MIN(2 * *n, cap);
    }
    /* the cap: keep its bound if it is small enough for the estimate */
    if (status == HKZ_SUCCESS && arb_is_finite(B)
        && arf_cmp_2exp_si(arb_midref(B), -2) < 0
        && mag_cmp_2exp_si(arb_radref(B), -2) < 0)
        return HKZ_SUCCESS;
    return HKZ_ERR_NOT_CERTIFIED;
}

int hkz_su2n_heat_deriv(arb_t res, hkz_su2n_info_t *info,
        const hkz_su2n_weights_t w, int op, const arb_t t,
        const hkz_su2n_point_t x, ulong deriv, slong prec)
{
    const char *fn = "hkz_su2n_heat_deriv";
    hkz_su2n_info_t inf = {HKZ_SU2N_FINITE, 0, 0.0, 0};
    arb_ptr Pd = NULL;
    arb_t rho, s, B;
    slong n, xlen = x != NULL ? x->len : 0, wp;
    int status = HKZ_SUCCESS, d, tries;

    if (deriv == 0)
        return hkz_su2n_heat(res, info, w, op, t, x, prec);
    HKZ_CHECK(res != NULL && x != NULL, HKZ_ERR_ARG, "%s: res or x is NULL",
              fn);
    if (info != NULL)
        *info = inf;
    if ((status = _hkz_su2n_check_op(op, fn)) ||
        (status = _hkz_su2n_check_weights(w, fn)) ||
        (status = _hkz_su2n_check_pos(t, "t", fn)))
        goto fail;
    HKZ_CHECK_GOTO(deriv <= 64 && prec >= 2, HKZ_ERR_ARG, "%s: deriv must "
                   "be <= 64 and prec >= 2", fn);
    HKZ_CHECK_GOTO(w->family != HKZ_SU2N_LIST || xlen <= w->len,
                   HKZ_ERR_ARG, "%s: the point has %ld coordinates but there"
                   " are only %ld weights", fn, (long) xlen, (long) w->len);

    Pd = _arb_vec_init(deriv + 1);
    arb_init(rho);
    arb_init(s);
    arb_init(B);
    if (w->family == HKZ_SU2N_LIST)
    {
        /* all of SU(2)^n: no tail */
        n = w->len;
        wp = prec + 2 * FLINT_BIT_COUNT((ulong) n + 1) + 10;
        HKZ_TRY_GOTO(product_derivs(Pd, w, op, t, x, n, deriv, wp));
        arb_set_round(res, Pd + deriv, prec);
        inf.nfactors = n;
        goto done;
    }
    if (w->family == HKZ_SU2N_SEQ && arb_is_zero(&w->gap))
    {
        /* black-box weights: the partial product only, flagged */
        HKZ_CHECK_GOTO(info != NULL, HKZ_ERR_NOT_CERTIFIED, "%s: the tail "
                       "of a sequence without gap bound is not certified "
                       "(pass info to receive the partial product)", fn);
        n = FLINT_MAX(w->seq_len, xlen);
        HKZ_TRY_GOTO(product_derivs(Pd, w, op, t, x, n, deriv, prec + 20));
        arb_set_round(res, Pd + deriv, prec);
        inf.kind = HKZ_SU2N_PARTIAL;
        inf.nfactors = n;
        goto done;
    }
    d = _hkz_su2n_diverges(w, op, t, 64);
    if (d == 1)
    {
        /* mu_t(e) = +inf (spec 5.4): no density, no derivative */
        arb_indeterminate(res);
        inf.kind = HKZ_SU2N_DIVERGENT;
        goto done;
    }
    HKZ_CHECK_GOTO(d == 0, HKZ_ERR_NOT_CERTIFIED, "%s: t straddles the "
                   "divergence threshold of the family", fn);
    /* the disc radius rho = t/4, t/16, ...: t - rho must be past every
     * divergence threshold with a tail bound below 1/2 there */
    arb_mul_2exp_si(rho, t, -2);
    for (tries = 0; ; tries++)
    {
        slong e = arf_abs_bound_lt_2exp_si(arb_midref(rho));
        arb_sub(s, t, rho, 64);
        if (_hkz_su2n_diverges(w, op, s, 64) == 0)
        {
            status = choose_tail(B, &n, w, op, s, xlen, prec + 8 +
                                 (slong) deriv * (2 + FLINT_MAX(0, -e)));
            if (status != HKZ_ERR_NOT_CERTIFIED)
                break;
        }
        HKZ_CHECK_GOTO(tries < 8, HKZ_ERR_NOT_CERTIFIED, "%s: no certified "
                       "tail bound near t", fn);
        arb_mul_2exp_si(rho, rho, -2);
    }
    if (status != HKZ_SUCCESS)
        goto cleanup;
    wp = prec + 2 * FLINT_BIT_COUNT((ulong) n + 1) + 10;
    HKZ_TRY_GOTO(product_derivs(Pd, w, op, t, x, n, deriv, wp));
    with_tail(res, Pd, deriv, B, rho, prec);
    inf.nfactors = n;
    inf.tail = arf_get_d(arb_midref(B), ARF_RND_UP);

done:
    if (info != NULL)
        *info = inf;
cleanup:
    if (Pd != NULL)
    {
        _arb_vec_clear(Pd, deriv + 1);
        arb_clear(rho);
        arb_clear(s);
        arb_clear(B);
    }
fail:
    if (status != HKZ_SUCCESS)
        arb_indeterminate(res);
    return status;
}
