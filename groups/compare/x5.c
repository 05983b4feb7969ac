/* X5 (spec F2, F3, 6.4): the heat-kernel transfer
 * mu^L_t(e) <= mu^{Delta^{1/2}}_{t/C*}(e), C* = C*(1/2) (P3), with the
 * subordinated kernel from its certified integral (R44, R45). */
#include "compare_internal.h"

void hkz_compare_x5_opts_init(hkz_compare_x5_opts_t *o)
{
    o->digits = 30;
    o->delta_weights = "i^2@3";
    o->sub_weights = "i^2@3";
    o->t = "0.5,0.2";
}

typedef struct
{
    hkz_su2n_weights_t a, b;
    arb_t Cs, lhs, rhs, s_t, ratio;
    char *sa, *sb;
    slong prec;
} x5_t;

static int row(hkz_compare_result_t *r, x5_t *w, const arb_t t,
               const char *tbuf)
{
    hkz_field_t f[24];
    hkz_su2n_info_t info;
    slong n = 0, prec = w->prec;
    int ok = 1, s;

    arb_div(w->s_t, t, w->Cs, prec);
    if ((s = hkz_su2n_heat_e(w->lhs, &info, w->b, HKZ_SU2N_L, t, prec)) ||
        (s = hkz_su2n_heat_e_subord(w->rhs, w->a, HKZ_SU2N_DELTA, w->s_t,
                                    prec)))
        return s;
    if (info.kind != HKZ_SU2N_FINITE)
        return hkz_error_set(HKZ_ERR_NOT_CERTIFIED, "mu^L_t(e) at t = %s is"
                             " not finite", tbuf);
    arb_div(w->ratio, w->rhs, w->lhs, prec);
    if (!arb_le(w->lhs, w->rhs))
        ok = 0, hkz_compare_fail(r, "t = %s: mu^L_t(e) = %.17g not "
                                 "certified <= %.17g", tbuf,
                                 hkz_ball_mid_d(w->lhs),
                                 hkz_ball_mid_d(w->rhs));
    f[n++] = HKZ_FSTR("delta_weights", w->sa != NULL ? w->sa : "");
    f[n++] = HKZ_FSTR("sub_weights", w->sb != NULL ? w->sb : "");
    f[n++] = HKZ_FSTR("t", tbuf);
    HKZ_COMPARE_BALL2(f, n, "C_star", w->Cs);
    HKZ_COMPARE_BALL2(f, n, "s", w->s_t);
    HKZ_COMPARE_BALL2(f, n, "mu_L", w->lhs);
    HKZ_COMPARE_BALL2(f, n, "mu_sub", w->rhs);
    HKZ_COMPARE_BALL2(f, n, "ratio", w->ratio);
    f[n++] = HKZ_FBOOL("ok", ok);
    return hkz_table_add(r->rows, f, n);
}

int hkz_compare_x5(hkz_compare_result_t *r, const hkz_compare_x5_opts_t *o)
{
    x5_t w;
    hkz_table_t keys = NULL;
    arb_ptr tv;
    arb_t half;
    slong bits, nt = 0, k;
    char tbuf[64];
    int s;

    if ((s = _hkz_compare_start(r, "X5", o, o != NULL ? o->digits : 30,
                                &w.prec, &bits)) != HKZ_SUCCESS ||
        (s = hkz_table_create(&keys)) != HKZ_SUCCESS)
        return s;
    hkz_su2n_weights_init(w.a);
    hkz_su2n_weights_init(w.b);
    tv = _arb_vec_init(HKZ_COMPARE_MAX_LIST);
    arb_init(w.Cs); arb_init(half); arb_init(w.lhs); arb_init(w.rhs);
    arb_init(w.s_t); arb_init(w.ratio);
    w.sa = w.sb = NULL;
    if ((s = _hkz_compare_weights(w.a, "delta_weights", o->delta_weights,
                                  w.prec)) ||
        (s = _hkz_compare_weights(w.b, "sub_weights", o->sub_weights,
                                  w.prec)) ||
        (s = _hkz_compare_need_list(w.a, "delta_weights")) ||
        (s = _hkz_compare_pos_list(tv, &nt, HKZ_COMPARE_MAX_LIST, "t", o->t,
                                   w.prec)))
        goto cleanup;
    arb_set_d(half, 0.5);
    if ((s = hkz_su2n_form_const(w.Cs, w.a, w.b, half, w.prec)))
        goto cleanup;
    if (!arb_is_finite(w.Cs) || !arb_is_positive(w.Cs))
    {
        s = hkz_error_set(HKZ_ERR_ARG, "sub_weights: C*(1/2) is not finite "
                          "for these weights (no transfer inequality)");
        goto cleanup;
    }
    w.sa = hkz_su2n_weights_get_str(w.a);
    w.sb = hkz_su2n_weights_get_str(w.b);
    for (k = 0; k < nt && s == HKZ_SUCCESS; k++)
    {
        _hkz_compare_list_item(tbuf, sizeof(tbuf), o->t, k);
        s = row(r, &w, tv + k, tbuf);
    }
    if (s == HKZ_SUCCESS &&
        !(s = _hkz_compare_key_ball(keys, "C_star", w.Cs)))
        s = _hkz_compare_keys_finish(r, keys);

cleanup:
    hkz_table_destroy(&keys);
    flint_free(w.sa);
    flint_free(w.sb);
    hkz_su2n_weights_clear(w.a);
    hkz_su2n_weights_clear(w.b);
    _arb_vec_clear(tv, HKZ_COMPARE_MAX_LIST);
    arb_clear(w.Cs); arb_clear(half); arb_clear(w.lhs); arb_clear(w.rhs);
    arb_clear(w.s_t); arb_clear(w.ratio);
    return s;
}
