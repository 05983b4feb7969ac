/* Per-zero units of the generic driver: checkpoint records, the split of
 * the units over processes, progress.
 *
 * A unit is one refinement (refine_guess or refine_bracket) of an entry;
 * its result is a deterministic function of the driver and the entry's
 * initial state, so a record "zb KEY = VALUE" with
 *   KEY   = g guess prec ok sa sb status a b        (initial state)
 *   VALUE = prec ok sa sb status a b                (final state)
 * (fields of the record codec, hkz/record.h: a, b exact balls, guess an
 * exact %a double) can replace the work in a resumed run or on another
 * process, and every process ends with the bytes of a single one. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "zeros_fun_internal.h"
#include "../track/track_internal.h"
#include "hkz/record.h"
#include "hkz_check.h"

/* the state fields: prec ok sa sb status a b */
static void put_state(hkz_rec_enc_t *e, const _hkz_lyz_zb_t *z)
{
    arb_t y;
    arb_init(y);
    hkz_rec_put_slong(e, z->prec);
    hkz_rec_put_slong(e, z->ok);
    hkz_rec_put_slong(e, z->sa);
    hkz_rec_put_slong(e, z->sb);
    hkz_rec_put_slong(e, z->status);
    arb_set_arf(y, &z->a);
    hkz_rec_put_ball(e, y);
    arb_set_arf(y, &z->b);
    hkz_rec_put_ball(e, y);
    arb_clear(y);
}

/* a flint_malloc copy of e's record, or NULL */
static char *enc_copy(hkz_rec_enc_t *e)
{
    const char *s = hkz_rec_enc_str(e);
    char *c = s != NULL ? flint_malloc(strlen(s) + 1) : NULL;
    if (c != NULL)
        strcpy(c, s);
    hkz_rec_enc_clear(e);
    return c;
}

/* KEY of an entry (flint_free) */
static char *key_of(const _hkz_lyz_zb_t *z, int guess)
{
    hkz_rec_enc_t e;
    hkz_rec_enc_init(&e);
    hkz_rec_put_word(&e, "zb");
    hkz_rec_put_slong(&e, guess);
    hkz_rec_put_d(&e, guess ? z->guess : 0.0);
    put_state(&e, z);
    return enc_copy(&e);
}

/* the record "KEY = VALUE" of an entry's final state (flint_free) */
static char *record_of(const char *key, const _hkz_lyz_zb_t *z)
{
    hkz_rec_enc_t e;
    hkz_rec_enc_init(&e);
    hkz_rec_put_word(&e, key);
    hkz_rec_put_word(&e, "=");
    put_state(&e, z);
    return enc_copy(&e);
}

/* VALUE (after " = ") into z; 1 if malformed */
static int set_value(_hkz_lyz_zb_t *z, const char *v)
{
    hkz_rec_dec_t d;
    slong prec;
    int ok, sa, sb, status, bad;
    arb_t a, b;

    arb_init(a);
    arb_init(b);
    hkz_rec_dec_init(&d, v, "zeros unit");
    bad = hkz_rec_get_slong(&d, &prec) || hkz_rec_get_int(&d, &ok) ||
          hkz_rec_get_int(&d, &sa) || hkz_rec_get_int(&d, &sb) ||
          hkz_rec_get_int(&d, &status) || hkz_rec_get_ball(&d, a) ||
          hkz_rec_get_ball(&d, b) || hkz_rec_end(&d) || prec < 2 ||
          !arb_is_exact(a) || !arb_is_exact(b);
    if (!bad)
    {
        arf_set(&z->a, arb_midref(a));
        arf_set(&z->b, arb_midref(b));
        z->prec = prec;
        z->ok = ok;
        z->sa = sa;
        z->sb = sb;
        z->status = status;
    }
    arb_clear(a);
    arb_clear(b);
    return bad;
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
            /* the key is the entry's initial state */
            rec = record_of(ks[pos[idx[i]]].key, z + idx[i]);
            if (rec == NULL)
                st = hkz_error_set(HKZ_ERR_NOMEM, "zero driver: out of "
                                   "memory");
            else
            {
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
