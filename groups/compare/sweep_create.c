/* The sweep (hkz/compare_sweep.h): options, set-up, the one-process run. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sweep_internal.h"
#include "hkz/goal.h"
#include "hkz/status.h"
#include "hkz_check.h"

void hkz_compare_sweep_opts_init(hkz_compare_sweep_opts_t *o)
{
    memset(o, 0, sizeof(*o));
    o->digits = 30;
    o->delta_weights = "i^2";
    o->sub_weights = "i^2";
    o->samples = 200;
    o->seed = 1;
    o->fibre = 0.25;
    o->decades = 8;
}

static int check_opts(const hkz_compare_sweep_opts_t *o)
{
    HKZ_CHECK(o->digits >= 1 && o->digits <= 10000, HKZ_ERR_ARG,
              "digits: expected 1 ... 10000 (got %ld)", (long) o->digits);
    HKZ_CHECK(o->head >= 0 && o->head <= 100000, HKZ_ERR_ARG,
              "head: %ld out of range [1, 100000]", (long) o->head);
    HKZ_CHECK(o->samples >= 1 && o->samples <= (WORD(1) << 24),
              HKZ_ERR_ARG, "samples: %ld out of range [1, %ld]",
              (long) o->samples, (long) (WORD(1) << 24));
    HKZ_CHECK(o->seed <= (UWORD(1) << 62), HKZ_ERR_ARG,
              "seed: out of range [0, 2^62]");
    HKZ_CHECK(o->fibre >= 0.0 && o->fibre <= 1.0, HKZ_ERR_ARG,
              "fibre-fraction: need a number in [0, 1] (got %g)", o->fibre);
    HKZ_CHECK(o->decades >= 0 && o->decades <= 60, HKZ_ERR_ARG,
              "decades: %ld out of range [0, 60]", (long) o->decades);
    return HKZ_SUCCESS;
}

static int weights(hkz_su2n_weights_t w, const char *name, const char *spec,
                   slong prec)
{
    char msg[400];
    if (hkz_su2n_weights_set_str(w, spec != NULL ? spec : "i^2", prec)
        == HKZ_SUCCESS)
        return HKZ_SUCCESS;
    /* a copy: hkz_errmsg() is the buffer hkz_error_set writes */
    snprintf(msg, sizeof(msg), "%s", hkz_errmsg());
    return hkz_error_set(HKZ_ERR_ARG, "%s: %s", name, msg);
}

/* The head, a_i/b_i as doubles and the canonical weight texts. */
static int resolve(struct hkz_compare_sweep_s *sw, slong ip)
{
    slong la = hkz_su2n_weights_length(sw->a);
    slong lb = hkz_su2n_weights_length(sw->b), maxhead, v;
    arb_t ai, bi;
    int s = HKZ_SUCCESS;

    maxhead = la < 0 ? (lb < 0 ? 100000 : lb)
                     : (lb < 0 ? la : FLINT_MIN(la, lb));
    HKZ_CHECK(maxhead >= 1, HKZ_ERR_ARG, "the weights have no factor");
    HKZ_CHECK(sw->o.head <= maxhead, HKZ_ERR_ARG, "head: %ld exceeds the "
              "%ld weights given", (long) sw->o.head, (long) maxhead);
    if (sw->o.head == 0)
        sw->o.head = FLINT_MIN(10, maxhead);
    sw->nfibre = _hkz_sweep_fibre_count(sw, sw->o.samples);
    HKZ_TRY(hkz_su2n_weights_set_head(sw->ah, sw->a, sw->o.head, ip));
    HKZ_TRY(hkz_su2n_weights_set_head(sw->bh, sw->b, sw->o.head, ip));
    sw->ab = flint_malloc(sizeof(double) * sw->o.head);
    arb_init(ai);
    arb_init(bi);
    sw->ab_max = 0.0;
    for (v = 0; v < sw->o.head && s == HKZ_SUCCESS; v++)
    {
        if ((s = hkz_su2n_weights_get(ai, sw->ah, v + 1, ip)) == HKZ_SUCCESS
            && (s = hkz_su2n_weights_get(bi, sw->bh, v + 1, ip))
               == HKZ_SUCCESS)
        {
            arb_div(ai, ai, bi, ip);
            sw->ab[v] = arf_get_d(arb_midref(ai), ARF_RND_NEAR);
            if (!(sw->ab[v] > 0.0 && sw->ab[v] < 1e300))
                s = hkz_error_set(HKZ_ERR_DOMAIN, "a_%ld/b_%ld is not a "
                                  "positive double", (long) v + 1,
                                  (long) v + 1);
            else
                sw->ab_max = FLINT_MAX(sw->ab_max, sw->ab[v]);
        }
    }
    arb_clear(ai);
    arb_clear(bi);
    HKZ_TRY(s);
    /* canonical texts, so that "i^2" and "1*i^2" are the same run */
    sw->dws = hkz_su2n_weights_get_str(sw->a);
    sw->sws = hkz_su2n_weights_get_str(sw->b);
    HKZ_CHECK(sw->dws != NULL && sw->sws != NULL, HKZ_ERR_INTERNAL,
              "weights without a text form");
    return HKZ_SUCCESS;
}

int hkz_compare_sweep_create(hkz_compare_sweep_t *out,
                             const hkz_compare_sweep_opts_t *o)
{
    struct hkz_compare_sweep_s *sw;
    int s;

    HKZ_CHECK(out != NULL && o != NULL, HKZ_ERR_ARG,
              "hkz_compare_sweep_create: NULL argument");
    *out = NULL;
    HKZ_TRY(check_opts(o));
    sw = flint_calloc(1, sizeof(*sw));
    sw->o = *o;
    hkz_su2n_weights_init(sw->a);
    hkz_su2n_weights_init(sw->b);
    hkz_su2n_weights_init(sw->ah);
    hkz_su2n_weights_init(sw->bh);
    sw->goal = (slong) ceil(o->digits * 3.321928094887362);
    sw->prec = sw->goal + 32;
    s = weights(sw->a, "delta-weights", o->delta_weights, sw->prec + 64);
    if (s == HKZ_SUCCESS)
        s = weights(sw->b, "sub-weights", o->sub_weights, sw->prec + 64);
    if (s == HKZ_SUCCESS)
        s = resolve(sw, sw->prec + 64);
    if (s != HKZ_SUCCESS)
    {
        hkz_compare_sweep_destroy(&sw);
        return s;
    }
    *out = sw;
    return HKZ_SUCCESS;
}

void hkz_compare_sweep_destroy(hkz_compare_sweep_t *p)
{
    struct hkz_compare_sweep_s *sw;
    slong i;
    if (p == NULL || *p == NULL)
        return;
    sw = *p;
    for (i = 0; sw->dd != NULL && i < sw->hi - sw->lo; i++)
    {
        flint_free(sw->dd[i]);
        flint_free(sw->dl[i]);
    }
    flint_free(sw->dd);
    flint_free(sw->dl);
    hkz_ckpt_destroy(&sw->ck);
    flint_free(sw->ab);
    flint_free(sw->dws);
    flint_free(sw->sws);
    hkz_su2n_weights_clear(sw->a);
    hkz_su2n_weights_clear(sw->b);
    hkz_su2n_weights_clear(sw->ah);
    hkz_su2n_weights_clear(sw->bh);
    flint_free(sw);
    *p = NULL;
}

void hkz_compare_sweep_info(hkz_compare_sweep_info_t *info,
                            const hkz_compare_sweep_t sw)
{
    info->o = sw->o;
    info->fibre_samples = sw->nfibre;
    info->delta_weights = sw->dws;
    info->sub_weights = sw->sws;
}

int hkz_compare_sweep(hkz_compare_result_t *r,
                      const hkz_compare_sweep_opts_t *o,
                      const hkz_progress_t *p)
{
    hkz_compare_sweep_t sw = NULL;
    char *rec = NULL;
    size_t len = 0;
    slong found;
    int s = hkz_compare_sweep_create(&sw, o);
    if (s == HKZ_SUCCESS)
        s = hkz_compare_sweep_start(sw, 0, sw->o.samples, NULL, 0, 0,
                                    &found);
    if (s == HKZ_SUCCESS)
        s = hkz_compare_sweep_run(sw, p);
    if (s == HKZ_SUCCESS)
        s = hkz_compare_sweep_records(&rec, &len, sw);
    if (s == HKZ_SUCCESS)
        s = hkz_compare_sweep_finish(r, sw, rec, len);
    flint_free(rec);
    hkz_compare_sweep_destroy(&sw);
    return s;
}
