/* Heat kernels of Delta_a and L_b on SU(2)^n and SU(2)^infinity at e and
 * at points with a finite head (spec 5.2, 5.5):
 *   mu_t(x) = prod_{i<=n} factor_i(x_i) * R_n,
 *   1 <= R_n = prod_{i>n} factor(w_i t at e) <= exp(sum_{i>n} delta(w_i t)),
 * since every factor at e is >= 1 and 1 + y <= e^y.  For the families
 * log(1+i) and i^1, log R_n is summed exactly (tail_series.c). */
#include <math.h>
#include "hkz_check.h"
#include "su2n_internal.h"

/* prod_{first<i<=n} factor_i: coordinates i <= x->len from the point, e
   beyond */
static int product(arb_t P, const hkz_su2n_weights_t w, int op,
                   const arb_t t, const hkz_su2n_point_t x, slong first,
                   slong n, slong prec)
{
    arb_t wi, s, f;
    slong i, xlen = x != NULL ? x->len : 0;
    int status = HKZ_SUCCESS;

    arb_init(wi);
    arb_init(s);
    arb_init(f);
    arb_one(P);
    for (i = first + 1; i <= n && status == HKZ_SUCCESS; i++)
    {
        status = hkz_su2n_weights_get(wi, w, i, prec);
        if (status != HKZ_SUCCESS)
            break;
        arb_mul(s, wi, t, prec);
        if (i <= xlen)
            status = _hkz_su2n_factor_point(f, op, s, x->r + i - 1,
                                            x->z + i - 1, prec);
        else
            status = _hkz_su2n_factor_e(f, op, s, prec);
        arb_mul(P, P, f, prec);
    }
    arb_clear(wi);
    arb_clear(s);
    arb_clear(f);
    return status;
}

static slong guard_bits(slong n)
{
    return 2 * FLINT_BIT_COUNT((ulong) n + 1) + 10;
}

/* tail bound at n is <= 2^{-target} (computed at 64 bits); *status
 * receives an error of a user sequence */
static int tail_ok(const hkz_su2n_weights_t w, int op, const arb_t t,
                   slong n, slong target, int *status)
{
    arb_t B;
    arf_t ub;
    int ok, s;
    arb_init(B);
    arf_init(ub);
    s = _hkz_su2n_tail_bound(B, w, op, t, n, 64);
    ok = (s == HKZ_SUCCESS);
    if (ok)
    {
        arb_get_ubound_arf(ub, B, 64);
        ok = arf_cmp_2exp_si(ub, -target) <= 0;
    }
    else if (s != HKZ_ERR_NOT_CERTIFIED)
        *status = s;
    arb_clear(B);
    arf_clear(ub);
    return ok;
}

/* smallest n >= n0 (at most nmax) with tail bound <= 2^{-target} */
static slong choose_n(const hkz_su2n_weights_t w, int op, const arb_t t,
                      slong n0, slong nmax, slong target, int *status)
{
    slong lo, hi, mid;

    if (tail_ok(w, op, t, n0, target, status) || *status != HKZ_SUCCESS)
        return n0;
    lo = n0;
    hi = FLINT_MIN(FLINT_MAX(2 * n0, 8), nmax);
    while (hi < nmax && !tail_ok(w, op, t, hi, target, status))
    {
        if (*status != HKZ_SUCCESS)
            return hi;
        lo = hi;
        hi = FLINT_MIN(2 * hi, nmax);
    }
    if (!tail_ok(w, op, t, hi, target, status))
        return nmax;
    while (hi - lo > 1 && *status == HKZ_SUCCESS)
    {
        mid = lo + (hi - lo) / 2;
        if (tail_ok(w, op, t, mid, target, status))
            hi = mid;
        else
            lo = mid;
    }
    return hi;
}

/* the factors i > first (first = 0: all); nfix >= 0: exactly the factors
   first < i <= nfix */
static int heat_driver(arb_t res, hkz_su2n_info_t *info,
                       const hkz_su2n_weights_t w, int op, const arb_t t,
                       const hkz_su2n_point_t x, slong first, slong nfix,
                       slong prec, const char *fn)
{
    hkz_su2n_info_t inf;
    arb_t P, R;
    arf_t one, ub;
    slong n, xlen, wp;
    int status, d;

    HKZ_CHECK(res != NULL, HKZ_ERR_ARG, "%s: res is NULL", fn);
    inf.kind = HKZ_SU2N_FINITE;
    inf.nfactors = 0;
    inf.tail = 0.0;
    inf.accelerated = 0;
    if (info != NULL)
        *info = inf;
    status = _hkz_su2n_check_op(op, fn);
    if (status == HKZ_SUCCESS)
        status = _hkz_su2n_check_weights(w, fn);
    if (status == HKZ_SUCCESS)
        status = _hkz_su2n_check_pos(t, "t", fn);
    if (status == HKZ_SUCCESS && prec < 2)
        status = hkz_error_set(HKZ_ERR_ARG, "%s: prec must be >= 2 (got "
                               "%ld)", fn, (long) prec);
    xlen = x != NULL ? x->len : 0;
    if (status == HKZ_SUCCESS && w->family == HKZ_SU2N_LIST
        && xlen > FLINT_MAX(w->len, first))
        status = hkz_error_set(HKZ_ERR_ARG, "%s: the point has %ld "
                               "coordinates but there are only %ld weights",
                               fn, (long) xlen, (long) w->len);
    if (status == HKZ_SUCCESS && nfix >= 0 && w->family == HKZ_SU2N_LIST
        && nfix > w->len)
        status = hkz_error_set(HKZ_ERR_ARG, "%s: n = %ld exceeds the %ld "
                               "weights", fn, (long) nfix, (long) w->len);
    if (status != HKZ_SUCCESS)
    {
        arb_indeterminate(res);
        return status;
    }

    arb_init(P);
    arb_init(R);
    arf_init(one);
    arf_init(ub);
    arf_one(one);

    if (nfix >= 0 || w->family == HKZ_SU2N_LIST)
    {
        /* an exact finite product: P_n, or all of SU(2)^n */
        n = nfix >= 0 ? nfix : w->len;
        HKZ_TRY_GOTO(product(res, w, op, t, x, first, n,
                             prec + guard_bits(n)));
        inf.nfactors = n;
        goto done;
    }
    if (w->family == HKZ_SU2N_SEQ && arb_is_zero(&w->gap))
    {
        /* black-box weights: the partial product, flagged */
        n = FLINT_MAX(FLINT_MAX(w->seq_len, xlen), first);
        HKZ_CHECK_GOTO(info != NULL, HKZ_ERR_NOT_CERTIFIED, "%s: the tail "
                       "of a sequence without gap bound is not certified "
                       "(pass info to receive the partial product)", fn);
        HKZ_TRY_GOTO(product(res, w, op, t, x, first, n,
                             prec + guard_bits(n)));
        inf.kind = HKZ_SU2N_PARTIAL;
        inf.nfactors = n;
        goto done;
    }
    d = _hkz_su2n_diverges(w, op, t, 64);
    if (d == 1)
    {
        /* sum_i e^{-lambda w_i t} = inf: mu_t(e) = +inf (spec 5.4) */
        arb_pos_inf(res);
        inf.kind = HKZ_SU2N_DIVERGENT;
        goto done;
    }
    HKZ_CHECK_GOTO(d == 0, HKZ_ERR_NOT_CERTIFIED, "%s: t straddles the "
                   "divergence threshold of the log(1+i) family (lambda c "
                   "t = 1)", fn);

    if (_hkz_su2n_has_series(w))
    {
        n = _hkz_su2n_series_n(w, t, FLINT_MAX(xlen, first), prec);
        while (n <= w->max_factors)
        {
            wp = prec + guard_bits(n);
            if (_hkz_su2n_log_tail_series(R, &inf.tail, w, op, t, n, wp))
            {
                HKZ_TRY_GOTO(product(P, w, op, t, x, first, n, wp));
                arb_exp(R, R, wp);
                arb_mul(res, P, R, prec);
                inf.nfactors = n;
                inf.accelerated = 1;
                goto done;
            }
            n += FLINT_MAX(n / 4, 4);
        }
        /* too many factors for the series: fall back to the delta bound */
    }

    n = choose_n(w, op, t, FLINT_MAX(xlen, first),
                 FLINT_MAX(w->max_factors, FLINT_MAX(xlen, first)), prec + 4,
                 &status);
    if (status != HKZ_SUCCESS)
        goto cleanup;
    wp = prec + guard_bits(n);
    status = _hkz_su2n_tail_bound(R, w, op, t, n, 64);
    HKZ_CHECK_GOTO(status != HKZ_ERR_NOT_CERTIFIED, HKZ_ERR_NOT_CERTIFIED,
                   "%s: no finite tail bound at n = %ld", fn, (long) n);
    if (status != HKZ_SUCCESS)
        goto cleanup;
    HKZ_TRY_GOTO(product(P, w, op, t, x, first, n, wp));
    /* R_n in [1, exp(B)] */
    arb_get_ubound_arf(ub, R, 64);
    inf.tail = arf_get_d(ub, ARF_RND_UP);
    arb_set_arf(R, ub);
    arb_expm1(R, R, 64);
    arb_get_ubound_arf(ub, R, 64);
    arf_add(ub, ub, one, wp, ARF_RND_UP);       /* 1 + (e^B - 1) */
    _hkz_su2n_interval(R, one, ub, wp);
    arb_mul(res, P, R, prec);
    inf.nfactors = n;

done:
    if (info != NULL)
        *info = inf;
cleanup:
    if (status != HKZ_SUCCESS)
        arb_indeterminate(res);
    arb_clear(P);
    arb_clear(R);
    arf_clear(one);
    arf_clear(ub);
    return status;
}

int hkz_su2n_heat_e(arb_t res, hkz_su2n_info_t *info,
        const hkz_su2n_weights_t w, int op, const arb_t t, slong prec)
{
    return heat_driver(res, info, w, op, t, NULL, 0, -1, prec,
                       "hkz_su2n_heat_e");
}

int hkz_su2n_heat_e_partial(arb_t res, const hkz_su2n_weights_t w, int op,
        const arb_t t, slong n, slong prec)
{
    if (n < 0)
    {
        if (res != NULL)
            arb_indeterminate(res);
        return hkz_error_set(HKZ_ERR_ARG, "hkz_su2n_heat_e_partial: n must "
                             "be >= 0 (got %ld)", (long) n);
    }
    return heat_driver(res, NULL, w, op, t, NULL, 0, n, prec,
                       "hkz_su2n_heat_e_partial");
}

int hkz_su2n_heat(arb_t res, hkz_su2n_info_t *info,
        const hkz_su2n_weights_t w, int op, const arb_t t,
        const hkz_su2n_point_t x, slong prec)
{
    if (x == NULL)
    {
        if (res != NULL)
            arb_indeterminate(res);
        return hkz_error_set(HKZ_ERR_ARG, "hkz_su2n_heat: x is NULL");
    }
    return heat_driver(res, info, w, op, t, x, 0, -1, prec, "hkz_su2n_heat");
}

int _hkz_su2n_heat_from(arb_t res, hkz_su2n_info_t *info,
        const hkz_su2n_weights_t w, int op, const arb_t t,
        const hkz_su2n_point_t x, slong first, slong prec, const char *fn)
{
    return heat_driver(res, info, w, op, t, x, FLINT_MAX(first, 0), -1,
                       prec, fn);
}
