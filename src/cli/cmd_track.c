/* hkz track cw|edge: certified trajectories of Lee-Yang zeros in a
 * coupling t (spec 3.5) and the verifiers of spec 2.4-2.6. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"

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
    "--checkpoint saves the state every S steps per zero (default 32); "
    "--resume\ncontinues from it.\n";

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
    "disjointness of the trajectories (spec 2.5).\n";

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

/* Row layout shared by every record (CSV needs one header). */
static int row(hkz_writer_t *w, const char *record, slong j,
               const char *tlabel, const arb_struct *ta,
               const arb_struct *tb, const arb_struct *theta,
               const arb_struct *box, int dir, int certified,
               const char *verifier, const char *verdict, const char *note)
{
    hkz_field_t f[12];
    arb_struct r[4];
    const arb_struct *in[4];
    int s, k;
    /* print the meaningful digits only (rounding keeps the enclosure) */
    in[0] = ta;
    in[1] = tb;
    in[2] = theta != NULL && arb_is_finite(theta) ? theta : NULL;
    in[3] = box;
    for (k = 0; k < 4; k++)
    {
        arb_init(r + k);
        if (in[k] != NULL)
            arb_set_round(r + k, in[k], arb_is_exact(in[k]) ? 96
                          : FLINT_MAX(arb_rel_accuracy_bits(in[k]), 0) + 16);
    }
    f[0] = HKZ_FSTR("record", record);
    f[1] = HKZ_FINT("j", (long) j);
    f[2] = ta != NULL ? HKZ_FBALL("ta", r + 0) : HKZ_FSTR("ta", tlabel);
    f[3] = tb != NULL ? HKZ_FBALL("tb", r + 1) : HKZ_FSTR("tb", "");
    f[4] = in[2] != NULL ? HKZ_FBALL("theta", r + 2) : HKZ_FSTR("theta", "");
    f[5] = box != NULL ? HKZ_FBALL("box", r + 3) : HKZ_FSTR("box", "");
    f[6] = HKZ_FINT("dir", dir);
    f[7] = HKZ_FBOOL("certified", certified);
    f[8] = HKZ_FSTR("verifier", verifier);
    f[9] = HKZ_FSTR("verdict", verdict);
    f[10] = HKZ_FSTR("note", note);
    f[11] = HKZ_FINT("theta_rel_acc_bits",
                     theta != NULL && arb_is_finite(theta)
                     ? (long) FLINT_MAX(arb_rel_accuracy_bits(theta), -1)
                     : -1);
    s = hkz_writer_record(w, f, 12);
    for (k = 0; k < 4; k++)
        arb_clear(r + k);
    return s == HKZ_SUCCESS ? 0 : hkz_cli_fail(s);
}

static int meta(hkz_writer_t *w, const char *key, const char *value)
{
    return hkz_writer_meta(w, key, value) == HKZ_SUCCESS ? 0
           : hkz_cli_fail(HKZ_ERR_IO);
}

/* The tracking loop with optional checkpoints. */
static int track(hkz_ly_track_t tr, const track_args_t *a,
                 const hkz_ly_opts_t *o, int *status)
{
    slong every = 32;
    int rc;
    if (a->every != NULL &&
        (rc = hkz_cli_slong(&every, "--every", a->every, 1, WORD(1) << 30)))
        return rc;
    if (a->resume)
    {
        *status = hkz_ly_track_load(tr, a->checkpoint);
        if (*status != HKZ_SUCCESS)
            return hkz_cli_usage_error("--resume: %s", hkz_errmsg());
    }
    else
    {
        *status = hkz_ly_track_start(tr, o);
        if (*status != HKZ_SUCCESS)
            return hkz_cli_fail(*status);
    }
    for (;;)
    {
        *status = hkz_ly_track_run(tr, a->checkpoint != NULL ? every : 0, o);
        if (a->checkpoint != NULL)
        {
            int s = hkz_ly_track_save(tr, a->checkpoint);
            if (s != HKZ_SUCCESS)
                return hkz_cli_fail(s);
        }
        if (*status != HKZ_SUCCESS || hkz_ly_track_finished(tr))
            break;
    }
    if (*status != HKZ_SUCCESS && *status != HKZ_ERR_NOT_CERTIFIED)
        return hkz_cli_fail(*status);
    return 0;
}

/* step rows of every tracked zero */
static int steps_out(hkz_writer_t *w, const hkz_ly_track_t tr)
{
    slong i, k;
    int rc;
    for (i = 0; i < tr->j1 - tr->j0; i++)
        for (k = 0; k < tr->nsteps[i]; k++)
        {
            const hkz_ly_step_struct *s = tr->steps[i] + k;
            if ((rc = row(w, "step", tr->j0 + i + 1, "", &s->ta, &s->tb,
                          &s->theta_b, &s->box, s->dir, 1, "", "",
                          s->dir == 0 ? "monotonicity not certified on this "
                          "step" : "")))
                return rc;
        }
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
        (rc = hkz_cli_ball(t0, "--t0", a->s_t0, prec)) ||
        (rc = hkz_cli_ball(t1, "--t1", a->s_t1, prec)))
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

/* Sets up tr for zeros j0..j1-1 and tracks them. */
static int track_range(hkz_ly_track_t tr, int *have_tr, slong W,
                       hkz_ly_family_fn fn, void *param, const char *family,
                       const arb_t t0, const arb_t t1, slong j0, slong j1,
                       const track_args_t *a, const hkz_ly_opts_t *o,
                       int *status)
{
    *status = hkz_ly_track_init(tr, W, fn, param, "", t0, t1, j0, j1,
                                o->rel_bits);
    *have_tr = 1;
    if (*status != HKZ_SUCCESS)
        return hkz_cli_fail(*status);
    snprintf(tr->family, sizeof(tr->family), "%.120s", family);
    return track(tr, a, o, status);
}

/* Tracks zeros j0..j1-1 into tr.  Under mpiexec (issue 3) every rank
 * tracks its block of the indices (checkpoint FILE.rank<r>) and rank 0
 * gathers all of them into tr; the other ranks write nothing. */
static int track_zeros(hkz_ly_track_t tr, int *have_tr, slong W,
                       hkz_ly_family_fn fn, void *param, const char *family,
                       const arb_t t0, const arb_t t1, slong j0, slong j1,
                       const track_args_t *a, const hkz_ly_opts_t *o,
                       int *status)
{
#ifdef HKZ_CLI_MPI
    if (hkz_cli_mpi_size() > 1)
    {
        hkz_ly_track_t mine;
        track_args_t ra = *a;
        char ck[4096];
        slong lo, hi;
        int rc = 0, have_mine = 0;
        hkz_cli_mpi_block(&lo, &hi, j0, j1);
        if (a->checkpoint != NULL)
        {
            snprintf(ck, sizeof(ck), "%s.rank%d", a->checkpoint,
                     hkz_cli_mpi_rank());
            ra.checkpoint = ck;
        }
        if (lo < hi)
            rc = track_range(mine, &have_mine, W, fn, param, family, t0, t1,
                             lo, hi, &ra, o, status);
        if (rc == 0 && hkz_cli_mpi_rank() == 0)
        {
            *status = hkz_ly_track_init(tr, W, fn, param, family, t0, t1,
                                        j0, j1, o->rel_bits);
            *have_tr = 1;
            if (*status != HKZ_SUCCESS)
                rc = hkz_cli_fail(*status);
        }
        if ((rc = hkz_cli_mpi_agree(rc, 1)) == 0)
            rc = hkz_cli_mpi_track_gather(tr, have_mine ? mine : NULL,
                                          status);
        if (have_mine)
            hkz_ly_track_clear(mine);
        return rc;
    }
#endif
    return track_range(tr, have_tr, W, fn, param, family, t0, t1, j0, j1, a,
                       o, status);
}

/* Under MPI only rank 0 writes. */
static int writer_rank(void)
{
#ifdef HKZ_CLI_MPI
    return hkz_cli_mpi_rank() == 0;
#else
    return 1;
#endif
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
    hkz_ly_track_t tr;
    hkz_writer_t *w = NULL;
    slong N = 0, j0, j1, j;
    arb_t t0, t1, x;
    int rc, status = HKZ_SUCCESS, have_tr = 0, dec;
    char buf[160];

    memset(&a, 0, sizeof(a));
    arb_init(t0);
    arb_init(t1);
    arb_init(x);
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
    snprintf(buf, sizeof(buf), "cw N=%ld", (long) N);
    if ((rc = track_zeros(tr, &have_tr, N, hkz_ly_cw_family, &N, buf, t0, t1,
                          j0, j1, &a, &o, &status)) || !writer_rank())
        goto cleanup;
    if ((rc = hkz_cli_open(&w, &common, argc, argv)))
        goto cleanup;
    snprintf(buf, sizeof(buf), "%ld", (long) N);
    if ((rc = meta(w, "model", "Curie-Weiss K_N, coupling t per edge")) ||
        (rc = meta(w, "N", buf)) || (rc = meta(w, "t0", a.s_t0)) ||
        (rc = meta(w, "t1", a.s_t1)))
        goto cleanup;
    for (j = j0; j < j1; j++)
    {
        /* exact limits (spec 2.6): pi/2 and (2j-1) pi/(2N) */
        arb_const_pi(x, o.rel_bits + 64);
        arb_mul_2exp_si(x, x, -1);
        if ((rc = row(w, "limit", j + 1, "0+", NULL, NULL, x, NULL, 0, 1,
                      "", "", "all zeros tend to pi/2 (spec 2.6)")))
            goto cleanup;
        arb_const_pi(x, o.rel_bits + 64);
        arb_mul_si(x, x, 2 * j + 1, o.rel_bits + 64);
        arb_div_si(x, x, 2 * N, o.rel_bits + 64);
        if ((rc = row(w, "limit", j + 1, "inf", NULL, NULL, x, NULL, 0, 1,
                      "", "", "(2j-1) pi/(2N) (spec 2.6)")))
            goto cleanup;
    }
    if ((rc = steps_out(w, tr)))
        goto cleanup;
    dec = hkz_ly_track_all_decreasing(tr);
    snprintf(buf, sizeof(buf), "%s", dec ? "every tracked zero strictly "
             "decreases on [t0, t1]: dtheta/dt < 0 certified on every step"
             : status != HKZ_SUCCESS ? hkz_errmsg()
             : "some step without a certified negative direction");
    if ((rc = row(w, "verifier", 0, "", NULL, NULL, NULL, NULL, dec ? -1 : 0,
                  dec, "cw_decrease", dec ? "true" : "not certified", buf)))
        goto cleanup;
    rc = hkz_cli_finish(&w, HKZ_SUCCESS);
    if (rc == 0 && (status != HKZ_SUCCESS || !dec))
        rc = HKZ_CLI_EXIT_RUNTIME;
cleanup:
    hkz_writer_abort(&w);
    if (have_tr)
        hkz_ly_track_clear(tr);
    arb_clear(t0);
    arb_clear(t1);
    arb_clear(x);
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
    hkz_ly_track_t tr;
    hkz_ising_model_t m;
    hkz_ly_edge_family_t ef;
    hkz_ly_edge_ends_t ends;
    hkz_writer_t *w = NULL;
    slong u, v, e, W = 0, j0, j1, j, i, k;
    arb_t t0, t1;
    int rc, status = HKZ_SUCCESS, have_tr = 0, have_ef = 0, es, agree;
    char buf[256];

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
    status = hkz_ly_edge_family_init(ef, m, e);
    have_ef = 1;
    if (status != HKZ_SUCCESS)
    {
        rc = hkz_cli_usage_error("%s", hkz_errmsg());
        goto cleanup;
    }
    snprintf(buf, sizeof(buf), "edge %ld,%ld of %s", (long) u, (long) v,
             a.graph);
    if ((rc = track_zeros(tr, &have_tr, W, hkz_ly_edge_family, ef, buf, t0,
                          t1, j0, j1, &a, &o, &status)) || !writer_rank())
        goto cleanup;
    es = hkz_ly_edge_ends(ends, m, e, &o);
    if ((rc = hkz_cli_open(&w, &common, argc, argv)))
        goto cleanup;
    if ((rc = meta(w, "model", "graph, coupling t on one edge")) ||
        (rc = meta(w, "graph", a.graph)) || (rc = meta(w, "edge", a.edge)) ||
        (rc = meta(w, "t0", a.s_t0)) || (rc = meta(w, "t1", a.s_t1)))
        goto cleanup;
    for (j = j0; j < j1; j++)
    {
        if ((rc = row(w, "limit", j + 1, "0", NULL, NULL,
                      ends->ok0 ? ends->th0 + j : NULL, NULL, 0, ends->ok0,
                      "", "", "zero of G - e (spec 2.3)")) ||
            (rc = row(w, "limit", j + 1, "inf", NULL, NULL,
                      ends->okinf ? ends->thinf + j : NULL, NULL, 0,
                      ends->okinf, "", "", "zero of G/e, merged vertex "
                      "weight 2 (spec 2.3)")))
            goto cleanup;
    }
    if ((rc = steps_out(w, tr)))
        goto cleanup;
    /* direction: sign(theta(inf) - theta(0)) against every tracked step */
    agree = es == HKZ_SUCCESS && hkz_ly_track_finished(tr);
    for (i = 0; i < j1 - j0 && agree; i++)
    {
        agree = ends->dir[j0 + i] != 0 && tr->nsteps[i] > 0;
        for (k = 0; k < tr->nsteps[i] && agree; k++)
            agree = tr->steps[i][k].dir == ends->dir[j0 + i];
    }
    for (j = j0; j < j1; j++)
    {
        snprintf(buf, sizeof(buf), "sign(theta_j(inf) - theta_j(0)) = %s",
                 es != HKZ_SUCCESS || ends->dir[j] == 0 ? "undecided"
                 : ends->dir[j] > 0 ? "+ (increasing)" : "- (decreasing)");
        if ((rc = row(w, "verifier", j + 1, "", NULL, NULL, NULL, NULL,
                      es == HKZ_SUCCESS ? ends->dir[j] : 0,
                      es == HKZ_SUCCESS && ends->dir[j] != 0, "direction",
                      es == HKZ_SUCCESS && ends->dir[j] != 0 ? "true"
                      : "undecided", buf)))
            goto cleanup;
    }
    if ((rc = row(w, "verifier", 0, "", NULL, NULL, NULL, NULL, 0, agree,
                  "direction_tracked", agree ? "true" : "not certified",
                  agree ? "every certified step moves in the direction of "
                  "theta(inf) - theta(0) (spec 2.4)"
                  : "some step or endpoint undecided")))
        goto cleanup;
    snprintf(buf, sizeof(buf), "%s", es != HKZ_SUCCESS ? hkz_errmsg()
             : ends->disjoint == 1 ? "max I_j < min I_{j+1} for all j "
             "(strict)" : ends->disjoint == 2 ? "trajectories disjoint or "
             "touching only at t = 0 (G - e disconnected, weak form)"
             : "not shown");
    if ((rc = row(w, "verifier", 0, "", NULL, NULL, NULL, NULL, 0,
                  es == HKZ_SUCCESS && ends->disjoint != 0, "disjoint",
                  es != HKZ_SUCCESS ? "undecided" : ends->disjoint == 1
                  ? "strict" : ends->disjoint == 2 ? "weak" : "false",
                  buf)))
        goto cleanup;
    rc = hkz_cli_finish(&w, HKZ_SUCCESS);
    if (rc == 0 && status != HKZ_SUCCESS)
        rc = HKZ_CLI_EXIT_RUNTIME;
cleanup:
    hkz_writer_abort(&w);
    if (have_tr)
        hkz_ly_track_clear(tr);
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
    int rc = cmd_track(argc, argv);
#ifdef HKZ_CLI_MPI
    /* one exit code on every rank (rank 0 decides what was written) */
    rc = hkz_cli_mpi_agree(rc, 0);
#endif
    return rc;
}
