/* Split-K sums over the ranks of the world (run under mpiexec by
 * grid.ksum_np123): hkz_dist_ksum_run with the chunks split over the
 * ranks gives bitwise the doubles of the run on one rank (out, err, mag),
 * each rank's engine sees only the modes of its own chunks, and rank 0
 * prints a hash that must be the same for 1, 2 and 3 ranks. */
#include <math.h>
#include <string.h>
#include "hkz_test.h"
#include "hkz/dist_ksum.h"

#define NP 40
#define NK 1300
#define NT 3

static size_t kmin = NK, kmax = 0;

static int fill(double *blk, size_t ld, size_t p0, size_t np, size_t k0,
                size_t nk, void *ctx)
{
    const double *x = ctx;
    size_t i, j;
    for (j = 0; j < nk; j++)
        for (i = 0; i < np; i++)
            blk[i + j * ld] = cos((double) (k0 + j) * x[p0 + i]);
    kmin = FLINT_MIN(kmin, k0);
    kmax = FLINT_MAX(kmax, k0 + nk);
    return HKZ_SUCCESS;
}

int main(int argc, char **argv)
{
    static double x[NP], C[NK * NT], bmax[NK], o1[NP * NT], o0[NP * NT];
    static double e1[NP * NT], e0[NP * NT], m1[NT], m0[NT];
    hkz_dist_ksum_t X1 = {NULL, 1}, X0 = {NULL, 0};
    hkz_engine_problem_t pb;
    hkz_engine_opts_t eo;
    hkz_engine_t e;
    ulong h = 14695981039346656037UL;
    size_t k, kc = hkz_dist_ksum_chunk(NK);
    slong lo, hi;
    int st, rank, size;
    const unsigned char *b;

    if (hkz_dist_init(&argc, &argv) != HKZ_SUCCESS)
        return 1;
    rank = hkz_dist_rank(NULL);
    size = hkz_dist_size(NULL);
    for (k = 0; k < NP; k++)
        x[k] = 0.07 * (double) k;
    for (k = 0; k < NK * NT; k++)
        C[k] = ldexp((double) ((k * 2654435761u) % 1000003) - 500000.0, -20)
               / (1.0 + (double) (k % NK));
    for (k = 0; k < NK; k++)
        bmax[k] = 1.0;
    hkz_engine_problem_init(&pb);
    pb.P = NP; pb.K = NK; pb.T = NT;
    pb.basis = HKZ_BASIS_USER;
    pb.fill = fill;
    pb.fill_ctx = x;
    pb.user_bmax = bmax;
    pb.weights = HKZ_WEIGHTS_GIVEN;
    pb.C = C;
    pb.ldc = NK;
    hkz_engine_opts_init(&eo);
    eo.backend = HKZ_BACKEND_CPU;
    eo.nthreads = 1;
    st = hkz_engine_create(&e, &eo);
    if (st == HKZ_SUCCESS)
        st = hkz_dist_ksum_run(&X1, e, o1, e1, m1, &pb);
    hkz_dist_block(&lo, &hi, 0, (NK + kc - 1) / kc, rank, size);
    if (st == HKZ_SUCCESS && size > 1 && lo < hi &&
        (kmin < (size_t) lo * kc || kmax > FLINT_MIN((size_t) hi * kc, NK)))
        st = hkz_error_set(HKZ_ERR_INTERNAL, "rank %d saw modes [%zu, %zu) "
                           "outside its chunks", rank, kmin, kmax);
    if (st == HKZ_SUCCESS)
        st = hkz_dist_ksum_run(&X0, e, o0, e0, m0, &pb);
    if (st == HKZ_SUCCESS && (memcmp(o1, o0, sizeof(o1)) ||
                              memcmp(e1, e0, sizeof(e1)) ||
                              memcmp(m1, m0, sizeof(m1))))
        st = hkz_error_set(HKZ_ERR_INTERNAL, "rank %d: split and one-rank "
                           "sums differ", rank);
    st = hkz_dist_agree(NULL, st);
    for (b = (const unsigned char *) o1; b < (const unsigned char *) (o1 + NP * NT); b++)
        h = (h ^ *b) * 1099511628211UL;
    for (b = (const unsigned char *) e1; b < (const unsigned char *) (e1 + NP * NT); b++)
        h = (h ^ *b) * 1099511628211UL;
    if (rank == 0)
    {
        if (st != HKZ_SUCCESS)
            printf("FAIL %s: %s\n", hkz_status_name(st), hkz_errmsg());
        else
            printf("hash %016lx\n", (unsigned long) h);
    }
    hkz_engine_destroy(&e);
    hkz_dist_finalize();
    flint_cleanup();
    return st != HKZ_SUCCESS;
}
