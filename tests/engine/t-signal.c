/* Readiness signals: epoch semantics, cross-thread post/wait, and the
 * engine's per-chunk posts: when chunk c is signalled its columns already
 * hold their final bits. */
#include <pthread.h>
#include <string.h>
#include "engine_ref.h"

typedef struct
{
    hkz_signal_t sig;
    size_t n;
    uint64_t epoch;
    int *data;
} producer_arg;

static void *producer(void *p)
{
    producer_arg *A = p;
    size_t i;
    for (i = 0; i < A->n; i++)
    {
        A->data[i] = (int) (i * i + 1);
        hkz_signal_post(A->sig, i, A->epoch);
    }
    return NULL;
}

typedef struct
{
    hkz_engine_t e;
    double *out, *err;
    const hkz_engine_problem_t *pb;
    int status;
} run_arg;

static void *runner(void *p)
{
    run_arg *A = p;
    A->status = hkz_engine_run(A->e, A->out, A->err, A->pb);
    return NULL;
}

int main(void)
{
    hkz_signal_t s = NULL;
    pthread_t th;
    producer_arg pa;
    int data[100];
    size_t i;
    flint_rand_t st;

    hkz_test_rand_init(st);
    /* epochs only grow */
    HKZ_TEST_OK(hkz_signal_create(&s, 3));
    HKZ_TEST_CHECK(hkz_signal_count(s) == 3, "count");
    HKZ_TEST_CHECK(!hkz_signal_test(s, 0, 1), "fresh slot is 0");
    hkz_signal_post(s, 0, 7);
    hkz_signal_post(s, 0, 3);
    HKZ_TEST_CHECK(hkz_signal_read(s, 0) == 7, "epoch went back to %llu",
                   (unsigned long long) hkz_signal_read(s, 0));
    HKZ_TEST_CHECK(hkz_signal_test(s, 0, 7) && !hkz_signal_test(s, 0, 8),
                   "test");
    HKZ_TEST_OK(hkz_signal_wait(s, 0, 6, 1.0));
    HKZ_TEST_STATUS(hkz_signal_wait(s, 1, 1, 0.01), HKZ_ERR_INTERNAL);
    HKZ_TEST_STATUS(hkz_signal_wait(s, 3, 1, 0.01), HKZ_ERR_ARG);
    hkz_signal_destroy(&s);

    /* producer thread, consumer waits slot by slot and sees the data */
    HKZ_TEST_OK(hkz_signal_create(&s, 100));
    for (i = 0; i < 100; i++)
        data[i] = -1;
    pa.sig = s; pa.n = 100; pa.epoch = 1; pa.data = data;
    HKZ_TEST_CHECK(pthread_create(&th, NULL, producer, &pa) == 0, "thread");
    for (i = 0; i < 100; i++)
    {
        HKZ_TEST_OK(hkz_signal_wait(s, i, 1, 10.0));
        HKZ_TEST_CHECK(data[i] == (int) (i * i + 1), "slot %zu visible "
                       "before its data", i);
    }
    pthread_join(th, NULL);
    hkz_signal_destroy(&s);

    /* engine chunks: run in a worker, check each chunk when signalled */
    {
        hkz_engine_problem_t pb;
        hkz_engine_opts_t o;
        hkz_engine_t e = NULL;
        size_t P = 70, K = 300, T = 300, nch = 4, c, t0, t1, bad = 0;
        double *x = malloc(P * sizeof(double));
        double *C = malloc(K * T * sizeof(double));
        double *ref = malloc(P * T * sizeof(double));
        double *out = malloc(P * T * sizeof(double));
        double *err = malloc(T * sizeof(double));
        double *eref = malloc(T * sizeof(double));
        run_arg ra;
        for (i = 0; i < P; i++)
            x[i] = rand_point(st);
        for (i = 0; i < K * T; i++)
            C[i] = rand_weight(st, 0);
        hkz_engine_problem_init(&pb);
        pb.P = P; pb.K = K; pb.T = T; pb.x = x; pb.C = C; pb.ldc = K;
        pb.err_layout = HKZ_ERR_PER_COLUMN;
        hkz_engine_opts_init(&o);
        o.backend = HKZ_BACKEND_CPU;
        HKZ_TEST_OK(hkz_engine_create(&e, &o));
        HKZ_TEST_OK(hkz_engine_run(e, ref, eref, &pb));
        hkz_engine_destroy(&e);
        o.nchunks = nch;
        HKZ_TEST_OK(hkz_engine_create(&e, &o));
        HKZ_TEST_OK(hkz_signal_create(&s, nch + 1));
        for (i = 0; i < P * T; i++)
            out[i] = NAN;
        pb.ready = s;
        pb.epoch = 42;
        ra.e = e; ra.out = out; ra.err = err; ra.pb = &pb;
        HKZ_TEST_CHECK(pthread_create(&th, NULL, runner, &ra) == 0, "thread");
        for (c = 0; c < nch; c++)
        {
            HKZ_TEST_OK(hkz_signal_wait(s, c, 42, 60.0));
            hkz_engine_chunk_range(&t0, &t1, T, nch, c);
            bad += memcmp(out + t0 * P, ref + t0 * P,
                          (t1 - t0) * P * sizeof(double)) != 0;
            bad += memcmp(err + t0, eref + t0,
                          (t1 - t0) * sizeof(double)) != 0;
        }
        HKZ_TEST_OK(hkz_signal_wait(s, nch, 42, 60.0));
        pthread_join(th, NULL);
        HKZ_TEST_OK(ra.status);
        HKZ_TEST_CHECK(bad == 0, "%zu chunks differ when signalled", bad);
        /* chunk boundaries are aligned and cover [0, T) */
        for (c = 0, t1 = 0; c < nch; c++)
        {
            size_t a, b;
            hkz_engine_chunk_range(&a, &b, T, nch, c);
            HKZ_TEST_CHECK(a == t1 && b >= a && (a % HKZ_ENGINE_TALIGN == 0
                           || a == T), "chunk %zu = [%zu, %zu)", c, a, b);
            t1 = b;
        }
        HKZ_TEST_CHECK(t1 == T, "chunks end at %zu", t1);
        hkz_signal_destroy(&s);
        hkz_engine_destroy(&e);
        free(x); free(C); free(ref); free(out); free(err); free(eref);
    }
    hkz_rand_clear(st);
    HKZ_TEST_END("engine.signal");
}
