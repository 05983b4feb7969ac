/* The device cache of hkz_engine_fix_sum's rows (engine_fix_rows.cuh).
 * Cached rows live in slabs of FIX_SLAB_BYTES, side by side in the order
 * they go up, and go up through two pinned staging buffers, one copy per
 * run of neighbours: a cudaMalloc and a pageable copy per row cost more
 * than the bytes (thousands of t rows of a few kB).  Beyond
 * FIX_CACHE_BYTES the least recently used slab goes (rows of their own:
 * the least recently used row). */
#include <stdlib.h>
#include <string.h>
#include "engine_fix_rows.cuh"

int _hkz_fix_rows_init(struct _hkz_cuda_fix_s *F)
{
    F->cur = -1;
    F->slab_on = getenv("HKZ_CUDA_FIX_SLABS") == NULL
                 || atoi(getenv("HKZ_CUDA_FIX_SLABS")) != 0;
    for (int b = 0; F->slab_on && b < 2; b++)
    {
        cudaError_t c = cudaEventCreateWithFlags(F->ev_st + b,
                                                 cudaEventDisableTiming);
        if (c != cudaSuccess)
            return HKZ_CUDA_ERR(c, "fix_sum (event)");
        if (cudaMallocHost((void **) (F->h_st + b), FIX_STAGE_BYTES)
            != cudaSuccess)
        {
            cudaGetLastError();
            cudaFreeHost(F->h_st[0]);
            F->h_st[0] = F->h_st[1] = NULL;
            break;
        }
    }
    return HKZ_SUCCESS;
}

void _hkz_fix_rows_free(struct _hkz_cuda_fix_s *F)
{
    for (size_t i = 0; i < F->n; i++)
        if (F->ent[i].slab < 0)
            cudaFree(F->ent[i].d);
    free(F->ent);
    for (long j = 0; j < F->nslab; j++)
        cudaFree(F->slab[j].d);
    free(F->slab);
    for (int b = 0; b < 2; b++)
    {
        cudaFreeHost(F->h_st[b]);
        if (F->ev_st[b] != NULL)
            cudaEventDestroy(F->ev_st[b]);
    }
}

/* the cached device copy of the row of key (NULL: none), its second part
 * at + *o2 */
void *_hkz_fix_row_find(struct _hkz_cuda_fix_s *F, uint64_t key, size_t *o2)
{
    size_t i;

    if (key != 0 && key == F->memo_key)
    {
        *o2 = F->memo_o2;
        return F->memo_d;
    }
    for (i = 0; key != 0 && i < F->n; i++)
        if (F->ent[i].key == key)
        {
            F->ent[i].use = F->clock;
            F->memo_key = key;
            F->memo_d = F->ent[i].d;
            F->memo_o2 = *o2 = F->ent[i].o2;
            return F->ent[i].d;
        }
    return NULL;
}

/* the staged run down to the device (its buffer reusable once ev_st) */
int _hkz_fix_stage_flush(struct _hkz_cuda_fix_s *F)
{
    cudaError_t c = cudaSuccess;
    if (F->run_n > 0)
    {
        c = cudaMemcpyAsync(F->run_d, F->h_st[F->st], F->run_n,
                            cudaMemcpyHostToDevice, F->s);
        if (c == cudaSuccess)
            c = cudaEventRecord(F->ev_st[F->st], F->s);
        F->st = 1 - F->st;
        F->run_n = 0;
        if (c == cudaSuccess)   /* the other buffer's last copy is over */
            c = cudaEventSynchronize(F->ev_st[F->st]);
    }
    return c == cudaSuccess ? HKZ_SUCCESS : HKZ_CUDA_ERR(c, "fix_sum (rows)");
}

/* bytes of h to the device at d: into the staged run when d extends it
 * (the gap of alignment copied as it is), else a new run; rows larger
 * than a staging buffer go up directly */
static int stage_put(struct _hkz_cuda_fix_s *F, char *d, const void *h,
                     size_t bytes)
{
    size_t at;
    cudaError_t c;

    if (bytes == 0)
        return HKZ_SUCCESS;
    if (F->h_st[0] == NULL || bytes > FIX_STAGE_BYTES)
    {
        c = cudaMemcpyAsync(d, h, bytes, cudaMemcpyHostToDevice, F->s);
        return c == cudaSuccess ? HKZ_SUCCESS
                                : HKZ_CUDA_ERR(c, "fix_sum (rows)");
    }
    if (F->run_n > 0 && (d < F->run_d + F->run_n
                         || (size_t) (d - F->run_d) + bytes > FIX_STAGE_BYTES))
        HKZ_TRY(_hkz_fix_stage_flush(F));
    if (F->run_n == 0)
        F->run_d = d;
    at = (size_t) (d - F->run_d);
    memcpy(F->h_st[F->st] + at, h, bytes);
    F->run_n = at + bytes;
    return HKZ_SUCCESS;
}

/* frees slab j and forgets its rows */
static void slab_free(struct _hkz_cuda_fix_s *F, long j)
{
    size_t i = 0;
    cudaStreamSynchronize(F->s);
    cudaFree(F->slab[j].d);
    F->slab[j].d = NULL;
    F->bytes -= FIX_SLAB_BYTES;
    if (F->cur == j)
        F->cur = -1;
    while (i < F->n)
        if (F->ent[i].slab == j)
            F->ent[i] = F->ent[--F->n];
        else
            i++;
    F->memo_key = 0;
}

/* frees the least recently used slab none of whose rows this call reads
 * (0: none found) */
static int slab_evict(struct _hkz_cuda_fix_s *F)
{
    long j, best = -1;
    uint64_t bu = 0;
    for (j = 0; j < F->nslab; j++)
    {
        uint64_t u = 0;
        size_t i;
        if (F->slab[j].d == NULL)
            continue;
        for (i = 0; i < F->n; i++)
            if (F->ent[i].slab == j && F->ent[i].use > u)
                u = F->ent[i].use;
        if (u < F->clock && (best < 0 || u < bu))
        {
            best = j;
            bu = u;
        }
    }
    if (best < 0)
        return 0;
    slab_free(F, best);
    return 1;
}

/* a place of bytes (aligned) in a slab: the current one, else a new one */
static int slab_place(struct _hkz_cuda_fix_s *F, char **d, long *js,
                      size_t bytes)
{
    long j;
    cudaError_t c;

    bytes = (bytes + FIX_ALIGN - 1) / FIX_ALIGN * FIX_ALIGN;
    if (F->cur < 0 || F->slab[F->cur].used + bytes > FIX_SLAB_BYTES)
    {
        HKZ_TRY(_hkz_fix_stage_flush(F));   /* (an evicted slab's run) */
        while (F->bytes + FIX_SLAB_BYTES > FIX_CACHE_BYTES && slab_evict(F))
            ;
        for (j = 0; j < F->nslab && F->slab[j].d != NULL; j++)
            ;
        if (j == F->nslab)
        {
            fix_slab *sl = (fix_slab *) realloc(F->slab, (F->nslab + 1)
                                                * sizeof(fix_slab));
            if (sl == NULL)
                return hkz_error_set(HKZ_ERR_NOMEM, "fix_sum: out of "
                                     "memory");
            F->slab = sl;
            F->nslab++;
        }
        c = cudaMalloc((void **) &F->slab[j].d, FIX_SLAB_BYTES);
        if (c != cudaSuccess)
        {
            F->slab[j].d = NULL;
            return HKZ_CUDA_ERR(c, "fix_sum (rows)");
        }
        F->slab[j].used = 0;
        F->bytes += FIX_SLAB_BYTES;
        F->cur = j;
    }
    *d = F->slab[F->cur].d + F->slab[F->cur].used;
    *js = F->cur;
    F->slab[F->cur].used += bytes;
    return HKZ_SUCCESS;
}

/* a row up into a new entry: bytes of h, then bytes2 of h2 (at + bytes);
 * key 0: an entry of its own dropped after the call (use = 0) */
int _hkz_fix_row_put(struct _hkz_cuda_fix_s *F, void **d, uint64_t key,
                   const void *h, size_t bytes, const void *h2,
                   size_t bytes2)
{
    size_t i, all = bytes + bytes2;
    long js = -1;
    cudaError_t c;

    if (F->n == F->cap)
    {
        size_t nc = 2 * F->cap + 64;
        fix_ent *e = (fix_ent *) realloc(F->ent, nc * sizeof(fix_ent));
        if (e == NULL)
            return hkz_error_set(HKZ_ERR_NOMEM, "fix_sum: out of memory");
        F->ent = e;
        F->cap = nc;
    }
    F->p_up += (double) all;
    if (key != 0 && F->slab_on && all <= FIX_SLAB_BYTES / 4)
    {
        HKZ_TRY(slab_place(F, (char **) d, &js, all));
        HKZ_TRY(stage_put(F, (char *) *d, h, bytes));
        HKZ_TRY(stage_put(F, (char *) *d + bytes, h2, bytes2));
    }
    else
    {
        /* evict the least recently used (not of this call): rows of
           their own, then slabs */
        while (F->bytes + all > FIX_CACHE_BYTES && F->n > 0)
        {
            size_t j = F->n;
            for (i = 0; i < F->n; i++)
                if (F->ent[i].slab < 0 && (j == F->n
                                           || F->ent[i].use < F->ent[j].use))
                    j = i;
            if (j == F->n || F->ent[j].use == F->clock)
            {
                if (!slab_evict(F))
                    break;
                continue;
            }
            cudaStreamSynchronize(F->s);
            cudaFree(F->ent[j].d);
            F->bytes -= F->ent[j].bytes;
            F->ent[j] = F->ent[--F->n];
            F->memo_key = 0;
        }
        c = cudaMalloc(d, all);
        if (c == cudaSuccess)
            c = cudaMemcpyAsync(*d, h, bytes, cudaMemcpyHostToDevice, F->s);
        if (c == cudaSuccess && bytes2 > 0)
            c = cudaMemcpyAsync((char *) *d + bytes, h2, bytes2,
                                cudaMemcpyHostToDevice, F->s);
        if (c != cudaSuccess)
            return HKZ_CUDA_ERR(c, "fix_sum (rows)");
        F->bytes += all;
    }
    F->ent[F->n].key = key;
    F->ent[F->n].use = key != 0 ? F->clock : 0;
    F->ent[F->n].d = *d;
    F->ent[F->n].bytes = all;
    F->ent[F->n].o2 = bytes;
    F->ent[F->n].slab = js;
    F->n++;
    if (key != 0)
    {
        F->memo_key = key;
        F->memo_d = *d;
        F->memo_o2 = bytes;
    }
    return HKZ_SUCCESS;
}

/* the device copy of a row (uploaded if not cached) */
int _hkz_fix_row_get(struct _hkz_cuda_fix_s *F, void **d, uint64_t key,
                   const void *h, size_t bytes)
{
    size_t o2;
    if ((*d = _hkz_fix_row_find(F, key, &o2)) != NULL)
        return HKZ_SUCCESS;
    return _hkz_fix_row_put(F, d, key, h, bytes, NULL, 0);
}

/* drops the uncached (key 0) rows of this call */
void _hkz_fix_drop_uncached(struct _hkz_cuda_fix_s *F)
{
    size_t i = 0;
    cudaStreamSynchronize(F->s);
    while (i < F->n)
        if (F->ent[i].key == 0)
        {
            cudaFree(F->ent[i].d);
            F->bytes -= F->ent[i].bytes;
            F->ent[i] = F->ent[--F->n];
        }
        else
            i++;
}
