/* sweep.h -- how `hkz compare sweep` and `hkz compare X8` split their work
 * over processes (not installed): rank, size, contiguous blocks, exit
 * codes agreed over the ranks, records gathered on rank 0 in rank order.
 * One process without MPI. */
#ifndef HKZ_CLI_SWEEP_H
#define HKZ_CLI_SWEEP_H

#include <stdlib.h>
#include <string.h>
#include "cli.h"

#ifdef HKZ_CLI_MPI
/* Collective: rank 0 receives the concatenation, in rank order, of every
 * rank's text mine[0..n) in *all (malloc'd, NUL-terminated; free()) with
 * its length in *len; other ranks get NULL and 0.  Returns 0 or an exit
 * code, agreed over the ranks (cli_mpi.c). */
int hkz_cli_mpi_gather_text(char **all, size_t *len, const char *mine,
                            size_t n);
#endif

static inline int hkz_cmp2_rank(void)
{
#ifdef HKZ_CLI_MPI
    return hkz_cli_mpi_rank();
#else
    return 0;
#endif
}

/* This rank's block [*lo, *hi) of [0, n). */
static inline void hkz_cmp2_block(slong *lo, slong *hi, slong n)
{
    *lo = 0;
    *hi = n;
#ifdef HKZ_CLI_MPI
    hkz_cli_mpi_block(lo, hi, 0, n);
#endif
}

/* Collective: the largest exit code over the ranks; with report, rank 0
 * prints the message of the first failing rank when it did not fail. */
static inline int hkz_cmp2_agree(int rc, int report)
{
#ifdef HKZ_CLI_MPI
    return hkz_cli_mpi_agree(rc, report);
#else
    (void) report;
    return rc;
#endif
}

/* Collective: rank 0 gets every rank's text in rank order (free()). */
static inline int hkz_cmp2_gather(char **all, size_t *len, const char *mine,
                                  size_t n)
{
#ifdef HKZ_CLI_MPI
    return hkz_cli_mpi_gather_text(all, len, mine, n);
#else
    *all = malloc(n + 1);
    if (*all == NULL)
        return hkz_cli_fail(hkz_error_set(HKZ_ERR_NOMEM, "out of memory"));
    if (n > 0)
        memcpy(*all, mine, n);
    (*all)[n] = '\0';
    *len = n;
    return 0;
#endif
}

#endif
