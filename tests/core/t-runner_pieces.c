/* The cuts and the claims of the runner (hkz/runner.h), at random sizes
 * and costs: the cuts cover 0..m in order, none empty while units last,
 * every part near its share of the cost; the claims of one process take
 * its share in order.  (Several ranks: tests/cli/track_mpi.sh and
 * tests/ly_mpi, where the pieces of every rank give one process's bytes.) */
#include "hkz_test.h"
#include "hkz/runner.h"

int main(void)
{
    flint_rand_t state;
    slong iter;

    hkz_test_rand_init(state);
    for (iter = 0; iter < hkz_test_iters(2000); iter++)
    {
        slong m = n_randint(state, 60), np = 1 + n_randint(state, 20), k, j;
        slong *b = flint_malloc(sizeof(slong) * (np + 1));
        slong *idx = flint_malloc(sizeof(slong) * (m + 1));
        double *c = flint_malloc(sizeof(double) * (2 * m + 1)), all = 0,
               cmax = 0;
        int use_idx = n_randint(state, 2), use_c = n_randint(state, 4) > 0;
        for (j = 0; j < 2 * m; j++)
            c[j] = 0.01 + (double) n_randint(state, 1000);
        for (j = 0; j < m; j++)
            idx[j] = 2 * j + (slong) n_randint(state, 2);
#define CU(j) (use_c ? c[use_idx ? idx[j] : (j)] : 1.0)
        for (j = 0; j < m; j++)
        {
            all += CU(j);
            cmax = FLINT_MAX(cmax, CU(j));
        }
        hkz_run_cuts(b, np, use_c ? c : NULL, use_idx ? idx : NULL, m);
        HKZ_TEST_CHECK(b[0] == 0 && b[np] == m, "cuts: ends %ld %ld",
                       (long) b[0], (long) b[np]);
        for (k = 0; k < np; k++)
        {
            double part = 0;
            HKZ_TEST_CHECK(b[k + 1] >= b[k] + (np <= m), "cuts: m %ld np "
                           "%ld part %ld = [%ld, %ld)", (long) m, (long) np,
                           (long) k, (long) b[k], (long) b[k + 1]);
            for (j = b[k]; j < b[k + 1]; j++)
                part += CU(j);
            /* a cut moves by at most a unit from the goal, and by at
             * most np units to keep the parts non-empty */
            if (np <= m && cmax * np < all / np)
                HKZ_TEST_CHECK(part <= all / np + 2 * np * cmax && part >=
                               all / np - 2 * np * cmax, "cuts: part %ld "
                               "costs %g of %g", (long) k, part, all);
        }
#undef CU
        {
            /* claims of one process: its share in order, then none */
            slong k0 = 3, k1 = 3 + np, mine = 0, kk;
            int owner = 0;
            for (k = 0; k <= np; k++)
            {
                HKZ_TEST_OK(hkz_run_claim(&kk, &owner, NULL, &k0, &k1, 1,
                                          &mine));
                HKZ_TEST_CHECK(kk == (k < np ? k0 + k : -1) && owner ==
                               (k < np ? 0 : -1), "claim %ld: %ld (owner "
                               "%d)", (long) k, (long) kk, owner);
            }
        }
        flint_free(b);
        flint_free(idx);
        flint_free(c);
    }
    HKZ_TEST_END("core.runner_pieces");
}
