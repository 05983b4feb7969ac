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
#include "track/track_internal.h"
#include "hkz/record.h"
#include "hkz/runner.h"
#include "hkz_check.h"

/* the state fields: prec ok sa sb status a b */
void _hkz_lyz_put_state(hkz_rec_enc_t *e, const _hkz_lyz_zb_t *z)
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
    _hkz_lyz_put_state(&e, z);
    return enc_copy(&e);
}

/* the record "KEY = VALUE" of an entry's final state (flint_free) */
static char *record_of(const char *key, const _hkz_lyz_zb_t *z)
{
    hkz_rec_enc_t e;
    hkz_rec_enc_init(&e);
    hkz_rec_put_word(&e, key);
    hkz_rec_put_word(&e, "=");
    _hkz_lyz_put_state(&e, z);
    return enc_copy(&e);
}

/* VALUE (after " = ") into z; 1 if malformed */
int _hkz_lyz_set_state(_hkz_lyz_zb_t *z, const char *v)
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
    *rec = record_of(c->ks[c->pos[i]].key, c->t.z + i);
    if (*rec == NULL)
        return hkz_error_set(HKZ_ERR_NOMEM, "zero driver: out of memory");
    return HKZ_SUCCESS;
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
        if (f != NULL && !_hkz_lyz_set_state(c->t.z + f->i, eq + 3))
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
