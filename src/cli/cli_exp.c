/* Experiment outputs of hkz compare: the same rows to stdout (--format,
 * --out) and to DIR/<exp>/<exp>.csv and .jsonl, then the verdict to
 * DIR/<exp>/<exp>_verdict.jsonl and the line "Xk: PASS|FAIL (reason)". */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "cli.h"

static char *dupstr(const char *s)
{
    size_t n = strlen(s) + 1;
    char *r = malloc(n);
    if (r != NULL)
        memcpy(r, s, n);
    return r;
}

/* mkdir -p */
static int make_dirs(const char *path)
{
    char *p = dupstr(path), *q;
    struct stat st;
    int ok = 1;
    if (p == NULL)
        return 0;
    for (q = p + 1; ok; q++)
    {
        if (*q == '/' || *q == '\0')
        {
            char c = *q;
            *q = '\0';
            if (mkdir(p, 0755) != 0 && errno != EEXIST)
                ok = 0;
            *q = c;
            if (c == '\0')
                break;
        }
    }
    ok = ok && stat(p, &st) == 0 && S_ISDIR(st.st_mode);
    free(p);
    return ok;
}

static int open_file(hkz_writer_t **w, const hkz_cli_exp_t *e,
                     const char *suffix, hkz_format_t fmt, int argc,
                     char **argv)
{
    hkz_cli_common_t c;
    char *path;
    size_t n;
    int rc;

    hkz_cli_common_init(&c);
    n = strlen(e->dir) + strlen(e->lname) + strlen(suffix) + 2;
    path = malloc(n);
    if (path == NULL)
        return hkz_cli_fail(hkz_error_set(HKZ_ERR_NOMEM, "no memory"));
    snprintf(path, n, "%s/%s%s", e->dir, e->lname, suffix);
    c.out = path;
    c.fmt = fmt;
    rc = hkz_cli_open(w, &c, argc, argv);
    if (!rc && hkz_writer_meta(*w, "experiment", e->name) != HKZ_SUCCESS)
        rc = hkz_cli_fail(HKZ_ERR_INTERNAL);
    free(path);
    return rc;
}

int hkz_cli_exp_open(hkz_cli_exp_t *e, const char *name,
                     const hkz_cli_common_t *common, const char *data_dir,
                     int argc, char **argv)
{
    size_t i, n;
    int rc;

    memset(e, 0, sizeof(*e));
    snprintf(e->name, sizeof(e->name), "%s", name);
    for (i = 0; i + 1 < sizeof(e->lname) && name[i] != '\0'; i++)
        e->lname[i] = (char) tolower((unsigned char) name[i]);
    e->lname[i] = '\0';
    e->fmt = common->fmt;
    if ((rc = hkz_cli_open(&e->out, common, argc, argv)))
        return rc;
    if (hkz_writer_meta(e->out, "experiment", e->name) != HKZ_SUCCESS)
        return hkz_cli_fail(HKZ_ERR_INTERNAL);
    if (data_dir == NULL || strcmp(data_dir, "none") == 0)
        return 0;
    n = strlen(data_dir) + strlen(e->lname) + 2;
    e->dir = malloc(n);
    if (e->dir == NULL)
        return hkz_cli_fail(hkz_error_set(HKZ_ERR_NOMEM, "no memory"));
    snprintf(e->dir, n, "%s/%s", data_dir, e->lname);
    if (!make_dirs(e->dir))
        return hkz_cli_usage_error("--data-dir: cannot create directory "
                                   "'%s'", e->dir);
    if ((rc = open_file(&e->csv, e, ".csv", HKZ_FORMAT_CSV, argc, argv)))
        return rc;
    return open_file(&e->jsonl, e, ".jsonl", HKZ_FORMAT_JSONL, argc, argv);
}

#define MAX_ROW 48

/* Writes the row to w with infinite doubles adapted to its format. */
static int put_row(hkz_writer_t *w, hkz_format_t fmt, const hkz_field_t *f,
                   slong n)
{
    hkz_field_t g[MAX_ROW];
    slong i;
    int s;
    if (w == NULL)
        return 0;
    if (n > MAX_ROW)
        return hkz_cli_fail(hkz_error_set(HKZ_ERR_INTERNAL, "row too long"));
    for (i = 0; i < n; i++)
    {
        g[i] = f[i];
        if (f[i].kind == HKZ_FIELD_DOUBLE)
            g[i] = hkz_cli_fdbl(f[i].key, f[i].d, fmt);
    }
    s = hkz_writer_record(w, g, n);
    return s == HKZ_SUCCESS ? 0 : hkz_cli_fail(s);
}

int hkz_cli_exp_row(hkz_cli_exp_t *e, const hkz_field_t *f, slong n)
{
    int rc;
    if ((rc = put_row(e->out, e->fmt, f, n)) ||
        (rc = put_row(e->csv, HKZ_FORMAT_CSV, f, n)) ||
        (rc = put_row(e->jsonl, HKZ_FORMAT_JSONL, f, n)))
        return rc;
    e->nrows++;
    return 0;
}

static const char *keep(hkz_cli_exp_t *e, char *s)
{
    /* owned strings live in keystr (at most 3 per key field) */
    slong i;
    if (s == NULL)
        return NULL;
    for (i = 0; i < 3 * HKZ_CLI_EXP_MAX_KEYS; i++)
        if (e->keystr[i] == NULL)
        {
            e->keystr[i] = s;
            return s;
        }
    free(s);
    return NULL;
}

void hkz_cli_exp_key_ball(hkz_cli_exp_t *e, const char *key, const arb_t x)
{
    char *b, *k, *v;
    const char *name;
    size_t n;
    double mid = hkz_cli_mid(x);

    if (e->nkeys + 2 > HKZ_CLI_EXP_MAX_KEYS ||
        (name = keep(e, dupstr(key))) == NULL)
        return;
    if (arf_is_pos_inf(arb_midref(x)) && mag_is_finite(arb_radref(x)))
        v = dupstr("+inf");
    else
    {
        b = hkz_ball_get_str(x, 0);
        v = dupstr(b);
        flint_free(b);
    }
    n = strlen(key) + 5;
    k = malloc(n);
    if (v == NULL || k == NULL)
    {
        free(v);
        free(k);
        return;
    }
    snprintf(k, n, "%s_mid", key);
    if (keep(e, v) == NULL || keep(e, k) == NULL)
        return;
    e->keys[e->nkeys++] = HKZ_FSTR(name, v);
    e->keys[e->nkeys++] = HKZ_FDBL(k, mid);
}

void hkz_cli_exp_key_str(hkz_cli_exp_t *e, const char *key, const char *s)
{
    const char *name, *v;
    if (e->nkeys + 1 > HKZ_CLI_EXP_MAX_KEYS ||
        (name = keep(e, dupstr(key))) == NULL ||
        (v = keep(e, dupstr(s))) == NULL)
        return;
    e->keys[e->nkeys++] = HKZ_FSTR(name, v);
}

static void free_keys(hkz_cli_exp_t *e)
{
    slong i;
    for (i = 0; i < 3 * HKZ_CLI_EXP_MAX_KEYS; i++)
    {
        free(e->keystr[i]);
        e->keystr[i] = NULL;
    }
    e->nkeys = 0;
}

/* The verdict line "Xk: PASS" / "Xk: FAIL (reason)" on fp. */
static void verdict_line(FILE *fp, const char *name, int pass,
                         const char *reason)
{
    if (pass)
        fprintf(fp, "%s: PASS\n", name);
    else
        fprintf(fp, "%s: FAIL (%s)\n", name, reason);
    fflush(fp);
}

/* CSV: the verdict as a final comment line "# verdict: PASS" or
 * "# verdict: FAIL (reason)" after the data (a CSV reader that skips the
 * '#' metadata lines skips it too); out: --out ("-" or NULL: stdout) */
static int csv_verdict(const char *out, int pass, const char *reason)
{
    FILE *fp = stdout;
    int bad;
    if (out != NULL && strcmp(out, "-") != 0 &&
        (fp = fopen(out, "a")) == NULL)
        return hkz_cli_fail(hkz_error_set(HKZ_ERR_IO, "cannot append to "
                                          "'%s'", out));
    fprintf(fp, "# verdict: %s%s%s%s\n", pass ? "PASS" : "FAIL",
            pass ? "" : " (", pass ? "" : reason, pass ? "" : ")");
    bad = fflush(fp) != 0 || ferror(fp);
    if (fp != stdout)
        bad = fclose(fp) != 0 || bad;
    return bad ? hkz_cli_fail(hkz_error_set(HKZ_ERR_IO, "cannot write the "
                                            "verdict")) : 0;
}

/* Closes the data writers, writes the verdict file and the verdict.
 * record != 0 (hkz_cli_exp_write): in CSV and JSONL the verdict is the
 * data's final record and one line on stderr; else (and in text) the
 * line goes to stdout. */
static int finish(hkz_cli_exp_t *e, int pass, const char *reason,
                  const hkz_field_t *keys, slong nkeys, int record,
                  const char *out)
{
    hkz_field_t f[MAX_ROW + 4];
    hkz_writer_t *v = NULL;
    slong n = 0, i;
    int rc = 0, s;

    if (nkeys > MAX_ROW - 4)
    {
        hkz_cli_exp_abort(e);
        return hkz_cli_fail(hkz_error_set(HKZ_ERR_INTERNAL, "too many key "
                                          "numbers"));
    }
    record = record && e->fmt != HKZ_FORMAT_TEXT;
    f[n++] = HKZ_FSTR("record", "verdict");
    f[n++] = HKZ_FSTR("experiment", e->name);
    f[n++] = HKZ_FSTR("verdict", pass ? "PASS" : "FAIL");
    f[n++] = HKZ_FSTR("reason", pass ? "" : reason);
    for (i = 0; i < nkeys; i++)
        f[n++] = keys[i];

    if (record && e->fmt == HKZ_FORMAT_JSONL)
        rc = put_row(e->out, HKZ_FORMAT_JSONL, f, n);
    s = hkz_writer_close(&e->out);
    if (s == HKZ_SUCCESS)
        s = hkz_writer_close(&e->csv);
    if (s == HKZ_SUCCESS)
        s = hkz_writer_close(&e->jsonl);
    if (!rc && s != HKZ_SUCCESS)
        rc = hkz_cli_fail(s);
    if (!rc && e->dir != NULL)
    {
        rc = open_file(&v, e, "_verdict.jsonl", HKZ_FORMAT_JSONL, 0, NULL);
        if (!rc)
            rc = put_row(v, HKZ_FORMAT_JSONL, f + 1, n - 1);
        if (!rc && (s = hkz_writer_close(&v)) != HKZ_SUCCESS)
            rc = hkz_cli_fail(s);
        hkz_writer_abort(&v);
    }
    if (!rc && e->fmt == HKZ_FORMAT_TEXT && nkeys > 0)
    {
        /* the key numbers, one text record without metadata */
        if (hkz_writer_open(&v, "-", HKZ_FORMAT_TEXT) == HKZ_SUCCESS)
        {
            rc = put_row(v, HKZ_FORMAT_TEXT, f + 4, n - 4);
            hkz_writer_close(&v);
        }
    }
    if (!rc && record && e->fmt == HKZ_FORMAT_CSV)
        rc = csv_verdict(out, pass, reason);
    if (!rc)
    {
        verdict_line(record ? stderr : stdout, e->name, pass, reason);
        if (e->dir != NULL)
            fprintf(stderr, "hkz: data written to %s/\n", e->dir);
        rc = pass ? HKZ_CLI_EXIT_OK : HKZ_CLI_EXIT_VERDICT;
    }
    hkz_cli_exp_abort(e);
    return rc;
}

int hkz_cli_exp_finish(hkz_cli_exp_t *e, int pass, const char *reason)
{
    return finish(e, pass, reason, e->keys, e->nkeys, 0, NULL);
}

int hkz_cli_exp_write(const hkz_compare_result_t *r,
                      const hkz_cli_common_t *common, const char *data_dir,
                      int argc, char **argv)
{
    hkz_cli_exp_t e;
    const hkz_field_t *keys;
    slong i, n, nkeys;
    int rc;

    if ((rc = hkz_cli_exp_open(&e, r->name, common, data_dir, argc, argv)))
    {
        hkz_cli_exp_abort(&e);
        return rc;
    }
    for (i = 0; i < hkz_table_nrows(r->rows); i++)
    {
        const hkz_field_t *f = hkz_table_row(r->rows, i, &n);
        if ((rc = hkz_cli_exp_row(&e, f, n)))
        {
            hkz_cli_exp_abort(&e);
            return rc;
        }
    }
    keys = hkz_table_row(r->keys, 0, &nkeys);
    return finish(&e, r->pass, r->reason, keys, nkeys, 1, common->out);
}

void hkz_cli_exp_abort(hkz_cli_exp_t *e)
{
    hkz_writer_abort(&e->out);
    hkz_writer_abort(&e->csv);
    hkz_writer_abort(&e->jsonl);
    free(e->dir);
    e->dir = NULL;
    free_keys(e);
}
