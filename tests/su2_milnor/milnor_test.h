/* Helpers shared by the su2_milnor tests (element construction written
 * out here, independent of groups/su2/elem_*.c). */
#ifndef HKZ_MILNOR_TEST_H
#define HKZ_MILNOR_TEST_H

#include "hkz_test.h"

/* g = exp(r(cos phi X + sin phi Y)) exp(zZ): a = cos r e^{iz},
 * b = -sin r e^{-i(phi - z)} (spec 1.2), from exact decimal strings */
static inline void milnor_test_cyl(hkz_su2_elem_t g, const char *rs,
                            const char *phs, const char *zs, slong prec)
{
    arb_t r, phi, z, u;
    arb_init(r);
    arb_init(phi);
    arb_init(z);
    arb_init(u);
    arb_set_str(r, rs, prec);
    arb_set_str(phi, phs, prec);
    arb_set_str(z, zs, prec);
    arb_cos(u, r, prec);
    acb_set_arb(&g->a, z);
    acb_mul_onei(&g->a, &g->a);
    acb_exp(&g->a, &g->a, prec);
    acb_mul_arb(&g->a, &g->a, u, prec);
    arb_sub(u, phi, z, prec);
    acb_set_arb(&g->b, u);
    acb_mul_onei(&g->b, &g->b);
    acb_neg(&g->b, &g->b);
    acb_exp(&g->b, &g->b, prec);
    arb_sin(u, r, prec);
    acb_mul_arb(&g->b, &g->b, u, prec);
    acb_neg(&g->b, &g->b);
    arb_clear(r);
    arb_clear(phi);
    arb_clear(z);
    arb_clear(u);
}

/* random unit element: (x0 + i x1, x2 + i x3)/|x|, x_i in [-1, 1] */
static inline void milnor_test_rand(hkz_su2_elem_t g, flint_rand_t state,
                             slong prec)
{
    arb_t x[4], nrm;
    slong i;
    for (i = 0; i < 4; i++)
        arb_init(x[i]);
    arb_init(nrm);
    do
    {
        arb_zero(nrm);
        for (i = 0; i < 4; i++)
        {
            arb_set_si(x[i], (slong) n_randint(state, 2001) - 1000);
            arb_div_ui(x[i], x[i], 1000, prec);
            arb_addmul(nrm, x[i], x[i], prec);
        }
    } while (!arb_is_positive(nrm));
    arb_rsqrt(nrm, nrm, prec);
    for (i = 0; i < 4; i++)
        arb_mul(x[i], x[i], nrm, prec);
    acb_set_arb_arb(&g->a, x[0], x[1]);
    acb_set_arb_arb(&g->b, x[2], x[3]);
    for (i = 0; i < 4; i++)
        arb_clear(x[i]);
    arb_clear(nrm);
}

/* res = g h for g = [[a, -conj b], [b, conj a]] (aliasing allowed) */
static inline void milnor_test_mul(hkz_su2_elem_t res, const hkz_su2_elem_t g,
                            const hkz_su2_elem_t h, slong prec)
{
    acb_t a, b, u;
    acb_init(a);
    acb_init(b);
    acb_init(u);
    acb_mul(a, &g->a, &h->a, prec);           /* a1 a2 - conj(b1) b2 */
    acb_conj(u, &g->b);
    acb_submul(a, u, &h->b, prec);
    acb_mul(b, &g->b, &h->a, prec);           /* b1 a2 + conj(a1) b2 */
    acb_conj(u, &g->a);
    acb_addmul(b, u, &h->b, prec);
    acb_swap(&res->a, a);
    acb_swap(&res->b, b);
    acb_clear(a);
    acb_clear(b);
    acb_clear(u);
}

/* midpoints (Re a, Im a, Re b, Im b) for the double path */
static inline void milnor_test_get_d(double gd[4], const hkz_su2_elem_t g)
{
    gd[0] = arf_get_d(arb_midref(acb_realref(&g->a)), ARF_RND_NEAR);
    gd[1] = arf_get_d(arb_midref(acb_imagref(&g->a)), ARF_RND_NEAR);
    gd[2] = arf_get_d(arb_midref(acb_realref(&g->b)), ARF_RND_NEAR);
    gd[3] = arf_get_d(arb_midref(acb_imagref(&g->b)), ARF_RND_NEAR);
}

/* dpi_n(X) = J_+ - J_-, dpi_n(Y) = i(J_+ + J_-), dpi_n(Z) = diag(i k),
 * index i = (k + n - 1)/2, <i+1|J_+|i> = sqrt((i+1)(n-1-i)) */
static inline void milnor_test_dpi(acb_mat_t M, int which, slong n,
                                   slong prec)
{
    slong i;
    arb_t s;
    arb_init(s);
    acb_mat_zero(M);
    for (i = 0; i < n; i++)
    {
        if (which == 2)
            arb_set_si(acb_imagref(acb_mat_entry(M, i, i)), 2 * i - n + 1);
        if (i + 1 < n)
        {
            arb_sqrt_ui(s, (ulong) ((i + 1) * (n - 1 - i)), prec);
            if (which == 0)
            {
                arb_set(acb_realref(acb_mat_entry(M, i + 1, i)), s);
                arb_neg(acb_realref(acb_mat_entry(M, i, i + 1)), s);
            }
            else if (which == 1)
            {
                arb_set(acb_imagref(acb_mat_entry(M, i + 1, i)), s);
                arb_set(acb_imagref(acb_mat_entry(M, i, i + 1)), s);
            }
        }
    }
    arb_clear(s);
}

#endif
