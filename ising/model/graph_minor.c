/* Deletion G - e and contraction G/e of one edge (spec 2.1, 2.3). */
#include "ising_impl.h"
#include "hkz_check.h"

static int check_edge(const hkz_ising_model_t m, slong edge, const char *fn)
{
    HKZ_CHECK(edge >= 0 && edge < m->nedges, HKZ_ERR_ARG,
              "%s: no edge %ld (model has %ld)", fn, (long) edge,
              (long) m->nedges);
    return HKZ_SUCCESS;
}

/* Copies the coupling factor of edge i of m onto edge j of res. */
static int copy_coupling(hkz_ising_model_t res, slong j,
                         const hkz_ising_model_t m, slong i)
{
    if (m->inexact != NULL && m->inexact[i])
        return hkz_ising_model_set_coupling_arb(res, j, m->cx + i);
    return hkz_ising_model_set_coupling(res, j, m->c + i);
}

int hkz_ising_model_delete_edge(hkz_ising_model_t res,
                                const hkz_ising_model_t m, slong edge)
{
    slong i;
    HKZ_TRY(check_edge(m, edge, "hkz_ising_model_delete_edge"));
    HKZ_CHECK(res != m, HKZ_ERR_ARG,
              "hkz_ising_model_delete_edge: res aliases m");
    HKZ_TRY(hkz_ising_model_set_empty(res, m->n));
    for (i = 0; i < m->nedges; i++)
    {
        if (i == edge)
            continue;
        HKZ_TRY(_hkz_ising_model_push_edge(res, m->eu[i], m->ev[i], m->c + i));
        HKZ_TRY(copy_coupling(res, res->nedges - 1, m, i));
    }
    if (m->w != NULL)
        HKZ_TRY(hkz_ising_model_set_weights(res, m->w));
    arb_set(&res->scale, &m->scale);
    return HKZ_SUCCESS;
}

int hkz_ising_model_contract_edge(hkz_ising_model_t res,
                                  const hkz_ising_model_t m, slong edge)
{
    slong i, u, v, n, *w = NULL, *map = NULL;
    int status = HKZ_SUCCESS;
    arb_t x;

    HKZ_TRY(check_edge(m, edge, "hkz_ising_model_contract_edge"));
    HKZ_CHECK(res != m, HKZ_ERR_ARG,
              "hkz_ising_model_contract_edge: res aliases m");
    HKZ_CHECK(m->n >= 2, HKZ_ERR_ARG,
              "hkz_ising_model_contract_edge: need two vertices");
    arb_init(x);
    u = FLINT_MIN(m->eu[edge], m->ev[edge]);
    v = FLINT_MAX(m->eu[edge], m->ev[edge]);
    n = m->n - 1;
    map = flint_malloc(m->n * sizeof(slong));
    w = flint_malloc(m->n * sizeof(slong));
    for (i = 0; i < m->n; i++)
        map[i] = i == v ? u : (i > v ? i - 1 : i);
    for (i = 0; i < n; i++)
        w[i] = 0;
    for (i = 0; i < m->n; i++)
        w[map[i]] += m->w != NULL ? m->w[i] : 1;
    HKZ_TRY_GOTO(hkz_ising_model_set_empty(res, n));
    for (i = 0; i < m->nedges; i++)
    {
        slong a, b, j;
        if (i == edge)
            continue;
        a = map[m->eu[i]];
        b = map[m->ev[i]];
        j = hkz_ising_model_find_edge(res, a, b);
        if (j < 0)
        {
            HKZ_TRY_GOTO(_hkz_ising_model_push_edge(res, a, b, m->c + i));
            HKZ_TRY_GOTO(copy_coupling(res, res->nedges - 1, m, i));
            continue;
        }
        /* parallel edges merge: couplings add */
        if ((m->inexact != NULL && m->inexact[i]) ||
            (res->inexact != NULL && res->inexact[j]))
        {
            arb_t y;
            slong prec = 4 * FLINT_MAX(arb_bits(m->cx != NULL ? m->cx + i :
                                                &m->scale), 64);
            arb_init(y);
            if (m->inexact != NULL && m->inexact[i])
                arb_set(x, m->cx + i);
            else
                arb_set_fmpq(x, m->c + i, prec);
            if (res->inexact != NULL && res->inexact[j])
                arb_set(y, res->cx + j);
            else
                arb_set_fmpq(y, res->c + j, prec);
            arb_add(x, x, y, prec);
            arb_clear(y);
            HKZ_TRY_GOTO(hkz_ising_model_set_coupling_arb(res, j, x));
        }
        else
        {
            fmpq_add(res->c + j, res->c + j, m->c + i);
            _hkz_ising_model_drop_dos(res);
        }
    }
    HKZ_TRY_GOTO(hkz_ising_model_set_weights(res, w));
    arb_set(&res->scale, &m->scale);
cleanup:
    flint_free(map);
    flint_free(w);
    arb_clear(x);
    return status;
}
