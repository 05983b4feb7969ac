/* Density-of-states tables: memory, sums, evaluation as balls. */
#include "ising_impl.h"
#include "hkz_check.h"

void hkz_ising_dos_init(hkz_ising_dos_t d)
{
    d->nb = d->nk = d->bmin = 0;
    d->g = NULL;
    fmpq_init(d->unit);
    fmpq_one(d->unit);
    fmpz_init(d->S);
}

void hkz_ising_dos_clear(hkz_ising_dos_t d)
{
    if (d->g != NULL)
        _fmpz_vec_clear(d->g, d->nb * d->nk);
    d->g = NULL;
    fmpq_clear(d->unit);
    fmpz_clear(d->S);
}

int _hkz_ising_dos_alloc(hkz_ising_dos_t d, slong nb, slong nk, slong bmin)
{
    HKZ_CHECK(nb >= 1 && nk >= 1 && nb <= HKZ_ISING_DOS_MAX_ENTRIES / nk,
              HKZ_ERR_TOO_LARGE, "density of states table %ld x %ld too "
              "large (at most %ld entries): couplings too incommensurate "
              "for an exact table", (long) nb, (long) nk,
              (long) HKZ_ISING_DOS_MAX_ENTRIES);
    if (d->g != NULL)
        _fmpz_vec_clear(d->g, d->nb * d->nk);
    d->g = _fmpz_vec_init(nb * nk);
    d->nb = nb;
    d->nk = nk;
    d->bmin = bmin;
    return HKZ_SUCCESS;
}

int _hkz_ising_dos_set(hkz_ising_dos_t d, const hkz_ising_dos_t src)
{
    slong i;
    HKZ_TRY(_hkz_ising_dos_alloc(d, src->nb, src->nk, src->bmin));
    for (i = 0; i < src->nb * src->nk; i++)
        fmpz_set(d->g + i, src->g + i);
    fmpq_set(d->unit, src->unit);
    fmpz_set(d->S, src->S);
    return HKZ_SUCCESS;
}

void hkz_ising_dos_total(fmpz_t total, const hkz_ising_dos_t d)
{
    _fmpz_vec_sum(total, d->g, d->nb * d->nk);
}

void hkz_ising_dos_energy_counts(fmpz *gb, const hkz_ising_dos_t d)
{
    slong i;
    for (i = 0; i < d->nb; i++)
        _fmpz_vec_sum(gb + i, d->g + i * d->nk, d->nk);
}

/* x[i] = w(i) exp(J (S - 2b)), b = bmin + i, J = scale*J0, with
 * w(i) = 1, or (S - 2b) J0 for the derivative in scale. */
static void dos_weights(arb_ptr x, const hkz_ising_dos_t d,
                        const arb_t scale, int deriv, slong prec)
{
    slong i;
    arb_t J, u, e;
    fmpz_t c;

    arb_init(J);
    arb_init(u);
    arb_init(e);
    fmpz_init(c);
    arb_set_fmpq(J, d->unit, prec);
    arb_mul(J, J, scale, prec);
    /* u = exp(-2J); e = exp(J (S - 2 bmin)) */
    arb_mul_si(u, J, -2, prec);
    arb_exp(u, u, prec);
    _arb_vec_set_powers(x, u, d->nb, prec);
    fmpz_set_si(c, d->bmin);
    fmpz_mul_si(c, c, -2);
    fmpz_add(c, c, d->S);
    arb_mul_fmpz(e, J, c, prec);
    arb_exp(e, e, prec);
    _arb_vec_scalar_mul(x, x, d->nb, e, prec);
    if (deriv)
    {
        arb_set_fmpq(e, d->unit, prec);
        for (i = 0; i < d->nb; i++)
        {
            arb_mul_fmpz(x + i, x + i, c, prec);
            arb_mul(x + i, x + i, e, prec);
            fmpz_sub_ui(c, c, 2);
        }
    }
    arb_clear(J);
    arb_clear(u);
    arb_clear(e);
    fmpz_clear(c);
}

static int dos_eval(arb_ptr a, const hkz_ising_dos_t d, const arb_t scale,
                    int deriv, slong prec)
{
    slong k;
    arb_ptr x;
    if (d->g == NULL || !arb_is_finite(scale))
    {
        if (d->g != NULL)
            _arb_vec_indeterminate(a, d->nk);
        return hkz_error_set(HKZ_ERR_ARG, "hkz_ising_dos_poly: %s",
                             d->g == NULL ? "empty table" :
                             "scale is not finite");
    }
    x = _arb_vec_init(d->nb);
    dos_weights(x, d, scale, deriv, prec);
    for (k = 0; k < d->nk; k++)
        arb_dot_fmpz(a + k, NULL, 0, x, 1, d->g + k, d->nk, d->nb, prec);
    _arb_vec_clear(x, d->nb);
    return HKZ_SUCCESS;
}

int hkz_ising_dos_poly(arb_ptr a, const hkz_ising_dos_t d, const arb_t scale,
                       slong prec)
{
    return dos_eval(a, d, scale, 0, prec);
}

int hkz_ising_dos_poly_dscale(arb_ptr da, const hkz_ising_dos_t d,
                              const arb_t scale, slong prec)
{
    return dos_eval(da, d, scale, 1, prec);
}

int hkz_ising_dos_Z(arb_t Z, const hkz_ising_dos_t d, const arb_t scale,
                    slong prec)
{
    arb_ptr x;
    fmpz *gb;
    if (d->g == NULL || !arb_is_finite(scale))
    {
        arb_indeterminate(Z);
        return hkz_error_set(HKZ_ERR_ARG, "hkz_ising_dos_Z: %s",
                             d->g == NULL ? "empty table" :
                             "scale is not finite");
    }
    x = _arb_vec_init(d->nb);
    gb = _fmpz_vec_init(d->nb);
    dos_weights(x, d, scale, 0, prec);
    hkz_ising_dos_energy_counts(gb, d);
    arb_dot_fmpz(Z, NULL, 0, x, 1, gb, 1, d->nb, prec);
    _arb_vec_clear(x, d->nb);
    _fmpz_vec_clear(gb, d->nb);
    return HKZ_SUCCESS;
}

void hkz_ising_dos_energy(fmpz_t E, const hkz_ising_dos_t d, slong b)
{
    /* sum_e n_e s_u s_v = S - 2 (weight of the unsatisfied edges) */
    fmpz_set_si(E, b);
    fmpz_mul_si(E, E, -2);
    fmpz_add(E, d->S, E);
}
