/* The command-line tool over ranks (issue 3, issue 10): thin wrappers of
 * hkz/dist.h (libhkz; MPI with -DHKZ_MPI=ON, one rank without) under the
 * names that the commands use.  No MPI call here.
 *
 * (hkz zeros and hkz track use hkz/dist.h directly, cli_ly.c; the
 * tracker's records are hkz_ly_track_pack / unpack of the library.) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "hkz/dist.h"
#include "cli.h"
#include "sweep.h"

int hkz_cli_mpi_init(int *argc, char ***argv)
{
    if (hkz_dist_init(argc, argv) != HKZ_SUCCESS)
    {
        fprintf(stderr, "hkz: error: %s\n", hkz_errmsg());
        return 1;
    }
    /* rank 0 alone writes data and errors (every rank parses the same
     * command line, so usage errors are the same everywhere) */
    return hkz_dist_quiet_nonroot() != HKZ_SUCCESS;
}

void hkz_cli_mpi_finalize(void)
{
    hkz_dist_finalize();
}

int hkz_cli_mpi_rank(void)
{
    return hkz_dist_rank(hkz_dist_world());
}

int hkz_cli_mpi_size(void)
{
    return hkz_dist_size(hkz_dist_world());
}

void hkz_cli_mpi_block(slong *lo, slong *hi, slong j0, slong j1)
{
    hkz_dist_block(lo, hi, j0, j1, hkz_cli_mpi_rank(), hkz_cli_mpi_size());
}

int hkz_cli_mpi_agree(int rc, int report)
{
    int all = hkz_dist_agree(hkz_dist_world(), rc);
    /* rank 0 did not fail: it reports the first rank that did ("rank R:
     * message") */
    if (report && all != 0 && rc == 0 && hkz_cli_mpi_rank() == 0)
        fprintf(stderr, "hkz: error: %s\n", hkz_errmsg());
    return all;
}

int hkz_cli_mpi_gather_text(char **all, size_t *len, const char *mine,
                            size_t n)
{
    char *g = NULL;
    int st, rc = 0;
    *all = NULL;
    *len = 0;
    st = hkz_dist_gather(hkz_dist_world(), &g, len, mine, n);
    if (st != HKZ_SUCCESS)
        rc = hkz_cli_fail(st);
    else if (g != NULL)
    {
        /* the callers release with free() */
        *all = malloc(*len + 1);
        if (*all != NULL)
            memcpy(*all, g, *len + 1);
        else
            rc = hkz_cli_fail(hkz_error_set(HKZ_ERR_NOMEM, "cannot gather "
                                            "the results on rank 0"));
    }
    flint_free(g);
    if (rc != 0)
    {
        free(*all);
        *all = NULL;
        *len = 0;
    }
    return hkz_cli_mpi_agree(rc, 0);
}
