/* The sweep over the ranks of o.dist (hkz_compare_sweep_ranks): each rank
 * starts its block of the samples (hkz_dist_block, its checkpoint
 * PATH.r<rank>), the runner (hkz/runner.h) runs the blocks and brings
 * every sample's exact record to rank 0, which finishes: the result does
 * not depend on the split. */
#include <stdio.h>
#include <string.h>
#include "hkz/runner.h"
#include "sweep_internal.h"
#include "hkz_check.h"

typedef struct
{
    hkz_compare_sweep_t sw;
    const hkz_progress_t *p;
    char *all;          /* rank 0: the records, one per line */
    size_t len, alloc;
} sctx_t;

/* the runner's one batch is this rank's block [lo, hi) */
static int s_compute(void *ctx, const slong *u, slong m)
{
    sctx_t *c = ctx;
    (void) u;
    (void) m;
    return hkz_compare_sweep_run(c->sw, c->p);
}

static int s_encode(char **rec, void *ctx, slong i)
{
    const struct hkz_compare_sweep_s *sw = ((sctx_t *) ctx)->sw;
    hkz_rec_enc_t e;
    int s;
    /* the checkpoint's record (the codec), which finish parses */
    hkz_rec_enc_init(&e);
    s = _hkz_sweep_record(&e, sw, i - sw->lo);
    if (s == HKZ_SUCCESS)
    {
        *rec = flint_malloc(strlen(e.s) + 1);
        strcpy(*rec, e.s);
    }
    hkz_rec_enc_clear(&e);
    return s;
}

static int s_decode(slong *i, void *ctx, const char *rec)
{
    sctx_t *c = ctx;
    size_t n = strlen(rec);
    long j;
    *i = sscanf(rec, "%ld", &j) == 1 ? j : -1;
    if (c->len + n + 2 > c->alloc)
    {
        c->alloc = FLINT_MAX(2 * c->alloc, c->len + n + 4096);
        c->all = flint_realloc(c->all, c->alloc);
    }
    memcpy(c->all + c->len, rec, n);
    c->len += n;
    c->all[c->len++] = '\n';
    c->all[c->len] = '\0';
    return HKZ_SUCCESS;
}

int hkz_compare_sweep_ranks(hkz_compare_result_t *r, hkz_compare_sweep_t sw,
                            const hkz_compare_sweep_run_t *o)
{
    hkz_dist_t d = sw->o.dist;
    hkz_run_units_t u;
    hkz_run_opts_t ro;
    sctx_t c;
    slong lo, hi, found = 0;
    int s, rank = d != NULL ? hkz_dist_rank(d) : 0;
    int size = d != NULL ? hkz_dist_size(d) : 1;

    hkz_dist_block(&lo, &hi, 0, sw->o.samples, rank, size);
    s = hkz_compare_sweep_start(sw, lo, hi, o != NULL ? o->checkpoint : NULL,
                                rank, o != NULL && o->resume, &found);
    /* every rank has read (or rank 0 removed) before any writes */
    if (size > 1)
        s = hkz_run_agree(d, s);
    if (s != HKZ_SUCCESS)
        return s;
    if (o != NULL && o->started != NULL)
        o->started(o->ctx, found, hi - lo - found);
    memset(&c, 0, sizeof(c));
    c.sw = sw;
    c.p = o != NULL ? o->progress : NULL;
    /* rank 0's own records first (its block leads), then the others' */
    u.n = sw->o.samples;
    u.compute = s_compute;
    u.encode = s_encode;
    u.decode = s_decode;
    u.ctx = &c;
    hkz_run_opts_init(&ro);
    ro.dist = d;
    ro.batch = u.n;
    ro.share = HKZ_RUN_GATHER;
    s = hkz_run(&u, &ro);
    if (s == HKZ_SUCCESS && rank == 0)
    {
        char *own = NULL;
        size_t n = 0;
        s = hkz_compare_sweep_records(&own, &n, sw);
        if (s == HKZ_SUCCESS)
        {
            char *all = flint_malloc(n + c.len + 1);
            memcpy(all, own, n);
            if (c.len > 0)
                memcpy(all + n, c.all, c.len);
            all[n + c.len] = '\0';
            s = hkz_compare_sweep_finish(r, sw, all, n + c.len);
            flint_free(all);
        }
        flint_free(own);
    }
    if (size > 1)
        s = hkz_run_agree(d, s);
    flint_free(c.all);
    return s;
}
