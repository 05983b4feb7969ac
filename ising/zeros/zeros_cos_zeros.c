/* Zeros of cosine sums given by their coefficients: the direct method.
 * F is evaluated at exact points by powers on the unit circle; the folded
 * coefficients are kept per precision level (computed on demand under a
 * lock, so evaluations may run in parallel). */
#include <pthread.h>
#include "zeros_internal.h"
#include "hkz_check.h"

#define NLEV 40

typedef struct
{
    slong prec;
    arb_ptr c;
    slong jlo, jhi;
    mag_struct tail;
} level_t;

typedef struct
{
    slong W, len;
    hkz_ly_coeffs_fn fn;
    void *param;
    pthread_mutex_t lock;
    level_t lev[NLEV];
    int nlev;
    int (*predict)(double *, slong, void *);
    slong (*prec_hint)(double, void *);
    void *pctx;
} cosctx_t;

/* Coefficients good for working precision prec: a level at >= prec
 * (levels are powers of two times 64 bits). */
static int get_level(const level_t **out, cosctx_t *c, slong prec)
{
    slong p = 64;
    int i, best = -1, st = HKZ_SUCCESS;

    while (p < prec)
        p *= 2;
    pthread_mutex_lock(&c->lock);
    for (i = 0; i < c->nlev; i++)
        if (c->lev[i].prec >= prec &&
            (best < 0 || c->lev[i].prec < c->lev[best].prec))
            best = i;
    if (best < 0)
    {
        if (c->nlev == NLEV)
            st = hkz_error_set(HKZ_ERR_INTERNAL, "hkz_ly_zeros_cos: too "
                               "many precision levels");
        else
        {
            level_t *L = c->lev + c->nlev;
            L->prec = p;
            L->c = _arb_vec_init(c->len);
            mag_init(&L->tail);
            st = c->fn(L->c, c->param, p);
            if (st == HKZ_SUCCESS)
            {
                _hkz_ly_cos_trunc(&L->jlo, &L->jhi, &L->tail, L->c, c->len,
                                  p);
                best = c->nlev++;
            }
            else
            {
                _arb_vec_clear(L->c, c->len);
                mag_clear(&L->tail);
            }
        }
    }
    pthread_mutex_unlock(&c->lock);
    *out = best >= 0 ? c->lev + best : NULL;
    return st;
}

static int cos_eval(arb_ptr res, arf_srcptr theta, slong npts, void *ctx,
                    slong prec)
{
    cosctx_t *c = ctx;
    const level_t *L;
    arb_t th;
    slong i;
    int st = get_level(&L, c, prec);

    if (st != HKZ_SUCCESS)
        return st;
    arb_init(th);
    for (i = 0; i < npts; i++)
    {
        arb_set_arf(th, theta + i);
        _hkz_ly_cos_eval_trunc(res + i, 0, L->c, c->W, L->jlo, L->jhi,
                               &L->tail, th, prec);
    }
    arb_clear(th);
    return HKZ_SUCCESS;
}

static int cos_newton(arb_t F, arb_t dF, const arf_t theta, void *ctx,
                      slong prec)
{
    cosctx_t *c = ctx;
    const level_t *L;
    arb_struct v[2];
    arb_t th;
    int st = get_level(&L, c, prec);

    if (st != HKZ_SUCCESS)
        return st;
    arb_init(th);
    arb_init(v + 0);
    arb_init(v + 1);
    arb_set_arf(th, theta);
    _hkz_ly_cos_eval_trunc(v, 1, L->c, c->W, L->jlo, L->jhi, &L->tail, th,
                           prec);
    arb_swap(F, v + 0);
    arb_swap(dF, v + 1);
    arb_clear(th);
    arb_clear(v + 0);
    arb_clear(v + 1);
    return HKZ_SUCCESS;
}

static int cos_predict(double *theta, slong n, void *ctx)
{
    cosctx_t *c = ctx;
    return c->predict(theta, n, c->pctx);
}

static slong cos_prec_hint(double theta, void *ctx)
{
    cosctx_t *c = ctx;
    return c->prec_hint(theta, c->pctx);
}

int _hkz_ly_zeros_cos_pred(hkz_ly_zeros_t z, slong W, hkz_ly_coeffs_fn fn,
        void *param, int (*predict)(double *, slong, void *),
        slong (*prec_hint)(double, void *), void *pctx,
        const hkz_ly_opts_t *opts)
{
    cosctx_t c;
    hkz_ly_fun_struct f;
    int i, st;

    HKZ_CHECK(W >= 0, HKZ_ERR_ARG, "hkz_ly_zeros_cos: W must be >= 0 (got "
              "%ld)", (long) W);
    HKZ_CHECK(fn != NULL, HKZ_ERR_ARG, "hkz_ly_zeros_cos: no coefficients");
    HKZ_CHECK(z->W == W, HKZ_ERR_ARG, "hkz_ly_zeros_cos: result made for W "
              "= %ld, not %ld", (long) z->W, (long) W);
    c.W = W;
    c.len = W / 2 + 1;
    c.fn = fn;
    c.param = param;
    c.nlev = 0;
    c.predict = predict;
    c.prec_hint = prec_hint;
    c.pctx = pctx;
    pthread_mutex_init(&c.lock, NULL);
    f.W = W;
    f.eval = cos_eval;
    f.newton = cos_newton;
    f.newton_rigorous = 1;
    f.predict = predict != NULL ? cos_predict : NULL;
    f.prec_hint = prec_hint != NULL ? cos_prec_hint : NULL;
    f.bracket = NULL;
    f.ctx = &c;
    st = hkz_ly_zeros_fun(z, &f, opts);
    z->method = HKZ_LY_METHOD_DIRECT;
    for (i = 0; i < c.nlev; i++)
    {
        _arb_vec_clear(c.lev[i].c, c.len);
        mag_clear(&c.lev[i].tail);
    }
    pthread_mutex_destroy(&c.lock);
    return st;
}

int hkz_ly_zeros_cos(hkz_ly_zeros_t z, slong W, hkz_ly_coeffs_fn fn,
                     void *param, const hkz_ly_opts_t *opts)
{
    return _hkz_ly_zeros_cos_pred(z, W, fn, param, NULL, NULL, NULL, opts);
}
