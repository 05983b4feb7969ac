/* The CPU steps of hkz_bench_ssum: plain cblas_dgemm of the local slice on
 * a pregenerated basis, the CPU engine on the same slice, the all-reduce
 * alone, and the engine over the ranks (hkz_dist_engine_run) without and
 * with overlap.  Also the baseline's basis (hkz_bench_basis). */
#include <cblas.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "ssum_internal.h"
#include "hkz/status.h"

void hkz_bench_basis(double *B, size_t ldb, const double *x, size_t p0,
                     size_t np, size_t k0, size_t nk, int basis)
{
    size_t i, k;
    for (i = 0; i < np; i++)
    {
        double xi = x[p0 + i], y = 2.0 * xi, a = 1.0;
        double b = basis == HKZ_BASIS_COS ? xi : y;
        /* v_0 = 1, v_1 = c x, v_k = y v_{k-1} - v_{k-2}; keep k0.. */
        for (k = 0; k < k0 + nk; k++)
        {
            double v = k == 0 ? 1.0 : (k == 1 ? b : y * b - a);
            if (k >= 2)
            {
                a = b;
                b = v;
            }
            if (k >= k0)
                B[i + (k - k0) * ldb] = v;
        }
    }
}

/* OpenBLAS's kernels without AVX (openblas_get_corename(), dynamic
 * builds): what it falls back to on a CPU it does not recognize, e.g. a
 * virtual CPU that reports a bare model name */
static const char *const generic_cores[] = {
    "unknown", "generic", "katmai", "coppermine", "northwood", "prescott",
    "banias", "atom", "core2", "penryn", "dunnington", "nehalem", "athlon",
    "opteron", "opteron_sse3", "barcelona", "nano", "bobcat"};

void _hkz_bench_blas_info(hkz_bench_ssum_t *r)
{
    const char *core = "unknown", *config = "unknown";
    size_t i;

#if defined(OPENBLAS_VERSION)
    core = openblas_get_corename();
    config = openblas_get_config();
#endif
    r->blas_core = _hkz_bench_strf("%s", core);
    r->blas_config = _hkz_bench_strf("%s", config);
    r->blas_generic = 0;
    for (i = 0; i < sizeof(generic_cores) / sizeof(generic_cores[0]); i++)
        if (strcasecmp(core, generic_cores[i]) == 0)
            r->blas_generic = 1;
}

typedef struct
{
    hkz_dist_t d;
    hkz_engine_t e;
    hkz_engine_problem_t loc, full;
    hkz_dist_opts_t oseq, oovl;
    hkz_dist_plan_t pseq, povl;
    size_t pl, kl;             /* local slice sizes */
    const double *Cl;          /* local weights (inside the task's C) */
    size_t ldc;
    double *B, *out_plain, *out_loc, *err_loc, *out_full, *err_full, *zero;
    double *out_seq;           /* SEQ's output (OVL's goes to out_full) */
} cpu_t;

void _hkz_bench_cpu_destroy(void *state)
{
    cpu_t *s = state;
    if (s == NULL)
        return;
    hkz_engine_destroy(&s->e);
    free(s->B);
    free(s->out_plain);
    free(s->out_loc);
    free(s->err_loc);
    free(s->out_full);
    free(s->out_seq);
    free(s->err_full);
    free(s->zero);
    free(s);
}

int _hkz_bench_cpu_create(void **state, char **desc,
                          const _hkz_bench_cpu_task_t *ct)
{
    const hkz_bench_ssum_task_t *t = &ct->task;
    hkz_engine_opts_t eo;
    cpu_t *s;
    int status = HKZ_SUCCESS, N;

    *state = NULL;
    s = calloc(1, sizeof(cpu_t));
    if (s == NULL)   /* the others meet in the agreement below */
        return hkz_dist_agree(hkz_dist_world(), hkz_error_set(HKZ_ERR_NOMEM,
                              "hkz_bench_ssum: out of memory"));
    s->d = hkz_dist_world();
    N = hkz_dist_size(s->d);
    s->pl = t->p1 - t->p0;
    s->kl = t->k1 - t->k0;
    s->ldc = t->K;
    s->Cl = t->C + t->k0;
    s->B = malloc(s->pl * s->kl * sizeof(double));
    s->out_plain = malloc(s->pl * t->T * sizeof(double));
    s->out_loc = malloc(s->pl * t->T * sizeof(double));
    s->err_loc = malloc(t->T * sizeof(double));
    s->out_full = malloc(t->P * t->T * sizeof(double));
    s->out_seq = malloc(t->P * t->T * sizeof(double));
    s->err_full = malloc(t->T * sizeof(double));
    s->zero = calloc(t->P * t->T, sizeof(double));
    if (!s->B || !s->out_plain || !s->out_loc || !s->err_loc ||
        !s->out_full || !s->out_seq || !s->err_full || !s->zero)
        status = hkz_error_set(HKZ_ERR_NOMEM, "hkz_bench_ssum: out of "
                               "memory (P %zu, K %zu, T %zu)", t->P, t->K,
                               t->T);
    else
    {
        hkz_bench_basis(s->B, s->pl, t->x, t->p0, s->pl, t->k0, s->kl,
                        t->basis);
        hkz_engine_opts_init(&eo);
        eo.backend = HKZ_BACKEND_CPU;
        eo.nthreads = ct->nthreads;
        eo.shard = t->shard;
        status = hkz_engine_create(&s->e, &eo);
    }

    /* the whole problem (SEQ, OVL) and the local slice (ENGINE) */
    hkz_engine_problem_init(&s->full);
    s->full.P = t->P;
    s->full.K = t->K;
    s->full.T = t->T;
    s->full.basis = t->basis;
    s->full.cos_n = t->cos_n;
    s->full.x = t->x;
    s->full.C = t->C;
    s->full.ldc = t->K;
    s->full.err_layout = HKZ_ERR_PER_COLUMN;
    s->loc = s->full;
    s->loc.P = s->pl;
    s->loc.x = t->x + t->p0;
    s->loc.K = s->kl;
    s->loc.k_begin = t->k0;
    s->loc.C = s->Cl;

    hkz_dist_opts_init(&s->oseq);
    s->oseq.reduce = ct->reduce;
    s->oseq.overlap = 0;
    s->oseq.nchunks = 1;
    s->oovl = s->oseq;
    s->oovl.overlap = t->overlap != HKZ_BENCH_OVERLAP_NONE;
    s->oovl.nchunks = t->nchunks;
    /* collective: every rank plans, failed or not */
    status = hkz_dist_agree(s->d, status);
    if (status == HKZ_SUCCESS)
        status = hkz_dist_plan(&s->pseq, s->d, s->e, &s->full, &s->oseq);
    if (status == HKZ_SUCCESS)
        status = hkz_dist_plan(&s->povl, s->d, s->e, &s->full, &s->oovl);
    if (status != HKZ_SUCCESS)
    {
        _hkz_bench_cpu_destroy(s);
        return status;
    }
    if (N == 1)
        *desc = _hkz_bench_strf("none (1 rank)");
    else
        *desc = _hkz_bench_strf("MPI %s, %zu chunks",
                ct->reduce == HKZ_DIST_REDUCE_MPI ? "all-reduce"
                : "reduce-scatter in rank order + all-gather",
                s->povl.nchunks);
    *state = s;
    return HKZ_SUCCESS;
}

int _hkz_bench_cpu_step(void *state, int step)
{
    cpu_t *s = state;
    switch (step)
    {
    case HKZ_BENCH_PLAIN:
        cblas_dgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, (int) s->pl,
                    (int) s->full.T, (int) s->kl, 1.0, s->B, (int) s->pl,
                    s->Cl, (int) s->ldc, 0.0, s->out_plain, (int) s->pl);
        return HKZ_SUCCESS;
    case HKZ_BENCH_ENGINE:
        return hkz_engine_run(s->e, s->out_loc, s->err_loc, &s->loc);
    case HKZ_BENCH_COMM:
        return hkz_dist_allreduce_double(s->d, s->zero,
                                         s->full.P * s->full.T, HKZ_DIST_SUM);
    case HKZ_BENCH_SEQ:
        return hkz_dist_engine_run(s->d, s->e, s->out_seq, s->err_full,
                                   &s->full, &s->oseq, &s->pseq);
    case HKZ_BENCH_OVL:
        return hkz_dist_engine_run(s->d, s->e, s->out_full, s->err_full,
                                   &s->full, &s->oovl, &s->povl);
    default:
        return hkz_error_set(HKZ_ERR_UNSUPPORTED, "hkz_bench_ssum: step %d",
                             step);
    }
}

void _hkz_bench_cpu_info(void *state, int *nthreads, size_t *nchunks)
{
    cpu_t *s = state;
    hkz_engine_opts_t o;
    hkz_engine_get_opts(&o, s->e);
    *nthreads = o.nthreads;
    *nchunks = s->povl.nchunks;
}

void _hkz_bench_cpu_check(void *state, double *maxdiff, double *maxbound,
                          double *seqdiff)
{
    cpu_t *s = state;
    size_t i, n = s->pl * s->full.T;
    double md = 0.0, mb = 0.0, sd = 0.0;
    for (i = 0; i < n; i++)
    {
        double v = fabs(s->out_loc[i] - s->out_plain[i]);
        md = v > md || v != v ? v : md;
    }
    for (i = 0; i < s->full.T; i++)
        mb = s->err_loc[i] > mb || s->err_loc[i] != s->err_loc[i]
             ? s->err_loc[i] : mb;
    /* replicated outputs: every entry is valid on every rank */
    for (i = 0; i < s->full.P * s->full.T; i++)
    {
        double v = fabs(s->out_full[i] - s->out_seq[i]);
        sd = v > sd || v != v ? v : sd;
    }
    *maxdiff = s->full.basis == HKZ_BASIS_COS ? NAN : md;
    *maxbound = mb;
    *seqdiff = sd;
}
