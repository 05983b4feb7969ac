/* X2 (spec 6.3 P2, 6.4): the c = 1/2 comparison constant on SU(2)^n.
 * S_n = sum a_i/b_i^2, T_n = sum a_i^2/b_i^3, C_n = sqrt(2 pi) S_n^{1/4}.
 * Sequence rows x_i = exp(e a_i/b_i Z_i), e = eps, eps/10, ...:
 * d_L/d_Delta^{1/2} = sqrt((2 pi - e T/S) S^{1/2}) (R42) and < C_n;
 * random rows (heads at random scales): ratio < C_n. */
#include <stdint.h>
#include "compare_internal.h"

void hkz_compare_x2_opts_init(hkz_compare_x2_opts_t *o)
{
    o->digits = 30;
    o->delta_weights = "i^2@10";
    o->sub_weights = "i^2@10";
    o->eps = "0.01";
    o->nseq = 4;
    o->samples = 50;
    o->seed = 1;
}

static uint64_t splitmix(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static double unif(uint64_t *s)
{
    return (double) (splitmix(s) >> 11) * (1.0 / 9007199254740992.0);
}

typedef struct
{
    hkz_su2n_weights_t a, b;
    hkz_su2n_point_t x;
    arb_t eps, S, T, C, u, q, dD, dL, ratio, closed, pi, maxr;
    char *sa, *sb;
    slong len, prec, bits;
} x2_t;

/* S, T and the largest a_i/b_i; C_n from the library against the direct
 * formula; the sequence must stay on |z| <= pi */
static int constants(hkz_compare_result_t *r, x2_t *w)
{
    slong i, prec = w->prec;
    arb_t Cl;
    int s = HKZ_SUCCESS;

    arb_zero(w->S);
    arb_zero(w->T);
    arb_zero(w->maxr);
    for (i = 1; i <= w->len; i++)
    {
        if ((s = hkz_su2n_weights_get(w->u, w->a, i, prec)) ||
            (s = hkz_su2n_weights_get(w->q, w->b, i, prec)))
            return s;
        arb_div(w->ratio, w->u, w->q, prec);            /* a/b */
        arb_max(w->maxr, w->maxr, w->ratio, prec);
        arb_div(w->closed, w->ratio, w->q, prec);       /* a/b^2 */
        arb_add(w->S, w->S, w->closed, prec);
        arb_mul(w->closed, w->closed, w->ratio, prec);  /* a^2/b^3 */
        arb_add(w->T, w->T, w->closed, prec);
    }
    arb_mul(w->u, w->maxr, w->eps, prec);
    if (!arb_le(w->u, w->pi))
        return hkz_error_set(HKZ_ERR_ARG, "eps: e a_i/b_i must stay <= pi "
                             "on the fibre (max a_i/b_i = %.6g)",
                             hkz_ball_mid_d(w->maxr));
    if ((s = hkz_su2n_dist_const(w->C, w->a, w->b, prec)) != HKZ_SUCCESS)
        return s;
    arb_init(Cl);
    arb_root_ui(Cl, w->S, 4, prec);
    arb_mul_2exp_si(w->u, w->pi, 1);
    arb_sqrt(w->u, w->u, prec);
    arb_mul(Cl, Cl, w->u, prec);
    if (!_hkz_compare_tight(w->C, Cl, w->bits))
        hkz_compare_fail(r, "library C_n %.17g %s sqrt(2 pi) S^(1/4) %.17g",
                         hkz_ball_mid_d(w->C),
                         _hkz_compare_neq(w->C, Cl), hkz_ball_mid_d(Cl));
    arb_clear(Cl);
    return s;
}

/* sets the point of row k (sequence: k < nseq; q receives e_k) */
static int set_point(x2_t *w, int seq, slong k, uint64_t *st)
{
    slong i, prec = w->prec;
    int s = HKZ_SUCCESS;
    if (seq)
    {
        /* e_k = eps / 10^k; x_i = exp(e_k a_i/b_i Z_i) */
        arb_set_ui(w->q, 10);
        arb_pow_ui(w->q, w->q, (ulong) k, prec);
        arb_div(w->q, w->eps, w->q, prec);
        for (i = 1; i <= w->len && s == HKZ_SUCCESS; i++)
        {
            arb_zero(w->ratio);           /* r_i = 0: the fibre */
            if ((s = hkz_su2n_weights_get(w->u, w->a, i, prec)) ||
                (s = hkz_su2n_weights_get(w->closed, w->b, i, prec)))
                break;
            arb_div(w->u, w->u, w->closed, prec);
            arb_mul(w->u, w->u, w->q, prec);
            s = hkz_su2n_point_set_cyl(w->x, i, w->ratio, NULL, w->u);
        }
        return s;
    }
    {
        /* random head at a random scale 10^{-3 u} */
        double scale = pow(10.0, -3.0 * unif(st));
        for (i = 1; i <= w->len && s == HKZ_SUCCESS; i++)
        {
            /* r in [0, pi/2): the double pi/2 is below pi/2 */
            arb_set_d(w->u, scale * 1.5707963267948966 * unif(st));
            arb_set_d(w->closed, scale * 3.141592653589793 *
                      (2.0 * unif(st) - 1.0));
            s = hkz_su2n_point_set_cyl(w->x, i, w->u, NULL, w->closed);
        }
    }
    return s;
}

static int row(hkz_compare_result_t *r, hkz_table_t keys, x2_t *w,
               int seq, slong k, slong nseq)
{
    hkz_field_t f[24];
    slong n = 0, prec = w->prec;
    int ok = 1, s;

    if ((s = hkz_su2n_dist(w->dD, w->a, HKZ_SU2N_DELTA, w->x, prec)) ||
        (s = hkz_su2n_dist(w->dL, w->b, HKZ_SU2N_L, w->x, prec)))
        return s;
    arb_sqrt(w->u, w->dD, prec);
    arb_div(w->ratio, w->dL, w->u, prec);
    if (!arb_lt(w->ratio, w->C))
        ok = 0, hkz_compare_fail(r, "%s %ld: ratio %.17g not certified < "
                                 "C_n", seq ? "sequence" : "random", (long) k,
                                 hkz_ball_mid_d(w->ratio));
    if (seq)
    {
        /* sqrt((2 pi - e T/S) S^{1/2}) */
        arb_mul(w->closed, w->q, w->T, prec);
        arb_div(w->closed, w->closed, w->S, prec);
        arb_mul_2exp_si(w->u, w->pi, 1);
        arb_sub(w->closed, w->u, w->closed, prec);
        arb_sqrt(w->u, w->S, prec);
        arb_mul(w->closed, w->closed, w->u, prec);
        arb_sqrtpos(w->closed, w->closed, prec);
        if (!_hkz_compare_tight(w->closed, w->ratio, w->bits))
            ok = 0, hkz_compare_fail(r, "sequence e = %.3g: ratio %.17g %s "
                                     "closed form %.17g",
                                     hkz_ball_mid_d(w->q),
                                     hkz_ball_mid_d(w->ratio),
                                     _hkz_compare_neq(w->ratio, w->closed),
                                     hkz_ball_mid_d(w->closed));
        if (k == 0 && (s = _hkz_compare_key_ball(keys, "ratio_at_eps",
                                                 w->ratio)))
            return s;
    }
    else if (arf_cmp(arb_midref(w->ratio), arb_midref(w->maxr)) > 0)
        arb_set(w->maxr, w->ratio);
    f[n++] = HKZ_FINT("sample", (long) (seq ? k : k - nseq));
    f[n++] = HKZ_FSTR("kind", seq ? "sequence" : "random");
    f[n++] = HKZ_FSTR("delta_weights", w->sa != NULL ? w->sa : "");
    f[n++] = HKZ_FSTR("sub_weights", w->sb != NULL ? w->sb : "");
    f[n++] = HKZ_FDBL("eps", seq ? hkz_ball_mid_d(w->q) : NAN);
    HKZ_COMPARE_BALL2(f, n, "d_delta", w->dD);
    HKZ_COMPARE_BALL2(f, n, "d_L", w->dL);
    HKZ_COMPARE_BALL2(f, n, "ratio", w->ratio);
    if (seq)
        HKZ_COMPARE_BALL2(f, n, "closed_form", w->closed);
    else
    {
        f[n++] = HKZ_FSTR("closed_form", "");
        f[n++] = HKZ_FDBL("closed_form_mid", NAN);
    }
    HKZ_COMPARE_BALL2(f, n, "C_n", w->C);
    f[n++] = HKZ_FBOOL("ok", ok);
    return hkz_table_add(r->rows, f, n);
}

static int check_opts(const hkz_compare_x2_opts_t *o)
{
    if (o->nseq < 1 || o->nseq > 30)
        return hkz_error_set(HKZ_ERR_ARG, "nseq: expected an integer in "
                             "[1, 30] (got %ld)", (long) o->nseq);
    if (o->samples < 0 || o->samples > 1000000)
        return hkz_error_set(HKZ_ERR_ARG, "samples: expected an integer in "
                             "[0, 1000000] (got %ld)", (long) o->samples);
    if (o->seed < 0)
        return hkz_error_set(HKZ_ERR_ARG, "seed: must be >= 0");
    if (o->eps == NULL)
        return hkz_error_set(HKZ_ERR_ARG, "eps: missing");
    return HKZ_SUCCESS;
}

int hkz_compare_x2(hkz_compare_result_t *r, const hkz_compare_x2_opts_t *o)
{
    x2_t w;
    hkz_table_t keys = NULL;
    slong k;
    uint64_t st;
    int s;

    if ((s = _hkz_compare_start(r, "X2", o, o != NULL ? o->digits : 30,
                                &w.prec, &w.bits)) != HKZ_SUCCESS ||
        (s = check_opts(o)) != HKZ_SUCCESS ||
        (s = hkz_table_create(&keys)) != HKZ_SUCCESS)
        return s;
    hkz_su2n_weights_init(w.a);
    hkz_su2n_weights_init(w.b);
    hkz_su2n_point_init(w.x, 0);
    arb_init(w.eps); arb_init(w.S); arb_init(w.T); arb_init(w.C);
    arb_init(w.u); arb_init(w.q); arb_init(w.dD); arb_init(w.dL);
    arb_init(w.ratio); arb_init(w.closed); arb_init(w.pi); arb_init(w.maxr);
    w.sa = w.sb = NULL;
    if ((s = _hkz_compare_weights(w.a, "delta_weights", o->delta_weights,
                                  w.prec)) ||
        (s = _hkz_compare_weights(w.b, "sub_weights", o->sub_weights,
                                  w.prec)) ||
        (s = _hkz_compare_need_list(w.a, "delta_weights")) ||
        (s = _hkz_compare_need_list(w.b, "sub_weights")))
        goto cleanup;
    if (hkz_ball_set_str(w.eps, o->eps, w.prec) != HKZ_SUCCESS)
    {
        s = _hkz_compare_prefix(HKZ_ERR_ARG, "eps");
        goto cleanup;
    }
    w.len = hkz_su2n_weights_length(w.a);
    if (hkz_su2n_weights_length(w.b) != w.len)
    {
        s = hkz_error_set(HKZ_ERR_ARG, "sub_weights: %ld factors, but "
                          "the delta weights have %ld",
                          (long) hkz_su2n_weights_length(w.b), (long) w.len);
        goto cleanup;
    }
    if (!arb_is_positive(w.eps))
    {
        s = hkz_error_set(HKZ_ERR_ARG, "eps: must be > 0");
        goto cleanup;
    }
    arb_const_pi(w.pi, w.prec);
    if ((s = constants(r, &w)) != HKZ_SUCCESS)
        goto cleanup;
    w.sa = hkz_su2n_weights_get_str(w.a);
    w.sb = hkz_su2n_weights_get_str(w.b);
    hkz_su2n_point_clear(w.x);
    hkz_su2n_point_init(w.x, w.len);
    arb_zero(w.maxr);
    st = (uint64_t) o->seed;
    for (k = 0; k < o->nseq + o->samples && s == HKZ_SUCCESS; k++)
    {
        int seq = k < o->nseq;
        if ((s = set_point(&w, seq, k, &st)) == HKZ_SUCCESS)
            s = row(r, keys, &w, seq, k, o->nseq);
    }
    if (s == HKZ_SUCCESS &&
        !(s = _hkz_compare_key_ball(keys, "S_n", w.S)) &&
        !(s = _hkz_compare_key_ball(keys, "T_n", w.T)) &&
        !(s = _hkz_compare_key_ball(keys, "C_n", w.C)) &&
        !(o->samples > 0 &&
          (s = _hkz_compare_key_ball(keys, "max_random_ratio", w.maxr))))
        s = _hkz_compare_keys_finish(r, keys);

cleanup:
    hkz_table_destroy(&keys);
    flint_free(w.sa);
    flint_free(w.sb);
    hkz_su2n_weights_clear(w.a);
    hkz_su2n_weights_clear(w.b);
    hkz_su2n_point_clear(w.x);
    arb_clear(w.eps); arb_clear(w.S); arb_clear(w.T); arb_clear(w.C);
    arb_clear(w.u); arb_clear(w.q); arb_clear(w.dD); arb_clear(w.dL);
    arb_clear(w.ratio); arb_clear(w.closed); arb_clear(w.pi);
    arb_clear(w.maxr);
    return s;
}
