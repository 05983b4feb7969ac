/* Weight specs as text (hkz_su2n_weights_set_str / get_str / read_file):
 * every form of the grammar, the canonical text and its round trip, the
 * "@N" suffix, "file:" with a temporary file, and bad specs (each
 * HKZ_ERR_ARG with a message quoting the bad part, w unchanged). */
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
    write_file(path, "1 2\n");     /* whitespace ignored: 12 */
    HKZ_TEST_OK(hkz_su2n_weights_read_file(w, path, PREC));
    check_wd(w, 1, "12", "whitespace in a line");
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
    random_round_trip(st);
    hkz_rand_clear(st);
    HKZ_TEST_END("su2n.weights_str");
}
