/* mu^L_t(x) at points through the engine (points.c): for product-type
 * input it must equal the product of single-factor Milnor kernels
 * (hkz_su2_heat_milnor_d) within the returned bound; at e it must equal
 * the box sum; for the mixing example it is symmetric-bounded by mu_t(e). */
#include <math.h>
#include "hkz_test.h"

/* the box's results (hkz/su2mix.h accessors) */
#define VEC(bx, w) hkz_su2mix_box_vec((bx), HKZ_SU2MIX_BOX_##w)
#define MN(bx) hkz_su2mix_box_minorant(bx)
#define MUD(bx) hkz_su2mix_box_mu_d(bx)
#define LMIND(bx) hkz_su2mix_box_lmin_d(bx)

#define PREC 128

int main(void)
{
    hkz_su2mix_op_t op;
    hkz_su2mix_box_t bx;
    arb_ptr a, b, c, t;
    slong nmax[2] = {9, 9};
    enum { NP = 4 };
    double x[NP * 8], out[NP * 2], err[NP * 2];
    double ab[2] = {1, 3}, bb[2] = {2, 3}, cb[2] = {0.5, 0};
    slong p, j, i;
    flint_rand_t st;

    hkz_test_rand_init(st);
    a = _arb_vec_init(2);
    b = _arb_vec_init(2);
    c = _arb_vec_init(2);
    t = _arb_vec_init(2);
    for (i = 0; i < 2; i++)
    {
        arb_set_d(a + i, ab[i]);
        arb_set_d(b + i, bb[i]);
        arb_set_d(c + i, cb[i]);
    }
    arb_set_d(t, 1.0);
    arb_set_d(t + 1, 1.5);
    /* points: e, then random unit quaternions per factor */
    for (p = 0; p < NP; p++)
        for (i = 0; i < 2; i++)
        {
            double *g = x + 8 * p + 4 * i, s = 0;
            slong k;
            for (k = 0; k < 4; k++)
            {
                g[k] = p == 0 ? (k == 0) : (double) n_randint(st, 2001)
                       / 1000.0 - 1.0;
                s += g[k] * g[k];
            }
            for (k = 0; k < 4; k++)
                g[k] /= sqrt(s);
        }
    hkz_su2mix_op_init(op, 2);
    HKZ_TEST_OK(hkz_su2mix_op_set_milnor(op, a, b, c, PREC));
    HKZ_TEST_OK(hkz_su2mix_box_create(&bx, 2, nmax, t, 2));
    HKZ_TEST_OK(hkz_su2mix_box_run(bx, op, 0, PREC));
    HKZ_TEST_OK(hkz_su2mix_heat_points_d(out, err, NULL, op, bx, x, NP));
    for (j = 0; j < 2; j++)
    {
        double td = arf_get_d(arb_midref(t + j), ARF_RND_NEAR);
        HKZ_TEST_CHECK(fabs(out[j * NP] - MUD(bx)[j]) <= 1e-11 *
                       MUD(bx)[j], "x = e: %.17g vs box %.17g",
                       out[j * NP], MUD(bx)[j]);
        for (p = 0; p < NP; p++)
        {
            double ref = 1.0, v;
            for (i = 0; i < 2; i++)
            {
                HKZ_TEST_OK(hkz_su2_heat_milnor_d(&v, ab[i], bb[i], cb[i],
                                                  td, x + 8 * p + 4 * i));
                ref *= v;
            }
            HKZ_TEST_CHECK(fabs(out[p + j * NP] - ref) <= err[p + j * NP] +
                           1e-10 * fabs(ref), "point %ld, t = %g: engine "
                           "%.17g, product %.17g, err %.3g", (long) p, td,
                           out[p + j * NP], ref, err[p + j * NP]);
            HKZ_TEST_CHECK(err[p + j * NP] < 1e-6, "bound too wide");
        }
    }
    hkz_su2mix_box_destroy(&bx);

    /* mixing example: |mu_t(x)| <= mu_t(e) (positive-definite function) */
    {
        arb_ptr eps = _arb_vec_init(1);
        slong nm[2] = {5, 5};
        arb_set_d(eps, 0.7);
        HKZ_TEST_OK(hkz_su2mix_op_set_example_ii(op, b, eps, PREC));
        HKZ_TEST_OK(hkz_su2mix_box_create(&bx, 2, nm, t, 2));
        HKZ_TEST_OK(hkz_su2mix_box_run(bx, op, 0, PREC));
        HKZ_TEST_OK(hkz_su2mix_heat_points_d(out, err, NULL, op, bx, x, NP));
        for (j = 0; j < 2; j++)
            for (p = 0; p < NP; p++)
                HKZ_TEST_CHECK(fabs(out[p + j * NP]) <= out[j * NP] * (1 +
                               1e-12), "|mu(x)| > mu(e)");
        /* bad point */
        x[0] = 2.0;
        HKZ_TEST_STATUS(hkz_su2mix_heat_points_d(out, err, NULL, op, bx, x,
                                                 NP), HKZ_ERR_DOMAIN);
        hkz_su2mix_box_destroy(&bx);
        _arb_vec_clear(eps, 1);
    }
    hkz_su2mix_op_clear(op);
    _arb_vec_clear(a, 2);
    _arb_vec_clear(b, 2);
    _arb_vec_clear(c, 2);
    _arb_vec_clear(t, 2);
    hkz_rand_clear(st);
    HKZ_TEST_END("su2mix.points");
}
