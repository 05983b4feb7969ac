/* Checks of a density-of-states table before it is used (issue 12):
 * total 2^n, k-marginal, spin-flip symmetry, Kaufman on tori. */
#include "ising_impl.h"
#include "hkz_check.h"

/* k-marginal expected for the model: coefficients of prod (1 + z^{w_u}) */
static void marginal(fmpz_poly_t P, const hkz_ising_model_t m)
{
    slong u;
    fmpz_poly_t f;
    fmpz_poly_init(f);
    fmpz_poly_one(P);
    if (m->w == NULL)
    {
        fmpz_poly_set_coeff_ui(f, 0, 1);
        fmpz_poly_set_coeff_ui(f, 1, 1);
        fmpz_poly_pow(P, f, m->n);
    }
    else
        for (u = 0; u < m->n; u++)
        {
            fmpz_poly_zero(f);
            fmpz_poly_set_coeff_ui(f, 0, 1);
            fmpz_poly_set_coeff_ui(f, m->w[u], 1);
            fmpz_poly_mul(P, P, f);
        }
    fmpz_poly_clear(f);
}

/* Zero-field Z at coupling K per bond from the table against Kaufman. */
static int kaufman_ok(const hkz_ising_dos_t d, const hkz_ising_model_t m,
                      slong num, slong den)
{
    slong prec = 128, i;
    arb_t K, Z, Zk, t;
    fmpz *gb = _fmpz_vec_init(d->nb);
    int ok;

    arb_init(K);
    arb_init(Z);
    arb_init(Zk);
    arb_init(t);
    hkz_ising_dos_energy_counts(gb, d);
    arb_set_si(K, num);
    arb_div_si(K, K, den, prec);
    arb_zero(Z);
    for (i = 0; i < d->nb; i++)
    {
        /* exp(K (S - 2b)) with the table's unit = 1 bond */
        fmpz_t e;
        fmpz_init(e);
        fmpz_set_si(e, d->bmin + i);
        fmpz_mul_si(e, e, -2);
        fmpz_add(e, e, d->S);
        arb_mul_fmpz(t, K, e, prec);
        arb_exp(t, t, prec);
        arb_addmul_fmpz(Z, t, gb + i, prec);
        fmpz_clear(e);
    }
    ok = hkz_ising_kaufman(Zk, m->L, m->M, K, prec) == HKZ_SUCCESS &&
         arb_overlaps(Z, Zk) && arb_rel_accuracy_bits(Zk) > 60 &&
         arb_rel_accuracy_bits(Z) > 60;
    _fmpz_vec_clear(gb, d->nb);
    arb_clear(K);
    arb_clear(Z);
    arb_clear(Zk);
    arb_clear(t);
    return ok;
}

int hkz_ising_dos_check(const hkz_ising_dos_t d, const hkz_ising_model_t m)
{
    slong W = hkz_ising_model_weight(m), b, k, nk = d->nk;
    int status = HKZ_SUCCESS;
    fmpz_t t, u;
    fmpz_poly_t P;

    HKZ_CHECK(d->g != NULL && nk == W + 1 && d->nb >= 1, HKZ_ERR_ARG,
              "hkz_ising_dos_check: table has %ld magnetization columns, the "
              "model needs %ld", (long) nk, (long) (W + 1));
    fmpz_init(t);
    fmpz_init(u);
    fmpz_poly_init(P);
    if (hkz_ising_model_is_exact(m))
    {
        /* same unit and S as the model's multipliers */
        fmpz *nm = _fmpz_vec_init(FLINT_MAX(m->nedges, 1));
        fmpq_t unit;
        int same;
        fmpq_init(unit);
        same = _hkz_ising_multipliers(nm, unit, m, -1) == HKZ_SUCCESS;
        _fmpz_vec_sum(t, nm, m->nedges);
        same = same && fmpq_equal(unit, d->unit) && fmpz_equal(t, d->S);
        _fmpz_vec_clear(nm, FLINT_MAX(m->nedges, 1));
        fmpq_clear(unit);
        HKZ_CHECK_GOTO(same, HKZ_ERR_ARG, "hkz_ising_dos_check: the table's "
                       "coupling unit or bond sum S is not the model's");
    }
    hkz_ising_dos_total(t, d);
    fmpz_one(u);
    fmpz_mul_2exp(u, u, m->n);
    HKZ_CHECK_GOTO(fmpz_equal(t, u), HKZ_ERR_ARG, "hkz_ising_dos_check: "
                   "total count is not 2^%ld", (long) m->n);
    marginal(P, m);
    for (k = 0; k <= W; k++)
    {
        fmpz_zero(t);
        for (b = 0; b < d->nb; b++)
            fmpz_add(t, t, d->g + b * nk + k);
        fmpz_poly_get_coeff_fmpz(u, P, k);
        HKZ_CHECK_GOTO(fmpz_equal(t, u), HKZ_ERR_ARG, "hkz_ising_dos_check: "
                       "magnetization marginal wrong at k = %ld", (long) k);
    }
    for (b = 0; b < d->nb; b++)
        for (k = 0; k < W - k; k++)
            HKZ_CHECK_GOTO(fmpz_equal(d->g + b * nk + k,
                                      d->g + b * nk + W - k), HKZ_ERR_ARG,
                           "hkz_ising_dos_check: g(E, M) != g(E, -M) at "
                           "b = %ld, k = %ld", (long) (d->bmin + b), (long) k);
    if (m->kind == HKZ_ISING_LATTICE && m->boundary == HKZ_ISING_TORUS &&
        _hkz_ising_transfer_ok(m) &&
        fmpz_cmp_si(d->S, 2 * m->n) == 0 && d->bmin == 0)
    {
        HKZ_CHECK_GOTO(kaufman_ok(d, m, 1, 3) && kaufman_ok(d, m, 7, 10),
                       HKZ_ERR_ARG, "hkz_ising_dos_check: zero-field "
                       "marginal differs from Kaufman's formula");
    }
cleanup:
    fmpz_clear(t);
    fmpz_clear(u);
    fmpz_poly_clear(P);
    return status;
}
