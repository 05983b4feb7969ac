/* One row block of a grid run, collective over the ranks: the unfinished
 * tiles are split over the ranks, rank 0 gathers them as exact records,
 * commits the checkpoint and calls the sink (see hkz_grid_heat_run); one
 * rank streams its tiles (tile_pipe.c); several ranks without split K or
 * a local sink of rows do not come here (flat_run.c). */
#include <stdlib.h>
#include <string.h>
#include "grid_internal.h"
#include "hkz_check.h"

typedef struct
{
    char *s;
    size_t len, cap;
} buf_t;

static int buf_add(buf_t *b, const char *s)
{
    size_t n = strlen(s);
    if (b->len + n + 2 > b->cap)
    {
        size_t cap = 2 * b->cap + n + 4096;
        char *ns = realloc(b->s, cap);
        if (ns == NULL)
            return hkz_error_set(HKZ_ERR_NOMEM, "grid: out of memory");
        b->s = ns;
        b->cap = cap;
    }
    memcpy(b->s + b->len, s, n);
    b->len += n;
    b->s[b->len++] = '\n';
    b->s[b->len] = '\0';
    return HKZ_SUCCESS;
}

static slong tile_points(const _hkz_grid_run_t *R, slong i)
{
    slong q0 = i * HKZ_GRID_TILE;
    return FLINT_MIN(R->P, q0 + HKZ_GRID_TILE) - q0;
}

/* rows of tile i inside the block starting at tile t0 (rank 0) */
static hkz_grid_entry_t *tile_rows(_hkz_grid_run_t *R, slong t0, slong i)
{
    return R->rows + (i - t0) * HKZ_GRID_TILE * R->T;
}

static void set_index(hkz_grid_entry_t *r, slong q0, slong n, slong T)
{
    slong m;
    for (m = 0; m < n; m++)
    {
        r[m].p = q0 + m / T;
        r[m].j = m % T;
    }
}

/* rank 0: loads a gathered record into the block */
static int load_record(_hkz_grid_run_t *R, slong t0, slong t1,
                       const char *rec)
{
    slong i, n;
    HKZ_TRY(_hkz_grid_record_load(NULL, 0, &i, rec));
    HKZ_CHECK(i >= t0 && i < t1, HKZ_ERR_INTERNAL, "grid: stray tile %ld",
              (long) i);
    n = tile_points(R, i) * R->T;
    HKZ_TRY(_hkz_grid_record_load(tile_rows(R, t0, i), n, &i, rec));
    set_index(tile_rows(R, t0, i), i * HKZ_GRID_TILE, n, R->T);
    if (R->ck != NULL)
        HKZ_TRY(hkz_ckpt_add(R->ck, rec));
    return HKZ_SUCCESS;
}

/* this rank's share of the unfinished tiles of [t0, t1): a contiguous
 * run of them (split P), or every one of them together with the other
 * ranks (split K: the engine hook splits the modes; rank 0 keeps the rows
 * and records, the status is agreed after every tile so that the ranks
 * stay in step) */
static int compute(_hkz_grid_run_t *R, slong t0, slong t1, buf_t *out)
{
    slong i, k = 0, npend = 0, lo, hi;
    int status = HKZ_SUCCESS;

    for (i = t0; i < t1; i++)
        npend += !R->done[i];
    if (R->splitk)
    {
        lo = 0;
        hi = npend;
    }
    else
        hkz_dist_block(&lo, &hi, 0, npend, R->rank, R->size);
    for (i = t0; i < t1 && status == HKZ_SUCCESS; i++)
    {
        slong np, n;
        hkz_grid_entry_t *r;
        char *s;
        int local = R->size == 1 || (R->splitk && R->rank == 0);

        if (R->done[i])
            continue;
        if (k++ < lo || k > hi)
            continue;
        np = tile_points(R, i);
        n = np * R->T;
        /* rank 0 in place; the others pack their tiles when they write
         * them themselves (local_sink), else reuse one tile */
        if (local || R->rank == 0)
            r = tile_rows(R, t0, i);
        else if (!R->splitk && R->o->local_sink != NULL)
        {
            r = R->rows + R->off;
            R->off += n;
        }
        else
            r = R->rows;
        status = _hkz_grid_tile(r, R->tb, R->g, i * HKZ_GRID_TILE, np, R->tm,
                                R->e, &R->goal, !R->splitk || R->rank == 0);
        if (R->splitk && R->size > 1)
            status = hkz_dist_agree(R->d, status);
        if (status != HKZ_SUCCESS || (R->splitk && R->rank != 0))
            continue;
        R->mine += n;
        if (local && R->ck == NULL)
            continue;
        s = _hkz_grid_record(i, r, n);
        if (s == NULL)
            status = hkz_error_set(HKZ_ERR_NOMEM, "grid: out of memory");
        else if (local)
            status = hkz_ckpt_add(R->ck, s);
        else
            status = buf_add(out, s);
        free(s);
    }
    return status;
}

/* every rank: the local sink with the rows this rank holds for itself
 * (rank 0: its share and the resumed tiles; split K: all of them) */
static int local_rows(_hkz_grid_run_t *R, slong t0, slong t1, slong p0,
                      slong p1)
{
    hkz_grid_entry_t *pack = R->rows;
    slong n = R->off, i, k = 0, npend = 0, lo, hi;
    int status;

    if (R->rank == 0 && R->size > 1)
    {
        for (i = t0; i < t1; i++)
            npend += !R->done[i];
        hkz_dist_block(&lo, &hi, 0, npend, 0, R->splitk ? 1 : R->size);
        pack = malloc(FLINT_MAX(1, (t1 - t0) * HKZ_GRID_TILE * R->T)
                      * sizeof(hkz_grid_entry_t));
        HKZ_CHECK(pack != NULL, HKZ_ERR_NOMEM, "grid: out of memory");
        n = 0;
        for (i = t0; i < t1; i++)
        {
            int pend = !R->done[i], mine = R->done[i];
            if (pend)
                mine = k >= lo && k < hi;
            k += pend;
            if (!mine)
                continue;
            memcpy(pack + n, tile_rows(R, t0, i), tile_points(R, i) * R->T
                   * sizeof(hkz_grid_entry_t));
            n += tile_points(R, i) * R->T;
        }
    }
    else if (R->rank == 0)
        n = (p1 - p0) * R->T;
    status = R->o->local_sink(R->o->sink_ctx, pack, n, p0, p1);
    if (pack != R->rows)
        free(pack);
    return R->size > 1 ? hkz_dist_agree(R->d, status) : status;
}

int _hkz_grid_block_done(_hkz_grid_run_t *R, slong t0, slong t1,
                         int status)
{
    slong i;
    int fresh = 0;

    for (i = t0; i < t1; i++)
        fresh |= !R->done[i];
    if (status == HKZ_SUCCESS && fresh && R->ck != NULL)
        status = hkz_ckpt_commit(R->ck);
    if (status == HKZ_SUCCESS)
        status = hkz_progress_report(R->o->progress, R->mine,
                                     R->S.entries);
    return status;
}

int _hkz_grid_block(_hkz_grid_run_t *R, slong t0, slong t1)
{
    buf_t mine = {NULL, 0, 0};
    char *all = NULL, *p, *q;
    size_t len = 0;
    slong i, p0 = t0 * HKZ_GRID_TILE;
    slong p1 = FLINT_MIN(R->P, t1 * HKZ_GRID_TILE), k;
    int status, fresh = 0;

    for (i = t0; i < t1; i++)
        fresh |= !R->done[i];
    if (R->size == 1)   /* one rank: the tiles stream to the sinks */
        return _hkz_grid_block_done(R, t0, t1, _hkz_grid_stream(R, t0, t1));
    R->off = 0;
    status = compute(R, t0, t1, &mine);
    if (R->size > 1)
    {
        status = hkz_dist_agree(R->d, status);
        if (status == HKZ_SUCCESS)
            status = hkz_dist_gather(R->d, &all, &len, mine.s, mine.len);
        for (p = all; status == HKZ_SUCCESS && p != NULL && *p; p = q + 1)
        {
            q = strchr(p, '\n');
            if (q == NULL)
                break;
            *q = '\0';
            status = load_record(R, t0, t1, p);
        }
    }
    if (R->rank == 0 && status == HKZ_SUCCESS)
    {
        /* tiles of a resumed run */
        for (i = t0; i < t1 && status == HKZ_SUCCESS; i++)
            if (R->done[i])
            {
                slong n = tile_points(R, i) * R->T;
                status = _hkz_grid_record_load(tile_rows(R, t0, i), n, &k,
                                               hkz_ckpt_get(R->ck,
                                                            R->rec[i]));
                set_index(tile_rows(R, t0, i), i * HKZ_GRID_TILE, n, R->T);
                R->S.resumed += n;
                R->mine += n;
            }
        if (status == HKZ_SUCCESS && fresh && R->ck != NULL)
            status = hkz_ckpt_commit(R->ck);
        for (k = 0; status == HKZ_SUCCESS && k < (p1 - p0) * R->T; k++)
        {
            const hkz_grid_entry_t *r = R->rows + k;
            R->S.scalar += r->scalar != 0;
            R->S.engine += r->scalar == 0;
            R->S.missed += r->status == HKZ_ERR_PREC;
            R->S.below_goal += r->status == HKZ_ERR_PREC;
            R->S.certified_tier2 += r->tier2 != 0;
            R->S.certified_engine += r->scalar == 0 && r->tier2 == 0
                                     && r->status != HKZ_ERR_PREC;
            R->S.certified_scalar += r->scalar != 0
                                     && r->status != HKZ_ERR_PREC;
        }
        if (status == HKZ_SUCCESS && R->o->sink != NULL)
            status = R->o->sink(R->o->sink_ctx, R->rows, (p1 - p0) * R->T,
                                p0, p1);
    }
    flint_free(all);
    free(mine.s);
    if (R->size > 1)
        status = hkz_dist_agree(R->d, status);
    if (status == HKZ_SUCCESS && R->o->local_sink != NULL)
        status = local_rows(R, t0, t1, p0, p1);
    if (status == HKZ_SUCCESS)
        status = hkz_progress_report(R->o->progress, R->mine,
                                     R->S.entries);
    if (R->size > 1)
        status = hkz_dist_agree(R->d, status);
    return status;
}
