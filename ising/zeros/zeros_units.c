/* Per-zero units of the generic driver: checkpoint records, the split of
 * the units over processes, progress.
 *
 * A unit is one refinement (refine_guess or refine_bracket) of an entry;
 * its result is a deterministic function of the driver and the entry's
 * initial state, so a record "zb KEY = VALUE" with
 *   KEY   = g guess prec ok sa sb status a b        (initial state)
 *   VALUE = prec ok sa sb status a b                (final state)
 * (a, b exact balls, guess an exact %a double) can replace the work in a
 * resumed run or on another process, and every process ends with the
 * bytes of a single one. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "zeros_fun_internal.h"
#include "../track/track_internal.h"
#include "hkz_check.h"

static int add_arf(_hkz_ly_sbuf_t *b, const arf_t x)
{
    arb_t y;
    char *s;
    int st;
    arb_init(y);
    arb_set_arf(y, x);
    s = hkz_ckpt_ball_str(y);
    st = _hkz_ly_sbuf_add(b, " ");
    if (st == HKZ_SUCCESS)
        st = _hkz_ly_sbuf_add(b, s);
    flint_free(s);
    arb_clear(y);
    return st;
}

static int add_state(_hkz_ly_sbuf_t *b, const _hkz_lyz_zb_t *z)
{
    char h[96];
    snprintf(h, sizeof(h), " %ld %d %d %d %d", (long) z->prec, z->ok, z->sa,
             z->sb, z->status);
    HKZ_TRY(_hkz_ly_sbuf_add(b, h));
    HKZ_TRY(add_arf(b, &z->a));
    return add_arf(b, &z->b);
}

/* KEY of an entry (flint_free) */
static char *key_of(const _hkz_lyz_zb_t *z, int guess)
{
    _hkz_ly_sbuf_t b = {NULL, 0, 0};
    char h[64];
    snprintf(h, sizeof(h), "zb %d %a", guess, guess ? z->guess : 0.0);
    if (_hkz_ly_sbuf_add(&b, h) != HKZ_SUCCESS || add_state(&b, z) !=
        HKZ_SUCCESS)
    {
        flint_free(b.s);
        return NULL;
    }
    return b.s;
}

static int get_arf(arf_t x, const char **p)
{
    char buf[4096];
    size_t n = 0;
    int k, bad;
    arb_t y;
    for (k = 0; k < 4; k++)
    {
        size_t w;
        while (**p == ' ')
            (*p)++;
        w = strcspn(*p, " ");
        if (w == 0 || n + w + 2 > sizeof(buf))
            return 1;
        if (k > 0)
            buf[n++] = ' ';
        memcpy(buf + n, *p, w);
        n += w;
        *p += w;
    }
    buf[n] = '\0';
    arb_init(y);
    bad = arb_load_str(y, buf) != 0 || !arb_is_exact(y);
    if (!bad)
        arf_set(x, arb_midref(y));
    arb_clear(y);
    return bad;
}

/* VALUE (after " = ") into z */
static int set_value(_hkz_lyz_zb_t *z, const char *v)
{
    long prec;
    int ok, sa, sb, status, used;
    if (sscanf(v, " %ld %d %d %d %d%n", &prec, &ok, &sa, &sb, &status,
               &used) != 5 || prec < 2)
        return 1;
    v += used;
    if (get_arf(&z->a, &v) || get_arf(&z->b, &v))
        return 1;
    z->prec = prec;
    z->ok = ok;
    z->sa = sa;
    z->sb = sb;
    z->status = status;
    return 0;
}

typedef struct
{
    char *key;
    slong i;
} kent_t;

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

static int cmp_kent(const void *p, const void *q)
{
    return strcmp(((const kent_t *) p)->key, ((const kent_t *) q)->key);
}

/* Applies "KEY = VALUE" to the matching entry; 1 if it matched. */
static int apply(_hkz_lyz_zb_t *z, const kent_t *ks, slong n, char *rec,
                 char *restored)
{
    char *eq = strstr(rec, " = ");
    kent_t k, *f;
    if (eq == NULL)
        return 0;
    *eq = '\0';
    k.key = rec;
    f = bsearch(&k, ks, n, sizeof(kent_t), cmp_kent);
    *eq = ' ';
    if (f == NULL || set_value(z + f->i, eq + 3))
        return 0;
    restored[f->i] = 1;
    return 1;
}

typedef struct
{
    const _hkz_lyz_drv_t *d;
    _hkz_lyz_zb_t *z;
    const slong *idx;       /* NULL: the identity */
    slong n, grain;
    int guess;
} utask_t;

/* The units j0 .. j1 - 1 of idx, in order (ranges of t->grain: runs of
 * neighbouring zeros let an evaluator reuse its nodes, cw_integral_block.c) */
static void utask(size_t j0, size_t j1, void *arg)
{
    utask_t *t = arg;
    slong j, k;
    for (j = (slong) j0; j < (slong) j1; j++)
    {
        k = t->idx != NULL ? t->idx[j] : j;
        if (t->guess)
            _hkz_lyz_refine_guess(t->d, t->z + k);
        else
            _hkz_lyz_refine_bracket(t->d, t->z + k, NULL);
    }
}

/* units per task: runs for the one-pass brackets, else single units */
static slong grain_of(const _hkz_lyz_drv_t *d, int guess)
{
    return guess && d->f->bracket != NULL ? 32 : 1;
}

/* Shares the records of this process, returns the first failing status
 * over all processes (message "rank R: ..."). */
static int share(_hkz_lyz_zb_t *z, const kent_t *ks, slong n,
                 char *restored, const char *mine, int st,
                 const hkz_ly_split_t *sp)
{
    _hkz_ly_sbuf_t b = {NULL, 0, 0};
    char h[600], *all = NULL, *p, *e;
    size_t len = 0;
    int r = 0, first = HKZ_SUCCESS, s2;
    snprintf(h, sizeof(h), "status %d %.500s\n", st,
             st != HKZ_SUCCESS ? hkz_errmsg() : "");
    s2 = _hkz_ly_sbuf_add(&b, h);
    if (s2 == HKZ_SUCCESS && mine != NULL)
        s2 = _hkz_ly_sbuf_add(&b, mine);
    if (s2 == HKZ_SUCCESS)
        s2 = sp->allgather(&all, &len, b.s, b.len, sp->ctx);
    flint_free(b.s);
    if (s2 != HKZ_SUCCESS)
        return s2;
    for (p = all; p != NULL && p < all + len; p = e + 1)
    {
        e = memchr(p, '\n', all + len - p);
        if (e == NULL)
            e = all + len;
        *e = '\0';
        if (strncmp(p, "status ", 7) == 0)
        {
            int s = atoi(p + 7);
            if (s != HKZ_SUCCESS && first == HKZ_SUCCESS)
            {
                const char *m = strchr(p + 7, ' ');
                first = r == sp->rank ? st : hkz_error_set(s, "rank %d: %s",
                        r, m != NULL ? m + 1 : "");
            }
            r++;
        }
        else if (*p != '\0')
            apply(z, ks, n, p, restored);
    }
    flint_free(all);
    return first;
}

int _hkz_lyz_units(const _hkz_lyz_drv_t *d, _hkz_lyz_zb_t *z, slong n,
                   int guess, int nthreads, const hkz_ly_opts_t *opts,
                   slong *done, slong total)
{
    const hkz_ly_split_t *sp = opts != NULL ? opts->split : NULL;
    hkz_ckpt_t ck = opts != NULL ? opts->checkpoint : NULL;
    const hkz_progress_t *pr = opts != NULL ? opts->progress : NULL;
    kent_t *ks;
    char *restored, *rec;
    slong *idx, *pos, i, k, m = 0, lo, hi, chunk = 2 * FLINT_MAX(nthreads, 1);
    _hkz_ly_sbuf_t mine = {NULL, 0, 0};
    utask_t t;
    int st = HKZ_SUCCESS;
    double next_commit = now_s() + 5.0;

    if (n <= 0)
        return HKZ_SUCCESS;
    t.d = d;
    t.z = z;
    t.guess = guess;
    t.grain = grain_of(d, guess);
    if (sp == NULL && ck == NULL && pr == NULL)
    {
        t.idx = NULL;
        t.n = n;
        (void) hkz_parallel_for(hkz_pool_flint(), (size_t) n, nthreads,
                                (size_t) t.grain, utask, &t);
        return HKZ_SUCCESS;
    }
    chunk *= t.grain;
    if (ck == NULL && (sp == NULL || sp->size <= 1))
    {
        /* progress alone: chunks in order, no records (no keys: a few
         * hundred bytes per zero) */
        t.idx = NULL;
        for (k = 0; k < n && st == HKZ_SUCCESS; k += chunk)
        {
            t.z = z + k;
            t.n = FLINT_MIN(chunk, n - k);
            (void) hkz_parallel_for(hkz_pool_flint(), (size_t) t.n,
                                    nthreads, (size_t) t.grain, utask, &t);
            *done += t.n;
            st = hkz_progress_report(pr, *done, total);
        }
        return st;
    }
    ks = flint_calloc(n, sizeof(kent_t));
    restored = flint_calloc(n, 1);
    idx = flint_malloc(sizeof(slong) * n);
    pos = flint_malloc(sizeof(slong) * n);
    for (i = 0; i < n; i++)
    {
        ks[i].key = key_of(z + i, guess);
        ks[i].i = i;
        if (ks[i].key == NULL)
            st = hkz_error_set(HKZ_ERR_NOMEM, "zero driver: out of memory");
    }
    if (st != HKZ_SUCCESS)
        goto cleanup;
    qsort(ks, n, sizeof(kent_t), cmp_kent);
    for (i = 0; i < n; i++)
        pos[ks[i].i] = i;
    /* 1. restore from the checkpoint; several processes pool what they
     * restored, so that all see the same work left */
    for (k = 0; ck != NULL && k < hkz_ckpt_count(ck) && st == HKZ_SUCCESS;
         k++)
    {
        rec = flint_malloc(strlen(hkz_ckpt_get(ck, k)) + 1);
        strcpy(rec, hkz_ckpt_get(ck, k));
        if (strncmp(rec, "zb ", 3) == 0 && apply(z, ks, n, rec, restored)
            && sp != NULL && sp->size > 1)
        {
            st = _hkz_ly_sbuf_add(&mine, hkz_ckpt_get(ck, k));
            if (st == HKZ_SUCCESS)
                st = _hkz_ly_sbuf_add(&mine, "\n");
        }
        flint_free(rec);
    }
    if (sp != NULL && sp->size > 1)
    {
        st = share(z, ks, n, restored, mine.s, st, sp);
        flint_free(mine.s);
        mine.s = NULL;
        mine.len = mine.alloc = 0;
        if (st != HKZ_SUCCESS)
            goto cleanup;
    }
    for (i = 0; i < n; i++)
        if (!restored[i])
            idx[m++] = i;
        else
            (*done)++;
    /* 2. this process's block of the rest (hkz_dist_block rule) */
    lo = 0;
    hi = m;
    if (sp != NULL && sp->size > 1)
    {
        slong q = m / sp->size, r = m % sp->size;
        lo = sp->rank * q + FLINT_MIN(sp->rank, r);
        hi = lo + q + (sp->rank < r);
    }
    for (k = lo; k < hi && st == HKZ_SUCCESS; k += chunk)
    {
        slong c = FLINT_MIN(chunk, hi - k);
        t.idx = idx + k;
        t.n = c;
        (void) hkz_parallel_for(hkz_pool_flint(), (size_t) c, nthreads,
                                (size_t) t.grain, utask, &t);
        for (i = k; i < k + c && st == HKZ_SUCCESS; i++)
        {
            _hkz_ly_sbuf_t v = {NULL, 0, 0};
            st = _hkz_ly_sbuf_add(&v, "");
            if (st == HKZ_SUCCESS)
                st = add_state(&v, z + idx[i]);
            if (st == HKZ_SUCCESS)
            {
                /* the key is the entry's initial state */
                slong s = pos[idx[i]];
                rec = flint_malloc(strlen(ks[s].key) + v.len + 4);
                sprintf(rec, "%s =%s", ks[s].key, v.s);
                if (ck != NULL)
                    st = hkz_ckpt_add(ck, rec);
                if (st == HKZ_SUCCESS && sp != NULL)
                {
                    st = _hkz_ly_sbuf_add(&mine, rec);
                    if (st == HKZ_SUCCESS)
                        st = _hkz_ly_sbuf_add(&mine, "\n");
                }
                flint_free(rec);
            }
            flint_free(v.s);
        }
        *done += c;
        if (st == HKZ_SUCCESS)
            st = hkz_progress_report(pr, *done, total);
        /* a commit rewrites the whole file: at the end, when stopped, and
         * otherwise at most every max(5 s, 4 x the last commit) (was every
         * chunk: O(n^2) bytes, ~200 GB per rank at N = 10^7) */
        if (ck != NULL && (st == HKZ_SUCCESS || st == HKZ_ERR_INTERRUPTED)
            && (k + c >= hi || st != HKZ_SUCCESS || now_s() >= next_commit))
        {
            double t0 = now_s();
            int s2 = hkz_ckpt_commit(ck);
            next_commit = now_s() + FLINT_MAX(5.0, 4 * (now_s() - t0));
            if (s2 != HKZ_SUCCESS)
                st = s2;
        }
    }
    /* 3. everybody gets everything (and the same status) */
    if (sp != NULL && sp->size > 1)
        st = share(z, ks, n, restored, mine.s, st, sp);
cleanup:
    for (i = 0; i < n; i++)
        flint_free(ks[i].key);
    flint_free(ks);
    flint_free(restored);
    flint_free(idx);
    flint_free(pos);
    flint_free(mine.s);
    return st;
}
