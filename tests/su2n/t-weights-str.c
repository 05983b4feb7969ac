/* Weight specs as text (hkz_su2n_weights_set_str / get_str / read_file):
 * every form of the grammar, the canonical text and its round trip, the
 * "@N" suffix and its cap, whitespace (between tokens only), "file:" with
 * a temporary file, and bad specs (each HKZ_ERR_ARG with a message quoting
 * the bad part, w unchanged). */
#include "su2n_test.h"

#define PREC 128

/* a round trip may only widen: v's stored parameters (the list entries,
   or the scale and exponent of a family) contain w's; the weights w_i
   derived from them overlap */
static void check_contains(const hkz_su2n_weights_t v,
                           const hkz_su2n_weights_t w, slong i,
                           const char *what)
{
    arb_t x, y;
    arb_init(x);
    arb_init(y);
    HKZ_TEST_OK(hkz_su2n_weights_get(x, w, i, PREC));
    HKZ_TEST_OK(hkz_su2n_weights_get(y, v, i, PREC));
    HKZ_TEST_CHECK(arb_overlaps(y, x), "%s: w_%ld does not overlap", what,
                   (long) i);
    if (w->family == HKZ_SU2N_LIST)
        HKZ_TEST_CHECK(arb_contains(y, x), "%s: w_%ld not contained", what,
                       (long) i);
    else
        HKZ_TEST_CHECK(arb_contains(&v->c, &w->c)
                       && arb_contains(&v->p, &w->p), "%s: parameters not "
                       "contained", what);
    arb_clear(x);
    arb_clear(y);
}

/* w_i must overlap the exact value v (given as a ball) */
static void check_w(const hkz_su2n_weights_t w, slong i, const arb_t v,
                    const char *what)
{
    arb_t u;
    arb_init(u);
    HKZ_TEST_OK(hkz_su2n_weights_get(u, w, i, PREC));
    HKZ_TEST_CHECK(arb_overlaps(u, v) && arb_rel_accuracy_bits(u) > 100,
                   "%s: w_%ld", what, (long) i);
    arb_clear(u);
}

static void check_wd(const hkz_su2n_weights_t w, slong i, const char *v,
                     const char *what)
{
    arb_t u;
    arb_init(u);
    su2n_str(u, v);
    check_w(w, i, u, what);
    arb_clear(u);
}

/* the families and lists, with values and canonical text */
static void forms(void)
{
    static const struct
    {
        const char *spec, *canon;
        int family;
        slong len;
        const char *w3;     /* w_3 (NULL: checked separately) */
    } F[] = {
        {"i^2", "i^2", HKZ_SU2N_POW, -1, "9"},
        {" i ^ 2 ", "i^2", HKZ_SU2N_POW, -1, "9"},
        {"i", "i", HKZ_SU2N_POW, -1, "3"},
        {"i^1", "i", HKZ_SU2N_POW, -1, "3"},
        {"2*i", "2*i", HKZ_SU2N_POW, -1, "6"},
        {"0.5*i^3", "0.5*i^3", HKZ_SU2N_POW, -1, "13.5"},
        {"i^1.5", "i^1.5", HKZ_SU2N_POW, -1, NULL},
        {"2^i", "2^i", HKZ_SU2N_GEOM, -1, "8"},
        {"0.25*2^i", "0.25*2^i", HKZ_SU2N_GEOM, -1, "2"},
        {"log(1+i)", "log(1+i)", HKZ_SU2N_LOG, -1, NULL},
        {"3*log(1+i)^2", "3*log(1+i)^2", HKZ_SU2N_LOG2, -1, NULL},
        {"(log(1+i))^2", "log(1+i)^2", HKZ_SU2N_LOG2, -1, NULL},
        {"pi*i^2", "pi*i^2", HKZ_SU2N_POW, -1, NULL},
        {"1,4,9", "1,4,9", HKZ_SU2N_LIST, 3, "9"},
        {" 1 , 4 , 9.5 ", "1,4,9.5", HKZ_SU2N_LIST, 3, "9.5"},
        {"list:0.1,0.25,1e-3", "0.1,0.25,0.001", HKZ_SU2N_LIST, 3,
         "0.001"},
        {"list:7", "7", HKZ_SU2N_LIST, 1, NULL},
        {"7", "7", HKZ_SU2N_LIST, 1, NULL},
        {"12345678901234567890", "12345678901234567890", HKZ_SU2N_LIST, 1,
         NULL},
        {"list:", "list:", HKZ_SU2N_LIST, 0, NULL},
        {"i^2@4", "1,4,9,16", HKZ_SU2N_LIST, 4, "9"},
        {"2^i @ 3", "2,4,8", HKZ_SU2N_LIST, 3, "8"},
        {"1,4,9,16@3", "1,4,9", HKZ_SU2N_LIST, 3, "9"},
        {"1,4,9@3", "1,4,9", HKZ_SU2N_LIST, 3, "9"},
        {"5@1", "5", HKZ_SU2N_LIST, 1, NULL},
        {"[2 +/- 1e-30],3,4", NULL, HKZ_SU2N_LIST, 3, "4"},
        /* whitespace between tokens is dropped */
        {"2 * i ^ 2", "2*i^2", HKZ_SU2N_POW, -1, "18"},
        {"log (1 + i)", "log(1+i)", HKZ_SU2N_LOG, -1, NULL},
        {"i^2 @ 3", "1,4,9", HKZ_SU2N_LIST, 3, "9"},
        {"[1 +/- 0.5]", NULL, HKZ_SU2N_LIST, 1, NULL},
        {"1e-3 , 2.5e+1 ,3", "0.001,25,3", HKZ_SU2N_LIST, 3, "3"},
        {"list: 1 ,\t2", "1,2", HKZ_SU2N_LIST, 2, NULL},
    };
    hkz_su2n_weights_t w, v;
    arb_t u;
    size_t k;
    slong i;

    hkz_su2n_weights_init(w);
    hkz_su2n_weights_init(v);
    arb_init(u);
    for (k = 0; k < sizeof(F) / sizeof(F[0]); k++)
    {
        char *s, *s2;
        int st = hkz_su2n_weights_set_str(w, F[k].spec, PREC);
        if (st != HKZ_SUCCESS)
        {
            HKZ_TEST_FAIL("'%s': %s", F[k].spec, hkz_errmsg());
            continue;
        }
        HKZ_TEST_CHECK(w->family == F[k].family, "'%s': family %d",
                       F[k].spec, w->family);
        HKZ_TEST_CHECK(hkz_su2n_weights_length(w) == F[k].len,
                       "'%s': length %ld", F[k].spec,
                       (long) hkz_su2n_weights_length(w));
        if (F[k].w3 != NULL)
            check_wd(w, 3, F[k].w3, F[k].spec);
        s = hkz_su2n_weights_get_str(w);
        HKZ_TEST_CHECK(s != NULL, "'%s': get_str NULL", F[k].spec);
        if (s == NULL)
            continue;
        if (F[k].canon != NULL)
            HKZ_TEST_CHECK(strcmp(s, F[k].canon) == 0, "'%s': canonical "
                           "text '%s', expected '%s'", F[k].spec, s,
                           F[k].canon);
        /* round trip: same family, overlapping weights, same text */
        HKZ_TEST_OK(hkz_su2n_weights_set_str(v, s, PREC));
        HKZ_TEST_CHECK(v->family == w->family
                       && hkz_su2n_weights_length(v)
                          == hkz_su2n_weights_length(w),
                       "'%s': round trip of '%s'", F[k].spec, s);
        for (i = 1; i <= 6; i++)
        {
            if (w->family == HKZ_SU2N_LIST && i > w->len)
                break;
            check_contains(v, w, i, s);
        }
        /* canonical text is a fixed point */
        s2 = hkz_su2n_weights_get_str(v);
        HKZ_TEST_CHECK(s2 != NULL && (F[k].canon == NULL
                                      || strcmp(s, s2) == 0),
                       "'%s': text '%s' -> '%s'", F[k].spec, s,
                       s2 != NULL ? s2 : "NULL");
        flint_free(s);
        if (s2 != NULL)
            flint_free(s2);
    }

    /* values that need a closer look */
    HKZ_TEST_OK(hkz_su2n_weights_set_str(w, "i^1.5", PREC));
    arb_set_ui(u, 27);
    arb_sqrt(u, u, PREC);
    check_w(w, 3, u, "i^1.5");
    HKZ_TEST_OK(hkz_su2n_weights_set_str(w, "3*log(1+i)^2", PREC));
    arb_set_ui(u, 4);
    arb_log(u, u, PREC);
    arb_sqr(u, u, PREC);
    arb_mul_ui(u, u, 3, PREC);
    check_w(w, 3, u, "3 log(1+i)^2");
    HKZ_TEST_OK(hkz_su2n_weights_set_str(w, "pi*i^2", PREC));
    arb_const_pi(u, PREC);
    arb_mul_ui(u, u, 4, PREC);
    check_w(w, 2, u, "pi i^2");
    /* decimals are exact: 0.1 is 1/10 */
    HKZ_TEST_OK(hkz_su2n_weights_set_str(w, "0.1*i", PREC));
    arb_set_ui(u, 3);
    arb_div_ui(u, u, 10, PREC);
    check_w(w, 3, u, "0.1 i");
    /* the scale cap of w is kept */
    hkz_su2n_weights_set_max_factors(w, 77);
    HKZ_TEST_OK(hkz_su2n_weights_set_str(w, "i^3", PREC));
    HKZ_TEST_CHECK(w->max_factors == 77, "max_factors kept");

    arb_clear(u);
    hkz_su2n_weights_clear(w);
    hkz_su2n_weights_clear(v);
}

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    if (f == NULL)
    {
        HKZ_TEST_FAIL("cannot write %s", path);
        return;
    }
    fputs(text, f);
    fclose(f);
}

/* the file: form and hkz_su2n_weights_read_file */
static void files(void)
{
    const char *path = "su2n_t_weights_str.tmp";
    hkz_su2n_weights_t w;
    char spec[128];
    char *s;

    hkz_su2n_weights_init(w);
    write_file(path, "# weights for a test\n1\n4   # second\n\n  9.5\n"
                     "  # indented comment\n0.25");
    snprintf(spec, sizeof(spec), "file:%s", path);
    HKZ_TEST_OK(hkz_su2n_weights_set_str(w, spec, PREC));
    HKZ_TEST_CHECK(hkz_su2n_weights_length(w) == 4, "file: length %ld",
                   (long) hkz_su2n_weights_length(w));
    check_wd(w, 3, "9.5", "file w_3");
    check_wd(w, 4, "0.25", "file w_4");
    s = hkz_su2n_weights_get_str(w);
    HKZ_TEST_CHECK(s != NULL && strcmp(s, "1,4,9.5,0.25") == 0, "file "
                   "text '%s'", s != NULL ? s : "NULL");
    flint_free(s);
    snprintf(spec, sizeof(spec), "  file: %s @ 2 ", path);
    HKZ_TEST_OK(hkz_su2n_weights_set_str(w, spec, PREC));
    HKZ_TEST_CHECK(hkz_su2n_weights_length(w) == 2, "file@2");
    check_wd(w, 2, "4", "file@2 w_2");
    snprintf(spec, sizeof(spec), "file:%s@5", path);
    HKZ_TEST_STATUS(hkz_su2n_weights_set_str(w, spec, PREC), HKZ_ERR_ARG);
    HKZ_TEST_CHECK(strstr(hkz_errmsg(), "@5") != NULL, "file@5: %s",
                   hkz_errmsg());
    HKZ_TEST_OK(hkz_su2n_weights_read_file(w, path, PREC));
    HKZ_TEST_CHECK(hkz_su2n_weights_length(w) == 4, "read_file");

    /* errors name the line */
    write_file(path, "1\n2\n\nabc\n");
    HKZ_TEST_STATUS(hkz_su2n_weights_read_file(w, path, PREC), HKZ_ERR_ARG);
    HKZ_TEST_CHECK(strstr(hkz_errmsg(), "line 4") != NULL
                   && strstr(hkz_errmsg(), "abc") != NULL, "line number: "
                   "%s", hkz_errmsg());
    HKZ_TEST_CHECK(hkz_su2n_weights_length(w) == 4, "unchanged on error");
    write_file(path, "1\n-2\n");
    HKZ_TEST_STATUS(hkz_su2n_weights_set_str(w, spec, PREC), HKZ_ERR_ARG);
    HKZ_TEST_CHECK(strstr(hkz_errmsg(), "line 2") != NULL, "line 2: %s",
                   hkz_errmsg());
    write_file(path, "# nothing\n\n");
    HKZ_TEST_STATUS(hkz_su2n_weights_read_file(w, path, PREC), HKZ_ERR_ARG);
    /* whitespace inside a number: refused, not read as 12 / 14 */
    write_file(path, "1 2\n");
    HKZ_TEST_STATUS(hkz_su2n_weights_read_file(w, path, PREC), HKZ_ERR_ARG);
    HKZ_TEST_CHECK(strstr(hkz_errmsg(), "line 1") != NULL
                   && strstr(hkz_errmsg(), "whitespace") != NULL
                   && strstr(hkz_errmsg(), "'1 2'") != NULL, "'1 2' in a "
                   "file: %s", hkz_errmsg());
    HKZ_TEST_CHECK(hkz_su2n_weights_length(w) == 4, "unchanged on error");
    write_file(path, "1\n  4  # ok\n1 4\n9\n");
    HKZ_TEST_STATUS(hkz_su2n_weights_set_str(w, spec, PREC), HKZ_ERR_ARG);
    HKZ_TEST_CHECK(strstr(hkz_errmsg(), "line 3") != NULL
                   && strstr(hkz_errmsg(), "'1 4'") != NULL, "'1 4' in a "
                   "file: %s", hkz_errmsg());
    write_file(path, "2.5 e-1\n");
    HKZ_TEST_STATUS(hkz_su2n_weights_read_file(w, path, PREC), HKZ_ERR_ARG);
    HKZ_TEST_CHECK(strstr(hkz_errmsg(), "line 1") != NULL, "'2.5 e-1': %s",
                   hkz_errmsg());
    /* whitespace between tokens of a ball is fine */
    write_file(path, "\t[2 +/- 0.5]  \n 3 \n");
    HKZ_TEST_OK(hkz_su2n_weights_read_file(w, path, PREC));
    HKZ_TEST_CHECK(hkz_su2n_weights_length(w) == 2, "ball line: length");
    check_wd(w, 2, "3", "ball line w_2");
    {
        arb_t u;
        arb_init(u);
        HKZ_TEST_OK(hkz_su2n_weights_get(u, w, 1, PREC));
        HKZ_TEST_CHECK(arb_contains_si(u, 2) && !arb_contains_si(u, 1)
                       && !arb_contains_si(u, 3)
                       && mag_cmp_2exp_si(arb_radref(u), -1) >= 0,
                       "ball line w_1");
        arb_clear(u);
    }
    remove(path);
    HKZ_TEST_STATUS(hkz_su2n_weights_read_file(w, path, PREC), HKZ_ERR_IO);
    HKZ_TEST_CHECK(strstr(hkz_errmsg(), path) != NULL, "names the file");
    HKZ_TEST_STATUS(hkz_su2n_weights_set_str(w, "file:", PREC), HKZ_ERR_ARG);
    hkz_su2n_weights_clear(w);
}

/* bad specs: HKZ_ERR_ARG, the message quotes the bad part, w unchanged */
static void bad(void)
{
    static const struct
    {
        const char *spec, *needle;
    } B[] = {
        {"i^0.5", "weight spec 'i^0.5': exponent must be >= 1"},
        {"i^0", "exponent must be >= 1"},
        {"i^", "exponent"},
        {"i^x", "'x'"},
        {"", "empty"},
        {"   ", "empty"},
        {"foo", "'foo'"},
        {"2^j", "'2^j'"},
        {"log(1+i)^3", "'log(1+i)^3'"},
        {"0*i", "must be > 0"},
        {"-1*i", "'-1'"},
        {"abc*i", "'abc'"},
        {"nan*i", "'nan'"},
        {"inf", "'inf'"},
        {"1,,2", "weight 2 is empty"},
        {"1,-2,3", "weight 2 '-2' must be > 0"},
        {"1,x,3", "weight 2 'x'"},
        {"1,2,", "weight 3 is empty"},
        {"0", "must be > 0"},
        {"i^2@0", "@0"},
        {"i^2@", "@"},
        {"i^2@x", "@x"},
        {"i^2@-3", "@-3"},
        {"1,4@3", "@3 exceeds the 2"},
        {"1@2@3", "'1@2@3'"},
        {"@3", "nothing before"},
        {"list:1,0", "weight 2"},
        {"file:/nonexistent/dir/w.txt", "/nonexistent/dir/w.txt"},
        /* whitespace inside a number or name: not "12", "1,23", ... */
        {"1 2", "weight spec '1 2': whitespace inside a number or name "
                "(separate weights by ',')"},
        {"1, 2 3", "separate weights by ','"},
        {"i^ 2 . 5", "weight spec 'i^ 2 . 5': whitespace"},
        {"i^2 .5", "whitespace"},
        {"i^2. 5", "whitespace"},
        {"1e -3", "whitespace"},
        {"1e- 3", "whitespace"},
        {"1 e-3", "whitespace"},
        {"2 pi*i", "whitespace"},
        {"lo g(1+i)", "whitespace"},
        {"l ist:1,2", "whitespace"},
        {"i^2@1 0", "whitespace"},
        {"[1 +/- 0. 5]", "whitespace"},
        /* "@N" of a family: N <= max_factors (no abort on a huge N) */
        {"i@100000000000", "@100000000000 exceeds the cap max_factors = "
                           "1048576 of the weights (default 2^20"},
        {"2^i@1048577", "@1048577 exceeds the cap max_factors"},
        {"log(1+i) @ 99999999999999", "exceeds the cap max_factors"},
        {"i@999999999999999999999", "bad suffix"},
        {"1,2@100000000000", "@100000000000 exceeds the 2 listed"},
    };
    hkz_su2n_weights_t w;
    size_t k;

    hkz_su2n_weights_init(w);
    for (k = 0; k < sizeof(B) / sizeof(B[0]); k++)
    {
        int st, want;
        HKZ_TEST_OK(hkz_su2n_weights_set_str(w, "i^2", PREC));
        hkz_errmsg_clear();
        st = hkz_su2n_weights_set_str(w, B[k].spec, PREC);
        want = strncmp(B[k].spec, "file:", 5) == 0 ? HKZ_ERR_IO
                                                    : HKZ_ERR_ARG;
        HKZ_TEST_CHECK(st == want, "'%s': status %s", B[k].spec,
                       hkz_status_name(st));
        HKZ_TEST_CHECK(strstr(hkz_errmsg(), B[k].needle) != NULL,
                       "'%s': message '%s' lacks '%s'", B[k].spec,
                       hkz_errmsg(), B[k].needle);
        HKZ_TEST_CHECK(w->family == HKZ_SU2N_POW, "'%s': w changed",
                       B[k].spec);
        check_wd(w, 3, "9", B[k].spec);
    }
    /* NULL arguments */
    HKZ_TEST_STATUS(hkz_su2n_weights_set_str(w, NULL, PREC), HKZ_ERR_ARG);
    HKZ_TEST_STATUS(hkz_su2n_weights_read_file(w, NULL, PREC), HKZ_ERR_ARG);
    HKZ_TEST_CHECK(hkz_su2n_weights_get_str(NULL) == NULL, "get_str NULL");
    hkz_su2n_weights_clear(w);
}

/* the factor cap bounds "@N" and hkz_su2n_weights_set_head of a family
   (a huge N must be refused, not abort in an allocation) */
static void cap(void)
{
    hkz_su2n_weights_t w, v;
    arb_t one;

    hkz_su2n_weights_init(w);
    hkz_su2n_weights_init(v);
    arb_init(one);
    arb_one(one);

    /* "@N" against the cap of w, at the boundary */
    hkz_su2n_weights_set_max_factors(w, 5);
    HKZ_TEST_OK(hkz_su2n_weights_set_str(w, "i^2@5", PREC));
    HKZ_TEST_CHECK(hkz_su2n_weights_length(w) == 5 && w->max_factors == 5,
                   "i^2@5 with cap 5");
    check_wd(w, 5, "25", "i^2@5 w_5");
    HKZ_TEST_STATUS(hkz_su2n_weights_set_str(w, "i^2@6", PREC), HKZ_ERR_ARG);
    HKZ_TEST_CHECK(strstr(hkz_errmsg(), "'i^2@6': @6 exceeds the cap "
                          "max_factors = 5") != NULL, "i^2@6: %s",
                   hkz_errmsg());
    HKZ_TEST_CHECK(hkz_su2n_weights_length(w) == 5 && w->max_factors == 5,
                   "unchanged after i^2@6");
    /* a list is bounded by its length, not by the cap */
    HKZ_TEST_OK(hkz_su2n_weights_set_str(w, "1,2,3,4,5,6,7@6", PREC));
    HKZ_TEST_CHECK(hkz_su2n_weights_length(w) == 6, "list@6 with cap 5");
    /* a raised cap allows a larger N */
    hkz_su2n_weights_set_max_factors(w, 2000000);
    HKZ_TEST_STATUS(hkz_su2n_weights_set_str(w, "i@2000001", PREC),
                    HKZ_ERR_ARG);
    HKZ_TEST_CHECK(strstr(hkz_errmsg(), "max_factors = 2000000") != NULL,
                   "cap 2000000: %s", hkz_errmsg());

    /* hkz_su2n_weights_set_head: n <= the cap of src */
    hkz_su2n_weights_set_max_factors(w, WORD(1) << 20);
    HKZ_TEST_OK(hkz_su2n_weights_set_pow(w, one, one));
    HKZ_TEST_OK(hkz_su2n_weights_set_str(v, "7,8", PREC));
    HKZ_TEST_STATUS(hkz_su2n_weights_set_head(v, w, WORD(100000000000),
                                              PREC), HKZ_ERR_ARG);
    HKZ_TEST_CHECK(strstr(hkz_errmsg(), "hkz_su2n_weights_set_head: n = "
                          "100000000000 exceeds the cap max_factors = "
                          "1048576") != NULL
                   && strstr(hkz_errmsg(), "default 2^20") != NULL,
                   "set_head huge n: %s", hkz_errmsg());
    HKZ_TEST_CHECK(hkz_su2n_weights_length(v) == 2, "set_head: v unchanged");
    HKZ_TEST_STATUS(hkz_su2n_weights_set_head(w, w, WORD_MAX, PREC),
                    HKZ_ERR_ARG);
    HKZ_TEST_CHECK(w->family == HKZ_SU2N_POW, "set_head: w unchanged");
    hkz_su2n_weights_set_max_factors(w, 3);
    HKZ_TEST_OK(hkz_su2n_weights_set_head(v, w, 3, PREC));
    HKZ_TEST_CHECK(hkz_su2n_weights_length(v) == 3 && v->max_factors == 3,
                   "set_head at the cap");
    check_wd(v, 3, "3", "set_head w_3");
    HKZ_TEST_STATUS(hkz_su2n_weights_set_head(w, w, 4, PREC), HKZ_ERR_ARG);
    HKZ_TEST_CHECK(strstr(hkz_errmsg(), "max_factors = 3") != NULL,
                   "set_head cap 3: %s", hkz_errmsg());
    /* a list: n <= length, whatever the cap */
    HKZ_TEST_OK(hkz_su2n_weights_set_str(v, "1,2,3,4", PREC));
    hkz_su2n_weights_set_max_factors(v, 1);
    HKZ_TEST_OK(hkz_su2n_weights_set_head(v, v, 3, PREC));
    HKZ_TEST_CHECK(hkz_su2n_weights_length(v) == 3, "list head 3, cap 1");
    HKZ_TEST_STATUS(hkz_su2n_weights_set_head(v, v, 4, PREC), HKZ_ERR_ARG);

    arb_clear(one);
    hkz_su2n_weights_clear(w);
    hkz_su2n_weights_clear(v);
}

/* random lists and families: get_str -> set_str reproduces the weights */
static void random_round_trip(flint_rand_t st)
{
    hkz_su2n_weights_t w, v;
    arb_t u;
    slong it, i, n;

    hkz_su2n_weights_init(w);
    hkz_su2n_weights_init(v);
    arb_init(u);
    for (it = 0; it < hkz_test_iters(200); it++)
    {
        char *s;
        int kind = (int) n_randint(st, 3);
        n = 1 + (slong) n_randint(st, 6);
        if (kind == 0)
        {
            /* a list of random dyadic or decimal-ish balls */
            arb_ptr a = _arb_vec_init(n);
            for (i = 0; i < n; i++)
            {
                if (n_randint(st, 2))
                    arb_set_ui(a + i, 1 + n_randint(st, 1000));
                else
                {
                    arb_set_ui(a + i, 1 + n_randint(st, 100000));
                    arb_div_ui(a + i, a + i, 1 + n_randint(st, 1000), PREC);
                }
            }
            HKZ_TEST_OK(hkz_su2n_weights_set_list(w, a, n));
            _arb_vec_clear(a, n);
        }
        else if (kind == 1)
        {
            arb_t c, p;
            arb_init(c);
            arb_init(p);
            arb_set_ui(c, 1 + n_randint(st, 50));
            arb_div_ui(c, c, 1 + n_randint(st, 7), PREC);
            arb_set_ui(p, 4 + n_randint(st, 20));
            arb_mul_2exp_si(p, p, -2);
            HKZ_TEST_OK(hkz_su2n_weights_set_pow(w, c, p));
            arb_clear(c);
            arb_clear(p);
        }
        else
        {
            arb_t c;
            arb_init(c);
            arb_set_ui(c, 1 + n_randint(st, 50));
            arb_div_ui(c, c, 1 + n_randint(st, 7), PREC);
            HKZ_TEST_OK(n_randint(st, 2) ? hkz_su2n_weights_set_log(w, c)
                                         : hkz_su2n_weights_set_geom(w, c));
            arb_clear(c);
        }
        s = hkz_su2n_weights_get_str(w);
        HKZ_TEST_OK(hkz_su2n_weights_set_str(v, s, PREC));
        HKZ_TEST_CHECK(v->family == w->family, "random: family of '%s'", s);
        for (i = 1; i <= n; i++)
            check_contains(v, w, i, s);
        flint_free(s);
    }
    arb_clear(u);
    hkz_su2n_weights_clear(w);
    hkz_su2n_weights_clear(v);
}

int main(void)
{
    flint_rand_t st;
    hkz_test_rand_init(st);
    forms();
    files();
    bad();
    cap();
    random_round_trip(st);
    hkz_rand_clear(st);
    HKZ_TEST_END("su2n.weights_str");
}
