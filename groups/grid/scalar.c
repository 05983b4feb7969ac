/* The certified scalar route of a grid entry: the scalar kernel functions
 * under the Ziv loop (hkz/goal.h). */
#include <stdlib.h>
#include "grid_internal.h"
#include "hkz_check.h"

typedef struct
{
    const hkz_grid_heat_struct *g;
    slong p, j;
    int partial;   /* product: the tail was not certified */
} scalar_job;

static int eval(arb_t res, void *param, slong prec)
{
    scalar_job *J = param;
    const hkz_grid_heat_struct *g = J->g;
    const arb_struct *t = g->t->v + J->j;
    int status;

    switch (g->kind)
    {
    case HKZ_GRID_SU2:
        return hkz_su2_heat_bi(res, t, g->alpha->v + J->p, g->deriv, prec);
    case HKZ_GRID_SU2_SUB:
        return hkz_su2_heat_sub(res, t, g->r->v + J->p / g->z->n,
                                g->z->v + J->p % g->z->n, g->deriv, prec);
    case HKZ_GRID_SU2_MILNOR:
    {
        hkz_su2_elem_t x;
        hkz_su2_elem_init(x);
        if (g->path == NULL)
        {
            arb_t phi;
            arb_init(phi);
            hkz_su2_elem_set_cyl(x, g->r->v + J->p / g->z->n, phi,
                                 g->z->v + J->p % g->z->n, prec);
            arb_clear(phi);
            status = HKZ_SUCCESS;
        }
        else
        {
            acb_t a, b;
            const arb_struct *v = g->g + 4 * J->p;
            acb_init(a);
            acb_init(b);
            acb_set_arb_arb(a, v + 0, v + 1);
            acb_set_arb_arb(b, v + 2, v + 3);
            status = hkz_su2_elem_set_acb(x, a, b, prec);
            acb_clear(a);
            acb_clear(b);
        }
        if (status == HKZ_SUCCESS && g->deriv == 0)
            status = hkz_su2_heat_milnor(res, g->w + 0, g->w + 1, g->w + 2,
                                         t, x, prec);
        else if (status == HKZ_SUCCESS)
        {
            /* d^k/dt^k p_t, k <= 8 (heat_init.c) */
            arb_struct d[9];
            slong k;
            for (k = 0; k <= (slong) g->deriv; k++)
                arb_init(d + k);
            status = hkz_su2_heat_milnor_deriv(d, g->deriv, g->w + 0,
                                              g->w + 1, g->w + 2, t, 1, x,
                                              prec);
            arb_swap(res, d + g->deriv);
            for (k = 0; k <= (slong) g->deriv; k++)
                arb_clear(d + k);
        }
        hkz_su2_elem_clear(x);
        return status;
    }
    case HKZ_GRID_PRODUCT:
    {
        hkz_su2n_info_t info;
        status = hkz_su2n_heat_deriv(res, &info, g->pw, g->pop, t,
                                     g->pts + J->p, g->deriv, prec);
        J->partial = status == HKZ_SUCCESS && info.kind == HKZ_SU2N_PARTIAL;
        return status;
    }
    }
    return hkz_error_set(HKZ_ERR_INTERNAL, "grid: unknown kind");
}

int _hkz_grid_scalar(hkz_grid_entry_t *row, const hkz_grid_heat_t g,
                     slong p, slong j, const hkz_goal_t *goal)
{
    scalar_job J;
    int status;

    J.g = g;
    J.p = p;
    J.j = j;
    J.partial = 0;
    status = hkz_goal_eval(&row->value, eval, &J, goal, NULL);
    row->scalar = 1;
    row->p = p;
    row->j = j;
    if (status != HKZ_SUCCESS && status != HKZ_ERR_PREC)
        return hkz_error_set(status, "grid entry (point %ld, t = %s): %s",
                             (long) p, g->t->label[j], hkz_errmsg());
    row->status = status;
    row->certified = arb_is_finite(&row->value) && !J.partial;
    return HKZ_SUCCESS;
}

/* ---- the batched fallback of su2-sub tiles (hkz_su2_heat_sub_multi):
 * the failing entries of a tile grouped by r ---- */

typedef struct
{
    const _hkz_grid_tbuf_t *tb;
    const slong *idx;
    const slong *key, *cut;   /* per entry: its weights in w, k-cut */
    const slong *gs;          /* pieces: idx[gs[i] .. gs[i+1]) */
    char *done;
    int *st;
    const hkz_grid_heat_struct *g;
    slong p0, T, prec;
    const hkz_goal_t *goal;
    const struct hkz_su2_sub_wcache_struct *w;
} multi_par_t;

/* the pieces [i0, i1) in one call (its scratch serves all their r) */
static void multi_range(size_t i0, size_t i1, void *arg)
{
    const multi_par_t *A = arg;
    const hkz_grid_heat_struct *g = A->g;
    slong a = A->gs[i0], n = A->gs[i1] - a, k, p;
    arb_ptr res = _arb_vec_init(n);
    int *ok = malloc(n * sizeof(int)), st = HKZ_ERR_NOMEM;
    const arb_struct **rz = malloc(2 * n * sizeof(arb_struct *));
    size_t i;

    if (ok != NULL && rz != NULL)
    {
        for (k = 0; k < n; k++)
        {
            p = A->p0 + A->idx[a + k] / A->T;
            rz[k] = g->r->v + p / g->z->n;
            rz[n + k] = g->z->v + p % g->z->n;
        }
        st = hkz_su2_heat_sub_multi_keys(res, ok, n, A->key + a,
                                         A->cut + a, rz, rz + n, A->prec,
                                         A->w);
        slong q = -1;        /* the held row of the last entry */
        for (k = 0; st == HKZ_SUCCESS && k < n; k++)
        {
            /* the entries are mostly in key order: the next held row */
            const _hkz_grid_tbuf_t *tb = A->tb;
            hkz_grid_entry_t *row = q + 1 < tb->nsc
                && tb->key[q + 1] == A->idx[a + k] ? tb->sc + q + 1
                : _hkz_grid_tb_row(tb, A->idx[a + k]);
            if (row != NULL)
                q = row - tb->sc;
            if (!ok[k] || !arb_is_finite(res + k)
                || arb_rel_accuracy_bits(res + k) < A->goal->rel_bits)
                continue;
            arb_swap(&row->value, res + k);
            row->scalar = 1;
            row->certified = 1;
            row->status = HKZ_SUCCESS;
            row->p = A->p0 + A->idx[a + k] / A->T;
            row->j = A->idx[a + k] % A->T;
            A->done[a + k] = 1;
        }
    }
    for (i = i0; i < i1; i++)
        A->st[i] = st;
    free(ok);
    free(rz);
    _arb_vec_clear(res, n);
    flint_cleanup();
}

/* an entry i T + j with its time index j (sort key) */
typedef struct
{
    slong j, x, key, cut;
} piece_key;

static int by_time(const void *a, const void *b)
{
    const piece_key *u = a, *v = b;
    if (u->j != v->j)
        return u->j < v->j ? -1 : 1;
    return u->x < v->x ? -1 : (u->x > v->x);
}

/* Cuts the groups (one r each) into pieces for the engine's nth threads:
 * a tile holds only a few r (256 points, nz per r), so the groups alone
 * would keep 2-4 threads busy.  A group larger than N / (2 nth) is sorted
 * by time and cut at time boundaries into about n_g / (N / (2 nth))
 * pieces: the pieces share no inner sum d_k(t) (one per time), only the
 * r-basis is rebuilt per piece (HKZ_GRID_PIECES=0: no cut, to measure).  An entry's ball depends on its own
 * inputs only (hkz_su2_heat_sub_multi), so the cut changes no bit.
 * idx and its keys wk (cuts at wk + N) are permuted inside each group;
 * gs gets the piece
 * starts; returns
 * the number of pieces. */
static slong cut_pieces(slong *idx, slong *wk, slong *gs, slong ng, slong N,
                        slong T, int nth)
{
    slong s = FLINT_MAX(64, N / (2 * (slong) FLINT_MAX(1, nth)) + 1);
    slong *g0 = malloc((ng + 1) * sizeof(slong));
    piece_key *key = malloc(FLINT_MAX(1, N) * sizeof(piece_key));
    slong i, np = 0;

    if (g0 == NULL || key == NULL || nth <= 1 || (getenv("HKZ_GRID_PIECES")
                                    && atoi(getenv("HKZ_GRID_PIECES")) == 0))
    {
        free(g0);
        free(key);
        return ng;
    }
    for (i = 0; i <= ng; i++)
        g0[i] = gs[i];
    for (i = 0; i < ng; i++)
    {
        slong a = g0[i], n = g0[i + 1] - a, want, k, next;
        gs[np++] = a;
        if (n <= s)
            continue;
        for (k = 0; k < n; k++)
        {
            key[k].j = idx[a + k] % T;
            key[k].x = idx[a + k];
            key[k].key = wk[a + k];
            key[k].cut = wk[N + a + k];
        }
        qsort(key, n, sizeof(piece_key), by_time);
        for (k = 0; k < n; k++)
        {
            idx[a + k] = key[k].x;
            wk[a + k] = key[k].key;
            wk[N + a + k] = key[k].cut;
        }
        want = (n + s - 1) / s;
        next = 1;
        for (k = 1; k < n && next < want; k++)
            if (k >= n * next / want
                && idx[a + k] % T != idx[a + k - 1] % T)
            {
                gs[np++] = a + k;
                next++;
            }
    }
    gs[np] = N;
    free(g0);
    free(key);
    return np;
}

static int cmp_slong(const void *a, const void *b)
{
    slong x = *(const slong *) a, y = *(const slong *) b;
    return x < y ? -1 : (x > y);
}

/* 16 bits over the goal: the result is rounded to that, and the entry's
 * working precision adds the scalar path's guard bits on top
 * (heat_sub_grid_multi.c); +32 cost a 64-bit step of precision for many
 * entries */
slong _hkz_grid_sub_prec(const hkz_goal_t *goal)
{
    slong prec = goal->start_prec > 0 ? goal->start_prec
                                      : goal->rel_bits + 16;
    return FLINT_MIN(prec, goal->max_prec);
}

int _hkz_grid_sub_multi(_hkz_grid_tbuf_t *tb, slong *idx, slong *n,
                        const hkz_grid_heat_t g, hkz_engine_t e,
                        const hkz_goal_t *goal, hkz_su2_sub_wcache_t w)
{
    slong p0 = tb->p0, T = tb->T;
    multi_par_t A;
    slong i, ng = 0, m = 0, N = *n;
    slong *gs = malloc((N + 1) * sizeof(slong));
    slong *wk = malloc(FLINT_MAX(2 * N, 1) * sizeof(slong));
    const arb_struct **tp = NULL;
    int status = HKZ_SUCCESS;

    A.done = calloc(N, 1);
    A.st = malloc((N + 1) * sizeof(int));
    HKZ_CHECK_GOTO(gs != NULL && wk != NULL && A.done != NULL
                   && A.st != NULL,
                   HKZ_ERR_NOMEM, "grid: out of memory");
    A.prec = _hkz_grid_sub_prec(goal);
    /* the weights of every entry, prepared at once on the engine's
     * threads (the cache is read-only during the sums below) */
    tp = malloc(3 * FLINT_MAX(N, 1) * sizeof(const arb_struct *));
    HKZ_CHECK_GOTO(tp != NULL, HKZ_ERR_NOMEM, "grid: out of memory");
    for (i = 0; i < N; i++)
    {
        slong p = p0 + idx[i] / T;
        /* groups: entries of one r (points p = ir nz + iz, increasing) */
        if (i == 0 || p / g->z->n != (p0 + idx[i - 1] / T) / g->z->n)
            gs[ng++] = i;
        tp[i] = g->t->v + idx[i] % T;
        tp[N + i] = g->r->v + p / g->z->n;
        tp[2 * N + i] = g->z->v + p % g->z->n;
    }
    if (hkz_su2_sub_wcache_prepare_keys(w, N, tp, tp + N, tp + 2 * N,
                                        g->deriv, A.prec, e, wk, wk + N)
        != HKZ_SUCCESS)
        goto cleanup;               /* the scalar route says why */
    gs[ng] = N;
    {
        hkz_engine_opts_t eo;
        int nth = 1;
        if (e != NULL)
        {
            hkz_engine_get_opts(&eo, e);
            nth = eo.nthreads;
        }
        ng = cut_pieces(idx, wk, gs, ng, N, T, nth);
    }
    A.tb = tb;
    A.idx = idx;
    A.key = wk;
    A.cut = wk + N;
    A.gs = gs;
    A.g = g;
    A.p0 = p0;
    A.T = T;
    A.goal = goal;
    A.w = w;
    if (e != NULL && ng > 1)
        status = hkz_engine_parallel_for(e, (size_t) ng, multi_range, &A);
    else
        multi_range(0, (size_t) ng, &A);
    /* an entry whose batch failed keeps the scalar route */
    for (i = 0; status == HKZ_SUCCESS && i < N; i++)
        if (!A.done[i])
            idx[m++] = idx[i];
    /* the scalar route wants them increasing (the pieces permuted them) */
    if (status == HKZ_SUCCESS)
    {
        qsort(idx, m, sizeof(slong), cmp_slong);
        *n = m;
    }
cleanup:
    free(tp);
    free(gs);
    free(wk);
    free(A.done);
    free(A.st);
    return status;
}
