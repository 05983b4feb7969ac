/* X3 (spec 6.4, E-b: a_i = i^2, b_i = i): the point
 * x_i = exp((pi i/N) Z_i), i <= N.  d_Delta = pi/sqrt N -> 0 while
 * d_L = pi sqrt((3N-1)/(2N)) >= pi (R43), so d_L <= C d_Delta^c fails for
 * every c > 0, while the form constant C*(1/2) = sqrt(3)/2 is finite. */
#include <stdio.h>
#include "compare_internal.h"

void hkz_compare_x3_opts_init(hkz_compare_x3_opts_t *o)
{
    o->digits = 30;
    o->N = "10,100,1000";
}

typedef struct
{
    hkz_su2n_weights_t a, b;
    hkz_su2n_point_t x;
    arb_t dD, dL, cD, cL, u, z, zero, Cs, prevD;
    slong prec, bits;
} x3_t;

/* the row for N (prevN: the previous N, 0 for none) */
static int row(hkz_compare_result_t *r, x3_t *w, slong N, slong prevN)
{
    hkz_field_t f[24];
    slong n = 0, i, prec = w->prec;
    char spec[64];
    int ok = 1, s;

    snprintf(spec, sizeof(spec), "i^2@%ld", (long) N);
    if ((s = _hkz_compare_weights(w->a, "a", spec, prec)))
        return s;
    snprintf(spec, sizeof(spec), "i@%ld", (long) N);
    if ((s = _hkz_compare_weights(w->b, "b", spec, prec)))
        return s;
    hkz_su2n_point_clear(w->x);
    hkz_su2n_point_init(w->x, N);
    for (i = 1; i <= N; i++)
    {
        _hkz_compare_pi_times(w->z, i, N, prec);
        if ((s = hkz_su2n_point_set_cyl(w->x, i, w->zero, NULL, w->z)))
            return s;
    }
    if ((s = hkz_su2n_dist(w->dD, w->a, HKZ_SU2N_DELTA, w->x, prec)) ||
        (s = hkz_su2n_dist(w->dL, w->b, HKZ_SU2N_L, w->x, prec)))
        return s;
    /* closed forms (R43): pi/sqrt N and pi sqrt((3N-1)/(2N)) */
    arb_const_pi(w->cD, prec);
    arb_set_si(w->u, N);
    arb_rsqrt(w->u, w->u, prec);
    arb_mul(w->cD, w->cD, w->u, prec);
    arb_set_si(w->u, 3 * N - 1);
    arb_div_si(w->u, w->u, 2 * N, prec);
    arb_sqrt(w->u, w->u, prec);
    arb_const_pi(w->cL, prec);
    arb_mul(w->cL, w->cL, w->u, prec);
    if (!_hkz_compare_tight(w->dD, w->cD, w->bits) ||
        !_hkz_compare_tight(w->dL, w->cL, w->bits))
        ok = 0, hkz_compare_fail(r, "N = %ld: distances %s from the closed "
                                 "forms", (long) N,
                                 arb_overlaps(w->dD, w->cD) &&
                                 arb_overlaps(w->dL, w->cL) ? "not decided "
                                 "(balls wider than --digits)" : "differ");
    arb_const_pi(w->u, prec);
    if (!arb_ge(w->dL, w->u))
        ok = 0, hkz_compare_fail(r, "N = %ld: d_L not certified >= pi",
                                 (long) N);
    if (prevN > 0 && N > prevN && !arb_lt(w->dD, w->prevD))
        ok = 0, hkz_compare_fail(r, "d_Delta does not decrease from N = "
                                 "%ld to %ld", (long) prevN, (long) N);
    arb_set(w->prevD, w->dD);
    arb_sqrt(w->u, w->dD, prec);
    arb_div(w->u, w->dL, w->u, prec);
    f[n++] = HKZ_FINT("N", (long) N);
    HKZ_COMPARE_BALL2(f, n, "d_delta", w->dD);
    HKZ_COMPARE_BALL2(f, n, "d_delta_closed", w->cD);
    HKZ_COMPARE_BALL2(f, n, "d_L", w->dL);
    HKZ_COMPARE_BALL2(f, n, "d_L_closed", w->cL);
    HKZ_COMPARE_BALL2(f, n, "ratio_half", w->u);    /* d_L/d_Delta^{1/2} */
    HKZ_COMPARE_BALL2(f, n, "C_star_half", w->Cs);
    f[n++] = HKZ_FBOOL("ok", ok);
    return hkz_table_add(r->rows, f, n);
}

/* C*(1/2) for the infinite families a = i^2, b = i (P3) = sqrt(3)/2 */
static int form_const(hkz_compare_result_t *r, x3_t *w)
{
    hkz_su2n_weights_t ai, bi;
    arb_t half;
    int s;
    hkz_su2n_weights_init(ai);
    hkz_su2n_weights_init(bi);
    arb_init(half);
    if ((s = _hkz_compare_weights(ai, "a", "i^2", w->prec)) ||
        (s = _hkz_compare_weights(bi, "b", "i", w->prec)))
        goto cleanup;
    arb_set_d(half, 0.5);
    if ((s = hkz_su2n_form_const(w->Cs, ai, bi, half, w->prec)))
        goto cleanup;
    arb_set_ui(w->u, 3);
    arb_sqrt(w->u, w->u, w->prec);
    arb_mul_2exp_si(w->u, w->u, -1);
    if (!_hkz_compare_tight(w->u, w->Cs, w->bits))
        hkz_compare_fail(r, "C*(1/2) = %.17g %s sqrt(3)/2",
                         hkz_ball_mid_d(w->Cs),
                         _hkz_compare_neq(w->Cs, w->u));
cleanup:
    hkz_su2n_weights_clear(ai);
    hkz_su2n_weights_clear(bi);
    arb_clear(half);
    return s;
}

int hkz_compare_x3(hkz_compare_result_t *r, const hkz_compare_x3_opts_t *o)
{
    x3_t w;
    hkz_table_t keys = NULL;
    slong Ns[HKZ_COMPARE_MAX_LIST], nN = 0, k;
    int s;

    if ((s = _hkz_compare_start(r, "X3", o, o != NULL ? o->digits : 30,
                                &w.prec, &w.bits)) != HKZ_SUCCESS ||
        (s = _hkz_compare_slong_list(Ns, &nN, HKZ_COMPARE_MAX_LIST, "N",
                                     o->N, 1, 100000)) != HKZ_SUCCESS ||
        (s = hkz_table_create(&keys)) != HKZ_SUCCESS)
        return s;
    hkz_su2n_weights_init(w.a);
    hkz_su2n_weights_init(w.b);
    hkz_su2n_point_init(w.x, 0);
    arb_init(w.dD); arb_init(w.dL); arb_init(w.cD); arb_init(w.cL);
    arb_init(w.u); arb_init(w.z); arb_init(w.zero); arb_init(w.Cs);
    arb_init(w.prevD);
    if ((s = form_const(r, &w)) != HKZ_SUCCESS)
        goto cleanup;
    for (k = 0; k < nN && s == HKZ_SUCCESS; k++)
        s = row(r, &w, Ns[k], k > 0 ? Ns[k - 1] : 0);
    if (s != HKZ_SUCCESS)
        goto cleanup;
    arb_const_pi(w.u, w.prec);
    arb_set_d(w.z, 1.5);
    arb_sqrt(w.z, w.z, w.prec);
    arb_mul(w.u, w.u, w.z, w.prec);
    if (!(s = _hkz_compare_key_ball(keys, "C_star_half", w.Cs)) &&
        !(s = _hkz_compare_key_ball(keys, "d_L_limit", w.u)))
        s = _hkz_compare_keys_finish(r, keys);

cleanup:
    hkz_table_destroy(&keys);
    hkz_su2n_weights_clear(w.a);
    hkz_su2n_weights_clear(w.b);
    hkz_su2n_point_clear(w.x);
    arb_clear(w.dD); arb_clear(w.dL); arb_clear(w.cD); arb_clear(w.cL);
    arb_clear(w.u); arb_clear(w.z); arb_clear(w.zero); arb_clear(w.Cs);
    arb_clear(w.prevD);
    return s;
}
