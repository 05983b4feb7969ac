/* X7 (spec 5.4, 6.4, E-e): existence thresholds for the weights
 * c log(1+i).  mu_t(e) is finite iff lambda_1 c t > 1 (Delta:
 * lambda_1 = 3, L: lambda_1 = 2), else +inf (no continuous density).
 * For c = 1: Delta finite at t = 0.4 and +inf at 0.3, L finite at 0.6 and
 * +inf at 0.4; on the t grid every kind is the one the threshold
 * predicts. */
#include <string.h>
#include "compare_internal.h"

void hkz_compare_x7_opts_init(hkz_compare_x7_opts_t *o)
{
    o->digits = 30;
    o->delta_weights = "log(1+i)";
    o->sub_weights = "log(1+i)";
    o->t = "0.3,0.34,0.36,0.4,0.45,0.5,0.55,0.6,0.8,1,1.5,2";
}

static const struct
{
    int op;
    const char *t;
    int kind;
    const char *key;
} named[4] = {
    {HKZ_SU2N_DELTA, "0.4", HKZ_SU2N_FINITE, "mu_delta_t0.4"},
    {HKZ_SU2N_DELTA, "0.3", HKZ_SU2N_DIVERGENT, "mu_delta_t0.3"},
    {HKZ_SU2N_L, "0.6", HKZ_SU2N_FINITE, "mu_sub_t0.6"},
    {HKZ_SU2N_L, "0.4", HKZ_SU2N_DIVERGENT, "mu_sub_t0.4"}};

static const char *kind_str(int k)
{
    return k == HKZ_SU2N_FINITE ? "finite" :
           k == HKZ_SU2N_DIVERGENT ? "divergent" : "partial";
}

typedef struct
{
    hkz_su2n_weights_t w[2];
    arb_t mu, lmu, thr, t1;
    char *ws[2];
    slong prec;
} x7_t;

/* the four named checks (for c = 1) */
static int named_checks(hkz_compare_result_t *r, hkz_table_t keys, x7_t *w)
{
    hkz_su2n_info_t info;
    slong k;
    int s;
    for (k = 0; k < 4; k++)
    {
        int i = named[k].op == HKZ_SU2N_L;
        if (hkz_ball_set_str(w->t1, named[k].t, w->prec) != HKZ_SUCCESS)
            return _hkz_compare_prefix(HKZ_ERR_INTERNAL, "t");
        if ((s = hkz_su2n_heat_e(w->mu, &info, w->w[i], named[k].op, w->t1,
                                 w->prec)))
            return s;
        if (info.kind != named[k].kind ||
            (info.kind == HKZ_SU2N_FINITE && !arb_is_finite(w->mu)))
            hkz_compare_fail(r, "%s: %s at t = %s, expected %s", i ? "L" :
                             "Delta", info.kind == HKZ_SU2N_FINITE ?
                             "finite" : "divergent", named[k].t,
                             named[k].kind == HKZ_SU2N_FINITE ? "finite" :
                             "+inf");
        if ((s = _hkz_compare_key_ball(keys, named[k].key, w->mu)))
            return s;
    }
    return HKZ_SUCCESS;
}

static int row(hkz_compare_result_t *r, x7_t *w, int c, const arb_t t,
               const char *tbuf)
{
    hkz_field_t f[24];
    hkz_su2n_info_t info;
    hkz_su2n_decision_t dec;
    slong n = 0;
    int op = c ? HKZ_SU2N_L : HKZ_SU2N_DELTA, ok, s;
    const char *expected;

    expected = arb_gt(t, w->thr) ? "finite" :
               arb_le(t, w->thr) ? "divergent" : "unknown";
    s = hkz_su2n_heat_e(w->mu, &info, w->w[c], op, t, w->prec);
    if (s == HKZ_ERR_NOT_CERTIFIED)
        return hkz_error_set(HKZ_ERR_ARG, "t: %s is too close to the "
                             "threshold to decide", tbuf);
    if (s == HKZ_SUCCESS)
        s = hkz_su2n_decide(&dec, w->w[c], op, t, 64);
    if (s != HKZ_SUCCESS)
        return s;
    if (info.kind == HKZ_SU2N_FINITE)
        arb_log(w->lmu, w->mu, w->prec);
    else
        arb_set(w->lmu, w->mu);   /* +inf */
    ok = strcmp(expected, kind_str(info.kind)) == 0 &&
         (info.kind != HKZ_SU2N_FINITE || arb_is_finite(w->lmu)) &&
         (info.kind != HKZ_SU2N_DIVERGENT || !arb_is_finite(w->lmu));
    if (!ok)
        hkz_compare_fail(r, "%s, t = %s: %s, expected %s", c ? "L" :
                         "Delta", tbuf, kind_str(info.kind), expected);
    f[n++] = HKZ_FSTR("op", c ? "sub" : "delta");
    f[n++] = HKZ_FSTR("weights", w->ws[c] != NULL ? w->ws[c] : "");
    f[n++] = HKZ_FSTR("t", tbuf);
    HKZ_COMPARE_BALL2(f, n, "threshold", w->thr);
    f[n++] = HKZ_FSTR("kind", kind_str(info.kind));
    HKZ_COMPARE_BALL2(f, n, "log_mu", w->lmu);
    f[n++] = HKZ_FSTR("expected", expected);
    f[n++] = HKZ_FSTR("density_at_t", dec.density_at_t == HKZ_SU2N_YES ?
                      "yes" : dec.density_at_t == HKZ_SU2N_NO ? "no" :
                      "unknown");
    f[n++] = HKZ_FINT("nfactors", (long) info.nfactors);
    f[n++] = HKZ_FBOOL("pass", ok);
    return hkz_table_add(r->rows, f, n);
}

int hkz_compare_x7(hkz_compare_result_t *r, const hkz_compare_x7_opts_t *o)
{
    x7_t w;
    hkz_table_t keys = NULL;
    arb_ptr tv;
    arb_t one;
    slong bits, nt = 0, k, c;
    char tbuf[64];
    int s;

    if ((s = _hkz_compare_start(r, "X7", o, o != NULL ? o->digits : 30,
                                &w.prec, &bits)) != HKZ_SUCCESS ||
        (s = hkz_table_create(&keys)) != HKZ_SUCCESS)
        return s;
    hkz_su2n_weights_init(w.w[0]);
    hkz_su2n_weights_init(w.w[1]);
    tv = _arb_vec_init(HKZ_COMPARE_MAX_LIST);
    arb_init(w.mu); arb_init(w.lmu); arb_init(w.thr); arb_init(w.t1);
    arb_init(one);
    w.ws[0] = w.ws[1] = NULL;
    if ((s = _hkz_compare_weights(w.w[0], "delta_weights", o->delta_weights,
                                  w.prec)) ||
        (s = _hkz_compare_weights(w.w[1], "sub_weights", o->sub_weights,
                                  w.prec)) ||
        (s = _hkz_compare_pos_list(tv, &nt, HKZ_COMPARE_MAX_LIST, "t", o->t,
                                   w.prec)))
        goto cleanup;
    for (c = 0; c < 2; c++)
        if (w.w[c]->family != HKZ_SU2N_LOG)
        {
            s = hkz_error_set(HKZ_ERR_ARG, "%s: X7 needs the family "
                              "C*log(1+i)", c ? "sub_weights" :
                              "delta_weights");
            goto cleanup;
        }
    arb_one(one);
    w.ws[0] = hkz_su2n_weights_get_str(w.w[0]);
    w.ws[1] = hkz_su2n_weights_get_str(w.w[1]);
    if (arb_equal(&w.w[0]->c, one) && arb_equal(&w.w[1]->c, one) &&
        (s = named_checks(r, keys, &w)))
        goto cleanup;
    for (c = 0; c < 2 && s == HKZ_SUCCESS; c++)
    {
        /* threshold 1/(lambda_1 c) */
        arb_mul_ui(w.thr, &w.w[c]->c, c ? 2 : 3, w.prec);
        arb_inv(w.thr, w.thr, w.prec);
        for (k = 0; k < nt && s == HKZ_SUCCESS; k++)
        {
            _hkz_compare_list_item(tbuf, sizeof(tbuf), o->t, k);
            s = row(r, &w, (int) c, tv + k, tbuf);
        }
    }
    if (s == HKZ_SUCCESS)
        s = _hkz_compare_keys_finish(r, keys);

cleanup:
    hkz_table_destroy(&keys);
    flint_free(w.ws[0]);
    flint_free(w.ws[1]);
    hkz_su2n_weights_clear(w.w[0]);
    hkz_su2n_weights_clear(w.w[1]);
    _arb_vec_clear(tv, HKZ_COMPARE_MAX_LIST);
    arb_clear(w.mu); arb_clear(w.lmu); arb_clear(w.thr); arb_clear(w.t1);
    arb_clear(one);
    return s;
}
