/* Helpers shared by the su2_grid tests. */
#ifndef HKZ_GRID_TEST_H
#define HKZ_GRID_TEST_H

#include <math.h>
#include "hkz_test.h"

/* 1 if |out - y| <= err for every y in the ball ref */
static inline int grid_test_contains(double out, double err, const arb_t ref)
{
    arb_t d;
    arf_t ub, ea;
    int ok;

    if (!(err >= 0) || !isfinite(out))
        return 0;
    arb_init(d); arf_init(ub); arf_init(ea);
    arb_set_d(d, out);
    arb_sub(d, d, ref, 256);
    arb_abs(d, d);
    arb_get_ubound_arf(ub, d, 256);
    arf_set_d(ea, err);
    ok = arf_cmp(ub, ea) <= 0;
    arb_clear(d); arf_clear(ub); arf_clear(ea);
    return ok;
}

/* same with the decimal reference ref and an extra slack (the reference
 * is at the decimal input, the grid at its double rounding) */
static inline int grid_test_near_str(double out, double err, const char *ref,
                                     double slack)
{
    arb_t x;
    int ok;

    arb_init(x);
    arb_set_str(x, ref, 256);
    ok = grid_test_contains(out, err + slack, x);
    arb_clear(x);
    return ok;
}

static inline double grid_test_unit(flint_rand_t st)
{
    return (double) n_randint(st, 1000001) / 1000000.0;
}

/* r in [0, pi/2]: 0, pi/2, tiny, or uniform */
static inline double grid_test_pick_r(flint_rand_t st)
{
    switch (n_randint(st, 5))
    {
        case 0: return 0.0;
        case 1: return M_PI_2;
        case 2: return ldexp(1.0, -(int) n_randint(st, 30));
        default: return M_PI_2 * grid_test_unit(st);
    }
}

/* an engine with unusual block sizes (determinism checks) */
static inline hkz_engine_t grid_test_engine(size_t kblock, size_t pblock,
                                            int nthreads, size_t nchunks)
{
    hkz_engine_opts_t o;
    hkz_engine_t e = NULL;

    hkz_engine_opts_init(&o);
    o.backend = HKZ_BACKEND_CPU;
    o.kblock = kblock;
    o.pblock = pblock;
    o.nthreads = nthreads;
    o.nchunks = nchunks;
    if (hkz_engine_create(&e, &o) != HKZ_SUCCESS)
        return NULL;
    return e;
}

#endif
