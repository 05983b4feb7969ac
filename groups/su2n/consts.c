/* Comparison constants of spec 6.3 for Delta_a and L_b of product type:
 * (P2) sup_{x != e} d_L / d_Delta^{1/2} = sqrt(2 pi) S^{1/4},
 *      S = sum_i a_i / b_i^2 (d_sR^2 <= 2 pi d_R and Cauchy-Schwarz; the
 *      sup is approached along x_i = exp(eps a_i/b_i Z_i), eps -> 0);
 * (P3) C*(gamma) = sup_i (3 a_i)^gamma / (2 b_i) for 0 <= gamma <= 1/2
 *      (F1: lambda^gamma <= C lambda_min(L(pi)) on every irrep; on one
 *      factor ((n^2-1) a)^gamma / (2 b (n-1)) is largest at n = 2, and x^gamma
 *      is subadditive), +inf for gamma > 1/2 (the ratio grows like
 *      n^{2 gamma - 1}). */
#include "hkz_check.h"
#include "su2n_internal.h"

static int check_pair(const hkz_su2n_weights_t a, const hkz_su2n_weights_t b,
                      slong prec, const char *fn)
{
    HKZ_TRY(_hkz_su2n_check_weights(a, fn));
    HKZ_TRY(_hkz_su2n_check_weights(b, fn));
    HKZ_CHECK(prec >= 2, HKZ_ERR_ARG, "%s: prec must be >= 2", fn);
    HKZ_CHECK(a->family != HKZ_SU2N_LIST || b->family != HKZ_SU2N_LIST
              || a->len == b->len, HKZ_ERR_ARG, "%s: the lists have "
              "different lengths (%ld, %ld)", fn, (long) a->len,
              (long) b->len);
    return HKZ_SUCCESS;
}

static int is_logf(int f)
{
    return f == HKZ_SU2N_LOG || f == HKZ_SU2N_LOG2;
}

/* S = sum a_i / b_i^2 */
static int ratio_sum(arb_t S, const hkz_su2n_weights_t a,
                     const hkz_su2n_weights_t b, slong prec, const char *fn)
{
    int fa = a->family, fb = b->family, status = HKZ_SUCCESS;
    arb_t u, v;

    arb_init(u);
    arb_init(v);
    /* scale ca / cb^2 for families */
    arb_sqr(v, &b->c, prec);
    arb_div(v, &a->c, v, prec);
    if (fa == HKZ_SU2N_LIST && fb == HKZ_SU2N_LIST)
    {
        slong i;
        arb_zero(S);
        for (i = 0; i < a->len; i++)
        {
            arb_sqr(u, b->list + i, prec);
            arb_div(u, a->list + i, u, prec);
            arb_add(S, S, u, prec);
        }
    }
    else if (fa == HKZ_SU2N_POW && fb == HKZ_SU2N_POW)
    {
        /* sum i^{pa - 2 pb} = zeta(2 pb - pa) if 2 pb - pa > 1 */
        arb_mul_2exp_si(u, &b->p, 1);
        arb_sub(u, u, &a->p, prec);
        arb_sub_ui(S, u, 1, prec);
        if (arb_is_positive(S))
        {
            arb_zeta(S, u, prec);
            arb_mul(S, S, v, prec);
        }
        else if (arb_is_nonpositive(S))
            arb_pos_inf(S);
        else
            status = hkz_error_set(HKZ_ERR_NOT_CERTIFIED, "%s: 2 p_b - p_a "
                                   "straddles 1", fn);
    }
    else if (fa == HKZ_SU2N_GEOM && fb == HKZ_SU2N_GEOM)
        arb_set(S, v);                        /* sum 2^{-i} = 1 */
    else if (fa == HKZ_SU2N_POW && fb == HKZ_SU2N_GEOM)
    {
        /* sum i^{pa} 4^{-i} = Li_{-pa}(1/4) */
        arb_neg(u, &a->p);
        arb_set_d(S, 0.25);
        arb_polylog(S, u, S, prec);
        arb_mul(S, S, v, prec);
    }
    else if ((fa == HKZ_SU2N_GEOM && (fb == HKZ_SU2N_POW || is_logf(fb)))
             || (fa == HKZ_SU2N_POW && is_logf(fb))
             || (is_logf(fa) && is_logf(fb)))
        arb_pos_inf(S);      /* terms do not tend to 0 or ~ 1/log^k(1+i) */
    else if (is_logf(fa) && fb == HKZ_SU2N_POW)
    {
        /* log(1+i)^k / i^{2 pb}: infinite when 2 pb <= 1 */
        arb_mul_2exp_si(u, &b->p, 1);
        arb_sub_ui(u, u, 1, prec);
        if (arb_is_nonpositive(u))
            arb_pos_inf(S);
        else
            status = hkz_error_set(HKZ_ERR_UNSUPPORTED, "%s: no closed form "
                                   "for this pair of families", fn);
    }
    else
        status = hkz_error_set(HKZ_ERR_UNSUPPORTED, "%s: unsupported pair "
                               "of weight families (%d, %d)", fn, fa, fb);
    arb_clear(u);
    arb_clear(v);
    return status;
}

int hkz_su2n_dist_const(arb_t res, const hkz_su2n_weights_t a,
        const hkz_su2n_weights_t b, slong prec)
{
    const char *fn = "hkz_su2n_dist_const";
    arb_t u;
    int status;

    HKZ_CHECK(res != NULL, HKZ_ERR_ARG, "%s: res is NULL", fn);
    status = check_pair(a, b, prec, fn);
    if (status != HKZ_SUCCESS)
    {
        arb_indeterminate(res);
        return status;
    }
    arb_init(u);
    status = ratio_sum(res, a, b, prec + 10, fn);
    if (status == HKZ_SUCCESS && !arf_is_pos_inf(arb_midref(res)))
    {
        /* sqrt(2 pi) S^{1/4} */
        arb_sqrtpos(res, res, prec + 10);
        arb_sqrtpos(res, res, prec + 10);
        arb_const_pi(u, prec + 10);
        arb_mul_2exp_si(u, u, 1);
        arb_sqrt(u, u, prec + 10);
        arb_mul(res, res, u, prec);
    }
    if (status != HKZ_SUCCESS)
        arb_indeterminate(res);
    arb_clear(u);
    return status;
}

/* (3 w)^gamma / (2 v) */
static void ratio_at(arb_t r, const arb_t w, const arb_t v,
                     const arb_t gamma, slong prec)
{
    arb_t u;
    arb_init(u);
    arb_mul_ui(u, w, 3, prec);
    arb_pow(u, u, gamma, prec);
    arb_div(r, u, v, prec);
    arb_mul_2exp_si(r, r, -1);
    arb_clear(u);
}

int hkz_su2n_form_const(arb_t res, const hkz_su2n_weights_t a,
        const hkz_su2n_weights_t b, const arb_t gamma, slong prec)
{
    const char *fn = "hkz_su2n_form_const";
    arb_t u, a1, b1;
    int status, fa, fb;
    slong i, wp = prec + 10;

    HKZ_CHECK(res != NULL, HKZ_ERR_ARG, "%s: res is NULL", fn);
    status = check_pair(a, b, prec, fn);
    if (status == HKZ_SUCCESS && (gamma == NULL || !arb_is_finite(gamma)
                                  || !arb_is_nonnegative(gamma)))
        status = hkz_error_set(HKZ_ERR_DOMAIN, "%s: gamma must be >= 0", fn);
    if (status != HKZ_SUCCESS)
    {
        arb_indeterminate(res);
        return status;
    }
    arb_init(u);
    arb_init(a1);
    arb_init(b1);
    fa = a->family;
    fb = b->family;
    arb_set_d(u, 0.5);
    if (fa == HKZ_SU2N_LIST && a->len == 0)
        arb_zero(res);                   /* trivial group: no constraint */
    else if (arb_gt(gamma, u))
        arb_pos_inf(res);
    else if (!arb_le(gamma, u))
        status = hkz_error_set(HKZ_ERR_NOT_CERTIFIED, "%s: gamma straddles "
                               "1/2", fn);
    else if (fa == HKZ_SU2N_LIST && fb == HKZ_SU2N_LIST)
    {
        arb_zero(res);
        for (i = 0; i < a->len; i++)
        {
            ratio_at(u, a->list + i, b->list + i, gamma, wp);
            if (i == 0)
                arb_set(res, u);
            else
                arb_max(res, res, u, wp);
        }
    }
    else if (fa == fb && fa != HKZ_SU2N_LIST && fa != HKZ_SU2N_SEQ)
    {
        int mono = 1;
        if (fa == HKZ_SU2N_POW)
        {
            /* c i^{gamma pa - pb}: decreasing iff gamma pa <= pb */
            arb_mul(u, gamma, &a->p, wp);
            arb_sub(u, u, &b->p, wp);
            if (arb_is_positive(u))
                mono = 0;
            else if (!arb_is_nonpositive(u))
                mono = -1;
        }
        /* geom, log, log^2: (3 ca w)^gamma / (2 cb w) = const w^{gamma-1}
           with w = 2^i, log(1+i), log(1+i)^2 increasing and gamma < 1:
           decreasing in i, so the sup is at i = 1 */
        if (mono == 1)
        {
            HKZ_TRY_GOTO(hkz_su2n_weights_get(a1, a, 1, wp));
            HKZ_TRY_GOTO(hkz_su2n_weights_get(b1, b, 1, wp));
            ratio_at(res, a1, b1, gamma, prec);
        }
        else if (mono == 0)
            arb_pos_inf(res);
        else
            status = hkz_error_set(HKZ_ERR_NOT_CERTIFIED, "%s: gamma p_a - "
                                   "p_b straddles 0", fn);
    }
    else
        status = hkz_error_set(HKZ_ERR_UNSUPPORTED, "%s: unsupported pair of "
                               "weight families (%d, %d)", fn, fa, fb);

cleanup:
    if (status != HKZ_SUCCESS)
        arb_indeterminate(res);
    arb_clear(u);
    arb_clear(a1);
    arb_clear(b1);
    return status;
}
