/* hkz report: the built-in default experiment (hkz_report_su2 of
 * hkz/report.h), printed as text on stdout and written as JSON Lines (or
 * CSV) to notebooks_data/report/su2_report.jsonl or --out. */
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include "cli.h"
#include "hkz/report.h"

#define REPORT_OUT "notebooks_data/report/su2_report.jsonl"

/* The rows to the file writer w (inputs, value, mid, rad, rel_acc_bits,
 * certified, status) and (quantity, agreement, value ...) as text to
 * stdout. */
static int write_rows(hkz_cli_run_t *r, hkz_writer_t *w,
                      const hkz_compare_result_t *res)
{
    hkz_writer_t *txt = NULL;
    slong i, n;
    int rc = 0, s = hkz_writer_open(&txt, "-", HKZ_FORMAT_TEXT);
    if (s != HKZ_SUCCESS)
        return hkz_cli_fail(s);
    for (i = 0; i < hkz_table_nrows(res->rows) && rc == 0; i++)
    {
        const hkz_field_t *f = hkz_table_row(res->rows, i, &n);
        hkz_field_t t[2];
        if (n != 8)
            return hkz_cli_fail(hkz_error_set(HKZ_ERR_INTERNAL, "report: "
                                              "bad row"));
        t[0] = f[0];   /* quantity */
        t[1] = f[5];   /* agrees_with_reference */
        r->w = w;
        rc = hkz_cli_emit_value(r, f, 6, f[6].ball, (int) f[7].i);
        r->w = txt;
        if (rc == 0)
            rc = hkz_cli_emit_value(r, t, 2, f[6].ball, (int) f[7].i);
        r->w = NULL;
    }
    if (rc == 0 && (s = hkz_writer_close(&txt)) != HKZ_SUCCESS)
        rc = hkz_cli_fail(s);
    hkz_writer_abort(&txt);
    return rc;
}

/* Whether the common option --name was on the command line. */
static int given(const hkz_cli_run_t *r, const char *name)
{
    size_t n = strlen(name);
    int i;
    for (i = 1; i < r->argc; i++)
        if (strncmp(r->argv[i], "--", 2) == 0 &&
            strncmp(r->argv[i] + 2, name, n) == 0 &&
            (r->argv[i][n + 2] == '\0' || r->argv[i][n + 2] == '='))
            return 1;
    return 0;
}

static int run_report(hkz_cli_run_t *r, void *args)
{
    hkz_compare_result_t res;
    hkz_writer_t *w = NULL;
    const char *out = given(r, "out") ? r->out : REPORT_OUT;
    hkz_format_t fmt = r->fmt;
    int rc, s;

    (void) args;
    if (fmt == HKZ_FORMAT_TEXT && given(r, "format"))
        return hkz_cli_usage_error("--format: report files are jsonl or csv"
                                   " (text goes to stdout)");
    if (fmt == HKZ_FORMAT_TEXT)
        fmt = HKZ_FORMAT_JSONL;
    if ((s = hkz_compare_result_init(&res, "report")) != HKZ_SUCCESS)
        return hkz_cli_fail(s);
    if ((s = hkz_report_su2(&res, r->digits)) != HKZ_SUCCESS)
    {
        hkz_compare_result_clear(&res);
        return hkz_cli_fail(s);
    }
    if (strcmp(out, REPORT_OUT) == 0)
    {
        mkdir("notebooks_data", 0755);
        mkdir("notebooks_data/report", 0755);
    }
    if ((rc = hkz_cli_run_open(r, &w, out, fmt)) == 0)
    {
        printf("hkz %s: certified SU(2) report, %ld digits\n%s\n\n",
               hkz_version(), (long) r->digits, hkz_normalization());
        rc = write_rows(r, w, &res);
    }
    if (rc == 0)
    {
        /* the skeleton turns r->worst = HKZ_ERR_PREC into exit 3 */
        rc = hkz_cli_run_close(r, &w, r->worst == HKZ_ERR_PREC ?
                               HKZ_CLI_EXIT_PREC : 0);
        if (rc == 0 && strcmp(out, "-") != 0)
            printf("\nwritten: %s\n", out);
    }
    hkz_writer_abort(&w);
    hkz_compare_result_clear(&res);
    return rc;
}

static const hkz_cli_cmd_t cmd_report = {
    .name = "report", .summary = "default experiment: a short certified "
    "SU(2) report", .description =
    "Built-in default experiment: certified SU(2) heat kernels (bi-invariant,"
    "\nsub-Laplacian, Milnor family) and distances at reference points of "
    "the spec,\neach compared with the spec's value, printed as text on "
    "stdout and written to\nPATH (--out; default " REPORT_OUT ")\nin "
    "--format jsonl (default) or csv.\n",
    .common = HKZ_CLI_DIGITS | HKZ_CLI_OWN_OUTPUT, .run = run_report};

int hkz_cmd_report(int argc, char **argv)
{
    return hkz_cli_main(&cmd_report, argc, argv);
}
