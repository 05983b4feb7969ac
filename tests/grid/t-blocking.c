/* Blocking invariance: block sizes, column chunks, shard choice and
 * thread counts give bitwise identical balls (su2 and su2-sub grids of
 * several tiles). */
#include "grid_test.h"

static void runs(const hkz_grid_heat_t g, const char *what)
{
    static const slong blocks[] = {0, 256, 300, 512, 100000};
    grid_collect_t ref, c;
    hkz_grid_summary_t s;
    hkz_grid_opts_t o;
    int k;

    hkz_grid_opts_init(&o);
    o.device = HKZ_BACKEND_CPU;
    o.nthreads = 1;
    o.block = 256;
    HKZ_TEST_OK(grid_run_collect(&ref, &s, g, &o));
    HKZ_TEST_CHECK(s.engine > 0, "%s: no engine entries", what);
    for (k = 0; k < 5; k++)
    {
        hkz_grid_opts_init(&o);
        o.device = HKZ_BACKEND_CPU;
        o.block = blocks[k];
        o.nthreads = 1 + (k % 2);
        o.overlap = k % 3;
        o.shard = k % 3;
        HKZ_TEST_OK(grid_run_collect(&c, &s, g, &o));
        HKZ_TEST_CHECK(c.order_ok && c.next == c.P, "%s: order", what);
        HKZ_TEST_CHECK(grid_collect_equal(&ref, &c), "%s: block %ld, "
                       "overlap %d, %d threads: balls differ", what,
                       (long) blocks[k], o.overlap, o.nthreads);
        grid_collect_clear(&c);
    }
    grid_collect_clear(&ref);
}

int main(void)
{
    hkz_grid_heat_t g;

    hkz_grid_heat_init(g, HKZ_GRID_SU2);
    HKZ_TEST_OK(hkz_grid_list_set_str(g->alpha, "0:3.1:700", 0, 256));
    HKZ_TEST_OK(hkz_grid_list_set_str(g->t, "0.1:1:5", 0, 256));
    g->digits = 8;
    runs(g, "su2");
    hkz_grid_heat_clear(g);

    hkz_grid_heat_init(g, HKZ_GRID_SU2_SUB);
    HKZ_TEST_OK(hkz_grid_list_set_str(g->r, "0:1.5:20", 0, 256));
    HKZ_TEST_OK(hkz_grid_list_set_str(g->z, "-3:3:29", 0, 256));
    HKZ_TEST_OK(hkz_grid_list_set_str(g->t, "0.5,1", 0, 256));
    g->digits = 8;
    runs(g, "su2-sub");
    hkz_grid_heat_clear(g);
    /* small t at far points: entries of the batched Arb fallback
     * (hkz_su2_heat_sub_multi), two tiles */
    hkz_grid_heat_init(g, HKZ_GRID_SU2_SUB);
    HKZ_TEST_OK(hkz_grid_list_set_str(g->r, "0.8:1.5:10", 0, 256));
    HKZ_TEST_OK(hkz_grid_list_set_str(g->z, "2:6:26", 0, 256));
    HKZ_TEST_OK(hkz_grid_list_set_str(g->t, "0.01,0.3", 0, 256));
    g->digits = 10;
    runs(g, "su2-sub small t");
    hkz_grid_heat_clear(g);
    flint_cleanup();
    return hkz_test_failures ? 1 : 0;
}
