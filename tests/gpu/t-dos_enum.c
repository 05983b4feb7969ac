/* GPU Gray-code density of states: identical integers to the CPU
 * enumeration (hkz_ising_dos_enum) on K_12, the 4x4 torus and a random
 * weighted graph on 24 vertices; a 30-vertex run checked by its total,
 * spin-flip symmetry and ground states; bad input.  Skips without a GPU
 * (after the argument checks, which need none). */
#include "hkz_gpu_test.h"
#include "hkz/ising.h"

/* The library's GPU path (hkz_ising_dos_device, hooks filled by
 * hkz_cuda_register) gives the CPU table d: unit, S and integers. */
static void same_table_device(const hkz_ising_dos_t d,
                              const hkz_ising_model_t m, int device,
                              const char *what)
{
    hkz_ising_dos_t e;
    int gpu = 0;
    hkz_ising_dos_init(e);
    HKZ_TEST_OK(hkz_ising_dos_device(e, &gpu, m, device, NULL));
    HKZ_TEST_CHECK(gpu == 1 && e->nb == d->nb && e->nk == d->nk &&
                   e->bmin == d->bmin && fmpq_equal(e->unit, d->unit) &&
                   fmpz_equal(e->S, d->S) &&
                   _fmpz_vec_equal(e->g, d->g, d->nb * d->nk),
                   "%s: hkz_ising_dos_device (%d) != CPU table", what, device);
    hkz_ising_dos_clear(e);
}

/* GPU table of m (exact integer couplings) against the CPU table. */
static void compare(const hkz_ising_model_t m, const char *what)
{
    hkz_ising_dos_t d;
    int *eu, *ev, *ew, *vw = NULL, bmax = -1, kmax = -1;
    uint64_t *g = NULL;
    slong i, nbad = 0;
    fmpq_t q;

    hkz_ising_dos_init(d);
    fmpq_init(q);
    eu = flint_malloc(3 * (m->nedges + 1) * sizeof(int));
    ev = eu + m->nedges + 1;
    ew = ev + m->nedges + 1;
    HKZ_TEST_OK(hkz_ising_dos_enum(d, m, 2));
    for (i = 0; i < m->nedges; i++)
    {
        eu[i] = (int) m->eu[i];
        ev[i] = (int) m->ev[i];
        fmpq_div(q, m->c + i, d->unit);     /* multiplier n_e */
        HKZ_TEST_CHECK(fmpz_is_one(fmpq_denref(q)), "%s: n_e", what);
        ew[i] = (int) fmpz_get_si(fmpq_numref(q));
    }
    if (m->w != NULL)
    {
        vw = flint_malloc(m->n * sizeof(int));
        for (i = 0; i < m->n; i++)
            vw[i] = (int) m->w[i];
    }
    HKZ_TEST_OK(hkz_cuda_dos_enum(NULL, (int) m->n, (int) m->nedges, eu, ev,
                                  ew, vw, &bmax, &kmax));
    HKZ_TEST_CHECK(d->bmin == 0 && bmax + 1 == d->nb && kmax + 1 == d->nk,
                   "%s: table shape %d x %d, CPU %ld x %ld (bmin %ld)", what,
                   bmax + 1, kmax + 1, (long) d->nb, (long) d->nk,
                   (long) d->bmin);
    if (bmax + 1 == d->nb && kmax + 1 == d->nk)
    {
        g = flint_malloc(d->nb * d->nk * sizeof(uint64_t));
        HKZ_TEST_OK(hkz_cuda_dos_enum(g, (int) m->n, (int) m->nedges, eu, ev,
                                      ew, vw, &bmax, &kmax));
        for (i = 0; i < d->nb * d->nk; i++)
            if (fmpz_cmp_ui(d->g + i, (ulong) g[i]) != 0)
            {
                if (nbad++ < 5)
                    HKZ_TEST_FAIL("%s: g[%ld][%ld] gpu %llu cpu %llu", what,
                                  (long) (i / d->nk), (long) (i % d->nk),
                                  (unsigned long long) g[i],
                                  (unsigned long long) fmpz_get_ui(d->g + i));
            }
    }
    flint_free(g);
    flint_free(vw);
    flint_free(eu);
    fmpq_clear(q);
    same_table_device(d, m, HKZ_BACKEND_CUDA, what);
    if (m->n >= HKZ_ISING_DOS_GPU_MIN_N)
        same_table_device(d, m, HKZ_BACKEND_AUTO, what);
    hkz_ising_dos_clear(d);
}

/* 3-regular circulant on n (even) vertices: ring plus diameters; run on
 * the GPU only and check what is known without the CPU. */
static void size_check(int n)
{
    int eu[60], ev[60], ew[60], ne = 0, i, b, k, bmax, kmax;
    uint64_t *g, total = 0;

    for (i = 0; i < n; i++)
    {
        eu[ne] = i, ev[ne] = (i + 1) % n, ew[ne++] = 1;
        if (i < n / 2)
            eu[ne] = i, ev[ne] = i + n / 2, ew[ne++] = 1;
    }
    HKZ_TEST_OK(hkz_cuda_dos_enum(NULL, n, ne, eu, ev, ew, NULL, &bmax,
                                  &kmax));
    HKZ_TEST_CHECK(bmax == 3 * n / 2 && kmax == n, "size: bmax %d kmax %d",
                   bmax, kmax);
    g = flint_malloc((size_t) (bmax + 1) * (kmax + 1) * sizeof(uint64_t));
    HKZ_TEST_OK(hkz_cuda_dos_enum(g, n, ne, eu, ev, ew, NULL, &bmax, &kmax));
    for (b = 0; b <= bmax; b++)
        for (k = 0; k <= kmax; k++)
        {
            uint64_t c = g[b * (kmax + 1) + k];
            total += c;
            HKZ_TEST_CHECK(c == g[b * (kmax + 1) + kmax - k],
                           "size: g[%d][%d] not symmetric", b, k);
            /* connected: only the two uniform states satisfy every edge */
            if (b == 0)
                HKZ_TEST_CHECK(c == (k == 0 || k == kmax ? 1u : 0u),
                               "size: g[0][%d] = %llu", k,
                               (unsigned long long) c);
            /* one down spin breaks its 3 edges */
            if (k == 1)
                HKZ_TEST_CHECK(c == (b == 3 ? (uint64_t) n : 0u),
                               "size: g[%d][1] = %llu", b,
                               (unsigned long long) c);
        }
    HKZ_TEST_CHECK(total == (UINT64_C(1) << n), "size: total %llu",
                   (unsigned long long) total);
    flint_free(g);
}

int main(void)
{
    int eu[2] = {0, 1}, ev[2] = {1, 1}, ew[2] = {1, 1}, vw[3] = {1, 0, 1};
    int bmax, kmax;
    uint64_t g[64];
    hkz_ising_model_t m;
    flint_rand_t state;
    fmpq_t J;
    slong i, j, w[24];

    /* bad input (no device needed) */
    HKZ_TEST_STATUS(hkz_cuda_dos_enum(g, 0, 0, eu, ev, ew, NULL, &bmax,
                                      &kmax), HKZ_ERR_ARG);
    HKZ_TEST_STATUS(hkz_cuda_dos_enum(g, 41, 0, eu, ev, ew, NULL, &bmax,
                                      &kmax), HKZ_ERR_ARG);
    HKZ_TEST_STATUS(hkz_cuda_dos_enum(g, 3, 2, eu, ev, ew, NULL, &bmax,
                                      &kmax), HKZ_ERR_ARG);   /* self-loop */
    HKZ_TEST_STATUS(hkz_cuda_dos_enum(g, 1, 1, eu, ev, ew, NULL, &bmax,
                                      &kmax), HKZ_ERR_ARG);   /* range */
    ew[0] = 0;
    HKZ_TEST_STATUS(hkz_cuda_dos_enum(g, 3, 1, eu, ev, ew, NULL, &bmax,
                                      &kmax), HKZ_ERR_ARG);
    ew[0] = 1;
    HKZ_TEST_STATUS(hkz_cuda_dos_enum(g, 3, 1, eu, ev, ew, vw, &bmax,
                                      &kmax), HKZ_ERR_ARG);
    ew[0] = 1 << 22;
    HKZ_TEST_STATUS(hkz_cuda_dos_enum(g, 3, 1, eu, ev, ew, NULL, &bmax,
                                      &kmax), HKZ_ERR_UNSUPPORTED);
    ew[0] = 1;
    HKZ_TEST_OK(hkz_cuda_dos_enum(NULL, 3, 1, eu, ev, ew, NULL, &bmax,
                                  &kmax));
    HKZ_TEST_CHECK(bmax == 1 && kmax == 3, "size query %d %d", bmax, kmax);

    HKZ_TEST_NEED_CUDA("dos_enum");
    HKZ_TEST_OK(hkz_cuda_register());

    /* single vertex: both spin states */
    HKZ_TEST_OK(hkz_cuda_dos_enum(g, 1, 0, eu, ev, ew, NULL, &bmax, &kmax));
    HKZ_TEST_CHECK(bmax == 0 && kmax == 1 && g[0] == 1 && g[1] == 1,
                   "nv = 1: %llu %llu", (unsigned long long) g[0],
                   (unsigned long long) g[1]);

    hkz_test_rand_init(state);
    hkz_ising_model_init(m);
    fmpq_init(J);
    fmpq_one(J);
    HKZ_TEST_OK(hkz_ising_model_complete(m, 12, J));
    compare(m, "K_12");
    HKZ_TEST_OK(hkz_ising_model_lattice(m, 4, 4, J, HKZ_ISING_TORUS));
    compare(m, "4x4 torus");
    /* random graph, couplings 1..3 (one coupling 1 keeps the unit 1),
       site weights 1..2: weighted (multi-digit) path of the kernel */
    HKZ_TEST_OK(hkz_ising_model_set_empty(m, 24));
    HKZ_TEST_OK(hkz_ising_model_add_edge(m, 0, 1, J));
    for (i = 0; i < 24; i++)
        for (j = i + 1; j < 24; j++)
            if (i + j > 1 && n_randint(state, 5) == 0)
            {
                fmpq_set_si(J, 1 + (slong) n_randint(state, 3), 1);
                HKZ_TEST_OK(hkz_ising_model_add_edge(m, i, j, J));
            }
    for (i = 0; i < 24; i++)
        w[i] = 1 + (slong) n_randint(state, 2);
    HKZ_TEST_OK(hkz_ising_model_set_weights(m, w));
    compare(m, "random weighted N = 24");

    size_check(30);

    fmpq_clear(J);
    hkz_ising_model_clear(m);
    hkz_rand_clear(state);
    HKZ_TEST_END("dos_enum");
}
