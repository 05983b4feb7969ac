/* Heat kernel of a per-factor operator on SU(2)^n / SU(2)^infinity
 * (spec 5.2, 7.6): mu_t(x) = prod_{i<=len} k_i(x_i) * T, k_i the head
 * factor kernels at time t and T the weight-family tail
 * prod_{i>len} factor(w_i t)(x_i), enclosed by the factor-tail lemma of
 * spec 5.5 (heat.c). */
#include "hkz_check.h"
#include "su2n_internal.h"

/* the kernel of head factor f at time t and coordinate (r, phi, z) */
static int head_factor(arb_t res, const hkz_su2n_factor_op_struct *f,
                       const arb_t t, const arb_t r, const arb_t phi,
                       const arb_t z, slong prec)
{
    arb_t s;
    hkz_su2_elem_t g;
    int status;

    if (f->op != HKZ_SU2N_MILNOR)
    {
        /* a Delta_i at time t is Delta_i at time a t */
        arb_init(s);
        arb_mul(s, &f->a, t, prec);
        if (r == NULL)
            status = _hkz_su2n_factor_e(res, f->op, s, prec);
        else
            status = _hkz_su2n_factor_point(res, f->op, s, r, z, prec);
        arb_clear(s);
        return status;
    }
    hkz_su2_elem_init(g);
    if (r == NULL)
        hkz_su2_elem_one(g);
    else
        hkz_su2_elem_set_cyl(g, r, phi, z, prec);
    status = hkz_su2_heat_milnor(res, &f->a, &f->b, &f->c, t, g, prec);
    hkz_su2_elem_clear(g);
    return status;
}

int hkz_su2n_ops_heat(arb_t res, hkz_su2n_info_t *info,
        const hkz_su2n_ops_t o, const arb_t t, const hkz_su2n_point_t x,
        slong prec)
{
    const char *fn = "hkz_su2n_ops_heat";
    hkz_su2n_info_t inf, tinf;
    arb_t P, f;
    slong i, xlen, wp;
    int status;

    HKZ_CHECK(res != NULL, HKZ_ERR_ARG, "%s: res is NULL", fn);
    inf.kind = HKZ_SU2N_FINITE;
    inf.nfactors = 0;
    inf.tail = 0.0;
    inf.accelerated = 0;
    if (info != NULL)
        *info = inf;
    status = _hkz_su2n_ops_check(o, x, prec, fn);
    if (status == HKZ_SUCCESS)
        status = _hkz_su2n_check_pos(t, "t", fn);
    if (status != HKZ_SUCCESS)
    {
        arb_indeterminate(res);
        return status;
    }
    xlen = x != NULL ? x->len : 0;
    wp = prec + 2 * FLINT_BIT_COUNT((ulong) o->len + 1) + 10;
    arb_init(P);
    arb_init(f);

    /* the tail first: a divergent or uncertified tail decides the kind */
    if (o->has_tail)
    {
        status = _hkz_su2n_heat_from(P, &tinf, &o->tail, o->tail_op, t, x,
                                     o->len, wp, fn);
        if (status == HKZ_SUCCESS && tinf.kind == HKZ_SU2N_PARTIAL
            && info == NULL)
            status = hkz_error_set(HKZ_ERR_NOT_CERTIFIED, "%s: the tail of a "
                                   "sequence without gap bound is not "
                                   "certified (pass info to receive the "
                                   "partial product)", fn);
        if (status != HKZ_SUCCESS)
            goto cleanup;
        inf = tinf;
        if (tinf.kind == HKZ_SU2N_DIVERGENT)
        {
            /* head factors are finite and > 0: the product is +inf */
            arb_pos_inf(res);
            inf.nfactors = o->len;
            goto done;
        }
    }
    else
        arb_one(P);

    for (i = 0; i < o->len && status == HKZ_SUCCESS; i++)
    {
        if (i < xlen)
            status = head_factor(f, o->head + i, t, x->r + i, x->phi + i,
                                 x->z + i, wp);
        else
            status = head_factor(f, o->head + i, t, NULL, NULL, NULL, wp);
        arb_mul(P, P, f, wp);
    }
    if (status != HKZ_SUCCESS)
        goto cleanup;
    arb_set_round(res, P, prec);
    inf.nfactors = FLINT_MAX(inf.nfactors, o->len);

done:
    if (info != NULL)
        *info = inf;
cleanup:
    if (status != HKZ_SUCCESS)
        arb_indeterminate(res);
    arb_clear(P);
    arb_clear(f);
    return status;
}
