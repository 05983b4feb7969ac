/* Blocks Lhat(pi) of su2mix: the field matrices satisfy [X,Y] = 2Z
 * (via Lhat of Q = e_a e_b^T + e_b e_a^T), the Casimir, Hermitian
 * symmetry, double = ball, and the parser builds Q = C^T C. */
#include <math.h>
#include "hkz_test.h"

static int acb_contains_si(const acb_t x, slong v)
{
    return arb_contains_si(acb_realref(x), v) &&
           arb_contains_si(acb_imagref(x), 0);
}

/* H_d (complex double, column-major) and H (balls) agree to 1e-12 */
static void check_same(const double *Hd, const acb_mat_t H, slong d)
{
    slong i, j;
    for (i = 0; i < d; i++)
        for (j = 0; j < d; j++)
        {
            const acb_struct *h = acb_mat_entry(H, i, j);
            double re = arf_get_d(arb_midref(acb_realref(h)), ARF_RND_NEAR);
            double im = arf_get_d(arb_midref(acb_imagref(h)), ARF_RND_NEAR);
            HKZ_TEST_CHECK(fabs(re - Hd[2 * (i + j * d)]) < 1e-12 &&
                           fabs(im - Hd[2 * (i + j * d) + 1]) < 1e-12,
                           "double / ball block differ at (%ld, %ld)",
                           (long) i, (long) j);
        }
}

int main(void)
{
    hkz_su2mix_op_t op;
    slong nvec[2], i, j, k, n;
    acb_mat_t H, Hc;
    double *Hd;
    arb_t u;

    /* single factor, Q = I (Delta): Lhat = (n^2-1) I (spec 1.3 Casimir) */
    hkz_su2mix_op_init(op, 1);
    arb_mat_one(&op->Q);
    for (n = 1; n <= 6; n++)
    {
        nvec[0] = n;
        acb_mat_init(H, n, n);
        HKZ_TEST_OK(hkz_su2mix_block(H, op, nvec, 128));
        for (i = 0; i < n; i++)
            for (j = 0; j < n; j++)
                HKZ_TEST_CHECK(acb_contains_si(acb_mat_entry(H, i, j),
                                               i == j ? n * n - 1 : 0),
                               "Casimir n = %ld (%ld, %ld)", (long) n,
                               (long) i, (long) j);
        acb_mat_clear(H);
    }
    /* Q = diag(1, 1, 0): sub-Laplacian, diag(n^2-1-k^2) (spec 3.1) */
    arb_zero(arb_mat_entry(&op->Q, 2, 2));
    for (n = 1; n <= 6; n++)
    {
        nvec[0] = n;
        acb_mat_init(H, n, n);
        HKZ_TEST_OK(hkz_su2mix_block(H, op, nvec, 128));
        for (i = 0; i < n; i++)
        {
            k = 2 * i - (n - 1);
            HKZ_TEST_CHECK(acb_contains_si(acb_mat_entry(H, i, i),
                                           n * n - 1 - k * k),
                           "sub-Laplacian n = %ld, k = %ld", (long) n,
                           (long) k);
        }
        acb_mat_clear(H);
    }
    /* [X,Y] = 2Z: with Q = e_X e_Y^T - e_Y e_X^T (antisymmetric, allowed in
     * the block builder) Lhat = -(XY - YX) = -[X,Y] = -2 dpi(Z), and
     * dpi(Z) = diag(i k). */
    arb_mat_zero(&op->Q);
    arb_one(arb_mat_entry(&op->Q, 0, 1));
    arb_set_si(arb_mat_entry(&op->Q, 1, 0), -1);
    for (n = 2; n <= 5; n++)
    {
        nvec[0] = n;
        acb_mat_init(H, n, n);
        HKZ_TEST_OK(hkz_su2mix_block(H, op, nvec, 128));
        for (i = 0; i < n; i++)
            for (j = 0; j < n; j++)
            {
                const acb_struct *h = acb_mat_entry(H, i, j);
                k = 2 * i - (n - 1);
                HKZ_TEST_CHECK(arb_contains_si(acb_realref(h), 0) &&
                               arb_contains_si(acb_imagref(h),
                                               i == j ? -2 * k : 0),
                               "[X,Y] = 2Z fails, n = %ld (%ld, %ld)",
                               (long) n, (long) i, (long) j);
            }
        acb_mat_clear(H);
    }
    /* isotropy: tr(-dpi(F)^2) = n(n^2-1)/3 for F = X, Y, Z (Q = E_FF) */
    for (n = 2; n <= 5; n++)
        for (k = 0; k < 3; k++)
        {
            acb_t tr;
            acb_init(tr);
            arb_mat_zero(&op->Q);
            arb_one(arb_mat_entry(&op->Q, k, k));
            nvec[0] = n;
            acb_mat_init(H, n, n);
            HKZ_TEST_OK(hkz_su2mix_block(H, op, nvec, 128));
            acb_mat_trace(tr, H, 128);
            acb_mul_ui(tr, tr, 3, 128);
            HKZ_TEST_CHECK(acb_contains_si(tr, n * (n * n - 1)),
                           "tr(-F^2) != n(n^2-1)/3, n = %ld, F = %ld",
                           (long) n, (long) k);
            acb_clear(tr);
            acb_mat_clear(H);
        }
    hkz_su2mix_op_clear(op);

    /* parser and mixing block: Hermitian, double = balls */
    hkz_su2mix_op_init(op, 2);
    HKZ_TEST_OK(hkz_su2mix_op_parse(op, "X1; Y1 + 0.5*X2; 2*X2 - 1/3 Z1;"
                                    " Y2 + Z2 # comment\n Z1", 2, 128));
    arb_init(u);
    arb_set_d(u, 0.5);
    HKZ_TEST_CHECK(arb_contains(arb_mat_entry(&op->Q, 1, 3), u) &&
                   arb_contains(arb_mat_entry(&op->Q, 3, 1), u),
                   "parser: Q[Y1][X2] != 0.5");
    arb_set_d(u, 4.25);
    HKZ_TEST_CHECK(arb_contains(arb_mat_entry(&op->Q, 3, 3), u),
                   "parser: Q[X2][X2] != 4.25");
    arb_set_si(u, -2);
    arb_div_ui(u, u, 3, 128);
    HKZ_TEST_CHECK(arb_contains(arb_mat_entry(&op->Q, 2, 3), u),
                   "parser: Q[Z1][X2] != -2/3");
    arb_set_si(u, 10);
    arb_div_ui(u, u, 9, 128);
    HKZ_TEST_CHECK(arb_contains(arb_mat_entry(&op->Q, 2, 2), u),
                   "parser: Q[Z1][Z1] != 10/9");
    HKZ_TEST_STATUS(hkz_su2mix_op_parse(op, "X1; W2", 2, 128), HKZ_ERR_ARG);
    HKZ_TEST_STATUS(hkz_su2mix_op_parse(op, "X1; Y3", 2, 128), HKZ_ERR_ARG);
    HKZ_TEST_STATUS(hkz_su2mix_op_parse(op, "X1 Y1", 2, 128), HKZ_ERR_ARG);
    HKZ_TEST_STATUS(hkz_su2mix_op_parse(op, "", 2, 128), HKZ_ERR_ARG);
    HKZ_TEST_OK(hkz_su2mix_op_parse(op, "X1; Y1 + 0.5*X2; 2*X2 - 1/3 Z1;"
                                    " Y2 + Z2; Z1", 2, 128));
    nvec[0] = 3;
    nvec[1] = 4;
    acb_mat_init(H, 12, 12);
    acb_mat_init(Hc, 12, 12);
    Hd = flint_malloc(2 * 144 * sizeof(double));
    HKZ_TEST_OK(hkz_su2mix_block(H, op, nvec, 128));
    HKZ_TEST_OK(hkz_su2mix_block_d(Hd, op, nvec));
    acb_mat_conjugate_transpose(Hc, H);
    HKZ_TEST_CHECK(acb_mat_overlaps(H, Hc), "mixing block not Hermitian");
    check_same(Hd, H, 12);
    flint_free(Hd);
    acb_mat_clear(H);
    acb_mat_clear(Hc);
    arb_clear(u);
    hkz_su2mix_op_clear(op);
    HKZ_TEST_END("su2mix.block");
}
