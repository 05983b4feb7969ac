/* The stream of one rank (groups/grid/tile_pipe.c, tbuf.c): the columns
 * of cols_sink, for several block sizes, with and without the pipelined
 * host thread and with three device threads (HKZ_GRID_ENGINES), and after
 * a stop and resume mid-stream, are those of the
 * row sink (hkz_grid_ball_get_d of each ball, the flags), tile by tile in
 * order: a grid written in several blocks equals one written at once.
 * su2-sub at small t far from the identity (many entries take the scalar
 * route) and su2 (engine entries only), three tiles each. */
#include <math.h>
#include <string.h>
#include <unistd.h>
#include "grid_test.h"

typedef struct
{
    slong P, T, next;
    double *mid, *rad;
    int8_t *cert, *scal;
    int order_ok;
} cols_t;

static void cols_init(cols_t *c, slong P, slong T)
{
    c->P = P;
    c->T = T;
    c->next = 0;
    c->mid = calloc(P * T, sizeof(double));
    c->rad = calloc(P * T, sizeof(double));
    c->cert = calloc(P * T, 1);
    c->scal = calloc(P * T, 1);
    c->order_ok = 1;
}

static void cols_clear(cols_t *c)
{
    free(c->mid);
    free(c->rad);
    free(c->cert);
    free(c->scal);
}

static int cols_sink(void *ctx, const hkz_grid_cols_t *s)
{
    cols_t *c = ctx;
    slong o = s->p0 * c->T;
    if (s->p0 != c->next || s->n != (s->p1 - s->p0) * c->T
        || s->p1 > c->P || s->p1 - s->p0 > HKZ_GRID_TILE)
    {
        c->order_ok = 0;
        return HKZ_SUCCESS;
    }
    c->next = s->p1;
    memcpy(c->mid + o, s->mid, s->n * sizeof(double));
    memcpy(c->rad + o, s->rad, s->n * sizeof(double));
    memcpy(c->cert + o, s->certified, s->n);
    memcpy(c->scal + o, s->scalar, s->n);
    return HKZ_SUCCESS;
}

/* the columns against the rows: the doubles of the balls, bitwise */
static int cols_match(const cols_t *c, const grid_collect_t *r)
{
    slong k;
    if (!c->order_ok || c->next != c->P)
        return 0;
    for (k = 0; k < c->P * c->T; k++)
    {
        double m, d;
        hkz_grid_ball_get_d(&m, &d, r->v + k);
        if (memcmp(&m, c->mid + k, sizeof(double)) != 0
            || memcmp(&d, c->rad + k, sizeof(double)) != 0
            || c->cert[k] != (r->flags[k] & 1)
            || c->scal[k] != ((r->flags[k] >> 1) & 1))
            return 0;
    }
    return 1;
}

static int run_cols(cols_t *c, hkz_grid_summary_t *s, const hkz_grid_heat_t g,
                    hkz_grid_opts_t *o)
{
    slong P, T;
    int st = hkz_grid_heat_check(&P, &T, g);
    if (st != HKZ_SUCCESS)
        return st;
    cols_init(c, P, T);
    o->sink = NULL;
    o->cols_sink = cols_sink;
    o->sink_ctx = c;
    return hkz_grid_heat_run(s, g, o);
}

static int stop_after_first(void *ctx, slong done, slong total)
{
    int *calls = ctx;
    return ++*calls >= 1 && done < total;
}

static void streams(const hkz_grid_heat_t g, const char *what)
{
    static const slong blocks[] = {0, 256, 512, 100000};
    grid_collect_t ref;
    cols_t c;
    hkz_grid_summary_t s, s0;
    hkz_grid_opts_t o;
    hkz_progress_t pr;
    char path[64];
    int k, pipe, calls = 0;

    /* the rows, one block at a time, sequential */
    setenv("HKZ_GRID_PIPE", "0", 1);
    hkz_grid_opts_init(&o);
    o.device = HKZ_BACKEND_CPU;
    o.nthreads = 1;
    o.block = 256;
    HKZ_TEST_OK(grid_run_collect(&ref, &s0, g, &o));
    /* pipe 2: three device threads, each its own engine */
    for (pipe = 0; pipe < 3; pipe++)
        for (k = 0; k < 4; k++)
        {
            setenv("HKZ_GRID_PIPE", pipe ? "1" : "0", 1);
            if (pipe == 2)
                setenv("HKZ_GRID_ENGINES", "3", 1);
            else
                unsetenv("HKZ_GRID_ENGINES");
            hkz_grid_opts_init(&o);
            o.device = HKZ_BACKEND_CPU;
            o.nthreads = 2;
            o.block = blocks[k];
            HKZ_TEST_OK(run_cols(&c, &s, g, &o));
            HKZ_TEST_CHECK(cols_match(&c, &ref), "%s: columns differ (block "
                           "%ld, pipe %d)", what, (long) blocks[k], pipe);
            HKZ_TEST_CHECK(s.engine == s0.engine && s.scalar == s0.scalar
                           && s.missed == s0.missed, "%s: counts differ",
                           what);
            cols_clear(&c);
        }

    /* stopped after the first block, resumed through the pipeline */
    snprintf(path, sizeof(path), "t-grid-stream-%ld.ck", (long) getpid());
    remove(path);
    setenv("HKZ_GRID_PIPE", "1", 1);
    setenv("HKZ_GRID_ENGINES", "2", 1);
    hkz_grid_opts_init(&o);
    o.device = HKZ_BACKEND_CPU;
    o.block = 256;
    o.checkpoint = path;
    pr.fn = stop_after_first;
    pr.ctx = &calls;
    o.progress = &pr;
    HKZ_TEST_STATUS(run_cols(&c, &s, g, &o), HKZ_ERR_INTERRUPTED);
    HKZ_TEST_CHECK(c.next == 256, "%s: stopped at point %ld", what,
                   (long) c.next);
    cols_clear(&c);
    hkz_grid_opts_init(&o);
    o.device = HKZ_BACKEND_CPU;
    o.checkpoint = path;
    o.resume = 1;
    HKZ_TEST_OK(run_cols(&c, &s, g, &o));
    HKZ_TEST_CHECK(s.resumed == 256 * c.T, "%s: resumed %ld entries", what,
                   (long) s.resumed);
    HKZ_TEST_CHECK(cols_match(&c, &ref), "%s: resumed columns differ", what);
    HKZ_TEST_CHECK(s.engine == s0.engine && s.scalar == s0.scalar,
                   "%s: resumed counts differ", what);
    cols_clear(&c);
    /* and the rows of a run resumed from the streamed records */
    grid_collect_clear(&ref);
    o.cols_sink = NULL;
    HKZ_TEST_OK(grid_run_collect(&ref, &s, g, &o));
    HKZ_TEST_CHECK(s.resumed == s.entries, "%s: all resumed", what);
    HKZ_TEST_OK(run_cols(&c, &s, g, &o));
    HKZ_TEST_CHECK(cols_match(&c, &ref), "%s: records differ", what);
    cols_clear(&c);
    remove(path);
    grid_collect_clear(&ref);
    unsetenv("HKZ_GRID_PIPE");
    unsetenv("HKZ_GRID_ENGINES");
}

int main(void)
{
    hkz_grid_heat_t g;

    hkz_grid_heat_init(g, HKZ_GRID_SU2_SUB);
    HKZ_TEST_OK(hkz_grid_list_set_str(g->r, "0.8:1.5:10", 0, 256));
    HKZ_TEST_OK(hkz_grid_list_set_str(g->z, "2:6:60", 0, 256));
    HKZ_TEST_OK(hkz_grid_list_set_str(g->t, "0.01:0.3:5", 0, 256));
    g->digits = 10;
    streams(g, "su2-sub");
    hkz_grid_heat_clear(g);

    hkz_grid_heat_init(g, HKZ_GRID_SU2);
    HKZ_TEST_OK(hkz_grid_list_set_str(g->alpha, "0:3.14:600", 0, 256));
    HKZ_TEST_OK(hkz_grid_list_set_str(g->t, "0.05:2:4", 1, 256));
    g->digits = 9;
    streams(g, "su2");
    hkz_grid_heat_clear(g);
    flint_cleanup();
    return hkz_test_failures ? 1 : 0;
}
