/* The torus by meet in the middle on the GPU (issue 20.2): the host side
 * of hkz_cuda_transfer_meet (ising/cuda/transfer_meet.cu).
 *
 * Runs: the first rows s0 that are the smallest of their orbit under
 * dihedral x spin flip (transfer_torus.c), each closed with the states
 * s >= s0 of nonzero pair weight _hkz_tm_pair_weight(s0, s) (dihedral x
 * flip x swap, 8L / |stab|).  The device accumulates, per prime q_i, the
 * T x T NTT of D (indexed (b/2 mod T, k mod T)); here, once at the end,
 * the inverse NTT, the CRT and the unfolding: g(b, k) = (D(b, k) +
 * D(b, N - k)) / 2 (the flip half of every orbit).
 *
 * PRIMES.  q = c 2^20 + 1 in (2^32/3, 2^31), from the top, until their
 * product exceeds 2^(N+1) > D (0 <= D(b,k) <= D(b,k) + D(b,N-k) = 2 g <
 * 2^(N+1)).  T = the power of two >= N; when T = N the indices 0 and N
 * coincide: in k the sum D(b, 0) + D(b, N) is what the unfolding needs;
 * in b/2 only (N, N/2) lands on (0, N/2) (b = 2N: the two checkerboards,
 * and g(0, N/2) = 0 since b = 0 means all spins equal).
 *
 * CHECKPOINT (hkz/checkpoint.h, kind "dos-torus-gpu"; parameters: the
 * lattice, T, the primes): after every batch of runs the records are
 * "runs <done>" and one "acc <i> <T^2 hex words>" per prime, the whole
 * state (nq T^2 x 4 bytes: 16 x 16: 2.4 MB, in hex 4.7 MB).
 */
#include <stdio.h>
#include <string.h>
#include "transfer_impl.h"
#include "hkz/checkpoint.h"
#include "hkz_check.h"

#define TMC_MAX_PRIMES 64

/* primes q_i and roots w_i of order T; returns their number */
static int tmc_primes(uint32_t *qw, slong N, slong T)
{
    fmpz_t prod, bound;
    ulong c;
    int nq = 0;
    fmpz_init(prod);
    fmpz_init(bound);
    fmpz_one(prod);
    fmpz_one(bound);
    fmpz_mul_2exp(bound, bound, (ulong) N + 1);
    for (c = 2047; c > 1366 && fmpz_cmp(prod, bound) <= 0 &&
         nq < TMC_MAX_PRIMES; c--)
    {
        ulong q = (c << 20) + 1, a, w = 0;
        if (!n_is_prime(q))
            continue;
        for (a = 2; w == 0; a++)    /* a non-residue: a^((q-1)/T) has order T */
            if (n_powmod2(a, (q - 1) / 2, q) == q - 1)
                w = n_powmod2(a, (q - 1) / (ulong) T, q);
        qw[2 * nq] = (uint32_t) q;
        qw[2 * nq + 1] = (uint32_t) w;
        fmpz_mul_ui(prod, prod, q);
        nq++;
    }
    nq = fmpz_cmp(prod, bound) > 0 ? nq : -1;
    fmpz_clear(prod);
    fmpz_clear(bound);
    return nq;
}

/* in-place inverse NTT of length T (stride st) modulo q, without 1/T */
static void tmc_intt(ulong *a, slong T, slong st, ulong winv, ulong q)
{
    slong i, j, len, lt = 0;
    ulong qi = n_preinvert_limb(q);
    while ((WORD(1) << lt) < T)
        lt++;
    for (i = 0; i < T; i++)
    {
        j = (slong) (n_revbin((ulong) i, (ulong) lt));
        if (i < j)
        {
            ulong t = a[i * st];
            a[i * st] = a[j * st];
            a[j * st] = t;
        }
    }
    for (len = 2; len <= T; len <<= 1)
    {
        ulong wl = n_powmod2(winv, (ulong) (T / len), q);
        for (i = 0; i < T; i += len)
        {
            ulong w = 1;
            for (j = 0; j < len / 2; j++)
            {
                ulong u = a[(i + j) * st], v = n_mulmod2_preinv(
                    a[(i + j + len / 2) * st], w, q, qi);
                a[(i + j) * st] = n_addmod(u, v, q);
                a[(i + j + len / 2) * st] = n_submod(u, v, q);
                w = n_mulmod2_preinv(w, wl, q, qi);
            }
        }
    }
}

static int tmc_ckpt_open(hkz_ckpt_t *c, const char *path, int resume,
                         slong L, slong M, slong T, const uint32_t *qw,
                         int nq)
{
    char buf[16 * TMC_MAX_PRIMES], *p = buf;
    int i, status;
    for (i = 0; i < nq; i++)
        p += sprintf(p, "%s%u", i ? "," : "", (unsigned) qw[2 * i]);
    HKZ_TRY(hkz_ckpt_create(c, path, "dos-torus-gpu"));
    status = hkz_ckpt_param_slong(*c, "L", L);
    if (status == HKZ_SUCCESS)
        status = hkz_ckpt_param_slong(*c, "M", M);
    if (status == HKZ_SUCCESS)
        status = hkz_ckpt_param_slong(*c, "T", T);
    if (status == HKZ_SUCCESS)
        status = hkz_ckpt_param(*c, "primes", buf);
    if (status == HKZ_SUCCESS)
        status = hkz_ckpt_open(*c, resume);
    if (status != HKZ_SUCCESS)
        hkz_ckpt_destroy(c);
    return status;
}

/* the whole state as records of a fresh checkpoint file */
static int tmc_ckpt_save(const char *path, slong L, slong M, slong T,
                         const uint32_t *qw, int nq, const uint32_t *acc,
                         slong done)
{
    hkz_ckpt_t c = NULL;
    slong TT = T * T, j;
    char *rec = flint_malloc(32 + 8 * TT);
    int i, status = tmc_ckpt_open(&c, path, 0, L, M, T, qw, nq);
    sprintf(rec, "runs %ld", (long) done);
    if (status == HKZ_SUCCESS)
        status = hkz_ckpt_add(c, rec);
    for (i = 0; i < nq && status == HKZ_SUCCESS; i++)
    {
        char *p = rec + sprintf(rec, "acc %d ", i);
        for (j = 0; j < TT; j++)
            p += sprintf(p, "%08x", (unsigned) acc[i * TT + j]);
        status = hkz_ckpt_add(c, rec);
    }
    if (status == HKZ_SUCCESS)
        status = hkz_ckpt_commit(c);
    hkz_ckpt_destroy(&c);
    flint_free(rec);
    return status;
}

static int tmc_ckpt_load(const char *path, slong L, slong M, slong T,
                         const uint32_t *qw, int nq, uint32_t *acc,
                         slong *done)
{
    hkz_ckpt_t c = NULL;
    slong TT = T * T, j;
    int i, status = tmc_ckpt_open(&c, path, 1, L, M, T, qw, nq), bad;
    long d = -1;
    if (status != HKZ_SUCCESS)
        return status;
    bad = hkz_ckpt_count(c) != nq + 1 ||
          sscanf(hkz_ckpt_get(c, 0), "runs %ld", &d) != 1 || d < 0;
    for (i = 0; i < nq && !bad; i++)
    {
        const char *r = hkz_ckpt_get(c, i + 1);
        char head[32];
        int n = sprintf(head, "acc %d ", i);
        bad = strncmp(r, head, (size_t) n) != 0 ||
              strlen(r) != (size_t) (n + 8 * TT);
        for (j = 0; j < TT && !bad; j++)
        {
            char w[9];
            unsigned v;
            memcpy(w, r + n + 8 * j, 8);
            w[8] = '\0';
            bad = sscanf(w, "%8x", &v) != 1 || v >= qw[2 * i];
            acc[i * TT + j] = v;
        }
    }
    hkz_ckpt_destroy(&c);
    *done = d;
    HKZ_CHECK(!bad, HKZ_ERR_CHECKPOINT, "checkpoint %s: damaged records",
              path);
    return HKZ_SUCCESS;
}

/* D(beta, k) from the inverse transforms: CRT, then the T = N unfolding */
static void tmc_table(hkz_ising_dos_t d, ulong **res, const uint32_t *qw,
                      int nq, slong N, slong T)
{
    slong nkk = N + 1, beta, k;
    fmpz *D = _fmpz_vec_init((N + 1) * nkk);
    fmpz_t mod, x;
    int i;
    fmpz_init(mod);
    fmpz_init(x);
    for (beta = 0; beta <= N; beta++)
        for (k = 0; k <= N; k++)
        {
            slong at = (beta % T) * T + k % T;
            if (T == N && (k == N || (beta == 0 && k == N / 2) ||
                           (beta == N && k != N / 2)))
                continue;       /* 0: its value is at another index */
            fmpz_one(mod);
            for (i = 0; i < nq; i++)
            {
                if (i == 0)
                    fmpz_set_ui(D + beta * nkk + k, res[0][at]);
                else
                    fmpz_CRT_ui(D + beta * nkk + k, D + beta * nkk + k, mod,
                                res[i][at], qw[2 * i], 0);
                fmpz_mul_ui(mod, mod, qw[2 * i]);
            }
        }
    for (beta = 0; beta <= N; beta++)
        for (k = 0; k <= N; k++)
        {
            fmpz_add(x, D + beta * nkk + k, D + beta * nkk + N - k);
            fmpz_fdiv_q_2exp(d->g + 2 * beta * nkk + k, x, 1);
        }
    _fmpz_vec_clear(D, (N + 1) * nkk);
    fmpz_clear(mod);
    fmpz_clear(x);
}

int _hkz_tm_torus_cuda(hkz_ising_dos_t d, slong L, slong M,
                       const hkz_ising_dos_gpu_t *g, const char *path,
                       int resume, const hkz_progress_t *pr,
                       hkz_ising_transfer_stats_t *stats)
{
    slong N = L * M, T = 16, TT, nrun = 0, done = 0, i, j, batch, nbatch;
    ulong S = UWORD(1) << L, s, *img = NULL, **res = NULL;
    uint64_t *s0 = NULL;
    uint32_t qw[2 * TMC_MAX_PRIMES], *acc = NULL, *st = NULL, *wt = NULL;
    int64_t *off = NULL;
    int nq, status = HKZ_SUCCESS;
    double bytes = 0, sec[2] = {0, 0}, tsec = 0;

    while (T < N)
        T *= 2;
    TT = T * T;
    nq = tmc_primes(qw, N, T);
    HKZ_CHECK(nq > 0 && T <= 1024, HKZ_ERR_TOO_LARGE, "hkz_ising_dos_transfer"
              "_cuda: %ld x %ld torus too large", (long) L, (long) M);
    img = _hkz_tm_dihedral_table(L);
    s0 = flint_malloc(S * sizeof(uint64_t));
    for (s = 0; s < S; s++)
        if (_hkz_tm_pair_weight(img, L, s, s) != 0)
            s0[nrun++] = s;
    acc = flint_calloc((size_t) nq * TT, sizeof(uint32_t));
    /* a batch: the runs between two checkpoints and reports; 1, 2, 4,
     * then 8 runs, so that a short call still checkpoints and reports */
    batch = FLINT_MAX(1, FLINT_MIN(8, nrun / 8));
    nbatch = 1;
    off = flint_malloc((batch + 1) * sizeof(int64_t));
    st = flint_malloc(batch * S * sizeof(uint32_t));
    wt = flint_malloc(batch * S * sizeof(uint32_t));
    HKZ_TRY_GOTO(g->transfer_meet(NULL, (int) L, (int) M, (int) T, nq, qw,
                                  NULL, NULL, NULL, NULL, 0, &bytes, NULL));
    if (path != NULL && resume)
    {
        HKZ_TRY_GOTO(tmc_ckpt_load(path, L, M, T, qw, nq, acc, &done));
        HKZ_CHECK_GOTO(done <= nrun, HKZ_ERR_CHECKPOINT, "checkpoint %s: "
                       "%ld runs done of %ld", path, (long) done,
                       (long) nrun);
    }
    while (done < nrun)
    {
        slong nb = FLINT_MIN(nbatch, nrun - done);
        nbatch = FLINT_MIN(2 * nbatch, batch);
        off[0] = 0;
        for (i = 0; i < nb; i++)
        {
            ulong x = s0[done + i];
            off[i + 1] = off[i];
            for (s = x; s < S; s++)
            {
                ulong w = _hkz_tm_pair_weight(img, L, x, s);
                if (w == 0)
                    continue;
                st[off[i + 1]] = (uint32_t) s;
                wt[off[i + 1]++] = (uint32_t) w;
            }
        }
        HKZ_TRY_GOTO(g->transfer_meet(acc, (int) L, (int) M, (int) T, nq, qw,
                                      s0 + done, off, st, wt, (long) nb,
                                      &bytes, sec));
        tsec += sec[0] + sec[1];
        done += nb;
        if (path != NULL)
            HKZ_TRY_GOTO(tmc_ckpt_save(path, L, M, T, qw, nq, acc, done));
        HKZ_TRY_GOTO(hkz_progress_report(pr, done, nrun));
    }
    /* D modulo each prime: the inverse 2D NTT, times 1/T^2 */
    res = flint_calloc(nq, sizeof(ulong *));
    for (i = 0; i < nq; i++)
    {
        ulong q = qw[2 * i], winv = n_invmod(qw[2 * i + 1], q);
        ulong sc = n_invmod(n_mulmod2(T, T, q), q);
        res[i] = flint_malloc(TT * sizeof(ulong));
        for (j = 0; j < TT; j++)
            res[i][j] = acc[i * TT + j];
        for (j = 0; j < T; j++)
            tmc_intt(res[i] + j * T, T, 1, winv, q);
        for (j = 0; j < T; j++)
            tmc_intt(res[i] + j, T, T, winv, q);
        for (j = 0; j < TT; j++)
            res[i][j] = n_mulmod2(res[i][j], sc, q);
    }
    HKZ_TRY_GOTO(_hkz_ising_dos_alloc(d, 2 * N + 1, N + 1, 0));
    tmc_table(d, res, qw, nq, N, T);
    fmpz_set_si(d->S, 2 * N);
    if (stats != NULL)
    {
        stats->runs = nrun;
        stats->words = nq;
        stats->peak_entries = 0;
        stats->peak_bytes = bytes;
        stats->plan_bytes = bytes;
        stats->seconds = tsec;
    }
cleanup:
    for (i = 0; res != NULL && i < nq; i++)
        flint_free(res[i]);
    flint_free(res);
    flint_free(img);
    flint_free(s0);
    flint_free(acc);
    flint_free(off);
    flint_free(st);
    flint_free(wt);
    return status;
}
