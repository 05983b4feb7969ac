/* Existence / continuity / (CK*) decisions of spec 5.4 for the product
 * operators Delta_a (lambda_1 = 3) and L_b (lambda_1 = 2) on SU(2)^n and
 * SU(2)^infinity, with N(s) = #{i : w_i <= s}:
 *   continuous density at t  <=>  sum_i e^{-lambda_1 w_i t} < inf,
 *   L^2 density at t         <=>  the same at 2t (||mu_t||_2^2 = mu_2t(e)),
 *   continuous for all t > 0 <=>  log N(s) = o(s),
 *   (CK*)                    <=>  N(s) = o(s)            (spec 5.4 table).
 * Each YES / NO below is a proven fact (one-line reason at each case);
 * anything else is HKZ_SU2N_UNKNOWN. */
#include "hkz_check.h"
#include "su2n_internal.h"

/* sum_i e^{-lambda_1 w_i t} < inf ? (t > 0 a finite ball) */
static int density_at(const hkz_su2n_weights_t w, int op, const arb_t t,
                      slong prec)
{
    int dv;

    switch (w->family)
    {
        case HKZ_SU2N_LIST:
            return HKZ_SU2N_YES;     /* a finite sum */
        case HKZ_SU2N_POW:
            /* w_i = c i^p >= c i (p >= 1): dominated by a geometric series */
            return HKZ_SU2N_YES;
        case HKZ_SU2N_GEOM:
            return HKZ_SU2N_YES;     /* c 2^i >= c i: geometric domination */
        case HKZ_SU2N_LOG:
            /* sum_i (1+i)^{-lambda_1 c t} < inf iff lambda_1 c t > 1
               (p-series; spec 5.4 named example); a ball straddling 1
               stays undecided */
            dv = _hkz_su2n_diverges(w, op, t, prec);
            return dv == 0 ? HKZ_SU2N_YES
                 : dv == 1 ? HKZ_SU2N_NO : HKZ_SU2N_UNKNOWN;
        case HKZ_SU2N_LOG2:
            /* e^{-tau log(1+i)^2} = (1+i)^{-tau log(1+i)} <= (1+i)^{-2} once
               tau log(1+i) >= 2: summable for every tau > 0 */
            return HKZ_SU2N_YES;
        default:
            /* a gap bound g > 0 gives w_i >= w_1 + c g (i - 1): geometric
               domination; without it nothing is known about the tail */
            return arb_is_zero(&w->gap) ? HKZ_SU2N_UNKNOWN : HKZ_SU2N_YES;
    }
}

/* log N(s) = o(s) ? */
static int density_all(const hkz_su2n_weights_t w)
{
    switch (w->family)
    {
        case HKZ_SU2N_LIST:
            return HKZ_SU2N_YES;     /* N bounded */
        case HKZ_SU2N_POW:
            return HKZ_SU2N_YES;     /* N(s) <= s/c (p >= 1): log N = O(log s) */
        case HKZ_SU2N_GEOM:
            return HKZ_SU2N_YES;     /* N(s) <= log2(s/c) */
        case HKZ_SU2N_LOG:
            /* N(s) = floor(e^{s/c} - 1): log N(s) ~ s/c is not o(s) (and
               the density indeed fails for t <= 1/(lambda_1 c)) */
            return HKZ_SU2N_NO;
        case HKZ_SU2N_LOG2:
            return HKZ_SU2N_YES;     /* N(s) <= e^{sqrt(s/c)}: log N = o(s) */
        default:
            /* gap g: N(s) <= 1 + (s - w_1)/(c g), linear; no gap: unknown */
            return arb_is_zero(&w->gap) ? HKZ_SU2N_UNKNOWN : HKZ_SU2N_YES;
    }
}

/* N(s) = o(s) ? */
static int ck_decide(const hkz_su2n_weights_t w, slong prec)
{
    arb_t one;
    int r;

    switch (w->family)
    {
        case HKZ_SU2N_LIST:
            return HKZ_SU2N_YES;     /* N bounded */
        case HKZ_SU2N_POW:
            /* N(s) = floor((s/c)^{1/p}): o(s) iff p > 1; p = 1 gives
               N(s) ~ s/c (spec 5.4: a_i = i fails (CK*), R38) */
            arb_init(one);
            arb_one(one);
            if (arb_gt(&w->p, one))
                r = HKZ_SU2N_YES;
            else if (arb_is_one(&w->p))
                r = HKZ_SU2N_NO;
            else
                r = HKZ_SU2N_UNKNOWN;   /* a ball p = [1, 1 + eps] */
            arb_clear(one);
            (void) prec;
            return r;
        case HKZ_SU2N_GEOM:
            return HKZ_SU2N_YES;     /* N(s) <= log2(s/c) = o(s) */
        case HKZ_SU2N_LOG:
            return HKZ_SU2N_NO;      /* N(s) ~ e^{s/c}, not o(s) */
        case HKZ_SU2N_LOG2:
            /* N(s) ~ e^{sqrt(s/c)} grows faster than s (spec 5.4: "(CK*)
               fails badly") */
            return HKZ_SU2N_NO;
        default:
            /* a gap bound only gives N(s) = O(s); without it: nothing */
            return HKZ_SU2N_UNKNOWN;
    }
}

int hkz_su2n_decide(hkz_su2n_decision_t *d, const hkz_su2n_weights_t w,
        int op, const arb_t t, slong prec)
{
    const char *fn = "hkz_su2n_decide";
    arb_t t2;

    HKZ_CHECK(d != NULL, HKZ_ERR_ARG, "%s: d is NULL", fn);
    d->density_at_t = d->l2_at_t = d->density_all_t = d->ck
        = HKZ_SU2N_UNKNOWN;
    HKZ_TRY(_hkz_su2n_check_op(op, fn));
    HKZ_TRY(_hkz_su2n_check_weights(w, fn));
    HKZ_CHECK(prec >= 2, HKZ_ERR_ARG, "%s: prec must be >= 2", fn);
    if (t != NULL)
        HKZ_TRY(_hkz_su2n_check_pos(t, "t", fn));

    d->density_all_t = density_all(w);
    d->ck = ck_decide(w, prec);
    if (t != NULL)
    {
        d->density_at_t = density_at(w, op, t, prec);
        arb_init(t2);
        arb_mul_2exp_si(t2, t, 1);   /* ||mu_t||_2^2 = mu_{2t}(e) */
        d->l2_at_t = density_at(w, op, t2, prec);
        arb_clear(t2);
    }
    return HKZ_SUCCESS;
}
