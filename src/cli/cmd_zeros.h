/* cmd_zeros.h -- the rows of hkz zeros (cmd_zeros_rows.c). */
#ifndef HKZ_CMD_ZEROS_H
#define HKZ_CMD_ZEROS_H

#include "cli_ly.h"

/* The zero rows and the summary row of a driver's result z to r->w
 * (status: the driver's).  Whole results: rank 0 writes.  Part results
 * (z->part, hkz_ly_zeros_init_part): every process formats its block,
 * rank 0 writes the blocks in rank order (hkz_run_rows), then the
 * summary: the same bytes as one process.  Collective for part results.
 * 0 or an exit code. */
int hkz_cli_zeros_rows(hkz_cli_run_t *r, const hkz_ly_zeros_t z,
                       int status, const char *model);

/* Under several processes: one stderr line per rank (printed by rank 0)
 * "hkz: rank R: Z zeros, wall W s, cpu C s, max RSS M MB, then waited
 * X s": for a part result (Z: its block) the rank's own work until its
 * block was certified, then the wait for the others; for a whole one
 * (Z "-") everything so far.  Ends the progress line.  Collective; no-op for one process. */
void hkz_cli_zeros_rank_lines(hkz_cli_run_t *r, const hkz_ly_zeros_t z);

#endif
