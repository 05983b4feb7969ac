/* sub_test.h -- helpers shared by the tests of p_t(r, z) (not installed). */
#ifndef HKZ_SUB_TEST_H
#define HKZ_SUB_TEST_H

#include "hkz_test.h"

/* The point (t, r, z), derivative order and route evaluated by the Ziv
 * loop: route 0 = hkz_su2_heat_sub, 1 = spectral, 2 = fibre. */
typedef struct
{
    arb_t t, r, z;
    ulong deriv;
    int route;
} sub_point_t;

static inline void sub_point_init(sub_point_t *p, const char *t, const char *r,
                           const char *z, ulong deriv, int route)
{
    arb_init(p->t);
    arb_init(p->r);
    arb_init(p->z);
    /* decimal inputs as tight balls: 4000 bits is far beyond every goal */
    if (hkz_ball_set_str(p->t, t, 4000) != HKZ_SUCCESS
        || hkz_ball_set_str(p->r, r, 4000) != HKZ_SUCCESS
        || hkz_ball_set_str(p->z, z, 4000) != HKZ_SUCCESS)
        HKZ_TEST_FAIL("bad point (%s, %s, %s)", t, r, z);
    p->deriv = deriv;
    p->route = route;
}

static inline void sub_point_clear(sub_point_t *p)
{
    arb_clear(p->t);
    arb_clear(p->r);
    arb_clear(p->z);
}

static inline int sub_point_eval(arb_t res, void *param, slong prec)
{
    sub_point_t *p = param;

    if (p->route == 1)
        return hkz_su2_heat_sub_spectral(res, p->t, p->r, p->z, p->deriv,
                                         prec);
    if (p->route == 2)
        return hkz_su2_heat_sub_fibre(res, p->t, p->z, prec);
    return hkz_su2_heat_sub(res, p->t, p->r, p->z, p->deriv, prec);
}

#endif
