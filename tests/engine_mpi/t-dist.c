/* The engine over MPI ranks (run under mpiexec with 2 and 3 ranks):
 *   run  every sharding / output / reduction / overlap / chunking against
 *        the single-rank engine on the same inputs: SPLIT_P bitwise equal,
 *        SPLIT_K within the bounds (|dist - ref| <= err_dist + err_ref),
 *        and against exact Arb sums on a small problem; replicas identical
 *        on all ranks; SPLIT_K + REDUCE_FIXED bitwise identical whatever
 *        the chunking; sharded blocks tile the grid exactly once.
 *   bad  sizes that differ between ranks, a NaN weight on one rank only,
 *        K = 0: the same error on every rank, no hang. */
#include <stdint.h>
#include <string.h>
#include "engine_ref.h"
#include "hkz/dist_mpi.h"

static int rank_, nranks_;

static uint64_t hash(const double *v, size_t n)
{
    uint64_t h = 1469598103934665603ULL, u;
    size_t i;
    for (i = 0; i < n; i++)
    {
        memcpy(&u, v + i, 8);
        h = (h ^ u) * 1099511628211ULL;
    }
    return h;
}

/* identical inputs on every rank: the same seed */
static void make_problem(hkz_engine_problem_t *pb, double *x, double *C,
                         double *times, double *ub, double *bmax,
                         size_t *Pctx, int basis, int weights, size_t P,
                         size_t K, size_t T, flint_rand_t st)
{
    size_t i;
    hkz_engine_problem_init(pb);
    pb->P = P; pb->K = K; pb->T = T; pb->basis = basis;
    pb->weights = weights; pb->cos_n = K + 3; pb->k_begin = 0;
    for (i = 0; i < P; i++)
        x[i] = rand_point(st);
    pb->x = x;
    for (i = 0; i < K * T; i++)
        C[i] = rand_weight(st, 1);
    pb->C = C;
    pb->ldc = K;
    for (i = 0; i < T; i++)
        times[i] = 0.01 + 2.0 * rand_unit(st);
    pb->times = times;
    if (basis == HKZ_BASIS_USER)
    {
        for (i = 0; i < P * K; i++)
            ub[i] = 2.0 * rand_unit(st) - 1.0;
        for (i = 0; i < K; i++)
            bmax[i] = 1.0;
        ref_user_B = ub;
        *Pctx = P;
        pb->fill = ref_user_fill;
        pb->fill_ctx = Pctx;
        pb->user_bmax = bmax;
    }
}

static int same_on_all(hkz_dist_t d, uint64_t h)
{
    unsigned long long v[2] = {h, ~h}, r[2];
    MPI_Allreduce(v, r, 2, MPI_UNSIGNED_LONG_LONG, MPI_MIN, hkz_dist_comm(d));
    return r[0] == h && r[1] == ~h;
}

static void test_run(hkz_dist_t d, flint_rand_t st)
{
    const size_t P = 150, K = 300, T = 200;
    double *x = malloc(P * sizeof(double)), *C = malloc(K * T * 8);
    double *times = malloc(T * 8), *ub = malloc(P * K * 8);
    double *bmax = malloc(K * 8), *ref = malloc(P * T * 8);
    double *eref = malloc(P * T * 8), *out = malloc(P * T * 8);
    double *err = malloc(P * T * 8), *first = malloc(P * T * 8);
    size_t Pctx, i;
    int basis, weights, shard, mode, red, ov, nc;
    hkz_engine_t e1 = NULL;
    hkz_engine_opts_t eo;

    hkz_engine_opts_init(&eo);
    eo.backend = HKZ_BACKEND_CPU;
    HKZ_TEST_OK(hkz_engine_create(&e1, &eo));
    for (basis = 0; basis < 3; basis++)
        for (weights = 0; weights < 2; weights++)
        {
            hkz_engine_problem_t pb;
            if (basis == HKZ_BASIS_USER && weights == HKZ_WEIGHTS_HEAT)
                continue;
            make_problem(&pb, x, C, times, ub, bmax, &Pctx, basis, weights,
                         P, K, T, st);
            HKZ_TEST_OK(hkz_engine_run(e1, ref, eref, &pb));
            for (shard = 1; shard <= 2; shard++)
                for (mode = 0; mode < 2; mode++)
                    for (red = 0; red < 2; red++)
                    {
                        int have_first = 0;
                        if (shard == HKZ_SHARD_SPLIT_P && red == 1)
                            continue;
                        for (ov = 0; ov < 2; ov++)
                            for (nc = 1; nc <= 4; nc += 3)
                            {
                                hkz_engine_t e = NULL;
                                hkz_dist_opts_t o;
                                hkz_dist_plan_t pl;
                                size_t blocks[64], nb, b, t, p, bad = 0;
                                size_t covered = 0;
                                eo.shard = shard;
                                HKZ_TEST_OK(hkz_engine_create(&e, &eo));
                                hkz_dist_opts_init(&o);
                                o.out_mode = mode;
                                o.reduce = red;
                                o.overlap = ov;
                                o.nchunks = (size_t) nc;
                                for (i = 0; i < P * T; i++)
                                    out[i] = err[i] = NAN;
                                HKZ_TEST_OK(hkz_dist_plan(&pl, d, e, &pb, &o));
                                HKZ_TEST_CHECK(pl.shard == shard, "forced "
                                               "shard ignored");
                                HKZ_TEST_OK(hkz_dist_engine_run(d, e, out, err,
                                                                &pb, &o, &pl));
                                /* the blocks this rank may look at */
                                if (mode == HKZ_DIST_OUT_SHARDED)
                                    HKZ_TEST_OK(hkz_dist_owned(blocks, &nb,
                                                16, &pl, P, T, rank_));
                                else
                                {
                                    nb = 1;
                                    blocks[0] = 0; blocks[1] = P;
                                    blocks[2] = 0; blocks[3] = T;
                                }
                                for (b = 0; b < nb; b++)
                                    for (t = blocks[4 * b + 2];
                                         t < blocks[4 * b + 3]; t++)
                                        for (p = blocks[4 * b];
                                             p < blocks[4 * b + 1]; p++)
                                        {
                                            size_t k = p + t * P;
                                            covered++;
                                            if (shard == HKZ_SHARD_SPLIT_P)
                                                bad += out[k] != ref[k] ||
                                                       err[k] != eref[k];
                                            else
                                                bad += !(fabs(out[k] - ref[k])
                                                    <= err[k] + eref[k]);
                                        }
                                HKZ_TEST_CHECK(bad == 0, "basis %d weights %d "
                                    "shard %d mode %d reduce %d overlap %d "
                                    "nchunks %d: %zu bad entries", basis,
                                    weights, shard, mode, red, ov, nc, bad);
                                if (mode == HKZ_DIST_OUT_SHARDED)
                                {
                                    unsigned long tot = covered, all;
                                    MPI_Allreduce(&tot, &all, 1, MPI_UNSIGNED_LONG,
                                                  MPI_SUM, hkz_dist_comm(d));
                                    HKZ_TEST_CHECK(all == P * T, "sharded "
                                        "blocks cover %lu of %zu entries",
                                        all, P * T);
                                }
                                else
                                    HKZ_TEST_CHECK(same_on_all(d, hash(out,
                                        P * T) ^ hash(err, P * T)),
                                        "replicas differ (shard %d reduce "
                                        "%d)", shard, red);
                                /* FIXED reduction: chunking never changes
                                 * a bit */
                                if (mode == HKZ_DIST_OUT_REPLICATED &&
                                    (red == HKZ_DIST_REDUCE_FIXED ||
                                     nranks_ <= 2))
                                {
                                    if (!have_first)
                                        memcpy(first, out, P * T * 8);
                                    else
                                        HKZ_TEST_CHECK(memcmp(first, out,
                                            P * T * 8) == 0, "shard %d "
                                            "reduce %d: bits depend on the "
                                            "chunking", shard, red);
                                    have_first = 1;
                                }
                                hkz_engine_destroy(&e);
                            }
                    }
        }
    hkz_engine_destroy(&e1);

    /* exact sums (Arb) on a small split-K problem */
    {
        hkz_engine_problem_t pb;
        hkz_engine_t e = NULL;
        hkz_dist_opts_t o;
        double worst;
        make_problem(&pb, x, C, times, ub, bmax, &Pctx, HKZ_BASIS_CHEB_U,
                     HKZ_WEIGHTS_GIVEN, 9, 40, 130, st);
        eo.shard = HKZ_SHARD_SPLIT_K;
        HKZ_TEST_OK(hkz_engine_create(&e, &eo));
        hkz_dist_opts_init(&o);
        o.nchunks = 3;
        HKZ_TEST_OK(hkz_dist_engine_run(d, e, out, err, &pb, &o, NULL));
        HKZ_TEST_CHECK(ref_check(&pb, out, err, &worst) == 0,
                       "split K misses the exact sums");
        hkz_engine_destroy(&e);
    }
    free(x); free(C); free(times); free(ub); free(bmax); free(ref);
    free(eref); free(out); free(err); free(first);
}

/* a user basis that fails at its second call on rank fail_rank_ */
static int calls_, fail_rank_;

static int flaky_fill(double *blk, size_t ld, size_t p0, size_t np,
                      size_t k0, size_t nk, void *ctx)
{
    size_t i, j;
    if (rank_ == fail_rank_ && ++calls_ == 2)
        return hkz_error_set(HKZ_ERR_DOMAIN, "flaky_fill: refused");
    for (j = 0; j < nk; j++)
        for (i = 0; i < np; i++)
            blk[i + j * ld] = 0.5;
    return HKZ_SUCCESS;
}

static void test_bad(hkz_dist_t d, flint_rand_t st)
{
    const size_t P = 20, K = 30, T = 70;
    double x[21], C[31 * 70], times[70], out[21 * 70], err[21 * 70];
    double ub[1], bmax[1], bmax_ok[30];
    size_t Pctx, i;
    hkz_engine_problem_t pb;
    hkz_engine_t e = NULL;
    hkz_engine_opts_t eo;
    int shard;

    for (i = 0; i < 30; i++)
        bmax_ok[i] = 0.5;
    hkz_engine_opts_init(&eo);
    eo.backend = HKZ_BACKEND_CPU;
    for (shard = 1; shard <= 2; shard++)
    {
        eo.shard = shard;
        HKZ_TEST_OK(hkz_engine_create(&e, &eo));
        make_problem(&pb, x, C, times, ub, bmax, &Pctx, HKZ_BASIS_CHEB_U,
                     HKZ_WEIGHTS_GIVEN, P, K, T, st);
        HKZ_TEST_OK(hkz_dist_engine_run(d, e, out, err, &pb, NULL, NULL));
        /* sizes that differ between ranks */
        if (rank_ == nranks_ - 1)
            pb.T = T - 1;
        HKZ_TEST_STATUS(hkz_dist_engine_run(d, e, out, err, &pb, NULL, NULL),
                        HKZ_ERR_ARG);
        pb.T = T;
        /* a NaN weight on one rank only */
        if (rank_ == 1)
            C[5] = NAN;
        HKZ_TEST_STATUS(hkz_dist_engine_run(d, e, out, err, &pb, NULL, NULL),
                        HKZ_ERR_ARG);
        C[5] = 0.5;
        /* K = 0 everywhere */
        pb.K = 0;
        HKZ_TEST_STATUS(hkz_dist_engine_run(d, e, out, err, &pb, NULL, NULL),
                        HKZ_ERR_ARG);
        pb.K = K;
        /* a user basis failing on one rank in the middle of the run */
        {
            hkz_engine_problem_t q = pb;
            hkz_dist_opts_t o;
            hkz_dist_opts_init(&o);
            o.nchunks = 2;
            calls_ = 0;
            fail_rank_ = shard == HKZ_SHARD_SPLIT_P ? 0 : 1;
            q.basis = HKZ_BASIS_USER;
            q.fill = flaky_fill;
            q.user_bmax = bmax_ok;
            HKZ_TEST_STATUS(hkz_dist_engine_run(d, e, out, err, &q, &o, NULL),
                            HKZ_ERR_DOMAIN);
            /* every rank holds the failing rank's message */
            if (fail_rank_ > 0)
                HKZ_TEST_CHECK(strncmp(hkz_errmsg(), "rank 1: ", 8) == 0,
                               "message: %s", hkz_errmsg());
        }
        HKZ_TEST_OK(hkz_dist_engine_run(d, e, out, err, &pb, NULL, NULL));
        hkz_engine_destroy(&e);
    }
    {
        hkz_dist_plan_t pl;
        HKZ_TEST_STATUS(hkz_dist_plan(&pl, d, NULL, &pb, NULL), HKZ_ERR_ARG);
        HKZ_TEST_STATUS(hkz_dist_engine_run(d, NULL, out, err, &pb, NULL,
                                            NULL), HKZ_ERR_ARG);
    }
}

int main(int argc, char **argv)
{
    hkz_dist_t d = NULL;
    flint_rand_t st;
    int prov;
    const char *which = argc > 1 ? argv[1] : "run";

    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &prov);
    hkz_test_rand_init(st);
    HKZ_TEST_OK(hkz_dist_create(&d, MPI_COMM_WORLD));
    rank_ = hkz_dist_rank(d);
    nranks_ = hkz_dist_size(d);
    HKZ_TEST_CHECK(hkz_dist_num_nodes(d) >= 1 &&
                   hkz_dist_local_rank(d) < hkz_dist_local_size(d),
                   "rank layout");
    if (strcmp(which, "bad") == 0)
        test_bad(d, st);
    else
        test_run(d, st);
    hkz_dist_destroy(&d);
    hkz_rand_clear(st);
    {
        int f = hkz_test_failures, all = 0;
        MPI_Allreduce(&f, &all, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
        MPI_Finalize();
        if (rank_ != 0)
            return f != 0;
        hkz_test_failures = all;
    }
    HKZ_TEST_END(which);
}
