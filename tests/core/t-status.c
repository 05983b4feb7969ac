/* Status codes: texts, names, detail message. */
#include "hkz_test.h"

int main(void)
{
    int c;
    HKZ_TEST_CHECK(strcmp(hkz_strerror(HKZ_SUCCESS), "success") == 0,
                   "strerror(0)");
    HKZ_TEST_CHECK(strcmp(hkz_status_name(HKZ_ERR_PREC), "HKZ_ERR_PREC") == 0,
                   "status_name");
    HKZ_TEST_CHECK(strcmp(hkz_strerror(-1), "unknown status") == 0,
                   "strerror(-1)");
    HKZ_TEST_CHECK(strcmp(hkz_strerror(1000), "unknown status") == 0,
                   "strerror(1000)");
    for (c = 0; c < HKZ_STATUS_COUNT_; c++)
        HKZ_TEST_CHECK(hkz_strerror(c) != NULL && hkz_strerror(c)[0] != '\0',
                       "code %d has no text", c);
    hkz_errmsg_clear();
    HKZ_TEST_CHECK(hkz_errmsg()[0] == '\0', "errmsg not cleared");
    c = hkz_error_set(HKZ_ERR_ARG, "t must be > 0 (got %g)", -0.5);
    HKZ_TEST_CHECK(c == HKZ_ERR_ARG, "error_set returns its code");
    HKZ_TEST_CHECK(strcmp(hkz_errmsg(), "t must be > 0 (got -0.5)") == 0,
                   "errmsg text '%s'", hkz_errmsg());
    HKZ_TEST_END("status");
}
