/* Engine handle: backend choice, registry, and the checked run. */
#include <math.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <unistd.h>
#include "engine_internal.h"
#include "hkz_check.h"

struct hkz_engine_s
{
    hkz_engine_opts_t o;
    const hkz_engine_backend_t *be;
    void *state;
    hkz_pool_t pool;   /* nthreads - 1 FLINT workers, or NULL */
    hkz_engine_hook_t hook;    /* hkz_engine_set_hook, or NULL */
    void *hook_ctx;
};

static _Atomic(const hkz_engine_backend_t *) hkz_cuda_backend = NULL;

int hkz_engine_backend_register(int backend, const hkz_engine_backend_t *b)
{
    HKZ_CHECK(backend == HKZ_BACKEND_CUDA, HKZ_ERR_ARG,
              "hkz_engine_backend_register: only HKZ_BACKEND_CUDA can be "
              "registered (got %d)", backend);
    HKZ_CHECK(b == NULL || (b->create != NULL && b->destroy != NULL &&
                            b->run != NULL), HKZ_ERR_ARG,
              "hkz_engine_backend_register: incomplete backend table");
    atomic_store(&hkz_cuda_backend, b);
    return HKZ_SUCCESS;
}

int hkz_engine_backend_devices(int backend)
{
    const hkz_engine_backend_t *b;
    if (backend == HKZ_BACKEND_CPU)
        return 1;
    b = atomic_load(&hkz_cuda_backend);
    if (backend != HKZ_BACKEND_CUDA || b == NULL)
        return 0;
    return b->devices != NULL ? b->devices() : 1;
}

int hkz_engine_create(hkz_engine_t *e, const hkz_engine_opts_t *opts)
{
    hkz_engine_opts_t o;
    const hkz_engine_backend_t *cuda;
    int status = HKZ_SUCCESS;

    HKZ_CHECK(e != NULL, HKZ_ERR_ARG, "hkz_engine_create: NULL handle");
    *e = NULL;
    if (opts != NULL)
        o = *opts;
    else
        hkz_engine_opts_init(&o);
    HKZ_CHECK(o.backend >= HKZ_BACKEND_AUTO && o.backend <= HKZ_BACKEND_CUDA,
              HKZ_ERR_ARG, "hkz_engine_create: unknown backend %d",
              o.backend);
    HKZ_CHECK(o.shard >= HKZ_SHARD_AUTO && o.shard <= HKZ_SHARD_SPLIT_K,
              HKZ_ERR_ARG, "hkz_engine_create: unknown shard %d", o.shard);
    HKZ_CHECK(o.nthreads >= 0, HKZ_ERR_ARG,
              "hkz_engine_create: nthreads must be >= 0 (got %d)",
              o.nthreads);
    if (o.nchunks == 0)
        o.nchunks = 1;
    if (o.nthreads == 0)
    {
        long n = sysconf(_SC_NPROCESSORS_ONLN);
        o.nthreads = n < 1 ? 1 : (n > 64 ? 64 : (int) n);
    }
    *e = calloc(1, sizeof(struct hkz_engine_s));
    HKZ_CHECK(*e != NULL, HKZ_ERR_NOMEM, "hkz_engine_create: out of memory");
    HKZ_TRY_GOTO(hkz_pool_create(&(*e)->pool, o.nthreads));

    cuda = atomic_load(&hkz_cuda_backend);
    if (o.backend == HKZ_BACKEND_CUDA || o.backend == HKZ_BACKEND_AUTO)
    {
        if (cuda != NULL)
        {
            o.backend = HKZ_BACKEND_CUDA;
            status = cuda->create(&(*e)->state, &o);
            if (status == HKZ_SUCCESS)
                (*e)->be = cuda;
        }
        else
            status = hkz_error_set(HKZ_ERR_UNSUPPORTED, "hkz_engine_create: "
                    "no CUDA backend registered (link hkz_cuda)");
        if (status != HKZ_SUCCESS && opts != NULL &&
            opts->backend == HKZ_BACKEND_CUDA)
            goto cleanup;
    }
    if ((*e)->be == NULL)
    {
        o.backend = HKZ_BACKEND_CPU;
        HKZ_TRY_GOTO(_hkz_engine_cpu_backend.create(&(*e)->state, &o));
        (*e)->be = &_hkz_engine_cpu_backend;
        _hkz_engine_cpu_set_pool((*e)->state, (*e)->pool);
    }
    (*e)->o = o;
    hkz_errmsg_clear();
    return HKZ_SUCCESS;
cleanup:
    hkz_pool_destroy(&(*e)->pool);
    free(*e);
    *e = NULL;
    return status;
}

void hkz_engine_destroy(hkz_engine_t *e)
{
    if (e == NULL || *e == NULL)
        return;
    if ((*e)->be != NULL)
        (*e)->be->destroy((*e)->state);
    hkz_pool_destroy(&(*e)->pool);
    free(*e);
    *e = NULL;
}

void hkz_engine_get_opts(hkz_engine_opts_t *o, const hkz_engine_t e)
{
    *o = e->o;
}

int hkz_engine_parallel_for(hkz_engine_t e, size_t n,
                            void (*fn)(size_t i0, size_t i1, void *arg),
                            void *arg)
{
    HKZ_CHECK(fn != NULL, HKZ_ERR_ARG,
              "hkz_engine_parallel_for: NULL function");
    if (e == NULL)
    {
        if (n > 0)
            fn(0, n, arg);
        return HKZ_SUCCESS;
    }
    return hkz_parallel_for(e->pool, n, e->o.nthreads, 0, fn, arg);
}

static void fill_nan(double *out, double *err, double *mag,
                     const hkz_engine_problem_t *pb)
{
    size_t i, j, ldo = pb->ldo != 0 ? pb->ldo : pb->P;
    for (j = 0; j < pb->T; j++)
        for (i = 0; i < pb->P; i++)
        {
            out[i + j * ldo] = NAN;
            if (err != NULL && pb->err_layout == HKZ_ERR_PER_ENTRY)
                err[i + j * ldo] = NAN;
        }
    for (j = 0; j < pb->T; j++)
    {
        if (err != NULL && pb->err_layout == HKZ_ERR_PER_COLUMN)
            err[j] = NAN;
        if (mag != NULL)
            mag[j] = NAN;
    }
}

const hkz_engine_backend_t *_hkz_engine_backend(hkz_engine_t e,
                                                void **state)
{
    *state = e->state;
    return e->be;
}

void hkz_engine_set_hook(hkz_engine_t e, hkz_engine_hook_t hook, void *ctx)
{
    if (e == NULL)
        return;
    e->hook = hook;
    e->hook_ctx = ctx;
}

static int run_mag(hkz_engine_t e, double *out, double *err, double *mag,
                   const hkz_engine_problem_t *pb, int hooked)
{
    int status;
    size_t nchunks;

    HKZ_CHECK(e != NULL && out != NULL, HKZ_ERR_ARG,
              "hkz_engine_run: NULL engine or output");
    /* the CPU backend checks the weights in its bound pass; a hook
     * computes through hkz_engine_run_direct or _run_ktree, which check
     * them (or their device copy) */
    status = _hkz_engine_problem_check_mt(pb, e->pool, e->o.nthreads,
            !(hooked && e->hook != NULL)
            && (e->be != &_hkz_engine_cpu_backend
                || (err == NULL && mag == NULL)));
    if (status != HKZ_SUCCESS)
        goto done;
    nchunks = e->o.nchunks < pb->T ? e->o.nchunks : pb->T;
    if (pb->ready != NULL && hkz_signal_count(pb->ready) < nchunks + 1)
    {
        status = hkz_error_set(HKZ_ERR_ARG, "hkz_engine_run: the ready "
                "signal needs nchunks + 1 = %zu slots (has %zu)",
                nchunks + 1, hkz_signal_count(pb->ready));
        goto done;
    }
    if (hooked && e->hook != NULL)
        status = e->hook(e->hook_ctx, e, out, err, mag, pb);
    else
        status = e->be->run(e->state, out, err, mag, pb);
    if (status != HKZ_SUCCESS)
        fill_nan(out, err, mag, pb);
done:
    if (pb != NULL && pb->ready != NULL)
        hkz_signal_post(pb->ready, hkz_signal_count(pb->ready) - 1,
                        pb->epoch);
    return status;
}

int hkz_engine_run_mag(hkz_engine_t e, double *out, double *err,
                       double *mag, const hkz_engine_problem_t *pb)
{
    return run_mag(e, out, err, mag, pb, 1);
}

int hkz_engine_run_direct(hkz_engine_t e, double *out, double *err,
                          double *mag, const hkz_engine_problem_t *pb)
{
    return run_mag(e, out, err, mag, pb, 0);
}

int hkz_engine_run(hkz_engine_t e, double *out, double *err,
                   const hkz_engine_problem_t *pb)
{
    return hkz_engine_run_mag(e, out, err, NULL, pb);
}
