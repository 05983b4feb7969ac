/* Exact g(b, k) of L x M tori and cylinders by the sparse site-by-site
 * transfer matrix (hkz_ising_dos_transfer_sparse).
 *
 * METHOD.  The state is the boundary, the last L spins placed (2^L
 * states); one step places one spin (transfer_vec.c).  Per state only the
 * box of reachable (b, k) pairs is stored (b = unsatisfied bonds, k = down
 * spins), and on the torus only the b of one parity: b = sum over the
 * placed vertices of deg(u) [u down] mod 2, and every vertex of odd
 * degree is in the first row or in the boundary, both fixed for a state.
 * Cylinder: one run from all 2^L first rows.  Torus: Z = Tr T^M, one run
 * per first row s0 up to the dihedral group of the row and spin flip
 * (the diagonal of T^M is constant on orbits; flip maps k to N - k), each
 * run closed by the vertical bonds back to s0.  The torus is transposed
 * so that L <= M.  Counts are kept modulo 2^64 and primes p < 2^62 (word
 * 0 wraps for free) until their product exceeds 2^N > every count, then
 * combined by CRT into fmpz.  Threads (a private FLINT thread pool,
 * dos_threads.c) split the independent state pairs of every step.
 *
 * MEMORY PLAN (upper bound; bench/NOTES.md has the measured peaks):
 *   bytes = 2^L states x (N - L + 1) k values x (B / bs + 1) b values
 *           x nw words x 8,
 * B = number of bonds, bs = 2 (torus) or 1 (cylinder), nw = 1 +
 * ceil((N + 1 - 64) / 61).  The in-place pair update needs one copy of
 * the vectors (+ two blocks per thread), the result 8 nw (B+1)(N+1).
 *   10 x 10 torus:  1024 x  91 x 101 x 2 x 8 = 0.15 GB
 *   12 x 12 torus:  4096 x 133 x 145 x 3 x 8 = 1.9 GB
 *   12 x 12 cyl.:   4096 x 133 x 277 x 3 x 8 = 3.6 GB
 *   16 x 16 torus: 65536 x 241 x 257 x 5 x 8 = 162 GB (the reachable
 *                  lens is about half of the box)
 * WORK: nreps runs x sum over the LM steps of (entries x 2 x nw) additions
 * (nreps = 1 for the cylinder, about 2^L / (4L) for the torus).
 */
#include <string.h>
#include "transfer_impl.h"
#include "hkz_check.h"
#include "hkz/progress.h"

/* Dihedral canonical form of a row (rotations and reflection). */
static ulong dihedral_min(ulong s, slong L)
{
    ulong mask = (UWORD(1) << L) - 1, best = s, r = s, f;
    slong j, c;
    for (j = 0; j < L; j++)
    {
        r = ((r << 1) | (r >> (L - 1))) & mask;
        f = 0;
        for (c = 0; c < L; c++)
            f |= ((r >> c) & 1) << (L - 1 - c);
        best = FLINT_MIN(best, FLINT_MIN(r, f));
    }
    return best;
}

static ulong mulmod(ulong a, ulong b, ulong p, ulong pinv)
{
    return p == 0 ? a * b : n_mulmod2_preinv(a, b, p, pinv);
}

static ulong addmod(ulong a, ulong b, ulong p)
{
    ulong s = a + b;
    return (p != 0 && s >= p) ? s - p : s;
}

/* G[w][b * nk + k] += weight * V (closed by vertical bonds to s0 on the
 * torus; wflip: also at k -> N - k). */
static void accumulate(ulong *G, const _hkz_tm_vec_struct *V, slong nkk,
                       slong E, slong N, int torus, ulong s0, ulong wself,
                       ulong wflip)
{
    slong s, w, i, j;
    for (s = 0; s < V->nst; s++)
    {
        slong off = torus ? __builtin_popcountl((ulong) s ^ s0) : 0;
        const ulong *blk = V->v[s];
        if (blk == NULL)
            continue;
        for (w = 0; w < V->nw; w++)
        {
            ulong p = V->p[w], pinv = p == 0 ? 0 : n_preinvert_limb(p);
            ulong *g = G + w * E, ws = p == 0 ? wself : wself % p;
            ulong wf = p == 0 ? wflip : wflip % p;
            const ulong *x = blk + 2 * V->nk[s] + w * V->sz[s];
            for (i = 0; i < V->nk[s]; i++)
            {
                slong k = V->k0[s] + i, lo = (slong) blk[2 * i] + off;
                for (j = 0; j < (slong) blk[2 * i + 1]; j++, x++)
                {
                    slong e = (lo + V->bs * j) * nkk;
                    if (*x == 0)
                        continue;
                    g[e + k] = addmod(g[e + k], mulmod(*x, ws, p, pinv), p);
                    if (wflip != 0)
                        g[e + N - k] = addmod(g[e + N - k],
                                              mulmod(*x, wf, p, pinv), p);
                }
            }
        }
    }
}

/* One run: rows 1..M-1 from the current V. */
static int run_rows(_hkz_tm_vec_t V, slong M, const hkz_progress_t *pr,
                    slong *done, slong total)
{
    slong r, c;
    for (r = 1; r < M; r++)
    {
        for (c = 0; c < V->L; c++)
            HKZ_TRY(_hkz_tm_vec_step(V, c));
        *done += 1;
        HKZ_TRY(hkz_progress_report(pr, *done, total));
    }
    return HKZ_SUCCESS;
}

/* Representatives of the first rows (torus) with the weights of their
 * own orbit and of the flipped orbit (0 if the same). */
static slong torus_reps(ulong *reps, ulong *ws, ulong *wf, slong L)
{
    ulong S = UWORD(1) << L, s, *cnt = flint_calloc(S, sizeof(ulong));
    slong n = 0;
    for (s = 0; s < S; s++)
        cnt[dihedral_min(s, L)]++;
    for (s = 0; s < S; s++)
    {
        ulong f;
        if (cnt[s] == 0)
            continue;
        f = dihedral_min(s ^ (S - 1), L);
        if (f < s)
            continue;
        reps[n] = s;
        ws[n] = cnt[s];
        wf[n] = f == s ? 0 : cnt[f];
        n++;
    }
    flint_free(cnt);
    return n;
}

int hkz_ising_dos_transfer_sparse(hkz_ising_dos_t d,
        const hkz_ising_model_t m, int nthreads, const hkz_progress_t *pr,
        hkz_ising_transfer_stats_t *stats)
{
    slong L = m->L, M = m->M, N, nb, nkk, E, nw, bs, i, j, nreps = 1;
    slong done = 0, total;
    ulong S, s, *p = NULL, *G = NULL, *reps = NULL, *ws = NULL, *wf = NULL;
    int torus = m->boundary == HKZ_ISING_TORUS, status = HKZ_SUCCESS;
    double bytes;
    _hkz_tm_vec_t V;
    fmpz_t mod, x;

    HKZ_CHECK(_hkz_ising_transfer_ok(m), HKZ_ERR_ARG,
              "hkz_ising_dos_transfer_sparse: needs an L x M lattice model "
              "with one exact coupling on every bond and unit weights");
    if (torus && L > M)
    {
        L = m->M;       /* the torus is symmetric under transposition */
        M = m->L;
    }
    N = L * M;
    nb = torus ? 2 * N : N + L * (M - 1);
    nkk = N + 1;
    bs = torus ? 2 : 1;
    for (nw = 1; 64 + 61 * (nw - 1) < N + 1; nw++)
        ;
    bytes = (double) (WORD(1) << FLINT_MIN(L, 62)) * (N - L + 1) *
            (nb / bs + 1) * nw * 8.0;
    HKZ_CHECK(L <= HKZ_ISING_TRANSFER_MAX_L &&
              bytes <= HKZ_ISING_TRANSFER_MEM_MAX &&
              (nb + 1) <= HKZ_ISING_DOS_MAX_ENTRIES / nkk, HKZ_ERR_TOO_LARGE,
              "hkz_ising_dos_transfer_sparse: %ld x %ld lattice too large "
              "for the transfer matrix (memory plan %.3g GB, limit %.3g GB)",
              (long) m->L, (long) m->M, bytes / 1e9,
              (double) HKZ_ISING_TRANSFER_MEM_MAX / 1e9);
    if (nthreads <= 0)
        nthreads = 2;
    S = UWORD(1) << L;
    E = (nb + 1) * nkk;
    p = flint_malloc(nw * sizeof(ulong));
    p[0] = 0;
    for (i = 1; i < nw; i++)
        p[i] = n_nextprime(i == 1 ? (UWORD(1) << 62) - (UWORD(1) << 40)
                                  : p[i - 1], 1);
    G = flint_calloc(nw * E, sizeof(ulong));
    if (torus)
    {
        reps = flint_malloc(3 * S * sizeof(ulong));
        ws = reps + S;
        wf = reps + 2 * S;
        nreps = torus_reps(reps, ws, wf, L);
    }
    total = nreps * (M - 1);
    fmpz_init(mod);
    fmpz_init(x);
    _hkz_tm_vec_init(V, L, N, nw, bs, p, nthreads);
    for (i = 0; i < nreps; i++)
    {
        _hkz_tm_vec_zero(V);
        if (torus)
            HKZ_TRY_GOTO(_hkz_tm_vec_set_one(V, reps[i],
                _hkz_tm_row_bonds(reps[i], L), __builtin_popcountl(reps[i])));
        else
            for (s = 0; s < S; s++)
                HKZ_TRY_GOTO(_hkz_tm_vec_set_one(V, s,
                    _hkz_tm_row_bonds(s, L), __builtin_popcountl(s)));
        HKZ_TRY_GOTO(run_rows(V, M, pr, &done, total));
        accumulate(G, V, nkk, E, N, torus, torus ? reps[i] : 0,
                   torus ? ws[i] : 1, torus ? wf[i] : 0);
    }
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
    fmpq_set(d->unit, m->c);
    fmpz_set_si(d->S, nb);
    if (stats != NULL)
    {
        stats->runs = nreps;
        stats->words = nw;
        stats->peak_entries = V->peak;
        stats->peak_bytes = (double) V->peak * nw * 8.0 +
                            (double) nw * E * 8.0;
        stats->plan_bytes = bytes;
    }
cleanup:
    _hkz_tm_vec_clear(V);
    flint_free(p);
    flint_free(G);
    flint_free(reps);
    fmpz_clear(mod);
    fmpz_clear(x);
    return status;
}
