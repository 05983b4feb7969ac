/* The edge-list parser: valid input read exactly, and every class of bad
 * input refused with HKZ_ERR_ARG (HKZ_ERR_IO for files) and a message
 * naming the line, without changing the model. */
#include <stdio.h>
#include "ising_test.h"

/* text must fail with code and a message containing want */
static void bad(const char *text, int code, const char *want)
{
    hkz_ising_model_t m;
    fmpq_t one;
    int st;
    hkz_ising_model_init(m);
    fmpq_init(one);
    fmpq_one(one);
    HKZ_TEST_OK(hkz_ising_model_complete(m, 3, one));
    hkz_errmsg_clear();
    st = hkz_ising_model_read_str(m, text);
    HKZ_TEST_CHECK(st == code, "'%s': status %s, expected %s", text,
                   hkz_status_name(st), hkz_status_name(code));
    HKZ_TEST_CHECK(strstr(hkz_errmsg(), want) != NULL,
                   "'%s': message '%s' lacks '%s'", text, hkz_errmsg(), want);
    /* a failed read leaves the model as it was */
    HKZ_TEST_CHECK(m->n == 3 && m->nedges == 3, "'%s': model changed", text);
    fmpq_clear(one);
    hkz_ising_model_clear(m);
}

static void check_valid(void)
{
    static const char *text =
        "# a comment line\n"
        "\n"
        "0 1 0.05   # trailing comment\n"
        "1\t2 -3/4\r\n"
        "   2 3 1e-3\n"
        "3 4 2.5E2\n"
        "4 0 +7\n"
        "5 0 6/4\n"
        "weight 2 3\n"
        "0 6 0\n"
        "6 7 -0.125e+1";         /* no final newline */
    static const char *vals[] = {"1/20", "-3/4", "1/1000", "250", "7", "3/2",
                                 "0", "-5/4"};
    hkz_ising_model_t m, m2;
    fmpq_t q;
    char *s = NULL;
    slong i;

    hkz_ising_model_init(m);
    hkz_ising_model_init(m2);
    fmpq_init(q);
    HKZ_TEST_OK(hkz_ising_model_read_str(m, text));
    HKZ_TEST_CHECK(m->n == 8 && m->nedges == 8, "valid: n = %ld, edges %ld",
                   (long) m->n, (long) m->nedges);
    for (i = 0; i < 8 && i < m->nedges; i++)
    {
        fmpq_set_str(q, vals[i], 10);
        HKZ_TEST_CHECK(fmpq_equal(q, m->c + i), "valid: coupling %ld",
                       (long) i);
    }
    HKZ_TEST_CHECK(hkz_ising_model_weight(m) == 10, "valid: W");
    HKZ_TEST_CHECK(hkz_ising_model_find_edge(m, 2, 1) == 1 &&
                   hkz_ising_model_find_edge(m, 1, 3) == -1, "find_edge");
    /* negative couplings are read, but refused as not ferromagnetic */
    HKZ_TEST_STATUS(hkz_ising_model_check_ferro(m), HKZ_ERR_DOMAIN);
    HKZ_TEST_CHECK(strstr(hkz_errmsg(), "edge 1 (1-2)") != NULL,
                   "check_ferro names the edge: %s", hkz_errmsg());
    /* round trip through get_str */
    HKZ_TEST_OK(hkz_ising_model_get_str(&s, m));
    HKZ_TEST_OK(hkz_ising_model_read_str(m2, s));
    HKZ_TEST_CHECK(m2->n == m->n && m2->nedges == m->nedges &&
                   hkz_ising_model_weight(m2) == 10, "round trip: shape");
    for (i = 0; i < m->nedges; i++)
        HKZ_TEST_CHECK(fmpq_equal(m->c + i, m2->c + i) &&
                       m->eu[i] == m2->eu[i] && m->ev[i] == m2->ev[i],
                       "round trip: edge %ld", (long) i);
    flint_free(s);

    /* declared vertex count: isolated vertices */
    HKZ_TEST_OK(hkz_ising_model_read_str(m, "vertices 5\n0 1 1\n"));
    HKZ_TEST_CHECK(m->n == 5 && m->nedges == 1, "vertices 5");
    HKZ_TEST_OK(hkz_ising_model_check_ferro(m));
    HKZ_TEST_OK(hkz_ising_model_read_str(m, "vertices 2\n"));
    HKZ_TEST_CHECK(m->n == 2 && m->nedges == 0, "edgeless graph");

    /* files */
    {
        char path[] = "/tmp/hkz_ising_parse_XXXXXX";
        int fd = mkstemp(path);
        FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
        HKZ_TEST_CHECK(f != NULL, "cannot create a temporary file");
        if (f != NULL)
        {
            fputs("0 1 1\n1 2 x\n", f);
            fclose(f);
            HKZ_TEST_STATUS(hkz_ising_model_read_file(m, path), HKZ_ERR_ARG);
            HKZ_TEST_CHECK(strstr(hkz_errmsg(), "line 2") != NULL &&
                           strstr(hkz_errmsg(), path) != NULL,
                           "file error message: %s", hkz_errmsg());
            f = fopen(path, "w");
            fputs("0 1 1\n1 2 1/3\n", f);
            fclose(f);
            HKZ_TEST_OK(hkz_ising_model_read_file(m, path));
            HKZ_TEST_CHECK(m->n == 3 && m->nedges == 2, "file read");
            remove(path);
        }
        HKZ_TEST_STATUS(hkz_ising_model_read_file(m, "/nonexistent/g.txt"),
                        HKZ_ERR_IO);
    }
    fmpq_clear(q);
    hkz_ising_model_clear(m);
    hkz_ising_model_clear(m2);
}

int main(void)
{
    check_valid();

    /* garbage tokens and wrong field counts */
    bad("0 1 abc\n", HKZ_ERR_ARG, "line 1: bad coupling 'abc'");
    bad("0 1 1\n0 2\n", HKZ_ERR_ARG, "line 2: expected 'u v J'");
    bad("0 1 1 7\n", HKZ_ERR_ARG, "line 1: expected 'u v J'");
    bad("0 1 1 2 3 4\n", HKZ_ERR_ARG, "line 1: too many fields");
    bad("x 1 1\n", HKZ_ERR_ARG, "line 1: bad (need a non-negative integer)");
    bad("0 1 1\n\n# c\n1 2 1;\n", HKZ_ERR_ARG, "line 4: bad coupling");
    /* couplings that are not exact decimals or rationals */
    bad("0 1 nan\n", HKZ_ERR_ARG, "bad coupling 'nan'");
    bad("0 1 inf\n", HKZ_ERR_ARG, "bad coupling 'inf'");
    bad("0 1 -inf\n", HKZ_ERR_ARG, "bad coupling");
    bad("0 1 1e\n", HKZ_ERR_ARG, "bad coupling '1e'");
    bad("0 1 0x10\n", HKZ_ERR_ARG, "bad coupling");
    bad("0 1 1.2.3\n", HKZ_ERR_ARG, "bad coupling");
    bad("0 1 --1\n", HKZ_ERR_ARG, "bad coupling");
    bad("0 1 1/0\n", HKZ_ERR_ARG, "bad coupling '1/0'");
    bad("0 1 1/\n", HKZ_ERR_ARG, "bad coupling");
    bad("0 1 /2\n", HKZ_ERR_ARG, "bad coupling");
    bad("0 1 1/-2\n", HKZ_ERR_ARG, "bad coupling");
    bad("0 1 .\n", HKZ_ERR_ARG, "bad coupling");
    bad("0 1 1e99999\n", HKZ_ERR_ARG, "bad coupling");
    bad("0 1 1,5\n", HKZ_ERR_ARG, "bad coupling '1,5'");
    bad("0 1 1e300\n", HKZ_ERR_ARG, "more than 250 digits");
    bad("0 1 1/3e2\n", HKZ_ERR_ARG, "bad coupling");
    /* vertex ids: negative, non-integer, too large, unknown */
    bad("-1 2 1\n", HKZ_ERR_ARG, "line 1: negative vertex id '-1'");
    bad("0 -3 1\n", HKZ_ERR_ARG, "negative vertex id");
    bad("1.5 2 1\n", HKZ_ERR_ARG, "bad (need a non-negative integer) vertex "
        "id '1.5'");
    bad("0 99999999999999999999 1\n", HKZ_ERR_ARG, "too large vertex id");
    bad("vertices 3\n0 1 1\n1 3 1\n", HKZ_ERR_ARG,
        "line 3: unknown vertex 3 (vertices 0..2 declared)");
    /* self-loops and duplicate edges (either orientation) */
    bad("0 1 1\n2 2 0.5\n", HKZ_ERR_ARG, "line 2: self-loop at vertex 2");
    bad("0 1 1\n1 2 1\n1 0 2\n", HKZ_ERR_ARG,
        "line 3: duplicate edge 0-1 (first on line 1)");
    bad("5 6 1\n5 6 1\n", HKZ_ERR_ARG, "line 2: duplicate edge 5-6");
    /* directives */
    bad("0 1 1\nvertices 4\n", HKZ_ERR_ARG,
        "line 2: 'vertices' must come before");
    bad("vertices 4\nvertices 4\n", HKZ_ERR_ARG, "second 'vertices'");
    bad("vertices 0\n", HKZ_ERR_ARG, "vertex count must be an integer");
    bad("vertices\n", HKZ_ERR_ARG, "expected 'vertices N'");
    bad("vertices 2000000000\n", HKZ_ERR_ARG, "vertex count");
    bad("weight 0 0\n0 1 1\n", HKZ_ERR_ARG, "weight must be a positive");
    bad("weight 0 -2\n0 1 1\n", HKZ_ERR_ARG, "weight must be a positive");
    bad("weight 0 1.5\n", HKZ_ERR_ARG, "weight must be a positive");
    bad("weight 0 2\nweight 0 3\n", HKZ_ERR_ARG, "second weight for vertex 0");
    bad("vertices 2\nweight 2 1\n", HKZ_ERR_ARG, "unknown vertex 2");
    /* nothing to read */
    bad("", HKZ_ERR_ARG, "empty graph");
    bad("# only a comment\n\n   \n", HKZ_ERR_ARG, "empty graph");
    HKZ_TEST_END("ising.parse");
}
