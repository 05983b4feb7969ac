/* X4 (spec F1, P3, R48): the brute-force sup of (lambda^Delta)^gamma /
 * lambda^L over the joint spectrum (n_i <= n, all k_i) for n = nmax/4,
 * nmax/2, nmax against the closed form sup_i (3 a_i)^gamma/(2 b_i).
 * Claim equal (gamma <= 1/2): every brute-force value equals the closed
 * form.  Claim growth (gamma > 1/2): the brute force grows strictly with
 * n and exceeds the closed form. */
#include <stdio.h>
#include <string.h>
#include "compare_internal.h"

void hkz_compare_x4_opts_init(hkz_compare_x4_opts_t *o)
{
    o->digits = 30;
    o->delta_weights = "1,4";
    o->sub_weights = "1,4";
    o->gamma = "0.5";
    o->nmax = 20;
    o->claim = HKZ_COMPARE_CLAIM_AUTO;
}

typedef struct
{
    hkz_su2n_weights_t a, b;
    arb_t gamma, closed, lib, brute, prev, u, w1, w2, half;
    slong prec, bits, len;
    slong *arg;
    char *argbuf, *sa, *sb;
    int claim_equal;
} x4_t;

/* parses and checks the parameters; decides the claim */
static int setup(x4_t *w, const hkz_compare_x4_opts_t *o)
{
    int s;
    if (o->nmax < 2 || o->nmax > 100000)
        return hkz_error_set(HKZ_ERR_ARG, "nmax: expected an integer in "
                             "[2, 100000] (got %ld)", (long) o->nmax);
    if ((s = _hkz_compare_weights(w->a, "delta_weights", o->delta_weights,
                                  w->prec)) ||
        (s = _hkz_compare_weights(w->b, "sub_weights", o->sub_weights,
                                  w->prec)) ||
        (s = _hkz_compare_need_list(w->a, "delta_weights")) ||
        (s = _hkz_compare_need_list(w->b, "sub_weights")))
        return s;
    if (o->gamma == NULL)
        return hkz_error_set(HKZ_ERR_ARG, "gamma: missing");
    if (hkz_ball_set_str(w->gamma, o->gamma, w->prec) != HKZ_SUCCESS)
        return _hkz_compare_prefix(HKZ_ERR_ARG, "gamma");
    w->len = hkz_su2n_weights_length(w->a);
    if (hkz_su2n_weights_length(w->b) != w->len)
        return hkz_error_set(HKZ_ERR_ARG, "sub_weights: %ld factors, but "
                             "the delta weights have %ld",
                             (long) hkz_su2n_weights_length(w->b),
                             (long) w->len);
    if (pow(0.5 * (double) o->nmax * (double) (o->nmax + 1),
            (double) w->len) > 1e8)
        return hkz_error_set(HKZ_ERR_ARG, "nmax: (N(N+1)/2)^%ld > 1e8 joint"
                             " eigenvalues for the brute force",
                             (long) w->len);
    if (!arb_is_positive(w->gamma) || !arb_is_finite(w->gamma))
        return hkz_error_set(HKZ_ERR_ARG, "gamma: must be > 0");
    arb_set_d(w->half, 0.5);
    if (o->claim == HKZ_COMPARE_CLAIM_AUTO)
    {
        if (arb_le(w->gamma, w->half))
            w->claim_equal = 1;
        else if (arb_gt(w->gamma, w->half))
            w->claim_equal = 0;
        else
            return hkz_error_set(HKZ_ERR_ARG, "gamma: give an exact value "
                                 "(the claim depends on gamma <= 1/2)");
    }
    else if (o->claim == HKZ_COMPARE_CLAIM_EQUAL)
        w->claim_equal = 1;
    else if (o->claim == HKZ_COMPARE_CLAIM_GROWTH)
        w->claim_equal = 0;
    else
        return hkz_error_set(HKZ_ERR_ARG, "claim: expected auto, equal or "
                             "growth");
    return HKZ_SUCCESS;
}

/* the P3 formula sup_i (3 a_i)^gamma / (2 b_i), for every gamma, and the
 * library's C*(gamma) (+inf for gamma > 1/2) */
static int closed_form(hkz_compare_result_t *r, x4_t *w)
{
    slong i, prec = w->prec;
    int s;
    for (i = 1; i <= w->len; i++)
    {
        if ((s = hkz_su2n_weights_get(w->w1, w->a, i, prec)) ||
            (s = hkz_su2n_weights_get(w->w2, w->b, i, prec)))
            return s;
        arb_mul_ui(w->u, w->w1, 3, prec);
        arb_pow(w->u, w->u, w->gamma, prec);
        arb_div(w->u, w->u, w->w2, prec);
        arb_mul_2exp_si(w->u, w->u, -1);
        if (i == 1)
            arb_set(w->closed, w->u);
        else
            arb_max(w->closed, w->closed, w->u, prec);
    }
    if ((s = hkz_su2n_form_const(w->lib, w->a, w->b, w->gamma, prec)))
        return s;
    if (arb_le(w->gamma, w->half) &&
        !_hkz_compare_tight(w->lib, w->closed, w->bits))
        hkz_compare_fail(r, "library C*(gamma) %.17g %s closed form %.17g",
                         hkz_ball_mid_d(w->lib),
                         _hkz_compare_neq(w->lib, w->closed),
                         hkz_ball_mid_d(w->closed));
    return HKZ_SUCCESS;
}

/* the row for n <= nm (prevn: the previous row's n, 0 for none) */
static int row(hkz_compare_result_t *r, x4_t *w, slong nm, slong prevn,
               int last)
{
    hkz_field_t f[24];
    slong n = 0, m = 0, i;
    int ok = 1, s;

    s = hkz_su2n_form_const_brute(w->brute, w->arg, w->a, w->b, w->gamma,
                                  nm, w->prec);
    if (s != HKZ_SUCCESS)
        return s;
    w->argbuf[0] = '\0';
    for (i = 0; i < w->len; i++)
        m += snprintf(w->argbuf + m, 32, "%s%ld,%ld", i ? ";" : "",
                      (long) w->arg[2 * i], (long) w->arg[2 * i + 1]);
    if (w->claim_equal)
    {
        if (!_hkz_compare_tight(w->brute, w->closed, w->bits))
            ok = 0, hkz_compare_fail(r, "claim equal: brute force %.17g %s "
                                     "closed form %.17g at n <= %ld",
                                     hkz_ball_mid_d(w->brute),
                                     _hkz_compare_neq(w->brute, w->closed),
                                     hkz_ball_mid_d(w->closed), (long) nm);
    }
    else
    {
        if (prevn > 0 && !arb_gt(w->brute, w->prev))
            ok = 0, hkz_compare_fail(r, "claim growth: no certified growth "
                                     "from n <= %ld to n <= %ld",
                                     (long) prevn, (long) nm);
        if (last && !arb_gt(w->brute, w->closed))
            ok = 0, hkz_compare_fail(r, "claim growth: brute force %.17g "
                                     "not above the closed form %.17g",
                                     hkz_ball_mid_d(w->brute),
                                     hkz_ball_mid_d(w->closed));
    }
    arb_set(w->prev, w->brute);
    f[n++] = HKZ_FSTR("delta_weights", w->sa != NULL ? w->sa : "");
    f[n++] = HKZ_FSTR("sub_weights", w->sb != NULL ? w->sb : "");
    f[n++] = HKZ_FDBL("gamma", hkz_ball_mid_d(w->gamma));
    f[n++] = HKZ_FINT("nmax", (long) nm);
    HKZ_COMPARE_BALL2(f, n, "brute", w->brute);
    f[n++] = HKZ_FSTR("argmax", w->argbuf);
    HKZ_COMPARE_BALL2(f, n, "closed", w->closed);
    HKZ_COMPARE_BALL2(f, n, "C_star", w->lib);
    f[n++] = HKZ_FSTR("claim", w->claim_equal ? "equal" : "growth");
    f[n++] = HKZ_FBOOL("ok", ok);
    return hkz_table_add(r->rows, f, n);
}

int hkz_compare_x4(hkz_compare_result_t *r, const hkz_compare_x4_opts_t *o)
{
    x4_t w;
    hkz_table_t keys = NULL;
    slong k, nm[3], prevn = 0;
    int s;

    if ((s = _hkz_compare_start(r, "X4", o, o != NULL ? o->digits : 30,
                                &w.prec, &w.bits)) != HKZ_SUCCESS ||
        (s = hkz_table_create(&keys)) != HKZ_SUCCESS)
        return s;
    hkz_su2n_weights_init(w.a);
    hkz_su2n_weights_init(w.b);
    arb_init(w.gamma); arb_init(w.closed); arb_init(w.lib);
    arb_init(w.brute); arb_init(w.prev); arb_init(w.u); arb_init(w.w1);
    arb_init(w.w2); arb_init(w.half);
    w.arg = NULL;
    w.argbuf = w.sa = w.sb = NULL;
    if ((s = setup(&w, o)) || (s = closed_form(r, &w)))
        goto cleanup;
    nm[0] = FLINT_MAX(o->nmax / 4, 2);
    nm[1] = FLINT_MAX(o->nmax / 2, 2);
    nm[2] = o->nmax;
    w.arg = flint_malloc(2 * FLINT_MAX(w.len, 1) * sizeof(slong));
    w.argbuf = flint_malloc(32 * (w.len + 1));
    w.sa = hkz_su2n_weights_get_str(w.a);
    w.sb = hkz_su2n_weights_get_str(w.b);
    for (k = 0; k < 3 && s == HKZ_SUCCESS; k++)
    {
        if (k > 0 && nm[k] == nm[k - 1])
            continue;
        s = row(r, &w, nm[k], prevn, k == 2);
        prevn = nm[k];
    }
    if (s == HKZ_SUCCESS &&
        !(s = _hkz_compare_key_ball(keys, "brute_at_nmax", w.brute)) &&
        !(s = _hkz_compare_key_str(keys, "argmax", w.argbuf)) &&
        !(s = _hkz_compare_key_ball(keys, "closed_form", w.closed)) &&
        !(s = _hkz_compare_key_ball(keys, "C_star", w.lib)) &&
        !(s = _hkz_compare_key_str(keys, "claim", w.claim_equal ? "equal"
                                   : "growth")))
        s = _hkz_compare_keys_finish(r, keys);

cleanup:
    hkz_table_destroy(&keys);
    flint_free(w.arg);
    flint_free(w.argbuf);
    flint_free(w.sa);
    flint_free(w.sb);
    hkz_su2n_weights_clear(w.a);
    hkz_su2n_weights_clear(w.b);
    arb_clear(w.gamma); arb_clear(w.closed); arb_clear(w.lib);
    arb_clear(w.brute); arb_clear(w.prev); arb_clear(w.u); arb_clear(w.w1);
    arb_clear(w.w2); arb_clear(w.half);
    return s;
}
