/* GPU vs CPU Gray-code density of states (issue 3): random 3-regular
 * graphs on N = 28, 32, 36 vertices and the 6x6 torus (2^36
 * configurations).  The CPU (hkz_ising_dos_enum, all cores) runs up to
 * N = 30 in the same process; larger N use the N = 30 time of the same
 * family scaled by 2^(N - 30).  Prints configurations/s and the ratio;
 * the N = 28 tables are also compared entry by entry. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>
#include "hkz/cuda.h"
#include "hkz/ising.h"
#include "hkz/status.h"

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}

/* Random simple 3-regular graph (pairing model with rejection). */
static int regular3(int *eu, int *ev, int n, unsigned *seed)
{
    int pts[120], ne, i, j, ok;
    do
    {
        for (i = 0; i < 3 * n; i++)
            pts[i] = i / 3;
        for (i = 3 * n - 1; i > 0; i--)
        {
            int r = (int) (rand_r(seed) % (unsigned) (i + 1)), t = pts[i];
            pts[i] = pts[r], pts[r] = t;
        }
        ok = 1;
        ne = 3 * n / 2;
        for (i = 0; i < ne && ok; i++)
        {
            eu[i] = pts[2 * i], ev[i] = pts[2 * i + 1];
            ok = eu[i] != ev[i];
            for (j = 0; j < i && ok; j++)
                ok = !((eu[j] == eu[i] && ev[j] == ev[i]) ||
                       (eu[j] == ev[i] && ev[j] == eu[i]));
        }
    } while (!ok);
    return ne;
}

static int torus(int *eu, int *ev, int L, int M)
{
    int r, c, ne = 0;
    for (r = 0; r < M; r++)
        for (c = 0; c < L; c++)
        {
            eu[ne] = r * L + c, ev[ne++] = r * L + (c + 1) % L;
            eu[ne] = r * L + c, ev[ne++] = ((r + 1) % M) * L + c;
        }
    return ne;
}

/* CPU seconds for the graph, and its table into cpu (may be NULL). */
static double cpu_time(int n, int ne, const int *eu, const int *ev,
                       hkz_ising_dos_t d, int nthreads)
{
    hkz_ising_model_t m;
    fmpq_t J;
    double t0;
    int i, s = HKZ_SUCCESS;

    hkz_ising_model_init(m);
    fmpq_init(J);
    fmpq_one(J);
    s = hkz_ising_model_set_empty(m, n);
    for (i = 0; i < ne && s == HKZ_SUCCESS; i++)
        s = hkz_ising_model_add_edge(m, eu[i], ev[i], J);
    t0 = now();
    if (s == HKZ_SUCCESS)
        s = hkz_ising_dos_enum(d, m, nthreads);
    t0 = now() - t0;
    if (s != HKZ_SUCCESS)
        fprintf(stderr, "cpu: %s\n", hkz_errmsg());
    fmpq_clear(J);
    hkz_ising_model_clear(m);
    return s == HKZ_SUCCESS ? t0 : -1.0;
}

static double gpu_time(uint64_t **g, int n, int ne, const int *eu,
                       const int *ev)
{
    int ew[200], i, bmax, kmax;
    double t0;
    for (i = 0; i < ne; i++)
        ew[i] = 1;
    if (hkz_cuda_dos_enum(NULL, n, ne, eu, ev, ew, NULL, &bmax, &kmax))
        return -1.0;
    *g = realloc(*g, (size_t) (bmax + 1) * (kmax + 1) * sizeof(uint64_t));
    t0 = now();
    if (hkz_cuda_dos_enum(*g, n, ne, eu, ev, ew, NULL, &bmax, &kmax))
    {
        fprintf(stderr, "gpu: %s\n", hkz_errmsg());
        return -1.0;
    }
    return now() - t0;
}

int main(void)
{
    int eu[200], ev[200], ne, ndev = 0, nthreads, f, ni, ns[3] = {28, 32, 36};
    unsigned seed = 12345;
    uint64_t *g = NULL;
    hkz_ising_dos_t d;
    double tc30[2], tg, tc;
    slong i;

    if (hkz_cuda_device_count(&ndev) != HKZ_SUCCESS || ndev == 0)
    {
        printf("bench_dos: no CUDA device\n");
        return 0;
    }
    nthreads = (int) sysconf(_SC_NPROCESSORS_ONLN);
    hkz_ising_dos_init(d);
    ne = torus(eu, ev, 3, 4);
    gpu_time(&g, 12, ne, eu, ev);           /* context start-up */
    /* CPU baselines at N = 30 */
    ne = regular3(eu, ev, 30, &seed);
    tc30[0] = cpu_time(30, ne, eu, ev, d, nthreads);
    ne = torus(eu, ev, 6, 5);
    tc30[1] = cpu_time(30, ne, eu, ev, d, nthreads);
    printf("# CPU threads %d; CPU baseline N = 30: 3-regular %.3f s, "
           "6x5 torus %.3f s\n", nthreads, tc30[0], tc30[1]);
    printf("%-12s %3s %14s %10s %12s %10s %12s %8s\n", "graph", "N",
           "configs", "gpu_s", "gpu_cfg/s", "cpu_s", "cpu_cfg/s", "ratio");
    for (f = 0; f < 2; f++)
        for (ni = 0; ni < (f == 0 ? 3 : 1); ni++)
        {
            int n = f == 0 ? ns[ni] : 36, same = -1;
            double cfg = (double) (UINT64_C(1) << n);
            const char *ext = "";
            ne = f == 0 ? regular3(eu, ev, n, &seed) : torus(eu, ev, 6, 6);
            tg = gpu_time(&g, n, ne, eu, ev);
            if (n <= 30)
            {
                tc = cpu_time(n, ne, eu, ev, d, nthreads);
                same = 1;
                for (i = 0; i < d->nb * d->nk; i++)
                    if (fmpz_cmp_ui(d->g + i, (ulong) g[i]) != 0)
                        same = 0;
            }
            else
            {
                tc = tc30[f] * (double) (UINT64_C(1) << (n - 30));
                ext = " (extrapolated)";
            }
            printf("%-12s %3d %14.0f %10.3f %12.4g %10.3f %12.4g %8.1f%s%s\n",
                   f == 0 ? "3-regular" : "6x6 torus", n, cfg, tg, cfg / tg,
                   tc, cfg / tc, tc / tg, ext,
                   same < 0 ? "" : (same ? " tables equal" :
                                    " TABLES DIFFER"));
        }
    free(g);
    hkz_ising_dos_clear(d);
    flint_cleanup();
    return 0;
}
