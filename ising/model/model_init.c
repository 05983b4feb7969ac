/* Ising model: memory management, edges, couplings, weights. */
#include <string.h>
#include "ising_impl.h"
#include "hkz_check.h"

void hkz_ising_model_init(hkz_ising_model_t m)
{
    memset(m, 0, sizeof(hkz_ising_model_struct));
    arb_init(&m->scale);
    arb_one(&m->scale);
    m->kind = HKZ_ISING_GRAPH;
}

void _hkz_ising_model_drop_dos(hkz_ising_model_t m)
{
    if (m->dos == NULL)
        return;
    hkz_ising_dos_clear(m->dos);
    flint_free(m->dos);
    m->dos = NULL;
}

static void model_free_edges(hkz_ising_model_t m)
{
    slong i;
    for (i = 0; i < m->alloc; i++)
        fmpq_clear(m->c + i);
    if (m->cx != NULL)
        _arb_vec_clear(m->cx, m->alloc);
    flint_free(m->c);
    flint_free(m->eu);
    flint_free(m->ev);
    flint_free(m->inexact);
    m->c = NULL;
    m->cx = NULL;
    m->eu = m->ev = NULL;
    m->inexact = NULL;
    m->alloc = m->nedges = 0;
}

void hkz_ising_model_clear(hkz_ising_model_t m)
{
    model_free_edges(m);
    flint_free(m->w);
    m->w = NULL;
    arb_clear(&m->scale);
    _hkz_ising_model_drop_dos(m);
}

/* Grows the edge arrays to hold at least want edges. */
static int model_fit(hkz_ising_model_t m, slong want)
{
    slong i, na;
    if (want <= m->alloc)
        return HKZ_SUCCESS;
    na = FLINT_MAX(want, 2 * m->alloc);
    na = FLINT_MAX(na, 8);
    m->eu = flint_realloc(m->eu, na * sizeof(slong));
    m->ev = flint_realloc(m->ev, na * sizeof(slong));
    m->c = flint_realloc(m->c, na * sizeof(fmpq));
    for (i = m->alloc; i < na; i++)
        fmpq_init(m->c + i);
    if (m->cx != NULL)
    {
        m->cx = flint_realloc(m->cx, na * sizeof(arb_struct));
        for (i = m->alloc; i < na; i++)
            arb_init(m->cx + i);
        m->inexact = flint_realloc(m->inexact, na);
        memset(m->inexact + m->alloc, 0, na - m->alloc);
    }
    m->alloc = na;
    return HKZ_SUCCESS;
}

int hkz_ising_model_set_empty(hkz_ising_model_t m, slong n)
{
    HKZ_CHECK(n >= 1 && n <= HKZ_ISING_MAX_VERTICES, HKZ_ERR_ARG,
              "hkz_ising_model_set_empty: need 1 <= n <= %ld vertices "
              "(got %ld)", (long) HKZ_ISING_MAX_VERTICES, (long) n);
    _hkz_ising_model_drop_dos(m);
    model_free_edges(m);
    flint_free(m->w);
    m->w = NULL;
    m->n = n;
    arb_one(&m->scale);
    m->kind = HKZ_ISING_GRAPH;
    m->L = m->M = 0;
    m->boundary = HKZ_ISING_TORUS;
    return HKZ_SUCCESS;
}

int hkz_ising_model_set(hkz_ising_model_t res, const hkz_ising_model_t m)
{
    slong i;
    if (res == m)
        return HKZ_SUCCESS;
    HKZ_TRY(hkz_ising_model_set_empty(res, FLINT_MAX(m->n, 1)));
    res->n = m->n;
    HKZ_TRY(model_fit(res, m->nedges));
    if (m->inexact != NULL)
    {
        res->cx = _arb_vec_init(res->alloc);
        res->inexact = flint_calloc(res->alloc, 1);
    }
    for (i = 0; i < m->nedges; i++)
    {
        res->eu[i] = m->eu[i];
        res->ev[i] = m->ev[i];
        fmpq_set(res->c + i, m->c + i);
        if (m->inexact != NULL)
        {
            res->inexact[i] = m->inexact[i];
            arb_set(res->cx + i, m->cx + i);
        }
    }
    res->nedges = m->nedges;
    if (m->w != NULL)
    {
        res->w = flint_malloc(m->n * sizeof(slong));
        memcpy(res->w, m->w, m->n * sizeof(slong));
    }
    arb_set(&res->scale, &m->scale);
    res->kind = m->kind;
    res->L = m->L;
    res->M = m->M;
    res->boundary = m->boundary;
    return HKZ_SUCCESS;
}

int _hkz_ising_model_push_edge(hkz_ising_model_t m, slong u, slong v,
                               const fmpq_t J)
{
    HKZ_TRY(model_fit(m, m->nedges + 1));
    _hkz_ising_model_drop_dos(m);
    m->eu[m->nedges] = u;
    m->ev[m->nedges] = v;
    fmpq_set(m->c + m->nedges, J);
    if (m->inexact != NULL)
        m->inexact[m->nedges] = 0;
    m->nedges++;
    return HKZ_SUCCESS;
}

slong hkz_ising_model_find_edge(const hkz_ising_model_t m, slong u, slong v)
{
    slong i;
    for (i = 0; i < m->nedges; i++)
        if ((m->eu[i] == u && m->ev[i] == v) ||
            (m->eu[i] == v && m->ev[i] == u))
            return i;
    return -1;
}

int hkz_ising_model_add_edge(hkz_ising_model_t m, slong u, slong v,
                             const fmpq_t J)
{
    HKZ_CHECK(u >= 0 && u < m->n && v >= 0 && v < m->n, HKZ_ERR_ARG,
              "hkz_ising_model_add_edge: vertex out of range 0..%ld "
              "(edge %ld-%ld)", (long) m->n - 1, (long) u, (long) v);
    HKZ_CHECK(u != v, HKZ_ERR_ARG,
              "hkz_ising_model_add_edge: self-loop at vertex %ld", (long) u);
    HKZ_CHECK(hkz_ising_model_find_edge(m, u, v) < 0, HKZ_ERR_ARG,
              "hkz_ising_model_add_edge: duplicate edge %ld-%ld",
              (long) u, (long) v);
    m->kind = HKZ_ISING_GRAPH;
    return _hkz_ising_model_push_edge(m, u, v, J);
}

int hkz_ising_model_set_coupling(hkz_ising_model_t m, slong edge,
                                 const fmpq_t J)
{
    HKZ_CHECK(edge >= 0 && edge < m->nedges, HKZ_ERR_ARG,
              "hkz_ising_model_set_coupling: no edge %ld (model has %ld)",
              (long) edge, (long) m->nedges);
    _hkz_ising_model_drop_dos(m);
    fmpq_set(m->c + edge, J);
    if (m->inexact != NULL)
        m->inexact[edge] = 0;
    m->kind = HKZ_ISING_GRAPH;
    return HKZ_SUCCESS;
}

int hkz_ising_model_set_coupling_arb(hkz_ising_model_t m, slong edge,
                                     const arb_t J)
{
    HKZ_CHECK(edge >= 0 && edge < m->nedges, HKZ_ERR_ARG,
              "hkz_ising_model_set_coupling_arb: no edge %ld (model has %ld)",
              (long) edge, (long) m->nedges);
    HKZ_CHECK(arb_is_finite(J), HKZ_ERR_ARG,
              "hkz_ising_model_set_coupling_arb: coupling is not finite");
    if (m->inexact == NULL)
    {
        m->cx = _arb_vec_init(m->alloc);
        m->inexact = flint_calloc(m->alloc, 1);
    }
    _hkz_ising_model_drop_dos(m);
    arb_set(m->cx + edge, J);
    m->inexact[edge] = 1;
    m->kind = HKZ_ISING_GRAPH;
    return HKZ_SUCCESS;
}

void hkz_ising_model_set_scale(hkz_ising_model_t m, const arb_t s)
{
    arb_set(&m->scale, s);
}

int hkz_ising_model_get_coupling(arb_t J, const hkz_ising_model_t m,
                                 slong edge, slong prec)
{
    if (edge < 0 || edge >= m->nedges)
    {
        arb_indeterminate(J);
        return hkz_error_set(HKZ_ERR_ARG, "hkz_ising_model_get_coupling: no "
                             "edge %ld (model has %ld)", (long) edge,
                             (long) m->nedges);
    }
    if (m->inexact != NULL && m->inexact[edge])
        arb_set_round(J, m->cx + edge, prec);
    else
        arb_set_fmpq(J, m->c + edge, prec);
    arb_mul(J, J, &m->scale, prec);
    return HKZ_SUCCESS;
}

int hkz_ising_model_set_weights(hkz_ising_model_t m, const slong *w)
{
    slong i, W = 0;
    for (i = 0; i < m->n; i++)
    {
        HKZ_CHECK(w[i] >= 1 && w[i] <= HKZ_ISING_MAX_VERTICES, HKZ_ERR_ARG,
                  "hkz_ising_model_set_weights: weight of vertex %ld must be "
                  "an integer in 1..%ld (got %ld)", (long) i,
                  (long) HKZ_ISING_MAX_VERTICES, (long) w[i]);
        W += w[i];
    }
    HKZ_CHECK(W <= HKZ_ISING_MAX_VERTICES, HKZ_ERR_ARG,
              "hkz_ising_model_set_weights: total weight %ld too large",
              (long) W);
    _hkz_ising_model_drop_dos(m);
    if (m->w == NULL)
        m->w = flint_malloc(FLINT_MAX(m->n, 1) * sizeof(slong));
    memcpy(m->w, w, m->n * sizeof(slong));
    m->kind = HKZ_ISING_GRAPH;     /* the closed forms assume unit weights */
    return HKZ_SUCCESS;
}

slong hkz_ising_model_weight(const hkz_ising_model_t m)
{
    slong i, W = 0;
    if (m->w == NULL)
        return m->n;
    for (i = 0; i < m->n; i++)
        W += m->w[i];
    return W;
}

int hkz_ising_model_is_exact(const hkz_ising_model_t m)
{
    slong i;
    if (m->inexact == NULL)
        return 1;
    for (i = 0; i < m->nedges; i++)
        if (m->inexact[i])
            return 0;
    return 1;
}

int hkz_ising_model_check_ferro(const hkz_ising_model_t m)
{
    slong i;
    if (!arb_is_nonnegative(&m->scale))
        return hkz_error_set(HKZ_ERR_DOMAIN, "coupling scale is not certainly "
                             ">= 0: the model is not ferromagnetic and the "
                             "Lee-Yang circle theorem does not apply");
    for (i = 0; i < m->nedges; i++)
    {
        int neg;
        if (m->inexact != NULL && m->inexact[i])
            neg = !arb_is_nonnegative(m->cx + i);
        else
            neg = fmpq_sgn(m->c + i) < 0;
        if (neg)
            return hkz_error_set(HKZ_ERR_DOMAIN, "edge %ld (%ld-%ld) has a "
                                 "negative coupling: the model is not "
                                 "ferromagnetic and the Lee-Yang circle "
                                 "theorem does not apply", (long) i,
                                 (long) m->eu[i], (long) m->ev[i]);
    }
    return HKZ_SUCCESS;
}

/* c_e = n_e J0 with J0 = gcd of the nonzero c_e (a positive rational). */
int _hkz_ising_multipliers(fmpz *n, fmpq_t unit, const hkz_ising_model_t m,
                           slong skip)
{
    slong i;
    fmpq_t q;
    int any = 0;

    for (i = 0; i < m->nedges; i++)
        if (i != skip && m->inexact != NULL && m->inexact[i])
            return hkz_error_set(HKZ_ERR_ARG, "edge %ld has a ball coupling: "
                                 "no exact table", (long) i);
    fmpq_init(q);
    fmpq_zero(unit);
    for (i = 0; i < m->nedges; i++)
    {
        if (i == skip || fmpq_is_zero(m->c + i))
            continue;
        if (!any)
            fmpq_abs(unit, m->c + i);
        else
            fmpq_gcd(unit, unit, m->c + i);
        any = 1;
    }
    if (!any)
        fmpq_one(unit);
    for (i = 0; i < m->nedges; i++)
    {
        if (i == skip)
        {
            fmpz_zero(n + i);
            continue;
        }
        fmpq_div(q, m->c + i, unit);
        fmpz_set(n + i, fmpq_numref(q));  /* denominator is 1 */
    }
    fmpq_clear(q);
    return HKZ_SUCCESS;
}
