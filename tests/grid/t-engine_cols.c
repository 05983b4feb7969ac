/* Which t columns a CPU engine route runs (groups/grid/tile_goal.c,
 * _hkz_grid_engine_cols): su2-sub at 10 digits, t = 0.01 on points mostly
 * far from the fibre through e: that column goes to the fallback (no
 * engine entry in it; without the choice the engine certifies 23 of its
 * points near e), the engine keeps the larger times, every ball contains
 * the scalar path's value at 256 bits (a sample), and the choice is the
 * same for every tile (blocks of one tile give the same bits). */
#include "grid_test.h"

static void run(grid_collect_t *c, const hkz_grid_heat_t g, slong block)
{
    hkz_grid_summary_t s;
    hkz_grid_opts_t o;

    hkz_grid_opts_init(&o);
    o.device = HKZ_BACKEND_CPU;
    o.nthreads = 1;
    o.block = block;
    HKZ_TEST_OK(grid_run_collect(c, &s, g, &o));
    HKZ_TEST_CHECK(s.missed == 0 && s.engine + s.scalar == s.entries,
                   "summary: engine %ld scalar %ld missed %ld",
                   (long) s.engine, (long) s.scalar, (long) s.missed);
}

int main(void)
{
    hkz_grid_heat_t g;
    grid_collect_t c, d;
    slong k, j, eng[3] = {0, 0, 0};
    arb_t ref;

    arb_init(ref);
    hkz_grid_heat_init(g, HKZ_GRID_SU2_SUB);
    /* 90 x 3 points: two tiles; inputs as exact as the CLI makes them (at
       t = 0.01 a radius of 2^-256 in r exceeds 10 digits of the value) */
    HKZ_TEST_OK(hkz_grid_list_set_str(g->r, "0.02:1.4:90", 0, 4096));
    HKZ_TEST_OK(hkz_grid_list_set_str(g->z, "0,2.5,4", 0, 4096));
    HKZ_TEST_OK(hkz_grid_list_set_str(g->t, "0.01,0.6,1", 0, 4096));
    g->digits = 10;
    run(&c, g, 0);
    HKZ_TEST_CHECK(c.order_ok && c.next == c.P, "rows out of order");
    for (k = 0; k < c.P * c.T; k++)
    {
        j = k % c.T;
        eng[j] += (c.flags[k] & 3) == 1;
        if (k % 7 != 0)   /* a sample against the scalar path */
            continue;
        HKZ_TEST_OK(hkz_su2_heat_sub(ref, g->t->v + j,
                                     g->r->v + (k / c.T) / g->z->n,
                                     g->z->v + (k / c.T) % g->z->n, 0, 256));
        HKZ_TEST_CHECK(arb_overlaps(ref, c.v + k) && (c.flags[k] & 1)
                       && arb_rel_accuracy_bits(c.v + k) >= 34,
                       "entry (%ld, %ld) flags %d", (long) (k / c.T),
                       (long) j, c.flags[k]);
    }
    HKZ_TEST_CHECK(eng[0] == 0, "t = 0.01: %ld engine entries", (long) eng[0]);
    HKZ_TEST_CHECK(eng[1] > 0 && eng[2] > 0, "no engine entries at t = 0.6, "
                   "1 (%ld, %ld)", (long) eng[1], (long) eng[2]);
    /* one tile a block: the same columns, the same bits */
    run(&d, g, HKZ_GRID_TILE);
    HKZ_TEST_CHECK(grid_collect_equal(&c, &d), "blocks of one tile differ");
    grid_collect_clear(&c);
    grid_collect_clear(&d);
    hkz_grid_heat_clear(g);
    arb_clear(ref);
    HKZ_TEST_END("grid.engine_cols");
}
