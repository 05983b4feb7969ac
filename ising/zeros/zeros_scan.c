/* Grid scans of the gaps between certified brackets and the sorted list
 * of brackets (generic zero driver). */
#include <stdlib.h>
#include "zeros_fun_internal.h"
#include "hkz_check.h"

/* ---- parallel tasks ------------------------------------------------------ */


void _hkz_lyz_task_signs(size_t i0, size_t i1, void *arg)
{
    _hkz_lyz_task_t *t = arg;
    size_t i;
    for (i = i0; i < i1; i++)
    {
        int st = _hkz_lyz_signs(t->d, t->sg + i, t->x + i, 1, t->prec + i);
        if (st != HKZ_SUCCESS)
            t->sg[i] = 2 + st;      /* hard error marker (> 1) */
    }
}

/* ---- the list of certified brackets -------------------------------------- */


void _hkz_lyz_list_push(_hkz_lyz_list_t *L, _hkz_lyz_zb_t *src)
{
    if (L->len == L->alloc)
    {
        L->alloc = FLINT_MAX(16, 2 * L->alloc);
        L->z = flint_realloc(L->z, sizeof(_hkz_lyz_zb_t) * L->alloc);
    }
    /* move: the arf structs are taken over */
    L->z[L->len++] = *src;
    arf_init(&src->a);
    arf_init(&src->b);
}

static int cmp_zb(const void *p, const void *q)
{
    const _hkz_lyz_zb_t *a = p, *b = q;
    return arf_cmp(&a->a, &b->a);
}

/* Sorts and drops brackets that overlap an earlier one (they might hold
 * the same zero). Returns the number dropped. */
slong _hkz_lyz_list_normalize(_hkz_lyz_list_t *L)
{
    slong i, k = 0, dropped = 0;
    if (L->len == 0)
        return 0;  /* qsort(NULL, 0, ...) is undefined */
    qsort(L->z, L->len, sizeof(_hkz_lyz_zb_t), cmp_zb);
    for (i = 0; i < L->len; i++)
    {
        if (k > 0 && arf_cmp(&L->z[i].a, &L->z[k - 1].b) <= 0)
        {
            _hkz_lyz_zb_clear(L->z + i);
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
int _hkz_lyz_range_signs(const _hkz_lyz_drv_t *d, int *s0, int *s_end)
{
    arf_t zero;
    slong p = d->start_prec;
    int st;
    arf_init(zero);
    st = _hkz_lyz_signs(d, s0, zero, 1, &p);
    *s_end = 0;
    if (st == HKZ_SUCCESS && d->end_fixed)
    {
        p = d->start_prec;
        st = _hkz_lyz_signs(d, s_end, &d->end, 1, &p);
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
int _hkz_lyz_scan_round(const _hkz_lyz_drv_t *d, _hkz_lyz_list_t *L,
                        const char *want,
                        slong per_gap, int s0, int s_end, int nthreads)
{
    slong ngaps = L->len + 1, g, i, k, np = 0, alloc, nnew = 0, neval = 0;
    slong wprec = 2 * d->max_prec + 64;
    pt_t *p;
    slong *gstart, *idx;
    arf_ptr ex;
    int *esg;
    slong *eprec;
    _hkz_lyz_zb_t *nz;
    _hkz_lyz_task_t t;
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
            q->prec = _hkz_lyz_start_prec_at(d, arf_get_d(&q->x,
                                             ARF_RND_NEAR));
            neval += q->eval;
        }
        arf_clear(lo);
        arf_clear(hi);
        arf_clear(h);
    }
    gstart[ngaps] = np;

    ex = _hkz_lyz_arf_vec_init(FLINT_MAX(neval, 1));
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
    (void) hkz_parallel_for(hkz_pool_flint(), (size_t) neval, nthreads, 1,
                            _hkz_lyz_task_signs, &t);
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
        nz = flint_malloc(sizeof(_hkz_lyz_zb_t) * FLINT_MAX(np, 1));
        for (g = 0; g < ngaps; g++)
        {
            slong last = -1;
            for (i = gstart[g]; i < gstart[g + 1]; i++)
            {
                if (p[i].s == 0)
                    continue;
                if (last >= 0 && p[i].s != p[last].s)
                {
                    _hkz_lyz_zb_init(nz + nnew, FLINT_MAX(p[last].prec,
                                     p[i].prec));
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
        {
            int su = _hkz_lyz_units(d, nz, nnew, 0, nthreads, d->opts,
                                    d->done, d->n);
            if (su != HKZ_SUCCESS)
                st = su;
        }
        for (i = 0; i < nnew; i++)
        {
            if (nz[i].status != HKZ_SUCCESS && nz[i].status != HKZ_ERR_PREC)
                st = nz[i].status;
            _hkz_lyz_list_push(L, nz + i);
            _hkz_lyz_zb_clear(nz + i);
        }
        flint_free(nz);
        _hkz_lyz_list_normalize(L);
    }
    for (i = 0; i < np; i++)
        arf_clear(&p[i].x);
    flint_free(p);
    flint_free(gstart);
    _hkz_lyz_arf_vec_clear(ex, FLINT_MAX(neval, 1));
    flint_free(esg);
    flint_free(eprec);
    flint_free(idx);
    return st;
}

/* Gaps that must hold a zero: certified signs at both ends differ. */
slong _hkz_lyz_odd_gaps(char *want, const _hkz_lyz_list_t *L, int s0,
                        int s_end)
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

