/* Work cut by cost and balanced at run time (hkz/runner.h): the cuts of
 * hkz_run's blocks and of the pieces that ranks take as they go (the zero
 * lists of ising/zeros, the trajectories of ising/track). */
#include "hkz/runner.h"
#include "hkz/status.h"

void hkz_run_cuts(slong *b, slong np, const double *cost, const slong *idx,
                  slong m)
{
    double all = 0, acc = 0;
    slong i = 0, k;
#define COST(j) (cost != NULL ? cost[idx != NULL ? idx[j] : (j)] : 1.0)
    for (k = 0; k < m; k++)
        all += COST(k);
    b[0] = 0;
    for (k = 1; k < np; k++)
    {
        /* the first unit whose middle passes k/np of the whole; then at
         * least one unit per part while units last */
        double goal = all * (double) k / (double) np;
        for (; i < m && acc + 0.5 * COST(i) < goal; i++)
            acc += COST(i);
        b[k] = FLINT_MAX(FLINT_MIN(FLINT_MAX(i, b[k - 1] + 1),
                                   m - (np - k)), b[k - 1]);
    }
#undef COST
    b[np] = m;
}

int hkz_run_claim(slong *k, int *owner, hkz_dist_counters_t c,
                  const slong *k0, const slong *k1, int size, slong *mine)
{
    slong old, best, left;
    int r, st;
    *k = -1;
    while (*owner >= 0)
    {
        if (c == NULL)
            old = (*mine)++;    /* this process alone */
        else if ((st = hkz_dist_counters_add(c, *owner, 1, &old)))
            return st;
        if (old < k1[*owner] - k0[*owner])
        {
            *k = k0[*owner] + old;
            return HKZ_SUCCESS;
        }
        /* this share is used up: the one with the most left */
        best = 0;
        *owner = -1;
        for (r = 0; r < size && c != NULL; r++)
        {
            if ((st = hkz_dist_counters_add(c, r, 0, &old)))
                return st;
            left = k1[r] - k0[r] - old;
            if (left > best)
            {
                best = left;
                *owner = r;
            }
        }
    }
    return HKZ_SUCCESS;
}
