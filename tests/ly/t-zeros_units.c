/* Zero lists with checkpoints (interrupt, resume, parameter mismatch) and
 * split over "processes" (threads with a shared allgather): the same bytes
 * as one uninterrupted process. */
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include "hkz_test.h"

#define NPROC 3

typedef struct
{
    pthread_mutex_t lock;
    pthread_cond_t cond;
    int arrived, gen;
    char *part[NPROC];
    size_t plen[NPROC];
} world_t;

typedef struct
{
    world_t *w;
    int rank;
} me_t;

static int allgather(char **all, size_t *len, const char *mine, size_t n,
                     void *ctx)
{
    me_t *me = ctx;
    world_t *w = me->w;
    int r, gen;
    size_t tot = 0;
    pthread_mutex_lock(&w->lock);
    w->part[me->rank] = flint_malloc(n + 1);
    memcpy(w->part[me->rank], mine, n);
    w->plen[me->rank] = n;
    gen = w->gen;
    if (++w->arrived == NPROC)
    {
        w->arrived = 0;
        w->gen++;
        pthread_cond_broadcast(&w->cond);
    }
    else
        while (gen == w->gen)
            pthread_cond_wait(&w->cond, &w->lock);
    for (r = 0; r < NPROC; r++)
        tot += w->plen[r];
    *all = flint_malloc(tot + 1);
    for (r = 0, *len = 0; r < NPROC; r++)
    {
        memcpy(*all + *len, w->part[r], w->plen[r]);
        *len += w->plen[r];
    }
    /* second barrier before the parts are freed */
    gen = w->gen;
    if (++w->arrived == NPROC)
    {
        for (r = 0; r < NPROC; r++)
            flint_free(w->part[r]);
        w->arrived = 0;
        w->gen++;
        pthread_cond_broadcast(&w->cond);
    }
    else
        while (gen == w->gen)
            pthread_cond_wait(&w->cond, &w->lock);
    pthread_mutex_unlock(&w->lock);
    return HKZ_SUCCESS;
}

typedef struct
{
    me_t me;
    hkz_ly_split_t sp;
    const hkz_ising_model_struct *m;     /* NULL: Curie-Weiss */
    slong N;
    const arb_struct *t;
    hkz_ly_zeros_t z;
    int st;
    int ck;             /* 0 none, 1 write, 2 resume: file per process */
} job_t;

static void *run(void *p)
{
    job_t *j = p;
    hkz_ly_opts_t o;
    hkz_ckpt_t c = NULL;
    char path[64];
    hkz_ly_opts_init(&o);
    o.nthreads = 1;
    o.split = &j->sp;
    j->st = HKZ_SUCCESS;
    if (j->ck)
    {
        snprintf(path, sizeof(path), "t-zeros-units-split.ck.r%d",
                 j->me.rank);
        j->st = hkz_ckpt_create(&c, path, "zeros");
        if (j->st == HKZ_SUCCESS)
            j->st = hkz_ly_zeros_ckpt_params(c, &o);
        if (j->st == HKZ_SUCCESS)
            j->st = hkz_ckpt_open(c, j->ck == 2);
        o.checkpoint = c;
    }
    /* (a real program agrees on the status first: every process here
     * opens its checkpoint without failing) */
    if (j->st == HKZ_SUCCESS)
        j->st = j->m == NULL ? hkz_ly_cw_zeros(j->z, j->N, j->t, &o)
                             : hkz_ly_zeros_model(j->z, j->m, &o);
    hkz_ckpt_destroy(&c);
    flint_cleanup();
    return NULL;
}

static void same(const hkz_ly_zeros_t a, const hkz_ly_zeros_t b,
                 const char *what)
{
    slong j;
    HKZ_TEST_CHECK(a->complete == b->complete && a->n == b->n, "%s", what);
    for (j = 0; j < a->n; j++)
        HKZ_TEST_CHECK(arb_equal(a->theta + j, b->theta + j) &&
                       a->flag[j] == b->flag[j], "%s: zero %ld differs",
                       what, (long) j + 1);
}

static void split(const hkz_ising_model_struct *m, slong N, const arb_t t,
                  const char *what, int ck)
{
    world_t w;
    job_t jb[NPROC];
    pthread_t th[NPROC];
    hkz_ly_zeros_t ref;
    hkz_ly_opts_t o;
    slong W = m != NULL ? hkz_ising_model_weight(m) : N;
    int r;

    memset(&w, 0, sizeof(w));
    pthread_mutex_init(&w.lock, NULL);
    pthread_cond_init(&w.cond, NULL);
    hkz_ly_opts_init(&o);
    o.nthreads = 1;
    hkz_ly_zeros_init(ref, W);
    HKZ_TEST_OK(m == NULL ? hkz_ly_cw_zeros(ref, N, t, &o)
                          : hkz_ly_zeros_model(ref, m, &o));
    for (r = 0; r < NPROC; r++)
    {
        jb[r].me.w = &w;
        jb[r].me.rank = r;
        jb[r].sp.rank = r;
        jb[r].sp.size = NPROC;
        jb[r].sp.allgather = allgather;
        jb[r].sp.ctx = &jb[r].me;
        jb[r].m = m;
        jb[r].N = N;
        jb[r].t = t;
        jb[r].ck = ck;
        hkz_ly_zeros_init(jb[r].z, W);
        pthread_create(th + r, NULL, run, jb + r);
    }
    for (r = 0; r < NPROC; r++)
    {
        pthread_join(th[r], NULL);
        HKZ_TEST_STATUS(jb[r].st, HKZ_SUCCESS);
        same(ref, jb[r].z, what);
        hkz_ly_zeros_clear(jb[r].z);
    }
    hkz_ly_zeros_clear(ref);
    pthread_mutex_destroy(&w.lock);
    pthread_cond_destroy(&w.cond);
}

static int stop_at_3(void *ctx, slong done, slong total)
{
    (void) ctx;
    (void) total;
    return done >= 3;
}

static hkz_ckpt_t open_ck(const char *path, const hkz_ly_opts_t *o,
                          const char *t, int resume, int expect)
{
    hkz_ckpt_t c;
    HKZ_TEST_OK(hkz_ckpt_create(&c, path, "zeros"));
    HKZ_TEST_OK(hkz_ckpt_param(c, "family", "cw N=24"));
    HKZ_TEST_OK(hkz_ckpt_param(c, "t", t));
    HKZ_TEST_OK(hkz_ly_zeros_ckpt_params(c, o));
    HKZ_TEST_STATUS(hkz_ckpt_open(c, resume), expect);
    return c;
}

static void checkpoint(const arb_t t)
{
    hkz_ly_zeros_t ref, z;
    hkz_ly_opts_t o;
    hkz_progress_t pr;
    hkz_ckpt_t c;
    char path[64];

    snprintf(path, sizeof(path), "t-zeros-units-%d.ck", 0);
    hkz_ly_opts_init(&o);
    hkz_ly_opts_set_digits(&o, 30);
    o.nthreads = 1;
    hkz_ly_zeros_init(ref, 24);
    hkz_ly_zeros_init(z, 24);
    HKZ_TEST_OK(hkz_ly_cw_zeros(ref, 24, t, &o));
    /* interrupted after 3 zeros */
    c = open_ck(path, &o, "0.05", 0, HKZ_SUCCESS);
    pr.fn = stop_at_3;
    pr.ctx = NULL;
    o.progress = &pr;
    o.checkpoint = c;
    HKZ_TEST_STATUS(hkz_ly_cw_zeros(z, 24, t, &o), HKZ_ERR_INTERRUPTED);
    hkz_ckpt_destroy(&c);
    o.progress = NULL;
    /* resumed: the same balls */
    c = open_ck(path, &o, "0.05", 1, HKZ_SUCCESS);
    HKZ_TEST_CHECK(hkz_ckpt_count(c) >= 3, "%ld records",
                   (long) hkz_ckpt_count(c));
    o.checkpoint = c;
    HKZ_TEST_OK(hkz_ly_cw_zeros(z, 24, t, &o));
    same(ref, z, "resumed zeros");
    hkz_ckpt_destroy(&c);
    /* other digits: refused, named */
    hkz_ly_opts_set_digits(&o, 20);
    c = open_ck(path, &o, "0.05", 1, HKZ_ERR_CHECKPOINT);
    HKZ_TEST_CHECK(strstr(hkz_errmsg(), "rel_bits") != NULL, "message '%s'",
                   hkz_errmsg());
    hkz_ckpt_destroy(&c);
    remove(path);
    hkz_ly_zeros_clear(ref);
    hkz_ly_zeros_clear(z);
}

int main(void)
{
    hkz_ising_model_t m;
    arb_t t;
    arb_init(t);
    hkz_ising_model_init(m);
    HKZ_TEST_OK(hkz_ball_set_str(t, "0.05", 2048));
    /* Curie-Weiss: predictions, refined in blocks */
    split(NULL, 24, t, "cw N=24 on 3 processes", 0);
    /* each process checkpoints its block; a resume pools the records
     * (every process must see the same work left, else it hangs) */
    split(NULL, 24, t, "cw N=24, per-process checkpoints", 1);
    split(NULL, 24, t, "cw N=24, resumed from them", 2);
    {
        char path[64];
        int r;
        for (r = 0; r < NPROC; r++)
        {
            snprintf(path, sizeof(path), "t-zeros-units-split.ck.r%d", r);
            remove(path);
        }
    }
    /* a graph: no predictor, the brackets of the grid scan in blocks */
    HKZ_TEST_OK(hkz_ising_model_read_str(m, "0 1 2\n1 2 1\n2 3 2\n3 0 "
                                         "0.05\n0 4 1\n4 5 0.5\n5 6 1\n"));
    split(m, 0, t, "graph on 3 processes", 0);
    checkpoint(t);
    hkz_ising_model_clear(m);
    arb_clear(t);
    HKZ_TEST_END("ly.zeros_units");
}
