/* hkz_check.h -- private error-handling macros (not installed). */
#ifndef HKZ_CHECK_H
#define HKZ_CHECK_H

#include "hkz/status.h"

/* Usage check, always on: records the message and returns the code. */
#define HKZ_CHECK(cond, code, ...)                                          \
    do {                                                                    \
        if (!(cond))                                                        \
            return hkz_error_set((code), __VA_ARGS__);                      \
    } while (0)

/* Same, but jumps to the function's cleanup label with status set. */
#define HKZ_CHECK_GOTO(cond, code, ...)                                     \
    do {                                                                    \
        if (!(cond)) {                                                      \
            status = hkz_error_set((code), __VA_ARGS__);                    \
            goto cleanup;                                                   \
        }                                                                   \
    } while (0)

/* Propagates a failure of a call returning a status. */
#define HKZ_TRY(expr)                                                       \
    do {                                                                    \
        int hkz_try_s_ = (expr);                                            \
        if (hkz_try_s_ != HKZ_SUCCESS)                                      \
            return hkz_try_s_;                                              \
    } while (0)

#define HKZ_TRY_GOTO(expr)                                                  \
    do {                                                                    \
        status = (expr);                                                    \
        if (status != HKZ_SUCCESS)                                          \
            goto cleanup;                                                   \
    } while (0)

#endif
