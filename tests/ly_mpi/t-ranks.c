/* The library's distributed paths through public headers alone (the
 * runner, hkz/runner.h): Curie-Weiss zeros (direct and the integral's
 * part results, with per-rank checkpoints and a resume), the zeros of a
 * graph, Curie-Weiss trajectories and the comparison sweep, each run over
 * the world's ranks and compared bit for bit with the same run in this
 * process alone (dist NULL).  Under mpiexec -np 1, 2, 3 in the MPI build;
 * one serial rank otherwise. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "hkz_test.h"
#include "hkz/hkz.h"

static int rank_, size_;

/* entry i of a (whole or part) result against the whole reference */
static void same_zeros(const hkz_ly_zeros_t ref, const hkz_ly_zeros_t z,
                       const char *what)
{
    slong i;
    HKZ_TEST_CHECK(ref->complete == z->complete && ref->n == z->n &&
                   ref->nisolated == z->nisolated, "%s: summary differs "
                   "(rank %d of %d)", what, rank_, size_);
    for (i = 0; i < z->len; i++)
        HKZ_TEST_CHECK(arb_equal(ref->theta + z->j0 + i, z->theta + i) &&
                       ref->flag[z->j0 + i] == z->flag[i], "%s: zero %ld "
                       "differs (rank %d of %d)", what,
                       (long) (z->j0 + i + 1), rank_, size_);
}

static hkz_ckpt_t open_ck(const char *path, const hkz_ly_opts_t *o,
                          int resume)
{
    hkz_ckpt_t c = NULL;
    char buf[256];
    HKZ_TEST_OK(hkz_ckpt_create(&c, hkz_run_ckpt_path(buf, sizeof(buf),
                                path, hkz_dist_world()), "zeros"));
    HKZ_TEST_OK(hkz_ckpt_param(c, "model", "cw"));
    HKZ_TEST_OK(hkz_ly_zeros_ckpt_params(c, o));
    HKZ_TEST_OK(hkz_run_agree(hkz_dist_world(), hkz_ckpt_open(c, resume)));
    return c;
}

static void cw_zeros(slong N, const char *ts, int ck)
{
    hkz_ly_zeros_t ref, z;
    hkz_ly_opts_t o;
    hkz_ckpt_t c = NULL;
    char what[64], buf[256];
    arb_t t;
    int pass;
    arb_init(t);
    HKZ_TEST_OK(hkz_ball_set_str(t, ts, 4096));
    hkz_ly_opts_init(&o);
    hkz_ly_opts_set_digits(&o, 30);
    o.nthreads = 1;
    hkz_ly_zeros_init(ref, N);
    HKZ_TEST_OK(hkz_ly_cw_zeros(ref, N, t, &o));
    o.dist = hkz_dist_world();
    /* pass 0: plain (or writing checkpoints); pass 1: resumed from them */
    for (pass = 0; pass <= ck; pass++)
    {
        snprintf(what, sizeof(what), "cw N=%ld t=%s%s", (long) N, ts,
                 pass ? " resumed" : ck ? " checkpointed" : "");
        if (ck)
            o.checkpoint = c = open_ck("t-ranks-zeros.ck", &o, pass);
        hkz_ly_zeros_init_dist(z, N, o.dist);
        HKZ_TEST_OK(hkz_ly_cw_zeros(z, N, t, &o));
        same_zeros(ref, z, what);
        hkz_ly_zeros_clear(z);
        hkz_ckpt_destroy(&c);
        o.checkpoint = NULL;
    }
    if (ck)
        remove(hkz_run_ckpt_path(buf, sizeof(buf), "t-ranks-zeros.ck",
                                 o.dist));
    hkz_ly_zeros_clear(ref);
    arb_clear(t);
}

static void graph_zeros(void)
{
    hkz_ising_model_t m;
    hkz_ly_zeros_t ref, z;
    hkz_ly_opts_t o;
    hkz_ising_model_init(m);
    HKZ_TEST_OK(hkz_ising_model_read_str(m, "0 1 2\n1 2 1\n2 3 2\n3 0 "
                                         "0.05\n0 4 1\n4 5 0.5\n5 6 1\n"));
    hkz_ly_opts_init(&o);
    o.nthreads = 1;
    hkz_ly_zeros_init(ref, hkz_ising_model_weight(m));
    hkz_ly_zeros_init(z, hkz_ising_model_weight(m));
    HKZ_TEST_OK(hkz_ly_zeros_model(ref, m, &o));
    o.dist = hkz_dist_world();
    HKZ_TEST_OK(hkz_ly_zeros_model(z, m, &o));
    same_zeros(ref, z, "graph");
    hkz_ly_zeros_clear(ref);
    hkz_ly_zeros_clear(z);
    hkz_ising_model_clear(m);
}

static void same_track(const hkz_ly_track_t a, const hkz_ly_track_t b)
{
    slong j, k;
    for (j = hkz_ly_track_j0(a); j < hkz_ly_track_j1(a); j++)
    {
        HKZ_TEST_CHECK(hkz_ly_track_nsteps(a, j) == hkz_ly_track_nsteps(b, j)
                       && hkz_ly_track_done(a, j) == hkz_ly_track_done(b, j),
                       "track: zero %ld: step counts differ", (long) j + 1);
        for (k = 0; k < hkz_ly_track_nsteps(a, j) &&
             k < hkz_ly_track_nsteps(b, j); k++)
        {
            const hkz_ly_step_struct *s = hkz_ly_track_step(a, j, k);
            const hkz_ly_step_struct *u = hkz_ly_track_step(b, j, k);
            HKZ_TEST_CHECK(arb_equal(&s->ta, &u->ta) &&
                           arb_equal(&s->tb, &u->tb) &&
                           arb_equal(&s->box, &u->box) &&
                           arb_equal(&s->theta_b, &u->theta_b) &&
                           s->dir == u->dir, "track: zero %ld step %ld "
                           "differs", (long) j + 1, (long) k);
        }
    }
}

static void cw_track(slong N, int integral)
{
    hkz_ly_track_job_t job;
    hkz_ly_track_t ref = NULL, tr = NULL;
    hkz_ly_opts_t o;
    arb_t t0, t1;
    arb_init(t0);
    arb_init(t1);
    HKZ_TEST_OK(hkz_ball_set_str(t0, "0.01", 256));
    HKZ_TEST_OK(hkz_ball_set_str(t1, "0.03", 256));
    hkz_ly_opts_init(&o);
    o.nthreads = 1;
    memset(&job, 0, sizeof(job));
    job.W = N;
    job.fn = integral ? hkz_ly_cw_family_integral : hkz_ly_cw_family;
    job.param = &N;
    job.family = "cw";
    job.t0 = t0;
    job.t1 = t1;
    job.j0 = 0;
    job.j1 = N / 2;
    HKZ_TEST_OK(hkz_ly_track_ranks(&ref, &job, &o));
    o.dist = hkz_dist_world();
    HKZ_TEST_OK(hkz_ly_track_ranks(&tr, &job, &o));
    HKZ_TEST_CHECK((rank_ == 0) == (tr != NULL), "track: rank %d holds %s",
                   rank_, tr != NULL ? "a tracker" : "none");
    if (tr != NULL)
    {
        same_track(ref, tr);
        HKZ_TEST_CHECK(hkz_ly_track_all_decreasing(tr), "track: the cw "
                       "decrease is not certified");
    }
    hkz_ly_track_destroy(&ref);
    hkz_ly_track_destroy(&tr);
    arb_clear(t0);
    arb_clear(t1);
}

/* the rows and keys of a result as JSON lines (flint_free) */
static char *result_text(const hkz_compare_result_t *r)
{
    hkz_writer_t *w = NULL;
    char *buf = NULL;
    size_t len = 0;
    HKZ_TEST_OK(hkz_writer_open_mem(&w, HKZ_FORMAT_JSONL));
    HKZ_TEST_OK(hkz_table_write(w, r->rows));
    HKZ_TEST_OK(hkz_table_write(w, r->keys));
    HKZ_TEST_OK(hkz_writer_take(w, &buf, &len));
    hkz_writer_close(&w);
    return buf;
}

static void sweep(void)
{
    hkz_compare_sweep_opts_t so;
    hkz_compare_sweep_t sw = NULL;
    hkz_compare_result_t ref, res;
    char *a, *b;
    hkz_compare_sweep_opts_init(&so);
    so.samples = 13;
    so.digits = 20;
    HKZ_TEST_OK(hkz_compare_result_init(&ref, "sweep"));
    HKZ_TEST_OK(hkz_compare_result_init(&res, "sweep"));
    HKZ_TEST_OK(hkz_compare_sweep(&ref, &so, NULL));
    so.dist = hkz_dist_world();
    HKZ_TEST_OK(hkz_compare_sweep_create(&sw, &so));
    HKZ_TEST_OK(hkz_compare_sweep_ranks(&res, sw, NULL));
    if (rank_ == 0)
    {
        a = result_text(&ref);
        b = result_text(&res);
        HKZ_TEST_CHECK(a != NULL && b != NULL && strcmp(a, b) == 0,
                       "sweep: rank 0's result differs from one process's");
        free(a);
        free(b);
    }
    hkz_compare_sweep_destroy(&sw);
    hkz_compare_result_clear(&ref);
    hkz_compare_result_clear(&res);
}

int main(int argc, char **argv)
{
    HKZ_TEST_OK(hkz_dist_init(&argc, &argv));
    rank_ = hkz_dist_rank(hkz_dist_world());
    size_ = hkz_dist_size(hkz_dist_world());
    cw_zeros(40, "0.05", 0);        /* direct: whole results */
    cw_zeros(301, "0.01", 1);       /* integral: part results, resume */
    graph_zeros();
    cw_track(12, 0);
    cw_track(12, 1);
    sweep();
    hkz_dist_finalize();
    HKZ_TEST_END("ly_mpi.ranks");
}
