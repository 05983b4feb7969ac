/* All principal Curie-Weiss zeros at coupling t > 0 (spec 2.6, 3.1, 3.4).
 *
 * Both methods go through the certified driver hkz_ly_zeros_fun with the
 * saddle-phase predictions of hkz_ly_cw_predict_d:
 *  - direct: the cosine sum of the b_k (precision grows like the
 *    cancellation, up to ~2.3 N bits, spec 6.3);
 *  - integral: the saddle-line integral (precision ~ goal + O(log N)).
 * AUTO takes the direct sum for N <= HKZ_LY_CW_DIRECT_MAX_N or beta >= 8.
 * Without a checkpoint the integral route runs in pieces taken at run time
 * (zeros_pieces.c): each piece predicted by its own sweep inside the
 * reported, interruptible work, the ranks ending together. */
#include <complex.h>
#include <math.h>
#include "zeros/zeros_fun_internal.h"
#include "hkz_check.h"

typedef struct
{
    slong N;
    const arb_struct *t;
    double td;
    int nthreads;
    _hkz_lyi_cache_t *cache;
} cwctx_t;

static int cw_coeff_fn(arb_ptr c, void *param, slong prec)
{
    const cwctx_t *c0 = param;
    return hkz_ly_cw_coeffs(c, 0, c0->N, c0->t, prec);
}

static int cw_predict(double *theta, slong n, void *ctx)
{
    const cwctx_t *c = ctx;
    return _hkz_ly_cw_predict_par(theta, c->N, c->td, c->nthreads) == n
           ? HKZ_SUCCESS : HKZ_ERR_NOT_CERTIFIED;
}

static int cw_predict_block(double *theta, slong lo, slong hi, void *ctx)
{
    const cwctx_t *c = ctx;
    return _hkz_ly_cw_predict_block(theta, c->N, c->td, lo, hi, c->nthreads)
           == hi - lo ? 0 : 1;
}

static int cw_predict_piece(double *theta, slong lo, slong hi, void *ctx)
{
    const cwctx_t *c = ctx;
    return _hkz_ly_cw_predict_sweep(theta, c->N, c->td, lo, hi) == hi - lo
           ? 0 : 1;
}

/* Zeros per piece (a function of n alone): one sweep of the predictions
 * each (~100 saddle steps from pi/2 to its top, against ~10 us of Newton
 * per zero), a round of the balance and of the progress; ~75 ms of one
 * core at N = 10^7 */
static slong cw_piece(slong n)
{
    return FLINT_MAX(32, FLINT_MIN(1024, n / 256));
}

/* a block boundary b > 0 rounded to a piece boundary (or n); never 0,
 * so that rank 0 writes the first rows */
static slong cw_round(slong b, slong P, slong n)
{
    return FLINT_MIN(n, FLINT_MAX(P, (b + P / 2) / P * P));
}

/* Cancellation of the direct sum at theta, in bits: the terms add up to
 * G(0) ~ e^{psi0} while |G(theta)| ~ e^{Re psi(xs)} (saddle values of the
 * integral representation; psi0 = max over real x). */
static slong cw_hint(double theta, void *ctx)
{
    const cwctx_t *c = ctx;
    double beta = c->N * c->td, x = 0, re, im, psi0, ps;
    _hkz_ly_cw_line_t L;
    int i;

    if (beta > 1)
    {
        x = beta;
        for (i = 0; i < 100; i++)
        {
            double tt = tanh(x), f = x - beta * tt,
                   df = 1 - beta * (1 - tt * tt);
            if (df <= 0)
                break;
            x -= f / df;
        }
    }
    psi0 = -x * x / (2 * c->td) + c->N * (fabs(x) + log1p(exp(-2 * fabs(x))));
    if (_hkz_ly_cw_saddle_top_d(&re, &im, theta, beta) ||
        _hkz_ly_cw_line_d(&L, c->N, c->td, theta, re, im, 40))
        return 0;
    ps = L.psiref;
    if (!isfinite(ps) || psi0 <= ps)
        return 16;
    return (slong) ((psi0 - ps) / HKZ_LY_LN2) + 16;
}

static int int_eval(arb_ptr res, arf_srcptr th, slong npts, void *ctx,
                    slong prec)
{
    const cwctx_t *c = ctx;
    return _hkz_ly_cw_integral_eval(res, NULL, NULL, th, npts, c->N, c->t, prec,
                                    1);
}

static int int_bracket(arf_t a, arf_t b, int *sa, int *sb, const arf_t x0,
                       const arf_t wt, void *ctx, slong prec)
{
    const cwctx_t *c = ctx;
    return _hkz_ly_cw_integral_bracket_blk(c->cache, a, b, sa, sb, x0, wt, c->N,
                                           c->t, prec);
}

static int int_newton(arb_t F, arb_t dF, const arf_t th, void *ctx,
                      slong prec)
{
    const cwctx_t *c = ctx;
    return _hkz_ly_cw_integral_eval(F, dF, NULL, th, 1, c->N, c->t, prec, 0);
}

int hkz_ly_cw_zeros(hkz_ly_zeros_t z, slong N, const arb_t t,
                    const hkz_ly_opts_t *opts)
{
    hkz_ly_opts_t o;
    cwctx_t c;
    arb_t tr;
    int method, st;

    HKZ_CHECK(N >= 1 && N <= (WORD(1) << 30), HKZ_ERR_ARG, "hkz_ly_cw_zeros:"
              " N must be in [1, 2^30] (got %ld)", (long) N);
    HKZ_CHECK(z->W == N, HKZ_ERR_ARG, "hkz_ly_cw_zeros: result made for W = "
              "%ld, not N = %ld", (long) z->W, (long) N);
    HKZ_CHECK(arb_is_finite(t) && arb_is_positive(t), HKZ_ERR_DOMAIN,
              "hkz_ly_cw_zeros: t must be > 0 (at t = 0 all N zeros sit at "
              "pi/2)");
    if (opts == NULL)
    {
        hkz_ly_opts_init(&o);
        opts = &o;
    }
    o = *opts;
    arb_init(tr);
    c.N = N;
    c.t = t;
    c.td = arf_get_d(arb_midref(t), ARF_RND_NEAR);
    c.nthreads = _hkz_ly_nthreads(&o);
    method = o.method;
    /* the direct sum costs (terms kept) x (precision ~ cancellation) per
     * evaluation: cheap for small N, and for beta = N t >= 8 where the
     * coefficients are so peaked that only a few terms survive the
     * truncation and the cancellation is small (spec 6.3) */
    if (method == HKZ_LY_METHOD_AUTO)
        method = (N <= HKZ_LY_CW_DIRECT_MAX_N || N * c.td >= 8)
                 ? HKZ_LY_METHOD_DIRECT : HKZ_LY_METHOD_INTEGRAL;
    if (z->part && (method == HKZ_LY_METHOD_DIRECT || o.dist == NULL ||
                    hkz_dist_size(o.dist) <= 1))
    {
        /* only the integral driver works on blocks */
        _hkz_ly_zeros_resize(z, 0, z->n);
        z->part = 0;
    }
    if (method == HKZ_LY_METHOD_DIRECT)
    {
        st = _hkz_ly_zeros_cos_pred(z, N, cw_coeff_fn, &c,
                                    N >= 8 ? cw_predict : NULL, cw_hint, &c,
                                    &o);
    }
    else
    {
        hkz_ly_fun_struct f;
        f.W = N;
        f.eval = int_eval;
        f.newton = int_newton;
        f.newton_rigorous = 0;
        f.predict = cw_predict;
        f.prec_hint = NULL;
        f.bracket = int_bracket;
        f.ctx = &c;
        /* the integral needs no precision growing with N */
        if (o.goal.max_prec <= 0)
            o.goal.max_prec = 8 * o.goal.rel_bits + 1024;
        /* t to the working precisions only: a t read to the direct sum's
         * 8N + 1024 bits makes every comparison and product with it O(N)
         * (arf_equal of the block cache took half the time at N = 10^7);
         * rounding keeps the ball an enclosure of the coupling */
        arb_set_round(tr, t, o.goal.max_prec + 64);
        c.t = tr;
        if (z->part)
        {
            /* blocks balanced by cost: the zeros near the edge are dearer */
            slong lo, hi;
            _hkz_ly_cw_blocks(&lo, &hi, N, c.td, hkz_dist_rank(o.dist),
                              hkz_dist_size(o.dist));
            if (lo != z->j0 || hi - lo != z->len)
                _hkz_ly_zeros_resize(z, lo, hi - lo);
        }
        c.cache = _hkz_lyi_cache_new();
        if (o.checkpoint == NULL && (z->part || o.dist == NULL ||
                                     hkz_dist_size(o.dist) <= 1))
        {
            /* pieces taken at run time: predictions inside the work,
             * ranks ending together (zeros_pieces.c) */
            slong P = cw_piece(z->n), lo = z->j0, hi = z->j0 + z->len;
            lo = lo == 0 ? 0 : cw_round(lo, P, z->n);
            hi = hi == z->n ? hi : cw_round(hi, P, z->n);
            if (lo != z->j0 || hi - lo != z->len)
                _hkz_ly_zeros_resize(z, lo, hi - lo);
            st = _hkz_lyz_fun_pieces(z, &f, cw_predict_piece, P, &o);
        }
        else
            st = z->part ? _hkz_lyz_fun_part(z, &f, cw_predict_block, &o)
                         : hkz_ly_zeros_fun(z, &f, &o);
        _hkz_lyi_cache_free(c.cache);
    }
    arb_clear(tr);
    z->method = method;
    return st;
}
