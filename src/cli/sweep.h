/* sweep.h -- how `hkz compare sweep` and `hkz compare X8` split their work
 * over the ranks through hkz/dist.h (not installed): rank, contiguous
 * blocks, exit codes agreed over the ranks (the lowest failing rank's,
 * its message printed by rank 0), records gathered on rank 0 in rank
 * order.  One rank without MPI. */
#ifndef HKZ_CLI_SWEEP_H
#define HKZ_CLI_SWEEP_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "hkz/dist.h"
#include "cli.h"

static inline int hkz_cmp2_rank(void)
{
    return hkz_dist_rank(hkz_dist_world());
}

/* This rank's block [*lo, *hi) of [0, n). */
static inline void hkz_cmp2_block(slong *lo, slong *hi, slong n)
{
    hkz_dist_t d = hkz_dist_world();
    hkz_dist_block(lo, hi, 0, n, hkz_dist_rank(d), hkz_dist_size(d));
}

/* Collective: the exit code of the lowest failing rank on every rank;
 * with report, rank 0 prints "hkz: error: rank R: <message>" when it did
 * not fail itself (a failing rank printed its own line, to /dev/null on
 * ranks other than 0). */
static inline int hkz_cmp2_agree(int rc, int report)
{
    int all = hkz_dist_agree(hkz_dist_world(), rc);
    if (report && all != 0 && rc == 0 && hkz_cmp2_rank() == 0)
        fprintf(stderr, "hkz: error: %s\n", hkz_errmsg());
    return all;
}

/* Collective: rank 0 gets every rank's records in rank order (*all:
 * flint_free); 0 or an exit code, agreed. */
static inline int hkz_cmp2_gather(char **all, size_t *len, const char *mine,
                                  size_t n)
{
    int s = hkz_dist_gather(hkz_dist_world(), all, len, mine, n);
    return s == HKZ_SUCCESS ? 0 : hkz_cli_fail(s);
}

#endif
