/* A-priori cost of the CPU transfer matrix (hkz_ising_dos_transfer_sparse):
 * runs, memory plan and a CPU-time model, so that a caller can refuse a
 * lattice that would run for days (the transfer matrix has no
 * checkpoint).
 *
 * Model.  A run costs about X = 2^L (states) x steps (sites added) x k x b
 * (the (b, k) box per state at the end) x words; on the torus (meet in the
 * middle, transposed to L <= M) steps = a' L rows of a run, the box is
 * ((a'-1)L + 1) x ((2a'-1)L/2 + 1), words for counts < 2^((a'-1)L); the
 * cylinder is one run of (M-1) L steps over the full box (N-L+1) x
 * (N+L(M-1)+1).  Seconds of CPU per run = c X^e, fitted to measured runs
 * (bench/NOTES.md, issue 12, CPU time on the 2-core build machine): tori
 * (meet in the middle) 10 x 10: 10.4 s / 44 runs, 12 x 12: 457.6 s / 122
 * runs (the closing products grow a little faster than X: e = 1.095);
 * cylinders 10 x 10: 1.2 s, 12 x 12: 21.0 s (the box is mostly empty:
 * c ~ 1/13 of the torus's, e = 1).  An estimate within a factor ~2 on
 * similar cores; not a bound. */
#include <math.h>
#include "transfer_impl.h"
#include "hkz_check.h"

static double run_units(slong L, slong M, int torus, slong *words)
{
    ulong p[_HKZ_TM_MAX_WORDS];
    slong N = L * M, a2 = M - M / 2;
    if (torus)
    {
        *words = _hkz_tm_moduli(p, (a2 - 1) * L);
        return ldexp(1.0, (int) L) * (double) (a2 * L) *
               ((a2 - 1) * L + 1) * ((2 * a2 - 1) * L / 2 + 1) * *words;
    }
    *words = _hkz_tm_moduli(p, N);
    return ldexp(1.0, (int) L) * (double) ((M - 1) * L) * (N - L + 1) *
           (N + L * (M - 1) + 1) * *words;
}

int hkz_ising_dos_transfer_estimate(hkz_ising_transfer_stats_t *est,
                                    double *cpu_seconds,
                                    const hkz_ising_model_t m, int nthreads)
{
    slong L = m->L, M = m->M, words, runs = 1, w12;
    int torus = m->boundary == HKZ_ISING_TORUS;
    double x12;

    HKZ_CHECK(_hkz_ising_transfer_ok(m), HKZ_ERR_ARG,
              "hkz_ising_dos_transfer_estimate: needs an L x M lattice "
              "model with one exact coupling on every bond");
    if (torus && L > M)
    {
        L = m->M;
        M = m->L;
    }
    HKZ_CHECK(L <= HKZ_ISING_TRANSFER_MAX_L, HKZ_ERR_TOO_LARGE,
              "%ld x %ld lattice: more than %d columns for the transfer "
              "matrix", (long) m->L, (long) m->M, HKZ_ISING_TRANSFER_MAX_L);
    if (nthreads <= 0)
        nthreads = 2;
    if (torus)
    {
        ulong *img = _hkz_tm_dihedral_table(L), s, S = UWORD(1) << L;
        runs = 0;
        for (s = 0; s < S; s++)
            runs += _hkz_tm_pair_weight(img, L, s, s) != 0;
        flint_free(img);
    }
    x12 = run_units(12, 12, torus, &w12);
    *cpu_seconds = torus ? runs * (457.6 / 122) *
                   pow(run_units(L, M, 1, &words) / x12, 1.095)
                   : 21.0 * run_units(L, M, 0, &words) / x12;
    est->runs = runs;
    est->words = words;
    est->peak_entries = 0;
    est->peak_bytes = 0;
    est->seconds = 0;
    if (torus)
        est->plan_bytes = _hkz_tm_torus_plan(L, M, nthreads);
    else
        est->plan_bytes = ldexp(1.0, (int) L) * (L * M - L + 1) *
                          (2.0 * L * M - L + 1) * words * 8.0;
    return HKZ_SUCCESS;
}
