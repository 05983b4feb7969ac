/* The single-edge family (spec 2.1): with the coupling t on one edge,
 * a_k(t) = e^t a+_k + e^{-t} a-_k, so d^r a_k/dt^r = e^t a+_k + (-1)^r
 * e^{-t} a-_k.  a+ and a- come from hkz_ising_poly_edge (a+ is the
 * contracted graph G/e). */
#include "zeros/zeros_internal.h"
#include "hkz_check.h"

int hkz_ly_edge_family_init(hkz_ly_edge_family_t ef,
                            const hkz_ising_model_t m, slong edge)
{
    slong W = hkz_ising_model_weight(m), len = W / 2 + 1;
    arb_ptr ap, am;
    int st;

    ef->W = W;
    ef->ap = NULL;
    ef->am = NULL;
    ef->model = m;
    ef->edge = edge;
    HKZ_CHECK(edge >= 0 && edge < m->nedges, HKZ_ERR_ARG,
              "hkz_ly_edge_family_init: no edge %ld (the model has %ld)",
              (long) edge, (long) m->nedges);
    st = hkz_ising_model_check_ferro(m);
    if (st != HKZ_SUCCESS)
        return st;
    /* exact tables evaluated once, generously: later requests at higher
     * precision get these (valid, slightly wider) balls */
    ef->prec = 4 * W + 1024;
    ap = _arb_vec_init(W + 1);
    am = _arb_vec_init(W + 1);
    st = hkz_ising_poly_edge(ap, am, m, edge, ef->prec);
    if (st == HKZ_SUCCESS)
    {
        ef->ap = _arb_vec_init(len);
        ef->am = _arb_vec_init(len);
        hkz_ly_fold(ef->ap, ap, W, ef->prec);
        hkz_ly_fold(ef->am, am, W, ef->prec);
    }
    _arb_vec_clear(ap, W + 1);
    _arb_vec_clear(am, W + 1);
    return _hkz_ly_too_large(st);
}

void hkz_ly_edge_family_clear(hkz_ly_edge_family_t ef)
{
    slong len = ef->W / 2 + 1;
    if (ef->ap != NULL)
        _arb_vec_clear(ef->ap, len);
    if (ef->am != NULL)
        _arb_vec_clear(ef->am, len);
    ef->ap = ef->am = NULL;
}

int hkz_ly_edge_family(arb_ptr c, slong nder, const arb_t t, void *param,
                       slong prec)
{
    const hkz_ly_edge_family_struct *ef = param;
    slong len = ef->W / 2 + 1, r, j;
    arb_t ep, em;

    HKZ_CHECK(ef->ap != NULL, HKZ_ERR_ARG, "hkz_ly_edge_family: family not "
              "initialized");
    arb_init(ep);
    arb_init(em);
    arb_exp(ep, t, prec);
    arb_neg(em, t);
    arb_exp(em, em, prec);
    for (r = 0; r <= nder; r++)
    {
        for (j = 0; j < len; j++)
        {
            arb_mul(c + r * len + j, ef->ap + j, ep, prec);
            if (r & 1)
                arb_submul(c + r * len + j, ef->am + j, em, prec);
            else
                arb_addmul(c + r * len + j, ef->am + j, em, prec);
        }
    }
    arb_clear(ep);
    arb_clear(em);
    return HKZ_SUCCESS;
}
