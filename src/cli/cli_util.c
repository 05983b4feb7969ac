/* Shared CLI helpers: errors and exit codes, exact number parsing, the
 * command line, double records. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "cli.h"

int hkz_cli_rank(void)
{
    return hkz_run_rank(hkz_dist_world());
}

int hkz_cli_size(void)
{
    return hkz_run_size(hkz_dist_world());
}

void hkz_cli_stage(const char *name)
{
    hkz_cli_stage_at(name, hkz_cli_wtime());
}

void hkz_cli_stage_at(const char *name, double t)
{
    const char *v = getenv("HKZ_STAGES");
    FILE *f;
    if (v == NULL || v[0] == '\0')
        return;
    /* ranks other than 0 write no stderr: a path collects every rank */
    f = strcmp(v, "1") == 0 ? stderr : fopen(v, "a");
    if (f == NULL)
        return;
    fprintf(f, "hkz: stage %s rank %d at %.3f s\n", name, hkz_cli_rank(), t);
    if (f == stderr)
        fflush(f);
    else
        fclose(f);
}

int hkz_cli_resume_error(void)
{
    const char *m = hkz_errmsg();
    /* another rank's message names it ("rank R: ..."): as it is */
    if (strncmp(m, "rank ", 5) == 0)
        return hkz_cli_usage_error("%s", m);
    return hkz_cli_usage_error("--resume: %s", m);
}

int hkz_cli_agree(int rc, int report)
{
    int all = hkz_run_agree(hkz_dist_world(), rc);
    if (report && all != 0 && rc == 0 && hkz_cli_rank() == 0)
        fprintf(stderr, "hkz: error: %s\n", hkz_errmsg());
    return all;
}

int hkz_cli_usage_error(const char *fmt, ...)
{
    va_list ap;
    fputs("hkz: error: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    return HKZ_CLI_EXIT_USAGE;
}

int hkz_cli_path_writable(const char *opt, const char *path)
{
    char dir[4096];
    struct stat st;
    const char *slash = strrchr(path, '/');
    size_t n;

    if (path[0] == '\0')
        return hkz_cli_usage_error("%s: empty path", opt);
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
        return hkz_cli_usage_error("%s: '%s' is a directory", opt, path);
    /* files are written as PATH.tmp, then renamed: the folder must take
       new files */
    n = slash == NULL ? 1 : slash == path ? 1 : (size_t) (slash - path);
    if (n >= sizeof(dir))
        return hkz_cli_usage_error("%s: path too long", opt);
    memcpy(dir, slash == NULL ? "." : path, n);
    dir[n] = '\0';
    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode))
        return hkz_cli_usage_error("%s: no folder '%s' for '%s'", opt, dir,
                                   path);
    if (access(dir, W_OK | X_OK) != 0)
        return hkz_cli_usage_error("%s: folder '%s' is not writable", opt,
                                   dir);
    return 0;
}

int hkz_cli_exit_code(int status)
{
    switch (status)
    {
    case HKZ_SUCCESS:
        return HKZ_CLI_EXIT_OK;
    case HKZ_ERR_ARG:
    case HKZ_ERR_DOMAIN:
    case HKZ_ERR_TOO_LARGE:
    case HKZ_ERR_CHECKPOINT:
        return HKZ_CLI_EXIT_USAGE;
    case HKZ_ERR_PREC:
        return HKZ_CLI_EXIT_PREC;
    case HKZ_ERR_INTERRUPTED:
        return HKZ_CLI_EXIT_INTERRUPTED;
    default:
        return HKZ_CLI_EXIT_RUNTIME;
    }
}

int hkz_cli_fail(int status)
{
    const char *msg = hkz_errmsg();
    /* HKZ_ERR_UNSUPPORTED also covers cases the library has no method for
     * (e.g. a pair of weight families without a closed form): its generic
     * text "feature not built (CUDA/MPI/NCCL)" would mislead, so the
     * detail message says what is unsupported */
    if (status == HKZ_ERR_INTERRUPTED)
        fprintf(stderr, "hkz: %s\n", msg[0] != '\0' ? msg :
                hkz_strerror(status));
    else if (status == HKZ_ERR_UNSUPPORTED)
        fprintf(stderr, "hkz: error: unsupported: %s\n", msg[0] != '\0' ?
                msg : hkz_strerror(status));
    else
        fprintf(stderr, "hkz: error: %s: %s\n", hkz_strerror(status), msg);
    return hkz_cli_exit_code(status);
}

int hkz_cli_ball(arb_t x, const char *opt, const char *s, slong prec)
{
    if (hkz_ball_set_str(x, s, prec) != HKZ_SUCCESS)
        return hkz_cli_usage_error("%s: %s", opt, hkz_errmsg());
    return 0;
}

int hkz_cli_slong(slong *x, const char *opt, const char *s, slong lo,
                  slong hi)
{
    char *end;
    long long v;
    if (s == NULL || s[0] == '\0')
        return hkz_cli_usage_error("%s: missing integer", opt);
    v = strtoll(s, &end, 10);
    if (*end != '\0')
        return hkz_cli_usage_error("%s: not an integer: '%s'", opt, s);
    if (v < lo || v > hi)
        return hkz_cli_usage_error("%s: %s out of range [%ld, %ld]", opt, s,
                                   (long) lo, (long) hi);
    *x = (slong) v;
    return 0;
}

static char hkz_cli_cmdline[2048];

void hkz_cli_set_command_line(int argc, char **argv)
{
    size_t n = 0;
    int i;
    hkz_cli_cmdline[0] = '\0';
    for (i = 0; i < argc && n + 2 < sizeof(hkz_cli_cmdline); i++)
        n += snprintf(hkz_cli_cmdline + n, sizeof(hkz_cli_cmdline) - n,
                      "%s%s", i ? " " : "", argv[i]);
}

const char *hkz_cli_command_line(void)
{
    return hkz_cli_cmdline;
}

slong hkz_cli_input_prec(const hkz_goal_t *goal)
{
    return goal->max_prec + 64;
}

#define HKZ_CLI_MAX_FIELDS 32

int hkz_cli_emit_double(hkz_writer_t *w, const hkz_field_t *inputs,
                        slong nin, double value)
{
    hkz_field_t f[HKZ_CLI_MAX_FIELDS];
    char buf[40];
    slong n = nin;
    int s;

    if (nin + 6 > HKZ_CLI_MAX_FIELDS)
        return hkz_cli_fail(hkz_error_set(HKZ_ERR_INTERNAL, "too many "
                                          "fields"));
    memcpy(f, inputs, nin * sizeof(hkz_field_t));
    snprintf(buf, sizeof(buf), "%.17g", value);
    f[n++] = HKZ_FSTR("value", buf);
    f[n++] = HKZ_FDBL("mid", value);
    f[n++] = HKZ_FDBL("rad", 0.0 / 0.0);
    f[n++] = HKZ_FINT("rel_acc_bits", -1);
    f[n++] = HKZ_FBOOL("certified", 0);
    f[n++] = HKZ_FSTR("status", "double");
    s = hkz_writer_record(w, f, n);
    return s == HKZ_SUCCESS ? 0 : hkz_cli_fail(s);
}
