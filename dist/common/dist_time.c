/* Wall-clock time and the per-rank timing (straggler) line. */
#include <stdio.h>
#include <time.h>
#include "dist_common.h"

double hkz_dist_wtime(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double) ts.tv_sec + 1e-9 * (double) ts.tv_nsec;
}

int hkz_dist_times_format(char *buf, size_t n, const double *all, int size)
{
    double mn, mx;
    int r, rmax = 0;
    if (all == NULL || size < 1)
        return snprintf(buf, n, "ranks 0");
    if (size == 1)
        return snprintf(buf, n, "ranks 1: %.3g s", all[0]);
    mn = mx = all[0];
    for (r = 1; r < size; r++)
    {
        if (all[r] < mn)
            mn = all[r];
        if (all[r] > mx)
        {
            mx = all[r];
            rmax = r;
        }
    }
    if (mn > 0)
        return snprintf(buf, n, "ranks %d: min %.3g s, max %.3g s (rank %d), "
                        "imbalance %.3g", size, mn, mx, rmax, mx / mn);
    return snprintf(buf, n, "ranks %d: min %.3g s, max %.3g s (rank %d)",
                    size, mn, mx, rmax);
}
