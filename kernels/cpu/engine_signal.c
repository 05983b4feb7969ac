/* Chunk / tile readiness signals on the host (TileLink-style notify and
 * wait): slots of monotonically increasing epochs, release on post,
 * acquire on test and wait. */
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <time.h>
#include "hkz/signal.h"
#include "hkz_check.h"

struct hkz_signal_s
{
    size_t n;
    _Atomic uint64_t *slot;
};

int hkz_signal_create(hkz_signal_t *s, size_t n)
{
    size_t i;
    HKZ_CHECK(s != NULL, HKZ_ERR_ARG, "hkz_signal_create: NULL handle");
    *s = NULL;
    HKZ_CHECK(n >= 1 && n <= ((size_t) 1 << 32), HKZ_ERR_ARG,
              "hkz_signal_create: need 1 <= n <= 2^32 slots (got %zu)", n);
    *s = malloc(sizeof(struct hkz_signal_s));
    HKZ_CHECK(*s != NULL, HKZ_ERR_NOMEM, "hkz_signal_create: out of memory");
    (*s)->n = n;
    (*s)->slot = malloc(n * sizeof(_Atomic uint64_t));
    if ((*s)->slot == NULL)
    {
        free(*s);
        *s = NULL;
        return hkz_error_set(HKZ_ERR_NOMEM,
                             "hkz_signal_create: out of memory");
    }
    for (i = 0; i < n; i++)
        atomic_init(&(*s)->slot[i], 0);
    return HKZ_SUCCESS;
}

void hkz_signal_destroy(hkz_signal_t *s)
{
    if (s == NULL || *s == NULL)
        return;
    free((*s)->slot);
    free(*s);
    *s = NULL;
}

size_t hkz_signal_count(const hkz_signal_t s)
{
    return s != NULL ? s->n : 0;
}

void hkz_signal_post(hkz_signal_t s, size_t i, uint64_t epoch)
{
    uint64_t cur;
    if (s == NULL || i >= s->n)
        return;
    cur = atomic_load_explicit(&s->slot[i], memory_order_relaxed);
    /* epochs only grow: keep the maximum (no ABA, no reset races) */
    while (cur < epoch &&
           !atomic_compare_exchange_weak_explicit(&s->slot[i], &cur, epoch,
                   memory_order_release, memory_order_relaxed))
        ;
}

uint64_t hkz_signal_read(const hkz_signal_t s, size_t i)
{
    if (s == NULL || i >= s->n)
        return 0;
    return atomic_load_explicit(&s->slot[i], memory_order_acquire);
}

int hkz_signal_test(const hkz_signal_t s, size_t i, uint64_t epoch)
{
    return hkz_signal_read(s, i) >= epoch;
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

int hkz_signal_wait(const hkz_signal_t s, size_t i, uint64_t epoch,
                    double timeout_s)
{
    double t0 = -1.0;
    unsigned spins = 0;

    HKZ_CHECK(s != NULL && i < s->n, HKZ_ERR_ARG,
              "hkz_signal_wait: bad signal or slot %zu", i);
    while (!hkz_signal_test(s, i, epoch))
    {
        /* spin briefly, then yield, then sleep 20 us: the producer may
         * share this core */
        if (++spins < 64)
            continue;
        if (spins < 256)
            sched_yield();
        else
        {
            struct timespec ts = {0, 20000};
            nanosleep(&ts, NULL);
        }
        if (timeout_s >= 0 && (spins & 63) == 0)
        {
            if (t0 < 0)
                t0 = now_s();
            else if (now_s() - t0 > timeout_s)
                return hkz_error_set(HKZ_ERR_INTERNAL, "hkz_signal_wait: "
                        "slot %zu did not reach epoch %llu in %g s", i,
                        (unsigned long long) epoch, timeout_s);
        }
    }
    return HKZ_SUCCESS;
}
