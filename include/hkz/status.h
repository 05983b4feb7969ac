/* hkz/status.h -- status codes and error messages.
 *
 * Every public hkz function that can fail returns an int status: HKZ_SUCCESS
 * (0) or one of the codes below.  A one-line detail message for the last
 * failure of the calling thread is available through hkz_errmsg().  Library
 * code never aborts, exits or prints.
 */
#ifndef HKZ_STATUS_H
#define HKZ_STATUS_H

#include "hkz/config.h"

#ifdef __cplusplus
extern "C" {
#endif

/* One list, expanded into the enum and the message table (SUNDIALS style). */
#define HKZ_STATUS_LIST(X)                                                  \
    X(HKZ_SUCCESS, 0, "success")                                            \
    X(HKZ_ERR_ARG, 1, "invalid argument")                                   \
    X(HKZ_ERR_DOMAIN, 2, "outside mathematical domain")                     \
    X(HKZ_ERR_PREC, 3, "accuracy goal not met at max_prec")                 \
    X(HKZ_ERR_NOMEM, 4, "out of memory")                                    \
    X(HKZ_ERR_IO, 5, "I/O error")                                           \
    X(HKZ_ERR_UNSUPPORTED, 6, "unsupported (method, size or build)")        \
    X(HKZ_ERR_MPI, 7, "MPI error")                                          \
    X(HKZ_ERR_CUDA, 8, "CUDA error")                                        \
    X(HKZ_ERR_NCCL, 9, "NCCL error")                                        \
    X(HKZ_ERR_LAPACK, 10, "LAPACK info != 0")                               \
    X(HKZ_ERR_NOT_CERTIFIED, 11, "result could not be certified")           \
    X(HKZ_ERR_INTERNAL, 12, "internal error (bug)")                         \
    X(HKZ_ERR_INTERRUPTED, 13, "interrupted (state checkpointed)")          \
    X(HKZ_ERR_TOO_LARGE, 14, "problem too large for this method")           \
    X(HKZ_ERR_CHECKPOINT, 15, "checkpoint does not match this run")

#define HKZ_STATUS_ENUM_(name, code, text) name = code,
typedef enum { HKZ_STATUS_LIST(HKZ_STATUS_ENUM_) HKZ_STATUS_COUNT_ } hkz_status_t;
#undef HKZ_STATUS_ENUM_

/** Static text for a status code; never NULL ("unknown status" if out of range). */
HKZ_API const char *hkz_strerror(int code);

/** Symbolic name of a status code, e.g. "HKZ_ERR_ARG"; never NULL. */
HKZ_API const char *hkz_status_name(int code);

/** Detail message of the last failure in this thread ("" if none). */
HKZ_API const char *hkz_errmsg(void);

/** Clears the thread's detail message. */
HKZ_API void hkz_errmsg_clear(void);

/** Records a printf-style detail message and returns code (for use in
 *  library code and by extension modules). */
HKZ_API int hkz_error_set(int code, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

#ifdef __cplusplus
}
#endif
#endif
