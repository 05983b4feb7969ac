/* Filling the weight cache of the batched fallback (its entries and
 * lookups: heat_sub_grid_wcache.c; 2 cos(kz): heat_sub_grid_cos.c):
 * hkz_su2_sub_wcache_prepare of one entry and _prepare_many for many
 * entries at once, on the engine's threads.  Steps: the working precision of every entry (in
 * parallel); the distinct weight keys (t, wp, d) by sorting, each looked
 * up by binary search in the cache's sorted index; the missing weight
 * sets made in parallel into private slots, then appended; the a priori
 * k-cut of every entry (in parallel, heat_sub_grid_kcut.c); the weights of each key extended to
 * the largest cut of its entries (in parallel, one key per task); the
 * recurrence tables per key; 2 cos(kz) per distinct (z, wp)
 * (_hkz_su2_sub_wcache_cos_many).  Every value cached depends only on its
 * key (the bits of W_km, c_k and the tables do not depend on how far or in
 * how many steps they were made), so the entries' balls are those of n
 * calls of hkz_su2_sub_wcache_prepare. */
#include <stdlib.h>
#include "hkz_check.h"
#include "heat_sub_internal.h"
#include "su2_grid_internal.h"

/* a key and where it came from (an entry, or a slot of the cache) */
typedef struct
{
    double td;
    slong wp;
    ulong d;
    const arb_struct *t;
    slong i;
} key_t_;

/* the order of the keys; the same ball (pointer): a quick tie */
static int key_cmp(const key_t_ *u, const key_t_ *v)
{
    if (u->t == v->t && u->wp == v->wp && u->d == v->d)
        return 0;
    return _hkz_su2_sub_went_cmp(u->td, u->wp, u->d, u->t, v->td, v->wp,
                                 v->d, v->t);
}

static int by_key(const void *a, const void *b)
{
    const key_t_ *u = a, *v = b;
    int s = key_cmp(u, v);
    return s != 0 ? s : (u->i > v->i) - (u->i < v->i);
}

typedef struct
{
    const arb_struct *const *t, *const *r, *const *z;
    ulong d;
    slong prec;
    struct hkz_su2_sub_wcache_struct *c;
    hkz_engine_t e;
    int *st;
    double *td;
    slong *wp, *wpb, *wi, *k1, *ki;   /* per entry: wi slot, ki key */
    slong *ws;             /* per entry: the slot of its weights' source */
    slong *uk, *nl;        /* per key: slot; new keys */
    slong *kx;             /* per key: how far its own W are made */
    _hkz_su2_sub_went_t *nw;               /* the new weight sets */
    const key_t_ *keys;                    /* the new keys */
    int *made;
    slong *ft, *fr, *fz;   /* per entry: first entry of its t, r, z ball */
} prep_t;

/* status of the checks, working precision of entries [i0, i1) (td of
 * the first entry of each t ball set before): a ball is checked at its
 * first entry only (the checks of t, r and z are independent), and the
 * distance estimate is kept while r and z stay the same balls */
static void wp_range(size_t i0, size_t i1, void *arg)
{
    prep_t *P = arg;
    _hkz_su2_sub_d2memo_t m;
    size_t i;

    _hkz_su2_sub_d2memo_init(&m);
    m.ptr_ok = 1;           /* the balls do not change during the call */
    for (i = i0; i < i1; i++)
    {
        P->st[i] = HKZ_SUCCESS;
        if (P->ft[i] == (slong) i || P->fr[i] == (slong) i
            || P->fz[i] == (slong) i)
            P->st[i] = hkz_su2_sub_check_internal(
                    "hkz_su2_sub_wcache_prepare", P->t[i], P->r[i],
                    P->z[i], P->d, P->prec);
        if (P->st[i] != HKZ_SUCCESS)
            continue;
        P->td[i] = P->td[P->ft[i]];
        P->wp[i] = _hkz_su2_sub_entry_wp(P->td[i], P->r[i], P->z[i],
                                         P->prec, &m);
        P->wpb[i] = _hkz_su2_sub_basis_key(P->wp[i], P->td[i]);
    }
    _hkz_su2_sub_d2memo_clear(&m);
    flint_cleanup();
}

static void make_range(size_t i0, size_t i1, void *arg)
{
    prep_t *P = arg;
    size_t i;
    for (i = i0; i < i1; i++)
        P->made[i] = _hkz_su2_sub_went_make(P->nw + i, P->keys[i].t,
                                            P->keys[i].wp, P->d);
    flint_cleanup();
}

/* the weights of keys [i0, i1) up to their largest cut kn */
static void extend_range(size_t i0, size_t i1, void *arg)
{
    prep_t *P = arg;
    size_t i;
    for (i = i0; i < i1; i++)
        if (P->uk[i] >= 0 && P->kx[i] >= 0
            && _hkz_su2_sub_went_extend(P->c->e + P->uk[i], P->kx[i])
               != HKZ_SUCCESS)
            P->kx[i] = -2;
    flint_cleanup();
}

/* kx[i]: how far key i makes its W: -1 if it reads those of its source
 * (heat_sub_grid_wcache.c), else the largest cut k1 of the entries that
 * read them (ws: per entry its weights' slot) */
static int weights_plan(struct hkz_su2_sub_wcache_struct *c, prep_t *P,
                        slong nu, slong n)
{
    slong *need = malloc(FLINT_MAX(c->n, 1) * sizeof(slong)), i;

    HKZ_CHECK(need != NULL, HKZ_ERR_NOMEM, "su2-sub fallback: out of "
              "memory");
    for (i = 0; i < c->n; i++)
        need[i] = -1;
    for (i = 0; i < n; i++)
        if (P->ws[i] >= 0)
            need[P->ws[i]] = FLINT_MAX(need[P->ws[i]], P->k1[i]);
    for (i = 0; i < nu; i++)
        P->kx[i] = P->uk[i] < 0 || c->e[P->uk[i]].src >= 0 ? -1
                   : need[P->uk[i]];
    free(need);
    return HKZ_SUCCESS;
}

/* c->ord: the entries sorted by key */
static int went_sort(struct hkz_su2_sub_wcache_struct *c)
{
    key_t_ *S = malloc(FLINT_MAX(c->n, 1) * sizeof(key_t_));
    slong i;

    HKZ_CHECK(S != NULL, HKZ_ERR_NOMEM, "su2-sub fallback: out of memory");
    for (i = 0; i < c->n; i++)
    {
        S[i].td = c->e[i].td;
        S[i].wp = c->e[i].wp;
        S[i].t = c->e[i].t;
        S[i].d = c->e[i].d;
        S[i].i = i;
    }
    qsort(S, c->n, sizeof(key_t_), by_key);
    for (i = 0; i < c->n; i++)
        c->ord[i] = S[i].i;
    free(S);
    return HKZ_SUCCESS;
}

/* the new weight sets nw[0..nn) (made[i]: not too large) appended to the
 * cache; ui[j]: the slot of new key j (-1: none) */
static int went_insert(struct hkz_su2_sub_wcache_struct *c,
        _hkz_su2_sub_went_t *nw, const int *made, slong nn, slong *ui)
{
    slong i;
    if (c->n + nn > c->alloc)
    {
        slong na = FLINT_MAX(2 * c->alloc + 8, c->n + nn);
        _hkz_su2_sub_went_t *e = realloc(c->e, na * sizeof(*e));
        slong *o = realloc(c->ord, na * sizeof(slong));
        if (e != NULL)
            c->e = e;
        if (o != NULL)
            c->ord = o;
        if (e == NULL || o == NULL)
        {
            for (i = 0; i < nn; i++)
                if (made[i])
                    _hkz_su2_sub_went_clear(nw + i);
            return hkz_error_set(HKZ_ERR_NOMEM, "su2-sub fallback: out of "
                                 "memory");
        }
        c->alloc = na;
    }
    for (i = 0; i < nn; i++)
    {
        ui[i] = -1;
        if (!made[i])
            continue;
        c->e[c->n] = nw[i];
        ui[i] = c->n++;
    }
    return went_sort(c);
}

int hkz_su2_sub_wcache_prepare_keys(hkz_su2_sub_wcache_t c, slong n,
        const arb_struct *const *t, const arb_struct *const *r,
        const arb_struct *const *z, ulong d, slong prec, hkz_engine_t e,
        slong *key, slong *cut)
{
    prep_t P;
    key_t_ *K = malloc(FLINT_MAX(2 * n, 1) * sizeof(key_t_));
    slong *sl = malloc(FLINT_MAX(16 * n, 1) * sizeof(slong));
    slong i, nu = 0, nn = 0, m = 0;
    int status = HKZ_SUCCESS;

    P.t = t; P.r = r; P.z = z; P.d = d; P.prec = prec; P.c = c; P.e = e;
    P.st = malloc(FLINT_MAX(n, 1) * sizeof(int));
    P.made = malloc(FLINT_MAX(2 * n, 1) * sizeof(int));
    P.td = malloc(FLINT_MAX(n, 1) * sizeof(double));
    P.nw = malloc(FLINT_MAX(2 * n, 1) * sizeof(_hkz_su2_sub_went_t));
    HKZ_CHECK_GOTO(K != NULL && sl != NULL && P.st != NULL && P.made != NULL
                   && P.td != NULL && P.nw != NULL, HKZ_ERR_NOMEM,
                   "hkz_su2_sub_wcache_prepare: out of memory");
    /* per entry n each, per key (at most 2 n: the entries' and their
     * weights' sources) 2 n each */
    P.wp = sl; P.wpb = sl + n; P.wi = sl + 2 * n; P.ki = sl + 3 * n;
    P.ft = sl + 4 * n; P.fr = sl + 5 * n; P.fz = sl + 6 * n;
    P.k1 = sl + 7 * n; P.uk = sl + 9 * n; P.nl = sl + 11 * n;
    P.kx = sl + 13 * n; P.ws = sl + 15 * n;
    /* 1. working precisions; the first failed check is reported (a ball
     * fails at its first entry) */
    status = _hkz_su2_sub_first_of(P.ft, n, t, NULL);
    if (status == HKZ_SUCCESS)
        status = _hkz_su2_sub_first_of(P.fr, n, r,
                                       NULL);
    if (status == HKZ_SUCCESS)
        status = _hkz_su2_sub_first_of(P.fz, n, z,
                                       NULL);
    for (i = 0; status == HKZ_SUCCESS && i < n; i++)
        if (P.ft[i] == i)
            P.td[i] = arf_get_d(arb_midref(t[i]), ARF_RND_NEAR);
    if (status == HKZ_SUCCESS)
        status = hkz_engine_parallel_for(e, (size_t) n, wp_range, &P);
    for (i = 0; status == HKZ_SUCCESS && i < n; i++)
        if (P.st[i] != HKZ_SUCCESS)
            status = hkz_su2_sub_check_internal("hkz_su2_sub_wcache_prepare",
                    t[i], r[i], z[i], d, prec);
    if (status != HKZ_SUCCESS)
        goto cleanup;
    /* 2. the distinct keys (K[0..nu): one entry each, uk: its slot), of
     * the entries first with their (t ball, wp) (fz: that first entry) */
    status = _hkz_su2_sub_first_of(P.fz, n, t, P.wp);
    if (status != HKZ_SUCCESS)
        goto cleanup;
    for (i = 0; i < n; i++)
        if (P.fz[i] == i)
        {
            slong ws = _hkz_su2_sub_went_wsrc(P.wp[i], P.td[i]);
            K[m].td = P.td[i];
            K[m].wp = P.wp[i];
            K[m].d = d;
            K[m].t = t[i];
            K[m++].i = i;
            if (ws == P.wp[i])
                continue;
            K[m] = K[m - 1];          /* its weights' source: a key too */
            K[m].wp = ws;
            K[m++].i = n + i;
        }
    qsort(K, m, sizeof(key_t_), by_key);
    for (i = 0; i < m; i++)
    {
        if (nu > 0 && key_cmp(K + nu - 1, K + i) == 0)
        {
            if (K[i].i < n)
                P.ki[K[i].i] = nu - 1;
            continue;
        }
        K[nu] = K[i];
        if (K[i].i < n)
            P.ki[K[i].i] = nu;
        {
            const _hkz_su2_sub_went_t *w = _hkz_su2_sub_wcache_find(c,
                    K[nu].t, K[nu].td, K[nu].wp, d);
            P.uk[nu] = w != NULL ? w - c->e : -1;
        }
        nu++;
    }
    for (i = 0; i < n; i++)
        P.ki[i] = P.ki[P.fz[i]];
    /* the missing sets made in parallel, then appended (nl: their key
     * indices) */
    for (i = 0; i < nu; i++)
        if (P.uk[i] < 0)
        {
            P.nl[nn] = i;
            K[nn] = K[i];               /* nn <= i: K[i] already read */
            nn++;
        }
    P.keys = K;
    status = hkz_engine_parallel_for(e, (size_t) nn, make_range, &P);
    if (status == HKZ_SUCCESS)
        status = went_insert(c, P.nw, P.made, nn, P.k1);
    if (status != HKZ_SUCCESS)
        goto cleanup;
    for (i = 0; i < nn; i++)
        P.uk[P.nl[i]] = P.k1[i];
    /* the keys linked to their weights' sources (heat_sub_grid_wcache.c:
     * an entry then sums with its source's truncation, tails and W) */
    for (i = 0; i < nu; i++)
        if (P.uk[i] >= 0)
            _hkz_su2_sub_went_link(c, P.uk[i]);
    for (i = 0; i < n; i++)
    {
        P.wi[i] = P.uk[P.ki[i]];
        P.ws[i] = P.wi[i] < 0 ? -1
                  : HKZ_SUB_WSRC(c, c->e + P.wi[i]) - c->e;
    }
    /* 3. the k-cuts (of the sources' truncations); per source slot the
     * largest, its weights extended to it, its recurrence tables (few
     * precisions: on this thread) */
    status = _hkz_su2_sub_kcut_many(P.k1, n, r, P.ws, c, e);
    if (status == HKZ_SUCCESS)
        status = weights_plan(c, &P, nu, n);
    if (status == HKZ_SUCCESS)
        status = hkz_engine_parallel_for(e, (size_t) nu, extend_range, &P);
    for (i = 0; status == HKZ_SUCCESS && i < nu; i++)
    {
        const _hkz_su2_sub_went_t *w = c->e + FLINT_MAX(P.uk[i], 0);
        if (P.kx[i] == -2)
            status = hkz_error_set(HKZ_ERR_NOMEM, "su2-sub fallback: out "
                                   "of memory");
        else if (P.uk[i] >= 0 && P.kx[i] >= 0)
            status = _hkz_su2_sub_coef_add(c,
                    _hkz_su2_sub_basis_key(w->wp, w->td), P.kx[i], w->M);
    }
    /* 4. 2 cos(kz) per distinct (z, basis key), as far as the entries'
     * own a priori cuts (an entry summed with its source's truncation
     * stops near its own cut: heat_sub_grid_multi.c; a vector too short
     * for it is computed there, the same bits) */
    for (i = m = 0; i < n; i++)
    {
        P.nl[i] = P.ws[i] != P.wi[i] ? P.wi[i] : -1;   /* linked only */
        m += P.nl[i] >= 0;
    }
    if (status == HKZ_SUCCESS && m > 0)
        status = _hkz_su2_sub_kcut_many(P.kx, n, r, P.nl, c, e);
    for (i = 0; status == HKZ_SUCCESS && i < n; i++)
        P.kx[i] = P.nl[i] < 0 ? P.k1[i] : FLINT_MIN(P.kx[i], P.k1[i]);
    for (i = 0; i < n; i++)     /* double-doubles for wp <= 256 only */
        P.nl[i] = P.wp[i] <= HKZ_SUB_DD_WP ? P.kx[i] : -1;
    if (status == HKZ_SUCCESS)
        status = _hkz_su2_sub_wcache_cos_many(c, n, z, P.wpb, P.kx, P.nl,
                                              e);
    for (i = 0; status == HKZ_SUCCESS && i < n; i++)
    {
        if (key != NULL)
            key[i] = P.wi[i];
        if (cut != NULL)
            cut[i] = P.k1[i];
    }
cleanup:
    free(K);
    free(sl);
    free(P.st);
    free(P.made);
    free(P.td);
    free(P.nw);
    return status;
}

int hkz_su2_sub_wcache_prepare_many(hkz_su2_sub_wcache_t c, slong n,
        const arb_struct *const *t, const arb_struct *const *r,
        const arb_struct *const *z, ulong d, slong prec, hkz_engine_t e)
{
    return hkz_su2_sub_wcache_prepare_keys(c, n, t, r, z, d, prec, e, NULL,
                                           NULL);
}

int hkz_su2_sub_wcache_prepare(hkz_su2_sub_wcache_t c, const arb_t t,
        const arb_t r, const arb_t z, ulong d, slong prec)
{
    return hkz_su2_sub_wcache_prepare_many(c, 1, &t, &r, &z, d, prec, NULL);
}
