/* hkz_ising_dos_transfer_cuda: the site-by-site transfer matrix on the
 * GPU (ising/cuda/transfer.cu), one prime p < 2^62 per pass, CRT to
 * fmpz here.
 *
 * The kernels live in libhkz_cuda (ising/cuda/transfer.cu), which depends
 * on this library; hkz_cuda_register registers the pass
 * (hkz_ising_dos_gpu_register), so this call exists in every build and
 * answers HKZ_ERR_UNSUPPORTED without a registered pass or a device.
 *
 * Torus: one run per first row s0 that is the smallest of its orbit
 * under rotations, reflection and spin flip, weighted by 4L / |stab| =
 * _hkz_tm_pair_weight(s0, s0); the sum D over the orbits is
 * (D + D reflected in k) / 2 (flip maps k to N - k), done modulo p with
 * the inverse of 2.  Cylinder: one run from all first rows.  Primes:
 * enough for 2^(N+1) > every count.
 */
#include <stdint.h>
#include "transfer_impl.h"
#include "hkz_check.h"

int hkz_ising_dos_transfer_cuda(hkz_ising_dos_t d, const hkz_ising_model_t m,
        const hkz_progress_t *pr, hkz_ising_transfer_stats_t *stats)
{
    return hkz_ising_dos_transfer_cuda_ckpt(d, m, NULL, 0, pr, stats);
}

/* Tori by meet in the middle when the device has it and the half runs
 * fit two words (counts < 2^((a'-1)L) <= 2^125). */
static int meet_applies(const hkz_ising_dos_gpu_t *g, slong L, slong M)
{
    return g->transfer_meet != NULL && L >= 3 &&
           (M - M / 2 - 1) * L <= 125;
}

int hkz_ising_dos_transfer_cuda_ckpt(hkz_ising_dos_t d,
        const hkz_ising_model_t m, const char *checkpoint, int resume,
        const hkz_progress_t *pr, hkz_ising_transfer_stats_t *stats)
{
    slong L = m->L, M = m->M, N, nb, nkk, E, np, i, j, nrun = 0;
    int torus = m->boundary == HKZ_ISING_TORUS, status = HKZ_SUCCESS;
    ulong S, s, *p = NULL, *res = NULL, *s0 = NULL, *w = NULL, *img = NULL;
    double bytes = 0, sec = 0, tsec = 0;
    const hkz_ising_dos_gpu_t *g = _hkz_ising_dos_gpu();
    fmpz_t mod, x;

    HKZ_CHECK(_hkz_ising_transfer_ok(m), HKZ_ERR_ARG,
              "hkz_ising_dos_transfer_cuda: needs an L x M lattice model "
              "with one exact coupling on every bond and unit weights");
    if (torus && L > M)
    {
        L = m->M;
        M = m->L;
    }
    N = L * M;
    nb = torus ? 2 * N : N + L * (M - 1);
    nkk = N + 1;
    E = (nb + 1) * nkk;
    HKZ_CHECK(L <= HKZ_ISING_TRANSFER_MAX_L &&
              (nb + 1) <= HKZ_ISING_DOS_MAX_ENTRIES / nkk, HKZ_ERR_TOO_LARGE,
              "hkz_ising_dos_transfer_cuda: %ld x %ld lattice too large",
              (long) m->L, (long) m->M);
    HKZ_CHECK(g != NULL, HKZ_ERR_UNSUPPORTED, "hkz_ising_dos_transfer_cuda:"
              " no GPU transfer pass registered (hkz_cuda_register of "
              "libhkz_cuda)");
    HKZ_CHECK(checkpoint == NULL || (torus && meet_applies(g, L, M)),
              HKZ_ERR_UNSUPPORTED, "hkz_ising_dos_transfer_cuda: a "
              "checkpoint needs a torus by meet in the middle (L, M >= 3, "
              "(ceil(M/2) - 1) min(L, M) <= 125)");
    if (torus && meet_applies(g, L, M))
    {
        HKZ_TRY(_hkz_tm_torus_cuda(d, L, M, g, checkpoint, resume, pr,
                                   stats));
        fmpq_set(d->unit, m->c);
        return HKZ_SUCCESS;
    }
    HKZ_TRY(g->transfer_pass(NULL, (int) L, (int) M, torus, NULL, NULL, 1,
                             UWORD(4611686018427387847), &bytes, NULL));
    S = UWORD(1) << L;
    for (np = 1; 62 * np < N + 2; np++)
        ;
    p = flint_malloc(np * sizeof(ulong));
    for (i = 0; i < np; i++)
        p[i] = n_nextprime(i == 0 ? (UWORD(1) << 62) - (UWORD(1) << 40)
                                  : p[i - 1], 1);
    /* the product of the primes exceeds 2^(N + 1) */
    if (torus)
    {
        img = _hkz_tm_dihedral_table(L);
        s0 = flint_malloc(2 * S * sizeof(ulong));
        w = s0 + S;
        for (s = 0; s < S; s++)
            if ((w[nrun] = _hkz_tm_pair_weight(img, L, s, s)) != 0)
                s0[nrun++] = s;
    }
    res = flint_malloc(E * sizeof(ulong));
    fmpz_init(mod);
    fmpz_init(x);
    HKZ_TRY_GOTO(_hkz_ising_dos_alloc(d, nb + 1, nkk, 0));
    fmpz_one(mod);
    for (i = 0; i < np; i++)
    {
        HKZ_TRY_GOTO(g->transfer_pass(res, (int) L, (int) M, torus, s0, w,
                                      (long) nrun, p[i], &bytes, &sec));
        tsec += sec;
        if (torus)
        {
            ulong h = (p[i] + 1) / 2;   /* 1/2 mod p */
            ulong pinv = n_preinvert_limb(p[i]);
            for (j = 0; j < E; j++)
            {
                slong b = j / nkk, k = j % nkk;
                if (k > N - k)
                    continue;
                res[j] = n_mulmod2_preinv(n_addmod(res[j],
                            res[b * nkk + N - k], p[i]), h, p[i], pinv);
                res[b * nkk + N - k] = res[j];
            }
        }
        for (j = 0; j < E; j++)
        {
            if (i == 0)
                fmpz_set_ui(x, res[j]);
            else
                fmpz_CRT_ui(x, d->g + j, mod, res[j], p[i], 0);
            fmpz_swap(d->g + j, x);
        }
        fmpz_mul_ui(mod, mod, p[i]);
        HKZ_TRY_GOTO(hkz_progress_report(pr, i + 1, np));
    }
    fmpq_set(d->unit, m->c);
    fmpz_set_si(d->S, nb);
    if (stats != NULL)
    {
        stats->runs = torus ? nrun : 1;
        stats->words = np;
        stats->peak_entries = 0;
        stats->peak_bytes = bytes;
        stats->plan_bytes = bytes;
        stats->seconds = tsec;
    }
cleanup:
    flint_free(p);
    flint_free(res);
    flint_free(s0);
    flint_free(img);
    fmpz_clear(mod);
    fmpz_clear(x);
    return status;
}
