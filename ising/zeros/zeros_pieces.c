/* The generic certified driver in pieces taken at run time (spec 3.4).
 *
 * The zeros are cut in pieces of `piece` consecutive zeros (a function of
 * n alone); each piece is predicted by one sweep (predict_piece on the
 * piece and one neighbour on each side, for the limits), then certified
 * zero by zero.  Rank r owns the pieces of its block (z->j0, z->len, on
 * piece boundaries) and takes them in order through its counter
 * (hkz_dist_counters_t); a rank whose block is used up takes the next
 * pieces of the block with the most left.  So the ranks end within about
 * one piece of each other whatever the cost of a zero or the speed of a
 * core, and the prediction is part of the work (progress, stop requests
 * between rounds).  The results of the pieces taken from other blocks go
 * to their owners (hkz_dist_exchange); the count is then agreed as for
 * any part result (_hkz_lyz_part_end).  Every zero's bracket depends on
 * its piece only: the same bits for any number of ranks or threads. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "hkz/runner.h"
#include "zeros_fun_internal.h"
#include "hkz_check.h"

/* units per task in the certification (one thread keeps its node block
 * over neighbouring zeros, cw_integral_block.c) */
#define GRAIN 32

typedef struct
{
    slong k;                /* piece index */
    _hkz_lyz_zb_t *z;       /* its entries */
} piece_t;

typedef struct
{
    const _hkz_lyz_drv_t *d;
    int (*predict)(double *th, slong lo, slong hi, void *ctx);
    slong n, P, sub;        /* sub: tasks of GRAIN units per piece */
    piece_t *pc;
    double *g;              /* (P + 2) doubles per piece */
} round_t;

static void predict_task(size_t i0, size_t i1, void *arg)
{
    round_t *r = arg;
    size_t i;
    for (i = i0; i < i1; i++)
    {
        slong lo = r->pc[i].k * r->P, hi = FLINT_MIN(lo + r->P, r->n),
              plo = FLINT_MAX(lo - 1, 0), phi = FLINT_MIN(hi + 1, r->n), j;
        double *g = r->g + i * (r->P + 2);
        int ok = r->predict(g, plo, phi, r->d->f->ctx) == 0 && g[0] > 0 &&
                 g[phi - plo - 1] < HKZ_LY_PI / 2;
        for (j = 1; j < phi - plo && ok; j++)
            ok = g[j] > g[j - 1];
        /* a failed piece keeps its entries unbracketed: the count fails
         * and the whole list is computed (_hkz_lyz_part_end) */
        for (j = lo; j < hi && ok; j++)
        {
            slong q = j - plo;
            _hkz_lyz_zb_clear(r->pc[i].z + (j - lo));
            _hkz_lyz_guess_entry(r->d, r->pc[i].z + (j - lo), g[q],
                                 j > 0 ? g[q - 1] : -1.0,
                                 j < r->n - 1 ? g[q + 1] : -1.0);
        }
    }
}

static void unit_task(size_t t0, size_t t1, void *arg)
{
    round_t *r = arg;
    size_t t;
    for (t = t0; t < t1; t++)
    {
        const piece_t *p = r->pc + t / r->sub;
        slong lo = p->k * r->P, len = FLINT_MIN(r->P, r->n - lo),
              j = (slong) (t % r->sub) * GRAIN,
              e = FLINT_MIN(j + GRAIN, len);
        for (; j < e; j++)
            if (p->z[j].guess > 0)      /* predicted */
                _hkz_lyz_refine_guess(r->d, p->z + j);
    }
}

/* the states of the pieces taken from other blocks, to their owners (in
 * bytes, zeros_state_bin.c) */
static int send_back(hkz_dist_t dd, _hkz_lyz_zb_t *pz, slong lo, slong m,
                     const piece_t *taken, slong nt, const int *owner,
                     slong P, slong n, int size)
{
    size_t *len = flint_calloc((size_t) size, sizeof(size_t)), tot = 0, l,
           cap = 0;
    char *out = NULL, *in = NULL;
    const char *p;
    slong i, j, jj;
    int r, st = HKZ_SUCCESS;

    /* in rank order of the owners */
    for (r = 0; r < size; r++)
        for (i = 0; i < nt; i++)
            if (owner[i] == r)
                for (j = taken[i].k * P; j < FLINT_MIN(taken[i].k * P + P, n);
                     j++)
                {
                    l = tot;
                    _hkz_lyz_state_put_bin(&out, &tot, &cap, j,
                                           taken[i].z + (j - taken[i].k * P));
                    len[r] += tot - l;
                }
    st = hkz_dist_exchange(dd, &in, &l, out, len);
    for (p = in; st == HKZ_SUCCESS && p != NULL && p < in + l; )
    {
        _hkz_lyz_zb_t *z = NULL, tmp;
        jj = -1;
        _hkz_lyz_zb_init(&tmp, 2);
        if (_hkz_lyz_state_get_bin(&jj, &tmp, &p, in + l) == 0 &&
            jj >= lo && jj < lo + m)
        {
            z = pz + (jj - lo);
            arf_swap(&z->a, &tmp.a);
            arf_swap(&z->b, &tmp.b);
            z->prec = tmp.prec;
            z->ok = tmp.ok;
            z->sa = tmp.sa;
            z->sb = tmp.sb;
            z->status = tmp.status;
        }
        _hkz_lyz_zb_clear(&tmp);
        if (z == NULL)
            st = hkz_error_set(HKZ_ERR_INTERNAL, "zero driver: bad record "
                               "of zero %ld from another rank", (long) jj);
    }
    flint_free(out);
    flint_free(in);
    flint_free(len);
    return st;
}

int _hkz_lyz_fun_pieces(hkz_ly_zeros_t z, const hkz_ly_fun_struct *f,
        int (*predict_piece)(double *th, slong lo, slong hi, void *ctx),
        slong P, const hkz_ly_opts_t *opts)
{
    hkz_dist_t dd = z->part && opts->dist != NULL ? opts->dist : NULL;
    hkz_ly_opts_t lo_opts, eo;
    _hkz_lyz_drv_t d;
    _hkz_lyz_zb_t *pz;
    hkz_dist_counters_t c = NULL;
    round_t R;
    piece_t *taken = NULL;
    int *owner = NULL, size = dd != NULL ? hkz_dist_size(dd) : 1,
        rank = dd != NULL ? hkz_dist_rank(dd) : 0, victim = rank, st, s2;
    slong n = z->n, lo = z->j0, m = z->len, i, j, k, done = 0, nt = 0,
          own = 0, *k0, *k1;
    int nthreads = _hkz_ly_nthreads(opts);

    HKZ_CHECK(P >= 1 && predict_piece != NULL && opts->goal.rel_bits >= 1 &&
              opts->goal.rel_bits <= 1000000 && (lo % P == 0 || lo == n) &&
              ((lo + m) % P == 0 || lo + m == n), HKZ_ERR_ARG,
              "zero driver: pieces need a predictor and a block on piece "
              "boundaries");
    lo_opts = *opts;
    lo_opts.dist = NULL;
    eo = *opts;
    eo.dist = dd;
    _hkz_lyz_drv_init(&d, f, z->W, &lo_opts, &done);
    z->done_wall = 0;
    pz = flint_malloc(sizeof(_hkz_lyz_zb_t) * FLINT_MAX(m, 1));
    for (i = 0; i < m; i++)
        _hkz_lyz_zb_init(pz + i, d.start_prec);
    /* every rank's pieces [k0, k1) */
    k0 = flint_calloc(2 * (size_t) size, sizeof(slong));
    k1 = k0 + size;
    k0[rank] = lo == n ? (n + P - 1) / P : lo / P;
    k1[rank] = (lo + m + P - 1) / P;
    st = HKZ_SUCCESS;
    if (dd != NULL)
    {
        st = hkz_dist_allreduce_slong(dd, k0, 2 * (size_t) size,
                                      HKZ_DIST_SUM);
        s2 = hkz_dist_counters_init(&c, dd, size);
        if (st == HKZ_SUCCESS)
            st = s2;
    }
    R.d = &d;
    R.predict = predict_piece;
    R.n = n;
    R.P = P;
    R.sub = (P + GRAIN - 1) / GRAIN;
    R.pc = flint_malloc(sizeof(piece_t) * nthreads);
    R.g = flint_malloc(sizeof(double) * (P + 2) * nthreads);
    while (st == HKZ_SUCCESS)
    {
        slong np_round = 0, units = 0;
        /* a round: a piece per thread, predicted, then certified */
        while (np_round < nthreads && st == HKZ_SUCCESS)
        {
            st = hkz_run_claim(&k, &victim, c, k0, k1, size, &own);
            if (st != HKZ_SUCCESS || k < 0)
                break;
            R.pc[np_round].k = k;
            if (k >= k0[rank] && k < k1[rank])
                R.pc[np_round].z = pz + (k * P - lo);
            else
            {
                _hkz_lyz_zb_t *t = flint_malloc(sizeof(_hkz_lyz_zb_t) * P);
                for (j = 0; j < P; j++)
                    _hkz_lyz_zb_init(t + j, d.start_prec);
                taken = flint_realloc(taken, sizeof(piece_t) * (nt + 1));
                owner = flint_realloc(owner, sizeof(int) * (nt + 1));
                taken[nt].k = k;
                taken[nt].z = t;
                owner[nt] = victim;
                nt++;
                R.pc[np_round].z = t;
            }
            units += FLINT_MIN(P, n - k * P);
            np_round++;
        }
        if (np_round == 0)
            break;
        (void) hkz_parallel_for(hkz_pool_flint(), (size_t) np_round,
                                nthreads, 1, predict_task, &R);
        (void) hkz_parallel_for(hkz_pool_flint(), (size_t) (np_round * R.sub),
                                nthreads, 1, unit_task, &R);
        done += units;
        if (st == HKZ_SUCCESS)
            st = hkz_progress_report(opts->progress, done, n);
    }
    {
        struct timespec ts;
        clock_gettime(CLOCK_MONOTONIC, &ts);
        z->done_wall = ts.tv_sec + 1e-9 * ts.tv_nsec;
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
        z->done_cpu = ts.tv_sec + 1e-9 * ts.tv_nsec;
    }
    z->done_count = done;
    hkz_dist_counters_clear(&c);
    if (dd != NULL)
    {
        s2 = send_back(dd, pz, lo, m, taken, nt, owner, P, n, size);
        if (st == HKZ_SUCCESS)
            st = s2;
    }
    for (i = 0; i < nt; i++)
    {
        for (j = 0; j < P; j++)
            _hkz_lyz_zb_clear(taken[i].z + j);
        flint_free(taken[i].z);
    }
    flint_free(taken);
    flint_free(owner);
    flint_free(R.pc);
    flint_free(R.g);
    flint_free(k0);
    return _hkz_lyz_part_end(z, f, &eo, &d, pz, 1, st);
}
