/* Exact g(b, k) of L x M tori and cylinders by the sparse site-by-site
 * transfer matrix (hkz_ising_dos_transfer_sparse).
 *
 * METHOD.  The state is the boundary, the last L spins placed (2^L
 * states); one step places one spin (transfer_vec.c).  Per state only the
 * box of reachable (b, k) pairs is stored (b = unsatisfied bonds, k = down
 * spins), and on the torus only the b of one parity: b = sum over the
 * placed vertices of deg(u) [u down] mod 2, and every vertex of odd
 * degree is in the first row or in the boundary, both fixed for a state.
 * Cylinder (this file): one run from all 2^L first rows.  Torus
 * (transfer_torus.c): one run of M/2 rows per first row up to symmetry,
 * closed by meet in the middle (transfer_meet.c); it is transposed so
 * that L <= M.  Counts are kept modulo 2^64 and primes p < 2^62 (word 0
 * wraps for free) until their product exceeds every count, then combined
 * by CRT.  Threads (a private FLINT pool, hkz_parallel_for) split the
 * independent state pairs of every step.
 *
 * MEMORY PLAN of the cylinder (upper bound; bench/NOTES.md has the
 * measured peaks; the torus plan is in transfer_torus.c):
 *   bytes = 2^L states x (N - L + 1) k values x (B + 1) b values
 *           x nw words x 8,
 * B = number of bonds, nw = 1 + ceil((N + 1 - 64) / 61).  The in-place
 * pair update needs one copy of the vectors (+ two blocks per thread),
 * the result 8 nw (B+1)(N+1).
 *   12 x 12 cyl.:   4096 x 133 x 277 x 3 x 8 = 3.6 GB
 *   16 x 16 cyl.:  65536 x 241 x 497 x 5 x 8 = 314 GB (lens about half)
 * WORK: sum over the LM steps of (entries x 2 x nw) additions.
 */
#include <string.h>
#include "transfer_impl.h"
#include "hkz_check.h"
#include "hkz/progress.h"

/* G[w][b * nk + k] += V summed over the states. */
static void accumulate(ulong *G, const _hkz_tm_vec_struct *V, slong nkk,
                       slong E)
{
    slong s, w, i, j;
    for (s = 0; s < V->nst; s++)
    {
        const ulong *blk = V->v[s];
        if (blk == NULL)
            continue;
        for (w = 0; w < V->nw; w++)
        {
            ulong p = V->p[w], *g = G + w * E;
            const ulong *x = blk + 2 * V->nk[s] + w * V->sz[s];
            for (i = 0; i < V->nk[s]; i++)
            {
                slong k = V->k0[s] + i, lo = (slong) blk[2 * i];
                for (j = 0; j < (slong) blk[2 * i + 1]; j++, x++)
                {
                    ulong *y = g + (lo + j) * nkk + k, t = *y + *x;
                    *y = (p != 0 && t >= p) ? t - p : t;
                }
            }
        }
    }
}

/* Cylinder: one run from every first row. */
static int cylinder(hkz_ising_dos_t d, slong L, slong M, int nthreads,
                    const hkz_progress_t *pr,
                    hkz_ising_transfer_stats_t *stats, double bytes)
{
    slong N = L * M, nb = N + L * (M - 1), nkk = N + 1, E = (nb + 1) * nkk;
    slong nw, i, j, done = 0;
    ulong S = UWORD(1) << L, s, p[_HKZ_TM_MAX_WORDS], *G;
    int status = HKZ_SUCCESS;
    _hkz_tm_vec_t V;
    fmpz_t mod, x;

    nw = _hkz_tm_moduli(p, N);
    HKZ_CHECK(nw <= _HKZ_TM_MAX_WORDS, HKZ_ERR_TOO_LARGE,
              "hkz_ising_dos_transfer_sparse: lattice too large");
    G = flint_calloc(nw * E, sizeof(ulong));
    fmpz_init(mod);
    fmpz_init(x);
    _hkz_tm_vec_init(V, L, N, nw, 1, p, nthreads);
    for (s = 0; s < S; s++)
        HKZ_TRY_GOTO(_hkz_tm_vec_set_one(V, s, _hkz_tm_row_bonds(s, L),
                                         __builtin_popcountl(s)));
    HKZ_TRY_GOTO(_hkz_tm_vec_rows(V, M - 1, pr, &done, M - 1));
    accumulate(G, V, nkk, E);
    HKZ_TRY_GOTO(_hkz_ising_dos_alloc(d, nb + 1, nkk, 0));
    for (j = 0; j < E; j++)
        fmpz_set_ui(d->g + j, G[j]);
    fmpz_one(mod);
    fmpz_mul_2exp(mod, mod, 64);
    for (i = 1; i < nw; i++)
    {
        for (j = 0; j < E; j++)
        {
            fmpz_CRT_ui(x, d->g + j, mod, G[i * E + j], p[i], 0);
            fmpz_swap(d->g + j, x);
        }
        fmpz_mul_ui(mod, mod, p[i]);
    }
    fmpz_set_si(d->S, nb);
    if (stats != NULL)
    {
        stats->runs = 1;
        stats->words = nw;
        stats->seconds = 0;
        stats->peak_entries = V->peak;
        stats->peak_bytes = (double) V->peak * nw * 8.0 +
                            (double) nw * E * 8.0;
        stats->plan_bytes = bytes;
    }
cleanup:
    _hkz_tm_vec_clear(V);
    flint_free(G);
    fmpz_clear(mod);
    fmpz_clear(x);
    return status;
}

int hkz_ising_dos_transfer_sparse(hkz_ising_dos_t d,
        const hkz_ising_model_t m, int nthreads, const hkz_progress_t *pr,
        hkz_ising_transfer_stats_t *stats)
{
    slong L = m->L, M = m->M, N, nb, nkk, nw;
    int torus = m->boundary == HKZ_ISING_TORUS;
    ulong p[_HKZ_TM_MAX_WORDS];
    double bytes;

    HKZ_CHECK(_hkz_ising_transfer_ok(m), HKZ_ERR_ARG,
              "hkz_ising_dos_transfer_sparse: needs an L x M lattice model "
              "with one exact coupling on every bond and unit weights");
    if (torus && L > M)
    {
        L = m->M;       /* the torus is symmetric under transposition */
        M = m->L;
    }
    if (nthreads <= 0)
        nthreads = 2;
    N = L * M;
    nb = torus ? 2 * N : N + L * (M - 1);
    nkk = N + 1;
    nw = _hkz_tm_moduli(p, N);
    bytes = L > 62 ? 1e300 : torus ? _hkz_tm_torus_plan(L, M, nthreads) :
            (double) (WORD(1) << L) * (N - L + 1) * (nb + 1) * nw * 8.0;
    HKZ_CHECK(L <= HKZ_ISING_TRANSFER_MAX_L &&
              bytes <= HKZ_ISING_TRANSFER_MEM_MAX &&
              (nb + 1) <= HKZ_ISING_DOS_MAX_ENTRIES / nkk, HKZ_ERR_TOO_LARGE,
              "hkz_ising_dos_transfer_sparse: %ld x %ld lattice too large "
              "for the transfer matrix (memory plan %.3g GB, limit %.3g GB)",
              (long) m->L, (long) m->M, bytes / 1e9,
              (double) HKZ_ISING_TRANSFER_MEM_MAX / 1e9);
    HKZ_TRY(torus ? _hkz_tm_torus(d, L, M, nthreads, pr, stats)
                  : cylinder(d, L, M, nthreads, pr, stats, bytes));
    fmpq_set(d->unit, m->c);
    return HKZ_SUCCESS;
}
