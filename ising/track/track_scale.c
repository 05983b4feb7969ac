/* The uniform-coupling family (issue 12.2): every coupling J_e = t c_e of
 * a model with an exact table g[b][k] (lattice: t = K on every bond).
 * With the unit J0 and S = sum n_e,
 *   a_k(t) = sum_b g[b][k] exp(t J0 (S - 2b)) = e^{t J0 S} A_k(t),
 *   A_k(t) = sum_b g[b][k] exp(-2 t J0 b).
 * The tracker follows the zeros of G(t, theta) = sum_k A_k(t) cos((W-2k)
 * theta) = e^{-t J0 S} F(t, theta): the positive factor changes neither
 * the zeros nor the sign of dF/dt at a zero (d(pF)/dt = p dF/dt there),
 * and it keeps every term <= g (no overflow for large t).  Derivatives:
 *   d^r A_k/dt^r = sum_b g[b][k] (-2 J0 b)^r exp(-2 t J0 b),
 * one arb_dot_fmpz over b per (r, k).  The table has g[b][k] =
 * g[b][W-k] (checked by hkz_ising_dos_check), so the folded coefficient
 * is c_k = 2 A_k for 2k < W and c_{W/2} = A_{W/2}. */
#include "zeros/zeros_internal.h"
#include "ising_impl.h"
#include "hkz_check.h"

int hkz_ly_scale_family_init(hkz_ly_scale_family_t sf,
                             const hkz_ising_model_t m, int nthreads)
{
    hkz_ising_dos_struct *d;
    int st;

    sf->W = hkz_ising_model_weight(m);
    sf->dos = NULL;
    st = hkz_ising_model_check_ferro(m);
    if (st != HKZ_SUCCESS)
        return st;
    HKZ_CHECK(hkz_ising_model_is_exact(m), HKZ_ERR_ARG,
              "hkz_ly_scale_family_init: the couplings must be exact (the "
              "family needs the exact table)");
    /* the family's own table: the installed one, else computed */
    d = flint_malloc(sizeof(hkz_ising_dos_struct));
    hkz_ising_dos_init(d);
    sf->dos = d;
    st = m->dos != NULL ? _hkz_ising_dos_set(d, m->dos)
                        : hkz_ising_dos_compute(d, m, nthreads);
    if (st != HKZ_SUCCESS)
    {
        hkz_ly_scale_family_clear(sf);
        return _hkz_ly_too_large(st);
    }
    HKZ_CHECK(d->nk == sf->W + 1, HKZ_ERR_INTERNAL,
              "hkz_ly_scale_family_init: table of %ld columns for W = %ld",
              (long) d->nk, (long) sf->W);
    return HKZ_SUCCESS;
}

void hkz_ly_scale_family_clear(hkz_ly_scale_family_t sf)
{
    if (sf->dos == NULL)
        return;
    hkz_ising_dos_clear(sf->dos);
    flint_free(sf->dos);
    sf->dos = NULL;
}

int hkz_ly_scale_family(arb_ptr c, slong nder, const arb_t t, void *param,
                        slong prec)
{
    const hkz_ly_scale_family_struct *sf = param;
    const hkz_ising_dos_struct *d = sf->dos;
    slong W = sf->W, len = W / 2 + 1, nb, r, k, i;
    arb_ptr x;
    arb_t w, e;

    HKZ_CHECK(d != NULL, HKZ_ERR_ARG, "hkz_ly_scale_family: family not "
              "initialized");
    nb = d->nb;
    x = _arb_vec_init((nder + 1) * nb);
    arb_init(w);
    arb_init(e);
    /* x[r nb + i] = w_i^r exp(t w_i), w_i = -2 J0 b (exact) */
    for (i = 0; i < nb; i++)
    {
        arb_set_si(w, -2 * (d->bmin + i));
        arb_mul_fmpz(w, w, fmpq_numref(d->unit), prec);
        arb_div_fmpz(w, w, fmpq_denref(d->unit), prec);
        arb_mul(e, w, t, prec);
        arb_exp(x + i, e, prec);
        for (r = 1; r <= nder; r++)
            arb_mul(x + r * nb + i, x + (r - 1) * nb + i, w, prec);
    }
    for (r = 0; r <= nder; r++)
        for (k = 0; k < len; k++)
        {
            arb_ptr ck = c + r * len + k;
            arb_dot_fmpz(ck, NULL, 0, x + r * nb, 1, d->g + k, d->nk, nb,
                         prec);
            if (2 * k < W)
                arb_mul_2exp_si(ck, ck, 1);
        }
    _arb_vec_clear(x, (nder + 1) * nb);
    arb_clear(w);
    arb_clear(e);
    return HKZ_SUCCESS;
}
