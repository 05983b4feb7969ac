/* The run skeleton of opt.h: subcommand dispatch, parse, goal, outputs
 * with the run record, run, closing record, exit code. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include "hkz/dist.h"
#include "cli.h"
#include "opt_int.h"

/* Whether the run left a checkpoint to resume from (FILE, or FILE.r0
 * under MPI). */
static int has_checkpoint(const hkz_cli_run_t *r)
{
    char name[4096];
    const char *ck = hkz_cli_given(r, "checkpoint");
    struct stat st;
    if (ck == NULL)
        return 0;
    snprintf(name, sizeof(name), "%s.r0", ck);
    return stat(ck, &st) == 0 || stat(name, &st) == 0;
}

/* Prints the one-line resume hint after an interruption; only a
 * checkpoint makes --resume work. */
static void resume_hint(const hkz_cli_run_t *r)
{
    int i, has = 0;
    if (!(r->cmd->common & HKZ_CLI_RESUME) || !has_checkpoint(r))
    {
        fprintf(stderr, "hkz: interrupted\n");
        return;
    }
    for (i = 1; i < r->argc; i++)
        has |= strcmp(r->argv[i], "--resume") == 0;
    fprintf(stderr, "hkz: interrupted; resume with: hkz %s", r->path);
    for (i = 1; i < r->argc; i++)
        fprintf(stderr, " %s", r->argv[i]);
    fprintf(stderr, "%s\n", has ? "" : " --resume");
}

/* A run of a command without subcommands. */
static int run_leaf(const hkz_cli_cmd_t *cmd, const char *path, int argc,
                    char **argv)
{
    hkz_cli_run_t *r;
    void *args;
    int rc, rc2;

    r = calloc(1, sizeof(*r));
    args = calloc(1, cmd->args_size > 0 ? cmd->args_size : 1);
    if (r == NULL || args == NULL)
    {
        free(r);
        free(args);
        return hkz_cli_fail(hkz_error_set(HKZ_ERR_NOMEM, "out of memory"));
    }
    r->cmd = cmd;
    snprintf(r->path, sizeof(r->path), "%s", path);
    r->digits = 30;
    r->fmt = HKZ_FORMAT_TEXT;
    r->out = "-";
    r->argc = argc;
    r->argv = argv;
    r->t0 = hkz_cli_wtime();
    hkz_cli_utc_now(r->start_utc, sizeof(r->start_utc));
    hkz_cli_args_init(cmd, args);

    rc = hkz_cli_parse_opts(r, args, argc, argv);
    if (rc == -1)
    {
        hkz_cli_help(stdout, cmd, path);
        rc = 0;
        goto cleanup;
    }
    if (rc)
        goto cleanup;
    if (cmd->check != NULL && (rc = cmd->check(r, args)))
        goto cleanup;
    /* under MPI rank 0 alone writes; the other ranks' stdout is
       /dev/null (hkz_dist_quiet_nonroot) */
    if ((cmd->common & HKZ_CLI_OUTPUT) &&
        (rc = hkz_cli_run_open(r, &r->w, hkz_cli_rank()
                               == 0 ? r->out : "-", r->fmt)))
        goto cleanup;
    if (cmd->common & HKZ_CLI_PROGRESS)
        hkz_cli_progress_start(r);
    rc = cmd->run != NULL ? cmd->run(r, args) : 0;
    if (cmd->common & HKZ_CLI_PROGRESS)
        hkz_cli_progress_stop(r);
    if (rc == HKZ_CLI_EXIT_INTERRUPTED)
        resume_hint(r);
    /* collective: every rank gets here once run returned */
    hkz_cli_stage("run_end");
    if ((rc2 = hkz_cli_run_times(r)) && rc == 0)
        rc = rc2;
    hkz_cli_stage("times");
    if (rc == 0 && r->worst == HKZ_ERR_PREC)
    {
        fprintf(stderr, "hkz: warning: some results missed the accuracy "
                        "goal (status HKZ_ERR_PREC); they are enclosures "
                        "but wider than asked\n");
        rc = HKZ_CLI_EXIT_PREC;
    }
    /* 3 and 4: the data are complete, the file is kept; interrupted, a
       file is thrown away while rows already on stdout get their closing
       record (exit_code 130) */
    if (r->w != NULL && (rc == 0 || rc == HKZ_CLI_EXIT_PREC ||
                         rc == HKZ_CLI_EXIT_VERDICT ||
                         (rc == HKZ_CLI_EXIT_INTERRUPTED &&
                          strcmp(r->out, "-") == 0)))
    {
        if ((rc2 = hkz_cli_run_close(r, &r->w, rc)))
            rc = rc2;
        hkz_cli_stage("closed");
    }

cleanup:
    hkz_writer_abort(&r->w);
    hkz_cli_args_clear(cmd, args);
    flint_free(r->rank_times);
    free(args);
    free(r);
    return rc;
}

static int main_path(const hkz_cli_cmd_t *cmd, const char *path, int argc,
                     char **argv)
{
    char sub[64];
    slong i;

    if (cmd->sub == NULL)
        return run_leaf(cmd, path, argc, argv);
    if (argc < 2 || argv[1][0] == '-')
    {
        if (argc >= 2 && (strcmp(argv[1], "--help") == 0 ||
                          strcmp(argv[1], "-h") == 0))
        {
            if (argc > 2)
                return hkz_cli_usage_error("unexpected argument '%s' (see "
                                           "--help)", argv[2]);
            hkz_cli_help(stdout, cmd, path);
            return 0;
        }
        fprintf(stderr, "hkz: error: %s: missing subcommand (", path);
        for (i = 0; cmd->sub[i] != NULL; i++)
            fprintf(stderr, "%s%s", i ? ", " : "",
                    hkz_cli_sub_word(cmd->sub[i]));
        fprintf(stderr, "; see hkz %s --help)\n", path);
        return HKZ_CLI_EXIT_USAGE;
    }
    for (i = 0; cmd->sub[i] != NULL; i++)
        if (strcasecmp(argv[1], hkz_cli_sub_word(cmd->sub[i])) == 0)
        {
            snprintf(sub, sizeof(sub), "%s %s", path,
                     hkz_cli_sub_word(cmd->sub[i]));
            return main_path(cmd->sub[i], sub, argc - 1, argv + 1);
        }
    return hkz_cli_usage_error("%s: unknown subcommand '%s' (see hkz %s "
                               "--help)", path, argv[1], path);
}

int hkz_cli_main(const hkz_cli_cmd_t *cmd, int argc, char **argv)
{
    return main_path(cmd, cmd->name, argc, argv);
}
