/* The checkpoint layer: round trip, parameter mismatch named, truncated
 * and foreign files refused, stale temporaries removed, exact balls. */
#include <stdio.h>
#include <unistd.h>
#include "hkz_test.h"
#include "hkz/checkpoint.h"

static hkz_ckpt_t make(const char *path, slong digits, const arb_t t)
{
    hkz_ckpt_t c;
    HKZ_TEST_STATUS(hkz_ckpt_create(&c, path, "test"), HKZ_SUCCESS);
    HKZ_TEST_STATUS(hkz_ckpt_param(c, "family", "cw"), HKZ_SUCCESS);
    HKZ_TEST_STATUS(hkz_ckpt_param_slong(c, "digits", digits), HKZ_SUCCESS);
    HKZ_TEST_STATUS(hkz_ckpt_param_ball(c, "t1", t), HKZ_SUCCESS);
    return c;
}

int main(void)
{
    char path[64], stale[96], kind[64];
    hkz_ckpt_t c;
    arb_t t, u;
    FILE *f;
    char *s;
    int found;

    arb_init(t);
    arb_init(u);
    snprintf(path, sizeof(path), "t-checkpoint-%ld.ck", (long) getpid());
    arb_set_str(t, "0.1", 200);

    /* resume without a file */
    c = make(path, 30, t);
    HKZ_TEST_STATUS(hkz_ckpt_open(c, 1), HKZ_ERR_ARG);
    hkz_ckpt_destroy(&c);

    /* write two records, one an exact ball */
    c = make(path, 30, t);
    HKZ_TEST_STATUS(hkz_ckpt_open(c, 0), HKZ_SUCCESS);
    s = hkz_ckpt_ball_str(t);
    HKZ_TEST_STATUS(hkz_ckpt_add(c, s), HKZ_SUCCESS);
    flint_free(s);
    HKZ_TEST_STATUS(hkz_ckpt_add(c, "zero 1 done"), HKZ_SUCCESS);
    HKZ_TEST_STATUS(hkz_ckpt_add(c, "two\nlines"), HKZ_ERR_ARG);
    HKZ_TEST_STATUS(hkz_ckpt_commit(c), HKZ_SUCCESS);
    hkz_ckpt_destroy(&c);

    /* a stale temporary of a dead process goes away on open */
    snprintf(stale, sizeof(stale), "%s.tmp.999999999", path);
    f = fopen(stale, "w");
    HKZ_TEST_CHECK(f != NULL, "cannot create %s", stale);
    fclose(f);

    c = make(path, 30, t);
    HKZ_TEST_STATUS(hkz_ckpt_open(c, 1), HKZ_SUCCESS);
    HKZ_TEST_CHECK(access(stale, F_OK) != 0, "stale temporary kept");
    HKZ_TEST_CHECK(hkz_ckpt_count(c) == 2, "count %ld",
                   (long) hkz_ckpt_count(c));
    HKZ_TEST_STATUS(hkz_ckpt_ball_set(u, hkz_ckpt_get(c, 0)), HKZ_SUCCESS);
    HKZ_TEST_CHECK(arb_equal(t, u), "ball not exact after round trip");
    HKZ_TEST_CHECK(strcmp(hkz_ckpt_get(c, 1), "zero 1 done") == 0, "record");
    HKZ_TEST_CHECK(hkz_ckpt_get(c, 2) == NULL, "record past the end");
    HKZ_TEST_STATUS(hkz_ckpt_merge(c, "no-such-file.ck", &found),
                    HKZ_SUCCESS);
    HKZ_TEST_CHECK(!found, "merge of a missing file found something");
    hkz_ckpt_destroy(&c);

    /* other digits: refused, and the message names the parameter */
    c = make(path, 50, t);
    HKZ_TEST_STATUS(hkz_ckpt_open(c, 1), HKZ_ERR_CHECKPOINT);
    HKZ_TEST_CHECK(strstr(hkz_errmsg(), "digits = 30") != NULL &&
                   strstr(hkz_errmsg(), "50") != NULL, "message '%s'",
                   hkz_errmsg());
    hkz_ckpt_destroy(&c);

    /* a ball parameter that differs in the last bit is refused too */
    arb_set_str(u, "0.1", 100);
    c = make(path, 30, u);
    HKZ_TEST_STATUS(hkz_ckpt_open(c, 1), HKZ_ERR_CHECKPOINT);
    hkz_ckpt_destroy(&c);

    /* another kind, named as such; a truncated file */
    HKZ_TEST_CHECK(hkz_ckpt_file_kind(kind, sizeof(kind), path) &&
                   strcmp(kind, "test") == 0, "file kind '%s'", kind);
    HKZ_TEST_CHECK(!hkz_ckpt_file_kind(kind, sizeof(kind), "no-such-file.ck"),
                   "kind of a missing file");
    HKZ_TEST_STATUS(hkz_ckpt_create(&c, path, "other"), HKZ_SUCCESS);
    HKZ_TEST_STATUS(hkz_ckpt_open(c, 1), HKZ_ERR_CHECKPOINT);
    HKZ_TEST_CHECK(strstr(hkz_errmsg(), "is a 'test' checkpoint of hkz, not "
                   "a 'other' one") != NULL, "message '%s'", hkz_errmsg());
    hkz_ckpt_destroy(&c);
    f = fopen(path, "w");
    fputs("hkz-checkpoint 1 test\nparam family cw\n", f);
    fclose(f);
    c = make(path, 30, t);
    HKZ_TEST_STATUS(hkz_ckpt_open(c, 1), HKZ_ERR_CHECKPOINT);
    HKZ_TEST_CHECK(strstr(hkz_errmsg(), "truncated") != NULL ||
                   strstr(hkz_errmsg(), "lacks") != NULL, "message '%s'",
                   hkz_errmsg());
    hkz_ckpt_destroy(&c);

    remove(path);
    arb_clear(t);
    arb_clear(u);
    HKZ_TEST_END("checkpoint");
}
