/* Progress reports through a caller's callback (hkz/progress.h). */
#include "hkz/progress.h"
#include "hkz/status.h"

int hkz_progress_report(const hkz_progress_t *p, slong done, slong total)
{
    if (p == NULL || p->fn == NULL)
        return HKZ_SUCCESS;
    if (p->fn(p->ctx, done, total) != 0)
        return hkz_error_set(HKZ_ERR_INTERRUPTED, "stopped at %ld of %ld "
                             "(interrupted)", (long) done, (long) total);
    return HKZ_SUCCESS;
}
