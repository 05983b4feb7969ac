/* Fugacity polynomial P(z) = sum a_k z^k of a model, best method. */
#include "ising_impl.h"
#include "hkz_check.h"

/* Threads for the enumeration inside hkz_ising_poly. */
#define POLY_THREADS 2

static int poly_fail(arb_ptr a, arb_ptr b, slong len, int status)
{
    _arb_vec_indeterminate(a, len);
    if (b != NULL)
        _arb_vec_indeterminate(b, len);
    return status;
}

/* K_N with one coupling c on every edge (spec 2.6): a_k = C(N, k)
 * exp(J E_k), E_k = ((N - 2k)^2 - N)/2, J = scale * c; the derivative in
 * scale is c E_k a_k.  O(N) for any N. */
static int poly_complete(arb_ptr a, const hkz_ising_model_t m, int deriv,
                         slong prec)
{
    slong N = m->n, k;
    arb_t c, J, x;
    fmpz_t b;

    arb_init(c);
    arb_init(J);
    arb_init(x);
    fmpz_init(b);
    if (m->inexact != NULL && m->inexact[0])
        arb_set_round(c, m->cx, prec);
    else
        arb_set_fmpq(c, m->c, prec);
    arb_mul(J, c, &m->scale, prec);
    for (k = 0; k <= N; k++)
    {
        slong E = ((N - 2 * k) * (N - 2 * k) - N) / 2;
        arb_mul_si(x, J, E, prec);
        arb_exp(x, x, prec);
        fmpz_bin_uiui(b, N, k);
        arb_mul_fmpz(a + k, x, b, prec);
        if (deriv)
        {
            arb_mul_si(a + k, a + k, E, prec);
            arb_mul(a + k, a + k, c, prec);
        }
    }
    arb_clear(c);
    arb_clear(J);
    arb_clear(x);
    fmpz_clear(b);
    return HKZ_SUCCESS;
}

/* Exact table (transfer matrix or enumeration) unless the couplings are
 * balls, the exact table is too large or N too large for enumeration:
 * then enumeration in balls. */
static int poly_impl(arb_ptr a, _hkz_ising_dos_cache_t *c,
                     const hkz_ising_model_t m, int deriv, slong prec)
{
    slong W = hkz_ising_model_weight(m);
    int status = HKZ_ERR_UNSUPPORTED;
    const hkz_ising_dos_struct *d;

    HKZ_CHECK(m->n >= 1, HKZ_ERR_ARG, "hkz_ising_poly: empty model");
    if (m->kind == HKZ_ISING_COMPLETE && m->w == NULL && m->nedges > 0)
        return poly_complete(a, m, deriv, prec);
    if (hkz_ising_model_is_exact(m))
    {
        status = _hkz_ising_dos_cache_full(&d, c, m, POLY_THREADS);
        if (status == HKZ_SUCCESS)
            status = deriv ? hkz_ising_dos_poly_dscale(a, d, &m->scale, prec)
                           : hkz_ising_dos_poly(a, d, &m->scale, prec);
        if ((status != HKZ_ERR_UNSUPPORTED && status != HKZ_ERR_TOO_LARGE)
            || deriv ||
            m->n > HKZ_ISING_ENUM_ARB_MAX_N)
            return status == HKZ_SUCCESS ? status
                                         : poly_fail(a, NULL, W + 1, status);
    }
    if (deriv)
        return poly_fail(a, NULL, W + 1, hkz_error_set(HKZ_ERR_UNSUPPORTED,
            "hkz_ising_poly_dscale: needs exact commensurate couplings"));
    return _hkz_ising_enum_arb(a, NULL, m, -1, prec);
}

int _hkz_ising_poly_cached(arb_ptr a, _hkz_ising_dos_cache_t *c,
                           const hkz_ising_model_t m, slong prec)
{
    return poly_impl(a, c, m, 0, prec);
}

/* One call, one table: the cache lives for this call only. */
static int poly_once(arb_ptr a, const hkz_ising_model_t m, int deriv,
                     slong prec)
{
    _hkz_ising_dos_cache_t *c = _hkz_ising_dos_cache_new();
    int status = poly_impl(a, c, m, deriv, prec);
    _hkz_ising_dos_cache_free(c);
    return status;
}

int hkz_ising_poly(arb_ptr a, const hkz_ising_model_t m, slong prec)
{
    return poly_once(a, m, 0, prec);
}

int hkz_ising_poly_dscale(arb_ptr da, const hkz_ising_model_t m, slong prec)
{
    return poly_once(da, m, 1, prec);
}

int hkz_ising_poly_edge(arb_ptr ap, arb_ptr am, const hkz_ising_model_t m,
                        slong edge, slong prec)
{
    slong W = hkz_ising_model_weight(m);
    int status = HKZ_ERR_UNSUPPORTED;

    if (edge < 0 || edge >= m->nedges)
        return poly_fail(ap, am, W + 1, hkz_error_set(HKZ_ERR_ARG,
            "hkz_ising_poly_edge: no edge %ld (model has %ld)", (long) edge,
            (long) m->nedges));
    if (hkz_ising_model_is_exact(m))
    {
        hkz_ising_dos_t dp, dm;
        hkz_ising_dos_init(dp);
        hkz_ising_dos_init(dm);
        status = hkz_ising_dos_enum_edge(dp, dm, m, edge, POLY_THREADS);
        if (status == HKZ_SUCCESS)
            status = hkz_ising_dos_poly(ap, dp, &m->scale, prec);
        if (status == HKZ_SUCCESS)
            status = hkz_ising_dos_poly(am, dm, &m->scale, prec);
        hkz_ising_dos_clear(dp);
        hkz_ising_dos_clear(dm);
        if ((status != HKZ_ERR_UNSUPPORTED && status != HKZ_ERR_TOO_LARGE)
            || m->n > HKZ_ISING_ENUM_ARB_MAX_N)
            return status == HKZ_SUCCESS ? status
                                         : poly_fail(ap, am, W + 1, status);
    }
    return _hkz_ising_enum_arb(ap, am, m, edge, prec);
}
