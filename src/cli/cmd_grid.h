/* cmd_grid.h -- shared state of hkz grid heat (cmd_grid.c, cmd_grid_out.c;
 * not installed). */
#ifndef HKZ_CMD_GRID_H
#define HKZ_CMD_GRID_H

#include "cli.h"
#include "hkz/grid.h"

typedef struct
{
    /* options (the framework fills them) */
    const char *t, *alpha, *r, *z, *weights, *gfile, *points;
    const char *dweights, *sweights, *checkpoint;
    int device, shard, overlap, scalar;   /* CHOICE: the library's enums */
    int log, resume, force;
    slong block, threads;
    /* state */
    hkz_grid_heat_t grid;
    int have_grid;
    hkz_h5_t h5;              /* --out FILE.h5 */
    hkz_cli_run_t *run;
    int sink_rc;              /* first failure of the sink */
} grid_args_t;

/* Opens the output named by --out (HDF5 when it ends in ".h5", else the
 * text/csv/jsonl writer r->w with the run record) and sets o's sink.
 * 0 or an exit code. */
int hkz_cli_grid_out_open(hkz_cli_run_t *r, grid_args_t *a,
                          hkz_grid_opts_t *o);
/* Finishes the HDF5 file (summary attributes, rename); r->w is closed by
 * the run skeleton.  0 or an exit code. */
int hkz_cli_grid_out_close(hkz_cli_run_t *r, grid_args_t *a,
                           const hkz_grid_summary_t *s);
/* Removes a partial HDF5 file. */
void hkz_cli_grid_out_abort(grid_args_t *a);

#endif
