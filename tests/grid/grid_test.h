/* grid_test.h -- a sink collecting grid rows (tests/grid). */
#ifndef GRID_TEST_H
#define GRID_TEST_H

#include "hkz_test.h"
#include "hkz/grid.h"

typedef struct
{
    slong P, T, next;     /* next point expected */
    arb_ptr v;
    int *flags;           /* certified + 2 scalar + 4 missed */
    int order_ok;
} grid_collect_t;

static inline void grid_collect_init(grid_collect_t *c, slong P, slong T)
{
    c->P = P;
    c->T = T;
    c->next = 0;
    c->v = _arb_vec_init(P * T);
    c->flags = calloc(P * T, sizeof(int));
    c->order_ok = 1;
}

static inline void grid_collect_clear(grid_collect_t *c)
{
    _arb_vec_clear(c->v, c->P * c->T);
    free(c->flags);
}

static inline int grid_collect_sink(void *ctx, const hkz_grid_entry_t *rows,
                                    slong n, slong p0, slong p1)
{
    grid_collect_t *c = ctx;
    slong k;
    if (p0 != c->next || n != (p1 - p0) * c->T)
        c->order_ok = 0;
    c->next = p1;
    for (k = 0; k < n; k++)
    {
        slong idx = rows[k].p * c->T + rows[k].j;
        if (idx != p0 * c->T + k)
            c->order_ok = 0;
        arb_set(c->v + idx, &rows[k].value);
        c->flags[idx] = (rows[k].certified != 0) + 2 * (rows[k].scalar != 0)
                        + 4 * (rows[k].status == HKZ_ERR_PREC);
    }
    return HKZ_SUCCESS;
}

/* 1 if both runs gave bitwise the same balls and flags */
static inline int grid_collect_equal(const grid_collect_t *a,
                                     const grid_collect_t *b)
{
    slong k;
    if (a->P != b->P || a->T != b->T)
        return 0;
    for (k = 0; k < a->P * a->T; k++)
        if (!arb_equal(a->v + k, b->v + k) || a->flags[k] != b->flags[k])
            return 0;
    return 1;
}

static inline int grid_run_collect(grid_collect_t *c, hkz_grid_summary_t *s,
                                   const hkz_grid_heat_t g,
                                   hkz_grid_opts_t *o)
{
    slong P, T;
    int st = hkz_grid_heat_check(&P, &T, g);
    if (st != HKZ_SUCCESS)
        return st;
    grid_collect_init(c, P, T);
    o->sink = grid_collect_sink;
    o->sink_ctx = c;
    return hkz_grid_heat_run(s, g, o);
}

#endif
