/* The runner (hkz/runner.h) on one process: every unit computed once, in
 * batches of the asked size; progress after each batch; a stop request
 * ends the run with HKZ_ERR_INTERRUPTED and the finished units committed;
 * a resume computes only the others and ends with the same results;
 * records of another list are skipped; a failing unit fails the run; the
 * rows of hkz_run_rows on one process.  (Several ranks: tests/ly_mpi.) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "hkz_test.h"
#include "hkz/runner.h"

#define N 37

typedef struct
{
    slong val[N];       /* unit i: i^2 + 1 (0: not computed) */
    int computed[N];    /* times unit i was computed */
    slong calls, maxm;  /* compute calls, largest batch */
    slong fail_at;      /* this unit fails (-1: none) */
} toy_t;

static int compute(void *ctx, const slong *u, slong m)
{
    toy_t *t = ctx;
    slong k;
    t->calls++;
    t->maxm = FLINT_MAX(t->maxm, m);
    for (k = 0; k < m; k++)
    {
        if (u[k] == t->fail_at)
            return hkz_error_set(HKZ_ERR_DOMAIN, "unit %ld fails",
                                 (long) u[k]);
        t->val[u[k]] = u[k] * u[k] + 1;
        t->computed[u[k]]++;
    }
    return HKZ_SUCCESS;
}

static int encode(char **rec, void *ctx, slong i)
{
    toy_t *t = ctx;
    *rec = flint_malloc(64);
    snprintf(*rec, 64, "sq %ld %ld", (long) i, (long) t->val[i]);
    return HKZ_SUCCESS;
}

static int decode(slong *i, void *ctx, const char *rec)
{
    toy_t *t = ctx;
    long j, v;
    *i = -1;
    if (sscanf(rec, "sq %ld %ld", &j, &v) == 2 && j >= 0 && j < N)
    {
        t->val[j] = v;
        *i = j;
    }
    return HKZ_SUCCESS;
}

static int stop_at(void *ctx, slong done, slong total)
{
    (void) total;
    return done >= *(slong *) ctx;
}

static void toy_init(toy_t *t, hkz_run_units_t *u)
{
    memset(t, 0, sizeof(*t));
    t->fail_at = -1;
    u->n = N;
    u->compute = compute;
    u->encode = encode;
    u->decode = decode;
    u->ctx = t;
}

static hkz_ckpt_t open_ck(const char *path, int resume)
{
    hkz_ckpt_t c = NULL;
    HKZ_TEST_OK(hkz_ckpt_create(&c, path, "toy"));
    HKZ_TEST_OK(hkz_ckpt_param_slong(c, "n", N));
    HKZ_TEST_OK(hkz_ckpt_open(c, resume));
    return c;
}

static int row(hkz_writer_t *w, void *ctx, slong i)
{
    const toy_t *t = ctx;
    hkz_field_t f[2];
    f[0] = HKZ_FINT("i", (long) i);
    f[1] = HKZ_FINT("v", (long) t->val[i]);
    return hkz_writer_record(w, f, 2);
}

int main(void)
{
    const char *path = "t-runner.ck";
    hkz_run_units_t u;
    hkz_run_opts_t o;
    hkz_progress_t pr;
    toy_t t;
    slong i, stop = 10, done = 0;
    hkz_writer_t *w = NULL;
    char *buf = NULL;
    size_t len = 0;

    /* plain: one call, every unit once */
    toy_init(&t, &u);
    HKZ_TEST_OK(hkz_run(&u, NULL));
    for (i = 0; i < N; i++)
        HKZ_TEST_CHECK(t.computed[i] == 1 && t.val[i] == i * i + 1,
                       "plain: unit %ld", (long) i);
    /* batches of 4 with progress: ceil(N / 4) calls */
    toy_init(&t, &u);
    hkz_run_opts_init(&o);
    pr.fn = stop_at;
    done = N + 1;           /* never reached: no stop */
    pr.ctx = &done;
    o.progress = &pr;
    o.batch = 4;
    HKZ_TEST_OK(hkz_run(&u, &o));
    HKZ_TEST_CHECK(t.calls == (N + 3) / 4 && t.maxm == 4, "batches: %ld "
                   "calls, largest %ld", (long) t.calls, (long) t.maxm);
    /* stopped after 10 units: interrupted, committed */
    toy_init(&t, &u);
    hkz_run_opts_init(&o);
    pr.ctx = &stop;
    o.progress = &pr;
    o.batch = 5;
    o.checkpoint = open_ck(path, 0);
    HKZ_TEST_STATUS(hkz_run(&u, &o), HKZ_ERR_INTERRUPTED);
    hkz_ckpt_destroy(&o.checkpoint);
    /* resumed: the 10 recorded units are not computed again */
    toy_init(&t, &u);
    o.progress = NULL;
    o.checkpoint = open_ck(path, 1);
    HKZ_TEST_CHECK(hkz_ckpt_count(o.checkpoint) == 10, "%ld records",
                   (long) hkz_ckpt_count(o.checkpoint));
    HKZ_TEST_OK(hkz_ckpt_add(o.checkpoint, "other 3 4"));  /* skipped */
    HKZ_TEST_OK(hkz_run(&u, &o));
    for (i = 0; i < N; i++)
        HKZ_TEST_CHECK(t.computed[i] == (i >= 10) && t.val[i] == i * i + 1,
                       "resume: unit %ld computed %d times", (long) i,
                       t.computed[i]);
    hkz_ckpt_destroy(&o.checkpoint);
    remove(path);
    /* a failing unit fails the run with its message */
    toy_init(&t, &u);
    t.fail_at = 20;
    hkz_run_opts_init(&o);
    o.batch = 8;
    HKZ_TEST_STATUS(hkz_run(&u, &o), HKZ_ERR_DOMAIN);
    HKZ_TEST_CHECK(strstr(hkz_errmsg(), "unit 20") != NULL, "message '%s'",
                   hkz_errmsg());
    /* a failure before the run */
    toy_init(&t, &u);
    o.status = hkz_error_set(HKZ_ERR_IO, "before");
    HKZ_TEST_STATUS(hkz_run(&u, &o), HKZ_ERR_IO);
    HKZ_TEST_CHECK(t.calls == 0, "computed after a failure");
    /* rows on one process: the writer gets them in order */
    toy_init(&t, &u);
    HKZ_TEST_OK(hkz_run(&u, NULL));
    HKZ_TEST_OK(hkz_writer_open_mem(&w, HKZ_FORMAT_JSONL));
    HKZ_TEST_OK(hkz_run_rows(NULL, w, HKZ_FORMAT_JSONL, 3, row, &t));
    HKZ_TEST_OK(hkz_writer_take(w, &buf, &len));
    HKZ_TEST_CHECK(buf != NULL && strstr(buf, "\"i\":2,\"v\":5") != NULL,
                   "rows '%s'", buf != NULL ? buf : "");
    free(buf);
    hkz_writer_close(&w);
    HKZ_TEST_END("core.runner");
}
