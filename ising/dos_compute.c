/* Best exact density-of-states method for a model: transfer matrix for
 * lattices, the closed form for complete graphs, else enumeration. */
#include "ising_impl.h"

int hkz_ising_dos_compute(hkz_ising_dos_t d, const hkz_ising_model_t m,
                          int nthreads)
{
    if (_hkz_ising_transfer_ok(m))
        return hkz_ising_dos_transfer(d, m);
    if (m->kind == HKZ_ISING_COMPLETE && m->w == NULL &&
        hkz_ising_model_is_exact(m) && m->nedges > 0 && fmpq_sgn(m->c) > 0)
        return _hkz_ising_dos_complete(d, m);
    return hkz_ising_dos_enum(d, m, nthreads);
}
