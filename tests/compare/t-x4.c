/* X4 (spec F1, P3, R48): the spec's case PASSes (claim equal, R48 in the
 * brute-force ball); gamma = 3/4 PASSes with the claim growth and FAILs
 * with the claim equal; a wide gamma cannot confirm the equality (FAIL);
 * bad arguments. */
#include "compare_test.h"

int main(void)
{
    static const char *const cols[] = {"delta_weights", "sub_weights",
        "gamma", "nmax", "brute", "brute_mid", "argmax", "closed",
        "closed_mid", "C_star", "C_star_mid", "claim", "ok", NULL};
    hkz_compare_result_t r;
    hkz_compare_x4_opts_t o;
    const hkz_field_t *f;

    HKZ_TEST_OK(hkz_compare_result_init(&r, "?"));
    hkz_compare_x4_opts_init(&o);
    HKZ_TEST_CHECK(o.nmax == 20 && o.claim == HKZ_COMPARE_CLAIM_AUTO &&
                   strcmp(o.gamma, "0.5") == 0, "defaults");
    HKZ_TEST_OK(hkz_compare_x4(&r, &o));
    CT_PASS(&r);
    HKZ_TEST_CHECK(hkz_table_nrows(r.rows) == 3, "rows");
    HKZ_TEST_CHECK(ct_columns(r.rows, 0, cols), "columns");
    f = hkz_table_find(r.rows, 2, "nmax");
    HKZ_TEST_CHECK(f != NULL && f->i == 20, "nmax 20 last");
    CT_CONTAINS(r.rows, 2, "brute", "0.8660254037844386467637232");  /* R48 */
    CT_CONTAINS(r.rows, 2, "closed", "0.8660254037844386467637232");
    CT_CONTAINS(r.keys, 0, "brute_at_nmax", "0.8660254037844386467637232");
    HKZ_TEST_CHECK(strcmp(ct_str(r.keys, 0, "claim"), "equal") == 0,
                   "claim equal");

    /* gamma = 3/4: the brute force grows (auto = growth) */
    o.gamma = "0.75";
    HKZ_TEST_OK(hkz_compare_x4(&r, &o));
    CT_PASS(&r);
    HKZ_TEST_CHECK(strcmp(ct_str(r.rows, 0, "claim"), "growth") == 0,
                   "claim growth");
    f = hkz_table_find(r.rows, 0, "C_star_mid");
    HKZ_TEST_CHECK(f != NULL && f->d == INFINITY, "C*(3/4) = +inf");
    /* ... so the claim equal FAILs */
    o.claim = HKZ_COMPARE_CLAIM_EQUAL;
    HKZ_TEST_OK(hkz_compare_x4(&r, &o));
    CT_FAIL(&r, "claim equal: brute force 1.3554030054147672 != closed "
            "form 1.1397535284773888 at n <= 5");
    /* a wide gamma around 0.6 cannot confirm an equality */
    o.gamma = "[0.6 +/- 0.09]";
    HKZ_TEST_OK(hkz_compare_x4(&r, &o));
    CT_FAIL(&r, "claim equal: brute force");
    HKZ_TEST_CHECK(strstr(r.reason, "undecided") != NULL, "undecided: %s",
                   r.reason);
    /* growth cannot be claimed for gamma = 1/2 */
    o.gamma = "0.5";
    o.claim = HKZ_COMPARE_CLAIM_GROWTH;
    o.nmax = 8;
    HKZ_TEST_OK(hkz_compare_x4(&r, &o));
    CT_FAIL(&r, "claim growth");

    /* bad arguments */
    hkz_compare_x4_opts_init(&o);
    o.gamma = "-1";
    HKZ_TEST_STATUS(hkz_compare_x4(&r, &o), HKZ_ERR_ARG);
    o.gamma = "[0.5 +/- 0.1]";   /* auto cannot decide gamma <= 1/2 */
    HKZ_TEST_STATUS(hkz_compare_x4(&r, &o), HKZ_ERR_ARG);
    o.gamma = "0.5";
    o.claim = (hkz_compare_claim_t) 7;
    HKZ_TEST_STATUS(hkz_compare_x4(&r, &o), HKZ_ERR_ARG);
    o.claim = HKZ_COMPARE_CLAIM_AUTO;
    o.nmax = 1;
    HKZ_TEST_STATUS(hkz_compare_x4(&r, &o), HKZ_ERR_ARG);
    o.nmax = 20;
    o.delta_weights = "1,4,9";   /* 3 factors against 2 */
    HKZ_TEST_STATUS(hkz_compare_x4(&r, &o), HKZ_ERR_ARG);
    o.delta_weights = o.sub_weights = "1,4,9,16,25,36";
    o.nmax = 100;                /* (N(N+1)/2)^6 > 1e8 */
    HKZ_TEST_STATUS(hkz_compare_x4(&r, &o), HKZ_ERR_ARG);

    hkz_compare_result_clear(&r);
    HKZ_TEST_END("compare.x4");
}
