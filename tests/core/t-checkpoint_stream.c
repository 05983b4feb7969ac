/* Streamed checkpoint records (hkz_ckpt_set_stream): the bytes of the
 * in-memory mode, records read back from the file, a run killed before
 * its first commit keeps the old file, a resume appends and cuts a last
 * line without its newline, other parameters refused, no merge. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "hkz_test.h"
#include "hkz/checkpoint.h"

static hkz_ckpt_t make(const char *path, slong digits, int stream)
{
    hkz_ckpt_t c;
    HKZ_TEST_STATUS(hkz_ckpt_create(&c, path, "test"), HKZ_SUCCESS);
    if (stream)
        HKZ_TEST_STATUS(hkz_ckpt_set_stream(c), HKZ_SUCCESS);
    HKZ_TEST_STATUS(hkz_ckpt_param(c, "family", "cw"), HKZ_SUCCESS);
    HKZ_TEST_STATUS(hkz_ckpt_param_slong(c, "digits", digits), HKZ_SUCCESS);
    return c;
}

/* the whole file (malloc'ed, NUL-terminated) */
static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    char *s;
    long n;
    HKZ_TEST_CHECK(f != NULL, "cannot read %s", path);
    fseek(f, 0, SEEK_END);
    n = ftell(f);
    fseek(f, 0, SEEK_SET);
    s = malloc(n + 1);
    HKZ_TEST_CHECK(s != NULL && fread(s, 1, n, f) == (size_t) n, "read");
    s[n] = '\0';
    fclose(f);
    return s;
}

/* nrec records of random lengths (some long) on path, streamed or not */
static void write_recs(const char *path, int stream, slong nrec,
                       flint_rand_t st, char **recs)
{
    hkz_ckpt_t c = make(path, 30, stream);
    slong i;
    HKZ_TEST_STATUS(hkz_ckpt_open(c, 0), HKZ_SUCCESS);
    for (i = 0; i < nrec; i++)
    {
        HKZ_TEST_STATUS(hkz_ckpt_add(c, recs[i]), HKZ_SUCCESS);
        if (n_randint(st, 3) == 0)
            HKZ_TEST_STATUS(hkz_ckpt_commit(c), HKZ_SUCCESS);
    }
    HKZ_TEST_STATUS(hkz_ckpt_commit(c), HKZ_SUCCESS);
    hkz_ckpt_destroy(&c);
}

int main(void)
{
    char path[64], ref[64], *a, *b, *recs[40];
    hkz_ckpt_t c;
    flint_rand_t st;
    slong i, k, nrec = 40;
    FILE *f;
    int found;

    flint_randinit(st);
    snprintf(path, sizeof(path), "t-ckstream-%ld.ck", (long) getpid());
    snprintf(ref, sizeof(ref), "t-ckstream-%ld.ref", (long) getpid());
    for (i = 0; i < nrec; i++)
    {
        slong n = 1 + n_randint(st, n_randint(st, 4) == 0 ? 100000 : 60);
        recs[i] = malloc(n + 1);
        for (k = 0; k < n; k++)
            recs[i][k] = (char) ('!' + n_randint(st, 90));
        recs[i][n] = '\0';
    }

    /* the same bytes as the in-memory mode, records read back */
    write_recs(ref, 0, nrec, st, recs);
    write_recs(path, 1, nrec, st, recs);
    a = slurp(ref);
    b = slurp(path);
    HKZ_TEST_CHECK(strcmp(a, b) == 0, "streamed bytes differ");
    free(a);
    free(b);
    c = make(path, 30, 1);
    HKZ_TEST_STATUS(hkz_ckpt_open(c, 1), HKZ_SUCCESS);
    HKZ_TEST_CHECK(hkz_ckpt_count(c) == nrec, "count %ld",
                   (long) hkz_ckpt_count(c));
    for (i = nrec - 1; i >= 0; i--)   /* any order */
        HKZ_TEST_CHECK(strcmp(hkz_ckpt_get(c, i), recs[i]) == 0,
                       "record %ld", (long) i);
    HKZ_TEST_CHECK(hkz_ckpt_get(c, nrec) == NULL, "record past the end");
    HKZ_TEST_STATUS(hkz_ckpt_merge(c, ref, &found), HKZ_ERR_ARG);
    HKZ_TEST_STATUS(hkz_ckpt_set_stream(c), HKZ_ERR_ARG);   /* after open */
    hkz_ckpt_destroy(&c);

    /* other parameters: refused, the message names the parameter */
    c = make(path, 50, 1);
    HKZ_TEST_STATUS(hkz_ckpt_open(c, 1), HKZ_ERR_CHECKPOINT);
    HKZ_TEST_CHECK(strstr(hkz_errmsg(), "digits = 30") != NULL, "message "
                   "'%s'", hkz_errmsg());
    hkz_ckpt_destroy(&c);

    /* a fresh run that never commits leaves the old file and no
       temporary */
    c = make(path, 30, 1);
    HKZ_TEST_STATUS(hkz_ckpt_open(c, 0), HKZ_SUCCESS);
    HKZ_TEST_STATUS(hkz_ckpt_add(c, "lost"), HKZ_SUCCESS);
    hkz_ckpt_destroy(&c);
    a = slurp(ref);
    b = slurp(path);
    HKZ_TEST_CHECK(strcmp(a, b) == 0, "uncommitted run changed the file");
    free(b);

    /* a kill while appending: a last line without its newline is cut, the
       resume appends after the complete ones */
    f = fopen(path, "ab");
    fputs("half a rec", f);
    fclose(f);
    c = make(path, 30, 1);
    HKZ_TEST_STATUS(hkz_ckpt_open(c, 1), HKZ_SUCCESS);
    HKZ_TEST_CHECK(hkz_ckpt_count(c) == nrec, "count after a cut line");
    HKZ_TEST_STATUS(hkz_ckpt_add(c, "more 1"), HKZ_SUCCESS);
    HKZ_TEST_CHECK(strcmp(hkz_ckpt_get(c, nrec), "more 1") == 0, "appended");
    HKZ_TEST_CHECK(strcmp(hkz_ckpt_get(c, 0), recs[0]) == 0, "record 0");
    HKZ_TEST_STATUS(hkz_ckpt_commit(c), HKZ_SUCCESS);
    hkz_ckpt_destroy(&c);
    b = slurp(path);
    HKZ_TEST_CHECK(strlen(b) == strlen(a) + 7 && strncmp(a, b, strlen(a))
                   == 0 && strcmp(b + strlen(a), "more 1\n") == 0,
                   "appended bytes");
    free(a);
    free(b);

    /* the in-memory mode reads a streamed file */
    c = make(path, 30, 0);
    HKZ_TEST_STATUS(hkz_ckpt_open(c, 1), HKZ_SUCCESS);
    HKZ_TEST_CHECK(hkz_ckpt_count(c) == nrec + 1, "in-memory count");
    hkz_ckpt_destroy(&c);

    for (i = 0; i < nrec; i++)
        free(recs[i]);
    remove(path);
    remove(ref);
    flint_randclear(st);
    HKZ_TEST_END("checkpoint_stream");
}
