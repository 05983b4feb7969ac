/* sweep.h -- private helpers of `hkz compare sweep` (cmd_compare_sweep.c)
 * that live in cli_mpi.c (not installed). */
#ifndef HKZ_CLI_SWEEP_H
#define HKZ_CLI_SWEEP_H

#include <stddef.h>

#ifdef HKZ_CLI_MPI
/* Collective: rank 0 receives the concatenation, in rank order, of every
 * rank's text mine[0..n) in *all (malloc'd, NUL-terminated; free()) with
 * its length in *len; other ranks get NULL and 0.  Returns 0 or an exit
 * code, agreed over the ranks. */
int hkz_cli_mpi_gather_text(char **all, size_t *len, const char *mine,
                            size_t n);
#endif
#endif
