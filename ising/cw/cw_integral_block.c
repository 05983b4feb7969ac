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
 * blocks belong to a cache freed by its owner. */
#include <complex.h>
#include <math.h>
#include <pthread.h>
#include <acb_poly.h>
#include "cw_integral_internal.h"
#include "hkz_check.h"

typedef struct blk_s
{
    struct blk_s *next;
    int valid;
    slong N, prec, len, alloc;
    arb_ptr t;      /* one ball: the coupling of the nodes */
    arf_t th0;
    double dmax;
    _hkz_lyi_ictx_t c;
    acb_ptr V, VT;
    arb_t invt;             /* 1/t at the working precision */
    double complex *Vd, *VTd;   /* midpoints, for the Newton step */
} blk_t;

struct _hkz_lyi_cache_s
{
    pthread_mutex_t lock;
    blk_t *head;
    unsigned long gen;
};

static pthread_mutex_t gen_lock = PTHREAD_MUTEX_INITIALIZER;
static unsigned long gen_next = 1;
static _Thread_local unsigned long tl_gen = 0;
static _Thread_local blk_t *tl_blk = NULL;

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
    blk_t *b, *nx;
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
        flint_free(b);
    }
    pthread_mutex_destroy(&ca->lock);
    flint_free(ca);
}

/* This thread's block of the cache (a stale thread-local pointer of an
 * earlier cache is recognized by its generation and never used). */
static blk_t *my_block(_hkz_lyi_cache_t *ca)
{
    blk_t *b;
    if (tl_gen == ca->gen && tl_blk != NULL)
        return tl_blk;
    b = flint_malloc(sizeof(blk_t));
    b->valid = 0;
    b->len = b->alloc = 0;
    b->V = b->VT = NULL;
    b->Vd = b->VTd = NULL;
    arb_init(b->invt);
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

/* New nodes and bounds at theta0 = x0; 0 on success. */
static int rebuild(blk_t *b, const arf_t x0, slong N, const arb_t t,
                   slong prec)
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
    for (k = 0; k < b->len; k++)
    {
        b->Vd[k] = arf_get_d(arb_midref(acb_realref(b->V + k)), ARF_RND_NEAR)
            + I * arf_get_d(arb_midref(acb_imagref(b->V + k)), ARF_RND_NEAR);
        b->VTd[k] = arf_get_d(arb_midref(acb_realref(b->VT + k)),
                              ARF_RND_NEAR)
            + I * arf_get_d(arb_midref(acb_imagref(b->VT + k)), ARF_RND_NEAR);
    }
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

/* S = sum_k V_k omega^k (D: with VT_k, if not NULL) and the error bound
 * at x. */
static void blk_eval(acb_t S, acb_t D, mag_t err, const blk_t *b,
                     const arf_t x)
{
    const _hkz_lyi_ictx_t *c = &b->c;
    slong wp = c->wp;
    arb_t ph, s;
    acb_t w, wk;
    mag_t m;

    arb_init(ph);
    arb_init(s);
    acb_init(w);
    acb_init(wk);
    mag_init(m);
    /* ph = h (x - theta0)/t */
    arb_set_arf(ph, x);
    arb_sub_arf(ph, ph, b->th0, wp);
    arb_abs(s, ph);
    arb_mul_arf(ph, ph, c->hh, wp);
    arb_mul(ph, ph, b->invt, wp);
    arb_sin_cos(acb_imagref(w), acb_realref(w), ph, wp);
    arb_mul_si(ph, ph, c->L.klo, wp);
    arb_sin_cos(acb_imagref(wk), acb_realref(wk), ph, wp);
    _acb_poly_evaluate(S, b->V, b->len, w, wp);
    acb_mul(S, S, wk, wp);
    if (D != NULL)
    {
        _acb_poly_evaluate(D, b->VT, b->len, w, wp);
        acb_mul(D, D, wk, wp);
    }
    /* err0 + disc0 (e^{a |x - theta0|/t} - 1) */
    arb_set_d(ph, (double) (float) c->L.a);
    arb_mul(s, s, ph, 64);
    arb_mul(s, s, b->invt, 64);
    arb_get_mag(m, s);
    mag_expm1(m, m);
    mag_mul(m, m, c->disc);
    mag_add(err, m, c->err);
    arb_clear(ph);
    arb_clear(s);
    acb_clear(w);
    acb_clear(wk);
    mag_clear(m);
}

/* certified sign of I at x (0 if undecided) */
static int blk_sign(const blk_t *b, const arf_t x)
{
    acb_t S;
    arb_t v;
    mag_t err;
    int sg;
    acb_init(S);
    arb_init(v);
    mag_init(err);
    blk_eval(S, NULL, err, b, x);
    /* 2 h Re S +- err (err bounds |T - I| in these units, cw_integral.c) */
    arb_mul_arf(v, acb_realref(S), b->c.hh, b->c.wp);
    arb_mul_2exp_si(v, v, 1);
    arb_add_error_mag(v, err);
    sg = arb_is_positive(v) ? 1 : arb_is_negative(v) ? -1 : 0;
    acb_clear(S);
    arb_clear(v);
    mag_clear(err);
    return sg;
}

/* Newton step I/I' at x in double (midpoints; the phases omega^k are
 * small multiples of the one of the offset x - theta0, so the rounding
 * errors are relative to the bump, not to N theta); NaN on failure.  The
 * factors A and 2h cancel in the ratio. */
static double newton_d(const blk_t *b, const arf_t x)
{
    arf_t dx;
    double ph;
    double complex w, wk, S = 0, D = 0;
    slong k;
    arf_init(dx);
    arf_sub(dx, x, b->th0, 64, ARF_RND_NEAR);
    ph = arf_get_d(dx, ARF_RND_NEAR) * arf_get_d(b->c.hh, ARF_RND_NEAR) /
         arf_get_d(arb_midref(b->t), ARF_RND_NEAR);
    arf_clear(dx);
    w = cexp(I * ph);
    for (k = b->len - 1; k >= 0; k--)
    {
        S = S * w + b->Vd[k];
        D = D * w + b->VTd[k];
    }
    wk = cexp(I * ph * b->c.L.klo);
    S *= wk;
    D *= wk;
    if (creal(D) == 0)
        return NAN;
    return creal(S) / creal(D);
}

/* x -= Re I/Re I' (midpoints, working precision); step = |that| or kept */
static void newton_arb(arf_t x, arf_t step, const blk_t *b)
{
    acb_t S, D;
    mag_t err;
    acb_init(S);
    acb_init(D);
    mag_init(err);
    blk_eval(S, D, err, b, x);
    if (!arf_is_zero(arb_midref(acb_realref(D))) && acb_is_finite(S) &&
        acb_is_finite(D))
    {
        arf_div(step, arb_midref(acb_realref(S)), arb_midref(acb_realref(D)),
                b->c.wp, ARF_RND_NEAR);
        arf_sub(x, x, step, b->c.wp, ARF_RND_NEAR);
        arf_abs(step, step);
    }
    acb_clear(S);
    acb_clear(D);
    mag_clear(err);
}

int _hkz_ly_cw_integral_bracket_blk(_hkz_lyi_cache_t *ca, arf_t a, arf_t b,
        int *sa, int *sb, const arf_t x0, const arf_t wt, slong N,
        const arb_t t, slong prec)
{
    blk_t *B = my_block(ca);
    arf_t r, x1, e, dl, lo, hi, th0;
    double step;
    int ok = 0;

    /* the block anchor theta0 = (floor(x0/D) + 1/2) D, D = 2^m ~ t sqrt(N)/4
     * (~ the range where the line stays useful, see top): a function of x0
     * alone, so that every zero gets the same bracket whichever thread or
     * process computes it */
    arf_init(th0);
    {
        double td = arf_get_d(arb_midref(t), ARF_RND_NEAR);
        slong m = (slong) floor(log2(td * sqrt((double) N) / 4));
        arf_mul_2exp_si(th0, x0, -m);
        arf_floor(th0, th0);
        arf_mul_2exp_si(th0, th0, 1);
        arf_add_ui(th0, th0, 1, ARF_PREC_EXACT, ARF_RND_DOWN);
        arf_mul_2exp_si(th0, th0, m - 1);
    }
    if (!(B->valid && B->N == N && B->prec == prec && arb_equal(B->t, t) &&
          arf_equal(B->th0, th0)))
    {
        if (rebuild(B, th0, N, t, prec))
        {
            arf_clear(th0);
            return _hkz_ly_cw_integral_bracket(a, b, sa, sb, x0, wt, N, t,
                                                prec);
        }
    }
    arf_clear(th0);
    if (fabs(arf_get_d(x0, ARF_RND_NEAR) - arf_get_d(B->th0, ARF_RND_NEAR))
        > B->dmax)
        return _hkz_ly_cw_integral_bracket(a, b, sa, sb, x0, wt, N, t,
                                            prec);
    arf_init(r);
    arf_init(x1);
    arf_init(e);
    arf_init(dl);
    arf_init(lo);
    arf_init(hi);
    /* the Newton step must stay well inside r = max(|x0| 2^-34, wt) */
    arf_abs(r, x0);
    arf_mul_2exp_si(r, r, -34);
    arf_max(r, r, wt);
    step = newton_d(B, x0);
    if (isfinite(step))
    {
        /* Newton step x1 = x0 - step */
        arf_set_d(x1, step);
        arf_abs(dl, x1);
        arf_sub(x1, x0, x1, B->c.wp, ARF_RND_NEAR);
        /* a goal below the double resolution: steps in balls until the
         * quadratic error estimate 8 N step^2 is below wt/4 */
        arf_mul_2exp_si(e, x0, -44);
        if (arf_cmpabs(wt, e) < 0 && arf_cmp(dl, r) < 0)
        {
            int it;
            arf_mul_2exp_si(lo, wt, -2);
            for (it = 0; it < 4; it++)
            {
                newton_arb(x1, dl, B);
                arf_mul(e, dl, dl, 64, ARF_RND_UP);
                arf_mul_si(e, e, 8 * N, 64, ARF_RND_UP);
                if (arf_cmp(e, lo) <= 0)
                    break;
            }
        }
        /* e = max(wt/4, 8 N step^2) (quadratic convergence), well below r */
        arf_mul(e, dl, dl, 64, ARF_RND_UP);
        arf_mul_si(e, e, 8 * N, 64, ARF_RND_UP);
        arf_mul_2exp_si(dl, dl, 2);
        if (arf_cmp(dl, r) < 0)
        {
            arf_mul_2exp_si(dl, wt, -2);
            arf_max(e, e, dl);
            arf_mul_2exp_si(dl, r, -2);
            if (arf_cmp(e, dl) < 0)
            {
                arf_sub(lo, x1, e, ARF_PREC_EXACT, ARF_RND_DOWN);
                arf_add(hi, x1, e, ARF_PREC_EXACT, ARF_RND_DOWN);
                *sa = blk_sign(B, lo);
                *sb = blk_sign(B, hi);
                if (*sa != 0 && *sb != 0 && *sa != *sb)
                {
                    arf_set(a, lo);
                    arf_set(b, hi);
                    ok = 1;
                }
            }
        }
    }
    arf_clear(r);
    arf_clear(x1);
    arf_clear(e);
    arf_clear(dl);
    arf_clear(lo);
    arf_clear(hi);
    return ok;
}
