/* Weight families of SU(2)^n / SU(2)^infinity (spec 5.4, 5.5): init,
 * clear, setters, scaling and the spin conversion (spec 1.4). */
#include "hkz_check.h"
#include "su2n_internal.h"

#define NUM_FAMILIES 6

static void weights_reset(hkz_su2n_weights_t w)
{
    if (w->list != NULL)
        _arb_vec_clear(w->list, w->len);
    w->list = NULL;
    w->len = 0;
    w->fn = NULL;
    w->param = NULL;
    w->seq_len = 0;
    arb_one(&w->c);
    arb_one(&w->p);
    arb_zero(&w->gap);
}

void hkz_su2n_weights_init(hkz_su2n_weights_t w)
{
    w->family = HKZ_SU2N_LIST;
    arb_init(&w->c);
    arb_init(&w->p);
    arb_init(&w->gap);
    w->list = NULL;
    w->len = 0;
    w->max_factors = HKZ_SU2N_DEFAULT_MAX_FACTORS;
    weights_reset(w);
}

void hkz_su2n_weights_clear(hkz_su2n_weights_t w)
{
    weights_reset(w);
    arb_clear(&w->c);
    arb_clear(&w->p);
    arb_clear(&w->gap);
}

int _hkz_su2n_check_op(int op, const char *fn)
{
    HKZ_CHECK(op == HKZ_SU2N_DELTA || op == HKZ_SU2N_L, HKZ_ERR_ARG,
              "%s: op must be HKZ_SU2N_DELTA or HKZ_SU2N_L (got %d)", fn,
              op);
    return HKZ_SUCCESS;
}

int _hkz_su2n_check_weights(const hkz_su2n_weights_t w, const char *fn)
{
    HKZ_CHECK(w != NULL, HKZ_ERR_ARG, "%s: weights are NULL", fn);
    HKZ_CHECK(w->family >= 0 && w->family < NUM_FAMILIES,
              HKZ_ERR_ARG, "%s: unknown weight family %d", fn, w->family);
    HKZ_CHECK(w->family != HKZ_SU2N_LIST || w->len == 0 || w->list != NULL,
              HKZ_ERR_ARG, "%s: list weights without storage", fn);
    HKZ_CHECK(w->family != HKZ_SU2N_SEQ || w->fn != NULL, HKZ_ERR_ARG,
              "%s: sequence weights without a function", fn);
    return HKZ_SUCCESS;
}

int _hkz_su2n_check_pos(const arb_t t, const char *what, const char *fn)
{
    HKZ_CHECK(t != NULL, HKZ_ERR_ARG, "%s: %s is NULL", fn, what);
    HKZ_CHECK(arb_is_finite(t) && arb_is_positive(t), HKZ_ERR_DOMAIN,
              "%s: %s must be finite and > 0 (got %g)", fn, what,
              arf_get_d(arb_midref(t), ARF_RND_NEAR));
    return HKZ_SUCCESS;
}

int hkz_su2n_weights_set_list(hkz_su2n_weights_t w, arb_srcptr a, slong n)
{
    slong i;

    HKZ_CHECK(w != NULL, HKZ_ERR_ARG,
              "hkz_su2n_weights_set_list: weights are NULL");
    HKZ_CHECK(n >= 0 && (n == 0 || a != NULL), HKZ_ERR_ARG,
              "hkz_su2n_weights_set_list: need n >= 0 weights (got %ld)",
              (long) n);
    for (i = 0; i < n; i++)
        HKZ_CHECK(arb_is_finite(a + i) && arb_is_positive(a + i),
                  HKZ_ERR_DOMAIN, "hkz_su2n_weights_set_list: weight %ld "
                  "must be finite and > 0 (got %g)", (long) (i + 1),
                  arf_get_d(arb_midref(a + i), ARF_RND_NEAR));
    if (w->list == a)
        return HKZ_SUCCESS;
    weights_reset(w);
    w->family = HKZ_SU2N_LIST;
    if (n > 0)
    {
        w->list = _arb_vec_init(n);
        _arb_vec_set(w->list, a, n);
    }
    w->len = n;
    return HKZ_SUCCESS;
}

static int set_family(hkz_su2n_weights_t w, int family, const arb_t c,
                      const char *fn)
{
    HKZ_CHECK(w != NULL, HKZ_ERR_ARG, "%s: weights are NULL", fn);
    HKZ_TRY(_hkz_su2n_check_pos(c, "the scale c", fn));
    weights_reset(w);
    w->family = family;
    arb_set(&w->c, c);
    return HKZ_SUCCESS;
}

int hkz_su2n_weights_set_pow(hkz_su2n_weights_t w, const arb_t c,
        const arb_t p)
{
    const char *fn = "hkz_su2n_weights_set_pow";

    HKZ_CHECK(p != NULL && arb_is_finite(p), HKZ_ERR_DOMAIN,
              "%s: p must be finite", fn);
    {
        /* i^p with p >= 1 is convex in i: the tail bound of spec 5.5 */
        arb_t one;
        int ok;
        arb_init(one);
        arb_one(one);
        ok = arb_ge(p, one);
        arb_clear(one);
        HKZ_CHECK(ok, HKZ_ERR_DOMAIN, "%s: p must be >= 1 (got %g)", fn,
                  arf_get_d(arb_midref(p), ARF_RND_NEAR));
    }
    HKZ_TRY(set_family(w, HKZ_SU2N_POW, c, fn));
    arb_set(&w->p, p);
    return HKZ_SUCCESS;
}

int hkz_su2n_weights_set_geom(hkz_su2n_weights_t w, const arb_t c)
{
    return set_family(w, HKZ_SU2N_GEOM, c, "hkz_su2n_weights_set_geom");
}

int hkz_su2n_weights_set_log(hkz_su2n_weights_t w, const arb_t c)
{
    return set_family(w, HKZ_SU2N_LOG, c, "hkz_su2n_weights_set_log");
}

int hkz_su2n_weights_set_log2(hkz_su2n_weights_t w, const arb_t c)
{
    return set_family(w, HKZ_SU2N_LOG2, c, "hkz_su2n_weights_set_log2");
}

int hkz_su2n_weights_set_seq(hkz_su2n_weights_t w, hkz_su2n_seq_fn fn,
        void *param, const arb_t gap, slong nhead)
{
    const char *f = "hkz_su2n_weights_set_seq";

    HKZ_CHECK(w != NULL && fn != NULL, HKZ_ERR_ARG,
              "%s: weights and fn must not be NULL", f);
    HKZ_CHECK(nhead >= 0, HKZ_ERR_ARG, "%s: nhead must be >= 0 (got %ld)",
              f, (long) nhead);
    if (gap != NULL && !arb_is_zero(gap))
        HKZ_TRY(_hkz_su2n_check_pos(gap, "the gap bound", f));
    weights_reset(w);
    w->family = HKZ_SU2N_SEQ;
    w->fn = fn;
    w->param = param;
    w->seq_len = nhead;
    if (gap != NULL)
        arb_set(&w->gap, gap);
    return HKZ_SUCCESS;
}

int hkz_su2n_weights_scale(hkz_su2n_weights_t w, const arb_t c, slong prec)
{
    const char *fn = "hkz_su2n_weights_scale";

    HKZ_TRY(_hkz_su2n_check_weights(w, fn));
    HKZ_TRY(_hkz_su2n_check_pos(c, "the factor c", fn));
    if (w->family == HKZ_SU2N_LIST)
        _arb_vec_scalar_mul(w->list, w->list, w->len, c, prec);
    else
        arb_mul(&w->c, &w->c, c, prec);
    return HKZ_SUCCESS;
}

void hkz_su2n_weights_from_spin(hkz_su2n_weights_t w)
{
    /* a Delta_spin = (a/4) Delta_unit (spec 1.4): exact division by 4 */
    if (w->family == HKZ_SU2N_LIST)
        _arb_vec_scalar_mul_2exp_si(w->list, w->list, w->len, -2);
    else
        arb_mul_2exp_si(&w->c, &w->c, -2);
}

void hkz_su2n_weights_set_max_factors(hkz_su2n_weights_t w, slong n)
{
    w->max_factors = FLINT_MAX(n, 1);
}
