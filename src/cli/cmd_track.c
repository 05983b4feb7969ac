/* hkz track cw|edge: certified trajectories of Lee-Yang zeros in a
 * coupling t (spec 3.5) and the verifiers of spec 2.4-2.6. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli_ly.h"

enum
{
    OPT_N = HKZ_OPT_FIRST_COMMAND_OPT, OPT_T0, OPT_T1, OPT_GRAPH, OPT_EDGE,
    OPT_ZEROS, OPT_THREADS, OPT_CHECKPOINT, OPT_RESUME, OPT_EVERY
};

typedef struct
{
    const char *s_n, *s_t0, *s_t1, *graph, *edge, *zeros, *threads;
    const char *checkpoint, *every;
    int resume;
} track_args_t;

static const char *usage_cw =
    "usage: hkz track cw --n N --t0 A --t1 B [--zeros J0:J1] [--digits D]\n"
    "                    [--threads K] [--checkpoint FILE [--every S] "
    "[--resume]]\n"
    "                    [--format text|csv|jsonl] [--out PATH]\n\n"
    "Certified trajectories theta_j(t), A <= t <= B (0 < A < B; t per edge "
    "of K_N),\nof the principal zeros J0..J1 (1-based, default all): one row"
    " per certified step\n(a box [ta, tb] x X holding theta_j for every t, "
    "the sign of d theta_j/dt on it),\nthe limits theta_j(0+) = pi/2 and "
    "theta_j(inf) = (2j-1) pi/(2N) (spec 2.6), and the\nverdict of the "
    "Curie-Weiss theorem: every principal zero strictly decreases in t.\n"
    "Beyond t* (printed in the 'tail' rows) every zero is within the goal of "
    "its limit\n(ising/cw_limit.c): tracking stops at t* and the tail rows "
    "cover [t*, B].\n"
    "--checkpoint saves the state every S steps per zero (default 32); "
    "--resume\ncontinues from it (refused, exit 2, if any parameter "
    "differs: N, t0, t1, zeros,\ndigits).  Exit codes: 0 certified, 1 not "
    "certified (stderr warning), 2 bad input.\n";

static const char *usage_edge =
    "usage: hkz track edge --graph FILE --edge u,v --t0 A --t1 B "
    "[--zeros J0:J1]\n"
    "                      [--digits D] [--threads K] [--checkpoint FILE "
    "[--every S]\n"
    "                      [--resume]] [--format text|csv|jsonl] "
    "[--out PATH]\n\n"
    "Trajectories of the principal zeros when the coupling of edge u-v is t"
    " (the value\nin FILE for that edge is ignored), 0 < A <= t <= B, with "
    "the limits theta_j(0)\n(graph with the edge deleted) and theta_j(inf) "
    "(edge contracted, spec 2.3), the\ndirection of every zero and the "
    "disjointness of the trajectories (spec 2.5).  B is at most t_max = "
    "(rel_bits + 2W + 64)\nlog(2)/2 (beyond it the zeros sit at their "
    "t -> infinity limits to far below\nthe goal).  Exit codes: 0 "
    "certified, 1 not certified (stderr warning), 2 bad\ninput, a "
    "checkpoint of other parameters, or a graph too large for this method.\n";

static const char *usage_track =
    "usage: hkz track cw|edge [options]   (hkz track <family> --help)\n";

static int handle(int opt, const char *arg, void *ctx)
{
    track_args_t *a = ctx;
    switch (opt)
    {
    case OPT_N: a->s_n = arg; break;
    case OPT_T0: a->s_t0 = arg; break;
    case OPT_T1: a->s_t1 = arg; break;
    case OPT_GRAPH: a->graph = arg; break;
    case OPT_EDGE: a->edge = arg; break;
    case OPT_ZEROS: a->zeros = arg; break;
    case OPT_THREADS: a->threads = arg; break;
    case OPT_CHECKPOINT: a->checkpoint = arg; break;
    case OPT_EVERY: a->every = arg; break;
    case OPT_RESUME: a->resume = 1; break;
    }
    return 0;
}

/* "a,b" -> two integers */
static int parse_pair(slong *x, slong *y, const char *opt, const char *s,
                      char sep)
{
    char buf[64], *c;
    int rc;
    if (s == NULL || strlen(s) >= sizeof(buf) || (c = strchr(s, sep)) == NULL)
        return hkz_cli_usage_error("%s: expected two integers separated by "
                                   "'%c' (got '%s')", opt, sep,
                                   s != NULL ? s : "");
    strcpy(buf, s);
    buf[c - s] = '\0';
    if ((rc = hkz_cli_slong(x, opt, buf, 0, WORD(1) << 40)) ||
        (rc = hkz_cli_slong(y, opt, buf + (c - s) + 1, 0, WORD(1) << 40)))
        return rc;
    return 0;
}

static int common_setup(track_args_t *a, hkz_cli_common_t *common,
                        hkz_ly_opts_t *o, slong *j0, slong *j1, slong n,
                        arb_t t0, arb_t t1, slong prec)
{
    slong v;
    int rc;
    hkz_ly_opts_init(o);
    hkz_ly_opts_set_digits(o, common->digits);
    if (a->threads != NULL)
    {
        if ((rc = hkz_cli_slong(&v, "--threads", a->threads, 1, 256)))
            return rc;
        o->nthreads = (int) v;
    }
    if ((rc = hkz_cli_require(a->s_t0, "--t0")) ||
        (rc = hkz_cli_require(a->s_t1, "--t1")) ||
        (rc = hkz_cli_ly_ball(t0, "--t0", a->s_t0, prec)) ||
        (rc = hkz_cli_ly_ball(t1, "--t1", a->s_t1, prec)))
        return rc;
    if (!arb_is_positive(t0) || !arb_lt(t0, t1))
        return hkz_cli_usage_error("need 0 < t0 < t1 (got %s, %s)", a->s_t0,
                                   a->s_t1);
    if (a->resume && a->checkpoint == NULL)
        return hkz_cli_usage_error("--resume needs --checkpoint FILE");
    *j0 = 0;
    *j1 = n;
    if (a->zeros != NULL)
    {
        slong x, y;
        if ((rc = parse_pair(&x, &y, "--zeros", a->zeros, ':')))
            return rc;
        if (x < 1 || y < x || y > n)
            return hkz_cli_usage_error("--zeros: need 1 <= J0 <= J1 <= %ld "
                                       "(got %s)", (long) n, a->zeros);
        *j0 = x - 1;
        *j1 = y;
    }
    if (n < 1)
        return hkz_cli_usage_error("the model has no principal zero");
    return 0;
}

/* Tracks zeros j0..j1-1 into *tr (created here), with the checkpoint. */
static int track_range(hkz_ly_track_t *tr, slong W, hkz_ly_family_fn fn,
                       void *param, const char *family, const arb_t t0,
                       const arb_t t1, slong j0, slong j1,
                       const track_args_t *a, const hkz_ly_opts_t *o,
                       slong digits, int *status)
{
    hkz_ckpt_t ck = NULL;
    slong every = 32;
    char buf[4096];
    int rc = 0;
    if (a->every != NULL &&
        (rc = hkz_cli_slong(&every, "--every", a->every, 1, WORD(1) << 30)))
        return rc;
    *status = hkz_ly_track_create(tr, W, fn, param, family, t0, t1, j0, j1,
                                  o);
    if (*status != HKZ_SUCCESS)
        return hkz_cli_ly_fail(*status);
    if (a->checkpoint != NULL)
    {
        const char *p = hkz_cli_ly_ckpt_path(buf, sizeof(buf),
                                             a->checkpoint);
        if ((*status = hkz_ckpt_create(&ck, p, "track")) != HKZ_SUCCESS ||
            (*status = hkz_ckpt_param_slong(ck, "digits", digits))
            != HKZ_SUCCESS)
            rc = hkz_cli_fail(*status);
        else if ((*status = hkz_ly_track_checkpoint(*tr, ck, a->resume,
                                                    every)) != HKZ_SUCCESS)
            rc = *status == HKZ_ERR_CHECKPOINT || *status == HKZ_ERR_ARG
                 ? hkz_cli_usage_error("--resume: %s", hkz_errmsg())
                 : hkz_cli_fail(*status);
    }
    if (rc == 0 && (*status = hkz_ly_track_start(*tr, o)) != HKZ_SUCCESS)
        rc = hkz_cli_ly_fail(*status);
    if (rc == 0)
    {
        *status = hkz_ly_track_run(*tr, 0, o);
        if (*status != HKZ_SUCCESS && *status != HKZ_ERR_NOT_CERTIFIED)
            rc = hkz_cli_ly_fail(*status);
    }
    hkz_ckpt_destroy(&ck);
    return rc;
}

/* Tracks zeros j0..j1-1 into *tr.  Several processes: each tracks its
 * block of the indices (checkpoint FILE.r<rank>), rank 0 gathers the
 * records of all into *tr; the others write nothing. */
static int track_zeros(hkz_ly_track_t *tr, slong W, hkz_ly_family_fn fn,
                       void *param, const char *family, const arb_t t0,
                       const arb_t t1, slong j0, slong j1,
                       const track_args_t *a, const hkz_ly_opts_t *o,
                       slong digits, int *status)
{
    hkz_ly_track_t mine = NULL;
    slong q, r, lo, hi;
    int rc = 0, size = hkz_cli_ly_size(), rank = hkz_cli_ly_rank();
    if (size == 1)
        return track_range(tr, W, fn, param, family, t0, t1, j0, j1, a, o,
                           digits, status);
    q = (j1 - j0) / size;
    r = (j1 - j0) % size;
    lo = j0 + rank * q + FLINT_MIN(rank, r);
    hi = lo + q + (rank < r);
    if (lo < hi)
        rc = track_range(&mine, W, fn, param, family, t0, t1, lo, hi, a, o,
                         digits, status);
    if (rc == 0 && rank == 0 &&
        (*status = hkz_ly_track_create(tr, W, fn, param, family, t0, t1, j0,
                                       j1, o)) != HKZ_SUCCESS)
        rc = hkz_cli_fail(*status);
    if ((rc = hkz_cli_ly_agree(rc)) == 0)
        rc = hkz_cli_ly_track_gather(*tr, mine);
    if (rc == 0 && rank == 0)
        *status = hkz_ly_track_status(*tr);
    hkz_ly_track_destroy(&mine);
    return hkz_cli_ly_agree(rc);
}

static int run_cw(int argc, char **argv)
{
    static const struct option opts[] = {
        HKZ_CLI_COMMON_OPTIONS,
        {"n", required_argument, NULL, OPT_N},
        {"t0", required_argument, NULL, OPT_T0},
        {"t1", required_argument, NULL, OPT_T1},
        {"zeros", required_argument, NULL, OPT_ZEROS},
        {"threads", required_argument, NULL, OPT_THREADS},
        {"checkpoint", required_argument, NULL, OPT_CHECKPOINT},
        {"every", required_argument, NULL, OPT_EVERY},
        {"resume", no_argument, NULL, OPT_RESUME},
        {NULL, 0, NULL, 0}};
    hkz_cli_common_t common;
    track_args_t a;
    hkz_ly_opts_t o;
    hkz_ly_track_t tr = NULL;
    hkz_writer_t *w = NULL;
    slong N = 0, j0, j1, j, pr;
    arb_t t0, t1, ts, x;
    mag_t rad;
    int rc, status = HKZ_SUCCESS, dec, tail;
    char buf[256];

    memset(&a, 0, sizeof(a));
    arb_init(t0);
    arb_init(t1);
    arb_init(ts);
    arb_init(x);
    mag_init(rad);
    hkz_cli_common_init(&common);
    common.digits = 15;
    rc = hkz_cli_parse(argc, argv, opts, &common, handle, &a);
    if (rc == -1)
    {
        fputs(usage_cw, stdout);
        rc = 0;
        goto cleanup;
    }
    if (rc || (rc = hkz_cli_require(a.s_n, "--n")) ||
        (rc = hkz_cli_slong(&N, "--n", a.s_n, 2, 4096)) ||
        (rc = common_setup(&a, &common, &o, &j0, &j1, N / 2, t0, t1,
                           8 * N + 2048)))
        goto cleanup;
    /* beyond t* every zero is at its limit within the goal: stop there */
    if ((status = hkz_ly_cw_limit_t(ts, rad, N, o.goal.rel_bits)))
    {
        rc = hkz_cli_fail(status);
        goto cleanup;
    }
    if (!arb_lt(t0, ts))
    {
        rc = hkz_cli_usage_error("--t0 %s: for t >= t* = %.6g every zero "
                 "is already within 2^-%ld of its limit (2j-1) pi/(2N): "
                 "track from t0 < t*", a.s_t0,
                 arf_get_d(arb_midref(ts), ARF_RND_UP),
                 (long) o.goal.rel_bits);
        goto cleanup;
    }
    tail = arb_lt(ts, t1);
    snprintf(buf, sizeof(buf), "cw N=%ld", (long) N);
    if ((rc = track_zeros(&tr, N, hkz_ly_cw_family, &N, buf, t0,
                          tail ? ts : t1, j0, j1, &a, &o, common.digits,
                          &status)) || hkz_cli_ly_rank() != 0)
        goto cleanup;
    if ((rc = hkz_cli_open(&w, &common, argc, argv)))
        goto cleanup;
    snprintf(buf, sizeof(buf), "%ld", (long) N);
    if ((rc = hkz_cli_ly_meta(w, "model", "Curie-Weiss K_N, coupling t per "
                              "edge")) ||
        (rc = hkz_cli_ly_meta(w, "N", buf)) ||
        (rc = hkz_cli_ly_meta(w, "t0", a.s_t0)) ||
        (rc = hkz_cli_ly_meta(w, "t1", a.s_t1)))
        goto cleanup;
    pr = o.goal.rel_bits + 64;
    for (j = j0; j < j1; j++)
    {
        /* exact limits (spec 2.6): pi/2 and (2j-1) pi/(2N) */
        arb_const_pi(x, pr);
        arb_mul_2exp_si(x, x, -1);
        if ((rc = hkz_cli_ly_row(w, "limit", j + 1, "0+", NULL, NULL, x,
                                 NULL, 0, 1, "", "", "all zeros tend to "
                                 "pi/2 (spec 2.6)")))
            goto cleanup;
        arb_const_pi(x, pr);
        arb_mul_si(x, x, 2 * j + 1, pr);
        arb_div_si(x, x, 2 * N, pr);
        if ((rc = hkz_cli_ly_row(w, "limit", j + 1, "inf", NULL, NULL, x,
                                 NULL, 0, 1, "", "", "(2j-1) pi/(2N) "
                                 "(spec 2.6)")))
            goto cleanup;
    }
    if ((rc = hkz_cli_ly_steps(w, tr)))
        goto cleanup;
    for (j = j0; j < j1 && tail; j++)
    {
        /* [t*, t1]: theta_j(t) in (2j-1) pi/(2N) +- rad (cw_limit.c) */
        arb_const_pi(x, pr);
        arb_mul_si(x, x, 2 * j + 1, pr);
        arb_div_si(x, x, 2 * N, pr);
        arb_add_error_mag(x, rad);
        if ((rc = hkz_cli_ly_row(w, "tail", j + 1, "", ts, t1, x, x, 0, 1,
                                 "", "", "for every t >= t* the zero lies "
                                 "within the goal of its limit (bound of "
                                 "ising/cw_limit.c); not tracked")))
            goto cleanup;
    }
    dec = hkz_ly_track_all_decreasing(tr);
    snprintf(buf, sizeof(buf), "%s", dec ? (tail ? "every tracked zero "
             "strictly decreases on [t0, t*]: dtheta/dt < 0 certified on "
             "every step (beyond t*: tail rows)" : "every tracked zero "
             "strictly decreases on [t0, t1]: dtheta/dt < 0 certified on "
             "every step") : status != HKZ_SUCCESS ? hkz_errmsg()
             : "some step without a certified negative direction");
    if ((rc = hkz_cli_ly_row(w, "verifier", 0, "", NULL, NULL, NULL, NULL,
                             dec ? -1 : 0, dec, "cw_decrease",
                             dec ? "true" : "not certified", buf)))
        goto cleanup;
    rc = hkz_cli_finish(&w, HKZ_SUCCESS);
    if (rc == 0 && (status != HKZ_SUCCESS || !dec))
        rc = hkz_cli_ly_warn_uncertified("the decrease is");
cleanup:
    hkz_writer_abort(&w);
    hkz_ly_track_destroy(&tr);
    arb_clear(t0);
    arb_clear(t1);
    arb_clear(ts);
    arb_clear(x);
    mag_clear(rad);
    return rc;
}

static int run_edge(int argc, char **argv)
{
    static const struct option opts[] = {
        HKZ_CLI_COMMON_OPTIONS,
        {"graph", required_argument, NULL, OPT_GRAPH},
        {"edge", required_argument, NULL, OPT_EDGE},
        {"t0", required_argument, NULL, OPT_T0},
        {"t1", required_argument, NULL, OPT_T1},
        {"zeros", required_argument, NULL, OPT_ZEROS},
        {"threads", required_argument, NULL, OPT_THREADS},
        {"checkpoint", required_argument, NULL, OPT_CHECKPOINT},
        {"every", required_argument, NULL, OPT_EVERY},
        {"resume", no_argument, NULL, OPT_RESUME},
        {NULL, 0, NULL, 0}};
    hkz_cli_common_t common;
    track_args_t a;
    hkz_ly_opts_t o;
    hkz_ly_track_t tr = NULL;
    hkz_ising_model_t m;
    hkz_ly_edge_family_t ef;
    hkz_ly_edge_ends_t ends;
    hkz_writer_t *w = NULL;
    slong u, v, e, W = 0, j0, j1, j, k;
    arb_t t0, t1;
    int rc, status = HKZ_SUCCESS, have_ef = 0, es, agree;
    double tmax;
    char buf[256], fam[4200];

    memset(&a, 0, sizeof(a));
    arb_init(t0);
    arb_init(t1);
    hkz_ising_model_init(m);
    hkz_ly_edge_ends_init(ends);
    hkz_cli_common_init(&common);
    common.digits = 15;
    rc = hkz_cli_parse(argc, argv, opts, &common, handle, &a);
    if (rc == -1)
    {
        fputs(usage_edge, stdout);
        rc = 0;
        goto cleanup;
    }
    if (rc || (rc = hkz_cli_require(a.graph, "--graph")) ||
        (rc = hkz_cli_require(a.edge, "--edge")) ||
        (rc = parse_pair(&u, &v, "--edge", a.edge, ',')))
        goto cleanup;
    if ((status = hkz_ising_model_read_file(m, a.graph)) != HKZ_SUCCESS)
    {
        rc = hkz_cli_usage_error("--graph %s: %s", a.graph, hkz_errmsg());
        goto cleanup;
    }
    e = hkz_ising_model_find_edge(m, u, v);
    if (e < 0)
    {
        rc = hkz_cli_usage_error("--edge: the graph has no edge %ld-%ld",
                                 (long) u, (long) v);
        goto cleanup;
    }
    W = hkz_ising_model_weight(m);
    if ((rc = common_setup(&a, &common, &o, &j0, &j1, W / 2, t0, t1,
                           4 * W + 2048)))
        goto cleanup;
    /* e^{-2t} below 2^-(rel_bits + 2W + 64): at the limit G/e */
    tmax = (o.goal.rel_bits + 2.0 * W + 64) * 0.34657359027997264;
    if (arf_cmp_d(arb_midref(t1), tmax) > 0)
    {
        rc = hkz_cli_usage_error("--t1 %s: beyond t_max = %.4g the zeros sit"
                 " at their t -> infinity limits (the zeros of G/e, printed "
                 "as the 'inf' limit rows) to far below the goal: give "
                 "t1 <= %.4g", a.s_t1, tmax, tmax);
        goto cleanup;
    }
    status = hkz_ly_edge_family_init(ef, m, e);
    have_ef = 1;
    if (status != HKZ_SUCCESS)
    {
        rc = hkz_cli_ly_fail(status == HKZ_ERR_TOO_LARGE ? status
                                                        : HKZ_ERR_ARG);
        goto cleanup;
    }
    snprintf(buf, sizeof(buf), "edge %ld,%ld of", (long) u, (long) v);
    hkz_cli_ly_describe(fam, sizeof(fam), buf, a.graph);
    if ((rc = track_zeros(&tr, W, hkz_ly_edge_family, ef, fam, t0, t1, j0,
                          j1, &a, &o, common.digits, &status)) ||
        hkz_cli_ly_rank() != 0)
        goto cleanup;
    es = hkz_ly_edge_ends(ends, m, e, &o);
    if ((rc = hkz_cli_open(&w, &common, argc, argv)))
        goto cleanup;
    if ((rc = hkz_cli_ly_meta(w, "model", "graph, coupling t on one "
                              "edge")) ||
        (rc = hkz_cli_ly_meta(w, "graph", a.graph)) ||
        (rc = hkz_cli_ly_meta(w, "edge", a.edge)) ||
        (rc = hkz_cli_ly_meta(w, "t0", a.s_t0)) ||
        (rc = hkz_cli_ly_meta(w, "t1", a.s_t1)))
        goto cleanup;
    for (j = j0; j < j1; j++)
    {
        if ((rc = hkz_cli_ly_row(w, "limit", j + 1, "0", NULL, NULL,
                      ends->ok0 ? ends->th0 + j : NULL, NULL, 0, ends->ok0,
                      "", "", "zero of G - e (spec 2.3)")) ||
            (rc = hkz_cli_ly_row(w, "limit", j + 1, "inf", NULL, NULL,
                      ends->okinf ? ends->thinf + j : NULL, NULL, 0,
                      ends->okinf, "", "", "zero of G/e, merged vertex "
                      "weight 2 (spec 2.3)")))
            goto cleanup;
    }
    if ((rc = hkz_cli_ly_steps(w, tr)))
        goto cleanup;
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
        snprintf(buf, sizeof(buf), "sign(theta_j(inf) - theta_j(0)) = %s",
                 es != HKZ_SUCCESS || ends->dir[j] == 0 ? "undecided"
                 : ends->dir[j] > 0 ? "+ (increasing)" : "- (decreasing)");
        if ((rc = hkz_cli_ly_row(w, "verifier", j + 1, "", NULL, NULL, NULL,
                      NULL, es == HKZ_SUCCESS ? ends->dir[j] : 0,
                      es == HKZ_SUCCESS && ends->dir[j] != 0, "direction",
                      es == HKZ_SUCCESS && ends->dir[j] != 0 ? "true"
                      : "undecided", buf)))
            goto cleanup;
    }
    if ((rc = hkz_cli_ly_row(w, "verifier", 0, "", NULL, NULL, NULL, NULL,
                  0, agree, "direction_tracked", agree ? "true" : "not certified",
                  agree ? "every certified step moves in the direction of "
                  "theta(inf) - theta(0) (spec 2.4)"
                  : "some step or endpoint undecided")))
        goto cleanup;
    snprintf(buf, sizeof(buf), "%s", es != HKZ_SUCCESS ? hkz_errmsg()
             : ends->disjoint == 1 ? "max I_j < min I_{j+1} for all j "
             "(strict)" : ends->disjoint == 2 ? "trajectories disjoint or "
             "touching only at t = 0 (G - e disconnected, weak form)"
             : "not shown");
    if ((rc = hkz_cli_ly_row(w, "verifier", 0, "", NULL, NULL, NULL, NULL, 0,
                  es == HKZ_SUCCESS && ends->disjoint != 0, "disjoint",
                  es != HKZ_SUCCESS ? "undecided" : ends->disjoint == 1
                  ? "strict" : ends->disjoint == 2 ? "weak" : "false",
                  buf)))
        goto cleanup;
    rc = hkz_cli_finish(&w, HKZ_SUCCESS);
    if (rc == 0 && status != HKZ_SUCCESS)
        rc = hkz_cli_ly_warn_uncertified("the tracking is");
cleanup:
    hkz_writer_abort(&w);
    hkz_ly_track_destroy(&tr);
    if (have_ef)
        hkz_ly_edge_family_clear(ef);
    hkz_ly_edge_ends_clear(ends);
    hkz_ising_model_clear(m);
    arb_clear(t0);
    arb_clear(t1);
    return rc;
}

static int cmd_track(int argc, char **argv)
{
    if (argc < 2 || argv[1][0] == '-')
    {
        if (argc >= 2 && (strcmp(argv[1], "--help") == 0 ||
                          strcmp(argv[1], "-h") == 0))
        {
            fputs(usage_track, stdout);
            return 0;
        }
        return hkz_cli_usage_error("track: missing family (cw or edge)");
    }
    if (strcmp(argv[1], "cw") == 0)
        return run_cw(argc - 1, argv + 1);
    if (strcmp(argv[1], "edge") == 0)
        return run_edge(argc - 1, argv + 1);
    return hkz_cli_usage_error("track: unknown family '%s' (cw or edge)",
                               argv[1]);
}

int hkz_cmd_track(int argc, char **argv)
{
    /* one exit code on every process (rank 0 decides what was written) */
    return hkz_cli_ly_agree(cmd_track(argc, argv));
}
