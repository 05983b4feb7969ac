/* hkz/signal.h -- chunk / tile readiness signals (host side, C11 atomics).
 *
 * n slots holding monotonically increasing 64-bit epochs (never reset, so
 * no ABA): a producer posts epoch e on slot i after writing the data
 * (release); a consumer tests/waits for slot i >= e (acquire).  The engine
 * (hkz/engine.h) posts one slot per finished column chunk; the dist layers
 * and the CUDA backend wait on them.  Implementation:
 * kernels/cpu/engine_signal.c (libhkz); plain C types only. */
#ifndef HKZ_SIGNAL_H
#define HKZ_SIGNAL_H

#include <stddef.h>
#include <stdint.h>
#include "hkz/config.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct hkz_signal_s *hkz_signal_t;

HKZ_API HKZ_WARN_UNUSED int hkz_signal_create(hkz_signal_t *s, size_t n);
/** NULL-safe; sets *s = NULL. */
HKZ_API void hkz_signal_destroy(hkz_signal_t *s);
HKZ_API size_t hkz_signal_count(const hkz_signal_t s);
/** Release-store of epoch on slot i (the value only ever grows: a smaller
 *  epoch than the current one is ignored). */
HKZ_API void hkz_signal_post(hkz_signal_t s, size_t i, uint64_t epoch);
/** Acquire-load of slot i. */
HKZ_API uint64_t hkz_signal_read(const hkz_signal_t s, size_t i);
/** 1 if slot i holds >= epoch (acquire), else 0. */
HKZ_API int hkz_signal_test(const hkz_signal_t s, size_t i, uint64_t epoch);
/** Waits until slot i holds >= epoch; timeout_s < 0 waits forever.
 *  HKZ_ERR_INTERNAL on timeout (a lost post is a bug). */
HKZ_API HKZ_WARN_UNUSED int hkz_signal_wait(const hkz_signal_t s, size_t i,
        uint64_t epoch, double timeout_s);

#ifdef __cplusplus
}
#endif
#endif
