/* Memory writers (issue 12.4): records formatted by hkz_writer_open_mem
 * and appended with hkz_writer_raw give the bytes of one writer writing
 * every record, in text, CSV and JSON Lines. */
#include <unistd.h>
#include "hkz_test.h"

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "r");
    char *buf;
    long n;
    if (f == NULL)
        return NULL;
    fseek(f, 0, SEEK_END);
    n = ftell(f);
    fseek(f, 0, SEEK_SET);
    buf = calloc(n + 1, 1);
    if (fread(buf, 1, n, f) != (size_t) n)
        buf[0] = '\0';
    fclose(f);
    return buf;
}

static void row(hkz_writer_t *w, slong j, const arb_t x)
{
    hkz_field_t f[3] = {HKZ_FINT("j", (long) j), HKZ_FBALLD("theta", x, 15),
                        HKZ_FSTR("note", "a, \"b\"")};
    HKZ_TEST_OK(hkz_writer_record(w, f, 3));
}

int main(void)
{
    const char *fmts[3] = {"text", "csv", "jsonl"};
    char one[64], two[64];
    hkz_format_t fmt;
    hkz_writer_t *w, *m;
    arb_t x;
    char *a, *b, *buf;
    size_t len;
    slong j;
    int k;

    arb_init(x);
    snprintf(one, sizeof(one), "t-io_mem-%d-a.out", (int) getpid());
    snprintf(two, sizeof(two), "t-io_mem-%d-b.out", (int) getpid());
    for (k = 0; k < 3; k++)
    {
        HKZ_TEST_OK(hkz_format_from_str(&fmt, fmts[k]));
        /* one writer, six records */
        HKZ_TEST_OK(hkz_writer_open(&w, one, fmt));
        HKZ_TEST_OK(hkz_writer_meta(w, "model", "cw"));
        for (j = 1; j <= 6; j++)
        {
            arb_const_pi(x, 64);
            arb_div_si(x, x, j, 64);
            row(w, j, x);
        }
        HKZ_TEST_OK(hkz_writer_close(&w));
        /* records 1-2 written, 3-6 formatted in memory (two takes) */
        HKZ_TEST_OK(hkz_writer_open(&w, two, fmt));
        HKZ_TEST_OK(hkz_writer_meta(w, "model", "cw"));
        HKZ_TEST_OK(hkz_writer_open_mem(&m, fmt));
        for (j = 1; j <= 6; j++)
        {
            arb_const_pi(x, 64);
            arb_div_si(x, x, j, 64);
            row(j <= 2 ? w : m, j, x);
            if (j == 4 || j == 6)
            {
                HKZ_TEST_OK(hkz_writer_take(m, &buf, &len));
                HKZ_TEST_OK(hkz_writer_raw(w, buf, len));
                free(buf);
            }
        }
        HKZ_TEST_OK(hkz_writer_take(m, &buf, &len));
        HKZ_TEST_CHECK(len == 0, "empty take: %zu bytes", len);
        free(buf);
        HKZ_TEST_OK(hkz_writer_close(&m));
        HKZ_TEST_OK(hkz_writer_close(&w));
        a = slurp(one);
        b = slurp(two);
        HKZ_TEST_CHECK(a != NULL && b != NULL && strcmp(a, b) == 0,
                       "%s: memory records differ:\n%s\n---\n%s", fmts[k],
                       a ? a : "(none)", b ? b : "(none)");
        free(a);
        free(b);
        remove(one);
        remove(two);
    }
    /* raw bytes before the first record are refused */
    HKZ_TEST_OK(hkz_writer_open(&w, one, fmt));
    HKZ_TEST_STATUS(hkz_writer_raw(w, "x\n", 2), HKZ_ERR_ARG);
    hkz_writer_abort(&w);
    arb_clear(x);
    HKZ_TEST_END("io_mem");
}
