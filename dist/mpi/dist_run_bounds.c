/* The error bounds of hkz_dist_engine_run.
 *
 * SPLIT_P: every column's bound is the largest over the ranks.
 * SPLIT_K: fl(sum_r S~_r) with any order of the N - 1 additions differs
 * from sum_r S~_r by at most gamma_{N-1} sum_r |S~_r|, and |S~_r| <=
 * mag_r + err_r (hkz_engine_run_mag), so
 *   err = sum_r err_r + gamma_{N-1} sum_r (mag_r + err_r) + N 2^-1020;
 * the sums over ranks are MPI_SUM in double (N - 1 roundings of
 * non-negative numbers: exact <= computed (1 + 2 gamma_{N-1})). */
#include <math.h>
#include <string.h>
#include "dist_run.h"
#include "hkz/flint_compat.h"

static void split_k_bounds(double *red, size_t T, int N)
{
    mag_t g, s, m, f;
    size_t j;
    mag_init(g); mag_init(s); mag_init(m); mag_init(f);
    /* gamma_{N-1} <= (N-1) u (1 + 2^-12); sums inflated by
     * 1 + 2 gamma_{N-1} */
    mag_set_ui(g, (ulong) (N - 1));
    mag_mul_2exp_si(g, g, -53);
    mag_set_ui_2exp_si(f, 4097, -12);
    mag_mul(g, g, f);
    mag_mul_2exp_si(f, g, 1);
    mag_one(m);
    mag_add(f, f, m);
    for (j = 0; j < T; j++)
    {
        arf_t ub;
        mag_set_d(s, red[j]);
        mag_mul(s, s, f);                      /* sum err_r */
        mag_set_d(m, red[T + j]);
        mag_mul(m, m, f);                      /* sum mag_r */
        mag_add(m, m, s);
        mag_mul(m, m, g);
        mag_add(s, s, m);
        /* N - 1 additions, each off by 2^-1022 at most if subnormals
         * are flushed */
        mag_set_ui_2exp_si(m, (ulong) N, -1020);
        mag_add(s, s, m);
        arf_init_set_mag_shallow(ub, s);
        red[j] = mag_is_inf(s) ? INFINITY : arf_get_d(ub, ARF_RND_UP);
    }
    mag_clear(g); mag_clear(s); mag_clear(m); mag_clear(f);
}

int _hkz_dist_run_bounds(hkz_dist_t d, double *err, double *red,
                         const double *errc, const double *magc,
                         const hkz_engine_problem_t *pb, int shard,
                         int status)
{
    const size_t T = pb->T, ldo = pb->ldo ? pb->ldo : pb->P;
    size_t j, p;
    int rc;

    /* every rank takes part, even after a failure */
    memcpy(red, errc, T * sizeof(double));
    if (shard == HKZ_SHARD_SPLIT_K)
    {
        memcpy(red + T, magc, T * sizeof(double));
        rc = MPI_Allreduce(MPI_IN_PLACE, red, (int) (2 * T), MPI_DOUBLE,
                           MPI_SUM, d->comm);
    }
    else
        rc = MPI_Allreduce(MPI_IN_PLACE, red, (int) T, MPI_DOUBLE, MPI_MAX,
                           d->comm);
    if (rc != MPI_SUCCESS && status == HKZ_SUCCESS)
        status = _hkz_dist_mpi_error(rc, "hkz_dist_engine_run");
    status = hkz_dist_agree(d, status);
    if (status != HKZ_SUCCESS)
        return status;
    if (shard == HKZ_SHARD_SPLIT_K && d->size > 1)
        split_k_bounds(red, T, d->size);
    if (err != NULL)
    {
        if (pb->err_layout == HKZ_ERR_PER_COLUMN)
            memcpy(err, red, T * sizeof(double));
        else
            for (j = 0; j < T; j++)
                for (p = 0; p < pb->P; p++)
                    err[p + j * ldo] = red[j];
    }
    return HKZ_SUCCESS;
}
