/* hkz_bench_ssum: the engine against plain DGEMM, and GEMM-then-reduce
 * against the overlapped run, measured side by side (hkz/bench.h; library
 * hkz_bench, which uses the public API of libhkz, dist/ included).  This
 * file: options, the hooks, the set-up and the figures; the timing
 * protocol is in ssum_measure.c, the CPU steps in ssum_cpu.c, the GPU
 * steps in ssum_cuda.cu and ssum_nccl.cu (compiled in when the build has
 * CUDA / NCCL, registered by default). */
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ssum_internal.h"
#include "hkz/status.h"

static const hkz_bench_ssum_hook_t *hooks[2];
static int hooks_ready;

/* the GPU steps compiled into this library, until a program registers
 * others */
static void default_hooks(void)
{
    if (hooks_ready)
        return;
    hooks_ready = 1;
#ifdef HKZ_BENCH_CUDA
    hooks[HKZ_BENCH_HOOK_CUDA] = hkz_cuda_bench_ssum_hook();
#endif
#ifdef HKZ_BENCH_NCCL
    hooks[HKZ_BENCH_HOOK_NCCL] = hkz_nccl_bench_ssum_hook();
#endif
}

int hkz_bench_ssum_register(int slot, const hkz_bench_ssum_hook_t *h)
{
    default_hooks();
    if (slot != HKZ_BENCH_HOOK_CUDA && slot != HKZ_BENCH_HOOK_NCCL)
        return hkz_error_set(HKZ_ERR_ARG, "hkz_bench_ssum_register: slot "
                             "%d", slot);
    if (h != NULL && (h->create == NULL || h->destroy == NULL ||
                      h->step == NULL))
        return hkz_error_set(HKZ_ERR_ARG, "hkz_bench_ssum_register: "
                             "incomplete hook");
    hooks[slot] = h;
    return HKZ_SUCCESS;
}

void hkz_bench_ssum_opts_init(hkz_bench_ssum_opts_t *o)
{
    memset(o, 0, sizeof(*o));
    o->basis = HKZ_BASIS_CHEB_U;
    o->backend = HKZ_BACKEND_CPU;
    o->shard = HKZ_SHARD_SPLIT_K;
    o->overlap = HKZ_BENCH_OVERLAP_CHUNKED;
    o->reduce = HKZ_DIST_REDUCE_FIXED;
    o->reps = 3;
    o->warmup = 1;
    o->device = -1;
    o->seed = 1;
}

char *_hkz_bench_strf(const char *fmt, ...)
{
    va_list ap;
    char *s;
    int n;

    va_start(ap, fmt);
    n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0 || (s = malloc((size_t) n + 1)) == NULL)
        return NULL;
    va_start(ap, fmt);
    vsnprintf(s, (size_t) n + 1, fmt, ap);
    va_end(ap);
    return s;
}

void hkz_bench_ssum_init(hkz_bench_ssum_t *r)
{
    memset(r, 0, sizeof(*r));
}

void hkz_bench_ssum_clear(hkz_bench_ssum_t *r)
{
    free(r->rank_t);
    r->rank_t = NULL;
    free(r->reduction);
    r->reduction = NULL;
    free(r->blas_core);
    r->blas_core = NULL;
    free(r->blas_config);
    r->blas_config = NULL;
}

static int check_opts(const hkz_bench_ssum_opts_t *o, int N)
{
    static const char fn[] = "hkz_bench_ssum";
    int r;
    if (o->P < 1 || o->K < 1 || o->T < 1)
        return hkz_error_set(HKZ_ERR_ARG, "%s: P, K, T must be >= 1", fn);
    if (o->P > INT_MAX || o->K > INT_MAX || o->T > INT_MAX)
        return hkz_error_set(HKZ_ERR_ARG, "%s: P, K, T must be <= %d", fn,
                             INT_MAX);
    if (o->reps < 1 || o->warmup < 0)
        return hkz_error_set(HKZ_ERR_ARG, "%s: reps >= 1, warmup >= 0", fn);
    if ((o->basis != HKZ_BASIS_CHEB_U && o->basis != HKZ_BASIS_COS) ||
        (o->backend != HKZ_BACKEND_CPU && o->backend != HKZ_BACKEND_CUDA) ||
        (o->shard != HKZ_SHARD_SPLIT_K && o->shard != HKZ_SHARD_SPLIT_P) ||
        o->overlap < 0 || o->overlap > 2 || o->reduce < 0 ||
        o->reduce > 1 || o->nthreads < 0)
        return hkz_error_set(HKZ_ERR_ARG, "%s: option out of range", fn);
    if (o->backend == HKZ_BACKEND_CPU &&
        o->overlap == HKZ_BENCH_OVERLAP_WINDOW)
        return hkz_error_set(HKZ_ERR_UNSUPPORTED, "%s: the window overlap "
                             "needs GPUs (NCCL windows); the CPU has none "
                             "and chunked", fn);
    for (r = 0; r < N; r++)
    {
        size_t a, b;
        hkz_dist_slice(&a, &b, o->shard, o->shard == HKZ_SHARD_SPLIT_K ?
                       o->K : o->P, N, r);
        if (a >= b)
            return hkz_error_set(HKZ_ERR_ARG, "%s: rank %d gets no %s (%zu "
                                 "over %d ranks)", fn, r, o->shard ==
                                 HKZ_SHARD_SPLIT_K ? "modes" : "points",
                                 o->shard == HKZ_SHARD_SPLIT_K ? o->K : o->P,
                                 N);
    }
    return HKZ_SUCCESS;
}

/* the same data on every rank: Chebyshev nodes, weights in [-1, 1] */
static void fill_data(double *x, double *C, const hkz_bench_ssum_opts_t *o)
{
    uint64_t s = 0x9E3779B97F4A7C15ULL * (o->seed + 1);
    size_t i, n = o->K * o->T;
    for (i = 0; i < o->P; i++)
        x[i] = cos(3.14159265358979323846 * ((double) i + 0.5) /
                   (double) o->P);
    for (i = 0; i < n; i++)
    {
        s ^= s >> 12;
        s ^= s << 25;
        s ^= s >> 27;
        C[i] = (double) ((s * 0x2545F4914F6CDD1DULL) >> 11) * 0x1.0p-52 - 1.0;
    }
}

/* the figures derived from r->t */
static void derive(hkz_bench_ssum_t *r)
{
    double *t = r->t;
    r->engine_flops = r->flops / t[HKZ_BENCH_ENGINE];
    r->plain_flops = r->flops / t[HKZ_BENCH_PLAIN];
    r->efficiency = t[HKZ_BENCH_PLAIN] / t[HKZ_BENCH_ENGINE];
    r->ect_seq = t[HKZ_BENCH_SEQ] - t[HKZ_BENCH_PLAIN];
    r->ect_ovl = t[HKZ_BENCH_OVL] - t[HKZ_BENCH_PLAIN];
    /* one rank: nothing is communicated, so nothing can be overlapped;
     * SEQ and OVL then differ by noise only, and so would E_overlap */
    r->e_overlap = r->ect_seq > 0 && r->nranks > 1
                   ? 1.0 - r->ect_ovl / r->ect_seq : NAN;
}

/* creates the steps' sources: the CPU, or the GPU hooks */
static int setup(_hkz_bench_src_t *src, void **st, hkz_bench_ssum_t *r,
                 const _hkz_bench_cpu_task_t *ct, int N)
{
    hkz_dist_t d = hkz_dist_world();
    const hkz_bench_ssum_hook_t *hc, *hn;
    char *desc = NULL;
    int s, status;

    default_hooks();
    hc = hooks[HKZ_BENCH_HOOK_CUDA];
    hn = hooks[HKZ_BENCH_HOOK_NCCL];
    for (s = 0; s < HKZ_BENCH_NSTEPS; s++)
        src[s].as = s;
    if (r->opts.backend == HKZ_BACKEND_CPU)
    {
        /* collective: every rank calls it */
        status = _hkz_bench_cpu_create(&st[0], &r->reduction, ct);
        for (s = 0; s < HKZ_BENCH_NSTEPS; s++)
        {
            src[s].step = _hkz_bench_cpu_step;
            src[s].state = st[0];
        }
        snprintf(r->backend, sizeof(r->backend), "cpu");
        snprintf(r->plain_via, sizeof(r->plain_via), "openblas");
        _hkz_bench_blas_info(r);
        return hkz_dist_agree(d, status);
    }
    if (hc == NULL)
        status = hkz_error_set(HKZ_ERR_UNSUPPORTED, "hkz_bench_ssum: no "
                               "CUDA hook registered (a build with "
                               "-DHKZ_CUDA=ON registers it in hkz)");
    else if (hn == NULL && N > 1)
        status = hkz_error_set(HKZ_ERR_UNSUPPORTED, "hkz_bench_ssum: CUDA "
                               "over %d ranks needs the NCCL hook (a build "
                               "with -DHKZ_CUDA=ON -DHKZ_MPI=ON and NCCL)",
                               N);
    else
        status = hc->create(&st[0], &desc, &ct->task);
    status = hkz_dist_agree(d, status);
    if (status == HKZ_SUCCESS)
        snprintf(r->backend, sizeof(r->backend), "cuda %s",
                 desc != NULL ? desc : "");
    free(desc);
    if (status != HKZ_SUCCESS)
        return status;
    snprintf(r->plain_via, sizeof(r->plain_via), "cublas");
    for (s = 0; s < HKZ_BENCH_NSTEPS; s++)
    {
        src[s].step = hc->step;
        src[s].state = st[0];
    }
    if (hn == NULL)
    {
        /* one rank, no reduction: SEQ and OVL are the engine alone */
        src[HKZ_BENCH_SEQ].as = src[HKZ_BENCH_OVL].as = HKZ_BENCH_ENGINE;
        src[HKZ_BENCH_COMM].step = NULL;
        r->reduction = _hkz_bench_strf("none (1 rank, no NCCL hook)");
        return HKZ_SUCCESS;
    }
    status = hn->create(&st[1], &r->reduction, &ct->task);
    status = hkz_dist_agree(d, status);
    for (s = HKZ_BENCH_COMM; s <= HKZ_BENCH_OVL; s++)
    {
        src[s].step = hn->step;
        src[s].state = st[1];
    }
    return status;
}

/* the CUDA hook's figures (its own check), max over the ranks; its PLAIN
 * multiplies the engine's basis for cos too, so both bases have a
 * difference */
static int cuda_check(hkz_bench_ssum_t *r, void *state, hkz_dist_t d)
{
    const hkz_bench_ssum_hook_t *hc = hooks[HKZ_BENCH_HOOK_CUDA];
    double v[2] = {NAN, NAN};
    int status = hc->check != NULL ? hc->check(state, &v[0], &v[1])
                                   : HKZ_SUCCESS;
    status = hkz_dist_agree(d, status);
    if (status == HKZ_SUCCESS)
        status = hkz_dist_allreduce_double(d, v, 2, HKZ_DIST_MAX);
    r->max_diff = v[0];
    r->max_bound = v[1];
    return status;
}

static void teardown(void **st, const hkz_bench_ssum_t *r)
{
    if (r->opts.backend == HKZ_BACKEND_CPU)
    {
        _hkz_bench_cpu_destroy(st[0]);
        return;
    }
    if (st[1] != NULL)
        hooks[HKZ_BENCH_HOOK_NCCL]->destroy(st[1]);
    if (st[0] != NULL)
        hooks[HKZ_BENCH_HOOK_CUDA]->destroy(st[0]);
}

int hkz_bench_ssum(hkz_bench_ssum_t *r, const hkz_bench_ssum_opts_t *opts)
{
    hkz_dist_t d = hkz_dist_world();
    int N = hkz_dist_size(d), me = hkz_dist_rank(d), status, s;
    _hkz_bench_cpu_task_t ct;
    hkz_bench_ssum_task_t *t = &ct.task;
    hkz_bench_ssum_opts_t *o = &r->opts;
    _hkz_bench_src_t src[HKZ_BENCH_NSTEPS];
    void *st[2] = {NULL, NULL};
    double *x = NULL, *C = NULL, mine[HKZ_BENCH_NSTEPS], *all = NULL;

    hkz_bench_ssum_clear(r);
    hkz_bench_ssum_init(r);
    *o = *opts;
    if (o->nchunks == 0)
        o->nchunks = o->backend == HKZ_BACKEND_CUDA ? 8 : 4;
    status = hkz_dist_agree(d, check_opts(o, N));
    if (status != HKZ_SUCCESS)
        return status;

    memset(&ct, 0, sizeof(ct));
    t->P = o->P;
    t->K = o->K;
    t->T = o->T;
    t->p1 = o->P;
    t->k1 = o->K;
    if (o->shard == HKZ_SHARD_SPLIT_K)
        hkz_dist_slice(&t->k0, &t->k1, o->shard, o->K, N, me);
    else
        hkz_dist_slice(&t->p0, &t->p1, o->shard, o->P, N, me);
    t->basis = o->basis;
    t->cos_n = 2 * o->K - 2;   /* modes g give T_{|N - 2g|}, N .. N-2K+2 */
    t->shard = o->shard;
    t->overlap = o->overlap;
    t->nchunks = o->nchunks;
    t->device = o->device;
    ct.reduce = o->reduce;
    ct.nthreads = o->nthreads;
    r->nranks = N;
    r->flops = 2.0 * (double) o->P * (double) o->K * (double) o->T;
    r->max_diff = r->max_bound = r->ovl_diff = NAN;
    if (o->shard == HKZ_SHARD_SPLIT_K)
    {
        hkz_dist_slice(&r->p_loc, &r->k_loc, o->shard, o->K, N, 0);
        r->k_loc -= r->p_loc;
        r->p_loc = o->P;
    }
    else
    {
        hkz_dist_slice(&r->k_loc, &r->p_loc, o->shard, o->P, N, 0);
        r->p_loc -= r->k_loc;
        r->k_loc = o->K;
    }

    x = malloc(o->P * sizeof(double));
    C = malloc(o->K * o->T * sizeof(double));
    all = calloc((size_t) N, sizeof(double));
    status = x != NULL && C != NULL && all != NULL ? HKZ_SUCCESS
        : hkz_error_set(HKZ_ERR_NOMEM, "hkz_bench_ssum: out of memory");
    status = hkz_dist_agree(d, status);
    if (status != HKZ_SUCCESS)
        goto cleanup;
    fill_data(x, C, o);
    t->x = x;
    t->C = C;
    memset(src, 0, sizeof(src));
    status = setup(src, st, r, &ct, N);
    if (status != HKZ_SUCCESS)
        goto cleanup;
    if (o->backend == HKZ_BACKEND_CPU)
        _hkz_bench_cpu_info(st[0], &r->nthreads, &o->nchunks);

    status = _hkz_bench_measure(r->t, mine, r->cpu, r->spread, r->inner, d,
                                src, o);
    if (status == HKZ_SUCCESS && me == 0)
    {
        r->rank_t = calloc((size_t) N * HKZ_BENCH_NSTEPS, sizeof(double));
        if (r->rank_t == NULL)
            status = hkz_error_set(HKZ_ERR_NOMEM, "hkz_bench_ssum: out of "
                                   "memory");
    }
    status = hkz_dist_agree(d, status);
    for (s = 0; s < HKZ_BENCH_NSTEPS && status == HKZ_SUCCESS; s++)
    {
        int q;
        status = hkz_dist_times(d, mine[s], all);
        for (q = 0; q < N && me == 0 && status == HKZ_SUCCESS; q++)
            r->rank_t[q * HKZ_BENCH_NSTEPS + s] = N == 1 ? mine[s] : all[q];
    }
    if (status == HKZ_SUCCESS && me == 0)
    {
        int q;
        for (q = 0; q < N; q++)
            all[q] = r->rank_t[q * HKZ_BENCH_NSTEPS + HKZ_BENCH_ENGINE];
        hkz_dist_times_format(r->straggler, sizeof(r->straggler), all, N);
    }
    if (status == HKZ_SUCCESS && o->backend == HKZ_BACKEND_CPU)
    {
        double v[3];
        _hkz_bench_cpu_check(st[0], &v[0], &v[1], &v[2]);
        status = hkz_dist_allreduce_double(d, v, 3, HKZ_DIST_MAX);
        r->max_diff = o->basis == HKZ_BASIS_COS ? NAN : v[0];
        r->max_bound = v[1];
        r->ovl_diff = v[2];
    }
    if (status == HKZ_SUCCESS && o->backend == HKZ_BACKEND_CUDA)
        status = cuda_check(r, st[0], d);
    if (status == HKZ_SUCCESS)
        derive(r);

cleanup:
    teardown(st, r);
    if (status != HKZ_SUCCESS)
        hkz_bench_ssum_clear(r);
    free(x);
    free(C);
    free(all);
    return status;
}
