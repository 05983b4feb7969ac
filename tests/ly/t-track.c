/* Certified trajectories (spec 3.5, 5 F): Curie-Weiss decrease, single-edge
 * directions with a zero moving up (F2), endpoints and disjointness of
 * spec 5 F (strict in F1, F2; weak in F3), checkpoint round trips. */
#include <stdio.h>
#include "hkz_test.h"

static void check_chain(const hkz_ly_track_t tr, const char *what)
{
    slong i, k;
    for (i = 0; i < tr->j1 - tr->j0; i++)
    {
        HKZ_TEST_CHECK(tr->nsteps[i] > 0, "%s: no steps", what);
        for (k = 0; k < tr->nsteps[i]; k++)
        {
            const hkz_ly_step_struct *s = tr->steps[i] + k;
            HKZ_TEST_CHECK(arb_contains(&s->box, &s->theta_b), "%s: theta_b "
                           "outside the box", what);
            HKZ_TEST_CHECK(arb_lt(&s->ta, &s->tb), "%s: empty step", what);
            if (k > 0)
                HKZ_TEST_CHECK(arb_equal(&s->ta, &tr->steps[i][k - 1].tb),
                               "%s: steps do not chain", what);
        }
        HKZ_TEST_CHECK(arb_equal(&tr->steps[i][0].ta, &tr->t0) &&
                       arb_equal(&tr->steps[i][tr->nsteps[i] - 1].tb,
                                 &tr->t1), "%s: [t0, t1] not covered", what);
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
    /* N = 4, t in [1/8, 1]: ends at spec A4 */
    N = 4;
    arb_set_d(t0, 0.125);
    arb_set_si(t1, 1);
    HKZ_TEST_OK(hkz_ly_track_init(tr, N, hkz_ly_cw_family, &N, "cw 4", t0,
                                  t1, 0, 2, 60));
    HKZ_TEST_OK(hkz_ly_track_start(tr, &o));
    HKZ_TEST_OK(hkz_ly_track_run(tr, 0, &o));
    HKZ_TEST_CHECK(hkz_ly_track_all_decreasing(tr), "CW N=4 decrease");
    check_chain(tr, "CW N=4");
    for (j = 0; j < 2; j++)
        HKZ_TEST_CONTAINS(tr->theta + j, a4[j], 50, "CW N=4 at t=1 (A4)");
    hkz_ly_track_clear(tr);
    /* N = 10, t in [0.05, 0.1] (beta from 1/2 to 1): ends at spec A6 */
    N = 10;
    HKZ_TEST_OK(hkz_ball_set_str(t0, "0.05", 256));
    HKZ_TEST_OK(hkz_ball_set_str(t1, "0.1", 256));
    HKZ_TEST_OK(hkz_ly_track_init(tr, N, hkz_ly_cw_family, &N, "cw 10", t0,
                                  t1, 0, 5, 60));
    HKZ_TEST_OK(hkz_ly_track_start(tr, &o));
    HKZ_TEST_OK(hkz_ly_track_run(tr, 0, &o));
    HKZ_TEST_CHECK(hkz_ly_track_all_decreasing(tr), "CW N=10 decrease");
    check_chain(tr, "CW N=10");
    for (j = 0; j < 5; j++)
        HKZ_TEST_CONTAINS(tr->theta + j, a6[j], 50, "CW N=10 at t=0.1 (A6)");
    hkz_ly_track_clear(tr);
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
    HKZ_TEST_OK(hkz_ising_model_read_str(m, graph));
    HKZ_TEST_OK(hkz_ly_edge_family_init(ef, m,
                                        hkz_ising_model_find_edge(m, u, v)));
    HKZ_TEST_OK(hkz_ball_set_str(t0, t0s, 256));
    HKZ_TEST_OK(hkz_ball_set_str(t1, t1s, 256));
    HKZ_TEST_OK(hkz_ly_track_init(tr, 4, hkz_ly_edge_family, ef, "edge",
                                  t0, t1, 0, 2, 60));
    HKZ_TEST_OK(hkz_ly_track_start(tr, &o));
    HKZ_TEST_OK(hkz_ly_track_run(tr, 0, &o));
    check_chain(tr, name);
    for (j = 0; j < 2; j++)
    {
        HKZ_TEST_CONTAINS(tr->theta + j, refs[j], 50, name);
        for (k = 0; k < tr->nsteps[j]; k++)
            HKZ_TEST_CHECK(tr->steps[j][k].dir == dirs[j], "%s: direction "
                           "of zero %ld on step %ld", name, (long) j + 1,
                           (long) k);
    }
    hkz_ly_track_clear(tr);
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

static void checkpoint(void)
{
    hkz_ly_track_t a, b;
    hkz_ly_opts_t o;
    arb_t t0, t1;
    slong N = 6, i, k;
    char path[256];
    FILE *f;

    snprintf(path, sizeof(path), "t-track-%ld.ck", (long) 0);
    arb_init(t0);
    arb_init(t1);
    hkz_ly_opts_init(&o);
    arb_set_d(t0, 0.1);
    arb_set_d(t1, 0.4);
    HKZ_TEST_OK(hkz_ly_track_init(a, N, hkz_ly_cw_family, &N, "cw 6", t0, t1,
                                  0, 3, 60));
    HKZ_TEST_OK(hkz_ly_track_start(a, &o));
    /* two steps, save, resume in another tracker, finish both */
    HKZ_TEST_OK(hkz_ly_track_run(a, 2, &o));
    HKZ_TEST_CHECK(!hkz_ly_track_finished(a), "two steps do not finish");
    HKZ_TEST_OK(hkz_ly_track_save(a, path));
    HKZ_TEST_OK(hkz_ly_track_init(b, N, hkz_ly_cw_family, &N, "cw 6", t0, t1,
                                  0, 3, 60));
    HKZ_TEST_OK(hkz_ly_track_load(b, path));
    HKZ_TEST_OK(hkz_ly_track_run(a, 0, &o));
    HKZ_TEST_OK(hkz_ly_track_run(b, 0, &o));
    for (i = 0; i < 3; i++)
    {
        HKZ_TEST_CHECK(a->nsteps[i] == b->nsteps[i], "resumed step count");
        for (k = 0; k < a->nsteps[i] && k < b->nsteps[i]; k++)
            HKZ_TEST_CHECK(arb_equal(&a->steps[i][k].theta_b,
                                     &b->steps[i][k].theta_b) &&
                           arb_equal(&a->steps[i][k].tb, &b->steps[i][k].tb),
                           "resumed run differs");
    }
    /* a checkpoint of another family or range is refused */
    hkz_ly_track_clear(b);
    HKZ_TEST_OK(hkz_ly_track_init(b, N, hkz_ly_cw_family, &N, "cw 7", t0, t1,
                                  0, 3, 60));
    HKZ_TEST_STATUS(hkz_ly_track_load(b, path), HKZ_ERR_ARG);
    hkz_ly_track_clear(b);
    HKZ_TEST_OK(hkz_ly_track_init(b, N, hkz_ly_cw_family, &N, "cw 6", t0, t1,
                                  1, 3, 60));
    HKZ_TEST_STATUS(hkz_ly_track_load(b, path), HKZ_ERR_ARG);
    hkz_ly_track_clear(b);
    /* a truncated file is refused */
    f = fopen(path, "w");
    if (f != NULL)
    {
        fputs("hkz-ly-track 1\nfamily cw 6\n", f);
        fclose(f);
    }
    HKZ_TEST_OK(hkz_ly_track_init(b, N, hkz_ly_cw_family, &N, "cw 6", t0, t1,
                                  0, 3, 60));
    HKZ_TEST_STATUS(hkz_ly_track_load(b, path), HKZ_ERR_ARG);
    HKZ_TEST_STATUS(hkz_ly_track_load(b, "/nonexistent/dir/ck"), HKZ_ERR_IO);
    HKZ_TEST_STATUS(hkz_ly_track_save(b, "/nonexistent/dir/ck"), HKZ_ERR_IO);
    hkz_ly_track_clear(b);
    remove(path);
    /* bad ranges */
    HKZ_TEST_STATUS(hkz_ly_track_init(b, N, hkz_ly_cw_family, &N, "cw", t1,
                                      t0, 0, 3, 60), HKZ_ERR_DOMAIN);
    hkz_ly_track_clear(b);
    HKZ_TEST_STATUS(hkz_ly_track_init(b, N, hkz_ly_cw_family, &N, "cw", t0,
                                      t1, 2, 4, 60), HKZ_ERR_ARG);
    hkz_ly_track_clear(b);
    hkz_ly_track_clear(a);
    arb_clear(t0);
    arb_clear(t1);
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
    HKZ_TEST_END("ly.track");
}
