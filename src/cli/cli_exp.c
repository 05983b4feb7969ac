/* Experiment outputs of hkz compare: the same rows to stdout (--format,
 * --out) and to DIR/<exp>/<exp>.csv and .jsonl, then the verdict to
 * DIR/<exp>/<exp>_verdict.jsonl and "Xk: PASS|FAIL (reason)" (cli.h).
 * Two openings: hkz_cli_exp_write (a result of hkz/compare.h, writers
 * with the run and closing records of opt.h) and the older
 * hkz_cli_exp_open / _row / _key_* / _finish (hkz compare X8). */
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

/* Opens w on path with the metadata (and the run record) and
 * "experiment".  Without a run (hkz_cli_exp_open): the older metadata,
 * with the digits of legacy (NULL: the default). */
static int open_writer(hkz_writer_t **w, const hkz_cli_exp_t *e,
                       const hkz_cli_common_t *legacy, const char *path,
                       hkz_format_t fmt, int argc, char **argv)
{
    hkz_cli_common_t c;
    int rc;
    if (e->run != NULL)
        rc = hkz_cli_run_open(e->run, w, path, fmt);
    else
    {
        if (legacy != NULL)
            c = *legacy;
        else
            hkz_cli_common_init(&c);
        c.out = path;
        c.fmt = fmt;
        rc = hkz_cli_open(w, &c, argc, argv);
    }
    if (!rc && hkz_writer_meta(*w, "experiment", e->name) != HKZ_SUCCESS)
        rc = hkz_cli_fail(HKZ_ERR_INTERNAL);
    return rc;
}

/* Closes w; the command's output (end != 0) with the run's closing
 * record.  The data files keep the format the notebooks read (metadata
 * with the run record, then the records; no closing record). */
static int close_writer(hkz_writer_t **w, const hkz_cli_exp_t *e, int end,
                        int exit_code)
{
    int s;
    if (*w == NULL)
        return 0;
    if (e->run != NULL && end)
        return hkz_cli_run_close(e->run, w, exit_code);
    s = hkz_writer_close(w);
    return s == HKZ_SUCCESS ? 0 : hkz_cli_fail(s);
}

/* Opens DIR/<exp>/<exp><suffix>. */
static int open_file(hkz_writer_t **w, const hkz_cli_exp_t *e,
                     const char *suffix, hkz_format_t fmt, int argc,
                     char **argv)
{
    char *path;
    size_t n;
    int rc;

    n = strlen(e->dir) + strlen(e->lname) + strlen(suffix) + 2;
    path = malloc(n);
    if (path == NULL)
        return hkz_cli_fail(hkz_error_set(HKZ_ERR_NOMEM, "no memory"));
    snprintf(path, n, "%s/%s%s", e->dir, e->lname, suffix);
    rc = open_writer(w, e, NULL, path, fmt, argc, argv);
    free(path);
    return rc;
}

/* Names e, opens its output and, unless data_dir is "none", creates
 * DIR/<exp>/ and opens the data files. */
static int exp_open(hkz_cli_exp_t *e, hkz_cli_run_t *run, const char *name,
                    const hkz_cli_common_t *legacy, hkz_format_t fmt,
                    const char *out, const char *data_dir, int argc,
                    char **argv)
{
    size_t i, n;
    int rc;

    memset(e, 0, sizeof(*e));
    e->run = run;
    snprintf(e->name, sizeof(e->name), "%s", name);
    for (i = 0; i + 1 < sizeof(e->lname) && name[i] != '\0'; i++)
        e->lname[i] = (char) tolower((unsigned char) name[i]);
    e->lname[i] = '\0';
    e->fmt = fmt;
    if ((rc = open_writer(&e->out, e, legacy, out, fmt, argc, argv)))
        return rc;
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

int hkz_cli_exp_open(hkz_cli_exp_t *e, const char *name,
                     const hkz_cli_common_t *common, const char *data_dir,
                     int argc, char **argv)
{
    return exp_open(e, NULL, name, common, common->fmt, common->out,
                    data_dir, argc, argv);
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
    if (hkz_cli_fball(key, x).kind == HKZ_FIELD_STR)   /* "+inf" */
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

/* Closes the data writers, writes the verdict file and the verdict.
 * record != 0 (hkz_cli_exp_write): in CSV and JSONL the verdict is the
 * data's final record and one line on stderr; else (and in text) the
 * line goes to stdout. */
static int finish(hkz_cli_exp_t *e, int pass, const char *reason,
                  const hkz_field_t *keys, slong nkeys, int record)
{
    hkz_field_t f[MAX_ROW + 4], g;
    hkz_writer_t *v = NULL;
    slong n = 0, i;
    int rc = 0, code = pass ? HKZ_CLI_EXIT_OK : HKZ_CLI_EXIT_VERDICT, s;
    char line[600];

    if (nkeys > MAX_ROW - 4)
    {
        hkz_cli_exp_abort(e);
        return hkz_cli_fail(hkz_error_set(HKZ_ERR_INTERNAL, "too many key "
                                          "numbers"));
    }
    record = record && e->fmt != HKZ_FORMAT_TEXT;
    snprintf(line, sizeof(line), "%s%s%s%s", pass ? "PASS" : "FAIL",
             pass ? "" : " (", pass ? "" : reason, pass ? "" : ")");
    f[n++] = HKZ_FSTR("record", "verdict");
    f[n++] = HKZ_FSTR("experiment", e->name);
    f[n++] = HKZ_FSTR("verdict", pass ? "PASS" : "FAIL");
    f[n++] = HKZ_FSTR("reason", pass ? "" : reason);
    for (i = 0; i < nkeys; i++)
        f[n++] = keys[i];

    /* CSV: "# verdict: ..." as a comment line (hkz_writer_end writes
       "# key: value" lines in CSV), before the closing record */
    g = HKZ_FSTR("verdict", line);
    if (record && e->fmt == HKZ_FORMAT_JSONL)
        rc = put_row(e->out, HKZ_FORMAT_JSONL, f, n);
    else if (record && (s = hkz_writer_end(e->out, &g, 1)) != HKZ_SUCCESS)
        rc = hkz_cli_fail(s);
    if (!rc)
        rc = close_writer(&e->out, e, 1, code);
    if (!rc)
        rc = close_writer(&e->csv, e, 0, code);
    if (!rc)
        rc = close_writer(&e->jsonl, e, 0, code);
    if (!rc && e->dir != NULL)
    {
        rc = open_file(&v, e, "_verdict.jsonl", HKZ_FORMAT_JSONL, 0, NULL);
        if (!rc)
            rc = put_row(v, HKZ_FORMAT_JSONL, f + 1, n - 1);
        if (!rc)
            rc = close_writer(&v, e, 0, code);
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
    if (!rc)
    {
        fprintf(record ? stderr : stdout, "%s: %s\n", e->name, line);
        fflush(record ? stderr : stdout);
        if (e->dir != NULL)
            fprintf(stderr, "hkz: data written to %s/\n", e->dir);
        rc = code;
    }
    hkz_cli_exp_abort(e);
    return rc;
}

int hkz_cli_exp_finish(hkz_cli_exp_t *e, int pass, const char *reason)
{
    return finish(e, pass, reason, e->keys, e->nkeys, 0);
}

int hkz_cli_exp_write(hkz_cli_run_t *run, const hkz_compare_result_t *r,
                      const char *data_dir)
{
    hkz_cli_exp_t e;
    const hkz_field_t *keys;
    slong i, n, nkeys;
    int rc;

    rc = exp_open(&e, run, r->name, NULL, run->fmt, run->out, data_dir,
                  run->argc, run->argv);
    for (i = 0; !rc && i < hkz_table_nrows(r->rows); i++)
    {
        const hkz_field_t *f = hkz_table_row(r->rows, i, &n);
        rc = hkz_cli_exp_row(&e, f, n);
    }
    if (rc)
    {
        hkz_cli_exp_abort(&e);
        return rc;
    }
    keys = hkz_table_row(r->keys, 0, &nkeys);
    return finish(&e, r->pass, r->reason, keys, nkeys, 1);
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
