/* Engine runs over fixed mode chunks, added along a fixed binary tree over
 * the chunk indices, optionally split over ranks (hkz/dist_ksum.h, where
 * the bound is stated).  No MPI here: the nodes travel through
 * hkz_dist_allgather. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "hkz/dist_ksum.h"
#include "hkz/status.h"
#include "hkz_check.h"


typedef struct
{
    hkz_engine_t e;
    const hkz_engine_problem_t *pb;
    size_t P, T, m, kc;
    size_t nerr, nmag;   /* doubles of err / mag per node (0: none) */
    size_t len;          /* doubles per node: P T + nerr + nmag */
    /* gathered nodes (root completion) */
    const double *nodes;
    size_t nnodes;
} ks_t;

size_t hkz_dist_ksum_chunk(size_t K)
{
    size_t w = (size_t) HKZ_DIST_KCHUNK * HKZ_DIST_KCHUNKS_MAX;
    size_t q = (K + w - 1) / w;
    return (size_t) HKZ_DIST_KCHUNK * (q > 0 ? q : 1);
}

/* upward-rounded a + b and a * b for a, b >= 0 (round to nearest is off
 * by at most half an ulp; the next double up covers it) */
static double add_up(double a, double b)
{
    return nextafter(a + b, INFINITY);
}

static double mul_up(double a, double b)
{
    return nextafter(a * b, INFINITY);
}

/* v = v + w: values rounded to nearest, bounds upward */
static void combine(const ks_t *S, double *v, const double *w)
{
    size_t k, PT = S->P * S->T;
    for (k = 0; k < PT; k++)
        v[k] += w[k];
    for (k = PT; k < S->len; k++)
        v[k] = add_up(v[k], w[k]);
}

static int right_exists(const ks_t *S, int l, size_t i)
{
    return ((2 * i + 1) << (l - 1)) < S->m;
}

/* node (l, i) computed from its chunks (by the engine, on its device
 * where it can: hkz_engine_run_ktree) */
static int node_eval(const ks_t *S, int l, size_t i, double *v)
{
    hkz_engine_problem_t q = *S->pb;
    size_t PT = S->P * S->T;

    q.ldo = S->P;
    q.ready = NULL;
    q.epoch = 0;
    return hkz_engine_run_ktree(S->e, v, S->nerr ? v + PT : NULL,
                                S->nmag ? v + PT + S->nerr : NULL, &q,
                                S->kc, l, i);
}

/* node (l, i) from the gathered nodes (each: l, i, then len doubles) */
static int root_eval(const ks_t *S, int l, size_t i, double *v, double *tmp)
{
    size_t k;
    for (k = 0; k < S->nnodes; k++)
    {
        const double *n = S->nodes + k * (S->len + 2);
        if (n[0] == (double) l && n[1] == (double) i)
        {
            memcpy(v, n + 2, S->len * sizeof(double));
            return HKZ_SUCCESS;
        }
    }
    HKZ_CHECK(l > 0, HKZ_ERR_INTERNAL, "dist ksum: chunk %zu missing", i);
    HKZ_TRY(root_eval(S, l - 1, 2 * i, v, tmp + S->len));
    if (right_exists(S, l, i))
    {
        HKZ_TRY(root_eval(S, l - 1, 2 * i + 1, tmp, tmp + S->len));
        combine(S, v, tmp);
    }
    return HKZ_SUCCESS;
}

/* the maximal tree nodes inside chunks [lo, hi), in order: (l, i) pairs */
static size_t decompose(size_t *nl, size_t lo, size_t hi, size_t m, int L)
{
    size_t pos = lo, n = 0;
    while (pos < hi)
    {
        int l = 0;
        while (l < L && pos % ((size_t) 2 << l) == 0
               && FLINT_MIN(pos + ((size_t) 2 << l), m) <= hi)
            l++;
        nl[2 * n] = (size_t) l;
        nl[2 * n + 1] = pos >> l;
        n++;
        pos = FLINT_MIN(pos + ((size_t) 1 << l), m);
    }
    return n;
}

/* out, err, mag of the caller from the root node v */
static void finish(const ks_t *S, double *out, double *err, double *mag,
                   const double *v)
{
    const hkz_engine_problem_t *pb = S->pb;
    size_t i, j, P = S->P, T = S->T, PT = P * T;
    size_t ldo = pb->ldo != 0 ? pb->ldo : P;
    double n1 = (double) (S->m - 1) * 0x1p-53;
    double g = nextafter(n1 / (1.0 - n1), INFINITY);  /* gamma_{m-1} */
    const double *ve = v + PT, *vm = v + PT + S->nerr;

    for (j = 0; j < T; j++)
        for (i = 0; i < P; i++)
            out[i + j * ldo] = v[i + j * P];
    if (mag != NULL)
        for (j = 0; j < T; j++)
            mag[j] = vm[j];
    if (err == NULL)
        return;
    if (pb->err_layout == HKZ_ERR_PER_COLUMN)
        for (j = 0; j < T; j++)
            err[j] = add_up(ve[j], mul_up(g, add_up(vm[j], ve[j])));
    else
        for (j = 0; j < T; j++)
            for (i = 0; i < P; i++)
            {
                double e = ve[i + j * P];
                err[i + j * ldo] = add_up(e, mul_up(g, add_up(vm[j], e)));
            }
}

int hkz_dist_ksum_run(const hkz_dist_ksum_t *X, hkz_engine_t e, double *out,
                      double *err, double *mag,
                      const hkz_engine_problem_t *pb)
{
    ks_t S;
    hkz_dist_t d = X != NULL ? X->d : NULL;
    int split = X != NULL && X->split, L = 0, status = HKZ_SUCCESS;
    int rank = 0, size = 1;
    double *v = NULL, *mine = NULL;
    size_t *nl = NULL, nn = 0, k;
    slong lo, hi;
    char *all = NULL;
    size_t alen = 0;

    HKZ_CHECK(pb != NULL && out != NULL, HKZ_ERR_ARG,
              "hkz_dist_ksum_run: NULL argument");
    memset(&S, 0, sizeof(S));
    S.e = e;
    S.pb = pb;
    S.P = pb->P;
    S.T = pb->T;
    S.kc = hkz_dist_ksum_chunk(pb->K);
    S.m = (pb->K + S.kc - 1) / S.kc;
    if (S.m <= 1)
    {
        hkz_engine_problem_t q = *pb;
        q.ready = NULL;
        return hkz_engine_run_direct(e, out, err, mag, &q);
    }
    if (err != NULL || mag != NULL)
    {
        S.nerr = pb->err_layout == HKZ_ERR_PER_COLUMN ? S.T : S.P * S.T;
        S.nmag = S.T;
    }
    S.len = S.P * S.T + S.nerr + S.nmag;
    while (((size_t) 1 << L) < S.m)
        L++;
    if (split)
    {
        rank = hkz_dist_rank(d);
        size = hkz_dist_size(d);
    }
    hkz_dist_block(&lo, &hi, 0, (slong) S.m, rank, size);
    v = malloc((L + 2) * S.len * sizeof(double));
    nl = malloc(2 * (L + 1) * (size_t) (2 * L + 2) * sizeof(size_t));
    if (v == NULL || nl == NULL)
        status = hkz_error_set(HKZ_ERR_NOMEM, "dist ksum: out of memory "
                               "(%zu doubles)", (L + 2) * S.len);
    if (status == HKZ_SUCCESS && size == 1)
        status = node_eval(&S, L, 0, v);
    else if (status == HKZ_SUCCESS)
    {
        nn = decompose(nl, (size_t) lo, (size_t) hi, S.m, L);
        mine = malloc((nn * (S.len + 2) + 1) * sizeof(double));
        if (mine == NULL)
            status = hkz_error_set(HKZ_ERR_NOMEM, "dist ksum: out of memory");
        for (k = 0; status == HKZ_SUCCESS && k < nn; k++)
        {
            double *n = mine + k * (S.len + 2);
            n[0] = (double) nl[2 * k];
            n[1] = (double) nl[2 * k + 1];
            status = node_eval(&S, (int) nl[2 * k], nl[2 * k + 1], n + 2);
        }
    }
    if (split && size > 1)
    {
        status = hkz_dist_agree(d, status);
        if (status == HKZ_SUCCESS)
            status = hkz_dist_allgather(d, &all, &alen, (const char *) mine,
                                        nn * (S.len + 2) * sizeof(double));
        if (status == HKZ_SUCCESS)
        {
            S.nodes = (const double *) all;
            S.nnodes = alen / ((S.len + 2) * sizeof(double));
            status = root_eval(&S, L, 0, v, v + S.len);
        }
    }
    if (status == HKZ_SUCCESS)
        finish(&S, out, err, mag, v);
    flint_free(all);
    free(mine);
    free(nl);
    free(v);
    return status;
}

int hkz_dist_ksum_hook(void *ctx, hkz_engine_t e, double *out, double *err,
                       double *mag, const hkz_engine_problem_t *pb)
{
    return hkz_dist_ksum_run((const hkz_dist_ksum_t *) ctx, e, out, err,
                             mag, pb);
}
