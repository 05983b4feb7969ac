/* hkz track edge: trajectories of the principal zeros in the coupling t
 * of one edge, their limits (spec 2.3), directions (2.4) and the
 * disjointness of the trajectories (2.5). */
#include <stdio.h>
#include <string.h>
#include "cli_ly.h"

/* The verifier rows: directions, tracked directions, disjointness. */
static int verdicts(hkz_cli_run_t *r, const hkz_ly_track_t tr,
                    const hkz_ly_edge_ends_t ends, int es, slong j0,
                    slong j1)
{
    char buf[256];
    slong j, k;
    int rc, agree, dec;
    /* direction: sign(theta(inf) - theta(0)) against every tracked step */
    agree = es == HKZ_SUCCESS && hkz_ly_track_finished(tr);
    for (j = j0; j < j1 && agree; j++)
    {
        agree = ends->dir[j] != 0 && hkz_ly_track_nsteps(tr, j) > 0;
        for (k = 0; k < hkz_ly_track_nsteps(tr, j) && agree; k++)
            agree = hkz_ly_track_step(tr, j, k)->dir == ends->dir[j];
    }
    for (j = j0; j < j1; j++)
    {
        dec = es == HKZ_SUCCESS && ends->dir[j] != 0;
        snprintf(buf, sizeof(buf), "sign(theta_j(inf) - theta_j(0)) = %s",
                 !dec ? "undecided" : ends->dir[j] > 0 ? "+ (increasing)"
                 : "- (decreasing)");
        if ((rc = hkz_cli_ly_row(r->w, "verifier", j + 1, "", NULL, NULL,
                                 NULL, NULL, dec ? ends->dir[j] : 0, dec,
                                 "direction", dec ? "true" : "undecided",
                                 buf)))
            return rc;
    }
    if ((rc = hkz_cli_ly_row(r->w, "verifier", 0, "", NULL, NULL, NULL, NULL,
                             0, agree, "direction_tracked",
                             agree ? "true" : "not certified",
                             agree ? "every certified step moves in the "
                             "direction of theta(inf) - theta(0) (spec 2.4)"
                             : "some step or endpoint undecided")))
        return rc;
    snprintf(buf, sizeof(buf), "%s", es != HKZ_SUCCESS ? hkz_errmsg()
             : ends->disjoint == 1 ? "max I_j < min I_{j+1} for all j "
             "(strict)" : ends->disjoint == 2 ? "trajectories disjoint or "
             "touching only at t = 0 (G - e disconnected, weak form)"
             : "not shown");
    return hkz_cli_ly_row(r->w, "verifier", 0, "", NULL, NULL, NULL, NULL, 0,
                          es == HKZ_SUCCESS && ends->disjoint != 0,
                          "disjoint", es != HKZ_SUCCESS ? "undecided"
                          : ends->disjoint == 1 ? "strict"
                          : ends->disjoint == 2 ? "weak" : "false", buf);
}

/* The model and the edge.  0 or an exit code. */
static int read_edge(hkz_ising_model_t m, slong *e,
                     const hkz_cli_track_args_t *a)
{
    slong u, v;
    int rc;
    if ((rc = hkz_cli_ly_pair(&u, &v, "--edge", a->edge, ',')))
        return rc;
    if (hkz_ising_model_read_file(m, a->graph) != HKZ_SUCCESS)
        return hkz_cli_usage_error("--graph %s: %s", a->graph, hkz_errmsg());
    *e = hkz_ising_model_find_edge(m, u, v);
    if (*e < 0)
        return hkz_cli_usage_error("--edge: the graph has no edge %ld-%ld",
                                   (long) u, (long) v);
    return 0;
}

static int run_edge(hkz_cli_run_t *r, void *args)
{
    hkz_cli_track_args_t *a = args;
    hkz_cli_ly_family_t fam;
    hkz_ly_opts_t o;
    hkz_ly_track_t tr = NULL;
    hkz_ising_model_t m;
    hkz_ly_edge_family_t ef;
    hkz_ly_edge_ends_t ends;
    slong e = 0, W, j0, j1, j;
    arb_t t0, t1;
    int rc, status = HKZ_SUCCESS, have_ef = 0, es;
    char buf[256], name[4200];

    arb_init(t0);
    arb_init(t1);
    hkz_ising_model_init(m);
    hkz_ly_edge_ends_init(ends);
    if ((rc = read_edge(m, &e, a)))
        goto cleanup;
    W = hkz_ising_model_weight(m);
    if ((rc = hkz_cli_ly_track_setup(r, a, &o, &j0, &j1, W / 2, t0, t1,
                                     4 * W + 2048)))
        goto cleanup;
    if ((rc = hkz_cli_ly_track_tmax(&o, W, t1, a->t1, "t -> infinity "
                 "limits (the zeros of G/e, printed as the 'inf' limit rows)")))
        goto cleanup;
    status = hkz_ly_edge_family_init(ef, m, e);
    have_ef = 1;
    if (status != HKZ_SUCCESS)
    {
        rc = hkz_cli_ly_fail(status == HKZ_ERR_TOO_LARGE ? status
                                                        : HKZ_ERR_ARG);
        goto cleanup;
    }
    snprintf(buf, sizeof(buf), "edge %s of", a->edge);
    hkz_cli_ly_describe(name, sizeof(name), buf, a->graph);
    fam.W = W;
    fam.fn = hkz_ly_edge_family;
    fam.param = ef;
    fam.name = name;
    fam.t0 = t0;
    fam.t1 = t1;
    if ((rc = hkz_cli_ly_track(&tr, &fam, j0, j1, a, &o, r->digits,
                               &status)) || hkz_cli_rank() != 0)
        goto cleanup;
    es = hkz_ly_edge_ends(ends, m, e, &o);
    if ((rc = hkz_cli_ly_meta(r->w, "model", "graph, coupling t on one "
                              "edge")) ||
        (rc = hkz_cli_ly_meta(r->w, "graph", a->graph)) ||
        (rc = hkz_cli_ly_meta(r->w, "edge", a->edge)) ||
        (rc = hkz_cli_ly_meta(r->w, "t0", a->t0)) ||
        (rc = hkz_cli_ly_meta(r->w, "t1", a->t1)))
        goto cleanup;
    for (j = j0; j < j1 && rc == 0; j++)
    {
        rc = hkz_cli_ly_row(r->w, "limit", j + 1, "0", NULL, NULL,
                            ends->ok0 ? ends->th0 + j : NULL, NULL, 0,
                            ends->ok0, "", "", "zero of G - e (spec 2.3)");
        if (rc == 0)
            rc = hkz_cli_ly_row(r->w, "limit", j + 1, "inf", NULL, NULL,
                                ends->okinf ? ends->thinf + j : NULL, NULL,
                                0, ends->okinf, "", "", "zero of G/e, merged"
                                " vertex weight 2 (spec 2.3)");
    }
    if (rc || (rc = hkz_cli_ly_steps(r->w, tr)) ||
        (rc = verdicts(r, tr, ends, es, j0, j1)))
        goto cleanup;
    if (status != HKZ_SUCCESS)
        rc = HKZ_CLI_LY_UNCERTIFIED;
cleanup:
    hkz_ly_track_destroy(&tr);
    if (have_ef)
        hkz_ly_edge_family_clear(ef);
    hkz_ly_edge_ends_clear(ends);
    hkz_ising_model_clear(m);
    arb_clear(t0);
    arb_clear(t1);
    return hkz_cli_ly_end(r, rc, "the tracking is");
}

static const hkz_opt_t edge_opts[] = {
    {"graph", HKZ_OPT_STRING, offsetof(hkz_cli_track_args_t, graph),
     .req = 1, .metavar = "FILE", .help = "edge list 'u v J' (J >= 0)"},
    {"edge", HKZ_OPT_STRING, offsetof(hkz_cli_track_args_t, edge), .req = 1,
     .metavar = "u,v", .help = "the edge whose coupling is t"},
    HKZ_CLI_TRACK_OPTS, HKZ_OPT_END};

const hkz_cli_cmd_t hkz_cli_track_edge = {
    .name = "edge", .summary = "coupling t on one edge of a graph",
    .description =
    "Trajectories of the principal zeros when the coupling of edge u-v is t"
    " (the value\nin FILE for that edge is ignored), 0 < A <= t <= B, with "
    "the limits theta_j(0)\n(graph with the edge deleted) and theta_j(inf) "
    "(edge contracted, spec 2.3), the\ndirection of every zero and the "
    "disjointness of the trajectories (spec 2.5).\nB is at most t_max = "
    "(rel_bits + 2W + 64) log(2)/2: beyond it the zeros sit at\ntheir "
    "t -> infinity limits to far below the goal.\n" HKZ_CLI_TRACK_MORE,
    .opts = edge_opts, .args_size = sizeof(hkz_cli_track_args_t),
    .common = HKZ_CLI_DIGITS | HKZ_CLI_OUTPUT | HKZ_CLI_PROGRESS |
              HKZ_CLI_RESUME | HKZ_CLI_ISING,
    .check = hkz_cli_ly_track_check, .run = run_edge};
