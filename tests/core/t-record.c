/* The record codec (hkz/record.h): random records of words, integers,
 * exact doubles and balls (special ones too) decode to the same values
 * (arb_equal, bit-equal doubles) and re-encode to the same bytes; every
 * cut of a record is "truncated", a damaged field is "malformed field N",
 * fields left over are refused.  FLINT-style random tests. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "hkz_test.h"
#include "hkz/record.h"

#define NB 3

int main(void)
{
    flint_rand_t st;
    slong iter, i;

    hkz_test_rand_init(st);
    for (iter = 0; iter < hkz_test_iters(300); iter++)
    {
        hkz_rec_enc_t e, e2;
        hkz_rec_dec_t d;
        arb_t x[NB], y;
        slong v = (slong) n_randtest(st) - (slong) (WORD(1) << 40), w;
        double a = ldexp((double) n_randint(st, 1000000) - 500000,
                         (int) n_randint(st, 200) - 100), b;
        char word[16], *rec;
        size_t len;
        int k;

        hkz_rec_enc_init(&e);
        hkz_rec_enc_init(&e2);
        arb_init(y);
        for (k = 0; k < NB; k++)
        {
            arb_init(x[k]);
            arb_randtest_special(x[k], st, 2 + n_randint(st, 300), 40);
        }
        hkz_rec_put_word(&e, "step");
        hkz_rec_put_slong(&e, v);
        hkz_rec_put_d(&e, a);
        for (k = 0; k < NB; k++)
            hkz_rec_put_ball(&e, x[k]);
        rec = strdup(hkz_rec_enc_str(&e));
        len = strlen(rec);

        hkz_rec_dec_init(&d, rec, "test");
        HKZ_TEST_OK(hkz_rec_get_word(&d, word, sizeof(word)));
        HKZ_TEST_CHECK(strcmp(word, "step") == 0, "word '%s'", word);
        HKZ_TEST_OK(hkz_rec_get_slong(&d, &w));
        HKZ_TEST_CHECK(w == v, "slong %ld != %ld", (long) w, (long) v);
        HKZ_TEST_OK(hkz_rec_get_d(&d, &b));
        HKZ_TEST_CHECK(memcmp(&a, &b, sizeof(a)) == 0, "double %a != %a",
                       b, a);
        hkz_rec_put_word(&e2, word);
        hkz_rec_put_slong(&e2, w);
        hkz_rec_put_d(&e2, b);
        for (k = 0; k < NB; k++)
        {
            HKZ_TEST_OK(hkz_rec_get_ball(&d, y));
            HKZ_TEST_CHECK(arb_equal(y, x[k]) || (arf_is_nan(arb_midref(y))
                           && arf_is_nan(arb_midref(x[k]))), "ball %d", k);
            hkz_rec_put_ball(&e2, y);
        }
        HKZ_TEST_CHECK(hkz_rec_at_end(&d), "fields left");
        HKZ_TEST_OK(hkz_rec_end(&d));
        HKZ_TEST_CHECK(strcmp(hkz_rec_enc_str(&e2), rec) == 0,
                       "re-encoded bytes differ");

        /* a cut at a field boundary: truncated */
        for (i = (slong) len - 1; i > 0 && rec[i] != ' '; i--)
            ;
        rec[i] = '\0';
        hkz_rec_dec_init(&d, rec, "test");
        HKZ_TEST_OK(hkz_rec_get_word(&d, word, sizeof(word)));
        HKZ_TEST_OK(hkz_rec_get_slong(&d, &w));
        HKZ_TEST_OK(hkz_rec_get_d(&d, &b));
        for (k = 0; k < NB - 1; k++)
            HKZ_TEST_OK(hkz_rec_get_ball(&d, y));
        HKZ_TEST_STATUS(hkz_rec_get_ball(&d, y), HKZ_ERR_CHECKPOINT);
        HKZ_TEST_CHECK(strstr(hkz_errmsg(), "truncated test record "
                              "(field 6") != NULL, "message: %s",
                       hkz_errmsg());

        /* a damaged integer (field 2) */
        hkz_rec_dec_init(&d, "step 12x 0x1p+0", "test");
        HKZ_TEST_OK(hkz_rec_get_word(&d, word, sizeof(word)));
        HKZ_TEST_STATUS(hkz_rec_get_slong(&d, &w), HKZ_ERR_CHECKPOINT);
        HKZ_TEST_CHECK(strstr(hkz_errmsg(), "malformed field 2 of test "
                              "record") != NULL, "message: %s", hkz_errmsg());
        /* a word too long for its buffer, fields left over */
        hkz_rec_dec_init(&d, "averyveryverylongword 1", "test");
        HKZ_TEST_STATUS(hkz_rec_get_word(&d, word, 8), HKZ_ERR_CHECKPOINT);
        hkz_rec_dec_init(&d, "tile 1 2", "test");
        HKZ_TEST_OK(hkz_rec_get_word(&d, word, sizeof(word)));
        HKZ_TEST_STATUS(hkz_rec_end(&d), HKZ_ERR_CHECKPOINT);
        HKZ_TEST_CHECK(strstr(hkz_errmsg(), "malformed field 2") != NULL,
                       "message: %s", hkz_errmsg());

        free(rec);
        for (k = 0; k < NB; k++)
            arb_clear(x[k]);
        arb_clear(y);
        hkz_rec_enc_clear(&e);
        hkz_rec_enc_clear(&e2);
    }
    flint_randclear(st);
    HKZ_TEST_END("core.record");
}
