/* hkz product dist: intrinsic distances from e on SU(2)^n and
 * SU(2)^infinity and the (P2) constant (spec 5.3); options in
 * cmd_product.c. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "product.h"

typedef struct
{
    arb_t dD, dL, ratio, C;
    int ncD, ncL, have_c, have_ratio, worst;
} dist_res_t;

/* The operators, the point and the tail range from the options. */
static int dist_setup(prod_dist_t *j, const prod_args_t *o, slong prec,
                      const char *tail)
{
    int rc;
    if ((rc = hkz_cli_weights(j->a, "--delta-weights", o->dw, o->spin, prec))
        || (rc = hkz_cli_weights(j->b, "--sub-weights", o->sw, o->spin, prec))
        || (rc = hkz_cli_point(j->x, "--at", o->at, prec)))
        return rc;
    if (o->tail.n == 0)
        return 0;
    if (hkz_su2n_dist_tail_check(o->tail.v + 0, o->tail.v + 1, prec)
        != HKZ_SUCCESS)
        return hkz_cli_usage_error("--tail-range: %s (got %s)", hkz_errmsg(),
                                   tail);
    j->tail = 1;
    arb_set(j->dlo, o->tail.v + 0);
    arb_set(j->dhi, o->tail.v + 1);
    return 0;
}

/* d_Delta, d_L, the ratio and the (P2) constant.  0 or an exit code. */
static int dist_compute(dist_res_t *d, prod_dist_t *j, slong digits)
{
    slong bits = hkz_digits_to_bits(digits);
    int s;

    if ((s = hkz_cli_product_dist(d->dD, &d->ncD, j, HKZ_SU2N_DELTA,
                                  digits)) == HKZ_ERR_PREC)
        d->worst = s;
    else if (s != HKZ_SUCCESS)
        return hkz_cli_fail(s);
    if ((s = hkz_cli_product_dist(d->dL, &d->ncL, j, HKZ_SU2N_L, digits)) ==
        HKZ_ERR_PREC)
        d->worst = s;
    else if (s != HKZ_SUCCESS)
        return hkz_cli_fail(s);
    /* (P2) constant: unsupported pairs and lists of different lengths
       have none here */
    d->have_c = hkz_su2n_dist_const(d->C, j->a, j->b, bits + 32) ==
                HKZ_SUCCESS;
    d->have_ratio = !d->ncD && !d->ncL &&
                    hkz_su2n_dist_ratio(d->ratio, d->dD, d->dL, bits + 32) ==
                    HKZ_SUCCESS;
    return 0;
}

static int dist_write(hkz_cli_run_t *r, const dist_res_t *d,
                      const prod_dist_t *j, const prod_args_t *o)
{
    hkz_field_t f[32];
    char *sa, *sb;
    const char *cmp = "n/a", *status = "ok";
    slong n = 0, dg = r->digits;
    int s;

    if (d->have_ratio && d->have_c)
        cmp = (const char *[]){"unknown", "no", "yes"}
              [hkz_su2n_dist_ratio_le(d->ratio, d->C) + 1];
    if (d->ncD || d->ncL)
        status = "not_certified";
    else if (d->worst)
        status = "HKZ_ERR_PREC";
    sa = hkz_su2n_weights_get_str(j->a);
    sb = hkz_su2n_weights_get_str(j->b);
    /* balls with the digits they carry (wide with --tail-range); the _mid
       columns are the unrounded midpoints (null in JSON Lines if +inf) */
    f[n++] = HKZ_FSTR("delta_weights", sa != NULL ? sa : "");
    f[n++] = HKZ_FSTR("sub_weights", sb != NULL ? sb : "");
    f[n++] = HKZ_FBOOL("spin", o->spin);
    f[n++] = HKZ_FSTR("at", o->at);
    f[n++] = HKZ_FINT("ncoords", (long) j->x->len);
    f[n++] = HKZ_FSTR("tail_range", o->tail.n ? hkz_cli_given(r,
                      "tail-range") : "");
    f[n++] = d->ncD ? HKZ_FSTR("d_delta", "unknown")
                    : hkz_cli_fvalue("d_delta", d->dD, dg);
    f[n++] = HKZ_FDBL("d_delta_mid", d->ncD ? NAN : hkz_ball_mid_d(d->dD));
    f[n++] = d->ncL ? HKZ_FSTR("d_L", "unknown")
                    : hkz_cli_fvalue("d_L", d->dL, dg);
    f[n++] = HKZ_FDBL("d_L_mid", d->ncL ? NAN : hkz_ball_mid_d(d->dL));
    f[n++] = d->have_ratio ? hkz_cli_fvalue("ratio", d->ratio, dg)
                           : HKZ_FSTR("ratio", "n/a");
    f[n++] = HKZ_FDBL("ratio_mid", d->have_ratio ? hkz_ball_mid_d(d->ratio)
                                                  : NAN);
    f[n++] = d->have_c ? hkz_cli_fvalue("const", d->C, dg)
                       : HKZ_FSTR("const", "n/a");
    f[n++] = HKZ_FDBL("const_mid", d->have_c ? hkz_ball_mid_d(d->C) : NAN);
    f[n++] = HKZ_FSTR("ratio_le_const", cmp);
    f[n++] = HKZ_FBOOL("certified", !d->ncD && !d->ncL);
    f[n++] = HKZ_FSTR("status", status);
    s = hkz_writer_record(r->w, f, n);
    flint_free(sa);
    flint_free(sb);
    return s == HKZ_SUCCESS ? 0 : hkz_cli_fail(s);
}

int hkz_cli_product_dist_run(hkz_cli_run_t *r, void *args)
{
    prod_args_t *o = args;
    prod_dist_t j;
    dist_res_t d;
    int rc;

    memset(&j, 0, sizeof(j));
    memset(&d, 0, sizeof(d));
    hkz_su2n_weights_init(j.a);
    hkz_su2n_weights_init(j.b);
    hkz_su2n_point_init(j.x, 0);
    arb_init(j.dlo); arb_init(j.dhi);
    arb_init(d.dD); arb_init(d.dL); arb_init(d.ratio); arb_init(d.C);
    if (!(rc = dist_setup(&j, o, r->prec, hkz_cli_given(r, "tail-range")))
        &&
        !(rc = dist_compute(&d, &j, r->digits)))
        rc = dist_write(r, &d, &j, o);
    if (d.worst)
        r->worst = d.worst;
    if (!rc && (d.ncD || d.ncL))
    {
        fprintf(stderr, "hkz: warning: sum 1/w_i = +inf and DLO = 0: the "
                        "distance may be finite or infinite\n");
        rc = HKZ_CLI_EXIT_PREC;
    }
    hkz_su2n_weights_clear(j.a);
    hkz_su2n_weights_clear(j.b);
    hkz_su2n_point_clear(j.x);
    arb_clear(j.dlo); arb_clear(j.dhi);
    arb_clear(d.dD); arb_clear(d.dL); arb_clear(d.ratio); arb_clear(d.C);
    return rc;
}
