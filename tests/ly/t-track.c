/* Certified trajectories (spec 3.5, 5 F): Curie-Weiss decrease, single-edge
 * directions with a zero moving up (F2), endpoints and disjointness of
 * spec 5 F (strict in F1, F2; weak in F3), checkpoint round trips. */
#include <stdio.h>
#include <string.h>
#include "hkz_test.h"

/* enclosure of theta_j at the end of the last step */
static const arb_struct *last(const hkz_ly_track_t tr, slong j)
{
    return &hkz_ly_track_step(tr, j, hkz_ly_track_nsteps(tr, j) - 1)
            ->theta_b;
}

static void check_chain(const hkz_ly_track_t tr, const char *what)
{
    slong j, k, ns;
    for (j = hkz_ly_track_j0(tr); j < hkz_ly_track_j1(tr); j++)
    {
        ns = hkz_ly_track_nsteps(tr, j);
        HKZ_TEST_CHECK(ns > 0, "%s: no steps", what);
        for (k = 0; k < ns; k++)
        {
            const hkz_ly_step_struct *s = hkz_ly_track_step(tr, j, k);
            HKZ_TEST_CHECK(arb_contains(&s->box, &s->theta_b), "%s: theta_b "
                           "outside the box", what);
            HKZ_TEST_CHECK(arb_lt(&s->ta, &s->tb), "%s: empty step", what);
            if (k > 0)
                HKZ_TEST_CHECK(arb_equal(&s->ta,
                               &hkz_ly_track_step(tr, j, k - 1)->tb),
                               "%s: steps do not chain", what);
        }
        HKZ_TEST_CHECK(ns > 0 && arb_equal(&hkz_ly_track_step(tr, j, 0)->ta,
                       hkz_ly_track_t0(tr)) &&
                       arb_equal(&hkz_ly_track_step(tr, j, ns - 1)->tb,
                                 hkz_ly_track_t1(tr)),
                       "%s: [t0, t1] not covered", what);
    }
}

static void cw(void)
{
    static const char *a4[2] = {"0.39469642676192499786",
                                "1.1796036725099792722"};
    static const char *a6[5] = {"0.31048584370406750410",
        "0.63234549419985154838", "0.91644896459947349846",
        "1.1835454129790259736", "1.4425284531691055557"};
    hkz_ly_track_t tr;
    hkz_ly_opts_t o;
    arb_t t0, t1;
    slong N, j;

    arb_init(t0);
    arb_init(t1);
    hkz_ly_opts_init(&o);
    o.goal.rel_bits = 60;
    /* N = 4, t in [1/8, 1]: ends at spec A4 */
    N = 4;
    arb_set_d(t0, 0.125);
    arb_set_si(t1, 1);
    HKZ_TEST_OK(hkz_ly_track_create(&tr, N, hkz_ly_cw_family, &N, "cw 4",
                                    t0, t1, 0, 2, &o));
    HKZ_TEST_OK(hkz_ly_track_start(tr, &o));
    HKZ_TEST_OK(hkz_ly_track_run(tr, 0, &o));
    HKZ_TEST_CHECK(hkz_ly_track_all_decreasing(tr), "CW N=4 decrease");
    check_chain(tr, "CW N=4");
    for (j = 0; j < 2; j++)
        HKZ_TEST_CONTAINS(last(tr, j), a4[j], 50, "CW N=4 at t=1 (A4)");
    hkz_ly_track_destroy(&tr);
    /* N = 10, t in [0.05, 0.1] (beta from 1/2 to 1): ends at spec A6 */
    N = 10;
    HKZ_TEST_OK(hkz_ball_set_str(t0, "0.05", 256));
    HKZ_TEST_OK(hkz_ball_set_str(t1, "0.1", 256));
    HKZ_TEST_OK(hkz_ly_track_create(&tr, N, hkz_ly_cw_family, &N, "cw 10",
                                    t0, t1, 0, 5, &o));
    HKZ_TEST_OK(hkz_ly_track_start(tr, &o));
    HKZ_TEST_OK(hkz_ly_track_run(tr, 0, &o));
    HKZ_TEST_CHECK(hkz_ly_track_all_decreasing(tr), "CW N=10 decrease");
    check_chain(tr, "CW N=10");
    for (j = 0; j < 5; j++)
        HKZ_TEST_CONTAINS(last(tr, j), a6[j], 50, "CW N=10 at t=0.1 (A6)");
    hkz_ly_track_destroy(&tr);
    arb_clear(t0);
    arb_clear(t1);
}

/* single-edge trajectories; refs at t1, expected directions */
static void edge(const char *name, const char *graph, slong u, slong v,
                 const char *t0s, const char *t1s, const char **refs,
                 const int *dirs)
{
    hkz_ising_model_t m;
    hkz_ly_edge_family_t ef;
    hkz_ly_track_t tr;
    hkz_ly_opts_t o;
    arb_t t0, t1;
    slong j, k;

    hkz_ising_model_init(m);
    arb_init(t0);
    arb_init(t1);
    hkz_ly_opts_init(&o);
    o.goal.rel_bits = 60;
    HKZ_TEST_OK(hkz_ising_model_read_str(m, graph));
    HKZ_TEST_OK(hkz_ly_edge_family_init(ef, m,
                                        hkz_ising_model_find_edge(m, u, v)));
    HKZ_TEST_OK(hkz_ball_set_str(t0, t0s, 256));
    HKZ_TEST_OK(hkz_ball_set_str(t1, t1s, 256));
    HKZ_TEST_OK(hkz_ly_track_create(&tr, 4, hkz_ly_edge_family, ef, "edge",
                                    t0, t1, 0, 2, &o));
    HKZ_TEST_OK(hkz_ly_track_start(tr, &o));
    HKZ_TEST_OK(hkz_ly_track_run(tr, 0, &o));
    check_chain(tr, name);
    for (j = 0; j < 2; j++)
    {
        HKZ_TEST_CONTAINS(last(tr, j), refs[j], 50, name);
        for (k = 0; k < hkz_ly_track_nsteps(tr, j); k++)
            HKZ_TEST_CHECK(hkz_ly_track_step(tr, j, k)->dir == dirs[j],
                           "%s: direction "
                           "of zero %ld on step %ld", name, (long) j + 1,
                           (long) k);
    }
    hkz_ly_track_destroy(&tr);
    hkz_ly_edge_family_clear(ef);
    hkz_ising_model_clear(m);
    arb_clear(t0);
    arb_clear(t1);
}

static void ends(const char *name, const char *graph, slong u, slong v,
                 const char **r0, const char **rinf, int disjoint)
{
    hkz_ising_model_t m;
    hkz_ly_edge_ends_t e;
    slong j;
    hkz_ising_model_init(m);
    hkz_ly_edge_ends_init(e);
    HKZ_TEST_OK(hkz_ising_model_read_str(m, graph));
    HKZ_TEST_OK(hkz_ly_edge_ends(e, m, hkz_ising_model_find_edge(m, u, v),
                                 NULL));
    HKZ_TEST_CHECK(e->ok0 && e->okinf, "%s: endpoints", name);
    for (j = 0; j < 2; j++)
    {
        HKZ_TEST_CONTAINS(e->th0 + j, r0[j], 45, name);
        HKZ_TEST_CONTAINS(e->thinf + j, rinf[j], 45, name);
    }
    HKZ_TEST_CHECK(e->disjoint == disjoint, "%s: disjointness %d, expected "
                   "%d", name, e->disjoint, disjoint);
    hkz_ly_edge_ends_clear(e);
    hkz_ising_model_clear(m);
}

static int stop_after(void *ctx, slong done, slong total)
{
    int *calls = ctx;
    (void) done;
    (void) total;
    return ++*calls >= 2;
}

static hkz_ly_track_t cw6(slong *N, const arb_t t0, const arb_t t1,
                          slong j0, const hkz_ly_opts_t *o)
{
    hkz_ly_track_t tr;
    HKZ_TEST_OK(hkz_ly_track_create(&tr, 6, hkz_ly_cw_family, N, "cw N=6",
                                    t0, t1, j0, 3, o));
    return tr;
}

static void same(const hkz_ly_track_t a, const hkz_ly_track_t b,
                 const char *what)
{
    slong j, k;
    for (j = hkz_ly_track_j0(a); j < hkz_ly_track_j1(a); j++)
    {
        HKZ_TEST_CHECK(hkz_ly_track_nsteps(a, j) == hkz_ly_track_nsteps(b, j)
                       && hkz_ly_track_dir(a, j) == hkz_ly_track_dir(b, j),
                       "%s: step count", what);
        for (k = 0; k < hkz_ly_track_nsteps(a, j) &&
                    k < hkz_ly_track_nsteps(b, j); k++)
        {
            const hkz_ly_step_struct *x = hkz_ly_track_step(a, j, k);
            const hkz_ly_step_struct *y = hkz_ly_track_step(b, j, k);
            HKZ_TEST_CHECK(arb_equal(&x->theta_b, &y->theta_b) &&
                           arb_equal(&x->tb, &y->tb) &&
                           arb_equal(&x->box, &y->box) && x->dir == y->dir,
                           "%s: zero %ld step %ld differs", what,
                           (long) j + 1, (long) k);
        }
    }
}

/* checkpoints (hkz/checkpoint.h), interruption, pack / unpack */
static void checkpoint(void)
{
    hkz_ly_track_t a, b, c;
    hkz_ly_opts_t o, o2;
    hkz_progress_t pr;
    hkz_ckpt_t ck;
    arb_t t0, t1;
    slong N = 6;
    char path[256], *buf;
    size_t len;
    int calls = 0;

    snprintf(path, sizeof(path), "t-track-%ld.ck", (long) 0);
    arb_init(t0);
    arb_init(t1);
    hkz_ly_opts_init(&o);
    o.goal.rel_bits = 60;
    arb_set_d(t0, 0.1);
    arb_set_d(t1, 0.4);
    /* reference: uninterrupted */
    a = cw6(&N, t0, t1, 0, &o);
    HKZ_TEST_OK(hkz_ly_track_start(a, &o));
    HKZ_TEST_OK(hkz_ly_track_run(a, 0, &o));
    /* interrupted by the progress callback after two rounds of 2 steps */
    b = cw6(&N, t0, t1, 0, &o);
    HKZ_TEST_OK(hkz_ckpt_create(&ck, path, "track"));
    HKZ_TEST_OK(hkz_ckpt_param_slong(ck, "digits", 17));
    HKZ_TEST_OK(hkz_ly_track_checkpoint(b, ck, 0, 2));
    pr.fn = stop_after;
    pr.ctx = &calls;
    o2 = o;
    o2.progress = &pr;
    HKZ_TEST_OK(hkz_ly_track_start(b, &o2));
    HKZ_TEST_STATUS(hkz_ly_track_run(b, 0, &o2), HKZ_ERR_INTERRUPTED);
    HKZ_TEST_CHECK(!hkz_ly_track_finished(b), "interrupted run finished");
    hkz_ly_track_destroy(&b);
    hkz_ckpt_destroy(&ck);
    /* resume in a new tracker: the same steps as the reference */
    b = cw6(&N, t0, t1, 0, &o);
    HKZ_TEST_OK(hkz_ckpt_create(&ck, path, "track"));
    HKZ_TEST_OK(hkz_ckpt_param_slong(ck, "digits", 17));
    HKZ_TEST_OK(hkz_ly_track_checkpoint(b, ck, 1, 2));
    HKZ_TEST_CHECK(hkz_ly_track_nsteps(b, 0) == 4, "restored %ld steps",
                   (long) hkz_ly_track_nsteps(b, 0));
    HKZ_TEST_OK(hkz_ly_track_start(b, &o));
    HKZ_TEST_OK(hkz_ly_track_run(b, 0, &o));
    same(a, b, "resumed");
    hkz_ly_track_destroy(&b);
    hkz_ckpt_destroy(&ck);
    /* other digits, other family, other range, other goal: refused with
     * the parameter named */
    b = cw6(&N, t0, t1, 0, &o);
    HKZ_TEST_OK(hkz_ckpt_create(&ck, path, "track"));
    HKZ_TEST_OK(hkz_ckpt_param_slong(ck, "digits", 30));
    HKZ_TEST_STATUS(hkz_ly_track_checkpoint(b, ck, 1, 2), HKZ_ERR_CHECKPOINT);
    HKZ_TEST_CHECK(strstr(hkz_errmsg(), "digits = 17") != NULL, "message "
                   "'%s'", hkz_errmsg());
    hkz_ly_track_destroy(&b);
    hkz_ckpt_destroy(&ck);
    b = cw6(&N, t0, t1, 1, &o);
    HKZ_TEST_OK(hkz_ckpt_create(&ck, path, "track"));
    HKZ_TEST_OK(hkz_ckpt_param_slong(ck, "digits", 17));
    HKZ_TEST_STATUS(hkz_ly_track_checkpoint(b, ck, 1, 2), HKZ_ERR_CHECKPOINT);
    HKZ_TEST_CHECK(strstr(hkz_errmsg(), "j0 = 0") != NULL, "message '%s'",
                   hkz_errmsg());
    hkz_ly_track_destroy(&b);
    hkz_ckpt_destroy(&ck);
    o2 = o;
    o2.goal.rel_bits = 80;
    b = cw6(&N, t0, t1, 0, &o2);
    HKZ_TEST_OK(hkz_ckpt_create(&ck, path, "track"));
    HKZ_TEST_OK(hkz_ckpt_param_slong(ck, "digits", 17));
    HKZ_TEST_STATUS(hkz_ly_track_checkpoint(b, ck, 1, 2), HKZ_ERR_CHECKPOINT);
    HKZ_TEST_CHECK(strstr(hkz_errmsg(), "rel_bits = 60") != NULL, "message "
                   "'%s'", hkz_errmsg());
    hkz_ly_track_destroy(&b);
    hkz_ckpt_destroy(&ck);
    remove(path);
    /* pack / unpack: two halves rebuild the whole run */
    b = cw6(&N, t0, t1, 0, &o);
    c = cw6(&N, t0, t1, 2, &o);
    HKZ_TEST_OK(hkz_ly_track_start(c, &o));
    HKZ_TEST_OK(hkz_ly_track_run(c, 0, &o));
    HKZ_TEST_OK(hkz_ly_track_pack(&buf, &len, c));
    HKZ_TEST_OK(hkz_ly_track_unpack(b, buf, len));
    flint_free(buf);
    hkz_ly_track_destroy(&c);
    HKZ_TEST_OK(hkz_ly_track_create(&c, 6, hkz_ly_cw_family, &N, "cw N=6",
                                    t0, t1, 0, 2, &o));
    HKZ_TEST_OK(hkz_ly_track_start(c, &o));
    HKZ_TEST_OK(hkz_ly_track_run(c, 0, &o));
    HKZ_TEST_OK(hkz_ly_track_pack(&buf, &len, c));
    HKZ_TEST_OK(hkz_ly_track_unpack(b, buf, len));
    flint_free(buf);
    HKZ_TEST_CHECK(hkz_ly_track_finished(b), "unpacked run not finished");
    same(a, b, "unpacked");
    HKZ_TEST_STATUS(hkz_ly_track_unpack(b, "step 9 1 2 x", 12),
                    HKZ_ERR_CHECKPOINT);
    hkz_ly_track_destroy(&b);
    hkz_ly_track_destroy(&c);
    hkz_ly_track_destroy(&a);
    /* bad ranges */
    HKZ_TEST_STATUS(hkz_ly_track_create(&b, N, hkz_ly_cw_family, &N, "cw",
                                        t1, t0, 0, 3, &o), HKZ_ERR_DOMAIN);
    HKZ_TEST_CHECK(b == NULL, "handle after a failed create");
    HKZ_TEST_STATUS(hkz_ly_track_create(&b, N, hkz_ly_cw_family, &N, "cw",
                                        t0, t1, 2, 4, &o), HKZ_ERR_ARG);
    arb_clear(t0);
    arb_clear(t1);
}

/* the t -> infinity limit bound of hkz_ly_cw_limit_t: zeros at t* lie
 * within rad of (2j-1) pi/(2N) */
static void cw_limit(void)
{
    slong N = 9, j;
    arb_t ts, x, y;
    mag_t rad;
    hkz_ly_zeros_t z;
    hkz_ly_opts_t o;
    arb_init(ts);
    arb_init(x);
    arb_init(y);
    mag_init(rad);
    hkz_ly_opts_init(&o);
    HKZ_TEST_OK(hkz_ly_cw_limit_t(ts, rad, N, 60));
    HKZ_TEST_CHECK(arf_cmp_d(arb_midref(ts), 0.5) > 0 &&
                   arf_cmp_d(arb_midref(ts), 10) < 0, "t* out of range");
    HKZ_TEST_CHECK(mag_cmp_2exp_si(rad, -60) < 0, "rad too large");
    hkz_ly_zeros_init(z, N);
    HKZ_TEST_OK(hkz_ly_cw_zeros(z, N, ts, &o));
    for (j = 0; j < N / 2; j++)
    {
        arb_const_pi(x, 128);
        arb_mul_si(x, x, 2 * j + 1, 128);
        arb_div_si(x, x, 2 * N, 128);
        mag_add(arb_radref(x), arb_radref(x), rad);
        HKZ_TEST_CHECK(arb_overlaps(x, z->theta + j), "zero %ld not within "
                       "the limit bound", (long) j + 1);
    }
    hkz_ly_zeros_clear(z);
    HKZ_TEST_STATUS(hkz_ly_cw_limit_t(ts, rad, 1, 60), HKZ_ERR_ARG);
    /* near the limit at 30 digits the motion of a step is far below a
     * double's resolution: the run ends (it stalled with zero-length
     * steps and growing memory before) */
    {
        hkz_ly_track_t tr;
        arb_t t0, t1;
        arb_init(t0);
        arb_init(t1);
        arb_set_d(t0, 2.0);
        arb_set_d(t1, 2.5);
        hkz_ly_opts_set_digits(&o, 30);
        HKZ_TEST_OK(hkz_ly_track_create(&tr, N, hkz_ly_cw_family, &N, "cw",
                                        t0, t1, 0, N / 2, &o));
        HKZ_TEST_OK(hkz_ly_track_start(tr, &o));
        HKZ_TEST_OK(hkz_ly_track_run(tr, 5000, &o));
        HKZ_TEST_CHECK(hkz_ly_track_finished(tr), "30 digits near the "
                       "limit: not finished after 5000 steps");
        check_chain(tr, "CW N=9 near the limit");
        hkz_ly_track_destroy(&tr);
        arb_clear(t0);
        arb_clear(t1);
    }
    arb_clear(ts);
    arb_clear(x);
    arb_clear(y);
    mag_clear(rad);
}

int main(void)
{
    static const char *k4_t1[2] = {"0.39469642676192499786",
                                   "1.1796036725099792722"};
    static const char *c4_t1[2] = {"0.42976131062043599625",
                                   "1.1537503917412366043"};
    static const int down[2] = {-1, -1}, updown[2] = {-1, 1};
    static const char *f1_0[2] = {"0.401249130158504", "1.18421595759917"};
    static const char *f1_i[2] = {"0.393657639226936", "1.17889114240226"};
    static const char *f2_0[2] = {"0.684386276709771", "0.904285589677769"};
    static const char *f2_i[2] = {"0.398573569631224", "1.18394132014719"};
    static const char *f3_0[2] = {"0.794556494936820", "0.794556494936820"};
    static const char *f3_i[2] = {"0.399174818967976", "1.18457298236542"};
    const char *k4 = "0 1 1\n0 2 1\n0 3 1\n1 2 1\n1 3 1\n2 3 1\n";
    const char *c4 = "0 1 2\n1 2 1\n2 3 2\n3 0 0.05\n";

    cw();
    /* F1 K4 (J23 from 0.5 to 1: spec B6 -> B7), F2 C4 (theta_2 increases) */
    edge("F1 K4 edge 23", k4, 2, 3, "0.5", "1", k4_t1, down);
    edge("F2 C4 edge 12", c4, 1, 2, "0.25", "1", c4_t1, updown);
    ends("F1", k4, 2, 3, f1_0, f1_i, 1);
    ends("F2", c4, 1, 2, f2_0, f2_i, 1);
    ends("F3 P4 (G - e disconnected)", "0 1 2\n1 2 1\n2 3 2\n", 1, 2, f3_0,
         f3_i, 2);
    checkpoint();
    cw_limit();
    HKZ_TEST_END("ly.track");
}
