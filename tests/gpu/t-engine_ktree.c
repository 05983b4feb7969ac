/* hkz_engine_run_ktree on the device (kernels/cuda/engine_ktree.cu)
 * against the same tree of chunk runs added on the host (the generic path,
 * taken when err / mag are asked for): bitwise equal at random sizes,
 * nodes, leading dimensions, with the weights kept on the device by key
 * and replaced under a new key; and the split-K runner of dist_ksum.h
 * (which computes through it) against both.  Skips without a GPU. */
#include <string.h>
#include "hkz_gpu_test.h"
#include "hkz/dist_ksum.h"
#include "../engine/engine_ref.h"

typedef struct
{
    const double *B;
    size_t ld;
} fill_ctx;

/* B(p, global mode k) from the test's P x K table */
static int fill(double *blk, size_t ld, size_t p0, size_t np, size_t k0,
                size_t nk, void *ctx)
{
    const fill_ctx *f = ctx;
    size_t i, j;
    for (j = 0; j < nk; j++)
        for (i = 0; i < np; i++)
            blk[i + j * ld] = f->B[p0 + i + (k0 + j) * f->ld];
    return HKZ_SUCCESS;
}

static size_t count_diff(const double *a, const double *b, size_t P,
                         size_t T, size_t lda)
{
    size_t i, j, n = 0;
    for (j = 0; j < T; j++)
        for (i = 0; i < P; i++)
            n += memcmp(a + i + j * lda, b + i + j * P, sizeof(double)) != 0;
    return n;
}

static void test_tree(flint_rand_t st, hkz_engine_t e)
{
    slong iter;
    for (iter = 0; iter < hkz_test_iters(12); iter++)
    {
        size_t P = 1 + n_randint(st, 300), K = 1 + n_randint(st, 3000);
        size_t T = 1 + n_randint(st, iter % 3 == 0 ? 1500 : 200);
        size_t kc = 256 * (1 + n_randint(st, 3)), m = (K + kc - 1) / kc;
        size_t ldo = P + n_randint(st, 3), i, c, nd;
        int L = 0, l, rep;
        double *B, *C, *out, *ref, *err, *mag, *bmax;
        hkz_engine_problem_t pb;
        fill_ctx f;

        while (((size_t) 1 << L) < m)
            L++;
        B = malloc(P * K * sizeof(double));
        bmax = malloc(K * sizeof(double));
        hkz_engine_problem_init(&pb);
        pb.P = P;
        pb.K = K;
        pb.T = T;
        pb.ldc = K + n_randint(st, 2) * 5;
        C = malloc(pb.ldc * T * sizeof(double));
        out = malloc(ldo * T * sizeof(double));
        ref = malloc(P * T * sizeof(double));
        err = malloc(P * T * sizeof(double));
        mag = malloc(T * sizeof(double));
        for (i = 0; i < P * K; i++)
            B[i] = 2.0 * rand_unit(st) - 1.0;
        for (i = 0; i < K; i++)
            bmax[i] = 1.0;
        for (i = 0; i < pb.ldc * T; i++)
            C[i] = rand_weight(st, 1);
        f.B = B;
        f.ld = P;
        pb.basis = HKZ_BASIS_USER;
        pb.fill = fill;
        pb.fill_ctx = &f;
        pb.user_bmax = bmax;
        pb.C = C;
        pb.ldo = ldo;
        pb.c_key = 1000 + (uint64_t) iter;
        for (rep = 0; rep < 3; rep++)
        {
            /* the root, then a random node; rep 2: new weights, new key */
            if (rep == 2)
            {
                for (i = 0; i < pb.ldc * T; i++)
                    C[i] = rand_weight(st, 0);
                pb.c_key += 100000;
            }
            l = rep == 1 ? (int) n_randint(st, L + 1) : L;
            c = rep == 1 ? n_randint(st, (m + ((size_t) 1 << l) - 1) >> l)
                         : 0;
            pb.ldo = ldo;
            HKZ_TEST_OK(hkz_engine_run_ktree(e, out, NULL, NULL, &pb, kc, l,
                                             c));
            pb.ldo = P;
            HKZ_TEST_OK(hkz_engine_run_ktree(e, ref, err, mag, &pb, kc, l,
                                             c));
            nd = count_diff(out, ref, P, T, ldo);
            HKZ_TEST_CHECK(nd == 0, "ktree P %zu K %zu T %zu kc %zu node "
                           "(%d, %zu) rep %d: %zu entries differ from the "
                           "host tree", P, K, T, kc, l, c, rep, nd);
        }
        /* the split-K runner (one rank) through the device tree */
        pb.ldo = ldo;
        pb.c_key = 0;
        HKZ_TEST_OK(hkz_dist_ksum_run(NULL, e, out, NULL, NULL, &pb));
        pb.ldo = P;
        kc = hkz_dist_ksum_chunk(K);
        m = (K + kc - 1) / kc;
        for (L = 0; ((size_t) 1 << L) < m; L++)
            ;
        if (m > 1)
            HKZ_TEST_OK(hkz_engine_run_ktree(e, ref, err, mag, &pb, kc, L,
                                             0));
        else
            HKZ_TEST_OK(hkz_engine_run_direct(e, ref, NULL, NULL, &pb));
        nd = count_diff(out, ref, P, T, ldo);
        HKZ_TEST_CHECK(nd == 0, "dist ksum P %zu K %zu T %zu: %zu entries "
                       "differ", P, K, T, nd);
        free(B); free(bmax); free(C); free(out); free(ref); free(err);
        free(mag);
    }
}

int main(void)
{
    flint_rand_t st;
    hkz_engine_opts_t o;
    hkz_engine_t e = NULL;

    HKZ_TEST_NEED_CUDA("engine_ktree");
    HKZ_TEST_OK(hkz_cuda_register());
    hkz_test_rand_init(st);
    hkz_engine_opts_init(&o);
    o.backend = HKZ_BACKEND_CUDA;
    HKZ_TEST_OK(hkz_engine_create(&e, &o));
    if (e != NULL)
        test_tree(st, e);
    hkz_engine_destroy(&e);
    flint_randclear(st);
    HKZ_TEST_END("engine_ktree");
}
