/* hkz_ising_dos_device without a GPU: the choice of the device (CPU and
 * AUTO leave the table to the caller, CUDA without registered hooks is
 * HKZ_ERR_UNSUPPORTED) and the host side of the GPU enumeration through
 * a registered stand-in that counts by brute force: the same unit J0, S
 * and integers as hkz_ising_dos_compute on random graphs with unequal
 * couplings (zeros included) and site weights; negative, ball and too
 * many vertices refused. */
#include "hkz_test.h"
#include "hkz/engine.h"
#include "hkz/ising.h"

static int calls;

/* g[b][k] over all 2^nv spin configurations (nv small) */
static int brute(uint64_t *counts, int nv, int ne, const int *eu,
                 const int *ev, const int *ew, const int *vw, int *bmax,
                 int *kmax)
{
    int i, b, k;
    unsigned long s;
    calls++;
    for (*bmax = 0, i = 0; i < ne; i++)
        *bmax += ew[i];
    for (*kmax = 0, i = 0; i < nv; i++)
        *kmax += vw != NULL ? vw[i] : 1;
    if (counts == NULL)
        return HKZ_SUCCESS;
    memset(counts, 0, (size_t) (*bmax + 1) * (*kmax + 1) * sizeof(*counts));
    for (s = 0; s < (1UL << nv); s++)
    {
        for (b = 0, i = 0; i < ne; i++)
            b += (int) (((s >> eu[i]) ^ (s >> ev[i])) & 1) * ew[i];
        for (k = 0, i = 0; i < nv; i++)
            k += (int) ((s >> i) & 1) * (vw != NULL ? vw[i] : 1);
        counts[b * (*kmax + 1) + k]++;
    }
    return HKZ_SUCCESS;
}

static int no_pass(uint64_t *out, int L, int M, int torus, const uint64_t *s0,
                   const uint64_t *w, long nrun, uint64_t p, double *bytes,
                   double *seconds)
{
    return hkz_error_set(HKZ_ERR_UNSUPPORTED, "no device");
}

static const hkz_ising_dos_gpu_t fake = {brute, no_pass, NULL};

/* a random graph on n vertices, couplings k/4 (k = 0..3), weights 1..2 */
static void random_model(hkz_ising_model_t m, flint_rand_t st, slong n)
{
    slong u, v;
    fmpq_t J;
    fmpq_init(J);
    HKZ_TEST_OK(hkz_ising_model_set_empty(m, n));
    for (u = 0; u < n; u++)
        for (v = u + 1; v < n; v++)
            if (n_randint(st, 3) == 0)
            {
                fmpq_set_si(J, (slong) n_randint(st, 4), 4);
                HKZ_TEST_OK(hkz_ising_model_add_edge(m, u, v, J));
            }
    if (n_randint(st, 2))
    {
        slong w[16];
        for (u = 0; u < n; u++)
            w[u] = 1 + (slong) n_randint(st, 2);
        HKZ_TEST_OK(hkz_ising_model_set_weights(m, w));
    }
    fmpq_clear(J);
}

int main(void)
{
    flint_rand_t st;
    hkz_ising_model_t m;
    hkz_ising_dos_t a, b;
    fmpq_t J;
    int gpu, iter;

    hkz_test_rand_init(st);
    hkz_ising_model_init(m);
    hkz_ising_dos_init(a);
    hkz_ising_dos_init(b);
    fmpq_init(J);
    fmpq_one(J);
    HKZ_TEST_OK(hkz_ising_model_complete(m, 5, J));

    /* nothing registered: CPU and AUTO leave the table to the caller */
    HKZ_TEST_OK(hkz_ising_dos_device(a, &gpu, m, HKZ_BACKEND_CPU, NULL));
    HKZ_TEST_CHECK(gpu == 0 && a->g == NULL, "cpu");
    HKZ_TEST_OK(hkz_ising_dos_device(a, &gpu, m, HKZ_BACKEND_AUTO, NULL));
    HKZ_TEST_CHECK(gpu == 0 && a->g == NULL, "auto");
    HKZ_TEST_STATUS(hkz_ising_dos_device(a, &gpu, m, HKZ_BACKEND_CUDA, NULL),
                    HKZ_ERR_UNSUPPORTED);
    HKZ_TEST_STATUS(hkz_ising_dos_device(a, &gpu, m, 7, NULL), HKZ_ERR_ARG);
    HKZ_TEST_STATUS(hkz_ising_dos_gpu_register(&(hkz_ising_dos_gpu_t){brute,
                    NULL, NULL}), HKZ_ERR_ARG);

    HKZ_TEST_OK(hkz_ising_dos_gpu_register(&fake));
    /* AUTO still needs a visible device (no CUDA engine backend here) */
    HKZ_TEST_OK(hkz_ising_dos_device(a, &gpu, m, HKZ_BACKEND_AUTO, NULL));
    HKZ_TEST_CHECK(gpu == 0 && calls == 0, "auto without a device");
    for (iter = 0; iter < hkz_test_iters(40); iter++)
    {
        random_model(m, st, 1 + (slong) n_randint(st, 11));
        HKZ_TEST_OK(hkz_ising_dos_device(a, &gpu, m, HKZ_BACKEND_CUDA, NULL));
        HKZ_TEST_OK(hkz_ising_dos_compute(b, m, 1));
        HKZ_TEST_CHECK(gpu == 1 && a->nb == b->nb && a->nk == b->nk &&
                       a->bmin == b->bmin && fmpq_equal(a->unit, b->unit) &&
                       fmpz_equal(a->S, b->S) &&
                       _fmpz_vec_equal(a->g, b->g, a->nb * a->nk),
                       "iter %d: device table != CPU table", iter);
        HKZ_TEST_OK(hkz_ising_dos_check(a, m));
    }
    /* what the GPU enumeration does not take */
    HKZ_TEST_OK(hkz_ising_model_set_empty(m, 3));
    fmpq_set_si(J, -1, 2);
    HKZ_TEST_OK(hkz_ising_model_add_edge(m, 0, 1, J));
    HKZ_TEST_STATUS(hkz_ising_dos_device(a, &gpu, m, HKZ_BACKEND_CUDA, NULL),
                    HKZ_ERR_UNSUPPORTED);
    HKZ_TEST_CHECK(gpu == 0 && strstr(hkz_errmsg(), "negative") != NULL,
                   "negative: %s", hkz_errmsg());
    fmpq_one(J);
    HKZ_TEST_OK(hkz_ising_model_complete(m, 41, J));
    HKZ_TEST_STATUS(hkz_ising_dos_device(a, &gpu, m, HKZ_BACKEND_CUDA, NULL),
                    HKZ_ERR_UNSUPPORTED);
    /* a lattice goes to the transfer pass (here: no device) */
    HKZ_TEST_OK(hkz_ising_model_lattice(m, 3, 3, J, HKZ_ISING_TORUS));
    HKZ_TEST_STATUS(hkz_ising_dos_device(a, &gpu, m, HKZ_BACKEND_CUDA, NULL),
                    HKZ_ERR_UNSUPPORTED);
    HKZ_TEST_OK(hkz_ising_dos_gpu_register(NULL));

    fmpq_clear(J);
    hkz_ising_dos_clear(a);
    hkz_ising_dos_clear(b);
    hkz_ising_model_clear(m);
    flint_randclear(st);
    printf("dos_device....%s\n", hkz_test_failures ? "FAIL" : "PASS");
    return hkz_test_failures ? 1 : 0;
}
