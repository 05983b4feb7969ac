/* Intrinsic distances on SU(2)^n / SU(2)^infinity (spec 5.3):
 *   d_Delta(e, x)^2 = sum_i d_R(x_i)^2 / a_i,  d_L(e, x)^2 = sum_i d_sR(x_i)^2 / b_i
 * (the frames sqrt(a_i) X_i, ... are orthonormal and path lengths add in
 * l^2), with the +infinity rule of pitfall 13 for unknown tails. */
#include "hkz_check.h"
#include "su2n_internal.h"

static int check_common(const hkz_su2n_weights_t w, int op,
                        const hkz_su2n_point_t x, slong prec, const char *fn)
{
    HKZ_TRY(_hkz_su2n_check_op(op, fn));
    HKZ_TRY(_hkz_su2n_check_weights(w, fn));
    HKZ_CHECK(x != NULL, HKZ_ERR_ARG, "%s: x is NULL", fn);
    HKZ_CHECK(prec >= 2, HKZ_ERR_ARG, "%s: prec must be >= 2", fn);
    HKZ_CHECK(w->family != HKZ_SU2N_LIST || x->len <= w->len, HKZ_ERR_ARG,
              "%s: the point has %ld coordinates but there are only %ld "
              "weights", fn, (long) x->len, (long) w->len);
    return HKZ_SUCCESS;
}

/* d2 = sum_{i<=len} d(x_i)^2 / w_i */
static int head_sq(arb_t d2, const hkz_su2n_weights_t w, int op,
                   const hkz_su2n_point_t x, slong prec)
{
    arb_t d, wi;
    slong i;
    int status = HKZ_SUCCESS;

    arb_init(d);
    arb_init(wi);
    arb_zero(d2);
    for (i = 0; i < x->len && status == HKZ_SUCCESS; i++)
    {
        if (arb_is_zero(x->r + i) && arb_is_zero(x->z + i))
            continue;
        if (op == HKZ_SU2N_DELTA)
            status = hkz_su2_dist_riem(d, x->r + i, x->z + i, prec);
        else
            status = hkz_su2_dist_cc(d, x->r + i, x->z + i, prec);
        if (status == HKZ_SUCCESS)
            status = hkz_su2n_weights_get(wi, w, i + 1, prec);
        if (status == HKZ_SUCCESS)
        {
            arb_sqr(d, d, prec);
            arb_div(d, d, wi, prec);
            arb_add(d2, d2, d, prec);
        }
    }
    arb_clear(d);
    arb_clear(wi);
    return status;
}

int hkz_su2n_dist(arb_t d, const hkz_su2n_weights_t w, int op,
        const hkz_su2n_point_t x, slong prec)
{
    const char *fn = "hkz_su2n_dist";
    int status;

    HKZ_CHECK(d != NULL, HKZ_ERR_ARG, "%s: d is NULL", fn);
    status = check_common(w, op, x, prec, fn);
    if (status == HKZ_SUCCESS)
        status = head_sq(d, w, op, x, prec + 10);
    if (status == HKZ_SUCCESS)
        arb_sqrtpos(d, d, prec);
    else
        arb_indeterminate(d);
    return status;
}

int hkz_su2n_dist_pair(arb_t d, const hkz_su2n_weights_t w, int op,
        const hkz_su2n_point_t x, const hkz_su2n_point_t y, slong prec)
{
    const char *fn = "hkz_su2n_dist_pair";
    hkz_su2n_point_t rel;
    int status;

    HKZ_CHECK(d != NULL, HKZ_ERR_ARG, "%s: d is NULL", fn);
    if (x == NULL || y == NULL)
    {
        arb_indeterminate(d);
        return hkz_error_set(HKZ_ERR_ARG, "%s: x or y is NULL", fn);
    }
    hkz_su2n_point_init(rel, 0);
    status = hkz_su2n_point_rel(rel, x, y, prec + 10);
    if (status == HKZ_SUCCESS)
        status = hkz_su2n_dist(d, w, op, rel, prec);
    else
        arb_indeterminate(d);
    hkz_su2n_point_clear(rel);
    return status;
}

int hkz_su2n_dist_tail_check(const arb_t dlo, const arb_t dhi, slong prec)
{
    arb_t pi;
    int ok;
    arb_init(pi);
    arb_const_pi(pi, prec);
    ok = arb_is_nonnegative(dlo) && arb_le(dlo, dhi) && !arb_gt(dhi, pi);
    arb_clear(pi);
    HKZ_CHECK(ok, HKZ_ERR_DOMAIN, "need 0 <= DLO <= DHI <= pi");
    return HKZ_SUCCESS;
}

int hkz_su2n_dist_tail(arb_t d, const hkz_su2n_weights_t w, int op,
        const hkz_su2n_point_t x, const arb_t dlo, const arb_t dhi,
        slong prec)
{
    const char *fn = "hkz_su2n_dist_tail";
    arb_t H, S, lo, hi, pi;
    int status;

    HKZ_CHECK(d != NULL, HKZ_ERR_ARG, "%s: d is NULL", fn);
    status = check_common(w, op, x, prec, fn);
    if (status != HKZ_SUCCESS)
    {
        arb_indeterminate(d);
        return status;
    }
    arb_init(H);
    arb_init(S);
    arb_init(lo);
    arb_init(hi);
    arb_init(pi);
    arb_const_pi(pi, prec);
    HKZ_CHECK_GOTO(dlo != NULL && dhi != NULL && arb_is_finite(dlo)
                   && arb_is_finite(dhi) && arb_is_nonnegative(dlo)
                   && arb_le(dlo, dhi) && !arb_gt(dhi, pi), HKZ_ERR_DOMAIN,
                   "%s: need 0 <= dlo <= dhi <= pi", fn);
    HKZ_TRY_GOTO(head_sq(H, w, op, x, prec + 10));
    HKZ_TRY_GOTO(hkz_su2n_inv_sum(S, w, x->len, prec + 10));
    if (arf_is_pos_inf(arb_midref(S)))
    {
        if (arb_is_zero(dhi))
            arb_sqrtpos(d, H, prec);
        else if (arb_is_positive(dlo))
            arb_pos_inf(d);   /* infinitely many coordinates at distance
                                 >= dlo > 0 with sum 1/w_i = inf */
        else
            HKZ_CHECK_GOTO(0, HKZ_ERR_NOT_CERTIFIED, "%s: sum 1/w_i = inf "
                           "and dlo = 0 < dhi: the distance may be finite "
                           "or infinite", fn);
        goto cleanup;
    }
    arb_sqr(lo, dlo, prec + 10);
    arb_mul(lo, lo, S, prec + 10);
    arb_add(lo, lo, H, prec + 10);
    arb_sqr(hi, dhi, prec + 10);
    arb_mul(hi, hi, S, prec + 10);
    arb_add(hi, hi, H, prec + 10);
    arb_union(lo, lo, hi, prec + 10);
    arb_sqrtpos(d, lo, prec);

cleanup:
    if (status != HKZ_SUCCESS)
        arb_indeterminate(d);
    arb_clear(H);
    arb_clear(S);
    arb_clear(lo);
    arb_clear(hi);
    arb_clear(pi);
    return status;
}
