/* hkz_engine_parallel_for (the engine's FLINT thread pool, public): every
 * index of [0, n) is visited exactly once, in the fixed ranges
 * [n r / m, n (r + 1) / m), m = min(n, nthreads); concurrent calls on one
 * handle (the pool is shared: ranges without a free worker run in the
 * caller) and nested calls give the same coverage; Arb work in the ranges
 * gives the same bits whatever nthreads; no engine runs all on this
 * thread; a NULL function is refused. */
#include <pthread.h>
#include <string.h>
#include "engine_ref.h"

#define N 1000

typedef struct
{
    int *hits;              /* N counters */
    size_t (*ranges)[2];    /* first index -> range seen */
    int nested;
    hkz_engine_t e;
    double *val;            /* Arb work: val[i] = sqrt(i + 1/3) */
    size_t off;             /* nested: first index of the range */
} job_t;

static void visit(size_t i0, size_t i1, void *arg)
{
    job_t *J = arg;
    size_t i;
    for (i = i0; i < i1; i++)
        __atomic_add_fetch(J->hits + i, 1, __ATOMIC_RELAXED);
    if (J->ranges != NULL && i0 < i1)
    {
        J->ranges[i0][0] = i0;
        J->ranges[i0][1] = i1;
    }
}

static void inner(size_t i0, size_t i1, void *arg)
{
    job_t *J = arg;
    size_t i;
    for (i = i0; i < i1; i++)
    {
        arb_t x;
        arb_init(x);
        arb_set_ui(x, 3 * (J->off + i) + 1);
        arb_div_ui(x, x, 3, 128);
        arb_sqrt(x, x, 128);
        J->val[J->off + i] = arf_get_d(arb_midref(x), ARF_RND_NEAR);
        arb_clear(x);
    }
    flint_cleanup();
}

/* each range runs a nested parallel for over its own indices */
static void outer(size_t i0, size_t i1, void *arg)
{
    job_t *J = arg;
    job_t K = *J;
    K.off = i0;
    if (hkz_engine_parallel_for(J->e, i1 - i0, inner, &K) != HKZ_SUCCESS)
        J->nested = -1;
}

static void *concurrent(void *arg)
{
    job_t *J = arg;
    if (hkz_engine_parallel_for(J->e, N, visit, J) != HKZ_SUCCESS)
        J->nested = -1;
    return NULL;
}

int main(void)
{
    static const int nth[] = {1, 2, 3, 7, 64};
    static int hits[N], hits2[N];
    static size_t ranges[N][2];
    static double v1[N], v2[N];
    hkz_engine_opts_t o;
    hkz_engine_t e;
    size_t k, i, n;
    job_t J;

    for (k = 0; k < sizeof(nth) / sizeof(nth[0]); k++)
    {
        hkz_engine_opts_init(&o);
        o.backend = HKZ_BACKEND_CPU;
        o.nthreads = nth[k];
        HKZ_TEST_OK(hkz_engine_create(&e, &o));
        for (n = 0; n <= N; n += (n < 10 ? 1 : 331))
        {
            size_t m = n < (size_t) nth[k] ? n : (size_t) nth[k], r;
            memset(hits, 0, sizeof(hits));
            memset(ranges, 0xff, sizeof(ranges));
            memset(&J, 0, sizeof(J));
            J.hits = hits;
            J.ranges = ranges;
            HKZ_TEST_OK(hkz_engine_parallel_for(e, n, visit, &J));
            for (i = 0; i < n; i++)
                HKZ_TEST_CHECK(hits[i] == 1, "nthreads %d n %zu: index %zu "
                               "visited %d times", nth[k], n, i, hits[i]);
            for (r = 0; r < m; r++)
            {
                size_t a = n * r / m, b = n * (r + 1) / m;
                HKZ_TEST_CHECK(a == b || (ranges[a][0] == a &&
                               ranges[a][1] == b), "nthreads %d n %zu: "
                               "range %zu is not [%zu, %zu)", nth[k], n, r,
                               a, b);
            }
        }
        /* two threads calling at once on one handle */
        {
            pthread_t tid;
            job_t J2;
            memset(hits, 0, sizeof(hits));
            memset(hits2, 0, sizeof(hits2));
            memset(&J, 0, sizeof(J));
            J.hits = hits;
            J.e = e;
            J2 = J;
            J2.hits = hits2;
            HKZ_TEST_CHECK(pthread_create(&tid, NULL, concurrent, &J2) == 0,
                           "pthread_create");
            concurrent(&J);
            pthread_join(tid, NULL);
            for (i = 0; i < N; i++)
                HKZ_TEST_CHECK(hits[i] == 1 && hits2[i] == 1, "concurrent: "
                               "index %zu visited %d, %d times", i, hits[i],
                               hits2[i]);
            HKZ_TEST_CHECK(J.nested == 0 && J2.nested == 0,
                           "concurrent call failed");
        }
        /* nested calls with Arb work: same bits as nthreads = 1 */
        memset(&J, 0, sizeof(J));
        J.e = e;
        J.val = nth[k] == 1 ? v1 : v2;
        HKZ_TEST_OK(hkz_engine_parallel_for(e, N, outer, &J));
        HKZ_TEST_CHECK(J.nested == 0, "nested call failed");
        if (nth[k] != 1)
            HKZ_TEST_CHECK(memcmp(v1, v2, sizeof(v1)) == 0,
                           "nthreads %d: other bits", nth[k]);
        hkz_engine_destroy(&e);
    }
    /* no engine: everything on this thread, once */
    memset(hits, 0, sizeof(hits));
    memset(&J, 0, sizeof(J));
    J.hits = hits;
    J.ranges = ranges;
    HKZ_TEST_OK(hkz_engine_parallel_for(NULL, 4, visit, &J));
    for (i = 0; i < 4; i++)
        HKZ_TEST_CHECK(hits[i] == 1, "no engine: index %zu visited %d "
                       "times", i, hits[i]);
    HKZ_TEST_OK(hkz_engine_create(&e, NULL));
    HKZ_TEST_STATUS(hkz_engine_parallel_for(e, 4, NULL, &J), HKZ_ERR_ARG);
    hkz_engine_destroy(&e);
    HKZ_TEST_END("engine.parallel_for");
}
