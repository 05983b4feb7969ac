/* The CPU engine against exact sums (Arb, 256 bits) for random small
 * problems of every basis and weight kind: |out - exact| <= err for every
 * entry, including planted cancellation and wide weight ranges. */
#include "engine_ref.h"

static void random_problem(hkz_engine_problem_t *pb, flint_rand_t st,
                           double **x, double **C, double **times,
                           double **ub, double **bmax, size_t *Pctx)
{
    size_t i, n;
    hkz_engine_problem_init(pb);
    pb->P = 1 + n_randint(st, 24);
    pb->K = 1 + n_randint(st, n_randint(st, 2) ? 40 : 700);
    pb->T = 1 + n_randint(st, 6);
    pb->k_begin = n_randint(st, 3) == 0 ? n_randint(st, 60) : 0;
    pb->basis = (int) n_randint(st, 3);
    pb->weights = n_randint(st, 3) == 0 ? HKZ_WEIGHTS_HEAT : HKZ_WEIGHTS_GIVEN;
    pb->err_layout = (int) n_randint(st, 2);
    pb->ldo = n_randint(st, 2) ? 0 : pb->P + n_randint(st, 3);
    *x = malloc(pb->P * sizeof(double));
    for (i = 0; i < pb->P; i++)
        (*x)[i] = rand_point(st);
    pb->x = *x;
    pb->cos_n = pb->k_begin + pb->K - 1 + n_randint(st, 5);
    *ub = NULL;
    *bmax = NULL;
    if (pb->basis == HKZ_BASIS_USER)
    {
        n = pb->P * (pb->k_begin + pb->K);
        *ub = malloc(n * sizeof(double));
        *bmax = calloc(pb->K, sizeof(double));
        for (i = 0; i < n; i++)
            (*ub)[i] = (double) ((slong) n_randint(st, 17) - 8);
        for (i = 0; i < pb->P * pb->K; i++)
        {
            size_t p = i % pb->P, k = i / pb->P;
            double v = fabs((*ub)[p + (pb->k_begin + k) * pb->P]);
            (*bmax)[k] = v > (*bmax)[k] ? v : (*bmax)[k];
        }
        ref_user_B = *ub;
        *Pctx = pb->P;
        pb->fill = ref_user_fill;
        pb->fill_ctx = Pctx;
        pb->user_bmax = *bmax;
    }
    *C = NULL;
    *times = NULL;
    if (pb->weights == HKZ_WEIGHTS_GIVEN)
    {
        int wide = (int) n_randint(st, 2);
        pb->ldc = pb->K + n_randint(st, 3);
        *C = malloc(pb->ldc * pb->T * sizeof(double));
        for (i = 0; i < pb->ldc * pb->T; i++)
            (*C)[i] = rand_weight(st, wide);
        pb->C = *C;
    }
    else
    {
        *times = malloc(pb->T * sizeof(double));
        for (i = 0; i < pb->T; i++)
            (*times)[i] = 0.001 + 3.0 * rand_unit(st);
        pb->times = *times;
    }
}

/* make sum_k B(0,k) C(k,0) nearly cancel by adjusting C(K-1, 0) */
static void plant_cancellation(hkz_engine_problem_t *pb, double *C)
{
    arb_t s, b, w;
    size_t k;
    if (pb->weights != HKZ_WEIGHTS_GIVEN || pb->K < 2)
        return;
    arb_init(s); arb_init(b); arb_init(w);
    for (k = 0; k + 1 < pb->K; k++)
    {
        ref_basis(b, pb, 0, pb->k_begin + k);
        arb_set_d(w, C[k]);
        arb_addmul(s, b, w, REF_PREC);
    }
    ref_basis(b, pb, 0, pb->k_begin + pb->K - 1);
    if (!arb_contains_zero(b))
    {
        arb_div(s, s, b, REF_PREC);
        arb_neg(s, s);
        C[pb->K - 1] = arf_get_d(arb_midref(s), ARF_RND_NEAR);
    }
    arb_clear(s); arb_clear(b); arb_clear(w);
}

int main(void)
{
    flint_rand_t st;
    slong it, iters = hkz_test_iters(60);
    double worst_all = 0.0;

    hkz_test_rand_init(st);
    for (it = 0; it < iters; it++)
    {
        hkz_engine_problem_t pb;
        hkz_engine_opts_t o;
        hkz_engine_t e = NULL;
        double *x, *C, *times, *ub, *bmax, *out, *err, worst;
        size_t Pctx, ldo, nerr;
        slong bad;

        random_problem(&pb, st, &x, &C, &times, &ub, &bmax, &Pctx);
        if (it % 3 == 0 && C != NULL)
            plant_cancellation(&pb, C);
        hkz_engine_opts_init(&o);
        o.backend = HKZ_BACKEND_CPU;
        o.kblock = n_randint(st, 2) ? 0 : 1 + n_randint(st, 600);
        o.pblock = n_randint(st, 2) ? 0 : 1 + n_randint(st, 10);
        o.nchunks = 1 + n_randint(st, 4);
        o.nthreads = 1 + (int) n_randint(st, 3);
        ldo = pb.ldo ? pb.ldo : pb.P;
        nerr = pb.err_layout == HKZ_ERR_PER_COLUMN ? pb.T : ldo * pb.T;
        out = malloc(ldo * pb.T * sizeof(double));
        err = malloc(nerr * sizeof(double));
        HKZ_TEST_OK(hkz_engine_create(&e, &o));
        HKZ_TEST_OK(hkz_engine_run(e, out, err, &pb));
        bad = ref_check(&pb, out, err, &worst);
        HKZ_TEST_CHECK(bad == 0, "iteration %ld: %ld bound violations (basis "
                       "%d, weights %d, P %zu, K %zu, T %zu, k_begin %zu)",
                       (long) it, (long) bad, pb.basis, pb.weights, pb.P,
                       pb.K, pb.T, pb.k_begin);
        worst_all = worst > worst_all ? worst : worst_all;
        hkz_engine_destroy(&e);
        free(x); free(C); free(times); free(ub); free(bmax); free(out);
        free(err);
    }
    printf("largest |out - exact| / err: %.3g\n", worst_all);
    hkz_rand_clear(st);
    HKZ_TEST_END("engine.naive");
}
