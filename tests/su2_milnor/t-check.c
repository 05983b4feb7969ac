/* hkz_su2_heat_milnor: brute force with L_n built here from the spin
 * matrices, symmetries (inverse; conjugations that swap a <-> b and
 * b <-> c), two precisions, bad arguments (certified and double). */
#include <math.h>
#include "milnor_test.h"

/* sum_{n <= nmax} n Re tr(pi_n(g) exp(t (a dX^2 + b dY^2 + c dZ^2))) */
static void brute(arb_t res, const arb_t a, const arb_t b, const arb_t c,
                  const arb_t t, const hkz_su2_elem_t g, slong nmax,
                  slong prec)
{
    slong n, i;
    const arb_struct *w[3];
    acb_mat_t M, S, T, D;
    acb_t tr;

    w[0] = a;
    w[1] = b;
    w[2] = c;
    acb_init(tr);
    arb_zero(res);
    for (n = 1; n <= nmax; n++)
    {
        acb_mat_init(M, n, n);
        acb_mat_init(S, n, n);
        acb_mat_init(T, n, n);
        acb_mat_init(D, n, n);
        for (i = 0; i < 3; i++)
        {
            milnor_test_dpi(M, (int) i, n, prec);
            acb_mat_mul(T, M, M, prec);
            acb_mat_scalar_addmul_arb(S, T, w[i], prec);
        }
        acb_mat_scalar_mul_arb(S, S, t, prec);      /* -t L_n */
        acb_mat_exp(T, S, prec);
        HKZ_TEST_OK(hkz_su2_wigner_mat(D, g, prec));
        acb_mat_mul(M, D, T, prec);
        acb_mat_trace(tr, M, prec);
        arb_addmul_si(res, acb_realref(tr), n, prec);
        acb_mat_clear(M);
        acb_mat_clear(S);
        acb_mat_clear(T);
        acb_mat_clear(D);
    }
    acb_clear(tr);
}

int main(void)
{
    flint_rand_t state;
    arb_t a, b, c, t, v, w, u;
    hkz_su2_elem_t g, h, k;
    double gd[4], vd;
    slong iter;

    hkz_test_rand_init(state);
    arb_init(a);
    arb_init(b);
    arb_init(c);
    arb_init(t);
    arb_init(v);
    arb_init(w);
    arb_init(u);
    hkz_su2_elem_init(g);
    hkz_su2_elem_init(h);
    hkz_su2_elem_init(k);

    for (iter = 0; iter < hkz_test_iters(3); iter++)
    {
        /* brute force: t = 1, a, b, c >= 1, so L_n >= n^2 - 1 and the
         * terms n >= 13 sum to less than 1e-60 */
        arb_set_si(a, 4 + (slong) n_randint(state, 8));
        arb_div_ui(a, a, 4, 128);
        arb_set_si(b, 4 + (slong) n_randint(state, 8));
        arb_div_ui(b, b, 4, 128);
        arb_set_si(c, 4 + (slong) n_randint(state, 8));
        arb_div_ui(c, c, 4, 128);
        arb_one(t);
        milnor_test_rand(g, state, 256);
        brute(w, a, b, c, t, g, 12, 160);
        mag_set_d(arb_radref(u), 1e-60);
        arb_add_error_mag(w, arb_radref(u));
        HKZ_TEST_OK(hkz_su2_heat_milnor(v, a, b, c, t, g, 128));
        HKZ_TEST_OVERLAP(v, w, "Milnor vs brute force");
        HKZ_TEST_CHECK(arb_rel_accuracy_bits(v) >= 115, "accuracy %ld",
                       (long) arb_rel_accuracy_bits(v));

        /* p(g^{-1}) = p(g), g^{-1} = (conj a, -b); at 64 bits */
        acb_conj(&h->a, &g->a);
        acb_neg(&h->b, &g->b);
        HKZ_TEST_OK(hkz_su2_heat_milnor(w, a, b, c, t, h, 64));
        HKZ_TEST_OVERLAP(v, w, "p(g) vs p(g^{-1}), 128 vs 64 bits");
        HKZ_TEST_CHECK(arb_rel_accuracy_bits(w) >= 55, "64-bit accuracy");

        /* h = exp(pi/4 Z): Ad_h X = Y, Ad_h Y = -X, so
         * p^{a,b,c}(h g h^{-1}) = p^{b,a,c}(g); h g h^{-1} = (a, -i b) */
        acb_set(&h->a, &g->a);
        acb_mul_onei(&h->b, &g->b);
        acb_neg(&h->b, &h->b);
        HKZ_TEST_OK(hkz_su2_heat_milnor(w, b, a, c, t, h, 128));
        HKZ_TEST_OVERLAP(v, w, "a <-> b under conjugation by exp(pi/4 Z)");

        /* h = exp(pi/4 X) = (1/sqrt 2)[[1, 1], [-1, 1]]: Ad_h Y = Z,
         * Ad_h Z = -Y, so p^{a,b,c}(h g h^{-1}) = p^{a,c,b}(g) */
        arb_sqrt_ui(u, 2, 256);
        arb_inv(u, u, 256);
        acb_set_arb(&h->a, u);
        acb_set_arb(&h->b, u);
        acb_neg(&h->b, &h->b);                  /* h */
        acb_set_arb(&k->a, u);
        acb_set_arb(&k->b, u);                  /* h^{-1} */
        milnor_test_mul(k, g, k, 256);
        milnor_test_mul(k, h, k, 256);
        HKZ_TEST_OK(hkz_su2_heat_milnor(w, a, c, b, t, k, 128));
        HKZ_TEST_OVERLAP(v, w, "b <-> c under conjugation by exp(pi/4 X)");
    }

    /* bad arguments: certified */
    arb_one(a);
    arb_one(b);
    arb_one(c);
    arb_one(t);
    milnor_test_rand(g, state, 128);
    arb_zero(u);
    HKZ_TEST_STATUS(hkz_su2_heat_milnor(v, u, b, c, t, g, 64),
                    HKZ_ERR_DOMAIN);
    HKZ_TEST_CHECK(!arb_is_finite(v), "indeterminate on error");
    HKZ_TEST_STATUS(hkz_su2_heat_milnor(v, a, u, c, t, g, 64),
                    HKZ_ERR_DOMAIN);
    HKZ_TEST_STATUS(hkz_su2_heat_milnor(v, a, b, c, u, g, 64),
                    HKZ_ERR_DOMAIN);
    HKZ_TEST_OK(hkz_su2_heat_milnor(v, a, b, u, t, g, 64));   /* c = 0 ok */
    arb_set_d(u, -0.25);
    HKZ_TEST_STATUS(hkz_su2_heat_milnor(v, a, b, u, t, g, 64),
                    HKZ_ERR_DOMAIN);
    HKZ_TEST_STATUS(hkz_su2_heat_milnor(v, u, b, c, t, g, 64),
                    HKZ_ERR_DOMAIN);
    arb_zero(u);
    mag_set_d(arb_radref(u), 0.25);                /* t = [0 +- 0.25] */
    HKZ_TEST_STATUS(hkz_su2_heat_milnor(v, a, b, c, u, g, 64),
                    HKZ_ERR_DOMAIN);
    arb_indeterminate(u);
    HKZ_TEST_STATUS(hkz_su2_heat_milnor(v, a, b, c, u, g, 64),
                    HKZ_ERR_DOMAIN);
    arb_set_d(u, 1e-4);                            /* too many terms */
    HKZ_TEST_STATUS(hkz_su2_heat_milnor(v, a, b, c, u, g, 64),
                    HKZ_ERR_DOMAIN);
    HKZ_TEST_STATUS(hkz_su2_heat_milnor(v, a, b, c, t, g, 1), HKZ_ERR_ARG);
    acb_set_si(&h->a, 1);
    acb_set_d(&h->b, 0.5);                         /* not unit */
    HKZ_TEST_STATUS(hkz_su2_heat_milnor(v, a, b, c, t, h, 64),
                    HKZ_ERR_DOMAIN);
    acb_indeterminate(&h->b);
    HKZ_TEST_STATUS(hkz_su2_heat_milnor(v, a, b, c, t, h, 64),
                    HKZ_ERR_DOMAIN);

    /* bad arguments: double */
    milnor_test_get_d(gd, g);
    HKZ_TEST_OK(hkz_su2_heat_milnor_d(&vd, 1, 1, 0, 1, gd));
    HKZ_TEST_STATUS(hkz_su2_heat_milnor_d(&vd, 0, 1, 1, 1, gd),
                    HKZ_ERR_DOMAIN);
    HKZ_TEST_CHECK(isnan(vd), "NaN on error");
    HKZ_TEST_STATUS(hkz_su2_heat_milnor_d(&vd, 1, -1, 1, 1, gd),
                    HKZ_ERR_DOMAIN);
    HKZ_TEST_STATUS(hkz_su2_heat_milnor_d(&vd, 1, 1, -1, 1, gd),
                    HKZ_ERR_DOMAIN);
    HKZ_TEST_STATUS(hkz_su2_heat_milnor_d(&vd, 1, 1, 1, 0, gd),
                    HKZ_ERR_DOMAIN);
    HKZ_TEST_STATUS(hkz_su2_heat_milnor_d(&vd, 1, 1, 1, NAN, gd),
                    HKZ_ERR_DOMAIN);
    HKZ_TEST_STATUS(hkz_su2_heat_milnor_d(&vd, 1, 1, 1, 1e-5, gd),
                    HKZ_ERR_DOMAIN);
    HKZ_TEST_STATUS(hkz_su2_heat_milnor_d(NULL, 1, 1, 1, 1, gd),
                    HKZ_ERR_ARG);
    HKZ_TEST_STATUS(hkz_su2_heat_milnor_d(&vd, 1, 1, 1, 1, NULL),
                    HKZ_ERR_ARG);
    gd[0] *= 1.01;
    HKZ_TEST_STATUS(hkz_su2_heat_milnor_d(&vd, 1, 1, 1, 1, gd),
                    HKZ_ERR_DOMAIN);

    arb_clear(a);
    arb_clear(b);
    arb_clear(c);
    arb_clear(t);
    arb_clear(v);
    arb_clear(w);
    arb_clear(u);
    hkz_su2_elem_clear(g);
    hkz_su2_elem_clear(h);
    hkz_su2_elem_clear(k);
    hkz_rand_clear(state);
    HKZ_TEST_END("su2_milnor.check");
}
