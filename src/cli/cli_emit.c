/* Result records of the commands declared with opt.h: balls with the
 * digits they support, JSON numbers, exact and wide balls flagged. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "cli.h"

#define MAX_FIELDS 32

hkz_field_t hkz_cli_frel(const arb_t x)
{
    if (!arb_is_finite(x) || arb_is_exact(x))
        return HKZ_FRAW("rel_acc_bits", "null");
    return HKZ_FINT("rel_acc_bits",
                    (long) FLINT_MAX(arb_rel_accuracy_bits(x), -1));
}

hkz_field_t hkz_cli_fvalue(const char *key, const arb_t x, slong digits)
{
    if (arf_is_pos_inf(arb_midref(x)))
        return HKZ_FSTR(key, "+inf");
    return HKZ_FBALLD(key, x, digits);
}

slong hkz_cli_fmid_rad(hkz_field_t *f, const arb_t x)
{
    double mid = arf_get_d(arb_midref(x), ARF_RND_NEAR);
    double rad = mag_get_d(arb_radref(x));
    if (arb_is_finite(x))
        hkz_ball_get_d(&mid, &rad, x);   /* an enclosure of x */
    f[0] = HKZ_FDBL("mid", mid);
    f[1] = HKZ_FDBL("rad", rad);
    return 2;
}

int hkz_cli_emit_value(hkz_cli_run_t *r, const hkz_field_t *inputs,
                       slong nin, const arb_t value, int status)
{
    hkz_field_t f[MAX_FIELDS];
    const char *st = status == HKZ_SUCCESS ? "ok" : hkz_status_name(status);
    slong n = nin;
    int s;

    if (nin + 6 > MAX_FIELDS)
        return hkz_cli_fail(hkz_error_set(HKZ_ERR_INTERNAL, "too many "
                                          "fields"));
    if (status == HKZ_ERR_PREC)
        r->worst = HKZ_ERR_PREC;
    if (!arb_is_finite(value))
        st = arf_is_pos_inf(arb_midref(value)) ? "infinite" : "unbounded";
    else if (arb_is_exact(value))
        st = "exact";   /* rel_acc_bits null: infinite accuracy */
    else if (arb_rel_accuracy_bits(value) < 0)
        st = "wide";    /* radius > |midpoint|: no correct digit */
    else if (!arf_is_zero(arb_midref(value)) &&
             (arf_cmpabs_2exp_si(arb_midref(value), 1024) >= 0 ||
              arf_cmpabs_2exp_si(arb_midref(value), -1074) < 0))
        st = "beyond_double";  /* value holds the ball; mid is no double */
    memcpy(f, inputs, nin * sizeof(hkz_field_t));
    f[n++] = hkz_cli_fvalue("value", value, r->digits);
    n += hkz_cli_fmid_rad(f + n, value);
    f[n++] = hkz_cli_frel(value);
    f[n++] = HKZ_FBOOL("certified", arb_is_finite(value));
    f[n++] = HKZ_FSTR("status", st);
    s = hkz_writer_record(r->w, f, n);
    return s == HKZ_SUCCESS ? 0 : hkz_cli_fail(s);
}

int hkz_cli_eval_emit(hkz_cli_run_t *r, const hkz_field_t *inputs,
                      slong nin, hkz_goal_fn f, void *param)
{
    arb_t res;
    int rc, status;
    arb_init(res);
    status = hkz_goal_eval(res, f, param, &r->goal, NULL);
    if (status != HKZ_SUCCESS && status != HKZ_ERR_PREC)
        rc = hkz_cli_fail(status);
    else
        rc = hkz_cli_emit_value(r, inputs, nin, res, status);
    arb_clear(res);
    return rc;
}
