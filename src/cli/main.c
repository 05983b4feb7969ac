/* hkz -- command-line entry point: a thin dispatcher over the table of
 * commands.  Commands declared with opt.h run through hkz_cli_main (the
 * run skeleton); `hkz --man` writes the manual page from the same tables. */
#include <stdio.h>
#include <string.h>
#include "hkz/dist.h"
#include "cli.h"
#ifdef HKZ_CLI_CUDA
#include "hkz/cuda.h"
#endif

static int run_version(hkz_cli_run_t *r, void *args)
{
    printf("hkz %s (FLINT %s, Arb %s; MPI %s, CUDA %s; git %s)\n",
           hkz_version(), hkz_flint_version(), hkz_arb_version(),
           HKZ_HAVE_MPI ? "on" : "off", HKZ_HAVE_CUDA ? "on" : "off",
           hkz_cli_git_revision());
    return 0;
}

const hkz_cli_cmd_t hkz_cli_version = {
    .name = "version", .summary = "print the version",
    .description = "Prints the hkz, FLINT and Arb versions, the build "
    "options and the git revision.\n", .run = run_version};

extern const hkz_cli_cmd_t hkz_cli_zeros;  /* cmd_zeros.c */
extern const hkz_cli_cmd_t hkz_cli_track;  /* cmd_track.c */

/* The commands, in the order of hkz --help and the man page; add new
 * commands here (declared with opt.h). */
static const hkz_cli_cmd_t *const commands[] = {
    &hkz_cli_heat, &hkz_cli_dist, &hkz_cli_grid, &hkz_cli_product,
    &hkz_cli_compare, &hkz_cli_report, &hkz_cli_dos, &hkz_cli_zeros,
    &hkz_cli_track, &hkz_cli_bench, &hkz_cli_version, NULL};

static void usage(FILE *f)
{
    size_t i;
    fprintf(f, "usage: hkz <command> [options]   (hkz <command> --help)\n\n"
               "commands:\n");
    for (i = 0; commands[i] != NULL; i++)
        fprintf(f, "  %-9s %s\n", commands[i]->name, commands[i]->summary);
    fprintf(f, "\nNormalization: %s.\n\nExit codes: 0 ok; 1 runtime error; "
               "2 usage error, too large for the method\nor checkpoint "
               "mismatch; 3 accuracy goal missed; 4 verdict FAIL; 130 "
               "interrupted.\n", hkz_normalization());
}

static int run_main(int argc, char **argv)
{
    size_t i;
    int rc;

    hkz_cli_set_command_line(argc, argv);
    if (argc < 2)
    {
        usage(stderr);
        return HKZ_CLI_EXIT_USAGE;
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 ||
        strcmp(argv[1], "help") == 0)
    {
        if (argc > 2)
            return hkz_cli_usage_error("unexpected argument '%s' (see "
                                       "hkz --help)", argv[2]);
        usage(stdout);
        return 0;
    }
    if (strcmp(argv[1], "--version") == 0)
        return hkz_cli_main(&hkz_cli_version, argc - 1, argv + 1);
    if (strcmp(argv[1], "--man") == 0 && argc == 2)
    {   /* hidden: the manual page hkz.1 (roff), generated at build time */
        hkz_cli_man(stdout, commands);
        return 0;
    }
    for (i = 0; commands[i] != NULL; i++)
        if (strcmp(argv[1], commands[i]->name) == 0)
        {
            rc = hkz_cli_main(commands[i], argc - 1, argv + 1);
            flint_cleanup();
            return rc;
        }
    return hkz_cli_usage_error("unknown command '%s' (see hkz --help)",
                               argv[1]);
}

int main(int argc, char **argv)
{
    int rc;
    /* the world (hkz/dist.h: MPI ranks with -DHKZ_MPI=ON, one process
     * without); rank 0 alone writes */
    if (hkz_dist_init(&argc, &argv) != HKZ_SUCCESS ||
        hkz_dist_quiet_nonroot() != HKZ_SUCCESS
#ifdef HKZ_CLI_CUDA
        /* every GPU hook of the library (engine, su2mix, Ising DOS) */
        || hkz_cuda_register() != HKZ_SUCCESS
#endif
        )
    {
        fprintf(stderr, "hkz: error: %s\n", hkz_errmsg());
        return HKZ_CLI_EXIT_RUNTIME;
    }
    hkz_cli_stage("start");
    rc = run_main(argc, argv);
    hkz_cli_stage("main_end");
    hkz_dist_finalize();
    hkz_cli_stage("finalized");
    return rc;
}
