/* A row block over several ranks in flat memory (split P, no local_sink
 * of rows), in two steps that flat_run.c overlaps (the compute of block
 * b + 1 beside the hand-on of block b):
 *   compute  each rank streams its share of the block's unfinished tiles
 *            through the tile pipeline of one rank (tile_pipe.c: the
 *            engine route of a tile beside the host's rest of the one
 *            before) and packs every finished tile into a slot; no MPI;
 *   drain    ranks > 0 post their slot to rank 0 (hkz_dist_post) and go
 *            on; rank 0 receives the packed tiles rank by rank in pieces,
 *            that is in tile order, and finishes each as one rank does:
 *            checkpoint record, counts, sink.
 * Memory: two slots of a rank's share of a block packed (a block is
 * capped at FLAT_SHARE entries a rank) and one tile on rank 0, whatever
 * the grid's size.
 *
 * A packed tile is a header {tile, columns' bytes, record's bytes}
 * (int64) and
 *   its counts (hkz_grid_summary_t) and columns mid, rad, certified,
 *   scalar as they are, when rank 0's sink takes columns (HDF5);
 *   its checkpoint record (exact balls), when rank 0 keeps a checkpoint
 *   or its sink takes rows (text: rank 0 rebuilds them from the record).
 * Either way rank 0 hands on exactly the bytes one rank would.  With a
 * collective local_cols_sink (parallel HDF5) every rank keeps its tiles'
 * columns and writes them itself in the drain, one tile a round of
 * collective calls (rank 0 also the resumed tiles); rank 0 gets counts
 * and records only. */
#include <stdlib.h>
#include <string.h>
#include "grid_internal.h"
#include "hkz_check.h"

typedef struct
{
    int64_t tile, ncols, nrec;
} pk_head;

typedef struct
{
    char *s;
    size_t len, cap;
} pk_buf;

/* the packed tiles of a block on this rank (out: to rank 0; loc: the
 * columns it writes itself, as {tile, n} (int64) mid, rad, certified,
 * scalar padded to 8 bytes) */
typedef struct
{
    pk_buf out, loc;
    slong nloc;          /* tiles in loc */
    slong mine;          /* entries packed */
    hkz_dist_post_t post;   /* out on its way to rank 0 */
} pk_slot;

/* the slots, and rank 0's reassembly of a received tile */
typedef struct
{
    pk_slot s[2];
    int fill;            /* the slot that pack fills */
    int drain;           /* the slot being handed on */
    _hkz_grid_tbuf_t tb; /* rank 0: the tile of the drain (resumed,
                            rebuilt rows) */
    pk_head h;
    size_t got;          /* bytes of the current tile so far (head too) */
    char *pl;            /* its payload */
    size_t plcap;
    slong next;          /* rank 0: the first tile not finished yet */
    slong t1;
} pk_state;

static int put(pk_buf *P, const void *b, size_t n)
{
    if (P->len + n > P->cap)
    {
        size_t cap = FLINT_MAX(2 * P->cap, P->len + n + 4096);
        char *ns = realloc(P->s, cap);
        HKZ_CHECK(ns != NULL, HKZ_ERR_NOMEM, "grid: out of memory");
        P->s = ns;
        P->cap = cap;
    }
    memcpy(P->s + P->len, b, n);
    P->len += n;
    return HKZ_SUCCESS;
}

/* mid, rad, certified, scalar of tb (the int8 ones padded to pad) */
static int put_cols(pk_buf *B, const _hkz_grid_tbuf_t *tb, size_t pad)
{
    size_t n = (size_t) tb->n;
    static const char zero[8] = {0};
    HKZ_TRY(put(B, tb->mid, 8 * n));
    HKZ_TRY(put(B, tb->rad, 8 * n));
    HKZ_TRY(put(B, tb->cert, n));
    HKZ_TRY(put(B, tb->scal, n));
    return put(B, zero, pad > 0 ? (pad - (2 * n) % pad) % pad : 0);
}

/* the tile's columns kept to be written by this rank */
static int put_local(pk_slot *L, const _hkz_grid_tbuf_t *tb)
{
    int64_t h[2];
    h[0] = tb->tile;
    h[1] = tb->n;
    HKZ_TRY(put(&L->loc, h, sizeof(h)));
    L->nloc++;
    return put_cols(&L->loc, tb, 8);
}

/* the pack hook of a finished tile (tile_pipe.c, on its host thread) */
static int pack(void *arg, const _hkz_grid_tbuf_t *tb)
{
    _hkz_grid_run_t *R = arg;
    pk_state *P = R->flat;
    pk_slot *L = P->s + P->fill;
    hkz_grid_summary_t S;
    pk_head h;
    char *s = NULL;
    int status;

    L->mine += tb->n;
    h.tile = tb->tile;
    h.ncols = h.nrec = 0;
    if (R->flat_rec & HKZ_GRID_FLAT_LOCAL)   /* the counts alone */
    {
        HKZ_TRY(put_local(L, tb));
        h.ncols = (int64_t) sizeof(S);
    }
    else if (R->flat_rec & HKZ_GRID_FLAT_COLS)
        h.ncols = (int64_t) (sizeof(S) + 18 * (size_t) tb->n);
    if (R->flat_rec & HKZ_GRID_FLAT_REC)
    {
        s = _hkz_grid_record_tb(tb);
        HKZ_CHECK(s != NULL, HKZ_ERR_NOMEM, "grid: out of memory");
        h.nrec = (int64_t) strlen(s);
    }
    status = put(&L->out, &h, sizeof(h));
    if (status == HKZ_SUCCESS && h.ncols > 0)
    {
        memset(&S, 0, sizeof(S));
        _hkz_grid_tb_count(&S, tb);
        status = put(&L->out, &S, sizeof(S));
        if (status == HKZ_SUCCESS && (size_t) h.ncols > sizeof(S))
            status = put_cols(&L->out, tb, 0);
    }
    if (status == HKZ_SUCCESS && s != NULL)
        status = put(&L->out, s, (size_t) h.nrec);
    free(s);
    return status;
}

static void add_counts(hkz_grid_summary_t *S, const hkz_grid_summary_t *d)
{
    S->engine += d->engine;
    S->scalar += d->scalar;
    S->missed += d->missed;
    S->certified_engine += d->certified_engine;
    S->certified_tier2 += d->certified_tier2;
    S->certified_scalar += d->certified_scalar;
    S->below_goal += d->below_goal;
}

static slong tile_points(const _hkz_grid_run_t *R, slong i)
{
    slong q0 = i * HKZ_GRID_TILE;
    return FLINT_MIN(R->P, q0 + HKZ_GRID_TILE) - q0;
}

/* rank 0: the resumed tiles before tile `upto` (their columns to write
 * itself into the slot of the drain) */
static int resumed(_hkz_grid_run_t *R, pk_state *P, slong upto)
{
    pk_slot *L = P->s + P->drain;
    _hkz_grid_tbuf_t *tb = &P->tb;
    for (; P->next < upto; P->next++)
    {
        slong i = P->next;
        if (!R->done[i])
            continue;
        HKZ_TRY(_hkz_grid_tb_reset(tb, i, tile_points(R, i), R->T));
        HKZ_TRY(_hkz_grid_record_load_tb(tb, hkz_ckpt_get(R->ck,
                                                          R->rec[i])));
        _hkz_grid_tb_count(&R->S, tb);
        R->S.resumed += tb->n;
        R->mine += tb->n;
        if (R->flat_rec & HKZ_GRID_FLAT_LOCAL)
            HKZ_TRY(put_local(L, tb));
        else
            HKZ_TRY(_hkz_grid_emit(R, tb));
    }
    return HKZ_SUCCESS;
}

/* rank 0: one received tile, finished as one rank finishes it */
static int finish(_hkz_grid_run_t *R, pk_state *P)
{
    slong i = (slong) P->h.tile, np, n;
    _hkz_grid_tbuf_t *tb = &P->tb;
    char *rec = P->pl + P->h.ncols;
    hkz_grid_summary_t S;
    hkz_grid_cols_t c;

    HKZ_CHECK(i >= P->next && i < P->t1 && !R->done[i], HKZ_ERR_INTERNAL,
              "grid: stray tile %ld", (long) i);
    HKZ_TRY(resumed(R, P, i));
    np = tile_points(R, i);
    n = np * R->T;
    P->next = i + 1;
    rec[P->h.nrec] = '\0';
    if (R->ck != NULL)
        HKZ_TRY(hkz_ckpt_add(R->ck, rec));
    if (P->h.ncols == 0)   /* the rows, rebuilt from the record */
    {
        HKZ_TRY(_hkz_grid_tb_reset(tb, i, np, R->T));
        HKZ_TRY(_hkz_grid_record_load_tb(tb, rec));
        _hkz_grid_tb_count(&R->S, tb);
        return _hkz_grid_emit(R, tb);
    }
    HKZ_CHECK((size_t) P->h.ncols == sizeof(S) + ((R->flat_rec &
              HKZ_GRID_FLAT_LOCAL) ? 0 : 18 * (size_t) n), HKZ_ERR_INTERNAL, "grid: tile %ld malformed", (long) i);
    memcpy(&S, P->pl, sizeof(S));
    add_counts(&R->S, &S);
    if (R->flat_rec & HKZ_GRID_FLAT_LOCAL)
        return HKZ_SUCCESS;   /* (the rank writes its columns itself) */
    c.p0 = i * HKZ_GRID_TILE;
    c.p1 = c.p0 + np;
    c.n = n;
    /* (sizeof(S) is a multiple of 8: the doubles stay aligned) */
    c.mid = (const double *) (P->pl + sizeof(S));
    c.rad = c.mid + n;
    c.certified = (const int8_t *) (c.rad + n);
    c.scalar = c.certified + n;
    return R->o->cols_sink(R->o->sink_ctx, &c);
}

/* the payload bytes of the tile being received */
static size_t total(const pk_state *P)
{
    return (size_t) (P->h.ncols + P->h.nrec);
}

/* rank 0: a piece of the packed tiles of one rank (hkz_dist_stream) */
static int receive(void *ctx, const char *buf, size_t len)
{
    _hkz_grid_run_t *R = ctx;
    pk_state *P = R->flat;

    while (len > 0)
    {
        size_t k;
        if (P->got < sizeof(pk_head))
        {
            k = FLINT_MIN(len, sizeof(pk_head) - P->got);
            memcpy((char *) &P->h + P->got, buf, k);
        }
        else
        {
            size_t at = P->got - sizeof(pk_head);
            if (at == 0 && total(P) + 1 > P->plcap)
            {
                free(P->pl);
                P->plcap = total(P) + 1;
                P->pl = malloc(P->plcap);
                HKZ_CHECK(P->pl != NULL, HKZ_ERR_NOMEM, "grid: out of "
                          "memory");
            }
            k = FLINT_MIN(len, total(P) - at);
            memcpy(P->pl + at, buf, k);
        }
        P->got += k;
        buf += k;
        len -= k;
        if (P->got == sizeof(pk_head) + total(P))
        {
            P->got = 0;
            HKZ_TRY(finish(R, P));
        }
    }
    return HKZ_SUCCESS;
}

/* every rank: its tiles' columns to the collective local_cols_sink, a
 * tile a round (n = 0 once a rank has none left) */
static int write_local(_hkz_grid_run_t *R, pk_slot *L)
{
    slong j, rounds = L->nloc;
    const char *at = L->loc.s;
    int status = hkz_dist_allreduce_slong(R->d, &rounds, 1, HKZ_DIST_MAX);

    for (j = 0; j < rounds && status == HKZ_SUCCESS; j++)
    {
        hkz_grid_cols_t c;
        memset(&c, 0, sizeof(c));
        if (j < L->nloc)
        {
            int64_t h[2];
            memcpy(h, at, sizeof(h));
            c.p0 = (slong) h[0] * HKZ_GRID_TILE;
            c.p1 = c.p0 + tile_points(R, (slong) h[0]);
            c.n = (slong) h[1];
            c.mid = (const double *) (at + sizeof(h));
            c.rad = c.mid + c.n;
            c.certified = (const int8_t *) (c.rad + c.n);
            c.scalar = c.certified + c.n;
            at += sizeof(h) + 16 * (size_t) c.n + ((2 * (size_t) c.n + 7)
                                                   & ~(size_t) 7);
        }
        status = R->o->local_cols_sink(R->o->sink_ctx, &c);
    }
    return status;
}

int _hkz_grid_flat_init(_hkz_grid_run_t *R)
{
    pk_state *P = calloc(1, sizeof(pk_state));
    HKZ_CHECK(P != NULL, HKZ_ERR_NOMEM, "grid: out of memory");
    _hkz_grid_tb_init(&P->tb);
    R->flat = P;
    R->pack = pack;
    R->flat_rec = R->o->local_cols_sink != NULL ? HKZ_GRID_FLAT_LOCAL
                  : R->o->cols_sink != NULL ? HKZ_GRID_FLAT_COLS
                  : HKZ_GRID_FLAT_REC;
    if (R->o->checkpoint != NULL)
        R->flat_rec |= HKZ_GRID_FLAT_REC;
    return HKZ_SUCCESS;
}

void _hkz_grid_flat_clear(_hkz_grid_run_t *R)
{
    pk_state *P = R->flat;
    int k;
    if (P != NULL)
    {
        for (k = 0; k < 2; k++)
        {
            free(P->s[k].out.s);
            free(P->s[k].loc.s);
        }
        _hkz_grid_tb_clear(&P->tb);
        free(P->pl);
        free(P);
    }
    R->flat = NULL;
}

int _hkz_grid_flat_compute(_hkz_grid_run_t *R, int slot, slong t0, slong t1)
{
    pk_state *P = R->flat;
    pk_slot *L = P->s + slot;
    slong i, a, k = 0, npend = 0, lo, hi;
    int status = HKZ_SUCCESS;

    L->out.len = L->loc.len = 0;
    L->nloc = L->mine = 0;
    P->fill = slot;
    for (i = t0; i < t1; i++)
        npend += !R->done[i];
    hkz_dist_block(&lo, &hi, 0, npend, R->rank, R->size);
    /* this rank's unfinished tiles [lo, hi) in runs without a finished
       tile (those are rank 0's, from the checkpoint) */
    for (i = t0; i < t1 && status == HKZ_SUCCESS; )
    {
        if (R->done[i] || k < lo || k >= hi)
        {
            k += !R->done[i++];
            continue;
        }
        for (a = i; i < t1 && !R->done[i] && k < hi; i++)
            k++;
        status = _hkz_grid_stream(R, a, i);
    }
    return status;
}

int _hkz_grid_flat_drain(_hkz_grid_run_t *R, int slot, slong t0, slong t1)
{
    pk_state *P = R->flat;
    pk_slot *L = P->s + slot;
    int status;

    P->drain = slot;
    P->got = 0;
    P->next = t0;
    P->t1 = t1;
    R->mine += L->mine;
    status = hkz_dist_post(&L->post, R->d, L->out.s, L->out.len, receive,
                           R);
    if (status == HKZ_SUCCESS && R->rank == 0)
        status = resumed(R, P, t1);
    if (!(R->flat_rec & HKZ_GRID_FLAT_LOCAL))
        return status;
    /* (collective writes: every rank or none) */
    status = hkz_dist_agree(R->d, status);
    return status == HKZ_SUCCESS ? write_local(R, L) : status;
}

int _hkz_grid_flat_wait(_hkz_grid_run_t *R, int slot)
{
    pk_state *P = R->flat;
    return hkz_dist_post_wait(&P->s[slot].post);
}
