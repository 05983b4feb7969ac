/* The output policy of a command-line tool over ranks: rank 0 alone
 * writes. */
#include <stdio.h>
#include "dist_common.h"

int hkz_dist_quiet_nonroot(void)
{
    if (hkz_dist_rank(hkz_dist_world()) == 0)
        return HKZ_SUCCESS;
    fflush(stdout);
    fflush(stderr);
    if (freopen("/dev/null", "w", stdout) == NULL ||
        freopen("/dev/null", "w", stderr) == NULL)
        return hkz_error_set(HKZ_ERR_IO, "hkz_dist_quiet_nonroot: cannot "
                             "redirect the output of rank %d",
                             hkz_dist_rank(hkz_dist_world()));
    return HKZ_SUCCESS;
}
