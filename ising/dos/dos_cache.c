/* Exact density-of-states tables of one model, computed once for a caller
 * that evaluates them many times.
 *
 * The zero finders evaluate the fugacity polynomial at increasing
 * precision (Ziv loop); the exact table depends neither on the precision
 * nor on the coupling scale, so the caller computes it once and holds it
 * here (the model holds no computed table: it stays below the counting
 * methods).  A table installed in the model by hkz_ising_model_set_dos is
 * used instead of computing one. */
#include <pthread.h>
#include "ising_impl.h"
#include "hkz_check.h"

struct _hkz_ising_dos_cache_s
{
    pthread_mutex_t lock;
    int have_full;
    hkz_ising_dos_t full;
};

_hkz_ising_dos_cache_t *_hkz_ising_dos_cache_new(void)
{
    _hkz_ising_dos_cache_t *c = flint_malloc(sizeof(*c));
    pthread_mutex_init(&c->lock, NULL);
    c->have_full = 0;
    hkz_ising_dos_init(c->full);
    return c;
}

void _hkz_ising_dos_cache_free(_hkz_ising_dos_cache_t *c)
{
    if (c == NULL)
        return;
    hkz_ising_dos_clear(c->full);
    pthread_mutex_destroy(&c->lock);
    flint_free(c);
}

int _hkz_ising_dos_cache_full(const hkz_ising_dos_struct **d,
                              _hkz_ising_dos_cache_t *c,
                              const hkz_ising_model_t m, int nthreads)
{
    int status = HKZ_SUCCESS;
    if (m->dos != NULL)
    {
        *d = m->dos;
        return HKZ_SUCCESS;
    }
    pthread_mutex_lock(&c->lock);
    if (!c->have_full)
    {
        status = hkz_ising_dos_compute(c->full, m, nthreads);
        c->have_full = status == HKZ_SUCCESS;
    }
    pthread_mutex_unlock(&c->lock);
    *d = c->full;
    return status;
}
