/* Best exact density-of-states method for a model: the sparse transfer
 * matrix for lattices, the closed form for complete graphs, else
 * enumeration.  Every lattice table is checked (hkz_ising_dos_check:
 * total, marginal, symmetry, Kaufman) before it is returned. */
#include <stdio.h>
#include "ising_impl.h"
#include "hkz_check.h"

int hkz_ising_dos_compute(hkz_ising_dos_t d, const hkz_ising_model_t m,
                          int nthreads)
{
    if (_hkz_ising_transfer_ok(m))
    {
        HKZ_TRY(hkz_ising_dos_transfer_sparse(d, m, nthreads, NULL, NULL));
        if (hkz_ising_dos_check(d, m) != HKZ_SUCCESS)
        {
            char msg[256];
            snprintf(msg, sizeof msg, "%s", hkz_errmsg());
            return hkz_error_set(HKZ_ERR_INTERNAL, "transfer matrix table "
                                 "failed its check (bug): %s", msg);
        }
        return HKZ_SUCCESS;
    }
    if (m->kind == HKZ_ISING_COMPLETE && m->w == NULL &&
        hkz_ising_model_is_exact(m) && m->nedges > 0 && fmpq_sgn(m->c) > 0)
        return _hkz_ising_dos_complete(d, m);
    return hkz_ising_dos_enum(d, m, nthreads);
}
