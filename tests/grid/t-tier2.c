/* The fixed-point tier in su2-sub grids on CPUs (HKZ_GRID_TIER2=1) at
 * random small grids with small t: every ball overlaps that of a run
 * without the tier (the double engine or the certified scalar path) and
 * meets the goal (or is below it as without the tier),
 * the tier certifies entries, and the summary's tier counts add up. */
#include <stdlib.h>
#include <stdio.h>
#include "grid_test.h"
#include "hkz/goal.h"

int main(void)
{
    flint_rand_t st;
    slong iter;

    hkz_test_rand_init(st);
    for (iter = 0; iter < hkz_test_iters(1); iter++)
    {
        hkz_grid_heat_t g;
        hkz_grid_opts_t o;
        hkz_grid_summary_t s0, s1;
        grid_collect_t c0, c1;
        char buf[64];
        slong k, bits;
        hkz_grid_heat_init(g, HKZ_GRID_SU2_SUB);
        snprintf(buf, sizeof(buf), "0.%ld:1.5:2", 1 + (long) n_randint(st, 8));
        HKZ_TEST_OK(hkz_grid_list_set_str(g->r, buf, 0, 256));
        snprintf(buf, sizeof(buf), "%ld:6:3", (long) n_randint(st, 3));
        HKZ_TEST_OK(hkz_grid_list_set_str(g->z, buf, 0, 256));
        HKZ_TEST_OK(hkz_grid_list_set_str(g->t, "0.02,0.05,0.3", 0,
                                          256));
        g->digits = 8 + 2 * (slong) n_randint(st, 3);
        bits = hkz_digits_to_bits(g->digits);
        setenv("HKZ_GRID_TIER2", "0", 1);
        hkz_grid_opts_init(&o);
        o.device = HKZ_BACKEND_CPU;
        HKZ_TEST_OK(grid_run_collect(&c0, &s0, g, &o));
        setenv("HKZ_GRID_TIER2", "1", 1);
        hkz_grid_opts_init(&o);
        o.device = HKZ_BACKEND_CPU;
        HKZ_TEST_OK(grid_run_collect(&c1, &s1, g, &o));
        printf("digits %ld: %ld entries: engine %ld, tier2 %ld, scalar %ld "
               "(without the tier: engine %ld, scalar %ld)\n",
               (long) g->digits, (long) s1.entries,
               (long) s1.certified_engine, (long) s1.certified_tier2,
               (long) s1.certified_scalar, (long) s0.certified_engine,
               (long) s0.certified_scalar);
        HKZ_TEST_CHECK(s0.certified_tier2 == 0 && s1.certified_tier2 > 0,
                       "tier counts %ld, %ld", (long) s0.certified_tier2,
                       (long) s1.certified_tier2);
        HKZ_TEST_CHECK(s1.certified_engine + s1.certified_tier2
                       + s1.certified_scalar + s1.below_goal == s1.entries
                       && s1.below_goal == s1.missed
                       && s1.below_goal <= s0.below_goal
                       && s1.certified_engine == s0.certified_engine,
                       "summary counts");
        for (k = 0; k < c1.P * c1.T; k++)
        {
            /* c0: the double engine or the certified scalar path */
            HKZ_TEST_CHECK(arb_overlaps(c0.v + k, c1.v + k)
                           && (c1.flags[k] == 7 /* below the goal */
                               || arb_rel_accuracy_bits(c1.v + k) >= bits),
                           "iter %ld: entry %ld", (long) iter, (long) k);
        }
        grid_collect_clear(&c0);
        grid_collect_clear(&c1);
        hkz_grid_heat_clear(g);
    }
    unsetenv("HKZ_GRID_TIER2");
    hkz_rand_clear(st);
    HKZ_TEST_END("grid.tier2");
}
