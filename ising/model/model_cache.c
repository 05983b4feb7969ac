/* Exact density-of-states tables cached in the model.
 *
 * The zero finders evaluate the fugacity polynomial at increasing
 * precision (Ziv loop); the exact table does not depend on the precision
 * nor on the coupling scale, so it is computed once per model.  The cache
 * holds the full table and the split tables of the last edge asked for. */
#include <pthread.h>
#include "../ising_impl.h"
#include "hkz_check.h"

typedef struct
{
    pthread_mutex_t lock;
    int have_full, have_edge;
    slong edge;
    hkz_ising_dos_t full, dp, dm;
} model_cache;

void _hkz_ising_model_cache_init(hkz_ising_model_t m)
{
    model_cache *c = flint_malloc(sizeof(model_cache));
    pthread_mutex_init(&c->lock, NULL);
    c->have_full = c->have_edge = 0;
    c->edge = -1;
    hkz_ising_dos_init(c->full);
    hkz_ising_dos_init(c->dp);
    hkz_ising_dos_init(c->dm);
    m->cache = c;
}

/* Called by every function that edits edges, couplings or weights. */
void _hkz_ising_model_cache_drop(hkz_ising_model_t m)
{
    model_cache *c = m->cache;
    if (c == NULL)
        return;
    pthread_mutex_lock(&c->lock);
    c->have_full = c->have_edge = 0;
    c->edge = -1;
    pthread_mutex_unlock(&c->lock);
}

void _hkz_ising_model_cache_clear(hkz_ising_model_t m)
{
    model_cache *c = m->cache;
    if (c == NULL)
        return;
    hkz_ising_dos_clear(c->full);
    hkz_ising_dos_clear(c->dp);
    hkz_ising_dos_clear(c->dm);
    pthread_mutex_destroy(&c->lock);
    flint_free(c);
    m->cache = NULL;
}

int _hkz_ising_model_cached_dos(const hkz_ising_dos_struct **d,
                                const hkz_ising_model_t m, int nthreads)
{
    model_cache *c = m->cache;
    int status = HKZ_SUCCESS;
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

/* A table given by the caller (checked by hkz_ising_model_set_dos). */
int _hkz_ising_model_cache_set_dos(hkz_ising_model_t m,
                                   const hkz_ising_dos_t d)
{
    model_cache *c = m->cache;
    slong i;
    int status;
    pthread_mutex_lock(&c->lock);
    status = _hkz_ising_dos_alloc(c->full, d->nb, d->nk, d->bmin);
    if (status == HKZ_SUCCESS)
    {
        for (i = 0; i < d->nb * d->nk; i++)
            fmpz_set(c->full->g + i, d->g + i);
        fmpq_set(c->full->unit, d->unit);
        fmpz_set(c->full->S, d->S);
    }
    c->have_full = status == HKZ_SUCCESS;
    pthread_mutex_unlock(&c->lock);
    return status;
}

/* The split tables are replaced when another edge is asked for, so they
 * are evaluated under the lock. */
int _hkz_ising_model_cached_poly_edge(arb_ptr ap, arb_ptr am,
                                      const hkz_ising_model_t m, slong edge,
                                      int nthreads, slong prec)
{
    model_cache *c = m->cache;
    int status = HKZ_SUCCESS;
    pthread_mutex_lock(&c->lock);
    if (!c->have_edge || c->edge != edge)
    {
        status = hkz_ising_dos_enum_edge(c->dp, c->dm, m, edge, nthreads);
        c->have_edge = status == HKZ_SUCCESS;
        c->edge = edge;
    }
    if (status == HKZ_SUCCESS)
        status = hkz_ising_dos_poly(ap, c->dp, &m->scale, prec);
    if (status == HKZ_SUCCESS)
        status = hkz_ising_dos_poly(am, c->dm, &m->scale, prec);
    pthread_mutex_unlock(&c->lock);
    return status;
}
