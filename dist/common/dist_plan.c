/* The planner: split P or split K from the cost model of
 * overlap_kernels.md section 0, and the ownership of sharded outputs.
 *
 * Per rank, with S = 8 P T bytes, F the DGEMM rate and B the bandwidth:
 *   split P: t_gemm = 2 (P/N) K T / (F eff(P/N)), t_comm = S (N-1)/N / B
 *            for a replicated output (all-gather), 0 when sharded;
 *   split K: t_gemm = 2 P (K/N) T / (F eff(K/N)), t_comm = 2 S (N-1)/N / B
 *            (all-reduce), S (N-1)/N / B (reduce-scatter);
 * plus basis generation (~2 ns per point and mode, once per chunk; split K
 * runs the recurrence from mode 0 on every rank).  eff(x) = min(1, x/256)
 * models the DGEMM slowdown for a thin local dimension.  With overlap the
 * total is max(t_gemm, t_comm) + t_comm / nchunks (the last chunk's
 * communication stays exposed), else t_gemm + t_comm.  So R = t_comm /
 * t_gemm = 8 (N-1)/N (F/B) / K_loc for split K, as in the note. */
#include <string.h>
#include "dist_common.h"
#include "hkz/dist_ksum.h"
#include "hkz_check.h"

#define GEN_SECONDS 2e-9

static double eff(double x)
{
    return x >= 256.0 ? 1.0 : (x < 1.0 ? 1.0 / 256.0 : x / 256.0);
}

static void model(hkz_dist_plan_t *pl, int shard, const hkz_engine_problem_t *pb,
                  const hkz_dist_opts_t *o, int N, size_t nch)
{
    double F = o->flop_rate > 0 ? o->flop_rate : 2e10;
    double B = o->bandwidth > 0 ? o->bandwidth : 5e9;
    double P = (double) pb->P, K = (double) pb->K, T = (double) pb->T;
    double S = 8.0 * P * T, f = (N - 1.0) / N, gen;
    double modes = pb->basis == HKZ_BASIS_USER ? K / N
                                               : (double) pb->k_begin + K;

    pl->shard = shard;
    pl->nchunks = nch;
    pl->nranks = N;
    if (shard == HKZ_SHARD_SPLIT_P)
    {
        size_t p0, p1;
        double Pl;
        _hkz_dist_rows(&p0, &p1, pb->P, N, 0);
        Pl = (double) (p1 - p0);
        gen = (double) nch * Pl * (pb->basis == HKZ_BASIS_USER ? K : modes)
              * GEN_SECONDS;
        pl->t_gemm = 2.0 * Pl * K * T / (F * eff(Pl)) + gen;
        pl->t_comm = o->out_mode == HKZ_DIST_OUT_SHARDED ? 0.0 : S * f / B;
    }
    else
    {
        double Kl = (K + N - 1) / N;
        gen = (double) nch * P * modes * GEN_SECONDS;
        pl->t_gemm = 2.0 * P * Kl * T / (F * eff(Kl)) + gen;
        pl->t_comm = (o->out_mode == HKZ_DIST_OUT_SHARDED ? 1.0 : 2.0) *
                     S * f / B;
    }
    if (N == 1)
        pl->t_comm = 0.0;
    pl->r_comm = pl->t_gemm > 0 ? pl->t_comm / pl->t_gemm : 0.0;
    if (o->overlap)
        pl->t_total = (pl->t_gemm > pl->t_comm ? pl->t_gemm : pl->t_comm) +
                      pl->t_comm / (double) nch;
    else
        pl->t_total = pl->t_gemm + pl->t_comm;
}

int hkz_dist_plan(hkz_dist_plan_t *plan, hkz_dist_t d, const hkz_engine_t e,
                  const hkz_engine_problem_t *pb, const hkz_dist_opts_t *o)
{
    int status = HKZ_SUCCESS;
    hkz_dist_opts_t oo;

    int rank, size;

    HKZ_CHECK(plan != NULL, HKZ_ERR_ARG, "hkz_dist_plan: NULL plan");
    if (d == NULL)
        d = hkz_dist_world();
    rank = hkz_dist_rank(d);
    size = hkz_dist_size(d);
    memset(plan, 0, sizeof(*plan));
    if (o != NULL)
        oo = *o;
    else
        hkz_dist_opts_init(&oo);
    if (rank == 0)
    {
        hkz_engine_opts_t eo;
        size_t nch;
        if (e == NULL || pb == NULL)
            status = hkz_error_set(HKZ_ERR_ARG, "hkz_dist_plan: NULL engine "
                                   "or problem");
        else
        {
            hkz_engine_get_opts(&eo, e);
            nch = oo.nchunks;
            if (nch == 0)
                nch = eo.nchunks > 1 ? eo.nchunks
                      : (oo.overlap && size > 1 ? 4 : 1);
            /* chunks are whole multiples of HKZ_ENGINE_TALIGN columns */
            if (nch > (pb->T + HKZ_ENGINE_TALIGN - 1) / HKZ_ENGINE_TALIGN)
                nch = (pb->T + HKZ_ENGINE_TALIGN - 1) / HKZ_ENGINE_TALIGN;
            if (nch == 0)
                nch = 1;
            if (eo.shard == HKZ_SHARD_SPLIT_P || eo.shard == HKZ_SHARD_SPLIT_K)
                model(plan, eo.shard, pb, &oo, size, nch);
            else
            {
                hkz_dist_plan_t a, b;
                model(&a, HKZ_SHARD_SPLIT_P, pb, &oo, size, nch);
                model(&b, HKZ_SHARD_SPLIT_K, pb, &oo, size, nch);
                *plan = b.t_total < a.t_total ? b : a;
            }
        }
    }
    status = hkz_dist_agree(d, status);
    if (status != HKZ_SUCCESS)
        return status;
    return hkz_dist_bcast(d, plan, sizeof(*plan), 0);
}

int hkz_dist_owned(size_t *b, size_t *nblocks, size_t maxblocks,
                   const hkz_dist_plan_t *plan, size_t P, size_t T, int rank)
{
    size_t n = 0, c;
    HKZ_CHECK(b != NULL && nblocks != NULL && plan != NULL, HKZ_ERR_ARG,
              "hkz_dist_owned: NULL argument");
    HKZ_CHECK(rank >= 0 && rank < plan->nranks, HKZ_ERR_ARG,
              "hkz_dist_owned: rank %d not in [0, %d)", rank, plan->nranks);
    *nblocks = 0;
    if (plan->shard == HKZ_SHARD_SPLIT_P)
    {
        size_t p0, p1;
        _hkz_dist_rows(&p0, &p1, P, plan->nranks, rank);
        if (p0 < p1 && n < maxblocks)
        {
            b[0] = p0; b[1] = p1; b[2] = 0; b[3] = T;
            n++;
        }
        *nblocks = p0 < p1;
        return HKZ_SUCCESS;
    }
    for (c = 0; c < plan->nchunks; c++)
    {
        size_t t0, t1, s0, s1;
        hkz_engine_chunk_range(&t0, &t1, T, plan->nchunks, c);
        _hkz_dist_slab(&s0, &s1, t1 - t0, plan->nranks, rank);
        if (s0 == s1)
            continue;
        if (n < maxblocks)
        {
            b[4 * n] = 0; b[4 * n + 1] = P;
            b[4 * n + 2] = t0 + s0; b[4 * n + 3] = t0 + s1;
            n++;
        }
        (*nblocks)++;
    }
    return HKZ_SUCCESS;
}

/* The grid planner (hkz/dist_ksum.h): the same model with the grid's
 * grains: split P deals tiles of ptile points (the busiest rank has
 * ceil(ntiles / N) tiles), split K deals the fixed mode chunks (ceil(m / N) chunks; the tree nodes travel as an all-gather of
 * about S (N-1)/N per rank, counted as the all-reduce of the note), and
 * rank 0 gathers the rows in both cases (not counted: the same for both). */
int hkz_dist_plan_grid(hkz_dist_plan_t *plan, int nranks, size_t P,
                       size_t ptile, size_t K, size_t T,
                       const hkz_dist_opts_t *o)
{
    hkz_dist_opts_t oo;
    double F, B, N = nranks > 1 ? nranks : 1, f, S, Pl, Kl, gp, gk;
    size_t nt, m, kc;
    hkz_dist_plan_t a, b;

    if (o != NULL)
        oo = *o;
    else
        hkz_dist_opts_init(&oo);
    F = oo.flop_rate > 0 ? oo.flop_rate : 2e10;
    B = oo.bandwidth > 0 ? oo.bandwidth : 5e9;
    f = (N - 1.0) / N;
    S = 8.0 * (double) P * (double) T;
    ptile = ptile > 0 ? ptile : 1;
    K = K > 0 ? K : 1;
    nt = (P + ptile - 1) / ptile;
    kc = hkz_dist_ksum_chunk(K);
    m = (K + kc - 1) / kc;
    Pl = (double) (((nt + nranks - 1) / (size_t) N) * ptile);
    Pl = Pl < (double) P ? Pl : (double) P;
    Kl = (double) (((m + nranks - 1) / (size_t) N) * kc);
    Kl = Kl < (double) K ? Kl : (double) K;
    memset(&a, 0, sizeof(a));
    memset(&b, 0, sizeof(b));
    a.shard = HKZ_SHARD_SPLIT_P;
    b.shard = HKZ_SHARD_SPLIT_K;
    a.nchunks = b.nchunks = 1;
    a.nranks = b.nranks = (int) N;
    gp = Pl * (double) K * GEN_SECONDS;
    gk = (double) P * Kl * GEN_SECONDS;
    a.t_gemm = 2.0 * Pl * (double) K * (double) T / (F * eff(Pl)) + gp;
    b.t_gemm = 2.0 * (double) P * Kl * (double) T / (F * eff(Kl)) + gk;
    b.t_comm = N > 1 ? 2.0 * S * f / B : 0.0;
    a.t_total = a.t_gemm;
    b.t_total = b.t_gemm + b.t_comm;
    a.r_comm = 0.0;
    b.r_comm = b.t_gemm > 0 ? b.t_comm / b.t_gemm : 0.0;
    if (b.t_total < a.t_total)
        a = b;
    if (plan != NULL)
        *plan = a;
    return a.shard;
}
