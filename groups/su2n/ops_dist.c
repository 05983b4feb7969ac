/* Intrinsic distance of a per-factor operator (spec 5.3): the l2-sum of
 * the factor distances d_i(x_i).  DELTA / L factors: d_R / sqrt(a),
 * d_sR / sqrt(a).  A Milnor factor -(a X^2 + b Y^2 + c Z^2) has no closed
 * form; comparison of metrics encloses it: the metric with orthonormal
 * frame sqrt(a) X, sqrt(b) Y, sqrt(c) Z is |v|^2 = v_X^2/a + v_Y^2/b +
 * v_Z^2/c, between |v|_R^2 / max(a,b,c) and |v|_R^2 / min(a,b,c); path
 * lengths and hence distances compare alike:
 *   c > 0:  d in [d_R / sqrt(max(a,b,c)), d_R / sqrt(min(a,b,c))],
 *   c = 0:  d in [d_sR / sqrt(max(a,b)), d_sR / sqrt(min(a,b))]
 * (only horizontal paths have finite length), exact for a = b = c resp.
 * a = b, c = 0. */
#include "hkz_check.h"
#include "su2n_internal.h"

/* d2 = an enclosure of d_i(x_i)^2 for head factor f */
static int head_sq(arb_t d2, const hkz_su2n_factor_op_struct *f,
                   const arb_t r, const arb_t z, slong prec)
{
    arb_t d, lo, hi;
    int status, sub;

    arb_init(d);
    arb_init(lo);
    arb_init(hi);
    sub = f->op == HKZ_SU2N_L
          || (f->op == HKZ_SU2N_MILNOR && arb_is_zero(&f->c));
    if (sub)
        status = hkz_su2_dist_cc(d, r, z, prec);
    else
        status = hkz_su2_dist_riem(d, r, z, prec);
    if (status != HKZ_SUCCESS)
        goto cleanup;
    arb_sqr(d, d, prec);
    if (f->op != HKZ_SU2N_MILNOR)
        arb_div(d2, d, &f->a, prec);
    else
    {
        /* min and max of the relevant weights */
        arb_min(lo, &f->a, &f->b, prec);
        arb_max(hi, &f->a, &f->b, prec);
        if (!sub)
        {
            arb_min(lo, lo, &f->c, prec);
            arb_max(hi, hi, &f->c, prec);
        }
        if (!arb_is_positive(lo))
        {
            /* c a ball touching 0 but not exactly 0: undecided metric */
            status = hkz_error_set(HKZ_ERR_NOT_CERTIFIED, "hkz_su2n_ops_dist: "
                                   "the Milnor weight c must be exactly 0 "
                                   "or provably > 0");
            goto cleanup;
        }
        arb_div(lo, d, lo, prec);        /* d^2 / min: upper end */
        arb_div(hi, d, hi, prec);        /* d^2 / max: lower end */
        arb_union(d2, lo, hi, prec);
    }

cleanup:
    arb_clear(d);
    arb_clear(lo);
    arb_clear(hi);
    return status;
}

int hkz_su2n_ops_dist(arb_t d, const hkz_su2n_ops_t o,
        const hkz_su2n_point_t x, slong prec)
{
    const char *fn = "hkz_su2n_ops_dist";
    arb_t S, u, w;
    slong i, wp = prec + 10;
    int status;

    HKZ_CHECK(d != NULL, HKZ_ERR_ARG, "%s: d is NULL", fn);
    status = _hkz_su2n_ops_check(o, x, prec, fn);
    if (status == HKZ_SUCCESS && x == NULL)
        status = hkz_error_set(HKZ_ERR_ARG, "%s: x is NULL", fn);
    if (status != HKZ_SUCCESS)
    {
        arb_indeterminate(d);
        return status;
    }
    arb_init(S);
    arb_init(u);
    arb_init(w);
    arb_zero(S);
    for (i = 0; i < x->len && status == HKZ_SUCCESS; i++)
    {
        if (arb_is_zero(x->r + i) && arb_is_zero(x->z + i))
            continue;                     /* x_i = e */
        if (i < o->len)
            status = head_sq(u, o->head + i, x->r + i, x->z + i, wp);
        else
        {
            /* tail factor i+1: d(x_i)^2 / w_{i+1} (spec 5.3) */
            if (o->tail_op == HKZ_SU2N_DELTA)
                status = hkz_su2_dist_riem(u, x->r + i, x->z + i, wp);
            else
                status = hkz_su2_dist_cc(u, x->r + i, x->z + i, wp);
            if (status == HKZ_SUCCESS)
                status = hkz_su2n_weights_get(w, &o->tail, i + 1, wp);
            arb_sqr(u, u, wp);
            arb_div(u, u, w, wp);
        }
        arb_add(S, S, u, wp);
    }
    if (status == HKZ_SUCCESS)
        arb_sqrtpos(d, S, prec);
    else
        arb_indeterminate(d);
    arb_clear(S);
    arb_clear(u);
    arb_clear(w);
    return status;
}
