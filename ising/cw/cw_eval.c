/* G_N(t, theta) = sum_k b_k cos((N-2k) theta) and its derivatives by the
 * direct cosine sum (spec 3.1). */
#include "zeros/zeros_internal.h"
#include "hkz_check.h"

/* the outputs asked for, when there is no value */
static void indeterminate(arb_t G, arb_t Gtheta, arb_t Gt)
{
    if (G != NULL)
        arb_indeterminate(G);
    if (Gtheta != NULL)
        arb_indeterminate(Gtheta);
    if (Gt != NULL)
        arb_indeterminate(Gt);
}

int hkz_ly_cw_eval(arb_t G, arb_t Gtheta, arb_t Gt, slong N, const arb_t t,
                   const arb_t theta, slong prec)
{
    slong len = N / 2 + 1, jlo, jhi;
    arb_ptr b;
    arb_struct v[2];
    mag_t tail;
    int st;

    if (N < 1 || !arb_is_finite(theta))
    {
        indeterminate(G, Gtheta, Gt);
        HKZ_CHECK(N >= 1, HKZ_ERR_ARG, "hkz_ly_cw_eval: N must be >= 1 (got "
                  "%ld)", (long) N);
        return hkz_error_set(HKZ_ERR_ARG, "hkz_ly_cw_eval: theta is not "
                             "finite");
    }
    b = _arb_vec_init(2 * len);
    arb_init(v + 0);
    arb_init(v + 1);
    mag_init(tail);
    st = hkz_ly_cw_coeffs(b, Gt != NULL, N, t, prec);
    if (st != HKZ_SUCCESS)
    {
        indeterminate(G, Gtheta, Gt);
        goto cleanup;
    }
    if (G != NULL || Gtheta != NULL)
    {
        _hkz_ly_cos_trunc(&jlo, &jhi, tail, b, len, prec);
        _hkz_ly_cos_eval_trunc(v, Gtheta != NULL, b, N, jlo, jhi, tail,
                               theta, prec);
        if (G != NULL)
            arb_set(G, v + 0);
        if (Gtheta != NULL)
            arb_set(Gtheta, v + 1);
    }
    if (Gt != NULL)
    {
        _hkz_ly_cos_trunc(&jlo, &jhi, tail, b + len, len, prec);
        _hkz_ly_cos_eval_trunc(v, 0, b + len, N, jlo, jhi, tail, theta,
                               prec);
        arb_set(Gt, v + 0);
    }
cleanup:
    _arb_vec_clear(b, 2 * len);
    arb_clear(v + 0);
    arb_clear(v + 1);
    mag_clear(tail);
    return st;
}
