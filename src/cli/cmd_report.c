/* hkz report: the built-in default experiment (hkz_report_su2 of
 * hkz/report.h), printed as text and written as JSON Lines (or CSV) to
 * notebooks_data/. */
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include "cli.h"
#include "hkz/report.h"

static const char *usage =
    "usage: hkz report [--digits D] [--out PATH] [--format jsonl|csv]\n\n"
    "Built-in default experiment: certified SU(2) heat kernels (bi-invariant,"
    "\nsub-Laplacian, Milnor family) and distances at reference points of "
    "the spec,\nprinted as text on stdout and written to PATH (default "
    "notebooks_data/report/su2_report.jsonl).\n";

/* The rows to the file writer w and (quantity, agreement, value) as text
 * to stdout. */
static int write_rows(hkz_writer_t *w, const hkz_compare_result_t *r)
{
    hkz_writer_t *txt = NULL;
    slong i, n;
    int s = hkz_writer_open(&txt, "-", HKZ_FORMAT_TEXT);
    for (i = 0; i < hkz_table_nrows(r->rows) && s == HKZ_SUCCESS; i++)
    {
        const hkz_field_t *f = hkz_table_row(r->rows, i, &n);
        hkz_field_t t[8];
        s = hkz_writer_record(w, f, n);
        if (s == HKZ_SUCCESS && n == 12)
        {
            t[0] = f[0];   /* quantity */
            t[1] = f[5];   /* agrees_with_reference */
            memcpy(t + 2, f + 6, 6 * sizeof(hkz_field_t));
            s = hkz_writer_record(txt, t, 8);
        }
    }
    if (s == HKZ_SUCCESS)
        s = hkz_writer_close(&txt);
    hkz_writer_abort(&txt);
    return s == HKZ_SUCCESS ? 0 : hkz_cli_fail(s);
}

int hkz_cmd_report(int argc, char **argv)
{
    static const struct option opts[] = {HKZ_CLI_COMMON_OPTIONS,
                                         {NULL, 0, NULL, 0}};
    hkz_cli_common_t common;
    hkz_compare_result_t res;
    hkz_writer_t *w = NULL;
    int rc, s;

    hkz_cli_common_init(&common);
    common.fmt = HKZ_FORMAT_JSONL;
    common.out = "notebooks_data/report/su2_report.jsonl";
    rc = hkz_cli_parse(argc, argv, opts, &common, NULL, NULL);
    if (rc == -1)
    {
        fputs(usage, stdout);
        return 0;
    }
    if (rc)
        return rc;
    if (common.fmt == HKZ_FORMAT_TEXT)
        return hkz_cli_usage_error("--format: report files are jsonl or csv"
                                   " (text goes to stdout)");
    if ((s = hkz_compare_result_init(&res, "report")) != HKZ_SUCCESS)
        return hkz_cli_fail(s);
    if ((s = hkz_report_su2(&res, common.digits)) != HKZ_SUCCESS)
    {
        hkz_compare_result_clear(&res);
        return hkz_cli_fail(s);
    }
    if (strcmp(common.out, "notebooks_data/report/su2_report.jsonl") == 0)
    {
        mkdir("notebooks_data", 0755);
        mkdir("notebooks_data/report", 0755);
    }
    if ((rc = hkz_cli_open(&w, &common, argc, argv)) == 0)
    {
        printf("hkz %s: certified SU(2) report, %ld digits\n%s\n\n",
               hkz_version(), (long) common.digits, hkz_normalization());
        rc = write_rows(w, &res);
    }
    if (rc == 0)
    {
        rc = hkz_cli_finish(&w, (int) hkz_table_find(res.keys, 0,
                                                     "worst_status")->i);
        if (rc == 0 && strcmp(common.out, "-") != 0)
            printf("\nwritten: %s\n", common.out);
    }
    hkz_writer_abort(&w);
    hkz_compare_result_clear(&res);
    return rc;
}
