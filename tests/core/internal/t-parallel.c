/* hkz_parallel_for (src/parallel.c, compiled into this test: library
 * internal): every index of [0, n) visited exactly once; the ranges are
 * the fixed split (grain 0) or [k g, min((k + 1) g, n)) (grain g), on a
 * private pool, on FLINT's global pool and with no pool; nested calls
 * (the pool busy) run in the caller; random n, nthreads, grain in FLINT's
 * style. */
#include <string.h>
#include <flint/thread_support.h>
#include "hkz_test.h"
#include "hkz_parallel.h"

#define NMAX 2000

typedef struct
{
    int *hits;
    size_t (*ranges)[2];
    hkz_pool_t pool;
    int nthreads, nested;
} job_t;

static void visit(size_t i0, size_t i1, void *arg)
{
    job_t *J = arg;
    size_t i;
    for (i = i0; i < i1; i++)
        __atomic_add_fetch(J->hits + i, 1, __ATOMIC_RELAXED);
    if (i0 < i1)
    {
        J->ranges[i0][0] = i0;
        J->ranges[i0][1] = i1;
    }
}

/* each range runs an inner loop over 4 fresh indices per index */
static void outer(size_t i0, size_t i1, void *arg)
{
    job_t *J = arg;
    size_t i;
    for (i = i0; i < i1; i++)
    {
        job_t K = *J;
        K.hits = J->hits + NMAX + 4 * i;
        K.ranges = J->ranges + NMAX + 4 * i;
        hkz_parallel_for(K.pool, 4, K.nthreads, 1, visit, &K);
    }
}

int main(void)
{
    static int hits[NMAX + 4 * NMAX];
    static size_t ranges[NMAX + 4 * NMAX][2];
    flint_rand_t st;
    hkz_pool_t priv;
    slong iter;

    hkz_test_rand_init(st);
    flint_set_num_threads(3);
    for (iter = 0; iter < hkz_test_iters(200); iter++)
    {
        job_t J;
        size_t n = n_randint(st, 40) == 0 ? 0 : 1 + n_randint(st, NMAX);
        size_t g = n_randint(st, 3) == 0 ? 0 : 1 + n_randint(st, 50), i, r, m;
        int nt = 1 + (int) n_randint(st, 5), which = (int) n_randint(st, 3);

        HKZ_TEST_OK(hkz_pool_create(&priv, nt));
        J.pool = which == 0 ? priv : which == 1 ? hkz_pool_flint() : NULL;
        J.nthreads = nt;
        J.hits = hits;
        J.ranges = ranges;
        memset(hits, 0, sizeof(hits));
        memset(ranges, 0xff, sizeof(ranges));
        HKZ_TEST_OK(hkz_parallel_for(J.pool, n, nt, g, visit, &J));
        for (i = 0; i < n; i++)
            HKZ_TEST_CHECK(hits[i] == 1, "n %zu grain %zu nt %d pool %d: "
                           "index %zu visited %d times", n, g, nt, which,
                           i, hits[i]);
        m = g == 0 ? (n < (size_t) nt ? n : (size_t) nt) : 0;
        for (r = 0; g == 0 && r < m; r++)
        {
            size_t a = n * r / m, b = n * (r + 1) / m;
            HKZ_TEST_CHECK(a == b || (ranges[a][0] == a && ranges[a][1] == b),
                           "grain 0: range %zu is not [%zu, %zu)", r, a, b);
        }
        for (i = 0; g > 0 && i < n; i += g)
            HKZ_TEST_CHECK(ranges[i][0] == i && ranges[i][1] ==
                           (i + g < n ? i + g : n), "grain %zu: range at "
                           "%zu", g, i);
        /* nested */
        memset(hits, 0, sizeof(hits));
        HKZ_TEST_OK(hkz_parallel_for(J.pool, n, nt, 1, outer, &J));
        for (i = 0; i < 4 * n; i++)
            HKZ_TEST_CHECK(hits[NMAX + i] == 1, "nested: index %zu visited "
                           "%d times", i, hits[NMAX + i]);
        hkz_pool_destroy(&priv);
        HKZ_TEST_CHECK(priv == NULL, "pool not cleared");
    }
    flint_randclear(st);
    HKZ_TEST_END("core.parallel");
}
