/* Status codes, their texts, and the thread-local detail message. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "hkz/status.h"

static _Thread_local char hkz_errmsg_buf[512];

#define HKZ_STATUS_TEXT_(name, code, text) [code] = text,
static const char *const hkz_status_texts[] = {
    HKZ_STATUS_LIST(HKZ_STATUS_TEXT_)};
#undef HKZ_STATUS_TEXT_

#define HKZ_STATUS_NAME_(name, code, text) [code] = #name,
static const char *const hkz_status_names[] = {
    HKZ_STATUS_LIST(HKZ_STATUS_NAME_)};
#undef HKZ_STATUS_NAME_

const char *hkz_strerror(int code)
{
    if (code < 0 || code >= HKZ_STATUS_COUNT_)
        return "unknown status";
    return hkz_status_texts[code];
}

const char *hkz_status_name(int code)
{
    if (code < 0 || code >= HKZ_STATUS_COUNT_)
        return "HKZ_UNKNOWN";
    return hkz_status_names[code];
}

const char *hkz_errmsg(void) { return hkz_errmsg_buf; }

void hkz_errmsg_clear(void) { hkz_errmsg_buf[0] = '\0'; }

int hkz_error_set(int code, const char *fmt, ...)
{
    /* format into a copy first: callers may pass hkz_errmsg() as an argument
       to prefix the previous message */
    char tmp[sizeof(hkz_errmsg_buf)];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(tmp, sizeof(tmp), fmt, ap);
    va_end(ap);
    memcpy(hkz_errmsg_buf, tmp, sizeof(tmp));
    return code;
}
