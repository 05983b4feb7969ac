/* Certified eigenvalue enclosures (Weyl + Ostrowski, eig.c) against
 * acb_mat_exp: tr e^{-tH} = sum_j e^{-t lambda_j} for random Hermitian
 * (PSD and indefinite) matrices and a degenerate block. */
#include <math.h>
#include "hkz_test.h"

#define PREC 128

static void check_one(const acb_mat_t H, double t, const char *what)
{
    slong d = acb_mat_nrows(H), i, j;
    double *Hd = flint_malloc(2 * d * d * sizeof(double));
    double *w = flint_malloc(d * sizeof(double));
    arb_ptr lam = _arb_vec_init(d);
    acb_mat_t E;
    acb_t tr;
    arb_t s, u, tb;

    acb_mat_init(E, d, d);
    acb_init(tr);
    arb_init(s);
    arb_init(u);
    arb_init(tb);
    for (j = 0; j < d; j++)
        for (i = 0; i < d; i++)
        {
            Hd[2 * (i + j * d)] = arf_get_d(arb_midref(acb_realref(
                acb_mat_entry(H, i, j))), ARF_RND_NEAR);
            Hd[2 * (i + j * d) + 1] = arf_get_d(arb_midref(acb_imagref(
                acb_mat_entry(H, i, j))), ARF_RND_NEAR);
        }
    HKZ_TEST_OK(hkz_su2mix_eigh_lapack(w, Hd, d));
    HKZ_TEST_OK(hkz_su2mix_eig_enclose(lam, H, w, Hd, PREC));
    arb_set_d(tb, t);
    for (j = 0; j < d; j++)
    {
        HKZ_TEST_CHECK(mag_cmp_2exp_si(arb_radref(lam + j), -30) < 0,
                       "%s: enclosure of lambda_%ld too wide", what,
                       (long) j);
        HKZ_TEST_CHECK(j == 0 || !arb_gt(lam + j - 1, lam + j),
                       "%s: not ascending", what);
        arb_mul(u, lam + j, tb, PREC);
        arb_neg(u, u);
        arb_exp(u, u, PREC);
        arb_add(s, s, u, PREC);
    }
    /* reference: trace of exp(-tH) (acb_mat_exp, certified) */
    acb_mat_scalar_mul_arb(E, H, tb, PREC);
    acb_mat_neg(E, E);
    acb_mat_exp(E, E, PREC);
    acb_mat_trace(tr, E, PREC);
    HKZ_TEST_CHECK(arb_overlaps(s, acb_realref(tr)),
                   "%s: sum e^{-t lambda} does not meet tr exp(-tH)", what);
    HKZ_TEST_CHECK(mag_cmp_2exp_si(arb_radref(s), -30) < 0,
                   "%s: trace enclosure too wide", what);
    /* a perturbed decomposition is still enclosed (wider) */
    for (j = 0; j < 2 * d * d; j++)
        Hd[j] *= 1.0 + 1e-9 * ((j % 7) - 3);
    w[0] -= 1e-8;
    HKZ_TEST_OK(hkz_su2mix_eig_enclose(lam, H, w, Hd, PREC));
    arb_zero(u);
    for (j = 0; j < d; j++)
        arb_add(u, u, lam + j, PREC);
    acb_mat_trace(tr, H, PREC);
    HKZ_TEST_CHECK(arb_overlaps(u, acb_realref(tr)),
                   "%s: perturbed: sum lambda does not meet tr H", what);
    /* garbage eigenvectors: refused */
    for (j = 0; j < 2 * d * d; j++)
        Hd[j] = (j % 3) * 0.7;
    HKZ_TEST_STATUS(hkz_su2mix_eig_enclose(lam, H, w, Hd, PREC),
                    HKZ_ERR_NOT_CERTIFIED);
    flint_free(Hd);
    flint_free(w);
    _arb_vec_clear(lam, d);
    acb_mat_clear(E);
    acb_clear(tr);
    arb_clear(s);
    arb_clear(u);
    arb_clear(tb);
}

int main(void)
{
    flint_rand_t state;
    slong iter, d, i, j;

    hkz_test_rand_init(state);
    for (iter = 0; iter < hkz_test_iters(6); iter++)
    {
        acb_mat_t A, Ah, H;
        d = 2 + n_randint(state, 12);
        acb_mat_init(A, d, d);
        acb_mat_init(Ah, d, d);
        acb_mat_init(H, d, d);
        for (i = 0; i < d; i++)
            for (j = 0; j < d; j++)
            {
                arb_set_d(acb_realref(acb_mat_entry(A, i, j)),
                          (double) n_randint(state, 2001) / 1000.0 - 1.0);
                arb_set_d(acb_imagref(acb_mat_entry(A, i, j)),
                          (double) n_randint(state, 2001) / 1000.0 - 1.0);
            }
        if (iter % 2 == 0)
        {
            /* PSD: H = A^* A */
            acb_mat_conjugate_transpose(Ah, A);
            acb_mat_mul(H, Ah, A, PREC);
        }
        else
        {
            /* indefinite: H = (A + A^*)/2 */
            acb_mat_conjugate_transpose(Ah, A);
            acb_mat_add(H, A, Ah, PREC);
            acb_mat_scalar_mul_2exp_si(H, H, -1);
        }
        check_one(H, 0.3 + 0.1 * iter, iter % 2 ? "indefinite" : "psd");
        acb_mat_clear(A);
        acb_mat_clear(Ah);
        acb_mat_clear(H);
    }
    /* degenerate: the Delta block of SU(2)^2 at (3, 3) = 16 I (9-fold)
     * plus a mixing term with repeated eigenvalues */
    {
        hkz_su2mix_op_t op;
        slong nvec[2] = {3, 2};
        acb_mat_t H;
        hkz_su2mix_op_init(op, 2);
        arb_mat_one(&op->Q);
        acb_mat_init(H, 6, 6);
        HKZ_TEST_OK(hkz_su2mix_block(H, op, nvec, PREC));
        check_one(H, 0.5, "degenerate Delta");
        HKZ_TEST_OK(hkz_su2mix_op_parse(op, "X1; Y1 + 0.5*X2; X2; Y2", 2,
                                        PREC));
        HKZ_TEST_OK(hkz_su2mix_block(H, op, nvec, PREC));
        check_one(H, 0.5, "mixing");
        acb_mat_clear(H);
        hkz_su2mix_op_clear(op);
    }
    hkz_rand_clear(state);
    HKZ_TEST_END("su2mix.enclose");
}
