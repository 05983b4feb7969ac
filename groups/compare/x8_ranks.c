/* X8 over the ranks of o.dist (hkz_compare_x8_run): the runner
 * (hkz/runner.h) splits the blocks of the box, every block is one unit
 * with its exact record line (hkz_su2mix_box_range_rec), rank 0 receives
 * them and finishes in block order: bitwise the unsplit result. */
#include <stdlib.h>
#include <string.h>
#include "hkz/runner.h"
#include "x8_internal.h"
#include "hkz_check.h"

typedef struct
{
    hkz_compare_x8_t x;
    char **rec;         /* rec[b]: block b's line (with its '\n') */
    size_t *len;
} xctx_t;

static int x_compute(void *ctx, const slong *u, slong m)
{
    xctx_t *c = ctx;
    slong k;
    int s = HKZ_SUCCESS;
    for (k = 0; k < m && s == HKZ_SUCCESS; k++)
        s = hkz_su2mix_box_range_rec(c->rec + u[k], c->len + u[k], c->x->bx,
                                     c->x->o.op, u[k], u[k] + 1,
                                     c->x->o.certified, c->x->prec);
    return s;
}

static int x_encode(char **rec, void *ctx, slong i)
{
    xctx_t *c = ctx;
    size_t n = c->len[i] > 0 ? c->len[i] - 1 : 0;   /* without '\n' */
    *rec = flint_malloc(n + 1);
    memcpy(*rec, c->rec[i], n);
    (*rec)[n] = '\0';
    return HKZ_SUCCESS;
}

static int x_decode(slong *i, void *ctx, const char *rec)
{
    xctx_t *c = ctx;
    char *end;
    long b = strtol(rec, &end, 10);
    size_t n = strlen(rec);
    *i = -1;
    HKZ_CHECK(end != rec && *end == '|' && b >= 0 &&
              b < hkz_compare_x8_nblocks(c->x) && c->rec[b] == NULL,
              HKZ_ERR_INTERNAL, "X8: bad block record from another rank");
    c->rec[b] = flint_malloc(n + 2);
    memcpy(c->rec[b], rec, n);
    memcpy(c->rec[b] + n, "\n", 2);
    c->len[b] = n + 1;
    *i = b;
    return HKZ_SUCCESS;
}

int hkz_compare_x8_run(hkz_compare_result_t *r, hkz_compare_x8_t x,
                       const hkz_progress_t *p)
{
    hkz_run_units_t u;
    hkz_run_opts_t ro;
    xctx_t c;
    char *all = NULL;
    size_t tot = 0, k = 0;
    slong b, nb = hkz_compare_x8_nblocks(x);
    int s, rank0 = x->o.dist == NULL || hkz_dist_rank(x->o.dist) == 0;

    c.x = x;
    c.rec = flint_calloc(nb + 1, sizeof(char *));
    c.len = flint_calloc(nb + 1, sizeof(size_t));
    u.n = nb;
    u.compute = x_compute;
    u.encode = x_encode;
    u.decode = x_decode;
    u.ctx = &c;
    hkz_run_opts_init(&ro);
    ro.dist = x->o.dist;
    ro.progress = p;
    ro.share = HKZ_RUN_GATHER;
    s = hkz_run(&u, &ro);
    /* rank 0: the records of all blocks in block order */
    for (b = 0; b < nb && s == HKZ_SUCCESS && rank0; b++)
        tot += c.len[b];
    if (s == HKZ_SUCCESS && rank0)
    {
        all = flint_malloc(tot + 1);
        for (b = 0; b < nb; b++)
        {
            memcpy(all + k, c.rec[b], c.len[b]);
            k += c.len[b];
        }
        all[k] = '\0';
        s = hkz_compare_x8_finish(r, x, all, k);
    }
    if (x->o.dist != NULL)
        s = hkz_run_agree(x->o.dist, s);
    for (b = 0; b < nb; b++)
        flint_free(c.rec[b]);
    flint_free(c.rec);
    flint_free(c.len);
    flint_free(all);
    return s;
}
