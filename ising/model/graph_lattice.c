/* L x M square lattice, torus or cylinder (spec 3.3). */
#include "ising_impl.h"
#include "hkz_check.h"

int hkz_ising_model_lattice(hkz_ising_model_t m, slong L, slong M,
                            const fmpq_t K, int boundary)
{
    slong r, c;
    HKZ_CHECK(boundary == HKZ_ISING_TORUS || boundary == HKZ_ISING_CYLINDER,
              HKZ_ERR_ARG, "hkz_ising_model_lattice: unknown boundary %d",
              boundary);
    /* L = 2 (or M = 2 on the torus) would double bonds (spec 3.3). */
    HKZ_CHECK(L >= 3 && M >= (boundary == HKZ_ISING_TORUS ? 3 : 1),
              HKZ_ERR_ARG, "hkz_ising_model_lattice: need L >= 3 and M >= %d "
              "for a %s (got %ld x %ld)",
              boundary == HKZ_ISING_TORUS ? 3 : 1,
              boundary == HKZ_ISING_TORUS ? "torus" : "cylinder",
              (long) L, (long) M);
    HKZ_CHECK(L <= HKZ_ISING_MAX_VERTICES / M, HKZ_ERR_ARG,
              "hkz_ising_model_lattice: %ld x %ld lattice too large "
              "(at most %ld sites)", (long) L, (long) M,
              (long) HKZ_ISING_MAX_VERTICES);
    HKZ_TRY(hkz_ising_model_set_empty(m, L * M));
    for (r = 0; r < M; r++)
        for (c = 0; c < L; c++)
        {
            HKZ_TRY(_hkz_ising_model_push_edge(m, r * L + c,
                                               r * L + (c + 1) % L, K));
            if (boundary == HKZ_ISING_TORUS || r + 1 < M)
                HKZ_TRY(_hkz_ising_model_push_edge(m, r * L + c,
                                                   ((r + 1) % M) * L + c, K));
        }
    m->kind = HKZ_ISING_LATTICE;
    m->L = L;
    m->M = M;
    m->boundary = boundary;
    return HKZ_SUCCESS;
}

int _hkz_ising_transfer_ok(const hkz_ising_model_t m)
{
    slong i;
    if (m->kind != HKZ_ISING_LATTICE || m->w != NULL ||
        !hkz_ising_model_is_exact(m))
        return 0;
    for (i = 1; i < m->nedges; i++)
        if (!fmpq_equal(m->c + i, m->c))
            return 0;
    return 1;
}
