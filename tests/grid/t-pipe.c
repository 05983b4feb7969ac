/* The pipelined tiles of one rank (groups/grid/tile_pipe.c: the scalar
 * route of a tile beside the engine route of the next, on by default with
 * a GPU engine, HKZ_GRID_PIPE=1 elsewhere) and the fallback cut into
 * pieces per thread (scalar.c) give the balls of the sequential run,
 * bitwise: su2-sub at small t far from the identity (many fallback
 * entries), three tiles. */
#include <stdlib.h>
#include "grid_test.h"

int main(void)
{
    static const slong blocks[] = {0, 256, 512, 768};
    hkz_grid_heat_t g;
    grid_collect_t ref, c;
    hkz_grid_summary_t s;
    hkz_grid_opts_t o;
    int k;

    hkz_grid_heat_init(g, HKZ_GRID_SU2_SUB);
    HKZ_TEST_OK(hkz_grid_list_set_str(g->r, "0.8:1.5:10", 0, 256));
    HKZ_TEST_OK(hkz_grid_list_set_str(g->z, "2:6:60", 0, 256));
    HKZ_TEST_OK(hkz_grid_list_set_str(g->t, "0.01:0.3:5", 0, 256));
    g->digits = 10;
    setenv("HKZ_GRID_PIPE", "0", 1);
    hkz_grid_opts_init(&o);
    o.device = HKZ_BACKEND_CPU;
    o.nthreads = 1;
    HKZ_TEST_OK(grid_run_collect(&ref, &s, g, &o));
    HKZ_TEST_CHECK(s.engine > 0 && s.scalar > 100, "engine %ld, fallback "
                   "%ld entries", (long) s.engine, (long) s.scalar);
    printf("%ld entries, %ld engine, %ld fallback\n", (long) s.entries,
           (long) s.engine, (long) s.scalar);
    setenv("HKZ_GRID_PIPE", "1", 1);
    for (k = 0; k < 4; k++)
    {
        hkz_grid_opts_init(&o);
        o.device = HKZ_BACKEND_CPU;
        o.nthreads = 1 + 2 * (k % 2);
        o.block = blocks[k];
        HKZ_TEST_OK(grid_run_collect(&c, &s, g, &o));
        HKZ_TEST_CHECK(c.order_ok && c.next == c.P, "pipe: order");
        HKZ_TEST_CHECK(grid_collect_equal(&ref, &c), "pipe, block %ld, %d "
                       "threads: balls differ", (long) blocks[k],
                       o.nthreads);
        grid_collect_clear(&c);
    }
    grid_collect_clear(&ref);
    hkz_grid_heat_clear(g);
    unsetenv("HKZ_GRID_PIPE");
    flint_cleanup();
    return hkz_test_failures ? 1 : 0;
}
