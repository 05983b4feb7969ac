/* The generic GPU eigensolver hkz_cuda_eigh_herm (cuSOLVER zheevd and
 * zheevj batched) registered with su2mix, against
 * LAPACKE zheevd on blocks of the X8(ii) example; the GPU eigenvectors
 * seed the certified check, whose enclosures must contain the LAPACKE
 * eigenvalues; the box run with the GPU solver registered agrees with
 * the CPU one.  Exits 77 without a CUDA device. */
#include <math.h>
#include "hkz_test.h"
#include "hkz/cuda.h"

/* the box's results (hkz/su2mix.h accessors) */
#define VEC(bx, w) hkz_su2mix_box_vec((bx), HKZ_SU2MIX_BOX_##w)
#define MN(bx) hkz_su2mix_box_minorant(bx)
#define MUD(bx) hkz_su2mix_box_mu_d(bx)
#define LMIND(bx) hkz_su2mix_box_lmin_d(bx)

#define PREC 128

static double maxabs(const double *w, slong d)
{
    double m = 0;
    slong i;
    for (i = 0; i < d; i++)
        m = fmax(m, fabs(w[i]));
    return m;
}

int main(void)
{
    hkz_su2mix_op_t op;
    hkz_su2mix_box_t bx, bg;
    arb_ptr b, eps, t, lam;
    slong nvec[2], i, j, k;
    int ndev = 0;

    HKZ_TEST_OK(hkz_cuda_device_count(&ndev));
    if (ndev == 0)
    {
        printf("gpu.su2mix_eigh....SKIP (no CUDA device)\n");
        return 77;
    }
    b = _arb_vec_init(2);
    eps = _arb_vec_init(2);
    t = _arb_vec_init(2);
    arb_set_si(b, 1);
    arb_set_si(b + 1, 4);
    arb_set_d(eps, 0.5);
    arb_set_d(t, 0.5);
    arb_set_d(t + 1, 0.2);
    hkz_su2mix_op_init(op, 2);
    HKZ_TEST_OK(hkz_su2mix_op_set_example_ii(op, b, eps, PREC));

    /* single blocks of growing size: zheevd GPU vs CPU, certified seed */
    for (k = 2; k <= 12; k += 5)
    {
        slong d;
        double *H1, *H2, *w1, *w2, sc;
        acb_mat_t Hb;
        nvec[0] = k;
        nvec[1] = k + 1;
        d = nvec[0] * nvec[1];
        H1 = flint_malloc(2 * d * d * sizeof(double));
        H2 = flint_malloc(2 * d * d * sizeof(double));
        w1 = flint_malloc(d * sizeof(double));
        w2 = flint_malloc(d * sizeof(double));
        lam = _arb_vec_init(d);
        acb_mat_init(Hb, d, d);
        HKZ_TEST_OK(hkz_su2mix_block_d(H1, op, nvec));
        HKZ_TEST_OK(hkz_su2mix_block_d(H2, op, nvec));
        HKZ_TEST_OK(hkz_su2mix_block(Hb, op, nvec, PREC));
        HKZ_TEST_OK(hkz_su2mix_eigh_lapack(w1, H1, d));
        HKZ_TEST_OK(hkz_cuda_eigh_herm(w2, H2, (size_t) d, 1));
        sc = maxabs(w1, d);
        for (i = 0; i < d; i++)
            HKZ_TEST_CHECK(fabs(w1[i] - w2[i]) <= 1e-12 * sc, "d = %ld, "
                           "lambda_%ld: gpu %.17g cpu %.17g", (long) d,
                           (long) i, w2[i], w1[i]);
        HKZ_TEST_OK(hkz_su2mix_eig_enclose(lam, Hb, w2, H2, PREC));
        for (i = 0; i < d; i++)
        {
            arb_t u;
            arb_init(u);
            arb_set_d(u, w1[i]);
            HKZ_TEST_CHECK(arb_overlaps(lam + i, u) ||
                           fabs(w1[i] - arf_get_d(arb_midref(lam + i),
                                ARF_RND_NEAR)) <= 1e-12 * sc,
                           "GPU-seeded enclosure misses the LAPACKE value");
            arb_clear(u);
        }
        flint_free(H1);
        flint_free(H2);
        flint_free(w1);
        flint_free(w2);
        _arb_vec_clear(lam, d);
        acb_mat_clear(Hb);
    }

    /* batched Jacobi on all blocks of size 4 x 5 = 20 of several operators */
    {
        slong d = 20, nb = 5;
        double *H = flint_malloc(2 * d * d * nb * sizeof(double));
        double *Hc = flint_malloc(2 * d * d * sizeof(double));
        double *w = flint_malloc(d * nb * sizeof(double));
        double *wc = flint_malloc(d * sizeof(double));
        nvec[0] = 4;
        nvec[1] = 5;
        for (j = 0; j < nb; j++)
        {
            arb_set_d(eps, 0.25 * j);
            HKZ_TEST_OK(hkz_su2mix_op_set_example_ii(op, b, eps, PREC));
            HKZ_TEST_OK(hkz_su2mix_block_d(H + 2 * d * d * j, op, nvec));
        }
        HKZ_TEST_OK(hkz_cuda_eigh_herm(w, H, (size_t) d, (size_t) nb));
        for (j = 0; j < nb; j++)
        {
            arb_set_d(eps, 0.25 * j);
            HKZ_TEST_OK(hkz_su2mix_op_set_example_ii(op, b, eps, PREC));
            HKZ_TEST_OK(hkz_su2mix_block_d(Hc, op, nvec));
            HKZ_TEST_OK(hkz_su2mix_eigh_lapack(wc, Hc, d));
            for (i = 0; i < d; i++)
                HKZ_TEST_CHECK(fabs(wc[i] - w[j * d + i]) <= 1e-11 *
                               maxabs(wc, d), "batched block %ld, "
                               "lambda_%ld: gpu %.17g cpu %.17g", (long) j,
                               (long) i, w[j * d + i], wc[i]);
        }
        HKZ_TEST_STATUS(hkz_cuda_eigh_herm(w, H, 0, 1), HKZ_ERR_ARG);
        HKZ_TEST_STATUS(hkz_cuda_eigh_herm(w, H, d, 0), HKZ_ERR_ARG);
        flint_free(H);
        flint_free(Hc);
        flint_free(w);
        flint_free(wc);
    }

    /* the certified box with the GPU solver for every block vs LAPACKE */
    {
        slong nmax[2] = {7, 6};
        arb_set_d(eps, 0.5);
        HKZ_TEST_OK(hkz_su2mix_op_set_example_ii(op, b, eps, PREC));
        hkz_su2mix_eigh_register(NULL, 0);
        HKZ_TEST_OK(hkz_su2mix_box_create(&bx, 2, nmax, t, 2));
        HKZ_TEST_OK(hkz_su2mix_box_run(bx, op, 1, PREC));
        hkz_su2mix_eigh_register(hkz_cuda_eigh_herm, 1);
        HKZ_TEST_OK(hkz_su2mix_box_create(&bg, 2, nmax, t, 2));
        HKZ_TEST_OK(hkz_su2mix_box_run(bg, op, 1, PREC));
        for (j = 0; j < 2; j++)
            HKZ_TEST_CHECK(arb_overlaps(VEC(bx, MU) + j, VEC(bg, MU) + j) &&
                           arb_overlaps(VEC(bx, SUM) + j, VEC(bg, SUM) + j),
                           "GPU box differs at t_%ld", (long) j);
        HKZ_TEST_CHECK(hkz_su2mix_box_blocks_le(bg),
                       "GPU box: blockwise comparison");
        hkz_su2mix_box_destroy(&bx);
        hkz_su2mix_box_destroy(&bg);
        hkz_su2mix_eigh_register(NULL, 0);
    }
    hkz_su2mix_op_clear(op);
    _arb_vec_clear(b, 2);
    _arb_vec_clear(eps, 2);
    _arb_vec_clear(t, 2);
    HKZ_TEST_END("gpu.su2mix_eigh");
}
