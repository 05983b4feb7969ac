/* Closed-form table of the complete graph K_N with one coupling on every
 * edge: sum_{u<v} s_u s_v = ((N-2k)^2 - N)/2 for k down spins, so the
 * k(N-k) edges between up and down spins are the unsatisfied ones and
 * g[b][k] = C(N, k) at b = k(N - k) (spec 2.6). */
#include "ising_impl.h"
#include "hkz_check.h"

int _hkz_ising_dos_complete(hkz_ising_dos_t d, const hkz_ising_model_t m)
{
    slong N = m->n, k;
    HKZ_CHECK(m->kind == HKZ_ISING_COMPLETE && m->w == NULL &&
              hkz_ising_model_is_exact(m) && m->nedges > 0 &&
              fmpq_sgn(m->c) > 0, HKZ_ERR_ARG, "_hkz_ising_dos_complete: "
              "needs K_N with one positive exact coupling");
    /* rows b = 0..S as for enumeration (most are zero) */
    HKZ_TRY(_hkz_ising_dos_alloc(d, m->nedges + 1, N + 1, 0));
    for (k = 0; k <= N; k++)
        fmpz_bin_uiui(d->g + k * (N - k) * d->nk + k, N, k);
    fmpq_set(d->unit, m->c);
    fmpz_set_si(d->S, m->nedges);
    return HKZ_SUCCESS;
}
