/* bench_engine: GFLOP/s of the CPU spectral-sum engine (basis generated
 * in blocks + OpenBLAS DGEMM + error bounds) against plain cblas_dgemm on
 * a pregenerated basis, in the same run.  The measurement is the
 * library's (hkz_bench_ssum, hkz/bench.h; the command `hkz bench ssum`
 * prints all its figures); this program keeps the old command line.
 *
 *   bench_engine [P K T [reps [basis]]]     basis: cheb (default) | cos
 *
 * Prints the median time over reps (after one warm-up) of each variant
 * and the ratio plain / engine.  Not a test. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "hkz/bench.h"
#include "hkz/status.h"

int main(int argc, char **argv)
{
    hkz_bench_ssum_opts_t o;
    hkz_bench_ssum_t r;
    int status;

    hkz_bench_ssum_opts_init(&o);
    o.P = o.K = o.T = 2048;
    if (argc >= 4)
    {
        o.P = strtoul(argv[1], NULL, 10);
        o.K = strtoul(argv[2], NULL, 10);
        o.T = strtoul(argv[3], NULL, 10);
    }
    if (argc >= 5)
        o.reps = atoi(argv[4]);
    if (argc >= 6 && strcmp(argv[5], "cos") == 0)
        o.basis = HKZ_BASIS_COS;
    hkz_bench_ssum_init(&r);
    status = hkz_bench_ssum(&r, &o);
    if (status != HKZ_SUCCESS)
    {
        fprintf(stderr, "bench_engine: %s: %s\n", hkz_status_name(status),
                hkz_errmsg());
        return 1;
    }
    printf("P=%zu K=%zu T=%zu basis=%s threads=%d reps=%d\n", o.P, o.K, o.T,
           o.basis == HKZ_BASIS_COS ? "cos" : "cheb_u", r.nthreads, o.reps);
    printf("plain cblas_dgemm (B pregenerated): %8.4f s  %7.2f GFLOP/s\n",
           r.t[HKZ_BENCH_PLAIN], r.plain_flops * 1e-9);
    printf("engine (with bound)               : %8.4f s  %7.2f GFLOP/s"
           "  ratio %.3f\n", r.t[HKZ_BENCH_ENGINE], r.engine_flops * 1e-9,
           r.efficiency);
    if (o.basis != HKZ_BASIS_COS)
        printf("max |engine - plain| = %.3g, max bound = %.3g\n", r.max_diff,
               r.max_bound);
    hkz_bench_ssum_clear(&r);
    return 0;
}
