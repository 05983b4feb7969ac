/* The fixed-point tier's rows on several threads (heat_sub_fix_internal.h):
 * which thread makes which row.  A row is claimed under F->lock (made =
 * 1), made outside it by its claimer (heat_sub_grid_fix_rows.c: the row
 * itself), then marked ready; other threads wait on F->ready for the rows
 * they need that someone else claimed.  Old r rows are freed once no
 * evaluation reads them. */
#include <stdatomic.h>
#include <stdlib.h>
#include "hkz_check.h"
#include "heat_sub_fix_internal.h"

/* the rows to make: kind (0 r, 1 z, 2 t) and index */
typedef struct
{
    hkz_su2_sub_fix_t F;
    int *kind;
    slong *idx;
} make_job;

static void make_range(size_t i0, size_t i1, void *arg)
{
    const make_job *J = arg;
    size_t i;
    for (i = i0; i < i1; i++)
        _hkz_sub_fix_make(J->F, J->kind[i], J->idx[i]);
    flint_cleanup();
}

/* rows[x] ready, or claimed by another thread: adds it to the wait list;
 * else claims it for J (made = 1, not ready) */
static void claim(make_job *J, slong *n, slong *w, slong *nw, int k,
                  _hkz_sub_fix_row *rows, slong x)
{
    if (!rows[x].made)
    {
        rows[x].made = 1;
        rows[x].ready = 0;
        J->kind[*n] = k;
        J->idx[(*n)++] = x;
    }
    else if (!rows[x].ready)
    {
        w[2 * *nw] = k;
        w[2 * (*nw)++ + 1] = x;
    }
}

static _hkz_sub_fix_row *row_of(hkz_su2_sub_fix_t F, int k, slong x)
{
    return (k == 0 ? F->R : k == 1 ? F->Z : F->T) + x;
}

/* J's n rows ready, the waiting threads woken (under F->lock) */
static void made(const make_job *J, slong n)
{
    slong i;
    for (i = 0; i < n; i++)
        row_of(J->F, J->kind[i], J->idx[i])->ready = 1;
    if (n > 0)
        pthread_cond_broadcast(&J->F->ready);
}

/* J's lists (and claim's wait list w) for up to m rows */
static int job_init(make_job *J, slong **w, hkz_su2_sub_fix_t F, slong m)
{
    J->F = F;
    J->kind = malloc(m * sizeof(int));
    J->idx = malloc(m * sizeof(slong));
    *w = malloc(2 * m * sizeof(slong));
    if (J->kind != NULL && J->idx != NULL && *w != NULL)
        return HKZ_SUCCESS;
    free(J->kind); free(J->idx); free(*w);
    J->kind = NULL; J->idx = NULL; *w = NULL;
    return hkz_error_set(HKZ_ERR_NOMEM, "su2-sub tier: out of memory");
}

static void job_clear(make_job *J, slong *w)
{
    free(J->kind);
    free(J->idx);
    free(w);
}

/* (under F->lock) frees the r rows more than FIX_R_KEEP below ir that are
 * ready and unused; a thread that needs one again makes it again */
static void free_old_r(hkz_su2_sub_fix_t F, slong ir)
{
    slong i;
    for (i = 0; i + FIX_R_KEEP < ir; i++)
        if (F->R[i].made && F->R[i].ready && F->R[i].users == 0)
            _hkz_sub_fix_row_clear(F->R + i);
}

int _hkz_sub_fix_rows(hkz_su2_sub_fix_t F, hkz_engine_t e, slong ir,
        const slong *iz, slong ni, const slong *jt, slong nj, int *pinned)
{
    hkz_engine_opts_t o;
    make_job J;
    slong n = 0, nw = 0, i, ahead, *w;
    int status;

    *pinned = 0;
    /* with r[ir], the next r rows for the other threads */
    ahead = 1;
    if (e != NULL)
    {
        hkz_engine_get_opts(&o, e);
        ahead = FLINT_MAX(1, o.nthreads);
    }
    ahead = FLINT_MIN(ahead, F->nr - ir);
    if ((status = job_init(&J, &w, F, ni + nj + ahead)) != HKZ_SUCCESS)
        return status;
    /* under the lock: free old r rows, claim the missing rows (ours to
     * make), note those another thread is making */
    pthread_mutex_lock(&F->lock);
again:
    n = nw = 0;
    free_old_r(F, ir);
    if (!F->R[ir].made)
        for (i = 1; i < ahead; i++)
            if (!F->R[ir + i].made)
                claim(&J, &n, w, &nw, 0, F->R, ir + i);
    claim(&J, &n, w, &nw, 0, F->R, ir);
    for (i = 0; i < ni; i++)
        claim(&J, &n, w, &nw, 1, F->Z, iz[i]);
    for (i = 0; i < nj; i++)
        claim(&J, &n, w, &nw, 2, F->T, jt[i]);
    pthread_mutex_unlock(&F->lock);
    /* ours outside the lock (no other thread reads a row before it is
     * ready), then wait for the others' */
    status = hkz_engine_parallel_for(e, (size_t) n, make_range, &J);
    pthread_mutex_lock(&F->lock);
    made(&J, n);
    for (i = 0; i < nw; i++)
        while (!row_of(F, (int) w[2 * i], w[2 * i + 1])->ready)
            pthread_cond_wait(&F->ready, &F->lock);
    /* (a thread far ahead freed r[ir] meanwhile: again) */
    if (status == HKZ_SUCCESS && !F->R[ir].made)
        goto again;
    /* r[ir] stays while the caller reads it */
    if (status == HKZ_SUCCESS && F->R[ir].ok == 1)
    {
        F->R[ir].users++;
        *pinned = 1;
    }
    pthread_mutex_unlock(&F->lock);
    job_clear(&J, w);
    return status;
}

/* t rows per job of hkz_su2_sub_fix_ahead */
#define AHEAD_T 64

/* J's n claimed rows made on e's threads and marked ready; J cleared */
static int make_claimed(make_job *J, slong *w, slong n, hkz_engine_t e)
{
    int status = hkz_engine_parallel_for(e, (size_t) n, make_range, J);
    pthread_mutex_lock(&J->F->lock);
    made(J, n);
    pthread_mutex_unlock(&J->F->lock);
    job_clear(J, w);
    return status;
}

int hkz_su2_sub_fix_ahead(hkz_su2_sub_fix_t F, hkz_engine_t e, slong ir0,
                          slong ir1, int flags)
{
    make_job J;
    slong n = 0, nw = 0, i, m, *w, j0;
    int status = HKZ_SUCCESS, z = flags & HKZ_SUB_FIX_Z;

    if (!F->frame || ((flags & HKZ_SUB_FIX_USED) && !atomic_load(&F->used)))
        return HKZ_SUCCESS;
    ir0 = FLINT_MAX(ir0, 0);
    ir1 = FLINT_MIN(ir1, F->nr);
    m = FLINT_MAX(ir1 - ir0, 0) + (z ? F->nz : 0);
    /* (w: claim's list, not waited on) */
    if (m > 0 && (status = job_init(&J, &w, F, m)) == HKZ_SUCCESS)
    {
        pthread_mutex_lock(&F->lock);
        /* here too: where no entry of the later r needs the tier, no
           evaluation frees them, and the rows made ahead would pile up
           with the grid's size */
        free_old_r(F, ir0);
        for (i = ir0; i < ir1; i++)
            claim(&J, &n, w, &nw, 0, F->R, i);
        for (i = 0; z && i < F->nz; i++)
            claim(&J, &n, w, &nw, 1, F->Z, i);
        pthread_mutex_unlock(&F->lock);
        status = make_claimed(&J, w, n, e);
    }
    /* the t rows in jobs of AHEAD_T: a thread that needs one waits for
       its job only */
    for (j0 = 0; (flags & HKZ_SUB_FIX_T) && status == HKZ_SUCCESS
                 && j0 < F->nt; j0 += AHEAD_T)
    {
        m = FLINT_MIN(AHEAD_T, F->nt - j0);
        if ((status = job_init(&J, &w, F, m)) != HKZ_SUCCESS)
            break;
        n = nw = 0;
        pthread_mutex_lock(&F->lock);
        for (i = j0; i < j0 + m; i++)
            claim(&J, &n, w, &nw, 2, F->T, i);
        pthread_mutex_unlock(&F->lock);
        status = make_claimed(&J, w, n, e);
    }
    return status;
}
