/* The generic certified driver on one process's block of the zeros (part
 * results, hkz_ly_zeros_init_part; spec 3.4).
 *
 * Process r of size holds the zeros lo + 1 .. hi (z->j0, z->len: blocks
 * that tile [0, n) in rank order, checked).  It predicts the zeros lo .. hi + 1 only (its block and one neighbour on
 * each side, for the limits: the midpoints between predictions), turns
 * each prediction of its block into a certified bracket (the per-zero
 * units: checkpoint records, progress) and keeps only its brackets: memory
 * O(n / size).  The certificate is the count of hkz/ly.h over all
 * processes: every process reports (one allgather of a short line) its
 * status, whether all its zeros were bracketed with disjoint brackets in
 * (0, end], and its first and last bracket ends rounded outward to
 * doubles; n brackets, disjoint inside each block and across the block
 * boundaries (b_last(r) < a_first(r') for consecutive non-empty blocks),
 * certify the whole list.  Otherwise (a zero missed: the grid scans need
 * every bracket) the whole list is computed by hkz_ly_zeros_fun on every
 * process (part = 0), as for a result that was never split. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "zeros_fun_internal.h"
#include "hkz_check.h"

/* this process's line: status ok prec lo hi a_first b_last message */
typedef struct
{
    int st, ok;
    long prec, lo, hi;
    double a, b;
    const char *msg;
} pline_t;

static int parse(pline_t *p, const char *s)
{
    int used;
    if (sscanf(s, "%d %d %ld %ld %ld %la %la%n", &p->st, &p->ok, &p->prec,
               &p->lo, &p->hi, &p->a, &p->b, &used) != 7)
        return 1;
    p->msg = s + used + (s[used] == ' ');
    return 0;
}

/* Brackets of pz[0..m) disjoint, increasing, inside (0, end]. */
static int disjoint(const _hkz_lyz_drv_t *d, const _hkz_lyz_zb_t *pz,
                    slong m)
{
    slong i;
    for (i = 0; i < m; i++)
        if (!pz[i].ok || arf_sgn(&pz[i].a) <= 0 ||
            arf_cmp(&pz[i].a, &pz[i].b) >= 0 ||
            arf_cmp(&pz[i].b, &d->end) > 0 ||
            (i > 0 && arf_cmp(&pz[i].a, &pz[i - 1].b) <= 0))
            return 0;
    return 1;
}

/* Agrees the lines of all processes: the first failing status (message
 * "rank R: ..."), *all_ok, the largest precision. */
static int agree(int *all_ok, slong *prec, const pline_t *mine,
                 hkz_dist_t d, slong n)
{
    long next = 0;
    char line[700], *all = NULL, *p, *e;
    size_t len = 0;
    int r = 0, first = HKZ_SUCCESS, have = 0, s2;
    double last_b = 0;
    pline_t q;
    int size = hkz_dist_size(d), rank = hkz_dist_rank(d);

    if (d == NULL)
    {
        /* this process alone */
        *all_ok = mine->ok && mine->lo == 0 && mine->hi == n;
        *prec = mine->prec;
        return mine->st;
    }
    snprintf(line, sizeof(line), "%d %d %ld %ld %ld %a %a %.500s\n",
             mine->st, mine->ok, mine->prec, mine->lo, mine->hi, mine->a,
             mine->b, mine->msg);
    for (p = line; *p != '\0'; p++)
        if (*p == '\n' && p[1] != '\0')
            *p = ' ';
    if ((s2 = hkz_dist_allgather(d, &all, &len, line, strlen(line)))
        != HKZ_SUCCESS)
        return s2;
    *all_ok = 1;
    *prec = 0;
    for (p = all; p != NULL && p < all + len && r < size; p = e + 1, r++)
    {
        e = memchr(p, '\n', all + len - p);
        if (e == NULL)
            e = all + len;
        *e = '\0';
        if (parse(&q, p))
        {
            flint_free(all);
            return hkz_error_set(HKZ_ERR_INTERNAL, "zero driver: bad line "
                                 "from process %d", r);
        }
        if (q.st != HKZ_SUCCESS && first == HKZ_SUCCESS)
            first = r == rank ? hkz_error_set(q.st, "%s", q.msg)
                    : hkz_error_set(q.st, "rank %d: %s", r, q.msg);
        /* the blocks must tile [0, n) in rank order */
        *all_ok &= q.ok && q.lo == next && q.hi >= q.lo;
        next = q.hi;
        *prec = FLINT_MAX(*prec, q.prec);
        /* an empty block reports a = b = 0 */
        if (q.b > 0)
        {
            if (have && !(last_b < q.a))
                *all_ok = 0;
            last_b = q.b;
            have = 1;
        }
    }
    if (r != size || next != n)
        *all_ok = 0;
    flint_free(all);
    return first;
}

int _hkz_lyz_fun_part(hkz_ly_zeros_t z, const hkz_ly_fun_struct *f,
        int (*predict_block)(double *th, slong lo, slong hi, void *ctx),
        const hkz_ly_opts_t *opts)
{
    hkz_dist_t dd = opts != NULL ? opts->dist : NULL;
    hkz_ly_opts_t lo_opts;
    _hkz_lyz_drv_t d;
    _hkz_lyz_zb_t *pz = NULL;
    double *g = NULL;
    slong n = z->n, lo = z->j0, m = z->len, hi = lo + m, plo, phi, i,
          done = 0;
    int st = HKZ_SUCCESS, ok = 1;

    HKZ_CHECK(z->part && dd != NULL && hkz_dist_size(dd) > 1 && predict_block != NULL
              && opts->goal.rel_bits >= 1 && opts->goal.rel_bits <= 1000000,
              HKZ_ERR_ARG, "zero driver: a part result needs a split over "
              "several processes and a block predictor");
    lo_opts = *opts;
    lo_opts.dist = NULL;
    _hkz_lyz_drv_init(&d, f, z->W, &lo_opts, &done);
    z->done_wall = 0;
    if (m > 0)
    {
        plo = FLINT_MAX(lo - 1, 0);
        phi = FLINT_MIN(hi + 1, n);
        g = flint_malloc(sizeof(double) * (phi - plo));
        ok = predict_block(g, plo, phi, f->ctx) == 0 && g[0] > 0 &&
             g[phi - plo - 1] < HKZ_LY_PI / 2;
        for (i = 1; i < phi - plo && ok; i++)
            ok = g[i] > g[i - 1];
        if (ok)
        {
            pz = flint_malloc(sizeof(_hkz_lyz_zb_t) * m);
            for (i = 0; i < m; i++)
            {
                slong k = lo + i - plo;
                _hkz_lyz_guess_entry(&d, pz + i, g[k], lo + i > 0 ? g[k - 1]
                                     : -1.0, lo + i < n - 1 ? g[k + 1]
                                     : -1.0);
            }
            st = _hkz_lyz_units(&d, pz, m, 1, _hkz_ly_nthreads(opts),
                                &lo_opts, &done, n);
            z->done_count = done;
        }
        flint_free(g);
    }
    return _hkz_lyz_part_end(z, f, opts, &d, pz, ok, st);
}

int _hkz_lyz_part_end(hkz_ly_zeros_t z, const hkz_ly_fun_struct *f,
                      const hkz_ly_opts_t *opts, _hkz_lyz_drv_t *dp,
                      _hkz_lyz_zb_t *pz, int ok, int st)
{
    hkz_dist_t dd = opts != NULL ? opts->dist : NULL;
    slong n = z->n, lo = z->j0, m = z->len, hi = lo + m, i, prec = 0;
    int all_ok = 0;
    pline_t mine;
    char msg[512];

    z->complete = 0;
    z->nisolated = 0;
    mine.ok = ok;
    mine.a = mine.b = 0;
    msg[0] = '\0';
    if (m > 0 && pz != NULL)
    {
        for (i = 0; i < m && st == HKZ_SUCCESS; i++)
            if (pz[i].status != HKZ_SUCCESS && pz[i].status != HKZ_ERR_PREC)
                st = pz[i].status;
        mine.ok = ok && st == HKZ_SUCCESS && disjoint(dp, pz, m);
        if (mine.ok)
        {
            mine.a = arf_get_d(&pz[0].a, ARF_RND_DOWN);
            mine.b = arf_get_d(&pz[m - 1].b, ARF_RND_UP);
        }
    }
    else if (m > 0)
        mine.ok = 0;
    /* the goal: every bracket narrower than 2^-rel_bits |a| */
    for (i = 0; i < m && mine.ok && st == HKZ_SUCCESS; i++)
    {
        arf_t wt, w;
        arf_init(wt);
        arf_init(w);
        prec = FLINT_MAX(prec, pz[i].prec);
        _hkz_lyz_target_width(wt, dp, &pz[i].a);
        arf_sub(w, &pz[i].b, &pz[i].a, ARF_PREC_EXACT, ARF_RND_DOWN);
        if (arf_cmp(w, wt) > 0)
        {
            arb_t x;
            arb_init(x);
            arb_set_interval_arf(x, &pz[i].a, &pz[i].b, dp->max_prec + 64);
            st = hkz_error_set(HKZ_ERR_PREC, "principal zero %ld of %ld "
                     "isolated but only to %ld bits (goal %ld) at max_prec "
                     "%ld", (long) (lo + i + 1), (long) n,
                     (long) arb_rel_accuracy_bits(x), (long) dp->rel_bits,
                     (long) dp->max_prec);
            arb_clear(x);
        }
        arf_clear(wt);
        arf_clear(w);
    }
    if (st != HKZ_SUCCESS)
        snprintf(msg, sizeof(msg), "%s", hkz_errmsg());
    mine.st = st;
    mine.prec = prec;
    mine.msg = msg;
    if (z->done_wall <= 0)
    {
        /* this rank's own work ends here (pieces: before the exchange) */
        struct timespec ts;
        clock_gettime(CLOCK_MONOTONIC, &ts);
        z->done_wall = ts.tv_sec + 1e-9 * ts.tv_nsec;
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
        z->done_cpu = ts.tv_sec + 1e-9 * ts.tv_nsec;
    }
    mine.lo = lo;
    mine.hi = hi;
    st = agree(&all_ok, &prec, &mine, dd, n);
    if (st != HKZ_SUCCESS && st != HKZ_ERR_PREC)
        goto cleanup;           /* a hard error somewhere: as the old path */
    if (!all_ok)
    {
        /* some zero was not bracketed from its prediction (or a block's
         * predictions failed): the whole list on every process */
        if (pz != NULL)
            for (i = 0; i < m; i++)
                _hkz_lyz_zb_clear(pz + i);
        flint_free(pz);
        pz = NULL;
        _hkz_ly_zeros_resize(z, 0, n);
        z->part = 0;
        st = hkz_ly_zeros_fun(z, f, opts);
        goto cleanup;
    }
    for (i = 0; i < m; i++)
    {
        arb_set_interval_arf(z->theta + i, &pz[i].a, &pz[i].b,
                             dp->max_prec + 64);
        z->flag[i] = HKZ_LY_ZERO_CERTIFIED;
    }
    z->prec = prec;
    z->nisolated = n;
    z->complete = 1;
cleanup:
    if (pz != NULL)
    {
        for (i = 0; i < m; i++)
            _hkz_lyz_zb_clear(pz + i);
        flint_free(pz);
    }
    arf_clear(&dp->end);
    return st;
}
