/* The integrand of the Baudoin-Bonnefont integral (heat_sub_integral.c)
 * and its image form for large Re y. */
#include <math.h>
#include "hkz_check.h"
#include "heat_sub_integral_internal.h"

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
int _hkz_su2_bb_f_image(acb_t res, const acb_t y, bb_param_struct *p,
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
int _hkz_su2_bb_integrand(acb_ptr res, const acb_t y, void *param,
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
        done = _hkz_su2_bb_f_image(res, y, p, prec);
    if (!done)
    {
        acb_cosh(x, y, prec);
        acb_mul_arb(x, x, &p->c, prec);
        _hkz_su2_bb_q_spectral(res, x, p, prec);
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
