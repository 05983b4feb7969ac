/* Complete graph K_N (Curie-Weiss, spec 2.6: coupling J per edge). */
#include "ising_impl.h"
#include "hkz_check.h"

/* K_N has N(N-1)/2 edges: beyond this the edge list is pointless (the
   Curie-Weiss closed form of spec 3.1 needs no graph). */
#define HKZ_ISING_COMPLETE_MAX_N 4096

int hkz_ising_model_complete(hkz_ising_model_t m, slong N, const fmpq_t J)
{
    slong u, v;
    HKZ_CHECK(N >= 1 && N <= HKZ_ISING_COMPLETE_MAX_N, HKZ_ERR_ARG,
              "hkz_ising_model_complete: need 1 <= N <= %d (got %ld)",
              HKZ_ISING_COMPLETE_MAX_N, (long) N);
    HKZ_TRY(hkz_ising_model_set_empty(m, N));
    for (u = 0; u < N; u++)
        for (v = u + 1; v < N; v++)
            HKZ_TRY(_hkz_ising_model_push_edge(m, u, v, J));
    m->kind = HKZ_ISING_COMPLETE;
    return HKZ_SUCCESS;
}
