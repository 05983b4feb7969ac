/* hkz_su2_wigner_mat: representation property, unitarity, agreement with
 * exp(s dpi_n(V)) for V = X, Y, Z built here from the Condon-Shortley
 * spin matrices (checked against [X,Y] = 2Z and the Casimir), pi_2(g). */
#include "milnor_test.h"

/* every entry has radius below 2^{-bits} (the overlaps above are not
 * vacuous) */
static int mat_tight(const acb_mat_t M, slong bits)
{
    slong i, j;
    for (i = 0; i < acb_mat_nrows(M); i++)
        for (j = 0; j < acb_mat_ncols(M); j++)
        {
            const acb_struct *e = acb_mat_entry(M, i, j);
            if (mag_cmp_2exp_si(arb_radref(acb_realref(e)), -bits) > 0
                || mag_cmp_2exp_si(arb_radref(acb_imagref(e)), -bits) > 0)
                return 0;
        }
    return 1;
}

int main(void)
{
    flint_rand_t state;
    slong n, iter, prec = 128, i;
    hkz_su2_elem_t g, h, gh;
    acb_mat_t A, B, C, P, M[3], Q;
    arb_t s;

    hkz_test_rand_init(state);
    hkz_su2_elem_init(g);
    hkz_su2_elem_init(h);
    hkz_su2_elem_init(gh);
    arb_init(s);

    for (n = 1; n <= 7; n++)
    {
        acb_mat_init(A, n, n);
        acb_mat_init(B, n, n);
        acb_mat_init(C, n, n);
        acb_mat_init(P, n, n);
        acb_mat_init(Q, n, n);
        for (i = 0; i < 3; i++)
        {
            acb_mat_init(M[i], n, n);
            milnor_test_dpi(M[i], (int) i, n, prec);
        }

        /* the test's own matrices: [X,Y] = 2Z and the Casimir -(n^2-1) */
        acb_mat_mul(A, M[0], M[1], prec);
        acb_mat_mul(B, M[1], M[0], prec);
        acb_mat_sub(A, A, B, prec);
        acb_mat_scalar_mul_2exp_si(B, M[2], 1);
        HKZ_TEST_CHECK(acb_mat_overlaps(A, B), "[X,Y] = 2Z, n = %ld",
                       (long) n);
        acb_mat_zero(A);
        for (i = 0; i < 3; i++)
        {
            acb_mat_mul(B, M[i], M[i], prec);
            acb_mat_add(A, A, B, prec);
        }
        acb_mat_one(B);
        acb_mat_scalar_mul_si(B, B, -(n * n - 1), prec);
        HKZ_TEST_CHECK(acb_mat_overlaps(A, B), "Casimir, n = %ld", (long) n);

        for (iter = 0; iter < hkz_test_iters(4); iter++)
        {
            /* pi_n(g h) = pi_n(g) pi_n(h) */
            milnor_test_rand(g, state, prec);
            milnor_test_rand(h, state, prec);
            milnor_test_mul(gh, g, h, prec);
            HKZ_TEST_OK(hkz_su2_wigner_mat(A, g, prec));
            HKZ_TEST_OK(hkz_su2_wigner_mat(B, h, prec));
            HKZ_TEST_OK(hkz_su2_wigner_mat(C, gh, prec));
            acb_mat_mul(P, A, B, prec);
            HKZ_TEST_CHECK(acb_mat_overlaps(P, C),
                           "pi(gh) != pi(g) pi(h), n = %ld", (long) n);
            HKZ_TEST_CHECK(mat_tight(C, 100) && mat_tight(P, 100),
                           "pi(gh) enclosures too wide, n = %ld", (long) n);

            /* unitarity */
            acb_mat_conjugate_transpose(B, A);
            acb_mat_mul(P, A, B, prec);
            acb_mat_one(B);
            HKZ_TEST_CHECK(acb_mat_overlaps(P, B), "pi(g) not unitary, "
                           "n = %ld", (long) n);

            /* pi_n(exp(sV)) = exp(s dpi_n(V)), s in [-3, 3] */
            arb_set_si(s, (slong) n_randint(state, 6001) - 3000);
            arb_div_ui(s, s, 1000, prec);
            for (i = 0; i < 3; i++)
            {
                acb_mat_scalar_mul_arb(Q, M[i], s, prec);
                acb_mat_exp(P, Q, prec);
                if (i == 0)         /* [[cos, sin], [-sin, cos]] */
                {
                    acb_set_arb(&h->a, s);
                    acb_cos(&h->a, &h->a, prec);
                    acb_set_arb(&h->b, s);
                    acb_sin(&h->b, &h->b, prec);
                    acb_neg(&h->b, &h->b);
                }
                else if (i == 1)    /* [[cos, i sin], [i sin, cos]] */
                {
                    acb_set_arb(&h->a, s);
                    acb_cos(&h->a, &h->a, prec);
                    acb_set_arb(&h->b, s);
                    acb_sin(&h->b, &h->b, prec);
                    acb_mul_onei(&h->b, &h->b);
                }
                else                /* exp(sZ) = diag(e^{is}, e^{-is}) */
                {
                    acb_set_arb(&h->a, s);
                    acb_mul_onei(&h->a, &h->a);
                    acb_exp(&h->a, &h->a, prec);
                    acb_zero(&h->b);
                }
                HKZ_TEST_OK(hkz_su2_wigner_mat(C, h, prec));
                HKZ_TEST_CHECK(acb_mat_overlaps(P, C) && mat_tight(C, 100),
                               "pi(exp(sV)) != "
                               "exp(s dpi_n(V)), V = %c, n = %ld",
                               "XYZ"[i], (long) n);
            }
        }

        for (i = 0; i < 3; i++)
            acb_mat_clear(M[i]);
        acb_mat_clear(A);
        acb_mat_clear(B);
        acb_mat_clear(C);
        acb_mat_clear(P);
        acb_mat_clear(Q);
    }

    /* pi_2(g) = [[conj a, b], [-conj b, a]] in index order */
    milnor_test_rand(g, state, prec);
    acb_mat_init(A, 2, 2);
    HKZ_TEST_OK(hkz_su2_wigner_mat(A, g, prec));
    {
        acb_t u;
        acb_init(u);
        acb_conj(u, &g->a);
        HKZ_TEST_CHECK(acb_overlaps(acb_mat_entry(A, 0, 0), u), "D00");
        HKZ_TEST_CHECK(acb_overlaps(acb_mat_entry(A, 0, 1), &g->b), "D01");
        acb_conj(u, &g->b);
        acb_neg(u, u);
        HKZ_TEST_CHECK(acb_overlaps(acb_mat_entry(A, 1, 0), u), "D10");
        HKZ_TEST_CHECK(acb_overlaps(acb_mat_entry(A, 1, 1), &g->a), "D11");
        acb_clear(u);
    }
    acb_mat_clear(A);

    /* bad shapes */
    acb_mat_init(A, 2, 3);
    HKZ_TEST_STATUS(hkz_su2_wigner_mat(A, g, prec), HKZ_ERR_ARG);
    acb_mat_clear(A);
    acb_mat_init(A, 0, 0);
    HKZ_TEST_STATUS(hkz_su2_wigner_mat(A, g, prec), HKZ_ERR_ARG);
    acb_mat_clear(A);

    hkz_su2_elem_clear(g);
    hkz_su2_elem_clear(h);
    hkz_su2_elem_clear(gh);
    arb_clear(s);
    hkz_rand_clear(state);
    HKZ_TEST_END("su2_milnor.wigner");
}
