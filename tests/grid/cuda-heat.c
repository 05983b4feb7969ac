/* Grid entries on the CUDA engine against the certified scalar path
 * (label gpu; exit 77 without a device): su2 and su2-sub. */
#include "grid_test.h"
#include "hkz/cuda.h"

static int check(const hkz_grid_heat_t g, const char *what)
{
    grid_collect_t c;
    hkz_grid_summary_t s;
    hkz_grid_opts_t o;
    slong k, bits = hkz_digits_to_bits(g->digits);
    arb_t ref;
    int st;

    arb_init(ref);
    hkz_grid_opts_init(&o);
    o.device = HKZ_BACKEND_CUDA;
    HKZ_TEST_OK(grid_run_collect(&c, &s, g, &o));
    HKZ_TEST_CHECK(s.backend == HKZ_BACKEND_CUDA && s.engine > 0,
                   "%s: backend %d, %ld engine entries", what, s.backend,
                   (long) s.engine);
    printf("%s: %ld entries, %ld engine, %ld scalar\n", what,
           (long) s.entries, (long) s.engine, (long) s.scalar);
    for (k = 0; k < c.P * c.T; k++)
    {
        const arb_struct *t = g->t->v + k % c.T;
        slong p = k / c.T;
        st = g->kind == HKZ_GRID_SU2
             ? hkz_su2_heat_bi(ref, t, g->alpha->v + p, 0, 200)
             : hkz_su2_heat_sub(ref, t, g->r->v + p / g->z->n,
                                g->z->v + p % g->z->n, 0, 200);
        HKZ_TEST_CHECK(st == HKZ_SUCCESS && arb_overlaps(ref, c.v + k)
                       && arb_rel_accuracy_bits(c.v + k) >= bits,
                       "%s: entry %ld", what, (long) k);
    }
    grid_collect_clear(&c);
    arb_clear(ref);
    return 0;
}

int main(void)
{
    hkz_grid_heat_t g;
    int n = 0;

    if (hkz_cuda_register() != HKZ_SUCCESS ||
        hkz_cuda_device_count(&n) != HKZ_SUCCESS || n == 0)
    {
        printf("no CUDA device: skipped\n");
        return 77;
    }
    hkz_grid_heat_init(g, HKZ_GRID_SU2);
    HKZ_TEST_OK(hkz_grid_list_set_str(g->alpha, "0:3.1:300", 0, 256));
    HKZ_TEST_OK(hkz_grid_list_set_str(g->t, "0.05:2:7", 0, 256));
    g->digits = 9;
    check(g, "su2 (cuda)");
    hkz_grid_heat_clear(g);
    hkz_grid_heat_init(g, HKZ_GRID_SU2_SUB);
    HKZ_TEST_OK(hkz_grid_list_set_str(g->r, "0:1.5:12", 0, 256));
    HKZ_TEST_OK(hkz_grid_list_set_str(g->z, "-3:3:25", 0, 256));
    HKZ_TEST_OK(hkz_grid_list_set_str(g->t, "0.2,0.7,1.5", 0, 256));
    g->digits = 8;
    check(g, "su2-sub (cuda)");
    hkz_grid_heat_clear(g);
    flint_cleanup();
    return hkz_test_failures ? 1 : 0;
}
