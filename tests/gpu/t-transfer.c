/* GPU transfer matrix (hkz_ising_dos_transfer_cuda): identical integers
 * to the CPU sparse transfer matrix on small tori and cylinders (odd and
 * even sides, both orientations, one to three primes), every GPU table
 * through hkz_ising_dos_check; bad input.  Skips without a GPU. */
#include "hkz_gpu_test.h"
#include "hkz/ising.h"

static void lattice(hkz_ising_model_t m, slong L, slong M, int torus)
{
    fmpq_t q;
    fmpq_init(q);
    fmpq_one(q);
    HKZ_TEST_OK(hkz_ising_model_lattice(m, L, M, q, torus ?
                HKZ_ISING_TORUS : HKZ_ISING_CYLINDER));
    fmpq_clear(q);
}

static int stop_after_two(void *ctx, slong done, slong total)
{
    (void) ctx;
    (void) total;
    return done >= 2;
}

/* 7 x 6 torus (7 runs: batches of one) stopped after two runs, resumed
 * from the checkpoint: the CPU table; the checkpoint refused for 6 x 8 */
static void checkpoint_resume(void)
{
    const char *path = "t-transfer-gpu.ckpt";
    hkz_progress_t stop = {stop_after_two, NULL};
    hkz_ising_model_t m, m2;
    hkz_ising_dos_t a, b;
    hkz_ising_model_init(m);
    hkz_ising_model_init(m2);
    hkz_ising_dos_init(a);
    hkz_ising_dos_init(b);
    lattice(m, 7, 6, 1);
    lattice(m2, 6, 8, 1);
    remove(path);
    HKZ_TEST_STATUS(hkz_ising_dos_transfer_cuda_ckpt(a, m, path, 0, &stop,
                                                     NULL),
                    HKZ_ERR_INTERRUPTED);
    HKZ_TEST_STATUS(hkz_ising_dos_transfer_cuda_ckpt(a, m2, path, 1, NULL,
                                                     NULL),
                    HKZ_ERR_CHECKPOINT);
    HKZ_TEST_OK(hkz_ising_dos_transfer_cuda_ckpt(a, m, path, 1, NULL, NULL));
    HKZ_TEST_OK(hkz_ising_dos_transfer_sparse(b, m, 2, NULL, NULL));
    HKZ_TEST_CHECK(a->nb == b->nb && a->nk == b->nk &&
                   _fmpz_vec_equal(a->g, b->g, a->nb * a->nk),
                   "7x6 torus resumed from the checkpoint != CPU table");
    HKZ_TEST_OK(hkz_ising_dos_check(a, m));
    remove(path);
    hkz_ising_dos_clear(a);
    hkz_ising_dos_clear(b);
    hkz_ising_model_clear(m);
    hkz_ising_model_clear(m2);
}

/* 3x47 and 4x40: half-run counts pass 2^64 ((a'-1) L = 69, 76), so the
 * second word and the reductions of the exact factors matter (at L >= 14
 * their loops, since replaced, hung the closing kernel on the H200). */
int main(void)
{
    static const slong sz[][3] = {
        {3, 3, 1}, {4, 4, 1}, {4, 5, 1}, {5, 4, 1}, {6, 6, 1}, {5, 7, 1},
        {4, 34, 1}, {8, 8, 1}, {6, 10, 1}, {3, 47, 1}, {4, 40, 1},
        {3, 4, 0}, {4, 4, 0}, {5, 6, 0}, {6, 5, 0}, {8, 8, 0},
        {5, 14, 0}, {3, 1, 0}};
    slong i, n = sizeof(sz) / sizeof(sz[0]);
    uint64_t out[4];
    hkz_ising_transfer_stats_t st;

    HKZ_TEST_STATUS(hkz_cuda_transfer_pass(out, 0, 3, 0, NULL, NULL, 1, 7,
                                           NULL, NULL), HKZ_ERR_ARG);
    HKZ_TEST_STATUS(hkz_cuda_transfer_pass(out, 3, 3, 0, NULL, NULL, 1, 2,
                                           NULL, NULL), HKZ_ERR_ARG);
    /* meet in the middle: T a power of two >= L M, at least 16 */
    HKZ_TEST_STATUS(hkz_cuda_transfer_meet(NULL, 4, 4, 8, 1, NULL, NULL,
                                           NULL, NULL, NULL, 0, NULL, NULL),
                    HKZ_ERR_ARG);
    HKZ_TEST_STATUS(hkz_cuda_transfer_meet(NULL, 6, 6, 48, 1, NULL, NULL,
                                           NULL, NULL, NULL, 0, NULL, NULL),
                    HKZ_ERR_ARG);
    HKZ_TEST_STATUS(hkz_cuda_transfer_meet(NULL, 2, 8, 16, 1, NULL, NULL,
                                           NULL, NULL, NULL, 0, NULL, NULL),
                    HKZ_ERR_ARG);
    HKZ_TEST_NEED_CUDA("transfer");
    /* the pass reaches the library through hkz_cuda_register only */
    {
        hkz_ising_model_t m;
        hkz_ising_dos_t a;
        hkz_ising_model_init(m);
        hkz_ising_dos_init(a);
        lattice(m, 4, 4, 1);
        HKZ_TEST_STATUS(hkz_ising_dos_transfer_cuda(a, m, NULL, NULL),
                        HKZ_ERR_UNSUPPORTED);
        hkz_ising_dos_clear(a);
        hkz_ising_model_clear(m);
    }
    HKZ_TEST_OK(hkz_cuda_register());
    for (i = 0; i < n; i++)
    {
        hkz_ising_model_t m;
        hkz_ising_dos_t a, b;
        hkz_ising_model_init(m);
        hkz_ising_dos_init(a);
        hkz_ising_dos_init(b);
        lattice(m, sz[i][0], sz[i][1], (int) sz[i][2]);
        HKZ_TEST_OK(hkz_ising_dos_transfer_cuda(a, m, NULL, &st));
        HKZ_TEST_OK(hkz_ising_dos_transfer_sparse(b, m, 2, NULL, NULL));
        HKZ_TEST_CHECK(a->nb == b->nb && a->nk == b->nk &&
                       a->bmin == b->bmin && fmpz_equal(a->S, b->S) &&
                       _fmpz_vec_equal(a->g, b->g, a->nb * a->nk),
                       "%ldx%ld %s: GPU table != CPU table",
                       (long) sz[i][0], (long) sz[i][1],
                       sz[i][2] ? "torus" : "cylinder");
        HKZ_TEST_OK(hkz_ising_dos_check(a, m));
        if (i == 1)     /* hkz dos --lattice 4x4 (--device auto) */
        {
            int gpu = 0;
            hkz_ising_dos_clear(a);
            hkz_ising_dos_init(a);
            HKZ_TEST_OK(hkz_ising_dos_device(a, &gpu, m, HKZ_BACKEND_AUTO,
                                             NULL));
            HKZ_TEST_CHECK(gpu == 1 && a->nb == b->nb && a->nk == b->nk &&
                           _fmpz_vec_equal(a->g, b->g,
                           b->nb * b->nk), "4x4 torus: auto != CPU");
        }
        hkz_ising_dos_clear(a);
        hkz_ising_dos_clear(b);
        hkz_ising_model_clear(m);
    }
    checkpoint_resume();
    printf("transfer....%s\n", hkz_test_failures ? "FAIL" : "PASS");
    return hkz_test_failures ? 1 : 0;
}
