/* X8 (spec 6.4): options, set-up, block shards, the one-process run. */
#include <math.h>
#include <string.h>
#include "x8_internal.h"
#include "hkz/goal.h"
#include "hkz/status.h"
#include "hkz_check.h"

void hkz_compare_x8_opts_init(hkz_compare_x8_opts_t *o)
{
    memset(o, 0, sizeof(*o));
    o->digits = 30;
    o->certified = 1;
}

slong hkz_compare_x8_prec(slong digits)
{
    return FLINT_MAX(128, (slong) (3.33 * (double) digits) + 64);
}

slong hkz_compare_x8_default_nmax(slong n)
{
    return n <= 2 ? 6 : (n == 3 ? 4 : 2);
}

void hkz_compare_x8_example_defaults(arb_ptr b, arb_ptr eps, slong n)
{
    slong i;
    for (i = 0; i < n; i++)
        arb_set_si(b + i, (i + 1) * (i + 1));
    for (i = 0; i + 1 < n; i++)
        arb_set_d(eps + i, 0.5);
}

void hkz_compare_x8_default_dw(arb_ptr dw, arb_srcptr b, slong n)
{
    slong i;
    for (i = 0; i < n; i++)
        if (b != NULL)
            arb_set(dw + i, b + i);
        else
            arb_one(dw + i);
}

void hkz_compare_x8_kspec(arb_t K, arb_srcptr b, arb_srcptr eps, slong n,
                          slong prec)
{
    arb_t u;
    slong i;
    arb_init(u);
    arb_set_si(K, 2);
    for (i = 0; i + 1 < n; i++)
    {
        arb_sqr(u, eps + i, prec);
        arb_mul(u, u, b + i, prec);
        arb_div(u, u, b + i + 1, prec);
        arb_mul_2exp_si(u, u, 1);
        arb_add_ui(u, u, 1, prec);
        arb_max(K, K, u, prec);
    }
    arb_clear(u);
}

static int check_opts(const hkz_compare_x8_opts_t *o)
{
    slong n, i;
    double dim = 1;

    HKZ_CHECK(o->op != NULL && o->nmax != NULL && o->t != NULL &&
              o->gamma != NULL && o->dw != NULL, HKZ_ERR_ARG,
              "hkz_compare_x8: NULL option");
    n = o->op->n;
    HKZ_CHECK(o->digits >= 1 && o->digits <= 10000, HKZ_ERR_ARG,
              "digits: expected 1 ... 10000 (got %ld)", (long) o->digits);
    HKZ_CHECK(n >= 1 && n <= HKZ_COMPARE_X8_MAXN, HKZ_ERR_ARG,
              "fields: at most %d factors", HKZ_COMPARE_X8_MAXN);
    for (i = 0; i < n; i++)
    {
        HKZ_CHECK(o->nmax[i] >= 1 && o->nmax[i] <= 200, HKZ_ERR_ARG,
                  "nmax: %ld out of range [1, 200]", (long) o->nmax[i]);
        dim *= (double) o->nmax[i];
        HKZ_CHECK(arb_is_finite(o->dw + i) && arb_is_positive(o->dw + i),
                  HKZ_ERR_ARG, "delta-weights: values must be > 0");
    }
    HKZ_CHECK(dim <= 4096, HKZ_ERR_ARG, "nmax: the largest block has "
              "dimension %.0f (at most 4096)", dim);
    HKZ_CHECK(o->nt >= 1 && o->nt <= HKZ_COMPARE_X8_MAXT, HKZ_ERR_ARG,
              "t: 1 to %d values", HKZ_COMPARE_X8_MAXT);
    for (i = 0; i < o->nt; i++)
        HKZ_CHECK(arb_is_finite(o->t + i) && arb_is_positive(o->t + i),
                  HKZ_ERR_ARG, "t: values must be > 0");
    HKZ_CHECK(arb_is_finite(o->gamma) && arb_is_positive(o->gamma),
              HKZ_ERR_ARG, "gamma: must be > 0");
    HKZ_CHECK(o->K_check == NULL || arb_is_positive(o->K_check),
              HKZ_ERR_ARG, "K-check: must be > 0");
    HKZ_CHECK(o->at == NULL || o->at->len <= n, HKZ_ERR_ARG,
              "at: %ld coordinates for %ld factors",
              (long) (o->at != NULL ? o->at->len : 0), (long) n);
    return HKZ_SUCCESS;
}

int hkz_compare_x8_create(hkz_compare_x8_t *out,
                          const hkz_compare_x8_opts_t *o)
{
    struct hkz_compare_x8_s *x;
    int s;

    HKZ_CHECK(out != NULL && o != NULL, HKZ_ERR_ARG,
              "hkz_compare_x8_create: NULL argument");
    *out = NULL;
    HKZ_TRY(check_opts(o));
    x = flint_calloc(1, sizeof(*x));
    x->o = *o;
    x->n = o->op->n;
    x->prec = hkz_compare_x8_prec(o->digits);
    x->eqbits = FLINT_MIN(hkz_digits_to_bits(o->digits), 30);
    arb_init(x->Kc);
    s = hkz_su2mix_box_create(&x->bx, x->n, o->nmax, o->t, o->nt);
    if (s == HKZ_SUCCESS)
        s = hkz_su2mix_box_set_minorant(x->bx, o->op, x->prec);
    if (s != HKZ_SUCCESS)
    {
        hkz_compare_x8_destroy(&x);
        return s;
    }
    if (o->K_check != NULL)
        arb_set(x->Kc, o->K_check);
    else
        arb_set(x->Kc, hkz_su2mix_box_minorant(x->bx)->K);
    *out = x;
    return HKZ_SUCCESS;
}

void hkz_compare_x8_destroy(hkz_compare_x8_t *x)
{
    if (x == NULL || *x == NULL)
        return;
    hkz_su2mix_box_destroy(&(*x)->bx);
    arb_clear((*x)->Kc);
    flint_free(*x);
    *x = NULL;
}

slong hkz_compare_x8_nblocks(const hkz_compare_x8_t x)
{
    return hkz_su2mix_box_nblocks(x->bx);
}

int hkz_compare_x8_blocks(char **rec, size_t *len, hkz_compare_x8_t x,
                          slong b0, slong b1, const hkz_progress_t *p)
{
    slong b;
    int s = HKZ_SUCCESS;
    HKZ_CHECK(0 <= b0 && b0 <= b1 && b1 <= hkz_compare_x8_nblocks(x),
              HKZ_ERR_ARG, "hkz_compare_x8_blocks: bad range [%ld, %ld)",
              (long) b0, (long) b1);
    for (b = b0; b < b1 && s == HKZ_SUCCESS; b++)
    {
        s = hkz_su2mix_box_range_rec(rec, len, x->bx, x->o.op, b, b + 1,
                                     x->o.certified, x->prec);
        if (s == HKZ_SUCCESS &&
            hkz_progress_report(p, b + 1 - b0, b1 - b0) != HKZ_SUCCESS &&
            b + 1 < b1)
            s = hkz_error_set(HKZ_ERR_INTERRUPTED, "X8: interrupted after "
                              "%ld of %ld blocks", (long) (b + 1 - b0),
                              (long) (b1 - b0));
    }
    if (s == HKZ_SUCCESS && b0 == b1 &&
        hkz_progress_report(p, 0, 0) != HKZ_SUCCESS)
        hkz_errmsg_clear();  /* nothing to do: nothing to stop */
    return s;
}

int hkz_compare_x8(hkz_compare_result_t *r, const hkz_compare_x8_opts_t *o,
                   const hkz_progress_t *p)
{
    hkz_compare_x8_t x = NULL;
    int s = hkz_compare_x8_create(&x, o);
    if (s == HKZ_SUCCESS)
        s = hkz_compare_x8_run(r, x, p);
    hkz_compare_x8_destroy(&x);
    return s;
}
