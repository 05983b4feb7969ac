/* Brackets of nearby Curie-Weiss zeros from one set of nodes.
 *
 * With x' = x + i theta the integral of cw_integral.c reads
 *   I(theta) = int_{Im x' = c} e^{-(x' - i theta)^2/(2t)} (2 cosh x')^N dx'
 * on any horizontal line (Cauchy).  Fix c = b0 + theta0, the saddle line
 * of theta0, and the nodes x'_k = k h + i c.  Since
 *   -(x'_k - i theta)^2 = -(x'_k - i theta0)^2 + 2 i k h (theta - theta0)
 *                         + (c - theta)^2 - (c - theta0)^2,
 * the trapezoid sum at theta is, with the weighted node values V_k at
 * theta0 (k = 0 halved, units e^{psiref}),
 *   T(theta) = A 2 h Re sum_k V_k omega^k,  omega = e^{i h (theta - theta0)/t},
 *   A = e^{((c - theta)^2 - (c - theta0)^2)/(2t)} > 0,
 * and every modulus |g| on the lines Im x' = c, c +- a changes by
 * exactly A, A e^{-+a (theta - theta0)/t}:
 *   (c +- a - theta)^2 - (c +- a - theta0)^2
 *     = (c - theta)^2 - (c - theta0)^2 -+ 2 a (theta - theta0).
 * So the bounds at theta0 (discretization disc0 = (M_+ + M_-)/(e^{2 pi a/h}
 * - 1), omitted nodes, together err0) give, for every real theta,
 *   |T(theta) - I(theta)| <= A (err0 + disc0 (e^{a |theta - theta0|/t} - 1)),
 * and since A > 0 the sign of I(theta) is certified by
 *   2 h Re sum_k V_k omega^k  +-  (err0 + disc0 (e^{a|theta-theta0|/t} - 1))
 * (err0, disc0 bound the sum 2 h Re ..., as in _hkz_lyi_finish).
 * One evaluation costs one Horner sum (no transcendental per node), and the
 * values stay accurate while the line stays near the saddle of theta:
 * |theta - theta0| <= min(sigw/5, 3 t/a) (disc0 is pushed 5 bits below its
 * target so that e^3 still fits); farther zeros take the one-zero bracket
 * of cw_integral_eval.c.  Each thread keeps the block of its last anchor;
 * blocks belong to a cache freed by its owner.  The brackets from a block:
 * cw_block_bracket.c. */
#include <pthread.h>
#include "cw_integral_internal.h"

struct _hkz_lyi_cache_s
{
    pthread_mutex_t lock;
    _hkz_lyi_blk_t *head;
    unsigned long gen;
};

static pthread_mutex_t gen_lock = PTHREAD_MUTEX_INITIALIZER;
static unsigned long gen_next = 1;
static _Thread_local unsigned long tl_gen = 0;
static _Thread_local _hkz_lyi_blk_t *tl_blk = NULL;

_hkz_lyi_cache_t *_hkz_lyi_cache_new(void)
{
    _hkz_lyi_cache_t *ca = flint_malloc(sizeof(_hkz_lyi_cache_t));
    pthread_mutex_init(&ca->lock, NULL);
    ca->head = NULL;
    pthread_mutex_lock(&gen_lock);
    ca->gen = gen_next++;
    pthread_mutex_unlock(&gen_lock);
    return ca;
}

void _hkz_lyi_cache_free(_hkz_lyi_cache_t *ca)
{
    _hkz_lyi_blk_t *b, *nx;
    if (ca == NULL)
        return;
    for (b = ca->head; b != NULL; b = nx)
    {
        nx = b->next;
        _arb_vec_clear(b->t, 1);
        arf_clear(b->th0);
        _hkz_lyi_ictx_clear(&b->c);
        if (b->alloc > 0)
        {
            _acb_vec_clear(b->V, b->alloc);
            _acb_vec_clear(b->VT, b->alloc);
            flint_free(b->Vd);
            flint_free(b->VTd);
        }
        arb_clear(b->invt);
        mag_clear(b->dA);
        mag_clear(b->dD);
        flint_free(b);
    }
    pthread_mutex_destroy(&ca->lock);
    flint_free(ca);
}

/* (a stale thread-local pointer of an earlier cache is recognized by its
 * generation and never used) */
_hkz_lyi_blk_t *_hkz_lyi_blk_mine(_hkz_lyi_cache_t *ca)
{
    _hkz_lyi_blk_t *b;
    if (tl_gen == ca->gen && tl_blk != NULL)
        return tl_blk;
    b = flint_malloc(sizeof(_hkz_lyi_blk_t));
    b->valid = 0;
    b->len = b->alloc = 0;
    b->V = b->VT = NULL;
    b->Vd = b->VTd = NULL;
    arb_init(b->invt);
    mag_init(b->dA);
    mag_init(b->dD);
    b->t = _arb_vec_init(1);
    arf_init(b->th0);
    _hkz_lyi_ictx_init(&b->c);
    pthread_mutex_lock(&ca->lock);
    b->next = ca->head;
    ca->head = b;
    pthread_mutex_unlock(&ca->lock);
    tl_gen = ca->gen;
    tl_blk = b;
    return b;
}

int _hkz_lyi_blk_rebuild(_hkz_lyi_blk_t *b, const arf_t x0, slong N,
                         const arb_t t, slong prec)
{
    _hkz_lyi_ictx_t *c = &b->c;
    arb_t Th;
    acb_t S;
    double td, a;
    slong k;

    b->valid = 0;
    arb_set(b->t, t);
    if (_hkz_lyi_ictx_setup(c, N, b->t, arf_get_d(x0, ARF_RND_NEAR), prec))
        return 1;
    c->hmargin = 5;
    arb_init(Th);
    acb_init(S);
    arb_set_arf(Th, x0);
    _hkz_lyi_ictx_bounds(c, Th, 1);
    b->len = c->L.khi - c->L.klo + 1;
    if (b->len > b->alloc)
    {
        if (b->alloc > 0)
        {
            _acb_vec_clear(b->V, b->alloc);
            _acb_vec_clear(b->VT, b->alloc);
            flint_free(b->Vd);
            flint_free(b->VTd);
        }
        b->alloc = b->len;
        b->V = _acb_vec_init(b->alloc);
        b->VT = _acb_vec_init(b->alloc);
        b->Vd = flint_malloc(sizeof(double complex) * b->alloc);
        b->VTd = flint_malloc(sizeof(double complex) * b->alloc);
    }
    _hkz_lyi_node_loop(c, S, NULL, NULL, NULL, b->V, b->VT, x0, 1);
    mag_zero(b->dA);
    mag_zero(b->dD);
    for (k = 0; k < b->len; k++)
    {
        mag_t m;
        b->Vd[k] = arf_get_d(arb_midref(acb_realref(b->V + k)), ARF_RND_NEAR)
            + I * arf_get_d(arb_midref(acb_imagref(b->V + k)), ARF_RND_NEAR);
        b->VTd[k] = arf_get_d(arb_midref(acb_realref(b->VT + k)),
                              ARF_RND_NEAR)
            + I * arf_get_d(arb_midref(acb_imagref(b->VT + k)), ARF_RND_NEAR);
        /* for the signs in doubles (cw_sum_d.c) */
        mag_init(m);
        acb_set_d_d(S, creal(b->Vd[k]), cimag(b->Vd[k]));
        acb_get_mag(m, S);
        mag_add(b->dA, b->dA, m);
        acb_sub(S, b->V + k, S, 64);
        acb_get_mag(m, S);
        mag_add(b->dD, b->dD, m);
        mag_clear(m);
    }
    /* (an acb is two arbs) */
    b->finite = _arb_vec_is_finite((arb_srcptr) b->V, 2 * b->len) &&
                _arb_vec_is_finite((arb_srcptr) b->VT, 2 * b->len);
    arb_inv(b->invt, t, c->wp);
    arf_set(b->th0, x0);
    b->N = N;
    b->prec = prec;
    td = arf_get_d(arb_midref(t), ARF_RND_NEAR);
    a = (double) (float) c->L.a;
    b->dmax = FLINT_MIN(0.2 * c->L.sigw, 3 * td / a);
    b->valid = mag_is_finite(c->err) && b->dmax > 0;
    arb_clear(Th);
    acb_clear(S);
    return !b->valid;
}

