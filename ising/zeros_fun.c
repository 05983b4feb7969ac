/* The generic certified driver for the principal zeros (spec 3.4).
 *
 * Every zero is returned as a bracket [a, b] in (0, pi/2) with certified
 * opposite signs of F at a and b (exact points, ball evaluation, Ziv loop
 * on the precision).  n = floor(W/2) disjoint such brackets prove that the
 * list is complete and every zero simple (count argument in hkz/ly.h), so
 * no exclusion test and no derivative enclosure are needed.  Brackets come
 * from predictions (Newton, then a tight sign test) or from a grid scan of
 * the gaps between brackets already certified; Newton steps inside a
 * certified bracket are safeguarded by bisection. */
#include <stdlib.h>
#include "zeros_internal.h"
#include "hkz_check.h"

typedef struct
{
    const hkz_ly_fun_struct *f;
    slong W, n;
    slong rel_bits, max_prec, start_prec;
    arf_struct end;         /* right end of the search range (< pi/2) */
    int end_fixed;          /* W even: sign at `end` is meaningful */
} drv_t;

typedef struct
{
    arf_struct a, b;        /* bracket a < b (or search limits if !ok) */
    int sa, sb;             /* certified signs at a, b when ok */
    int ok;                 /* certified sign change in [a, b] */
    slong prec;
    int status;             /* hard error of this entry */
    double guess;
} zb_t;

static arf_ptr arf_vec_init(slong n)
{
    arf_ptr v = flint_malloc(sizeof(arf_struct) * n);
    slong i;
    for (i = 0; i < n; i++)
        arf_init(v + i);
    return v;
}

static void arf_vec_clear(arf_ptr v, slong n)
{
    slong i;
    for (i = 0; i < n; i++)
        arf_clear(v + i);
    flint_free(v);
}

static void zb_init(zb_t *z, slong prec)
{
    arf_init(&z->a);
    arf_init(&z->b);
    z->sa = z->sb = 0;
    z->ok = 0;
    z->prec = prec;
    z->status = HKZ_SUCCESS;
    z->guess = 0;
}

static void zb_clear(zb_t *z)
{
    arf_clear(&z->a);
    arf_clear(&z->b);
}

static slong start_prec_at(const drv_t *d, double th)
{
    slong p = d->start_prec;
    /* the hint is the expected cancellation in bits at theta */
    if (d->f->prec_hint != NULL)
        p += FLINT_MAX(0, d->f->prec_hint(th, d->f->ctx));
    return FLINT_MIN(p, d->max_prec);
}

/* Signs of F at npts exact points, raising *prec until all are certified
 * or max_prec is reached (then uncertified ones are 0). */
static int signs(const drv_t *d, int *sg, arf_srcptr x, slong npts,
                 slong *prec)
{
    arb_ptr v = _arb_vec_init(npts);
    int st, all;
    slong i;

    for (;;)
    {
        st = d->f->eval(v, x, npts, d->f->ctx, *prec);
        if (st != HKZ_SUCCESS)
            break;
        all = 1;
        for (i = 0; i < npts; i++)
        {
            sg[i] = arb_is_positive(v + i) ? 1 : arb_is_negative(v + i) ? -1
                                                                       : 0;
            all &= sg[i] != 0;
        }
        if (all || *prec >= d->max_prec)
            break;
        *prec = FLINT_MIN(2 * *prec, d->max_prec);
    }
    _arb_vec_clear(v, npts);
    return st;
}

/* Target bracket width 2^-rel_bits x for x > 0. */
static void target_width(arf_t wt, const drv_t *d, const arf_t x)
{
    arf_abs(wt, x);
    arf_mul_2exp_si(wt, wt, -d->rel_bits);
}

/* Newton proposal xn = x - F/F' at x.  Returns 1 with xn, step set; 0 if
 * no proposal; raises *prec while the step is not resolved to res_tol.
 * sgn receives the certified sign of F(x) (rigorous newton) or 0. */
static int newton_prop(const drv_t *d, arf_t xn, arf_t step, int *sgn,
                       const arf_t x, const arf_t res_tol, slong *prec,
                       int *status)
{
    arb_t F, dF;
    arf_t res;
    mag_t r;
    int ok = 0;

    arb_init(F);
    arb_init(dF);
    arf_init(res);
    mag_init(r);
    *sgn = 0;
    for (;;)
    {
        *status = d->f->newton(F, dF, x, d->f->ctx, *prec);
        if (*status != HKZ_SUCCESS)
            break;
        if (d->f->newton_rigorous)
            *sgn = arb_is_positive(F) ? 1 : arb_is_negative(F) ? -1 : 0;
        if (!arb_is_finite(F) || !arb_is_finite(dF) ||
            arf_is_zero(arb_midref(dF)))
        {
            if (*prec >= d->max_prec)
                break;
            *prec = FLINT_MIN(2 * *prec, d->max_prec);
            continue;
        }
        /* resolution of the step: rad(F)/|F'| must be below res_tol */
        arb_get_mag_lower(r, dF);
        if (!mag_is_zero(r))
        {
            mag_div(r, arb_radref(F), r);
            arf_set_mag(res, r);
        }
        else
            arf_pos_inf(res);
        if (arf_cmp(res, res_tol) > 0 && *prec < d->max_prec &&
            *sgn == 0)
        {
            *prec = FLINT_MIN(2 * *prec, d->max_prec);
            continue;
        }
        arf_div(step, arb_midref(F), arb_midref(dF), *prec, ARF_RND_NEAR);
        arf_sub(xn, x, step, *prec, ARF_RND_NEAR);
        ok = 1;
        break;
    }
    arb_clear(F);
    arb_clear(dF);
    arf_clear(res);
    mag_clear(r);
    return ok;
}

static int strictly_inside(const arf_t x, const arf_t a, const arf_t b)
{
    return arf_cmp(x, a) > 0 && arf_cmp(x, b) < 0;
}

/* Refines a certified bracket (z->ok) to the target width: Newton
 * proposals, tight sign tests around converged iterates, bisection as the
 * safeguard.  x0 (may be NULL) is the first iterate. */
static void refine_bracket(const drv_t *d, zb_t *z, const arf_t x0)
{
    arf_t x, xn, step, wt, w, tol, e;
    arf_struct pts[2];
    int sg[2], sgn, it, stall = 0;

    arf_init(x);
    arf_init(xn);
    arf_init(step);
    arf_init(wt);
    arf_init(w);
    arf_init(tol);
    arf_init(e);
    arf_init(pts + 0);
    arf_init(pts + 1);
    if (x0 != NULL && strictly_inside(x0, &z->a, &z->b))
        arf_set(x, x0);
    else
    {
        arf_add(x, &z->a, &z->b, ARF_PREC_EXACT, ARF_RND_DOWN);
        arf_mul_2exp_si(x, x, -1);
    }
    for (it = 0; it < 400; it++)
    {
        target_width(wt, d, arf_sgn(&z->a) > 0 ? &z->a : &z->b);
        arf_sub(w, &z->b, &z->a, ARF_PREC_EXACT, ARF_RND_DOWN);
        if (arf_cmp(w, wt) <= 0)
            break;
        if (!strictly_inside(x, &z->a, &z->b) || stall >= 3)
        {
            /* bisection step */
            arf_add(x, &z->a, &z->b, ARF_PREC_EXACT, ARF_RND_DOWN);
            arf_mul_2exp_si(x, x, -1);
            z->status = signs(d, sg, x, 1, &z->prec);
            if (z->status != HKZ_SUCCESS)
                break;
            if (sg[0] == 0)
            {
                /* x is (numerically) a zero: move off it by a quarter */
                arf_sub(xn, &z->b, &z->a, ARF_PREC_EXACT, ARF_RND_DOWN);
                arf_mul_2exp_si(xn, xn, -2);
                arf_add(x, x, xn, ARF_PREC_EXACT, ARF_RND_DOWN);
                z->status = signs(d, sg, x, 1, &z->prec);
                if (z->status != HKZ_SUCCESS || sg[0] == 0)
                    break;
            }
            if (sg[0] == z->sa)
                arf_set(&z->a, x);
            else
                arf_set(&z->b, x);
            stall = 0;
            arf_add(x, &z->a, &z->b, ARF_PREC_EXACT, ARF_RND_DOWN);
            arf_mul_2exp_si(x, x, -1);
            continue;
        }
        arf_mul_2exp_si(tol, wt, -4);
        if (!newton_prop(d, xn, step, &sgn, x, tol, &z->prec, &z->status))
        {
            if (z->status != HKZ_SUCCESS)
                break;
            stall = 3;
            continue;
        }
        if (sgn != 0)
        {
            if (sgn == z->sa)
                arf_set(&z->a, x);
            else
                arf_set(&z->b, x);
        }
        if (!strictly_inside(xn, &z->a, &z->b))
        {
            stall = 3;
            continue;
        }
        arf_abs(step, step);
        arf_mul_2exp_si(tol, wt, -3);
        if (arf_cmp(step, tol) <= 0)
        {
            /* converged: certify [xn - e, xn + e] */
            arf_mul_2exp_si(e, wt, -2);
            arf_mul_2exp_si(step, step, 1);
            arf_max(e, e, step);
            arf_sub(pts + 0, xn, e, ARF_PREC_EXACT, ARF_RND_DOWN);
            arf_add(pts + 1, xn, e, ARF_PREC_EXACT, ARF_RND_DOWN);
            if (arf_cmp(pts + 0, &z->a) <= 0 || arf_cmp(pts + 1, &z->b) >= 0)
            {
                arf_set(x, xn);
                stall++;
                continue;
            }
            z->status = signs(d, sg, pts, 2, &z->prec);
            if (z->status != HKZ_SUCCESS)
                break;
            if (sg[0] == z->sa)
                arf_set(&z->a, pts + 0);
            if (sg[1] == z->sb)
                arf_set(&z->b, pts + 1);
            if (sg[0] == z->sb && sg[0] != 0)
                arf_set(&z->b, pts + 0);
            if (sg[1] == z->sa && sg[1] != 0)
                arf_set(&z->a, pts + 1);
            if (sg[0] == 0 || sg[1] == 0)
                stall++;
            arf_set(x, xn);
            continue;
        }
        arf_set(x, xn);
    }
    arf_clear(x);
    arf_clear(xn);
    arf_clear(step);
    arf_clear(wt);
    arf_clear(w);
    arf_clear(tol);
    arf_clear(e);
    arf_clear(pts + 0);
    arf_clear(pts + 1);
}

/* From a prediction z->guess inside the (uncertified) limits [a, b]:
 * Newton to convergence, then a tight sign test; on success z->ok = 1 and
 * the bracket is refined to the target width. */
static void refine_guess(const drv_t *d, zb_t *z)
{
    arf_t x, xn, step, wt, tol, e, lim_a, lim_b;
    arf_struct pts[2];
    int sg[2], sgn, it, k;

    arf_init(x);
    arf_init(xn);
    arf_init(step);
    arf_init(wt);
    arf_init(tol);
    arf_init(e);
    arf_init(lim_a);
    arf_init(lim_b);
    arf_init(pts + 0);
    arf_init(pts + 1);
    arf_set_d(x, z->guess);
    arf_set(lim_a, &z->a);
    arf_set(lim_b, &z->b);
    z->ok = 0;
    if (d->f->bracket != NULL)
    {
        /* one-pass Newton + certification, retried once at 2 prec */
        target_width(wt, d, x);
        for (k = 0; k < 2 && !z->ok; k++)
        {
            if (d->f->bracket(pts + 0, pts + 1, sg + 0, sg + 1, x, wt,
                              d->f->ctx, z->prec) &&
                arf_cmp(pts + 0, lim_a) > 0 && arf_cmp(pts + 1, lim_b) < 0)
            {
                arf_set(&z->a, pts + 0);
                arf_set(&z->b, pts + 1);
                z->sa = sg[0];
                z->sb = sg[1];
                z->ok = 1;
            }
            else if (z->prec < d->max_prec)
                z->prec = FLINT_MIN(2 * z->prec, d->max_prec);
        }
        if (z->ok)
        {
            arf_add(x, &z->a, &z->b, ARF_PREC_EXACT, ARF_RND_DOWN);
            arf_mul_2exp_si(x, x, -1);
            refine_bracket(d, z, x);
            goto cleanup;
        }
    }
    for (it = 0; it < 60; it++)
    {
        target_width(wt, d, x);
        arf_mul_2exp_si(tol, wt, -4);
        if (!newton_prop(d, xn, step, &sgn, x, tol, &z->prec, &z->status))
            break;
        if (!strictly_inside(xn, lim_a, lim_b))
            break;
        arf_abs(step, step);
        arf_set(x, xn);
        /* converged when the step is below the target, or when quadratic
         * convergence (error ~ W step^2 for degree W) already is */
        arf_mul_2exp_si(tol, wt, -3);
        if (arf_cmp(step, tol) > 0)
        {
            arf_mul(e, step, step, 64, ARF_RND_UP);
            arf_mul_si(e, e, 16 * FLINT_MAX(d->W, 1), 64, ARF_RND_UP);
            if (arf_cmp(e, tol) > 0)
                continue;
            arf_mul_2exp_si(step, e, -3);
        }
        /* tight test, widened a few times if the signs agree */
        arf_mul_2exp_si(e, wt, -2);
        arf_mul_2exp_si(step, step, 1);
        arf_max(e, e, step);
        for (k = 0; k < 4; k++)
        {
            arf_sub(pts + 0, x, e, ARF_PREC_EXACT, ARF_RND_DOWN);
            arf_add(pts + 1, x, e, ARF_PREC_EXACT, ARF_RND_DOWN);
            if (arf_cmp(pts + 0, lim_a) <= 0 || arf_cmp(pts + 1, lim_b) >= 0)
                break;
            z->status = signs(d, sg, pts, 2, &z->prec);
            if (z->status != HKZ_SUCCESS)
                break;
            if ((sg[0] == 0 || sg[1] == 0) && z->prec >= d->max_prec)
            {
                z->status = HKZ_ERR_PREC;
                break;
            }
            if (sg[0] != 0 && sg[1] != 0 && sg[0] != sg[1])
            {
                arf_set(&z->a, pts + 0);
                arf_set(&z->b, pts + 1);
                z->sa = sg[0];
                z->sb = sg[1];
                z->ok = 1;
                break;
            }
            arf_mul_2exp_si(e, e, 3);
        }
        break;
    }
    if (z->ok)
        refine_bracket(d, z, x);
cleanup:
    arf_clear(x);
    arf_clear(xn);
    arf_clear(step);
    arf_clear(wt);
    arf_clear(tol);
    arf_clear(e);
    arf_clear(lim_a);
    arf_clear(lim_b);
    arf_clear(pts + 0);
    arf_clear(pts + 1);
}

/* ---- parallel tasks ------------------------------------------------------ */

typedef struct
{
    const drv_t *d;
    zb_t *z;
    arf_srcptr x;           /* scan points */
    int *sg;
    slong *prec;
} task_t;

static void task_guess(slong i, void *arg)
{
    task_t *t = arg;
    refine_guess(t->d, t->z + i);
}

static void task_bracket(slong i, void *arg)
{
    task_t *t = arg;
    refine_bracket(t->d, t->z + i, NULL);
}

static void task_sign(slong i, void *arg)
{
    task_t *t = arg;
    int st = signs(t->d, t->sg + i, t->x + i, 1, t->prec + i);
    if (st != HKZ_SUCCESS)
        t->sg[i] = 2 + st;      /* hard error marker (> 1) */
}

/* ---- the list of certified brackets -------------------------------------- */

typedef struct
{
    zb_t *z;
    slong len, alloc;
} list_t;

static void list_push(list_t *L, zb_t *src)
{
    if (L->len == L->alloc)
    {
        L->alloc = FLINT_MAX(16, 2 * L->alloc);
        L->z = flint_realloc(L->z, sizeof(zb_t) * L->alloc);
    }
    /* move: the arf structs are taken over */
    L->z[L->len++] = *src;
    arf_init(&src->a);
    arf_init(&src->b);
}

static int cmp_zb(const void *p, const void *q)
{
    const zb_t *a = p, *b = q;
    return arf_cmp(&a->a, &b->a);
}

/* Sorts and drops brackets that overlap an earlier one (they might hold
 * the same zero). Returns the number dropped. */
static slong list_normalize(list_t *L)
{
    slong i, k = 0, dropped = 0;
    if (L->len == 0)
        return 0;  /* qsort(NULL, 0, ...) is undefined */
    qsort(L->z, L->len, sizeof(zb_t), cmp_zb);
    for (i = 0; i < L->len; i++)
    {
        if (k > 0 && arf_cmp(&L->z[i].a, &L->z[k - 1].b) <= 0)
        {
            zb_clear(L->z + i);
            dropped++;
            continue;
        }
        L->z[k++] = L->z[i];
    }
    L->len = k;
    return dropped;
}

/* Signs at the ends of the search range: F(0) and, for even W, F at the
 * lower bound `end` of pi/2 (0 if not certified). */
static int range_signs(const drv_t *d, int *s0, int *s_end)
{
    arf_t zero;
    slong p = d->start_prec;
    int st;
    arf_init(zero);
    st = signs(d, s0, zero, 1, &p);
    *s_end = 0;
    if (st == HKZ_SUCCESS && d->end_fixed)
    {
        p = d->start_prec;
        st = signs(d, s_end, &d->end, 1, &p);
    }
    arf_clear(zero);
    return st;
}

typedef struct
{
    arf_struct x;
    int s;                  /* sign (0 unknown / not certified) */
    int eval;               /* 1: to be evaluated */
    slong prec;
} pt_t;

/* One scan round over the gaps g with want[g] (all if want == NULL):
 * per_gap cells per gap, signs of the new sample points in parallel, new
 * brackets refined in parallel.  Returns a hard error or HKZ_SUCCESS. */
static int scan_round(const drv_t *d, list_t *L, const char *want,
                      slong per_gap, int s0, int s_end, int nthreads)
{
    slong ngaps = L->len + 1, g, i, k, np = 0, alloc, nnew = 0, neval = 0;
    slong wprec = 2 * d->max_prec + 64;
    pt_t *p;
    slong *gstart, *idx;
    arf_ptr ex;
    int *esg;
    slong *eprec;
    zb_t *nz;
    task_t t;
    int st = HKZ_SUCCESS;

    alloc = ngaps * (per_gap + 1);
    p = flint_malloc(sizeof(pt_t) * alloc);
    gstart = flint_malloc(sizeof(slong) * (ngaps + 1));
    for (g = 0; g < ngaps; g++)
    {
        arf_t lo, hi, h;
        gstart[g] = np;
        if (want != NULL && !want[g])
            continue;
        arf_init(lo);
        arf_init(hi);
        arf_init(h);
        if (g > 0)
            arf_set(lo, &L->z[g - 1].b);
        else
            arf_zero(lo);
        if (g < L->len)
            arf_set(hi, &L->z[g].a);
        else
            arf_set(hi, &d->end);
        arf_sub(h, hi, lo, wprec, ARF_RND_DOWN);
        arf_div_si(h, h, per_gap, wprec, ARF_RND_DOWN);
        for (i = 0; i <= per_gap; i++)
        {
            pt_t *q = p + np++;
            arf_init(&q->x);
            q->eval = 0;
            q->s = 0;
            if (i == 0)
            {
                arf_set(&q->x, lo);
                q->s = g > 0 ? L->z[g - 1].sb : s0;
            }
            else if (i == per_gap && g < L->len)
            {
                arf_set(&q->x, hi);
                q->s = L->z[g].sa;
            }
            else if (i == per_gap && d->end_fixed)
            {
                arf_set(&q->x, hi);
                q->s = s_end;
            }
            else if (i == per_gap)
            {
                /* W odd: F(pi/2) = 0; sample half a cell below */
                arf_mul_2exp_si(&q->x, h, -1);
                arf_sub(&q->x, hi, &q->x, wprec, ARF_RND_DOWN);
            }
            else
            {
                arf_mul_si(&q->x, h, i, wprec, ARF_RND_DOWN);
                arf_add(&q->x, &q->x, lo, wprec, ARF_RND_DOWN);
            }
            q->eval = (q->s == 0);
            q->prec = start_prec_at(d, arf_get_d(&q->x, ARF_RND_NEAR));
            neval += q->eval;
        }
        arf_clear(lo);
        arf_clear(hi);
        arf_clear(h);
    }
    gstart[ngaps] = np;

    ex = arf_vec_init(FLINT_MAX(neval, 1));
    esg = flint_malloc(sizeof(int) * FLINT_MAX(neval, 1));
    eprec = flint_malloc(sizeof(slong) * FLINT_MAX(neval, 1));
    idx = flint_malloc(sizeof(slong) * FLINT_MAX(neval, 1));
    for (i = 0, k = 0; i < np; i++)
        if (p[i].eval)
        {
            arf_set(ex + k, &p[i].x);
            eprec[k] = p[i].prec;
            idx[k++] = i;
        }
    t.d = d;
    t.x = ex;
    t.sg = esg;
    t.prec = eprec;
    _hkz_ly_parallel_for(neval, nthreads, task_sign, &t);
    for (k = 0; k < neval; k++)
    {
        if (esg[k] > 1)
            st = esg[k] - 2;
        else
        {
            p[idx[k]].s = esg[k];
            p[idx[k]].prec = eprec[k];
        }
    }

    if (st == HKZ_SUCCESS)
    {
        /* sign changes between consecutive certified points of a gap */
        nz = flint_malloc(sizeof(zb_t) * FLINT_MAX(np, 1));
        for (g = 0; g < ngaps; g++)
        {
            slong last = -1;
            for (i = gstart[g]; i < gstart[g + 1]; i++)
            {
                if (p[i].s == 0)
                    continue;
                if (last >= 0 && p[i].s != p[last].s)
                {
                    zb_init(nz + nnew, FLINT_MAX(p[last].prec, p[i].prec));
                    arf_set(&nz[nnew].a, &p[last].x);
                    arf_set(&nz[nnew].b, &p[i].x);
                    nz[nnew].sa = p[last].s;
                    nz[nnew].sb = p[i].s;
                    nz[nnew].ok = 1;
                    nnew++;
                }
                last = i;
            }
        }
        t.z = nz;
        _hkz_ly_parallel_for(nnew, nthreads, task_bracket, &t);
        for (i = 0; i < nnew; i++)
        {
            if (nz[i].status != HKZ_SUCCESS && nz[i].status != HKZ_ERR_PREC)
                st = nz[i].status;
            list_push(L, nz + i);
            zb_clear(nz + i);
        }
        flint_free(nz);
        list_normalize(L);
    }
    for (i = 0; i < np; i++)
        arf_clear(&p[i].x);
    flint_free(p);
    flint_free(gstart);
    arf_vec_clear(ex, FLINT_MAX(neval, 1));
    flint_free(esg);
    flint_free(eprec);
    flint_free(idx);
    return st;
}

/* Gaps that must hold a zero: certified signs at both ends differ. */
static slong odd_gaps(char *want, const list_t *L, int s0, int s_end)
{
    slong g, cnt = 0;
    for (g = 0; g <= L->len; g++)
    {
        int l = g > 0 ? L->z[g - 1].sb : s0;
        int r = g < L->len ? L->z[g].sa : s_end;
        want[g] = (l != 0 && r != 0 && l != r);
        cnt += want[g];
    }
    return cnt;
}

int hkz_ly_zeros_fun(hkz_ly_zeros_t z, const hkz_ly_fun_struct *f,
                     const hkz_ly_opts_t *opts)
{
    hkz_ly_opts_t o;
    drv_t d;
    list_t L;
    zb_t *pz = NULL;
    double *g = NULL;
    slong n, i, per_gap, round;
    int status = HKZ_SUCCESS, nthreads, s0 = 0, s_end = 0;
    slong prec_limited = 0;
    arb_t hpi;

    HKZ_CHECK(f != NULL && f->eval != NULL && f->newton != NULL,
              HKZ_ERR_ARG, "hkz_ly_zeros_fun: incomplete function object");
    HKZ_CHECK(f->W == z->W, HKZ_ERR_ARG, "hkz_ly_zeros_fun: result made "
              "for W = %ld, function has W = %ld", (long) z->W, (long) f->W);
    if (opts == NULL)
    {
        hkz_ly_opts_init(&o);
        opts = &o;
    }
    HKZ_CHECK(opts->rel_bits >= 1 && opts->rel_bits <= 1000000, HKZ_ERR_ARG,
              "hkz_ly_zeros_fun: rel_bits must be in [1, 10^6] (got %ld)",
              (long) opts->rel_bits);
    n = z->n;
    z->trivial = (int) (z->W & 1);
    z->complete = 0;
    z->nisolated = 0;
    for (i = 0; i < n; i++)
    {
        arb_indeterminate(z->theta + i);
        z->flag[i] = HKZ_LY_ZERO_UNKNOWN;
    }
    if (n == 0)
    {
        z->complete = 1;
        return HKZ_SUCCESS;
    }
    nthreads = _hkz_ly_nthreads(opts);
    d.f = f;
    d.W = z->W;
    d.n = n;
    d.rel_bits = opts->rel_bits;
    d.max_prec = _hkz_ly_max_prec(opts, z->W);
    d.start_prec = FLINT_MIN(opts->rel_bits + 64, d.max_prec);
    arf_init(&d.end);
    arb_init(hpi);
    arb_const_pi(hpi, opts->rel_bits + 128);
    arb_mul_2exp_si(hpi, hpi, -1);
    arb_get_lbound_arf(&d.end, hpi, opts->rel_bits + 128);
    d.end_fixed = (z->W % 2 == 0);
    L.z = NULL;
    L.len = L.alloc = 0;

    /* 1. predictions (Newton + tight sign test per zero, in parallel) */
    if (f->predict != NULL)
    {
        g = flint_malloc(sizeof(double) * n);
        if (f->predict(g, n, f->ctx) == HKZ_SUCCESS)
        {
            int sorted = g[0] > 0 && g[n - 1] < HKZ_LY_PI / 2;
            for (i = 1; i < n && sorted; i++)
                sorted = g[i] > g[i - 1];
            if (sorted)
            {
                task_t t;
                pz = flint_malloc(sizeof(zb_t) * n);
                for (i = 0; i < n; i++)
                {
                    double lo = i > 0 ? 0.5 * (g[i - 1] + g[i]) : 0.5 * g[0];
                    double hi = i < n - 1 ? 0.5 * (g[i] + g[i + 1])
                                          : 0.5 * (g[i] + HKZ_LY_PI / 2);
                    zb_init(pz + i, start_prec_at(&d, g[i]));
                    pz[i].guess = g[i];
                    arf_set_d(&pz[i].a, lo);
                    arf_set_d(&pz[i].b, hi);
                    if (arf_cmp(&pz[i].b, &d.end) > 0)
                        arf_set(&pz[i].b, &d.end);
                }
                t.d = &d;
                t.z = pz;
                _hkz_ly_parallel_for(n, nthreads, task_guess, &t);
                for (i = 0; i < n; i++)
                {
                    if (pz[i].status == HKZ_ERR_PREC && !pz[i].ok)
                        prec_limited++;
                    else if (pz[i].status != HKZ_SUCCESS &&
                             pz[i].status != HKZ_ERR_PREC)
                        status = pz[i].status;
                    if (pz[i].ok)
                        list_push(&L, pz + i);
                }
                list_normalize(&L);
                if (status != HKZ_SUCCESS)
                    goto cleanup;
            }
        }
    }

    /* 2. grid scans of the gaps until the count is saturated: first the
     * gaps whose end signs prove a missing zero, then all of them */
    per_gap = FLINT_MAX(8, (opts->grid > 0 ? opts->grid : 8) *
                           (L.len == 0 ? n : 1));
    if (prec_limited > 0)
    {
        /* signs near predicted zeros stayed undetermined at max_prec:
         * a scan would only repeat that (e.g. coefficient balls too wide) */
        per_gap = 0;
    }
    else if (L.len < n)
    {
        status = range_signs(&d, &s0, &s_end);
        if (status != HKZ_SUCCESS)
            goto cleanup;
    }
    /* a grid 4^5 times finer than the first one is the end of the search:
     * zeros closer than that are reported as not isolated */
    for (round = 0; L.len < n && round < 6 && per_gap > 0; round++)
    {
        slong ngaps = L.len + 1, nodd;
        char *want = flint_malloc(ngaps);
        nodd = odd_gaps(want, &L, s0, s_end);
        if ((nodd > 0 ? nodd : ngaps) * per_gap > (WORD(1) << 16) + 64 * n)
        {
            flint_free(want);
            break;
        }
        status = scan_round(&d, &L, nodd > 0 ? want : NULL, per_gap, s0,
                            s_end, nthreads);
        flint_free(want);
        if (status != HKZ_SUCCESS)
            goto cleanup;
        per_gap *= 4;
    }

    /* 3. the count */
    if (L.len > n)
    {
        status = hkz_error_set(HKZ_ERR_INTERNAL, "hkz_ly_zeros_fun: %ld "
                 "sign changes in (0, pi/2) but a degree-%ld cosine sum has "
                 "at most %ld: the evaluator is not a valid F",
                 (long) L.len, (long) z->W, (long) n);
        goto cleanup;
    }
    z->prec = 0;
    for (i = 0; i < L.len; i++)
    {
        arb_set_interval_arf(z->theta + i, &L.z[i].a, &L.z[i].b,
                             d.max_prec + 64);
        z->flag[i] = L.len == n ? HKZ_LY_ZERO_CERTIFIED
                                : HKZ_LY_ZERO_ISOLATED;
        z->prec = FLINT_MAX(z->prec, L.z[i].prec);
    }
    z->nisolated = L.len;
    if (L.len < n && prec_limited > 0)
    {
        status = hkz_error_set(HKZ_ERR_NOT_CERTIFIED, "only %ld of the %ld "
                 "principal zeros isolated: near %ld predicted zeros the sign "
                 "of F stayed undetermined at max_prec = %ld bits (inputs "
                 "such as t given as balls too wide for the cancellation?)",
                 (long) L.len, (long) n, (long) prec_limited,
                 (long) d.max_prec);
        goto cleanup;
    }
    if (L.len < n)
    {
        status = hkz_error_set(HKZ_ERR_NOT_CERTIFIED, "only %ld of the %ld "
                 "principal zeros isolated (grid scans of every gap up to "
                 "%ld points, working precision up to %ld bits): the rest "
                 "may be multiple or closer than the grid",
                 (long) L.len, (long) n, (long) per_gap / 4,
                 (long) d.max_prec);
        goto cleanup;
    }
    z->complete = 1;
    for (i = 0; i < n; i++)
    {
        arf_t wt, w;
        arf_init(wt);
        arf_init(w);
        target_width(wt, &d, &L.z[i].a);
        arf_sub(w, &L.z[i].b, &L.z[i].a, ARF_PREC_EXACT, ARF_RND_DOWN);
        if (arf_cmp(w, wt) > 0 && status == HKZ_SUCCESS)
            status = hkz_error_set(HKZ_ERR_PREC, "principal zero %ld of %ld "
                     "isolated but only to %ld bits (goal %ld) at max_prec "
                     "%ld", (long) i + 1, (long) n,
                     (long) arb_rel_accuracy_bits(z->theta + i),
                     (long) d.rel_bits, (long) d.max_prec);
        arf_clear(wt);
        arf_clear(w);
    }

cleanup:
    if (pz != NULL)
    {
        for (i = 0; i < n; i++)
            zb_clear(pz + i);
        flint_free(pz);
    }
    for (i = 0; i < L.len; i++)
        zb_clear(L.z + i);
    flint_free(L.z);
    flint_free(g);
    arf_clear(&d.end);
    arb_clear(hpi);
    return status;
}
