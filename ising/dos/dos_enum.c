/* Exact density of states by Gray-code enumeration (spec 3.2).
 *
 * One vertex (the anchor) is fixed up; the spin-flip image of every
 * configuration is added at the end (b unchanged, k -> W - k), so 2^(n-1)
 * configurations are visited.  The free vertices are split into a low
 * block of B vertices and a high block.  For fixed high spins the number
 * of unsatisfied edges (weighted by the multipliers n_e) is
 *     b = b_high + X0 + Tb[low] + sum_{u in low, u down} H_u,
 * with Tb the low-low part (a table over the 2^B low configurations) and
 * H_u = sum over non-low neighbours v of n_uv s_v.  The inner loop over
 * the 2^B low configurations is then one table lookup, one add and one
 * increment per configuration; the high spins follow a Gray code whose
 * steps update H, b_high and X0 in O(degree).
 */
#include <string.h>
#include "ising_impl.h"
#include "hkz_check.h"

#define LOW_BITS_MAX 11
#define CHUNK_BITS_MAX 7

typedef struct
{
    slong n, nk, bmin, nb;
    slong nlow, nhigh;          /* free vertices: low block, high block */
    slong *vert;                /* vert[0..nlow) low, then high, then anchor */
    slong *pos;                 /* inverse of vert */
    slong *adj_off, *adj_v, *adj_n;   /* CSR in positions */
    slong *w;                   /* weights by position */
    slong *T;                   /* Tb * nk + Tk over low configurations */
    int split;                  /* 1: last high vertex selects the table */
    slong chunk_bits;
} enum_plan;

typedef struct
{
    const enum_plan *P;
    slong *h0, *h1;
    slong first, stride, nchunks;
} enum_job;

static slong ctz(ulong x)
{
    return __builtin_ctzl(x);
}

static void run_chunk(const enum_plan *P, slong chunk, slong *h0, slong *h1,
                      slong *s, slong *F, slong *Hn, slong *C)
{
    const slong nlow = P->nlow, nhigh = P->nhigh, nk = P->nk;
    const slong free_bits = nhigh - P->chunk_bits;
    const slong nv = nlow + nhigh + 1;
    slong i, j, t, step, bhigh = 0, X0 = 0, khigh = 0;
    const slong nin = WORD(1) << nlow;

    /* spins by position: low all up, high from the chunk bits, anchor up */
    for (i = 0; i < nv; i++)
        s[i] = 1;
    for (t = 0; t < P->chunk_bits; t++)
        if ((chunk >> t) & 1)
            s[nlow + free_bits + t] = -1;
    for (i = nlow; i < nv; i++)
        if (s[i] < 0)
            khigh += P->w[i];
    /* local fields of non-low vertices from non-low neighbours, b_high,
       X0 and H of the low vertices */
    for (i = 0; i < nv; i++)
    {
        F[i] = 0;
        if (i < nlow)
            Hn[i] = 0;
        for (j = P->adj_off[i]; j < P->adj_off[i + 1]; j++)
        {
            slong v = P->adj_v[j], c = P->adj_n[j];
            if (v < nlow)
                continue;
            if (i < nlow)
            {
                Hn[i] += c * s[v];
                if (s[v] < 0)
                    X0 += c;
            }
            else
            {
                F[i] += c * s[v];
                if (v > i && s[v] != s[i])
                    bhigh += c;
            }
        }
    }
    for (i = 0; i < nlow; i++)
        Hn[i] *= nk;

    for (step = 0; ; step++)
    {
        slong base = (bhigh + X0 - P->bmin) * nk + khigh, sg;
        slong *h = (P->split && s[nv - 2] < 0) ? h1 : h0;
        slong *hb = h + base;

        /* inner loop over the 2^nlow low configurations */
        C[0] = 0;
        hb[P->T[0]]++;
        for (i = 1; i < nin; i++)
        {
            C[i] = C[i & (i - 1)] + Hn[ctz(i)];
            hb[P->T[i] + C[i]]++;
        }

        if (step + 1 >= (WORD(1) << free_bits))
            break;
        /* Gray step: flip high vertex at position nlow + ctz(step + 1) */
        j = nlow + ctz(step + 1);
        bhigh += s[j] * F[j];
        sg = -s[j];
        s[j] = sg;
        khigh += sg < 0 ? P->w[j] : -P->w[j];
        for (i = P->adj_off[j]; i < P->adj_off[j + 1]; i++)
        {
            slong v = P->adj_v[i], c = P->adj_n[i];
            if (v < nlow)
            {
                Hn[v] += 2 * c * sg * nk;
                X0 += sg < 0 ? c : -c;
            }
            else
                F[v] += 2 * c * sg;
        }
    }
}

static void enum_job_run(enum_job *J)
{
    const enum_plan *P = J->P;
    slong nv = P->nlow + P->nhigh + 1, ch;
    slong *s = flint_malloc(4 * nv * sizeof(slong));
    slong *C = flint_malloc((WORD(1) << P->nlow) * sizeof(slong));

    for (ch = J->first; ch < J->nchunks; ch += J->stride)
        run_chunk(P, ch, J->h0, J->h1, s, s + nv, s + 2 * nv, C);
    flint_free(s);
    flint_free(C);
}

static void enum_range(size_t t0, size_t t1, void *arg)
{
    size_t t;
    for (t = t0; t < t1; t++)
        enum_job_run((enum_job *) arg + t);
}

int _hkz_ising_enum_core(slong *h0, slong *h1, slong n, slong ne,
                         const slong *eu, const slong *ev, const slong *nmul,
                         const slong *w, slong bmin, slong nb, slong nk,
                         slong anchor, slong split, int nthreads)
{
    enum_plan P;
    slong i, j, nfree = n - 1, nv = n, size = nb * nk, nchunks, x;
    slong *deg;
    enum_job *jobs;
    hkz_pool_t pool;
    slong **tables;
    int t, status = HKZ_SUCCESS;

    if (nthreads <= 0)
        nthreads = 2;
    P.n = n;
    P.nk = nk;
    P.nb = nb;
    P.bmin = bmin;
    P.split = split >= 0;
    P.nlow = FLINT_MIN(nfree - P.split, LOW_BITS_MAX);
    P.nhigh = nfree - P.nlow;
    P.chunk_bits = FLINT_MIN(P.nhigh, CHUNK_BITS_MAX);
    P.vert = flint_malloc(2 * nv * sizeof(slong));
    P.pos = P.vert + nv;
    /* positions: free vertices other than split, then split, then anchor */
    for (i = 0, j = 0; i < n; i++)
        if (i != anchor && i != split)
            P.vert[j++] = i;
    if (split >= 0)
        P.vert[j++] = split;
    P.vert[j] = anchor;
    for (i = 0; i < nv; i++)
        P.pos[P.vert[i]] = i;
    P.w = flint_malloc(nv * sizeof(slong));
    for (i = 0; i < nv; i++)
        P.w[i] = w != NULL ? w[P.vert[i]] : 1;
    /* CSR adjacency in positions, edges with n_e = 0 dropped */
    deg = flint_calloc(nv + 1, sizeof(slong));
    for (i = 0; i < ne; i++)
        if (nmul[i] != 0)
        {
            deg[P.pos[eu[i]]]++;
            deg[P.pos[ev[i]]]++;
        }
    P.adj_off = flint_malloc((nv + 1) * sizeof(slong));
    P.adj_off[0] = 0;
    for (i = 0; i < nv; i++)
        P.adj_off[i + 1] = P.adj_off[i] + deg[i];
    P.adj_v = flint_malloc((P.adj_off[nv] + 1) * sizeof(slong));
    P.adj_n = flint_malloc((P.adj_off[nv] + 1) * sizeof(slong));
    for (i = 0; i < nv; i++)
        deg[i] = P.adj_off[i];
    for (i = 0; i < ne; i++)
        if (nmul[i] != 0)
        {
            slong a = P.pos[eu[i]], b = P.pos[ev[i]];
            P.adj_v[deg[a]] = b;
            P.adj_n[deg[a]++] = nmul[i];
            P.adj_v[deg[b]] = a;
            P.adj_n[deg[b]++] = nmul[i];
        }
    flint_free(deg);
    /* T over low configurations: bit i of x = low vertex i down */
    P.T = flint_malloc((WORD(1) << P.nlow) * sizeof(slong));
    P.T[0] = 0;
    for (x = 1; x < (WORD(1) << P.nlow); x++)
    {
        slong lo = ctz(x), prev = x & (x - 1), db = 0;
        /* flipping low vertex lo down in prev */
        for (j = P.adj_off[lo]; j < P.adj_off[lo + 1]; j++)
        {
            slong v = P.adj_v[j];
            if (v >= P.nlow)
                continue;
            db += ((prev >> v) & 1) ? -P.adj_n[j] : P.adj_n[j];
        }
        P.T[x] = P.T[prev] + db * nk + P.w[lo];
    }

    nchunks = WORD(1) << P.chunk_bits;
    nthreads = (int) FLINT_MIN(nthreads, nchunks);
    jobs = flint_malloc(nthreads * sizeof(enum_job));
    tables = flint_malloc(2 * nthreads * sizeof(slong *));
    for (t = 0; t < nthreads; t++)
    {
        if (t == 0)
        {
            tables[0] = h0;
            tables[1] = h1;
        }
        else
        {
            tables[2 * t] = flint_calloc(size, sizeof(slong));
            tables[2 * t + 1] = P.split ? flint_calloc(size, sizeof(slong))
                                        : NULL;
        }
        jobs[t].P = &P;
        jobs[t].h0 = tables[2 * t];
        jobs[t].h1 = tables[2 * t + 1];
        jobs[t].first = t;
        jobs[t].stride = nthreads;
        jobs[t].nchunks = nchunks;
    }
    if (hkz_pool_create(&pool, nthreads) != HKZ_SUCCESS)
        pool = NULL;        /* no memory for the pool: all in this thread */
    (void) hkz_parallel_for(pool, (size_t) nthreads, nthreads, 1, enum_range,
                            jobs);
    hkz_pool_destroy(&pool);
    for (t = 1; t < nthreads; t++)
    {
        for (i = 0; i < size; i++)
            h0[i] += tables[2 * t][i];
        if (P.split)
            for (i = 0; i < size; i++)
                h1[i] += tables[2 * t + 1][i];
        flint_free(tables[2 * t]);
        flint_free(tables[2 * t + 1]);
    }
    flint_free(tables);
    flint_free(jobs);
    flint_free(P.T);
    flint_free(P.adj_v);
    flint_free(P.adj_n);
    flint_free(P.adj_off);
    flint_free(P.w);
    flint_free(P.vert);
    return status;
}

/* Multipliers as slong, S, bmin and nb; HKZ_ERR_TOO_LARGE when the
 * table does not fit. */
static int enum_setup(slong *nm, fmpq_t unit, fmpz_t S, slong *bmin,
                      slong *nb, const hkz_ising_model_t m, slong skip,
                      slong nk)
{
    slong i;
    int status = HKZ_SUCCESS;
    fmpz *n = _fmpz_vec_init(FLINT_MAX(m->nedges, 1));
    fmpz_t lo, hi;

    fmpz_init(lo);
    fmpz_init(hi);
    HKZ_TRY_GOTO(_hkz_ising_multipliers(n, unit, m, skip));
    fmpz_zero(S);
    for (i = 0; i < m->nedges; i++)
    {
        fmpz_add(S, S, n + i);
        if (fmpz_sgn(n + i) < 0)
            fmpz_add(lo, lo, n + i);
        else
            fmpz_add(hi, hi, n + i);
    }
    fmpz_sub(hi, hi, lo);
    fmpz_add_ui(hi, hi, 1);
    HKZ_CHECK_GOTO(fmpz_cmp_si(hi, HKZ_ISING_DOS_MAX_ENTRIES / nk) <= 0,
                   HKZ_ERR_TOO_LARGE, "couplings too incommensurate for an "
                   "exact table (energy range exceeds %ld units of their "
                   "gcd)", (long) (HKZ_ISING_DOS_MAX_ENTRIES / nk));
    *nb = fmpz_get_si(hi);
    *bmin = fmpz_get_si(lo);
    for (i = 0; i < m->nedges; i++)
        nm[i] = fmpz_get_si(n + i);
cleanup:
    _fmpz_vec_clear(n, FLINT_MAX(m->nedges, 1));
    fmpz_clear(lo);
    fmpz_clear(hi);
    return status;
}

static int enum_check(const hkz_ising_model_t m, const char *fn)
{
    HKZ_CHECK(m->n >= 1, HKZ_ERR_ARG, "%s: empty model", fn);
    HKZ_CHECK(m->n <= HKZ_ISING_ENUM_MAX_N, HKZ_ERR_TOO_LARGE,
              "%s: N = %ld vertices is too large for enumeration (at most "
              "%d)", fn, (long) m->n, HKZ_ISING_ENUM_MAX_N);
    HKZ_CHECK(hkz_ising_model_is_exact(m), HKZ_ERR_ARG,
              "%s: exact (rational) couplings needed", fn);
    return HKZ_SUCCESS;
}

/* g[i][k] = h[i][k] + h[i][W - k]: add the spin-flipped configurations. */
static void mirror_into(hkz_ising_dos_t d, const slong *h)
{
    slong i, k, nk = d->nk;
    for (i = 0; i < d->nb; i++)
        for (k = 0; k < nk; k++)
            fmpz_set_si(d->g + i * nk + k,
                        h[i * nk + k] + h[i * nk + nk - 1 - k]);
}

int hkz_ising_dos_enum(hkz_ising_dos_t d, const hkz_ising_model_t m,
                       int nthreads)
{
    slong *nm = NULL, *h = NULL, nb = 0, bmin = 0, nk;
    int status = HKZ_SUCCESS;

    HKZ_TRY(enum_check(m, "hkz_ising_dos_enum"));
    nk = hkz_ising_model_weight(m) + 1;
    nm = flint_malloc(FLINT_MAX(m->nedges, 1) * sizeof(slong));
    HKZ_TRY_GOTO(enum_setup(nm, d->unit, d->S, &bmin, &nb, m, -1, nk));
    HKZ_TRY_GOTO(_hkz_ising_dos_alloc(d, nb, nk, bmin));
    h = flint_calloc(nb * nk, sizeof(slong));
    HKZ_TRY_GOTO(_hkz_ising_enum_core(h, NULL, m->n, m->nedges, m->eu, m->ev,
                                      nm, m->w, bmin, nb, nk, m->n - 1, -1,
                                      nthreads));
    mirror_into(d, h);
cleanup:
    flint_free(nm);
    flint_free(h);
    return status;
}

int hkz_ising_dos_enum_edge(hkz_ising_dos_t dp, hkz_ising_dos_t dm,
                            const hkz_ising_model_t m, slong edge,
                            int nthreads)
{
    slong *nm = NULL, *h0 = NULL, *h1 = NULL, nb = 0, bmin = 0, nk;
    int status = HKZ_SUCCESS;

    HKZ_TRY(enum_check(m, "hkz_ising_dos_enum_edge"));
    HKZ_CHECK(edge >= 0 && edge < m->nedges, HKZ_ERR_ARG,
              "hkz_ising_dos_enum_edge: no edge %ld (model has %ld)",
              (long) edge, (long) m->nedges);
    HKZ_CHECK(dp != dm, HKZ_ERR_ARG, "hkz_ising_dos_enum_edge: dp == dm");
    nk = hkz_ising_model_weight(m) + 1;
    nm = flint_malloc(m->nedges * sizeof(slong));
    HKZ_TRY_GOTO(enum_setup(nm, dp->unit, dp->S, &bmin, &nb, m, edge, nk));
    fmpq_set(dm->unit, dp->unit);
    fmpz_set(dm->S, dp->S);
    HKZ_TRY_GOTO(_hkz_ising_dos_alloc(dp, nb, nk, bmin));
    HKZ_TRY_GOTO(_hkz_ising_dos_alloc(dm, nb, nk, bmin));
    h0 = flint_calloc(nb * nk, sizeof(slong));
    h1 = flint_calloc(nb * nk, sizeof(slong));
    HKZ_TRY_GOTO(_hkz_ising_enum_core(h0, h1, m->n, m->nedges, m->eu, m->ev,
                                      nm, m->w, bmin, nb, nk, m->eu[edge],
                                      m->ev[edge], nthreads));
    mirror_into(dp, h0);
    mirror_into(dm, h1);
cleanup:
    flint_free(nm);
    flint_free(h0);
    flint_free(h1);
    return status;
}
