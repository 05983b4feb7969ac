/* hkz -- command-line entry point: dispatches to the commands. */
#include <stdio.h>
#include <string.h>
#include "cli.h"

static int cmd_version(int argc, char **argv)
{
    printf("hkz %s (FLINT %s, Arb %s; MPI %s, CUDA %s)\n", hkz_version(),
           hkz_flint_version(), hkz_arb_version(), HKZ_HAVE_MPI ? "on" : "off",
           HKZ_HAVE_CUDA ? "on" : "off");
    return 0;
}

int hkz_cmd_zeros(int argc, char **argv);  /* cmd_zeros.c */
int hkz_cmd_track(int argc, char **argv);  /* cmd_track.c */

/* One line per command; add new commands here. */
static const hkz_cli_command_t commands[] = {
    {"heat", "certified heat kernels on SU(2) (su2, su2-sub, su2-milnor)",
     hkz_cmd_heat},
    {"dist", "certified distances from e on SU(2) (riem, cc)", hkz_cmd_dist},
    {"product", "certified heat kernels and distances on SU(2)^n, "
     "SU(2)^infinity", hkz_cmd_product},
    {"compare", "comparison experiments X1-X8 and sweep (spec 6.4)",
     hkz_cmd_compare},
    {"report", "default experiment: a short certified SU(2) report",
     hkz_cmd_report},
    {"dos", "exact density of states g(M, E) of an Ising model", hkz_cmd_dos},
    {"zeros", "certified Lee-Yang zeros (cw, graph, lattice)", hkz_cmd_zeros},
    {"track", "certified Lee-Yang zero trajectories in a coupling (cw, edge)",
     hkz_cmd_track},
    {"version", "print the version", cmd_version},
};

static void usage(FILE *f)
{
    size_t i;
    fprintf(f, "usage: hkz <command> [options]   (hkz <command> --help)\n\n"
               "commands:\n");
    for (i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
        fprintf(f, "  %-9s %s\n", commands[i].name, commands[i].summary);
    fprintf(f, "\nNormalization: %s.\n", hkz_normalization());
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
        usage(stdout);
        return 0;
    }
    if (strcmp(argv[1], "--version") == 0)
        return cmd_version(argc - 1, argv + 1);
    for (i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
        if (strcmp(argv[1], commands[i].name) == 0)
        {
            rc = commands[i].run(argc - 1, argv + 1);
            flint_cleanup();
            return rc;
        }
    return hkz_cli_usage_error("unknown command '%s' (see hkz --help)",
                               argv[1]);
}

int main(int argc, char **argv)
{
    int rc;
#ifdef HKZ_CLI_MPI
    if (hkz_cli_mpi_init(&argc, &argv))
        return HKZ_CLI_EXIT_RUNTIME;
#endif
    rc = run_main(argc, argv);
#ifdef HKZ_CLI_MPI
    hkz_cli_mpi_finalize();
#endif
    return rc;
}
