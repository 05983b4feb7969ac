/* The runner of long distributed work (hkz/runner.h): restore, block
 * split, batches with records, checkpoint commits and progress, the
 * agreed status, the records shared in rank order. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "hkz/runner.h"
#include "hkz_check.h"

void hkz_run_opts_init(hkz_run_opts_t *o)
{
    memset(o, 0, sizeof(*o));
    o->batch = 1;
    o->share = HKZ_RUN_KEEP;
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

/* A growing text buffer of records, one per line. */
typedef struct
{
    char *s;
    size_t len, alloc;
} rbuf_t;

static int rbuf_add(rbuf_t *b, const char *s, size_t n)
{
    if (b->len + n + 2 > b->alloc)
    {
        size_t a = FLINT_MAX(2 * b->alloc, b->len + n + 256);
        char *p = flint_realloc(b->s, a);
        if (p == NULL)
            return hkz_error_set(HKZ_ERR_NOMEM, "runner: out of memory");
        b->s = p;
        b->alloc = a;
    }
    memcpy(b->s + b->len, s, n);
    b->len += n;
    b->s[b->len] = '\0';
    return HKZ_SUCCESS;
}

static int rbuf_line(rbuf_t *b, const char *rec)
{
    HKZ_TRY(rbuf_add(b, rec, strlen(rec)));
    return rbuf_add(b, "\n", 1);
}

/* Decodes the records of every rank but this one in all[0..len): each
 * rank's part starts with a line "#"; *done counts the units found. */
static int decode_others(const hkz_run_units_t *u, char *all, size_t len,
                         int rank, char *fin, slong *done)
{
    char *p, *e;
    int r = -1, st = HKZ_SUCCESS;
    slong i;
    for (p = all; p != NULL && p < all + len && st == HKZ_SUCCESS;
         p = e + 1)
    {
        e = memchr(p, '\n', all + len - p);
        if (e == NULL)
            e = all + len;
        *e = '\0';
        if (*p == '#')
            r++;
        else if (*p != '\0' && r != rank)
        {
            st = u->decode(&i, u->ctx, p);
            if (st == HKZ_SUCCESS && i >= 0 && i < u->n && fin != NULL &&
                !fin[i])
            {
                fin[i] = 1;
                if (done != NULL)
                    (*done)++;
            }
        }
    }
    return st;
}

/* Collective: every rank's records (mine) pooled as the share mode says;
 * the status agreed first. */
static int share(const hkz_run_units_t *u, hkz_dist_t d, int mode,
                 const rbuf_t *mine, int st, char *fin, slong *done)
{
    char *all = NULL;
    size_t len = 0;
    int rank = hkz_dist_rank(d);
    st = hkz_dist_agree(d, st);
    if (st != HKZ_SUCCESS || mode == HKZ_RUN_KEEP)
        return st;
    st = mode == HKZ_RUN_ALL
         ? hkz_dist_allgather(d, &all, &len, mine->s, mine->len)
         : hkz_dist_gather(d, &all, &len, mine->s, mine->len);
    if (st == HKZ_SUCCESS && all != NULL)
        st = decode_others(u, all, len, rank, fin, done);
    flint_free(all);
    return hkz_dist_agree(d, st);
}

/* Records of the batch u[0..m) into the checkpoint and mine. */
static int record(const hkz_run_units_t *u, const hkz_run_opts_t *o,
                  rbuf_t *mine, int keep, const slong *idx, slong m)
{
    slong k;
    int st = HKZ_SUCCESS;
    for (k = 0; k < m && st == HKZ_SUCCESS; k++)
    {
        char *rec = NULL;
        st = u->encode(&rec, u->ctx, idx[k]);
        if (st == HKZ_SUCCESS && o->checkpoint != NULL)
            st = hkz_ckpt_add(o->checkpoint, rec);
        if (st == HKZ_SUCCESS && keep)
            st = rbuf_line(mine, rec);
        flint_free(rec);
    }
    return st;
}

int hkz_run(const hkz_run_units_t *u, const hkz_run_opts_t *o)
{
    hkz_run_opts_t def;
    hkz_dist_t d;
    hkz_ckpt_t ck;
    rbuf_t mine = {NULL, 0, 0};
    char *fin = NULL;
    slong *idx = NULL, i = -1, k, m = 0, lo, hi, batch, own = 0;
    slong *done, total;
    int st = HKZ_SUCCESS, size, keep;
    double next_commit = now_s() + 5.0, every;

    HKZ_CHECK(u != NULL && u->compute != NULL && u->n >= 0, HKZ_ERR_ARG,
              "hkz_run: NULL units or compute, or n < 0");
    if (o == NULL)
    {
        hkz_run_opts_init(&def);
        o = &def;
    }
    d = o->dist;
    size = d != NULL ? hkz_dist_size(d) : 1;
    ck = o->checkpoint;
    done = o->done != NULL ? o->done : &own;
    total = o->total > 0 ? o->total : u->n;
    every = o->commit_s > 0 ? o->commit_s : 5.0;
    keep = size > 1 && o->share != HKZ_RUN_KEEP;
    HKZ_CHECK((ck == NULL && !keep) || (u->encode != NULL &&
              u->decode != NULL), HKZ_ERR_ARG, "hkz_run: records need "
              "encode and decode");
    batch = o->batch > 0 ? o->batch : 1;
    if (ck == NULL && o->progress == NULL && size == 1)
        batch = FLINT_MAX(u->n, 1);   /* nothing happens between batches */
    st = o->status;
    fin = flint_calloc(FLINT_MAX(u->n, 1), 1);
    idx = flint_malloc(sizeof(slong) * FLINT_MAX(u->n, 1));
    if (st == HKZ_SUCCESS && (fin == NULL || idx == NULL))
        st = hkz_error_set(HKZ_ERR_NOMEM, "runner: out of memory");
    if (st == HKZ_SUCCESS)
        st = rbuf_add(&mine, "#\n", 2);
    /* 1. restore; several ranks pool what they restored */
    for (k = 0; ck != NULL && k < hkz_ckpt_count(ck) && st == HKZ_SUCCESS;
         k++)
    {
        const char *rec = hkz_ckpt_get(ck, k);
        st = rec[0] == '#' ? HKZ_SUCCESS : u->decode(&i, u->ctx, rec);
        if (st != HKZ_SUCCESS || rec[0] == '#' || i < 0 || i >= u->n ||
            fin[i])
            continue;
        fin[i] = 1;
        (*done)++;
        if (size > 1)
            st = rbuf_line(&mine, rec);
    }
    if (size > 1)
    {
        st = share(u, d, HKZ_RUN_ALL, &mine, st, fin, done);
        mine.len = 0;
        if (st == HKZ_SUCCESS)
            st = rbuf_add(&mine, "#\n", 2);
    }
    if (st != HKZ_SUCCESS)
        goto cleanup;
    for (i = 0; i < u->n; i++)
        if (!fin[i])
            idx[m++] = i;
    /* 2. this rank's block of the rest, in batches */
    if (o->cost != NULL && size > 1)
    {
        slong *b = flint_malloc(sizeof(slong) * (size + 1));
        int r = hkz_dist_rank(d);
        hkz_run_cuts(b, size, o->cost, idx, m);
        lo = b[r];
        hi = b[r + 1];
        flint_free(b);
    }
    else
        hkz_dist_block(&lo, &hi, 0, m, d != NULL ? hkz_dist_rank(d) : 0,
                       size);
    for (k = lo; k < hi && st == HKZ_SUCCESS; k += batch)
    {
        slong c = FLINT_MIN(batch, hi - k);
        st = u->compute(u->ctx, idx + k, c);
        if (st == HKZ_SUCCESS && (ck != NULL || keep))
            st = record(u, o, &mine, keep, idx + k, c);
        *done += c;
        if (st == HKZ_SUCCESS)
            st = hkz_progress_report(o->progress, *done, total);
        /* a commit rewrites the whole file: at the end, when stopped,
         * otherwise at most every max(commit_s, 4 x the last commit) */
        if (ck != NULL && (st == HKZ_SUCCESS || st == HKZ_ERR_INTERRUPTED)
            && (k + c >= hi || st != HKZ_SUCCESS || now_s() >= next_commit))
        {
            double t0 = now_s();
            int s2 = hkz_ckpt_commit(ck);
            next_commit = now_s() + FLINT_MAX(every, 4 * (now_s() - t0));
            if (s2 != HKZ_SUCCESS)
                st = s2;
        }
    }
    /* 3, 4. the agreed status; the records to those that need them */
    if (size > 1)
        st = share(u, d, o->share, &mine, st, NULL, NULL);
cleanup:
    flint_free(mine.s);
    flint_free(fin);
    flint_free(idx);
    return st;
}
