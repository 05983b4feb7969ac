/* engine_fix_rows.cuh -- the device cache of hkz_engine_fix_sum's rows
 * (engine_fix_rows.cu) and the state of the sums (engine_fix.cu).  Not
 * installed. */
#ifndef HKZ_ENGINE_FIX_ROWS_CUH
#define HKZ_ENGINE_FIX_ROWS_CUH

#include "engine_cuda.h"

#define FIX_CACHE_BYTES ((size_t) 8 << 30)
#define FIX_SLAB_BYTES ((size_t) 64 << 20)
#define FIX_STAGE_BYTES ((size_t) 8 << 20)   /* each of the two */
#define FIX_ALIGN 256

typedef struct
{
    uint64_t key, use;
    void *d;           /* digits, then (y rows) the counts at d + o2 */
    size_t bytes, o2;
    long slab;         /* its slab (-1: a cudaMalloc of its own) */
} fix_ent;

typedef struct
{
    char *d;           /* NULL: a free place in the list */
    size_t used;
} fix_slab;

struct _hkz_cuda_fix_s
{
    cudaStream_t s;
    fix_ent *ent;
    size_t n, cap, bytes;
    uint64_t clock;
    void *d_tab;  size_t cap_tab;    /* pointer tables, off */
    int32_t *d_G; size_t cap_G;
    int64_t *d_V; size_t cap_V;
    unsigned long long *d_acc; size_t cap_acc;   /* stage 2's levels */
    unsigned *d_kq; size_t cap_kq;               /* groups with terms */
    int64_t *h_V; size_t cap_hV;     /* pinned: V comes down at full speed */
    fix_slab *slab; long nslab, cur; /* cur: the slab rows go into (-1) */
    char *h_st[2];                   /* pinned staging (NULL: none) */
    cudaEvent_t ev_st[2];            /* staging buffer b copied out */
    int st;                          /* the buffer being filled */
    char *run_d; size_t run_n;       /* its bytes go to run_d (run_n) */
    int *d_bad;
    int slab_on;         /* slabs and staging (HKZ_CUDA_FIX_SLABS=0: off) */
    uint64_t memo_key;   /* the last row found in this call (the x rows of
                            a call are one row nq times) */
    void *memo_d;
    size_t memo_o2;
    /* HKZ_CUDA_FIX_PROF=1: seconds of the calls' phases (row uploads,
     * waited for; kernels and V down; V copied out), printed on stderr
     * when the engine goes (a diagnostic, like HKZ_GRID_PROF) */
    int prof;
    double p_rows, p_run, p_copy, p_up;
    size_t p_calls;
};

/* the row cache's pinned staging and events (rows go up one by one where
 * they cannot be had); freed with the rest of the cache */
int _hkz_fix_rows_init(struct _hkz_cuda_fix_s *F);
void _hkz_fix_rows_free(struct _hkz_cuda_fix_s *F);

/* the cached device copy of the row of key (NULL: none), its second part
 * at + *o2 */
void *_hkz_fix_row_find(struct _hkz_cuda_fix_s *F, uint64_t key, size_t *o2);
/* a row up into a new entry: bytes of h, then bytes2 of h2 (at + bytes);
 * key 0: an entry of its own dropped after the call */
int _hkz_fix_row_put(struct _hkz_cuda_fix_s *F, void **d, uint64_t key,
                     const void *h, size_t bytes, const void *h2,
                     size_t bytes2);
/* the device copy of a row (uploaded if not cached) */
int _hkz_fix_row_get(struct _hkz_cuda_fix_s *F, void **d, uint64_t key,
                     const void *h, size_t bytes);
/* the rows staged so far on their way (before the kernels read them) */
int _hkz_fix_stage_flush(struct _hkz_cuda_fix_s *F);
/* drops the uncached (key 0) rows of this call */
void _hkz_fix_drop_uncached(struct _hkz_cuda_fix_s *F);

#endif
