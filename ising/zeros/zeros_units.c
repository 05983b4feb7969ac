/* Per-zero units of the generic driver, run by the runner (hkz/runner.h):
 * checkpoint records, the split of the units over ranks, progress.
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
#include "hkz/runner.h"
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

static int cmp_kent(const void *p, const void *q)
{
    return strcmp(((const kent_t *) p)->key, ((const kent_t *) q)->key);
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

/* The units as the runner sees them (hkz/runner.h): ks, pos exist when
 * records are needed (a checkpoint or several ranks). */
typedef struct
{
    utask_t t;
    int nthreads;
    kent_t *ks;
    slong *pos, n;
} uctx_t;

static int u_compute(void *ctx, const slong *u, slong m)
{
    uctx_t *c = ctx;
    c->t.idx = u;
    c->t.n = m;
    (void) hkz_parallel_for(hkz_pool_flint(), (size_t) m, c->nthreads,
                            (size_t) c->t.grain, utask, &c->t);
    return HKZ_SUCCESS;
}

/* "KEY = VALUE": the key is the entry's initial state */
static int u_encode(char **rec, void *ctx, slong i)
{
    uctx_t *c = ctx;
    _hkz_ly_sbuf_t v = {NULL, 0, 0};
    const char *key = c->ks[c->pos[i]].key;
    int st = _hkz_ly_sbuf_add(&v, "");
    if (st == HKZ_SUCCESS)
        st = add_state(&v, c->t.z + i);
    *rec = NULL;
    if (st == HKZ_SUCCESS)
    {
        *rec = flint_malloc(strlen(key) + v.len + 4);
        sprintf(*rec, "%s =%s", key, v.s);
    }
    flint_free(v.s);
    return st;
}

static int u_decode(slong *i, void *ctx, const char *rec)
{
    uctx_t *c = ctx;
    char *r = flint_malloc(strlen(rec) + 1), *eq;
    kent_t k, *f = NULL;
    strcpy(r, rec);
    *i = -1;
    eq = strncmp(r, "zb ", 3) == 0 ? strstr(r, " = ") : NULL;
    if (eq != NULL)
    {
        *eq = '\0';
        k.key = r;
        f = bsearch(&k, c->ks, c->n, sizeof(kent_t), cmp_kent);
        if (f != NULL && !set_value(c->t.z + f->i, eq + 3))
            *i = f->i;
    }
    flint_free(r);
    return HKZ_SUCCESS;
}

int _hkz_lyz_units(const _hkz_lyz_drv_t *d, _hkz_lyz_zb_t *z, slong n,
                   int guess, int nthreads, const hkz_ly_opts_t *opts,
                   slong *done, slong total)
{
    hkz_run_units_t u;
    hkz_run_opts_t ro;
    uctx_t c;
    slong i;
    int st = HKZ_SUCCESS;

    if (n <= 0)
        return HKZ_SUCCESS;
    c.t.d = d;
    c.t.z = z;
    c.t.guess = guess;
    c.t.grain = grain_of(d, guess);
    c.nthreads = nthreads;
    c.n = n;
    c.ks = NULL;
    c.pos = NULL;
    hkz_run_opts_init(&ro);
    if (opts != NULL)
    {
        ro.dist = opts->dist;
        ro.checkpoint = opts->checkpoint;
        ro.progress = opts->progress;
    }
    ro.share = HKZ_RUN_ALL;
    ro.done = done;
    ro.total = total;
    /* chunks of 2 tasks per thread between reports and records */
    ro.batch = 2 * FLINT_MAX(nthreads, 1) * c.t.grain;
    if (ro.checkpoint != NULL ||
        (ro.dist != NULL && hkz_dist_size(ro.dist) > 1))
    {
        /* keys: a few hundred bytes per zero, only for records */
        c.ks = flint_calloc(n, sizeof(kent_t));
        c.pos = flint_malloc(sizeof(slong) * n);
        for (i = 0; i < n; i++)
        {
            c.ks[i].key = key_of(z + i, guess);
            c.ks[i].i = i;
            if (c.ks[i].key == NULL)
                st = hkz_error_set(HKZ_ERR_NOMEM, "zero driver: out of "
                                   "memory");
        }
        qsort(c.ks, n, sizeof(kent_t), cmp_kent);
        for (i = 0; i < n; i++)
            c.pos[c.ks[i].i] = i;
    }
    u.n = n;
    u.compute = u_compute;
    u.encode = u_encode;
    u.decode = u_decode;
    u.ctx = &c;
    /* a failed key fails the run on every rank */
    ro.status = st;
    st = hkz_run(&u, &ro);
    for (i = 0; c.ks != NULL && i < n; i++)
        flint_free(c.ks[i].key);
    flint_free(c.ks);
    flint_free(c.pos);
    return st;
}
