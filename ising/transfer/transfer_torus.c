/* Torus L x M (L <= M) by the sparse transfer matrix with meet in the
 * middle (hkz_ising_dos_transfer_sparse).
 *
 * Z = Tr T^M = sum over first rows s0 of (T^M)[s0, s0], one run per s0
 * up to the dihedral group of the row and spin flip (the diagonal is
 * constant on orbits; flip maps k to N - k).  With a = floor(M/2) and
 * a' = M - a, (T^M)[s0, s0] = sum_s (T^a)[s0, s] (T^a')[s, s0] and T is
 * symmetric, so one run of a' rows from s0 (a snapshot after a rows when
 * a' > a) gives both factors; transfer_meet.c multiplies them exactly.
 * Compared with running all M - 1 rows: half the rows, vectors of about
 * a quarter of the size, and counts below 2^((a'-1)L) (one word up to
 * 12 x 12 instead of three).  The sum over the ordered pairs (s0, s) is
 * taken over orbits of H = dihedral x spin flip x swap (swap: T^a is
 * symmetric): only the smallest pair of each orbit is multiplied, with
 * weight 8L / |stab|; the flip half of an orbit is the k -> N - k image,
 * so the table is (D + D reflected in k) / 2.
 *
 * MEMORY PLAN (upper bound, _hkz_tm_torus_plan): per state k takes at
 * most (a'-1)L + 1 values and b (one parity) (2a'-1)L/2 + 1, so
 *   2^L x ((a'-1)L + 1) x ((2a'-1)L/2 + 1) x nw x 8 bytes
 * (twice for odd M: u_a and u_a'), nw words for counts < 2^((a'-1)L),
 * plus nthreads + 1 accumulators of (2N+1)(N+1) x GL limbs, GL = N/64 + 1:
 *   12 x 12:  4096 x 61 x  67 x 1 x 8 = 0.13 GB
 *   16 x 16: 65536 x 113 x 121 x 2 x 8 = 14.3 GB
 */
#include <string.h>
#include <gmp.h>
#include "transfer_impl.h"
#include "hkz_check.h"

/* img[g * 2^L + s], g < 2L: the rotations of s (g < L) and of its
 * reflection (g >= L). */
ulong *_hkz_tm_dihedral_table(slong L)
{
    ulong S = UWORD(1) << L, mask = S - 1, s, *img;
    slong j, c;
    img = flint_malloc(2 * L * S * sizeof(ulong));
    for (s = 0; s < S; s++)
    {
        ulong r = s, f = 0;
        for (c = 0; c < L; c++)
            f |= ((s >> c) & 1) << (L - 1 - c);
        for (j = 0; j < L; j++)
        {
            img[j * S + s] = r;
            img[(L + j) * S + s] = f;
            r = ((r << 1) | (r >> (L - 1))) & mask;
            f = ((f << 1) | (f >> (L - 1))) & mask;
        }
    }
    return img;
}

/* Weight of the ordered pair (x, y) under H = dihedral x spin flip x
 * swap (|H| = 8L): 0 unless (x, y) is the smallest pair of its orbit,
 * else 8L / |stabiliser|. */
ulong _hkz_tm_pair_weight(const ulong *img, slong L, ulong x, ulong y)
{
    ulong S = UWORD(1) << L, gx, gy;
    slong g, f, stab = 0;
    for (g = 0; g < 2 * L; g++)
        for (f = 0; f < 2; f++)
        {
            gx = img[g * S + x] ^ (f ? S - 1 : 0);
            gy = img[g * S + y] ^ (f ? S - 1 : 0);
            if (gx < x || (gx == x && gy < y) || gy < x ||
                (gy == x && gx < y))
                return 0;
            stab += (gx == x && gy == y) + (gy == x && gx == y);
        }
    return (ulong) (8 * L / stab);
}

double _hkz_tm_torus_plan(slong L, slong M, int nthreads)
{
    slong a = M / 2, a2 = M - a, N = L * M, GL = N / FLINT_BITS + 1;
    ulong p[_HKZ_TM_MAX_WORDS];
    slong nw = _hkz_tm_moduli(p, (a2 - 1) * L);
    double box = (double) (WORD(1) << FLINT_MIN(L, 62)) *
                 ((a2 - 1) * L + 1) * ((2 * a2 - 1) * L / 2 + 1) * nw * 8.0;
    return box * (a2 > a ? 2 : 1) +
           (double) (FLINT_MAX(nthreads, 1) + 1) * (2 * N + 1) * (N + 1) *
           GL * 8.0;
}

int _hkz_tm_torus(hkz_ising_dos_t d, slong L, slong M, int nthreads,
                  const hkz_progress_t *pr, hkz_ising_transfer_stats_t *stats)
{
    slong a = M / 2, a2 = M - a, N = L * M, nb = 2 * N, nkk = N + 1;
    slong GL = N / FLINT_BITS + 1, E = (nb + 1) * nkk, nw, nreps = 0, b, k;
    slong done = 0, total, peak = 0;
    ulong S = UWORD(1) << L, p[_HKZ_TM_MAX_WORDS], *img, *wt, *G, *t, s0, s;
    int status = HKZ_SUCCESS;
    _hkz_tm_vec_t V, V2;

    nw = _hkz_tm_moduli(p, (a2 - 1) * L);
    HKZ_CHECK(nw <= _HKZ_TM_MAX_WORDS, HKZ_ERR_TOO_LARGE,
              "hkz_ising_dos_transfer_sparse: torus too long");
    img = _hkz_tm_dihedral_table(L);
    wt = flint_malloc(S * sizeof(ulong));
    G = flint_calloc(E * GL + GL + 1, sizeof(ulong));
    t = G + E * GL;
    /* first rows: the smallest of their orbits */
    for (s0 = 0; s0 < S; s0++)
        nreps += _hkz_tm_pair_weight(img, L, s0, s0) != 0;
    total = nreps * a2;
    _hkz_tm_vec_init(V, L, N, nw, 2, p, nthreads);
    _hkz_tm_vec_init(V2, L, N, nw, 2, p, 1);
    for (s0 = 0; s0 < S; s0++)
    {
        slong any = 0;
        if (_hkz_tm_pair_weight(img, L, s0, s0) == 0)
            continue;
        for (s = 0; s < S; s++)
        {
            wt[s] = s < s0 ? 0 : _hkz_tm_pair_weight(img, L, s0, s);
            any |= wt[s] != 0;
        }
        if (!any)
            continue;
        _hkz_tm_vec_zero(V);
        HKZ_TRY_GOTO(_hkz_tm_vec_set_one(V, s0, _hkz_tm_row_bonds(s0, L),
                                         __builtin_popcountl(s0)));
        HKZ_TRY_GOTO(_hkz_tm_vec_rows(V, a, pr, &done, total));
        if (a2 > a)
        {
            HKZ_TRY_GOTO(_hkz_tm_vec_copy(V2, V));
            HKZ_TRY_GOTO(_hkz_tm_vec_rows(V, 1, pr, &done, total));
            peak = FLINT_MAX(peak, V->entries + V2->entries);
        }
        HKZ_TRY_GOTO(_hkz_tm_close(G, GL, nb, nkk, a2 > a ? V2 : V, V, s0,
                                   wt, V->pool, V->nthreads));
        peak = FLINT_MAX(peak, V->peak);
    }
    /* sum over the orbits = (D + D reflected in k) / 2, exact: the true
     * value 2 g(b, k) < 2^(N+1) <= 2^(64 GL) */
    HKZ_TRY_GOTO(_hkz_ising_dos_alloc(d, nb + 1, nkk, 0));
    for (b = 0; b <= nb; b++)
        for (k = 0; k <= N; k++)
        {
            mpn_add_n(t, G + (b * nkk + k) * GL, G + (b * nkk + N - k) * GL,
                      GL);
            mpn_rshift(t, t, GL, 1);
            fmpz_set_ui_array(d->g + b * nkk + k, t, GL);
        }
    fmpz_set_si(d->S, nb);
    if (stats != NULL)
    {
        stats->runs = nreps;
        stats->words = nw;
        stats->seconds = 0;
        stats->peak_entries = peak;
        stats->peak_bytes = (double) peak * nw * 8.0 +
                            (double) (FLINT_MAX(nthreads, 1) + 1) * E * GL *
                            8.0;
        stats->plan_bytes = _hkz_tm_torus_plan(L, M, nthreads);
    }
cleanup:
    _hkz_tm_vec_clear(V);
    _hkz_tm_vec_clear(V2);
    flint_free(img);
    flint_free(wt);
    flint_free(G);
    return status;
}
