/* Ball strings round-trip; decimal input is exact; writer formats. */
#include <math.h>
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

/* hkz_ball_get_str_digits(x, d) parses back to a ball containing x. */
static void check_digits(const arb_t x, slong d, slong want_len_max)
{
    char *s = hkz_ball_get_str_digits(x, d);
    arb_t y;
    arb_init(y);
    HKZ_TEST_CHECK(arb_set_str(y, s, 4096) == 0 && arb_contains(y, x),
                   "'%s' does not contain x", s);
    HKZ_TEST_CHECK((slong) strlen(s) <= want_len_max, "'%s' too long "
                   "(max %ld)", s, (long) want_len_max);
    flint_free(s);
    arb_clear(y);
}

/* Issue 10: typed metadata (JSON numbers), the closing record, non-finite
 * doubles as null in JSON Lines, balls with the digits they support. */
static void check_records(void)
{
    hkz_writer_t *w;
    arb_t x;
    char *s;
    const char *path = "hkz_t_io_records.jsonl";

    arb_init(x);
    /* 50 digits where the ball carries them */
    arb_set_ui(x, 1);
    arb_div_ui(x, x, 3, 400);
    s = hkz_ball_get_str_digits(x, 50);
    HKZ_TEST_CHECK(strncmp(s, "[0.33333333333333333333333333333333333333333333333333 "
                   "+/-", 56) == 0, "50 digits: %s", s);
    flint_free(s);
    check_digits(x, 50, 80);
    /* a ball wider than its midpoint: one digit, not thousands */
    arb_set_ui(x, 3);
    arb_mul_2exp_si(x, x, 3000);
    arb_add_error_2exp_si(x, 3003);
    arb_set_round(x, x, 10000);
    check_digits(x, 30, 40);
    /* exact: as hkz_ball_get_str(x, 0) */
    arb_set_d(x, 0.5);
    s = hkz_ball_get_str_digits(x, 30);
    HKZ_TEST_CHECK(strcmp(s, "0.50000000000000000") == 0 ||
                   strcmp(s, "0.5") == 0, "exact: %s", s);
    flint_free(s);

    /* JSON Lines: typed meta, null for non-finite doubles, end record */
    HKZ_TEST_OK(hkz_writer_open(&w, path, HKZ_FORMAT_JSONL));
    {
        hkz_field_t m[3] = {HKZ_FINT("digits", 30), HKZ_FSTR("backend", "cpu"),
                            HKZ_FDBL("x", INFINITY)};
        hkz_field_t f[2] = {HKZ_FDBL("mid", INFINITY), HKZ_FDBL("rad", 0.5)};
        hkz_field_t e[2] = {HKZ_FRAW("rank_wall_s", "[0.5,0.25]"),
                            HKZ_FINT("exit_code", 0)};
        HKZ_TEST_OK(hkz_writer_meta_field(w, m + 0));
        HKZ_TEST_OK(hkz_writer_meta_field(w, m + 1));
        HKZ_TEST_OK(hkz_writer_meta_field(w, m + 2));
        HKZ_TEST_OK(hkz_writer_record(w, f, 2));
        HKZ_TEST_STATUS(hkz_writer_meta_field(w, m + 0), HKZ_ERR_ARG);
        HKZ_TEST_OK(hkz_writer_end(w, e, 2));
    }
    HKZ_TEST_OK(hkz_writer_close(&w));
    s = slurp(path);
    HKZ_TEST_CHECK(s != NULL && strcmp(s, "{\"record\":\"meta\",\"digits\":30,"
                   "\"backend\":\"cpu\",\"x\":null}\n{\"mid\":null,\"rad\":0.5}\n"
                   "{\"record\":\"end\",\"rank_wall_s\":[0.5,0.25],"
                   "\"exit_code\":0}\n") == 0, "jsonl:\n%s", s ? s : "(none)");
    free(s);
    remove(path);

    /* CSV: the header first, meta and end as '# key: value' lines after
       it, inf stays inf */
    HKZ_TEST_OK(hkz_writer_open(&w, path, HKZ_FORMAT_CSV));
    {
        hkz_field_t m = HKZ_FINT("digits", 30);
        hkz_field_t f[1] = {HKZ_FDBL("mid", INFINITY)};
        hkz_field_t e = HKZ_FINT("exit_code", 3);
        HKZ_TEST_OK(hkz_writer_meta_field(w, &m));
        HKZ_TEST_OK(hkz_writer_record(w, f, 1));
        HKZ_TEST_OK(hkz_writer_end(w, &e, 1));
    }
    HKZ_TEST_OK(hkz_writer_close(&w));
    s = slurp(path);
    HKZ_TEST_CHECK(s != NULL && strcmp(s, "mid\n# digits: 30\ninf\n"
                   "# exit_code: 3\n") == 0, "csv:\n%s", s ? s : "(none)");
    free(s);
    remove(path);

    arb_clear(x);
}

int main(void)
{
    flint_rand_t state;
    arb_t x, y;
    slong iter;
    hkz_writer_t *w;
    hkz_format_t fmt;
    char path[] = "hkz_t_io_out.csv";
    char *s;

    hkz_test_rand_init(state);
    arb_init(x);
    arb_init(y);

    /* round trip: the parsed ball contains the original */
    for (iter = 0; iter < hkz_test_iters(2000); iter++)
    {
        slong prec = 2 + n_randint(state, 400);
        arb_randtest(x, state, prec, 20);
        s = hkz_ball_get_str(x, 0);
        HKZ_TEST_CHECK(arb_set_str(y, s, prec + 64) == 0, "parse '%s'", s);
        HKZ_TEST_CHECK(arb_contains(y, x), "round trip of '%s'", s);
        flint_free(s);
    }

    /* decimal input is read exactly: 0.1 is not the double 0.1 */
    HKZ_TEST_OK(hkz_ball_set_str(x, "0.1", 200));
    arb_set_d(y, 0.1);
    HKZ_TEST_CHECK(!arb_contains(x, y), "0.1 read via double");
    HKZ_TEST_OK(hkz_ball_set_str(x, "pi", 100));
    HKZ_TEST_CHECK(arb_contains_si(x, 3) == 0 && arb_rel_accuracy_bits(x) > 90,
                   "pi");
    HKZ_TEST_STATUS(hkz_ball_set_str(x, "nan", 64), HKZ_ERR_ARG);
    HKZ_TEST_STATUS(hkz_ball_set_str(x, "inf", 64), HKZ_ERR_ARG);
    HKZ_TEST_STATUS(hkz_ball_set_str(x, "1.5x", 64), HKZ_ERR_ARG);
    HKZ_TEST_STATUS(hkz_ball_set_str(x, "", 64), HKZ_ERR_ARG);
    HKZ_TEST_STATUS(hkz_ball_set_str(x, "--1", 64), HKZ_ERR_ARG);
    HKZ_TEST_STATUS(hkz_format_from_str(&fmt, "xml"), HKZ_ERR_ARG);

    /* CSV file: header first, metadata comments, quoted ball */
    HKZ_TEST_OK(hkz_format_from_str(&fmt, "csv"));
    HKZ_TEST_OK(hkz_writer_open(&w, path, fmt));
    HKZ_TEST_OK(hkz_writer_meta(w, "hkz_version", hkz_version()));
    arb_set_str(x, "[1.5 +/- 0.25]", 64);
    {
        hkz_field_t f[3] = {HKZ_FSTR("t", "0.1"), HKZ_FBALL("value", x),
                            HKZ_FBOOL("certified", 1)};
        HKZ_TEST_OK(hkz_writer_record(w, f, 3));
        HKZ_TEST_STATUS(hkz_writer_record(w, f, 2), HKZ_ERR_ARG);
    }
    HKZ_TEST_CHECK(access(path, F_OK) != 0, "final file exists before close");
    HKZ_TEST_OK(hkz_writer_close(&w));
    HKZ_TEST_CHECK(w == NULL, "close sets NULL");
    s = slurp(path);
    HKZ_TEST_CHECK(s != NULL && strstr(s, "t,value,certified\n# hkz_version: ")
                   == s && strstr(s, "\n0.1,[1.5000000000000000 +/- 0.251],true\n")
                   != NULL, "csv content:\n%s", s ? s : "(none)");
    free(s);
    remove(path);

    /* JSON Lines: meta record, then one object per result */
    HKZ_TEST_OK(hkz_writer_open(&w, path, HKZ_FORMAT_JSONL));
    HKZ_TEST_OK(hkz_writer_meta(w, "note", "a \"quoted\" value"));
    {
        hkz_field_t f[2] = {HKZ_FINT("n", 3), HKZ_FBALL("value", x)};
        HKZ_TEST_OK(hkz_writer_record(w, f, 2));
    }
    HKZ_TEST_OK(hkz_writer_close(&w));
    s = slurp(path);
    HKZ_TEST_CHECK(s != NULL && strcmp(s, "{\"record\":\"meta\",\"note\":"
                   "\"a \\\"quoted\\\" value\"}\n{\"n\":3,\"value\":"
                   "\"[1.5000000000000000 +/- 0.251]\"}\n") == 0, "jsonl content:\n%s",
                   s ? s : "(none)");
    free(s);
    remove(path);

    /* an aborted writer leaves nothing behind */
    HKZ_TEST_OK(hkz_writer_open(&w, path, HKZ_FORMAT_CSV));
    hkz_writer_abort(&w);
    HKZ_TEST_CHECK(access(path, F_OK) != 0 && access("hkz_t_io_out.csv.tmp",
                   F_OK) != 0, "abort left a file");
    HKZ_TEST_STATUS(hkz_writer_open(&w, "/nonexistent/dir/x.csv",
                                    HKZ_FORMAT_CSV), HKZ_ERR_IO);

    arb_clear(x);
    arb_clear(y);
    hkz_rand_clear(state);
    check_records();
    HKZ_TEST_END("io");
}
