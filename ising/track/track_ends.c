/* Endpoints of single-edge trajectories and the [HJN] verifiers
 * (spec 2.3-2.5).  theta_j(0) are the principal zeros of G - e counted
 * with multiplicity, theta_j(inf) those of the contracted graph G/e.
 *
 * When G - e is disconnected, Z_{G-e} is the product over components, so
 * its zeros are the union of the components' zeros (each component is
 * connected: simple zeros).  Identical components (same exact density of
 * states) give exactly equal zeros, which is how double zeros are known to
 * be double (spec 2.5, P4 example).  Components of odd weight each add a
 * zero at pi/2; floor(mu/2) of the mu such zeros are principal zeros of
 * the limit (the rest pair up across pi/2 or stay trivial). */
#include <string.h>
#include "zeros/zeros_internal.h"
#include "hkz_check.h"

void hkz_ly_edge_ends_init(hkz_ly_edge_ends_t e)
{
    memset(e, 0, sizeof(hkz_ly_edge_ends_struct));
}

void hkz_ly_edge_ends_clear(hkz_ly_edge_ends_t e)
{
    if (e->th0 != NULL)
        _arb_vec_clear(e->th0, e->n);
    if (e->thinf != NULL)
        _arb_vec_clear(e->thinf, e->n);
    flint_free(e->class0);
    flint_free(e->dir);
    memset(e, 0, sizeof(hkz_ly_edge_ends_struct));
}

static slong find(slong *p, slong x)
{
    while (p[x] != x)
        x = p[x] = p[p[x]];
    return x;
}

/* Submodel of m on the vertices with comp[v] == c (renumbered). */
static int submodel(hkz_ising_model_t s, const hkz_ising_model_t m,
                    const slong *comp, slong c)
{
    slong v, e, nv = 0, *map, *w;
    int st;

    map = flint_malloc(sizeof(slong) * m->n);
    w = flint_malloc(sizeof(slong) * m->n);
    for (v = 0; v < m->n; v++)
        if (comp[v] == c)
        {
            w[nv] = m->w != NULL ? m->w[v] : 1;
            map[v] = nv++;
        }
    st = hkz_ising_model_set_empty(s, nv);
    for (e = 0; e < m->nedges && st == HKZ_SUCCESS; e++)
    {
        if (comp[m->eu[e]] != c)
            continue;
        st = hkz_ising_model_add_edge(s, map[m->eu[e]], map[m->ev[e]],
                                      m->c + e);
        if (st == HKZ_SUCCESS && m->inexact != NULL && m->inexact[e])
            st = hkz_ising_model_set_coupling_arb(s, s->nedges - 1,
                                                  m->cx + e);
    }
    if (st == HKZ_SUCCESS)
        st = hkz_ising_model_set_weights(s, w);
    if (st == HKZ_SUCCESS)
        hkz_ising_model_set_scale(s, &m->scale);
    flint_free(map);
    flint_free(w);
    return st;
}

/* 1 iff the exact densities of states of a and b agree (then Z_a = Z_b). */
static int same_dos(const hkz_ising_model_t a, const hkz_ising_model_t b)
{
    hkz_ising_dos_t da, db;
    slong i;
    int eq = 0;
    if (hkz_ising_model_weight(a) != hkz_ising_model_weight(b) ||
        !hkz_ising_model_is_exact(a) || !hkz_ising_model_is_exact(b))
        return 0;
    hkz_ising_dos_init(da);
    hkz_ising_dos_init(db);
    if (hkz_ising_dos_compute(da, a, 1) == HKZ_SUCCESS &&
        hkz_ising_dos_compute(db, b, 1) == HKZ_SUCCESS &&
        da->nb == db->nb && da->nk == db->nk && da->bmin == db->bmin &&
        fmpq_equal(da->unit, db->unit) && fmpz_equal(da->S, db->S))
    {
        eq = 1;
        for (i = 0; i < da->nb * da->nk && eq; i++)
            eq = fmpz_equal(da->g + i, db->g + i);
    }
    hkz_ising_dos_clear(da);
    hkz_ising_dos_clear(db);
    return eq;
}

typedef struct
{
    arb_struct x;
    slong id;
} tagged_t;

/* theta_j(0): zeros of G - e with multiplicities and equality classes.
 * Returns HKZ_SUCCESS, or NOT_CERTIFIED if they cannot be ordered. */
static int zeros_deleted(hkz_ly_edge_ends_t e, const hkz_ising_model_t g,
                         const hkz_ly_opts_t *opts)
{
    slong n = e->n, W = hkz_ising_model_weight(g), v, k, j, c, ncomp = 0;
    slong *par, *comp, *rep, cnt = 0, mu = 0;
    tagged_t *L;
    hkz_ising_model_struct *sub;
    arb_t J;
    int st = HKZ_SUCCESS;

    par = flint_malloc(sizeof(slong) * g->n);
    comp = flint_malloc(sizeof(slong) * g->n);
    arb_init(J);
    for (v = 0; v < g->n; v++)
        par[v] = v;
    for (k = 0; k < g->nedges && st == HKZ_SUCCESS; k++)
    {
        st = hkz_ising_model_get_coupling(J, g, k, 128);
        if (st != HKZ_SUCCESS)
            break;
        if (arb_is_zero(J))
            continue;               /* J = 0 connects nothing */
        if (!arb_is_positive(J))
        {
            st = hkz_error_set(HKZ_ERR_NOT_CERTIFIED, "coupling of edge %ld "
                               "not certainly positive or zero", (long) k);
            break;
        }
        par[find(par, g->eu[k])] = find(par, g->ev[k]);
    }
    for (v = 0; v < g->n; v++)
        comp[v] = -1;
    rep = flint_malloc(sizeof(slong) * g->n);
    for (v = 0; v < g->n && st == HKZ_SUCCESS; v++)
    {
        slong r = find(par, v);
        for (c = 0; c < ncomp; c++)
            if (rep[c] == r)
                break;
        if (c == ncomp)
            rep[ncomp++] = r;
        comp[v] = c;
    }
    L = flint_malloc(sizeof(tagged_t) * (n + 1));
    sub = flint_malloc(sizeof(hkz_ising_model_struct) * FLINT_MAX(ncomp, 1));
    for (c = 0; c < ncomp; c++)
        hkz_ising_model_init(sub + c);
    /* each component: its principal zeros, tagged (class of the component,
     * index); identical components share the class */
    for (c = 0; c < ncomp && st == HKZ_SUCCESS; c++)
    {
        hkz_ly_zeros_t z;
        slong cls = c, Wc;
        st = submodel(sub + c, g, comp, c);
        if (st != HKZ_SUCCESS)
            break;
        for (k = 0; k < c; k++)
            if (same_dos(sub + k, sub + c))
            {
                cls = k;
                break;
            }
        Wc = hkz_ising_model_weight(sub + c);
        mu += Wc & 1;
        hkz_ly_zeros_init(z, Wc);
        st = hkz_ly_zeros_model(z, sub + c, opts);
        if (st == HKZ_ERR_PREC && z->complete)
            st = HKZ_SUCCESS;
        for (j = 0; j < z->n && st == HKZ_SUCCESS && cnt < n; j++)
        {
            arb_init(&L[cnt].x);
            arb_set(&L[cnt].x, z->theta + j);
            L[cnt++].id = cls * (W + 1) + j;
        }
        hkz_ly_zeros_clear(z);
    }
    /* floor(mu/2) principal zeros tend to pi/2 */
    for (k = 0; k < mu / 2 && st == HKZ_SUCCESS && cnt < n; k++)
    {
        arb_init(&L[cnt].x);
        arb_const_pi(&L[cnt].x, 256);
        arb_mul_2exp_si(&L[cnt].x, &L[cnt].x, -1);
        L[cnt++].id = -1;
    }
    if (st == HKZ_SUCCESS && cnt != n)
        st = hkz_error_set(HKZ_ERR_INTERNAL, "G - e: %ld limits for %ld "
                           "zeros", (long) cnt, (long) n);
    if (st == HKZ_SUCCESS)
    {
        /* insertion sort by midpoints; neighbours must be ordered or equal */
        for (k = 1; k < cnt; k++)
            for (j = k; j > 0 && arf_cmp(arb_midref(&L[j - 1].x),
                                         arb_midref(&L[j].x)) > 0; j--)
            {
                tagged_t tmp = L[j];
                L[j] = L[j - 1];
                L[j - 1] = tmp;
            }
        for (k = 0; k < cnt; k++)
        {
            arb_set(e->th0 + k, &L[k].x);
            e->class0[k] = L[k].id;
            if (k > 0 && L[k].id != L[k - 1].id &&
                !arb_lt(&L[k - 1].x, &L[k].x))
                st = hkz_error_set(HKZ_ERR_NOT_CERTIFIED, "zeros of G - e "
                                   "from different components not "
                                   "separated");
        }
    }
    for (k = 0; k < cnt; k++)
        arb_clear(&L[k].x);
    for (c = 0; c < ncomp; c++)
        hkz_ising_model_clear(sub + c);
    flint_free(sub);
    flint_free(L);
    flint_free(par);
    flint_free(comp);
    flint_free(rep);
    arb_clear(J);
    return st;
}

int hkz_ly_edge_ends(hkz_ly_edge_ends_t e, const hkz_ising_model_t m,
                     slong edge, const hkz_ly_opts_t *opts)
{
    hkz_ising_model_t g0, ginf;
    hkz_ly_zeros_t zi;
    slong W, n, j;
    int st;

    HKZ_CHECK(edge >= 0 && edge < m->nedges, HKZ_ERR_ARG,
              "hkz_ly_edge_ends: no edge %ld", (long) edge);
    st = hkz_ising_model_check_ferro(m);
    if (st != HKZ_SUCCESS)
        return st;
    hkz_ly_edge_ends_clear(e);
    W = hkz_ising_model_weight(m);
    n = W / 2;
    e->n = n;
    e->th0 = _arb_vec_init(n);
    e->thinf = _arb_vec_init(n);
    e->class0 = flint_calloc(FLINT_MAX(n, 1), sizeof(slong));
    e->dir = flint_calloc(FLINT_MAX(n, 1), sizeof(int));
    e->first_fail = -1;
    hkz_ising_model_init(g0);
    hkz_ising_model_init(ginf);
    hkz_ly_zeros_init(zi, W);

    /* t -> infinity: the contracted graph (weight 2 at the merged vertex) */
    st = hkz_ising_model_contract_edge(ginf, m, edge);
    if (st == HKZ_SUCCESS)
        st = hkz_ly_zeros_model(zi, ginf, opts);
    if (st == HKZ_SUCCESS || (st == HKZ_ERR_PREC && zi->complete))
    {
        e->okinf = 1;
        _arb_vec_set(e->thinf, zi->theta, n);
        st = HKZ_SUCCESS;
    }
    else
        goto cleanup;
    /* t -> 0: the deleted graph */
    st = hkz_ising_model_delete_edge(g0, m, edge);
    if (st == HKZ_SUCCESS)
        st = zeros_deleted(e, g0, opts);
    if (st != HKZ_SUCCESS)
        goto cleanup;
    e->ok0 = 1;

    /* directions sign(theta(inf) - theta(0)) (spec 2.4) */
    for (j = 0; j < n; j++)
        e->dir[j] = arb_lt(e->th0 + j, e->thinf + j) ? 1
                    : arb_gt(e->th0 + j, e->thinf + j) ? -1 : 0;
    /* disjointness (spec 2.5): max I_j < min I_{j+1}; touching allowed
     * only where both ends are theta(0) values proven equal */
    e->disjoint = 1;
    for (j = 0; j + 1 < n; j++)
    {
        const arb_struct *mx, *mn;
        int mx0, mn0;
        if (e->dir[j] == 0 || e->dir[j + 1] == 0)
        {
            e->disjoint = 0;
            e->first_fail = j;
            break;
        }
        mx0 = e->dir[j] < 0;                 /* max I_j is theta_j(0) */
        mx = mx0 ? e->th0 + j : e->thinf + j;
        mn0 = e->dir[j + 1] > 0;             /* min I_{j+1} is theta(0) */
        mn = mn0 ? e->th0 + j + 1 : e->thinf + j + 1;
        if (arb_lt(mx, mn))
            continue;
        if (mx0 && mn0 && e->class0[j] == e->class0[j + 1])
        {
            e->disjoint = 2;
            continue;
        }
        e->disjoint = 0;
        e->first_fail = j;
        break;
    }

cleanup:
    hkz_ising_model_clear(g0);
    hkz_ising_model_clear(ginf);
    hkz_ly_zeros_clear(zi);
    return st;
}
